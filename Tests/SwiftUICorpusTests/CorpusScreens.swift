import Foundation
import SwiftUI
import Testing

/// One screen of the corpus, with the data its preview shows.
struct CorpusScreen: CustomTestStringConvertible, Sendable {
    let name: String
    let layout: @Sendable (CGSize) -> LayoutResult
    var testDescription: String { name }

    init<V: View>(_ name: String, _ make: @escaping @Sendable () -> V) {
        self.name = name
        self.layout = { size in LayoutHost.layout(make(), in: size) }
    }
}

enum CorpusScreens {
    static let all: [CorpusScreen] = [
        CorpusScreen("AccessibleRow") { AccessibleRow(title: "Wi-Fi", subtitle: "Home network") },
        CorpusScreen("ActivityRings") { ActivityRings() },
        CorpusScreen("AdaptiveActions") { AdaptiveActions() },
        CorpusScreen("ArticleRow") { ArticleRow(title: "Layout engines compared", source: "Dev Weekly", minutesAgo: 12) },
        CorpusScreen("BarChart") { BarChart(values: [3, 7, 5, 10, 6], labels: ["Mon", "Tue", "Wed", "Thu", "Fri"]) },
        CorpusScreen("CardGrid") {
            CardGrid(destinations: [Destination(name: "Lisbon", country: "Portugal", color: .orange),
                                    Destination(name: "Kyoto", country: "Japan", color: .pink)])
        },
        CorpusScreen("ChatScreen") {
            ChatScreen(messages: [ChatMessage(id: 1, text: "Hi!", isMine: false),
                                  ChatMessage(id: 2, text: "Hello there", isMine: true)])
        },
        CorpusScreen("CheckoutSummary") {
            CheckoutSummary(items: [LineItem(name: "Notebook", quantity: 2, price: 3.5),
                                    LineItem(name: "Pen", quantity: 3, price: 1.2)])
        },
        CorpusScreen("ComposerBar") { ComposerBar() },
        CorpusScreen("ContactDetail") {
            ContactDetail(contact: .constant(Contact(name: "Grace Hopper", phone: "+1 555 0100",
                                                     email: "grace@example.com", birthday: Date(timeIntervalSince1970: 0),
                                                     isFavorite: true)))
        },
        CorpusScreen("CounterWithModel") { CounterWithModel() },
        CorpusScreen("Dashboard") { Dashboard() },
        CorpusScreen("EmptyInbox") { EmptyInbox() },
        CorpusScreen("EventEditor") { EventEditor() },
        CorpusScreen("FAQScreen") { FAQScreen() },
        CorpusScreen("FeedWithViewModel") { FeedWithViewModel() },
        CorpusScreen("FilteredList") { FilteredList() },
        CorpusScreen("IconWithBadge") { IconWithBadge(systemImage: "bell", count: 120) },
        CorpusScreen("Keypad") { Keypad() },
        CorpusScreen("LabelGallery") { LabelGallery() },
        CorpusScreen("LoginScreen") { LoginScreen() },
        CorpusScreen("MonthCalendar") { MonthCalendar(monthName: "November", firstWeekday: 6, dayCount: 30) },
        CorpusScreen("NotesToolbar") { NotesToolbar() },
        CorpusScreen("NotificationBanner") {
            NotificationBanner(appName: "Messages", title: "Lin", message: "Are we still on for tomorrow?", time: "now")
        },
        CorpusScreen("NowPlaying") { NowPlaying() },
        CorpusScreen("OnboardingPage") { OnboardingPage(systemImage: "sparkles", title: "Welcome", message: "Hello.") },
        CorpusScreen("OrderTimeline") {
            OrderTimeline(events: [TimelineEvent(id: 1, title: "Ordered", detail: "Mon", isComplete: true),
                                   TimelineEvent(id: 2, title: "Delivered", detail: "Thu", isComplete: false)])
        },
        CorpusScreen("PagingCards") { PagingCards() },
        CorpusScreen("PhotoGrid") { PhotoGrid() },
        CorpusScreen("PinnedSections") { PinnedSections() },
        CorpusScreen("PresentationsDemo") { PresentationsDemo() },
        CorpusScreen("PricingPlans") { PricingPlans() },
        CorpusScreen("ProductCard") { ProductCard(name: "Headphones", price: 129, rating: 4.6, isOnSale: true) },
        CorpusScreen("ProfileEditor") { ProfileEditor() },
        CorpusScreen("ProfileHeader") { ProfileHeader(name: "Ada", handle: "@ada", stats: [("Posts", 12), ("Followers", 340)]) },
        CorpusScreen("QuoteCard") { QuoteCard(quote: "Simplicity is prerequisite for reliability.", author: "Dijkstra") },
        CorpusScreen("ReaderPreferences") { ReaderPreferences() },
        CorpusScreen("RecipeDetail") {
            RecipeDetail(title: "Shakshuka", minutes: 30, ingredients: ["Eggs", "Tomatoes"], steps: ["Cook.", "Eat."])
        },
        CorpusScreen("ScoreBoard") { ScoreBoard() },
        CorpusScreen("SearchScreen") { SearchScreen() },
        CorpusScreen("SettingsScreen") { SettingsScreen() },
        CorpusScreen("ShareAndLinks") { ShareAndLinks() },
        CorpusScreen("SidebarSplit") { SidebarSplit() },
        CorpusScreen("SignUpForm") { SignUpForm() },
        CorpusScreen("SplitWithGeometry") { SplitWithGeometry() },
        CorpusScreen("StoriesCarousel") {
            StoriesCarousel(stories: (1...5).map { Story(id: $0, name: "Friend \($0)", color: .orange) })
        },
        CorpusScreen("SubviewCards") { SubviewCards() },
        CorpusScreen("TabsApp") { TabsApp() },
        CorpusScreen("TagCloud") { TagCloud(tags: ["Swift", "Layout", "Linux"]) },
        CorpusScreen("ThemedCards") { ThemedCards() },
        CorpusScreen("TodoList") { TodoList() },
        CorpusScreen("UploadStatus") { UploadStatus(fileName: "report.pdf", fraction: 0.62) },
        CorpusScreen("WeatherCard") {
            WeatherCard(city: "Lisbon", temperature: 21, forecast: [Forecast(id: "Mon", symbol: "sun.max.fill", high: 23)])
        },
    ]
}
