#include "CZlib.h"

int storescope_deflateInit2(z_streamp stream, int level, int windowBits) {
    return deflateInit2(stream, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY);
}

int storescope_inflateInit2(z_streamp stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}
