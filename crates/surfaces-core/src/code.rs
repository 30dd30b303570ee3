//! Every finding code the project produces, in one typed set: its stable kebab-case text,
//! its severity, the part of the pipeline that produces it and what it means. A finding
//! cannot be made with a code that is not here, so this list *is* the public table:
//! `docs/codes.md` and the npm package's `FindingCode` union are generated from it (and a
//! test fails when either drifts), and a code once published keeps its meaning forever —
//! a retired code goes to [`RETIRED`] and is never given out again.

use serde::{Serialize, Serializer};

use crate::finding::Severity;

/// The part of the pipeline a code comes from (the sections of `docs/codes.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Area {
    /// The UI links extension of an Agent Card.
    Card,
    /// Bytes and text before they are envelopes: JSON syntax, encoding, size, nesting.
    Input,
    /// An envelope against the official A2UI v0.9 / v0.9.1 schemas.
    Schema,
    /// What a schema-valid envelope must also be to be admitted: sizes, ids, addresses.
    Admission,
    /// Folding an admitted envelope into the surfaces: ownership, limits, graph, data model.
    Fold,
    /// Evaluating values, checks and functions while rendering.
    Evaluation,
    /// Building the action message for a click.
    Action,
    /// End-of-stream checks of a complete recorded stream (`surfaces a2ui --strict`).
    Lint,
    /// Talking to an agent over A2A: its card's endpoint, its answers and streams.
    A2a,
    /// The report itself.
    Report,
}

impl Area {
    pub const ALL: [Area; 10] = [
        Area::Card,
        Area::Input,
        Area::Schema,
        Area::Admission,
        Area::Fold,
        Area::Evaluation,
        Area::Action,
        Area::Lint,
        Area::A2a,
        Area::Report,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Area::Card => "Agent Card: UI links",
            Area::Input => "A2UI input: bytes, text and JSON",
            Area::Schema => "A2UI envelopes: schema",
            Area::Admission => "A2UI envelopes: admission",
            Area::Fold => "A2UI surfaces: folding envelopes",
            Area::Evaluation => "A2UI rendering: values, checks and functions",
            Area::Action => "A2UI actions",
            Area::Lint => "A2UI streams: end-of-stream lint",
            Area::A2a => "A2A: reaching an agent",
            Area::Report => "Reports",
        }
    }
}

macro_rules! codes {
    ($($area:ident { $($variant:ident $text:literal $sev:ident $summary:literal,)* })*) => {
        /// A stable finding code. Serialized as its kebab-case text.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Code { $($($variant,)*)* }

        impl Code {
            /// Every code, in the order of `docs/codes.md`.
            pub const ALL: &'static [Code] = &[$($(Code::$variant,)*)*];

            /// The stable kebab-case text: what reports, the CLI and JavaScript carry.
            pub const fn as_str(self) -> &'static str {
                match self { $($(Code::$variant => $text,)*)* }
            }

            /// How much a finding with this code matters; the same wherever it is found.
            pub const fn severity(self) -> Severity {
                match self { $($(Code::$variant => Severity::$sev,)*)* }
            }

            pub const fn area(self) -> Area {
                match self { $($(Code::$variant => Area::$area,)*)* }
            }

            /// What the code means, in one plain sentence (the finding's own message says
            /// what was found where).
            pub const fn summary(self) -> &'static str {
                match self { $($(Code::$variant => $summary,)*)* }
            }
        }
    };
}

