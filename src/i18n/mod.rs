//! What the page says, in the reader's language: English, Hindi or Bengali.
//!
//! Every sentence a person reads outside the code is a [`Msg`] — a message id plus named
//! arguments — rendered by Project Fluent from the `.ftl` file of the chosen [`Lang`]
//! (in the page, every language's are fetched: the reader's before the first render, another
//! when chosen — see [`provide`] — so the first load carries the reader's language only). The runtime and the run-result
//! JSON never hold translated text: the page turns messages into words at the last moment.
//!
//! # Numbers
//! One policy everywhere: times and counts are written with Latin digits and `.` as the
//! decimal separator, exactly as the program's own printed output writes them, so that the
//! page and a terminal agree. [`Arg::Num`] values are formatted here (at most 6 decimals,
//! trailing zeros dropped) and handed to Fluent as text; [`Arg::Count`] values stay numbers
//! so that Fluent can choose plural forms (`{ $n -> [one] … *[other] … }`).
//!
//! # Values from outside
//! A value a reader or a host page gave (a parameter's value, an unknown key) is echoed with
//! [`Msg::echo`] (or [`echo`] in plain text): its direction controls (U+202A–U+202E,
//! U+2066–U+2069, LRM, RLM, ALM) show as U+FFFD, and a value that still holds right-to-left
//! text is wrapped in FSI…PDI (U+2068…U+2069), so no value can reorder the sentence around
//! it. A plain left-to-right value is shown as it is. (Fluent's own isolation, which would
//! wrap every placeable — numbers and names of ours too — stays off.)

use std::cell::RefCell;
use std::collections::HashMap;

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};

/// The message files of one language. The page's first chunk carries none (the reader's main
/// file is fetched beside it, English's too, so that a Hindi or Bengali first screen loads no
/// English); the teaching chunk carries English's lesson and results files and hands them over when it
/// arrives ([`provide_file`]; Run my code's chunk carries its file in every language); the
/// other files are fetched beside what needs them ([`provide`] at the start, a run's result's
/// with the run chunk — English's too, so that a Hindi or Bengali first result loads no
/// English — the teaching views' with theirs). Native builds (the tests, the CLI, the mdBook
/// preprocessor) carry every file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum File {
    /// What the first screen says (`en.ftl`).
    Main,
    /// What a run's result says: the results panel, the run's notices and what it found in
    /// the program, the headlines, Predict first's questions and verdicts (`en.results.ftl`;
    /// fetched beside the run chunk, so that the first result waits for nothing else).
    Results,
    /// What the teaching views say: the timeline, stepping and its narration, the loop
    /// panel, the call graph, the course, the glossary, the help (`en.lesson.ftl`).
    Lesson,
    /// Run my code's messages (`own-code/en.ftl`).
    Code,
}

impl File {
    /// Every file, in the order a bundle reads them.
    pub const ALL: [File; 4] = [File::Main, File::Results, File::Lesson, File::Code];

    /// Its name beside the bundle (`static/i18n/`) for `lang`, where the page fetches it.
    pub fn name(self, lang: Lang) -> String {
        match self {
            File::Main => format!("{}.ftl", lang.tag()),
            File::Results => format!("{}.results.ftl", lang.tag()),
            File::Lesson => format!("{}.lesson.ftl", lang.tag()),
            File::Code => format!("own-code/{}.ftl", lang.tag()),
        }
    }
}

/// The text of `lang`'s `file` as this build carries it (see [`File`]).
#[cfg(not(target_arch = "wasm32"))]
fn carried(lang: Lang, file: File) -> Option<&'static str> {
    Some(match (lang, file) {
        (Lang::En, File::Main) => include_str!("en.ftl"),
        (Lang::Hi, File::Main) => include_str!("hi.ftl"),
        (Lang::Bn, File::Main) => include_str!("bn.ftl"),
        (Lang::En, File::Results) => include_str!("en.results.ftl"),
        (Lang::Hi, File::Results) => include_str!("hi.results.ftl"),
        (Lang::Bn, File::Results) => include_str!("bn.results.ftl"),
        (Lang::En, File::Lesson) => include_str!("en.lesson.ftl"),
        (Lang::Hi, File::Lesson) => include_str!("hi.lesson.ftl"),
        (Lang::Bn, File::Lesson) => include_str!("bn.lesson.ftl"),
        (Lang::En, File::Code) => include_str!("own-code/en.ftl"),
        (Lang::Hi, File::Code) => include_str!("own-code/hi.ftl"),
        (Lang::Bn, File::Code) => include_str!("own-code/bn.ftl"),
    })
}
/// (The page in chunks carries no file: each is handed over, `static/boot.js` the reader's
/// main file before the first render.)
#[cfg(all(target_arch = "wasm32", feature = "split"))]
fn carried(_lang: Lang, _file: File) -> Option<&'static str> {
    None
}
/// (The page in one module — the browser tests — carries every file a chunk would hand over.)
#[cfg(all(target_arch = "wasm32", not(feature = "split")))]
fn carried(lang: Lang, file: File) -> Option<&'static str> {
    match (lang, file) {
        (Lang::En, File::Main) => Some(include_str!("en.ftl")),
        (Lang::En, File::Results) => Some(include_str!("en.results.ftl")),
        (Lang::En, File::Lesson) => Some(include_str!("en.lesson.ftl")),
        (_, File::Code) => Some(code_file(lang)),
        _ => None,
    }
}

