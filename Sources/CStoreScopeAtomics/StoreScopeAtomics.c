// The functions are `static inline` in the header; this file compiles the header once, so that
// its assertions (64-bit atomics lock-free, an atomic word laid out as a plain one) are checked
// for every target the package is built for, whether or not Swift code calls a function.
#include "StoreScopeAtomics.h"
