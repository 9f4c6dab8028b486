//! Moving the shared playhead: the one set of moves the keys (← →) and the stepper's
//! buttons (⏮ ◀ ▶ ⏭, Home, End) make.

/// A move of the playhead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    First,
    Back,
    Forward,
    Last,
}

impl Step {
    /// Where the playhead goes from `playhead` (`None`: the end) over `steps` steps;
    /// `None` when there is nothing to step through.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::page::step::Step;
    /// assert_eq!(Step::Back.from(None, 5), Some(3)); // the end is the last step
    /// assert_eq!(Step::Back.from(Some(0), 5), Some(0));
    /// assert_eq!(Step::Forward.from(Some(4), 5), Some(4));
    /// assert_eq!(Step::First.from(Some(2), 0), None);
    /// ```
    pub fn from(self, playhead: Option<usize>, steps: usize) -> Option<usize> {
        let last = steps.checked_sub(1)?;
        let at = playhead.unwrap_or(last).min(last);
        Some(match self {
            Step::First => 0,
            Step::Back => at.saturating_sub(1),
            Step::Forward => (at + 1).min(last),
            Step::Last => last,
        })
    }

    /// The move a key makes (`ArrowLeft`, `ArrowRight`, `Home`, `End`), if any.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::page::step::Step;
    /// assert_eq!(Step::of_key("Home"), Some(Step::First));
    /// assert_eq!(Step::of_key("r"), None);
    /// ```
    pub fn of_key(key: &str) -> Option<Step> {
        match key {
            "Home" => Some(Step::First),
            "ArrowLeft" => Some(Step::Back),
            "ArrowRight" => Some(Step::Forward),
            "End" => Some(Step::Last),
            _ => None,
        }
    }
}
