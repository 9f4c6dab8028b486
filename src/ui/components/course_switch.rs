//! The course's switch in the header (the first screen's: a plain function of the state).
//! It opens the course at the lesson and step the learner is on, or closes it; the course
//! itself is drawn by its panel, in the teaching chunk.

use yew::prelude::*;

use super::Ctx;
use crate::page::course::CourseChange;
use crate::ui::state::Action;

/// The "Course" button.
pub fn course_switch(ctx: &Ctx) -> Html {
    let open = ctx.course.open;
    let onclick = {
        let dispatch = ctx.dispatcher();
        Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::Course(CourseChange::Show(!open))))
    };
    html! {
        <button type="button" class="course-switch secondary" aria-expanded={open.to_string()} aria-controls="course" {onclick} disabled={ctx.is_running()}>
            { ctx.t("course-open") }
        </button>
    }
}
