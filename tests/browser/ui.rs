//! Browser tests of the page: the app mounted in headless Chromium, parameters changed
//! (bad ones included), runs on the virtual clock, the results panel, the timeline lanes,
//! `#run-result`, and a URL that reproduces its run.

use asyncio_playground::ui::mount_into;
use gloo_timers::future::TimeoutFuture;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement, HtmlInputElement};

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// A fresh root, a `#run-result` element, and the page URL set to `search`.
fn page(search: &str) -> Element {
    let doc = document();
    if doc.get_element_by_id("run-result").is_none() {
        let script = doc.create_element("script").unwrap();
        script.set_id("run-result");
        script.set_attribute("type", "application/json").unwrap();
        doc.body().unwrap().append_child(&script).unwrap();
    }
    doc.get_element_by_id("run-result").unwrap().set_text_content(Some("null"));
    let history = web_sys::window().unwrap().history().unwrap();
    let path = web_sys::window().unwrap().location().pathname().unwrap();
    history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&format!("{path}{search}"))).unwrap();
    let root = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&root).unwrap();
    root
}

/// Renders, effects, and the task after them (where a finished run is published).
async fn settle() {
    for _ in 0..6 {
        TimeoutFuture::new(0).await;
    }
}

fn find(root: &Element, selector: &str) -> Element {
    root.query_selector(selector).unwrap().unwrap_or_else(|| panic!("no {selector} in {}", root.inner_html().chars().take(400).collect::<String>()))
}

fn text(root: &Element, selector: &str) -> String {
    find(root, selector).text_content().unwrap_or_default()
}

async fn type_into(root: &Element, selector: &str, value: &str) {
    let input: HtmlInputElement = find(root, selector).dyn_into().unwrap();
    input.set_value(value);
    input.dispatch_event(&web_sys::InputEvent::new("input").unwrap()).unwrap();
    settle().await;
}

async fn click(root: &Element, selector: &str) {
    find(root, selector).dyn_into::<HtmlElement>().unwrap().click();
    settle().await;
}

fn run_result() -> serde_json::Value {
    let text = document().get_element_by_id("run-result").unwrap().text_content().unwrap();
    serde_json::from_str(&text).unwrap()
}

#[wasm_bindgen_test]
async fn gather_runs_on_the_virtual_clock_and_fills_results_timeline_and_run_result() {
    let root = page("?scenario=gather");
    let app = mount_into(root.clone());
    settle().await;
    type_into(&root, "#param-tasks", "3").await;
    type_into(&root, "#param-delay", "0.5").await;
    click(&root, "button.run").await;
    let headline = text(&root, ".results .headline");
    assert_eq!(headline, "sequential 1.5 s, concurrent 0.5 s → 3× faster");
    let lanes = root.query_selector_all(".timeline .lane").unwrap().length();
    assert_eq!(lanes, 4, "main + three fetch tasks");
    let json = run_result();
    assert_eq!(json["scenario"], "gather");
    assert_eq!(json["params"]["tasks"], 3);
    assert_eq!(json["outcome"]["concurrent_elapsed"], 0.5);
    assert!(web_sys::window().unwrap().location().search().unwrap().contains("tasks=3"), "the URL follows the form");
    app.destroy();
    root.remove();
}

#[wasm_bindgen_test]
async fn an_invalid_value_shows_its_message_and_disables_run() {
    let root = page("?scenario=lock");
    let app = mount_into(root.clone());
    settle().await;
    type_into(&root, "#param-workers", "0").await;
    assert_eq!(text(&root, ".field.invalid .field-error"), "workers must be a whole number from 1 to 10000 (got \"0\")");
    let run: web_sys::HtmlButtonElement = find(&root, "button.run").dyn_into().unwrap();
    assert!(run.disabled(), "Run is disabled while a value is bad");
    assert!(text(&root, ".python").contains("appears when every parameter is valid"));
    type_into(&root, "#param-workers", "12").await;
    assert!(!run.disabled());
    assert!(text(&root, ".python pre").contains("range(12)"), "the Python follows the parameters");
    app.destroy();
    root.remove();
}

