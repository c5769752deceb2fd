import SwiftUI

struct Forecast: Identifiable {
    let id: String
    let symbol: String
    let high: Int
}

struct WeatherCard: View {
    let city: String
    let temperature: Int
    let forecast: [Forecast]

    var body: some View {
        ZStack(alignment: .topLeading) {
            LinearGradient(colors: [.blue, .cyan], startPoint: .top, endPoint: .bottom)
            VStack(alignment: .leading, spacing: 16) {
                VStack(alignment: .leading) {
                    Text(city)
                        .font(.title3.weight(.medium))
                    Text("\(temperature)°")
                        .font(.system(size: 64, weight: .thin))
                }
                HStack {
                    ForEach(forecast) { day in
                        VStack(spacing: 6) {
                            Text(day.id).font(.caption)
                            Image(systemName: day.symbol)
                                .symbolRenderingMode(.multicolor)
                            Text("\(day.high)°").font(.callout)
                        }
                        .frame(maxWidth: .infinity)
                    }
                }
            }
            .padding(20)
            .foregroundStyle(.white)
        }
        .frame(height: 240)
        .clipShape(RoundedRectangle(cornerRadius: 24, style: .continuous))
    }
}

#Preview {
    WeatherCard(city: "Lisbon", temperature: 21, forecast: [
        Forecast(id: "Mon", symbol: "sun.max.fill", high: 23),
        Forecast(id: "Tue", symbol: "cloud.sun.fill", high: 20),
        Forecast(id: "Wed", symbol: "cloud.rain.fill", high: 17),
        Forecast(id: "Thu", symbol: "sun.max.fill", high: 24),
    ])
    .padding()
}
