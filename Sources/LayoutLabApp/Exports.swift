// The window's layout choices and scenes (`LabLayout`, `LabScene`, `LabParameters`) live in the
// GTK-free LabCore module; packages that open the window with their own content see them here.
@_exported import LabCore
