//! The page's URL schema: the one list of page-level keys (everything in a playground URL
//! that is not a scenario parameter), their types, and the schema version each appeared in.
//!
//! The page (`ui::url`), the CLI and the mdBook preprocessor all read [`PAGE_KEYS`]; adding
//! a key is one line here (and one row in the reference's URL table, docs/src/url.md,, which a test compares
//! with this list). Scenario parameters are checked by [`crate::scenarios::Scenario::values`].
//!
//! Bad values are reported with the key's name and what it allows, in the same words
//! wherever they are found: `theme must be one of light, dark, auto (got "blue")`.
//!
//! Every reader of keys — a URL, an embed's `set-params`, the CLI's arguments, a docs fence —
//! reads them in linear time and takes at most [`MAX_KEYS`] of them ([`too_many_keys`]).
//! Origins (`origin=`) are checked and normalised by one function, [`normalize_origin`]; only
//! its value is ever used.

use std::collections::HashSet;

use crate::choices::{Axis, ClockKind, Theme};
use crate::i18n::Msg;
use crate::scenarios::{find, ParamError, Scenario, Values};

/// The current version of the URL schema. Version 1: `scenario`, the scenario parameters,
/// `clock`, `scale`, `autorun`, `compare`, `embed`, `origin`, `id`. Version 2 adds `theme`,
/// `controls`, `lang` and `axis`. Version 3 adds the `python` parameter to every scenario
/// (absent: the newest Python). Version 4 adds `code` (a learner's own program). Version 5
/// adds `predict` (questions before the run, judged by it). Version 6 adds `step` (the
/// stepper's position in the run the link shows). Version 7 adds `lesson` and `stage` (the
/// course: a lesson, and a step of it).
pub const URL_SCHEMA_VERSION: u32 = 7;

/// The largest `step=` value: more steps than the longest run the form allows records.
pub const MAX_STEP: u64 = 10_000_000;

/// The longest `code=` value, in characters: about 8 KB keeps a shared link working
/// everywhere (browsers, chat apps and servers cut long URLs).
pub const MAX_CODE_URL: usize = 8192;

/// The most keys one URL, `set-params` message, command line or docs fence may have: far
/// more than any scenario needs (its parameters and the page keys are a few dozen), few
/// enough that checking them never holds the page.
pub const MAX_KEYS: usize = 1000;

/// The error for `given` keys when more than [`MAX_KEYS`] are: `too many keys: 80000
/// given, at most 1000 are allowed`; `None` up to the cap.
///
/// # Examples
/// ```
/// use asyncio_playground::contract::too_many_keys;
/// assert!(too_many_keys(1000).is_none());
/// assert_eq!(too_many_keys(1001).unwrap().en(), "too many keys: 1001 given, at most 1000 keys are allowed");
/// ```
pub fn too_many_keys(given: usize) -> Option<Msg> {
    (given > MAX_KEYS).then(|| Msg::new("keys-too-many").arg("n", given).arg("max", MAX_KEYS))
}

/// What values a page key takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum KeyType {
    /// The id of a scenario.
    Scenario,
    /// One of these words.
    Choice(&'static [&'static str]),
    /// `1`/`true` or `0`/`false`.
    Flag,
    /// A number in `min..=max`.
    Number { min: f64, max: f64 },
    /// A whole number in `min..=max`.
    Whole { min: u64, max: u64 },
    /// Comma-separated origins (`https://docs.example`), each as [`normalize_origin`] reads it.
    Origins,
    /// A language the page speaks: `en`, `hi`, `bn`, in any case, a region ignored (`hi-IN`),
    /// exactly as the page reads it ([`crate::i18n::Lang::parse`]).
    Lang,
    /// Free text of at most this many characters.
    Text(usize),
    /// A program: base64url (RFC 4648 §5, without padding) of its UTF-8 text, at most this
    /// many characters.
    Program(usize),
}

/// Who writes a key into an embed's URL.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SetBy {
    /// The person writing the URL or the docs page.
    Author,
    /// `embed.js` (an author's value would be overwritten).
    EmbedScript,
}

/// One page-level key of the URL.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PageKey {
    pub name: &'static str,
    pub ty: KeyType,
    /// The URL schema version that introduced it.
    pub since: u32,
    pub set_by: SetBy,
    /// One line on what it does.
    pub meaning: &'static str,
}

