#!/usr/bin/env python3
"""Self-test of the platform gates: each must fail on the planted violations of the fixture
package (Fixtures/GateFixture) and name exactly their lines, and let the guarded lines pass.

A fixture line ending in `// PLANTED(<gate>)` must be reported by that gate; one ending in
`// GUARDED(<gate>)` must not. Gates: availability (and spi, the runtime-SPI part of the
availability gate) and linux. Prints one line per check and a closing `N passed, M failed`;
exits non-zero when any check fails.

Usage: selftest.py   (builds the fixture in .build/gates-fixture of this repository)
"""

import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
FIXTURE = os.path.join(HERE, "Fixtures", "GateFixture")
FIXTURE_ALLOWLIST = os.path.join(HERE, "Fixtures", "allowed.txt")
SCRATCH = os.path.join(ROOT, ".build", "gates-fixture")

sys.path.insert(0, HERE)
import linux_names_lint  # noqa: E402

results = {"passed": 0, "failed": 0}


def check(name, ok, detail=""):
    results["passed" if ok else "failed"] += 1
    print(f"{'PASS' if ok else 'FAIL'}: {name}" + (f"\n      {detail}" if detail and not ok else ""))


def markers(kind):
    """{(path relative to the fixture, line)} of the lines marked `// <kind>(<gate>)`, by gate."""
    found = {}
    pattern = re.compile(r"//\s*" + kind + r"\((\w+)\)\s*$")
    for directory, _, files in os.walk(os.path.join(FIXTURE, "Sources")):
        for name in sorted(files):
            path = os.path.join(directory, name)
            with open(path, encoding="utf-8") as handle:
                for number, line in enumerate(handle, start=1):
                    match = pattern.search(line)
                    if match:
                        found.setdefault(match.group(1), set()).add((os.path.relpath(path, FIXTURE), number))
    return found


def reported(output):
    return {(m.group(1), int(m.group(2))) for m in re.finditer(r"^(\S+?\.swift):(\d+): ", output, re.M)}


def run(command):
    result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    return result.returncode, result.stdout + result.stderr


def compare(gate, output, rc, planted, guarded):
    lines = reported(output)
    check(f"{gate}: exits 1 on the fixture", rc == 1, f"exit status {rc}\n{output[-3000:]}")
    missing = sorted(planted - lines)
    extra = sorted(lines - planted)
    check(f"{gate}: reports every planted line ({len(planted)})", not missing,
          "not reported: " + ", ".join(f"{p}:{n}" for p, n in missing))
    check(f"{gate}: reports nothing but the planted lines", not extra,
          "also reported: " + ", ".join(f"{p}:{n}" for p, n in extra))
    wrongly = sorted(guarded & lines)
    check(f"{gate}: passes the guarded lines ({len(guarded)})", not wrongly,
          "reported: " + ", ".join(f"{p}:{n}" for p, n in wrongly))


def condition_checks():
    cases = [
        (["os(Linux)"], False), (["canImport(Glibc)"], False), (["canImport(Musl)"], False),
        (["!canImport(Darwin)"], False), (["os(Linux) && DEBUG"], False),
        (["os(Linux) || os(macOS)"], True), (["!os(macOS)"], True), (["DEBUG"], True),
        (["canImport(Foundation)"], True), (["(arch(x86_64) || arch(arm64)) && !_ptrauth(_arm64e)"], True),
    ]
    for conditions, darwin in cases:
        trees = [linux_names_lint.parse_condition(c) for c in conditions]
        check(f"linux: #if {' && '.join(conditions)} is {'not ' if darwin else ''}Linux-only",
              linux_names_lint.darwin_can_take(trees) == darwin)
    # The #else of #if canImport(Darwin) and of #if os(Linux).
    darwin_else = [("not", linux_names_lint.parse_condition("canImport(Darwin)"))]
    check("linux: #else of #if canImport(Darwin) is Linux-only", not linux_names_lint.darwin_can_take(darwin_else))
    linux_else = [("not", linux_names_lint.parse_condition("os(Linux)"))]
    check("linux: #else of #if os(Linux) is not Linux-only", linux_names_lint.darwin_can_take(linux_else))
    code = 'let a = 1 // MSG_NOSIGNAL\n/* x /* nested */ SO_PEERCRED */ let b = "/proc/x" // c\n'
    stripped = linux_names_lint.strip_comments(code)
    check("linux: comments are stripped, strings kept",
          "MSG_NOSIGNAL" not in stripped and "SO_PEERCRED" not in stripped and '"/proc/x"' in stripped
          and stripped.count("\n") == code.count("\n"))


