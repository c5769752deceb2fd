import Testing
@Test func smoke() { #expect(1 == 1) }