codes! {
    Card {
        CardTooLarge "card-too-large" Error "The card is larger than the size limit; it is not read.",
        CardNotUtf8 "card-not-utf8" Error "The card's bytes are not UTF-8.",
        CardNotJson "card-not-json" Error "The card is not JSON.",
        CardNotObject "card-not-object" Error "The card is JSON but not an object.",
        CardBom "card-bom" Info "The card starts with a byte-order mark, which is skipped.",
        CapabilitiesNotObject "capabilities-not-object" Warning "`capabilities` is not an object, so no extension can be declared.",
        ExtensionsNotArray "extensions-not-array" Warning "`capabilities.extensions` is not an array.",
        ExtensionUriNearMiss "extension-uri-near-miss" Info "An extension URI differs from the UI links URI only by case, slash, scheme or spaces; URIs match exactly, so it is not read.",
        ExtensionVersionUnknown "extension-version-unknown" Info "A UI links version this checker does not know is declared; only v1 is read.",
        ExtensionDeclaredTwice "extension-declared-twice" Warning "The UI links extension is declared more than once; the first declaration is read.",
        RequiredTrue "required-true" Warning "`required: true` is ignored: a client may always skip UI links.",
        RequiredNotBoolean "required-not-boolean" Warning "`required` is not a boolean.",
        ParamsMissing "params-missing" Error "The declaration has no `params`.",
        ParamsNotObject "params-not-object" Error "`params` is not an object.",
        UisMissing "uis-missing" Error "`params.uis` is missing.",
        UisNotArray "uis-not-array" Error "`params.uis` is not an array.",
        UisEmpty "uis-empty" Error "`params.uis` is empty.",
        UisTooMany "uis-too-many" Error "More entries than the limit; the excess is not read.",
        EntryNotObject "entry-not-object" Error "An entry is not an object.",
        EntryFieldUnknown "entry-field-unknown" Info "An entry has a field the extension does not define; it is ignored.",
        UrlMissing "url-missing" Error "An entry has no `url`; it cannot be a link.",
        UrlNotString "url-not-string" Error "`url` is not a string.",
        UrlTooLong "url-too-long" Error "`url` is longer than the limit.",
        UrlHasWhitespace "url-has-whitespace" Error "`url` contains whitespace.",
        UrlInvalid "url-invalid" Error "`url` is not a URL, or names a host no DNS name could be (a label past 63 bytes, more than 253 in all).",
        UrlNotAbsolute "url-not-absolute" Error "`url` is relative; only absolute https: URLs are links.",
        UrlNotHttps "url-not-https" Error "`url` is not https: (javascript:, data:, http: ...); it is not a link.",
        UrlHasCredentials "url-has-credentials" Warning "`url` carries a user name or password; the real host is shown.",
        UrlIpHost "url-ip-host" Info "An address points at an IP address, not a name.",
        UrlDuplicate "url-duplicate" Info "Two entries have the same `url`.",
        HostIdn "host-idn" Info "The host is internationalised; both forms are shown.",
        HostMixedScripts "host-mixed-scripts" Warning "The host mixes writing systems, a look-alike trick; it is shown in punycode.",
        HostWholeScriptConfusable "host-whole-script-confusable" Warning "The host is written in letters of one script that pass for another's (Unicode TS #39).",
        LabelMissing "label-missing" Error "An entry has no `label`; it cannot be a link.",
        LabelNotString "label-not-string" Error "`label` is not a string.",
        LabelEmpty "label-empty" Error "`label` draws nothing (empty, spaces, invisible characters).",
        LabelTooLong "label-too-long" Error "`label` is longer than the limit.",
        LabelNamesOtherHost "label-names-other-host" Warning "The label names another host than the link's.",
        PurposeNotString "purpose-not-string" Warning "`purpose` is not a string; it is ignored.",
        PurposeTooLong "purpose-too-long" Warning "`purpose` is longer than the limit; it is dropped.",
        KindNotString "kind-not-string" Warning "`kind` is not a string; it is ignored.",
        KindTooLong "kind-too-long" Warning "`kind` is longer than the limit; it is dropped.",
        AudienceNotString "audience-not-string" Warning "`audience` is not a string; it counts as unstated.",
        AudienceUnknown "audience-unknown" Warning "`audience` is not a value the extension defines; it counts as unstated, never public.",
        AccessNotString "access-not-string" Warning "`access` is not a string; it counts as unstated.",
        AccessUnknown "access-unknown" Warning "`access` is not a value the extension defines; it counts as unstated.",
        SkillNotString "skill-not-string" Warning "`skill` is not a string; it is ignored.",
        SkillTooLong "skill-too-long" Warning "`skill` is longer than the limit; it is dropped.",
        SkillUndeclared "skill-undeclared" Warning "`skill` names no skill of the card; the entry is still shown.",
        TextBidiControl "text-bidi-control" Warning "Text holds bidirectional controls (a card's field, or A2UI text and data); it is shown isolated.",
        TextInvisibleCharacter "text-invisible-character" Warning "Text holds invisible characters.",
        TextControlCharacter "text-control-character" Warning "Text holds control characters.",
        TrustClaimIgnored "trust-claim-ignored" Warning "A field claims same-origin or trust; such claims are computed, never read.",
    }
    Input {
        PartTooLarge "part-too-large" Error "A part or text is larger than the limit; it is not read.",
        TextBom "text-bom" Info "The text starts with a byte-order mark, which is skipped.",
        EnvelopeNotUtf8 "envelope-not-utf8" Error "The bytes are not UTF-8.",
        EnvelopeNotJson "envelope-not-json" Error "An envelope is not JSON.",
        EnvelopeTooDeep "envelope-too-deep" Error "An envelope nests deeper than the parser allows.",
        EnvelopeTooLarge "envelope-too-large" Error "An envelope read from text holds more JSON values than `envelopeValues` allows (a well-formed data update's value, kept unbuilt, aside); it is not read.",
        DuplicateKey "duplicate-key" Error "A JSON object repeats a key; readers disagree on which one counts.",
        NumberOutOfRange "number-out-of-range" Error "A number is beyond what a 64-bit float holds.",
        StringLoneSurrogate "string-lone-surrogate" Error "A string holds half a UTF-16 surrogate pair, which is not text.",
    }
    Schema {
        NoMessage "no-message" Error "The envelope carries no message.",
        SeveralMessages "several-messages" Error "The envelope carries more than one message.",
        UnsupportedVersion "unsupported-version" Error "The envelope's `version` is not v0.9 or v0.9.1.",
        LegacyMessage "legacy-message" Error "A v0.8 message (beginRendering, surfaceUpdate, ...), which this renderer refuses.",
        MissingProperty "missing-property" Error "A required property is missing.",
        UnknownProperty "unknown-property" Error "A property the schema does not allow.",
        WrongType "wrong-type" Error "A value has the wrong JSON type.",
        NotAllowedValue "not-allowed-value" Error "A value is not one of those the schema allows.",
        PatternMismatch "pattern-mismatch" Error "A string does not match the schema's pattern.",
        FormatMismatch "format-mismatch" Error "A string is not in the schema's format.",
        BelowMinimum "below-minimum" Error "A number is below the schema's minimum.",
        TooFewItems "too-few-items" Error "An array has fewer items than the schema requires.",
        NotADynamicValue "not-a-dynamic-value" Error "A value is neither a literal, a binding nor a function call.",
        UnknownComponent "unknown-component" Error "A component type the Basic Catalog does not have.",
        UnknownFunction "unknown-function" Error "A function the Basic Catalog does not have.",
        WrongReturnType "wrong-return-type" Error "A function call returns another type than the property needs.",
        TooManyErrors "too-many-errors" Error "The envelope breaks the schema in more places than are listed.",
    }
    Admission {
        TextTooLong "text-too-long" Error "A string in a component is longer than the limit.",
        IdTooLong "id-too-long" Error "An id is longer than the limit.",
        IdForbidden "id-forbidden" Error "An id is a name refused everywhere (__proto__, constructor, prototype).",
        KeyForbidden "key-forbidden" Error "A key is a name refused everywhere (__proto__, constructor, prototype).",
        DataForbiddenKey "data-forbidden-key" Error "A data-model value has a key refused in a data model.",
        DataModelTooDeep "data-model-too-deep" Error "A data model would nest deeper than the limit.",
        PathTooLong "path-too-long" Error "A path is longer than the limit.",
        PathNotAbsolute "path-not-absolute" Error "A path that must be an absolute JSON Pointer is not.",
        PathInvalid "path-invalid" Error "A path has a `~` that is not `~0` or `~1`.",
        PathForbiddenSegment "path-forbidden-segment" Error "A path has a segment refused everywhere (__proto__, constructor, prototype).",
        TooManyOptions "too-many-options" Error "A ChoicePicker has more options than the limit.",
        UrlRefused "url-refused" Error "An address the URL policy refuses (not https:, credentials, a host not allowed, a host with `xn--` labels past `idnHosts` in one part, a host no DNS name could be); a resolved one shows a placeholder.",
    }
    Fold {
        EnvelopeLimit "envelope-limit" Error "More envelopes than the limit; the rest are ignored.",
        SurfaceUnknown "surface-unknown" Error "The envelope names a surface that does not exist.",
        SurfaceExists "surface-exists" Error "createSurface names a surface that already exists.",
        SurfaceLimit "surface-limit" Error "More live surfaces than the limit.",
        SurfaceNotOwned "surface-not-owned" Error "The surface belongs to another task or context.",
        UpdateRateExceeded "update-rate-exceeded" Error "More updates to one surface per second than the limit.",
        CatalogNotSupported "catalog-not-supported" Error "The surface's catalog is not one this client advertised.",
        CatalogAlias "catalog-alias" Info "An earlier id of the Basic Catalog, read as the Basic Catalog.",
        ComponentLimit "component-limit" Error "More components in a surface than the limit, or more children placed than it could hold.",
        DuplicateComponentId "duplicate-component-id" Error "Two components in one message share an id.",
        ComponentCycle "component-cycle" Error "The components would contain themselves.",
        ComponentTwoParents "component-two-parents" Error "A component would have two parents, or a parent lists it twice.",
        DataModelNotObject "data-model-not-object" Error "The whole data model must be an object.",
        DataModelTooLarge "data-model-too-large" Error "A data model would be larger than the limit, or a write would pad arrays with more `null` items than allowed.",
        PathUnreachable "path-unreachable" Error "A data-model path goes through a value that is not a container.",
    }
    Evaluation {
        FunctionTooDeep "function-too-deep" Warning "Function calls nest deeper than the budget; the value shows nothing and a check fails closed.",
        FunctionTooManyCalls "function-too-many-calls" Warning "More function calls than the budget; the value shows nothing and a check fails closed.",
        FunctionOutputTooLong "function-output-too-long" Warning "A function's result is longer than the budget.",
        EvaluationBudgetSpent "evaluation-budget-spent" Warning "The work budget of an evaluation or of a render pass is spent.",
        PatternRefused "pattern-refused" Warning "A pattern does not compile in a linear-time engine or is too large; its check fails closed.",
        FunctionUnknown "function-unknown" Warning "Not a function this renderer evaluates.",
        FunctionNotAValue "function-not-a-value" Warning "openUrl is an action, not a value.",
        RenderBytesSpent "render-bytes-spent" Warning "A render would hand the renderer more text than the limit; the rest shows nothing.",
    }
    Action {
        ActionSurfaceUnknown "action-surface-unknown" Error "The action names a surface that does not exist.",
        ActionComponentUnknown "action-component-unknown" Error "The action names a component that does not exist.",
        ActionMissing "action-missing" Error "The component has no action (it is not a Button).",
        ActionLocalFunction "action-local-function" Error "A functionCall action runs on the client and is never sent.",
        ActionNameInvalid "action-name-invalid" Error "The event name is empty or longer than 128 characters.",
        ActionChecksFailing "action-checks-failing" Error "A check on the Button fails, so it is disabled.",
        ActionContextTooLarge "action-context-too-large" Error "The resolved action context is larger than the limit.",
        ActionUnderWay "action-under-way" Error "The Button's last action is still pending, running or awaiting confirmation: a second click sends nothing.",
        EditRefused "edit-refused" Error "A person's edit is refused: unknown surface, bad pointer, a value too large or with refused keys.",
    }
    Lint {
        StreamNoRoot "stream-no-root" Warning "At the end of the stream a surface has no `root`.",
        StreamDanglingChild "stream-dangling-child" Warning "At the end of the stream a component names a child that does not exist.",
        StreamOrphan "stream-orphan" Warning "At the end of the stream a component is not reachable from `root`.",
    }
    A2a {
        A2aNoEndpoint "a2a-no-endpoint" Error "The card names no JSON-RPC endpoint of A2A v0.3 or v1.0 at a usable http(s) address.",
        A2aNotJson "a2a-not-json" Error "An answer or stream event from the agent is not JSON.",
        A2aJsonrpcError "a2a-jsonrpc-error" Error "The agent answered with a JSON-RPC error.",
        A2aResponseInvalid "a2a-response-invalid" Error "An answer or stream event is not a shape of the protocol version spoken.",
        A2aStreamLineTooLong "a2a-stream-line-too-long" Error "A line of the agent's event stream is longer than the limit; its event is dropped.",
        A2aStreamEventTooLarge "a2a-stream-event-too-large" Error "An answer or stream event from the agent, or a data part in it, is larger than the limit (in bytes or in JSON values); it is dropped.",
        A2aStreamTooManyEvents "a2a-stream-too-many-events" Error "The agent's stream sent more events than the limit; the rest is not read.",
        A2aStreamCut "a2a-stream-cut" Warning "The agent's stream ended before its last event: the outcome of what was sent is not known.",
        A2aTaskMismatch "a2a-task-mismatch" Error "An event names another task than the conversation's; it is ignored.",
        A2aLimit "a2a-limit" Warning "More turns, artifacts, parts or bytes than a conversation keeps, or an id past 512 bytes; the excess is dropped.",
        A2aConfirmationMalformed "a2a-confirmation-malformed" Error "A confirmation request is not an object with string `confirmationId`, `summary` and `expiresAt`; the action cannot be confirmed and ends rejected.",
        A2aConfirmationIdInvalid "a2a-confirmation-id-invalid" Error "A confirmation id is empty, longer than 128 bytes, or holds characters other than ASCII letters, digits and `._:-`.",
        A2aConfirmationSummaryTooLong "a2a-confirmation-summary-too-long" Error "A confirmation summary is longer than 1000 characters; it is refused, never cut.",
        A2aConfirmationSummaryInvalid "a2a-confirmation-summary-invalid" Error "A confirmation summary shows nothing, or holds bidirectional controls that can reorder it.",
        A2aConfirmationExpiryInvalid "a2a-confirmation-expiry-invalid" Error "A confirmation's `expiresAt` is not an RFC 3339 date-time.",
        A2aConfirmationAmbiguous "a2a-confirmation-ambiguous" Error "One message holds more than one confirmation request; none is confirmable.",
    }
    Report {
        FindingsTruncated "findings-truncated" Warning "More findings than the limit; the rest are counted, not listed (an error when errors were left out).",
    }
}

