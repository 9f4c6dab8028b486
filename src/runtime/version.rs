//! Which CPython's asyncio a run follows: the one switch for version-dependent semantics.
//!
//! A [`Loop`](super::Loop) carries a [`PyVersion`] (set from the scenario's `python`
//! parameter when `asyncio.run` starts, see [`Entry`](super::Entry)). A primitive whose
//! behaviour changed between 3.11, 3.12, 3.13 and 3.14 asks the running loop's version one of the
//! named questions below — never compares version numbers itself — so this list is also the
//! list of the differences the executor models. Each one is shown against the real
//! interpreters by a program in `tests/cpython/programs/` (named in its doc) or by the
//! scenarios; the reference (docs/src/scenarios.md) lists what else was checked and found equal.

use std::fmt;

/// A CPython minor version whose asyncio semantics the executor can follow.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PyVersion {
    /// CPython 3.11 (the oldest the playground follows; Pyodide's).
    V3_11,
    /// CPython 3.12: `wait_for` runs in the calling task; eager completion in `gather`; eager
    /// tasks (the eager task factory).
    V3_12,
    /// CPython 3.13.
    V3_13,
    /// CPython 3.14: the newest, and the default (checked against Pyodide 314's CPython
    /// 3.14.2; its asyncio steps every scenario as 3.13's does, except a TaskGroup's eager
    /// child that finishes inside `create_task`, see
    /// [`PyVersion::taskgroup_settles_done_child_at_create`]).
    #[default]
    V3_14,
}

impl PyVersion {
    /// Every supported version, oldest first.
    pub const ALL: [PyVersion; 4] = [PyVersion::V3_11, PyVersion::V3_12, PyVersion::V3_13, PyVersion::V3_14];

    /// The newest supported version.
    pub const NEWEST: PyVersion = PyVersion::V3_14;

    /// The default of every scenario.
    pub const DEFAULT: PyVersion = PyVersion::V3_14;

    /// `"3.11"` … `"3.14"`: the parameter value and the interpreter's `X.Y`.
    pub const fn as_str(self) -> &'static str {
        match self {
            PyVersion::V3_11 => "3.11",
            PyVersion::V3_12 => "3.12",
            PyVersion::V3_13 => "3.13",
            PyVersion::V3_14 => "3.14",
        }
    }

    /// The version written `X.Y`.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::PyVersion;
    /// assert_eq!(PyVersion::parse("3.12"), Some(PyVersion::V3_12));
    /// assert_eq!(PyVersion::parse("3.10"), None);
    /// ```
    pub fn parse(s: &str) -> Option<PyVersion> {
        PyVersion::ALL.into_iter().find(|v| v.as_str() == s.trim())
    }

    /// 3.12+: `asyncio.wait_for(aw, timeout)` is `async with asyncio.timeout(timeout):
    /// return await aw` in the caller's task (gh-96764) — no separate task runs the
    /// awaitable. In 3.11 it runs as its own task, raced by a waiter future and a timer.
    /// (`wait_for_timeout.py`, the timeout scenario's `api=wait_for`)
    pub fn wait_for_uses_timeout(self) -> bool {
        self >= PyVersion::V3_12
    }

    /// 3.12+: `asyncio.gather(...)` settles the children that are already done at the
    /// call, in argument order, instead of scheduling their done-callbacks with
    /// `call_soon`: when every child is done the caller does not suspend, and an early
    /// failure reaches it in the same step. (`gather_finished_children.py`)
    pub fn gather_settles_finished_children_at_once(self) -> bool {
        self >= PyVersion::V3_12
    }

    /// 3.12–3.13 (CPython 3.12.1 and 3.13.0): `TaskGroup.create_task` of a task that is
    /// already done when `create_task` returns it (an eager task that finished in its first
    /// step) runs the group's `_on_task_done` at once instead of adding a done-callback — so
    /// a task that failed there aborts the group inside the call (its siblings and the parent
    /// are cancelled), and the next `tg.create_task` raises `RuntimeError(... is shutting
    /// down)`. 3.14 adds the callback as for any task, which runs on the next iteration
    /// (gh-128550). 3.11 has no eager tasks. (`taskgroup_eager_done.py`, the taskgroup
    /// scenario's `eager=true`)
    pub fn taskgroup_settles_done_child_at_create(self) -> bool {
        self == PyVersion::V3_12 || self == PyVersion::V3_13
    }

    /// 3.13+: `TaskGroup.create_task` refused (the group is finished or shutting down)
    /// closes the coroutine it was given; 3.12 leaves it to the garbage collector, which
    /// warns that it was never awaited. (`taskgroup_eager_done.py`)
    pub fn taskgroup_closes_refused_coroutine(self) -> bool {
        self >= PyVersion::V3_13
    }

    /// 3.13+: `TaskGroup.__aexit__` withdraws its own cancellation of the parent task
    /// (`uncancel()`) after every child has finished. Before, it did so on entry only — so a
    /// child failing while the group already waited left the parent's `cancelling()` raised
    /// for good (gh-116720). (`taskgroup_outside_cancel.py`, `taskgroup_later_failure.py`)
    pub fn taskgroup_uncancels_after_children(self) -> bool {
        self >= PyVersion::V3_13
    }

    /// 3.13+: a `TaskGroup` that raises its `ExceptionGroup` while its parent is also being
    /// cancelled from outside cancels the parent again (`uncancel()` + `cancel()`), so that
    /// cancellation reaches the parent's next await instead of being lost (gh-116720).
    /// (`taskgroup_outside_cancel.py`)
    pub fn taskgroup_recancels_parent(self) -> bool {
        self >= PyVersion::V3_13
    }

    /// 3.13+: a `task.uncancel()` that brings the count of cancellation requests to zero
    /// also drops a cancellation not delivered yet (`_must_cancel`, gh-116720).
    /// (`uncancel_pending.py`)
    pub fn uncancel_clears_pending_cancel(self) -> bool {
        self >= PyVersion::V3_13
    }

    /// 3.13+: a `Semaphore.acquire` that returns (or is cancelled) while permits are free
    /// wakes as many waiters as there are free permits; before, at most one.
    /// (`semaphore_burst.py`)
    pub fn semaphore_wakes_all_free(self) -> bool {
        self >= PyVersion::V3_13
    }

    /// 3.13+: a coroutine thrown into before its first step (a task cancelled before it
    /// ran) reports the line of its body's first statement, not its `def` line — the
    /// frame's `f_lineno` after `coro.throw()`; the asyncio behaviour is the same, only
    /// the line the interpreter reports moved. (the timeout scenario's `api=wait_for&timeout=0`)
    pub fn unstarted_throw_reports_first_statement(self) -> bool {
        self >= PyVersion::V3_13
    }

    /// 3.13+: a frame that goes on after an exception reached it (its `except`, `finally` or
    /// `async with` exit runs) first reports the exception's own line again as a `line`
    /// event, then the handler's (3.11–3.12: the handler's only) — when the exception was
    /// thrown through the frame (`coro.throw`: a cancellation at an await) or raised in it;
    /// not when a call returned it into the frame, as an `async with`'s `__aenter__`
    /// raising on a send ([`reached`](super::reached); bounded-fetch's connection error).
    pub fn handler_reports_raising_line(self) -> bool {
        self >= PyVersion::V3_13
    }
}

impl fmt::Display for PyVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
