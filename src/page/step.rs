//! Moving the shared playhead: the one set of moves the keys (← →, Shift+← → and Alt+← →)
//! and the stepper's buttons (⏮ ◀ ▶ ⏭, Home, End, and the jumps by event and by loop
//! iteration) make. A step is one event of a run — with the line tracing, every line a
//! task runs — so ◀ ▶ go line by line.

/// A move of the playhead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    First,
    Back,
    Forward,
    Last,
}

impl Step {
    /// Where the playhead goes from `playhead` (`None`: the end, where a run opens before
    /// anyone stepped) over `steps` steps; `None` when there is nothing to step through.
    /// Stepping forward from there starts at the first step: a learner who has just run
    /// the program steps through it from its beginning.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::page::step::Step;
    /// assert_eq!(Step::Forward.from(None, 5), Some(0)); // after a run, ▶ starts at step 1
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
            Step::Forward if playhead.is_none() => 0,
            Step::Forward => (at + 1).min(last),
            Step::Last => last,
        })
    }

    /// The move a swipe of `dx`, `dy` CSS pixels across the program makes: a mostly
    /// horizontal one of at least 50 px (to the left: forward; to the right: back); none for
    /// a scroll or a tap.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::page::step::Step;
    /// assert_eq!(Step::of_swipe(-80, 10), Some(Step::Forward));
    /// assert_eq!(Step::of_swipe(90, -20), Some(Step::Back));
    /// assert_eq!(Step::of_swipe(-30, 0), None); // a tap
    /// assert_eq!(Step::of_swipe(-60, 50), None); // a scroll
    /// ```
    pub fn of_swipe(dx: i32, dy: i32) -> Option<Step> {
        (dx.abs() >= 50 && dx.abs() > 2 * dy.abs()).then_some(if dx < 0 { Step::Forward } else { Step::Back })
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

/// A jump of the playhead over the steps that are only a line a task runs (the line
/// tracing's `line` events), or to another loop iteration: the moves of Shift+← →,
/// Alt+← → and the stepper's second row of buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Jump {
    /// To the previous step that is not just a line.
    BackEvent,
    /// To the next step that is not just a line.
    ForwardEvent,
    /// To the first step of this loop iteration, or of the one before when already there.
    BackIteration,
    /// To the first step of the next loop iteration.
    ForwardIteration,
}

/// What a jump needs to know of a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepInfo {
    /// The step is a `line` event (a line a task runs, nothing else).
    pub line_only: bool,
    /// The loop iteration it happens in.
    pub iter: u32,
}

impl Jump {
    /// Where the playhead goes from `playhead` (`None`: the end) over `steps` steps, each
    /// described by `info`; `None` when there is nothing to step through. A jump that finds
    /// no such step stops at the first or last step.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::page::step::{Jump, StepInfo};
    /// // steps: 0 create, 1 line, 2 line, 3 print, 4 line — iterations 1, 1, 1, 2, 2
    /// let info = |i: usize| StepInfo { line_only: [false, true, true, false, true][i], iter: [1, 1, 1, 2, 2][i] };
    /// assert_eq!(Jump::ForwardEvent.from(Some(0), 5, info), Some(3));
    /// assert_eq!(Jump::BackEvent.from(Some(3), 5, info), Some(0));
    /// assert_eq!(Jump::ForwardIteration.from(Some(1), 5, info), Some(3));
    /// assert_eq!(Jump::BackIteration.from(Some(4), 5, info), Some(3));
    /// assert_eq!(Jump::BackIteration.from(Some(3), 5, info), Some(0));
    /// assert_eq!(Jump::ForwardEvent.from(Some(3), 5, info), Some(4)); // none left: the last step
    /// ```
    pub fn from(self, playhead: Option<usize>, steps: usize, info: impl Fn(usize) -> StepInfo) -> Option<usize> {
        let last = steps.checked_sub(1)?;
        let at = playhead.unwrap_or(last).min(last);
        let iter = info(at).iter;
        Some(match self {
            Jump::ForwardEvent => (at + 1..=last).find(|&i| !info(i).line_only).unwrap_or(last),
            Jump::BackEvent => (0..at).rev().find(|&i| !info(i).line_only).unwrap_or(0),
            Jump::ForwardIteration => (at + 1..=last).find(|&i| info(i).iter > iter).unwrap_or(last),
            Jump::BackIteration => {
                let start_of = |i: usize| {
                    let it = info(i).iter;
                    (0..i).rev().take_while(|&j| info(j).iter == it).last().unwrap_or(i)
                };
                let start = start_of(at);
                if start < at {
                    start
                } else {
                    start.checked_sub(1).map_or(0, start_of)
                }
            }
        })
    }

    /// The jump a key makes: Shift+← → over lines, Alt+← → by loop iteration.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::page::step::Jump;
    /// assert_eq!(Jump::of_key("ArrowRight", true, false), Some(Jump::ForwardEvent));
    /// assert_eq!(Jump::of_key("ArrowLeft", false, true), Some(Jump::BackIteration));
    /// assert_eq!(Jump::of_key("ArrowLeft", false, false), None); // a plain step
    /// ```
    pub fn of_key(key: &str, shift: bool, alt: bool) -> Option<Jump> {
        match (key, shift, alt) {
            ("ArrowLeft", true, false) => Some(Jump::BackEvent),
            ("ArrowRight", true, false) => Some(Jump::ForwardEvent),
            ("ArrowLeft", false, true) => Some(Jump::BackIteration),
            ("ArrowRight", false, true) => Some(Jump::ForwardIteration),
            _ => None,
        }
    }
}
