//! A scenario's Python program as text, with named lines.
//!
//! A scenario writes its Python as a template in which a line may end with anchors,
//! `⟦name⟧`. [`Source::from_marked`] removes them and remembers the line each one marked, so
//! the scenario's Rust program can say where it is ([`Source::at`]) in terms of the text
//! the page shows — whatever the parameters did to the line numbers. The CPython harness
//! checks those lines against CPython's own frames.
//!
//! A line may also carry `⟦?⟧`: what follows it on that line (a comment such as
//! `# ~5 seconds`) states the outcome, and [`Source::text_while_asking`] leaves it out while
//! Predict first asks.

use crate::runtime::{at, Code};

const OPEN: char = '⟦';
const CLOSE: char = '⟧';
/// The anchor that starts an outcome hint, to the end of its line.
const HINT: &str = "?";

/// A rendered program and the lines its anchors marked.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Source {
    /// The program as shown (anchors removed).
    pub text: String,
    anchors: Vec<(String, u32)>,
    /// The byte ranges of `text` that state the outcome (see [`Source::text_while_asking`]).
    hints: Vec<(usize, usize)>,
}

impl Source {
    /// Removes the anchors from `marked`, recording the 1-based line of each.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::scenarios::Source;
    /// let src = Source::from_marked("import asyncio\nawait asyncio.sleep(1)⟦sleep⟧\n");
    /// assert_eq!(src.text, "import asyncio\nawait asyncio.sleep(1)\n");
    /// assert_eq!(src.line("sleep"), 2);
    /// ```
    pub fn from_marked(marked: &str) -> Source {
        let mut text = String::with_capacity(marked.len());
        let mut anchors = Vec::new();
        let mut hints = Vec::new();
        for (i, line) in marked.split_inclusive('\n').enumerate() {
            let mut rest = line;
            let mut hint = None;
            while let Some(open) = rest.find(OPEN) {
                text.push_str(&rest[..open]);
                let after = &rest[open + OPEN.len_utf8()..];
                match after.find(CLOSE) {
                    Some(close) if &after[..close] == HINT => {
                        hint = Some(text.len());
                        rest = &after[close + CLOSE.len_utf8()..];
                    }
                    Some(close) => {
                        anchors.push((after[..close].to_string(), i as u32 + 1));
                        rest = &after[close + CLOSE.len_utf8()..];
                    }
                    None => {
                        rest = after;
                    }
                }
            }
            text.push_str(rest);
            if let Some(start) = hint {
                hints.push((start, text.trim_end_matches('\n').len()));
            }
        }
        Source { text, anchors, hints }
    }

    /// The program as shown while Predict first asks: without the comments that state the
    /// outcome (marked `⟦?⟧`), on the same lines.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::scenarios::Source;
    /// let src = Source::from_marked("await sequential()⟦?⟧  # ~5 seconds⟦main⟧\nprint(1)\n");
    /// assert_eq!(src.text, "await sequential()  # ~5 seconds\nprint(1)\n");
    /// assert_eq!(src.text_while_asking(), "await sequential()\nprint(1)\n");
    /// assert_eq!(src.line("main"), 1);
    /// ```
    pub fn text_while_asking(&self) -> String {
        let mut out = String::with_capacity(self.text.len());
        let mut from = 0;
        for &(start, end) in &self.hints {
            out.push_str(&self.text[from..start]);
            from = end;
        }
        out.push_str(&self.text[from..]);
        out
    }

    /// A program without anchors, its text taken as it is (a learner's own program).
    pub fn plain(text: &str) -> Source {
        Source { text: text.to_string(), anchors: Vec::new(), hints: Vec::new() }
    }

    /// The line `anchor` marks (0 if there is no such anchor: a line the page cannot show).
    pub fn line(&self, anchor: &str) -> u32 {
        self.anchors.iter().find(|(name, _)| name == anchor).map_or(0, |(_, line)| *line)
    }

