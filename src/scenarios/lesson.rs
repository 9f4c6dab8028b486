//! The course's lessons: one per scenario, and one per common mistake, in the guide's order.
//!
//! A lesson lives beside its scenario (each scenario module's `LESSON`, each mistake's file
//! its own): the words that explain it (`lesson-<id>-explain` in the lesson's `.ftl` files),
//! and a [`Challenge`] — a goal the learner reaches by changing the parameters (or, for the
//! mistakes that parameters cannot fix, by editing the program in Run my code), and the
//! judge that reads a finished run and says whether the goal was met, what the run showed,
//! and, when it was missed, the nearest misconception from Predict first's catalogue. A
//! change that meets the number but misses the lesson's point (the work deleted, the
//! scenario made trivial) is judged not met and says why.
//!
//! This module is what a lesson is; `super::lessons` lists them (so that each scenario
//! imports this module and nothing imports a scenario back). Only their ids
//! (`super::lessons::IDS`) are read by the first screen (the URL's `lesson=` key); the
//! lessons themselves, and their judges, are reached through `super::lessons` by the
//! course's view, in the teaching chunk.

use super::{RunResult, Values};
use crate::i18n::Msg;
use crate::runtime::EventKind;

/// One lesson of the course.
pub struct Lesson {
    /// Its id in `lesson=` links: its scenario's id, or `mistakes-VARIANT`.
    pub id: &'static str,
    /// The scenario it runs.
    pub scenario: &'static str,
    /// The parameters it opens with, beyond the scenario's defaults (a mistake's variant).
    pub opens_with: &'static [(&'static str, &'static str)],
    /// The message id of its title.
    pub title: &'static str,
    /// The message id of its explanation.
    pub explain: &'static str,
    pub challenge: Challenge,
}

/// What a challenge asks the learner to change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// The scenario's parameters (the form, or a link's keys).
    Parameters,
    /// The program itself, in Run my code (started from the lesson's program).
    Program,
}

/// A lesson's challenge: a goal the run can check.
pub struct Challenge {
    /// The message id of the goal.
    pub goal: &'static str,
    pub change: Change,
    /// The parameters the challenge starts from (beyond the lesson's `opens_with`).
    pub starts_from: &'static [(&'static str, &'static str)],
    /// Reads a finished run of the lesson (see [`Lesson::judges`]).
    pub judge: fn(&RunResult) -> Judgement,
}

/// What a judge made of one run.
#[derive(Clone, Debug, PartialEq)]
pub struct Judgement {
    pub met: bool,
    /// What the run showed (the measured time, the count, the exception that reached the
    /// caller), in the reader's language.
    pub showed: Msg,
    /// When missed: why — the nearest misconception from Predict first's catalogue, or
    /// what made a change miss the lesson's point.
    pub why: Option<Msg>,
}

impl Judgement {
    /// The goal was met.
    pub fn met(showed: Msg) -> Judgement {
        Judgement { met: true, showed, why: None }
    }

    /// The goal was missed, for this reason.
    pub fn missed(showed: Msg, why: Msg) -> Judgement {
        Judgement { met: false, showed, why: Some(why) }
    }
}

impl Lesson {
    /// The values the lesson opens with: the scenario's defaults and `opens_with`.
    pub fn opening_values(&self) -> Values {
        self.values_with(&[])
    }

    /// The values the challenge starts from.
    pub fn challenge_values(&self) -> Values {
        self.values_with(self.challenge.starts_from)
    }

    fn values_with(&self, more: &[(&'static str, &'static str)]) -> Values {
        let scenario = super::find(self.scenario).expect("a lesson's scenario is in the registry");
        scenario.values(self.opens_with.iter().chain(more).copied()).expect("a lesson's values are valid")
    }

    /// True if `run` is one this lesson's challenge judges: a run of its scenario with its
    /// `opens_with` values, or — for a challenge that edits the program — an own program's run.
    pub fn judges(&self, run: &RunResult) -> bool {
        match self.challenge.change {
            Change::Program => run.scenario.id == super::code::CODE.id,
            Change::Parameters => {
                run.scenario.id == self.scenario && self.opens_with.iter().all(|(k, v)| run.params.get(k).is_some_and(|have| have.to_string() == *v))
            }
        }
    }

