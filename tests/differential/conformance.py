"""The official client conformance suites (spec/a2ui/conformance/client), run through our CLI.

Every case of every suite file is read. A case is a v0.9 case when it states v0.9 or
v0.9.1 (its protocolVersion, its catalog's version, or its messages' `version`), or
when it states no version at all (a version-neutral case, which v0.9 must pass too).
Cases for v1.0 or v0.8 are counted and set aside.

A v0.9 case is *expressible* when it is "stream in -> accepted/refused (and state)":
`process_messages` and `validate` (messages, or steps of messages, each expected to
be accepted or to raise) and `data_model` (a model built from `initial`, then
set/delete/get steps, which become updateDataModel envelopes on one surface and reads
of the data model our report prints). Other actions (resolving a path, building
capabilities, evaluating one function, loading catalogs, A2A parts) are not streams
and are listed with the reason.

Catalogs: the CLI renders the Basic Catalog only.
* `catalogPaths` naming the Basic Catalog file: the ids the cases use for that loaded
  catalog (PLACEHOLDER_IDS) are rewritten to the Basic Catalog's id; other ids (such as
  "unknown-catalog") are left as they are.
* an inline catalog stands in for the Basic Catalog when every component it defines
  exists there with at least the properties it lists, and every theme property it
  defines exists in the Basic theme with the same type and pattern; its id is then
  rewritten to the Basic Catalog's id. Otherwise (custom components, custom functions)
  the case is not expressible.

Expected errors: a step that expects an error agrees when we refuse at least one of its
envelopes; a step that expects none agrees when we apply all of them. Expected state is
checked where our report shows it (a surface exists or not, its data model, its number
of components); what the report does not carry (theme, sendDataModel, component
properties, observer notifications) is listed as unchecked.
"""

from __future__ import annotations

import copy
import json

import yaml

from common import BASIC_CATALOG_ID, spec_dir

# Ids the suites give the catalog they load from a file (catalogPaths).
PLACEHOLDER_IDS = {"test-catalog", "standard", "https://a2ui.org/basic-catalog", "v09-cat", "basic"}
BASIC_FILES = ("v0_9/catalogs/basic/catalog.json", "v0_9_1/catalogs/basic/catalog.json")

NOT_STREAMS = {
    "resolve_path": "resolves a relative path against a context path: a renderer helper, not a stream",
    "get_renderer_capabilities": "builds a2uiClientCapabilities from registered catalogs, not a stream (ours: client_capabilities, SurfaceStore.clientCapabilities in JS)",
    "get_renderer_data_model": "needs each surface's sendDataModel, which the CLI report does not carry (ours: SurfaceStore.client_data_model, clientDataModel in JS)",
    "evaluate_function": "evaluates one function call; the CLI report does not show evaluated values (ours: crates/surfaces-core/tests/a2ui_functions.rs)",
    "dispatch_action": "builds the action message for a click, not a stream (ours: SurfaceStore.action)",
    "catalog_schema": "loads a catalog document, not a stream",
    "from_json": "loads a catalog document, not a stream",
    "common_types_schema": "loads the common types schema, not a stream",
    "validate_common_type": "validates one common-type value, not a stream",
}
A2A_ACTIONS = {"create_a2ui_part", "is_a2ui_part", "try_activate_extension", "handle_rpc", "get_extension", "try_activate", "select_newest"}


# --- reading cases ---------------------------------------------------------------------------


def suite_files():
    root = spec_dir() / "a2ui" / "conformance" / "client"
    return sorted((root / "core").glob("*.yaml")) + sorted((root / "extensions").rglob("*.yaml"))


def _envelopes_of(case):
    out = []
    for holder in [case] + list(case.get("steps") or []):
        for key in ("messages", "payload"):
            v = holder.get(key)
            if isinstance(v, dict) and isinstance(v.get("messages"), list):
                v = v["messages"]
            if isinstance(v, list):
                out += v
    return out


def version_of(case) -> str:
    cats = [case["catalog"]] if isinstance(case.get("catalog"), dict) else []
    cats += [c for c in case.get("catalogs") or [] if isinstance(c, dict)]
    stated = {case.get("protocolVersion")}
    for c in cats:
        stated.add(c.get("protocolVersion"))
        if c.get("version") is not None:
            stated.add("v" + str(c["version"]).lstrip("v"))
    envs = _envelopes_of(case)
    stated |= {e.get("version") for e in envs if isinstance(e, dict)}
    if "v1.0" in stated or '"@call"' in json.dumps(envs):
        return "v1.0"
    if "v0.8" in stated:
        return "v0.8"
    if stated & {"v0.9", "v0.9.1"}:
        return "v0.9"
    return "neutral"


