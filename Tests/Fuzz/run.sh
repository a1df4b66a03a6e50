#!/usr/bin/env bash
# Builds a libFuzzer + AddressSanitizer binary from Sources/TraceFormat, Sources/TraceAnalysis
# and FuzzEntry.swift as one module (outside SwiftPM) and fuzzes it.
#   Tests/Fuzz/run.sh [seconds=60] [extra libFuzzer flags...]
set -euo pipefail
seconds="${1:-60}"; shift || true
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="${FUZZ_WORK:-/tmp/storescope-fuzz}"
mkdir -p "$work/corpus" "$work/crashes"
work="$(cd "$work" && pwd)"

# One module: TraceAnalysis's files are copied without their `import TraceFormat` (and its
# Exports.swift is left out), so both libraries compile together.
rm -rf "$work/src"
sources=()
while IFS= read -r -d '' file; do
    copy="$work/src/${file#"$root/"}"
    mkdir -p "$(dirname "$copy")"
    sed -e '/^import TraceFormat$/d' -e '/^@_exported import TraceFormat$/d' "$file" > "$copy"
    sources+=("$copy")
done < <(find "$root/Sources/TraceFormat" "$root/Sources/TraceAnalysis" -name '*.swift' \
    ! -path "$root/Sources/TraceAnalysis/Exports.swift" -print0 | sort -z)

# The C targets as SwiftPM builds them: a module map for each header (SwiftPM writes them
# itself), and CZlib's wrappers compiled by the toolchain's clang.
mkdir -p "$work/modules/CZlib" "$work/modules/CStoreScopeAtomics"
printf 'module CZlib {\n    header "%s"\n    link "z"\n    export *\n}\n' \
    "$root/Sources/CZlib/include/CZlib.h" > "$work/modules/CZlib/module.modulemap"
printf 'module CStoreScopeAtomics {\n    header "%s"\n    export *\n}\n' \
    "$root/Sources/CStoreScopeAtomics/include/StoreScopeAtomics.h" > "$work/modules/CStoreScopeAtomics/module.modulemap"
clang="$(dirname "$(command -v swiftc)")/clang"
"$clang" -c -O2 -g -fsanitize=fuzzer-no-link,address -I "$root/Sources/CZlib/include" \
    "$root/Sources/CZlib/CZlib.c" -o "$work/CZlib.o"

# `-package-name`: SwiftPM passes one, and `package` declarations are fileprivate without it.
# Whole-module, its code generation on two threads: 55 s on the 2-core CI machine against 105 s
# file by file (the compile is most of this stage; the fuzzing is the minute asked for).
# Run in the work directory: a whole-module build leaves its module files where it runs.
(cd "$work" && swiftc -sanitize=fuzzer,address -parse-as-library -swift-version 6 -O -wmo -num-threads 2 -g \
    -package-name StoreScope -module-name TraceFuzz \
    -I "$work/modules/CZlib" -I "$work/modules/CStoreScopeAtomics" -lz "$work/CZlib.o" \
    "${sources[@]}" "$root/Tests/Fuzz/FuzzEntry.swift" -o "$work/trace-fuzz")

# Seeds: the committed fixture as a whole file (mode byte 1) and as headers (mode 4).
fixture="$root/Tests/TraceFormatTests/Fixtures/v1-sample.sstrace"
{ printf '\x01'; cat "$fixture"; } > "$work/corpus/seed-file"
{ printf '\x04'; cat "$fixture"; } > "$work/corpus/seed-headers"
# Mode 0 seed: one record count byte, then a payload (the example of docs/FORMAT.md §15).
printf '\x00\x01\x04\x04live\x06Action\x04step\x01n\x01\x01\x00\xe8\x07\x02\x01\x00\x04\x01\x02\x01\x03\x0b\x02' \
    > "$work/corpus/seed-payload"
# The same payload replayed (6) and rendered (8); the fixture growing in three parts (5); two
# structures to diff (7).
payload='\x01\x04\x04live\x06Action\x04step\x01n\x01\x01\x00\xe8\x07\x02\x01\x00\x04\x01\x02\x01\x03\x0b\x02'
printf "\x06$payload" > "$work/corpus/seed-replay"
printf "\x08$payload" > "$work/corpus/seed-render"
{ printf '\x05\x03\x40\x00\xc0\x00\x10\x01'; cat "$fixture"; } > "$work/corpus/seed-growing"
printf '\x07\x01\x03\x02\x00\x0b\x02\x01\x0a\x03abc\x01\x03\x02\x00\x0b\x04\x01\x0a\x03a\x1bc' > "$work/corpus/seed-diff"
# The fixture as a live stream in three parts through a listener's connection (9), with a
# budget of 64 KiB; two acknowledgements in two parts (10).
{ printf '\x09\x06\x02\x20\x90'; cat "$fixture"; } > "$work/corpus/seed-live"
printf '\x0a\x01\x07SSLM\x01\x01\x00\x00\x08\x00\x00\x00\x2a\x00\x00\x00\x00\x00\x00\x00SSLM\x01\x01\x00\x00\x08\x00\x00\x00\x2b\x00\x00\x00\x00\x00\x00\x00' > "$work/corpus/seed-messages"
# Modes 12-14: a command body, a control request line, an action literal.
printf '\x0c\x01\x01\x07\x04main\x01\x02' > "$work/corpus/seed-command"
printf '\x0d{"command":"dispatch","action":".step(1, \\"a\\")"}' > "$work/corpus/seed-request"
# Mode 15: a pairing hello then a proof (wrong), cut in two places.
printf '\x0f\x02\x10\x20SSPH\x01\x01\x00\x00aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaSSPA\x01\x01\x00\x00bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb' > "$work/corpus/seed-pairing"
printf '\x0e.navigate(.detail(userID: 2, name: "a\\u{1F600}", tags: ["x"], at: nil))' > "$work/corpus/seed-literal"
printf '\x0eInboxAction.received(Message(id: UUID("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"), at: 2025-12-01T04:24:02.1234567Z, labels: Set(["a"]), pair: (1, x: -nan), badge: Badge#2(rate: Date(-0.0))))' > "$work/corpus/seed-literal-kinds"
# Mode 11: a control outcome as an app logs it.
printf '\x0bcontrol #7 jump #42 \xe2\x86\x92 done (store "main", asked by pid 4242 uid 1000, listener pid 4100 uid 1000)' \
    > "$work/corpus/seed-outcome"

cd "$work/crashes"
exec "$work/trace-fuzz" -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 "$@" "$work/corpus"
