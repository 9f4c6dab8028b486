//! Playgrounds in documentation pages: from the `key=value` lines a docs author writes (the
//! body of an mdBook `asyncio-playground` fence) to the drop-in element that `embed.js` turns
//! into a live playground.
//!
//! The lines are checked exactly as the page checks a URL ([`crate::contract::check_query`]),
//! so a bad value is reported at build time, with its line, in the words the page would use.
//! A body is read in linear time; more than [`crate::contract::MAX_KEYS`] keys are refused,
//! at the first line past the cap.
//!
//! What is written cannot leave its place: every value is percent-encoded and escaped for the
//! attribute it is in, and the bundle's base ([`check_base`]) is an `http(s)` URL or a path,
//! never a `javascript:` or `data:` URL in a link or a script tag. Given a base that is not,
//! [`DocEmbed::to_html`] writes a notice saying so in place of the element, and
//! [`script_tag`] writes nothing.

use std::collections::HashMap;

use crate::contract::{check_query, page_key, too_many_keys, SetBy, MAX_KEYS};
use crate::i18n::{echo, Msg};
use crate::scenarios::params::encode;

/// A checked playground for a docs page.
#[derive(Debug, PartialEq)]
pub struct DocEmbed {
    pub scenario: &'static str,
    /// The message id of the scenario's title (`lock-title`); [`DocEmbed::to_html`] shows
    /// its English text.
    pub title: &'static str,
    /// Every key but `scenario` (and `height`), as written.
    pub params: Vec<(String, String)>,
    /// Initial height in CSS pixels (`height=`), before the playground reports its own.
    pub height: Option<u32>,
}

/// A problem on one line of the body (1-based; 0: the body as a whole).
#[derive(Debug, PartialEq)]
pub struct LineError {
    pub line: usize,
    pub message: String,
}

/// The allowed initial heights, CSS pixels.
pub const HEIGHT_RANGE: (u32, u32) = (100, 5000);

/// Reads and checks the body's lines: `key=value`, blank lines and `# comments`.
///
/// # Examples
/// ```
/// use asyncio_playground::docs::parse_lines;
/// let embed = parse_lines("scenario=gather\ntasks=3\n# a comment\ntheme=dark\n").unwrap();
/// assert_eq!(embed.scenario, "gather");
/// let errors = parse_lines("scenario=gather\n\ntasks=0\n").unwrap_err();
/// assert_eq!((errors[0].line, errors[0].message.as_str()), (3, "tasks must be a whole number from 1 to 1000 (got \"0\")"));
/// ```
pub fn parse_lines(body: &str) -> Result<DocEmbed, Vec<LineError>> {
    let mut errors = Vec::new();
    let mut pairs: Vec<(usize, &str, &str)> = Vec::new();
    // The line of each key's first appearance.
    let mut first_line: HashMap<&str, usize> = HashMap::new();
    let mut height = None;
    let mut keys = 0;
    for (i, line) in body.lines().enumerate() {
        let (n, text) = (i + 1, line.trim());
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        keys += 1;
        if keys > MAX_KEYS {
            let given = keys + body.lines().skip(i + 1).filter(|l| !l.trim().is_empty() && !l.trim().starts_with('#')).count();
            let message = too_many_keys(given).map_or_else(String::new, |m| m.en());
            return Err(vec![LineError { line: n, message }]);
        }
        let Some((key, value)) = text.split_once('=') else {
            errors.push(LineError { line: n, message: format!("expected key=value (got \"{}\")", echo(&shown(text))) });
            continue;
        };
        let (key, value) = (key.trim(), value.trim());
        if first_line.contains_key(key) || (key == "height" && height.is_some()) {
            errors.push(LineError { line: n, message: Msg::new("param-twice").echo("param", &shown(key)).en() });
        } else if key == "height" {
            let (lo, hi) = HEIGHT_RANGE;
            // (In px, with or without the unit: `700` or `700px`, as CSS writes it.)
            match value.strip_suffix("px").unwrap_or(value).parse::<u32>() {
                Ok(h) if (lo..=hi).contains(&h) => height = Some(h),
                _ => errors.push(LineError {
                    line: n,
                    message: format!("height must be a whole number from {lo} to {hi} px, as 700 or 700px (got \"{}\")", echo(&shown(value))),
                }),
            }
        } else if key == "embed" || page_key(key).is_some_and(|k| k.set_by == SetBy::EmbedScript) {
            errors.push(LineError { line: n, message: format!("{} is set by embed.js; leave it out", shown(key)) });
        } else {
            first_line.insert(key, n);
            pairs.push((n, key, value));
        }
    }
    let line_of = |key: &str| first_line.get(key).or_else(|| first_line.get("scenario")).copied().unwrap_or(0);
    match check_query(pairs.iter().map(|(_, k, v)| (*k, *v))) {
        Ok(q) if errors.is_empty() => Ok(DocEmbed {
            scenario: q.scenario.id,
            title: q.scenario.title,
            params: pairs.iter().filter(|(_, k, _)| *k != "scenario").map(|(_, k, v)| (k.to_string(), v.to_string())).collect(),
            height,
        }),
        Ok(_) => Err(errors),
        Err(found) => {
            errors.extend(found.into_iter().map(|e| LineError { line: line_of(&e.param), message: e.message }));
            errors.sort_by_key(|e| e.line);
            Err(errors)
        }
    }
}

