//! The help dialog (`?`). Where there is a keyboard: its shortcuts (r runs or stops, a
//! digit chooses a scenario — as many as `crate::page::keys` says —, ← and → step through
//! a finished run, ? opens this dialog, Escape closes it). On a touch screen (`(hover: none) and (pointer: coarse)`, decided by the
//! stylesheet): what tapping, swiping and the buttons do, and no keys.

use yew::prelude::*;

use super::Ctx;

#[derive(Properties, PartialEq)]
pub struct HelpProps {
    pub open: bool,
    pub on_close: Callback<()>,
}

#[function_component(HelpDialog)]
pub fn help_dialog(props: &HelpProps) -> Html {
    let ctx = use_context::<Ctx>().expect("state context");
    let node = use_node_ref();
    {
        let node = node.clone();
        use_effect_with(props.open, move |open| {
            if let Some(dialog) = node.cast::<web_sys::HtmlDialogElement>() {
                if *open && !dialog.open() {
                    let _ = dialog.show_modal();
                } else if !*open && dialog.open() {
                    dialog.close();
                }
            }
        });
    }
    let on_close = {
        let cb = props.on_close.clone();
        Callback::from(move |_: Event| cb.emit(()))
    };
    let close_click = {
        let cb = props.on_close.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let touch = ["help-touch-run", "help-touch-scenarios", "help-touch-timeline", "help-touch-step", "help-touch-swipe", "help-touch-predict"];
    let digits = crate::page::keys::scenario_keys();
    let rows = [
        ("R", "help-run"),
        (digits.as_str(), "help-scenarios"),
        ("← →", "help-step"),
        ("Shift+← →", "help-jump-event"),
        ("Alt+← →", "help-jump-iter"),
        ("Home End", "help-ends"),
        ("?", "help-help"),
        ("Esc", "help-close-key"),
    ];
    html! {
        <dialog ref={node} class="help-dialog" aria-labelledby="help-title" onclose={on_close}>
            <h2 id="help-title"><span class="help-keys">{ ctx.t("help-title") }</span><span class="help-touch-title">{ ctx.t("help-touch-title") }</span></h2>
            <div class="help-keys">
                <dl>
                    { for rows.iter().map(|(keys, id)| html! { <><dt><kbd>{ *keys }</kbd></dt><dd>{ ctx.t(id) }</dd></> }) }
                </dl>
                <p class="hint">{ ctx.t("help-note") }</p>
            </div>
            <ul class="help-touch-list">
                { for touch.iter().map(|id| html! { <li class="help-touch">{ ctx.t(id) }</li> }) }
            </ul>
            <button type="button" class="primary" onclick={close_click}>{ ctx.t("help-close") }</button>
        </dialog>
    }
}
