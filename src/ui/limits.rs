//! The real clock's limits applied to the page's state: a run that would freeze the page
//! for longer than the limit, or fetch a URL the page may not reach, is refused with a
//! message at the parameter (the checks themselves are the scenarios', in
//! `crate::scenarios::limits`); a run that fetches real URLs starts only from a click.

use super::state::State;
use crate::i18n::Msg;
use crate::scenarios::limits::check_targets;
use crate::scenarios::ClockKind;

/// The page's origin, e.g. `https://docs.example` (empty outside a browser page).
pub fn page_origin() -> String {
    web_sys::window().and_then(|w| w.location().origin().ok()).unwrap_or_default()
}

/// Recomputes `real_errors` and `freeze_secs` for the state's values, clock and scale
/// (every variant in Compare mode).
pub fn refresh(s: &mut State) {
    s.real_errors.clear();
    s.freeze_secs = None;
    if s.clock != ClockKind::Real {
        return;
    }
    let Some(scale) = s.scale() else { return };
    for (_, values) in s.variants() {
        let checks = [
            s.scenario.check_freeze(&values, scale).map(|wall| {
                if let Some(wall) = wall {
                    s.freeze_secs = Some(s.freeze_secs.unwrap_or(0.0).max(wall));
                }
            }),
            check_targets(s.scenario, &values, &s.page_origin),
        ];
        for e in checks.into_iter().filter_map(Result::err) {
            if !s.real_errors.contains(&e) {
                s.real_errors.push(e);
            }
        }
    }
}

/// Why the run must be started by the user's click, never by `autorun=1` or a host page's
/// message: it would fetch real URLs, or it is a program someone else put in the editor (a
/// link's or a host page's: "Run my code" runs only what the learner chose to run).
pub fn needs_click(s: &State) -> Option<Msg> {
    if s.code.is_some() {
        return Some(Msg::new("notice-code-needs-click"));
    }
    let fetches = s.clock == ClockKind::Real && s.values.as_ref().is_some_and(|v| !s.scenario.real_targets(v).is_empty());
    fetches.then(|| Msg::new("notice-needs-click"))
}
