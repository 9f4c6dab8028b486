//! The status line's notices: what the page has to tell the reader that belongs to no
//! field (a URL value it rejected, why `autorun=1` did not run, the editor failing to load).

use crate::i18n::{Lang, Msg};

/// The messages on the status line, oldest first.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Notices(Vec<Msg>);

impl Notices {
    /// Adds `msg` after those already there.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::i18n::{Lang, Msg};
    /// use asyncio_playground::page::notices::Notices;
    /// let mut n = Notices::default();
    /// n.push(Msg::new("text").arg("text", "one"));
    /// n.push(Msg::new("text").arg("text", "two"));
    /// assert_eq!(n.text(Lang::En), "one; two");
    /// ```
    pub fn push(&mut self, msg: Msg) {
        self.0.push(msg);
    }

    /// The notices `msgs` in place of those there were.
    pub fn replace(&mut self, msgs: Vec<Msg>) {
        self.0 = msgs;
    }

    /// True when there is nothing to say.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The notices in order.
    pub fn iter(&self) -> impl Iterator<Item = &Msg> {
        self.0.iter()
    }

    /// The notices in `lang`, joined with `; ` as the status line shows them.
    pub fn text(&self, lang: Lang) -> String {
        self.0.iter().map(|m| m.text(lang)).collect::<Vec<_>>().join("; ")
    }
}
