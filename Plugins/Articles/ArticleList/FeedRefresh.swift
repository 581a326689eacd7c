import Contracts

/// What a refresh of every subscribed feed has gathered so far (the list's Interactor fills it
/// group by group): the articles, a line per feed that failed, and, once Ctrl-C stopped it,
/// the feeds it did not fetch (each shows its kept copy).
struct FeedRefresh {
    /// How many feeds the refresh fetches.
    let total: Int
    var articles: [Article] = []
    var failures: [String] = []
    /// Ctrl-C stopped the refresh: no feed is fetched after it.
    var stopped = false
    private(set) var skipped = 0
    /// Feeds answered or failed so far.
    var finished = 0

    init(total: Int) {
        self.total = total
    }

    /// `address` was not fetched: its kept copy, if any, stands in.
    mutating func skip(_ address: String, kept: CachedFeed?) {
        skipped += 1
        articles += kept?.articles ?? []
    }

    /// The lines shown under the list: a line per failed feed, and a line when Ctrl-C stopped
    /// the refresh of `total` feeds.
    func problems() -> [String] {
        guard stopped else { return failures }
        return failures + ["stopped (Ctrl-C): \(skipped) of \(total) feeds were not fetched; their kept copies are shown"]
    }
}