/// What a run's result says, in English, as the teaching chunk hands it over.
pub fn results_file_en() -> &'static str {
    include_str!("en.results.ftl")
}

/// The teaching views' messages in English, as the teaching chunk hands them over.
pub fn lesson_file_en() -> &'static str {
    include_str!("en.lesson.ftl")
}

/// True if `lang`'s `file` is here (carried or handed over).
pub fn has_file(lang: Lang, file: File) -> bool {
    carried(lang, file).is_some() || PROVIDED.with(|p| p.borrow().contains_key(&(lang, file)))
}

/// The languages whose main file was handed over (the reader's, and any switched to).
pub fn provided_languages() -> Vec<Lang> {
    PROVIDED.with(|p| Lang::ALL.into_iter().filter(|l| p.borrow().contains_key(&(*l, File::Main))).collect())
}

/// Run my code's messages in `lang`, as the Run my code chunk hands them over.
pub fn code_file(lang: Lang) -> &'static str {
    match lang {
        Lang::En => include_str!("own-code/en.ftl"),
        Lang::Hi => include_str!("own-code/hi.ftl"),
        Lang::Bn => include_str!("own-code/bn.ftl"),
    }
}

/// A language the page speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    En,
    Hi,
    Bn,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Hi, Lang::Bn];

    /// The BCP 47 language tag, as in `lang=hi` and `<html lang>`.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Hi => "hi",
            Lang::Bn => "bn",
        }
    }

    /// The language's own name for itself, for the language switch.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Hi => "हिन्दी",
            Lang::Bn => "বাংলা",
        }
    }

    /// `en`, `hi` or `bn` (also `hi-IN`, `bn-BD`, any case); `None` otherwise.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::i18n::Lang;
    /// assert_eq!(Lang::parse("hi-IN"), Some(Lang::Hi));
    /// assert_eq!(Lang::parse("fr"), None);
    /// ```
    pub fn parse(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_']).next().unwrap_or("").to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.tag() == primary)
    }

    /// The message files of this language, as compiled into native builds (the tests, the
    /// CLI, the mdBook preprocessor), joined.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn ftl(self) -> String {
        File::ALL.iter().filter_map(|f| carried(self, *f)).collect::<Vec<_>>().join("\n")
    }
}

/// A value for a message's placeable.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// Text shown as it is (a task name, an exception).
    Text(String),
    /// A piece of the program (a line of it), shown as it is; a page shows it as code
    /// ([`Msg::parts`]).
    Code(String),
    /// A count, which may choose a plural form.
    Count(i64),
    /// A number (seconds, a rate), written by the number policy.
    Num(f64),
    /// Another message, rendered in the same language (a range inside an error message).
    Msg(Box<Msg>),
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_string())
    }
}
impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}
impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Text(s.clone())
    }
}
impl From<i64> for Arg {
    fn from(n: i64) -> Arg {
        Arg::Count(n)
    }
}
impl From<usize> for Arg {
    fn from(n: usize) -> Arg {
        Arg::Count(n as i64)
    }
}
impl From<u32> for Arg {
    fn from(n: u32) -> Arg {
        Arg::Count(i64::from(n))
    }
}
impl From<f64> for Arg {
    fn from(x: f64) -> Arg {
        Arg::Num(x)
    }
}
impl From<Msg> for Arg {
    fn from(m: Msg) -> Arg {
        Arg::Msg(Box::new(m))
    }
}

