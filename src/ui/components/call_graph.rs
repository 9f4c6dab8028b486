//! Who awaits whom at the playhead, in the loop panel: the call graph as `python -m
//! asyncio pstree` draws it (CPython 3.14) — each task under the task that awaits it.

use std::rc::Rc;

use yew::prelude::*;

use super::program::task_colour;
use super::Ctx;
use crate::runtime::trace::task_name;
use crate::teach::{CallTree, StepView};

#[derive(Properties, PartialEq)]
pub struct CallGraphProps {
    /// The run's view at the playhead.
    pub view: Rc<StepView>,
}

/// One task and, nested under it, the tasks it awaits.
fn node(ctx: &Ctx, view: &StepView, tree: &CallTree) -> Html {
    html! {
        <li>
            <span class="chip" style={format!("--c:{}", task_colour(tree.task))}>{ task_name(tree.task) }</span>{ " " }<code>{ view.label(tree.task).unwrap_or_default().to_string() }</code>
            if !tree.awaits.is_empty() {
                <ul class="call-graph">
                    { for tree.awaits.iter().map(|t| node(ctx, view, t)) }
                    if tree.awaits.more() > 0 { <li class="more">{ super::show_more::more(ctx, tree.awaits.more()) }</li> }
                </ul>
            }
        </li>
    }
}

/// The call graph of one run at the playhead: the root tasks that await others, each over
/// the tasks it awaits.
#[function_component(CallGraph)]
pub fn call_graph_panel(props: &CallGraphProps) -> Html {
    let ctx = use_context::<Ctx>().expect("state context");
    let view = &props.view;
    // The trees whose root awaits others, a window of each level.
    let trees = &view.graph;
    html! {
        <div class="call-graph-panel">
            <h3 title={ctx.t("call-graph-help")}>{ ctx.t("call-graph-title") }</h3>
            if trees.is_empty() {
                <p class="none">{ ctx.t("call-graph-none") }</p>
            } else {
                <ul class="call-graph" aria-label={ctx.t("call-graph-help")}>
                    { for trees.iter().map(|t| node(&ctx, view, t)) }
                    if trees.more() > 0 { <li class="more">{ super::show_more::more(&ctx, trees.more()) }</li> }
                </ul>
            }
        </div>
    }
}
