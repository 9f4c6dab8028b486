//! Which side of a Compare run a run is (A or B) and what that side is, in words: taken
//! from the form when the run starts and kept with the run, so the panels say what ran even
//! after the form changed.

use crate::i18n::{Lang, Msg};

/// One side of a Compare run.
#[derive(Clone, Debug, PartialEq)]
pub struct Variant {
    /// `A` or `B`.
    pub letter: &'static str,
    /// What this side runs (`one after another`, or `use_lock=false`).
    pub side: Msg,
}

impl Variant {
    /// The heading of the side's panels in `lang`: `A: one after another`.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::i18n::{Lang, Msg};
    /// use asyncio_playground::page::variant::Variant;
    /// let b = Variant { letter: "B", side: Msg::new("text").arg("text", "use_lock=false") };
    /// assert_eq!(b.label(Lang::En), "B: use_lock=false");
    /// ```
    pub fn label(&self, lang: Lang) -> String {
        format!("{}: {}", self.letter, self.side.text(lang))
    }

    /// The two sides of `scenario`'s Compare at its choices `a` and `b` (named in words
    /// where the scenario has words for them, else `param=choice`).
    pub fn pair(scenario_id: &str, param: &str, a: &str, b: &str) -> [Variant; 2] {
        let sides = crate::teach::present::compare_sides(scenario_id);
        let side = |i: usize, choice: &str| match &sides {
            Some((a, b)) => (if i == 0 { a } else { b }).clone(),
            None => Msg::new("text").arg("text", format!("{param}={choice}")),
        };
        [Variant { letter: "A", side: side(0, a) }, Variant { letter: "B", side: side(1, b) }]
    }
}
