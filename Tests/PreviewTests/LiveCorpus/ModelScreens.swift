import SwiftUI
import Observation

// Screens whose state lives in a parent or a model: a child writing through `@Binding` into
// an array of structs (WWDC22's pets), an `@Observable` model, and an `ObservableObject` with
// `@Published` properties. `layoutlab render --perform` operates them in PerformTests.

// MARK: - Pets: bindings into an array

struct Pet: Identifiable, Equatable {
    var type: String
    var color: Color
    var votes: Int = 0
    var id: String { type }
}

/// The vote buttons, as WWDC22's `ButtonStack`: in a row if they fit, else in a column.
struct ButtonStack: View {
    @Binding var pets: [Pet]

    var body: some View {
        ViewThatFits {
            HStack(spacing: 10) { Buttons(pets: $pets) }
            VStack(spacing: 10) { Buttons(pets: $pets) }
        }
    }
}

struct Buttons: View {
    @Binding var pets: [Pet]

    var body: some View {
        ForEach($pets) { $pet in
            Button {
                pet.votes += 1
            } label: {
                Text(pet.type)
                    .frame(maxWidth: .infinity)
            }
            .buttonStyle(.bordered)
            .id("vote-\(pet.type)")
        }
    }
}

/// The ranking: most votes first; a tie keeps the pets' order.
struct PetRanking: View {
    @State private var pets = [
        Pet(type: "Cat", color: .orange),
        Pet(type: "Goldfish", color: .yellow),
        Pet(type: "Dog", color: .brown),
    ]

    private var ranked: [Pet] {
        pets.enumerated()
            .sorted { $0.element.votes != $1.element.votes ? $0.element.votes > $1.element.votes : $0.offset < $1.offset }
            .map(\.element)
    }

    var body: some View {
        VStack(spacing: 24) {
            VStack(alignment: .leading, spacing: 8) {
                ForEach(ranked) { pet in
                    HStack {
                        Circle().fill(pet.color).frame(width: 20, height: 20)
                        Text(pet.type)
                        Spacer()
                        Text("\(pet.votes)").id("votes-\(pet.type)")
                    }
                    .id("row-\(pet.type)")
                }
            }
            ButtonStack(pets: $pets)
        }
        .padding()
    }
}

#Preview("Pets", traits: .fixedLayout(width: 390, height: 400)) {
    PetRanking()
}

// MARK: - @Observable

struct Book: Identifiable {
    let id: Int
    var title: String
    var isRead = false
}

@Observable
final class ReadingList {
    var books = [
        Book(id: 1, title: "Middlemarch"),
        Book(id: 2, title: "Dune"),
        Book(id: 3, title: "Beloved"),
    ]
    var showsOnlyUnread = false

    var visibleBooks: [Book] { showsOnlyUnread ? books.filter { !$0.isRead } : books }
    var unreadCount: Int { books.filter { !$0.isRead }.count }

    func markRead(_ id: Book.ID) {
        guard let i = books.firstIndex(where: { $0.id == id }) else { return }
        books[i].isRead = true
    }
}

struct BookRow: View {
    let book: Book
    let list: ReadingList

    var body: some View {
        HStack {
            Text(book.title)
            Spacer()
            if book.isRead {
                Text("Read").foregroundStyle(.secondary).id("read-\(book.id)")
            } else {
                Button("Mark read") { list.markRead(book.id) }
                    .id("mark-\(book.id)")
            }
        }
        .id("book-\(book.id)")
    }
}

struct ReadingListScreen: View {
    @State private var list = ReadingList()

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            Text("\(list.unreadCount) unread")
                .font(.headline)
                .id("unread")
            ForEach(list.visibleBooks) { book in
                BookRow(book: book, list: list)
            }
            FilterSwitch(list: list)
        }
        .padding()
    }
}

/// A switch bound to the model through `@Bindable`.
struct FilterSwitch: View {
    @Bindable var list: ReadingList

    var body: some View {
        HStack {
            Text("Unread only")
            Spacer()
            Toggle("Unread only", isOn: $list.showsOnlyUnread)
                .labelsHidden()
                .id("unread-only")
        }
    }
}

#Preview("Reading list", traits: .fixedLayout(width: 390, height: 400)) {
    ReadingListScreen()
}

// MARK: - ObservableObject

struct MenuItem: Identifiable {
    var name: String
    var price: Double
    var id: String { name }
}

final class Order: ObservableObject {
    static let menu = [MenuItem(name: "Espresso", price: 2.5), MenuItem(name: "Croissant", price: 3)]
    @Published var quantities: [String: Int] = [:]

    func quantity(of item: MenuItem) -> Int { quantities[item.name, default: 0] }
    func add(_ item: MenuItem) { quantities[item.name, default: 0] += 1 }
    func clear() { quantities = [:] }

    var total: Double {
        Order.menu.reduce(0) { $0 + $1.price * Double(quantity(of: $1)) }
    }
}

struct MenuRow: View {
    let item: MenuItem
    @ObservedObject var order: Order

    var body: some View {
        HStack {
            Text(item.name)
            Spacer()
            Text("×\(order.quantity(of: item))").id("quantity-\(item.name)")
            Button("Add") { order.add(item) }
                .buttonStyle(.bordered)
                .id("add-\(item.name)")
        }
    }
}

struct OrderScreen: View {
    @StateObject private var order = Order()

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            ForEach(Order.menu) { item in
                MenuRow(item: item, order: order)
            }
            Divider()
            HStack {
                Text("Total")
                Spacer()
                Text(String(format: "%.2f €", order.total)).id("total")
            }
            if order.total > 0 {
                Button("Clear order", role: .destructive) { order.clear() }
                    .id("clear")
            }
        }
        .padding()
    }
}

#Preview("Order", traits: .fixedLayout(width: 390, height: 400)) {
    OrderScreen()
}
