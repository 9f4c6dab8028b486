//! What each thing a task can wait on ([`WaitOn`]) means for the page: the lane state it
//! puts the task in, whether it awaits other tasks, its words in the loop panel and the
//! narration of a suspension on it and of the wake-up that ends it. Adding a wait state is
//! adding its `WaitOn` variant in the runtime, its arms here, and its words in the message
//! files (`src/i18n/*.ftl`).

use super::{LaneState, StepView};
use crate::i18n::Msg;
use crate::runtime::trace::task_name;
use crate::runtime::{Trace, TraceEvent, WaitOn};

impl WaitOn {
    /// The lane state of a task suspended on this.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::WaitOn;
    /// use asyncio_playground::teach::LaneState;
    /// assert_eq!(WaitOn::Gather.lane_state(), LaneState::WaitingJoin);
    /// ```
    pub fn lane_state(&self) -> LaneState {
        match self {
            WaitOn::Sleep { .. } => LaneState::Sleeping,
            WaitOn::Yield => LaneState::Ready,
            WaitOn::Lock => LaneState::WaitingLock,
            WaitOn::Semaphore => LaneState::WaitingSemaphore,
            WaitOn::Event => LaneState::WaitingEvent,
            WaitOn::Join { .. } | WaitOn::Gather | WaitOn::TaskGroup => LaneState::WaitingJoin,
            WaitOn::Worker { .. } => LaneState::InWorker,
            WaitOn::Fetch { .. } => LaneState::Fetching,
            WaitOn::Future => LaneState::Waiting,
        }
    }

    /// True when it awaits other tasks (a task, a gather, a TaskGroup): the loop panel lists
    /// it among the joins, and a failure of those tasks reaches the waiter.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::WaitOn;
    /// assert!(WaitOn::TaskGroup.awaits_tasks());
    /// assert!(!WaitOn::Lock.awaits_tasks());
    /// ```
    pub fn awaits_tasks(&self) -> bool {
        matches!(self, WaitOn::Join { .. } | WaitOn::Gather | WaitOn::TaskGroup)
    }
}

/// What a task suspended on `on` waits for: `a sleep until 1 s`, `Task-3`, `the lock`.
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::WaitOn;
/// use asyncio_playground::teach::wait_msg;
/// assert_eq!(wait_msg(&WaitOn::Lock).id, "wait-lock");
/// ```
pub fn wait_msg(on: &WaitOn) -> Msg {
    match on {
        WaitOn::Sleep { until } => Msg::new("wait-sleep").arg("until", *until),
        WaitOn::Yield => Msg::new("wait-yield"),
        WaitOn::Lock => Msg::new("wait-lock"),
        WaitOn::Semaphore => Msg::new("wait-semaphore"),
        WaitOn::Event => Msg::new("wait-event"),
        WaitOn::Join { task } => Msg::new("wait-join").arg("task", task_name(*task)),
        WaitOn::Gather => Msg::new("wait-gather"),
        WaitOn::TaskGroup => Msg::new("wait-taskgroup"),
        WaitOn::Worker { job } => Msg::new("wait-worker").arg("job", job.clone()),
        WaitOn::Fetch { url } => Msg::new("wait-fetch").arg("url", url.clone()),
        WaitOn::Future => Msg::new("wait-future"),
    }
}

/// The narration of a suspension on `on`: what it means for the task and the loop
/// (`after` is the view right after it).
pub(super) fn suspend_msg(trace: &Trace, e: &TraceEvent, on: &WaitOn, after: &StepView) -> Msg {
    match on {
        WaitOn::Yield => Msg::new("narr-suspend-yield").arg("ahead", after.ready.len().saturating_sub(1)),
        WaitOn::Sleep { until } => {
            // "Runs other tasks meanwhile" only when there are others to run: a task ready,
            // or a timer of another task armed. Alone, the loop waits idle until its next
            // timer: this sleep's, or the deadline of a timeout the task is inside.
            let others = after.ready.iter().any(|&t| t != e.task) || after.timers.iter().any(|t| t.task != e.task);
            let deadline = after.timers.iter().filter(|t| t.task == e.task && t.deadline).map(|t| t.at).reduce(f64::min);
            let msg = match deadline {
                _ if others => Msg::new("narr-suspend-sleep"),
                Some(at) => Msg::new("narr-suspend-sleep-deadline").arg("at", at).arg("first", if at < *until { "deadline" } else { "sleep" }),
                None => Msg::new("narr-suspend-sleep-alone"),
            };
            msg.arg("secs", until - e.t).arg("until", *until)
        }
        WaitOn::Lock => Msg::new("narr-suspend-lock").arg("holder", after.lock_holder.map(|h| trace.task_name(h)).unwrap_or_default()),
        WaitOn::Semaphore => Msg::new("narr-suspend-permit").arg("held", after.permit_holders.len()),
        WaitOn::Event => Msg::new("narr-suspend-event"),
        WaitOn::Join { task } => Msg::new("narr-suspend-join").arg("other", trace.task_name(*task)),
        WaitOn::Gather => Msg::new("narr-suspend-gather"),
        WaitOn::TaskGroup => Msg::new("narr-suspend-taskgroup"),
        WaitOn::Worker { job } => Msg::new("narr-suspend-worker").arg("job", job.clone()),
        WaitOn::Fetch { url } => Msg::new("narr-suspend-fetch").arg("url", url.clone()),
        WaitOn::Future => Msg::new("narr-suspend-future"),
    }
}

/// A timer that fires this much (s) or more after it was due fired late: the loop was held.
pub const LATE: f64 = 0.01;

/// The narration of a wake-up at loop time `now` that ends a wait on `on` begun at `since`,
/// the wait ended by task `by` (its name; "" for a timer or the loop). A sleep's timer that
/// fires [`LATE`] or more after it was due says how late.
pub(super) fn wake_msg(trace: &Trace, on: &WaitOn, since: f64, now: f64, by: String) -> Msg {
    match on {
        WaitOn::Sleep { until } if now - until >= LATE => {
            Msg::new("narr-wake-timer-late").arg("secs", until - since).arg("due", *until).arg("late", now - until)
        }
        WaitOn::Sleep { until } => Msg::new("narr-wake-timer").arg("secs", until - since),
        WaitOn::Lock => Msg::new("narr-wake-lock").arg("by", by),
        WaitOn::Semaphore => Msg::new("narr-wake-permit").arg("by", by),
        WaitOn::Event => Msg::new("narr-wake-event").arg("by", by),
        WaitOn::Join { task: joined } => Msg::new("narr-wake-join").arg("joined", trace.task_name(*joined)),
        WaitOn::Gather => Msg::new("narr-wake-gather"),
        WaitOn::TaskGroup => Msg::new("narr-wake-taskgroup"),
        WaitOn::Worker { job } => Msg::new("narr-wake-worker").arg("job", job.clone()),
        WaitOn::Fetch { url } => Msg::new("narr-wake-fetch").arg("url", url.clone()),
        WaitOn::Yield | WaitOn::Future => Msg::new("narr-wake"),
    }
}
