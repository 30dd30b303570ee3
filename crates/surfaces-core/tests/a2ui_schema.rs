//! Our hand-written A2UI validator agrees with the official schemas: every official example
//! is accepted, every schema test case is judged as labelled, and on thousands of mutated
//! envelopes our "conforms" verdict equals a real JSON Schema engine's (the `jsonschema`
//! crate, formats asserted, with the v0.9.1 envelope schema that allows both versions).
#![cfg(not(target_arch = "wasm32"))]

#[path = "support/spec.rs"]
mod spec;

use jsonschema::{Draft, Registry, Resource};
use serde_json::{json, Value};
use surfaces_core::a2ui::schema::Validator;

fn read(rel: &str) -> Value {
    let path = spec::spec_dir().join(rel);
    serde_json::from_str(
        &std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())),
    )
    .unwrap()
}

fn reference() -> jsonschema::Validator {
    let catalog = read("a2ui/v0_9/catalogs/basic/catalog.json");
    let common = read("a2ui/v0_9/json/common_types.json");
    let registry = Registry::new()
        .draft(Draft::Draft202012)
        .add(
            "https://a2ui.org/specification/v0_9/common_types.json",
            Resource::from_contents(common),
        )
        .unwrap()
        // server_to_client.json refers to the catalog as `catalog.json`.
        .add(
            "https://a2ui.org/specification/v0_9/catalog.json",
            Resource::from_contents(catalog.clone()),
        )
        .unwrap()
        .add(
            "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json",
            Resource::from_contents(catalog),
        )
        .unwrap()
        .prepare()
        .unwrap();
    let schema = read("a2ui/v0_9_1/newer/server_to_client.json");
    jsonschema::options()
        .with_draft(Draft::Draft202012)
        .should_validate_formats(true)
        .with_registry(&registry)
        .build(&schema)
        .expect("the official schema compiles")
}

fn ours(v: &Value) -> (bool, Vec<String>) {
    let mut val = Validator::default();
    val.envelope(v);
    let ok = val.errors.is_empty();
    (
        ok,
        val.errors
            .iter()
            .map(|e| format!("{} {} {}", e.code, e.path, e.message))
            .collect(),
    )
}

/// Every envelope of every official example, named by file and position.
fn examples() -> Vec<(String, Value)> {
    spec::example_files()
        .into_iter()
        .flat_map(|(name, v)| {
            let messages = v["messages"].as_array().expect("messages").clone();
            messages
                .into_iter()
                .enumerate()
                .map(move |(i, m)| (format!("{name} #{i}"), m))
        })
        .collect()
}

fn test_cases() -> Vec<(String, bool, Value)> {
    let dir = spec::spec_dir().join("a2ui/v0_9/test/cases");
    let mut out = Vec::new();
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    for path in names
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
    {
        let v: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        if v["schema"] != "server_to_client.json" {
            continue;
        }
        for t in v["tests"].as_array().unwrap() {
            let name = format!(
                "{}: {}",
                path.file_name().unwrap().to_string_lossy(),
                t["description"]
            );
            out.push((name, t["valid"].as_bool().unwrap(), t["data"].clone()));
        }
    }
    out
}

#[test]
fn every_official_example_is_accepted() {
    let reference = reference();
    let all = examples();
    assert!(all.len() > 100, "{} example envelopes", all.len());
    for (name, env) in &all {
        let (ok, errors) = ours(env);
        assert!(ok, "{name}: {errors:?}");
        assert!(reference.is_valid(env), "the reference rejects {name}");
    }
}

#[test]
fn every_schema_test_case_is_judged_as_labelled() {
    let cases = test_cases();
    assert!(cases.len() >= 70, "{} cases", cases.len());
    for (name, valid, data) in &cases {
        let (ok, errors) = ours(data);
        assert_eq!(ok, *valid, "{name}: {errors:?}");
    }
}

