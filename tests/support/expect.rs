//! The `expect.txt` format of the analysis test programs: one assertion a line,
//! `#` starts a comment.
//!
//! ```text
//! edge CALLER -> CALLEE            the call graph has this edge
//! !edge CALLER -> CALLEE           it does not
//! calls CALLER -> CALLEE ...       CALLER's callees are exactly these (maybe none)
//! pts SCOPE NAME -> KIND TARGET    NAME in SCOPE may point to the object
//! !pts SCOPE NAME -> KIND TARGET   it never does
//! cfg FUNC LINE -> TO KIND          FUNC's CFG has an edge of KIND from a block with an
//!                                   instruction on LINE to a block with one on line TO,
//!                                   or to the synthetic exit when TO is `exit`
//! !cfg FUNC LINE -> TO [KIND]       it has none (of KIND, or of any kind); TO may be `*`
//! cdg FUNC LINE -> LINE2 OUTCOME    a block with an instruction on LINE controls one with
//!                                   an instruction on LINE2, with OUTCOME
//! !cdg FUNC LINE -> LINE2 [OUTCOME] it does not (with OUTCOME, or with any); LINE2 may be `*`
//! ddg FROM -> TO KIND              the data-dependence graph has an edge of KIND from a
//!                                   node at FROM to a node at TO; an end is `FUNC:LINE`
//!                                   (an instruction of FUNC on LINE) or `FUNC(NAME)`
//!                                   (FUNC's parameter NAME as the frame starts)
//! !ddg FROM -> TO [KIND]            it has none (of KIND, or of any kind)
//! slice LINE -> LINE2 [full]        a value on LINE2 of main.py depends on one on LINE,
//!                                   through any chain of dependences: LINE2 is in the
//!                                   thin (or full) forward slice from LINE; under a
//!                                   contextual rule set, a context-sensitive one
//! !slice LINE -> LINE2 [full]       it is not
//! roots modules|public|all|auto     where the analysis starts (`--roots`; `auto`: as
//!                                   chosen for the package; module bodies when absent)
//! entry FUNCTION                    a function called from outside (`--entry`)
//! rules NAME                        the assertions below it hold under this rule set
//!                                   (`insensitive` above the first such line)
//! ~edge CALLER -> CALLEE            the rule set reports this edge, and it is spurious: a
//!                                   run never takes it (what a more precise set removes)
//! ~pts SCOPE NAME -> KIND TARGET    likewise for a points-to fact
//! ```
//!
//! CFG kinds and CDG outcomes are the CFG's edge kinds (`normal`, `true`, `false`,
//! `exception`, `resume`, `synthetic`); FUNC is a function as the call graph names it,
//! and its comprehensions and generator expressions count as part of it (as in the
//! call graph), since 3.12+ inlines comprehensions that older releases compile apart.
//! A line that no block of FUNC holds fails the assertion, `!` or not.
//!
//! Objects are described as `Analysis::points_to` describes them: `function main.f`,
//! `class main.A`, `instance main.A`, `module pkg.mod`, `bound main.A.m`,
//! `external os.path`, `list main.f` (also `tuple`, `dict`, `set`), `const int`.

use std::collections::BTreeSet;
use std::fmt;

/// The kinds of object an assertion may name (the first word of a description).
pub const OBJECT_KINDS: [&str; 11] =
    ["function", "class", "instance", "module", "bound", "external", "list", "tuple", "dict", "set", "const"];

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Assertion {
    /// `edge` (present) or `!edge`.
    Edge { caller: String, callee: String, present: bool },
    /// `calls`: the exact callee set.
    Calls { caller: String, callees: BTreeSet<String> },
    /// `pts` (present) or `!pts`; `object` is a whole description such as `function main.f`.
    PointsTo { scope: String, name: String, object: String, present: bool },
    /// `cfg` (present, with a kind) or `!cfg` (kind optional).
    Cfg { function: String, from: u32, to: Target, kind: Option<String>, present: bool },
    /// `cdg` (present, with an outcome) or `!cdg` (outcome optional); `dependent` is
    /// never [`Target::Exit`].
    Cdg { function: String, controller: u32, dependent: Target, outcome: Option<String>, present: bool },
    /// `ddg` (present, with a kind) or `!ddg` (kind optional).
    Ddg { from: DdgEnd, to: DdgEnd, kind: Option<String>, present: bool },
    /// `slice` (present) or `!slice`: the forward slice from line `from` (thin unless `full`)
    /// reaches line `to`.
    Slice { from: u32, to: u32, full: bool, present: bool },
}

