//! Answering the host page's messages (embed mode): only the parent, only from its origin
//! (`embed::accepts`); every request is carried out or answered with `rejected` and a
//! reason naming what was wrong. Nothing changes the state under a run in progress:
//! `set-params` and `run` are refused until the run ends or the host sends `stop` — a run
//! in progress as the run ledger knows it (`runs::busy`), even before the page has drawn it.

use yew::UseReducerDispatcher;

use super::embed::{self, HostRequest};
use super::lazy::runs;
use super::state::{Action, State};

/// Handles one message event from the host page.
pub fn on_message(state: &State, dispatch: &UseReducerDispatcher<State>, e: &web_sys::MessageEvent) {
    let Some(config) = embed::config() else { return };
    if !embed::accepts(&config, e) {
        return;
    }
    if let Err(reason) = handle(state, dispatch, embed::parse_host_message(&e.data())) {
        let reason: String = reason.chars().take(600).collect();
        embed::post("rejected", &[("reason", reason.as_str().into())]);
    }
}

fn handle(state: &State, dispatch: &UseReducerDispatcher<State>, request: Result<HostRequest, String>) -> Result<(), String> {
    match request? {
        HostRequest::SetParams(mut pairs) => {
            if runs::busy() {
                return Err("set-params: a run is in progress; send stop first".into());
            }
            let clock = take(&mut pairs, "clock");
            let scale = take(&mut pairs, "scale");
            let params = embed::merged_params(pairs, &state.form.raw);
            let restore = Action::SetParams { params: params.clone(), clock: clock.clone(), scale: scale.clone() };
            // Checked as a whole first: a bad value leaves the embed as it was.
            let pairs: Vec<(&str, &str)> = params.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
            let mut problems: Vec<String> = state.form.scenario.values(pairs).err().unwrap_or_default().into_iter().map(|e| e.message).collect();
            for (key, raw) in [("clock", &clock), ("scale", &scale)] {
                if let Some(Err(e)) = raw.as_deref().and_then(|v| crate::contract::page_key(key).map(|k| k.check(v))) {
                    problems.push(e);
                }
            }
            if !problems.is_empty() {
                return Err(format!("set-params: {}", problems.join("; ")));
            }
            dispatch.dispatch(restore);
            Ok(())
        }
        HostRequest::Run => runs::start_unattended(state, dispatch.clone()).map_err(|why| format!("run: {why}")),
        HostRequest::SetTheme(theme) => {
            super::theme::apply(theme);
            Ok(())
        }
        HostRequest::Stop => {
            if !runs::busy() {
                return Err("stop: no run is in progress".into());
            }
            runs::stop(state);
            Ok(())
        }
    }
}

fn take(pairs: &mut Vec<(String, String)>, key: &str) -> Option<String> {
    let i = pairs.iter().position(|(k, _)| k == key)?;
    Some(pairs.remove(i).1)
}
