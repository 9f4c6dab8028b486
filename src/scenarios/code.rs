//! **code** — a learner's own program ("Run my code"). Its one parameter is the program's
//! text. It never runs on our executor: real CPython runs it in the page (Pyodide in a Web
//! Worker, on `static/py/virtual_asyncio`, the CPython harness's virtual-clock loop), and
//! the run-result JSON it returns becomes a [`RunResult`](super::RunResult) of this entry
//! through [`load_run`](super::load_run) — so the timeline, the stepping, the narration and
//! the exports treat it like any scenario. It is not in [`all`](super::all): the picker, the
//! CLI and URLs' `scenario=` list the guide's examples only.

use std::borrow::Cow;
use std::rc::Rc;

use super::params::{ParamError, ParamKind, ParamSpec};
use super::{Def, Kind, Outcome, Program, PyVersion, Scenario, Source, Values, PYTHON};
use crate::i18n::Msg;
use crate::runtime::Exc;

/// The longest program the page takes, in characters (a URL carries at most about 8 KB).
pub const MAX_CHARS: usize = 100_000;

/// The registry entry of an own program's runs.
pub static CODE: Scenario = Scenario::of::<Code>(
    Kind::Code,
    "code",
    "code-title",
    // `python`: the version that ran it (Pyodide's, major.minor), as every run-result says.
    &[ParamSpec { name: "code", label: "code-param", unit: "", help: "code-param-help", kind: ParamKind::Text { default: "", max_len: MAX_CHARS } }, PYTHON],
    None,
    &[],
);

/// Where a program in the editor came from, which the page says before it runs: code that
/// arrived with a link or from a host page runs only when the learner presses Run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CodeFrom {
    /// The guide's example as the playground renders it ("Edit and run this program").
    Example,
    /// A link's `code=`: whoever wrote the link wrote the program.
    Link,
    /// The page that embeds the playground (`embed=1`).
    Host,
}

impl CodeFrom {
    /// Where `code` came from, given the program the URL's scenario renders (if its values
    /// are valid) and whether the page is embedded.
    ///
    /// # Examples
    ///
    /// ```
    /// use asyncio_playground::scenarios::code::CodeFrom;
    /// assert_eq!(CodeFrom::of("print(1)\n", Some("print(1)\n"), true), CodeFrom::Example);
    /// assert_eq!(CodeFrom::of("import os\n", Some("print(1)\n"), false), CodeFrom::Link);
    /// assert_eq!(CodeFrom::of("import os\n", None, true), CodeFrom::Host);
    /// ```
    pub fn of(code: &str, example: Option<&str>, embedded: bool) -> CodeFrom {
        if example == Some(code) {
            CodeFrom::Example
        } else if embedded {
            CodeFrom::Host
        } else {
            CodeFrom::Link
        }
    }

    /// The note the page shows above the editor until the program first runs (none for the
    /// playground's own example).
    pub fn note(self) -> Option<Msg> {
        match self {
            CodeFrom::Example => None,
            CodeFrom::Link => Some(Msg::new("code-from-link")),
            CodeFrom::Host => Some(Msg::new("code-from-host")),
        }
    }
}

/// The program as Run my code will run it on `python`: a first line in the words of the
/// playground's rendered programs (`# Runs as on Python 3.13 (…)`, see `scenarios::header`)
/// is made to name `python`, the CPython the page runs it on, never another one. Any other
/// program is left as it is.
///
/// # Examples
///
/// ```
/// use asyncio_playground::runtime::PyVersion;
/// use asyncio_playground::scenarios::code::first_line_for;
/// let opened = "# Runs as on Python 3.13 (checked against CPython 3.13's asyncio)\nimport asyncio\n";
/// assert_eq!(first_line_for(opened, PyVersion::V3_14), "# Runs as on Python 3.14 (checked against CPython 3.14's asyncio)\nimport asyncio\n");
/// assert_eq!(first_line_for("print(1)\n", PyVersion::V3_12), "print(1)\n");
/// ```
pub fn first_line_for(code: &str, python: PyVersion) -> Cow<'_, str> {
    let (first, rest) = code.split_once('\n').unwrap_or((code, ""));
    let wanted = super::header(python);
    if !first.starts_with(HEADER_START) || wanted.trim_end() == first {
        return Cow::Borrowed(code);
    }
    Cow::Owned(format!("{wanted}{rest}"))
}

/// How the first line of a rendered program begins (`scenarios::header`).
const HEADER_START: &str = "# Runs as on Python ";

pub(super) struct Code;

impl Def for Code {
    type Params = String;

    fn read(v: &Values) -> Result<String, ParamError> {
        Ok(v.text("code")?.to_string())
    }

    fn python(p: &String) -> String {
        p.clone()
    }

    /// The text as written: a learner's program has no header and no anchors to read.
    fn render(p: &String, _python: PyVersion) -> Source {
        Source::plain(p)
    }

    fn program(_p: &String, _src: Rc<Source>) -> Program {
        Box::pin(async { Err(Exc::runtime_error("an own program runs on CPython in the page (Pyodide), not on the executor")) })
    }

    fn summary(_p: &String) -> Msg {
        Msg::new("code-summary")
    }

