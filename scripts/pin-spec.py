#!/usr/bin/env python3
"""The pin of the official reference data the tests read (../shared/spec, or
$AGENT_SURFACES_SPEC): every file with its upstream repository, revision, path and sha256.

  scripts/pin-spec.py --write   writes tests/spec.lock from the files and their SOURCES.txt
  scripts/pin-spec.py           checks the files against tests/spec.lock (what the tests do):
                                exit 0 when every file is there and unchanged, 1 otherwise,
                                naming each missing or altered file
"""
import hashlib
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOCK = os.path.join(ROOT, "tests", "spec.lock")
HEADER = "# local path\trepository\trevision\tupstream path\tsha256\n"


def spec_dir():
    return os.environ.get("AGENT_SURFACES_SPEC") or os.path.join(ROOT, "..", "shared", "spec")


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def provenance(spec):
    """local path -> (repository, revision, upstream path), from the SOURCES.txt files."""
    out = {}
    with open(os.path.join(spec, "SOURCES.txt"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            cols = line.rstrip("\n").split("\t")
            if len(cols) >= 4:
                out[cols[0]] = (cols[1], cols[2], cols[3])
    client = os.path.join(spec, "a2ui", "conformance", "client", "SOURCES.txt")
    with open(client, encoding="utf-8") as f:
        for line in f:
            cols = line.split()
            if len(cols) >= 3 and not line.startswith("#"):
                repo, rev, path = cols[0], cols[1], cols[2]
                local = "a2ui/conformance/client/" + path.split("conformance/", 1)[-1]
                out[local] = (repo, rev, path)
    return out


def write():
    spec = spec_dir()
    known = provenance(spec)
    rows = []
    for dirpath, _, files in os.walk(spec):
        for name in files:
            full = os.path.join(dirpath, name)
            local = os.path.relpath(full, spec).replace(os.sep, "/")
            if local in ("SOURCES.txt", "README.md") or local.endswith("/SOURCES.txt"):
                repo, rev, path = ("(this reference set)", "-", local)
            else:
                repo, rev, path = known.get(local, ("(unrecorded)", "-", local))
            rows.append(f"{local}\t{repo}\t{rev}\t{path}\t{sha256(full)}\n")
    rows.sort()
    with open(LOCK, "w", encoding="utf-8") as f:
        f.write(HEADER)
        f.writelines(rows)
    print(f"pin-spec: {len(rows)} files pinned in {os.path.relpath(LOCK, ROOT)}")


def check():
    spec = spec_dir()
    missing, altered = [], []
    n = 0
    with open(LOCK, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            local, repo, rev, path, digest = line.rstrip("\n").split("\t")
            n += 1
            full = os.path.join(spec, local)
            if not os.path.isfile(full):
                missing.append(f"{local} ({repo} {rev} {path})")
            elif sha256(full) != digest:
                altered.append(f"{local} ({repo} {rev} {path})")
    if missing or altered:
        print(f"pin-spec: the reference data in {spec} is not what tests/spec.lock pins:", file=sys.stderr)
        for what, files in (("missing", missing), ("altered", altered)):
            for f in files:
                print(f"  {what}: {f}", file=sys.stderr)
        print("Get the pinned files (README, 'Reference data') or set AGENT_SURFACES_SPEC.", file=sys.stderr)
        sys.exit(1)
    print(f"pin-spec: {n} reference files match tests/spec.lock")


if __name__ == "__main__":
    write() if sys.argv[1:] == ["--write"] else check()
