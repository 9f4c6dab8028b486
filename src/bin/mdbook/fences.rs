//! Finding `asyncio-playground` fences in a chapter (with pulldown-cmark, as mdBook parses
//! it) and replacing each with the drop-in element; the book in, the book out. A chapter is
//! read in linear time: one parse, and its lines counted once from fence to fence.

use std::io::Read;

use asyncio_playground::docs::{check_base as check_base_url, parse_lines, script_tag};
use mdbook_preprocessor::book::{Book, BookItem};
use mdbook_preprocessor::{parse_input, MDBOOK_VERSION};
use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};

/// The fence's info string (its first word).
pub const INFO: &str = "asyncio-playground";
/// The preprocessor's table in `book.toml`.
const TABLE: &str = "preprocessor.asyncio-playground";

/// Reads `[context, book]` from stdin and writes the processed book to stdout.
pub fn run_stdin() -> Result<(), String> {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).map_err(|e| format!("mdbook-asyncio-playground: reading stdin: {e}"))?;
    let (ctx, mut book) = parse_input(input.as_bytes()).map_err(|e| format!("mdbook-asyncio-playground: {e:#}"))?;
    if ctx.mdbook_version != MDBOOK_VERSION {
        eprintln!("mdbook-asyncio-playground: warning: built for mdbook {MDBOOK_VERSION}, called by mdbook {}", ctx.mdbook_version);
    }
    if ctx.renderer == "html" {
        let setting = |key: &str| ctx.config.get::<String>(&format!("{TABLE}.{key}")).map_err(|e| format!("{TABLE}.{key}: {e:#}"));
        let (base, bundle) = (setting("base-url")?, setting("bundle")?);
        let base = match bundle.as_deref().map(str::trim).filter(|b| !b.is_empty()) {
            // A base URL set beside it wins: the playground is served from there.
            Some(bundle) if base.as_deref().is_none_or(|b| b.trim().is_empty()) => {
                super::bundle::install(&ctx.root, &ctx.config.book.src, bundle)?;
                Base::Copy
            }
            _ => Base::Url(check_base(base.as_deref())?),
        };
        let src = ctx.config.book.src.display().to_string();
        process_book(&mut book, &base, &src)?;
    }
    serde_json::to_writer(std::io::stdout(), &book).map_err(|e| format!("mdbook-asyncio-playground: writing the book: {e}"))
}

/// Where the chapters find the playground.
pub enum Base {
    /// Served at this URL or path (`base-url`).
    Url(String),
    /// The copy in the book (`bundle`), reached from each chapter by a relative URL.
    Copy,
}

impl Base {
    /// The playground's base as the chapter at `path` (in the source folder) reaches it.
    fn of(&self, path: Option<&std::path::Path>) -> String {
        match self {
            Base::Url(url) => url.clone(),
            Base::Copy => super::bundle::base_for(path.unwrap_or(std::path::Path::new(""))),
        }
    }
}

/// `base-url` must be set (unless `bundle` is), and be an http(s) URL or a path
/// (`docs::check_base`).
fn check_base(base: Option<&str>) -> Result<String, String> {
    let Some(base) = base.map(str::trim).filter(|b| !b.is_empty()) else {
        return Err(format!(
            "[{TABLE}] needs bundle or base-url: bundle = \"node_modules/asyncio-playground\" copies the playground (the npm package, or a build's dist/) into the book; \
             base-url = \"https://your.host/asyncio-playground/\" uses one served there"
        ));
    };
    check_base_url(base).map_err(|why| format!("[{TABLE}] base-url {why}"))
}

/// Rewrites every chapter; all problems of all chapters are reported together.
pub fn process_book(book: &mut Book, base: &Base, src: &str) -> Result<(), String> {
    let mut problems = Vec::new();
    book.for_each_mut(|item| {
        let BookItem::Chapter(ch) = item else { return };
        let path = ch.source_path.as_ref().or(ch.path.as_ref()).map(|p| format!("{src}/{}", p.display())).unwrap_or_else(|| "(no file)".into());
        match rewrite(&ch.content, &base.of(ch.path.as_deref().or(ch.source_path.as_deref()))) {
            Ok(Some(content)) => ch.content = content,
            Ok(None) => {}
            Err(errors) => problems.extend(errors.into_iter().map(|(line, message)| format!("chapter \"{}\" ({path}), line {line}: {message}", ch.name))),
        }
    });
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("mdbook-asyncio-playground: {} problem(s) in asyncio-playground blocks:\n  {}", problems.len(), problems.join("\n  ")))
    }
}

