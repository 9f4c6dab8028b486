//! What a learner sees at each step of a run, derived from the run's trace alone (so the
//! same views serve our scenarios and any other source of a trace):
//!
//! - [`step_view`]: the loop and every task right after event `k` — lines, await stacks,
//!   ready queue, timers, waiters, workers, requests, output, the lesson's values;
//! - [`narrate`]: one sentence for event `k`, saying why it happened;
//! - [`marks`]: cause and effect on the timeline (deadlines, cancellations, exceptions
//!   reaching a caller, late timers, hand-overs);
//! - [`lanes`]: the timeline's lanes, one per task and worker, of state segments (their
//!   [`LaneState`]s and how the page draws them), and [`chrome`], their Chrome Trace export;
//! - [`CallTree`]: who awaits whom at the playhead, as `python -m asyncio pstree` draws it;
//! - [`Study`]: a finished run with all of the above worked out once, and
//!   [`shared_steps`], the playhead that steps two runs side by side;
//! - [`prefer_iterations`]: whether the iteration axis tells the story better than time;
//! - [`present`]: what the results, the picker and the Compare switch say, rounded for
//!   people and in messages;
//! - [`predict`]: questions asked before a run, judged by the run, with the misconception a
//!   wrong answer suggests and the step that decides it.

mod call_graph;
pub mod chrome;
mod describe;
pub mod export;
mod lane_state;
mod lanes;
mod marks;
mod narrate;
pub(crate) mod narrate_lines;
pub mod predict;
pub mod present;
mod replay;
mod study;
mod view;
mod waits;

pub use crate::choices::Axis;
pub use call_graph::CallTree;
pub use describe::{end_msg, event_msg, segment_msg};
pub use lane_state::{ByPrimitive, LaneState, Primitive};
pub use lanes::{iteration_positions, lanes, lanes_until, Lane, LaneBuilder, LaneKind, Segment, TaskEnd, Until, Why};
pub use marks::{marks, Mark, MarkKind};
pub use narrate::narrate;
pub use replay::{Fact, Replay, Woken};
pub use study::{runs_at, runs_at_step, shared_steps, Study};
pub use view::{frame_locals, step_view, FrameLocals, GlobalView, StepView, TaskView, TimerView, Window, OUTPUT_LINES, WINDOW};
pub use waits::wait_msg;

use crate::runtime::Trace;

/// True when most of a run happens at one instant (a race at t = 0, a TaskGroup whose
/// task fails at once), so that the time axis would squash it into one column and the
/// loop-iteration axis shows what happened.
///
/// # Examples
/// ```
/// use asyncio_playground::scenarios::{find, run_virtual};
/// use asyncio_playground::teach::prefer_iterations;
/// let lock = find("lock").unwrap();
/// assert!(prefer_iterations(&run_virtual(lock, &lock.defaults()).report.trace));
/// let gather = find("gather").unwrap();
/// assert!(!prefer_iterations(&run_virtual(gather, &gather.defaults()).report.trace));
/// ```
pub fn prefer_iterations(trace: &Trace) -> bool {
    let n = trace.events.len();
    if n == 0 {
        return false;
    }
    let mut best = 0;
    let mut i = 0;
    while i < n {
        let t = trace.events[i].t;
        let same = trace.events[i..].iter().take_while(|e| e.t == t).count();
        best = best.max(same);
        i += same;
    }
    best * 10 >= n * 7
}
