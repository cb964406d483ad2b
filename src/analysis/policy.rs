//! The rule set a run solves and, for `selective`, its policy file: which
//! functions get which sensitivity attributes (paper §3.4, Appendix C).
//!
//! ```json
//! {"functions": [
//!   {"function": "main.bind", "attributes": ["context"]},
//!   {"code": 7, "attributes": ["context"]}
//! ]}
//! ```
//!
//! A function is named in full as the call graph names it (`main.Guard.__enter__`) or
//! by a last part only one function has (`bind`), or by its code object id (`code`
//! in the database and the facts). Schema: `docs/policy.schema.json`. A malformed
//! file, an unknown function or an unknown attribute is an error naming the entry.

use std::path::{Path, PathBuf};

use cpyg_rules::context::Attribute;
use cpyg_rules::RuleSet;
use serde::Deserialize;

use super::names::{by_name_or_last_part, Names};

/// A rule set and, for `selective`, the policy file it reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    pub set: RuleSet,
    pub policy: Option<PathBuf>,
}

impl From<RuleSet> for Rules {
    fn from(set: RuleSet) -> Rules {
        Rules { set, policy: None }
    }
}

impl From<&Rules> for Rules {
    fn from(rules: &Rules) -> Rules {
        rules.clone()
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PolicyFile {
    functions: Vec<Entry>,
    /// How `cpyg policy --propose` chose the entries (read as a note, not used).
    #[serde(default, rename = "proposed")]
    _proposed: Option<serde_json::Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    function: Option<String>,
    code: Option<u32>,
    attributes: Vec<String>,
    /// Why `cpyg policy --propose` chose the entry, and at what estimated cost (notes).
    #[serde(default, rename = "reason")]
    _reason: Option<String>,
    #[serde(default, rename = "estimated_cost")]
    _estimated_cost: Option<u64>,
}

impl Rules {
    /// `set` with the policy file `policy` (only `selective` reads one).
    pub fn new(set: RuleSet, policy: Option<PathBuf>) -> Result<Rules, crate::Error> {
        match (set, &policy) {
            (RuleSet::Selective, None) => Err(crate::Error::Usage(
                "--rules selective needs --policy FILE.json (format: docs/policy.schema.json)".into(),
            )),
            (RuleSet::Selective, Some(_)) | (_, None) => Ok(Rules { set, policy }),
            (other, Some(_)) => Err(crate::Error::Usage(format!(
                "--policy is read by --rules selective only, not by --rules {}",
                other.name()
            ))),
        }
    }

    /// The attributes the policy gives code objects, names resolved (none without a policy).
    pub fn policy_rows(&self, names: &Names) -> Result<Vec<(u32, Attribute)>, crate::Error> {
        match &self.policy {
            None => Ok(Vec::new()),
            Some(path) => read_policy(path, names),
        }
    }
}

fn read_policy(path: &Path, names: &Names) -> Result<Vec<(u32, Attribute)>, crate::Error> {
    let fail = |message: String| crate::Error::Input(format!("{}: {message}", path.display()));
    let text = std::fs::read_to_string(path).map_err(|e| fail(e.to_string()))?;
    let file: PolicyFile = serde_json::from_str(&text).map_err(|e| fail(format!("not a policy: {e}")))?;
    let mut rows = Vec::new();
    for (index, entry) in file.functions.iter().enumerate() {
        let which = match (&entry.function, entry.code) {
            (Some(name), None) => format!("entry {} (\"{name}\")", index + 1),
            (None, Some(code)) => format!("entry {} (code {code})", index + 1),
            _ => format!("entry {}", index + 1),
        };
        // Every code object of that name: a function defined twice (`if ...: def f` / `else: def f`) has two.
        let codes: Vec<u32> = match (&entry.function, entry.code) {
            (Some(name), None) => {
                let full = by_name_or_last_part(names.code.iter().map(String::as_str), name, "function", "code object")
                    .map_err(|e| fail(format!("{which}: {e}")))?;
                (0..names.code.len() as u32).filter(|&c| names.code[c as usize] == full).collect()
            }
            (None, Some(code)) if (code as usize) < names.code.len() => vec![code],
            (None, Some(code)) => {
                return Err(fail(format!("{which}: no code object {code} (there are {})", names.code.len())));
            }
            _ => return Err(fail(format!("{which}: give either `function` or `code`"))),
        };
        if entry.attributes.is_empty() {
            return Err(fail(format!("{which}: no attributes")));
        }
        for attribute in &entry.attributes {
            let known = Attribute::ALL.iter().copied().find(|a| a.name() == attribute);
            let attribute = known.ok_or_else(|| {
                let names: Vec<&str> = Attribute::ALL.iter().map(|a| a.name()).collect();
                let later = if attribute == "path" { " (not implemented yet)" } else { "" };
                fail(format!("{which}: unknown attribute `{attribute}`{later}; known: {}", names.join(", ")))
            })?;
            rows.extend(codes.iter().map(|&code| (code, attribute)));
        }
    }
    rows.sort_unstable();
    rows.dedup();
    Ok(rows)
}
