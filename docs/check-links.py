#!/usr/bin/env python3
"""Checks that every internal Markdown link `](#anchor)`, `](FILE.md)` and `](FILE.md#anchor)` in
docs/, README.md and the DocC catalogues resolves: the file exists and, with an anchor, one of its
headings has that GitHub-style slug. Run from the package root: `python3 docs/check-links.py`."""
import os, re, sys, glob
root = sys.argv[1] if len(sys.argv) > 1 else "."
files = glob.glob(f"{root}/docs/*.md") + [f"{root}/README.md"] + glob.glob(f"{root}/Sources/*/*.docc/*.md")

def slugs(path):
    out, seen, fence = set(), {}, False
    for line in open(path, encoding="utf-8"):
        if line.startswith("```"):
            fence = not fence
        if fence or not re.match(r"#{1,6} ", line):
            continue
        text = re.sub(r"^#+ ", "", line.strip())
        text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
        s = text.lower()
        s = re.sub(r"[^\w\- ]", "", s).replace(" ", "-")
        n = seen.get(s, 0); seen[s] = n + 1
        out.add(s if n == 0 else f"{s}-{n}")
    return out

bad = 0
for f in files:
    text = open(f, encoding="utf-8").read()
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    for m in re.finditer(r"\]\(([^)\s]+)\)", text):
        target = m.group(1)
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        dest = os.path.normpath(os.path.join(os.path.dirname(f), path)) if path else f
        if not os.path.exists(dest):
            print(f"{f}: missing file {target}"); bad += 1; continue
        if anchor and dest.endswith(".md") and anchor not in slugs(dest):
            print(f"{f}: no heading for {target}"); bad += 1
print(f"{bad} broken links in {len(files)} files")
sys.exit(1 if bad else 0)
