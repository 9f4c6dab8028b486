//! The native command line: lists the scenarios and runs them on the virtual clock.
//!
//! ```text
//! asyncio-playground list [--json]
//! asyncio-playground schema
//! asyncio-playground run SCENARIO [key=value ...] [--json | --chrome-trace]
//! asyncio-playground python SCENARIO [key=value ...]
//! asyncio-playground embed [--base URL] scenario=ID [key=value ...]
//! asyncio-playground [COMMAND] --help | -h
//! asyncio-playground --version | -V
//! ```
//! `--help` (after a command: that command's help) and `--version` print on stdout and exit
//! with 0; `--base` takes its URL as `--base URL` or `--base=URL`.
//! `embed` prints the drop-in element and script tag for a docs page (Sphinx, MkDocs…),
//! checked like the page checks its URL (`asyncio_playground::contract`).
//! A bad parameter prints a message naming it and its allowed range, and exits with 2; so
//! does an argument that is not valid UTF-8, and more than 1 000 `key=value` arguments
//! (`contract::MAX_KEYS`, checked before any of them; keys are read in linear time). A reader that closes the pipe early (`| head`)
//! ends the output quietly.

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

use asyncio_playground::contract::too_many_keys;
use asyncio_playground::docs::{parse_lines, script_tag};
use asyncio_playground::i18n::{echo, Msg};
use asyncio_playground::runtime::trace::fmt_secs;
use asyncio_playground::scenarios::{all, find, run_virtual, Cross, ParamKind, RunResult, Scenario, Values};
use asyncio_playground::teach::chrome::chrome_trace;
use asyncio_playground::teach::{lanes, Lane, LaneState};
use serde_json::json;

/// Each command: its name, its arguments and what it does (the help says these).
const COMMANDS: [(&str, &str, &str); 5] = [
    ("list", "[--json]", "The scenarios and their parameters: kind, default and range (--json: as JSON)."),
    ("schema", "", "The JSON schema of an embed's attributes and the page's URL keys, as the docs packages ship it."),
    (
        "run",
        "SCENARIO [key=value ...] [--json | --chrome-trace]",
        "Runs a scenario on the virtual clock and prints its lanes, its output and its outcome\n(--json: the run-result JSON; --chrome-trace: a trace for Perfetto or chrome://tracing).",
    ),
    ("python", "SCENARIO [key=value ...]", "Prints the Python program the scenario runs with those values."),
    (
        "embed",
        "[--base URL] scenario=ID [key=value ...]",
        "Prints the element and the script tag of a checked playground for a docs page\n(--base: where the playground's files are served; --base=URL works too).",
    ),
];

/// The usage lines of every command.
fn usage() -> String {
    let lines: Vec<String> = COMMANDS.iter().map(|(name, args, _)| format!("  asyncio-playground {name} {args}").trim_end().to_string()).collect();
    format!("usage:\n{}\n  asyncio-playground [COMMAND] --help\n  asyncio-playground --version", lines.join("\n"))
}

/// `--help`: a command's usage and what it does; with no command (or an unknown one), every
/// command's.
fn help(command: Option<&str>) -> String {
    match COMMANDS.iter().find(|(name, _, _)| Some(*name) == command) {
        Some((name, args, what)) => format!("usage: asyncio-playground {name} {args}\n\n{what}\n"),
        None => {
            let what: Vec<String> = COMMANDS.iter().map(|(name, _, what)| format!("  {name:<8}{}", what.replace('\n', "\n          "))).collect();
            format!(
                "asyncio-playground {}: teaches Python's asyncio by running it.\n\n{}\n\ncommands:\n{}\n",
                env!("CARGO_PKG_VERSION"),
                usage(),
                what.join("\n")
            )
        }
    }
}

/// What an argument list says: its options, and its other words (the command, the scenario,
/// `key=value`s) in order.
struct Options<'a> {
    words: Vec<&'a str>,
    json: bool,
    chrome_trace: bool,
    help: bool,
    version: bool,
    base: Option<&'a str>,
}

