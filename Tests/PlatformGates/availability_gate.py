#!/usr/bin/env python3
"""Availability gate: fails when code in the checked targets references an API that Apple
introduced after the package's deployment floors.

No Apple SDK exists on Linux, and the Linux compiler enforces no Apple availability. But the
Linux toolchain's own modules keep Apple's `@available` data in their symbol graphs, and the
index store records every symbol each source line references. The gate joins the two by USR:

  1. builds the checked targets with an index store (a scratch path of its own, .build/gates);
  2. reads every unit and record of that store with the toolchain's libIndexStore (ctypes);
  3. extracts the symbol graphs of the toolchain's modules (Swift, _Concurrency, Foundation...)
     and of our own modules (private declarations included, for their @available);
  4. reports each reference whose symbol (the library's or ours) was introduced above the floor
     of a checked platform, unless the declaration it sits in (related by the index, or
     containing it textually, attributes included), or an enclosing type or extension, carries
     an @available at or above that version, or Tests/PlatformGates/allowed.txt lists it;
  5. checks underscored runtime SPI (`_forEachField`, `@_silgen_name("swift_...")`) against
     the table RUNTIME_SPI below, since the graphs do not date it.

Usage: availability_gate.py [--side app|tool|all] [--skip-build] [--list-references FILE]
Exit status: 0 clean, 1 violations found, 2 the gate itself could not run.
"""

import argparse
import collections
import glob
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import indexstore  # noqa: E402
from linux_names_lint import block_comment_end, strip_comments  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE_ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
TOOLCHAIN = "/opt/swift/usr"

APPLE_PLATFORMS = ("iOS", "macOS", "macCatalyst", "tvOS", "watchOS", "visionOS")
APP_FLOORS = {"iOS": (16, 0), "macOS": (13, 0), "macCatalyst": (16, 0), "tvOS": (16, 0),
              "watchOS": (9, 0), "visionOS": (1, 0)}
TOOL_FLOORS = {"macOS": (13, 0)}

# StoreScope's targets (Package.swift): what apps link, and what runs on the developer's Mac.
DEFAULT_APP_TARGETS = ["TraceFormat", "StoreScope", "StoreScopeTCA"]
DEFAULT_TOOL_TARGETS = ["TraceAnalysis", "StoreScopeSamples", "StoreScopeCLI", "storescope"]

# The toolchain modules whose symbol graphs date the APIs. A module missing here makes its
# references undated (reported in the summary as such, never as violations).
LIBRARY_MODULES = ["Swift", "_Concurrency", "_StringProcessing", "Synchronization", "Dispatch",
                   "Foundation", "FoundationEssentials", "FoundationInternationalization",
                   "FoundationNetworking", "Observation", "RegexBuilder", "Distributed"]

# ---------------------------------------------------------------------------------------------
# Runtime SPI the symbol graphs do not carry (`@_spi(Reflection)` is stripped from the public
# interface) and runtime entry points reached by `@_silgen_name`. Each entry: the Swift runtime
# release that first shipped it, turned into OS versions by SWIFT_STDLIB below.
#
# SwiftStdlib X.Y -> OS versions: swiftlang/swift utils/availability-macros.def ("This file
# defines availability macros mapping Swift releases to ABI stable OS releases"). 5.0 is the
# first runtime in the OS; before it, apps shipped their own. visionOS 1.0 has Swift 5.9;
# Mac Catalyst started at 13.1 (Swift 5.1).
SWIFT_STDLIB = {
    "5.0": {"macOS": (10, 14, 4), "iOS": (12, 2), "watchOS": (5, 2), "tvOS": (12, 2), "macCatalyst": (13, 1), "visionOS": (1, 0)},
    "5.1": {"macOS": (10, 15), "iOS": (13, 0), "watchOS": (6, 0), "tvOS": (13, 0), "macCatalyst": (13, 1), "visionOS": (1, 0)},
    "5.2": {"macOS": (10, 15, 4), "iOS": (13, 4), "watchOS": (6, 2), "tvOS": (13, 4), "macCatalyst": (13, 4), "visionOS": (1, 0)},
    "5.4": {"macOS": (11, 3), "iOS": (14, 5), "watchOS": (7, 4), "tvOS": (14, 5), "macCatalyst": (14, 5), "visionOS": (1, 0)},
}
RUNTIME_SPI = {
    # stdlib/public/core/ReflectionMirror.swift: `@available(SwiftStdlib 5.2, *) @_spi(Reflection)
    # public func _forEachField(of:options:body:)`, and the same on `_EachFieldOptions` and
    # `_MetadataKind`.
    "_forEachField": "5.2",
    "_EachFieldOptions": "5.2",
    "_MetadataKind": "5.2",
    # Same file: `@available(SwiftStdlib 5.4, *) ... public func _forEachFieldWithKeyPath`.
    "_forEachFieldWithKeyPath": "5.4",
    # The entry points `_forEachField` itself calls (same file, `@_silgen_name` declarations).
    # They were added to the runtime for it: the Swift 5.0 ReflectionMirror.swift declares only
    # normalizedType/count/subscript/displayStyle/quickLookObject, so they are dated with it.
    'swift_reflectionMirror_recursiveCount': "5.2",
    'swift_reflectionMirror_recursiveChildMetadata': "5.2",
    'swift_reflectionMirror_recursiveChildOffset': "5.2",
    # Declared by the Swift 5.0 stdlib's ReflectionMirror.swift (Mirror is built on them): in
    # every OS runtime.
    'swift_reflectionMirror_normalizedType': "5.0",
    'swift_reflectionMirror_count': "5.0",
    'swift_reflectionMirror_subscript': "5.0",
    'swift_reflectionMirror_displayStyle': "5.0",
    # Runtime API older than the first OS runtime (include/swift/Runtime/Metadata.h; the stdlib
    # reaches them by @_silgen_name: swift_getMetadataKind in ReflectionMirror.swift,
    # swift_getTypeName behind `_typeName` in Misc.swift, swift_EnumCaseName behind
    # `print` of an enum in OutputStream.swift, swift_isClassType in ReflectionMirror.swift).
    'swift_getMetadataKind': "5.0",
    'swift_getTypeName': "5.0",
    'swift_EnumCaseName': "5.0",
    'swift_isClassType': "5.0",
}
_SPI_RE = re.compile(r'@_silgen_name\(\s*"([^"]+)"\s*\)|(?<![\w.])(_forEachFieldWithKeyPath|_forEachField|'
                     r'_EachFieldOptions|_MetadataKind)\b')


