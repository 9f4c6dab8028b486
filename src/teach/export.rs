//! The exports' text a piece at a time: a big run's run-result JSON (42 MB for `lock
//! workers=10000 hold=10 compare=1`) or Chrome trace takes seconds to write, so the page
//! writes it in slices between which it stays responsive, shows how far it got, and can
//! stop ([`Pieces`] is an iterator of text pieces with its progress). Joined, the pieces
//! are the same JSON as [`RunResult::to_json`] (or `{"compare": [A, B]}`, what the page
//! publishes) and [`super::chrome::chrome_trace`].

use std::collections::VecDeque;
use std::rc::Rc;

use serde_json::{json, Value};

use super::chrome::{chrome_lane, chrome_print, chrome_process};
use super::Lane;
use crate::scenarios::{event_json, RunResult};

/// Where the events go in the JSON written around them (a key is written with its quotes
/// unescaped, which no string inside the JSON can contain).
const EVENTS_HOLE: &str = "\"events\":[]";
const TRACE_HOLE: &str = "\"traceEvents\":[]";

/// The text of an export, piece by piece, in order.
pub struct Pieces {
    parts: VecDeque<Part>,
    done: usize,
    total: usize,
}

enum Part {
    Text(String),
    /// The events of a run, from `next` on, as a JSON array's items.
    Events {
        run: Rc<RunResult>,
        next: usize,
    },
    /// The Chrome trace's events of each lane, then of each print.
    Lanes {
        run: Rc<RunResult>,
        lanes: Rc<Vec<Lane>>,
        next: usize,
    },
    Prints {
        run: Rc<RunResult>,
        next: usize,
    },
}

impl Pieces {
    /// `(done, total)`: the pieces written so far, of how many (for a progress bar).
    pub fn progress(&self) -> (usize, usize) {
        (self.done, self.total.max(1))
    }

    /// The published run-result JSON of `results`: the run's, or `{"compare": [A, B]}`.
    ///
    /// # Examples
    /// ```
    /// use std::rc::Rc;
    /// use asyncio_playground::scenarios::{find, run_virtual};
    /// use asyncio_playground::teach::export::Pieces;
    /// let s = find("gather").unwrap();
    /// let run = Rc::new(run_virtual(s, &s.defaults()));
    /// let text: String = Pieces::run_result(&[run.clone()]).collect();
    /// assert_eq!(serde_json::from_str::<serde_json::Value>(&text).unwrap(), run.to_json());
    /// ```
    pub fn run_result(results: &[Rc<RunResult>]) -> Pieces {
        let mut pieces = Pieces { parts: VecDeque::new(), done: 0, total: 0 };
        let heads: Vec<Value> = results.iter().map(|r| r.to_json_without_events()).collect();
        let skeleton = match heads.as_slice() {
            [one] => one.to_string(),
            many => json!({ "compare": many }).to_string(),
        };
        let mut rest = skeleton.as_str();
        for run in results {
            let Some(at) = rest.find(EVENTS_HOLE) else { break };
            let (before, after) = rest.split_at(at + EVENTS_HOLE.len() - 1);
            pieces.parts.push_back(Part::Text(before.to_string()));
            pieces.parts.push_back(Part::Events { run: run.clone(), next: 0 });
            pieces.total += run.report.trace.events.len();
            rest = after;
        }
        pieces.parts.push_back(Part::Text(rest.to_string()));
        pieces
    }