/// A sentence to show: a message id and its arguments.
#[derive(Clone, Debug, PartialEq)]
pub struct Msg {
    pub id: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

impl Msg {
    /// The message `id` without arguments.
    pub fn new(id: &'static str) -> Msg {
        Msg { id, args: Vec::new() }
    }

    /// Adds the argument `$name`.
    pub fn arg(mut self, name: &'static str, value: impl Into<Arg>) -> Msg {
        self.args.push((name, value.into()));
        self
    }

    /// Adds the argument `$name`: text from outside (a value or key a reader or host page
    /// gave), shown so that it cannot reorder the message ([`echo`]).
    pub fn echo(self, name: &'static str, value: &str) -> Msg {
        self.arg(name, Arg::Text(echo(value)))
    }

    /// Adds the argument `$name`: a piece of the program, which [`Msg::parts`] tells from
    /// the words around it.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::i18n::Msg;
    /// let msg = Msg::new("narr-line").arg("task", "Task-1").arg("line", 7u32).code("code", "await asyncio.sleep(1)");
    /// assert_eq!(msg.en(), "Task-1 runs line 7: await asyncio.sleep(1)");
    /// ```
    pub fn code(self, name: &'static str, value: impl Into<String>) -> Msg {
        self.arg(name, Arg::Code(value.into()))
    }

    /// The sentence in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        tr(lang, self)
    }

    /// The sentence in `lang` in parts: the words, and each piece of the program
    /// ([`Msg::code`]) apart, for a page to show as code. Joined, they are [`Msg::text`] —
    /// but for the backticks a message puts around a piece of the program for plain text:
    /// shown as code, the piece needs none.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::i18n::{Lang, Msg, Part};
    /// let msg = Msg::new("narr-line").arg("task", "Task-1").arg("line", 7u32).code("code", "await asyncio.sleep(1)");
    /// assert_eq!(msg.parts(Lang::En), vec![Part::Words("Task-1 runs line 7: ".into()), Part::Code("await asyncio.sleep(1)".into())]);
    /// let quoted = Msg::new("narr-cancel-loop").arg("task", "Task-2").arg("line", 9u32).code("code", "await asyncio.sleep(1)");
    /// assert_eq!(quoted.text(Lang::En), "The loop cancels Task-2 at line 9 `await asyncio.sleep(1)`.");
    /// assert_eq!(quoted.parts(Lang::En)[2], Part::Words(".".into()));
    /// ```
    pub fn parts(&self, lang: Lang) -> Vec<Part> {
        let marked = tr_marked(lang, self);
        // Pieces alternate: words, code, words, …
        let pieces: Vec<&str> = marked.split([CODE_START, CODE_END]).collect();
        // A piece of the program the message quotes in backticks (for plain text).
        let quoted = |i: usize| i % 2 == 1 && i < pieces.len() && pieces[i - 1].ends_with('`') && pieces.get(i + 1).is_some_and(|p| p.starts_with('`'));
        let mut parts = Vec::new();
        for (n, &piece) in pieces.iter().enumerate() {
            let mut piece = piece;
            if n % 2 == 0 {
                if n > 0 && quoted(n - 1) {
                    piece = &piece[1..];
                }
                if quoted(n + 1) {
                    piece = &piece[..piece.len() - 1];
                }
            }
            if piece.is_empty() {
                continue;
            }
            parts.push(if n % 2 == 1 { Part::Code(piece.to_string()) } else { Part::Words(piece.to_string()) });
        }
        parts
    }

    /// The sentence in English (the CLI, test messages).
    pub fn en(&self) -> String {
        tr(Lang::En, self)
    }
}

/// A piece of a sentence ([`Msg::parts`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Part {
    /// Words of the message.
    Words(String),
    /// A piece of the program.
    Code(String),
}

impl Part {
    /// The part's text, words or code alike.
    pub fn text(&self) -> &str {
        match self {
            Part::Words(t) | Part::Code(t) => t,
        }
    }
}

/// `parts` joined: the sentence as plain text ([`Msg::text`] of the message they came from).
pub fn joined(parts: &[Part]) -> String {
    parts.iter().map(Part::text).collect()
}

/// Where a piece of the program begins and ends while a sentence is split into parts:
/// characters of the private use area, which no message and no program line carries (a line
/// that does has them dropped).
const CODE_START: char = '\u{E000}';
const CODE_END: char = '\u{E001}';

