//! The driver's lists of relations agree with the rule files: a prepared relation missing
//! from its list would reach the fixed point empty, silently.

#[test]
fn every_prepared_relation_is_moved_into_the_rule_set() {
    let mut declared: Vec<&str> = include_str!("../src/datalog/prepared.rs")
        .lines()
        .filter_map(|line| line.trim().strip_prefix("relation "))
        .map(|rest| rest.split('(').next().unwrap_or(rest))
        .collect();
    let mut moved = cpyg_rules::solve::moved_prepared_relations();
    declared.sort_unstable();
    moved.sort_unstable();
    assert!(declared.len() > 50, "only {} prepared relations declared", declared.len());
    assert_eq!(declared, moved);
}

/// The rule blocks of the shared rule files, by name (`ascent_source! { name: ... }`).
fn rule_blocks() -> Vec<(String, String)> {
    let files = [
        include_str!("../src/datalog/calls.rs"),
        include_str!("../src/datalog/classes.rs"),
        include_str!("../src/datalog/closures.rs"),
        include_str!("../src/datalog/containers.rs"),
        include_str!("../src/datalog/exceptions.rs"),
        include_str!("../src/datalog/generators.rs"),
        include_str!("../src/datalog/modules.rs"),
        include_str!("../src/datalog/outside.rs"),
        include_str!("../src/datalog/protocols.rs"),
        include_str!("../src/datalog/values.rs"),
    ];
    let mut blocks = Vec::new();
    for file in files {
        for part in file.split("ascent::ascent_source! {").skip(1) {
            let (name, rest) = part.split_once(':').expect("a named rule block");
            let body = rest.split("\n}").next().unwrap_or(rest);
            blocks.push((name.trim().to_string(), body.to_string()));
        }
    }
    assert!(blocks.len() >= 18, "only {} rule blocks found", blocks.len());
    blocks
}

/// The input relations some body of `blocks` reads (`Name(` as a whole word).
fn read_by<'a>(inputs: &[&'a str], bodies: &[&str]) -> Vec<&'a str> {
    let mut read: Vec<&str> = inputs
        .iter()
        .copied()
        .filter(|name| {
            bodies.iter().any(|body| {
                body.match_indices(&format!("{name}("))
                    .any(|(at, _)| !body[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':'))
            })
        })
        .collect();
    read.sort_unstable();
    read
}

// Only the listed inputs outlive the preparation: one the fixed point reads but the list
// lacks would reach it empty, silently; one listed but unread costs a copy per round.
#[test]
fn the_fixed_point_gets_exactly_the_inputs_its_rules_read() {
    let blocks = rule_blocks();
    let inputs = cpyg_rules::solve::input_relations();
    let fixed_point: Vec<&str> = blocks
        .iter()
        .filter(|(name, _)| !name.ends_with("_prepare") && name != "classes_orders")
        .map(|(_, body)| body.as_str())
        .collect();
    let orders: Vec<&str> =
        blocks.iter().filter(|(name, _)| name == "classes_orders").map(|(_, b)| b.as_str()).collect();
    let (mut copied, mut orders_only) = cpyg_rules::solve::fixed_point_inputs();
    copied.sort_unstable();
    orders_only.sort_unstable();
    let read = read_by(&inputs, &fixed_point);
    assert!(read.len() > 60, "only {} inputs read", read.len());
    assert_eq!(copied, read);
    let read_by_orders: Vec<&str> = read_by(&inputs, &orders).into_iter().filter(|n| !read.contains(n)).collect();
    assert_eq!(orders_only, read_by_orders);
}
