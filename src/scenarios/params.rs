//! Scenario parameters: their specification, and the one place where values typed by a
//! user — in the form, the URL, the CLI, an embed attribute or a postMessage — are checked.
//!
//! A bad value is never clamped and never panics: it becomes a [`ParamError`] that names
//! the parameter and its allowed range, e.g. `tasks must be a whole number from 1 to 1000
//! (got "0")`.

use std::fmt;

use crate::i18n::Msg;
use crate::runtime::PyVersion;

/// What kind of value a parameter takes, with its default and allowed range.
#[derive(Clone, Debug, PartialEq)]
pub enum ParamKind {
    /// A whole number in `min..=max`.
    Int { default: i64, min: i64, max: i64 },
    /// A number in `min..=max` (seconds, a rate…).
    Float { default: f64, min: f64, max: f64, step: f64 },
    /// true / false.
    Bool { default: bool },
    /// One of `options` (value, message id of its label).
    Choice { default: &'static str, options: &'static [(&'static str, &'static str)] },
    /// Comma-separated whole numbers, each in `min..=max`, no repeats (may be empty).
    IntList { default: &'static str, min: i64, max: i64 },
    /// Free text of at most `max_len` characters (checked further by the scenario).
    Text { default: &'static str, max_len: usize },
}

/// A check across parameters, as the schema describes it to a docs tool that checks values
/// without this crate (`asyncio-playground schema`'s `cross`): each scenario declares the ones
/// its `check` makes ([`Def::CROSS`](super::Def::CROSS)), with the same message (the docs
/// package's test compares the two over fences made to cross them).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Cross {
    /// The flag `param`, set, needs Python `python` or newer.
    NeedsPython { param: &'static str, python: PyVersion, message: &'static str },
    /// Each index in the list `param` is below the value of `bound`.
    Below { param: &'static str, bound: &'static str, message: &'static str },
    /// Each item of `param` (split on spaces and commas) is an http(s) URL with a host; the
    /// first one that is not is shown cut to `shown` characters.
    HttpUrls { param: &'static str, shown: usize, message: &'static str },
}

/// One parameter of a scenario. `name` is part of the public contract (URL, CLI, embeds).
#[derive(Clone, Debug, PartialEq)]
pub struct ParamSpec {
    pub name: &'static str,
    /// The message id of its label in the form.
    pub label: &'static str,
    /// Unit shown next to the field (`s`, `tasks`, `%`…), or "".
    pub unit: &'static str,
    /// The message id of one sentence on what it changes.
    pub help: &'static str,
    pub kind: ParamKind,
}

/// A checked value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Int(i64),
    Float(f64),
    Bool(bool),
    Choice(String),
    IntList(Vec<i64>),
    Text(String),
}

impl fmt::Display for Value {
    /// The value as it is written in a URL or on the command line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(v) => write!(f, "{v}"),
            Value::Float(v) => write!(f, "{v}"),
            Value::Bool(v) => write!(f, "{v}"),
            Value::Choice(v) | Value::Text(v) => f.write_str(v),
            Value::IntList(v) => f.write_str(&v.iter().map(i64::to_string).collect::<Vec<_>>().join(",")),
        }
    }
}

/// A bad value, or an unknown parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct ParamError {
    /// The parameter's name (`""` when the problem is not one parameter's).
    pub param: String,
    /// A sentence naming the parameter and what it allows, in English (the CLI, embeds'
    /// `rejected` reasons, logs).
    pub message: String,
    /// The same sentence as a message, for the page's language.
    pub msg: Msg,
}