    /// Judges `run` (`None` if this lesson does not judge it: [`Lesson::judges`]).
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::scenarios::{find, lessons, run_virtual};
    /// let lock = lessons::find("lock").unwrap();
    /// let s = find("lock").unwrap();
    /// let unlocked = run_virtual(s, &lock.challenge_values());
    /// assert!(!lock.judge(&unlocked).unwrap().met);
    /// let locked = run_virtual(s, &s.values([("use_lock", "true")]).unwrap());
    /// assert!(lock.judge(&locked).unwrap().met);
    /// ```
    pub fn judge(&self, run: &RunResult) -> Option<Judgement> {
        self.judges(run).then(|| (self.challenge.judge)(run))
    }
}

/// What judges read of a run.
pub(super) struct Seen<'a>(pub &'a RunResult);

impl Seen<'_> {
    /// An outcome value as a number (`None`: absent, or the run raised).
    pub fn num(&self, key: &str) -> Option<f64> {
        self.0.report.result.as_ref().ok()?.get(key)?.as_f64()
    }

    /// An outcome value.
    pub fn value(&self, key: &str) -> Option<&serde_json::Value> {
        self.0.report.result.as_ref().ok()?.get(key)
    }

    /// A number parameter.
    pub fn param(&self, name: &str) -> f64 {
        self.0.params.float(name).unwrap_or(0.0)
    }

    /// The run's own time, in seconds.
    pub fn elapsed(&self) -> f64 {
        self.0.report.elapsed
    }

    /// Every line printed, with the text of the program line that printed it.
    pub fn prints(&self) -> Vec<(&str, &str)> {
        let source = &self.0.source;
        self.0
            .report
            .trace
            .events
            .iter()
            .filter_map(|e| match &e.kind {
                EventKind::Print(text) => Some((text.as_str(), source.line_text(e.line).trim())),
                _ => None,
            })
            .collect()
    }

    /// The `to_thread` jobs started, as Python writes them (`blocking_query(0)`).
    pub fn jobs(&self) -> Vec<&str> {
        self.0.report.trace.events.iter().filter_map(|e| if let EventKind::JobStart { job, .. } = &e.kind { Some(job.as_str()) } else { None }).collect()
    }
}