/// The wall seconds per guide-second allowed for `scale`.
pub const SCALE_RANGE: (f64, f64) = (0.01, 10.0);

const fn key(name: &'static str, ty: KeyType, since: u32, meaning: &'static str) -> PageKey {
    PageKey { name, ty, since, set_by: SetBy::Author, meaning }
}

const fn embed_key(name: &'static str, ty: KeyType, since: u32, meaning: &'static str) -> PageKey {
    PageKey { name, ty, since, set_by: SetBy::EmbedScript, meaning }
}

/// Every page-level key, in the URL table's order (docs/src/url.md).
pub const PAGE_KEYS: &[PageKey] = &[
    key("scenario", KeyType::Scenario, 1, "which scenario to show"),
    key("clock", KeyType::Choice(ClockKind::NAMES), 1, "the clock of the next run"),
    key("scale", KeyType::Number { min: SCALE_RANGE.0, max: SCALE_RANGE.1 }, 1, "wall seconds per guide-second on the real clock"),
    key("autorun", KeyType::Flag, 1, "run once on load"),
    key("compare", KeyType::Flag, 1, "run the scenario's two variants side by side"),
    key("embed", KeyType::Flag, 1, "the compact view for iframes"),
    embed_key("origin", KeyType::Origins, 1, "the host origins an embed talks to"),
    embed_key("id", KeyType::Text(64), 1, "the host's name for an embed, echoed in its messages"),
    key("theme", KeyType::Choice(Theme::NAMES), 2, "colours: light, dark, or the system's (auto)"),
    key("controls", KeyType::Flag, 2, "0: output only (no form, no buttons; runs on load)"),
    key("lang", KeyType::Lang, 2, "the language of the page's text"),
    key("axis", KeyType::Choice(Axis::NAMES), 2, "the timeline's axis: loop time, or loop iterations (default: whichever shows the run)"),
    key("code", KeyType::Program(MAX_CODE_URL), 4, "an own program, shown in the editor and run on CPython in the page (\"Run my code\")"),
    key("predict", KeyType::Flag, 5, "Predict first: the scenario's questions before the run, which hides its outcome until Run judges the answers"),
    key(
        "step",
        KeyType::Whole { min: 1, max: MAX_STEP },
        6,
        "the stepper's step (1 is the first) at which the next finished run opens: a link to one moment of a run (it runs the scenario on load, as autorun=1 does)",
    ),
    key(
        "lesson",
        KeyType::Choice(&crate::scenarios::lessons::IDS),
        7,
        "opens the course at this lesson (its scenario, at the lesson's values unless the link gives some); the learner's progress stays on their device",
    ),
    key("stage", KeyType::Choice(crate::scenarios::lessons::Stage::NAMES), 7, "the step of that lesson: explain, predict, run, or the challenge"),
];

/// The page key called `name`.
pub fn page_key(name: &str) -> Option<&'static PageKey> {
    PAGE_KEYS.iter().find(|k| k.name == name)
}

/// True if `name` is a page key (not a scenario parameter).
pub fn is_page_key(name: &str) -> bool {
    page_key(name).is_some()
}

fn trim_num(v: f64) -> String {
    format!("{v}")
}

impl KeyType {
    /// The type as the URL table writes it: `virtual \| real`, `number 0.01–10`…
    pub fn describe(&self) -> String {
        match self {
            KeyType::Scenario => "scenario id".into(),
            KeyType::Choice(options) => options.join(" | "),
            KeyType::Flag => "0 | 1".into(),
            KeyType::Number { min, max } => format!("number {}–{}", trim_num(*min), trim_num(*max)),
            KeyType::Whole { min, max } => format!("whole number {min}–{max}"),
            KeyType::Origins => "origins, comma-separated".into(),
            KeyType::Lang => crate::i18n::Lang::ALL.map(crate::i18n::Lang::tag).join(" | "),
            KeyType::Text(n) => format!("text, at most {n} characters"),
            KeyType::Program(n) => format!("base64url of UTF-8 text, at most {n} characters"),
        }
    }
}

impl PageKey {
    /// What the key allows, in English words.
    pub fn allowed(&self) -> String {
        self.allowed_msg().en()
    }

