import SwiftUI

// Screens people build with gestures: a card dragged anywhere, a swipeable card (a drag with `@GestureState`, thrown
// away past a distance or a flick), a sheet's handle dragged between two heights, a photo that
// pinches and turns, and a heart that fills on a long press. `layoutlab render --perform`
// operates them in GestureTests.

/// A stack of cards: drag the top one; let go past 100 points (or flick it) and it flies off to
/// that side and the next comes up; let go earlier and it springs back.
struct SwipeCards: View {
    @State private var cards = ["Lisbon", "Kyoto", "Oaxaca", "Tromsø"]
    @State private var liked: [String] = []
    @GestureState private var dragOffset = CGSize.zero

    var body: some View {
        VStack(spacing: 24) {
            ZStack {
                ForEach(Array(cards.enumerated().reversed()), id: \.element) { index, city in
                    card(city, isTop: index == 0)
                }
            }
            .frame(width: 280, height: 360)
            Text(liked.isEmpty ? "No likes yet" : "Liked: \(liked.joined(separator: ", "))")
                .font(.footnote)
                .id("liked")
            Text("\(cards.count) left").id("remaining")
        }
        .padding()
    }

    @ViewBuilder
    private func card(_ city: String, isTop: Bool) -> some View {
        let offset = isTop ? dragOffset : .zero
        RoundedRectangle(cornerRadius: 20)
            .fill(isTop ? Color.indigo : Color.gray.opacity(0.4))
            .overlay(alignment: .bottomLeading) {
                Text(city).font(.title.bold()).foregroundStyle(.white).padding()
            }
            .frame(width: 260, height: 340)
            .offset(offset)
            .rotationEffect(.degrees(Double(offset.width) / 20))
            .gesture(swipe(city), including: isTop ? .all : .subviews)
            .id(isTop ? "card" : "card-\(city)")
    }

    private func swipe(_ city: String) -> some Gesture {
        DragGesture()
            .updating($dragOffset) { value, state, _ in state = value.translation }
            .onEnded { value in
                let throwDistance = value.predictedEndTranslation.width
                guard abs(value.translation.width) > 100 || abs(throwDistance) > 240 else { return }
                withAnimation(.spring(response: 0.35, dampingFraction: 0.8)) {
                    if throwDistance > 0 { liked.append(city) }
                    cards.removeAll { $0 == city }
                }
            }
    }
}

/// A bottom sheet whose grabber is dragged: it follows the finger, then settles at the nearer
/// of two heights (collapsed 120, expanded 420).
struct DraggableSheet: View {
    @State private var expanded = false
    @GestureState private var drag: CGFloat = 0

    var body: some View {
        let base: CGFloat = expanded ? 420 : 120
        ZStack(alignment: .bottom) {
            Color(white: 0.92).ignoresSafeArea()
            VStack(spacing: 12) {
                Capsule().fill(Color.secondary).frame(width: 40, height: 5)
                    .padding(.vertical, 10)
                    .frame(maxWidth: .infinity)
                    .contentShape(Rectangle())
                    .gesture(
                        DragGesture()
                            .updating($drag) { value, state, _ in state = value.translation.height }
                            .onEnded { value in
                                let height = base - value.predictedEndTranslation.height
                                withAnimation(.snappy) { expanded = height > 270 }
                            }
                    )
                    .id("grabber")
                Text(expanded ? "Expanded" : "Collapsed").font(.headline).id("sheet-state")
                Spacer(minLength: 0)
            }
            .frame(height: max(60, base - drag))
            .frame(maxWidth: .infinity)
            .background(.white, in: RoundedRectangle(cornerRadius: 16))
            .id("sheet")
        }
    }
}

/// A photo you pinch to zoom and turn with two fingers (Ctrl+wheel and Ctrl+Shift+wheel with a
/// mouse); a double tap resets it.
struct PinchPhoto: View {
    @State private var scale: CGFloat = 1
    @State private var angle = Angle.zero
    @GestureState private var pinch: CGFloat = 1
    @GestureState private var twist = Angle.zero

    var body: some View {
        VStack(spacing: 16) {
            RoundedRectangle(cornerRadius: 8)
                .fill(LinearGradient(colors: [.orange, .pink], startPoint: .topLeading, endPoint: .bottomTrailing))
                .frame(width: 160, height: 120)
                .scaleEffect(scale * pinch)
                .rotationEffect(angle + twist)
                .gesture(
                    MagnifyGesture()
                        .updating($pinch) { value, state, _ in state = value.magnification }
                        .onEnded { scale = min(max(scale * $0.magnification, 0.5), 4) }
                        .simultaneously(with: RotateGesture()
                            .updating($twist) { value, state, _ in state = value.rotation }
                            .onEnded { angle += $0.rotation })
                )
                .onTapGesture(count: 2) {
                    withAnimation { scale = 1; angle = .zero }
                }
                .id("photo")
                .frame(width: 360, height: 360)
            Text("Zoom \(Int((scale * 100).rounded()))% · \(Int(angle.degrees.rounded()))°").id("zoom")
        }
    }
}

/// A heart that fills when held half a second (and pulses while pressed).
struct HoldToLike: View {
    @State private var liked = false
    @State private var pressing = false

    var body: some View {
        VStack(spacing: 8) {
            Image(systemName: liked ? "heart.fill" : "heart")
                .font(.system(size: 48))
                .foregroundStyle(liked ? .red : .secondary)
                .scaleEffect(pressing ? 1.2 : 1)
                .onLongPressGesture(minimumDuration: 0.5) {
                    liked.toggle()
                } onPressingChanged: { isPressing in
                    withAnimation(.easeOut(duration: 0.2)) { pressing = isPressing }
                }
                .id("heart")
            Text(liked ? "Liked" : "Hold to like").id("like-state")
        }
    }
}

/// A card you can put anywhere: it follows the drag and stays where it is dropped.
struct MovableCard: View {
    @State private var position = CGSize.zero
    @GestureState private var dragOffset = CGSize.zero

    var body: some View {
        RoundedRectangle(cornerRadius: 16)
            .fill(Color.teal)
            .frame(width: 160, height: 100)
            .overlay { Text("Drag me").foregroundStyle(.white) }
            .id("card")
            .offset(x: position.width + dragOffset.width, y: position.height + dragOffset.height)
            .gesture(
                DragGesture()
                    .updating($dragOffset) { value, state, _ in state = value.translation }
                    .onEnded { value in
                        position.width += value.translation.width
                        position.height += value.translation.height
                    }
            )
    }
}

#Preview("Movable card") { MovableCard() }
#Preview("Swipe cards") { SwipeCards() }
#Preview("Sheet") { DraggableSheet() }
#Preview("Pinch photo") { PinchPhoto() }
#Preview("Hold to like") { HoldToLike() }
