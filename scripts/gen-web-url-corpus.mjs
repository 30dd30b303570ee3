// Writes tests/fixtures/web-url.json: URL inputs with what Node's WHATWG `URL` makes of them,
// NFKC cases and Unicode forms of ASCII hosts. Both URL parsers the core can use are held to
// it: the `url` crate natively, the host's `URL` in Chromium (crates/surfaces-host).
import fs from "node:fs";
const inputs = [
  "https://agent.example/x", "https://Agent.EXAMPLE:443/.well-known/agent-card.json", "http://agent.example:80/",
  "https://agent.example:8443/a?b#c", "HTTPS://agent.example", "https://münchen.example/", "https://xn--mnchen-3ya.example/",
  "https://faß.de/", "https://ＰＡＹＰＡＬ．ＣＯＭ/", "https://аррӏе.com/", "https://xn--80ak6aa92e.com/", "https://paypal\u3002com/",
  "https://pay\u00ADpal.com/", "https://a\u200Db.example/", "https://☃.net/", "https://💩.la/", "https://xn--zz-zz-zz.example/",
  "https://xn--.example/", "https://127.1/", "https://0x7f.0.0.1/", "https://1.2.3.4/", "https://999.1.1.1/", "https://1.2.3.4.5/",
  "https://10.0.0.1./", "https://[::1]/", "https://[0:0:0:0:0:0:0:1]:8080/", "https://[::1/", "https://[::ffff:1.2.3.4]/",
  "https://bank.example@evil.example/", "https://user:pass@host.example/", "https://:pass@host.example/", " https://agent.example/ ",
  "https://agent.ex\tample/", "https://agent.example/a b", "https:\\\\agent.example\\x", "https:agent.example", "https:///agent.example",
  "https://agent.example:/", "https://agent.example:0/", "https://agent.example:65535/", "https://agent.example:65536/",
  "https://agent.example:99999/", "https://a b.example/", "https://agent%2Eexample/", "https://%zz.example/", "https://example.com%00/",
  "https://exa<mple.com/", "https://user@/", "https://:443/", "javascript:alert(1)", "data:text/html,<script>alert(1)</script>",
  "file:///etc/passwd", "mailto:a@b.example", "blob:https://a.example/uuid", "foo://1.2.3.4/x", "foo://[::1]/", "ftp://ftp.example:21/",
  "agent.example/card.json", "/x", "//agent.example/x", "", "not a url", "?q", "#f", "1http://x", "https://example.com./",
  "http://[::1]:80/", "wss://x.example:443/", "https://" + "a".repeat(70) + ".example/", "https://xn--n3h.net/",
  "https://EXAMPLE.com:443", "https://ex%41mple.com/", "https://example.com:8080:9090/", "https://\u202Eevil.example/",
  "https://-leading.example/", "https://under_score.example/", "https://ｅｘａｍｐｌｅ.com/", "https://example.com/%E2%80%AE",
  "https://a.example/?q=<script>", "http://0/", "http://4294967295/", "http://4294967296/",
  // Where Chromium's URL is more lenient than the Standard (found by red-teaming): the core
  // refuses what it lets through, so every build agrees.
  "https://xn--80ak6aa45d.com/", "https://xn--evil-ud7a.example/", "https://xn--a.example/", "https://xn--1ug.example/",
  "https://xn--mnchen-psa.example/", "https://[::1.2.3.04]/", "https://[::\u00B21]/", "https://[\uFF1A\uFF1A1]/",
  "https://a.com:+1/", "https://[::1]:99999/", "https://a.com:1:2/", "https://\u03F2ab.com/", "https://\u03C2ab.com/",
  "https://[fe80::1%25eth0]/", "https://user:pa@ss@host.example/", "https://a*b.example/",
  // Hosts of both directions: the Bidi Rule holds, or (below) it does not.
  "https://\u0645\u062B\u0627\u0644.\u0625\u062E\u062A\u0628\u0627\u0631/", "https://\u05E9\u05DC\u05D5\u05DD.example/",
  "https://a1.\u05E9\u05DC\u05D5\u05DD/",
];
// Refused in every build, whatever Node says (found by red-teaming). Where Node's `URL` is
// more lenient than the Standard: its IDNA checks the Bidi Rule (UTS #46 CheckBidi; the `url`
// crate does too), so a label of Arabic-Indic digits, or one starting with a digit in a
// domain with a right-to-left label, is no host; nor is a label starting with a combining
// mark Node's tables predate (U+1CF28, Unicode 14). And a host holding U+1E9E, which UTS #46
// maps to "ß" since Unicode 15.1 and Node to "ss": two domains, so none. And a host that maps to
// a character no domain may hold, which Chromium reads as another host.
const standardRefuses = [
  "https://\u0661\u0662.example/", "https://a\u0661.example/", "https://\u05D0.\u0661\u0662/", "https://1a.\u05E9\u05DC\u05D5\u05DD/",
  "https://\u05E9-.example/", "https://xn--9x0h.example/", "https://\u{1CF28}a.example/", "https://stra\u1E9Ee.de/",
  "https://stra%E1%BA%9Ee.de/",
  // Chromium maps a full-width percent sign to "%" and decodes the escape it makes.
  "https://ex\uFF0541mple.com/", "https://a\uFF052eb.com/", "https://\uFF0530x7f.1/", "https://a\uFE6A2eb.com/",
];
const parse = (input) => {
  let u;
  try { u = new URL(input); } catch { return { input, error: /^[\x00-\x20]*[A-Za-z][A-Za-z0-9+.\-\t\n\r]*:/.test(input) ? "invalid" : "relative" }; }
  const scheme = u.protocol.slice(0, -1);
  const h = u.hostname;
  const special = ["http","https","ws","wss","ftp","file"].includes(scheme);
  const host = h === "" ? null : h.startsWith("[") ? { kind: "ipv6", value: h } : special && /^[0-9.]+$/.test(h) ? { kind: "ipv4", value: h } : { kind: "domain", value: h };
  return { input, href: u.href, scheme, username: u.username, password: u.password, host, port: u.port === "" ? null : Number(u.port) };
};
const nfkc = ["ＰＡＹＰＡＬ．ＣＯＭ", "（paypal.com）", "\uFB01nance", "paypal\uFF61com", "e\u0301", "\u2460", "\u212B", "plain ascii", "\u3002", "\u00AD", "ｶﾞ"].map((input) => ({ input, output: input.normalize("NFKC") }));
// NFD: what look-alike skeletons (TS #39) are computed over. Composed letters, a singleton
// decomposition (Kelvin sign to K), Hangul, marks to reorder, and text with nothing to do.
const nfd = ["é", "münchen", "\u212A", "\u1E9B\u0323", "한국", "a\u0328\u0301", "\u00C5\u212B", "ｶﾞ", "plain ascii", "\u0430\u0440\u0440\u04CF\u0435"].map((input) => ({ input, output: input.normalize("NFD") }));
// Character properties: whether a character is a letter, number, punctuation or symbol, and
// whether it is Default_Ignorable_Code_Point (what "draws nothing" is decided by). Assigned
// before Unicode 15, so every host's data agrees.
const chars = ["A", "1", "-", "\u00B7", "\u6771", "\u0663", "\u2764", "\u2800", "\u0301", "\u200B", "\u00AD", "\u3000", "\u0378", "\uE000", "\u115F", "\u3164", "\uFE0F", "\u{E0041}", "\u{1D173}", "\u17B5", "\u061C", "\u{1F600}", "\u{10FFFF}", " ", "\u00A0", "\u2028", "\u202E", "\u{1D400}", "\u0F0B", "\u{E0100}",
  // Case: lowercase forms (what a host named in a label is read in), one character at a time.
  "Z", "\u03A3", "\u0130", "\uFF21", "\u2126", "\u212A", "\u1E9E", "\u01C4", "\u0414", "\u{10400}", "\u1F88", "\u00DF", "\u0131"].map((c) => ({
  char: c,
  graphic: /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(c),
  ignorable: /^\p{Default_Ignorable_Code_Point}$/u.test(c),
  lower: c.toLowerCase(),
}));
const unicode = [
  ["xn--80ak6aa92e.com", "\u0430\u0440\u0440\u04CF\u0435.com"], ["xn--mnchen-3ya.example", "münchen.example"], ["example.com", null],
  ["xn--.example", null], ["xn--MNCHEN-3YA.example", null], ["xn--n3h.net", "☃.net"], ["xn--ls8h.la", "💩.la"], ["xn--fa-hia.de", "faß.de"],
  ["xn--zz-zz-zz.example", null],
].map(([ascii, unicode]) => ({ ascii, unicode }));
const about =
  "WHATWG URL parsing, NFKC, NFD, two character properties, lowercase forms and Unicode host forms: inputs chosen for what the checks read (hosts, IDNA, IP forms, ports, credentials, schemes, relative text). Expected values are what Node's `URL`, `String.normalize` and `toLowerCase` give (but for the hosts listed as refused in scripts/gen-web-url-corpus.mjs, which Node's `URL` takes); surfaces-core tests the `url` crate against them natively (crates/surfaces-core/tests/web_url.rs) and surfaces-host tests the host parser against them in Chromium (crates/surfaces-host/tests/web_url.rs). Regenerate with `node scripts/gen-web-url-corpus.mjs`.";
const file = new URL("../tests/fixtures/web-url.json", import.meta.url);
fs.writeFileSync(file, JSON.stringify({ about, urls: [...inputs.map(parse), ...standardRefuses.map((input) => ({ input, error: "invalid" }))], nfkc, nfd, chars, unicode }, null, 1) + "\n");