def version_text(version):
    version = tuple(version)
    if len(version) > 2 and version[2] == 0:
        version = version[:2]
    return ".".join(str(part) for part in version)


def floor_text(version):
    return str(version[0]) if tuple(version[1:]) in ((), (0,), (0, 0)) else version_text(version)


def parse_version(entry):
    if not entry:
        return None
    return (entry.get("major", 0), entry.get("minor", 0), entry.get("patch", 0))


def trim(version):
    return tuple(version) + (0,) * (3 - len(version))


def vision_from_ios(ios):
    """The visionOS version an iOS version stands for when a declaration names no visionOS:
    visionOS inherits iOS availability; its 1.x ran the iOS 17 SDK, 2 the iOS 18 one, and
    from 26 the numbers are the same."""
    if ios[0] <= 17:
        return (1, 0, 0)
    if ios[0] < 26:
        return (ios[0] - 16,) + tuple(ios[1:])
    return ios


def platform_versions(entries):
    """{platform: introduced version} and {platform: True when unavailable there} for the
    Apple platforms, from symbol-graph availability entries, with Mac Catalyst and visionOS
    inferred from iOS when not named."""
    introduced, unavailable = {}, {}
    for entry in entries or []:
        domain = entry.get("domain")
        if domain not in APPLE_PLATFORMS:
            continue
        if entry.get("isUnconditionallyUnavailable"):
            unavailable[domain] = True
        version = parse_version(entry.get("introduced"))
        if version:
            introduced[domain] = version
    if "iOS" in introduced:
        introduced.setdefault("macCatalyst", introduced["iOS"])
        introduced.setdefault("visionOS", vision_from_ios(introduced["iOS"]))
    if unavailable.get("iOS"):
        unavailable.setdefault("macCatalyst", True)
        unavailable.setdefault("visionOS", True)
    return introduced, unavailable


# ---------------------------------------------------------------------------------------------


def run(command, quiet=False, **kwargs):
    if not quiet:
        print("+ " + " ".join(command), flush=True)
    return subprocess.run(command, **kwargs)


def swift_binary():
    found = shutil.which("swift")
    return found or os.path.join(TOOLCHAIN, "bin", "swift")


def describe_package(package):
    result = run([swift_binary(), "package", "--package-path", package, "describe", "--type", "json"],
                 quiet=True, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"availability: error: swift package describe failed:\n{result.stderr}")
    return json.loads(result.stdout)