impl ParamError {
    /// The error `msg` about parameter `param`.
    pub fn new(param: impl Into<String>, msg: Msg) -> ParamError {
        ParamError { param: param.into(), message: msg.en(), msg }
    }
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl ParamSpec {
    /// The default value.
    pub fn default_value(&self) -> Value {
        match &self.kind {
            ParamKind::Int { default, .. } => Value::Int(*default),
            ParamKind::Float { default, .. } => Value::Float(*default),
            ParamKind::Bool { default } => Value::Bool(*default),
            ParamKind::Choice { default, .. } => Value::Choice(default.to_string()),
            ParamKind::IntList { default, .. } => self.parse(default).unwrap_or(Value::IntList(Vec::new())),
            ParamKind::Text { default, .. } => Value::Text(default.to_string()),
        }
    }

    /// What the parameter allows, in English words: `a whole number from 1 to 1000`.
    pub fn allowed(&self) -> String {
        self.allowed_msg().en()
    }

    /// What the parameter allows, as a message.
    pub fn allowed_msg(&self) -> Msg {
        let unit = || if self.unit == "s" { Msg::new("unit-seconds") } else { Msg::new("unit-none") };
        match &self.kind {
            ParamKind::Int { min, max, .. } => Msg::new("allowed-int").arg("min", *min).arg("max", *max).arg("unit", unit()),
            ParamKind::Float { min, max, .. } => Msg::new("allowed-number").arg("min", *min).arg("max", *max).arg("unit", unit()),
            ParamKind::Bool { .. } => Msg::new("allowed-bool"),
            ParamKind::Choice { options, .. } => Msg::new("allowed-choice").arg("options", options.iter().map(|(v, _)| *v).collect::<Vec<_>>().join(", ")),
            ParamKind::IntList { min, max, .. } => Msg::new("allowed-list").arg("min", *min).arg("max", *max),
            ParamKind::Text { max_len, .. } => Msg::new("allowed-text").arg("max", *max_len),
        }
    }

    fn error(&self, raw: &str) -> ParamError {
        let shown: String = raw.chars().take(40).collect();
        ParamError::new(self.name, Msg::new("param-error").arg("param", self.name).arg("allowed", self.allowed_msg()).echo("got", &shown))
    }

    /// Checks one raw value.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::scenarios::{ParamKind, ParamSpec, Value};
    /// let p = ParamSpec { name: "tasks", label: "Tasks", unit: "", help: "", kind: ParamKind::Int { default: 5, min: 1, max: 1000 } };
    /// assert_eq!(p.parse(" 7 "), Ok(Value::Int(7)));
    /// assert_eq!(p.parse("0").unwrap_err().message, "tasks must be a whole number from 1 to 1000 (got \"0\")");
    /// ```
    pub fn parse(&self, raw: &str) -> Result<Value, ParamError> {
        let s = raw.trim();
        match &self.kind {
            ParamKind::Int { min, max, .. } => match s.parse::<i64>() {
                Ok(v) if (*min..=*max).contains(&v) => Ok(Value::Int(v)),
                _ => Err(self.error(raw)),
            },
            ParamKind::Float { min, max, .. } => match crate::decimal::parse_f64(s) {
                Ok(v) if v.is_finite() && v >= *min && v <= *max => Ok(Value::Float(if v == 0.0 { 0.0 } else { v })),
                _ => Err(self.error(raw)),
            },
            ParamKind::Bool { .. } => match s.to_ascii_lowercase().as_str() {
                "true" | "1" | "yes" | "on" => Ok(Value::Bool(true)),
                "false" | "0" | "no" | "off" => Ok(Value::Bool(false)),
                _ => Err(self.error(raw)),
            },
            ParamKind::Choice { options, .. } => match options.iter().find(|(v, _)| *v == s) {
                Some((v, _)) => Ok(Value::Choice(v.to_string())),
                None => Err(self.error(raw)),
            },
            ParamKind::IntList { min, max, .. } => {
                let mut items = Vec::new();
                for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
                    match part.parse::<i64>() {
                        Ok(v) if (*min..=*max).contains(&v) && !items.contains(&v) => items.push(v),
                        _ => return Err(self.error(raw)),
                    }
                }
                Ok(Value::IntList(items))
            }
            ParamKind::Text { max_len, .. } => {
                if raw.chars().count() <= *max_len {
                    Ok(Value::Text(raw.to_string()))
                } else {
                    Err(ParamError::new(self.name, Msg::new("param-error-long").arg("param", self.name).arg("allowed", self.allowed_msg())))
                }
            }
        }
    }
}

