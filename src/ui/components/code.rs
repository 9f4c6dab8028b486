//! The Python program being simulated, rendered from the current parameters, highlighted,
//! with a copy button.

use yew::prelude::*;

use super::Ctx;
use crate::ui::highlight::highlight;

#[function_component(PythonPanel)]
pub fn python_panel() -> Html {
    let ctx = use_context::<Ctx>().expect("state context");
    let copied = use_state(|| false);
    let source = ctx.values.as_ref().map(|v| (ctx.scenario.python)(v));
    let on_copy = {
        let (source, copied) = (source.clone(), copied.clone());
        Callback::from(move |_| {
            if let (Some(text), Some(window)) = (source.clone(), web_sys::window()) {
                let _ = window.navigator().clipboard().write_text(&text);
                copied.set(true);
            }
        })
    };
    html! {
        <section class="panel python" aria-labelledby="python-title">
            <header>
                <h2 id="python-title">{ "The Python program" }</h2>
                <button type="button" class="secondary" onclick={on_copy} disabled={source.is_none()}>
                    { if *copied { "Copied ✓" } else { "Copy" } }
                </button>
            </header>
            { match &source {
                Some(src) => html! { <pre tabindex="0" aria-label="Python source"><code class="language-python">{ highlight(src) }</code></pre> },
                None => html! { <p class="hint">{ "The program appears when every parameter is valid." }</p> },
            } }
            <p class="hint">{ "Runs as-is with python3 ≥ 3.11; the playground's run is checked against CPython's asyncio for the same program." }</p>
        </section>
    }
}