# --- catalogs ---------------------------------------------------------------------------------


def _basic_props(basic, name):
    props = set()
    for part in basic["components"][name].get("allOf", []):
        props |= set(part.get("properties", {}))
    return props | {"id", "accessibility", "weight", "checks"}


def stand_in(cat, basic):
    """(True, note) when the Basic Catalog can stand in for an inline catalog, else (False, why)."""
    if cat.get("functions"):
        return False, f"inline catalog {cat.get('catalogId')!r} defines its own functions"
    for name, schema in (cat.get("components") or {}).items():
        if name not in basic["components"]:
            return False, f"inline catalog {cat.get('catalogId')!r} has a {name} component, which the Basic Catalog lacks"
        props = set((schema or {}).get("properties", {})) - {"component"}
        missing = props - _basic_props(basic, name)
        if missing:
            return False, (f"inline catalog {cat.get('catalogId')!r} gives {name} the properties "
                           f"{sorted(missing)}, which the Basic Catalog's {name} lacks")
    theme = cat.get("theme")
    if theme:
        basic_theme = basic["$defs"]["theme"]["properties"]
        for p, s in (theme.get("properties") or {}).items():
            b = basic_theme.get(p)
            if not b or b.get("type") != s.get("type") or b.get("pattern") != s.get("pattern"):
                return False, f"inline catalog {cat.get('catalogId')!r} has a theme property {p!r} unlike the Basic theme's"
    return True, ""


def catalog_mapping(case, basic):
    """({catalog id: Basic id}, None) or (None, why the case is not expressible)."""
    mapping = {p: BASIC_CATALOG_ID for p in PLACEHOLDER_IDS}
    paths = list(case.get("catalogPaths") or []) + ([case["catalogPath"]] if case.get("catalogPath") else [])
    for p in paths:
        if not p.endswith(BASIC_FILES):
            return None, f"loads the catalog file {p}, which is not the Basic Catalog"
    inline = list(case.get("catalogs") or [])
    if isinstance(case.get("catalog"), dict) and ("components" in case["catalog"] or "theme" in case["catalog"]):
        inline.append(case["catalog"])
    for cat in inline:
        if not (cat.get("components") or cat.get("theme") or cat.get("functions")):
            continue
        ok, why = stand_in(cat, basic)
        if not ok:
            return None, why + " (the CLI renders the Basic Catalog only)"
        mapping[cat["catalogId"]] = BASIC_CATALOG_ID
    return mapping, None


def _translate(envs, mapping):
    out = copy.deepcopy(envs)
    for e in out if isinstance(out, list) else out.get("messages", []):
        body = e.get("createSurface") if isinstance(e, dict) else None
        if isinstance(body, dict) and isinstance(body.get("catalogId"), str) and body["catalogId"] in mapping:
            body["catalogId"] = mapping[body["catalogId"]]
    return out


# --- our data model, read the way our store reads pointers ---------------------------------------

_ABSENT = object()


def read_pointer(model, pointer: str):
    if pointer in ("", "/"):
        return model
    if not pointer.startswith("/"):
        return _ABSENT
    at = model
    for raw in pointer[1:].split("/"):
        seg = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(at, dict):
            if seg not in at:
                return _ABSENT
            at = at[seg]
        elif isinstance(at, list):
            if not seg.isdigit() or (len(seg) > 1 and seg[0] == "0") or int(seg) >= len(at):
                return _ABSENT
            at = at[int(seg)]
        else:
            return _ABSENT
    return at


def subset(expected, actual) -> bool:
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and subset(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, list):
        return isinstance(actual, list) and len(expected) == len(actual) and all(subset(a, b) for a, b in zip(expected, actual))
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected is actual
    return expected == actual


