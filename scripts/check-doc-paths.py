#!/usr/bin/env python3
"""Fails when a document or a doc comment names a path in this repository that does not
exist (docs drift): every `backticked` token that looks like a repository path, in the
Markdown files and in the Rust files' //! and /// comments, must name a file or folder,
from the repository's root or from a crate's root (`src/card/` in a crate's map)."""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BASES = [ROOT] + [os.path.join(ROOT, "crates", c) for c in os.listdir(os.path.join(ROOT, "crates"))] + [os.path.join(ROOT, "web")]
TOP = ("crates/", "web/", "tests/", "scripts/", "bench/", "docs/", "fuzz/", "src/", ".ci/")
TOKEN = re.compile(r"`([A-Za-z0-9_./-]+)`")
# Made by a build, a test or a run, not committed.
GENERATED = ("crates/surfaces-wasm/pkg", "tests/e2e/artifacts", "tests/differential/out", "target/", "fuzz/target", "fuzz/corpus", "fuzz/artifacts", "dist")


def candidates(text):
    for m in TOKEN.finditer(text):
        t = m.group(1).rstrip(".,")
        # A segment in capitals is a placeholder (`fuzz/regressions/TARGET/`).
        placeholder = any(seg.isupper() and len(seg) > 2 for seg in t.split("/"))
        if t.startswith(TOP) and "/" in t and ".." not in t and not placeholder and not t.startswith(GENERATED):
            yield t


def exists(path):
    path = path.split("#")[0]
    return any(os.path.exists(os.path.join(base, path)) for base in BASES)


def ignored(path):
    """A path a .gitignore names is made by a build or a run (a venv, a package), so a
    clean clone does not have it; ask git rather than keep a second list."""
    path = path.split("#")[0].rstrip("/")
    # A pattern ending in "/" matches only a folder, which git cannot tell of a path
    # that is not there: ask about a file inside it too.
    try:
        r = subprocess.run(["git", "check-ignore", "--no-index", path, path + "/x"], cwd=ROOT, capture_output=True)
    except OSError:
        return False
    return r.returncode == 0


def main():
    missing = []
    for dirpath, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in (".git", "target", "node_modules", "pkg", ".venv", "corpus", "artifacts", "dist")]
        for name in files:
            full = os.path.join(dirpath, name)
            rel = os.path.relpath(full, ROOT)
            if name.endswith(".md"):
                text = open(full, encoding="utf-8").read()
            elif name.endswith(".rs"):
                text = "\n".join(l for l in open(full, encoding="utf-8") if l.lstrip().startswith(("//!", "///")))
            else:
                continue
            for t in candidates(text):
                if not exists(t) and not ignored(t):
                    missing.append(f"{rel}: `{t}`")
    if missing:
        print("check-doc-paths: these documents name paths that do not exist:", file=sys.stderr)
        for m in missing:
            print(f"  {m}", file=sys.stderr)
        sys.exit(1)
    print("check-doc-paths: every path a document names exists")


if __name__ == "__main__":
    main()
