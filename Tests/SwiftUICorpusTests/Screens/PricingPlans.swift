import SwiftUI

struct Plan: Identifiable {
    let id: String
    let price: String
    let features: [String]
    var isRecommended = false
}

struct PlanCard: View {
    let plan: Plan

    var body: some View {
        VStack(alignment: .leading, spacing: 10) {
            Text(plan.id).font(.headline)
            Text(plan.price).font(.title.bold())
            Divider()
            ForEach(plan.features, id: \.self) { feature in
                Label(feature, systemImage: "checkmark")
                    .font(.footnote)
            }
            Spacer(minLength: 0)
        }
        .padding()
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .background(RoundedRectangle(cornerRadius: 14).strokeBorder(plan.isRecommended ? Color.accentColor : .gray.opacity(0.3), lineWidth: 2))
    }
}

struct PricingPlans: View {
    let plans = [
        Plan(id: "Free", price: "€0", features: ["1 project"]),
        Plan(id: "Pro", price: "€8", features: ["Unlimited projects", "Exports", "Priority support"], isRecommended: true),
    ]

    var body: some View {
        HStack(alignment: .top, spacing: 12) {
            ForEach(plans) { plan in
                PlanCard(plan: plan)
            }
        }
        .fixedSize(horizontal: false, vertical: true)
        .padding()
    }
}

#Preview {
    PricingPlans()
}