    /// What the key allows, as a message.
    pub fn allowed_msg(&self) -> Msg {
        match self.ty {
            KeyType::Scenario => Msg::new("allowed-choice").arg("options", crate::scenarios::all().iter().map(|s| s.id).collect::<Vec<_>>().join(", ")),
            KeyType::Choice(options) => Msg::new("allowed-choice").arg("options", options.join(", ")),
            KeyType::Flag => Msg::new("allowed-flag"),
            KeyType::Number { min, max } => {
                let unit = if self.name == "scale" { Msg::new("unit-scale") } else { Msg::new("unit-none") };
                Msg::new("allowed-number").arg("min", min).arg("max", max).arg("unit", unit)
            }
            KeyType::Whole { min, max } => Msg::new("allowed-int")
                .arg("min", i64::try_from(min).unwrap_or(i64::MAX))
                .arg("max", i64::try_from(max).unwrap_or(i64::MAX))
                .arg("unit", Msg::new("unit-none")),
            KeyType::Origins => Msg::new("allowed-origins"),
            KeyType::Lang => Msg::new("allowed-choice").arg("options", crate::i18n::Lang::ALL.map(crate::i18n::Lang::tag).join(", ")),
            KeyType::Text(n) => Msg::new("allowed-text").arg("max", n),
            KeyType::Program(n) => Msg::new("allowed-program").arg("max", n),
        }
    }

    /// Checks one raw value; the error names the key and what it allows (in English).
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::contract::page_key;
    /// let theme = page_key("theme").unwrap();
    /// assert!(theme.check("dark").is_ok());
    /// assert_eq!(theme.check("blue").unwrap_err(), "theme must be one of light, dark, auto (got \"blue\")");
    /// ```
    pub fn check(&self, raw: &str) -> Result<(), String> {
        self.check_msg(raw).map_err(|m| m.en())
    }

    /// [`PageKey::check`], the error as a message for the page's language.
    pub fn check_msg(&self, raw: &str) -> Result<(), Msg> {
        let s = raw.trim();
        let ok = match self.ty {
            KeyType::Scenario => find(s).is_some(),
            KeyType::Choice(options) => options.contains(&s),
            KeyType::Flag => flag(s).is_some(),
            KeyType::Number { min, max } => crate::decimal::parse_f64(s).is_ok_and(|v| v.is_finite() && v >= min && v <= max),
            KeyType::Whole { min, max } => s.parse::<u64>().is_ok_and(|v| (min..=max).contains(&v)),
            KeyType::Origins => parse_origins(s).is_ok(),
            KeyType::Lang => crate::i18n::Lang::parse(s).is_some(),
            KeyType::Text(n) => raw.chars().count() <= n,
            KeyType::Program(n) => s.len() <= n && decode_program(s).is_ok(),
        };
        if ok {
            Ok(())
        } else {
            let shown: String = raw.chars().take(40).collect();
            Err(Msg::new("param-error").arg("param", self.name).arg("allowed", self.allowed_msg()).echo("got", &shown))
        }
    }
}

