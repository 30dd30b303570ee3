"""Disagreement classes.

A class is derived from what each side said (our finding codes, the Python
validator's error), never from the mutation that produced the stream, so a class
names a behaviour. Anything the rules below do not recognise gets a class that
starts with `new:` and carries the code or message, which fails the run until it
is understood and either fixed or added to expected.json.
"""

from __future__ import annotations

import re

def is_limit(code: str) -> bool:
    """Our configurable limits (crates/surfaces-core/src/a2ui/limits.rs) and their codes."""
    return (
        code.endswith(("-too-long", "-too-large", "-too-deep", "-limit"))
        or code.startswith("too-many-")
        or code == "update-rate-exceeded"
    )


def _url_class(code_path: str, message: str) -> str:
    where = "openurl" if code_path.endswith("/args/url") else "media-url"
    m = re.search(r"The `([a-z0-9+.-]+):` scheme is refused", message)
    if m:
        return f"ours-refuses-{m.group(1)}-{where}"
    if "is not an absolute URL" in message:
        return f"ours-refuses-relative-{where}"
    return f"ours-refuses-other-{where}"


def _at(env, pointer: str):
    """The value at an RFC 6901 pointer in an envelope (None when absent)."""
    at = env
    for raw in pointer.split("/")[1:] if pointer else []:
        seg = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(at, dict):
            at = at.get(seg)
        elif isinstance(at, list) and seg.isdigit() and int(seg) < len(at):
            at = at[int(seg)]
        else:
            return None
    return at


def ours_refusal_class(env, errors: list, stream_view: bool = False) -> str:
    """The class of an envelope we refused and the Python validator accepted."""
    codes = [c for c, _, _ in errors]
    for code, path, message in errors:
        if code == "surface-unknown" and isinstance(env, dict) and "deleteSurface" in env:
            return "ours-refuses-delete-of-unknown-surface"
        if code == "duplicate-key":
            return "ours-refuses-duplicate-json-key"
        if code == "number-out-of-range":
            return "ours-refuses-out-of-range-number"
        if code == "string-lone-surrogate":
            return "ours-refuses-lone-surrogate"
        if code == "envelope-not-json":
            return "python-json-reads-non-json"
        if code == "component-two-parents":
            return "ours-stricter-two-parents"
        if code == "url-refused":
            return _url_class(path, message)
        if code == "data-forbidden-key":
            return "ours-refuses-prototype-named-key"
        if code == "path-forbidden-segment":
            return "ours-refuses-prototype-named-path-segment"
        if code == "data-model-not-object":
            return "ours-refuses-non-object-data-model"
        if is_limit(code):
            return f"ours-limit-{code}"
        if code == "surface-unknown" and stream_view:
            return "python-stream-assumes-earlier-surface"
        if code == "path-not-absolute":
            return "ours-refuses-relative-update-path"
        if code == "wrong-type" and isinstance(_at(env, path), (str, int, float, bool)):
            # pydantic's lax mode: "1" for a number, "yes" or 1 for a boolean, true for 1.
            return "python-coerces-scalar-types"
    return "new:ours-refuses:" + ",".join(sorted(set(codes)))


def _shape(message: str) -> str:
    """A python error message with its specifics (quoted names, numbers) taken out."""
    s = re.sub(r"'[^']*'", "'…'", message)
    s = re.sub(r"\d+", "N", s)
    return s[:80]


def python_refusal_class(err: tuple, notes: list, stream_view: bool = False) -> str:
    """The class of an envelope (or stream) the Python validator refused and we applied."""
    etype, message = err
    note_codes = {c for c, _, _ in notes}
    if message.startswith("Catalog not found"):
        if "catalog-alias" in note_codes:
            return "ours-accepts-catalog-alias"
    if "non-numeric segment '-'" in message:
        return "ours-appends-at-dash-index"
    if "missing an 'id'" in message:
        return "python-refuses-empty-component-id"
    if etype == "A2uiRecursionError" and "functionCall depth" in message:
        return "python-refuses-function-depth"
    if stream_view:
        if "Missing root component" in message:
            return "python-whole-stream-missing-root"
        if message.startswith("Dangling reference"):
            return "python-whole-stream-dangling-child"
        if "is not reachable from" in message:
            return "python-whole-stream-orphan"
    return f"new:python-refuses:{etype}:{_shape(message)}"


def _big_ints(a, b) -> bool:
    """Whether a and b differ only where b holds an integer past 64 bits that a holds as a float."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_big_ints(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_big_ints(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and isinstance(b, int) and not isinstance(b, bool):
        return (b > 2**64 - 1 or b < -(2**63)) and float(b) == a
    return a == b


def state_classes(msgs, ours_surfaces, py_state) -> list:
    """Classes for a stream both sides folded the same envelopes of, where the states differ."""
    ours = {s["surfaceId"]: s for s in ours_surfaces}
    if set(ours) != set(py_state):
        return ["new:state:surfaces-differ"]
    out = []
    for sid, o in ours.items():
        p = py_state[sid]
        if o["components"] != p["components"] or o["root"] != p["root"]:
            out.append("new:state:components-differ")
        if o["dataModel"] != p["dataModel"]:
            updates = [
                m["updateDataModel"]
                for m in msgs
                if isinstance(m, dict) and isinstance(m.get("updateDataModel"), dict)
            ]
            paths = [u.get("path") for u in updates]
            if any(isinstance(x, str) and len(x) > 1 and x.endswith("/") for x in paths):
                out.append("state-trailing-slash-is-a-key")
            elif any("value" in u and u["value"] is None for u in updates):
                out.append("state-null-value-is-stored")
            elif _big_ints(o["dataModel"], p["dataModel"]):
                out.append("state-integers-past-64-bits-become-doubles")
            else:
                out.append("new:state:data-model-differs")
    return out