/// Explicit direction controls: embeddings, overrides, isolates and the three marks.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// The blocks where Unicode's right-to-left letters (bidi classes R and AL) live.
fn is_rtl(c: char) -> bool {
    matches!(c, '\u{0590}'..='\u{08FF}' | '\u{FB1D}'..='\u{FDFF}' | '\u{FE70}'..='\u{FEFF}' | '\u{10800}'..='\u{10FFF}' | '\u{1E800}'..='\u{1EFFF}')
}

/// `value` as a message may show it: direction controls replaced by U+FFFD, and wrapped in
/// FSI…PDI (U+2068…U+2069) when it holds right-to-left text or had controls, so that it
/// cannot reorder the text around it; unchanged otherwise.
///
/// # Examples
/// ```
/// use asyncio_playground::i18n::echo;
/// assert_eq!(echo("tasks"), "tasks");
/// assert_eq!(echo("\u{202E}3"), "\u{2068}\u{FFFD}3\u{2069}");
/// assert_eq!(echo("שלום"), "\u{2068}שלום\u{2069}");
/// ```
pub fn echo(value: &str) -> String {
    if !value.chars().any(|c| is_bidi_control(c) || is_rtl(c)) {
        return value.to_string();
    }
    let clean: String = value.chars().map(|c| if is_bidi_control(c) { '\u{FFFD}' } else { c }).collect();
    format!("\u{2068}{clean}\u{2069}")
}

/// A number as the page writes it: Latin digits, `.`, at most 6 decimals, no trailing zeros.
///
/// # Examples
/// ```
/// use asyncio_playground::i18n::fmt_num;
/// assert_eq!(fmt_num(1.0), "1");
/// assert_eq!(fmt_num(0.30000000000000004), "0.3");
/// assert_eq!(fmt_num(2.5), "2.5");
/// ```
pub fn fmt_num(x: f64) -> String {
    let s = format!("{x:.6}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.to_string()
    }
}

thread_local! {
    static BUNDLES: RefCell<HashMap<Lang, FluentBundle<FluentResource>>> = RefCell::new(HashMap::new());
    /// Files handed over at run time ([`provide`], [`provide_file`]).
    static PROVIDED: RefCell<HashMap<(Lang, File), String>> = RefCell::new(HashMap::new());
}

/// Hands over `lang`'s main message file (the text of `static/i18n/hi.ftl`): the page's
/// bundle carries none, and fetches the reader's language (`static/boot.js` before the first
/// render; English's where the reader's cannot be had) and another when a reader chooses it
/// (the app, on a switch); it replaces a main file the build carries. Messages rendered after
/// this call are in `lang`; before it, they fall back as [`tr`] says.
///
/// # Examples
///
/// ```
/// use asyncio_playground::i18n::{provide, tr, Lang, Msg};
/// provide(Lang::Hi, "controls-run = चलाओ\n".into());
/// assert_eq!(tr(Lang::Hi, &Msg::new("controls-run")), "चलाओ");
/// ```
pub fn provide(lang: Lang, text: String) {
    provide_file(lang, File::Main, text);
}

/// Hands over `lang`'s `file` (a chunk's messages, as it arrives); it replaces one the
/// build carries.
pub fn provide_file(lang: Lang, file: File, text: String) {
    PROVIDED.with(|p| p.borrow_mut().insert((lang, file), text));
    BUNDLES.with(|b| b.borrow_mut().remove(&lang));
}

/// True if `lang`'s main messages are here (carried by this build or handed over with
/// [`provide`]); if not, its messages fall back to English.
pub fn available(lang: Lang) -> bool {
    carried(lang, File::Main).is_some() || PROVIDED.with(|p| p.borrow().contains_key(&(lang, File::Main)))
}

fn bundle_for(lang: Lang) -> FluentBundle<FluentResource> {
    let langid = lang.tag().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new(vec![langid]);
    bundle.set_use_isolating(false);
    // A file handed over replaces the carried one.
    let texts: Vec<String> =
        File::ALL.iter().filter_map(|&f| PROVIDED.with(|p| p.borrow().get(&(lang, f)).cloned()).or(carried(lang, f).map(str::to_string))).collect();
    for text in texts {
        // A file that does not parse still yields the messages it could read.
        let resource = FluentResource::try_new(text).unwrap_or_else(|(partial, _)| partial);
        let _ = bundle.add_resource(resource);
    }
    bundle
}

