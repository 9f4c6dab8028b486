//! Requests that may wait for ever (**no-timeout**): a request made through the `aiohttp`
//! stand-in with no time limit of its own and under no deadline — no `asyncio.timeout` (or
//! `wait_for`) of its task or of a task that created it was open —, or through the
//! `requests` stand-in with no `timeout=` (a blocking call holds the loop, so no deadline
//! of asyncio's can stop it; made in a `to_thread` job, it is the awaiting task's, and a
//! deadline cancels the await but not the thread). A server that accepts the connection and never answers holds
//! such a task for ever with `requests`, for aiohttp's default of 5 minutes with aiohttp.

use super::{without_comment, Diagnostic, Kind};
use crate::i18n::Msg;
use crate::runtime::EventKind;
use crate::scenarios::RunResult;

/// The requests of `run` made with no timeout, at their lines.
pub(super) fn requests_without_timeout(run: &RunResult) -> Vec<Diagnostic> {
    let trace = &run.report.trace;
    trace
        .events
        .iter()
        .enumerate()
        .filter_map(|(i, e)| {
            let EventKind::Request { what, url, limit: None, guarded } = &e.kind else { return None };
            // A blocking call holds the loop: no asyncio.timeout can fire to stop it.
            let key = if what.starts_with("requests.") {
                "diag-no-timeout-requests"
            } else if !guarded {
                "diag-no-timeout-aiohttp"
            } else {
                return None;
            };
            let msg = Msg::new(key)
                .arg("line", e.line)
                .arg("task", trace.task_name(e.task))
                .arg("url", url.clone())
                .code("code", without_comment(run.source.line_text(e.line)).to_string());
            Some(Diagnostic { kind: Kind::NoTimeout, task: e.task, line: e.line, at: e.t, event: i, msg, cpython: None })
        })
        .collect()
}
