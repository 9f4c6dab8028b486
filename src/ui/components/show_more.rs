//! "… and N more" under a window of a list, with the button that shows more entries of
//! every list the panels show (the loop panel's queues and timers, the locals, the call
//! graph's levels).

use yew::prelude::*;

use super::Ctx;
use crate::i18n::Msg;
use crate::teach::WINDOW;
use crate::ui::state::Action;

/// "… and N more", and a button that shows [`WINDOW`] more entries of every list.
pub(super) fn more(ctx: &Ctx, n: usize) -> Html {
    let dispatch = ctx.dispatcher();
    let onclick = Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::ShowMore));
    html! {
        <>
            { ctx.tr(&Msg::new("loop-more").arg("n", n)) }
            <button type="button" class="link" {onclick}>{ ctx.tr(&Msg::new("loop-show-more").arg("n", n.min(WINDOW))) }</button>
        </>
    }
}