def range_checks():
    """The availability gate's declaration ranges: comments and strings masked, braces matched."""
    import tempfile
    from availability_gate import SourceFile, mask_code
    code = 'let a = "{ \\(f("}")) {" // }\nlet b = #"{"# /* { /* } */ */\n'
    masked = mask_code(code)
    check("availability: braces in strings, interpolations and comments are masked",
          "{" not in masked and "}" not in masked and len(masked) == len(code))
    swift = ('struct S {}\n'
             '/// Doc.\n'
             '@available(\n'
             '    iOS 17.0, macOS 14, *)\n'
             '@MainActor\n'
             'extension S {\n'
             '    func f(x: () -> Void = { }) -> String { "}" }\n'
             '}\n')
    with tempfile.NamedTemporaryFile("w", suffix=".swift", delete=False) as handle:
        handle.write(swift)
    try:
        source = SourceFile(handle.name)
        first, last = source.attributes_start(6), source.declaration_end(6, 11)
        written = source.written_availability(first, 6, 11)
    finally:
        os.unlink(handle.name)
    check("availability: a declaration's range runs from its attributes to its closing brace",
          (first, last) == (3, 8), f"lines {first}-{last}")
    check("availability: an @available written in the source is read",
          [(e["domain"], e["introduced"]["major"]) for e in written] == [("iOS", 17), ("macOS", 14)], str(written))


def main():
    planted, guarded = markers("PLANTED"), markers("GUARDED")

    condition_checks()
    range_checks()

    rc, output = run([sys.executable, os.path.join(HERE, "linux_names_lint.py"), "--root", FIXTURE, "--skip", "", "Sources"])
    compare("linux", output, rc, planted.get("linux", set()), guarded.get("linux", set()))

    gate = [sys.executable, os.path.join(HERE, "availability_gate.py"), "--package-path", FIXTURE,
            "--scratch-path", SCRATCH, "--app-targets", "FixtureApp", "--tool-targets", "FixtureTool"]
    rc, output = run(gate + ["--allowlist", FIXTURE_ALLOWLIST])
    expected = planted.get("availability", set()) | planted.get("spi", set())
    compare("availability", output, rc, expected, guarded.get("availability", set()) | guarded.get("spi", set()))
    check("availability: an unknown runtime entry point asks to be added to the table",
          "swift_fixtureUnknownEntryPoint: runtime SPI not in the gate's table: add it to the table" in output)
    check("availability: the tool-side target is checked for macOS only",
          re.search(r"FixtureTool/Tool\.swift:\d+: ObservationRegistrar \(Observation\) introduced macOS 14\.0 > floor 13$",
                    output, re.M) is not None)

    # Without the allowlist, the use inside `if #available` is reported: the allowlist is what
    # let it through (the index does not see #available).
    rc, output = run(gate + ["--skip-build", "--allowlist", os.devnull])
    allowlisted = {(p, n) for p, n in reported(output)} - expected
    check("availability: without the allowlist only the `if #available` line is added",
          rc == 1 and {p for p, _ in allowlisted} == {"Sources/FixtureApp/Availability.swift"} and len(allowlisted) == 1,
          f"added: {sorted(allowlisted)}")

    print(f"{results['passed']} passed, {results['failed']} failed")
    return 1 if results["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