/// Codes once published and retired: never given out again, with what they meant and
/// what replaced them.
pub const RETIRED: &[(&str, &str)] = &[
    (
        "catalog-not-rendered",
        "a surface of another catalog was kept and not drawn; now refused as catalog-not-supported",
    ),
    (
        "unknown-surface",
        "an action named a missing surface (npm action()); now action-surface-unknown",
    ),
    (
        "no-action",
        "the clicked component had no action (npm action()); now action-missing",
    ),
    (
        "local-function",
        "a functionCall action (npm action()); now action-local-function",
    ),
    (
        "bad-action-name",
        "an invalid event name (npm action()); now action-name-invalid",
    ),
    (
        "checks-failing",
        "a failing check on the Button (npm action()); now action-checks-failing",
    ),
    (
        "context-too-large",
        "an action context past the limit (npm action()); now action-context-too-large",
    ),
];

impl Code {
    /// The code with this text, if there is one.
    pub fn parse(text: &str) -> Option<Code> {
        Code::ALL.iter().copied().find(|c| c.as_str() == text)
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Code {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl PartialEq<&str> for Code {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<Code> for &str {
    fn eq(&self, other: &Code) -> bool {
        *self == other.as_str()
    }
}

/// The `FindingCode` TypeScript union of the npm package, made from [`Code::ALL`].
pub fn typescript_union() -> String {
    let mut out = String::from(
        "/** Every finding code (generated from surfaces-core's `Code`; docs/codes.md). */\nexport type FindingCode =\n",
    );
    for c in Code::ALL {
        out.push_str(&format!("  | \"{}\"\n", c.as_str()));
    }
    out.push_str(";\n");
    out
}

/// `docs/codes.md`, made from [`Code::ALL`] and [`RETIRED`].
pub fn markdown_table() -> String {
    let mut out = String::from(
        "# Finding codes\n\n\
         Generated from `crates/surfaces-core/src/code.rs` (`Code`); do not edit by hand. After\n\
         changing the codes, run `UPDATE_CODES=1 cargo test -p surfaces-core --test codes`.\n\n\
         Every finding carries one of these codes, a severity (always the one listed here), an\n\
         RFC 6901 path and a plain message saying what was found where. A code once published\n\
         keeps its meaning; a retired code is never given out again.\n",
    );
    for area in Area::ALL {
        out.push_str(&format!(
            "\n## {}\n\n| code | severity | meaning |\n| --- | --- | --- |\n",
            area.title()
        ));
        for c in Code::ALL.iter().filter(|c| c.area() == area) {
            out.push_str(&format!(
                "| `{}` | {} | {} |\n",
                c.as_str(),
                c.severity().as_str(),
                c.summary()
            ));
        }
    }
    out.push_str("\n## Retired\n\n| code | what it meant |\n| --- | --- |\n");
    for (code, meant) in RETIRED {
        out.push_str(&format!("| `{code}` | {meant} |\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_kebab_case_and_never_retired() {
        let mut seen = std::collections::BTreeSet::new();
        for c in Code::ALL {
            let t = c.as_str();
            assert!(seen.insert(t), "{t} is listed twice");
            assert!(
                t.split('-').all(|w| !w.is_empty()
                    && w.bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())),
                "{t} is not kebab-case"
            );
            assert!(
                RETIRED.iter().all(|(r, _)| *r != t),
                "{t} was retired and may not return"
            );
            assert_eq!(Code::parse(t), Some(*c));
        }
    }
}
