#!/usr/bin/env python3
"""Linux-name lint: fails when a name that exists only on Linux (glibc/musl) appears in Swift
code that Darwin would compile.

What counts as "Linux-only code": a line is exempt when the `#if` branches enclosing it can
never be taken on a Darwin platform. That is decided by evaluating the branch conditions the
way a Darwin compiler would: `os(macOS|iOS|tvOS|watchOS|visionOS)` for the one Darwin OS under
test, `canImport(Darwin)` and `_runtime(_ObjC)` true, `os(Linux)`, `os(Android)`, `os(Windows)`...
and `canImport(Glibc|Musl|Bionic|Android|WinSDK)` false; every other term (`DEBUG`, `arch(...)`,
`compiler(...)`, `canImport(Foundation)`, `targetEnvironment(...)`) may be either. A branch is
Linux-only when it is false for every Darwin OS and every value of those other terms. So these
are Linux-only: `#if os(Linux)`, `#if canImport(Glibc)`, `#if canImport(Musl)`, their `#elseif`
forms after a Darwin branch, the `#else` of `#if canImport(Darwin)`, `#if !canImport(Darwin)`,
and `#if os(Linux) && DEBUG`; these are not: `#if os(Linux) || os(macOS)`, `#if !os(macOS)`
(iOS would take it), `#else` of `#if os(Linux)`. Nested branches combine (all must hold).

Comments do not count; string literals do (a `"/proc/..."` path is a Linux-only name).

Usage: linux_names_lint.py [--root DIR] [PATH ...]   (default paths: Sources Viewer Tests)
Exit status: 0 clean, 1 violations found, 2 usage or parse error.
"""

import argparse
import itertools
import os
import re
import sys

# name -> why it is Linux-only. Each is matched as a whole word unless it holds punctuation.
LINUX_ONLY_NAMES = {
    "SO_PEERCRED": "Linux socket option; Darwin has LOCAL_PEERCRED / getpeereid",
    "SCM_CREDENTIALS": "Linux ancillary data; Darwin has LOCAL_PEERCRED",
    "ucred": "Linux struct ucred; Darwin has xucred",
    "MSG_NOSIGNAL": "Linux send flag; Darwin uses SO_NOSIGPIPE",
    "MSG_MORE": "Linux send flag",
    "SOCK_CLOEXEC": "Linux socket type flag; Darwin needs fcntl(FD_CLOEXEC)",
    "SOCK_NONBLOCK": "Linux socket type flag; Darwin needs fcntl(O_NONBLOCK)",
    "accept4": "Linux call; Darwin has accept + fcntl",
    "pipe2": "Linux call; Darwin has pipe + fcntl",
    "dup3": "Linux call",
    "environ": "glibc global; Darwin exports it only via _NSGetEnviron() to apps",
    "mallopt": "glibc allocator tuning; not in Darwin's libmalloc",
    "malloc_trim": "glibc allocator call",
    "malloc_usable_size": "glibc; Darwin has malloc_size",
    "mallinfo": "glibc allocator statistics",
    "mallinfo2": "glibc allocator statistics",
    "epoll_create": "Linux epoll; Darwin has kqueue",
    "epoll_create1": "Linux epoll; Darwin has kqueue",
    "epoll_ctl": "Linux epoll; Darwin has kqueue",
    "epoll_wait": "Linux epoll; Darwin has kqueue",
    "epoll_event": "Linux epoll; Darwin has kqueue",
    "inotify_init": "Linux inotify; Darwin has FSEvents / kqueue",
    "inotify_init1": "Linux inotify; Darwin has FSEvents / kqueue",
    "inotify_add_watch": "Linux inotify; Darwin has FSEvents / kqueue",
    "eventfd": "Linux eventfd",
    "signalfd": "Linux signalfd",
    "timerfd_create": "Linux timerfd",
    "timerfd_settime": "Linux timerfd",
    "memfd_create": "Linux memfd",
    "prctl": "Linux process control",
    "gettid": "Linux thread id; Darwin has pthread_threadid_np",
    "sched_getaffinity": "Linux CPU affinity",
    "get_nprocs": "glibc; use sysconf or ProcessInfo",
    "sysinfo": "Linux sysinfo(2)",
    "getauxval": "Linux auxiliary vector",
    "CLOCK_BOOTTIME": "Linux clock; Darwin has CLOCK_MONOTONIC / mach_continuous_time",
    "program_invocation_name": "glibc global",
    "__errno_location": "glibc's errno accessor",
    # Module-qualified and path names (matched as written).
    "Glibc.": "the Glibc module does not exist on Darwin",
    "Musl.": "the Musl module does not exist on Darwin",
    '"/proc': "procfs does not exist on Darwin",
    '"/sys/': "sysfs does not exist on Darwin",
}
# Not listed on purpose: CLOCK_MONOTONIC_RAW (Darwin has it since macOS 10.12 / iOS 10),
# pthread_setname_np and posix_spawn_file_actions_addchdir_np (both exist on Darwin).

