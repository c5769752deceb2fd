@_exported import LayoutEngine
