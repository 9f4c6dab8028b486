//! The guide's examples as parameterised programs.
//!
//! A [`Scenario`] is data — an id, a title, what to notice, a parameter list with ranges —
//! plus two functions of the checked parameter [`Values`]: the async program it runs on our
//! executor, and the Python asyncio program it simulates (rendered from the same values,
//! runnable as-is with python3 ≥ 3.11). The program prints what the Python prints, so the
//! two are compared line by line and step by step under the CPython harness.
//!
//! Every entry point — the form, the URL, the CLI, embeds — checks values through
//! [`Scenario::values`], the one place that validates them.

mod blocking;
mod bounded_fetch;
pub mod common;
mod gather;
mod lock;
mod mistakes;
pub mod params;
pub mod python;
mod result;
mod sleep;
mod taskgroup;
mod timeout;

use std::future::Future;
use std::pin::Pin;

pub use params::{ParamError, ParamKind, ParamSpec, Value, Values};
pub use result::{run_virtual, Clock, RunResult, WallStats};

use crate::runtime::PyResult;

/// What a scenario's program returns: its outcome keys (`sequential_elapsed`, `counter`…).
pub type Outcome = serde_json::Map<String, serde_json::Value>;

/// A scenario's program, ready to run as the main task.
pub type Program = Pin<Box<dyn Future<Output = PyResult<Outcome>>>>;

/// Two variants of one scenario to run side by side (the page's Compare view).
#[derive(Clone, Debug, PartialEq)]
pub struct Compare {
    /// The parameter that differs.
    pub param: &'static str,
    /// Its value in the first and in the second variant.
    pub a: &'static str,
    pub b: &'static str,
}

/// One of the guide's examples.
pub struct Scenario {
    /// Stable id, used in URLs, the CLI and embeds.
    pub id: &'static str,
    pub title: &'static str,
    /// A few sentences on what to notice.
    pub summary: &'static str,
    pub params: &'static [ParamSpec],
    pub compare: Option<Compare>,
    /// Checks that need several parameters at once (e.g. failing indices below `tasks`).
    pub check: fn(&Values) -> Result<(), ParamError>,
    /// The program on our executor.
    pub program: fn(&Values) -> Program,
    /// The Python asyncio program it simulates.
    pub python: fn(&Values) -> String,
    /// Virtual runs stop at this loop time (for programs that would wait forever).
    pub horizon: fn(&Values) -> Option<f64>,
    /// Parameter sets (as query strings) that the test suite also runs under CPython.
    pub fidelity_cases: &'static [&'static str],
}

impl Scenario {
    /// Checks raw (name, value) pairs: unknown names, types, ranges, then cross-checks.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::scenarios::find;
    /// let gather = find("gather").unwrap();
    /// assert_eq!(gather.values([("tasks", "3")]).unwrap().int("tasks"), 3);
    /// assert!(gather.values([("tasks", "-3")]).is_err());
    /// ```
    pub fn values<'a>(&self, pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Result<Values, Vec<ParamError>> {
        let values = Values::parse(self.params, pairs)?;
        (self.check)(&values).map_err(|e| vec![e])?;
        Ok(values)
    }

    /// The guide's values.
    pub fn defaults(&self) -> Values {
        Values::defaults(self.params)
    }

    /// The parameter called `name`.
    pub fn param(&self, name: &str) -> Option<&ParamSpec> {
        self.params.iter().find(|p| p.name == name)
    }
}

/// No cross-parameter checks.
pub(crate) fn no_check(_: &Values) -> Result<(), ParamError> {
    Ok(())
}

/// No horizon: the program always ends.
pub(crate) fn no_horizon(_: &Values) -> Option<f64> {
    None
}

/// Every scenario, in the guide's order.
pub fn all() -> &'static [Scenario] {
    static ALL: [Scenario; 8] = [
        sleep::SCENARIO,
        gather::SCENARIO,
        taskgroup::SCENARIO,
        lock::SCENARIO,
        blocking::SCENARIO,
        timeout::SCENARIO,
        bounded_fetch::SCENARIO,
        mistakes::SCENARIO,
    ];
    &ALL
}

/// The scenario with this id.
pub fn find(id: &str) -> Option<&'static Scenario> {
    all().iter().find(|s| s.id == id)
}

/// Builds an [`Outcome`] from `key => value` pairs.
#[macro_export]
macro_rules! outcome {
    ($($key:literal => $value:expr),* $(,)?) => {{
        let mut map = $crate::scenarios::Outcome::new();
        $( map.insert($key.to_string(), serde_json::json!($value)); )*
        map
    }};
}
