import SwiftUI
import Observation

@Observable
final class CounterModel {
    var count = 0
    var step = 1
    var history: [Int] = []

    func increment() {
        count += step
        history.append(count)
    }
}

struct CounterControls: View {
    @Environment(CounterModel.self) private var model

    var body: some View {
        @Bindable var model = model
        VStack(spacing: 16) {
            Text("\(model.count)")
                .font(.system(size: 56, weight: .bold, design: .rounded))
                .contentTransition(.numericText())
            Stepper("Step: \(model.step)", value: $model.step, in: 1...10)
            Button("Increment", action: model.increment)
                .buttonStyle(.bordered)
        }
    }
}

struct CounterWithModel: View {
    @State private var model = CounterModel()

    var body: some View {
        VStack {
            CounterControls()
            Text("\(model.history.count) changes")
                .font(.footnote)
                .foregroundStyle(.secondary)
        }
        .padding()
        .environment(model)
    }
}

#Preview {
    CounterWithModel()
}
