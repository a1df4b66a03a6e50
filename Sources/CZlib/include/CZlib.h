#ifndef STORESCOPE_CZLIB_H
#define STORESCOPE_CZLIB_H

// zlib for Swift, as a regular C target that links `z` (Package.swift): the same target builds
// against the SDK's zlib on every Apple platform and against zlib1g-dev on Linux, with no
// pkg-config lookup that could bring a Homebrew keg's macOS-only flags into an iOS build.

#include <zlib.h>

// deflateInit2 and inflateInit2 are macros that Swift cannot call; these wrappers pass the
// version and stream size the macros would.
int storescope_deflateInit2(z_streamp stream, int level, int windowBits);
int storescope_inflateInit2(z_streamp stream, int windowBits);

#endif
