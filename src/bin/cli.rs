//! The native command line: lists the scenarios and runs them on the virtual clock.
//!
//! ```text
//! asyncio-playground list [--json]
//! asyncio-playground run SCENARIO [key=value ...] [--json | --chrome-trace]
//! asyncio-playground python SCENARIO [key=value ...]
//! asyncio-playground embed [--base=URL] scenario=ID [key=value ...]
//! ```
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
use asyncio_playground::runtime::lanes::{lanes, Lane, LaneState};
use asyncio_playground::runtime::trace::fmt_secs;
use asyncio_playground::scenarios::{all, find, run_virtual, ParamKind, RunResult, Scenario, Values};
use serde_json::json;

const USAGE: &str = "usage:
  asyncio-playground list [--json]
  asyncio-playground run SCENARIO [key=value ...] [--json | --chrome-trace]
  asyncio-playground python SCENARIO [key=value ...]
  asyncio-playground embed [--base=URL] scenario=ID [key=value ...]";

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
    let (flags, words): (Vec<&String>, Vec<&String>) = args.iter().partition(|a| a.starts_with("--"));
    let flag = |f: &str| flags.iter().any(|a| *a == f);
    if let Some(unknown) = flags.iter().find(|f| !["--json", "--chrome-trace", "--help"].contains(&f.as_str()) && !f.starts_with("--base=")) {
        return Err(format!("unknown option {}\n{USAGE}", echo(&shown(unknown))));
    }
    match words.first().map(|s| s.as_str()) {
        Some("list") => Ok(if flag("--json") { format!("{:#}\n", list_json()) } else { list_text() }),
        Some("run") | Some("python") => {
            let scenario = scenario_arg(words.get(1).map(|s| s.as_str()))?;
            let values = values_arg(scenario, &words[2..])?;
            if words[0] == "python" {
                return Ok(scenario.python(&values));
            }
            let result = run_virtual(scenario, &values);
            Ok(if flag("--json") {
                format!("{:#}\n", result.to_json())
            } else if flag("--chrome-trace") {
                format!("{}\n", result.chrome_trace())
            } else {
                text_report(&result)
            })
        }
        Some("embed") => {
            let base = flags.iter().find_map(|f| f.strip_prefix("--base=")).unwrap_or("https://your.host/asyncio-playground/");
            let lines: Vec<&str> = words[1..].iter().map(|w| w.as_str()).collect();
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
        _ => Err(USAGE.to_string()),
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
fn values_arg(scenario: &Scenario, words: &[&String]) -> Result<Values, String> {
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
    let seen: Vec<LaneState> = LaneState::ALL.into_iter().filter(|st| lanes.iter().any(|l| l.segments.iter().any(|s| s.state == *st))).collect();
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
        out.push_str(&format!("{name:<24}|{}| {}\n", lane_row(lane, end, 60), lane.end_state.unwrap_or("")));
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
