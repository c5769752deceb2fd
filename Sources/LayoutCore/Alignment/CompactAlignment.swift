import Foundation

/// An `Alignment` in 8 bytes without spare bits, for payloads stored in every view of a kind (a
/// fixed frame's): the nine edge and centre alignments by index (0…8), any other as the address
/// of a box kept for the process's lifetime (one per distinct alignment).
///
/// `Alignment` holds two guide keys of about 40 bytes each; a frame holding one needed a box of
/// its own in the view's kind (a heap object per frame, and a pointer to follow on every size
/// and placement). A plain integer rather than an enum of an index and a reference: the view's
/// kind then keeps its case in a byte of its own, which every `switch` on a kind reads at once
/// (with the case in the reference's spare bits, each switch first decoded them: about 10
/// instructions per view and pass).
struct CompactAlignment {
    /// 0…8: horizontal 0…2 (leading, centre, trailing) × 3 + vertical 0…2 (top, centre,
    /// bottom); otherwise a `Box`'s address.
    private let bits: UInt

    final class Box: @unchecked Sendable {
        let alignment: Alignment
        init(_ alignment: Alignment) { self.alignment = alignment }
    }

    /// The boxes of the alignments other than the nine, one per distinct alignment (by its two
    /// guides' keys), never freed, so a frame holds its box's address without a reference count.
    /// Alignments are pairs of alignment types, of which a program has a fixed set: the table
    /// stays as small as the program's distinct pairs, however many frames use them.
    private static let interned = Locked<[AlignmentPair: Box]>([:])
    private struct AlignmentPair: Hashable {
        let horizontal: AlignmentKey
        let vertical: AlignmentKey
    }

    private static func box(for alignment: Alignment) -> Box {
        let pair = AlignmentPair(horizontal: alignment.horizontal.key, vertical: alignment.vertical.key)
        return interned.withLock { interned in
            if let found = interned[pair] { return found }
            let box = Box(alignment)
            interned[pair] = box
            return box
        }
    }

    /// Alignment boxes made so far (for tests: one per distinct alignment).
    static var internedCount: Int {
        interned.withLock { $0.count }
    }

    init(_ alignment: Alignment) {
        let h = alignment.horizontal.key, v = alignment.vertical.key
        if h.isFrameAlignment, v.isFrameAlignment {
            bits = UInt(h.frameFraction * 2) * 3 + UInt(v.frameFraction * 2)
        } else {
            bits = UInt(bitPattern: Unmanaged.passUnretained(CompactAlignment.box(for: alignment)).toOpaque())
        }
    }

    /// The edge index (0…8), or nil for another alignment.
    @inline(__always) private var edgeIndex: UInt8? { bits < 9 ? UInt8(truncatingIfNeeded: bits) : nil }

    /// Whether this is one of the nine edge and centre alignments (`edgeOffset` answers).
    @inline(__always) var isEdges: Bool { bits < 9 }

    /// Where a child of `child`'s size, with no explicit guides, sits in a container of
    /// `container`'s size; nil for an alignment that is not an edge or the centre. The same
    /// arithmetic as the guides' defaults (leading and top exactly 0, the centre half of each
    /// length, trailing and bottom the whole), without materialising the alignment.
    @inline(__always) func edgeOffset(container: CGSize, child: CGSize) -> CGPoint? {
        guard let i = edgeIndex else { return nil }
        @inline(__always) func offset(_ k: UInt8, _ c: CGFloat, _ ch: CGFloat) -> CGFloat {
            k == 0 ? 0 : (k == 1 ? c * 0.5 - ch * 0.5 : c - ch)
        }
        return CGPoint(x: offset(i / 3, container.width, child.width), y: offset(i % 3, container.height, child.height))
    }

    var alignment: Alignment {
        if let i = edgeIndex {
            let horizontal: HorizontalAlignment = i / 3 == 0 ? .leading : (i / 3 == 1 ? .center : .trailing)
            let vertical: VerticalAlignment = i % 3 == 0 ? .top : (i % 3 == 1 ? .center : .bottom)
            return Alignment(horizontal: horizontal, vertical: vertical)
        }
        // A box of the intern table (or kept for ever): alive for the process's lifetime.
        return Unmanaged<Box>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue().alignment
    }
}
