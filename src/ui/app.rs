//! The top-level component.

use yew::prelude::*;

#[function_component(App)]
pub fn app() -> Html {
    html! {
        <main class="app">
            <h1>{ "asyncio playground" }</h1>
        </main>
    }
}
