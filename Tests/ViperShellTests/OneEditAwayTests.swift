import Testing
@testable import ViperCommandLine

/// "One edit away", which decides whether a folder beside a plugin folder is a likely slip.
@Suite struct OneEditAwayTests {
    @Test(arguments: [("plugin", "plugins"), ("Plugins", "plugins"), ("plugins", "plugin"), ("pligins", "plugins"), ("pluginss", "plugins")])
    func aNameOneEditAwayOrDifferingInCaseIsASlip(_ pair: (String, String)) {
        #expect(PluginPlacement.isOneEditAway(pair.0, pair.1))
    }

    @Test(arguments: [("plug", "plugins"), ("modules", "plugins"), ("plugins-old", "plugins"), ("lpugins", "plugins")])
    func aNameTwoOrMoreEditsAwayIsNot(_ pair: (String, String)) {
        #expect(!PluginPlacement.isOneEditAway(pair.0, pair.1))
    }
}
