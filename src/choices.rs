//! The page's small closed choices that URLs, embeds and the CLI name — the clock of a run,
//! the timeline's axis, the colour theme — each with its one list of names. The URL contract
//! (`crate::contract`) lists a key's allowed values from these, and every reader parses with
//! them, so a name is written once.

use serde::{Deserialize, Serialize};

/// The two clocks, as a reader picks one (the page's radio buttons, the URL's `clock=`, the
/// run-result's `clock`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ClockKind {
    /// Deterministic virtual time.
    Virtual,
    /// The browser's timers.
    Real,
}

impl ClockKind {
    /// Every clock, in the order of [`ClockKind::NAMES`].
    pub const ALL: [ClockKind; 2] = [ClockKind::Virtual, ClockKind::Real];
    /// Their names in URLs and run-results.
    pub const NAMES: &'static [&'static str] = &["virtual", "real"];

    /// The name used in URLs and run-results.
    ///
    /// # Examples
    ///
    /// ```
    /// use asyncio_playground::scenarios::{Clock, ClockKind};
    /// assert_eq!(Clock::Real { scale: 0.1 }.kind().as_str(), "real");
    /// assert_eq!(ClockKind::Virtual.as_str(), "virtual");
    /// ```
    pub fn as_str(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// The clock named `virtual` or `real`; `None` for any other text.
    ///
    /// # Examples
    ///
    /// ```
    /// use asyncio_playground::scenarios::ClockKind;
    /// assert_eq!(ClockKind::parse("real"), Some(ClockKind::Real));
    /// assert_eq!(ClockKind::parse("fast"), None);
    /// ```
    pub fn parse(name: &str) -> Option<ClockKind> {
        Self::NAMES.iter().position(|n| *n == name).map(|i| Self::ALL[i])
    }
}

/// Which axis the timeline and the playhead follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// Loop time, in seconds.
    Time,
    /// Loop iterations (`_run_once`), one column each.
    Iterations,
}

impl Axis {
    /// Every axis, in the order of [`Axis::NAMES`].
    pub const ALL: [Axis; 2] = [Axis::Time, Axis::Iterations];
    /// Their names in the URL key `axis=`.
    pub const NAMES: &'static [&'static str] = &["time", "iter"];

    /// `time` or `iter`, as in the URL key `axis=`.
    ///
    /// # Examples
    ///
    /// ```
    /// use asyncio_playground::teach::Axis;
    /// assert_eq!(Axis::Iterations.key(), "iter");
    /// ```
    pub fn key(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// `time` or `iter` (spaces around ignored); `None` otherwise.
    ///
    /// # Examples
    ///
    /// ```
    /// use asyncio_playground::teach::Axis;
    /// assert_eq!(Axis::parse(" time"), Some(Axis::Time));
    /// assert_eq!(Axis::parse("iterations"), None);
    /// ```
    pub fn parse(s: &str) -> Option<Axis> {
        Self::NAMES.iter().position(|n| *n == s.trim()).map(|i| Self::ALL[i])
    }
}

/// The page's colour theme: `theme=` in the URL, or a host page's `set-theme` message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    /// Light colours, whatever the system's scheme.
    Light,
    /// Dark colours, whatever the system's scheme.
    Dark,
    /// The system's colour scheme.
    Auto,
}

impl Theme {
    /// Every theme, in the order of [`Theme::NAMES`].
    pub const ALL: [Theme; 3] = [Theme::Light, Theme::Dark, Theme::Auto];
    /// Their names in URLs and host messages.
    pub const NAMES: &'static [&'static str] = &["light", "dark", "auto"];

    /// `light`, `dark` or `auto`.
    ///
    /// # Examples
    ///
    /// ```
    /// use asyncio_playground::choices::Theme;
    /// assert_eq!(Theme::Dark.name(), "dark");
    /// ```
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// The theme named `light`, `dark` or `auto` (spaces around ignored); `None` otherwise.
    ///
    /// # Examples
    ///
    /// ```
    /// use asyncio_playground::choices::Theme;
    /// assert_eq!(Theme::parse("auto "), Some(Theme::Auto));
    /// assert_eq!(Theme::parse("blue"), None);
    /// ```
    pub fn parse(s: &str) -> Option<Theme> {
        Self::NAMES.iter().position(|n| *n == s.trim()).map(|i| Self::ALL[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_choice_reads_back_from_its_own_name_and_names_are_distinct() {
        for c in ClockKind::ALL {
            assert_eq!(ClockKind::parse(c.as_str()), Some(c));
        }
        for a in Axis::ALL {
            assert_eq!(Axis::parse(a.key()), Some(a));
        }
        for t in Theme::ALL {
            assert_eq!(Theme::parse(t.name()), Some(t));
        }
        for c in ClockKind::ALL {
            assert_eq!(serde_json::to_value(c).unwrap(), c.as_str(), "the run-result spells a clock as the URL does");
        }
        assert_eq!((ClockKind::ALL.len(), Axis::ALL.len(), Theme::ALL.len()), (ClockKind::NAMES.len(), Axis::NAMES.len(), Theme::NAMES.len()));
    }
}
