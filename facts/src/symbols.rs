//! Interned strings. The code objects of each module are lowered with their
//! own [`Symbols`] table (local numbers, in first-use order); merging the tables
//! in module order gives global numbers in first-use order over the whole
//! package, so the numbering does not depend on how many threads lowered them.

use std::sync::Arc;

use rustc_hash::FxHashMap;

/// Texts are shared (`Arc`) between a table, its index and the tables that
/// absorb it: each distinct text of a module is copied once.
#[derive(Clone, Debug, Default)]
pub struct Symbols {
    texts: Vec<Arc<str>>,
    ids: FxHashMap<Arc<str>, u32>,
}

impl Symbols {
    pub fn new() -> Symbols {
        Symbols::default()
    }

    /// The symbol of `text`, numbered on first use.
    pub fn intern(&mut self, text: &str) -> u32 {
        match self.ids.get(text) {
            Some(&id) => id,
            None => self.insert(Arc::from(text)),
        }
    }

    /// [`Symbols::intern`] for a text that is already shared.
    fn intern_shared(&mut self, text: &Arc<str>) -> u32 {
        match self.ids.get(&**text) {
            Some(&id) => id,
            None => self.insert(Arc::clone(text)),
        }
    }

    fn insert(&mut self, text: Arc<str>) -> u32 {
        let id = self.texts.len() as u32;
        self.texts.push(Arc::clone(&text));
        self.ids.insert(text, id);
        id
    }

    pub fn text(&self, id: u32) -> Option<&str> {
        self.texts.get(id as usize).map(|t| &**t)
    }

    /// The symbol of `text`, if it has one.
    pub fn id(&self, text: &str) -> Option<u32> {
        self.ids.get(text).copied()
    }

    pub fn len(&self) -> usize {
        self.texts.len()
    }

    pub fn is_empty(&self) -> bool {
        self.texts.is_empty()
    }

    /// Every symbol in number order.
    pub fn iter(&self) -> impl Iterator<Item = (u32, &str)> {
        self.texts.iter().enumerate().map(|(i, t)| (i as u32, &**t))
    }

    /// Interns every symbol of `local` here, in its order; returns local → global.
    pub fn absorb(&mut self, local: &Symbols) -> Vec<u32> {
        local.texts.iter().map(|t| self.intern_shared(t)).collect()
    }
}

/// A symbol's text as a TSV field: tab, newline, carriage return and backslash escaped.
pub fn escape_tsv(text: &str) -> String {
    let mut out = Vec::with_capacity(text.len());
    push_escaped_tsv(&mut out, text);
    // Only ASCII bytes were replaced by ASCII escapes: still UTF-8.
    String::from_utf8(out).unwrap_or_default()
}

/// Appends [`escape_tsv`]`(text)` to `out`.
pub fn push_escaped_tsv(out: &mut Vec<u8>, text: &str) {
    let mut rest = text.as_bytes();
    // Plain runs are copied whole; the four escaped characters are ASCII, so a
    // byte search never splits a multi-byte character.
    while let Some(at) = rest.iter().position(|b| matches!(b, b'\\' | b'\t' | b'\n' | b'\r')) {
        out.extend_from_slice(&rest[..at]);
        out.extend_from_slice(match rest[at] {
            b'\\' => b"\\\\",
            b'\t' => b"\\t",
            b'\n' => b"\\n",
            _ => b"\\r",
        });
        rest = &rest[at + 1..];
    }
    out.extend_from_slice(rest);
}

/// The text of a TSV field written by [`escape_tsv`]; an unknown escape or a
/// lone trailing backslash is an error.
pub fn unescape_tsv(field: &str) -> Result<String, String> {
    let mut out = String::with_capacity(field.len());
    let mut chars = field.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('\\') => out.push('\\'),
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some(other) => return Err(format!("unknown escape `\\{other}`")),
            None => return Err("a backslash ends the field".into()),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_use_order_and_merge() {
        let mut a = Symbols::new();
        assert_eq!(a.intern("x"), 0);
        assert_eq!(a.intern("y"), 1);
        assert_eq!(a.intern("x"), 0);
        let mut b = Symbols::new();
        b.intern("y");
        b.intern("z");
        let mut global = Symbols::new();
        assert_eq!(global.absorb(&a), vec![0, 1]);
        assert_eq!(global.absorb(&b), vec![1, 2]);
        assert_eq!(global.text(2), Some("z"));
    }

    #[test]
    fn escapes() {
        assert_eq!(escape_tsv("a\tb\\n\nc"), "a\\tb\\\\n\\nc");
    }

    #[test]
    fn unescapes_what_it_escapes() {
        for text in ["", "plain", "a\tb\\n\nc\r", "\\", "é\t€"] {
            assert_eq!(unescape_tsv(&escape_tsv(text)).as_deref(), Ok(text));
        }
        assert!(unescape_tsv("a\\x").is_err());
        assert!(unescape_tsv("a\\").is_err());
    }
}
