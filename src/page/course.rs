//! The course's state: whether it is open, the lesson and the step of it the learner is on
//! (PRIMM's steps: explain, predict, run, then the challenge), the lessons done, and the
//! verdict of the last judged run. The progress is kept on the device as [`Progress::to_text`]
//! (`ui::course` reads and writes it, only once the reader has opened the course); text that
//! cannot be read starts a fresh course, with a notice, and never breaks the page.
//!
//! The lessons themselves — their words, challenges and judges — are
//! [`crate::scenarios::lesson`]'s and are reached by the course's view, in the teaching
//! chunk; this state knows lessons by id only ([`IDS`]), so the first screen carries no judge.
//! A run is judged by that view, which hands the verdict back as [`CourseAction::Judged`].
//!
//! The first screen does only what it must ([`CourseChange::Show`], [`Course::link`]); every
//! other change is worked out by the course's view ([`Course::next`]) and handed to the
//! reducer as a [`CourseChange::Next`], so the first chunk carries none of it.

use std::rc::Rc;

use serde_json::{json, Value};

use crate::scenarios::lesson::Judgement;
use crate::scenarios::lessons::IDS;
// (The URL contract reads these too: they live with the lessons, below it.)
pub use crate::scenarios::lessons::{lesson_id, opening, Stage};

/// A lesson as the list shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LessonState {
    /// Not started.
    Todo,
    /// Opened, its challenge not met yet.
    Current,
    Done,
}

impl LessonState {
    /// Its name in `data-state`.
    pub fn name(self) -> &'static str {
        match self {
            LessonState::Todo => "todo",
            LessonState::Current => "current",
            LessonState::Done => "done",
        }
    }

    /// The message id of its label.
    pub fn label(self) -> &'static str {
        match self {
            LessonState::Todo => "course-state-todo",
            LessonState::Current => "course-state-current",
            LessonState::Done => "course-state-done",
        }
    }
}

/// What is kept on the device: where the learner is, and what they have done.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    pub lesson: &'static str,
    pub stage: Stage,
    /// Lessons whose challenge was met, in the course's order.
    pub done: Vec<&'static str>,
    /// Lessons opened, in the course's order.
    pub started: Vec<&'static str>,
}

impl Default for Progress {
    fn default() -> Progress {
        Progress { lesson: IDS[0], stage: Stage::Explain, done: Vec::new(), started: Vec::new() }
    }
}

/// Why stored progress could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable;

impl Progress {
    /// The format's version, in the stored text (`"v"`).
    pub const VERSION: u64 = 1;

    /// `{"v":1,"lesson":…,"stage":…,"done":[…],"started":[…]}`.
    pub fn to_text(&self) -> String {
        json!({"v": Self::VERSION, "lesson": self.lesson, "stage": self.stage.name(), "done": self.done, "started": self.started}).to_string()
    }

    /// Reads what [`Progress::to_text`] wrote. Another version, a lesson or stage this
    /// course does not have, or anything but that shape is [`Unreadable`].
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::page::course::{Progress, Stage};
    /// let p = Progress { lesson: "lock", stage: Stage::Challenge, done: vec!["sleep"], started: vec!["sleep", "lock"] };
    /// assert_eq!(Progress::from_text(&p.to_text()), Ok(p));
    /// assert!(Progress::from_text("{\"v\":0}").is_err());
    /// assert!(Progress::from_text("sleep,lock").is_err());
    /// ```
    pub fn from_text(text: &str) -> Result<Progress, Unreadable> {
        let v: Value = serde_json::from_str(text).map_err(|_| Unreadable)?;
        if v.get("v").and_then(Value::as_u64) != Some(Self::VERSION) {
            return Err(Unreadable);
        }
        let lesson = v.get("lesson").and_then(Value::as_str).and_then(lesson_id).ok_or(Unreadable)?;
        let stage = v.get("stage").and_then(Value::as_str).and_then(Stage::parse).ok_or(Unreadable)?;
        let ids = |key: &str| -> Result<Vec<&'static str>, Unreadable> {
            let list = v.get(key).and_then(Value::as_array).ok_or(Unreadable)?;
            let named: Vec<&'static str> = list.iter().map(|x| x.as_str().and_then(lesson_id).ok_or(Unreadable)).collect::<Result<_, _>>()?;
            Ok(IDS.iter().copied().filter(|id| named.contains(id)).collect())
        };
        Ok(Progress { lesson, stage, done: ids("done")?, started: ids("started")? })
    }

    /// Where `lesson` stands.
    pub fn state_of(&self, lesson: &str) -> LessonState {
        if self.done.contains(&lesson) {
            LessonState::Done
        } else if self.started.contains(&lesson) {
            LessonState::Current
        } else {
            LessonState::Todo
        }
    }

    /// The next lesson to take: the first not done (`None`: all are).
    pub fn next_lesson(&self) -> Option<&'static str> {
        IDS.iter().copied().find(|id| !self.done.contains(id))
    }

    fn add(list: &mut Vec<&'static str>, id: &'static str) {
        if !list.contains(&id) {
            list.push(id);
            list.sort_by_key(|x| IDS.iter().position(|i| i == x));
        }
    }
}

