//! The keys that move the shared playhead over a finished run: ← → one step, with Shift
//! over the lines to another event, with Alt to the start of a loop iteration (the teaching
//! chunk's; the page's other shortcuts are `hooks::use_shortcuts`').

use crate::page::step::{Jump, Step};
use crate::ui::components::Ctx;
use crate::ui::state::Action;

/// The playhead's move for key event `e` over the finished runs of `state`; true if the
/// key moved it.
pub fn step_key(state: &Ctx, e: &web_sys::KeyboardEvent) -> bool {
    let key = e.key();
    if state.runs().is_empty() || !matches!(key.as_str(), "ArrowLeft" | "ArrowRight") {
        return false;
    }
    let to = if e.shift_key() || e.alt_key() {
        let steps = state.steps();
        Jump::of_key(&key, e.shift_key(), e.alt_key()).and_then(|j| j.from(state.slot.playhead, steps.len(), |i| state.step_info(&steps, i)))
    } else {
        Step::of_key(&key).and_then(|step| step.from(state.slot.playhead, state.step_count()))
    };
    match to {
        Some(to) => {
            state.dispatcher().dispatch(Action::SetPlayhead(Some(to)));
            true
        }
        None => false,
    }
}