/// An end of a `ddg` assertion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DdgEnd {
    /// `FUNC:LINE`.
    Line { function: String, line: u32 },
    /// `FUNC(NAME)`.
    Param { function: String, name: String },
}

impl DdgEnd {
    fn parse(word: &str) -> Result<DdgEnd, String> {
        if let Some((function, rest)) = word.split_once('(') {
            let name = rest.strip_suffix(')').ok_or_else(|| format!("`{word}` is not FUNC(NAME)"))?;
            return Ok(DdgEnd::Param { function: function.into(), name: name.into() });
        }
        let (function, line) =
            word.rsplit_once(':').ok_or_else(|| format!("`{word}` is not FUNC:LINE or FUNC(NAME)"))?;
        Ok(DdgEnd::Line { function: function.into(), line: parse_line(line)? })
    }
}

impl Assertion {
    /// `cfg`, `!cfg`, `cdg` or `!cdg`: checked against the control products.
    pub fn is_control(&self) -> bool {
        matches!(self, Assertion::Cfg { .. } | Assertion::Cdg { .. })
    }

    /// `ddg`, `!ddg`, `slice` or `!slice`: checked against the data-dependence graph.
    pub fn is_ddg(&self) -> bool {
        matches!(self, Assertion::Ddg { .. } | Assertion::Slice { .. })
    }
}

/// The far end of a `cfg` or `cdg` assertion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Line(u32),
    /// The synthetic exit (`exit`).
    Exit,
    /// Any block (`*`, only in `!cfg` and `!cdg`).
    Any,
}

/// One assertion and where it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expectation {
    /// 1-based line number in the file.
    pub line: usize,
    /// The assertion as written, comment removed.
    pub text: String,
    pub assertion: Assertion,
    /// The rule set the assertion is about.
    pub rules: cpyg_rules::RuleSet,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// Where a case's analysis starts.
pub type Start = cpyg::analysis::roots::Start;

/// Parses a whole file: its `roots` and `entry` lines, then its assertions.
pub fn parse_case(text: &str) -> Result<(Start, Vec<Expectation>), Vec<ParseError>> {
    use cpyg::analysis::roots::RootMode;
    let mut start = Start::modules();
    // (first line, rule set) of each `rules` section.
    let mut sections = vec![(0, cpyg_rules::RuleSet::Insensitive)];
    let mut rest = String::new();
    let mut errors = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let content = raw.split('#').next().unwrap_or("").trim();
        let directive = content.split_once(char::is_whitespace);
        match directive {
            Some(("roots", mode)) => {
                start.mode = match mode.trim() {
                    "modules" => Some(RootMode::Modules),
                    "public" => Some(RootMode::Public),
                    "all" => Some(RootMode::All),
                    "auto" => None,
                    other => {
                        let message = format!("unknown roots `{other}` (expected modules, public, all or auto)");
                        errors.push(ParseError { line: index + 1, message });
                        continue;
                    }
                };
                // Keep line numbers: the directive's line stays, blank.
                rest.push('\n');
            }
            Some(("entry", function)) => {
                start.entries.push(function.trim().to_string());
                rest.push('\n');
            }
            Some(("rules", name)) => {
                match cpyg_rules::RuleSet::from_name(name.trim()) {
                    Ok(rules) => sections.push((index + 1, rules)),
                    Err(error) => errors.push(ParseError { line: index + 1, message: error.to_string() }),
                }
                rest.push('\n');
            }
            _ => {
                rest.push_str(raw);
                rest.push('\n');
            }
        }
    }
    let expectations = parse(&rest).map(|mut expectations| {
        for e in &mut expectations {
            e.rules = sections.iter().rev().find(|(from, _)| *from < e.line).map_or(e.rules, |s| s.1);
            if e.rules != cpyg_rules::RuleSet::Insensitive {
                e.text = format!("{}  (rules {})", e.text, e.rules.name());
            }
        }
        expectations
    });
    match (expectations, errors.is_empty()) {
        (Ok(expectations), true) => Ok((start, expectations)),
        (Ok(_), false) => Err(errors),
        (Err(mut more), _) => {
            errors.append(&mut more);
            errors.sort_by_key(|e| e.line);
            Err(errors)
        }
    }
}