class SymbolGraphs:
    """USR -> (module, qualified name, availability entries), plus memberOf parents."""

    def __init__(self):
        self.symbols = {}
        self.parents = {}
        self.by_name = collections.defaultdict(set)  # (module, qualified name, kind) -> USRs
        self.modules_loaded = []

    def load_dir(self, directory, own_modules=()):
        synthesized = []  # copies of protocol-extension members listed under a conforming type
        for path in sorted(glob.glob(os.path.join(directory, "*.symbols.json"))):
            with open(path, encoding="utf-8") as handle:
                graph = json.load(handle)
            module = os.path.basename(path).split(".symbols.json")[0].split("@")[0]
            if module not in self.modules_loaded:
                self.modules_loaded.append(module)
            for symbol in graph.get("symbols", []):
                if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                    if module not in own_modules:
                        synthesized.append((module, symbol))
                    continue
                self._add(module, symbol["identifier"]["precise"], symbol)
            for relation in graph.get("relationships", []):
                if relation["kind"] in ("memberOf", "extensionTo") and "::SYNTHESIZED::" not in relation["source"]:
                    self.parents.setdefault(relation["source"], relation["target"])
        for module, symbol in synthesized:
            base = symbol["identifier"]["precise"].split("::SYNTHESIZED::")[0]
            if base not in self.symbols:
                self._add(module, base, symbol)

    def _add(self, module, usr, symbol):
        path_components = symbol.get("pathComponents") or [symbol["names"]["title"]]
        entry = (module, ".".join(path_components), symbol.get("availability") or [],
                 symbol["kind"]["identifier"], json.dumps(symbol.get("functionSignature"), sort_keys=True))
        if usr not in self.symbols or (not self.symbols[usr][2] and entry[2]):
            self.symbols[usr] = entry
            self.by_name[(module, entry[1], entry[3])].add(usr)


def extract_graphs(output_dir, modules, target_triple, search_paths, access_level, extra=()):
    os.makedirs(output_dir, exist_ok=True)
    failed = []
    for module in modules:
        command = [swift_binary(), "symbolgraph-extract", "-module-name", module, "-target", target_triple,
                   "-minimum-access-level", access_level, "-output-dir", output_dir] + list(extra)
        for path in search_paths:
            command += ["-I", path]
        result = run(command, quiet=True, capture_output=True, text=True)
        if result.returncode != 0:
            failed.append((module, result.stderr.strip().splitlines()[-1:] or ["failed"]))
    return failed


def index_store_path(scratch):
    # The package's own build first: a scratch path may hold others (.ci/run passes .build,
    # where the self-test's fixture package builds in .build/gates-fixture).
    own = os.path.join(scratch, f"{platform.machine()}-unknown-linux-gnu", "debug", "index", "store")
    if os.path.isdir(own):
        return own
    candidates = glob.glob(os.path.join(scratch, "*", "debug", "index", "store"))
    if not candidates:
        raise SystemExit(f"availability: error: no index store under {scratch}/*/debug/index/store")
    return max(candidates, key=os.path.getmtime)


_ACCESSOR_RE = re.compile(r"(v|i)(g|s|r|M|x|w|W|u|a|l|y)(Z?)$")


def property_of_accessor(usr, kind_name):
    """The property (or subscript) USR of an accessor's USR: the graphs list properties only.
    Swift mangles `...vp` for a property and `...vg`/`...vs`/`...vM`... for its accessors."""
    if not kind_name.startswith(("getter:", "setter:", "_modify:", "_read:", "modify:", "read:",
                                 "willSet:", "didSet:", "init:", "mutableAddress:", "unsafeAddress:")):
        return usr
    return _ACCESSOR_RE.sub(lambda m: m.group(1) + "p" + m.group(3), usr)


# A use the compiler writes itself and that Darwin's compiler writes differently below the
# symbol's availability: `for await` calls next(isolation:) (Swift 6 / iOS 18) where it is
# available and next() otherwise (SE-0421). Only for implicit references.
IMPLICIT_FALLBACKS = {"next(isolation:)": "next()"}


def usr_module(usr):
    """The module a USR names (Swift: `s:<length><module>...`), for the summary of undated ones."""
    if usr.startswith("c:"):
        return "C declarations (no Apple availability here)"
    match = re.match(r"s:(\d+)", usr)
    if match:
        length = int(match.group(1))
        return usr[match.end():match.end() + length]
    return "stdlib (s:S...) or other Swift USRs not in the graphs"


def read_allowlist(path):
    entries = []
    if not path or not os.path.exists(path):
        return entries
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = [field.strip() for field in line.split("|")]
            if len(fields) < 3 or not all(fields[:3]):
                raise SystemExit(f"availability: error: {path}:{number}: expected "
                                 f"'USR-or-name | file[:line] | reason'")
            symbol, location, reason = fields[0], fields[1], "|".join(fields[2:])
            file_part, _, line_part = location.partition(":")
            entries.append({"symbol": symbol, "file": os.path.normpath(file_part),
                            "line": int(line_part) if line_part else None, "reason": reason,
                            "where": f"{os.path.basename(path)}:{number}", "used": 0})
    return entries


def allowed(allowlist, usr, name, qualified, file, line):
    for entry in allowlist:
        if entry["symbol"] not in (usr, name, qualified):
            continue
        if entry["file"] != os.path.normpath(file):
            continue
        if entry["line"] is not None and entry["line"] != line:
            continue
        entry["used"] += 1
        return True
    return False


