#!/usr/bin/env bash
# Builds the StoreScope library's DocC documentation (Sources/StoreScope/StoreScope.docc) with
# the toolchain's own `docc`: no network, no swift-docc-plugin. Fails on any docc warning, so a
# symbol link in the catalogue or in a public doc comment that no longer resolves (a renamed
# method, a type that moved) fails the build.
#
#   docs/build-docs.sh [OUTPUT]    # default: .build/docs/StoreScope.doccarchive
#
# The symbol graph is extracted from the debug build's StoreScope module (public symbols only;
# the re-exported TraceFormat module is left out, as an app's documentation should not show
# the wire format), so after `swift build` or `swift test` only StoreScope is looked at again.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"

output="${1:-.build/docs/StoreScope.doccarchive}"
graphs=".build/docs/symbol-graphs"

swift build --target StoreScope
bin="$(swift build --show-bin-path)"
rm -rf "$graphs" && mkdir -p "$graphs"
# The C modules StoreScope imports through TraceFormat are found by the module maps SwiftPM
# generated for them.
module_maps=()
for map in "$bin"/*.build/module.modulemap; do module_maps+=(-Xcc "-fmodule-map-file=$map"); done
swift symbolgraph-extract -module-name StoreScope -I "$bin/Modules" "${module_maps[@]}" \
    -minimum-access-level public -skip-inherited-docs -output-dir "$graphs"

rm -rf "$output"
docc convert Sources/StoreScope/StoreScope.docc --additional-symbol-graph-dir "$graphs" \
    --output-path "$output" --fallback-display-name StoreScope \
    --fallback-bundle-identifier StoreScope --warnings-as-errors
echo "StoreScope documentation: $output"
