#!/usr/bin/env bash
# Ports the Composable Architecture 1.25.5 and swift-navigation 2.11.0 to Linux in this package's
# checkouts (.build/checkouts, or SCRATCH/checkouts), after `swift package resolve`; the
# libraries' sources stay pristine upstream, and applying twice is a no-op.
#   Patches/apply.sh [SCRATCH]
# What the patches do:
#   swift-composable-architecture: `import Combine` becomes OpenCombine's OpenCombineShim where
#     Combine is missing (a conditional dependency in its Package.swift); SwiftUI and OSLog imports
#     are guarded, and the files or parts that are only SwiftUI views, bindings, signposts, KVO
#     and SwiftUI-era deprecations are left out there; Internal/LinuxSupport.swift stands in for
#     Transaction/Animation/withTransaction, os_unfair_lock, NSEC_PER_SEC and Publishers.Merge
#     (OpenCombine lacks it), and re-exports SwiftNavigation, which SwiftUINavigation re-exports
#     only with SwiftUI.
#   swift-navigation: TextState's LocalizedStringResource code guarded, its `Locale` API imported
#     publicly, the SwiftUI-only Deprecations.swift guarded, `-ObjC` passed to the linker on
#     Apple platforms only.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# The build folder SwiftPM resolved into: the package's .build unless named (`swift package
# --scratch-path DIR resolve`, then `Patches/apply.sh DIR`).
scratch="${1:-$here/../.build}"
for name in swift-composable-architecture swift-navigation; do
    checkout="$scratch/checkouts/$name"
    patch="$here/$name-linux.patch"
    [ -d "$checkout" ] || { echo "apply.sh: $checkout missing: run 'swift package resolve' first" >&2; exit 1; }
    if git -C "$checkout" apply --reverse --check "$patch" 2>/dev/null; then
        echo "apply.sh: $name already patched"
    else
        git -C "$checkout" apply "$patch"
        echo "apply.sh: patched $name for Linux"
    fi
done