fn shown(s: &str) -> String {
    s.chars().take(40).collect()
}

/// Escapes text for an HTML attribute value or text node.
pub fn attr(s: &str) -> String {
    s.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;").replace('>', "&gt;")
}

/// `base` with exactly one trailing slash.
pub fn with_slash(base: &str) -> String {
    format!("{}/", base.trim_end_matches('/'))
}

/// Checks where the playground bundle is served, as the docs page will link it: an `http://`
/// or `https://` URL, or a path (`/playground/`, `../play`). Any other scheme (`javascript:`,
/// `data:`, `vbscript:`…), whitespace, a control character, a quote or an angle bracket is
/// refused, so no base can put script in the page's link or script tag. `Ok` is the base
/// trimmed; `Err` says what it must be and quotes it on one line (its first 100 characters,
/// a control character as its escape). The mdBook
/// preprocessor refuses such a base before it writes anything (as the Python package's
/// `check_base` does), and [`DocEmbed::to_html`] and [`script_tag`] never write one.
///
/// # Examples
/// ```
/// use asyncio_playground::docs::check_base;
/// assert_eq!(check_base(" https://play.example/p/ ").unwrap(), "https://play.example/p/");
/// assert_eq!(check_base("/playground/").unwrap(), "/playground/");
/// assert_eq!(check_base("javascript:alert(1)").unwrap_err(), "must be an http(s) URL or a path (got \"javascript:alert(1)\")");
/// ```
pub fn check_base(base: &str) -> Result<String, String> {
    let base = base.trim();
    let scheme_ok = base.starts_with("https://") || base.starts_with("http://") || !base.contains(':');
    if !scheme_ok || base.chars().any(|c| c.is_whitespace() || c.is_control() || matches!(c, '"' | '\'' | '<' | '>')) {
        // Quoted on one line: a control character as its escape (`\n`).
        let shown: String = base.chars().take(100).map(|c| if c.is_control() { c.escape_debug().to_string() } else { c.to_string() }).collect();
        return Err(format!("must be an http(s) URL or a path (got \"{}\")", echo(&shown)));
    }
    Ok(base.to_string())
}

impl DocEmbed {
    /// The parameters as a query (`tasks=3&delay=0.5`).
    pub fn query(&self) -> String {
        self.params.iter().map(|(k, v)| format!("{k}={}", encode(v))).collect::<Vec<_>>().join("&")
    }

    /// The full playground's URL for this state.
    pub fn full_url(&self, base: &str) -> String {
        let q = self.query();
        format!("{}index.html?scenario={}{}{q}", with_slash(base), self.scenario, if q.is_empty() { "" } else { "&" })
    }

    /// The drop-in element, on one line: `embed.js` replaces its content (a link to the full
    /// playground, for readers without JavaScript) with the live playground. With a `base`
    /// that [`check_base`] refuses, a notice saying why, on one line, in its place.
    pub fn to_html(&self, base: &str) -> String {
        let base = match check_base(base) {
            Ok(base) => base,
            Err(why) => return format!("<p class=\"asyncio-playground-error\" role=\"alert\">asyncio playground: not written: the base {}</p>", attr(&why)),
        };
        let height = self.height.map(|h| format!(" data-height=\"{h}\"")).unwrap_or_default();
        format!(
            "<div class=\"asyncio-playground\" data-asyncio-playground=\"{}\" data-params=\"{}\"{height}><a href=\"{}\">Open the asyncio playground: {}</a></div>",
            attr(self.scenario),
            attr(&self.query()),
            attr(&self.full_url(&base)),
            attr(&Msg::new(self.title).en())
        )
    }
}

