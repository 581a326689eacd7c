// The `.viper_abi` record of every bundled plugin: one file, linked into each plugin's entry
// target (`Plugins/<Name>/Entry/ABIRecord.swift` is a symbolic link to it), so a release changes
// the Contracts version in one place besides `ContractsVersion`. `ContractsVersionAgreementTests` fails while
// the two disagree; `Contracts/API/gate --cut` says to change both.

/// The Contracts ABI these plugins are built for, as one record ("VIPR", major, minor) in the
/// `.viper_abi` section: viper reads it from the file before any of the plugin's code runs. A
/// section's contents must be a literal, so this cannot call ``ContractsVersion`` itself.
@used @section(".viper_abi")
let viperABI: (UInt32, UInt32, UInt32) = (0x5649_5052, 1, 8)
