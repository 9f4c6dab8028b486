//! The Embed button's panel: the current scenario and parameters as an iframe snippet and
//! as a drop-in script snippet, with copy buttons. The iframe names the host page's origin
//! (`origin=`, asked for here, the page's own by default): only that page may drive it.

use yew::prelude::*;

use super::Ctx;
use crate::scenarios::params::encode;

/// The directory the page is served from (`https://host/path/`).
fn base_url() -> String {
    let Some(location) = web_sys::window().map(|w| w.location()) else { return String::new() };
    let origin = location.origin().unwrap_or_default();
    let path = location.pathname().unwrap_or_default();
    let dir = path.rsplit_once('/').map_or("", |(d, _)| d);
    format!("{origin}{dir}/")
}

/// Escapes text for an HTML attribute or text node in the snippet.
fn attr(s: &str) -> String {
    s.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;").replace('>', "&gt;")
}

#[function_component(EmbedSnippet)]
pub fn embed_snippet() -> Html {
    let ctx = use_context::<Ctx>().expect("state context");
    let open = use_state(|| false);
    let copied = use_state(|| None::<&'static str>);
    let host = use_state(|| web_sys::window().and_then(|w| w.location().origin().ok()).unwrap_or_default());
    // The contract's own check of `origin` (an empty one is refused too: it would allow none).
    let origin_error = crate::contract::page_key("origin").and_then(|k| match host.trim() {
        "" => Some(crate::i18n::Msg::new("param-error").arg("param", "origin").arg("allowed", k.allowed_msg()).arg("got", "")),
        given => k.check_msg(given).err(),
    });
    let origin = if origin_error.is_none() { host.trim().to_string() } else { "https://docs.example".to_string() };
    let on_host = {
        let host = host.clone();
        Callback::from(move |e: InputEvent| {
            use wasm_bindgen::JsCast;
            if let Some(input) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                host.set(input.value());
            }
        })
    };
    let base = base_url();
    let mut params: Vec<String> = ctx.form.raw.iter().map(|(n, v)| format!("{n}={}", encode(v))).collect();
    if ctx.settings.lang != crate::i18n::Lang::En {
        params.push(format!("lang={}", ctx.settings.lang.tag()));
    }
    // a link to one moment: the run starts on load and opens at that step
    if let Some(step) = crate::ui::url::step_key(&ctx) {
        params.extend(["autorun=1".to_string(), step]);
    }
    params.extend(crate::ui::url::code_key(&ctx));
    let query = params.join("&");
    let iframe = format!(
        "<iframe src=\"{}index.html?embed=1&amp;scenario={}&amp;{}&amp;origin={}\" title=\"asyncio playground: {}\" style=\"width:100%;border:0\" height=\"1000\" loading=\"lazy\"></iframe>",
        attr(&base),
        ctx.form.scenario.id,
        attr(&query),
        attr(&origin),
        attr(&ctx.t(ctx.form.scenario.title))
    );
    let script = format!(
        "<div data-asyncio-playground=\"{}\" data-params=\"{}\"></div>\n<script src=\"{}static/embed.js\" defer></script>",
        ctx.form.scenario.id,
        attr(&query),
        attr(&base)
    );
    let copy = |which: &'static str, text: String| {
        let copied = copied.clone();
        Callback::from(move |_| {
            if let Some(w) = web_sys::window() {
                let _ = w.navigator().clipboard().write_text(&text);
                copied.set(Some(which));
            }
        })
    };
    let toggle = {
        let open = open.clone();
        Callback::from(move |_| open.set(!*open))
    };
    html! {
        <section class="panel embed-snippet" aria-labelledby="embed-title">
            <header>
                <h2 id="embed-title">{ ctx.t("embed-title") }</h2>
                <button type="button" class="secondary" onclick={toggle} aria-expanded={open.to_string()}>{ ctx.t(if *open { "embed-hide" } else { "embed-show" }) }</button>
            </header>
            if *open {
                <p class="hint">{ ctx.t("embed-hint") }</p>
                <div class={classes!("field", origin_error.is_some().then_some("invalid"))}>
                    <label for="embed-origin">{ ctx.t("embed-origin") }{ " " }<small>{ ctx.t("embed-origin-help") }</small></label>
                    <input id="embed-origin" type="text" value={(*host).clone()} oninput={on_host} autocomplete="off" spellcheck="false"
                        aria-invalid={origin_error.is_some().then_some("true")} />
                    if let Some(e) = &origin_error { <p class="field-error" role="alert">{ ctx.tr(e) }</p> }
                </div>
                <h3>{ "iframe" }</h3>
                <pre><code>{ iframe.clone() }</code></pre>
                <button type="button" class="secondary" onclick={copy("iframe", iframe)}>{ ctx.t(if *copied == Some("iframe") { "embed-copied" } else { "embed-copy-iframe" }) }</button>
                <h3>{ ctx.t("embed-script") }</h3>
                <pre><code>{ script.clone() }</code></pre>
                <button type="button" class="secondary" onclick={copy("script", script)}>{ ctx.t(if *copied == Some("script") { "embed-copied" } else { "embed-copy-script" }) }</button>
            }
        </section>
    }
}