# ---------------------------------------------------------------------------------------------
# Declaration ranges: which of our declarations a source position lies in, textually. The index
# relates most references to the declaration they are in, but not all: an attribute (`@Observable`)
# and a macro's expansion are reported at the attribute's line, often with no relation or with one
# to a generated symbol. A reference inside an `@available` declaration's text (its attributes
# included) is in that declaration's availability context, so the gate also finds the
# declarations whose text contains the reference. A small Swift-aware scan: comments and string
# literals (with their interpolations) are blanked, then braces are matched.


def mask_code(text):
    """`text` with every comment and string literal replaced by spaces (newlines kept), so that
    what is left are code braces, parentheses and attributes at their original offsets."""
    out = list(text)
    n = len(text)

    def blank(start, end):
        for k in range(start, min(end, n)):
            if out[k] != "\n":
                out[k] = " "

    def skip_comment(i):
        if text.startswith("//", i):
            j = text.find("\n", i)
            return n if j < 0 else j
        return block_comment_end(text, i)

    def skip_string(i):
        """The offset after the string literal starting at i (at its `#`s or quote)."""
        hashes = 0
        while i < n and text[i] == "#":
            hashes, i = hashes + 1, i + 1
        multiline = text.startswith('"""', i)
        quote = '"""' if multiline else '"'
        i += len(quote)
        closing = quote + "#" * hashes
        escape = "\\" + "#" * hashes
        while i < n:
            if text.startswith(escape, i):
                i += len(escape)
                if i < n and text[i] == "(":
                    i = skip_code(i + 1, ")")  # an interpolation: code up to its `)`
                else:
                    i += 1
                continue
            if text.startswith(closing, i):
                return i + len(closing)
            if text[i] == "\n" and not multiline:
                return i
            i += 1
        return n

    def skip_code(i, closer):
        """Code from i up to the `closer` that balances it (exclusive of nothing: returns the
        offset after it), with nested strings and comments skipped."""
        depth = 0
        while i < n:
            c = text[i]
            if text.startswith("//", i) or text.startswith("/*", i):
                i = skip_comment(i)
                continue
            if c == '"' or (c == "#" and re.match(r'#+"', text[i:i + 8])):
                i = skip_string(i)
                continue
            if c == "(":
                depth += 1
            elif c == ")":
                if depth == 0 and closer == ")":
                    return i + 1
                depth -= 1
            i += 1
        return n

    i = 0
    while i < n:
        c = text[i]
        if text.startswith("//", i) or text.startswith("/*", i):
            j = skip_comment(i)
            blank(i, j)
            i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', text[i:i + 8])):
            j = skip_string(i)
            blank(i, j)
            i = j
        else:
            i += 1
    return "".join(out)


# Lines that continue a declaration's header or initializer on the next line.
_CONTINUATION_RE = re.compile(r"^\s*(\.|where\b|->|throws\b|rethrows\b|async\b|=|\?|:|&&|\|\||[+\-*/%<>&|^]|,|\{)")
_CONTINUED_RE = re.compile(r"(=|,|->|\(|\[|:|&&|\|\||\bwhere|\bin)\s*$")


_AVAILABLE_RE = re.compile(r"@available\s*\(([^()]*)\)")
_VERSION_RE = re.compile(r"\d+(\.\d+){0,2}")
_SOURCE_PLATFORMS = {"iOS": "iOS", "macOS": "macOS", "OSX": "macOS", "macCatalyst": "macCatalyst",
                     "tvOS": "tvOS", "watchOS": "watchOS", "visionOS": "visionOS"}


def _availability_entry(platform_name, version):
    parts = [int(part) for part in version.split(".")] + [0, 0]
    return {"domain": _SOURCE_PLATFORMS[platform_name],
            "introduced": {"major": parts[0], "minor": parts[1], "patch": parts[2]}}


