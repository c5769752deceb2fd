import SwiftUI

struct PinnedSections: View {
    let sections = [("A", ["Anna", "Arlo"]), ("B", ["Bea", "Bruno", "Bianca"]), ("C", ["Cleo"])]

    var body: some View {
        ScrollView {
            LazyVStack(alignment: .leading, spacing: 0, pinnedViews: [.sectionHeaders]) {
                ForEach(sections, id: \.0) { letter, names in
                    Section {
                        ForEach(names, id: \.self) { name in
                            Text(name)
                                .padding(.horizontal)
                                .frame(maxWidth: .infinity, minHeight: 44, alignment: .leading)
                            Divider().padding(.leading)
                        }
                    } header: {
                        Text(letter)
                            .font(.headline)
                            .padding(.horizontal)
                            .frame(maxWidth: .infinity, minHeight: 28, alignment: .leading)
                            .background(.ultraThinMaterial)
                    }
                }
            }
        }
    }
}

#Preview {
    PinnedSections()
}
