//! The form: what the next run will be — the scenario, each parameter's text as typed and
//! its validation, the clock and its time scale, Compare, and "Run my code"'s program.
//! Nothing here says what ran: a run keeps its own copy of what it was (`run_slot`).

use crate::i18n::Msg;
use crate::scenarios::code::CodeFrom;
use crate::scenarios::{ClockKind, ParamError, Scenario, Values};

use super::variant::Variant;

/// The allowed time scale, wall seconds per guide-second (the URL contract's).
pub use crate::contract::SCALE_RANGE;

/// The time scale a new page starts with.
pub const DEFAULT_SCALE: &str = "0.1";

/// What the next run will be, as the learner typed it.
#[derive(Clone)]
pub struct Form {
    pub scenario: &'static Scenario,
    /// Each parameter's text as typed (validated as a whole into `values` / `errors`).
    pub raw: Vec<(&'static str, String)>,
    pub errors: Vec<ParamError>,
    pub values: Option<Values>,
    pub clock: ClockKind,
    pub scale_raw: String,
    pub scale_error: Option<Msg>,
    pub compare: bool,
    /// "Run my code": the program in the editor (`None`: the scenario's form).
    pub code: Option<String>,
    /// Where the program came from, said above the editor until it first runs (`None`: the
    /// learner's own typing, or it has run).
    pub code_from: Option<CodeFrom>,
    /// Why the last press of Run my code ran nothing: the page is in a frame of another
    /// origin's page that hid or covered it, or the browser cannot tell (see
    /// `ui::code_bridge`). Said, with the way to the full playground, until a run starts.
    pub code_refused: Option<Msg>,
    /// What the real clock refuses with these values (a freeze over the limit, a target
    /// the page may not reach); see [`super::limits`].
    pub real_errors: Vec<ParamError>,
    /// On the real clock, how long the run will freeze the page (wall seconds), if at all.
    pub freeze_secs: Option<f64>,
}

impl Form {
    /// `scenario` at the guide's values, on the virtual clock.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::page::form::Form;
    /// let form = Form::for_scenario(asyncio_playground::scenarios::find("lock").unwrap());
    /// assert!(form.values.is_some() && form.errors.is_empty() && !form.compare);
    /// ```
    pub fn for_scenario(scenario: &'static Scenario) -> Form {
        let mut form = Form {
            scenario,
            raw: Vec::new(),
            errors: Vec::new(),
            values: None,
            clock: ClockKind::Virtual,
            scale_raw: DEFAULT_SCALE.into(),
            scale_error: None,
            compare: false,
            code: None,
            code_from: None,
            code_refused: None,
            real_errors: Vec::new(),
            freeze_secs: None,
        };
        form.reset_params();
        form
    }

    /// Every parameter back at the guide's value.
    pub fn reset_params(&mut self) {
        self.raw = self.scenario.params.iter().map(|p| (p.name, p.default_value().to_string())).collect();
        self.validate();
    }

    /// Types `raw` into parameter `name`; false when the scenario has no such parameter.
    pub fn set_param(&mut self, name: &str, raw: String) -> bool {
        let Some(entry) = self.raw.iter_mut().find(|(n, _)| *n == name) else { return false };
        entry.1 = raw;
        true
    }

    /// Validates the typed parameters as a whole into `values` or `errors`.
    pub fn validate(&mut self) {
        let pairs: Vec<(&str, &str)> = self.raw.iter().map(|(n, v)| (*n, v.as_str())).collect();
        match self.scenario.values(pairs) {
            Ok(v) => {
                self.values = Some(v);
                self.errors.clear();
            }
            Err(e) => {
                self.values = None;
                self.errors = e;
            }
        }
    }

    /// Types `raw` into the time scale field.
    pub fn set_scale(&mut self, raw: String) {
        self.scale_error = parse_scale(&raw).err();
        self.scale_raw = raw;
    }

    /// The time scale, if valid.
    pub fn scale(&self) -> Option<f64> {
        parse_scale(&self.scale_raw).ok()
    }

    /// The error for parameter `name`, if its value is bad (or refused on the real clock).
    pub fn error_for(&self, name: &str) -> Option<&ParamError> {
        self.errors.iter().chain(&self.real_errors).find(|e| e.param == name)
    }

    /// Problems not tied to one field (cross-parameter checks).
    pub fn general_errors(&self) -> Vec<&ParamError> {
        self.errors.iter().filter(|e| !self.scenario.params.iter().any(|p| p.name == e.param)).collect()
    }

    /// The values of both variants in Compare mode (A, B), or just the one (no variant).
    pub fn variants(&self) -> Vec<(Option<Variant>, Values)> {
        let Some(values) = &self.values else { return Vec::new() };
        match (&self.scenario.compare, self.compare) {
            (Some(c), true) => {
                let Some(spec) = self.scenario.param(c.param) else { return Vec::new() };
                let sides = Variant::pair(self.scenario.id, c.param, c.a, c.b);
                [c.a, c.b]
                    .iter()
                    .zip(sides)
                    .filter_map(|(choice, variant)| {
                        let mut v = values.clone();
                        v.set(c.param, spec.parse(choice).ok()?);
                        Some((Some(variant), v))
                    })
                    .collect()
            }
            _ => vec![(None, values.clone())],
        }
    }
}

/// Checks the time scale field (with the URL contract's `scale` check and message).
///
/// # Examples
/// ```
/// use asyncio_playground::page::form::parse_scale;
/// assert_eq!(parse_scale("0.5"), Ok(0.5));
/// assert!(parse_scale("fast").is_err());
/// ```
pub fn parse_scale(raw: &str) -> Result<f64, Msg> {
    check_key("scale", raw)?;
    crate::decimal::parse_f64(raw.trim()).map_err(|e| Msg::new("text").arg("text", e.to_string()))
}

/// Checks a page key's value with the URL contract.
pub(super) fn check_key(name: &str, raw: &str) -> Result<(), Msg> {
    crate::contract::page_key(name).map_or(Ok(()), |k| k.check_msg(raw))
}