/// Parses a whole file of assertions; every malformed line is reported, not only the first.
pub fn parse(text: &str) -> Result<Vec<Expectation>, Vec<ParseError>> {
    let mut expectations = Vec::new();
    let mut errors = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        match parse_assertion(content) {
            Ok(assertion) => expectations.push(Expectation {
                line,
                text: content.to_string(),
                assertion,
                rules: cpyg_rules::RuleSet::Insensitive,
            }),
            Err(message) => errors.push(ParseError { line, message }),
        }
    }
    if errors.is_empty() {
        Ok(expectations)
    } else {
        Err(errors)
    }
}

/// One assertion, without comment or surrounding blanks.
pub fn parse_assertion(content: &str) -> Result<Assertion, String> {
    let (keyword, rest) = content.split_once(char::is_whitespace).unwrap_or((content, ""));
    // A spurious fact is reported like any other; only a run tells it apart.
    let keyword = match keyword {
        "~edge" => "edge",
        "~pts" => "pts",
        other => other,
    };
    let (left, right) = rest.split_once("->").ok_or_else(|| format!("`{keyword}` needs `->` between its two sides"))?;
    let left: Vec<&str> = left.split_whitespace().collect();
    let right: Vec<&str> = right.split_whitespace().collect();
    match keyword {
        "edge" | "!edge" => {
            let [caller] = left[..] else { return Err(words_error(keyword, "one caller", &left)) };
            let [callee] = right[..] else { return Err(words_error(keyword, "one callee", &right)) };
            Ok(Assertion::Edge { caller: caller.into(), callee: callee.into(), present: keyword == "edge" })
        }
        "calls" => {
            let [caller] = left[..] else { return Err(words_error(keyword, "one caller", &left)) };
            let callees: BTreeSet<String> = right.iter().map(|c| c.to_string()).collect();
            if callees.len() != right.len() {
                return Err("`calls` lists a callee twice".into());
            }
            Ok(Assertion::Calls { caller: caller.into(), callees })
        }
        "pts" | "!pts" => {
            let [scope, name] = left[..] else { return Err(words_error(keyword, "a scope and a name", &left)) };
            let object = parse_object(&right)?;
            Ok(Assertion::PointsTo { scope: scope.into(), name: name.into(), object, present: keyword == "pts" })
        }
        "cfg" | "!cfg" | "cdg" | "!cdg" => {
            let present = !keyword.starts_with('!');
            let cfg = keyword.ends_with("cfg");
            let [function, from] = left[..] else { return Err(words_error(keyword, "a function and a line", &left)) };
            let from = parse_line(from)?;
            let (to, kind) = end_and_kind(keyword, present, "a target", &right)?;
            let to = match to {
                "exit" if cfg => Target::Exit,
                "*" if !present => Target::Any,
                line => Target::Line(parse_line(line)?),
            };
            if let Some(kind) = kind {
                if !cpyg_control::EdgeKind::ALL.iter().any(|k| k.name() == kind) {
                    let names: Vec<&str> = cpyg_control::EdgeKind::ALL.iter().map(|k| k.name()).collect();
                    return Err(format!("unknown kind `{kind}` (expected one of {})", names.join(", ")));
                }
            }
            let (function, kind) = (function.to_string(), kind.map(String::from));
            Ok(if cfg {
                Assertion::Cfg { function, from, to, kind, present }
            } else {
                Assertion::Cdg { function, controller: from, dependent: to, outcome: kind, present }
            })
        }
        "ddg" | "!ddg" => {
            let present = keyword == "ddg";
            let [from] = left[..] else { return Err(words_error(keyword, "one node", &left)) };
            let (to, kind) = end_and_kind(keyword, present, "a node", &right)?;
            if let Some(kind) = kind {
                if cpyg_ddg::Kind::from_name(kind).is_none() {
                    let names: Vec<&str> = cpyg_ddg::Kind::ALL.iter().map(|k| k.name()).collect();
                    return Err(format!("unknown kind `{kind}` (expected one of {})", names.join(", ")));
                }
            }
            Ok(Assertion::Ddg {
                from: DdgEnd::parse(from)?,
                to: DdgEnd::parse(to)?,
                kind: kind.map(String::from),
                present,
            })
        }
        "slice" | "!slice" => {
            let [from] = left[..] else { return Err(words_error(keyword, "a line", &left)) };
            let (to, full) = match right[..] {
                [to] => (to, false),
                [to, "full"] => (to, true),
                _ => return Err(words_error(keyword, "a line, then `full` or nothing", &right)),
            };
            Ok(Assertion::Slice { from: parse_line(from)?, to: parse_line(to)?, full, present: keyword == "slice" })
        }
        _ => Err(format!(
            "unknown assertion `{keyword}` (expected edge, !edge, calls, pts, !pts, cfg, !cfg, cdg, !cdg, ddg, !ddg, slice or !slice)"
        )),
    }
}

