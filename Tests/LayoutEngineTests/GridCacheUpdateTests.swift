import Foundation
import Testing
@testable import LayoutCore
@testable import SwiftUI

/// A Grid whose cell changed keeps its rows, columns and gaps (`GridLayout.updateCache`) and
/// forgets only what it computed from the cells' sizes; a change to what the structure is made
/// of (a span, a row, an alignment, the spacing) makes it again. Either way the frames are a
/// fresh host's.
@Suite("Grid cache updates")
struct GridCacheUpdateTests {
    static func grid(width w: CGFloat = 10, span: Int = 1, alignment: HorizontalAlignment? = nil, spacing: CGFloat? = 1) -> some View {
        Grid(horizontalSpacing: spacing, verticalSpacing: spacing) {
            ForEach(0..<4) { r in
                GridRow {
                    ForEach(0..<5) { c in
                        Color.orange.frame(width: r == 2 && c == 3 ? w : 10, height: 10)
                            .gridCellColumns(r == 1 && c == 0 ? span : 1)
                            .gridColumnAlignment(r == 0 && c == 4 ? (alignment ?? .center) : .center)
                            .id(r * 10 + c)
                    }
                }
            }
        }
    }

    /// The grid's cache and the address of its cell list (the same list when it was kept).
    static func gridCache(_ host: LayoutHost) throws -> (cache: GridLayout.Cache, cells: UnsafeRawPointer?) {
        let storage = try #require(host.tree.nodes.lazy.compactMap { node -> ConcreteLayoutStorage<GridLayout>? in
            if case .layout(let s) = node.kind { return s as? ConcreteLayoutStorage<GridLayout> }
            return nil
        }.first)
        let cache = try #require(storage.cache)
        return (cache, cache.cells.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) })
    }

    static func frames(_ host: LayoutHost) -> [CGRect] { host.layout(in: CGSize(width: 200, height: 200)).frames }

    @Test func aCellThatChangesSizeKeepsTheStructure() throws {
        let host = LayoutHost(Self.grid(width: 10))
        _ = Self.frames(host)
        let before = try Self.gridCache(host)
        // The replacement stands for the whole cell, its grid traits included.
        let cell = Color.orange.frame(width: 25, height: 10).gridCellColumns(1).gridColumnAlignment(.center)
        #expect(try host.replaceView(id: 23, with: cell) == .patchedInPlace)
        let frames = Self.frames(host)
        let after = try Self.gridCache(host)
        #expect(after.cells == before.cells, "the cell list was made again")
        #expect(frames == Self.frames(LayoutHost(Self.grid(width: 25))))
        // The column grew: the cells right of it moved.
        #expect(frames != Self.frames(LayoutHost(Self.grid(width: 10))))
    }

    @Test(arguments: [(3, HorizontalAlignment?.none), (1, HorizontalAlignment?.some(.trailing))])
    func aChangedSpanOrAlignmentMakesTheStructureAgain(span: Int, alignment: HorizontalAlignment?) throws {
        let host = LayoutHost(Self.grid())
        _ = Self.frames(host)
        let before = try Self.gridCache(host)
        host.setRoot(Self.grid(span: span, alignment: alignment))
        let frames = Self.frames(host)
        let after = try Self.gridCache(host)
        #expect(after.cells != before.cells, "the cell list was kept")
        #expect(frames == Self.frames(LayoutHost(Self.grid(span: span, alignment: alignment))))
    }

    @Test func aGridWhoseSpacingComesFromItsCellsMakesItAgainEveryTime() throws {
        let host = LayoutHost(Self.grid(spacing: nil))
        _ = Self.frames(host)
        let before = try Self.gridCache(host)
        let cell = Color.orange.frame(width: 25, height: 10).gridCellColumns(1).gridColumnAlignment(.center)
        #expect(try host.replaceView(id: 23, with: cell) == .patchedInPlace)
        let frames = Self.frames(host)
        #expect(try Self.gridCache(host).cells != before.cells, "the cell list was kept")
        #expect(frames == Self.frames(LayoutHost(Self.grid(width: 25, spacing: nil))))
    }

    @Test func aRowAddedOrRemovedMakesTheStructureAgain() throws {
        func rows(_ n: Int) -> some View {
            Grid(horizontalSpacing: 2, verticalSpacing: 2) {
                ForEach(0..<n) { r in GridRow { Color.red.frame(width: 10, height: 10); Color.blue.frame(width: 10, height: 10) } }
                Color.green.frame(height: 4)
            }
        }
        let host = LayoutHost(rows(3))
        _ = Self.frames(host)
        let three = try Self.gridCache(host)
        host.setRoot(rows(2))
        let frames = Self.frames(host)
        #expect(try Self.gridCache(host).cache.rowCount == 3 && three.cache.rowCount == 4)
        #expect(frames == Self.frames(LayoutHost(rows(2))))
    }
}