const BASE64URL: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// A program as a `code=` value: base64url (RFC 4648 §5) of its UTF-8 text, no padding.
///
/// # Examples
/// ```
/// use asyncio_playground::contract::{decode_program, encode_program};
/// assert_eq!(encode_program("print('hi')\n"), "cHJpbnQoJ2hpJykK");
/// assert_eq!(decode_program("cHJpbnQoJ2hpJykK").unwrap(), "print('hi')\n");
/// assert!(decode_program("cHJp=bnQ").is_err());
/// ```
pub fn encode_program(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 4 / 3 + 3);
    for chunk in text.as_bytes().chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(BASE64URL[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// The program a `code=` value holds; `Err` says what is wrong with it.
pub fn decode_program(raw: &str) -> Result<String, String> {
    let mut bytes = Vec::with_capacity(raw.len() * 3 / 4);
    let (mut n, mut bits) = (0u32, 0);
    for c in raw.trim().bytes() {
        let v = BASE64URL.iter().position(|a| *a == c).ok_or_else(|| format!("'{}' is not a base64url character", c as char))?;
        n = n << 6 | v as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            bytes.push((n >> bits) as u8);
            n &= (1 << bits) - 1;
        }
    }
    if bits >= 6 {
        return Err("its length is not that of base64url text".into());
    }
    String::from_utf8(bytes).map_err(|_| "it does not decode to UTF-8 text".to_string())
}

/// Reads a flag value: `Some(true)` for 1/true, `Some(false)` for 0/false.
pub fn flag(raw: &str) -> Option<bool> {
    match raw.trim().to_ascii_lowercase().as_str() {
        "1" | "true" => Some(true),
        "0" | "false" => Some(false),
        _ => None,
    }
}

/// An origin as the browser writes one (`MessageEvent.origin`, `location.origin`): `None`
/// unless `s` is `http://` or `https://`, a host (letters, digits, `.`, `-`; or an IPv6
/// address in brackets) and an optional port, with no user, path, query or fragment (a lone
/// trailing `/` is allowed). The scheme and host are lower-cased and the scheme's default
/// port (`:80` for http, `:443` for https) is dropped, so that one origin has one spelling.
/// `*`, `null`, `javascript:…` and the like are never origins.
///
/// This is the one check of an origin: the URL's `origin=` is validated with it, and an
/// embed uses only the value it returns.
///
/// # Examples
/// ```
/// use asyncio_playground::contract::normalize_origin;
/// assert_eq!(normalize_origin("http://LOCALHOST:8790").as_deref(), Some("http://localhost:8790"));
/// assert_eq!(normalize_origin("HTTPS://Docs.Example:443/").as_deref(), Some("https://docs.example"));
/// assert_eq!(normalize_origin("*"), None);
/// assert_eq!(normalize_origin("https://a.example/path"), None);
/// ```
pub fn normalize_origin(s: &str) -> Option<String> {
    let s = s.trim();
    let (scheme, rest) = s.split_once("://")?;
    let scheme = scheme.to_ascii_lowercase();
    let default_port = match scheme.as_str() {
        "http" => 80,
        "https" => 443,
        _ => return None,
    };
    let rest = rest.strip_suffix('/').unwrap_or(rest);
    let (host, port) = if let Some(v6) = rest.strip_prefix('[') {
        let (addr, after) = v6.split_once(']')?;
        let ok = !addr.is_empty() && addr.chars().all(|c| c.is_ascii_hexdigit() || matches!(c, ':' | '.'));
        if !ok {
            return None;
        }
        let port = match after {
            "" => None,
            p => Some(p.strip_prefix(':')?),
        };
        (format!("[{}]", addr.to_ascii_lowercase()), port)
    } else {
        let (host, port) = match rest.split_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (rest, None),
        };
        let label_ok =
            |l: &str| !l.is_empty() && l.len() <= 63 && !l.starts_with('-') && !l.ends_with('-') && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
        if host.is_empty() || host.len() > 253 || !host.split('.').all(label_ok) {
            return None;
        }
        (host.to_ascii_lowercase(), port)
    };
    let port = match port {
        None => None,
        Some(p) if !p.is_empty() && p.len() <= 5 && p.bytes().all(|b| b.is_ascii_digit()) => match p.parse::<u32>() {
            Ok(n) if n <= 65535 => (n != default_port).then_some(n),
            _ => return None,
        },
        Some(_) => return None,
    };
    Some(match port {
        Some(n) => format!("{scheme}://{host}:{n}"),
        None => format!("{scheme}://{host}"),
    })
}

/// An `origin=` value (comma-separated origins) normalised ([`normalize_origin`]), without
/// repeats; `Err` with the first that is not an origin. An empty value names no origin.
///
/// # Examples
/// ```
/// use asyncio_playground::contract::parse_origins;
/// assert_eq!(parse_origins("https://A.example, http://b.example:80").unwrap(), ["https://a.example", "http://b.example"]);
/// assert_eq!(parse_origins("https://a.example,*").unwrap_err(), "*");
/// ```
pub fn parse_origins(raw: &str) -> Result<Vec<String>, String> {
    let mut out: Vec<String> = Vec::new();
    for o in raw.split(',').map(str::trim).filter(|o| !o.is_empty()) {
        let n = normalize_origin(o).ok_or_else(|| o.to_string())?;
        if !out.contains(&n) {
            out.push(n);
        }
        if out.len() > MAX_KEYS {
            return Err(o.to_string());
        }
    }
    Ok(out)
}

