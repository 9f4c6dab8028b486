//! Playgrounds in documentation pages: from the `key=value` lines a docs author writes (the
//! body of an mdBook `asyncio-playground` fence) to the drop-in element that `embed.js` turns
//! into a live playground.
//!
//! The lines are checked exactly as the page checks a URL ([`crate::contract::check_query`]),
//! so a bad value is reported at build time, with its line, in the words the page would use.

use crate::contract::{check_query, page_key, SetBy};
use crate::scenarios::params::encode;

/// A checked playground for a docs page.
#[derive(Debug, PartialEq)]
pub struct DocEmbed {
    pub scenario: &'static str,
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
    let mut height = None;
    for (i, line) in body.lines().enumerate() {
        let (n, text) = (i + 1, line.trim());
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let Some((key, value)) = text.split_once('=') else {
            errors.push(LineError { line: n, message: format!("expected key=value (got \"{}\")", shown(text)) });
            continue;
        };
        let (key, value) = (key.trim(), value.trim());
        if pairs.iter().any(|(_, k, _)| *k == key) || (key == "height" && height.is_some()) {
            errors.push(LineError { line: n, message: format!("{key} is given twice") });
        } else if key == "height" {
            let (lo, hi) = HEIGHT_RANGE;
            match value.parse::<u32>() {
                Ok(h) if (lo..=hi).contains(&h) => height = Some(h),
                _ => errors.push(LineError { line: n, message: format!("height must be a whole number from {lo} to {hi} px (got \"{}\")", shown(value)) }),
            }
        } else if key == "embed" || page_key(key).is_some_and(|k| k.set_by == SetBy::EmbedScript) {
            errors.push(LineError { line: n, message: format!("{key} is set by embed.js; leave it out") });
        } else {
            pairs.push((n, key, value));
        }
    }
    let line_of = |key: &str| pairs.iter().find(|(_, k, _)| *k == key).or_else(|| pairs.iter().find(|(_, k, _)| *k == "scenario")).map_or(0, |(n, _, _)| *n);
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
    /// playground, for readers without JavaScript) with the live playground.
    pub fn to_html(&self, base: &str) -> String {
        let height = self.height.map(|h| format!(" data-height=\"{h}\"")).unwrap_or_default();
        format!(
            "<div class=\"asyncio-playground\" data-asyncio-playground=\"{}\" data-params=\"{}\"{height}><a href=\"{}\">Open the asyncio playground: {}</a></div>",
            self.scenario,
            attr(&self.query()),
            attr(&self.full_url(base)),
            attr(self.title)
        )
    }
}

/// The script tag that loads `embed.js` from the bundle at `base`.
pub fn script_tag(base: &str) -> String {
    format!("<script src=\"{}static/embed.js\" defer></script>", attr(&with_slash(base)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_become_one_element_with_escaped_values() {
        let e = parse_lines("  scenario = bounded-fetch\nurls=3\ntargets=https://a.example/x?a=1&b=<2>\nheight=420\ncontrols=0\n").unwrap();
        assert_eq!(e.height, Some(420));
        let html = e.to_html("https://play.example/p");
        let expected = format!(
            "<div class=\"asyncio-playground\" data-asyncio-playground=\"bounded-fetch\" \
             data-params=\"urls=3&amp;targets=https%3A%2F%2Fa.example%2Fx%3Fa%3D1%26b%3D%3C2%3E&amp;controls=0\" data-height=\"420\">\
             <a href=\"https://play.example/p/index.html?scenario=bounded-fetch&amp;urls=3&amp;targets=https%3A%2F%2Fa.example%2Fx%3Fa%3D1%26b%3D%3C2%3E&amp;controls=0\">\
             Open the asyncio playground: {}</a></div>",
            e.title
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
                (6, "height must be a whole number from 100 to 5000 px (got \"5\")"),
                (7, "tasks is given twice"),
                (8, "unknown parameter \"speed\" (this scenario has: tasks, delay, mode, python)"),
            ]
        );
        assert_eq!(parse_lines("tasks=3").unwrap_err()[0].line, 0);
        assert_eq!(parse_lines("scenario=nope").unwrap_err()[0].line, 1);
    }

    #[test]
    fn cross_parameter_problems_point_at_the_parameter_they_name() {
        let errors = parse_lines("# taskgroup\nscenario=taskgroup\ntasks=2\nfail=5\n").unwrap_err();
        assert_eq!(errors, [LineError { line: 4, message: "fail must be task indices from 0 to 1 (there are 2 tasks) (got \"5\")".into() }]);
    }
}
