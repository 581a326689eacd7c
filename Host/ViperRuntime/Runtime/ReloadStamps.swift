import ViperLoading

/// The stamp of each plugin file as last scanned, by path (what live reloading compares a file
/// with), made without a dictionary entry per plugin at start-up: until a reload sets or forgets
/// a path's stamp, it is read from the descriptor cache's index that start-up's results came from.
///
/// Invariants:
/// - A path's stamp is ``changed``'s entry when it has one (nil in it: forgotten), else its
///   record's in ``base``, else nil; so setting and forgetting behave as in a dictionary.
/// - ``base`` holds a record only for a file whose start-up result is that record (its stamp is
///   the one the result was made for): ``CachedScan/Scanned/index``. A file with a result that
///   is not its record's (refused as untrusted) has its stamp in ``changed`` from the start.
struct ReloadStamps {
    /// The index start-up's results came from, or nil.
    var base: DescriptorCache?
    /// What was set or forgotten since start-up, by path.
    private var changed: [String: FileStamp?] = [:]

    init(base: DescriptorCache? = nil) {
        self.base = base
    }

    subscript(path: String) -> FileStamp? {
        get {
            if let entry = changed[path] { return entry }
            return base?.stamp(at: path)
        }
        set { changed[path] = .some(newValue) }
    }
}

extension CachedScan.Scanned {
    /// The stamps live reloading starts from: `index`'s records, and each file's result's stamp
    /// where it is not its record's (every file's when there is no index).
    func reloadStamps(_ files: [PluginFile]) -> ReloadStamps {
        var stamps = ReloadStamps(base: index)
        let outside = index == nil ? Array(files.indices) : unindexed
        for position in outside where position < files.count {
            if let stamp = stamp(at: position) { stamps[files[position].path] = stamp }
        }
        return stamps
    }
}
