//! Checks on hand-made code objects that every release passes alike, or every
//! release since the format they test appeared.

mod support;

use support::{handmade, release};

fn all_releases() -> impl Iterator<Item = u8> {
    cpyg_adapters::supported_minors()
}

/// Releases with the 3.11 location and exception tables.
fn with_tables() -> impl Iterator<Item = u8> {
    all_releases().filter(|&minor| minor >= 11)
}

#[test]
fn every_opcode_has_a_lifter() {
    for minor in all_releases() {
        assert_eq!(release(minor).unlifted_opcodes(), Vec::<&str>::new(), "3.{minor}");
    }
}

#[test]
fn huge_arguments_are_errors_or_records_not_panics() {
    for minor in all_releases() {
        handmade::check_huge_arguments(release(minor));
    }
}

#[test]
fn location_and_exception_tables() {
    for minor in with_tables() {
        handmade::check_tables(release(minor));
        handmade::check_damaged_tables(release(minor));
    }
}

#[test]
fn fixed_stack_effects_agree_with_the_table() {
    // From 3.13 the compiler charges stack effects where the run time has them;
    // 3.11 and 3.12 charge `PRECALL`'s arguments and `RETURN_GENERATOR`'s push
    // elsewhere (see the accounting in cpyg's conformance check).
    for minor in all_releases().filter(|&minor| minor >= 13) {
        handmade::check_fixed_stack_effects(release(minor));
    }
}
