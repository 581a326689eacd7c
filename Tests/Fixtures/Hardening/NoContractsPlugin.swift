// Swift code with the two plugin symbols that does not link libContracts.so at all.
@_cdecl("viper_plugin_abi")
public func viperPluginABI() -> UInt32 { 1 << 16 }

@_cdecl("viper_plugin_entry")
public func viperPluginEntry(_ host: UnsafeMutableRawPointer?) -> Int32 { 0 }
