/// For a line whose contract is not at hand (a live reload's refusal of a new consumer file,
/// recorded before its provider was refused): the refused provider of whichever contract the line
/// says is required and unprovided.
extension RefusedProviders {
    /// `text` with the refused provider named, as ``naming(_:contract:)`` does, for the first refused
    /// provider whose contract `text` says is required ("requires C, which no plugin provides;");
    /// else `text` unchanged.
    package func naming(anyIn text: String) -> String {
        for provider in providers where text.contains("requires \(provider.contract), which no plugin provides; ") {
            return naming(text, contract: provider.contract)
        }
        return text
    }
}
