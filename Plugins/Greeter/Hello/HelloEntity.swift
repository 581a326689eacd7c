/// The part of the day a greeting is for.
enum PartOfDay: Equatable {
    case morning, afternoon, evening, night
}

/// A greeting, as the Interactor computes it.
struct Greeting: Equatable {
    let name: String
    let partOfDay: PartOfDay
}
