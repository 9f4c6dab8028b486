//! `asyncio.gather` and `asyncio.TaskGroup`, as CPython 3.11–3.14 implement them.
//!
//! **gather** registers a done-callback on every child (since 3.12, a child already done
//! is settled at the call instead, see [`PyVersion`](super::PyVersion)). Without `return_exceptions`, the
//! first failure finishes the outer future at once and the caller gets the exception —
//! while the other children keep running (the orphans of the guide). With it, failures are
//! collected as values. Cancelling the gather cancels the children, not the outer future.
//!
//! **TaskGroup** is structured: the first child failure cancels the siblings and the body
//! (the parent task), the group waits for every child — cleanup included — and raises an
//! `ExceptionGroup` holding every failure that happened before cancellation took effect.
//!
//! One deliberate difference: CPython keeps a group's tasks in a `set`, so the order in
//! which siblings are cancelled depends on memory addresses. Here it is creation order (the
//! CPython harness pins the same order), which keeps runs reproducible.

use std::cell::{Cell, RefCell};
use std::future::{Future, IntoFuture};
use std::pin::Pin;
use std::rc::Rc;

use super::callbacks::Callback;
use super::exception::{Exc, PyResult};
use super::executor::Loop;
use super::frames::Code;
use super::future::{suspend_on, FutureCell, State};
use super::id_map::IdMap;
use super::task::{current_task, spawn_at, spawn_eager_at, TaskHandle};
use super::trace::WaitOn;
use super::waiting::{AnyTask, Waitable};

// ---- gather ---------------------------------------------------------------------------

struct Gathering<T> {
    outer: FutureCell<Vec<PyResult<T>>>,
    children: Vec<TaskHandle<T>>,
    unique: usize,
    finished: Cell<usize>,
    return_exceptions: bool,
    cancel_requested: Cell<bool>,
}

impl<T: Clone + 'static> Gathering<T> {
    /// `_done_callback` of CPython's gather: runs one iteration after a child finishes.
    fn child_done(&self, child: &TaskHandle<T>) {
        self.finished.set(self.finished.get() + 1);
        if self.outer.is_done() {
            return;
        }
        if !self.return_exceptions {
            if let Some(Err(exc)) = child.result() {
                self.outer.finish(State::Error(exc));
                return;
            }
        }
        if self.finished.get() == self.unique {
            if self.cancel_requested.get() {
                self.outer.finish(State::Error(Exc::cancelled()));
            } else {
                let results = self.children.iter().map(|c| c.result().unwrap_or_else(|| Err(Exc::cancelled()))).collect();
                self.outer.finish(State::Value(results));
            }
        }
    }
}

impl<T: Clone + 'static> Waitable for Gathering<T> {
    fn done(&self) -> bool {
        self.outer.is_done()
    }
    /// `_GatheringFuture.cancel`: cancels the children; the outer future finishes when they do.
    fn cancel(&self, _msg: Option<String>) -> bool {
        if self.outer.is_done() {
            return false;
        }
        let mut any = false;
        for child in &self.children {
            any |= child.cancel();
        }
        if any {
            self.cancel_requested.set(true);
        }
        any
    }
    fn add_wakeup(&self, task: u32, cb: Callback) -> u64 {
        self.outer.add_wakeup(task, cb)
    }
    fn remove_done_callback(&self, id: u64) -> bool {
        self.outer.remove_callback(id)
    }
    fn exception_to_raise(&self) -> Option<Exc> {
        self.outer.exception_to_raise()
    }
    fn finished_by(&self) -> Option<u32> {
        self.outer.finished_by()
    }
    fn wait_on(&self) -> WaitOn {
        WaitOn::Gather
    }
}

/// The awaitable [`gather`] returns (asyncio's `_GatheringFuture`).
pub struct Gather<T> {
    state: Rc<Gathering<T>>,
}

