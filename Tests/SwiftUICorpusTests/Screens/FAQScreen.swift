import SwiftUI

struct FAQScreen: View {
    @State private var expanded: Set<Int> = [0]
    let questions = [
        ("Does it run on Linux?", "Yes. The engine needs Foundation only."),
        ("Is the layout exact?", "It follows SwiftUI's rules; text sizes depend on the fonts."),
    ]

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 12) {
                ForEach(questions.indices, id: \.self) { index in
                    DisclosureGroup(
                        isExpanded: Binding(
                            get: { expanded.contains(index) },
                            set: { isOpen in
                                if isOpen { expanded.insert(index) } else { expanded.remove(index) }
                            })
                    ) {
                        Text(questions[index].1)
                            .foregroundStyle(.secondary)
                            .frame(maxWidth: .infinity, alignment: .leading)
                            .padding(.top, 4)
                    } label: {
                        Text(questions[index].0).font(.headline)
                    }
                    Divider()
                }
            }
            .padding()
        }
    }
}

#Preview {
    FAQScreen()
}
