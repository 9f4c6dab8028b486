//! Where each task is in the Python program it simulates: its coroutine's `def` line, the
//! line it is on now, and the coroutines it awaits inline (`await sequential()` inside
//! `main()`), innermost last — the frames of CPython's `cr_await` chain that belong to the
//! program. This is the data a task keeps ([`Frames`]) and the loop reads (the line an event
//! is recorded at, the await stack); the program moves it through `super::lines` ([`at`],
//! [`enter`]).
//!
//! [`at`]: super::at
//! [`enter`]: super::enter

use std::cell::{Cell, RefCell};

use super::trace::StackFrame;
use super::version::PyVersion;

/// A coroutine function of the simulated program: its name, the line of its `def` and the
/// line of its first statement.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Code {
    /// The function's name, `fetch`.
    pub func: &'static str,
    /// The line of `async def fetch(...)` (0: not known).
    pub line: u32,
    /// The line of the body's first statement, after any docstring (0: not known). CPython
    /// 3.13 reports a coroutine cancelled before it started as being there.
    pub body: u32,
}

impl Code {
    /// A coroutine function `func` defined at `line`.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::Code;
    /// assert_eq!(Code::new("fetch", 5).line, 5);
    /// ```
    pub const fn new(func: &'static str, line: u32) -> Code {
        Code { func, line, body: 0 }
    }

    /// The same function, its body's first statement on `body`.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::Code;
    /// assert_eq!(Code::new("fetch", 5).with_body(7).body, 7);
    /// ```
    pub const fn with_body(self, body: u32) -> Code {
        Code { body, ..self }
    }
}

/// One inline frame: a coroutine awaited by the task's own coroutine (or by another inline
/// one) without becoming a task.
pub(super) struct Inline {
    pub(super) frame: StackFrame,
    pub(super) line: u32,
    /// Not reached by the await chain (`enter_hidden`).
    pub(super) hidden: bool,
}

/// A task's frames: its own coroutine's current line and the inline frames above it, and
/// what its line tracing has recorded last.
#[derive(Default)]
pub(crate) struct Frames {
    line: Cell<u32>,
    /// The first statement of the task's coroutine (0: not known).
    body: u32,
    pub(super) inline: RefCell<Vec<Inline>>,
    /// The line of the task's last `line` event (0: none yet).
    pub(super) traced: Cell<u32>,
    /// The task's last `exception` event whose handler is not known yet: its index in the
    /// trace, its line, and whether 3.13+ reports that line again before the handler's
    /// (false for an exception a call returned into the frame: [`reached`]).
    pub(super) pending: Cell<Option<(usize, u32, bool)>>,
    /// Above the program's frames now: asyncio's own code (a TaskGroup's `__aexit__`)
    /// awaits, and catches what is thrown in before the program sees it.
    pub(super) in_asyncio: Cell<u32>,
}

impl Frames {
    /// Frames for a task about to run `code`: it starts at the `def` line.
    pub(crate) fn new(code: Code) -> Frames {
        Frames { line: Cell::new(code.line), body: code.body, ..Frames::default() }
    }

    /// The coroutine was thrown into before its first step: where the interpreter reports
    /// it ([`PyVersion::unstarted_throw_reports_first_statement`](super::PyVersion::unstarted_throw_reports_first_statement)).
    pub(crate) fn thrown_before_start(&self, python: PyVersion) {
        if python.unstarted_throw_reports_first_statement() && self.body != 0 {
            self.line.set(self.body);
        }
    }

    /// The innermost frame's line (0: not known).
    pub(crate) fn line(&self) -> u32 {
        self.inline.borrow().last().map_or(self.line.get(), |f| f.line)
    }

    /// The line of the innermost frame the await chain reaches (below any hidden
    /// frames): where a suspension, a step or a print is reported.
    pub(crate) fn shown_line(&self) -> u32 {
        self.inline.borrow().iter().rev().find(|f| !f.hidden).map_or(self.line.get(), |f| f.line)
    }

    /// Moves the innermost frame to `line`.
    pub(super) fn set_line(&self, line: u32) {
        match self.inline.borrow_mut().last_mut() {
            Some(frame) => frame.line = line,
            None => self.line.set(line),
        }
    }

    /// The inline frames the await chain reaches, outermost first (empty for most tasks).
    pub(crate) fn inline_stack(&self) -> Vec<StackFrame> {
        self.inline.borrow().iter().take_while(|f| !f.hidden).map(|f| f.frame.clone()).collect()
    }

    /// True if the task awaits nothing inline that the await chain reaches.
    pub(crate) fn is_flat(&self) -> bool {
        self.inline.borrow().first().is_none_or(|f| f.hidden)
    }

    /// The innermost frame's function (`None`: the task's own coroutine).
    pub(super) fn inner_func(&self) -> Option<std::borrow::Cow<'static, str>> {
        self.inline.borrow().last().map(|f| f.frame.func.clone())
    }
}
