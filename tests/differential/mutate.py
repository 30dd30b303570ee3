"""Deterministic mutations of the official example streams.

Each mutation kind is a function `(rng, messages) -> messages | None` that changes
one thing in a deep copy of an example stream (None when the example has nothing
it applies to). `generate(examples, seed, per_kind)` applies every kind to
`per_kind` examples chosen with a PRNG seeded by (seed, kind), so the set of
streams is the same on every run and machine.
"""

from __future__ import annotations

import copy
import json
import random

from common import BASIC_CATALOG_ID, CATALOG_ALIASES

# --- helpers -------------------------------------------------------------------------------

CONTAINERS_WITH_LIST = ("Row", "Column", "List")


def _sid(msgs):
    for m in msgs:
        if isinstance(m, dict) and "createSurface" in m:
            return m["createSurface"]["surfaceId"]
    return None


def _idx(msgs, kind):
    return [i for i, m in enumerate(msgs) if isinstance(m, dict) and kind in m]


def _comps(msgs):
    """[(message index, component index, component)] over every updateComponents."""
    out = []
    for mi in _idx(msgs, "updateComponents"):
        for ci, c in enumerate(msgs[mi]["updateComponents"]["components"]):
            out.append((mi, ci, c))
    return out


def _refs(c):
    """Ids a component names as its children (static lists, child, tabs, modal parts)."""
    out = []
    ch = c.get("children")
    if isinstance(ch, list):
        out += ch
    elif isinstance(ch, dict) and "componentId" in ch:
        out.append(ch["componentId"])
    for k in ("child", "trigger", "content"):
        if isinstance(c.get(k), str):
            out.append(c[k])
    for t in c.get("tabs", []) or []:
        if isinstance(t, dict) and isinstance(t.get("child"), str):
            out.append(t["child"])
    return out


def _parents(msgs):
    """id -> list of parent ids, over the last definition of each component."""
    last = {}
    for _, _, c in _comps(msgs):
        last[c["id"]] = c
    parents = {}
    for pid, c in last.items():
        for r in _refs(c):
            parents.setdefault(r, []).append(pid)
    return last, parents


def _descendants(last, start):
    seen, stack = set(), [start]
    while stack:
        x = stack.pop()
        if x in seen or x not in last:
            continue
        seen.add(x)
        stack.extend(_refs(last[x]))
    return seen


def _leaves(msgs, types=None):
    """Components with no children of their own (optionally of the given types)."""
    return [
        (mi, ci, c)
        for mi, ci, c in _comps(msgs)
        if not _refs(c) and (types is None or c.get("component") in types)
    ]


def _list_containers(msgs):
    return [
        (mi, ci, c)
        for mi, ci, c in _comps(msgs)
        if c.get("component") in CONTAINERS_WITH_LIST and isinstance(c.get("children"), list)
    ]