/// The script tag that loads `embed.js` from the bundle at `base`; nothing for a base that
/// [`check_base`] refuses (the element's notice says why).
pub fn script_tag(base: &str) -> String {
    match check_base(base) {
        Ok(base) => format!("<script src=\"{}static/embed.js\" defer></script>", attr(&with_slash(&base))),
        Err(_) => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_become_one_element_with_escaped_values() {
        let e = parse_lines("  scenario = bounded-fetch\nurls=3\ntargets=https://a.example/x?a=1&b=<2>\nheight=420\ncontrols=0\n").unwrap();
        assert_eq!(e.height, Some(420));
        assert_eq!(parse_lines("scenario=gather\nheight=700px").unwrap().height, Some(700), "a height in CSS's own spelling");
        assert!(parse_lines("scenario=gather\nheight=700em").is_err() && parse_lines("scenario=gather\nheight=px").is_err());
        let html = e.to_html("https://play.example/p");
        let expected = format!(
            "<div class=\"asyncio-playground\" data-asyncio-playground=\"bounded-fetch\" \
             data-params=\"urls=3&amp;targets=https%3A%2F%2Fa.example%2Fx%3Fa%3D1%26b%3D%3C2%3E&amp;controls=0\" data-height=\"420\">\
             <a href=\"https://play.example/p/index.html?scenario=bounded-fetch&amp;urls=3&amp;targets=https%3A%2F%2Fa.example%2Fx%3Fa%3D1%26b%3D%3C2%3E&amp;controls=0\">\
             Open the asyncio playground: {}</a></div>",
            Msg::new(e.title).en()
        );
        assert_eq!(html, expected);
        assert!(!html.contains('\n'));
        assert_eq!(script_tag("https://play.example/p/"), "<script src=\"https://play.example/p/static/embed.js\" defer></script>");
    }

    #[test]
    fn every_bad_line_is_reported_with_its_number() {
        let errors = parse_lines("scenario=gather\ntasks=0\njust words\ntheme=blue\norigin=https://x.example\nheight=5\ntasks=2\nspeed=1\n").unwrap_err();
        let got: Vec<(usize, &str)> = errors.iter().map(|e| (e.line, e.message.as_str())).collect();
        assert_eq!(
            got,
            [
                (2, "tasks must be a whole number from 1 to 1000 (got \"0\")"),
                (3, "expected key=value (got \"just words\")"),
                (4, "theme must be one of light, dark, auto (got \"blue\")"),
                (5, "origin is set by embed.js; leave it out"),
                (6, "height must be a whole number from 100 to 5000 px, as 700 or 700px (got \"5\")"),
                (7, "tasks is given twice"),
                (8, "unknown parameter \"speed\" (this scenario has: tasks, delay, mode, eager, python)"),
            ]
        );
        assert_eq!(parse_lines("tasks=3").unwrap_err()[0].line, 0);
        assert_eq!(parse_lines("scenario=nope").unwrap_err()[0].line, 1);
    }

    /// Issue 23: a 40 000-line fence took 14.6 s (a linear search per key); the keys are
    /// read in linear time, and more than 1 000 of them are refused, naming the cap.
    #[test]
    fn a_40000_line_body_is_read_in_linear_time_with_the_key_cap_named() {
        let mut body = String::from("scenario=gather\ntasks=3\n");
        for i in 0..40_000 {
            body.push_str(&format!("# comment {i}\n\n"));
        }
        let started = std::time::Instant::now();
        let e = parse_lines(&body).unwrap();
        assert_eq!(e.params, [("tasks".to_string(), "3".to_string())]);
        let keys: String = (0..40_000).map(|i| format!("k{i}=1\n")).collect();
        let errors = parse_lines(&format!("scenario=gather\n{keys}")).unwrap_err();
        let took = started.elapsed();
        assert!(took < std::time::Duration::from_secs(5), "{took:?} (14.6 s before the fix)");
        assert_eq!(errors.len(), 1, "one message, not one per key");
        assert_eq!((errors[0].line, errors[0].message.as_str()), (1001, "too many keys: 40001 given, at most 1000 keys are allowed"));
        let twice: String = (0..999).map(|_| "tasks=1\n").collect();
        let errors = parse_lines(&format!("scenario=gather\n{twice}")).unwrap_err();
        assert_eq!(errors.len(), 998, "every repeat is named, up to the cap");
        assert!(errors.iter().all(|e| e.message == "tasks is given twice"), "{:?}", &errors[..2]);
    }

    /// A `javascript:` (or `data:`, or any other non-http) base put script in the fallback
    /// link: `embed --base=javascript:alert(1)//` wrote `<a href="javascript:alert(1)//index.html…">`.
    /// Such a base is never written: the element is a notice, the script tag nothing.
    #[test]
    fn a_base_that_is_not_http_or_a_path_is_never_written() {
        let e = parse_lines("scenario=sleep\n").unwrap();
        for bad in [
            "javascript:alert(document.domain)//",
            " JavaScript:alert(1)//",
            "data:text/html,<script>alert(1)</script>",
            "vbscript:msgbox(1)",
            "blob:https://play.example/1",
            "\"><script>alert(1)</script>",
            "https://play.example/\" onclick=\"alert(1)",
            "https://play.example/\nx",
            "/play\u{7}ground/",
        ] {
            let html = e.to_html(bad);
            assert!(html.starts_with("<p class=\"asyncio-playground-error\" role=\"alert\">asyncio playground: not written: the base must be an http(s) URL or a path (got &quot;"), "{bad:?}: {html}");
            assert_eq!(html.matches('<').count(), 2, "{bad:?}: one element, the notice: {html}");
            assert!(!html.contains("href") && !html.contains('\n'), "{bad:?}: {html}");
            assert_eq!(script_tag(bad), "", "{bad:?}");
        }
        for good in ["https://play.example/p", "http://127.0.0.1:8000/", "/playground/", "../play", "//play.example/p/"] {
            assert!(e.to_html(good).contains(&format!("<a href=\"{}index.html?scenario=sleep\">", with_slash(good))), "{good}");
            assert_eq!(script_tag(good), format!("<script src=\"{}static/embed.js\" defer></script>", with_slash(good)));
        }
    }

    /// Values with quotes, angle brackets, ampersands and `</script>`, and `on…` names, stay
    /// inside their attribute: the element is one line of exactly its four
    /// tags and four attributes.
    #[test]
    fn hostile_values_stay_inside_their_attribute() {
        let body = "scenario=bounded-fetch\ntargets=https://a.example/x?q=\"><script>alert(1)</script>&'<img/src=x/onerror=alert(1)></div>\nurls=2\n";
        let e = parse_lines(body).unwrap();
        let html = e.to_html("https://play.example/");
        assert_eq!(html.matches('<').count(), 4, "{html}");
        assert_eq!(html.matches('>').count(), 4, "{html}");
        assert_eq!(html.matches('"').count(), 8, "{html}");
        assert!(!html.contains('\n') && !html.contains('\r') && !html.contains('\''), "{html}");
        assert!(html.contains("data-params=\"targets=https%3A%2F%2Fa.example%2Fx%3Fq%3D%22%3E%3Cscript%3E"), "{html}");
        // Keys that are not the playground's never reach the element (an event handler's
        // name included).
        for key in ["onload", "onclick", "style", "data-base", "base"] {
            let errors = parse_lines(&format!("scenario=sleep\n{key}=alert(1)\n")).unwrap_err();
            assert!(errors[0].message.starts_with(&format!("unknown parameter \"{key}\"")), "{key}: {errors:?}");
        }
    }

    #[test]
    fn the_link_text_is_the_scenarios_title() {
        let html = parse_lines("scenario=lock\n").unwrap().to_html("https://play.example/");
        assert!(html.contains(">Open the asyncio playground: Race conditions on one thread, and asyncio.Lock</a>"), "{html}");
    }

    #[test]
    fn cross_parameter_problems_point_at_the_parameter_they_name() {
        let errors = parse_lines("# taskgroup\nscenario=taskgroup\ntasks=2\nfail=5\n").unwrap_err();
        assert_eq!(errors, [LineError { line: 4, message: "fail must be task indices from 0 to 1 (there are 2 tasks) (got \"5\")".into() }]);
    }
}