/// Reads the options; an unknown one (any other `--…`) is refused, naming it.
fn options(args: &[String]) -> Result<Options<'_>, String> {
    let mut o = Options { words: Vec::new(), json: false, chrome_trace: false, help: false, version: false, base: None };
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--json" => o.json = true,
            "--chrome-trace" => o.chrome_trace = true,
            "--help" | "-h" => o.help = true,
            "--version" | "-V" => o.version = true,
            "--base" => o.base = Some(rest.next().ok_or_else(|| "--base needs a URL: --base URL or --base=URL".to_string())?),
            other => match other.strip_prefix("--base=") {
                Some(url) => o.base = Some(url),
                None if other.starts_with("--") => return Err(format!("unknown option {}\n{}", echo(&shown(other)), usage())),
                None => o.words.push(other),
            },
        }
    }
    Ok(o)
}

fn main() -> ExitCode {
    match utf8_args(std::env::args_os().skip(1)).and_then(|args| run(&args)) {
        Ok(out) => write_out(&out),
        Err(message) => {
            // Nothing more to do if stderr is gone too.
            let _ = writeln!(io::stderr(), "{message}");
            ExitCode::from(2)
        }
    }
}

/// The arguments as text, or a message naming the first one that is not UTF-8.
fn utf8_args(args: impl Iterator<Item = OsString>) -> Result<Vec<String>, String> {
    args.enumerate().map(|(i, a)| a.into_string().map_err(|a| format!("argument {} is not valid UTF-8 ({})", i + 1, a.to_string_lossy()))).collect()
}

/// Writes the output; a closed pipe (the reader has what it wanted) ends it quietly.
fn write_out(out: &str) -> ExitCode {
    let mut stdout = io::stdout().lock();
    match stdout.write_all(out.as_bytes()).and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(io::stderr(), "cannot write the output: {e}");
            ExitCode::from(1)
        }
    }
}

fn run(args: &[String]) -> Result<String, String> {
    let o = options(args)?;
    if o.version {
        return Ok(format!("asyncio-playground {}\n", env!("CARGO_PKG_VERSION")));
    }
    if o.help {
        return Ok(help(o.words.first().copied()));
    }
    let words = &o.words;
    match words.first().copied() {
        Some("list") => Ok(if o.json { format!("{:#}\n", list_json()) } else { list_text() }),
        Some("schema") => Ok(format!("{:#}\n", schema_json())),
        Some("run") | Some("python") => {
            let scenario = scenario_arg(words.get(1).copied())?;
            let values = values_arg(scenario, &words[2..])?;
            if words[0] == "python" {
                return Ok(scenario.python(&values));
            }
            let result = run_virtual(scenario, &values);
            Ok(if o.json {
                format!("{}\n", result.to_json_text())
            } else if o.chrome_trace {
                format!("{}\n", chrome_trace(&result))
            } else {
                text_report(&result)
            })
        }
        Some("embed") => {
            let base = o.base.unwrap_or("https://your.host/asyncio-playground/");
            let base = &asyncio_playground::docs::check_base(base).map_err(|why| format!("--base {why}"))?;
            let lines: Vec<&str> = words[1..].to_vec();
            if let Some(msg) = too_many_keys(lines.len()) {
                return Err(msg.en());
            }
            let embed = parse_lines(&lines.join("\n")).map_err(|errors| {
                errors
                    .iter()
                    .map(|e| match e.line.checked_sub(1).and_then(|i| lines.get(i)) {
                        Some(line) => format!("{}: {}", echo(&shown(line)), e.message),
                        None => e.message.clone(),
                    })
                    .collect::<Vec<_>>()
                    .join("\n")
            })?;
            Ok(format!("{}\n{}\n", embed.to_html(base), script_tag(base)))
        }
        _ => Err(usage()),
    }
}

/// An argument as a message quotes it: its first 100 characters (then isolated with [`echo`]).
fn shown(arg: &str) -> String {
    arg.chars().take(100).collect()
}

fn scenario_arg(id: Option<&str>) -> Result<&'static Scenario, String> {
    let ids: Vec<&str> = all().iter().map(|s| s.id).collect();
    match id {
        None => Err(format!("which scenario? one of: {}", ids.join(", "))),
        Some(id) => find(id).ok_or_else(|| format!("unknown scenario \"{}\"; one of: {}", echo(&shown(id)), ids.join(", "))),
    }
}

