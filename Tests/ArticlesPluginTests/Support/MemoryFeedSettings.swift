@testable import ArticlesPlugin

/// Preferences in memory.
final class MemoryFeedSettings: FeedSettings {
    var kept = FeedPreferences()

    func preferences() -> FeedPreferences { kept }
    func save(_ preferences: FeedPreferences) throws { kept = preferences }
}