/// A chapter with its fences replaced and the script tag added at its end; `None` if it
/// has no fence. `Err` lists (line in the chapter, message).
pub fn rewrite(content: &str, base: &str) -> Result<Option<String>, Vec<(usize, String)>> {
    let mut blocks = Vec::new(); // (byte range of the whole block, body)
    let mut current: Option<(std::ops::Range<usize>, String)> = None;
    for (event, range) in Parser::new(content).into_offset_iter() {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) if info.split_whitespace().next() == Some(INFO) => {
                current = Some((range, String::new()));
            }
            Event::Text(text) => {
                if let Some((_, body)) = current.as_mut() {
                    body.push_str(&text);
                }
            }
            Event::End(TagEnd::CodeBlock) => blocks.extend(current.take()),
            _ => {}
        }
    }
    if blocks.is_empty() {
        return Ok(None);
    }
    let mut out = String::with_capacity(content.len() + 512 * blocks.len());
    let mut errors = Vec::new();
    let mut at = 0;
    // Lines are counted once through the chapter, from one fence to the next.
    let (mut counted_to, mut line) = (0, 1);
    for (range, body) in &blocks {
        line += content[counted_to..range.start].matches('\n').count();
        counted_to = range.start;
        let fence_line = line;
        match parse_lines(body) {
            Ok(embed) => {
                out.push_str(&content[at..range.start]);
                // One line of HTML, then a blank line so the HTML block ends there.
                out.push_str(&embed.to_html(base));
                out.push_str(if content[range.end..].starts_with('\n') { "\n" } else { "\n\n" });
            }
            Err(found) => errors.extend(found.into_iter().map(|e| (fence_line + e.line, e.message))),
        }
        at = range.end;
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    out.push_str(content[at..].trim_end());
    out.push_str("\n\n");
    out.push_str(&script_tag(base));
    out.push('\n');
    Ok(Some(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    const BASE: &str = "https://play.example/";

    #[test]
    fn only_playground_fences_change_and_the_script_comes_once() {
        let chapter = "# Gather\n\n```python\nasyncio.run(main())\n```\n\n```asyncio-playground\nscenario=gather\ntasks=3\n```\nText right after.\n\n> ```asyncio-playground\n> scenario=sleep\n> ```\n";
        let out = rewrite(chapter, BASE).unwrap().unwrap();
        assert!(out.starts_with("# Gather\n\n```python\nasyncio.run(main())\n```\n\n<div class=\"asyncio-playground\" data-asyncio-playground=\"gather\" data-params=\"tasks=3\">"), "{out}");
        assert!(out.contains("</div>\n\nText right after.\n\n> <div class=\"asyncio-playground\" data-asyncio-playground=\"sleep\""), "{out}");
        assert_eq!(out.matches("static/embed.js").count(), 1);
        assert!(out.trim_end().ends_with("<script src=\"https://play.example/static/embed.js\" defer></script>"));
        assert_eq!(rewrite("```python\nx = 1\n```\n", BASE).unwrap(), None);
        assert_eq!(rewrite("````md\n```asyncio-playground\nscenario=nope\n```\n````\n", BASE).unwrap(), None, "a fence inside another block is text");
    }

    #[test]
    fn errors_carry_the_line_in_the_chapter() {
        let chapter = "# T\n\ntext\n\n```asyncio-playground\nscenario=gather\n\ntasks=0\n```\n\n~~~ asyncio-playground extra words\nscenario=lock\nworkers=2\nuse_lock=maybe\n~~~\n";
        let errors = rewrite(chapter, BASE).unwrap_err();
        assert_eq!(
            errors,
            [(8, "tasks must be a whole number from 1 to 1000 (got \"0\")".to_string()), (14, "use_lock must be true or false (got \"maybe\")".to_string())]
        );
    }

    /// Issue 23: 20 000 fences took 9.1 s (each fence's line counted from the chapter's
    /// start), a 40 000-line fence 14.6 s. Both finish quickly with the right output.
    #[test]
    fn twenty_thousand_fences_and_a_40000_line_fence_are_rewritten_in_linear_time() {
        let mut chapter = String::from("# Many\n\n");
        for i in 0..20_000 {
            chapter.push_str(&format!("Text {i}.\n\n```asyncio-playground\nscenario=lock\nworkers={}\n```\n\n", 1 + i % 50));
        }
        chapter.push_str("```asyncio-playground\nscenario=gather\n");
        for i in 0..40_000 {
            chapter.push_str(&format!("# line {i}\n"));
        }
        chapter.push_str("tasks=3\n```\n");
        let started = std::time::Instant::now();
        let out = rewrite(&chapter, BASE).unwrap().unwrap();
        let took = started.elapsed();
        assert!(took < std::time::Duration::from_secs(5), "{took:?} (9.1 s and 14.6 s before the fix)");
        assert_eq!(out.matches("data-asyncio-playground=\"lock\"").count(), 20_000);
        assert!(out.contains("data-asyncio-playground=\"lock\" data-params=\"workers=50\""));
        assert!(out.contains("data-asyncio-playground=\"gather\" data-params=\"tasks=3\""));
        assert_eq!(out.matches("static/embed.js").count(), 1);
        assert!(!out.contains("```asyncio-playground") && !out.contains("lock-title"));
        assert!(out.contains("Text 19999."));

        // The line of a problem in the 20 000th fence is still right.
        let bad = chapter.replacen("workers=50\n```\n\nText 50.", "workers=0\n```\n\nText 50.", 1);
        let errors = rewrite(&bad, BASE).unwrap_err();
        let line = bad[..bad.find("workers=0").unwrap()].matches('\n').count() + 1;
        assert_eq!(errors, [(line, "workers must be a whole number from 1 to 10000 (got \"0\")".to_string())]);
    }

    #[test]
    fn base_url_is_required_and_checked() {
        assert!(check_base(None).unwrap_err().contains("needs bundle or base-url"));
        assert!(check_base(Some("javascript:alert(1)")).is_err());
        assert!(check_base(Some("https://x.example/\" onload=\"x")).is_err());
        assert_eq!(check_base(Some(" /playground/ ")).unwrap(), "/playground/");
        for bad in ["data:text/html,<script>alert(1)</script>", " JavaScript:alert(1)", "vbscript:x", "/play\u{0}ground/", "https://x.example/\tp"] {
            assert_eq!(
                check_base(Some(bad)).unwrap_err().split(" (got").next(),
                Some("[preprocessor.asyncio-playground] base-url must be an http(s) URL or a path"),
                "{bad:?}"
            );
        }
    }
}