/// The `key=value` words checked as values of `scenario`; a key given twice is refused, as
/// the URL contract refuses it (`tasks is given twice`), along with every other problem.
fn values_arg(scenario: &Scenario, words: &[&str]) -> Result<Values, String> {
    if let Some(msg) = too_many_keys(words.len()) {
        return Err(msg.en());
    }
    let mut pairs: Vec<(&str, &str)> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut problems = Vec::new();
    for w in words {
        let (k, v) = w.split_once('=').ok_or_else(|| format!("expected key=value, got \"{}\"", echo(&shown(w))))?;
        if !seen.insert(k) {
            problems.push(Msg::new("param-twice").echo("param", k).en());
        } else {
            pairs.push((k, v));
        }
    }
    match scenario.values(pairs) {
        Ok(values) if problems.is_empty() => Ok(values),
        Ok(_) => Err(problems.join("\n")),
        Err(errors) => Err(problems.into_iter().chain(errors.into_iter().map(|e| e.message)).collect::<Vec<_>>().join("\n")),
    }
}

fn list_json() -> serde_json::Value {
    let scenarios: Vec<_> = all()
        .iter()
        .map(|s| {
            let params: Vec<_> = s
                .params
                .iter()
                .map(|p| {
                    let (kind, range) = match &p.kind {
                        ParamKind::Int { min, max, .. } => ("int", json!([min, max])),
                        ParamKind::Float { min, max, .. } => ("number", json!([min, max])),
                        ParamKind::Bool { .. } => ("bool", json!([false, true])),
                        ParamKind::Choice { options, .. } => ("choice", json!(options.iter().map(|(v, _)| *v).collect::<Vec<_>>())),
                        ParamKind::IntList { min, max, .. } => ("int-list", json!([min, max])),
                        ParamKind::Text { max_len, .. } => ("text", json!([0, max_len])),
                    };
                    json!({"name": p.name, "kind": kind, "default": p.default_value().to_string(), "range": range, "unit": p.unit, "label": Msg::new(p.label).en(), "help": Msg::new(p.help).en()})
                })
                .collect();
            json!({"id": s.id, "title": Msg::new(s.title).en(), "summary": s.summary(&s.defaults()).en(), "params": params})
        })
        .collect();
    json!(scenarios)
}

fn list_text() -> String {
    let mut out = String::new();
    for s in all() {
        out.push_str(&format!("{:<14} {}\n", s.id, Msg::new(s.title).en()));
        for p in s.params {
            out.push_str(&format!("    {:<16} default {:<8} {}\n", p.name, p.default_value().to_string(), p.allowed()));
        }
    }
    out
}

/// `# running  ~ sleeping …`: the states that occur in these lanes, one glyph each.
fn legend(lanes: &[Lane]) -> String {
    let seen: Vec<LaneState> = LaneState::ALL.iter().copied().filter(|st| lanes.iter().any(|l| l.segments.iter().any(|s| s.state == *st))).collect();
    seen.iter().map(|st| format!("{} {}", st.glyph(), Msg::new(st.message()).en())).collect::<Vec<_>>().join("  ")
}

fn lane_row(lane: &Lane, end: f64, width: usize) -> String {
    let mut row = vec![' '; width];
    for s in &lane.segments {
        let col = |t: f64| if end > 0.0 { ((t / end) * (width - 1) as f64).round() as usize } else { 0 };
        for c in row.iter_mut().take(col(s.end) + 1).skip(col(s.start)) {
            *c = s.state.glyph();
        }
    }
    row.into_iter().collect()
}

