//! The driver moves every prepared relation into the rule set: one missing from its
//! list would reach the fixed point empty, silently.

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
