//! The 14 Basic Catalog functions, their budget, checks in the render model, and the
//! edit-versus-update rule. Runs natively and in the browser.

use serde_json::{json, Value};
use surfaces_core::a2ui::functions::{self, Env, EvalError};
use surfaces_core::a2ui::render::Kind;
use surfaces_core::a2ui::{ApplyContext, Limits, SurfaceStore};

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;
#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

fn model() -> Value {
    json!({"name": "Ada", "n": 1234.5, "count": 1, "zero": 0, "email": "ada@example.com", "empty": "", "list": [], "start": "2026-01-16T14:30:00Z", "yes": true, "no": false})
}

fn value_in(locale: &str, v: Value) -> Result<Value, EvalError> {
    let m = model();
    let lookup = |p: &str| -> Option<&Value> {
        let p = if p.starts_with('/') {
            p.to_string()
        } else {
            format!("/{p}")
        };
        m.pointer(&p)
    };
    let env = Env::new(&lookup, locale);
    functions::evaluate(&v, &env, 0)
}

fn value_of(v: Value) -> Value {
    value_in("en-US", v).unwrap()
}

fn f(name: &str, args: Value) -> Value {
    json!({"call": name, "args": args})
}

#[test]
fn validators() {
    assert_eq!(
        value_of(f("required", json!({"value": {"path": "/name"}}))),
        json!(true)
    );
    for empty in ["/empty", "/list", "/missing"] {
        assert_eq!(
            value_of(f("required", json!({"value": {"path": empty}}))),
            json!(false),
            "{empty}"
        );
    }
    assert_eq!(
        value_of(f("length", json!({"value": "abcd", "min": 2, "max": 4}))),
        json!(true)
    );
    assert_eq!(
        value_of(f("length", json!({"value": "abcde", "max": 4}))),
        json!(false)
    );
    assert_eq!(
        value_of(f(
            "numeric",
            json!({"value": {"path": "/n"}, "min": 0, "max": 2000})
        )),
        json!(true)
    );
    assert_eq!(
        value_of(f("numeric", json!({"value": "abc", "min": 0}))),
        json!(false)
    );
    assert_eq!(
        value_of(f("email", json!({"value": {"path": "/email"}}))),
        json!(true)
    );
    for bad in [
        "ada",
        "ada@",
        "@example.com",
        "a b@example.com",
        "ada@example",
        "a@b@c.d",
    ] {
        assert_eq!(
            value_of(f("email", json!({"value": bad}))),
            json!(false),
            "{bad}"
        );
    }
    assert_eq!(
        value_of(f(
            "regex",
            json!({"value": "AB12", "pattern": "^[A-Z]{2}\\d+$"})
        )),
        json!(true)
    );
    assert_eq!(
        value_of(f(
            "regex",
            json!({"value": "ab12", "pattern": "^[A-Z]{2}\\d+$"})
        )),
        json!(false)
    );
}

#[test]
fn hostile_patterns_finish_or_fail_closed() {
    // Catastrophic backtracking in a backtracking engine; linear here.
    let long = format!("{}!", "a".repeat(5_000));
    assert_eq!(
        value_of(f("regex", json!({"value": long, "pattern": "^(a+)+$"}))),
        json!(false)
    );
    // Linear is still compiled size × text length: past the work budget the check fails.
    let longer = format!("{}!", "a".repeat(50_000));
    assert_eq!(
        value_in(
            "en",
            f("regex", json!({"value": longer, "pattern": "^(a+)+$"}))
        ),
        Err(EvalError::TooMuchWork)
    );
    assert_eq!(
        value_of(f(
            "regex",
            json!({"value": "a".repeat(30) + "!", "pattern": "^(a|aa)+$"})
        )),
        json!(false)
    );
    // Lookaround and backreferences do not compile in a linear-time engine: the check fails.
    for pattern in ["(?=a)a", "(a)\\1", "(?<!b)a"] {
        assert!(
            matches!(
                value_in("en", f("regex", json!({"value": "aa", "pattern": pattern}))),
                Err(EvalError::BadPattern(_))
            ),
            "{pattern}"
        );
    }
    // A pattern whose compiled form is too large is refused, not built.
    assert!(matches!(
        value_in(
            "en",
            f("regex", json!({"value": "a", "pattern": "\\w{1000}{1000}"}))
        ),
        Err(EvalError::BadPattern(_))
    ));
}

