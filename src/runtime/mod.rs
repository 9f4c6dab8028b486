//! The runtime: a single-threaded cooperative executor that behaves like CPython's asyncio
//! event loop, and its primitives. It names no browser type and is tested natively.
//!
//! | asyncio | here |
//! |---|---|
//! | `asyncio.run(main())` | [`run`] / [`Runner`] (virtual clock); the browser driver in `crate::platform` |
//! | `loop.call_soon/call_at`, `_run_once` | [`Loop`] |
//! | `asyncio.Future` | [`LoopFuture`] |
//! | `asyncio.create_task`, `Task` | [`create_task`], [`spawn`], [`TaskHandle`] |
//! | `asyncio.sleep` | [`sleep`], [`yield_now`] |
//! | `asyncio.gather`, `TaskGroup` | [`gather`], [`TaskGroup`] |
//! | `asyncio.timeout`, `wait_for` | [`timeout`], [`wait_for`] |
//! | `Lock`, `Semaphore`, `Event` | [`Lock`], [`Semaphore`], [`Event`] |
//! | `asyncio.to_thread` | [`to_thread`], over the [`Workers`] seam |
//! | `session.get(url)` (aiohttp) | [`fetch`], over the [`Http`] seam |
//! | exceptions | [`Exc`], [`PyResult`] |
//! | `sys.version_info` | [`PyVersion`]: which CPython's asyncio semantics a loop follows |
//!
//! Every lifecycle event is recorded in a [`Trace`], with the program line each task is on
//! ([`at`], [`enter`]) and the loop iteration. The seams are [`Platform`] (the clock),
//! [`Workers`] and [`Http`] (work outside the loop, [`OutsideWork`]).

#![deny(missing_docs)]

mod awaited_by;
mod callbacks;
mod end;
mod exception;
mod executor;
mod frames;
mod future;
mod group;
mod http;
mod id_map;
mod lines;
mod offload;
mod outside;
mod recorder;
mod runner;
mod schedule;
mod seam;
mod services;
mod sync;
mod task;
mod time;
mod timeout;
pub mod trace;
mod version;
mod waiting;

pub use end::{RunEnd, StopReason, WallStats};
pub use exception::{Exc, PyResult};
pub use executor::{Entered, Loop, NextWake};
pub use frames::Code;
pub use future::{yield_now, LoopFuture, YieldNow};
pub use group::{gather, gather_return_exceptions, task_group, Gather, TaskGroup};
pub use http::{simulated_answer, Abort, Http, Request, Response, ResponseDone, VirtualHttp};
pub use id_map::IdMap;
pub use lines::{at, enter, enter_hidden, inline, raised, reached, returned, FrameGuard};
pub use offload::{count_primes, Job, JobDone, VirtualWorkers, Workers};
pub use outside::{fetch, to_thread};
pub use runner::{run, Entry, Progress, RunReport, Runner, Session, VirtualRun};
pub use schedule::{Handle, Schedule};
pub use seam::{OutsideWork, Platform, VirtualClock};
pub use sync::{Event, Lock, LockGuard, Semaphore, SemaphoreGuard};
pub use task::{create_task, print, spawn, spawn_at, spawn_eager_at, var, TaskHandle};
pub use time::{blocking_sleep, now, sleep};
pub use timeout::{timeout, wait_for, wait_for_at};
pub use trace::{EventKind, Prim, Resume, StackFrame, TaskEnd, TaskInfo, Trace, TraceEvent, WaitOn, LESSON_VARS};
pub use version::PyVersion;
