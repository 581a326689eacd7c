/* A shared library that is not a viper plugin: it exports neither viper symbol. */
int fixture_answer(void) { return 42; }
