//! The message files: every message English defines is used by the code (a literal id in
//! `src/`), and every message the code names exists in English.
#![cfg(not(target_arch = "wasm32"))]

use std::path::Path;

use asyncio_playground::i18n::{has, ids, Lang};

fn sources(dir: &Path, out: &mut String) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push_str(&std::fs::read_to_string(&path).unwrap());
        }
    }
}

fn all_source() -> String {
    let mut text = String::new();
    sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut text);
    text
}

#[test]
fn every_english_message_is_used_by_the_code() {
    let code = all_source();
    let unused: Vec<String> = ids(Lang::En).into_iter().filter(|id| !code.contains(&format!("\"{id}\""))).collect();
    assert!(unused.is_empty(), "messages in en.ftl that no code names: {unused:?}");
}

#[test]
fn every_message_id_the_code_names_exists_in_english() {
    // Ids appear in the code as Msg::new("…"), ctx.t("…") and as the message-id fields of the
    // scenarios' data (titles, labels, help).
    let code = all_source();
    let mut missing = Vec::new();
    for pattern in ["Msg::new(\"", ".t(\"", "label: \"", "help: \"", "\"-title\""] {
        for piece in code.split(pattern).skip(1) {
            let id: String = piece.chars().take_while(|c| *c != '"').collect();
            let looks_like_id = !id.is_empty() && id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
            // (one id is missing on purpose: the fallback test in src/i18n.)
            if looks_like_id && id != "no-such-message" && !has(Lang::En, &id) && !missing.contains(&id) {
                missing.push(id);
            }
        }
    }
    assert!(missing.is_empty(), "message ids the code names that en.ftl lacks: {missing:?}");
}

/// The words of every lane state — its legend entry and the word on a wide segment — exist in
/// English (a new state's ids are written as data in `teach::lane_state`, where the search
/// above does not see them).
#[test]
fn every_lane_states_words_exist_in_english() {
    use asyncio_playground::teach::LaneState;
    let missing: Vec<&str> = LaneState::ALL.iter().flat_map(|s| [Some(s.message()), s.short_message()]).flatten().filter(|id| !has(Lang::En, id)).collect();
    assert!(missing.is_empty(), "lane states' message ids that English lacks: {missing:?}");
}

/// Per message: the variables its value refers to (`$name`, in selectors and variants too)
/// and its text outside placeables (every variant's).
struct Parts {
    vars: std::collections::BTreeSet<String>,
    text: String,
}

fn parts(lang: Lang) -> std::collections::BTreeMap<String, Parts> {
    use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
    fn inline(e: &InlineExpression<&str>, out: &mut Parts) {
        match e {
            InlineExpression::VariableReference { id } => {
                out.vars.insert(id.name.to_string());
            }
            InlineExpression::Placeable { expression } => expr(expression, out),
            _ => {}
        }
    }
    fn expr(e: &Expression<&str>, out: &mut Parts) {
        match e {
            Expression::Select { selector, variants } => {
                inline(selector, out);
                variants.iter().for_each(|v| {
                    pattern(&v.value, out);
                    out.text.push('\n');
                });
            }
            Expression::Inline(i) => inline(i, out),
        }
    }
    fn pattern(p: &Pattern<&str>, out: &mut Parts) {
        for el in &p.elements {
            match el {
                PatternElement::TextElement { value } => out.text.push_str(value),
                PatternElement::Placeable { expression } => {
                    out.text.push(' ');
                    expr(expression, out);
                    out.text.push(' ');
                }
            }
        }
    }
    let text = lang.ftl();
    let resource = fluent_syntax::parser::parse(text.as_str()).unwrap_or_else(|(_, errors)| panic!("{}.ftl: {errors:?}", lang.tag()));
    let mut out = std::collections::BTreeMap::new();
    for entry in resource.body {
        if let Entry::Message(m) = entry {
            let mut p = Parts { vars: Default::default(), text: String::new() };
            if let Some(value) = &m.value {
                pattern(value, &mut p);
            }
            out.insert(m.id.name.to_string(), p);
        }
    }
    out
}

