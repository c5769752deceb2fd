import Foundation
import LayoutTestSupport
import SwiftUI
import Testing

// More screens of the corpus, each with frames worked out from SwiftUI's rules and the
// documented metrics (ControlMetrics: a switch is 51 × 31, a stepper 94 × 32, a segmented
// picker 32 tall, a rounded text field its line + 12, a bordered button its label + 12 × 7 (large
// + 20 × 14); ListMetrics: inset-grouped cards 20 in from the edges, rows inset 20, at least 44
// tall; DecoratedMetrics: a label's icon is its font's size, 8 before the title).

@Suite("Corpus screens: forms, lists and controls by SwiftUI's rules")
struct ScreenControlLayoutTests {
    /// A row with a Spacer fills the padded width: the switch ends at the trailing padding.
    @Test func accessibleRowPutsTheSwitchAtTheEnd() throws {
        let r = layout(AccessibleRow(title: "Wi-Fi", subtitle: "Home network"))
        let toggle = try #require(r.first(kind: "Switch")).frame
        #expect(close(toggle.maxX, 393 - 16) && close(toggle.size.width, 51) && close(toggle.size.height, 31))
        // 16 padding + 32 (the icon's frame) + 8; the texts (17 + 8 + 13 = 38) set the row's height.
        let title = try r.text("Wi-Fi")
        #expect(close(title.minX, 56))
        #expect(close(title.minY, (852 - 70) / 2 + 16))
    }

    /// Form rows: cards 20 in, rows inset 20, so content starts at 40 and ends 40 before the edge.
    @Test func settingsFormRows() throws {
        let r = layout(SettingsScreen())
        #expect(close(try r.text("Notifications").minX, 40))
        let switches = r.all(kind: "Switch").map(\.frame)
        try #require(switches.count == 2)
        #expect(switches.allSatisfy { close($0.maxX, 353) })
        // A row is its 31-point switch + 11 above and below = 53 (over the 44 minimum).
        #expect(close(switches[1].minY - switches[0].minY, 53))
        let stepper = try #require(r.first(kind: "Stepper")).frame
        #expect(close(stepper.maxX, 353) && close(stepper.width, 94) && close(stepper.height, 32))
        // Grouped styles uppercase section headers (iOS 17).
        #expect(r.textFrame("ALERTS") != nil)
        // A menu picker in a Form row: the label at the row's start; the selection, 4, and the
        // small chevrons (17 × 0.75) at its end.
        #expect(close(try r.text("Theme").minX, 40))
        #expect(close(try r.text("System").maxX + 4 + 17 * 0.75, 353))
    }

    /// The first section has no header: its card starts 20 below the top, its row 11 inside.
    @Test func contactDetailAvatarRow() throws {
        let contact = Contact(name: "Grace Hopper", phone: "+1 555 0100", email: "grace@example.com",
                              birthday: Date(timeIntervalSince1970: 0), isFavorite: true)
        let r = layout(ContactDetail(contact: .constant(contact)))
        let avatar = try #require(r.first(kind: "Circle")).frame
        #expect(close(avatar, CGRect(x: 40, y: 31, width: 56, height: 56)))
        #expect(close(try #require(r.first(kind: "Switch")).frame.maxX, 353))
    }

    /// The stepper's label row fills the padded width; the count is centred above it.
    @Test func counterStepperFillsTheWidth() throws {
        let r = layout(CounterWithModel())
        let stepper = try #require(r.first(kind: "Stepper")).frame
        #expect(close(stepper.maxX, 393 - 16))
        #expect(close(try r.text("0").midX, 393 / 2))
        #expect(close(try r.text("Step: 1").minX, 16))
    }

    /// Three Spacers share what the content leaves: the one above is half the two below (which
    /// have the stack's 16 between them).
    @Test func emptyInboxSpacersShareTheHeight() throws {
        let r = layout(EmptyInbox())
        let icon = try #require(r.first(kind: "Image")).frame
        let compose = try r.text("Compose")
        let buttonBottom = compose.maxY + 7
        let above = icon.minY - 16 - 16
        let below = (852 - 16) - (buttonBottom + 16)
        #expect(close(below, 2 * above + 16))
        #expect(close(try r.text("No messages").midX, 393 / 2))
    }