/// A whole query, checked: the scenario, its parameter values, and the page keys.
pub struct CheckedQuery {
    pub scenario: &'static Scenario,
    pub values: Values,
    /// Page keys other than `scenario`, as given.
    pub page: Vec<(String, String)>,
}

impl std::fmt::Debug for CheckedQuery {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "CheckedQuery({}, {}, {:?})", self.scenario.id, self.values.to_query(), self.page)
    }
}

/// Checks `key=value` pairs as the page would: `scenario` first, then every page key with
/// [`PageKey::check`] and every other key as a parameter of that scenario. Every problem is
/// reported, each with the key it concerns.
///
/// # Examples
/// ```
/// use asyncio_playground::contract::check_query;
/// let q = check_query([("scenario", "gather"), ("tasks", "3"), ("theme", "dark")]).unwrap();
/// assert_eq!(q.values.int("tasks"), Ok(3));
/// let errors = check_query([("scenario", "gather"), ("tasks", "0")]).unwrap_err();
/// assert_eq!(errors[0].message, "tasks must be a whole number from 1 to 1000 (got \"0\")");
/// ```
pub fn check_query<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Result<CheckedQuery, Vec<ParamError>> {
    let pairs: Vec<(&str, &str)> = pairs.into_iter().collect();
    if let Some(msg) = too_many_keys(pairs.len()) {
        return Err(vec![ParamError::new("", msg)]);
    }
    let mut errors = Vec::new();
    let scenario = match pairs.iter().find(|(k, _)| *k == "scenario") {
        None => {
            let allowed = page_key("scenario").map_or_else(|| Msg::new("unit-none"), PageKey::allowed_msg);
            errors.push(ParamError::new("scenario", Msg::new("param-missing").arg("param", "scenario").arg("allowed", allowed)));
            None
        }
        Some((_, id)) => match page_key("scenario").map(|k| k.check_msg(id)) {
            Some(Err(e)) => {
                errors.push(ParamError::new("scenario", e));
                None
            }
            _ => find(id.trim()),
        },
    };
    let mut page = Vec::new();
    let mut params = Vec::new();
    let mut seen: HashSet<&str> = HashSet::with_capacity(pairs.len());
    for (name, raw) in &pairs {
        if !seen.insert(name) {
            errors.push(ParamError::new(*name, Msg::new("param-twice").echo("param", name)));
            continue;
        }
        match page_key(name) {
            Some(k) if k.name == "scenario" => {}
            Some(k) => match k.check_msg(raw) {
                Ok(()) => page.push((name.to_string(), raw.to_string())),
                Err(e) => errors.push(ParamError::new(*name, e)),
            },
            None => params.push((*name, *raw)),
        }
    }
    let values = scenario.map(|s| s.values(params));
    match (scenario, values) {
        (Some(scenario), Some(Ok(values))) if errors.is_empty() => Ok(CheckedQuery { scenario, values, page }),
        (_, Some(Err(e))) => {
            errors.extend(e);
            Err(errors)
        }
        _ => Err(errors),
    }
}

/// A query as the page reads it: each key once, notices for what was odd about it.
#[derive(Clone, Debug, PartialEq)]
pub struct PageQuery {
    /// The scenario id as given (unchecked), or the first scenario's when there is none.
    pub scenario: String,
    /// Every key but `scenario` once, with its first value, in order.
    pub pairs: Vec<(String, String)>,
    /// Repeated keys, and a missing `scenario` when parameters were given.
    pub notices: Vec<Msg>,
}

