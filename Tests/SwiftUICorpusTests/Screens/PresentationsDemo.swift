import SwiftUI

struct PresentationsDemo: View {
    @State private var showSheet = false
    @State private var showCover = false
    @State private var showDialog = false
    @State private var showPopover = false

    var body: some View {
        VStack(spacing: 12) {
            Button("Show sheet") { showSheet = true }
            Button("Show full screen") { showCover = true }
            Button("Choose…") { showDialog = true }
            Button("Info") { showPopover = true }
                .popover(isPresented: $showPopover) {
                    Text("More information").padding()
                }
        }
        .buttonStyle(.bordered)
        .sheet(isPresented: $showSheet) {
            NavigationStack {
                Text("Sheet content")
                    .toolbar {
                        ToolbarItem(placement: .cancellationAction) {
                            Button("Close") { showSheet = false }
                        }
                    }
            }
        }
        .fullScreenCover(isPresented: $showCover) {
            Button("Dismiss") { showCover = false }
        }
        .confirmationDialog("Pick one", isPresented: $showDialog, titleVisibility: .visible) {
            Button("First") {}
            Button("Second") {}
            Button("Cancel", role: .cancel) {}
        }
    }
}

#Preview {
    PresentationsDemo()
}