/// The message that a change met the number by taking the lesson's work away: `param`
/// must stay at least `min`.
pub(super) fn keep_the_work(param: &'static str, min: f64) -> Msg {
    Msg::new("lesson-keep-the-work").code("param", param).arg("min", min)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenarios::lessons::{all as lessons, find, IDS};
    use crate::scenarios::{find as scenario, run_virtual};

    fn run(lesson: &Lesson, pairs: &[(&str, &str)]) -> RunResult {
        let s = scenario(lesson.scenario).unwrap();
        let pairs: Vec<(&str, &str)> = lesson.opens_with.iter().copied().chain(pairs.iter().copied()).collect();
        run_virtual(s, &s.values(pairs).unwrap())
    }

    #[test]
    fn the_ids_are_the_lessons_in_the_guides_order() {
        let guide = [
            "sleep",
            "gather",
            "taskgroup",
            "lock",
            "blocking",
            "timeout",
            "bounded-fetch",
            "mistakes-forgot_await",
            "mistakes-dangling_task",
            "mistakes-blocking_driver",
            "mistakes-no_timeout",
            "mistakes-cpu_bound",
        ];
        assert_eq!(IDS, guide);
        assert_eq!(lessons().map(|l| l.id).collect::<Vec<_>>(), guide);
        for l in lessons() {
            assert!(scenario(l.scenario).is_some(), "{}: its scenario", l.id);
            assert!(l.id == l.scenario || l.id.starts_with(&format!("{}-", l.scenario)), "{}: named after its scenario", l.id);
            l.opening_values();
            l.challenge_values();
        }
    }

    /// Every parameter challenge: where it starts, the lesson's own defaults, and a change
    /// meant to meet it, judged as the lesson intends.
    #[test]
    fn every_parameter_challenge_starts_missed_and_can_be_met() {
        let meet: &[(&str, &[(&str, &str)])] = &[
            ("sleep", &[("delay", "2.5")]),
            ("gather", &[("mode", "concurrent")]),
            ("taskgroup", &[("fail", "1,2"), ("mode", "taskgroup")]),
            ("lock", &[("use_lock", "true")]),
            ("blocking", &[("mode", "to_thread")]),
            ("timeout", &[("timeout", "2")]),
            ("bounded-fetch", &[("max_concurrent", "3")]),
            ("mistakes-no_timeout", &[("timeout", "1")]),
            ("mistakes-cpu_bound", &[("jobs", "8"), ("cores", "8")]),
        ];
        for l in lessons().filter(|l| l.challenge.change == Change::Parameters) {
            let s = scenario(l.scenario).unwrap();
            let start = run_virtual(s, &l.challenge_values());
            let j = l.judge(&start).unwrap_or_else(|| panic!("{}: its start is judged", l.id));
            assert!(!j.met, "{}: the challenge starts missed", l.id);
            assert!(j.why.is_some(), "{}: a miss says why", l.id);
            let (_, change) = meet.iter().find(|(id, _)| *id == l.id).unwrap_or_else(|| panic!("{}: a change that meets it", l.id));
            let mut pairs: Vec<(&str, &str)> = l.challenge.starts_from.to_vec();
            pairs.retain(|(k, _)| !change.iter().any(|(c, _)| c == k));
            pairs.extend(change.iter().copied());
            let j = l.judge(&run(l, &pairs)).unwrap();
            assert!(j.met, "{} with {pairs:?}: met ({})", l.id, j.showed.en());
            assert!(j.why.is_none());
        }
    }

    /// Changes that meet a challenge's number but miss its point.
    #[test]
    fn a_trivial_change_is_judged_not_met() {
        type Cheat = (&'static str, &'static [(&'static str, &'static str)], &'static str);
        let cheats: &[Cheat] = &[
            ("gather", &[("mode", "concurrent"), ("delay", "0.1")], "lesson-keep-the-work"),
            ("gather", &[("mode", "sequential"), ("tasks", "1")], "lesson-keep-the-work"),
            ("taskgroup", &[("mode", "taskgroup"), ("fail", "1")], "lesson-taskgroup-two-failures"),
            ("taskgroup", &[("mode", "taskgroup"), ("tasks", "2"), ("fail", "0,1")], "lesson-taskgroup-keep-a-sibling"),
            ("lock", &[("use_lock", "false"), ("workers", "1")], "lesson-keep-the-work"),
            ("blocking", &[("mode", "blocking"), ("block", "0")], "lesson-keep-the-work"),
            ("timeout", &[("timeout", "2"), ("duration", "1")], "predict-why-timeout-always-fires"),
            ("bounded-fetch", &[("max_concurrent", "3"), ("urls", "3")], "lesson-keep-the-work"),
            ("bounded-fetch", &[("max_concurrent", "1")], "lesson-fetch-cap-three"),
            ("mistakes-no_timeout", &[("timeout", "1"), ("hang", "0.5")], "predict-why-timeout-always-fires"),
            ("mistakes-cpu_bound", &[("jobs", "8"), ("cores", "8"), ("work", "0")], "lesson-keep-the-work"),
        ];
        for (id, pairs, why) in cheats {
            let l = find(id).unwrap();
            let j = l.judge(&run(l, pairs)).unwrap();
            assert!(!j.met, "{id} with {pairs:?}: not met");
            assert_eq!(j.why.as_ref().map(|w| w.id), Some(*why), "{id} with {pairs:?}: why");
        }
    }

    #[test]
    fn a_run_of_another_scenario_or_variant_is_not_judged() {
        let lock = find("lock").unwrap();
        let s = scenario("gather").unwrap();
        assert!(lock.judge(&run_virtual(s, &s.defaults())).is_none());
        let no_timeout = find("mistakes-no_timeout").unwrap();
        let m = scenario("mistakes").unwrap();
        assert!(no_timeout.judge(&run_virtual(m, &m.values([("variant", "cpu_bound")]).unwrap())).is_none());
        assert!(no_timeout.judge(&run_virtual(m, &no_timeout.opening_values())).is_some());
    }
}

#[cfg(test)]
mod words {
    use crate::scenarios::lessons::find;
    use crate::scenarios::{find as scenario, run_virtual};

    #[test]
    fn a_verdict_says_one_failure_and_one_task_in_the_singular() {
        let l = find("taskgroup").unwrap();
        let s = scenario("taskgroup").unwrap();
        let j = l.judge(&run_virtual(s, &l.challenge_values())).unwrap();
        assert_eq!(j.showed.en(), "main() caught ValueError: boom at 1; it held one failure, and 2 tasks were left running.");
        let j = l.judge(&run_virtual(s, &s.values([("mode", "gather"), ("fail", "1,2"), ("tasks", "3")]).unwrap())).unwrap();
        assert!(j.showed.en().ends_with("and one task was left running."), "{}", j.showed.en());
    }
}
