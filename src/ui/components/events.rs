//! Every event of the run as a table (for reading, and for screen readers), the row under
//! the playhead marked; each row names the program line and the loop iteration.

use std::rc::Rc;

use yew::prelude::*;

use super::Ctx;
use crate::i18n::{fmt_num, Msg};
use crate::teach::event_msg;
use crate::ui::stepping::Stepping;

const TABLE_LIMIT: usize = 2000;

#[function_component(EventTable)]
pub fn event_table() -> Html {
    let ctx = use_context::<Ctx>().expect("state context");
    let stepping = use_context::<Rc<Stepping>>().unwrap_or_default();
    // Rows exist only while the table is open: thousands of them would slow down showing a
    // finished (or stopped) run.
    let open = use_state(|| false);
    let Some(study) = ctx.studies().first().cloned() else { return html! {} };
    let trace = &study.result.report.trace;
    let n = trace.events.len();
    let current = stepping.views.first().and_then(Option::as_ref).filter(|_| !stepping.at_end).map(|v| v.index);
    let on_toggle = {
        let open = open.clone();
        Callback::from(move |e: Event| {
            if let Some(details) = e.target_dyn_into::<web_sys::Element>() {
                open.set(details.has_attribute("open"));
            }
        })
    };
    if !*open {
        return html! {
            <details class="panel events" ontoggle={on_toggle}>
                <summary>{ ctx.tr(&Msg::new("events-title").arg("n", n)) }</summary>
            </details>
        };
    }
    html! {
        <details class="panel events" open=true ontoggle={on_toggle}>
            <summary>{ ctx.tr(&Msg::new("events-title").arg("n", n)) }</summary>
            if n > TABLE_LIMIT { <p class="hint">{ ctx.tr(&Msg::new("events-limit").arg("shown", TABLE_LIMIT).arg("n", n)) }</p> }
            <div class="table-scroll" tabindex="0" role="region" aria-label={ctx.tr(&Msg::new("events-title").arg("n", n))}>
                <table>
                    <caption class="visually-hidden">{ ctx.t("events-caption") }</caption>
                    <thead><tr>
                        <th scope="col">{ "#" }</th><th scope="col">{ ctx.t("events-time") }</th><th scope="col">{ ctx.t("events-iter") }</th>
                        <th scope="col">{ ctx.t("events-task") }</th><th scope="col">{ ctx.t("events-line") }</th><th scope="col">{ ctx.t("events-event") }</th><th scope="col">{ ctx.t("events-detail") }</th>
                    </tr></thead>
                    <tbody>
                        { for trace.events.iter().take(TABLE_LIMIT).enumerate().map(|(i, e)| html! {
                            <tr class={classes!((current == Some(i)).then_some("current"))}>
                                <td>{ i + 1 }</td><td>{ format!("{} s", fmt_num(e.t)) }</td><td>{ e.iter }</td><td>{ trace.task_name(e.task) }</td>
                                <td>{ if e.line == 0 { String::new() } else { e.line.to_string() } }</td><td><code>{ e.kind.name() }</code></td><td>{ ctx.tr(&event_msg(&e.kind)) }</td>
                            </tr>
                        }) }
                    </tbody>
                </table>
            </div>
        </details>
    }
}
