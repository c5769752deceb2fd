import SwiftUI

struct ProfileHeader: View {
    let name: String
    let handle: String
    let stats: [(label: String, value: Int)]

    var body: some View {
        VStack(spacing: 12) {
            Image(systemName: "person.crop.circle.fill")
                .resizable()
                .scaledToFit()
                .frame(width: 96, height: 96)
                .foregroundStyle(.secondary)
                .clipShape(Circle())
                .overlay(Circle().stroke(.white, lineWidth: 3))
                .shadow(radius: 4)
            VStack(spacing: 4) {
                Text(name)
                    .font(.title2)
                    .fontWeight(.semibold)
                Text(handle)
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
            }
            HStack(spacing: 32) {
                ForEach(stats, id: \.label) { stat in
                    VStack {
                        Text("\(stat.value)")
                            .font(.headline)
                        Text(stat.label)
                            .font(.caption)
                            .foregroundStyle(.secondary)
                    }
                }
            }
        }
        .padding()
        .frame(maxWidth: .infinity)
        .background(.thinMaterial, in: RoundedRectangle(cornerRadius: 16))
    }
}

#Preview {
    ProfileHeader(name: "Ada", handle: "@ada",
                  stats: [("Posts", 12), ("Followers", 340), ("Following", 56)])
        .padding()
}