fn format_in(lang: Lang, msg: &Msg, marked: bool) -> Option<String> {
    // Nested messages are rendered first (outside the bundles' borrow).
    let mut args = FluentArgs::new();
    for (name, value) in &msg.args {
        let value = match value {
            Arg::Text(s) => FluentValue::from(s.clone()),
            Arg::Code(s) if marked => {
                let clean: String = s.chars().filter(|c| *c != CODE_START && *c != CODE_END).collect();
                FluentValue::from(format!("{CODE_START}{clean}{CODE_END}"))
            }
            Arg::Code(s) => FluentValue::from(s.clone()),
            Arg::Count(n) => FluentValue::from(*n),
            Arg::Num(x) => FluentValue::from(fmt_num(*x)),
            Arg::Msg(inner) => FluentValue::from(if marked { tr_marked(lang, inner) } else { tr(lang, inner) }),
        };
        args.set(*name, value);
    }
    BUNDLES.with(|cell| {
        let mut bundles = cell.borrow_mut();
        let bundle = bundles.entry(lang).or_insert_with(|| bundle_for(lang));
        let pattern = bundle.get_message(msg.id)?.value()?;
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, Some(&args), &mut errors);
        Some(text.into_owned())
    })
}

/// `msg` in `lang`; a message missing there falls back to English, then to a language whose
/// main file was handed over (the page's, while another one switched to is on its way: in the
/// page, English is fetched like the others), then to its id.
pub fn tr(lang: Lang, msg: &Msg) -> String {
    in_first(lang, |l| format_in(l, msg, false)).unwrap_or_else(|| msg.id.to_string())
}

/// [`tr`] with each piece of the program between [`CODE_START`] and [`CODE_END`].
fn tr_marked(lang: Lang, msg: &Msg) -> String {
    in_first(lang, |l| format_in(l, msg, true)).unwrap_or_else(|| msg.id.to_string())
}

/// `format` in `lang`, else in English, else in each language handed over, the first that
/// has the message.
fn in_first(lang: Lang, format: impl Fn(Lang) -> Option<String>) -> Option<String> {
    format(lang).or_else(|| format(Lang::En)).or_else(|| provided_languages().into_iter().filter(|l| *l != lang && *l != Lang::En).find_map(&format))
}

/// True if `lang`'s file defines `id`.
pub fn has(lang: Lang, id: &str) -> bool {
    BUNDLES.with(|cell| {
        let mut bundles = cell.borrow_mut();
        bundles.entry(lang).or_insert_with(|| bundle_for(lang)).has_message(id)
    })
}