    /// A disclosure group read as expanded shows its content; a collapsed one does not.
    @Test func faqShowsTheOpenAnswerOnly() throws {
        let r = layout(FAQScreen())
        let question = try r.text("Does it run on Linux?")
        #expect(close(question.minX, 16))
        let answer = try r.text("Yes. The engine needs Foundation only.")
        #expect(answer.minY > question.maxY)
        #expect(r.textFrame("It follows SwiftUI's rules; text sizes depend on the fonts.") == nil)
    }

    /// Rows with a Spacer fill the padded width: the ranks end at the trailing padding.
    @Test func feedRowsFillTheWidth() throws {
        let r = layout(FeedWithViewModel())
        #expect(close(try r.text("First post").minX, 16))
        #expect(close(try r.text("#1").maxX, 393 - 16))
        #expect(r.all(kind: "Divider").count == 3)
    }

    /// A segmented picker is as wide as proposed and 32 tall, its segments equal.
    @Test func segmentedFilterAndPlainList() throws {
        let r = layout(FilteredList())
        let segments = r.all(kind: "Segment").map(\.frame)
        try #require(segments.count == 3)
        #expect(close(segments[0].minX, 16) && close(segments[2].maxX, 393 - 16))
        #expect(close(segments[0].width, segments[1].width) && close(segments[0].height, 32))
        // A plain list: full-width rows, text inset 20.
        #expect(close(try r.text("Quarterly report").minX, 20))
        #expect(try r.text("Quarterly report").minY > segments[0].maxY + 16)
    }

    /// Labels: icon (17, the font's size) + 8 + title; title-only and icon-only styles.
    @Test func labelStyles() throws {
        let r = layout(LabelGallery())
        // The widest label is the custom one: 20 + 8 + 12 × 17 = 232; padded 264, centred.
        let x0: CGFloat = (393 - 264) / 2 + 16
        #expect(close(try r.text("Favorites").minX, x0 + 17 + 8))
        #expect(close(try r.text("Downloads").minX, x0))
        #expect(r.textFrame("Settings") == nil)
        #expect(close(try r.text("Custom label").minX, x0 + 20 + 8))
    }

    /// The login column: fields and the large button 345 wide (24 in), the Spacers equal.
    @Test func loginColumn() throws {
        let r = layout(LoginScreen())
        // "Welcome back" at 34 points is 408 wide: it wraps to two lines (68) in 345. Then
        // 68 + 20 + (29 + 12 + 29) + 20 + (17 + 2 × 14) + 20 + 13 = 256, plus the spacings next
        // to the Spacers (2 × 20): the two Spacers share 852 − 296 = 556.
        #expect(close(try r.text("Welcome back").minY, 278 + 20))
        #expect(close(try r.text("Welcome back").height, 68))
        #expect(close(try r.text("Sign In").midX, 393 / 2))
        let email = try r.text("Email")
        #expect(close(email.minX, 24 + 7))
    }

    /// Seven flexible columns of (361 − 6 × 4) / 7; day 1 falls on the seventh column.
    @Test func calendarGridColumns() throws {
        let r = layout(MonthCalendar(monthName: "November", firstWeekday: 6, dayCount: 30))
        let column: CGFloat = (361 - 6 * 4) / 7
        #expect(close(try r.text("1").minX, 16 + 6 * (column + 4) + (column - 17) / 2))
        #expect(close(try r.text("2").minX, 16 + (column - 17) / 2))
        #expect(close(try r.text("2").minY - (try r.text("1").minY), 32 + 8))
    }

    /// Inset-grouped rows 44 tall (a 17-point text + 22 is under the minimum), text at 40.
    @Test func notesListRows() throws {
        let r = layout(NotesToolbar())
        let first = try r.text("Groceries"), second = try r.text("Ideas")
        #expect(close(first.minX, 40) && close(second.minY - first.minY, 44))
    }

    /// The banner is 361 wide; its texts column takes what the icon leaves, the message 2 lines.
    @Test func notificationBannerColumns() throws {
        let r = layout(NotificationBanner(appName: "Messages", title: "Lin",
                                          message: "Are we still on for the layout review tomorrow at ten? I booked the small room.",
                                          time: "now"))
        let icon = try #require(r.first(kind: "RoundedRectangle")).frame
        #expect(close(icon.minX, 16 + 14) && close(icon.width, 38))
        #expect(close(try r.text("now").maxX, 16 + 361 - 14))
        let message = try #require(r.all(kind: "Text").first { $0.detail.hasPrefix("\"Are we still") }).frame
        #expect(close(message.height, 2 * 15))      // lineLimit(2) at 15 points
        #expect(close(message.minX, icon.maxX + 12))
    }