/// A full, checked set of values for one scenario, in the order of its parameter list.
#[derive(Clone, Debug, PartialEq)]
pub struct Values {
    entries: Vec<(&'static str, Value)>,
}

impl Values {
    /// Every parameter at its default.
    pub fn defaults(specs: &[ParamSpec]) -> Values {
        Values { entries: specs.iter().map(|p| (p.name, p.default_value())).collect() }
    }

    /// Checks `pairs` (name, raw value) against `specs`; parameters not given keep their
    /// defaults. Every problem is reported, not just the first.
    pub fn parse<'a>(specs: &[ParamSpec], pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Result<Values, Vec<ParamError>> {
        let mut values = Values::defaults(specs);
        let mut errors = Vec::new();
        for (name, raw) in pairs {
            match specs.iter().find(|p| p.name == name) {
                Some(spec) => match spec.parse(raw) {
                    Ok(v) => values.set(spec.name, v),
                    Err(e) => errors.push(e),
                },
                None => {
                    let known: Vec<&str> = specs.iter().map(|p| p.name).collect();
                    let known = if known.is_empty() { "none".to_string() } else { known.join(", ") };
                    errors.push(ParamError::new(name, Msg::new("param-unknown").echo("param", name).arg("known", known)));
                }
            }
        }
        if errors.is_empty() {
            Ok(values)
        } else {
            Err(errors)
        }
    }

    /// Replaces one value (already checked).
    pub fn set(&mut self, name: &str, value: Value) {
        if let Some(entry) = self.entries.iter_mut().find(|(n, _)| *n == name) {
            entry.1 = value;
        }
    }

    /// The value of `name`.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.entries.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    /// Every (name, value), in the scenario's order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &Value)> {
        self.entries.iter().map(|(n, v)| (*n, v))
    }

    fn missing(name: &str, kind: &str) -> ParamError {
        ParamError::new(name, Msg::new("param-undeclared").arg("param", name).arg("kind", kind))
    }

    /// An integer parameter; an error if the scenario declares no such integer.
    pub fn int(&self, name: &str) -> Result<i64, ParamError> {
        match self.get(name) {
            Some(Value::Int(v)) => Ok(*v),
            _ => Err(Self::missing(name, "a whole number")),
        }
    }

    /// A number parameter (integers read as numbers too).
    pub fn float(&self, name: &str) -> Result<f64, ParamError> {
        match self.get(name) {
            Some(Value::Float(v)) => Ok(*v),
            Some(Value::Int(v)) => Ok(*v as f64),
            _ => Err(Self::missing(name, "a number")),
        }
    }

    /// A true/false parameter.
    pub fn bool(&self, name: &str) -> Result<bool, ParamError> {
        match self.get(name) {
            Some(Value::Bool(v)) => Ok(*v),
            _ => Err(Self::missing(name, "true or false")),
        }
    }

    /// A choice or text parameter.
    pub fn text(&self, name: &str) -> Result<&str, ParamError> {
        match self.get(name) {
            Some(Value::Choice(v)) | Some(Value::Text(v)) => Ok(v),
            _ => Err(Self::missing(name, "text")),
        }
    }

    /// A list parameter.
    pub fn list(&self, name: &str) -> Result<&[i64], ParamError> {
        match self.get(name) {
            Some(Value::IntList(v)) => Ok(v),
            _ => Err(Self::missing(name, "a list")),
        }
    }

    /// The Python version the values choose (the shared `python` parameter; the newest if
    /// there is none).
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::{runtime::PyVersion, scenarios::find};
    /// let timeout = find("timeout").unwrap();
    /// assert_eq!(timeout.defaults().python(), PyVersion::V3_14);
    /// assert_eq!(timeout.values([("python", "3.11")]).unwrap().python(), PyVersion::V3_11);
    /// ```
    pub fn python(&self) -> PyVersion {
        self.text("python").ok().and_then(PyVersion::parse).unwrap_or_default()
    }

    /// `name=value&…` in the scenario's order (values URL-safe as written).
    pub fn to_query(&self) -> String {
        self.entries.iter().map(|(n, v)| format!("{n}={}", encode(&v.to_string()))).collect::<Vec<_>>().join("&")
    }
}

