#!/usr/bin/env bash
# Ports swift-unidirectional-flow 0.4.6 to Linux in this package's checkout: its Store.swift
# imports SwiftUI unguarded (for Store.binding); the patch guards that extension with
# `#if canImport(SwiftUI)`, nothing else. The library's sources stay pristine upstream: the patch
# is applied to the resolved checkout (.build/checkouts, or SCRATCH/checkouts), after `swift
# package resolve`, and applying it twice is a no-op.
#   Patches/apply.sh [SCRATCH]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# The build folder SwiftPM resolved into: the package's .build unless named (`swift package
# --scratch-path DIR resolve`, then `Patches/apply.sh DIR`).
scratch="${1:-$here/../.build}"
checkout="$scratch/checkouts/swift-unidirectional-flow"
patch="$here/swift-unidirectional-flow-swiftui-import.patch"
[ -d "$checkout" ] || { echo "apply.sh: $checkout missing: run 'swift package resolve' first" >&2; exit 1; }
if git -C "$checkout" apply --reverse --check "$patch" 2>/dev/null; then
    echo "apply.sh: swift-unidirectional-flow already patched"
else
    git -C "$checkout" apply "$patch"
    echo "apply.sh: patched swift-unidirectional-flow (SwiftUI import guarded)"
fi
