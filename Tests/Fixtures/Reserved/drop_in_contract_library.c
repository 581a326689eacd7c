// The smallest contract library: its record and nothing that runs (viper reads the record).
// Issue 25 builds it twice: with the SONAME libContracts.so, a drop-in that took the name viper
// keeps for itself and stood in for the Contracts every bundled plugin links (part 5); and with
// its own SONAME, a library that plugins.lock pins (part 9).
__attribute__((used, section("viper_contract_library")))
static const unsigned int viper_contract_library_record[2] = {0x56434C42u, 0x00010000u};