def _walk(node, fn, path=()):
    """Calls fn(dict, path) for every dict below node."""
    if isinstance(node, dict):
        fn(node, path)
        for k, v in list(node.items()):
            _walk(v, fn, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            _walk(v, fn, path + (i,))


def _find_dicts(msgs, pred):
    found = []
    for mi, ci, c in _comps(msgs):
        _walk(c, lambda d, p, mi=mi, ci=ci: found.append((mi, ci, d)) if pred(d) else None)
    return found


def _choice(rng, items):
    return rng.choice(items) if items else None


def _rename_everywhere(msgs, old, new):
    for _, _, c in _comps(msgs):
        if c.get("id") == old:
            c["id"] = new
        ch = c.get("children")
        if isinstance(ch, list):
            c["children"] = [new if x == old else x for x in ch]
        elif isinstance(ch, dict) and ch.get("componentId") == old:
            ch["componentId"] = new
        for k in ("child", "trigger", "content"):
            if c.get(k) == old:
                c[k] = new
        for t in c.get("tabs", []) or []:
            if isinstance(t, dict) and t.get("child") == old:
                t["child"] = new


def _env(kind, body, version="v0.9"):
    return {"version": version, kind: body}


def _text_to(rng, msgs, make):
    """Turns one leaf Text into another component built by make(id)."""
    pick = _choice(rng, _leaves(msgs, ("Text",)))
    if not pick:
        return None
    mi, ci, c = pick
    msgs[mi]["updateComponents"]["components"][ci] = make(c["id"])
    return msgs


# --- envelope level ---------------------------------------------------------------------------


def m_drop_version(rng, msgs):
    del rng.choice(msgs)["version"]
    return msgs


def _set_version(value):
    def f(rng, msgs):
        rng.choice(msgs)["version"] = value
        return msgs

    return f


def m_version_all_v091(rng, msgs):
    for m in msgs:
        m["version"] = "v0.9.1"
    return msgs


def m_unknown_key_envelope(rng, msgs):
    rng.choice(msgs)["metadata"] = {"trace": "x"}
    return msgs


def m_two_messages(rng, msgs):
    i = _idx(msgs, "createSurface")[0]
    msgs[i]["deleteSurface"] = {"surfaceId": _sid(msgs)}
    return msgs


def m_non_object_envelope(rng, msgs):
    msgs.insert(rng.randrange(len(msgs) + 1), rng.choice(["hello", 42, None, [], True]))
    return msgs


def m_version_only_envelope(rng, msgs):
    msgs.insert(rng.randrange(1, len(msgs) + 1), {"version": "v0.9"})
    return msgs


# --- createSurface ------------------------------------------------------------------------------


def _cs(msgs):
    return msgs[_idx(msgs, "createSurface")[0]]["createSurface"]


def m_drop_surface_id(rng, msgs):
    m = rng.choice(msgs)
    body = next(v for k, v in m.items() if k != "version")
    del body["surfaceId"]
    return msgs


def m_drop_catalog_id(rng, msgs):
    del _cs(msgs)["catalogId"]
    return msgs


def m_wrong_type_surface_id(rng, msgs):
    m = rng.choice(msgs)
    body = next(v for k, v in m.items() if k != "version")
    body["surfaceId"] = rng.choice([42, None, ["main"], {"id": "main"}])
    return msgs


def m_catalog_alias_standard(rng, msgs):
    _cs(msgs)["catalogId"] = CATALOG_ALIASES[0]
    return msgs


def m_catalog_alias_basic(rng, msgs):
    _cs(msgs)["catalogId"] = CATALOG_ALIASES[1]
    return msgs


def m_catalog_unknown(rng, msgs):
    _cs(msgs)["catalogId"] = rng.choice(
        [
            "https://example.com/catalogs/custom/catalog.json",
            BASIC_CATALOG_ID + "/",
            BASIC_CATALOG_ID.upper(),
            "basic",
        ]
    )
    return msgs


def m_unknown_key_create(rng, msgs):
    _cs(msgs)["components"] = []
    return msgs


def m_theme_bad_color(rng, msgs):
    _cs(msgs)["theme"] = {"primaryColor": rng.choice(["red", "#12345", "#GGGGGG", "rgb(0,0,0)"])}
    return msgs


def m_theme_valid(rng, msgs):
    _cs(msgs)["theme"] = {
        "primaryColor": "#00BFFF",
        "agentDisplayName": "Assistant",
        "iconUrl": "https://agent.example/icon.png",
    }
    return msgs


def m_theme_extra_key(rng, msgs):
    _cs(msgs)["theme"] = {"fontFamily": "serif"}
    return msgs


def m_theme_icon_javascript(rng, msgs):
    _cs(msgs)["theme"] = {"iconUrl": "javascript:alert(1)"}
    return msgs


def m_theme_not_object(rng, msgs):
    _cs(msgs)["theme"] = "dark"
    return msgs


def m_send_data_model_true(rng, msgs):
    _cs(msgs)["sendDataModel"] = True
    return msgs


def m_send_data_model_string(rng, msgs):
    _cs(msgs)["sendDataModel"] = "yes"
    return msgs


def m_duplicate_create(rng, msgs):
    i = _idx(msgs, "createSurface")[0]
    msgs.insert(rng.randrange(i + 1, len(msgs) + 1), copy.deepcopy(msgs[i]))
    return msgs


def m_recreate_after_delete(rng, msgs):
    sid = _sid(msgs)
    cs = copy.deepcopy(msgs[_idx(msgs, "createSurface")[0]])
    msgs += [_env("deleteSurface", {"surfaceId": sid}), cs]
    return msgs


# --- updateComponents ---------------------------------------------------------------------------


def _uc(rng, msgs):
    ids = _idx(msgs, "updateComponents")
    return msgs[rng.choice(ids)]["updateComponents"] if ids else None


def m_drop_components(rng, msgs):
    uc = _uc(rng, msgs)
    if uc is None:
        return None
    del uc["components"]
    return msgs


def m_empty_components(rng, msgs):
    uc = _uc(rng, msgs)
    if uc is None:
        return None
    uc["components"] = []
    return msgs


def m_wrong_type_components(rng, msgs):
    uc = _uc(rng, msgs)
    if uc is None:
        return None
    comps = uc["components"]
    uc["components"] = {c["id"]: c for c in comps}
    return msgs


def m_unknown_key_update(rng, msgs):
    uc = _uc(rng, msgs)
    if uc is None:
        return None
    uc["replace"] = True
    return msgs


def m_drop_component_id(rng, msgs):
    _, _, c = rng.choice(_comps(msgs))
    del c["id"]
    return msgs


def m_drop_component_type(rng, msgs):
    _, _, c = rng.choice(_comps(msgs))
    del c["component"]
    return msgs


def make_drop_required(catalog):
    required = {}
    for name, schema in catalog["components"].items():
        req = set()
        for part in schema.get("allOf", [schema]):
            req |= set(part.get("required", []))
        required[name] = sorted(req - {"component", "id"})

    def m_drop_required_prop(rng, msgs):
        cands = [
            (c, r)
            for _, _, c in _comps(msgs)
            for r in required.get(c.get("component"), [])
            if r in c
        ]
        if not cands:
            return None
        c, r = rng.choice(cands)
        del c[r]
        return msgs

    return m_drop_required_prop


def m_unknown_key_component(rng, msgs):
    _, _, c = rng.choice(_comps(msgs))
    c[rng.choice(["style", "onClick", "className", "visible"])] = "x"
    return msgs


def m_unknown_component(rng, msgs):
    _, _, c = rng.choice(_comps(msgs))
    c["component"] = rng.choice(["Blink", "Marquee", "Script", "Iframe"])
    return msgs


def m_lowercase_component(rng, msgs):
    _, _, c = rng.choice(_comps(msgs))
    c["component"] = c["component"].lower()
    return msgs


def _flip(v):
    if isinstance(v, bool):
        return "true"
    if isinstance(v, str):
        return 42
    if isinstance(v, (int, float)):
        return "not-a-number"
    if isinstance(v, list):
        return {"items": v}
    if isinstance(v, dict):
        return [v]
    return {"null": True}


def m_wrong_type_prop(rng, msgs):
    cands = [
        (c, k)
        for _, _, c in _comps(msgs)
        for k in c
        if k not in ("id", "component")
    ]
    if not cands:
        return None
    c, k = rng.choice(cands)
    c[k] = _flip(c[k])
    return msgs


def m_null_prop(rng, msgs):
    cands = [(c, k) for _, _, c in _comps(msgs) for k in c if k not in ("id", "component")]
    if not cands:
        return None
    c, k = rng.choice(cands)
    c[k] = None
    return msgs


def m_unknown_key_binding(rng, msgs):
    found = _find_dicts(msgs, lambda d: set(d) == {"path"} and isinstance(d["path"], str))
    pick = _choice(rng, found)
    if not pick:
        return None
    pick[2]["default"] = "fallback"
    return msgs


def m_unknown_key_action(rng, msgs):
    found = _find_dicts(msgs, lambda d: isinstance(d.get("event"), dict) and "name" in d["event"])
    pick = _choice(rng, found)
    if not pick:
        return None
    pick[2]["event"]["target"] = "https://agent.example/hook"
    return msgs


def _calls(msgs):
    return _find_dicts(msgs, lambda d: isinstance(d.get("call"), str))


def m_unknown_function(rng, msgs):
    pick = _choice(rng, _calls(msgs))
    if pick:
        pick[2]["call"] = rng.choice(["eval", "fetch", "exec"])
        return msgs
    return _text_to(
        rng,
        msgs,
        lambda i: {"id": i, "component": "Text", "text": {"call": "eval", "args": {"code": "1"}, "returnType": "string"}},
    )


def m_web_core_function(rng, msgs):
    name = rng.choice(["add", "equals", "contains", "concat"])
    return _text_to(
        rng,
        msgs,
        lambda i: {"id": i, "component": "Text", "text": {"call": name, "args": {"a": 1, "b": 2}, "returnType": "string"}},
    )


def m_function_depth(rng, msgs):
    depth = rng.choice([6, 8, 12])

    def make(i):
        v = "x"
        for _ in range(depth):
            v = {"call": "formatString", "args": {"value": v}, "returnType": "string"}
        return {"id": i, "component": "Text", "text": v}

    return _text_to(rng, msgs, make)


def m_format_string_valid(rng, msgs):
    return _text_to(
        rng,
        msgs,
        lambda i: {"id": i, "component": "Text", "text": {"call": "formatString", "args": {"value": "Hi ${/name}"}, "returnType": "string"}},
    )


def m_duplicate_id_in_update(rng, msgs):
    mi, ci, c = rng.choice(_comps(msgs))
    dup = copy.deepcopy(c)
    if rng.random() < 0.5 and "text" in dup and isinstance(dup["text"], str):
        dup["text"] += " (again)"
    msgs[mi]["updateComponents"]["components"].append(dup)
    return msgs


def m_cycle_self(rng, msgs):
    pick = _choice(rng, _list_containers(msgs) + [x for x in _comps(msgs) if x[2].get("component") == "Card"])
    if not pick:
        return None
    c = pick[2]
    if isinstance(c.get("children"), list):
        c["children"].append(c["id"])
    else:
        c["child"] = c["id"]
    return msgs


def m_cycle_to_root(rng, msgs):
    cands = [x for x in _list_containers(msgs) if x[2]["id"] != "root"]
    pick = _choice(rng, cands)
    if not pick:
        return None
    pick[2]["children"].append("root")
    return msgs


def _two_parent_pick(rng, msgs):
    last, parents = _parents(msgs)
    conts = [c for c in last.values() if c.get("component") in CONTAINERS_WITH_LIST and isinstance(c.get("children"), list)]
    cands = []
    for a in conts:
        for x, ps in parents.items():
            if x == "root" or x not in last or a["id"] in ps or x == a["id"]:
                continue
            if a["id"] in _descendants(last, x):
                continue
            cands.append((a["id"], x))
    return _choice(rng, sorted(cands))


def m_two_parents_same_update(rng, msgs):
    pick = _two_parent_pick(rng, msgs)
    if not pick:
        return None
    a_id, x = pick
    for _, _, c in reversed(_comps(msgs)):
        if c["id"] == a_id:
            c["children"].append(x)
            break
    return msgs


def m_two_parents_later_update(rng, msgs):
    pick = _two_parent_pick(rng, msgs)
    if not pick:
        return None
    a_id, x = pick
    last, _ = _parents(msgs)
    a = copy.deepcopy(last[a_id])
    a["children"].append(x)
    msgs.append(_env("updateComponents", {"surfaceId": _sid(msgs), "components": [a]}))
    return msgs


def m_move_child_later_update(rng, msgs):
    """A valid re-parenting: one update takes x from its parent and gives it to a."""
    pick = _two_parent_pick(rng, msgs)
    if not pick:
        return None
    a_id, x = pick
    last, parents = _parents(msgs)
    (b_id,) = parents[x][:1]
    b = copy.deepcopy(last[b_id])
    if not isinstance(b.get("children"), list) or b_id == a_id:
        return None
    b["children"] = [y for y in b["children"] if y != x]
    a = copy.deepcopy(last[a_id])
    a["children"].append(x)
    msgs.append(_env("updateComponents", {"surfaceId": _sid(msgs), "components": [b, a]}))
    return msgs


def m_missing_root_rename(rng, msgs):
    for _, _, c in _comps(msgs):
        if c["id"] == "root":
            c["id"] = "main"
    return msgs


def m_missing_root_drop(rng, msgs):
    for mi, ci, c in _comps(msgs):
        if c["id"] == "root":
            del msgs[mi]["updateComponents"]["components"][ci]
            return msgs
    return None


def m_dangling_child(rng, msgs):
    pick = _choice(rng, _list_containers(msgs))
    if not pick:
        return None
    pick[2]["children"].insert(rng.randrange(len(pick[2]["children"]) + 1), "ghost")
    return msgs


def m_dangling_single_child(rng, msgs):
    cands = [x for x in _comps(msgs) if isinstance(x[2].get("child"), str)]
    pick = _choice(rng, cands)
    if not pick:
        return None
    pick[2]["child"] = "ghost"
    return msgs


def m_dangling_template(rng, msgs):
    cands = [x for x in _comps(msgs) if isinstance(x[2].get("children"), dict)]
    pick = _choice(rng, cands)
    if not pick:
        return None
    pick[2]["children"]["componentId"] = "ghost"
    return msgs


def m_orphan_component(rng, msgs):
    uc = _uc(rng, msgs)
    if uc is None:
        return None
    uc["components"].append({"id": "orphan", "component": "Text", "text": "nobody's child"})
    return msgs


def _media_url(url):
    def f(rng, msgs):
        media = [x for x in _comps(msgs) if x[2].get("component") in ("Image", "Video", "AudioPlayer")]
        pick = _choice(rng, media)
        if pick:
            pick[2]["url"] = url
            return msgs
        return _text_to(rng, msgs, lambda i: {"id": i, "component": "Image", "url": url})

    return f


def _open_url(url):
    def f(rng, msgs):
        buttons = [x for x in _comps(msgs) if x[2].get("component") == "Button"]
        pick = _choice(rng, buttons)
        if not pick:
            return None
        pick[2]["action"] = {"functionCall": {"call": "openUrl", "args": {"url": url}, "returnType": "void"}}
        return msgs

    return f


def m_long_text(rng, msgs):
    n = rng.choice([5001, 6000, 20000])
    cands = [x for x in _comps(msgs) if isinstance(x[2].get("text"), str)]
    pick = _choice(rng, cands)
    if not pick:
        return None
    pick[2]["text"] = "x" * n
    return msgs


def m_long_text_ok(rng, msgs):
    cands = [x for x in _comps(msgs) if isinstance(x[2].get("text"), str)]
    pick = _choice(rng, cands)
    if not pick:
        return None
    pick[2]["text"] = "y" * 4000
    return msgs


def m_long_id(rng, msgs):
    cands = [c["id"] for _, _, c in _comps(msgs) if c["id"] != "root"]
    if not cands:
        return None
    old = rng.choice(cands)
    _rename_everywhere(msgs, old, old + "-" + "i" * rng.choice([129, 300]))
    return msgs


def m_long_surface_id(rng, msgs):
    new = "s" * rng.choice([129, 500])
    for m in msgs:
        for k, v in m.items():
            if k != "version" and isinstance(v, dict) and "surfaceId" in v:
                v["surfaceId"] = new
    return msgs


def m_bidi_text(rng, msgs):
    cands = [x for x in _comps(msgs) if isinstance(x[2].get("text"), str)]
    pick = _choice(rng, cands)
    if not pick:
        return None
    pick[2]["text"] = "Pay \u202eexe.txt\u202c \u0000\u200b now"
    return msgs


def m_too_many_options(rng, msgs):
    n = rng.choice([51, 80])
    return _text_to(
        rng,
        msgs,
        lambda i: {
            "id": i,
            "component": "ChoicePicker",
            "options": [{"label": f"Option {k}", "value": f"o{k}"} for k in range(n)],
            "value": {"path": "/choice"},
        },
    )


def m_options_ok(rng, msgs):
    return _text_to(
        rng,
        msgs,
        lambda i: {
            "id": i,
            "component": "ChoicePicker",
            "options": [{"label": f"Option {k}", "value": f"o{k}"} for k in range(5)],
            "value": {"path": "/choice"},
        },
    )


def m_many_components(rng, msgs):
    n = rng.choice([201, 260])
    pick = _choice(rng, _list_containers(msgs))
    if not pick:
        return None
    mi, _, c = pick
    ids = [f"bulk-{k}" for k in range(n)]
    c["children"] += ids
    msgs[mi]["updateComponents"]["components"] += [
        {"id": i, "component": "Text", "text": i} for i in ids
    ]
    return msgs


def m_deep_nesting(rng, msgs):
    depth = rng.choice([25, 40])
    pick = _choice(rng, _list_containers(msgs))
    if not pick:
        return None
    mi, _, c = pick
    ids = [f"nest-{k}" for k in range(depth)]
    c["children"].append(ids[0])
    comps = msgs[mi]["updateComponents"]["components"]
    for k, i in enumerate(ids):
        kids = [ids[k + 1]] if k + 1 < depth else []
        comps.append({"id": i, "component": "Column", "children": kids})
    return msgs


def m_checks_without_condition(rng, msgs):
    cands = [x for x in _comps(msgs) if x[2].get("component") in ("Button", "TextField", "CheckBox", "ChoicePicker", "Slider", "DateTimeInput")]
    pick = _choice(rng, cands)
    if not pick:
        return None
    pick[2]["checks"] = [{"message": "Required"}]
    return msgs


def m_checks_valid(rng, msgs):
    cands = [x for x in _comps(msgs) if x[2].get("component") in ("Button", "TextField")]
    pick = _choice(rng, cands)
    if not pick:
        return None
    pick[2]["checks"] = [
        {"condition": {"call": "required", "args": {"value": {"path": "/x"}}, "returnType": "boolean"}, "message": "Required"}
    ]
    return msgs


def m_weight_string(rng, msgs):
    _, _, c = rng.choice(_comps(msgs))
    c["weight"] = "1"
    return msgs


def m_accessibility_unknown_key(rng, msgs):
    _, _, c = rng.choice(_comps(msgs))
    c["accessibility"] = {"label": "x", "role": "button"}
    return msgs


def m_accessibility_valid(rng, msgs):
    _, _, c = rng.choice(_comps(msgs))
    c["accessibility"] = {"label": "Label", "description": {"path": "/desc"}}
    return msgs


# --- updateDataModel ---------------------------------------------------------------------------


def _dm(rng, msgs):
    ids = _idx(msgs, "updateDataModel")
    return msgs[rng.choice(ids)]["updateDataModel"] if ids else None


def _append_dm(msgs, **body):
    b = {"surfaceId": _sid(msgs)}
    b.update(body)
    msgs.append(_env("updateDataModel", b))
    return msgs


def m_drop_dm_surface_id(rng, msgs):
    dm = _dm(rng, msgs)
    if dm is None:
        return None
    del dm["surfaceId"]
    return msgs


def m_unknown_key_dm(rng, msgs):
    dm = _dm(rng, msgs)
    if dm is None:
        return None
    dm["merge"] = True
    return msgs


def m_wrong_type_path(rng, msgs):
    return _append_dm(msgs, path=rng.choice([5, ["a"], True]), value=1)


def m_root_model_scalar(rng, msgs):
    return _append_dm(msgs, value=rng.choice(["x", 5, [1, 2], True]))


def m_root_model_null(rng, msgs):
    return _append_dm(msgs, path=rng.choice(["/", "/a"]), value=None)


def m_path_slash_root(rng, msgs):
    return _append_dm(msgs, path="/", value={"replaced": True})


def m_path_empty(rng, msgs):
    return _append_dm(msgs, path="", value={"replaced": True})


def m_path_trailing_slash(rng, msgs):
    return _append_dm(msgs, path=rng.choice(["/user/", "/a/b/"]), value="v")


def m_path_no_leading_slash(rng, msgs):
    return _append_dm(msgs, path=rng.choice(["user/name", "name", "./x"]), value="v")


def m_path_bad_escape(rng, msgs):
    return _append_dm(msgs, path=rng.choice(["/a~2b", "/a~", "/~x"]), value="v")


def m_path_escaped_ok(rng, msgs):
    return _append_dm(msgs, path="/a~1b/c~0d", value="v")


def m_proto_path(rng, msgs):
    return _append_dm(msgs, path=rng.choice(["/__proto__/polluted", "/a/__proto__", "/__proto__"]), value=True)


def m_constructor_path(rng, msgs):
    return _append_dm(msgs, path=rng.choice(["/constructor/prototype/polluted", "/a/constructor", "/prototype"]), value=True)


def m_proto_key_value(rng, msgs):
    key = rng.choice(["__proto__", "constructor", "prototype"])
    return _append_dm(msgs, path="/settings", value={key: {"polluted": True}, "ok": 1})


def m_proto_binding_path(rng, msgs):
    p = rng.choice(["/__proto__/polluted", "/constructor/name", "/a/prototype"])
    return _text_to(rng, msgs, lambda i: {"id": i, "component": "Text", "text": {"path": p}})


def m_delete_key(rng, msgs):
    return _append_dm(msgs, path=rng.choice(["/a", "/user/name", "/items/0"]))


def m_big_data_model(rng, msgs):
    return _append_dm(msgs, path="/blob", value="z" * rng.choice([70000, 100000]))


def m_array_index_far(rng, msgs):
    msgs = _append_dm(msgs, path="/items", value=[])
    return _append_dm(msgs, path=rng.choice(["/items/5", "/items/20000"]), value="far")


def m_write_through_primitive(rng, msgs):
    msgs = _append_dm(msgs, path="/p", value="text")
    return _append_dm(msgs, path="/p/inner", value=1)


# --- lifecycle -----------------------------------------------------------------------------------


def m_update_before_create(rng, msgs):
    i = _idx(msgs, "createSurface")[0]
    j = rng.randrange(i + 1, len(msgs))
    msgs[i], msgs[j] = msgs[j], msgs[i]
    return msgs


def m_unknown_surface(rng, msgs):
    j = rng.randrange(1, len(msgs))
    body = next(v for k, v in msgs[j].items() if k != "version")
    body["surfaceId"] = "nope"
    return msgs


def m_delete_then_update(rng, msgs):
    msgs.insert(len(msgs) - 1, _env("deleteSurface", {"surfaceId": _sid(msgs)}))
    return msgs


def m_delete_unknown_surface(rng, msgs):
    msgs.append(_env("deleteSurface", {"surfaceId": "nope"}))
    return msgs


def m_delete_extra_key(rng, msgs):
    msgs.append(_env("deleteSurface", {"surfaceId": _sid(msgs), "force": True}))
    return msgs


def m_second_surface(rng, msgs):
    """A valid second surface beside the first."""
    msgs += [
        _env("createSurface", {"surfaceId": "second", "catalogId": BASIC_CATALOG_ID}),
        _env("updateComponents", {"surfaceId": "second", "components": [{"id": "root", "component": "Text", "text": "Second"}]}),
    ]
    return msgs


# --- more probes -----------------------------------------------------------------------------


def m_format_string_bad(rng, msgs):
    value = rng.choice(["Hi ${/name", "${unknownFn(value: 1)}", "${eval(x)}", "${}"])
    return _text_to(
        rng,
        msgs,
        lambda i: {"id": i, "component": "Text", "text": {"call": "formatString", "args": {"value": value}, "returnType": "string"}},
    )


def m_regex_invalid(rng, msgs):
    pattern = rng.choice(["(", "[a-", "(?<=a)b", "(a)\\1"])
    cands = [x for x in _comps(msgs) if x[2].get("component") in ("Button", "TextField")]
    pick = _choice(rng, cands)
    if not pick:
        return None
    pick[2]["checks"] = [
        {"condition": {"call": "regex", "args": {"value": "abc", "pattern": pattern}, "returnType": "boolean"}, "message": "Bad"}
    ]
    return msgs


def m_regex_catastrophic(rng, msgs):
    cands = [x for x in _comps(msgs) if x[2].get("component") in ("Button", "TextField")]
    pick = _choice(rng, cands)
    if not pick:
        return None
    pick[2]["checks"] = [
        {"condition": {"call": "regex", "args": {"value": "a" * 40 + "!", "pattern": "(a+)+$"}, "returnType": "boolean"}, "message": "Slow"}
    ]
    return msgs


def m_empty_id(rng, msgs):
    cands = [c["id"] for _, _, c in _comps(msgs) if c["id"] != "root"]
    if not cands:
        return None
    _rename_everywhere(msgs, rng.choice(cands), "")
    return msgs


def m_empty_surface_id(rng, msgs):
    for m in msgs:
        for k, v in m.items():
            if k != "version" and isinstance(v, dict) and "surfaceId" in v:
                v["surfaceId"] = ""
    return msgs


def _deep_value(depth):
    v = "bottom"
    for _ in range(depth):
        v = [v]
    return v


def m_deep_json_value_ok(rng, msgs):
    return _append_dm(msgs, path="/deep", value=_deep_value(rng.choice([10, 20])))


def m_deep_json_value_40(rng, msgs):
    return _append_dm(msgs, path="/deep", value=_deep_value(40))


def m_deep_json_value(rng, msgs):
    depth = rng.choice([60, 99, 150])
    v = "bottom"
    for _ in range(depth):
        v = [v]
    return _append_dm(msgs, path="/deep", value=v)


def m_relative_binding_outside_template(rng, msgs):
    p = rng.choice(["name", "./name", "."])
    return _text_to(rng, msgs, lambda i: {"id": i, "component": "Text", "text": {"path": p}})


def m_coercible_types(rng, msgs):
    choice = rng.choice(["weight-true", "sdm-one", "sdm-true-string", "slider-max-string"])
    if choice == "weight-true":
        _, _, c = rng.choice(_comps(msgs))
        c["weight"] = True
    elif choice == "sdm-one":
        _cs(msgs)["sendDataModel"] = 1
    elif choice == "sdm-true-string":
        _cs(msgs)["sendDataModel"] = "true"
    else:
        return _text_to(rng, msgs, lambda i: {"id": i, "component": "Slider", "value": {"path": "/v"}, "max": "10"})
    return msgs


def m_checks_on_text(rng, msgs):
    pick = _choice(rng, _leaves(msgs, ("Text",)))
    if not pick:
        return None
    pick[2]["checks"] = [{"condition": True, "message": "x"}]
    return msgs


def m_tabs_empty(rng, msgs):
    return _text_to(rng, msgs, lambda i: {"id": i, "component": "Tabs", "tabs": []})


def m_action_context_object(rng, msgs):
    found = _find_dicts(msgs, lambda d: isinstance(d.get("event"), dict) and "name" in d["event"])
    pick = _choice(rng, found)
    if not pick:
        return None
    pick[2]["event"]["context"] = {"nested": {"a": 1}, "list": [1, 2], "bound": {"path": "/x"}}
    return msgs


def m_return_type_mismatch(rng, msgs):
    return _text_to(
        rng,
        msgs,
        lambda i: {"id": i, "component": "Text", "text": {"call": "required", "args": {"value": "x"}, "returnType": "boolean"}},
    )


def m_function_missing_arg(rng, msgs):
    return _text_to(
        rng,
        msgs,
        lambda i: {"id": i, "component": "Text", "text": {"call": "formatNumber", "args": {}, "returnType": "string"}},
    )


def m_function_extra_arg(rng, msgs):
    return _text_to(
        rng,
        msgs,
        lambda i: {"id": i, "component": "Text", "text": {"call": "formatNumber", "args": {"value": 1, "radix": 16}, "returnType": "string"}},
    )


def m_many_surfaces(rng, msgs):
    n = rng.choice([8, 12])
    for k in range(n):
        msgs.append(_env("createSurface", {"surfaceId": f"extra-{k}", "catalogId": BASIC_CATALOG_ID}))
    return msgs


def m_type_change_later(rng, msgs):
    pick = _choice(rng, _leaves(msgs, ("Text",)))
    if not pick:
        return None
    msgs.append(_env("updateComponents", {"surfaceId": _sid(msgs), "components": [{"id": pick[2]["id"], "component": "Icon", "name": "star"}]}))
    return msgs


def m_cycle_later_update(rng, msgs):
    last, _ = _parents(msgs)
    cands = sorted(i for i, c in last.items() if i != "root" and c.get("component") in CONTAINERS_WITH_LIST and isinstance(c.get("children"), list))
    if not cands:
        return None
    c = copy.deepcopy(last[rng.choice(cands)])
    c["children"].append("root")
    msgs.append(_env("updateComponents", {"surfaceId": _sid(msgs), "components": [c]}))
    return msgs


def m_template_cycle(rng, msgs):
    cands = [x for x in _comps(msgs) if isinstance(x[2].get("children"), dict)]
    pick = _choice(rng, cands)
    if not pick:
        return None
    pick[2]["children"]["componentId"] = rng.choice(["root", pick[2]["id"]])
    return msgs


def m_template_shared(rng, msgs):
    """A second List beside the first, repeating the same template component."""
    last, parents = _parents(msgs)
    lists = sorted(i for i, c in last.items() if isinstance(c.get("children"), dict))
    if not lists:
        return None
    lst = last[rng.choice(lists)]
    tid = lst["children"]["componentId"]
    holder = next((p for p in parents.get(lst["id"], []) if isinstance(last[p].get("children"), list)), None)
    if holder is None:
        return None
    h = copy.deepcopy(last[holder])
    h["children"].append("list-copy")
    msgs.append(_env("updateComponents", {"surfaceId": _sid(msgs), "components": [
        h, {"id": "list-copy", "component": "List", "children": {"componentId": tid, "path": lst["children"]["path"]}}]}))
    return msgs


def m_odd_ids(rng, msgs):
    cands = [c["id"] for _, _, c in _comps(msgs) if c["id"] != "root"]
    if not cands:
        return None
    _rename_everywhere(msgs, rng.choice(cands), rng.choice(["a/b", "~0", " spaced id ", "\u00e9t\u00e9", "root "]))
    return msgs


def _leaf_with_list_parent(rng, msgs):
    """(x, its parent B, another list container A not below x), or None."""
    last, parents = _parents(msgs)
    cands = []
    for x, ps in parents.items():
        if x == "root" or x not in last or _refs(last[x]) or len(ps) != 1:
            continue
        b = ps[0]
        if not isinstance(last[b].get("children"), list):
            continue
        for a, c in last.items():
            if a != b and c.get("component") in CONTAINERS_WITH_LIST and isinstance(c.get("children"), list):
                cands.append((x, b, a))
    pick = _choice(rng, sorted(cands))
    return (last, *pick) if pick else None


def m_orphan_then_adopt(rng, msgs):
    """x leaves its parent in one update and joins another container in the next: valid."""
    pick = _leaf_with_list_parent(rng, msgs)
    if not pick:
        return None
    last, x, b_id, a_id = pick
    b, a = copy.deepcopy(last[b_id]), copy.deepcopy(last[a_id])
    b["children"] = [y for y in b["children"] if y != x]
    a["children"].append(x)
    sid = _sid(msgs)
    msgs += [_env("updateComponents", {"surfaceId": sid, "components": [b]}),
             _env("updateComponents", {"surfaceId": sid, "components": [a]})]
    return msgs


def m_adopt_then_release(rng, msgs):
    """x joins a second container before leaving the first (two parents in between)."""
    pick = _leaf_with_list_parent(rng, msgs)
    if not pick:
        return None
    last, x, b_id, a_id = pick
    b, a = copy.deepcopy(last[b_id]), copy.deepcopy(last[a_id])
    b["children"] = [y for y in b["children"] if y != x]
    a["children"].append(x)
    sid = _sid(msgs)
    msgs += [_env("updateComponents", {"surfaceId": sid, "components": [a]}),
             _env("updateComponents", {"surfaceId": sid, "components": [b]})]
    return msgs


def m_container_to_leaf_then_adopt(rng, msgs):
    """A container becomes a Text (its children are orphaned), then they move elsewhere."""
    last, parents = _parents(msgs)
    conts = sorted(i for i, c in last.items() if i != "root" and c.get("component") in CONTAINERS_WITH_LIST
                   and isinstance(c.get("children"), list) and c["children"] and parents.get(i))
    if not conts:
        return None
    b_id = rng.choice(conts)
    kids = list(last[b_id]["children"])
    holder = parents[b_id][0]
    h = copy.deepcopy(last[holder])
    if not isinstance(h.get("children"), list):
        return None
    sid = _sid(msgs)
    h["children"].append("adopter")
    msgs += [_env("updateComponents", {"surfaceId": sid, "components": [{"id": b_id, "component": "Text", "text": "collapsed"}]}),
             _env("updateComponents", {"surfaceId": sid, "components": [h, {"id": "adopter", "component": "Column", "children": kids}]})]
    return msgs


def m_duplicate_child_ref(rng, msgs):
    pick = _choice(rng, [x for x in _list_containers(msgs) if x[2]["children"]])
    if not pick:
        return None
    ch = pick[2]["children"]
    ch.append(rng.choice(ch))
    return msgs


def m_tabs_same_child(rng, msgs):
    return _text_to(rng, msgs, lambda i: {"id": i, "component": "Tabs", "tabs": [
        {"title": "One", "child": f"{i}-pane"}, {"title": "Two", "child": f"{i}-pane"}]}) and _add_pane(msgs)


def _add_pane(msgs):
    for _, _, c in _comps(msgs):
        if c.get("component") == "Tabs" and c["tabs"][0]["child"].endswith("-pane"):
            for mi in _idx(msgs, "updateComponents"):
                if c in msgs[mi]["updateComponents"]["components"]:
                    msgs[mi]["updateComponents"]["components"].append(
                        {"id": c["tabs"][0]["child"], "component": "Text", "text": "pane"})
                    return msgs
    return None


def m_modal_trigger_in_layout(rng, msgs):
    """A Modal whose trigger is also placed in a layout (as the official examples do)."""
    pick = _choice(rng, [x for x in _list_containers(msgs) if x[2]["children"]])
    if not pick:
        return None
    mi, _, c = pick
    trigger = c["children"][0]
    c["children"].append("modal-x")
    msgs[mi]["updateComponents"]["components"] += [
        {"id": "modal-x", "component": "Modal", "trigger": trigger, "content": "modal-x-body"},
        {"id": "modal-x-body", "component": "Text", "text": "Details"},
    ]
    return msgs


def m_null_value_at_key(rng, msgs):
    msgs = _append_dm(msgs, path="/a", value=1)
    return _append_dm(msgs, path="/a", value=None)


def m_delete_array_slot(rng, msgs):
    msgs = _append_dm(msgs, path="/arr", value=[1, 2, 3])
    return _append_dm(msgs, path=rng.choice(["/arr/1", "/arr/0", "/arr/2"]))


def m_array_append_dash(rng, msgs):
    msgs = _append_dm(msgs, path="/arr", value=[1])
    return _append_dm(msgs, path="/arr/-", value=2)


def m_array_pad(rng, msgs):
    msgs = _append_dm(msgs, path="/arr", value=[])
    return _append_dm(msgs, path=rng.choice(["/arr/3", "/arr/1/x"]), value="x")


def m_array_leading_zero(rng, msgs):
    msgs = _append_dm(msgs, path="/arr", value=["a", "b"])
    return _append_dm(msgs, path="/arr/01", value="x")


def m_set_through_null(rng, msgs):
    msgs = _append_dm(msgs, path="/n", value=None)
    return _append_dm(msgs, path="/n/inner", value=1)


# --- raw text: what only a JSON text can say ----------------------------------------------------


class Raw(str):
    """A stream as JSON text, for what a parsed value cannot hold (repeated keys, NaN, ...).
    The Python side reads it with json.loads, as the SDK's parser does."""


def _raw(msgs, swaps):
    text = json.dumps(msgs, ensure_ascii=False)
    for marker, raw in swaps:
        if marker not in text:
            return None
        text = text.replace(marker, raw, 1)
    return Raw(text)


def _raw_dm(msgs, body, swaps):
    b = {"surfaceId": _sid(msgs)}
    b.update(body)
    msgs.append(_env("updateDataModel", b))
    return _raw(msgs, swaps)


def r_duplicate_key_value(rng, msgs):
    return _raw_dm(msgs, {"value": {"a": 1}, "@dup@": {"b": 2}}, [('"@dup@"', '"value"')])


def r_duplicate_key_path(rng, msgs):
    return _raw_dm(msgs, {"path": "/a", "@dup@": "/b", "value": 1}, [('"@dup@"', '"path"')])


def r_duplicate_key_version(rng, msgs):
    i = rng.randrange(len(msgs))
    env = msgs[i]
    msgs[i] = {"version": "v0.8", "@dup@": env["version"], **{k: v for k, v in env.items() if k != "version"}}
    return _raw(msgs, [('"@dup@"', '"version"')])


def r_duplicate_key_in_data(rng, msgs):
    return _raw_dm(msgs, {"path": "/d", "value": {"k": 1, "@dup@": 2}}, [('"@dup@"', '"k"')])


def r_duplicate_key_in_component(rng, msgs):
    pick = _choice(rng, [x for x in _comps(msgs) if isinstance(x[2].get("text"), str)])
    if not pick:
        return None
    pick[2]["@dup@"] = "second text"
    return _raw(msgs, [('"@dup@"', '"text"')])


def r_number_out_of_range(rng, msgs):
    return _raw_dm(msgs, {"path": "/n", "value": "@num@"}, [('"@num@"', rng.choice(["1e400", "-1e999"]))])


def r_nan(rng, msgs):
    return _raw_dm(msgs, {"path": "/n", "value": "@num@"}, [('"@num@"', rng.choice(["NaN", "Infinity", "-Infinity"]))])


def r_lone_surrogate(rng, msgs):
    return _raw_dm(msgs, {"path": "/t", "value": "@s@"}, [('"@s@"', rng.choice(['"\\ud800"', '"a\\udfffb"']))])


def r_escaped_key(rng, msgs):
    return _raw_dm(msgs, {"path": "/e", "@k@": 1}, [('"@k@"', '"\\u0076alue"')])


def r_big_integer(rng, msgs):
    return _raw_dm(msgs, {"path": "/n", "value": "@num@"}, [('"@num@"', "123456789012345678901234567890")])


def kinds(catalog) -> dict:
    """Every mutation kind, by label."""
    return {
        # envelope
        "drop-version": m_drop_version,
        "version-v0.8": _set_version("v0.8"),
        "version-v1.0": _set_version("v1.0"),
        "version-0.9": _set_version("0.9"),
        "version-v0.9.2": _set_version("v0.9.2"),
        "version-number": _set_version(0.9),
        "version-v0.9.1-all": m_version_all_v091,
        "unknown-key-envelope": m_unknown_key_envelope,
        "two-messages-in-envelope": m_two_messages,
        "non-object-envelope": m_non_object_envelope,
        "version-only-envelope": m_version_only_envelope,
        # createSurface
        "drop-surface-id": m_drop_surface_id,
        "drop-catalog-id": m_drop_catalog_id,
        "wrong-type-surface-id": m_wrong_type_surface_id,
        "catalog-alias-standard": m_catalog_alias_standard,
        "catalog-alias-basic": m_catalog_alias_basic,
        "catalog-unknown": m_catalog_unknown,
        "unknown-key-create": m_unknown_key_create,
        "theme-bad-color": m_theme_bad_color,
        "theme-valid": m_theme_valid,
        "theme-extra-key": m_theme_extra_key,
        "theme-icon-javascript": m_theme_icon_javascript,
        "theme-not-object": m_theme_not_object,
        "send-data-model-true": m_send_data_model_true,
        "send-data-model-string": m_send_data_model_string,
        "duplicate-create": m_duplicate_create,
        "recreate-after-delete": m_recreate_after_delete,
        # updateComponents
        "drop-components": m_drop_components,
        "empty-components": m_empty_components,
        "wrong-type-components": m_wrong_type_components,
        "unknown-key-update": m_unknown_key_update,
        "drop-component-id": m_drop_component_id,
        "drop-component-type": m_drop_component_type,
        "drop-required-prop": make_drop_required(catalog),
        "unknown-key-component": m_unknown_key_component,
        "unknown-component": m_unknown_component,
        "lowercase-component": m_lowercase_component,
        "wrong-type-prop": m_wrong_type_prop,
        "null-prop": m_null_prop,
        "unknown-key-binding": m_unknown_key_binding,
        "unknown-key-action": m_unknown_key_action,
        "unknown-function": m_unknown_function,
        "web-core-function": m_web_core_function,
        "function-depth": m_function_depth,
        "format-string-valid": m_format_string_valid,
        "duplicate-id-in-update": m_duplicate_id_in_update,
        "cycle-self": m_cycle_self,
        "cycle-to-root": m_cycle_to_root,
        "two-parents-same-update": m_two_parents_same_update,
        "two-parents-later-update": m_two_parents_later_update,
        "move-child-later-update": m_move_child_later_update,
        "missing-root-rename": m_missing_root_rename,
        "missing-root-drop": m_missing_root_drop,
        "dangling-child": m_dangling_child,
        "dangling-single-child": m_dangling_single_child,
        "dangling-template": m_dangling_template,
        "orphan-component": m_orphan_component,
        "media-url-javascript": _media_url("javascript:alert(document.cookie)"),
        "media-url-http": _media_url("http://cdn.example/a.png"),
        "media-url-data": _media_url("data:image/svg+xml,<svg onload=alert(1)>"),
        "media-url-relative": _media_url("/img/a.png"),
        "media-url-https": _media_url("https://cdn.example/a.png"),
        "media-url-https-upper": _media_url("HTTPS://CDN.EXAMPLE/a.png"),
        "openurl-javascript": _open_url("javascript:alert(1)"),
        "openurl-http": _open_url("http://agent.example/"),
        "openurl-https": _open_url("https://agent.example/"),
        "long-text": m_long_text,
        "long-text-ok": m_long_text_ok,
        "long-id": m_long_id,
        "long-surface-id": m_long_surface_id,
        "bidi-text": m_bidi_text,
        "too-many-options": m_too_many_options,
        "options-ok": m_options_ok,
        "many-components": m_many_components,
        "deep-nesting": m_deep_nesting,
        "checks-without-condition": m_checks_without_condition,
        "checks-valid": m_checks_valid,
        "weight-string": m_weight_string,
        "accessibility-unknown-key": m_accessibility_unknown_key,
        "accessibility-valid": m_accessibility_valid,
        # updateDataModel
        "drop-dm-surface-id": m_drop_dm_surface_id,
        "unknown-key-dm": m_unknown_key_dm,
        "wrong-type-path": m_wrong_type_path,
        "root-model-scalar": m_root_model_scalar,
        "root-model-null": m_root_model_null,
        "path-slash-root": m_path_slash_root,
        "path-empty": m_path_empty,
        "path-trailing-slash": m_path_trailing_slash,
        "path-no-leading-slash": m_path_no_leading_slash,
        "path-bad-escape": m_path_bad_escape,
        "path-escaped-ok": m_path_escaped_ok,
        "proto-path": m_proto_path,
        "constructor-path": m_constructor_path,
        "proto-key-value": m_proto_key_value,
        "proto-binding-path": m_proto_binding_path,
        "delete-key": m_delete_key,
        "big-data-model": m_big_data_model,
        "array-index-far": m_array_index_far,
        "write-through-primitive": m_write_through_primitive,
        # lifecycle
        "update-before-create": m_update_before_create,
        "unknown-surface": m_unknown_surface,
        "delete-then-update": m_delete_then_update,
        "delete-unknown-surface": m_delete_unknown_surface,
        "delete-extra-key": m_delete_extra_key,
        "second-surface": m_second_surface,
        # more probes
        "format-string-bad": m_format_string_bad,
        "regex-invalid": m_regex_invalid,
        "regex-catastrophic": m_regex_catastrophic,
        "empty-id": m_empty_id,
        "empty-surface-id": m_empty_surface_id,
        "deep-json-value-ok": m_deep_json_value_ok,
        "deep-json-value-40": m_deep_json_value_40,
        "deep-json-value": m_deep_json_value,
        "relative-binding-outside-template": m_relative_binding_outside_template,
        "coercible-types": m_coercible_types,
        "checks-on-text": m_checks_on_text,
        "tabs-empty": m_tabs_empty,
        "action-context-object": m_action_context_object,
        "return-type-mismatch": m_return_type_mismatch,
        "function-missing-arg": m_function_missing_arg,
        "function-extra-arg": m_function_extra_arg,
        "many-surfaces": m_many_surfaces,
        "type-change-later": m_type_change_later,
        "cycle-later-update": m_cycle_later_update,
        "template-cycle": m_template_cycle,
        "template-shared": m_template_shared,
        "odd-ids": m_odd_ids,
        "orphan-then-adopt": m_orphan_then_adopt,
        "adopt-then-release": m_adopt_then_release,
        "container-to-leaf-then-adopt": m_container_to_leaf_then_adopt,
        "duplicate-child-ref": m_duplicate_child_ref,
        "tabs-same-child": m_tabs_same_child,
        "modal-trigger-in-layout": m_modal_trigger_in_layout,
        "null-value-at-key": m_null_value_at_key,
        "delete-array-slot": m_delete_array_slot,
        "array-append-dash": m_array_append_dash,
        "array-pad": m_array_pad,
        "array-leading-zero": m_array_leading_zero,
        "set-through-null": m_set_through_null,
        # raw text
        "raw-duplicate-key-value": r_duplicate_key_value,
        "raw-duplicate-key-path": r_duplicate_key_path,
        "raw-duplicate-key-version": r_duplicate_key_version,
        "raw-duplicate-key-in-data": r_duplicate_key_in_data,
        "raw-duplicate-key-in-component": r_duplicate_key_in_component,
        "raw-number-out-of-range": r_number_out_of_range,
        "raw-nan": r_nan,
        "raw-lone-surrogate": r_lone_surrogate,
        "raw-escaped-key": r_escaped_key,
        "raw-big-integer": r_big_integer,
    }


def generate(examples, catalog, seed: str, per_kind: int):
    """[(label, example name, messages, raw text or None)] for every kind, over per_kind
    examples each. For a raw-text mutant, messages is what json.loads reads from the text."""
    out = []
    for label, fn in kinds(catalog).items():
        applicable = []
        for name, msgs in examples:
            rng = random.Random(f"{seed}:{label}:{name}")
            mutated = fn(rng, copy.deepcopy(msgs))
            if isinstance(mutated, Raw):
                applicable.append((label, name, json.loads(mutated), str(mutated)))
            elif mutated is not None:
                applicable.append((label, name, mutated, None))
        pick = random.Random(f"{seed}:{label}")
        if len(applicable) > per_kind:
            applicable = pick.sample(applicable, per_kind)
        out += applicable
    return out
