//! The chunks' own side: each file fills in its chunk's table ([`crate::ui::lazy`]) with
//! the entry points and views it holds. Only the split points (`ui::split`) name these
//! tables, so what they reach is compiled into their chunk and never into the first one.

pub mod code;
pub mod real;
pub mod run;
pub mod teach;

use crate::i18n::{self, File, Lang};

/// The teaching views' messages in English, and a run's result's (they show verdicts and
/// findings too, and may arrive first: a tap on Predict first before any run; and they are
/// what a reader whose own results file could not be fetched falls back to): handed over as
/// the teaching chunk arrives. (The run chunk carries no messages: a run's result's are
/// fetched beside it in the page's language, English too — `ui::lazy`'s messages — so that a
/// Hindi or Bengali first result carries no English.)
fn lesson_messages() {
    if !i18n::has_file(Lang::En, File::Results) {
        i18n::provide_file(Lang::En, File::Results, i18n::results_file_en().to_string());
    }
    if !i18n::has_file(Lang::En, File::Lesson) {
        i18n::provide_file(Lang::En, File::Lesson, i18n::lesson_file_en().to_string());
    }
}