/// `asyncio.gather(*tasks)`: the results in order, or the first exception.
///
/// The done-callbacks are registered now, as asyncio does at the call.
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{run, create_task, gather, sleep};
/// let report = run(async {
///     let tasks = (0..5).map(|n| create_task(async move { sleep(1.0).await?; Ok(n * 2) })).collect();
///     gather(tasks).await
/// });
/// assert_eq!(report.result, Ok(vec![0, 2, 4, 6, 8]));
/// assert_eq!(report.elapsed, 1.0);
/// ```
///
/// # Cancellation
/// Cancelling the awaiting task cancels every child still running; the await then raises
/// `CancelledError`. A child's failure does *not* cancel its siblings: they run on.
pub fn gather<T: Clone + 'static>(tasks: Vec<TaskHandle<T>>) -> impl Future<Output = PyResult<Vec<T>>> {
    let g = make_gather(tasks, false);
    async move { g.await?.into_iter().collect() }
}

/// `asyncio.gather(*tasks, return_exceptions=True)`: every outcome, failures as values.
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{run, create_task, gather_return_exceptions, Exc};
/// let report = run(async {
///     let ok = create_task(async { Ok(1) });
///     let bad = create_task(async { Err::<i32, _>(Exc::value_error("boom")) });
///     gather_return_exceptions(vec![ok, bad]).await
/// });
/// assert_eq!(report.result, Ok(vec![Ok(1), Err(Exc::value_error("boom"))]));
/// ```
///
/// # Cancellation
/// As [`gather`]: cancelling the awaiting task cancels the children and raises
/// `CancelledError`, whatever `return_exceptions` says.
pub fn gather_return_exceptions<T: Clone + 'static>(tasks: Vec<TaskHandle<T>>) -> Gather<T> {
    make_gather(tasks, true)
}

fn make_gather<T: Clone + 'static>(tasks: Vec<TaskHandle<T>>, return_exceptions: bool) -> Gather<T> {
    let lp = Loop::current().unwrap_or_else(Loop::detached);
    // Each task once, in order: a task gathered twice is awaited once.
    let mut unseen: IdMap<()> = tasks.iter().map(|t| (t.id(), ())).collect();
    let state = Rc::new(Gathering {
        outer: FutureCell::new(&lp, WaitOn::Gather),
        unique: unseen.len(),
        children: tasks,
        finished: Cell::new(0),
        return_exceptions,
        cancel_requested: Cell::new(false),
    });
    if state.children.is_empty() {
        state.outer.finish(State::Value(Vec::new()));
    }
    let settle_done_now = lp.python().gather_settles_finished_children_at_once();
    let mut finished = Vec::new();
    for child in &state.children {
        if unseen.remove(child.id()).is_none() {
            continue;
        }
        if settle_done_now && child.done() {
            finished.push(child.clone());
            continue;
        }
        let (weak, c) = (Rc::downgrade(&state), child.clone());
        let (gatherer, lp2) = (lp.current_task_id(), lp.clone());
        lp.add_awaited_by(child.id(), gatherer);
        child.add_done_callback(move || {
            lp2.discard_awaited_by(c.id(), gatherer);
            if let Some(state) = weak.upgrade() {
                state.child_done(&c);
            }
        });
    }
    for child in &finished {
        state.child_done(child);
    }
    Gather { state }
}

impl<T: Clone + 'static> IntoFuture for Gather<T> {
    type Output = PyResult<Vec<PyResult<T>>>;
    type IntoFuture = Pin<Box<dyn Future<Output = Self::Output>>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(async move {
            suspend_on(self.state.clone()).await?;
            self.state.outer.result()
        })
    }
}

// ---- TaskGroup ------------------------------------------------------------------------

struct GroupState {
    parent: Option<Rc<dyn AnyTask>>,
    exiting: Cell<bool>,
    aborting: Cell<bool>,
    parent_cancel_requested: Cell<bool>,
    /// Children still running, by id (= creation order).
    tasks: RefCell<IdMap<Rc<dyn AnyTask>>>,
    errors: RefCell<Vec<Exc>>,
    on_completed: RefCell<Option<Rc<FutureCell<()>>>>,
}