def check_state(expect, ours):
    """(problems, unchecked) for a case's expected surfaces against our report."""
    problems, unchecked = [], set()
    if not isinstance(expect, dict):
        return ["expectation is not an object of surfaces"], unchecked
    for key in expect:
        if key != "surfaces":
            unchecked.add(key)
    surfaces = {s["surfaceId"]: s for s in ours.surfaces}
    for sid, exp in (expect.get("surfaces") or {}).items():
        s = surfaces.get(sid)
        if exp.get("exists") is False:
            if s is not None:
                problems.append(f"surface {sid} should not exist")
            continue
        if s is None:
            problems.append(f"surface {sid} does not exist")
            continue
        for k, v in exp.items():
            if k == "exists":
                continue
            if k == "dataModel":
                if not subset(v, s["dataModel"]):
                    problems.append(f"{sid} data model is {json.dumps(s['dataModel'])}, expected {json.dumps(v)}")
            elif k == "components":
                n = len(v)
                if (n == 0 and s["components"] != 0) or s["components"] < n:
                    problems.append(f"{sid} has {s['components']} components, expected {n}")
                if n:
                    unchecked.add("component properties")
            else:
                unchecked.add(k)
    return problems, unchecked


# --- evaluating ---------------------------------------------------------------------------------


def _refusal_text(ours, idx):
    return "; ".join(f"#{i} " + ",".join(sorted({c for c, _, _ in ours.envelopes[i].errors})) for i in idx)


def _err_text(err):
    if isinstance(err, dict):
        return ": ".join(x for x in (err.get("category"), err.get("message")) if x) or "an error"
    return str(err)


def plan_messages(case, mapping):
    """(stream, [(start, end, expected error or None)]) for process_messages/validate."""
    steps = case.get("steps") or [case]
    case_err = case.get("expectError") or case.get("expect_error")
    if len(steps) == 1 and not case.get("steps"):
        envs = case.get("messages", case.get("payload"))
        stream = _translate(envs, mapping)
        n = len(stream["messages"]) if isinstance(stream, dict) else len(stream)
        return stream, [(0, n, case_err)]
    stream, spans = [], []
    for st in steps:
        envs = st.get("messages", st.get("payload")) or []
        if isinstance(envs, dict):
            envs = envs.get("messages", [])
        start = len(stream)
        stream += _translate(envs, mapping)
        spans.append((start, len(stream), st.get("expectError") or st.get("expect_error") or case_err))
    return stream, spans


def evaluate_messages(case, stream, spans, ours):
    """(problems, unchecked, what we refused where an error was expected)."""
    problems, refusals = [], []
    for k, (a, b, err) in enumerate(spans):
        refused = [i for i in range(a, b) if not ours.envelopes[i].applied]
        step = f"step {k + 1}: " if len(spans) > 1 else ""
        if err and not refused:
            problems.append(f"{step}expects {_err_text(err)!r}; we applied every envelope")
        elif err:
            refusals.append(f"{step}we refused {_refusal_text(ours, refused)}")
        elif not err and refused:
            problems.append(f"{step}expects success; we refused {_refusal_text(ours, refused)}")
    unchecked = set()
    if "expect" in case and not any(err for _, _, err in spans):
        p, unchecked = check_state(case["expect"], ours)
        problems += p
    return problems, unchecked, refusals


def plan_data_model(case):
    """(stream, checks) for a data_model case; checks are (prefix length, kind, step, ...)."""
    sid = "dm"
    stream = [{"version": "v0.9", "createSurface": {"surfaceId": sid, "catalogId": BASIC_CATALOG_ID}}]
    if "initial" in case:
        stream.append({"version": "v0.9", "updateDataModel": {"surfaceId": sid, "value": case["initial"]}})
    checks, unchecked = [], set()
    for k, st in enumerate(case.get("steps") or []):
        op = st.get("op")
        if op in ("set", "delete"):
            body = {"surfaceId": sid, "path": st["path"]}
            if op == "set":
                body["value"] = st.get("value")
            stream.append({"version": "v0.9", "updateDataModel": body})
            err = st.get("expect_error") or st.get("expectError")
            checks.append((len(stream), "refused" if err else "applied", k, len(stream) - 1, err))
            for p, v in (st.get("expect_values") or {}).items():
                checks.append((len(stream), "value", k, p, v))
        elif op == "get":
            if "expect" in st:
                checks.append((len(stream), "value", k, st["path"], st["expect"]))
            if st.get("expect_absent"):
                checks.append((len(stream), "absent", k, st["path"], None))
            if st.get("expect_type"):
                checks.append((len(stream), "type", k, st["path"], st["expect_type"]))
        elif op == "dispose":
            unchecked.add("dispose")
        if st.get("expect_notified") is not None:
            unchecked.add("observer notifications")
    return stream, checks, unchecked


