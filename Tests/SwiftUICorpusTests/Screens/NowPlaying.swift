import SwiftUI

struct NowPlaying: View {
    @State private var progress = 0.35
    @State private var isPlaying = true
    @State private var volume = 0.6

    var body: some View {
        VStack(spacing: 24) {
            RoundedRectangle(cornerRadius: 20)
                .fill(.purple.gradient)
                .aspectRatio(1, contentMode: .fit)
                .shadow(color: .black.opacity(0.2), radius: 12, y: 8)
            VStack(alignment: .leading, spacing: 4) {
                Text("Midnight City")
                    .font(.title2.bold())
                Text("M83")
                    .foregroundStyle(.secondary)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            VStack(spacing: 4) {
                Slider(value: $progress)
                HStack {
                    Text("1:24")
                    Spacer()
                    Text("-2:39")
                }
                .font(.caption.monospacedDigit())
                .foregroundStyle(.secondary)
            }
            HStack(spacing: 40) {
                Button {} label: { Image(systemName: "backward.fill") }
                Button { isPlaying.toggle() } label: {
                    Image(systemName: isPlaying ? "pause.fill" : "play.fill")
                        .font(.largeTitle)
                }
                Button {} label: { Image(systemName: "forward.fill") }
            }
            .font(.title)
            .buttonStyle(.plain)
            HStack {
                Image(systemName: "speaker.fill")
                Slider(value: $volume, in: 0...1)
                Image(systemName: "speaker.wave.3.fill")
            }
            .foregroundStyle(.secondary)
        }
        .padding(32)
    }
}

#Preview {
    NowPlaying()
}
