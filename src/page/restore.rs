//! What a page URL asks for, read from its [`PageQuery`]: the state to restore (one
//! `Action::Restore`), and what the page itself does with it (autorun, the embed's host,
//! the theme). Parameter values are kept as typed, so a bad value in a URL shows the same
//! inline message as one typed into the form; a bad page-key value becomes a notice naming
//! the key and what it allows. A `code=` that cannot be read is said, and `autorun=1` then
//! runs nothing (never the default scenario in its place).

use crate::choices::Theme;
use crate::contract::{self, is_page_key, page_key, PageQuery};
use crate::i18n::{Lang, Msg};
use crate::teach::Axis;

/// What a query string asks for, beyond the scenario and its parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct PageRequest {
    /// The scenario's parameters as given: every key that is not a page key.
    pub params: Vec<(String, String)>,
    pub clock: Option<String>,
    pub scale: Option<String>,
    pub autorun: bool,
    pub embed: bool,
    pub compare: bool,
    /// The host origins allowed to talk to an embed (`origin=`, comma-separated), normalised
    /// ([`contract::normalize_origin`]): `None` without `origin=` (the parent's own origin),
    /// `Some([])` for an invalid value (nobody).
    pub origins: Option<Vec<String>>,
    /// The host's name for the embed (`id=`).
    pub id: String,
    /// `axis=time|iter`, if valid (`None`: the axis that tells the run's story).
    pub axis: Option<Axis>,
    /// `theme=` (`light`, `dark`, `auto`), if valid.
    pub theme: Option<Theme>,
    /// False for an output-only view (`controls=0`).
    pub controls: bool,
    /// `predict=1`: Predict first asks before the run (only with the controls).
    pub predict: bool,
    /// `lang=`, if it names a language the page speaks.
    pub lang: Option<Lang>,
    /// `code=`: an own program for the editor (a valid value; a bad one is a notice).
    pub code: Option<String>,
    /// `lesson=`: the course's lesson a link opens (with the controls, outside embeds).
    pub lesson: Option<&'static str>,
    /// `stage=`: the step of that lesson.
    pub stage: Option<crate::page::course::Stage>,
    /// `step=N`: the stepper's step, counted from 1, at which the next finished run opens.
    pub step: Option<usize>,
    /// The query's own notices, then bad page-key values, each named with what it allows
    /// (`clock` and `scale` are reported by the form itself).
    pub notices: Vec<Msg>,
}

impl PageRequest {
    /// Reads `q`.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::contract::read_query;
    /// use asyncio_playground::page::restore::PageRequest;
    /// let pairs = [("scenario", "lock"), ("workers", "3"), ("compare", "1"), ("theme", "blue")];
    /// let q = read_query(pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()).unwrap();
    /// let req = PageRequest::of(&q);
    /// assert_eq!(req.params, vec![("workers".to_string(), "3".to_string())]);
    /// assert!(req.compare && req.controls && req.theme.is_none());
    /// assert!(req.notices[0].en().starts_with("theme must be one of"));
    /// ```
    pub fn of(q: &PageQuery) -> PageRequest {
        let pairs = &q.pairs;
        let get = |k: &str| pairs.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
        let mut notices = q.notices.clone();
        for (k, v) in pairs {
            if !matches!(k.as_str(), "clock" | "scale") {
                if let Some(Err(e)) = page_key(k).map(|key| key.check_msg(v)) {
                    notices.push(e);
                }
            }
        }
        let flag = |k: &str| get(k).and_then(|v| contract::flag(&v));
        let valid = |k: &str| get(k).filter(|v| page_key(k).is_some_and(|key| key.check(v).is_ok()));
        let code = valid("code").and_then(|c| contract::decode_program(&c).ok());
        let mut autorun = flag("autorun") == Some(true);
        if get("code").is_some() && code.is_none() && autorun {
            // autorun=1 was for the program: running the default scenario instead would mislead.
            autorun = false;
            if valid("code").is_none() {
                notices.push(Msg::new("notice-code-not-run"));
            }
        }
        let step = valid("step").and_then(|n| n.trim().parse().ok());
        if step.is_some() && get("code").is_none() {
            // A link to one moment of a scenario's run: the run starts on load and opens
            // there (a shared own program still waits for the reader's click).
            autorun = true;
        }
        let origins = get("origin").filter(|o| !o.trim().is_empty()).map(|o| contract::parse_origins(&o).unwrap_or_default());
        PageRequest {
            params: pairs.iter().filter(|(k, _)| !is_page_key(k)).cloned().collect(),
            clock: get("clock"),
            scale: get("scale"),
            autorun,
            embed: flag("embed") == Some(true),
            compare: flag("compare") == Some(true),
            origins,
            id: get("id").unwrap_or_default(),
            axis: valid("axis").and_then(|a| Axis::parse(&a)),
            theme: valid("theme").and_then(|t| Theme::parse(&t)),
            controls: flag("controls") != Some(false),
            predict: flag("predict") == Some(true),
            lang: get("lang").and_then(|l| Lang::parse(&l)),
            code,
            step,
            lesson: valid("lesson").and_then(|l| crate::page::course::lesson_id(&l)),
            stage: valid("stage").and_then(|l| crate::page::course::Stage::parse(&l)),
            notices,
        }
    }
}