class SourceFile:
    """One Swift file, masked, with its matched braces and line offsets."""

    def __init__(self, path):
        with open(path, "rb") as handle:
            # latin-1: one character per byte, so the index's UTF-8 columns are offsets.
            self.text = mask_code(handle.read().decode("latin-1"))
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", self.text)]
        self.lines = self.text.split("\n")
        self.closing = {}
        stack = []
        for m in re.finditer(r"[{}]", self.text):
            if m.group() == "{":
                stack.append(m.start())
            elif stack:
                self.closing[stack.pop()] = m.start()
            else:
                self.closing = None  # unbalanced: ranges end at their declaration's line
                break

    def offset(self, line, column):
        return self.line_starts[line - 1] + column - 1

    def line_of(self, offset):
        low, high = 0, len(self.line_starts)
        while low + 1 < high:
            middle = (low + high) // 2
            if self.line_starts[middle] <= offset:
                low = middle
            else:
                high = middle
        return low + 1

    def attributes_start(self, line):
        """The first line of the attribute lines directly above `line` (`@available(...)`,
        `@Observable`, an attribute whose arguments span lines), or `line` itself."""
        first, balance, number = line, 0, line - 1
        while number >= 1:
            code = self.lines[number - 1].strip()
            balance += code.count("(") - code.count(")")
            if balance < 0 or (code.startswith("@") and balance == 0):
                if balance == 0:
                    first = number
                number -= 1
                continue
            break
        return first

    def written_availability(self, first, line, column):
        """Symbol-graph-like availability entries of the `@available` attributes written from
        line `first` up to the declaration at (line, column). For the declarations the graphs do
        not list: extensions of our own types (merged into the type there) and local ones."""
        entries = []
        text = self.text[self.offset(first, 1):self.offset(line, column)]
        for arguments in _AVAILABLE_RE.findall(text):
            items = [item.strip() for item in arguments.split(",")]
            if items and items[0] in _SOURCE_PLATFORMS and len(items) > 1 and ":" in arguments:
                for item in items[1:]:  # @available(iOS, introduced: 17.0, ...)
                    key, _, value = item.partition(":")
                    if key.strip() == "introduced" and _VERSION_RE.fullmatch(value.strip()):
                        entries.append(_availability_entry(items[0], value.strip()))
                continue
            for item in items:  # @available(iOS 17.0, macOS 14.0, *)
                name, _, value = item.partition(" ")
                if name in _SOURCE_PLATFORMS and _VERSION_RE.fullmatch(value.strip()):
                    entries.append(_availability_entry(name, value.strip()))
        return entries

    def declaration_end(self, line, column):
        """The line of a declaration's end: the `}` matching its first `{` at parenthesis depth 0,
        or the end of its header/initializer when it has no braces."""
        i = self.offset(line, column)
        depth, n = 0, len(self.text)
        while i < n:
            c = self.text[i]
            if c in "([":
                depth += 1
            elif c in ")]":
                depth -= 1
                if depth < 0:
                    break
            elif c == "{" and depth == 0:
                if self.closing is None or i not in self.closing:
                    break
                return self.line_of(self.closing[i])
            elif c == "}" and depth == 0:
                break
            elif c == "\n" and depth == 0:
                number = self.line_of(i)
                following = self.lines[number] if number < len(self.lines) else ""
                if not (_CONTINUED_RE.search(self.lines[number - 1]) or _CONTINUATION_RE.match(following)):
                    return number
            i += 1
        return self.line_of(min(i, n - 1)) if n else line