fn text_report(result: &RunResult) -> String {
    let end = result.end_time();
    let mut out = format!("{} — {} (virtual clock)\n{}\n\n", result.scenario.id, Msg::new(result.scenario.title).en(), result.params.to_query());
    let all_lanes = lanes(&result.report.trace, end);
    let shown = all_lanes.len().min(40);
    out.push_str(&format!("{:<24} 0{:>59}\n", "", fmt_secs(end)));
    for lane in &all_lanes[..shown] {
        let name = if lane.label.is_empty() { lane.name.clone() } else { format!("{} {}", lane.name, lane.label) };
        let name: String = name.chars().take(23).collect();
        out.push_str(&format!("{name:<24}|{}| {}\n", lane_row(lane, end, 60), lane.end_state.map_or("", |end| end.word())));
    }
    if all_lanes.len() > shown {
        out.push_str(&format!("… and {} more lanes (use --json for all)\n", all_lanes.len() - shown));
    }
    out.push_str(&format!("legend: {}\n\nprinted:\n", legend(&all_lanes)));
    for line in result.report.trace.prints() {
        out.push_str(&format!("  {line}\n"));
    }
    out.push_str(&format!("\nelapsed: {}\n", fmt_secs(result.report.elapsed)));
    match &result.report.result {
        Ok(outcome) => {
            for (k, v) in outcome {
                out.push_str(&format!("{k}: {v}\n"));
            }
        }
        Err(e) => out.push_str(&format!("error: {}\n", e.describe())),
    }
    out
}

/// The checks of `scenario` that read several parameters at once, for the schema, in the order
/// its `check` makes them (as the scenario declares them, `Scenario::cross`): `needs-python`
/// (a flag set needs that Python or newer), `below` (each index of a list below another
/// parameter's value) and `http-urls` (each of a text's items, split on spaces and commas, an
/// http(s) URL with a host), each with its message as a template.
fn cross_checks(scenario: &Scenario) -> serde_json::Value {
    let check = |cross: &Cross| match *cross {
        Cross::NeedsPython { param, python, message } => json!({"check": "needs-python", "param": param, "python": python.as_str(),
            "message": Msg::new(message).arg("python", "{python}").en()}),
        Cross::Below { param, bound, message } => json!({"check": "below", "param": param, "bound": bound,
            "message": Msg::new(message).arg("max", "{max}").arg("tasks", "{tasks}").arg("got", "{got}").en()}),
        Cross::HttpUrls { param, shown, message } => json!({"check": "http-urls", "param": param, "shown": shown,
            "message": Msg::new(message).arg("got", "{got}").en()}),
    };
    json!(scenario.cross.iter().map(check).collect::<Vec<_>>())
}