def evaluate_data_model(checks, results_by_prefix):
    problems = []
    for prefix, kind, k, a, b in checks:
        ours = results_by_prefix[prefix]
        if ours.envelopes[0].applied is False or not ours.surfaces:
            problems.append(f"step {k + 1}: the surface was not created")
            continue
        model = ours.surfaces[0]["dataModel"]
        if kind in ("applied", "refused"):
            env = ours.envelopes[a]
            if kind == "applied" and not env.applied:
                problems.append(f"step {k + 1}: expects the write to apply; we refused it ({_refusal_text(ours, [a])})")
            if kind == "refused" and env.applied:
                problems.append(f"step {k + 1}: expects {_err_text(b)!r}; we applied the write")
            continue
        got = read_pointer(model, a)
        if kind == "value" and (got is _ABSENT or not subset(b, got) or not subset(got, b)):
            shown = "nothing" if got is _ABSENT else json.dumps(got)
            problems.append(f"step {k + 1}: {a!r} holds {shown}, expected {json.dumps(b)}")
        elif kind == "absent" and got is not _ABSENT:
            problems.append(f"step {k + 1}: {a!r} holds {json.dumps(got)}, expected nothing")
        elif kind == "type" and not isinstance(got, {"list": list, "object": dict}[b]):
            problems.append(f"step {k + 1}: {a!r} is not a {b}")
    return problems


def run(cli, basic):
    results, jobs = [], []  # jobs: (result index, stream, plan)
    for path in suite_files():
        rel = path.relative_to(spec_dir() / "a2ui" / "conformance" / "client").as_posix()
        for case in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            r = {"id": f"{path.stem}/{case['name']}", "file": rel, "name": case["name"],
                 "action": case.get("action"), "version": version_of(case)}
            results.append(r)
            if r["version"] in ("v1.0", "v0.8"):
                r["status"], r["reason"] = "not-v0.9", f"a {r['version']} case"
                continue
            action = case.get("action")
            if action in NOT_STREAMS or action in A2A_ACTIONS:
                r["status"] = "not-expressible"
                r["reason"] = NOT_STREAMS.get(action, "A2A part and extension handling, not an A2UI stream")
                continue
            if action not in ("process_messages", "validate", "data_model"):
                r["status"], r["reason"] = "not-expressible", f"action {action} is not a stream"
                continue
            if action == "data_model":
                stream, checks, unchecked = plan_data_model(case)
                if not checks:
                    r["status"], r["reason"] = "not-expressible", "asserts only observer notifications, which the CLI cannot show"
                    continue
                r["unchecked"] = sorted(unchecked)
                for prefix in sorted({c[0] for c in checks}):
                    jobs.append((len(results) - 1, stream[:prefix], ("dm", prefix, checks)))
                continue
            mapping, why = catalog_mapping(case, basic)
            if mapping is None:
                r["status"], r["reason"] = "not-expressible", why
                continue
            if not (case.get("messages") or case.get("payload") or case.get("steps")):
                r["status"], r["reason"] = "not-expressible", "has no messages"
                continue
            stream, spans = plan_messages(case, mapping)
            jobs.append((len(results) - 1, stream, ("messages", case, spans)))

    ours = cli.run_many([j[1] for j in jobs])
    dm = {}
    for (ri, stream, plan), o in zip(jobs, ours):
        r = results[ri]
        if plan[0] == "messages":
            problems, unchecked, refusals = evaluate_messages(plan[1], stream, plan[2], o)
            r["unchecked"] = sorted(unchecked)
            r["status"] = "differ" if problems else "agree"
            r["detail"] = "; ".join(problems) if problems else "; ".join(["as expected"] + refusals)
        else:
            dm.setdefault(ri, {})[plan[1]] = (o, plan[2])
    for ri, by_prefix in dm.items():
        checks = next(iter(by_prefix.values()))[1]
        problems = evaluate_data_model(checks, {p: o for p, (o, _) in by_prefix.items()})
        results[ri]["status"] = "differ" if problems else "agree"
        results[ri]["detail"] = "; ".join(problems) if problems else "as expected"
    for r in results:
        if r.get("unchecked") and r["status"] == "agree":
            r["detail"] += " (not in the CLI report, unchecked: " + ", ".join(r["unchecked"]) + ")"
    return results
