"""Shared paths and helpers for the differential run.

The reference data is read from `../shared/spec` beside the repository (or
`$AGENT_SURFACES_SPEC`), as the Rust tests read it
(crates/surfaces-core/tests/support/spec.rs); never from copies.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent

BASIC_CATALOG_ID = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"
# The Basic Catalog's earlier ids, which our store reads as aliases (with an info finding).
CATALOG_ALIASES = [
    "https://a2ui.org/specification/v0_9/standard_catalog.json",
    "https://a2ui.org/specification/v0_9/basic_catalog.json",
]


def spec_dir() -> Path:
    env = os.environ.get("AGENT_SURFACES_SPEC")
    d = Path(env) if env else REPO.parent / "shared" / "spec"
    if not d.is_dir():
        raise RuntimeError(
            f"the reference data is missing: {d} (set AGENT_SURFACES_SPEC)"
        )
    return d


def examples_dir() -> Path:
    return spec_dir() / "a2ui" / "v0_9" / "catalogs" / "basic" / "examples"


def basic_catalog_doc() -> dict:
    path = spec_dir() / "a2ui" / "v0_9" / "catalogs" / "basic" / "catalog.json"
    return json.loads(path.read_text(encoding="utf-8"))


def load_examples() -> list[tuple[str, list]]:
    """The official example streams, as (name, messages), in file order."""
    out = []
    for f in sorted(examples_dir().glob("*.json")):
        doc = json.loads(f.read_text(encoding="utf-8"))
        out.append((f.stem, doc["messages"]))
    if len(out) != 36:
        raise RuntimeError(f"expected 36 example streams in {examples_dir()}, found {len(out)}")
    return out


def message_kind(env) -> str | None:
    """The single message key of an envelope (`createSurface`, ...), if exactly one."""
    if not isinstance(env, dict):
        return None
    keys = [
        k
        for k in ("createSurface", "updateComponents", "updateDataModel", "deleteSurface")
        if k in env
    ]
    return keys[0] if len(keys) == 1 else None
