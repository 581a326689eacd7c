/// The sample feed compiled into the plugin: what `articles` shows without
/// `?source=URL`, so a first run works with no network and no files to install.
/// It goes through the same decoder as a fetched feed.
///
/// It lives in the binary rather than in a resource file because a plugin is one
/// `.so` that users copy around; SwiftPM resources would stay behind in the build folder.
enum OfflineArticles {
    static let json = #"""
    [
      {
        "title": "VIPER in five roles",
        "authors": "viper sample",
        "date": "2026-11-02",
        "website": "viper (built-in)",
        "content": "View, Interactor, Presenter, Entity and Router each do one job. The View draws what the Presenter tells it and passes on what the user did. The Presenter turns data into display strings. The Interactor holds the use case and talks to services. Entities are plain data. The Router moves between modules."
      },
      {
        "title": "Modules that never import each other",
        "authors": "viper sample",
        "date": "2026-11-09",
        "website": "viper (built-in)",
        "content": "Every feature of viper is a plugin. Plugins talk only through protocols in Contracts: the notes list asks its router for 'a NoteEditing module' and never learns which plugin provides it. Replace the provider and the list does not change."
      },
      {
        "title": "Module input, module output",
        "authors": "viper sample",
        "date": "2026-11-16",
        "website": "viper (built-in)",
        "content": "A module is configured through its input before it appears, and tells whoever opened it what happened through its output. The to-do list hears about a new item from the add module's output and refreshes."
      },
      {
        "title": "Testing a VIPER module layer by layer",
        "authors": "viper sample",
        "date": "2026-11-23",
        "website": "viper (built-in)",
        "content": "Pin the clock and stub the store to test the Interactor. Give the Presenter a spy view and a spy router. Run the whole shell as a subprocess for the end-to-end flows."
      }
    ]
    """#
}