/// A small deterministic generator (xorshift64*), so failures reproduce.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// JSON Pointers of every node in `v`.
fn nodes(v: &Value, at: String, out: &mut Vec<String>) {
    out.push(at.clone());
    match v {
        Value::Object(o) => {
            for (k, c) in o {
                nodes(
                    c,
                    format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")),
                    out,
                );
            }
        }
        Value::Array(a) => {
            for (i, c) in a.iter().enumerate() {
                nodes(c, format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
}

fn replacements() -> Vec<Value> {
    vec![
        Value::Null,
        json!(true),
        json!(false),
        json!(7),
        json!(2.5),
        json!(-1),
        json!(0),
        json!(3.0),
        json!(""),
        json!("text"),
        json!([]),
        json!({}),
        json!(["a", "b"]),
        json!([1]),
        json!({"path": "/x"}),
        json!({"path": 3}),
        json!({"path": "/x", "extra": 1}),
        json!({"call": "required", "args": {"value": "x"}}),
        json!({"call": "required", "args": {"value": null}}),
        json!({"call": "required", "args": {"value": {"any": "object"}}}),
        json!({"call": "formatString", "args": {"value": "x"}, "returnType": "string"}),
        json!({"call": "formatString", "args": {"value": "x"}}),
        json!({"call": "not", "args": {"value": true}, "returnType": "boolean"}),
        json!({"call": "and", "args": {"values": [true]}}),
        json!({"call": "length", "args": {"value": "x"}}),
        json!({"call": "length", "args": {"value": "x", "min": 2.0}}),
        json!({"call": "length", "args": {"value": "x", "max": -2}}),
        json!({"call": "openUrl", "args": {"url": "https://a.example/"}}),
        json!({"call": "openUrl", "args": {"url": "/relative"}}),
        json!({"call": "nope", "args": {}}),
        json!({"call": "required"}),
        json!({"call": "numeric", "args": {"value": 1, "min": 0}, "returnType": "any"}),
        json!({"svgPath": "M0 0"}),
        json!({"componentId": "c", "path": "/items"}),
        json!({"event": {"name": "go"}}),
        json!({"event": {"name": "go", "context": {"a": {"path": "/a"}, "b": null}}}),
        json!({"functionCall": {"call": "openUrl", "args": {"url": "https://a.example"}}}),
        json!([{"condition": true, "message": "m"}]),
        json!([{"title": "t", "child": "c"}]),
        json!([{"label": "l", "value": "v"}]),
        json!("#12ab3F"),
        json!("#12ab3"),
        json!("2026-01-16"),
        json!("14:30:00Z"),
        json!("14:30"),
        json!("2026-01-16T14:30:00+01:00"),
        json!("2026-02-30"),
        json!("https://a.example/x"),
        json!("not a uri"),
    ]
}

fn strings() -> Vec<&'static str> {
    let mut s = vec![
        "v0.9",
        "v0.9.1",
        "v0.8",
        "v1.0",
        "h1",
        "caption",
        "huge",
        "primary",
        "borderless",
        "chips",
        "checkbox",
        "multipleSelection",
        "shortText",
        "obscured",
        "date",
        "horizontal",
        "spaceBetween",
        "stretch",
        "scaleDown",
        "avatar",
        "string",
        "number",
        "boolean",
        "array",
        "object",
        "any",
        "void",
        "send",
        "star",
        "notAnIcon",
        "root",
        "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json",
        "2026-01-16",
        "14:30:00Z",
    ];
    s.extend(surfaces_core::a2ui::catalog::COMPONENTS);
    s.extend(surfaces_core::a2ui::catalog::FUNCTIONS);
    s
}

const KEYS: [&str; 20] = [
    "extra",
    "id",
    "component",
    "version",
    "surfaceId",
    "catalogId",
    "theme",
    "path",
    "value",
    "call",
    "args",
    "returnType",
    "children",
    "child",
    "label",
    "weight",
    "checks",
    "accessibility",
    "createSurface",
    "deleteSurface",
];

fn mutate(v: &mut Value, rng: &mut Rng) {
    let mut all = Vec::new();
    nodes(v, String::new(), &mut all);
    let at = rng.pick(&all).clone();
    let node = v.pointer_mut(&at).unwrap();
    match rng.below(7) {
        0 => {
            if let Some(o) = node.as_object_mut() {
                if !o.is_empty() {
                    let k = o.keys().nth(rng.below(o.len())).unwrap().clone();
                    o.remove(&k);
                    return;
                }
            }
            *node = rng.pick(&replacements()).clone();
        }
        1 => {
            if let Some(o) = node.as_object_mut() {
                let k = *rng.pick(&KEYS);
                o.insert(k.to_string(), rng.pick(&replacements()).clone());
            } else if let Some(a) = node.as_array_mut() {
                a.push(rng.pick(&replacements()).clone());
            } else {
                *node = rng.pick(&replacements()).clone();
            }
        }
        2 => {
            if let Some(o) = node.as_object_mut() {
                if !o.is_empty() {
                    let k = o.keys().nth(rng.below(o.len())).unwrap().clone();
                    let val = o.remove(&k).unwrap();
                    o.insert(rng.pick(&KEYS).to_string(), val);
                    return;
                }
            }
            *node = Value::String(rng.pick(&strings()).to_string());
        }
        3 => *node = Value::String(rng.pick(&strings()).to_string()),
        4 => {
            if let Some(a) = node.as_array_mut() {
                if !a.is_empty() && rng.below(2) == 0 {
                    a.remove(rng.below(a.len()));
                } else {
                    a.clear();
                }
            } else {
                *node = rng.pick(&replacements()).clone();
            }
        }
        _ => *node = rng.pick(&replacements()).clone(),
    }
}

#[test]
fn verdicts_agree_with_a_json_schema_engine_on_mutated_envelopes() {
    let reference = reference();
    let mut seeds: Vec<Value> = examples().into_iter().map(|(_, v)| v).collect();
    seeds.extend(test_cases().into_iter().map(|(_, _, v)| v));
    let mut rng = Rng(0x5eed_a2a1);
    let (mut cases, mut invalid) = (0, 0);
    let mut disagreements = Vec::new();
    for round in 0..200 {
        for seed in &seeds {
            let mut v = seed.clone();
            for _ in 0..=(round % 3) {
                mutate(&mut v, &mut rng);
            }
            let want = reference.is_valid(&v);
            let (got, errors) = ours(&v);
            cases += 1;
            invalid += usize::from(!want);
            if got != want && disagreements.len() < 15 {
                disagreements.push(format!("reference {want}, ours {got} {errors:?}\n  {v}"));
            }
        }
    }
    eprintln!("differential: {cases} cases, {invalid} invalid by the reference");
    assert!(cases >= 30_000, "{cases} cases");
    // Both verdicts must be well represented, or the test proves little.
    assert!(
        invalid > cases / 4 && invalid < cases * 9 / 10,
        "{invalid} of {cases} invalid"
    );
    assert!(
        disagreements.is_empty(),
        "{} disagreements, e.g.:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
}

/// Systematically: every key of every object removed in turn, and an unknown key added to
/// every object, on every official example and test case.
#[test]
fn verdicts_agree_on_every_single_key_removal_and_addition() {
    let reference = reference();
    let mut seeds: Vec<Value> = examples().into_iter().map(|(_, v)| v).collect();
    seeds.extend(test_cases().into_iter().map(|(_, _, v)| v));
    let (mut cases, mut disagreements) = (0, Vec::new());
    let mut check = |v: &Value| {
        cases += 1;
        let want = reference.is_valid(v);
        let (got, errors) = ours(v);
        if got != want && disagreements.len() < 15 {
            disagreements.push(format!("reference {want}, ours {got} {errors:?}\n  {v}"));
        }
    };
    for seed in &seeds {
        let mut all = Vec::new();
        nodes(seed, String::new(), &mut all);
        for at in &all {
            let Some(keys) = seed
                .pointer(at)
                .and_then(Value::as_object)
                .map(|o| o.keys().cloned().collect::<Vec<_>>())
            else {
                continue;
            };
            for k in keys {
                let mut v = seed.clone();
                v.pointer_mut(at)
                    .unwrap()
                    .as_object_mut()
                    .unwrap()
                    .remove(&k);
                check(&v);
            }
            let mut v = seed.clone();
            v.pointer_mut(at)
                .unwrap()
                .as_object_mut()
                .unwrap()
                .insert("extraKey".into(), json!(1));
            check(&v);
        }
    }
    assert!(cases > 3_000, "{cases} cases");
    assert!(
        disagreements.is_empty(),
        "{} disagreements, e.g.:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
}

fn schema_validator(rel: &str, id: &str) -> jsonschema::Validator {
    let mut schema = read(rel);
    schema["$id"] = json!(id);
    jsonschema::options()
        .with_draft(Draft::Draft202012)
        .should_validate_formats(true)
        .build(&schema)
        .unwrap()
}

#[test]
fn every_official_example_folds_with_nothing_ignored() {
    use surfaces_core::a2ui::{ApplyContext, Limits, SurfaceStore};
    for (path, v) in spec::example_files() {
        let mut store = SurfaceStore::new(Limits::default());
        let n = store.apply_data(&v["messages"], &ApplyContext::default());
        let r = store.report();
        assert_eq!((r.applied, r.ignored), (n, 0), "{path}: {:?}", r.findings);
        assert!(
            !r.surfaces.is_empty() && r.surfaces.iter().all(|s| s.root && s.catalog_rendered),
            "{path}"
        );
    }
}

#[test]
fn actions_capabilities_and_data_model_match_the_client_schemas() {
    use surfaces_core::a2ui::{client_capabilities, ApplyContext, Limits, SurfaceStore};
    let to_server = schema_validator(
        "a2ui/v0_9/json/client_to_server.json",
        "https://a2ui.org/specification/v0_9/client_to_server.json",
    );
    let caps = schema_validator(
        "a2ui/v0_9/json/client_capabilities.json",
        "https://a2ui.org/specification/v0_9/client_capabilities.json",
    );
    let model = schema_validator(
        "a2ui/v0_9/json/client_data_model.json",
        "https://a2ui.org/specification/v0_9/client_data_model.json",
    );
    assert!(
        caps.is_valid(&client_capabilities()),
        "{}",
        client_capabilities()
    );
    // Every event Button of every official example builds a schema-valid action message.
    let (mut built, mut refused) = (0, 0);
    for (_, v) in spec::example_files() {
        let mut store = SurfaceStore::new(Limits::default());
        store.apply_data(&v["messages"], &ApplyContext::default());
        for m in v["messages"].as_array().unwrap() {
            let Some(list) = m
                .pointer("/updateComponents/components")
                .and_then(Value::as_array)
            else {
                continue;
            };
            let sid = m["updateComponents"]["surfaceId"].as_str().unwrap();
            for c in list.iter().filter(|c| c.pointer("/action/event").is_some()) {
                match store.action(sid, c["id"].as_str().unwrap(), "2026-11-30T12:00:00.000Z") {
                    Ok(msg) => {
                        assert!(to_server.is_valid(&msg), "{msg}");
                        built += 1;
                    }
                    // A form whose checks fail on its initial data is not sent (the button is
                    // disabled); anything else must build.
                    Err(surfaces_core::a2ui::ActionError::ChecksFailing(_)) => refused += 1,
                    Err(e) => panic!("{}: {e}", c["id"]),
                }
            }
        }
        if let Some(dm) = store.client_data_model() {
            assert!(model.is_valid(&dm), "{dm}");
        }
    }
    assert!(built >= 20, "only {built} actions built");
    assert!(
        (1..built).contains(&refused),
        "{refused} refused for failing checks"
    );
}

#[test]
fn official_examples_show_evaluated_text() {
    use surfaces_core::a2ui::render::{walk, Kind};
    use surfaces_core::a2ui::{ApplyContext, Limits, SurfaceStore};
    let mut texts = Vec::new();
    for (file, v) in spec::example_files() {
        let mut store = SurfaceStore::new(Limits::default());
        store.apply_data(&v["messages"], &ApplyContext::default());
        for s in store.report().surfaces {
            let tree = store.render(&s.surface_id).unwrap();
            walk(&tree, &mut |n| {
                if let Kind::Text { text, .. } = &n.kind {
                    texts.push((file.clone(), text.clone()));
                }
            });
        }
    }
    let name = |f: &str| {
        texts
            .iter()
            .filter(move |(n, _)| n.starts_with(f))
            .map(|(_, t)| t.as_str())
            .collect::<Vec<_>>()
    };
    for (file, text) in &texts {
        assert!(
            !text.contains("${"),
            "{file}: unevaluated interpolation in {text:?}"
        );
    }
    let empty: Vec<_> = texts.iter().filter(|(_, t)| t.trim().is_empty()).collect();
    assert!(empty.is_empty(), "texts that show nothing: {empty:?}");
    // A few that the descriptions promise.
    assert!(
        name("19_")
            .iter()
            .any(|t| t.starts_with('$') && t.ends_with("/year")),
        "{:?}",
        name("19_")
    );
    assert!(
        name("03_")
            .iter()
            .any(|t| t.contains(':') && (t.contains("AM") || t.contains("PM"))),
        "{:?}",
        name("03_")
    );
}

/// The official example streams, each as its list of envelopes.
fn example_streams() -> Vec<Vec<Value>> {
    spec::example_files()
        .into_iter()
        .map(|(_, v)| v["messages"].as_array().unwrap().clone())
        .collect()
}

/// Mutated streams never panic anywhere: folding, reporting, rendering (in two locales),
/// building actions and editing, for every component of every surface.
#[test]
fn mutated_streams_never_panic() {
    use surfaces_core::a2ui::{ApplyContext, Limits, SurfaceStore};
    let streams = example_streams();
    let mut rng = Rng(0xdead_beef);
    let mut applied = 0;
    for round in 0..40 {
        for stream in &streams {
            let mut store = SurfaceStore::new(Limits {
                depth: 6,
                ..Limits::default()
            });
            let ctx = ApplyContext {
                context_id: Some("c".into()),
                now_ms: Some(f64::from(round)),
            };
            for env in stream {
                let mut env = env.clone();
                if rng.below(2) == 0 {
                    mutate(&mut env, &mut rng);
                }
                applied += usize::from(store.apply_envelope(&env, &ctx));
            }
            let report = store.report();
            for s in &report.surfaces {
                store.set_locale("de-DE").unwrap();
                let _ = store.render(&s.surface_id);
                store.set_locale("en-US").unwrap();
                let Some(tree) = store.render(&s.surface_id) else {
                    continue;
                };
                let mut ids = Vec::new();
                surfaces_core::a2ui::render::walk(&tree, &mut |n| ids.push(n.id.clone()));
                for id in ids {
                    let _ = store.action(&s.surface_id, &id, "2026-11-30T12:00:00Z");
                }
                let _ = store.edit(&s.surface_id, "/x/0/y", json!(round));
                let _ = store.stats();
            }
        }
    }
    assert!(
        applied > 1000,
        "{applied} envelopes applied; the mutations should leave many valid"
    );
}

/// The text path (with its fast path for data updates) and the general path over parsed
/// values end every step in the same state, findings included, on official streams and
/// randomly mutated data updates.
#[test]
fn text_and_parsed_values_fold_alike_on_mutated_streams() {
    use surfaces_core::a2ui::{ApplyContext, Limits, SurfaceStore};
    let state = |s: &SurfaceStore| {
        (
            s.report().to_json(),
            s.findings()
                .iter()
                .map(|f| format!("{f:?}"))
                .collect::<Vec<_>>(),
            format!("{:?}", s.stats()),
        )
    };
    let mut streams = example_streams();
    let data_seeds = [
        json!({"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/a/0", "value": {"b": [1, "x"]}}}),
        json!({"version": "v0.9.1", "updateDataModel": {"surfaceId": "s", "value": {"a": 1}}}),
        json!({"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/a"}}),
    ];
    let create = json!({"version": "v0.9", "createSurface": {"surfaceId": "s",
        "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}});
    let mut rng = Rng(0x0fa5_7a70);
    for _ in 0..150 {
        let mut stream = vec![create.clone()];
        for _ in 0..12 {
            let mut e = rng.pick(&data_seeds).clone();
            for _ in 0..rng.below(3) {
                mutate(&mut e, &mut rng);
            }
            stream.push(e);
        }
        streams.push(stream);
    }
    let (mut steps, mut fast_shaped) = (0, 0);
    for (round, stream) in streams.iter().enumerate() {
        let limits = Limits {
            data_model_bytes: if round % 2 == 0 { 200 } else { 65_536 },
            ..Limits::default()
        };
        let ctx = ApplyContext {
            context_id: None,
            now_ms: Some(round as f64),
        };
        let mut by_text = SurfaceStore::new(limits.clone());
        let mut by_value = SurfaceStore::new(limits);
        for e in stream {
            let mut e = e.clone();
            if rng.below(4) == 0 {
                mutate(&mut e, &mut rng);
            }
            let text = serde_json::to_string(&e).unwrap();
            fast_shaped += usize::from(text.contains("updateDataModel"));
            by_text.apply_text(&format!("[{text}]"), &ctx);
            by_value.apply_data_owned(Value::Array(vec![e.clone()]), &ctx);
            assert_eq!(state(&by_text), state(&by_value), "after {text}");
            steps += 1;
        }
    }
    assert!(
        steps > 2000 && fast_shaped > 1500,
        "{steps} steps, {fast_shaped} data updates"
    );
}
