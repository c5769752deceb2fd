// Seed 000 — "Creating custom layouts in SwiftUI" (Flow layout + AnyLayout switching).
//
// The seed's Swift code, verbatim. The seed declares `struct MyView` twice (a ScrollView of 150
// capsules, then the AnyLayout switcher); only the type names are changed, to `MyViewV1` and
// `MyViewV2`, so both versions coexist. `FlowLayout` is the seed's own (it shadows
// LayoutGallery.FlowLayout in this module). The tests are in Seed000Tests.swift.

import SwiftUI

// MARK: - Seed code (verbatim)

struct MyViewV1: View {

    var body: some View {
        ScrollView {
            FlowLayout {
                ForEach(0..<150, id: \.self) {
                    Text("\($0)")
                        .padding()
                        .background(.regularMaterial)
                        .clipShape(.capsule)
                }
            }
        }
    }
}

struct FlowLayout: Layout {

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let containerWidth = proposal.replacingUnspecifiedDimensions().width
        let idealViewSizes = subviews.map { $0.sizeThatFits(.unspecified) }

        return dryRun(
            containerWidth: containerWidth,
            viewSizes: idealViewSizes
        ).containerSize
    }
    
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let idealViewSizes = subviews.map { $0.sizeThatFits(.unspecified) }
        let viewOffsets = dryRun(
            containerWidth: bounds.width,
            viewSizes: idealViewSizes
        ).viewOffsets

        for (view, offset) in zip(subviews, viewOffsets) {
            view.place(
                at: .init(
                    x: bounds.minX + offset.x,
                    y: bounds.minY + offset.y
                ),
                proposal: .unspecified
            )
        }
    }

    private func dryRun(containerWidth: CGFloat, viewSizes: [CGSize]) -> (containerSize: CGSize, viewOffsets: [CGPoint]) {
        var containerSize: CGSize = .zero
        var viewOffsets: [CGPoint] = []

        var currentOffset: CGPoint = .zero
        var lineHeight: CGFloat = .zero

        for viewSize in viewSizes {
            if currentOffset.x + viewSize.width > containerWidth {
                currentOffset.x = 0
                currentOffset.y += lineHeight
                lineHeight = 0
            }
            viewOffsets.append(currentOffset)

            currentOffset.x += viewSize.width
            lineHeight = max(lineHeight, viewSize.height)

            containerSize.width = max(containerSize.width, currentOffset.x)
            containerSize.height = max(containerSize.height, currentOffset.y + lineHeight)
        }
        return (containerSize, viewOffsets)
    }
}

struct MyViewV2: View {

    @State private var layoutType: LayoutType = .hStack

    var body: some View {
        VStack {
            Picker("Layout Type", selection: $layoutType) {
                ForEach(LayoutType.allCases) {
                    Text($0.rawValue)
                }
            }
            .pickerStyle(.segmented)

            AnyLayout(layoutType.layout) {
                ForEach(0..<10, id: \.self) {
                    Text("\($0)")
                        .fixedSize()
                        .padding()
                        .background(.regularMaterial)
                        .clipShape(.capsule)
                }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)
            .animation(.default, value: layoutType)
        }
    }

    enum LayoutType: String, CaseIterable, Hashable, Identifiable {
        case hStack
        case vStack
        case zStack
        case flowLayout

        var layout: any Layout {
            switch self {
                case .hStack:
                    HStackLayout()
                case .vStack:
                    VStackLayout()
                case .zStack:
                    ZStackLayout()
                case .flowLayout:
                    FlowLayout()
            }
        }

        var id: Self { self }
    }
}

// MARK: - Supplied by the tests

extension MyViewV2 {
    /// The view with its `@State private var layoutType` set to `type` (as if the picker had
    /// been used). `State`'s setter is nonmutating and the property is visible in this file.
    static func with(_ type: LayoutType) -> MyViewV2 {
        let view = MyViewV2()
        view.layoutType = type
        return view
    }
}
