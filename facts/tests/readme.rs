//! facts/README.md documents every relation with its exact columns, and no other.

use cpyg_facts::schema::all_relations;

#[test]
fn readme_documents_every_relation_with_its_columns() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let documented: Vec<&str> = readme.lines().filter_map(|l| l.strip_prefix("#### `")?.strip_suffix('`')).collect();
    let expected: Vec<String> = all_relations()
        .iter()
        .map(|r| format!("{}({})", r.name, r.columns.iter().map(|c| c.name).collect::<Vec<_>>().join(", ")))
        .collect();
    for signature in &expected {
        assert!(documented.contains(&signature.as_str()), "README lacks `{signature}`");
    }
    for signature in &documented {
        assert!(
            expected.iter().any(|e| e == signature),
            "README documents `{signature}`, which the schema does not have"
        );
    }
}