/// Every message id defined in `lang`'s files, in file order.
#[cfg(not(target_arch = "wasm32"))]
pub fn ids(lang: Lang) -> Vec<String> {
    let resource = FluentResource::try_new(lang.ftl()).unwrap_or_else(|(partial, _)| partial);
    resource
        .entries()
        .filter_map(|e| match e {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_messages_render_with_arguments_plurals_and_nested_messages() {
        assert_eq!(Msg::new("loop-permits-held").arg("n", 1i64).en(), "1 permit held by");
        assert_eq!(Msg::new("loop-permits-held").arg("n", 5i64).en(), "5 permits held by");
        let allowed = Msg::new("allowed-number").arg("min", 0.0).arg("max", 60.0).arg("unit", Msg::new("unit-seconds"));
        assert_eq!(
            Msg::new("param-error").arg("param", "delay").arg("allowed", allowed).arg("got", "x").en(),
            "delay must be a number from 0 to 60 s (got \"x\")"
        );
        assert_eq!(Msg::new("no-such-message").en(), "no-such-message");
    }

    /// A message missing in the page's language reads in English, else in a language whose
    /// main file was handed over (in the page, the one it had while a language switched to
    /// is on its way: English is fetched like the others), else as its id.
    #[test]
    fn a_missing_message_falls_back_to_english_then_to_a_language_handed_over_then_to_its_id() {
        // (Ids no file has, named through `msg` so that tests/i18n.rs, which looks for every
        // `Msg::new("…")` of the code in English, passes them by.)
        let msg = Msg::new;
        provide(Lang::Hi, "only-in-hindi = केवल हिन्दी\ncontrols-run = चलाओ\n".into());
        provide(Lang::Bn, "bn-only = শুধু বাংলা\n".into());
        assert_eq!(tr(Lang::Bn, &msg("bn-only")), "শুধু বাংলা");
        assert_eq!(tr(Lang::Bn, &msg("controls-run")), tr(Lang::En, &msg("controls-run")), "English before Hindi");
        assert_ne!(tr(Lang::En, &msg("controls-run")), "चलाओ");
        assert_eq!(tr(Lang::Bn, &msg("only-in-hindi")), "केवल हिन्दी", "a language handed over, where English has none");
        assert_eq!(tr(Lang::Bn, &msg("in-no-file")), "in-no-file");
    }

    /// A step's sentence in parts: the quoted line apart as code, in every language, and
    /// the parts joined are the sentence; a line carrying the markers cannot split it.
    #[test]
    fn a_sentence_in_parts_has_its_line_of_code_apart_in_every_language() {
        let line = "await asyncio.sleep(1)";
        let msg = Msg::new("narr-line").arg("task", "Task-2").arg("line", 7u32).code("code", line);
        for lang in Lang::ALL {
            let parts = msg.parts(lang);
            let code: Vec<&Part> = parts.iter().filter(|p| matches!(p, Part::Code(_))).collect();
            assert_eq!(code, vec![&Part::Code(line.into())], "{lang:?}: {parts:?}");
            assert_eq!(joined(&parts), msg.text(lang), "{lang:?}");
            assert!(parts.iter().any(|p| matches!(p, Part::Words(w) if w.contains("Task-2"))), "{lang:?}: the task is words: {parts:?}");
        }
        // A message that quotes the line in backticks for plain text: as code it shows none.
        let quoted = Msg::new("narr-cancel-loop").arg("task", "Task-2").arg("line", 9u32).code("code", line);
        for lang in Lang::ALL {
            let parts = quoted.parts(lang);
            assert!(quoted.text(lang).contains(&format!("`{line}`")), "{lang:?}: plain text quotes it");
            assert!(parts.contains(&Part::Code(line.into())), "{lang:?}: {parts:?}");
            assert!(!joined(&parts).contains('`'), "{lang:?}: no backtick beside the code: {parts:?}");
        }
        let sly = Msg::new("narr-line").arg("task", "Task-2").arg("line", 7u32).code("code", "x = '\u{E001}'");
        assert_eq!(sly.parts(Lang::En).last(), Some(&Part::Code("x = ''".into())), "the markers are dropped from the line");
        let nested = Msg::new("param-error")
            .arg("param", "delay")
            .arg("allowed", Msg::new("narr-line").arg("task", "T").arg("line", 1u32).code("code", "pass"))
            .arg("got", "x");
        assert!(nested.parts(Lang::En).contains(&Part::Code("pass".into())), "a nested message's code is apart too");
    }

    /// Issue 23: a value echoed in a message cannot reorder the message around it.
    #[test]
    fn echoed_values_are_isolated_so_a_right_to_left_override_cannot_reorder_the_message() {
        let spec =
            crate::scenarios::ParamSpec { name: "tasks", label: "", unit: "", help: "", kind: crate::scenarios::ParamKind::Int { default: 1, min: 1, max: 9 } };
        let evil = "\u{202E}0 tog( 9 ot 1";
        for lang in Lang::ALL {
            let text = spec.parse(evil).unwrap_err().msg.text(lang);
            assert!(!text.contains('\u{202E}'), "{lang:?}: the override is not passed on: {text:?}");
            let start = text.find('\u{2068}').unwrap_or_else(|| panic!("{lang:?}: no FSI in {text:?}"));
            let end = text.find('\u{2069}').unwrap_or_else(|| panic!("{lang:?}: no PDI in {text:?}"));
            assert!(start < end && text[start..end].contains("tog("), "{lang:?}: the value sits inside the isolate: {text:?}");
        }
        // Right-to-left text is isolated; its own isolate marks cannot close ours early.
        let text = spec.parse("\u{2069}שלום\u{2066}").unwrap_err().message;
        assert_eq!(text.matches('\u{2068}').count() + text.matches('\u{2066}').count(), 1, "{text:?}");
        assert_eq!(text.matches('\u{2069}').count(), 1, "{text:?}");
        assert!(text.ends_with("(got \"\u{2068}\u{FFFD}שלום\u{FFFD}\u{2069}\")"), "{text:?}");
        // Plain left-to-right values read as before.
        assert_eq!(spec.parse("0").unwrap_err().message, "tasks must be a whole number from 1 to 9 (got \"0\")");
    }

    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn every_file_parses_without_errors() {
        for lang in Lang::ALL {
            if let Err((_, errors)) = FluentResource::try_new(lang.ftl()) {
                panic!("{}.ftl: {errors:?}", lang.tag());
            }
        }
    }
}