/// Percent-encodes what a query value must not contain.
pub fn encode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b',' => out.push(b as char),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn specs() -> Vec<ParamSpec> {
        vec![
            ParamSpec { name: "tasks", label: "Tasks", unit: "", help: "", kind: ParamKind::Int { default: 5, min: 1, max: 1000 } },
            ParamSpec { name: "delay", label: "Delay", unit: "s", help: "", kind: ParamKind::Float { default: 1.0, min: 0.0, max: 60.0, step: 0.1 } },
            ParamSpec { name: "use_lock", label: "Lock", unit: "", help: "", kind: ParamKind::Bool { default: true } },
            ParamSpec {
                name: "mode",
                label: "Mode",
                unit: "",
                help: "",
                kind: ParamKind::Choice { default: "both", options: &[("both", "Both"), ("sequential", "Sequential")] },
            },
            ParamSpec { name: "fail", label: "Fail", unit: "", help: "", kind: ParamKind::IntList { default: "2", min: 0, max: 99 } },
        ]
    }

    #[test]
    fn defaults_and_good_values() {
        let v = Values::parse(&specs(), [("delay", "0.5"), ("use_lock", "false"), ("fail", "1, 3")]).unwrap();
        assert_eq!(v.int("tasks"), Ok(5));
        assert_eq!(v.float("delay"), Ok(0.5));
        assert_eq!(v.bool("use_lock"), Ok(false));
        assert_eq!(v.text("mode"), Ok("both"));
        assert_eq!(v.list("fail"), Ok(&[1, 3][..]));
        assert!(v.int("taks").is_err(), "a misspelt name is an error, not 0");
        assert!(v.int("delay").is_err(), "so is the wrong type");
        assert_eq!(v.to_query(), "tasks=5&delay=0.5&use_lock=false&mode=both&fail=1,3");
    }

    #[test]
    fn every_bad_value_is_named_with_its_range() {
        let errors = Values::parse(&specs(), [("tasks", "2.5"), ("delay", "NaN"), ("use_lock", "maybe"), ("mode", "fast"), ("fail", "2,2"), ("speed", "9")])
            .unwrap_err();
        let messages: Vec<String> = errors.iter().map(|e| e.message.clone()).collect();
        assert_eq!(
            messages,
            vec![
                "tasks must be a whole number from 1 to 1000 (got \"2.5\")",
                "delay must be a number from 0 to 60 s (got \"NaN\")",
                "use_lock must be true or false (got \"maybe\")",
                "mode must be one of both, sequential (got \"fast\")",
                "fail must be comma-separated whole numbers from 0 to 99, each at most once (got \"2,2\")",
                "unknown parameter \"speed\" (this scenario has: tasks, delay, use_lock, mode, fail)",
            ]
        );
    }

    #[test]
    fn out_of_range_is_rejected_not_clamped() {
        for raw in ["-1", "60.0001", "inf", "", " "] {
            assert!(Values::parse(&specs(), [("delay", raw)]).is_err(), "{raw:?}");
        }
        assert_eq!(Values::parse(&specs(), [("delay", "60")]).unwrap().float("delay"), Ok(60.0));
        assert_eq!(Values::parse(&specs(), [("delay", "-0")]).unwrap().float("delay").unwrap().to_string(), "0");
    }
}