#[wasm_bindgen_test]
async fn a_url_reproduces_its_run_and_shows_bad_values_inline() {
    let root = page("?scenario=lock&workers=7&hold=0&use_lock=false&clock=virtual&autorun=1");
    let app = mount_into(root.clone());
    settle().await;
    let json = run_result();
    assert_eq!(json["params"]["workers"], 7);
    assert_eq!(json["outcome"]["counter"], 1);
    assert_eq!(json["outcome"]["lost_updates"], 6);
    app.destroy();
    root.remove();

    let root = page("?scenario=gather&tasks=abc");
    let app = mount_into(root.clone());
    settle().await;
    assert_eq!(text(&root, ".field.invalid .field-error"), "tasks must be a whole number from 1 to 1000 (got \"abc\")");
    app.destroy();
    root.remove();
}

#[wasm_bindgen_test]
async fn compare_runs_both_variants_on_one_axis() {
    let root = page("?scenario=lock&workers=5&hold=0.1&compare=1");
    let app = mount_into(root.clone());
    settle().await;
    click(&root, "button.run").await;
    let json = run_result();
    let variants = json["compare"].as_array().expect("two runs");
    assert_eq!(variants[0]["params"]["use_lock"], false);
    assert_eq!(variants[1]["params"]["use_lock"], true);
    assert_eq!(root.query_selector_all(".timeline .lanes").unwrap().length(), 2);
    app.destroy();
    root.remove();
}

fn attr(root: &Element, selector: &str, name: &str) -> Option<String> {
    root.query_selector(selector).unwrap().and_then(|e| e.get_attribute(name))
}

/// The line the running task is on (highlighted in the program), if a task is running.
fn running_line(root: &Element) -> Option<u32> {
    attr(root, ".python .code-line.line-running", "data-line").and_then(|l| l.parse().ok())
}

fn output_lines(root: &Element) -> u32 {
    root.query_selector_all(".terminal .out-line").unwrap().length()
}

#[wasm_bindgen_test]
async fn stepping_through_a_lock_race_moves_the_line_and_the_output_and_names_the_lost_update() {
    let root = page("?scenario=lock&workers=3&hold=0&use_lock=false&autorun=1");
    let app = mount_into(root.clone());
    settle().await;
    assert_eq!(run_result()["outcome"]["lost_updates"], 2);
    assert_eq!(output_lines(&root), 1, "at the end of the run the output holds the printed counter");
    click(&root, ".stepper button[aria-label^='First']").await;
    assert!(text(&root, ".narration").starts_with("asyncio.run() starts the event loop"), "{}", text(&root, ".narration"));
    assert_eq!(output_lines(&root), 0, "nothing is printed at the first event");
    let source = text(&root, ".python pre");
    let line_text = |n: u32| source.lines().nth(n as usize - 1).unwrap_or("").trim_start_matches(|c: char| c.is_ascii_digit() || c.is_whitespace()).to_string();
    let mut seen_lines = Vec::new();
    let mut lost = None;
    for step in 0..60 {
        let narration = text(&root, ".narration");
        if let Some(line) = running_line(&root) {
            seen_lines.push(line);
        }
        if narration.contains("an update is lost") && lost.is_none() {
            lost = Some((step, narration.clone(), running_line(&root)));
        }
        let next: web_sys::HtmlButtonElement = find(&root, ".stepper button[aria-label^='Next']").dyn_into().unwrap();
        if next.disabled() {
            break;
        }
        next.click();
        settle().await;
    }
    let (step, narration, line) = lost.expect("the narration names a lost update");
    assert_eq!(narration, "Task-3 writes counter = 1 — Task-2 already wrote 1: an update is lost.");
    assert!(line.is_some_and(|l| line_text(l).starts_with("counter = current + 1")), "the write's line is highlighted: {line:?}");
    assert!(seen_lines.iter().any(|l| line_text(*l).starts_with("current = counter")), "the read was highlighted: {seen_lines:?}");
    assert!(seen_lines.iter().any(|l| line_text(*l).starts_with("await asyncio.sleep(0)")), "the await was highlighted");
    assert_eq!(output_lines(&root), 1, "at the last event the counter has been printed");
    // Back to the lost update: the line and the narration follow the playhead backwards.
    let slider: HtmlInputElement = find(&root, ".stepper input[type=range]").dyn_into().unwrap();
    let before_end: u32 = slider.value().parse().unwrap();
    for _ in 0..(before_end as usize + 1 - step - 1) {
        click(&root, ".stepper button[aria-label^='Previous']").await;
    }
    assert_eq!(text(&root, ".narration"), narration);
    assert_eq!(running_line(&root), line);
    assert_eq!(output_lines(&root), 0, "the counter is printed after the writes");
    assert_eq!(text(&root, ".values .lost"), "1", "one update lost so far");
    app.destroy();
    root.remove();
}
