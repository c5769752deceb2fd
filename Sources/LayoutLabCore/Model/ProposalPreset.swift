import PreviewProtocol

/// The device menu's entries under their first name: devices are `DeviceProfile`s now (screen,
/// safe area, size classes, display scale, keyboard), in `PreviewProtocol` so that the preview
/// agent and the command line share one catalog.
public typealias ProposalPreset = DeviceProfile
