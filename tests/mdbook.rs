//! The mdBook preprocessor on real `mdbook build`s of `examples/mdbook` (mdbook from
//! `.tools/docs-venv`, installed by scripts/provision.sh, or `$MDBOOK`): fences become
//! playgrounds with one script per chapter, other code is untouched, other renderers keep the
//! fence, and a bad value fails the build with the chapter, the line and the page's message.
#![cfg(not(target_arch = "wasm32"))]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const BASE: &str = "https://play.example/asyncio/";

fn mdbook() -> PathBuf {
    if let Some(m) = std::env::var_os("MDBOOK") {
        return m.into();
    }
    let venv = Path::new(ROOT).join(".tools/docs-venv/bin/mdbook");
    if venv.exists() {
        return venv;
    }
    panic!("no mdbook: run ./scripts/provision.sh (it installs mdbook into .tools/docs-venv) or set MDBOOK");
}

/// `mdbook build` of `book` into `out`, with this crate's preprocessor first on PATH.
fn build(book: &Path, out: &Path, extra_env: &[(&str, &str)]) -> Output {
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_mdbook-asyncio-playground")).parent().unwrap().to_path_buf();
    let path = std::env::join_paths(std::iter::once(bin_dir).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()))).unwrap();
    let mut cmd = Command::new(mdbook());
    cmd.arg("build").arg(book).arg("-d").arg(out).env("PATH", path).env("MDBOOK_PREPROCESSOR__ASYNCIO_PLAYGROUND__BASE_URL", BASE);
    for (k, v) in extra_env {
        cmd.env(k, v);
    }
    cmd.output().expect("mdbook runs")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("asyncio-playground-mdbook-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

fn read(path: PathBuf) -> String {
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn supports_html_only() {
    let bin = env!("CARGO_BIN_EXE_mdbook-asyncio-playground");
    let status = |renderer: &str| Command::new(bin).args(["supports", renderer]).status().unwrap().code();
    assert_eq!(status("html"), Some(0));
    assert_eq!(status("markdown"), Some(1));
    assert_eq!(status("epub"), Some(1));
}

#[test]
fn the_example_book_builds_with_live_playgrounds() {
    let out = temp_dir("ok");
    // A second renderer (markdown) runs too: there the fences must stay as written.
    let run = build(&Path::new(ROOT).join("examples/mdbook"), &out, &[("MDBOOK_OUTPUT__HTML", "{}"), ("MDBOOK_OUTPUT__MARKDOWN", "{}")]);
    assert!(run.status.success(), "mdbook build failed:\n{}", String::from_utf8_lossy(&run.stderr));
    let html = out.join("html");

    let gather = read(html.join("gather.html"));
    assert_eq!(gather.matches("data-asyncio-playground=").count(), 1);
    assert!(gather.contains(r#"data-asyncio-playground="gather" data-params="tasks=3&amp;delay=0.5""#), "{gather}");
    assert!(gather.contains(r#"<a href="https://play.example/asyncio/index.html?scenario=gather&amp;tasks=3&amp;delay=0.5">"#));
    assert_eq!(gather.matches("https://play.example/asyncio/static/embed.js").count(), 1);
    // The Python block is still highlighted code, and no fence text leaked into the page.
    assert!(gather.contains(r#"<code class="language-python">"#));
    assert!(!gather.contains("language-asyncio-playground"));

    let lock = read(html.join("lock.html"));
    assert_eq!(lock.matches("data-asyncio-playground=\"lock\"").count(), 2);
    assert!(lock.contains(r#"data-params="workers=20&amp;use_lock=false&amp;controls=0" data-height="420""#), "{lock}");
    assert_eq!(lock.matches("/static/embed.js").count(), 1, "one script per chapter");

    let reading = read(html.join("reading.html"));
    assert!(!reading.contains("embed.js") && !reading.contains("data-asyncio-playground"));
    assert!(reading.contains("scenario=gather"), "a text block with the same words stays text");

    let markdown = read(out.join("markdown/gather.md"));
    assert!(markdown.contains("```asyncio-playground\nscenario=gather\ntasks=3\ndelay=0.5\n```"), "{markdown}");
    assert!(!markdown.contains("embed.js"));
    let _ = std::fs::remove_dir_all(out);
}

#[test]
fn a_bad_value_fails_the_build_with_chapter_line_and_the_pages_message() {
    let dir = temp_dir("bad");
    let book = dir.join("book");
    copy_dir(&Path::new(ROOT).join("examples/mdbook"), &book);
    let chapter = book.join("src/lock.md");
    let text = read(chapter.clone()).replace("workers=20\nuse_lock=true", "workers=20\nuse_lock=maybe\ntheme=blue");
    std::fs::write(&chapter, &text).unwrap();
    let line_of = |needle: &str| text.lines().position(|l| l == needle).unwrap() + 1;

    let run = build(&book, &dir.join("out"), &[]);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(!run.status.success(), "the build must fail:\n{stderr}");
    // The same sentence the page shows for these values.
    let page_message = asyncio_playground::scenarios::find("lock").unwrap().values([("use_lock", "maybe")]).unwrap_err()[0].message.clone();
    assert!(stderr.contains(&format!("chapter \"Locks\" (src/lock.md), line {}: {page_message}", line_of("use_lock=maybe"))), "{stderr}");
    assert!(
        stderr.contains(&format!("chapter \"Locks\" (src/lock.md), line {}: theme must be one of light, dark, auto (got \"blue\")", line_of("theme=blue"))),
        "{stderr}"
    );
    assert!(!dir.join("out/lock.html").exists(), "nothing is written");

    // Without base-url the build says what to set.
    let run = Command::new(mdbook())
        .arg("build")
        .arg(&book)
        .arg("-d")
        .arg(dir.join("out2"))
        .env("PATH", std::env::join_paths([Path::new(env!("CARGO_BIN_EXE_mdbook-asyncio-playground")).parent().unwrap()]).unwrap())
        .env("MDBOOK_PREPROCESSOR__ASYNCIO_PLAYGROUND__BASE_URL", "")
        .env("MDBOOK_PREPROCESSOR__ASYNCIO_PLAYGROUND__BUNDLE", "")
        .output()
        .unwrap();
    assert!(!run.status.success());
    assert!(String::from_utf8_lossy(&run.stderr).contains("needs bundle or base-url"), "{}", String::from_utf8_lossy(&run.stderr));
    let _ = std::fs::remove_dir_all(dir);
}

/// `bundle`: the playground is copied into the book's source folder, so into the site,
/// without Pyodide or precompressed copies; each chapter reaches it by a relative URL, at any
/// depth; a folder that holds no playground fails the build, naming the setting.
#[test]
fn a_bundle_is_copied_into_the_book_and_each_chapter_reaches_it() {
    let dir = temp_dir("bundle");
    let book = dir.join("book");
    copy_dir(&Path::new(ROOT).join("examples/mdbook"), &book);
    for (path, text) in
        [("index.html", "<!doctype html>"), ("static/embed.js", "// embed"), ("pkg/b1/app.js", "// app"), ("pkg/b1/app.js.br", "x"), ("pyodide/x.wasm", "x")]
    {
        let file = dir.join("playground").join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, text).unwrap();
    }
    std::fs::create_dir_all(book.join("src/deep/er")).unwrap();
    std::fs::write(book.join("src/deep/er/page.md"), "# Deep\n\n```asyncio-playground\nscenario=lock\nworkers=5\n```\n").unwrap();
    let summary = read(book.join("src/SUMMARY.md")) + "- [Deep](deep/er/page.md)\n";
    std::fs::write(book.join("src/SUMMARY.md"), summary).unwrap();
    let bundle = [("MDBOOK_PREPROCESSOR__ASYNCIO_PLAYGROUND__BASE_URL", ""), ("MDBOOK_PREPROCESSOR__ASYNCIO_PLAYGROUND__BUNDLE", "../playground")];

    let run = build(&book, &dir.join("out"), &bundle);
    assert!(run.status.success(), "mdbook build failed:\n{}", String::from_utf8_lossy(&run.stderr));
    let site = dir.join("out");
    for file in ["index.html", "static/embed.js", "pkg/b1/app.js"] {
        assert!(site.join("asyncio-playground").join(file).is_file(), "the site has no asyncio-playground/{file}");
    }
    assert!(!site.join("asyncio-playground/pyodide").exists() && !site.join("asyncio-playground/pkg/b1/app.js.br").exists());
    let gather = read(site.join("gather.html"));
    assert!(gather.contains(r#"<script src="asyncio-playground/static/embed.js" defer"#), "{gather}");
    assert!(gather.contains(r#"<a href="asyncio-playground/index.html?scenario=gather&amp;tasks=3&amp;delay=0.5">"#), "{gather}");
    let deep = read(site.join("deep/er/page.html"));
    assert!(deep.contains(r#"<script src="../../asyncio-playground/static/embed.js" defer"#), "{deep}");

    // A folder with no playground in it is named.
    let run = build(&book, &dir.join("out2"), &[bundle[0], ("MDBOOK_PREPROCESSOR__ASYNCIO_PLAYGROUND__BUNDLE", "src")]);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(!run.status.success() && stderr.contains("bundle = \"src\"") && stderr.contains("holds no playground"), "{stderr}");
    let _ = std::fs::remove_dir_all(dir);
}