/// A message the course shows once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CourseNotice {
    /// The stored progress could not be read: a fresh course.
    Unreadable,
    /// The learner started again.
    Reset,
}

impl CourseNotice {
    pub fn msg_id(self) -> &'static str {
        match self {
            CourseNotice::Unreadable => "course-corrupt",
            CourseNotice::Reset => "course-reset-done",
        }
    }
}

/// The course.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Course {
    pub open: bool,
    pub progress: Progress,
    /// The progress was read from the device (or found absent or unreadable), so it may be
    /// written back.
    pub loaded: bool,
    /// A link chose the lesson before the progress was read: the link wins.
    chosen: bool,
    /// The switch opened the course: its view puts the page on the lesson
    /// ([`CourseAction::Open`]) once it is here.
    pub opening: bool,
    /// The challenge's starting values are still to be set (a link straight to a
    /// challenge, without parameters): the course's view sets them.
    pub start_pending: bool,
    /// The verdict of the last judged run of the current lesson's challenge.
    pub verdict: Option<Rc<Judgement>>,
    pub notice: Option<CourseNotice>,
}

/// What the learner (or a link, or the judge) does with the course.
#[derive(Clone, Debug, PartialEq)]
pub enum CourseAction {
    /// Put the page on the lesson and step the learner is on (after the switch opened the
    /// course).
    Open,
    /// Go to a lesson, at its first step.
    Lesson(&'static str),
    /// Go to a step of the current lesson (the challenge: [`CourseAction::StartChallenge`]).
    Stage(Stage),
    /// Go to the challenge, its values set to these (from the lesson).
    StartChallenge(Vec<(String, String)>),
    /// A finished run of `lesson`'s challenge, judged.
    Judged(&'static str, Rc<Judgement>),
    /// Start the course again.
    Reset,
    /// The progress as read from the device (`None`: nothing stored), read by the course's
    /// view ([`Progress::from_text`]: the first screen carries no JSON reader).
    Loaded(Option<Result<Progress, Unreadable>>),
}

/// A transition of the course worked out when the reducer takes it: the next course, and
/// what it asks of the page.
pub type Transition = Box<dyn FnOnce(&Course) -> (Course, Effects)>;

/// A change of the course, as the reducer takes it.
pub enum CourseChange {
    /// The switch: open the course, or close it.
    Show(bool),
    /// A change worked out by the course's view: the next course, and what it asks of the
    /// page (a closure of [`Course::next`], so its code stays in the view's chunk).
    Next(Transition),
}

impl CourseChange {
    /// `action`, worked out when the reducer takes it.
    pub fn of(action: CourseAction) -> CourseChange {
        CourseChange::Next(Box::new(move |c: &Course| c.next(action)))
    }
}

/// What a course action asks of the rest of the page.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Effects {
    /// Show this scenario with these values (the rest at their defaults).
    pub form: Option<(&'static str, Vec<(String, String)>)>,
    /// Switch Predict first on or off.
    pub predict: Option<bool>,
}

impl Course {
    /// The course after `action`, and what it asks of the page.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::page::course::{Course, CourseAction, Stage};
    /// let (c, fx) = Course::default().next(CourseAction::Lesson("lock"));
    /// assert!(c.open && c.progress.lesson == "lock" && c.progress.started == ["lock"]);
    /// assert_eq!(fx.form, Some(("lock", vec![])));
    /// let (c, fx) = c.next(CourseAction::Stage(Stage::Predict));
    /// assert_eq!((c.progress.stage, fx.predict), (Stage::Predict, Some(true)));
    /// ```
    pub fn next(&self, action: CourseAction) -> (Course, Effects) {
        let mut c = self.clone();
        let mut fx = Effects::default();
        if matches!(action, CourseAction::Lesson(_) | CourseAction::Stage(_) | CourseAction::StartChallenge(_)) {
            // (A notice stays until the learner moves on.)
            c.notice = None;
        }
        match action {
            CourseAction::Open => {
                c.open = true;
                c.opening = false;
                fx.form = Some(opening(c.progress.lesson));
                Progress::add(&mut c.progress.started, c.progress.lesson);
                fx.predict = Some(c.progress.stage == Stage::Predict);
                if c.progress.stage == Stage::Challenge {
                    c.start_pending = true;
                }
            }
            CourseAction::Lesson(id) => {
                c.open = true;
                c.go_to(id);
                fx.form = Some(opening(id));
                fx.predict = Some(false);
            }
            CourseAction::Stage(stage) => {
                c.progress.stage = stage;
                c.start_pending = false;
                fx.predict = Some(stage == Stage::Predict);
            }
            CourseAction::StartChallenge(params) => {
                let (scenario, mut values) = opening(c.progress.lesson);
                values.extend(params);
                fx.form = Some((scenario, values));
                fx.predict = Some(false);
                c.progress.stage = Stage::Challenge;
                c.start_pending = false;
                c.verdict = None;
            }
            CourseAction::Judged(lesson, judgement) => {
                if c.open && lesson == c.progress.lesson && c.progress.stage == Stage::Challenge {
                    if judgement.met {
                        Progress::add(&mut c.progress.done, lesson);
                    }
                    c.verdict = Some(judgement);
                }
            }
            CourseAction::Reset => {
                c.progress = Progress::default();
                Progress::add(&mut c.progress.started, c.progress.lesson);
                c.verdict = None;
                c.start_pending = false;
                c.notice = Some(CourseNotice::Reset);
                fx.form = Some(opening(c.progress.lesson));
                fx.predict = Some(false);
            }
            CourseAction::Loaded(read) => {
                let stored = match read {
                    None => Progress::default(),
                    Some(Ok(p)) => p,
                    Some(Err(Unreadable)) => {
                        c.notice = Some(CourseNotice::Unreadable);
                        Progress::default()
                    }
                };
                if c.loaded {
                    return (c, fx);
                }
                c.loaded = true;
                let here = (c.progress.lesson, c.progress.stage);
                let mut merged = stored;
                for id in c.progress.started.clone() {
                    Progress::add(&mut merged.started, id);
                }
                for id in c.progress.done.clone() {
                    Progress::add(&mut merged.done, id);
                }
                if c.chosen {
                    (merged.lesson, merged.stage) = here;
                }
                Progress::add(&mut merged.started, merged.lesson);
                c.progress = merged;
            }
        }
        (c, fx)
    }

    /// The switch: open (the view then puts the page on the lesson) or close.
    pub fn show(&mut self, open: bool) {
        self.open = open;
        self.opening = open;
    }

    /// A link's `lesson=` (and `stage=`) opens the course there; `params`: whether the link
    /// gave the scenario's values (else a challenge's starting values are set by the view).
    /// Predict first's switch for that step.
    pub fn link(&mut self, lesson: &'static str, stage: Option<Stage>, params: bool) -> bool {
        self.open = true;
        self.chosen = true;
        self.go_to(lesson);
        self.progress.stage = stage.unwrap_or_default();
        self.start_pending = self.progress.stage == Stage::Challenge && !params;
        self.progress.stage == Stage::Predict
    }

    fn go_to(&mut self, lesson: &'static str) {
        if self.progress.lesson != lesson {
            self.verdict = None;
        }
        self.progress.lesson = lesson;
        self.progress.stage = Stage::Explain;
        self.start_pending = false;
        Progress::add(&mut self.progress.started, lesson);
    }

    /// `#lesson-state`: `{"lesson", "stage", "done"}`.
    pub fn state_json(&self) -> Value {
        json!({"lesson": self.progress.lesson, "stage": self.progress.stage.name(), "done": self.progress.done})
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Msg;

    fn judged(met: bool) -> Rc<Judgement> {
        Rc::new(Judgement { met, showed: Msg::new("course-verdict-met"), why: None })
    }

    #[test]
    fn every_lessons_opening_is_its_own() {
        for l in crate::scenarios::lessons::all() {
            let (scenario, params) = opening(l.id);
            assert_eq!(scenario, l.scenario, "{}", l.id);
            let own: Vec<(String, String)> = l.opens_with.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
            assert_eq!(params, own, "{}", l.id);
        }
        assert_eq!(Stage::ALL.map(Stage::name), Stage::NAMES);
    }

    #[test]
    fn a_met_challenge_marks_the_lesson_done_and_only_at_the_challenge() {
        let (c, _) = Course::default().next(CourseAction::Lesson("sleep"));
        let (c, _) = c.next(CourseAction::Judged("sleep", judged(true)));
        assert!(c.progress.done.is_empty(), "a run before the challenge is not judged");
        let (c, fx) = c.next(CourseAction::StartChallenge(vec![("delay".into(), "1".into())]));
        assert_eq!(fx.form, Some(("sleep", vec![("delay".into(), "1".into())])));
        let (c, _) = c.next(CourseAction::Judged("sleep", judged(false)));
        assert!(c.progress.done.is_empty() && c.verdict.as_ref().is_some_and(|v| !v.met));
        let (c, _) = c.next(CourseAction::Judged("gather", judged(true)));
        assert!(c.progress.done.is_empty(), "another lesson's verdict is not this one's");
        let (c, _) = c.next(CourseAction::Judged("sleep", judged(true)));
        assert_eq!(c.progress.done, ["sleep"]);
        assert_eq!(c.progress.state_of("sleep"), LessonState::Done);
        assert_eq!(c.progress.next_lesson(), Some("gather"));
        assert_eq!(c.state_json(), json!({"lesson": "sleep", "stage": "challenge", "done": ["sleep"]}));
    }

    #[test]
    fn progress_resumes_from_the_device_and_unreadable_text_starts_fresh_with_a_notice() {
        let stored =
            Progress { lesson: "lock", stage: Stage::Run, done: vec!["sleep", "gather", "taskgroup"], started: vec!["sleep", "gather", "taskgroup", "lock"] };
        let mut c = Course::default();
        c.show(true);
        let (c, fx) = c.next(CourseAction::Loaded(Some(Progress::from_text(&stored.to_text()))));
        assert_eq!(c.progress, stored);
        assert_eq!(fx.form, None);
        let (c, fx) = c.next(CourseAction::Open);
        assert_eq!(fx.form, Some(("lock", vec![])));
        assert!(!c.opening);
        assert!(c.loaded && c.notice.is_none());
        for junk in [
            "",
            "{",
            "null",
            "[]",
            "{\"v\":2,\"lesson\":\"lock\",\"stage\":\"run\",\"done\":[],\"started\":[]}",
            "{\"v\":1,\"lesson\":\"nope\",\"stage\":\"run\",\"done\":[],\"started\":[]}",
            "{\"v\":1,\"lesson\":\"lock\",\"stage\":\"run\",\"done\":[7],\"started\":[]}",
            "sleep,lock",
        ] {
            let (c, _) = Course::default().next(CourseAction::Open);
            let (c, _) = c.next(CourseAction::Loaded(Some(Progress::from_text(junk))));
            assert_eq!(c.notice, Some(CourseNotice::Unreadable), "{junk:?}");
            assert_eq!(c.progress.lesson, IDS[0]);
            assert!(c.progress.done.is_empty() && c.loaded);
        }
    }

    #[test]
    fn a_link_chooses_the_lesson_over_the_stored_one_and_keeps_what_was_done() {
        let stored = Progress { lesson: "lock", stage: Stage::Run, done: vec!["sleep"], started: vec!["sleep", "lock"] };
        let mut c = Course::default();
        assert!(!c.link("timeout", Some(Stage::Challenge), false));
        assert!(c.start_pending && !c.opening);
        let (c, fx) = c.next(CourseAction::Loaded(Some(Progress::from_text(&stored.to_text()))));
        assert_eq!((c.progress.lesson, c.progress.stage), ("timeout", Stage::Challenge));
        assert_eq!(c.progress.done, ["sleep"]);
        assert_eq!(c.progress.started, ["sleep", "lock", "timeout"]);
        assert!(fx.form.is_none());
        let (c, _) = c.next(CourseAction::Reset);
        assert_eq!(c.progress.done, Vec::<&str>::new());
        assert_eq!(c.notice, Some(CourseNotice::Reset));
    }
}