_IMPORT_RE = re.compile(r"^\s*(@\w+(\([^)]*\))?\s+)*import\s+(Glibc|Musl|SwiftGlibc)\b")


def _name_pattern(names):
    parts = []
    for name in sorted(names, key=len, reverse=True):
        escaped = re.escape(name)
        if re.fullmatch(r"\w+", name):
            parts.append(r"(?<![\w.])" + escaped + r"\b" if name[0] != "_" else r"(?<!\w)" + escaped + r"\b")
        elif name.endswith("."):
            parts.append(r"(?<!\w)" + escaped)
        else:
            parts.append(escaped)
    return re.compile("|".join(parts))


NAME_RE = _name_pattern(LINUX_ONLY_NAMES)

# ---------------------------------------------------------------------------------------------
# Conditions of #if / #elseif, evaluated for Darwin.

DARWIN_OSES = ("macOS", "iOS", "tvOS", "watchOS", "visionOS")
OS_ALIASES = {"OSX": "macOS", "xrOS": "visionOS"}
NON_DARWIN_OSES = {"Linux", "Android", "Windows", "FreeBSD", "OpenBSD", "WASI", "Cygwin", "PS4", "Haiku", "none"}
DARWIN_MODULES = {"Darwin", "ObjectiveC", "os"}
NON_DARWIN_MODULES = {"Glibc", "Musl", "Bionic", "Android", "WinSDK", "ucrt", "CRT", "WASILibc", "SwiftGlibc"}


class ConditionError(Exception):
    pass


_TOKEN_RE = re.compile(r"\s*(?:(&&|\|\||!|\(|\))|([A-Za-z_][A-Za-z0-9_]*)(\s*\(\s*[^()]*\))?)")


def _tokens(text):
    pos, out = 0, []
    text = text.strip()
    while pos < len(text):
        m = _TOKEN_RE.match(text, pos)
        if not m or m.end() == pos:
            raise ConditionError(f"cannot read condition {text!r} at {text[pos:]!r}")
        if m.group(1):
            out.append(("op", m.group(1)))
        else:
            args = (m.group(3) or "").strip()
            out.append(("atom", m.group(2) + (re.sub(r"\s+", "", args) if args else "")))
        pos = m.end()
        while pos < len(text) and text[pos].isspace():
            pos += 1
    return out


def parse_condition(text):
    """A condition as a nested tuple: ('and', a, b), ('or', a, b), ('not', a), ('atom', name)."""
    tokens = _tokens(text)
    index = 0

    def peek():
        return tokens[index] if index < len(tokens) else (None, None)

    def take():
        nonlocal index
        index += 1
        return tokens[index - 1]

    def primary():
        kind, value = take() if index < len(tokens) else (None, None)
        if kind == "op" and value == "!":
            return ("not", primary())
        if kind == "op" and value == "(":
            inner = disjunction()
            if take() != ("op", ")"):
                raise ConditionError(f"unbalanced parentheses in {text!r}")
            return inner
        if kind == "atom":
            return ("atom", value)
        raise ConditionError(f"cannot read condition {text!r}")

    def conjunction():
        left = primary()
        while peek() == ("op", "&&"):
            take()
            left = ("and", left, primary())
        return left

    def disjunction():
        left = conjunction()
        while peek() == ("op", "||"):
            take()
            left = ("or", left, conjunction())
        return left

    result = disjunction()
    if index != len(tokens):
        raise ConditionError(f"trailing text in condition {text!r}")
    return result


