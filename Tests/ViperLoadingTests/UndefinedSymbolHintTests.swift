import Testing

@testable import ViperLoading

/// A plugin that cannot load because a symbol is missing is told which library to install or
/// build against: the module of the missing Swift symbol, not always "Contracts".
@Suite struct UndefinedSymbolHintTests {
    @Test func aMissingSymbolOfAContractLibraryNamesThatLibrary() {
        let error = PluginLoadError.fromDlopen(
            path: "/p/libRecipesPlugin.so",
            dlerror: "/p/libRecipesPlugin.so: undefined symbol: $s9RecipeKit0A4BookP6removeyySSFTq")
        #expect(error.message.contains("it was built against a RecipeKit other than the installed one"), "\(error.message)")
        #expect(error.message.contains("install the RecipeKit it was built against"), "\(error.message)")
        #expect(!error.message.contains("this viper's Contracts"), "\(error.message)")
    }

    @Test func aMissingSymbolOfContractsStillNamesContracts() {
        let error = PluginLoadError.fromDlopen(
            path: "/p/libX.so", dlerror: "/p/libX.so: undefined symbol: $s9Contracts15missingFunctionyyF")
        #expect(error.message.contains("rebuild it against this viper's Contracts"), "\(error.message)")
    }

    @Test func theModuleIsReadFromTheMangledNameOnly() {
        #expect(PluginLoadError.swiftModule(ofUndefinedSymbolIn: "undefined symbol: $s9RecipeKit0A4BookP") == "RecipeKit")
        #expect(PluginLoadError.swiftModule(ofUndefinedSymbolIn: "undefined symbol: _$s3Foo3barSiyF") == "Foo")
        #expect(PluginLoadError.swiftModule(ofUndefinedSymbolIn: "undefined symbol: some_c_function") == nil)
        #expect(PluginLoadError.swiftModule(ofUndefinedSymbolIn: "undefined symbol: $s99Short") == nil)
    }
}
