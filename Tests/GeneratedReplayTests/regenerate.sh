#!/usr/bin/env bash
# Regenerates the checked-in replay tests of the five in-repo samples: records each sample's
# scenario with `storescope demo`, then writes its test and fixture with `storescope test`.
# The samples and their reducer entry points are in samples.tsv beside this script.
# Run it from anywhere after changing a sample or the generator; commit what it writes.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/../.."
swift build --product storescope
bin="$(swift build --show-bin-path)/storescope"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
while IFS=$'\t' read -r sample reducer; do
    [[ -z "$sample" || "$sample" == \#* ]] && continue
    name="$(tr '[:lower:]' '[:upper:]' <<< "${sample:0:1}")${sample:1}ReplayTests"
    # The recording is named like the fixture, so the header names the same trace that
    # `storescope test` on the checked-in fixture names (what CheckedInReplayTests compares).
    "$bin" demo --sample "$sample" --output "$scratch/$name.sstrace" > /dev/null
    "$bin" test "$scratch/$name.sstrace" --module StoreScopeSamples --reducer "$reducer" --output "$here/$name.swift"
done < "$here/samples.tsv"
