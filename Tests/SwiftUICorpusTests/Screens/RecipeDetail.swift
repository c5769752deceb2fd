import SwiftUI

struct RecipeDetail: View {
    let title: String
    let minutes: Int
    let ingredients: [String]
    let steps: [String]

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 16) {
                Rectangle()
                    .fill(.orange.gradient)
                    .frame(height: 220)
                    .overlay(alignment: .bottomLeading) {
                        Text(title)
                            .font(.largeTitle.bold())
                            .foregroundStyle(.white)
                            .padding()
                    }
                HStack(spacing: 16) {
                    Label("\(minutes) min", systemImage: "clock")
                    Label("\(ingredients.count) ingredients", systemImage: "basket")
                }
                .font(.subheadline)
                .foregroundStyle(.secondary)
                .padding(.horizontal)

                VStack(alignment: .leading, spacing: 8) {
                    Text("Ingredients").font(.title3.bold())
                    ForEach(ingredients, id: \.self) { ingredient in
                        Label(ingredient, systemImage: "circle.fill")
                            .labelStyle(.titleAndIcon)
                    }
                }
                .padding(.horizontal)

                VStack(alignment: .leading, spacing: 12) {
                    Text("Method").font(.title3.bold())
                    ForEach(Array(steps.enumerated()), id: \.offset) { index, step in
                        HStack(alignment: .firstTextBaseline, spacing: 12) {
                            Text("\(index + 1)")
                                .font(.headline)
                                .frame(width: 24)
                            Text(step)
                        }
                    }
                }
                .padding(.horizontal)
            }
        }
        .ignoresSafeArea(edges: .top)
    }
}

#Preview {
    RecipeDetail(title: "Shakshuka", minutes: 30,
                 ingredients: ["Eggs", "Tomatoes", "Peppers", "Cumin"],
                 steps: ["Soften the peppers in olive oil.", "Add tomatoes and spices; simmer ten minutes.",
                         "Make wells and crack in the eggs; cover until set."])
}