    /// A square artwork of aspect ratio 1 fits the padded width: 329 × 329 at 32.
    @Test func nowPlayingArtworkIsSquare() throws {
        let r = layout(NowPlaying())
        let art = try #require(r.first(kind: "RoundedRectangle")).frame
        #expect(close(art.minX, 32) && close(art.width, 329) && close(art.height, 329))
        let slider = try #require(r.first(kind: "Slider")).frame
        #expect(close(slider.width, 329) && close(slider.height, 30))
    }

    /// The Continue button fills the padded width and sits at the bottom (the Spacers above).
    @Test func onboardingButtonAtTheBottom() throws {
        let r = layout(OnboardingPage(systemImage: "sparkles", title: "Welcome", message: "Hello."))
        let button = try #require(r.first(kind: "RoundedRectangle")).frame
        #expect(close(button.minX, 32) && close(button.width, 329) && close(button.maxY, 852 - 32))
    }

    /// A 4:3 image area 180 wide, the sale badge 8 in from its top-leading corner.
    @Test func productCardImageArea() throws {
        let r = layout(ProductCard(name: "Headphones", price: 129, rating: 4.6, isOnSale: true))
        let image = try #require(r.first(kind: "RoundedRectangle")).frame
        #expect(close(image.width, 180) && close(image.height, 135))
        let badge = try #require(r.first(kind: "Capsule")).frame
        #expect(close(badge.minX, image.minX + 8) && close(badge.minY, image.minY + 8))
    }

    /// The avatar is centred in the full-width header.
    @Test func profileHeaderCentresTheAvatar() throws {
        let r = layout(ProfileHeader(name: "Ada", handle: "@ada", stats: [("Posts", 12), ("Followers", 340)]))
        let avatar = try #require(r.first(kind: "Image")).frame
        #expect(close(avatar.minX, (393 - 96) / 2) && close(avatar.width, 96))
        #expect(close(try r.text("Ada").midX, 393 / 2))
    }

    /// Trailing alignment: every line of the card ends at the same x.
    @Test func quoteCardIsTrailingAligned() throws {
        let r = layout(QuoteCard(quote: "Simplicity is prerequisite for reliability.", author: "Dijkstra"))
        let texts = r.all(kind: "Text").map(\.frame)
        try #require(texts.count >= 3)
        #expect(texts.allSatisfy { close($0.maxX, texts[0].maxX) })
    }

    /// In a Form the slider fills its row between the two icons; the toggle's switch ends at 353.
    @Test func readerPreferencesRows() throws {
        let r = layout(ReaderPreferences())
        let slider = try #require(r.first(kind: "Slider")).frame
        let icons = r.all(kind: "Image").map(\.frame)
        try #require(icons.count >= 2)
        #expect(close(slider.minX, icons[0].maxX + 8) && close(slider.maxX, icons[1].minX - 8))
        #expect(close(try #require(r.first(kind: "Switch")).frame.maxX, 353))
    }

    /// The header image takes the scroll view's width; its title sits 16 in from its bottom-leading corner.
    @Test func recipeHeader() throws {
        let r = layout(RecipeDetail(title: "Shakshuka", minutes: 30, ingredients: ["Eggs", "Tomatoes"], steps: ["Cook.", "Eat."]))
        let header = try #require(r.first(kind: "Rectangle")).frame
        #expect(close(header, CGRect(x: 0, y: 0, width: 393, height: 220)))
        let title = try r.text("Shakshuka")
        #expect(close(title.minX, 16) && close(title.maxY, 220 - 16))
    }

    /// A column aligned trailing by one cell's `gridColumnAlignment`; the others leading.
    @Test func scoreBoardColumns() throws {
        let r = layout(ScoreBoard())
        #expect(close(try r.text("Wins").maxX, try r.text("12").maxX))
        #expect(close(try r.text("Losses").maxX, try r.text("5").maxX))
        #expect(close(try r.text("Player").minX, try r.text("Chidi").minX))
        // Columns need 85 ("Chidi" at 17), 48 ("Wins" at 12) and 72 ("Losses" at 12), 16 apart:
        // 237. The Divider row widens the grid to its proposal, 361 (Apple's Grid documentation),
        // the 124 more shared equally by the three columns.
        #expect(close(try r.text("Losses").maxX - (try r.text("Player").minX), 361))
        #expect(close(try r.text("Wins").maxX, 16 + (85 + 124 / 3) + 16 + (48 + 124 / 3)))
    }