#[test]
fn logic() {
    assert_eq!(
        value_of(f("and", json!({"values": [true, {"path": "/yes"}]}))),
        json!(true)
    );
    assert_eq!(
        value_of(f("and", json!({"values": [true, {"path": "/no"}]}))),
        json!(false)
    );
    assert_eq!(
        value_of(f("or", json!({"values": [false, {"path": "/yes"}]}))),
        json!(true)
    );
    assert_eq!(
        value_of(f("not", json!({"value": {"path": "/yes"}}))),
        json!(false)
    );
    let nested = f(
        "and",
        json!({"values": [f("required", json!({"value": "x"})), f("not", json!({"value": false}))]}),
    );
    assert_eq!(value_of(nested), json!(true));
}

#[test]
fn the_budget_bounds_nesting_steps_and_output() {
    let mut deep = json!(true);
    for _ in 0..5 {
        deep = f("not", json!({"value": deep}));
    }
    assert_eq!(value_of(deep.clone()), json!(false), "depth 5 is allowed");
    assert_eq!(
        value_in("en", f("not", json!({"value": deep}))),
        Err(EvalError::TooDeep)
    );
    // 256 calls are allowed (the `and` and 255 inside it), 257 are not.
    let wide = |n: usize| {
        f(
            "and",
            json!({"values": vec![f("required", json!({"value": "x"})); n]}),
        )
    };
    assert_eq!(value_in("en", wide(255)), Ok(json!(true)));
    assert_eq!(value_in("en", wide(256)), Err(EvalError::TooManySteps));
    assert_eq!(
        value_in(
            "en",
            f("formatString", json!({"value": "x".repeat(10_000)}))
        ),
        Ok(json!("x".repeat(10_000)))
    );
    assert_eq!(
        value_in(
            "en",
            f("formatString", json!({"value": "x".repeat(10_001)}))
        ),
        Err(EvalError::TooLong)
    );
    assert_eq!(
        value_in("en", f("openUrl", json!({"url": "https://a.example"}))),
        Err(EvalError::NotAValue)
    );
}

