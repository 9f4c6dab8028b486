//! The guide's words, per scenario: which terms a lesson uses (event loop, coroutine, task,
//! TaskGroup, lock, semaphore, timeout…) and where each one can be seen on the page.
//!
//! A [`Term`] has a name in the reader's language (a message), its English or Python name
//! (kept as it is, beside the translation), a sentence saying which object on the page it
//! is (a message), and the [`Place`]s the page links it to. A scenario lists its terms with
//! [`super::Def::glossary`], for its current parameters; a term may add a place of its own
//! scenario (`Place::Param("use_lock")`: the switch that turns the lock on).

use crate::i18n::Msg;

/// Where on the page a term can be seen (the page decides which element each place is).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The Python program panel.
    Program,
    /// The timeline.
    Timeline,
    /// The loop panel and values next to the program, after a run.
    Loop,
    /// The stepper and its sentence, after a run.
    Stepper,
    /// The results.
    Results,
    /// A parameter's field in the form.
    Param(&'static str),
}

impl Place {
    /// The place's name, for its link.
    pub fn name(self) -> Msg {
        match self {
            Place::Program => Msg::new("place-program"),
            Place::Timeline => Msg::new("place-timeline"),
            Place::Loop => Msg::new("place-loop"),
            Place::Stepper => Msg::new("place-stepper"),
            Place::Results => Msg::new("place-results"),
            Place::Param(name) => Msg::new("place-param").arg("param", name),
        }
    }

    /// True if the place exists only once a run has finished.
    pub fn after_run(self) -> bool {
        matches!(self, Place::Loop | Place::Stepper)
    }
}

/// A term of the guide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    EventLoop,
    Coroutine,
    Task,
    Await,
    Timer,
    ReadyQueue,
    Gather,
    TaskGroup,
    Cancellation,
    Exception,
    Lock,
    RaceCondition,
    Semaphore,
    Timeout,
    BlockingCall,
    WorkerThread,
}

impl Term {
    /// Every term.
    pub const ALL: [Term; 16] = [
        Term::EventLoop,
        Term::Coroutine,
        Term::Task,
        Term::Await,
        Term::Timer,
        Term::ReadyQueue,
        Term::Gather,
        Term::TaskGroup,
        Term::Cancellation,
        Term::Exception,
        Term::Lock,
        Term::RaceCondition,
        Term::Semaphore,
        Term::Timeout,
        Term::BlockingCall,
        Term::WorkerThread,
    ];