/// Every language but English, the one the others are checked against: a language added
/// to `Lang::ALL` is checked by every test here without a change to them.
fn translations() -> impl Iterator<Item = Lang> {
    Lang::ALL.into_iter().filter(|l| *l != Lang::En)
}

/// The characters of the script `lang` is written in (its Unicode block): a translation's
/// words must use them. (No `_` arm: a new language does not compile here until it says.)
fn script(lang: Lang) -> std::ops::RangeInclusive<char> {
    match lang {
        Lang::En => 'A'..='z',
        Lang::Hi => '\u{0900}'..='\u{097F}',
        Lang::Bn => '\u{0980}'..='\u{09FF}',
    }
}

/// `Lang::ALL` holds every language: a variant's place in it, by a match the compiler
/// holds to every variant.
#[test]
fn lang_all_holds_every_language_once() {
    let place = |lang: Lang| match lang {
        Lang::En => 0,
        Lang::Hi => 1,
        Lang::Bn => 2,
    };
    for lang in Lang::ALL {
        assert_eq!(Lang::ALL.get(place(lang)), Some(&lang), "{} is not at its place in Lang::ALL", lang.tag());
    }
    let mut tags: Vec<&str> = Lang::ALL.iter().map(|l| l.tag()).collect();
    tags.dedup();
    assert_eq!(tags.len(), Lang::ALL.len());
}

/// What the page knows of the languages before the WebAssembly arrives: the loading note of
/// static/first-screen.js (which also decides the language static/boot.js fetches messages
/// for) is written in every language and no other, and every language's files are where the
/// build copies them from (src/i18n/, all but English's and Run my code's).
#[test]
fn the_page_before_the_wasm_knows_every_language() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let script_text = std::fs::read_to_string(root.join("static/first-screen.js")).unwrap();
    let notes = script_text.split("var NOTES = {").nth(1).and_then(|s| s.split('}').next()).expect("first-screen.js has its NOTES");
    let noted: std::collections::BTreeMap<&str, &str> =
        notes.split(',').filter_map(|pair| pair.split_once(':')).map(|(tag, note)| (tag.trim(), note)).collect();
    let mut tags: Vec<&str> = Lang::ALL.iter().map(|l| l.tag()).collect();
    tags.sort_unstable();
    assert_eq!(noted.keys().copied().collect::<Vec<_>>(), tags, "static/first-screen.js's loading notes (NOTES) are for every language of Lang::ALL");
    for lang in translations() {
        let note = noted[lang.tag()];
        assert!(note.chars().any(|c| script(lang).contains(&c)), "the {} loading note is in its script: {note}", lang.tag());
        for file in [asyncio_playground::i18n::File::Main, asyncio_playground::i18n::File::Results, asyncio_playground::i18n::File::Lesson] {
            let name = file.name(lang);
            assert!(!name.contains('/') && root.join("src/i18n").join(&name).is_file(), "src/i18n/{name}: the build copies it beside the page");
        }
    }
}

#[test]
fn every_translation_has_every_english_message_and_no_other() {
    let english: Vec<String> = ids(Lang::En);
    for lang in translations() {
        let theirs = ids(lang);
        let missing: Vec<&String> = english.iter().filter(|id| !theirs.contains(id)).collect();
        let extra: Vec<&String> = theirs.iter().filter(|id| !english.contains(id)).collect();
        let mut seen = std::collections::HashSet::new();
        let twice: Vec<&String> = theirs.iter().filter(|id| !seen.insert(*id)).collect();
        assert!(missing.is_empty(), "{}.ftl lacks {} messages of en.ftl: {missing:?}", lang.tag(), missing.len());
        assert!(extra.is_empty(), "{}.ftl has messages en.ftl lacks: {extra:?}", lang.tag());
        assert!(twice.is_empty(), "{}.ftl defines messages twice: {twice:?}", lang.tag());
    }
}