#[test]
fn the_budget_is_configurable_through_the_limits() {
    let text = json!([{"id": "root", "component": "Text", "text": {"call": "formatString", "args": {"value": "${/name}!"}}}]);
    let render = |limits: Limits| {
        let mut s = SurfaceStore::new(limits);
        s.apply_data(
            &json!([
                {"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}},
                {"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": text}},
                {"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/name", "value": "Ada"}},
            ]),
            &ApplyContext::default(),
        );
        match s.render("s").unwrap().kind {
            Kind::Text { text, .. } => text,
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(render(Limits::default()), "Ada!");
    assert_eq!(
        render(Limits {
            function_output_chars: 4,
            ..Limits::default()
        }),
        "Ada!"
    );
    assert_eq!(
        render(Limits {
            function_output_chars: 3,
            ..Limits::default()
        }),
        "",
        "over budget shows nothing"
    );
    assert_eq!(
        render(Limits {
            function_steps: 0,
            ..Limits::default()
        }),
        ""
    );
}

#[test]
fn format_string_interpolates_escapes_and_nests() {
    let s = |t: &str| value_of(f("formatString", json!({"value": t})));
    assert_eq!(s("Hello ${/name}!"), json!("Hello Ada!"));
    assert_eq!(s("Hi ${name}"), json!("Hi Ada"));
    assert_eq!(s("literal \\${/name}"), json!("literal ${/name}"));
    assert_eq!(
        s("${formatNumber(value: ${/n}, decimals: 1)} units"),
        json!("1,234.5 units")
    );
    assert_eq!(
        s("(${formatNumber(value: ${/count})} ${pluralize(value: ${/count}, one: 'review', other: 'reviews')})"),
        json!("(1 review)")
    );
    assert_eq!(s("${formatDate(value: ${/start}, format: 'E, MMM d')} at ${formatDate(value: ${/start}, format: 'h:mm a')}"), json!("Fri, Jan 16 at 2:30 PM"));
    assert_eq!(s("unclosed ${/name"), json!("unclosed ${/name"));
    assert_eq!(s("${/missing}|"), json!("|"));
    assert_eq!(s("${formatString(value: '${/name}')}"), json!("Ada"));
    // Interpolation inside interpolation is bounded by the same depth as calls.
    let mut nested = "${/name}".to_string();
    for _ in 0..8 {
        nested = format!(
            "${{formatString(value: ${{{}}})}}",
            nested.trim_start_matches("${").trim_end_matches('}')
        );
    }
    assert_eq!(
        value_in("en", f("formatString", json!({"value": nested}))),
        Err(EvalError::TooDeep)
    );
}

#[test]
fn numbers_currencies_and_plurals_follow_the_locale() {
    let num = |loc: &str, args: Value| value_in(loc, f("formatNumber", args)).unwrap();
    assert_eq!(
        num("en-US", json!({"value": 1234567.891, "decimals": 2})),
        json!("1,234,567.89")
    );
    assert_eq!(
        num("de-DE", json!({"value": 1234567.891, "decimals": 2})),
        json!("1.234.567,89")
    );
    assert_eq!(
        num("fr-FR", json!({"value": 1234.5, "decimals": 1})),
        json!("1\u{202F}234,5")
    );
    assert_eq!(
        num("en", json!({"value": 1234, "grouping": false})),
        json!("1234")
    );
    assert_eq!(
        num("en", json!({"value": -0.5, "decimals": 0})),
        json!("-1"),
        "half away from zero, as Intl does"
    );
    assert_eq!(num("en", json!({"value": 2.5, "decimals": 0})), json!("3"));
    assert_eq!(
        num("en", json!({"value": -0.004, "decimals": 2})),
        json!("0.00"),
        "no negative zero"
    );
    let cur = |loc: &str, args: Value| value_in(loc, f("formatCurrency", args)).unwrap();
    assert_eq!(
        cur("en-US", json!({"value": 1234.5, "currency": "USD"})),
        json!("$1,234.50")
    );
    assert_eq!(
        cur("de-DE", json!({"value": 1234.5, "currency": "EUR"})),
        json!("1.234,50\u{A0}€")
    );
    assert_eq!(
        cur("en", json!({"value": 1000, "currency": "JPY"})),
        json!("¥1,000")
    );
    assert_eq!(
        cur("en", json!({"value": -3, "currency": "CHF"})),
        json!("-CHF\u{A0}3.00")
    );
    let plural = |loc: &str, n: f64| {
        value_in(
            loc,
            f(
                "pluralize",
                json!({"value": n, "zero": "Z", "one": "O", "few": "F", "many": "M", "other": "X"}),
            ),
        )
        .unwrap()
    };
    assert_eq!(
        (plural("en", 1.0), plural("en", 0.0), plural("en", 2.0)),
        (json!("O"), json!("X"), json!("X"))
    );
    assert_eq!(
        (plural("fr", 0.0), plural("fr", 1.0), plural("fr", 2.0)),
        (json!("O"), json!("O"), json!("X"))
    );
    assert_eq!(
        (
            plural("ru", 1.0),
            plural("ru", 3.0),
            plural("ru", 5.0),
            plural("ru", 11.0)
        ),
        (json!("O"), json!("F"), json!("M"), json!("M"))
    );
    assert_eq!(plural("ar", 0.0), json!("Z"));
    assert_eq!(
        value_in(
            "ar",
            f("pluralize", json!({"value": 2, "two": "T", "other": "X"}))
        )
        .unwrap(),
        json!("T")
    );
    // A missing category falls back to `other`.
    assert_eq!(
        value_in("en", f("pluralize", json!({"value": 1, "other": "items"}))).unwrap(),
        json!("items")
    );
}

fn store_with(components: Value, model: Value) -> SurfaceStore {
    let mut s = SurfaceStore::new(Limits::default());
    s.apply_data(
        &json!([
            {"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}},
            {"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": components}},
            {"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/", "value": model}},
        ]),
        &ApplyContext::default(),
    );
    assert_eq!(s.report().ignored, 0, "{:?}", s.report().findings);
    s
}

