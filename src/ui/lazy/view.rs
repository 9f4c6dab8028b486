//! The place of a chunk's view in the page ([`Lazy`]): the view once its chunk is here;
//! until then what the first screen can say without it (the results panel's "Press Run", a
//! loading note where a view was asked for); and, when the chunk failed to load, a message
//! in the reader's language with a Retry.

use yew::prelude::*;

use super::{load, status, use_chunk, Chunk, Status};
use crate::ui::components::Ctx;

/// A view that lives in a chunk.
#[derive(Clone, PartialEq)]
pub enum LazyView {
    /// The results panel.
    Results,
    /// Predict first's panel (questions, verdicts).
    Predict,
    /// The teaching views of a run, sharing one playhead: the timeline, the stepper, the
    /// program and the loop panel, exports, the events table, the embed snippet.
    Lesson { asking: bool, controls: bool, embedded: bool, compact: bool },
    /// The lesson's terms, under its summary.
    Glossary,
    /// The help dialog.
    Help { open: bool, on_close: Callback<()> },
    /// The link that opens the scenario's program in the editor.
    EditCode { embedded: bool },
    /// Run my code's panel: the editor.
    OwnCode,
    /// The course: the lessons, the current one step by step, its challenge.
    Course,
}

impl LazyView {
    /// The chunk it lives in.
    pub fn chunk(&self) -> Chunk {
        match self {
            LazyView::Results => Chunk::Run,
            LazyView::OwnCode => Chunk::Code,
            _ => Chunk::Teach,
        }
    }

    /// True when the reader asked for it: its chunk is loaded at once (the others wait for
    /// the idle prefetch). The lesson's views are asked for by a run — one under way or
    /// finished — so that they follow its result at once (an autorun, or Run pressed
    /// before the page was idle: the teaching chunk waits for the run chunk, never shares
    /// the network with it).
    fn asked(&self, ctx: &Ctx) -> bool {
        match self {
            LazyView::Predict => ctx.predict.on,
            LazyView::Course => ctx.course.open,
            LazyView::Help { open, .. } => *open,
            LazyView::OwnCode => true,
            LazyView::Lesson { .. } => ctx.is_running() || !ctx.runs().is_empty(),
            _ => false,
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct LazyProps {
    pub view: LazyView,
}

/// `props.view` where it belongs on the page.
#[function_component(Lazy)]
pub fn lazy(props: &LazyProps) -> Html {
    let ctx = use_context::<Ctx>().expect("state context");
    let view = &props.view;
    let now = use_chunk(view.chunk(), view.asked(&ctx));
    // A run needs more than the run chunk (its lesson's program, on the real clock that
    // clock's chunk): the results panel says when one of those failed to load. (Every
    // chunk's change re-renders what `use_chunk` watches.)
    let failed_need = match view {
        LazyView::Results if now != Status::Failed => super::runs::needed(&ctx.form).into_iter().find(|c| status(*c) == Status::Failed),
        _ => None,
    };
    let (chunk, now) = failed_need.map_or((view.chunk(), now), |c| (c, Status::Failed));
    match now {
        Status::Loaded => match chunk {
            Chunk::Run => super::run().map_or_else(Html::default, |t| (t.view)(view)),
            Chunk::Teach => super::teach().map_or_else(Html::default, |t| (t.view)(view)),
            Chunk::Code => super::code().map_or_else(Html::default, |t| (t.view)(view)),
            Chunk::Real | Chunk::Program(_) => Html::default(),
        },
        Status::Failed if view.asked(&ctx) || matches!(view, LazyView::Results | LazyView::Lesson { .. }) => failed(&ctx, chunk),
        _ => waiting(&ctx, view),
    }
}

/// What stands in a view's place until its chunk is here.
fn waiting(ctx: &Ctx, view: &LazyView) -> Html {
    match view {
        LazyView::Results => html! {
            <section id="results" class="panel results" aria-labelledby="results-title" aria-live="polite" tabindex="-1">
                <h2 id="results-title">{ ctx.t("results-title") }</h2>
                <p class="hint">{ if ctx.is_running() || super::runs::asked() { ctx.t("results-running") } else { ctx.t("results-idle") } }</p>
            </section>
        },
        v if v.asked(ctx) => html! { <p class="lazy-loading hint" role="status" aria-busy="true">{ ctx.t("lazy-loading") }</p> },
        _ => html! {},
    }
}

/// A chunk that could not be loaded: why, and a Retry (which tries it again).
fn failed(ctx: &Ctx, chunk: Chunk) -> Html {
    let retry = Callback::from(move |_: MouseEvent| load(chunk));
    html! {
        <div class="lazy-failed notice" role="alert">
            <p>{ ctx.t("lazy-failed") }</p>
            <button type="button" class="secondary" onclick={retry}>{ ctx.t("lazy-retry") }</button>
        </div>
    }
}
