// The window's content and model live in GTK-free modules: the layout choices and scenes
// (`LabLayout`, `LabScene`, `LabParameters`) in LabScenes, the session and its actions, settings
// and the command line in LayoutLabCore. Packages that open the window see them here.
@_exported import LabScenes
@_exported import LayoutLabCore