DECLARATION_KINDS = {"class", "struct", "enum", "protocol", "extension", "typealias", "function",
                     "variable", "enum-constant", "instance-method", "class-method", "static-method",
                     "instance-property", "class-property", "static-property", "constructor",
                     "destructor"}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--package-path", default=PACKAGE_ROOT)
    parser.add_argument("--scratch-path", default=None, help="default: <package>/.build/gates")
    parser.add_argument("--side", choices=("app", "tool", "all"), default="all")
    parser.add_argument("--app-targets", default=",".join(DEFAULT_APP_TARGETS))
    parser.add_argument("--tool-targets", default=",".join(DEFAULT_TOOL_TARGETS))
    parser.add_argument("--allowlist", default=os.path.join(HERE, "allowed.txt"))
    parser.add_argument("--skip-build", action="store_true", help="reuse the index store already built")
    parser.add_argument("--list-references", metavar="FILE",
                        help="write every reference read from the index (TSV) to FILE")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)

    started = time.monotonic()
    package = os.path.abspath(args.package_path)
    scratch = os.path.abspath(args.scratch_path or os.path.join(package, ".build", "gates"))
    sides = {"app": ["app"], "tool": ["tool"], "all": ["app", "tool"]}[args.side]
    floors_of_target = {}
    for side in sides:
        names = [t for t in (args.app_targets if side == "app" else args.tool_targets).split(",") if t]
        for name in names:
            floors_of_target[name] = APP_FLOORS if side == "app" else TOOL_FLOORS

    description = describe_package(package)
    targets = {t["name"]: t for t in description["targets"]}
    unknown = [name for name in floors_of_target if name not in targets]
    if unknown:
        print(f"availability: error: no target named {', '.join(unknown)} in {package}", file=sys.stderr)
        return 2
    module_floors, module_sources, module_dirs = {}, {}, {}
    for name, floors in floors_of_target.items():
        target = targets[name]
        module = target.get("c99name", name)
        module_floors[module] = floors
        module_dirs[module] = os.path.join(package, target["path"])
        module_sources[module] = [os.path.join(package, target["path"], s) for s in target.get("sources", [])]

    # 1. Build, one target at a time (each builds what it depends on; the rest are no-ops).
    if not args.skip_build:
        for name in floors_of_target:
            if targets[name].get("module_type") != "SwiftTarget":
                continue
            result = run([swift_binary(), "build", "--package-path", package, "--scratch-path", scratch,
                          "--target", name, "--enable-index-store"])
            if result.returncode != 0:
                print(f"availability: error: the build of {name} failed", file=sys.stderr)
                return 2
    built = time.monotonic()

    # 2. The index: every reference made from the checked modules' source files.
    store = indexstore.IndexStore(index_store_path(scratch))
    references = []          # (file, line, column, symbol, roles, relations, module)
    index_parents = {}       # our declaration USR -> the declaration it is a child/accessor of
    declarations = collections.defaultdict(set)  # file -> {(line, column, USR)} of our declarations
    records_seen = set()
    for unit_name in store.unit_names():
        unit = store.unit(unit_name)
        if unit.is_system or unit.module_name not in module_floors:
            continue
        sources = set(module_sources[unit.module_name])
        for record, path in unit.records:
            if record in records_seen or path not in sources:
                continue
            records_seen.add(record)
            for occurrence in store.occurrences(record):
                roles = occurrence.roles
                if roles & (indexstore.ROLE_DEFINITION | indexstore.ROLE_DECLARATION):
                    if (roles & indexstore.ROLE_DEFINITION and not roles & indexstore.ROLE_IMPLICIT
                            and occurrence.symbol.kind in DECLARATION_KINDS):
                        declarations[path].add((occurrence.line, occurrence.column, occurrence.symbol.usr))
                    for rel_roles, symbol in occurrence.relations:
                        if rel_roles & (indexstore.REL_CHILDOF | indexstore.REL_ACCESSOROF):
                            index_parents.setdefault(occurrence.symbol.usr, symbol.usr)
                    continue
                if roles & indexstore.ROLE_REFERENCE:
                    references.append((path, occurrence.line, occurrence.column, occurrence.symbol, roles,
                                       occurrence.relations, unit.module_name))
    store.close()
    indexed = time.monotonic()

    # 3. Symbol graphs: the toolchain's modules (public), ours (private, for our @available).
    triple = f"{platform.machine()}-unknown-linux-gnu"
    graphs_dir = os.path.join(scratch, "symbolgraphs")
    library_dir, own_dir = os.path.join(graphs_dir, "toolchain"), os.path.join(graphs_dir, "own")
    shutil.rmtree(own_dir, ignore_errors=True)
    sdk_modules = os.path.join(TOOLCHAIN, "lib", "swift", "linux")
    # The toolchain's graphs change only with the toolchain: kept while the stamp matches.
    version = run([swift_binary(), "--version"], quiet=True, capture_output=True, text=True).stdout
    stamp = json.dumps({"swift": version, "modules": LIBRARY_MODULES, "triple": triple})
    stamp_path = os.path.join(library_dir, "stamp.json")
    failed = []
    if not os.path.exists(stamp_path) or open(stamp_path, encoding="utf-8").read() != stamp:
        shutil.rmtree(library_dir, ignore_errors=True)
        failed = extract_graphs(library_dir, LIBRARY_MODULES, triple, [sdk_modules], "public")
        with open(stamp_path, "w", encoding="utf-8") as handle:
            handle.write(stamp)
    # Our modules: the checked ones and the Swift targets they depend on (whose declarations they
    # use: those are dated too). Their C dependencies are found through the module maps SwiftPM
    # wrote into <triple>/debug/<target>.build/ (or the ones in the C targets' own sources).
    build_dir = os.path.dirname(os.path.dirname(index_store_path(scratch)))
    modules_dir = os.path.join(build_dir, "Modules")
    own_modules, pending = set(), list(module_floors)
    while pending:
        name = pending.pop()
        target = targets.get(name)
        if name in own_modules or target is None or target.get("module_type") != "SwiftTarget":
            continue
        own_modules.add(target.get("c99name", name))
        pending += target.get("target_dependencies") or []
    c_module_dirs = sorted({os.path.dirname(p) for p in glob.glob(os.path.join(package, "Sources", "**", "module.modulemap"), recursive=True)})
    module_maps = sorted(glob.glob(os.path.join(build_dir, "*.build", "module.modulemap")))
    extra = ["-emit-extension-block-symbols"]
    for module_map in module_maps:
        extra += ["-Xcc", f"-fmodule-map-file={module_map}"]
    own_failed = extract_graphs(own_dir, sorted(own_modules), triple, [modules_dir] + c_module_dirs, "private",
                                extra=extra)
    if own_failed:
        # Without them no @available of ours is known: every guarded use would be reported.
        for module, reason in own_failed:
            print(f"availability: error: no symbol graph for {module}: {' '.join(reason)}", file=sys.stderr)
        return 2
    graphs = SymbolGraphs()
    graphs.load_dir(library_dir)
    own = SymbolGraphs()
    own.load_dir(own_dir, own_modules=own_modules)
    extracted = time.monotonic()

    def symbol_entry(usr):
        return graphs.symbols.get(usr) or own.symbols.get(usr)

    def symbol_introduced(usr):
        """Per platform, the latest `introduced` along the symbol's memberOf chain (a library
        symbol's, or one of ours: its own @available, its type's, its extension's)."""
        introduced, unavailable, seen = {}, {}, set()
        while usr and usr not in seen:
            seen.add(usr)
            found = symbol_entry(usr)
            if found:
                versions, gone = platform_versions(found[2])
                for platform_name, version in versions.items():
                    introduced[platform_name] = max(introduced.get(platform_name, (0,)), version)
                unavailable.update(gone)
            usr = graphs.parents.get(usr) or own.parents.get(usr)
        return introduced, unavailable

    def context_introduced(usrs):
        """Per platform, the latest `introduced` of our declarations enclosing a reference."""
        introduced = {}
        for start in usrs:
            usr, seen = start, set()
            while usr and usr not in seen:
                seen.add(usr)
                found = own.symbols.get(usr)
                if found:
                    for platform_name, version in platform_versions(found[2])[0].items():
                        introduced[platform_name] = max(introduced.get(platform_name, (0,)), version)
                usr = own.parents.get(usr) or index_parents.get(usr)
        return introduced

    sources = {}

    def file_ranges(path):
        """[(first line, last line, availability)] of our declarations in `path` that carry an
        @available (theirs or an enclosing one's), each from its attribute lines to its end."""
        if path not in sources:
            ranges = []
            source = None
            for line, column, usr in sorted(declarations.get(path, ())):
                if source is None:
                    source = SourceFile(path)
                first = source.attributes_start(line)
                context = context_introduced([usr])
                for platform_name, version in platform_versions(
                        source.written_availability(first, line, column))[0].items():
                    context[platform_name] = max(context.get(platform_name, (0,)), version)
                if context:
                    ranges.append((first, source.declaration_end(line, column), context))
            sources[path] = ranges
        return sources[path]

    def lexical_introduced(path, line):
        """Per platform, the latest `introduced` of our declarations whose text contains `line`."""
        introduced = {}
        for first, last, context in file_ranges(path):
            if first <= line <= last:
                for platform_name, version in context.items():
                    introduced[platform_name] = max(introduced.get(platform_name, (0,)), version)
        return introduced

    def fits(usr, floors, context):
        introduced, unavailable = symbol_introduced(usr)
        for platform_name, floor in floors.items():
            if unavailable.get(platform_name):
                return False
            version = introduced.get(platform_name)
            bound = max(trim(floor), trim(context.get(platform_name, (0,))))
            if version is not None and trim(version) > bound:
                return False
        return True

    def older_equivalent(usr, roles, floors, context):
        """Linux's compiler ignores Apple availability when it picks an overload, so it can bind
        a call to a newer declaration where Darwin's binds an older one of the same name and
        signature (FixedWidthInteger's `&*` became a requirement in Swift 6; the extension
        method is still there). Such a reference is not a violation: returns the older one."""
        module, qualified, _, kind, signature = graphs.symbols[usr]
        for other in graphs.by_name.get((module, qualified, kind), ()):
            if other != usr and graphs.symbols[other][4] == signature and fits(other, floors, context):
                return "an older declaration with the same signature"
        name = qualified.rsplit(".", 1)[-1]
        if roles & indexstore.ROLE_IMPLICIT and name in IMPLICIT_FALLBACKS:
            parent = qualified.rsplit(".", 1)[0] + "." + IMPLICIT_FALLBACKS[name]
            for (other_module, other_name, _), usrs in graphs.by_name.items():
                if other_name == parent and any(fits(u, floors, context) for u in usrs):
                    return f"{parent} (the compiler's fallback below the availability)"
        return None

    # 4. Join.
    own_prefixes = tuple(f"s:{len(m)}{m}" for m in own_modules)
    resolved_newer = collections.Counter()
    allowlist = read_allowlist(args.allowlist)
    violations = {}  # (file, line, usr) -> text
    undated = collections.Counter()
    listing = []
    container_roles = (indexstore.REL_CONTAINEDBY | indexstore.REL_CALLEDBY | indexstore.REL_CHILDOF |
                       indexstore.REL_BASEOF | indexstore.REL_EXTENDEDBY | indexstore.REL_ACCESSOROF |
                       indexstore.REL_OVERRIDEOF | indexstore.REL_RECEIVEDBY)
    for path, line, column, symbol, roles, relations, module in references:
        containers = [s.usr for r, s in relations if r & container_roles]
        relative = os.path.relpath(path, package)
        if args.list_references:
            listing.append("\t".join([f"{relative}:{line}:{column}", symbol.kind, symbol.name, symbol.usr,
                                      indexstore.role_names(roles), ",".join(containers)]))
        usr = property_of_accessor(symbol.usr, symbol.name)
        if usr not in graphs.symbols and usr not in own.symbols:
            if usr in index_parents or usr.startswith(own_prefixes):
                continue  # one of our declarations the graphs do not list (a local one)
            undated[usr_module(usr)] += 1
            continue
        introduced, unavailable = symbol_introduced(usr)
        if not introduced and not unavailable:
            continue
        # The context: the declarations the index relates the reference to, and those whose text
        # (attributes included) contains it, with their enclosing ones.
        context = context_introduced(containers)
        for platform_name, version in lexical_introduced(path, line).items():
            context[platform_name] = max(context.get(platform_name, (0,)), version)
        floors = module_floors[module]
        problems = []
        for platform_name in APPLE_PLATFORMS:
            if platform_name not in floors:
                continue
            floor = trim(floors[platform_name])
            if unavailable.get(platform_name):
                problems.append(f"unavailable on {platform_name}")
                continue
            version = introduced.get(platform_name)
            if version is None or trim(version) <= floor:
                continue
            covered = context.get(platform_name)
            if covered is not None and trim(covered) >= trim(version):
                continue
            problems.append(f"{platform_name} {version_text(version)} > floor {floor_text(floors[platform_name])}")
        if not problems:
            continue
        lib_module, qualified = symbol_entry(usr)[0], symbol_entry(usr)[1]
        fallback = older_equivalent(usr, roles, module_floors[module], context) if usr in graphs.symbols else None
        if fallback:
            resolved_newer[f"{qualified} ({lib_module}) -> {fallback}"] += 1
            continue
        if allowed(allowlist, usr, symbol.name, qualified, relative, line):
            continue
        key = (relative, line, usr)
        if key not in violations:
            violations[key] = (f"{relative}:{line}: {qualified} ({lib_module}) introduced " + ", ".join(problems),
                               qualified, lib_module)

    # 5. Runtime SPI, textually (comments stripped) in the checked modules' sources.
    spi_findings = []
    for module, sources in sorted(module_sources.items()):
        floors = module_floors[module]
        for path in sorted(sources):
            if not path.endswith(".swift"):
                continue
            with open(path, encoding="utf-8", errors="replace") as handle:
                code = strip_comments(handle.read())
            relative = os.path.relpath(path, package)
            for number, text in enumerate(code.split("\n"), start=1):
                for match in _SPI_RE.finditer(text):
                    name = match.group(1) or match.group(2)
                    release = RUNTIME_SPI.get(name)
                    if release is None:
                        spi_findings.append(f"{relative}:{number}: {name}: runtime SPI not in the gate's table: "
                                            f"add it to the table RUNTIME_SPI in Tests/PlatformGates/"
                                            f"availability_gate.py with the Swift release that shipped it")
                        continue
                    versions = SWIFT_STDLIB[release]
                    problems = [f"{p} {version_text(versions[p])} > floor {floor_text(floors[p])}"
                                for p in APPLE_PLATFORMS if p in floors and trim(versions[p]) > trim(floors[p])]
                    if problems:
                        spi_findings.append(f"{relative}:{number}: {name} (runtime, Swift {release}) introduced "
                                            + ", ".join(problems))
    finished = time.monotonic()

    if args.list_references:
        with open(args.list_references, "w", encoding="utf-8") as handle:
            handle.write("location\tkind\tname\tusr\troles\tcontainers\n")
            handle.write("\n".join(listing) + "\n")

    # Report.
    for module, reason in failed:
        print(f"availability: warning: no symbol graph for {module}: {' '.join(reason)}")
    lines = [violations[key] for key in sorted(violations, key=lambda k: (k[0], k[1], violations[k][0]))]
    for text, _, _ in lines:
        print(text)
    for text in spi_findings:
        print(text)
    checked_files = {os.path.normpath(os.path.relpath(path, package))
                     for paths in module_sources.values() for path in paths}
    for entry in allowlist:
        if entry["file"] not in checked_files and os.path.exists(os.path.join(package, entry["file"])):
            continue  # a file of a target this run does not check (--side app and a sample)
        if not entry["used"]:
            print(f"availability: warning: {entry['where']}: allowlist entry matched nothing: "
                  f"{entry['symbol']} | {entry['file']}")
    files = len({os.path.relpath(p, package) for p, *_ in references})
    print(f"availability: {len(references)} references from {files} files of "
          f"{', '.join(sorted(module_floors))}; {len(graphs.symbols)} dated library symbols; "
          f"build {built - started:.0f} s, index {indexed - built:.1f} s, graphs {extracted - indexed:.1f} s, "
          f"join {finished - extracted:.1f} s")
    for text, count in sorted(resolved_newer.items()):
        print(f"availability: note: {count} reference(s) to {text}: not counted, Darwin resolves to the older one")
    if args.verbose:
        for key, count in undated.most_common(25):
            print(f"availability: undated references: {count} to {key}")
    if lines or spi_findings:
        by_symbol = collections.Counter(f"{q} ({m})" for _, q, m in lines)
        summary = ", ".join(f"{name} x{count}" for name, count in by_symbol.most_common())
        print(f"availability: FAILED: {len(lines)} reference(s) above the floors"
              + (f" [{summary}]" if summary else "")
              + (f"; {len(spi_findings)} runtime SPI finding(s)" if spi_findings else ""))
        return 1
    print("availability: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