/// `asyncio.TaskGroup`: structured concurrency. Use it through [`task_group`].
#[derive(Clone)]
pub struct TaskGroup {
    state: Rc<GroupState>,
}

/// `async with asyncio.TaskGroup() as tg: <body>`.
///
/// The body runs in the current task and may start children with
/// [`TaskGroup::create_task`]. When the body ends, the group waits for every child. If any
/// child failed, the siblings and the body were cancelled, and the result is an
/// `ExceptionGroup` of every failure.
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{run, task_group, sleep, Exc};
/// let report = run(async {
///     task_group(|tg| async move {
///         for n in 0..4 {
///             tg.create_task(async move {
///                 if n == 2 { return Err(Exc::value_error(format!("boom at {n}"))); }
///                 sleep(1.0).await?;
///                 Ok(n)
///             })?;
///         }
///         Ok(())
///     }).await
/// });
/// let err = report.result.unwrap_err();
/// assert_eq!(err.describe(), "ExceptionGroup: unhandled errors in a TaskGroup (1 sub-exception) [ValueError: boom at 2]");
/// assert_eq!(report.elapsed, 0.0); // the sleeping siblings were cancelled
/// ```
///
/// # Cancellation
/// Cancelling the task that runs the group cancels the body and every child; the group
/// still waits for their cleanup before the `CancelledError` propagates.
pub async fn task_group<R, F, Fut>(body: F) -> PyResult<R>
where
    F: FnOnce(TaskGroup) -> Fut,
    Fut: Future<Output = PyResult<R>>,
{
    let group = TaskGroup::enter()?;
    let result = body(group.clone()).await;
    super::lines::in_asyncio(group.exit(result.as_ref().err().cloned())).await?;
    result
}

impl TaskGroup {
    /// `__aenter__`: the current task becomes the group's parent.
    fn enter() -> PyResult<TaskGroup> {
        let parent = current_task().ok_or_else(|| Exc::runtime_error("TaskGroup cannot determine the parent task"))?;
        Ok(TaskGroup {
            state: Rc::new(GroupState {
                parent: Some(parent),
                exiting: Cell::new(false),
                aborting: Cell::new(false),
                parent_cancel_requested: Cell::new(false),
                tasks: RefCell::new(IdMap::new()),
                errors: RefCell::new(Vec::new()),
                on_completed: RefCell::new(None),
            }),
        })
    }

