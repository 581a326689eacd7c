/* libFixtureDependency.so: a library NeedsLibraryPlugin links to; the test deletes it after linking. */
int fixture_dependency_value(void) { return 1; }
