// An example to preview: `layoutlab preview ContentView.swift`. Edit a number and save: the
// window rebuilds it and the views glide to their new places.
import SwiftUI

/// Lays its subviews out in rows, wrapping when a row is full (a "tag cloud").
struct TagCloud: Layout {
    var spacing: CGFloat = 8

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let width = proposal.replacingUnspecifiedDimensions().width
        let rows = arrange(subviews, in: width)
        let height = rows.last.map { $0.y + $0.height } ?? 0
        return CGSize(width: rows.map(\.width).max() ?? 0, height: height)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        for row in arrange(subviews, in: bounds.width) {
            var x = bounds.minX
            for index in row.indices {
                let size = subviews[index].sizeThatFits(.unspecified)
                subviews[index].place(at: CGPoint(x: x, y: bounds.minY + row.y), proposal: ProposedViewSize(size))
                x += size.width + spacing
            }
        }
    }

    private struct Row { var indices: [Int] = []; var y: CGFloat = 0; var width: CGFloat = 0; var height: CGFloat = 0 }

    private func arrange(_ subviews: Subviews, in width: CGFloat) -> [Row] {
        var rows = [Row()]
        for index in subviews.indices {
            let size = subviews[index].sizeThatFits(.unspecified)
            if !rows[rows.count - 1].indices.isEmpty, rows[rows.count - 1].width + spacing + size.width > width {
                let last = rows[rows.count - 1]
                rows.append(Row(y: last.y + last.height + spacing))
            }
            let gap = rows[rows.count - 1].indices.isEmpty ? 0 : spacing
            rows[rows.count - 1].indices.append(index)
            rows[rows.count - 1].width += gap + size.width
            rows[rows.count - 1].height = max(rows[rows.count - 1].height, size.height)
        }
        return rows
    }
}

struct ProfileHeader: View {
    var name = "Ada Lovelace"
    var tags = ["Swift", "Layout", "Linux", "GTK", "Previews", "Cairo", "Pango"]

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            HStack(spacing: 12) {
                Circle().fill(.blue).frame(width: 56, height: 56).id("avatar")
                VStack(alignment: .leading, spacing: 2) {
                    Text(name).font(.headline).id("name")
                    Text("Analytical engines").font(.subheadline).foregroundStyle(.secondary)
                }
                Spacer()
            }
            TagCloud(spacing: 6) {
                ForEach(tags, id: \.self) { tag in
                    Text(tag).font(.caption).padding(.horizontal, 10).padding(.vertical, 4)
                        .background(.blue.opacity(0.15), in: Capsule())
                }
            }
        }
        .padding()
    }
}

#Preview("Profile") {
    ProfileHeader()
}

#Preview("Compact", traits: .fixedLayout(width: 240, height: 300)) {
    ProfileHeader(tags: ["A", "B", "C"])
}

struct ProfileHeader_Previews: PreviewProvider {
    static var previews: some View {
        ProfileHeader(name: "Grace Hopper")
            .previewLayout(.sizeThatFits)
            .previewDisplayName("Fits")
    }
}