    /// `tg.create_task(coro)`: a child of the group. `RuntimeError` once the group is
    /// shutting down or finished.
    pub fn create_task<T: Clone + 'static>(&self, program: impl Future<Output = PyResult<T>> + 'static) -> PyResult<TaskHandle<T>> {
        self.spawn("", program)
    }

    /// [`TaskGroup::create_task`] with a label for the timeline.
    pub fn spawn<T: Clone + 'static>(&self, label: &str, program: impl Future<Output = PyResult<T>> + 'static) -> PyResult<TaskHandle<T>> {
        self.spawn_at(Code::default(), label, program)
    }

    /// [`TaskGroup::spawn`] of a coroutine of the simulated program (see
    /// [`spawn_at`](super::task::spawn_at)).
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::{run, task_group, Code};
    /// let report = run(async {
    ///     task_group(|tg| async move { tg.spawn_at(Code::new("risky", 9), "risky(0)", async { Ok(0) })?; Ok(()) }).await
    /// });
    /// assert_eq!(report.trace.tasks[1].func, "risky");
    /// ```
    pub fn spawn_at<T: Clone + 'static>(&self, code: Code, label: &str, program: impl Future<Output = PyResult<T>> + 'static) -> PyResult<TaskHandle<T>> {
        self.start(code, label, program, false)
    }

    /// `tg.create_task(coro, eager_start=True)` (3.14; on 3.12–3.13 what the loop's
    /// `asyncio.eager_task_factory` makes of every `tg.create_task`): the child's first step
    /// runs inside this call (see [`spawn_eager_at`](super::task::spawn_eager_at)). On
    /// 3.12–3.13 a child already done when it returns is settled at once — one that failed
    /// aborts the group here, so the next `create_task` raises `RuntimeError` (see
    /// [`PyVersion::taskgroup_settles_done_child_at_create`](super::PyVersion::taskgroup_settles_done_child_at_create));
    /// 3.11 has no eager start: there it is [`TaskGroup::spawn_at`].
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::{task_group, Code, Exc, PyVersion, Runner};
    /// let failing = |python| Runner::new().python(python).run(async {
    ///     task_group(|tg| async move {
    ///         tg.spawn_eager_at(Code::default(), "bad()", async { Err::<(), _>(Exc::value_error("boom")) })?;
    ///         tg.spawn_eager_at(Code::default(), "next()", async { Ok(()) })?;
    ///         Ok(())
    ///     }).await
    /// });
    /// let leaves = |python| failing(python).result.unwrap_err().leaves().iter().map(|e| e.type_name().to_string()).collect::<Vec<_>>();
    /// assert_eq!(leaves(PyVersion::V3_13), ["ValueError", "RuntimeError"]); // "... is shutting down"
    /// assert_eq!(leaves(PyVersion::V3_14), ["ValueError"]);
    /// ```
    pub fn spawn_eager_at<T: Clone + 'static>(&self, code: Code, label: &str, program: impl Future<Output = PyResult<T>> + 'static) -> PyResult<TaskHandle<T>> {
        self.start(code, label, program, true)
    }

    fn start<T: Clone + 'static>(&self, code: Code, label: &str, program: impl Future<Output = PyResult<T>> + 'static, eager: bool) -> PyResult<TaskHandle<T>> {
        let s = &self.state;
        let refused = if s.exiting.get() && s.tasks.borrow().is_empty() {
            Some("is finished")
        } else if s.aborting.get() {
            Some("is shutting down")
        } else {
            None
        };
        if let Some(why) = refused {
            let message = format!("TaskGroup {} {why}", self.repr());
            drop(program);
            if let Some(lp) = Loop::current().filter(|lp| !lp.python().taskgroup_closes_refused_coroutine()) {
                lp.warn(format!("RuntimeWarning: coroutine '{}' was never awaited", code.func));
            }
            return Err(Exc::runtime_error(message));
        }
        let handle = if eager { spawn_eager_at(code, label, program) } else { spawn_at(code, label, program) };
        let any = handle.any();
        if handle.done() && Loop::current().is_some_and(|lp| lp.python().taskgroup_settles_done_child_at_create()) {
            // 3.12–3.13: no done-callback; the group settles the child now
            self.on_task_done(&any);
            return Ok(handle);
        }
        let parent = s.parent.as_ref().map(|p| p.info().id);
        if let Some(lp) = Loop::current() {
            lp.add_awaited_by(any.info().id, parent);
        }
        let (weak, child) = (Rc::downgrade(&self.state), any.clone());
        handle.add_done_callback(move || {
            if let Some(lp) = Loop::current() {
                lp.discard_awaited_by(child.info().id, parent);
            }
            if let Some(state) = weak.upgrade() {
                TaskGroup { state }.on_task_done(&child);
            }
        });
        s.tasks.borrow_mut().insert(any.info().id, any);
        Ok(handle)
    }

    /// `repr(tg)` as CPython writes it: `<TaskGroup tasks=2 errors=1 cancelling>`.
    fn repr(&self) -> String {
        let s = &self.state;
        let mut info = String::new();
        let (tasks, errors) = (s.tasks.borrow().len(), s.errors.borrow().len());
        if tasks > 0 {
            info.push_str(&format!(" tasks={tasks}"));
        }
        if errors > 0 {
            info.push_str(&format!(" errors={errors}"));
        }
        info.push_str(if s.aborting.get() { " cancelling" } else { " entered" });
        format!("<TaskGroup{info}>")
    }

    fn abort(&self) {
        self.state.aborting.set(true);
        let tasks: Vec<_> = self.state.tasks.borrow().values().cloned().collect();
        for t in tasks {
            if !t.done() {
                t.cancel(None);
            }
        }
    }

    /// `_on_task_done`: runs one iteration after a child finishes.
    fn on_task_done(&self, task: &Rc<dyn AnyTask>) {
        let s = &self.state;
        s.tasks.borrow_mut().remove(task.info().id);
        if s.tasks.borrow().is_empty() {
            let fut = s.on_completed.borrow().clone();
            if let Some(fut) = fut.filter(|f| !f.is_done()) {
                fut.finish(State::Value(()));
            }
        }
        if task.is_cancelled() {
            return;
        }
        let Some(exc) = task.exception() else { return };
        s.errors.borrow_mut().push(exc.clone());
        let Some(parent) = s.parent.clone() else { return };
        if parent.done() {
            if let Some(lp) = Loop::current() {
                lp.warn(format!(
                    "Task {} has errored out but its parent task {} is already completed: {}",
                    task.info().name(),
                    parent.info().name(),
                    exc.describe()
                ));
            }
            return;
        }
        if !s.aborting.get() && !s.parent_cancel_requested.get() {
            self.abort();
            s.parent_cancel_requested.set(true);
            parent.cancel(None);
        }
    }

    /// `parent.uncancel()` if the group cancelled its parent; true if no cancellation
    /// request is left.
    fn withdraw_parent_cancel(&self) -> bool {
        match (&self.state.parent, self.state.parent_cancel_requested.get()) {
            (Some(parent), true) => parent.uncancel() == 0,
            _ => false,
        }
    }

    /// `__aexit__`: waits for every child, then raises what the group must raise.
    async fn exit(&self, body_error: Option<Exc>) -> PyResult<()> {
        let s = &self.state;
        let lp = Loop::running()?;
        let python = lp.python();
        s.exiting.set(true);
        let mut propagate_cancel = body_error.clone().filter(Exc::is_cancelled);
        // Before 3.13 the group's own cancellation of its parent is withdrawn here — and
        // never, if a child fails only while the group waits below.
        if !python.taskgroup_uncancels_after_children() && self.withdraw_parent_cancel() {
            propagate_cancel = None;
        }
        if body_error.is_some() && !s.aborting.get() {
            self.abort();
        }
        while !s.tasks.borrow().is_empty() {
            let existing = s.on_completed.borrow().clone();
            let fut = existing.unwrap_or_else(|| {
                let f = Rc::new(FutureCell::new(&lp, WaitOn::TaskGroup));
                *s.on_completed.borrow_mut() = Some(f.clone());
                f
            });
            if let Err(exc) = suspend_on(fut).await {
                if exc.is_cancelled() && !s.aborting.get() {
                    propagate_cancel = Some(exc);
                    self.abort();
                }
            }
            *s.on_completed.borrow_mut() = None;
        }
        if python.taskgroup_uncancels_after_children() && self.withdraw_parent_cancel() {
            propagate_cancel = None;
        }
        let mut errors = std::mem::take(&mut *s.errors.borrow_mut());
        if let Some(cancel) = propagate_cancel.filter(|_| errors.is_empty()) {
            return Err(cancel);
        }
        if let Some(e) = body_error.filter(|e| !e.is_cancelled()) {
            errors.push(e);
        }
        if errors.is_empty() {
            return Ok(());
        }
        if let Some(parent) = s.parent.as_ref().filter(|p| python.taskgroup_recancels_parent() && p.cancelling() > 0) {
            // a cancellation from outside the group is kept for the parent's next await
            parent.uncancel();
            parent.cancel(None);
        }
        Err(Exc::Group { message: "unhandled errors in a TaskGroup".into(), exceptions: errors })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::{create_task, print, run, sleep, timeout};

    async fn risky(n: u32, fail: bool, after: f64) -> PyResult<u32> {
        if fail {
            if after > 0.0 {
                sleep(after).await?;
            }
            return Err(Exc::value_error(format!("boom at {n}")));
        }
        let slept = sleep(1.0).await;
        if slept.is_err() {
            print(format!("cleanup {n}"));
        }
        slept?;
        print(format!("risky {n} done"));
        Ok(n)
    }

    #[test]
    fn gather_raises_the_first_error_and_leaves_orphans_running() {
        let report = run(async {
            let tasks: Vec<_> = (0..4).map(|n| create_task(risky(n, n == 2, 0.0))).collect();
            let raised = gather(tasks.clone()).await;
            print(format!("caller got {}", raised.unwrap_err().describe()));
            let running = tasks.iter().filter(|t| !t.done()).count();
            sleep(2.0).await?;
            Ok(running)
        });
        assert_eq!(report.result, Ok(3));
        assert_eq!(report.trace.prints(), vec!["0: caller got ValueError: boom at 2", "1: risky 0 done", "1: risky 1 done", "1: risky 3 done"]);
    }

    #[test]
    fn gather_with_return_exceptions_collects_failures_as_values() {
        let report = run(async {
            let tasks: Vec<_> = (0..4).map(|n| create_task(risky(n, n == 2, 0.0))).collect();
            gather_return_exceptions(tasks).await
        });
        assert_eq!(report.result, Ok(vec![Ok(0), Ok(1), Err(Exc::value_error("boom at 2")), Ok(3)]));
        assert_eq!(report.elapsed, 1.0);
    }

    #[test]
    fn taskgroup_collects_two_failures_of_one_iteration_and_cancels_the_rest() {
        let report = run(async {
            task_group(|tg| async move {
                tg.create_task(risky(0, true, 0.5))?;
                tg.create_task(risky(1, true, 0.5))?;
                tg.create_task(risky(2, false, 0.0))?;
                Ok(())
            })
            .await
        });
        let err = report.result.unwrap_err();
        assert_eq!(err.leaves().len(), 2, "{}", err.describe());
        assert_eq!(report.elapsed, 0.5);
        assert_eq!(report.trace.prints(), vec!["0.5: cleanup 2"]);
    }

    #[test]
    fn taskgroup_cancels_its_body_and_waits_for_cleanup() {
        let report = run(async {
            task_group(|tg| async move {
                tg.create_task(risky(0, true, 1.0))?;
                tg.create_task(async {
                    let r = sleep(3.0).await;
                    sleep(0.1).await?; // cleanup that itself awaits
                    print("slow cleanup finished");
                    r
                })?;
                let body = sleep(5.0).await;
                print(format!("body saw {:?}", body.as_ref().err().map(Exc::type_name)));
                body
            })
            .await
        });
        assert_eq!(report.result.unwrap_err().leaves().len(), 1);
        assert_eq!(report.elapsed, 1.1);
        assert_eq!(report.trace.prints(), vec!["1: body saw Some(\"CancelledError\")", "1.1: slow cleanup finished"]);
    }

    #[test]
    fn cancelling_the_task_running_a_group_cancels_its_children() {
        let report = run(async {
            let owner = create_task(task_group(|tg| async move {
                tg.create_task(sleep(10.0))?;
                sleep(10.0).await
            }));
            sleep(1.0).await?;
            owner.cancel();
            Ok(owner.await)
        });
        assert_eq!(report.result, Ok(Err(Exc::cancelled())));
        assert_eq!(report.elapsed, 1.0);
    }

    #[test]
    fn a_timeout_inside_a_group_child_is_handled_by_the_child() {
        let report = run(async {
            task_group(|tg| async move {
                tg.create_task(async {
                    let r = timeout(1.0, sleep(5.0)).await;
                    print(format!("child: {:?}", r));
                    Ok(())
                })?;
                tg.create_task(sleep(2.0))?;
                Ok(())
            })
            .await
        });
        assert_eq!(report.result, Ok(()));
        assert_eq!(report.elapsed, 2.0);
        assert_eq!(report.trace.prints(), vec!["1: child: Err(Timeout)"]);
    }
}
