//! Export the finished run as run-result JSON or as a Chrome Trace (opens in Perfetto).
//!
//! A big run's file takes seconds to write (42 MB of JSON for `lock workers=10000 hold=10
//! compare=1`), so it is written in slices of at most [`SLICE_MS`] ([`Pieces`], one event
//! or lane at a time), each in a task of its own: the page stays responsive, a progress
//! bar says how far it got, and Cancel (or leaving the run) stops it with no timer left.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_timers::callback::Timeout;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::Ctx;
use crate::i18n::Msg;
use crate::platform::perf_now;
use crate::teach::export::Pieces;

/// The longest a slice of writing takes, in milliseconds.
const SLICE_MS: f64 = 30.0;

/// Offers `parts` (the file's text, in pieces) as a file download.
fn download(name: &str, parts: &js_sys::Array) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(parts, &options) else { return };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else { return };
    if let Ok(a) = document.create_element("a").map(|e| e.unchecked_into::<web_sys::HtmlAnchorElement>()) {
        a.set_href(&url);
        a.set_download(name);
        a.click();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}

/// An export being written: its next slice's timer (dropping it stops the export).
type Pending = Rc<RefCell<Option<Timeout>>>;

/// Writes the next slice of `pieces` into `parts`, then arms the next one, or downloads
/// the file once all is written.
fn write_slice(mut pieces: Pieces, parts: js_sys::Array, name: String, pending: Pending, progress: UseStateHandle<Option<(usize, usize)>>) {
    let start = perf_now();
    loop {
        match pieces.next() {
            Some(text) => {
                parts.push(&text.into());
            }
            None => {
                pending.borrow_mut().take();
                progress.set(None);
                download(&name, &parts);
                return;
            }
        }
        if perf_now() - start > SLICE_MS {
            break;
        }
    }
    progress.set(Some(pieces.progress()));
    let next = pending.clone();
    *pending.borrow_mut() = Some(Timeout::new(0, move || write_slice(pieces, parts, name, next, progress)));
}

#[function_component(ExportButtons)]
pub fn export_buttons() -> Html {
    let ctx = use_context::<Ctx>().expect("state context");
    let pending: Pending = use_mut_ref(|| None);
    let progress = use_state(|| None::<(usize, usize)>);
    let studies = ctx.studies();
    {
        // A new run (or none) stops the export of the one before; so does leaving the page.
        let (pending, progress) = (pending.clone(), progress.clone());
        let key: Vec<usize> = studies.iter().map(|s| Rc::as_ptr(s) as usize).collect();
        use_effect_with(key, move |_| {
            move || {
                if pending.borrow_mut().take().is_some() {
                    progress.set(None);
                }
            }
        });
    }
    if studies.is_empty() {
        return html! {};
    }
    let id = studies[0].result.scenario.id; // `code` for an own program
    let start = {
        let (pending, progress) = (pending.clone(), progress.clone());
        move |name: String, pieces: Pieces| {
            if pending.borrow().is_some() {
                return; // one export at a time
            }
            progress.set(Some(pieces.progress()));
            let next = pending.clone();
            let progress = progress.clone();
            *pending.borrow_mut() = Some(Timeout::new(0, move || write_slice(pieces, js_sys::Array::new(), name, next, progress)));
        }
    };
    let on_json = {
        let (start, studies) = (start.clone(), studies.clone());
        Callback::from(move |_| {
            let results: Vec<_> = studies.iter().map(|s| s.result.clone()).collect();
            start(format!("asyncio-{id}.json"), Pieces::run_result(&results));
        })
    };
    let on_trace = Callback::from(move |_| {
        if let Some(first) = studies.first() {
            start(format!("asyncio-{id}.trace.json"), Pieces::chrome_trace(&first.result, first.lanes.clone()));
        }
    });
    let on_cancel = {
        let (pending, progress) = (pending.clone(), progress.clone());
        Callback::from(move |_| {
            pending.borrow_mut().take();
            progress.set(None);
        })
    };
    let busy = progress.is_some();
    html! {
        <div class="export" role="group" aria-label={ctx.t("export-title")}>
            <button type="button" class="secondary" onclick={on_json} disabled={busy}>{ ctx.t("export-json") }</button>
            <button type="button" class="secondary" onclick={on_trace} disabled={busy} title={ctx.t("export-trace-help")}>{ ctx.t("export-trace") }</button>
            if let Some((done, total)) = *progress {
                <span class="export-progress" role="status">
                    <progress max={total.to_string()} value={done.to_string()}></progress>
                    { ctx.tr(&Msg::new("export-progress").arg("percent", (done * 100 / total.max(1)) as i64)) }
                    <button type="button" class="secondary export-cancel" onclick={on_cancel}>{ ctx.t("export-cancel") }</button>
                </span>
            }
        </div>
    }
}