#[test]
fn checks_are_re_evaluated_as_the_person_types() {
    let mut s = store_with(
        json!([
            {"id": "root", "component": "Column", "children": ["email", "code", "go"]},
            {"id": "email", "component": "TextField", "label": "Email", "value": {"path": "/email"},
             "checks": [{"condition": {"call": "email", "args": {"value": {"path": "/email"}}}, "message": "Enter an email."}]},
            {"id": "code", "component": "TextField", "label": "Code", "value": {"path": "/code"}, "validationRegexp": "^[0-9]{4}$"},
            {"id": "go", "component": "Button", "child": "t", "action": {"event": {"name": "go"}},
             "checks": [{"condition": {"call": "and", "args": {"values": [
                 {"call": "email", "args": {"value": {"path": "/email"}}},
                 {"call": "regex", "args": {"value": {"path": "/code"}, "pattern": "^[0-9]{4}$"}}]}}, "message": "Fill in the form."}]},
            {"id": "t", "component": "Text", "text": "Go"},
        ]),
        json!({"email": "nope", "code": "12"}),
    );
    let errors = |s: &SurfaceStore| {
        let tree = s.render("s").unwrap();
        let Kind::Column { children, .. } = tree.kind else {
            panic!()
        };
        children.into_iter().map(|c| c.errors).collect::<Vec<_>>()
    };
    assert_eq!(
        errors(&s),
        vec![
            vec!["Enter an email.".to_string()],
            vec!["This value does not have the expected format.".into()],
            vec!["Fill in the form.".into()]
        ]
    );
    assert!(matches!(
        s.action("s", "go", "2026-11-30T12:00:00Z"),
        Err(surfaces_core::a2ui::ActionError::ChecksFailing(m)) if m == "Fill in the form."
    ));
    s.edit("s", "/email", json!("ada@example.com")).unwrap();
    s.edit("s", "/code", json!("1234")).unwrap();
    assert_eq!(errors(&s), vec![Vec::<String>::new(), vec![], vec![]]);
    assert!(
        s.action("s", "go", "2026-11-30T12:00:00Z").is_ok(),
        "the action is built once its checks pass"
    );
}

#[test]
fn text_shows_evaluated_functions() {
    let mut s = store_with(
        json!([{"id": "root", "component": "Text", "text": {"call": "formatString", "args": {"value": "${formatCurrency(value: ${/total}, currency: 'USD')}/year"}}}]),
        json!({"total": 99}),
    );
    assert!(
        matches!(s.render("s").unwrap().kind, Kind::Text { text, .. } if text == "$99.00/year")
    );
    s.set_locale("de-DE").unwrap();
    let de = s.render("s").unwrap();
    assert!(matches!(de.kind, Kind::Text { text, .. } if text == "99,00\u{A0}$/year"));
}

#[test]
fn an_agent_update_to_an_edited_field_is_a_proposal_not_an_erasure() {
    let mut s = store_with(
        json!([{"id": "root", "component": "TextField", "label": "Name", "value": {"path": "/name"}}]),
        json!({"name": "agent's first"}),
    );
    s.edit("s", "/name", json!("person's")).unwrap();
    assert!(
        s.proposals("s").is_empty(),
        "no proposal until the agent changes it"
    );
    s.apply_envelope(&json!({"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/name", "value": "agent's second"}}), &ApplyContext::default());
    let p = s.proposals("s");
    assert_eq!(
        (p[0].pointer.as_str(), &p[0].person, &p[0].agent),
        ("/name", &json!("person's"), &json!("agent's second"))
    );
    let tree = s.render("s").unwrap();
    assert!(
        matches!(&tree.kind, Kind::TextField { value, .. } if value == "person's"),
        "the person's value stays"
    );
    assert_eq!(tree.proposal.as_deref(), Some("agent's second"));
    assert_eq!(s.report().surfaces[0].proposals.len(), 1);
    // Keeping mine dismisses this proposal; a later, different update proposes again.
    s.keep_mine("s", "/name").unwrap();
    assert!(s.proposals("s").is_empty());
    s.apply_envelope(&json!({"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/name", "value": "agent's third"}}), &ApplyContext::default());
    assert_eq!(s.proposals("s").len(), 1);
    // Taking the agent's value drops the edit; actions then carry the agent's value.
    s.accept_agent("s", "/name").unwrap();
    assert!(s.proposals("s").is_empty());
    assert_eq!(
        s.report().surfaces[0].data_model,
        json!({"name": "agent's third"})
    );
}
