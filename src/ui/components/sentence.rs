//! A sentence with its pieces of the program shown as code (`<code>`), from
//! [`crate::i18n::Msg::parts`]: the narration's "Task-1 runs line 7: `await asyncio.sleep(1)`".

use yew::prelude::*;

use crate::i18n::Part;

/// `parts` as inline HTML: words as text, pieces of the program in `<code>`.
pub fn sentence(parts: &[Part]) -> Html {
    parts
        .iter()
        .map(|part| match part {
            Part::Words(text) => html! { { text.clone() } },
            Part::Code(text) => html! { <code>{ text.clone() }</code> },
        })
        .collect()
}