    /// The Chrome trace of `run`, whose lanes are `lanes` (the page has worked them out).
    ///
    /// # Examples
    /// ```
    /// use std::rc::Rc;
    /// use asyncio_playground::teach::{chrome::chrome_trace, lanes};
    /// use asyncio_playground::scenarios::{find, run_virtual};
    /// use asyncio_playground::teach::export::Pieces;
    /// let s = find("lock").unwrap();
    /// let run = Rc::new(run_virtual(s, &s.defaults()));
    /// let lanes = Rc::new(lanes(&run.report.trace, run.end_time()));
    /// let text: String = Pieces::chrome_trace(&run, lanes).collect();
    /// assert_eq!(serde_json::from_str::<serde_json::Value>(&text).unwrap(), chrome_trace(&run));
    /// ```
    pub fn chrome_trace(run: &Rc<RunResult>, lanes: Rc<Vec<Lane>>) -> Pieces {
        let skeleton = json!({"traceEvents": [], "displayTimeUnit": "ms"}).to_string();
        let (before, after) = skeleton.split_at(skeleton.find(TRACE_HOLE).map_or(0, |at| at + TRACE_HOLE.len() - 1));
        let title = format!("asyncio playground: {}", run.scenario.id);
        let total = lanes.len() + run.report.trace.events.len();
        let parts = VecDeque::from([
            Part::Text(format!("{before}{}", chrome_process(&title))),
            Part::Lanes { run: run.clone(), lanes, next: 0 },
            Part::Prints { run: run.clone(), next: 0 },
            Part::Text(after.to_string()),
        ]);
        Pieces { parts, done: 0, total }
    }
}

impl Iterator for Pieces {
    type Item = String;

    fn next(&mut self) -> Option<String> {
        loop {
            let piece = match self.parts.front_mut()? {
                Part::Text(text) => Some(std::mem::take(text)),
                Part::Events { run, next } => {
                    let trace = &run.report.trace;
                    trace.events.get(*next).map(|e| {
                        let text = event_json(trace, e).to_string();
                        *next += 1;
                        if *next == 1 {
                            text
                        } else {
                            format!(",{text}")
                        }
                    })
                }
                Part::Lanes { run, lanes, next } => lanes.get(*next).map(|lane| {
                    let text: String = chrome_lane(&run.report.trace, *next, lane).iter().map(|e| format!(",{e}")).collect();
                    *next += 1;
                    text
                }),
                Part::Prints { run, next } => {
                    let events = &run.report.trace.events;
                    let text = events.get(*next).map(|e| chrome_print(e).map_or_else(String::new, |p| format!(",{p}")));
                    *next += 1;
                    text
                }
            };
            match piece {
                Some(text) => {
                    if !matches!(self.parts.front(), Some(Part::Text(_))) {
                        self.done += 1;
                    } else {
                        self.parts.pop_front();
                    }
                    return Some(text);
                }
                None => {
                    self.parts.pop_front();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenarios::{find, run_virtual};
    use crate::teach::{chrome::chrome_trace, lanes};

    fn run(id: &str, pairs: &[(&str, &str)]) -> Rc<RunResult> {
        let s = find(id).unwrap();
        Rc::new(run_virtual(s, &s.values(pairs.iter().copied()).unwrap()))
    }

    #[test]
    fn the_pieces_join_into_the_published_json_and_the_chrome_trace() {
        let a = run("lock", &[("workers", "5"), ("hold", "0.1"), ("use_lock", "true")]);
        let b = run("lock", &[("workers", "5"), ("hold", "0.1"), ("use_lock", "false")]);
        let parse = |p: Pieces| serde_json::from_str::<Value>(&p.collect::<String>()).unwrap();
        assert_eq!(parse(Pieces::run_result(std::slice::from_ref(&a))), a.to_json());
        assert_eq!(parse(Pieces::run_result(&[a.clone(), b.clone()])), json!({"compare": [a.to_json(), b.to_json()]}));
        let blocking = run("blocking", &[("mode", "to_thread")]);
        assert_eq!(parse(Pieces::chrome_trace(&blocking, Rc::new(lanes(&blocking.report.trace, blocking.end_time())))), chrome_trace(&blocking));
    }

    #[test]
    fn progress_counts_the_events_to_the_end() {
        let a = run("gather", &[]);
        let mut pieces = Pieces::run_result(std::slice::from_ref(&a));
        let n = a.report.trace.events.len();
        assert_eq!(pieces.progress(), (0, n));
        let mut seen = 0;
        while pieces.next().is_some() {
            seen += 1;
            assert!(pieces.progress().0 <= n);
        }
        assert_eq!(pieces.progress(), (n, n));
        assert_eq!(seen, n + 2, "the text around the events, then one piece per event");
    }
}