/// The right side of a graph assertion: its far end and a kind, which only a `!`
/// assertion may leave out.
fn end_and_kind<'a>(keyword: &str, present: bool, end: &str, right: &[&'a str]) -> Result<(&'a str, Option<&'a str>), String> {
    match (right, present) {
        ([to, kind], _) => Ok((to, Some(kind))),
        ([to], false) => Ok((to, None)),
        _ => {
            let wanted = if present { format!("{end} and a kind") } else { format!("{end} and maybe a kind") };
            Err(words_error(keyword, &wanted, right))
        }
    }
}

fn parse_line(word: &str) -> Result<u32, String> {
    word.parse().map_err(|_| format!("`{word}` is not a line number"))
}

/// `KIND TARGET`, checked against the known kinds; returned as one string.
fn parse_object(words: &[&str]) -> Result<String, String> {
    let [kind, target] = words[..] else {
        return Err(format!("an object is `KIND TARGET` (like `function main.f`), found `{}`", words.join(" ")));
    };
    if !OBJECT_KINDS.contains(&kind) {
        return Err(format!("unknown object kind `{kind}` (expected one of {})", OBJECT_KINDS.join(", ")));
    }
    Ok(format!("{kind} {target}"))
}

fn words_error(keyword: &str, wanted: &str, found: &[&str]) -> String {
    format!("`{keyword}` needs {wanted}, found `{}`", found.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(items: &[&str]) -> BTreeSet<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn every_assertion_kind_parses() {
        let text = "# a comment\n\
                    edge main.run -> main.A.__init__\n\
                    \n\
                    !edge main.run -> main.B.m   # trailing comment\n\
                    calls main.f -> <builtin>.len os.path.join\n\
                    calls main.g ->\n\
                    pts main.run x -> instance main.A\n\
                    !pts main f -> function main.<lambda1>\n";
        let parsed = parse(text).unwrap();
        let lines: Vec<usize> = parsed.iter().map(|e| e.line).collect();
        assert_eq!(lines, vec![2, 4, 5, 6, 7, 8]);
        let assertions: Vec<Assertion> = parsed.into_iter().map(|e| e.assertion).collect();
        assert_eq!(
            assertions,
            vec![
                Assertion::Edge { caller: "main.run".into(), callee: "main.A.__init__".into(), present: true },
                Assertion::Edge { caller: "main.run".into(), callee: "main.B.m".into(), present: false },
                Assertion::Calls { caller: "main.f".into(), callees: set(&["<builtin>.len", "os.path.join"]) },
                Assertion::Calls { caller: "main.g".into(), callees: set(&[]) },
                Assertion::PointsTo {
                    scope: "main.run".into(),
                    name: "x".into(),
                    object: "instance main.A".into(),
                    present: true
                },
                Assertion::PointsTo {
                    scope: "main".into(),
                    name: "f".into(),
                    object: "function main.<lambda1>".into(),
                    present: false
                },
            ]
        );
    }

    #[test]
    fn rules_sections_and_spurious_facts() {
        let text = "edge main.f -> main.g\n\
                    ~edge main.f -> main.h\n\
                    rules context\n\
                    !edge main.f -> main.h\n\
                    ~pts main.f x -> instance main.B\n";
        let (_, parsed) = parse_case(text).unwrap();
        let rules: Vec<&str> = parsed.iter().map(|e| e.rules.name()).collect();
        assert_eq!(rules, ["insensitive", "insensitive", "context", "context"]);
        assert_eq!(
            parsed[1].assertion,
            Assertion::Edge { caller: "main.f".into(), callee: "main.h".into(), present: true }
        );
        assert_eq!(parsed[2].text, "!edge main.f -> main.h  (rules context)");
        let errors = parse_case("rules nope\n").unwrap_err();
        assert!(errors[0].message.contains("nope"), "{:?}", errors);
    }

    #[test]
    fn control_assertions_parse() {
        let text = "cfg main.run 4 -> 5 true\n\
                    cfg main.run 7 -> exit exception\n\
                    !cfg main.run 4 -> * exception\n\
                    !cfg main.run 4 -> 9\n\
                    cdg main.run 4 -> 5 false\n\
                    !cdg main.run 4 -> *\n";
        let assertions: Vec<Assertion> = parse(text).unwrap().into_iter().map(|e| e.assertion).collect();
        let f = || "main.run".to_string();
        let kind = |k: &str| Some(k.to_string());
        assert_eq!(
            assertions,
            vec![
                Assertion::Cfg { function: f(), from: 4, to: Target::Line(5), kind: kind("true"), present: true },
                Assertion::Cfg { function: f(), from: 7, to: Target::Exit, kind: kind("exception"), present: true },
                Assertion::Cfg { function: f(), from: 4, to: Target::Any, kind: kind("exception"), present: false },
                Assertion::Cfg { function: f(), from: 4, to: Target::Line(9), kind: None, present: false },
                Assertion::Cdg {
                    function: f(),
                    controller: 4,
                    dependent: Target::Line(5),
                    outcome: kind("false"),
                    present: true
                },
                Assertion::Cdg { function: f(), controller: 4, dependent: Target::Any, outcome: None, present: false },
            ]
        );
    }

    #[test]
    fn ddg_assertions_parse_with_lines_and_parameters() {
        let text = "ddg main.f:4 -> main.g(x) argument\n\
                    !ddg main.g:9 -> main:12\n\
                    ddg main.g(x) -> main.g:10 local\n";
        let assertions: Vec<Assertion> = parse(text).unwrap().into_iter().map(|e| e.assertion).collect();
        let line = |function: &str, line: u32| DdgEnd::Line { function: function.into(), line };
        let param = |function: &str, name: &str| DdgEnd::Param { function: function.into(), name: name.into() };
        assert_eq!(
            assertions,
            vec![
                Assertion::Ddg {
                    from: line("main.f", 4),
                    to: param("main.g", "x"),
                    kind: Some("argument".into()),
                    present: true
                },
                Assertion::Ddg { from: line("main.g", 9), to: line("main", 12), kind: None, present: false },
                Assertion::Ddg {
                    from: param("main.g", "x"),
                    to: line("main.g", 10),
                    kind: Some("local".into()),
                    present: true
                },
            ]
        );
        let errors =
            parse("ddg main.f:4 -> main.g:5\nddg main.f:x -> main.g:5 local\nddg main.f:4 -> main.g:5 sideways\n")
                .unwrap_err();
        let messages: Vec<&str> = errors.iter().map(|e| e.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "`ddg` needs a node and a kind, found `main.g:5`",
                "`x` is not a line number",
                "unknown kind `sideways` (expected one of stack, base, local, global, cell, heap, collection, argument, return, exception)",
            ]
        );
    }

    #[test]
    fn slice_assertions_parse_thin_or_full() {
        let assertions: Vec<Assertion> =
            parse("slice 3 -> 9\n!slice 3 -> 10 full\n").unwrap().into_iter().map(|e| e.assertion).collect();
        assert_eq!(
            assertions,
            vec![
                Assertion::Slice { from: 3, to: 9, full: false, present: true },
                Assertion::Slice { from: 3, to: 10, full: true, present: false },
            ]
        );
        let errors = parse("slice 3 -> 9 thin\nslice main.f:3 -> 9\n").unwrap_err();
        let messages: Vec<&str> = errors.iter().map(|e| e.message.as_str()).collect();
        assert_eq!(
            messages,
            ["`slice` needs a line, then `full` or nothing, found `9 thin`", "`main.f:3` is not a line number"]
        );
    }

    #[test]
    fn malformed_control_assertions_are_reported() {
        let text = "cfg main.run 4 -> 5\n\
                    cfg main.run 4 -> * true\n\
                    cfg main.run x -> 5 true\n\
                    cfg main.run 4 -> 5 sideways\n\
                    cdg main.run 4 -> exit true\n\
                    !cdg main.run 4 -> 5 true extra\n";
        let errors = parse(text).unwrap_err();
        let messages: Vec<&str> = errors.iter().map(|e| e.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "`cfg` needs a target and a kind, found `5`",
                "`*` is not a line number",
                "`x` is not a line number",
                "unknown kind `sideways` (expected one of normal, true, false, exception, resume, synthetic)",
                "`exit` is not a line number",
                "`!cdg` needs a target and maybe a kind, found `5 true extra`",
            ]
        );
    }

    #[test]
    fn the_text_of_an_assertion_drops_its_comment() {
        let parsed = parse("  edge a -> b  # why\n").unwrap();
        assert_eq!(parsed[0].text, "edge a -> b");
    }

    #[test]
    fn malformed_lines_are_all_reported_with_their_numbers() {
        let text = "edge main.f -> main.g\n\
                    edge main.f main.g\n\
                    pts main x -> thing main.A\n\
                    calls main.f main.g -> main.h\n\
                    edges main.f -> main.g\n\
                    pts main x -> function\n\
                    edge main.f -> main.g main.h\n\
                    calls main.f -> main.g main.g\n";
        let errors = parse(text).unwrap_err();
        let lines: Vec<usize> = errors.iter().map(|e| e.line).collect();
        assert_eq!(lines, vec![2, 3, 4, 5, 6, 7, 8]);
        assert!(errors[0].message.contains("->"), "{}", errors[0]);
        assert!(errors[1].message.contains("unknown object kind `thing`"), "{}", errors[1]);
        assert!(errors[3].message.contains("unknown assertion `edges`"), "{}", errors[3]);
        assert_eq!(errors[0].to_string(), format!("line 2: {}", errors[0].message));
    }

    #[test]
    fn an_empty_or_comment_only_file_has_no_assertions() {
        assert_eq!(parse("").unwrap(), vec![]);
        assert_eq!(parse("# nothing\n   # here\n").unwrap(), vec![]);
    }
}
