import Foundation

// Prints a case as SwiftUI code: a reproducer to paste into a test (`import SwiftUI`,
// `import LayoutGallery`, and `import LayoutFuzzing` for `MisbehavingLayout`).

extension FuzzCase {
    /// The case as SwiftUI code: the view, and the call that lays it out.
    public var swiftUICode: String {
        """
        let view = \(view.swiftUICode(indent: 0))
        let result = LayoutHost(view).layout(proposal: ProposedViewSize(width: \(formatted(width)), height: \(formatted(height))))
        """
    }
}

func number(_ v: Double?) -> String { formatted(v) }

func integer(_ n: Int) -> String {
    n == .max ? "Int.max" : n == .min ? "Int.min" : String(n)
}

func quoted(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20 || (0x200B...0x200F).contains(scalar.value) || (0x300...0x36F).contains(scalar.value):
            out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

extension FuzzView {
    /// The view as SwiftUI code, indented by `indent` levels after the first line.
    public func swiftUICode(indent: Int) -> String {
        let pad = String(repeating: "    ", count: indent + 1)
        let close = String(repeating: "    ", count: indent)
        func block(_ head: String, _ kids: [FuzzView]) -> String {
            if kids.isEmpty { return "\(head) {}" }
            return "\(head) {\n" + kids.map { pad + $0.swiftUICode(indent: indent + 1) }.joined(separator: "\n") + "\n\(close)}"
        }
        switch self {
        case .text(let s, let n, let size):
            let string = n > 1 ? "String(repeating: \(quoted(s)), count: \(n))" : quoted(s)
            return "Text(\(string))" + (size.map { ".font(.system(size: \(number($0))))" } ?? "")
        case .color(let i): return "Color\(Choices.pick(Choices.colors, i).1)"
        case .shape(let i, let r):
            return ["Rectangle()", "Circle()", "Capsule()", "RoundedRectangle(cornerRadius: \(number(r)))", "Ellipse()"][((i % 5) + 5) % 5]
        case .spacer(let m): return m.map { "Spacer(minLength: \(number($0)))" } ?? "Spacer()"
        case .divider: return "Divider()"
        case .image(let i):
            switch ((i % 3) + 3) % 3 {
            case 0: return "Image(systemName: \(quoted(Choices.pick(Choices.systemImages, i))))"
            case 1: return "Image(\(quoted("fuzz-unregistered-\(i)")))"
            default: return "Image(systemName: \(quoted(Choices.pick(Choices.systemImages, i)))).resizable()"
            }
        case .container(let c, let kids):
            return block(c.swiftUIHead, kids)
        case .grid(let h, let v, let rows):
            return block("Grid(horizontalSpacing: \(number(h)), verticalSpacing: \(number(v)))", rows)
        case .gridRow(let a, let cells):
            return block(a.map { "GridRow(alignment: \(Choices.pick(Choices.verticalAlignments, $0).1))" } ?? "GridRow", cells)
        case .layered(let p, let s, let overlay, let a):
            return p.swiftUICode(indent: indent) + "\n\(close).\(overlay ? "overlay" : "background")(alignment: \(Choices.pick(Choices.alignments, a).1)) {\n"
                + pad + s.swiftUICode(indent: indent + 1) + "\n\(close)}"
        case .modified(let inner, let m):
            return inner.swiftUICode(indent: indent) + "\n\(close)" + m.swiftUICode
        }
    }
}

extension FuzzContainer {
    /// The container's opening as SwiftUI code (before its content's braces).
    var swiftUIHead: String {
        switch self {
        case .hStack(let a, let s): return "HStack(alignment: \(Choices.pick(Choices.verticalAlignments, a).1), spacing: \(number(s)))"
        case .vStack(let a, let s): return "VStack(alignment: \(Choices.pick(Choices.horizontalAlignments, a).1), spacing: \(number(s)))"
        case .zStack(let a): return "ZStack(alignment: \(Choices.pick(Choices.alignments, a).1))"
        case .viewThatFits(let axes): return "ViewThatFits(in: \(Choices.pick(Choices.axes, axes).1))"
        case .scrollView(let axes): return "ScrollView(\(Choices.pick(Choices.axes, axes).1))"
        case .anyLayout(let kind, let s):
            return ["AnyLayout(HStackLayout(spacing: \(number(s))))", "AnyLayout(VStackLayout(spacing: \(number(s))))", "AnyLayout(ZStackLayout())",
                    "AnyLayout(GridLayout(horizontalSpacing: \(number(s)), verticalSpacing: \(number(s))))"][((kind % 4) + 4) % 4]
        case .flow(let a, let s, let ls):
            return "FlowLayout(alignment: \(Choices.pick(Choices.horizontalAlignments, a).1), spacing: \(number(s)), lineSpacing: \(number(ls)))"
        case .radial(let r, let f): return "RadialLayout(rotation: .degrees(\(number(r))), radiusFraction: \(number(f)))"
        case .equalWidth(let h, let s): return "\(h ? "EqualWidthHStack" : "EqualWidthVStack")(spacing: \(number(s)))"
        case .misbehaving(let b): return "MisbehavingLayout(.\(behaviourCode(b)))"
        }
    }
}

private func behaviourCode(_ b: MisbehavingLayout.Behaviour) -> String {
    switch b {
    case .reportsSize(let w, let h): return "reportsSize(width: \(number(w)), height: \(number(h)))"
    case .placesNothing: return "placesNothing"
    case .placesTwice: return "placesTwice"
    case .proposes(let w, let h): return "proposes(width: \(number(w)), height: \(number(h)))"
    case .placesAt(let x, let y): return "placesAt(x: \(number(x)), y: \(number(y)))"
    }
}

extension FuzzModifier {
    /// The modifier as SwiftUI code (starting with the dot).
    var swiftUICode: String {
        switch self {
        case .frame(let w, let h, let a): return ".frame(width: \(number(w)), height: \(number(h)), alignment: \(Choices.pick(Choices.alignments, a).1))"
        case .flexibleFrame(let a, let b, let c, let d, let e, let f, let al):
            return ".frame(minWidth: \(number(a)), idealWidth: \(number(b)), maxWidth: \(number(c)), minHeight: \(number(d)), idealHeight: \(number(e)), maxHeight: \(number(f)), alignment: \(Choices.pick(Choices.alignments, al).1))"
        case .padding(let e, let l): return ".padding(\(Choices.pick(Choices.edges, e).1), \(number(l)))"
        case .offset(let x, let y): return ".offset(x: \(number(x)), y: \(number(y)))"
        case .position(let x, let y): return ".position(x: \(number(x)), y: \(number(y)))"
        case .aspectRatio(let r, let fill): return ".aspectRatio(\(number(r)), contentMode: \(fill ? ".fill" : ".fit"))"
        case .fixedSize(let h, let v): return ".fixedSize(horizontal: \(h), vertical: \(v))"
        case .layoutPriority(let p): return ".layoutPriority(\(number(p)))"
        case .horizontalGuide(let a, let v, let rel):
            return ".alignmentGuide(HorizontalAlignment\(Choices.pick(Choices.horizontalAlignments, a).1)) { \(rel ? "d in d.width * \(number(v))" : "_ in \(number(v))") }"
        case .verticalGuide(let a, let v, let rel):
            return ".alignmentGuide(VerticalAlignment\(Choices.pick(Choices.verticalAlignments, a).1)) { \(rel ? "d in d.height * \(number(v))" : "_ in \(number(v))") }"
        case .gridCellColumns(let n): return ".gridCellColumns(\(integer(n)))"
        case .id(let n): return ".id(\"v\(n)\")"
        case .zIndex(let z): return ".zIndex(\(number(z)))"
        case .radialRank(let r): return ".radialRank(\(integer(r)))"
        case .font(let s): return ".font(.system(size: \(number(s))))"
        }
    }
}
