//! The shared playhead, resolved once per move for every panel that shows it: which event
//! each run is on, the view of each run at that event, and the sentence for the step.
//! Provided as a context by [`StepProvider`]; the Python panel, the loop panel, the output
//! and the stepper all read the same [`Stepping`].

use std::rc::Rc;

use yew::prelude::*;

use super::components::Ctx;
use super::state::Action;
use crate::i18n::Msg;
use crate::page::step::Step;
use crate::teach::{narrate, runs_at_step, Axis, StepView, Study};

/// Where the playhead is, and what each run looks like there.
#[derive(Clone, Default, PartialEq)]
pub struct Stepping {
    /// The shared steps: `(run, event)` in order along the axis.
    pub steps: Rc<Vec<(usize, usize)>>,
    /// The current step (the last one when the playhead is at the end).
    pub index: usize,
    /// True while the playhead is at the end (nobody stepped yet).
    pub at_end: bool,
    /// Per run: its event at the playhead and its view there (`None`: not started yet).
    pub views: Vec<Option<Rc<StepView>>>,
    /// The run whose event the current step is, and that event's sentence.
    pub current: Option<(usize, Msg)>,
    /// The run whose event the current step is, and the program line that event is on
    /// (`None`: none, e.g. the loop's own event): the line the sentence speaks of, also when
    /// no task is running (a task suspends there, is woken there).
    pub line: Option<(usize, u32)>,
}

impl Stepping {
    /// Resolves the playhead `playhead` (`None`: the end) over `studies`, whose shared
    /// `steps` along `axis` are worked out once per run and axis; each view holds `window`
    /// entries of every list.
    pub fn resolve(studies: &[Rc<Study>], axis: Axis, steps: Rc<Vec<(usize, usize)>>, playhead: Option<usize>, window: usize) -> Stepping {
        if steps.is_empty() {
            return Stepping::default();
        }
        let index = playhead.unwrap_or(usize::MAX).min(steps.len() - 1);
        let refs: Vec<&Study> = studies.iter().map(|s| &**s).collect();
        let at = runs_at_step(&refs, axis, &steps, index);
        let views: Vec<Option<Rc<StepView>>> = studies.iter().zip(&at).map(|(s, k)| k.map(|k| Rc::new(s.replay.view_with(k, window)))).collect();
        let (run, k) = steps[index];
        let current = views.get(run).and_then(Option::as_ref).map(|view| {
            let study = &studies[run];
            (run, narrate(&study.result.report.trace, &study.replay, &study.result.source, k, view))
        });
        let line = studies.get(run).and_then(|s| s.result.report.trace.events.get(k)).map(|e| e.line).filter(|l| *l != 0).map(|l| (run, l));
        Stepping { steps, index, at_end: playhead.is_none(), views, current, line }
    }

    /// Where the playhead is, as the state says it (`None`: the end).
    pub fn playhead(&self) -> Option<usize> {
        (!self.at_end).then_some(self.index)
    }

    /// A button's click: the playhead makes the move `step`.
    pub fn go(&self, ctx: &Ctx, step: Step) -> Callback<MouseEvent> {
        let (dispatch, playhead, n) = (ctx.dispatcher(), self.playhead(), self.len());
        Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::SetPlayhead(step.from(playhead, n))))
    }

    /// The number of steps.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// True when there is nothing to step through.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }
}

/// The page's state and the playhead's [`Stepping`]: what every panel that shows the
/// playhead reads first.
#[hook]
pub fn use_stepping() -> (Ctx, Rc<Stepping>) {
    (use_context::<Ctx>().expect("state context"), use_context::<Rc<Stepping>>().unwrap_or_default())
}

#[derive(Properties, PartialEq)]
pub struct StepProviderProps {
    pub children: Html,
}

/// Provides [`Stepping`] to its children, recomputed only when the runs, the axis, the
/// playhead or the lists' window change.
#[function_component(StepProvider)]
pub fn step_provider(props: &StepProviderProps) -> Html {
    let ctx = use_context::<Ctx>().expect("state context");
    let studies: Vec<Rc<Study>> = ctx.studies();
    let runs = (studies.iter().map(|s| Rc::as_ptr(s) as usize).collect::<Vec<_>>(), ctx.effective_axis());
    // The steps are sorted once per run and axis (the run slot keeps them); a move of the
    // playhead only resolves.
    let steps = ctx.steps();
    let stepping = use_memo((runs, ctx.slot.playhead, ctx.slot.window()), move |((_, axis), playhead, window)| {
        Stepping::resolve(&studies, *axis, steps, *playhead, *window)
    });
    html! {
        <ContextProvider<Rc<Stepping>> context={stepping}>
            { props.children.clone() }
        </ContextProvider<Rc<Stepping>>>
    }
}