    /// The message of its name in the reader's language.
    pub fn name_id(self) -> &'static str {
        match self {
            Term::EventLoop => "term-event-loop",
            Term::Coroutine => "term-coroutine",
            Term::Task => "term-task",
            Term::Await => "term-await",
            Term::Timer => "term-timer",
            Term::ReadyQueue => "term-ready-queue",
            Term::Gather => "term-gather",
            Term::TaskGroup => "term-taskgroup",
            Term::Cancellation => "term-cancellation",
            Term::Exception => "term-exception",
            Term::Lock => "term-lock",
            Term::RaceCondition => "term-race-condition",
            Term::Semaphore => "term-semaphore",
            Term::Timeout => "term-timeout",
            Term::BlockingCall => "term-blocking-call",
            Term::WorkerThread => "term-worker-thread",
        }
    }

    /// The message saying which object on the page the term is.
    pub fn where_id(self) -> &'static str {
        match self {
            Term::EventLoop => "term-event-loop-where",
            Term::Coroutine => "term-coroutine-where",
            Term::Task => "term-task-where",
            Term::Await => "term-await-where",
            Term::Timer => "term-timer-where",
            Term::ReadyQueue => "term-ready-queue-where",
            Term::Gather => "term-gather-where",
            Term::TaskGroup => "term-taskgroup-where",
            Term::Cancellation => "term-cancellation-where",
            Term::Exception => "term-exception-where",
            Term::Lock => "term-lock-where",
            Term::RaceCondition => "term-race-condition-where",
            Term::Semaphore => "term-semaphore-where",
            Term::Timeout => "term-timeout-where",
            Term::BlockingCall => "term-blocking-call-where",
            Term::WorkerThread => "term-worker-thread-where",
        }
    }

    /// The term in English, as the guide's English edition and the docs say it.
    pub fn english(self) -> &'static str {
        match self {
            Term::EventLoop => "event loop",
            Term::Coroutine => "coroutine",
            Term::Task => "task",
            Term::Await => "await",
            Term::Timer => "timer",
            Term::ReadyQueue => "ready queue",
            Term::Gather => "gather",
            Term::TaskGroup => "task group",
            Term::Cancellation => "cancellation",
            Term::Exception => "exception",
            Term::Lock => "lock",
            Term::RaceCondition => "race condition",
            Term::Semaphore => "semaphore",
            Term::Timeout => "timeout",
            Term::BlockingCall => "blocking call",
            Term::WorkerThread => "worker thread",
        }
    }

    /// The Python that goes with it, as it is written in the program.
    pub fn python(self) -> Option<&'static str> {
        match self {
            Term::EventLoop => Some("asyncio.run()"),
            Term::Coroutine => Some("async def"),
            Term::Task => Some("asyncio.create_task()"),
            Term::Await => Some("await"),
            Term::Timer => Some("asyncio.sleep()"),
            Term::ReadyQueue => None,
            Term::Gather => Some("asyncio.gather()"),
            Term::TaskGroup => Some("asyncio.TaskGroup"),
            Term::Cancellation => Some("CancelledError"),
            Term::Exception => Some("raise"),
            Term::Lock => Some("asyncio.Lock"),
            Term::RaceCondition => None,
            Term::Semaphore => Some("asyncio.Semaphore"),
            Term::Timeout => Some("asyncio.timeout()"),
            Term::BlockingCall => Some("time.sleep()"),
            Term::WorkerThread => Some("asyncio.to_thread()"),
        }
    }

    /// The places the page links the term to, in every scenario.
    pub fn places(self) -> &'static [Place] {
        use Place::*;
        match self {
            Term::EventLoop => &[Loop, Timeline],
            Term::Coroutine => &[Program],
            Term::Task => &[Timeline, Program],
            Term::Await => &[Program, Timeline],
            Term::Timer => &[Loop, Timeline],
            Term::ReadyQueue => &[Loop],
            Term::Gather => &[Program, Loop],
            Term::TaskGroup => &[Program, Timeline],
            Term::Cancellation => &[Timeline, Stepper],
            Term::Exception => &[Timeline, Results],
            Term::Lock => &[Loop, Timeline],
            Term::RaceCondition => &[Loop, Stepper],
            Term::Semaphore => &[Loop, Timeline],
            Term::Timeout => &[Timeline, Loop],
            Term::BlockingCall => &[Timeline],
            Term::WorkerThread => &[Timeline, Loop],
        }
    }

    /// The entry for a scenario's glossary, with the term's usual places.
    pub fn entry(self) -> Entry {
        Entry { term: self, places: self.places().to_vec() }
    }
}

/// One line of a scenario's glossary.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub term: Term,
    pub places: Vec<Place>,
}

impl Entry {
    /// The same entry, also linked to the field of parameter `name` (first).
    pub fn param(mut self, name: &'static str) -> Entry {
        self.places.insert(0, Place::Param(name));
        self
    }
}

/// Entries for `terms`, each with its usual places.
pub fn entries(terms: &[Term]) -> Vec<Entry> {
    terms.iter().map(|t| t.entry()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{has, Lang};

    #[test]
    fn every_term_has_a_name_and_a_place_sentence_and_a_place() {
        for t in Term::ALL {
            assert!(has(Lang::En, t.name_id()), "{t:?}");
            assert!(has(Lang::En, t.where_id()), "{t:?}");
            assert!(!t.places().is_empty(), "{t:?}");
        }
    }

    #[test]
    fn every_scenario_has_a_glossary_whose_parameter_places_are_its_own() {
        for s in crate::scenarios::all() {
            let glossary = s.glossary(&s.defaults());
            assert!(glossary.len() >= 4, "{}: {} terms", s.id, glossary.len());
            for e in &glossary {
                for p in &e.places {
                    if let Place::Param(name) = p {
                        assert!(s.param(name).is_some(), "{}: {name} is not a parameter", s.id);
                    }
                }
            }
        }
    }
}