    /// Search results: rows 44 apart, text 40 in; the empty-state overlay is not shown.
    @Test func searchResults() throws {
        let r = layout(SearchScreen())
        let apple = try r.text("Apple"), apricot = try r.text("Apricot")
        #expect(close(apple.minX, 40) && close(apricot.minY - apple.minY, 44))
        #expect(r.textFrame("No Results") == nil)
    }

    /// The split view shows its sidebar: labels with 17-point icons, 8 before their titles.
    @Test func sidebarLabels() throws {
        let r = layout(SidebarSplit())
        #expect(close(try r.text("Inbox").minX, 40 + 17 + 8))
    }

    /// The invalid email shows its message under the field, at the row's text inset.
    @Test func signUpShowsTheValidationMessage() throws {
        let r = layout(SignUpForm())
        let message = try r.text("Enter a valid email address.")
        #expect(close(message.minX, 40))
        #expect(close(try #require(r.first(kind: "Switch")).frame.maxX, 353))
    }

    /// Stories 70 wide and 14 apart from 16; circles centred in them.
    @Test func storiesCarousel() throws {
        let r = layout(StoriesCarousel(stories: (1...5).map { Story(id: $0, name: "Friend \($0)", color: .orange) }))
        let circles = r.all(kind: "Circle").map(\.frame).filter { close($0.width, 64) }
        let xs = circles.map(\.minX).reduce(into: [CGFloat]()) { if !$0.contains($1) { $0.append($1) } }
        try #require(xs.count >= 2)
        #expect(close(xs[0], 16 + 3) && close(xs[1], 16 + 3 + 84))
    }

    /// Group(subviews:) puts a divider between each pair of the three texts.
    @Test func dividedStack() throws {
        let r = layout(SubviewCards())
        let dividers = r.all(kind: "Divider").map(\.frame)
        try #require(dividers.count == 2)
        let wake = try r.text("Wake up"), stretch = try r.text("Stretch")
        #expect(dividers[0].minY > wake.maxY && dividers[0].maxY < stretch.minY)
    }

    /// A TabView shows its first tab's content, centred above the 49-point tab bar, whose items
    /// show every tab's title.
    @Test func tabViewShowsTheFirstTab() throws {
        let r = layout(TabsApp())
        let home = try r.text("Home feed")
        #expect(close(home.midX, 393 / 2) && close(home.midY, (852 - 49) / 2))
        #expect(try r.text("Profile").minY > 852 - 49)
    }

    /// To-do rows: a 17-point icon, 8, the title at 40 + 25.
    @Test func todoRows() throws {
        let r = layout(TodoList())
        #expect(close(try r.text("Buy milk").minX, 40 + 17 + 8))
        #expect(r.textFrame("Add") != nil)
    }

    /// The progress bar is as wide as the column and 4 tall; the percentage ends at the padding.
    @Test func uploadProgress() throws {
        let r = layout(UploadStatus(fileName: "report.pdf", fraction: 0.62))
        let bar = try #require(r.first(kind: "ProgressView")).frame
        #expect(close(bar.minX, 16) && close(bar.width, 361) && close(bar.height, 4))
        #expect(close(try #require(r.all(kind: "Text").first { $0.detail.contains("62") }).frame.maxX, 393 - 16))
    }

    /// Bordered buttons in a column, each centred.
    @Test func presentationButtonsAreCentred() throws {
        let r = layout(PresentationsDemo())
        #expect(close(try r.text("Show sheet").midX, 393 / 2))
        #expect(try r.text("Show full screen").minY > (try r.text("Show sheet").maxY))
    }

    /// The photo row: Spacers on both sides centre the avatar in the row (40…353).
    @Test func profileEditorCentresThePhoto() throws {
        let r = layout(ProfileEditor())
        let photo = try #require(r.first(kind: "Circle")).frame
        #expect(close(photo.midX, 393 / 2) && close(photo.width, 88))
    }

    /// Sections of names: rows at least 44 tall with a 1-point divider after each.
    @Test func pinnedSectionRows() throws {
        let r = layout(PinnedSections())
        let anna = try r.text("Anna"), arlo = try r.text("Arlo")
        #expect(close(anna.minX, 16) && close(arlo.minY - anna.minY, 44 + 1))
    }
}
