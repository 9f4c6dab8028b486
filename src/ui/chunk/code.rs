//! The Run my code chunk: the editor's panel and its bridge to the editor module and the
//! sandbox (`ui::code_bridge`), and loading a program's run from the worker's JSON.

use yew::prelude::*;

use crate::i18n::{self, Lang};
use crate::ui::code_bridge;
use crate::ui::components::OwnCode;
use crate::ui::lazy::{CodeChunk, LazyView};

/// The Run my code chunk's table.
pub static TABLE: CodeChunk = CodeChunk { view, run: code_bridge::run, stop: code_bridge::stop, init };

fn view(view: &LazyView) -> Html {
    match view {
        LazyView::OwnCode => html! { <OwnCode /> },
        _ => Html::default(),
    }
}

/// Run my code's messages, in every language (they are small; a reader may switch).
fn init() {
    for lang in Lang::ALL {
        i18n::provide_file(lang, i18n::File::Code, i18n::code_file(lang).to_string());
    }
}
