//! The real clock's limits applied to the form: a run that would freeze the page for
//! longer than the limit, or fetch a URL the page may not reach, is refused with a message
//! at the parameter (the checks themselves are the scenarios', in
//! `crate::scenarios::limits`); a run that fetches real URLs starts only from a click.

use super::form::Form;
use crate::i18n::Msg;
use crate::scenarios::limits::check_targets;
use crate::scenarios::ClockKind;

/// Recomputes `real_errors` and `freeze_secs` for the form's values, clock and scale
/// (every variant in Compare mode), for a page at `page_origin`.
///
/// # Examples
/// ```
/// use asyncio_playground::page::{form::Form, limits::refresh};
/// let mut form = Form::for_scenario(asyncio_playground::scenarios::find("lock").unwrap());
/// refresh(&mut form, "https://docs.example");
/// assert!(form.real_errors.is_empty() && form.freeze_secs.is_none()); // the virtual clock
/// ```
pub fn refresh(form: &mut Form, page_origin: &str) {
    form.real_errors.clear();
    form.freeze_secs = None;
    if form.clock != ClockKind::Real {
        return;
    }
    let Some(scale) = form.scale() else { return };
    for (_, values) in form.variants() {
        let checks = [
            form.scenario.check_freeze(&values, scale).map(|wall| {
                if let Some(wall) = wall {
                    form.freeze_secs = Some(form.freeze_secs.unwrap_or(0.0).max(wall));
                }
            }),
            check_targets(form.scenario, &values, page_origin),
        ];
        for e in checks.into_iter().filter_map(Result::err) {
            if !form.real_errors.contains(&e) {
                form.real_errors.push(e);
            }
        }
    }
}

/// Why the run must be started by the user's click, never by `autorun=1` or a host page's
/// message: it would fetch real URLs, or it is a program someone else put in the editor (a
/// link's or a host page's: "Run my code" runs only what the learner chose to run).
///
/// # Examples
/// ```
/// use asyncio_playground::page::{form::Form, limits::needs_click};
/// let mut form = Form::for_scenario(asyncio_playground::scenarios::find("lock").unwrap());
/// assert!(needs_click(&form).is_none());
/// form.code = Some("print(1)".into());
/// assert!(needs_click(&form).is_some());
/// ```
pub fn needs_click(form: &Form) -> Option<Msg> {
    if form.code.is_some() {
        return Some(Msg::new("notice-code-needs-click"));
    }
    let fetches = form.clock == ClockKind::Real && form.values.as_ref().is_some_and(|v| !form.scenario.real_targets(v).is_empty());
    fetches.then(|| Msg::new("notice-needs-click"))
}