    /// The running task is now on the line `anchor` marks (nothing, when this program has no
    /// such line: a line some variants render only).
    pub fn at(&self, anchor: &str) {
        let line = self.line(anchor);
        if line != 0 {
            at(line);
        }
    }

    /// The coroutine function `func`, whose `def` line carries the anchor `func`, with the
    /// line of its body's first statement.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::scenarios::Source;
    /// let src = Source::from_marked("async def f(a,\n        b):⟦f⟧\n    \"\"\"Doc.\"\"\"\n\n    # note\n    await g()\n");
    /// assert_eq!((src.code("f").line, src.code("f").body), (2, 6));
    /// ```
    pub fn code(&self, func: &'static str) -> Code {
        let line = self.line(func);
        Code::new(func, line).with_body(if line == 0 { 0 } else { self.first_statement_after(line) })
    }

    /// The first line after the `def` on `def_line` that is a statement: not blank, not a
    /// comment, not the docstring (0 if there is none). The `def` itself may span lines up
    /// to the one ending in `:`.
    fn first_statement_after(&self, def_line: u32) -> u32 {
        let lines: Vec<&str> = self.text.lines().collect();
        let mut i = def_line as usize - 1;
        while i < lines.len() && !lines[i].trim_end().ends_with(':') {
            i += 1;
        }
        let mut docstring_possible = true;
        let mut in_docstring: Option<&str> = None;
        for (n, raw) in lines.iter().enumerate().skip(i + 1) {
            let line = raw.trim();
            if let Some(quote) = in_docstring {
                if line.contains(quote) {
                    in_docstring = None;
                }
                continue;
            }
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if docstring_possible {
                docstring_possible = false;
                if let Some(quote) = ["\"\"\"", "'''"].into_iter().find(|q| line.starts_with(q)) {
                    if !line[3..].contains(quote) {
                        in_docstring = Some(quote);
                    }
                    continue;
                }
            }
            return n as u32 + 1;
        }
        0
    }

    /// Every anchor and its line.
    pub fn anchors(&self) -> impl Iterator<Item = (&str, u32)> {
        self.anchors.iter().map(|(n, l)| (n.as_str(), *l))
    }

    /// The text of line `line` (1-based), without its indentation.
    pub fn line_text(&self, line: u32) -> &str {
        line.checked_sub(1).and_then(|i| self.text.lines().nth(i as usize)).map_or("", str::trim)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn while_asking_no_program_states_its_outcome_and_every_line_stays_where_it_was() {
        let mut hidden = 0;
        for s in crate::scenarios::all() {
            for (name, value) in [("", ""), ("use_lock", "true"), ("variant", "forgot_await"), ("variant", "blocking_driver"), ("variant", "cpu_bound")] {
                let Ok(v) = s.values((!name.is_empty()).then_some((name, value))) else { continue };
                let src = s.source(&v);
                let asking = src.text_while_asking();
                assert_eq!(asking.lines().count(), src.text.lines().count(), "{}", s.id);
                for (a, b) in src.text.lines().zip(asking.lines()) {
                    assert!(a.starts_with(b), "{}: only a line's end goes: {a:?} -> {b:?}", s.id);
                    hidden += usize::from(a != b);
                }
                for giveaway in ["# ~", "updates were lost", "never less", "body does not run", "requests run one after another", "nothing else runs"] {
                    assert!(!asking.contains(giveaway), "{} {name}={value}: {giveaway:?} shown while asking", s.id);
                }
            }
        }
        assert!(hidden >= 6, "{hidden} comments hidden");
    }

    #[test]
    fn several_anchors_on_one_line_and_none_left_in_the_text() {
        let src = Source::from_marked("a⟦x⟧⟦y⟧\nb\nc⟦z⟧");
        assert_eq!(src.text, "a\nb\nc");
        assert_eq!((src.line("x"), src.line("y"), src.line("z"), src.line("missing")), (1, 1, 3, 0));
        assert_eq!(src.line_text(3), "c");
    }
}