def _darwin_value(atom, darwin_os):
    """True/False for an atom whose value is known on `darwin_os`, None when it may be either."""
    m = re.fullmatch(r"(\w+)(?:\((.*)\))?", atom)
    name, arg = m.group(1), m.group(2)
    if arg is None:
        return {"true": True, "false": False}.get(name)
    if name == "os":
        arg = OS_ALIASES.get(arg, arg)
        if arg in DARWIN_OSES:
            return arg == darwin_os
        if arg in NON_DARWIN_OSES:
            return False
        return None
    if name == "canImport":
        module = arg.split(",")[0]
        if module in DARWIN_MODULES:
            return True
        if module in NON_DARWIN_MODULES:
            return False
        return None
    if name == "_runtime":
        return arg == "_ObjC"
    if name == "targetEnvironment" and arg == "macCatalyst":
        return None if darwin_os == "iOS" else False
    return None


def _atoms(tree, into):
    if tree[0] == "atom":
        into.add(tree[1])
    else:
        for child in tree[1:]:
            _atoms(child, into)
    return into


def _evaluate(tree, values):
    kind = tree[0]
    if kind == "atom":
        return values[tree[1]]
    if kind == "not":
        return not _evaluate(tree[1], values)
    if kind == "and":
        return _evaluate(tree[1], values) and _evaluate(tree[2], values)
    return _evaluate(tree[1], values) or _evaluate(tree[2], values)


def darwin_can_take(branch):
    """Whether a branch, a conjunction of conditions (each a tree, possibly negated), can be
    taken on some Darwin platform for some value of the unknown terms."""
    atoms = set()
    for tree in branch:
        _atoms(tree, atoms)
    for darwin_os in DARWIN_OSES:
        known, unknown = {}, []
        for atom in sorted(atoms):
            value = _darwin_value(atom, darwin_os)
            if value is None:
                unknown.append(atom)
            else:
                known[atom] = value
        if len(unknown) > 12:
            return True  # too many free terms to enumerate: assume Darwin can take it
        for combination in itertools.product((False, True), repeat=len(unknown)):
            values = dict(known, **dict(zip(unknown, combination)))
            if all(_evaluate(tree, values) for tree in branch):
                return True
    return False


# ---------------------------------------------------------------------------------------------
# Source scanning: comments out, strings kept, #if nesting tracked.


_INTERESTING_RE = re.compile(r'//|/\*|"|#+"')


def block_comment_end(text, i):
    """The offset after the /* */ comment that starts at i, nested comments included (Swift
    nests them), or the text's end when it is not closed."""
    depth, j, n = 1, i + 2, len(text)
    while j < n and depth:
        if text.startswith("/*", j):
            depth, j = depth + 1, j + 2
        elif text.startswith("*/", j):
            depth, j = depth - 1, j + 2
        else:
            j += 1
    return j


def strip_comments(text):
    """The text with every comment replaced by spaces (newlines kept), string literals intact.
    Handles nested /* */ comments, "..." with escapes, \"\"\" multi-line strings and raw #"..."#."""
    out = []
    i, n = 0, len(text)
    while i < n:
        interesting = _INTERESTING_RE.search(text, i)
        if not interesting:
            out.append(text[i:])
            break
        out.append(text[i:interesting.start()])
        i = interesting.start()
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = block_comment_end(text, i)
            out.append("".join("\n" if ch == "\n" else " " for ch in text[i:j]))
            i = j
        else:  # a string literal, possibly raw (#"...")
            hashes = len(text[i:interesting.end()]) - 1
            start = i
            i += hashes
            multiline = text.startswith('"""', i)
            quote = '"""' if multiline else '"'
            i += len(quote)
            closing = quote + "#" * hashes
            while i < n:
                if text[i] == "\\" and hashes == 0:
                    i += 2
                    continue
                if text.startswith(closing, i):
                    i += len(closing)
                    break
                if text[i] == "\n" and not multiline:
                    break
                i += 1
            out.append(text[start:i])
    return "".join(out)


