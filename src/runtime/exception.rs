//! Python exceptions as values.
//!
//! asyncio code raises; ours returns `Err(Exc)`. On wasm a Rust panic aborts the whole page,
//! so nothing a scenario does — failing, being cancelled, timing out — is ever a panic.
//! [`Exc`] covers what the playground's programs raise: `CancelledError`, `TimeoutError`,
//! ordinary exceptions such as `ValueError("boom at 2")`, and `ExceptionGroup`s.
//!
//! `describe()` gives the one-line form the CPython harness prints (`ValueError: boom at 2`),
//! so traces of both sides compare as text.

use std::fmt;

/// `Result` of anything that can raise: the value, or the exception.
pub type PyResult<T> = Result<T, Exc>;

/// A Python exception.
#[derive(Clone, Debug, PartialEq)]
pub enum Exc {
    /// `asyncio.CancelledError`, with the optional message given to `cancel(msg)`.
    Cancelled(Option<String>),
    /// `TimeoutError` (raised by `timeout()` and `wait_for()`).
    Timeout,
    /// Any other exception: its type name (`ValueError`) and message.
    Error {
        /// The exception's type name, e.g. `ValueError`.
        kind: String,
        /// Its message (`str(exc)`).
        message: String,
    },
    /// `ExceptionGroup(message, exceptions)`, as raised by `TaskGroup`.
    Group {
        /// The group's message, e.g. `unhandled errors in a TaskGroup`.
        message: String,
        /// Every exception it holds, in the order they were raised.
        exceptions: Vec<Exc>,
    },
}

impl Exc {
    /// An exception of type `kind` (e.g. `"ValueError"`) with `message`.
    pub fn new(kind: &str, message: impl Into<String>) -> Self {
        Exc::Error { kind: kind.to_string(), message: message.into() }
    }

    /// `ValueError(message)`.
    pub fn value_error(message: impl Into<String>) -> Self {
        Exc::new("ValueError", message)
    }

    /// `RuntimeError(message)`: misuse of the runtime, such as awaiting outside a task.
    pub fn runtime_error(message: impl Into<String>) -> Self {
        Exc::new("RuntimeError", message)
    }

    /// `RuntimeError: no running event loop`, what asyncio raises when a coroutine that needs
    /// the loop runs outside one.
    pub fn no_running_loop() -> Self {
        Exc::runtime_error("no running event loop")
    }

    /// `CancelledError()` without a message.
    pub fn cancelled() -> Self {
        Exc::Cancelled(None)
    }

    /// True for `CancelledError`.
    pub fn is_cancelled(&self) -> bool {
        matches!(self, Exc::Cancelled(_))
    }

    /// The exception's type name, as `type(exc).__name__` prints it.
    pub fn type_name(&self) -> &str {
        match self {
            Exc::Cancelled(_) => "CancelledError",
            Exc::Timeout => "TimeoutError",
            Exc::Error { kind, .. } => kind,
            Exc::Group { .. } => "ExceptionGroup",
        }
    }

    /// `TypeName: str(exc)`; a group adds its members: `ExceptionGroup: msg (2 sub-exceptions) [A: x; B: y]`.
    pub fn describe(&self) -> String {
        let head = format!("{}: {}", self.type_name(), self);
        match self {
            Exc::Group { exceptions, .. } => {
                let inner: Vec<String> = exceptions.iter().map(Exc::describe).collect();
                format!("{head} [{}]", inner.join("; "))
            }
            _ => head,
        }
    }

    /// Every leaf exception, groups flattened (what `except*` iterates over).
    pub fn leaves(&self) -> Vec<&Exc> {
        match self {
            Exc::Group { exceptions, .. } => exceptions.iter().flat_map(Exc::leaves).collect(),
            other => vec![other],
        }
    }
}

/// `str(exc)`, as Python prints it.
impl fmt::Display for Exc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Exc::Cancelled(msg) => f.write_str(msg.as_deref().unwrap_or("")),
            Exc::Timeout => Ok(()),
            Exc::Error { message, .. } => f.write_str(message),
            Exc::Group { message, exceptions } => {
                let n = exceptions.len();
                let plural = if n == 1 { "" } else { "s" };
                write!(f, "{message} ({n} sub-exception{plural})")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn describes_like_cpython() {
        assert_eq!(Exc::value_error("boom at 2").describe(), "ValueError: boom at 2");
        assert_eq!(Exc::Timeout.describe(), "TimeoutError: ");
        let group = Exc::Group { message: "unhandled errors in a TaskGroup".into(), exceptions: vec![Exc::value_error("a"), Exc::value_error("b")] };
        assert_eq!(group.describe(), "ExceptionGroup: unhandled errors in a TaskGroup (2 sub-exceptions) [ValueError: a; ValueError: b]");
        assert_eq!(group.leaves().len(), 2);
    }
}
