#!/usr/bin/env bash
# Builds a libFuzzer + AddressSanitizer binary from Sources/TraceFormat and FuzzEntry.swift
# (outside SwiftPM) and fuzzes it.
#   Tests/Fuzz/run.sh [seconds=60] [extra libFuzzer flags...]
set -euo pipefail
seconds="${1:-60}"; shift || true
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="${FUZZ_WORK:-/tmp/storescope-fuzz}"
mkdir -p "$work/corpus" "$work/crashes"

sources=()
while IFS= read -r -d '' file; do sources+=("$file"); done \
    < <(find "$root/Sources/TraceFormat" -name '*.swift' -print0 | sort -z)

swiftc -sanitize=fuzzer,address -parse-as-library -swift-version 6 -O -g \
    -module-name TraceFormatFuzz -I "$root/Sources/CZlib" -lz \
    "${sources[@]}" "$root/Tests/Fuzz/FuzzEntry.swift" -o "$work/trace-fuzz"

# Seeds: the committed fixture as a whole file (mode byte 1) and as headers (mode 4).
fixture="$root/Tests/TraceFormatTests/Fixtures/v1-sample.sstrace"
{ printf '\x01'; cat "$fixture"; } > "$work/corpus/seed-file"
{ printf '\x04'; cat "$fixture"; } > "$work/corpus/seed-headers"
# Mode 0 seed: one record count byte, then a payload (the example of docs/FORMAT.md §15).
printf '\x00\x01\x04\x04live\x06Action\x04step\x01n\x01\x01\x00\xe8\x07\x02\x01\x00\x04\x01\x02\x01\x03\x0b\x02' \
    > "$work/corpus/seed-payload"

cd "$work/crashes"
exec "$work/trace-fuzz" -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 "$@" "$work/corpus"