#[test]
fn translations_use_the_same_arguments_as_english() {
    let english = parts(Lang::En);
    for lang in translations() {
        let theirs = parts(lang);
        let differ: Vec<String> = english
            .iter()
            .filter_map(|(id, en)| theirs.get(id).filter(|t| t.vars != en.vars).map(|t| format!("{id}: en {:?}, {} {:?}", en.vars, lang.tag(), t.vars)))
            .collect();
        assert!(differ.is_empty(), "arguments differ from English:\n{}", differ.join("\n"));
    }
}

/// Pieces of English that are code and stay as they are in every language: calls
/// (`gather()` → `gather`), dotted names (`asyncio.sleep`), names with `_` (`slow_call`),
/// CamelCase names (`TaskGroup`, `CancelledError`).
fn code_tokens(text: &str) -> Vec<String> {
    // An upper-case letter after a lower-case one: TaskGroup, CancelledError (not URLs).
    let camel = |w: &str| w.chars().skip_while(|c| !c.is_ascii_lowercase()).any(|c| c.is_ascii_uppercase());
    text.split(|c: char| c.is_whitespace() || ",;:“”\"'`…—–()[]{}=+*<>/?!|".contains(c))
        .map(|w| w.trim_end_matches('.'))
        .filter(|w| w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.') && w.chars().any(|c| c.is_ascii_alphabetic()))
        .filter(|w| w.contains('_') || w.contains('.') || camel(w))
        .map(str::to_string)
        .collect()
}

#[test]
fn translations_keep_code_and_api_names_as_they_are() {
    let english = parts(Lang::En);
    let mut problems = Vec::new();
    for lang in translations() {
        let theirs = parts(lang);
        for (id, en) in &english {
            let Some(t) = theirs.get(id) else { continue };
            for token in code_tokens(&en.text) {
                if !t.text.contains(&token) {
                    problems.push(format!("{}.ftl {id}: `{token}` is missing", lang.tag()));
                }
            }
        }
    }
    assert!(problems.is_empty(), "code changed in translation:\n{}", problems.join("\n"));
}

#[test]
fn translations_are_written_in_their_script() {
    // Messages that are only code or a placeable read the same in every language.
    const SAME: &[&str] = &[
        "text",
        "unit-none",
        "taskgroup-mode-gather",
        "taskgroup-mode-gather_return_exceptions",
        "taskgroup-mode-taskgroup",
        "timeout-api-timeout",
        "timeout-api-wait_for",
        "blocking-mode-sleep",
        "blocking-mode-to_thread",
        "loop-lock",
        "loop-event",
        "loop-semaphore",
        "bounded-fetch-max_concurrent",
        "wait-join",
        "wait-gather",
        "term-gather",
        "python-version-3-11",
        "python-version-3-12",
        "python-version-3-13",
        "result-other",
    ];
    let english = parts(Lang::En);
    for lang in translations() {
        let range = script(lang);
        let theirs = parts(lang);
        let untranslated: Vec<&String> = english
            .keys()
            .filter(|id| !SAME.contains(&id.as_str()))
            .filter(|id| theirs.get(*id).is_some_and(|t| !t.text.chars().any(|c| range.contains(&c))))
            .collect();
        assert!(untranslated.is_empty(), "{}.ftl: messages with no word in the language's script: {untranslated:?}", lang.tag());
        let same: Vec<&&str> = SAME.iter().filter(|id| theirs.get(**id).is_some_and(|t| english.get(**id).is_some_and(|e| e.text != t.text))).collect();
        assert!(same.is_empty(), "{}.ftl: these are code and read as in English: {same:?}", lang.tag());
    }
}

#[test]
fn plurals_follow_hindi_and_bengali_rules_and_nested_ranges_are_translated() {
    use asyncio_playground::i18n::Msg;
    let lost = |n: i64, lang: Lang| Msg::new("lock-headline-lost").arg("counter", 100 - n).arg("expected", 100i64).arg("lost", n).text(lang);
    assert_eq!(lost(1, Lang::Hi), "काउंटर 100 में से 99: 1 अपडेट खो गया");
    assert_eq!(lost(5, Lang::Hi), "काउंटर 100 में से 95: 5 अपडेट खो गए");
    assert_eq!(lost(5, Lang::Bn), "কাউন্টার 100-এর মধ্যে 95: 5টি আপডেট হারিয়েছে");
    assert_eq!(lost(1, Lang::Bn), "কাউন্টার 100-এর মধ্যে 99: একটি আপডেট হারিয়েছে");
    // In hi and bn, 0 is in the "one" category: an exact [0] variant comes first.
    let waiting = |n: i64, lang: Lang| Msg::new("narr-release-lock").arg("task", "Task-2").arg("line", 9i64).arg("waiting", n).text(lang);
    assert_eq!(waiting(0, Lang::Hi), "Task-2 पंक्ति 9 पर लॉक छोड़ता है; कोई उसकी प्रतीक्षा नहीं कर रहा।");
    assert_eq!(waiting(1, Lang::Hi), "Task-2 पंक्ति 9 पर लॉक छोड़ता है; 1 कार्य उसकी प्रतीक्षा कर रहा है।");
    assert_eq!(waiting(3, Lang::Hi), "Task-2 पंक्ति 9 पर लॉक छोड़ता है; 3 कार्य उसकी प्रतीक्षा कर रहे हैं।");
    assert_eq!(waiting(0, Lang::Bn), "Task-2 লাইন 9-এ লকটি ছেড়ে দেয়; কেউ এর জন্য অপেক্ষা করছে না।");
    // The validation message names the parameter and its range as English does, Latin digits.
    let allowed = Msg::new("allowed-number").arg("min", 0.0).arg("max", 60.0).arg("unit", Msg::new("unit-seconds"));
    let error = Msg::new("param-error").arg("param", "delay").arg("allowed", allowed).arg("got", "x");
    assert_eq!(error.text(Lang::Hi), "delay का मान 0 से 60 सेकंड तक की संख्या होना चाहिए (मिला: \"x\")");
    assert_eq!(error.text(Lang::Bn), "delay-এর মান হতে হবে 0 থেকে 60 সেকেন্ড পর্যন্ত একটি সংখ্যা (পাওয়া গেছে \"x\")");
}

#[test]
fn every_narration_of_every_scenario_reads_in_hindi_and_bengali() {
    use asyncio_playground::scenarios::{all, run_virtual};
    use asyncio_playground::teach::{narrate, Replay};
    for s in all() {
        let v = s.defaults();
        let trace = run_virtual(s, &v).report.trace;
        let src = s.source(&v);
        let replay = Replay::of(&trace);
        for k in 0..trace.events.len() {
            let msg = narrate(&trace, &replay, &src, k, &replay.view(k));
            for lang in translations() {
                let range = script(lang);
                let text = msg.text(lang);
                assert!(text.chars().any(|c| range.contains(&c)), "{} event {k} in {}: {text}", s.id, lang.tag());
                // (a program line quoted in the sentence may have braces of its own: f"{i}")
                assert!(!text.contains("{$") && !text.contains("{ $"), "{} event {k} in {}: unfilled {text}", s.id, lang.tag());
                assert!(text.chars().all(|c| !('\u{0966}'..='\u{096F}').contains(&c) && !('\u{09E6}'..='\u{09EF}').contains(&c)), "Latin digits only: {text}");
            }
        }
    }
}

/// The words of the page's own parts in Hindi and Bengali (issue 30): the scenario buttons,
/// the Compare switch and the compared runs' names, every result row's label of every
/// scenario (defaults and fidelity cases), the sentence on two times, the real clock's
/// speed, the mistakes headlines without BAD/GOOD, and the help for touch.
#[test]
fn the_pages_own_words_are_in_the_readers_script() {
    use asyncio_playground::i18n::Msg;
    use asyncio_playground::scenarios::{all, run_virtual};
    use asyncio_playground::teach::present;
    let mut problems = Vec::new();
    for lang in translations() {
        let range = script(lang);
        let mut check = |what: String, text: String| {
            if !text.chars().any(|c| range.contains(&c)) || text.contains('{') || text.contains("BAD") || text.contains("GOOD") {
                problems.push(format!("{}: {what}: {text}", lang.tag()));
            }
        };
        for s in all() {
            check(format!("{} button", s.id), Msg::new(present::scenario_name(s.id)).text(lang));
            if let Some(label) = present::compare_label(s.id) {
                let text = label.text(lang);
                // Words, not parameter syntax (`mode=sequential`): an `=` fails the check.
                check(format!("{} Compare", s.id), if text.contains('=') { String::new() } else { text });
                let (a, b) = present::compare_sides(s.id).unwrap();
                check(format!("{} Compare A", s.id), a.text(lang));
                check(format!("{} Compare B", s.id), b.text(lang));
            }
            for case in std::iter::once("").chain(s.fidelity_cases.iter().copied()) {
                let pairs: Vec<(&str, &str)> = case.split('&').filter(|p| !p.is_empty()).filter_map(|p| p.split_once('=')).collect();
                let Ok(v) = s.values(pairs) else { continue };
                let run = run_virtual(s, &v);
                let Ok(outcome) = &run.report.result else { continue };
                check(format!("{} {case} headline", s.id), s.headline(&v, outcome).text(lang));
                let rows = present::result_rows(outcome, run.report.elapsed);
                for row in &rows.rows {
                    check(format!("{} {case} row {}", s.id, row.key), row.label.text(lang));
                }
                if let Some(note) = rows.elapsed_note {
                    check(format!("{} {case} elapsed note", s.id), note.text(lang));
                }
            }
        }
        for scale in [0.1, 1.0, 2.0] {
            check(format!("speed at {scale}"), present::speed_sentence(scale, 0.6, 6.0).text(lang));
        }
        for id in [
            "help-touch-title",
            "help-touch-run",
            "help-touch-scenarios",
            "help-touch-timeline",
            "help-touch-step",
            "help-touch-swipe",
            "help-touch-predict",
            "help-button",
            "embed-more",
            "embed-less",
        ] {
            check(id.to_string(), Msg::new(id).text(lang));
        }
    }
    assert!(problems.is_empty(), "English or raw syntax left in the page's own words:\n{}", problems.join("\n"));
}

/// Each file holds the same messages in every language: the page fetches a language's
/// results and lesson files beside the chunks that speak them, so a message in the wrong
/// file would be missing (and shown in English) until then.
#[test]
fn every_language_splits_its_messages_into_the_same_files() {
    use asyncio_playground::i18n::File;
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/i18n");
    let ids_in = |lang: Lang, file: File| -> std::collections::BTreeSet<String> {
        let text = std::fs::read_to_string(root.join(file.name(lang))).unwrap();
        text.lines()
            .filter_map(|l| l.split_once(" =").map(|(id, _)| id))
            .filter(|id| !id.is_empty() && !id.starts_with([' ', '#', '\t']))
            .map(str::to_string)
            .collect()
    };
    for file in File::ALL {
        let english = ids_in(Lang::En, file);
        assert!(english.len() > 20, "{file:?}: {} messages", english.len());
        for lang in Lang::ALL {
            let here = ids_in(lang, file);
            let only_en: Vec<_> = english.difference(&here).collect();
            let only_here: Vec<_> = here.difference(&english).collect();
            assert!(only_en.is_empty() && only_here.is_empty(), "{}: missing {only_en:?}, extra {only_here:?}", file.name(lang));
        }
    }
}
