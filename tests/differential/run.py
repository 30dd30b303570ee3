#!/usr/bin/env python3
"""Differential run: our `surfaces a2ui` against the official A2UI Python validator, and
our CLI against the official client conformance suites (v0.9 cases).

Usage (normally through scripts/differential.sh):
  run.py [--cli PATH] [--seed S] [--per-kind N] [--jobs N] [--show CLASS]... [--show-all]

Exit status: 0 when every disagreement class and every conformance difference observed
is in expected.json and every entry there still occurs; 1 otherwise; 2 on harness errors.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from collections import Counter, defaultdict

from common import HERE, REPO, basic_catalog_doc, load_examples, message_kind, spec_dir
import classify
import conformance
import mutate
import official
from ours import Cli, RawStream

DEFAULT_SEED = "agent-surfaces/differential/1"


def _sid_of(env):
    k = message_kind(env)
    if k and isinstance(env[k], dict):
        sid = env[k].get("surfaceId")
        return sid if isinstance(sid, str) else None
    return None


def compare_stream(msgs, ours, py_stream, py_envs, py_state):
    """[(view, class, envelope index or None, cascade)] for one stream."""
    out = []
    # Envelope view (lockstep).
    origin = {}  # surface id -> class of a createSurface we applied and Python refused
    for i, (env, o, p) in enumerate(zip(msgs, ours.envelopes, py_envs)):
        if o.applied and p is None:
            continue
        if not o.applied and p is not None:
            continue
        if not o.applied:
            out.append(("envelope", classify.ours_refusal_class(env, o.errors), i, False))
            continue
        sid = _sid_of(env)
        if p[1].startswith("Surface not found") and sid in origin:
            out.append(("envelope", origin[sid], i, True))
            continue
        cls = classify.python_refusal_class(p, o.notes)
        if message_kind(env) == "createSurface" and sid is not None:
            origin[sid] = cls
        out.append(("envelope", cls, i, False))
    # State view: only where every envelope got the same verdict, so both hold the same.
    if not out:
        out += [("state", c, None, False) for c in classify.state_classes(msgs, ours.surfaces, py_state)]
    # Stream view.
    if ours.refused_any and py_stream is None:
        i, first = next((i, e) for i, e in enumerate(ours.envelopes) if not e.applied)
        out.append(("stream", classify.ours_refusal_class(msgs[i], first.errors, stream_view=True), i, False))
    elif not ours.refused_any and py_stream is not None:
        notes = [n for e in ours.envelopes for n in e.notes]
        out.append(("stream", classify.python_refusal_class(py_stream, notes, stream_view=True), None, False))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", default=str(REPO / "target" / "debug" / "surfaces"))
    ap.add_argument("--seed", default=DEFAULT_SEED)
    ap.add_argument("--per-kind", type=int, default=10, help="examples mutated per mutation kind")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--show", action="append", default=[], help="print the streams of a class (repeatable)")
    ap.add_argument("--show-all", action="store_true", help="print one stream of every class")
    ap.add_argument("--by-mutation", action="store_true", help="print what each side did per mutation kind")
    ap.add_argument("--expected", default=str(HERE / "expected.json"), help="the expected-disagreements list")
    ap.add_argument("--out", default=str(HERE / "out" / "last-run.json"))
    args = ap.parse_args()

    started = time.monotonic()
    with open(args.expected, encoding="utf-8") as f:
        expected = json.load(f)
    print(f"reference data: {spec_dir()}")
    print("official validator: " + ", ".join(f"{k} {v}" for k, v in official.versions().items()))

    examples = load_examples()
    catalog = basic_catalog_doc()
    inputs = [("example", name, msgs, None) for name, msgs in examples]
    inputs += mutate.generate(examples, catalog, args.seed, args.per_kind)
    n_env = sum(len(m) for _, _, m, _ in inputs)
    print(f"inputs: {len(examples)} example streams + {len(inputs) - len(examples)} mutants "
          f"({len(mutate.kinds(catalog))} kinds, seed {args.seed!r}); {n_env} envelopes")

    cli = Cli(args.cli, jobs=args.jobs * 2)
    try:
        t0 = time.monotonic()
        ours = cli.run_many([RawStream(raw, len(m)) if raw else m for _, _, m, raw in inputs])
        t_ours = time.monotonic() - t0

        t0 = time.monotonic()
        jobs = [(m, [e.applied for e in o.envelopes]) for (_, _, m, _), o in zip(inputs, ours)]
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            py = pool.map(official.both_views, jobs, chunksize=8)
        t_py = time.monotonic() - t0

        # --- classify ------------------------------------------------------------------
        env_count, env_cascade, stream_count = Counter(), Counter(), Counter()
        by_kind = defaultdict(Counter)
        profile = defaultdict(Counter)  # mutation -> counts
        samples = defaultdict(list)
        agree_env = agree_stream = 0
        harness_problems = []
        state_count = Counter()
        for (label, name, msgs, raw), o, (ps, pe, pstate) in zip(inputs, ours, py):
            if o.stream_findings:
                harness_problems.append((label, name, o.stream_findings))
            diffs = compare_stream(msgs, o, ps, pe, pstate)
            prof = profile[label]
            prof["streams"] += 1
            prof["ours refuses"] += o.refused_any
            prof["python refuses"] += ps is not None
            prof["disagree"] += bool(diffs)
            seen_cls = set()
            agree_env += len(msgs) - sum(1 for d in diffs if d[0] == "envelope")
            agree_stream += 0 if any(d[0] == "stream" for d in diffs) else 1
            for view, cls, i, cascade in diffs:
                if view == "envelope":
                    (env_cascade if cascade else env_count)[cls] += 1
                elif view == "state":
                    state_count[cls] += 1
                else:
                    stream_count[cls] += 1
                if cls not in seen_cls:
                    by_kind[cls][label] += 1
                    seen_cls.add(cls)
                if not cascade and len(samples[cls]) < 3:
                    samples[cls].append({
                        "view": view, "envelope": i, "mutation": label, "example": name,
                        "ours": [e.errors or e.notes for e in o.envelopes],
                        "python_stream": ps, "python_envelopes": pe, "messages": raw or msgs,
                        "ours_models": {s["surfaceId"]: s["dataModel"] for s in o.surfaces},
                        "python_models": {k: v["dataModel"] for k, v in pstate.items()},
                    })

        # --- conformance ----------------------------------------------------------------
        t0 = time.monotonic()
        conf = conformance.run(cli, catalog)
        t_conf = time.monotonic() - t0
    finally:
        cli.close()

    classes = sorted(set(env_count) | set(env_cascade) | set(stream_count) | set(state_count))
    print()
    print(f"envelope view: {n_env} envelopes, {agree_env} agree; "
          f"stream view: {len(inputs)} streams, {agree_stream} agree")
    print()
    w = max([len(c) for c in classes] + [5])
    print(f"{'class':<{w}}  envelopes  (+cascade)  streams  state  mutations")
    for c in classes:
        kinds_top = ", ".join(f"{k}×{n}" for k, n in by_kind[c].most_common(4))
        casc = f"+{env_cascade[c]}" if env_cascade[c] else ""
        mark = "" if c in expected["differential"] else "  <-- NEW"
        print(f"{c:<{w}}  {env_count[c]:>9}  {casc:>10}  {stream_count[c]:>7}  {state_count[c]:>5}  {kinds_top}{mark}")

    if args.by_mutation:
        print()
        print(f"{'mutation':<34} streams  ours-refuses  python-refuses(stream)  disagree")
        for label, p in profile.items():
            print(f"{label:<34} {p['streams']:>7}  {p['ours refuses']:>12}  {p['python refuses']:>22}  {p['disagree']:>8}")

    # Conformance table.
    print()
    v09 = [r for r in conf if r["status"] != "not-v0.9"]
    counts = Counter(r["status"] for r in v09)
    print(f"conformance: {len(conf)} cases read, {len(v09)} v0.9 cases: "
          + ", ".join(f"{counts[s]} {s}" for s in ("agree", "differ", "not-expressible")))
    for r in v09:
        if r["status"] == "differ":
            mark = "" if r["id"] in expected["conformance"] else "  <-- NEW"
            print(f"  differ  {r['id']}: {r['detail']}{mark}")
    by_reason = Counter(r["reason"] for r in v09 if r["status"] == "not-expressible")
    for reason, n in by_reason.most_common():
        print(f"  not expressible ({n}): {reason}")

    # --- expected list ----------------------------------------------------------------
    failures = []
    for c in classes:
        if c not in expected["differential"]:
            failures.append(f"new disagreement class {c} (mutations: {dict(by_kind[c])})")
    for c in expected["differential"]:
        if c not in classes:
            failures.append(f"expected disagreement class {c} no longer occurs: remove it from expected.json")
    differ_ids = {r["id"] for r in v09 if r["status"] == "differ"}
    for cid in sorted(differ_ids - set(expected["conformance"])):
        failures.append(f"new conformance difference {cid}")
    for cid in sorted(set(expected["conformance"]) - differ_ids):
        failures.append(f"expected conformance difference {cid} no longer occurs: remove it from expected.json")
    for label, name, problems in harness_problems:
        failures.append(f"harness: {label} on {name}: {problems}")

    show = set(args.show) | (set(classes) if args.show_all else set()) | {c for c in classes if c not in expected["differential"]}
    for c in sorted(show):
        for s in samples.get(c, [])[:1 if c not in args.show else 3]:
            print()
            print(f"--- {c}: {s['mutation']} on {s['example']} ({s['view']} view, envelope {s['envelope']})")
            print("  ours:", json.dumps(s["ours"], ensure_ascii=True)[:800])
            print("  python stream:", s["python_stream"])
            print("  python envelopes:", s["python_envelopes"])
            if s["view"] == "state":
                print("  our data models:", json.dumps(s["ours_models"])[:600])
                print("  python data models:", json.dumps(s["python_models"], default=str)[:600])
            text = s["messages"] if isinstance(s["messages"], str) else json.dumps(s["messages"], ensure_ascii=True)
            print("  messages:", text[:800 if c not in args.show else 100000])

    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump({
            "seed": args.seed, "streams": len(inputs), "envelopes": n_env,
            "classes": {c: {"envelopes": env_count[c], "cascade": env_cascade[c], "streams": stream_count[c],
                            "state": state_count[c],
                            "mutations": dict(by_kind[c])} for c in classes},
            "mutations": profile, "samples": samples, "conformance": conf, "failures": failures,
        }, f, indent=1, ensure_ascii=False, default=str)

    total = time.monotonic() - started
    print()
    print(f"time: ours {t_ours:.1f}s ({cli.calls} CLI runs), python {t_py:.1f}s, "
          f"conformance {t_conf:.1f}s, total {total:.1f}s; details in {os.path.relpath(args.out)}")
    if failures:
        print()
        print("FAILED:")
        for f in failures:
            print("  " + f)
        return 1
    print("OK: every disagreement is expected and every expected one occurs")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except SystemExit:
        raise
    except BaseException:  # noqa: BLE001 - a harness failure is exit 2, never a pass or a diff
        import traceback

        traceback.print_exc()
        print("differential: the harness failed (exit 2)", file=sys.stderr)
        sys.exit(2)