    fn headline(_p: &String, outcome: &Outcome) -> Msg {
        let tasks = outcome.get("tasks").and_then(serde_json::Value::as_u64).unwrap_or(0) as usize;
        match outcome.get("result").and_then(serde_json::Value::as_str) {
            // Who returned it: main(), or the coroutine asyncio.run ran (`returned_by`).
            Some(result) => Msg::new("code-headline-result")
                .arg("tasks", tasks)
                .arg("result", headline_repr(result))
                .arg("main", outcome.get("returned_by").and_then(serde_json::Value::as_str).unwrap_or("main()").to_string()),
            None => Msg::new("code-headline").arg("tasks", tasks),
        }
    }
}

/// The longest returned value a headline quotes whole, in characters; a longer one is cut
/// there with "…" (the results below show it whole).
const HEADLINE_REPR: usize = 60;

/// `repr` as a headline quotes it: whole up to [`HEADLINE_REPR`] characters, else its start
/// and "…".
fn headline_repr(repr: &str) -> String {
    if repr.chars().count() <= HEADLINE_REPR {
        return repr.to_string();
    }
    let mut cut: String = repr.chars().take(HEADLINE_REPR - 1).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_headline_quotes_a_long_returned_value_cut_and_a_short_one_whole() {
        let outcome = |result: &str| -> crate::scenarios::Outcome { serde_json::from_value(serde_json::json!({"tasks": 2, "result": result})).unwrap() };
        let quoted = |result: &str| {
            let msg = CODE.headline(&CODE.values([("code", "pass\n")]).unwrap(), &outcome(result));
            msg.args.into_iter().find_map(|(name, arg)| match (name, arg) {
                ("result", crate::i18n::Arg::Text(text)) => Some(text),
                _ => None,
            })
        };
        assert_eq!(quoted("[1, 2, 3]"), Some("[1, 2, 3]".to_string()));
        let long = format!("[{}]", (0..100).map(|i| i.to_string()).collect::<Vec<_>>().join(", "));
        let cut = quoted(&long).unwrap();
        assert_eq!(cut.chars().count(), HEADLINE_REPR);
        assert!(cut.ends_with('…') && long.starts_with(cut.trim_end_matches('…')), "{cut}");
        // Cut at a character, never inside one.
        let bengali = "'".to_string() + &"লোড".repeat(40) + "'";
        let cut = quoted(&bengali).unwrap();
        assert_eq!(cut.chars().count(), HEADLINE_REPR);
        assert!(bengali.starts_with(cut.trim_end_matches('…')));
    }

    #[test]
    fn the_program_is_shown_as_written_and_never_runs_here() {
        let v = CODE.values([("code", "x = '⟦not an anchor⟧'\n")]).unwrap();
        assert_eq!(CODE.python(&v), "x = '⟦not an anchor⟧'\n");
        let run = super::super::run_virtual(&CODE, &v);
        assert!(run.report.result.unwrap_err().describe().starts_with("RuntimeError: an own program runs on CPython"));
        assert!(super::super::find("code").is_none(), "not one of the guide's scenarios");
    }

    #[test]
    fn an_opened_program_names_the_python_it_will_run_on() {
        for from in PyVersion::ALL {
            let gather = super::super::find("gather").unwrap();
            let opened = gather.python(&gather.values([("python", from.as_str())]).unwrap());
            assert!(opened.starts_with(HEADER_START), "{opened}");
            for to in PyVersion::ALL {
                let shown = first_line_for(&opened, to);
                assert_eq!(shown.lines().next(), super::super::header(to).lines().next());
                assert_eq!(shown.split_once('\n').map(|s| s.1), opened.split_once('\n').map(|s| s.1), "only the first line changes");
                assert!(shown.lines().next().is_some_and(|l| l.contains(to.as_str()) && (to == from || !l.contains(from.as_str()))));
            }
        }
        let own = "# Runs as on Python 3.9, my notes\nprint(1)";
        assert_eq!(first_line_for(own, PyVersion::V3_11), "# Runs as on Python 3.11 (checked against CPython 3.11's asyncio)\nprint(1)");
        assert_eq!(first_line_for("print(1)", PyVersion::V3_11), "print(1)");
        assert_eq!(first_line_for("", PyVersion::V3_11), "");
    }

    #[test]
    fn a_program_is_the_example_only_when_it_is_the_rendered_program_to_the_letter() {
        let example = super::super::find("gather").map(|s| s.python(&s.values(Vec::<(&str, &str)>::new()).unwrap()));
        let example = example.as_deref();
        assert_eq!(CodeFrom::of(example.unwrap(), example, false), CodeFrom::Example);
        let changed = format!("{}import os\n", example.unwrap());
        assert_eq!(CodeFrom::of(&changed, example, false), CodeFrom::Link);
        assert_eq!(CodeFrom::of(&changed, example, true), CodeFrom::Host);
        assert_eq!(CodeFrom::of("", None, false), CodeFrom::Link);
        assert_eq!(CodeFrom::Example.note(), None);
        assert_eq!(CodeFrom::Link.note().map(|m| m.id), Some("code-from-link"));
    }
}
