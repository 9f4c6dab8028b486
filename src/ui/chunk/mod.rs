//! The chunks' own side: each file fills in its chunk's table ([`crate::ui::lazy`]) with
//! the entry points and views it holds. Only the split points (`ui::split`) name these
//! tables, so what they reach is compiled into their chunk and never into the first one.

pub mod code;
pub mod run;
pub mod teach;

/// The lesson's messages in English, handed over as the run or teaching chunk arrives (the
/// first chunk carries only the first screen's).
fn lesson_messages() {
    if !crate::i18n::has_file(crate::i18n::Lang::En, crate::i18n::File::Lesson) {
        crate::i18n::provide_file(crate::i18n::Lang::En, crate::i18n::File::Lesson, crate::i18n::lesson_file_en().to_string());
    }
}