/// `asyncio-playground schema`: what a docs tool needs to check `key=value` lines without
/// this binary, derived from the code that checks them (the `asyncio_playground` Python
/// package ships it as `schema.json`; a test keeps the two equal). Every message is a
/// template whose `{name}` placeholders stand for its arguments, rendered by the same code
/// the CLI's messages come from.
fn schema_json() -> serde_json::Value {
    use asyncio_playground::contract::{page_key, KeyType, SetBy, MAX_KEYS, PAGE_KEYS, URL_SCHEMA_VERSION};
    use asyncio_playground::docs::HEIGHT_RANGE;
    // A docs line's message for `line`, with the placeholder left in.
    let line_message =
        |line: &str| parse_lines(&format!("scenario=sleep\n{line}")).err().and_then(|e| e.into_iter().next()).map(|e| e.message).unwrap_or_default();
    let set_by_embed = PAGE_KEYS.iter().find(|k| k.set_by == SetBy::EmbedScript).map_or("origin", |k| k.name);
    let messages = json!({
        "param-error": Msg::new("param-error").arg("param", "{param}").arg("allowed", "{allowed}").arg("got", "{got}").en(),
        "param-error-long": Msg::new("param-error-long").arg("param", "{param}").arg("allowed", "{allowed}").en(),
        "param-unknown": Msg::new("param-unknown").arg("param", "{param}").arg("known", "{known}").en(),
        "param-missing": Msg::new("param-missing").arg("param", "{param}").arg("allowed", "{allowed}").en(),
        "param-twice": Msg::new("param-twice").arg("param", "{param}").en(),
        "keys-too-many": Msg::new("keys-too-many").arg("n", "{n}").arg("max", "{max}").en(),
        "height": line_message("height={got}"),
        "set-by-embed": line_message(&format!("{set_by_embed}=x")).replacen(set_by_embed, "{key}", 1),
        "expected-key-value": line_message("{got}"),
    });
    // The page keys a docs line may not set (embed.js sets them), found by asking the docs reader.
    let set_by_embed_message = |k: &str| messages["set-by-embed"].as_str().unwrap_or_default().replace("{key}", k);
    let docs_set_by_embed: Vec<_> = PAGE_KEYS.iter().map(|k| k.name).filter(|k| line_message(&format!("{k}=1")) == set_by_embed_message(k)).collect();
    let page_keys: Vec<_> = PAGE_KEYS
        .iter()
        .map(|k| {
            let (ty, extra) = match k.ty {
                KeyType::Scenario => ("scenario", json!({"options": all().iter().map(|s| s.id).collect::<Vec<_>>()})),
                KeyType::Choice(options) => ("choice", json!({"options": options})),
                KeyType::Flag => ("flag", json!({})),
                KeyType::Number { min, max } => ("number", json!({"range": [min, max]})),
                KeyType::Whole { min, max } => ("int", json!({"range": [min, max]})),
                KeyType::Origins => ("origins", json!({})),
                KeyType::Lang => ("lang", json!({"options": asyncio_playground::i18n::Lang::ALL.map(asyncio_playground::i18n::Lang::tag)})),
                KeyType::Text(n) => ("text", json!({"max_len": n})),
                KeyType::Program(n) => ("program", json!({"max_len": n})),
            };
            let mut key = json!({"name": k.name, "type": ty, "since": k.since, "set_by": if k.set_by == SetBy::EmbedScript { "embed.js" } else { "author" },
                "meaning": k.meaning, "allowed": k.allowed()});
            if let (Some(key), Some(extra)) = (key.as_object_mut(), extra.as_object()) {
                key.extend(extra.clone());
            }
            key
        })
        .collect();
    let mut scenarios = list_json();
    for s in scenarios.as_array_mut().into_iter().flatten() {
        let scenario = s["id"].as_str().and_then(find);
        if let (Some(sc), Some(obj)) = (scenario, s.as_object_mut()) {
            obj.insert("cross".into(), cross_checks(sc));
        }
        for p in s["params"].as_array_mut().into_iter().flatten() {
            let spec = scenario.and_then(|sc| p["name"].as_str().and_then(|n| sc.param(n)));
            if let (Some(spec), Some(p)) = (spec, p.as_object_mut()) {
                p.insert("allowed".into(), json!(spec.allowed()));
            }
        }
    }
    // The words a flag and a true/false parameter accept, found by asking their parsers.
    let words = ["1", "0", "true", "false", "yes", "no", "on", "off", "y", "n", "t", "f"];
    let flag_words: Vec<_> = words.iter().filter(|w| page_key("controls").is_some_and(|k| k.check(w).is_ok())).collect();
    let bool_param = all().iter().flat_map(|s| s.params.iter()).find(|p| matches!(p.kind, ParamKind::Bool { .. }));
    let bool_words: Vec<_> = words.iter().filter(|w| bool_param.is_some_and(|p| p.parse(w).is_ok())).collect();
    // Character classes the checks use, as ranges: what `trim` removes, and what an echoed
    // value has replaced (direction controls) or isolated (right-to-left letters).
    let mut classes: [Vec<[u32; 2]>; 3] = Default::default();
    for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
        let s = c.to_string();
        let e = echo(&s);
        let class = if s.trim().is_empty() {
            0
        } else if e == "\u{2068}\u{FFFD}\u{2069}" {
            1
        } else if e != s {
            2
        } else {
            continue;
        };
        match classes[class].last_mut() {
            Some(r) if r[1] + 1 == c as u32 => r[1] = c as u32,
            _ => classes[class].push([c as u32, c as u32]),
        }
    }
    let [whitespace, controls, rtl] = classes;
    json!({
        "format": 1,
        "url_schema_version": URL_SCHEMA_VERSION,
        "max_keys": MAX_KEYS,
        "height": HEIGHT_RANGE,
        "shown_chars": 40,
        "messages": messages,
        "words": {"flag": flag_words, "bool": bool_words},
        "chars": {"whitespace": whitespace, "bidi_controls": controls, "rtl": rtl},
        "docs_set_by_embed": docs_set_by_embed,
        "page_keys": page_keys,
        "scenarios": scenarios,
    })
}
