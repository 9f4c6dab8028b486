//! No `unsafe` in the crate's sources. `Cargo.toml` denies `unsafe_code` everywhere; the
//! one module that allows it, `src/ui/split.rs`, does so for the expansion of
//! `wasm_split_helpers`' `#[wasm_split]` (its generated import and export), and must itself
//! hold no `unsafe` and no other `allow` of it.
#![cfg(not(target_arch = "wasm32"))]

use std::path::{Path, PathBuf};

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/ is readable").flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a Rust file without its comments and string literals (a crude lexer, enough
/// to tell the keyword from the word in a sentence or a Python template).
fn code_of(text: &str) -> String {
    let (mut out, mut chars) = (String::new(), text.chars().peekable());
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '"' => {
                let mut escaped = false;
                for c in chars.by_ref() {
                    if !escaped && c == '"' {
                        break;
                    }
                    escaped = !escaped && c == '\\';
                }
                out.push_str("\"\"");
            }
            'r' if chars.peek() == Some(&'#') || chars.peek() == Some(&'"') => {
                let mut hashes = 0;
                while chars.peek() == Some(&'#') {
                    chars.next();
                    hashes += 1;
                }
                if chars.peek() == Some(&'"') {
                    chars.next();
                    let end = format!("\"{}", "#".repeat(hashes));
                    let mut seen = String::new();
                    for c in chars.by_ref() {
                        seen.push(c);
                        if seen.ends_with(&end) {
                            break;
                        }
                    }
                    out.push_str("\"\"");
                } else {
                    out.push('r');
                    out.push_str(&"#".repeat(hashes));
                }
            }
            c => out.push(c),
        }
    }
    out
}

#[test]
fn no_source_file_has_unsafe_and_only_the_split_points_allow_its_generated_code() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("src"), &mut files);
    assert!(files.len() > 100, "found the sources: {}", files.len());
    let split = root.join("src/ui/split.rs");
    let mut allowing = Vec::new();
    for file in &files {
        let code = code_of(&std::fs::read_to_string(file).unwrap());
        let words: Vec<&str> = code.split(|c: char| !c.is_alphanumeric() && c != '_').collect();
        assert!(!words.contains(&"unsafe"), "{} has unsafe", file.display());
        if code.contains("allow(unsafe_code)") {
            allowing.push(file.clone());
        }
    }
    assert_eq!(allowing, vec![split], "only the split points allow unsafe_code (for #[wasm_split]'s expansion)");
}

#[test]
fn the_lexer_tells_the_keyword_from_the_word() {
    assert!(code_of("let x = unsafe { 1 };").contains("unsafe"));
    assert!(!code_of("// unsafe\nlet s = \"unsafe\"; let r = r#\"unsafe \"x\"\"#;").contains("unsafe"));
}
