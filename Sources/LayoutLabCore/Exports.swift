// The session chooses among LabCore's layouts and scenes (`LabLayout`, `LabScene`): whoever
// uses the core uses them too.
@_exported import LabScenes
