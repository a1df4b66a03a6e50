#ifndef STORESCOPE_CZLIB_SHIM_H
#define STORESCOPE_CZLIB_SHIM_H

#include <zlib.h>

// deflateInit2 and inflateInit2 are macros that Swift cannot call; these wrappers
// pass the version and stream size the macros would.
static inline int storescope_deflateInit2(z_streamp stream, int level, int windowBits) {
    return deflateInit2(stream, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY);
}

static inline int storescope_inflateInit2(z_streamp stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}

#endif
