#!/usr/bin/env bash
# Builds the libraries' DocC documentation with the toolchain's own `docc`: no network, no
# swift-docc-plugin. Fails on any docc warning, so a symbol link in a catalogue or in a public
# doc comment that no longer resolves (a renamed method, a type that moved) fails the build.
#
#   docs/build-docs.sh          # StoreScope -> .build/docs/StoreScope.doccarchive
#   docs/build-docs.sh --tca    # and StoreScopeTCA -> .build/docs/StoreScopeTCA.doccarchive
#
# Each symbol graph is extracted from a debug build's module, public symbols only. StoreScope's
# comes from this package's build (`swift build --target StoreScope`, nothing to do after
# `swift build` or `swift test`); the re-exported TraceFormat module is left out, as an app's
# documentation should not show the wire format. StoreScopeTCA exists only with the trait
# "TCA", which needs the Composable Architecture ported to Linux: its graph comes from the
# build of Samples/TCAStandups (.ci/run builds it; STORESCOPE_TCA_BUILD names another debug
# build directory holding StoreScopeTCA).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"

docs=.build/docs

# extract MODULE BUILD_DIR: writes MODULE's public symbol graph to $docs/symbol-graphs/MODULE.
extract() {
    local module=$1 bin=$2 graphs="$docs/symbol-graphs/$1"
    rm -rf "$graphs" && mkdir -p "$graphs"
    # The C modules imported on the way are found by the module maps SwiftPM generated.
    local maps=()
    for map in "$bin"/*.build/module.modulemap; do maps+=(-Xcc "-fmodule-map-file=$map"); done
    swift symbolgraph-extract -module-name "$module" -I "$bin/Modules" "${maps[@]}" \
        -module-cache-path "$docs/module-cache" -minimum-access-level public -skip-inherited-docs \
        -skip-synthesized-members -emit-extension-block-symbols -output-dir "$graphs"
}

# convert MODULE: builds Sources/MODULE/MODULE.docc with MODULE's symbol graph.
convert() {
    local module=$1
    rm -rf "$docs/$module.doccarchive"
    docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$docs/symbol-graphs/$module" \
        --output-path "$docs/$module.doccarchive" --fallback-display-name "$module" \
        --fallback-bundle-identifier "$module" --warnings-as-errors
    echo "$module documentation: $docs/$module.doccarchive"
}

swift build --target StoreScope
extract StoreScope "$(swift build --show-bin-path)"
convert StoreScope

if [ "${1:-}" = "--tca" ]; then
    tca_build="${STORESCOPE_TCA_BUILD:-Samples/TCAStandups/.build/debug}"
    if [ ! -f "$tca_build/Modules/StoreScopeTCA.swiftmodule" ]; then
        echo "error: no StoreScopeTCA module in $tca_build; build the TCA sample first:" >&2
        echo "  cd Samples/TCAStandups && ../../../shared/thirdparty/use.sh . && swift package resolve && Patches/apply.sh && swift build" >&2
        exit 1
    fi
    extract StoreScopeTCA "$(cd "$tca_build" && pwd)"
    convert StoreScopeTCA
fi
