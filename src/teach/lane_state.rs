//! The states a timeline lane (and a task at the playhead) can be in, and how the page
//! shows each: its CSS class, its short word, its glyph for the text timeline, its legend.

/// Declares [`LaneState`] and its [`LaneState::ALL`] from one list, so that every state is in
/// the legend: a new state is a variant here, and the compiler then names each method below.
macro_rules! lane_states {
    ($(#[$doc:meta])* pub enum LaneState { $($(#[$vdoc:meta])* $variant:ident,)* }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum LaneState {
            $($(#[$vdoc])* $variant,)*
        }

        impl LaneState {
            /// Every state, in legend order (the order they are declared in).
            pub const ALL: &'static [LaneState] = &[$(LaneState::$variant,)*];
        }
    };
}

lane_states! {
    /// What a lane is doing during a segment. Each state has one CSS class, one short label,
    /// one glyph for the text timeline and one legend entry: adding a wait kind is adding a
    /// variant here (and its [`WaitOn`](crate::runtime::WaitOn) mapping).
    pub enum LaneState {
        /// The task's step is running on the loop.
        Running,
        /// Queued in the ready queue, waiting for its turn.
        Ready,
        /// `asyncio.sleep`.
        Sleeping,
        /// Awaiting `Lock.acquire()`.
        WaitingLock,
        /// Awaiting `Semaphore.acquire()`.
        WaitingSemaphore,
        /// Awaiting `Event.wait()`.
        WaitingEvent,
        /// Awaiting another task, a `gather` or a `TaskGroup`.
        WaitingJoin,
        /// Awaiting a `to_thread` job.
        InWorker,
        /// A worker running a job (worker lanes).
        Busy,
        /// Awaiting a request.
        Fetching,
        /// A blocking call holding the loop's thread.
        Blocked,
        /// Awaiting any other future.
        Waiting,
    }
}

/// A synchronisation primitive a task can wait on: the loop panel lists each one's waiters,
/// a row each ([`ByPrimitive`] keeps a value per primitive; its [`get`](ByPrimitive::get)
/// and the loop panel's row match on every primitive, so a new one is named by the compiler
/// there).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Primitive {
    Lock,
    Semaphore,
    Event,
}

impl Primitive {
    /// Every primitive, in the loop panel's order.
    pub const ALL: [Primitive; 3] = [Primitive::Lock, Primitive::Semaphore, Primitive::Event];
}

/// One value per [`Primitive`], reached by the primitive itself (its waiters at the playhead,
/// say), never by a number.
///
/// # Examples
/// ```
/// use asyncio_playground::teach::{ByPrimitive, Primitive};
/// let names = ByPrimitive::from_fn(|p| format!("{p:?}"));
/// assert_eq!(names.get(Primitive::Semaphore), "Semaphore");
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ByPrimitive<T> {
    lock: T,
    semaphore: T,
    event: T,
}

impl<T> ByPrimitive<T> {
    /// `f` of each primitive.
    pub fn from_fn(mut f: impl FnMut(Primitive) -> T) -> Self {
        ByPrimitive { lock: f(Primitive::Lock), semaphore: f(Primitive::Semaphore), event: f(Primitive::Event) }
    }

    /// The value of `p`.
    pub fn get(&self, p: Primitive) -> &T {
        match p {
            Primitive::Lock => &self.lock,
            Primitive::Semaphore => &self.semaphore,
            Primitive::Event => &self.event,
        }
    }

    /// The value of each primitive, `f` applied.
    pub fn map<U>(&self, mut f: impl FnMut(&T) -> U) -> ByPrimitive<U> {
        ByPrimitive::from_fn(|p| f(self.get(p)))
    }
}

impl LaneState {
    /// The primitive a task in this state waits on (`None`: it waits on none, or runs).
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::teach::{LaneState, Primitive};
    /// assert_eq!(LaneState::WaitingLock.primitive(), Some(Primitive::Lock));
    /// assert_eq!(LaneState::Sleeping.primitive(), None);
    /// ```
    pub fn primitive(self) -> Option<Primitive> {
        match self {
            LaneState::WaitingLock => Some(Primitive::Lock),
            LaneState::WaitingSemaphore => Some(Primitive::Semaphore),
            LaneState::WaitingEvent => Some(Primitive::Event),
            LaneState::Running
            | LaneState::Ready
            | LaneState::Sleeping
            | LaneState::WaitingJoin
            | LaneState::InWorker
            | LaneState::Busy
            | LaneState::Fetching
            | LaneState::Blocked
            | LaneState::Waiting => None,
        }
    }

    /// The id of the SVG pattern the timeline draws over a segment in this state, so that
    /// colour is never the only sign (`None`: plain colour — running, ready, blocked).
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::teach::LaneState;
    /// assert_eq!(LaneState::WaitingLock.pattern(), Some("pat-lock"));
    /// assert_eq!(LaneState::Running.pattern(), None);
    /// ```
    pub fn pattern(self) -> Option<&'static str> {
        match self {
            LaneState::WaitingLock => Some("pat-lock"),
            LaneState::WaitingSemaphore => Some("pat-semaphore"),
            LaneState::WaitingEvent => Some("pat-event"),
            LaneState::WaitingJoin | LaneState::Waiting => Some("pat-join"),
            LaneState::Sleeping => Some("pat-sleep"),
            LaneState::InWorker | LaneState::Busy => Some("pat-worker"),
            LaneState::Fetching => Some("pat-fetch"),
            LaneState::Running | LaneState::Ready | LaneState::Blocked => None,
        }
    }

    /// The state's CSS class suffix and JSON name: `seg-sleeping`.
    pub fn css(self) -> &'static str {
        match self {
            LaneState::Running => "running",
            LaneState::Ready => "ready",
            LaneState::Sleeping => "sleeping",
            LaneState::WaitingLock => "waiting-lock",
            LaneState::WaitingSemaphore => "waiting-semaphore",
            LaneState::WaitingEvent => "waiting-event",
            LaneState::WaitingJoin => "waiting-join",
            LaneState::InWorker => "in-worker",
            LaneState::Busy => "busy",
            LaneState::Fetching => "fetching",
            LaneState::Blocked => "blocked",
            LaneState::Waiting => "waiting",
        }
    }

    /// The message id of the word written on a wide enough segment (`None`: no word).
    pub fn short_message(self) -> Option<&'static str> {
        match self {
            LaneState::Running | LaneState::Waiting => None,
            LaneState::Ready => Some("short-ready"),
            LaneState::Sleeping => Some("short-sleep"),
            LaneState::WaitingLock => Some("short-lock"),
            LaneState::WaitingSemaphore => Some("short-semaphore"),
            LaneState::WaitingEvent => Some("short-event"),
            LaneState::WaitingJoin => Some("short-join"),
            LaneState::InWorker => Some("short-worker"),
            LaneState::Busy => Some("short-job"),
            LaneState::Fetching => Some("short-fetch"),
            LaneState::Blocked => Some("short-blocked"),
        }
    }

    /// One character for the text timeline (the CLI).
    pub fn glyph(self) -> char {
        match self {
            LaneState::Running | LaneState::Blocked => '#',
            LaneState::Ready => '.',
            LaneState::Sleeping => '~',
            LaneState::WaitingLock => 'L',
            LaneState::WaitingSemaphore => 'S',
            LaneState::WaitingEvent => 'E',
            LaneState::WaitingJoin => 'J',
            LaneState::InWorker | LaneState::Busy => 'W',
            LaneState::Fetching => 'F',
            LaneState::Waiting => '?',
        }
    }

    /// The message id of the legend's words for it (`state-sleeping`).
    pub fn message(self) -> &'static str {
        match self {
            LaneState::Running => "state-running",
            LaneState::Ready => "state-ready",
            LaneState::Sleeping => "state-sleeping",
            LaneState::WaitingLock => "state-waiting-lock",
            LaneState::WaitingSemaphore => "state-waiting-semaphore",
            LaneState::WaitingEvent => "state-waiting-event",
            LaneState::WaitingJoin => "state-waiting-join",
            LaneState::InWorker => "state-in-worker",
            LaneState::Busy => "state-busy",
            LaneState::Fetching => "state-fetching",
            LaneState::Blocked => "state-blocked",
            LaneState::Waiting => "state-waiting",
        }
    }

    /// True for the states of a step holding the loop (drawn even when zero-length).
    pub fn holds_loop(self) -> bool {
        matches!(self, LaneState::Running | LaneState::Blocked)
    }
}

#[cfg(test)]
mod tests {
    use super::{LaneState, Primitive};

    /// Every primitive a lane state waits on is in [`Primitive::ALL`], which the loop panel
    /// lists a row for each of (a new primitive comes with its lane state).
    #[test]
    fn every_primitive_a_state_waits_on_is_listed() {
        for state in LaneState::ALL {
            if let Some(p) = state.primitive() {
                assert!(Primitive::ALL.contains(&p), "{p:?} (of {state:?}) is missing from Primitive::ALL");
            }
        }
    }

    /// Every state is drawn: its segment class has a rule in the stylesheet (its colour), and
    /// its pattern is defined where the timeline draws its patterns.
    #[test]
    fn every_state_has_its_colour_and_its_pattern() {
        let css = include_str!("../../static/style.css");
        let timeline = include_str!("../ui/components/timeline.rs");
        for state in LaneState::ALL {
            assert!(css.contains(&format!(".seg-{} ", state.css())), "static/style.css has no .seg-{} rule", state.css());
            if let Some(id) = state.pattern() {
                assert!(timeline.contains(&format!("<pattern id=\"{id}\"")), "pattern_defs() in src/ui/components/timeline.rs has no <pattern id=\"{id}\">");
            }
        }
    }
}
