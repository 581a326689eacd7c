// The smallest contract library: its record and nothing that runs (viper reads the record).
// The tests build it twice: with the SONAME libContracts.so, a drop-in that takes the name viper
// keeps for itself and would stand in for the Contracts every bundled plugin links; and with
// its own SONAME, a library that plugins.lock pins.
__attribute__((used, section("viper_contract_library")))
static const unsigned int viper_contract_library_record[2] = {0x56434C42u, 0x00010000u};
