// A C target without a module.modulemap of its own, like StoreScope's CZlib: SwiftPM writes one
// into the build directory, and the gate must hand it to symbolgraph-extract.
int cfixture_value(void);