/// Reads decoded `key=value` pairs the way [`check_query`] does — a repeated key keeps its
/// first value and is named — but leniently, for the page: a query without `scenario` is
/// read against the first scenario (and says so when it has parameters), and of more than
/// [`MAX_KEYS`] keys the first [`MAX_KEYS`] are read (and the page says so). Linear in the
/// number of keys. `None` for an empty query.
///
/// # Examples
/// ```
/// use asyncio_playground::contract::read_query;
/// let q = read_query(vec![("scenario".into(), "gather".into()), ("tasks".into(), "3".into()), ("tasks".into(), "5".into())]).unwrap();
/// assert_eq!(q.pairs, vec![("tasks".to_string(), "3".to_string())]);
/// assert_eq!(q.notices[0].en(), "tasks is given twice");
/// ```
pub fn read_query(pairs: Vec<(String, String)>) -> Option<PageQuery> {
    if pairs.is_empty() {
        return None;
    }
    let given = pairs.len();
    let (mut seen, mut kept, mut notices): (HashSet<String>, Vec<(String, String)>, Vec<Msg>) = (HashSet::new(), Vec::new(), Vec::new());
    if given > MAX_KEYS {
        notices.push(Msg::new("notice-keys-too-many").arg("n", given).arg("max", MAX_KEYS));
    }
    // Each repeated key is named once (keys compared as shown: their first 40 characters).
    let mut named: HashSet<String> = HashSet::new();
    let mut scenario = None;
    for (k, v) in pairs.into_iter().take(MAX_KEYS) {
        if seen.contains(&k) {
            let shown: String = k.chars().take(40).collect();
            if named.insert(shown.clone()) {
                notices.push(Msg::new("param-twice").echo("param", &shown));
            }
            continue;
        }
        seen.insert(k.clone());
        if k == "scenario" {
            scenario = Some(v);
        } else {
            kept.push((k, v));
        }
    }
    let first = crate::scenarios::all()[0].id;
    // A link to a lesson names its scenario through the lesson.
    let lesson = kept.iter().find(|(k, _)| k == "lesson").and_then(|(_, v)| crate::scenarios::lessons::lesson_id(v));
    let scenario = scenario.or_else(|| lesson.map(|l| crate::scenarios::lessons::opening(l).0.to_string())).unwrap_or_else(|| {
        if kept.iter().any(|(k, _)| !is_page_key(k)) {
            notices.push(Msg::new("notice-no-scenario").arg("shown", first));
        }
        first.to_string()
    });
    Some(PageQuery { scenario, pairs: kept, notices })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(pairs: &[(&str, &str)]) -> Option<PageQuery> {
        read_query(pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect())
    }

    #[test]
    fn the_page_reads_every_repeated_key_alike_and_a_query_without_scenario() {
        let q = read(&[("scenario", "sleep"), ("clock", "virtual"), ("tasks", "1"), ("scenario", "gather"), ("clock", "real"), ("tasks", "2"), ("tasks", "3")])
            .unwrap();
        assert_eq!(q.scenario, "sleep");
        assert_eq!(q.pairs, vec![("clock".to_string(), "virtual".to_string()), ("tasks".to_string(), "1".to_string())]);
        let notices: Vec<String> = q.notices.iter().map(Msg::en).collect();
        assert_eq!(notices, ["scenario is given twice", "clock is given twice", "tasks is given twice"]);
        let q = read(&[("tasks", "3")]).unwrap();
        assert_eq!(q.scenario, "sleep");
        assert_eq!(q.notices[0].en(), "the URL names no scenario (scenario=…); its parameters were checked against sleep");
        assert!(read(&[("clock", "real")]).unwrap().notices.is_empty(), "page keys alone need no notice");
        assert_eq!(read(&[]), None);
    }

    #[test]
    fn every_key_is_listed_once_with_a_known_version() {
        for (i, k) in PAGE_KEYS.iter().enumerate() {
            assert!(PAGE_KEYS[..i].iter().all(|o| o.name != k.name), "{} twice", k.name);
            assert!((1..=URL_SCHEMA_VERSION).contains(&k.since), "{}", k.name);
            assert!(crate::scenarios::all().iter().all(|s| s.param(k.name).is_none()), "{} is also a scenario parameter", k.name);
        }
    }

    #[test]
    fn values_are_checked_by_type() {
        let check = |k: &str, v: &str| page_key(k).unwrap().check(v);
        assert!(check("clock", "real").is_ok());
        assert_eq!(check("clock", "fast").unwrap_err(), "clock must be one of virtual, real (got \"fast\")");
        assert!(check("scale", "0.01").is_ok() && check("scale", "10").is_ok());
        assert_eq!(check("scale", "11").unwrap_err(), "scale must be a number from 0.01 to 10 wall seconds per guide-second (got \"11\")");
        assert!(check("scale", "NaN").is_err() && check("scale", "").is_err());
        assert!(check("controls", "0").is_ok() && check("controls", "true").is_ok());
        assert_eq!(check("controls", "no").unwrap_err(), "controls must be 1 or 0 (true or false) (got \"no\")");
        assert!(check("lang", "hi").is_ok() && check("lang", "fr").is_err());
        assert!(check("origin", "https://docs.example, http://127.0.0.1:8000").is_ok());
        assert!(check("origin", "*").is_err() && check("origin", "https://a.example,*").is_err() && check("origin", "null").is_err());
        assert!(check("origin", "javascript:alert(1)").is_err() && check("origin", "https://a.example/path").is_err());
        assert!(check("scenario", "gather").is_ok());
        assert!(check("code", &encode_program("import asyncio\n")).is_ok());
        assert!(check("code", "aGk=").is_err() && check("code", "/w").is_err());
        assert!(check("code", &"A".repeat(MAX_CODE_URL + 4)).is_err());
        assert!(check("scenario", "nope").unwrap_err().starts_with("scenario must be one of sleep, gather,"));
    }

    #[test]
    fn programs_survive_the_url_in_every_length_and_script() {
        for text in ["", "a", "ab", "abc", "abcd", "print('नमस्ते, দুনিয়া')\n", "\t\u{1F600}"] {
            let encoded = encode_program(text);
            assert!(!encoded.contains(['=', '+', '/']), "{encoded}");
            assert_eq!(decode_program(&encoded).as_deref(), Ok(text));
        }
        assert_eq!(encode_program("hi?"), "aGk_");
        assert_eq!(decode_program("A").unwrap_err(), "its length is not that of base64url text");
        assert_eq!(decode_program("_w").unwrap_err(), "it does not decode to UTF-8 text");
        assert_eq!(
            page_key("code").unwrap().check("a b").unwrap_err(),
            "code must be base64url (RFC 4648 §5, no padding) of UTF-8 text, at most 8192 characters (got \"a b\")"
        );
    }

    /// Issue 23: a URL with 100 000 keys froze the tab 42.6 s (a linear search per key).
    #[test]
    fn a_hundred_thousand_keys_are_read_in_linear_time_and_the_cap_is_named() {
        let many: Vec<(String, String)> = (0..100_000).map(|i| (format!("k{i}"), "1".to_string())).collect();
        let started = std::time::Instant::now();
        let q = read_query(many.clone()).unwrap();
        let took = started.elapsed();
        assert!(took < std::time::Duration::from_secs(5), "{took:?} for 100 000 keys");
        assert_eq!(q.pairs.len(), 1000, "the first 1000 keys are read");
        let notices: Vec<String> = q.notices.iter().map(Msg::en).collect();
        assert!(notices.iter().any(|n| n.contains("100000 keys") && n.contains("at most 1000")), "{notices:?}");
        // The same keys, each given twice: linear too, each named once.
        let twice: Vec<(String, String)> = (0..500).flat_map(|i| [(format!("k{i}"), "1".to_string()), (format!("k{i}"), "2".to_string())]).collect();
        let q = read_query(twice).unwrap();
        assert_eq!((q.pairs.len(), q.notices.len()), (500, 501), "500 repeats named, and no scenario");

        let started = std::time::Instant::now();
        let errors = check_query(many.iter().map(|(k, v)| (k.as_str(), v.as_str())).chain([("scenario", "gather")])).unwrap_err();
        let took = started.elapsed();
        assert!(took < std::time::Duration::from_secs(5), "{took:?} to check 100 000 keys");
        assert_eq!(errors.len(), 1, "one message for too many keys, not one per key");
        assert_eq!(errors[0].message, "too many keys: 100001 given, at most 1000 keys are allowed");
        let at_cap: Vec<(String, String)> = (0..999).map(|i| (format!("k{i}"), "1".to_string())).collect();
        let errors = check_query(at_cap.iter().map(|(k, v)| (k.as_str(), v.as_str())).chain([("scenario", "gather")])).unwrap_err();
        assert_eq!(errors.len(), 999, "up to the cap every key is checked");
    }

    /// Issue 23: one spelling per origin, and what is not an origin is never one.
    #[test]
    fn origins_are_normalised_in_one_place() {
        let n = |s: &str| normalize_origin(s);
        assert_eq!(n("http://LOCALHOST:8790").as_deref(), Some("http://localhost:8790"));
        assert_eq!(n(" HTTPS://Docs.Example ").as_deref(), Some("https://docs.example"));
        assert_eq!(n("https://docs.example:443").as_deref(), Some("https://docs.example"));
        assert_eq!(n("http://docs.example:80/").as_deref(), Some("http://docs.example"));
        assert_eq!(n("http://docs.example:443").as_deref(), Some("http://docs.example:443"));
        assert_eq!(n("https://docs.example:80").as_deref(), Some("https://docs.example:80"));
        assert_eq!(n("http://127.0.0.1:08000").as_deref(), Some("http://127.0.0.1:8000"));
        assert_eq!(n("http://[::1]:8000").as_deref(), Some("http://[::1]:8000"));
        assert_eq!(n("http://[FE80::1]").as_deref(), Some("http://[fe80::1]"));
        for bad in [
            "*",
            "null",
            "",
            "https://",
            "https://*",
            "javascript:alert(1)",
            "ftp://a.example",
            "https://a.example/path",
            "https://a.example?x",
            "https://a.example#x",
            "https://user@a.example",
            "https://a.example:",
            "https://a.example:99999",
            "https://a.example:8a",
            "https://a..example",
            "https://a_b.example",
            "https://ä.example",
            "https://[::1",
            "https://[zz]",
            "https://a.example:80:80",
            "//a.example",
            "https://-a.example/",
        ] {
            assert_eq!(n(bad), None, "{bad:?}");
        }
        assert_eq!(parse_origins("http://LOCALHOST:8790, http://localhost:8790").unwrap(), ["http://localhost:8790"]);
        assert_eq!(parse_origins("").unwrap(), Vec::<String>::new());
        assert!(parse_origins("https://a.example,*").is_err());
        // The URL's check and the normaliser agree.
        for s in ["*", "http://LOCALHOST:8790", "https://a.example/p", "https://a.example,http://b.example:80"] {
            assert_eq!(page_key("origin").unwrap().check(s).is_ok(), parse_origins(s).is_ok(), "{s}");
        }
    }

    /// Issue 23: `lang=HI` and `lang=hi-IN` are both accepted, as the page reads them.
    #[test]
    fn the_lang_key_accepts_what_the_page_reads() {
        let lang = page_key("lang").unwrap();
        for tag in ["hi", "HI", "hi-IN", "Hi_in", "bn-BD", "EN", " en "] {
            assert!(lang.check(tag).is_ok(), "{tag}");
        }
        for tag in ["fr", "", "hindi", "-hi"] {
            assert!(lang.check(tag).is_err(), "{tag}");
        }
        for tag in ["hi", "HI", "hi-IN", "fr", "", "bn_BD", "xx-hi", "en-GB"] {
            assert_eq!(lang.check(tag).is_ok(), crate::i18n::Lang::parse(tag).is_some(), "the check and the page agree on {tag:?}");
        }
    }

    #[test]
    fn a_query_is_checked_whole_with_every_problem_named() {
        let q = check_query([("scenario", "lock"), ("workers", "20"), ("use_lock", "false"), ("theme", "auto"), ("lang", "bn")]).unwrap();
        assert_eq!(q.scenario.id, "lock");
        assert_eq!(q.values.to_query(), "workers=20&hold=0&use_lock=false&python=3.14");
        assert_eq!(q.page, vec![("theme".to_string(), "auto".to_string()), ("lang".to_string(), "bn".to_string())]);

        let errors = check_query([("scenario", "gather"), ("tasks", "0"), ("theme", "blue"), ("speed", "2"), ("tasks", "3")]).unwrap_err();
        let messages: Vec<&str> = errors.iter().map(|e| e.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "theme must be one of light, dark, auto (got \"blue\")",
                "tasks is given twice",
                "tasks must be a whole number from 1 to 1000 (got \"0\")",
                "unknown parameter \"speed\" (this scenario has: tasks, delay, mode, eager, python)",
            ]
        );
        assert_eq!(check_query([("tasks", "3")]).unwrap_err()[0].param, "scenario");
    }
}
