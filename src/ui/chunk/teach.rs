//! The teaching chunk: every view of a finished (or running) run — the timeline, stepping
//! and its narration, the program and the loop panel, Predict first, exports, the events
//! table, the embed snippet — the glossary and the help, the keys that move the playhead,
//! and the studies those views read (`teach::Study`, worked out here).

use yew::prelude::*;

use crate::page::Finished;
use crate::ui::components::{
    CompactStepper, CoursePanel, EditCodeLink, EmbedSnippet, EventTable, ExportButtons, Glossary, HelpDialog, Inspector, PredictPanel, PythonPanel, Stepper,
    TimelinePanel,
};
use crate::ui::lazy::{LazyView, TeachChunk};
use crate::ui::stepping::StepProvider;

/// The teaching chunk's table.
pub static TABLE: TeachChunk = TeachChunk { view, step_key: crate::ui::keys::step_key, study, init: crate::ui::chunk::lesson_messages };

fn study(finished: &Finished) {
    finished.study.get_or_init(|| std::rc::Rc::new(crate::teach::Study::of(finished.result.clone())));
}

fn view(view: &LazyView) -> Html {
    match view {
        LazyView::Predict => html! { <PredictPanel /> },
        LazyView::Lesson { asking, controls, embedded, compact } => {
            let (asking, controls, embedded, compact) = (*asking, *controls, *embedded, *compact);
            html! {
                <StepProvider>
                    if !asking { <TimelinePanel /> }
                    if controls {
                        // (On a wide screen the stepper stays in view above the program while
                        // the reader scrolls through it: sticky within this box.)
                        <div class="stepping">
                            if !asking { <Stepper /> }
                            if !asking { <CompactStepper /> }
                            <div class="debugger">
                                if !compact { <PythonPanel /> }
                                if !asking { <Inspector /> }
                            </div>
                        </div>
                    }
                    if !embedded {
                        if !asking { <ExportButtons /> }
                        if !asking { <EventTable /> }
                        <EmbedSnippet />
                    }
                </StepProvider>
            }
        }
        LazyView::Glossary => html! { <Glossary /> },
        LazyView::Course => html! { <CoursePanel /> },
        LazyView::Help { open, on_close } => html! { <HelpDialog open={*open} on_close={on_close.clone()} /> },
        LazyView::EditCode { embedded } => html! { <EditCodeLink embedded={*embedded} /> },
        LazyView::Results | LazyView::OwnCode => Html::default(),
    }
}
