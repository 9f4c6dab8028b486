//! A small Python syntax highlighter for the program panel: comments, strings (f-strings
//! included), numbers, keywords and builtins become `<span class="py-…">`.

use yew::{html, Html};

const KEYWORDS: &[&str] = &[
    "and", "as", "async", "await", "break", "class", "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
    "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield", "None", "True", "False",
];
const BUILTINS: &[&str] =
    &["print", "range", "len", "str", "int", "float", "round", "type", "isinstance", "list", "sum", "min", "max", "repr", "super", "self"];

/// A token's class, or `None` for plain text.
fn class_of(word: &str) -> Option<&'static str> {
    if KEYWORDS.contains(&word) {
        Some("py-kw")
    } else if BUILTINS.contains(&word) {
        Some("py-builtin")
    } else if word.chars().next().is_some_and(|c| c.is_ascii_digit()) {
        Some("py-num")
    } else {
        None
    }
}

/// Splits Python source into (class, text) tokens.
pub fn tokens(src: &str) -> Vec<(Option<&'static str>, String)> {
    let chars: Vec<char> = src.chars().collect();
    let mut out: Vec<(Option<&'static str>, String)> = Vec::new();
    let mut plain = String::new();
    let mut i = 0;
    let flush = |plain: &mut String, out: &mut Vec<(Option<&'static str>, String)>| {
        if !plain.is_empty() {
            out.push((None, std::mem::take(plain)));
        }
    };
    while i < chars.len() {
        let c = chars[i];
        if c == '#' {
            flush(&mut plain, &mut out);
            let end = chars[i..].iter().position(|&c| c == '\n').map_or(chars.len(), |p| i + p);
            out.push((Some("py-comment"), chars[i..end].iter().collect()));
            i = end;
        } else if c == '"' || c == '\'' || ((c == 'f' || c == 'r' || c == 'b') && matches!(chars.get(i + 1), Some('"') | Some('\''))) {
            flush(&mut plain, &mut out);
            let start = i;
            if c != '"' && c != '\'' {
                i += 1;
            }
            let quote = chars[i];
            let triple = chars.get(i + 1) == Some(&quote) && chars.get(i + 2) == Some(&quote);
            i += if triple { 3 } else { 1 };
            while i < chars.len() {
                if chars[i] == '\\' {
                    i += 2;
                    continue;
                }
                if chars[i] == quote && (!triple || (chars.get(i + 1) == Some(&quote) && chars.get(i + 2) == Some(&quote))) {
                    i += if triple { 3 } else { 1 };
                    break;
                }
                if chars[i] == '\n' && !triple {
                    break;
                }
                i += 1;
            }
            out.push((Some("py-str"), chars[start..i.min(chars.len())].iter().collect()));
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_' || (chars[i] == '.' && chars[start].is_ascii_digit())) {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            match class_of(&word) {
                Some(class) => {
                    flush(&mut plain, &mut out);
                    out.push((Some(class), word));
                }
                None => plain.push_str(&word),
            }
        } else if c == '@' && (i == 0 || chars[i - 1] == '\n') {
            flush(&mut plain, &mut out);
            let end = chars[i..].iter().position(|&c| c == '\n').map_or(chars.len(), |p| i + p);
            out.push((Some("py-deco"), chars[i..end].iter().collect()));
            i = end;
        } else {
            plain.push(c);
            i += 1;
        }
    }
    flush(&mut plain, &mut out);
    out
}

/// The source as highlighted HTML spans.
pub fn highlight(src: &str) -> Html {
    tokens(src)
        .into_iter()
        .map(|(class, text)| match class {
            Some(class) => html! { <span class={class}>{ text }</span> },
            None => html! { { text } },
        })
        .collect()
}
