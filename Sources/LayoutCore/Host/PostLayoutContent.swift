import Foundation

/// Something the SwiftUI surface attaches to a view that is read after a pass: preference
/// writers, observers (`onPreferenceChange`) and readers (`overlayPreferenceValue`). The core
/// never looks inside; it lists the views that carry one when a tree is installed, lets a view
/// whose attachment `rebuildsContent` rebuild its children after a settled pass (as a
/// `GeometryReader` does), and hands the list to the host's `LayoutUpdateHook`.
package protocol PostLayoutAttachment: AnyObject {
    /// Whether `contentAfterPass` may replace this view's children.
    var rebuildsContent: Bool { get }
    /// New children for `node`, built from what the laid-out tree reports (`frames` are the
    /// pass's, by pre-order index), or nil when what it shows is current. `firstCheck` is true
    /// the first time a `layout` call asks (values that cannot be compared are built again then).
    func contentAfterPass(of node: LayoutNode, frames: [CGRect], firstCheck: Bool) -> [LayoutNode]?
}

/// What the host does after a layout whose content settled, as the surface's hook decides.
package enum LayoutUpdateStep {
    /// Nothing changed: the result stands.
    case settled
    /// State changed: install the tree this builds (called with the stack budget, as
    /// `replaceTree(building:)`'s closure is) and lay out again.
    case rebuild((_ stackBudget: Int) -> BuiltTree)
    /// The updates did not settle: the result stands, with this warning.
    case stopped(String)
}

/// The SwiftUI surface's update after a layout: runs what the laid-out views asked for
/// (`onPreferenceChange` actions) and says whether the views must be built again. SwiftUI runs
/// these actions after an update and updates again when they changed state, so the screen it
/// shows is the settled one; the host does the same within one `layout` call.
package protocol LayoutUpdateHook: AnyObject {
    /// Called after a settled pass with the views that carry attachments (pre-order) and the
    /// pass's frames; `updates` is how many times this `layout` call has built again already.
    func afterLayout(attached: [LayoutNode], frames: [CGRect], updates: Int) -> LayoutUpdateStep
}

extension LayoutHost {
    /// Rebuilds the content of the views whose attachments build it from the laid-out tree
    /// (pre-order; one inside content rebuilt in this round is skipped: it is gone). True when any did.
    static func updateDependentContent(_ views: [LayoutNode], frames: [CGRect], firstCheck: Bool,
                                       beforeChange: () -> Void) -> Bool {
        var changed = false
        var replaced = Set<ObjectIdentifier>()
        for view in views {
            var p = view.parent, stale = false
            while let q = p { if replaced.contains(ObjectIdentifier(q)) { stale = true; break }; p = q.parent }
            guard !stale, let attachment = view.postLayoutAttachment, attachment.rebuildsContent,
                  let content = attachment.contentAfterPass(of: view, frames: frames, firstCheck: firstCheck) else { continue }
            if !changed { beforeChange() }
            view.children = content
            replaced.insert(ObjectIdentifier(view))
            changed = true
        }
        return changed
    }
}