_DIRECTIVE_RE = re.compile(r"^\s*#(if|elseif|else|endif)\b(.*)$")


def scan_file(path, display=None):
    """(line number, name, reason, line text) for each Linux-only name outside Linux-only code."""
    with open(path, encoding="utf-8", errors="replace") as handle:
        original = handle.read()
    code = strip_comments(original)
    original_lines = original.split("\n")
    findings = []
    # Each open #if: {"previous": [trees of earlier branches], "current": [conjunction terms]}
    stack = []
    for number, line in enumerate(code.split("\n"), start=1):
        directive = _DIRECTIVE_RE.match(line)
        if directive:
            keyword, rest = directive.group(1), directive.group(2).strip()
            try:
                if keyword == "if":
                    tree = parse_condition(rest)
                    stack.append({"previous": [tree], "current": [tree]})
                elif keyword == "elseif":
                    if not stack:
                        raise ConditionError("#elseif without #if")
                    tree = parse_condition(rest)
                    frame = stack[-1]
                    frame["current"] = [("not", t) for t in frame["previous"]] + [tree]
                    frame["previous"].append(tree)
                elif keyword == "else":
                    if not stack:
                        raise ConditionError("#else without #if")
                    frame = stack[-1]
                    frame["current"] = [("not", t) for t in frame["previous"]]
                elif keyword == "endif":
                    if not stack:
                        raise ConditionError("#endif without #if")
                    stack.pop()
            except ConditionError as error:
                raise ConditionError(f"{display or path}:{number}: {error}") from None
            continue
        if _IMPORT_RE.match(line):
            matches = [("import " + _IMPORT_RE.match(line).group(3), "the module does not exist on Darwin")]
        else:
            matches = [(m.group(0), LINUX_ONLY_NAMES[m.group(0)]) for m in NAME_RE.finditer(line)]
        if not matches:
            continue
        branch = [term for frame in stack for term in frame["current"]]
        if branch and not darwin_can_take(branch):
            continue
        for name, reason in matches:
            findings.append((number, name, reason, original_lines[number - 1].strip()))
    if stack:
        raise ConditionError(f"{display or path}: #if without #endif")
    return findings


def swift_files(root, paths, skip):
    for path in paths:
        full = os.path.join(root, path)
        if os.path.isfile(full):
            yield full
            continue
        for directory, subdirs, files in os.walk(full):
            relative = os.path.relpath(directory, root)
            subdirs[:] = sorted(d for d in subdirs
                                if not d.startswith(".") and os.path.join(relative, d) not in skip)
            for name in sorted(files):
                if name.endswith(".swift"):
                    yield os.path.join(directory, name)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default=os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")),
                        help="package root (default: this repository)")
    parser.add_argument("--skip", action="append", default=None,
                        help="a directory (relative to root) not to scan; default Tests/PlatformGates")
    parser.add_argument("paths", nargs="*", default=["Sources", "Viewer", "Tests"])
    args = parser.parse_args(argv)
    skip = set(os.path.normpath(s) for s in (args.skip if args.skip is not None else ["Tests/PlatformGates"]))
    findings, scanned = [], 0
    try:
        for path in swift_files(args.root, args.paths, skip):
            scanned += 1
            display = os.path.relpath(path, args.root)
            for number, name, reason, text in scan_file(path, display):
                findings.append(f"{display}:{number}: {name} outside a Linux-only branch ({reason}): {text}")
    except ConditionError as error:
        print(f"linux-names: error: {error}", file=sys.stderr)
        return 2
    for finding in findings:
        print(finding)
    if findings:
        print(f"linux-names: FAILED: {len(findings)} Linux-only name(s) outside a Linux-only branch "
              f"in {scanned} Swift files (wrap them in #if os(Linux) / #if canImport(Glibc), "
              f"see Tests/PlatformGates/README.md)")
        return 1
    print(f"linux-names: passed ({scanned} Swift files)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
