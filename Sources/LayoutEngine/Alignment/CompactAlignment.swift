import Foundation

/// An `Alignment` in 9 bytes, for payloads stored in every view of a kind (a fixed frame's):
/// the nine edge and centre alignments by index, any other in a shared box.
///
/// `Alignment` holds two guide keys of about 40 bytes each; a frame holding one needed a box of
/// its own in the view's kind (a heap object per frame, and a pointer to follow on every size
/// and placement).
enum CompactAlignment {
    /// Horizontal 0…2 (leading, centre, trailing) × 3 + vertical 0…2 (top, centre, bottom).
    case edges(UInt8)
    case other(Box)

    final class Box: @unchecked Sendable {
        let alignment: Alignment
        init(_ alignment: Alignment) { self.alignment = alignment }
    }

    init(_ alignment: Alignment) {
        let h = alignment.horizontal.key, v = alignment.vertical.key
        if h.isFrameAlignment, v.isFrameAlignment {
            self = .edges(UInt8(h.frameFraction * 2) * 3 + UInt8(v.frameFraction * 2))
        } else {
            self = .other(Box(alignment))
        }
    }

    /// Whether this is one of the nine edge and centre alignments (`edgeOffset` answers).
    @inline(__always) var isEdges: Bool {
        if case .edges = self { return true }
        return false
    }

    /// Where a child of `child`'s size, with no explicit guides, sits in a container of
    /// `container`'s size; nil for an alignment that is not an edge or the centre. The same
    /// arithmetic as the guides' defaults (leading and top exactly 0, the centre half of each
    /// length, trailing and bottom the whole), without materialising the alignment.
    @inline(__always) func edgeOffset(container: CGSize, child: CGSize) -> CGPoint? {
        guard case .edges(let i) = self else { return nil }
        @inline(__always) func offset(_ k: UInt8, _ c: CGFloat, _ ch: CGFloat) -> CGFloat {
            k == 0 ? 0 : (k == 1 ? c * 0.5 - ch * 0.5 : c - ch)
        }
        return CGPoint(x: offset(i / 3, container.width, child.width), y: offset(i % 3, container.height, child.height))
    }

    var alignment: Alignment {
        switch self {
        case .edges(let i):
            let horizontal: HorizontalAlignment = i / 3 == 0 ? .leading : (i / 3 == 1 ? .center : .trailing)
            let vertical: VerticalAlignment = i % 3 == 0 ? .top : (i % 3 == 1 ? .center : .bottom)
            return Alignment(horizontal: horizontal, vertical: vertical)
        case .other(let box):
            return box.alignment
        }
    }
}
