//! The control products (refined CFG, postdominators, CDG) of every code object of a
//! whole standard library, from its lowered facts: what `cpyg analyze --control all`
//! adds after the fixed point. The points-to solution only labels coverage (which
//! calls are unresolved), so none is computed here and every call site counts as
//! unresolved, the labelling's costliest case.
//!
//! The interpreter (CPYG_BENCH_PYTHON, default python3.12) compiles the standard
//! library and cpyg lowers it before anything is timed. Throughput is in
//! instructions; the products are built on one thread, as `cpyg analyze` builds them.

#[path = "support/stdlib.rs"]
mod stdlib;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

use cpyg::facts::package_input;
use cpyg::package::SemanticPackage;
use cpyg_facts::lower::lower_package;
use cpyg_facts::schema::RelationId;

fn bench(c: &mut Criterion) {
    let Some(stdlib::Stdlib { minor, root, sources }) = stdlib::compile("control_products") else { return };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let (package, _) = SemanticPackage::build_partial(minor, sources, threads);
    let facts = lower_package(&package_input(&package, &root), threads).expect("the standard library lowers").facts;
    let instructions = package.instruction_count();
    drop(package);
    let codes: Vec<u32> = facts.rows(RelationId::Code).map(|row| row[0]).collect();
    let calls: Vec<u32> = facts.rows(RelationId::Call).map(|row| row[0]).collect();
    // The memory the products take while built: the high-water mark, reset just
    // before (the kernel's `clear_refs` 5), over the resident size just before.
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    let (before, _) = cpyg::profile::memory();
    // The time of each step of one build, as the profile of `cpyg analyze` splits it.
    let mut steps: Vec<(String, std::time::Instant)> = Vec::new();
    let control = cpyg_control::build_observed(&facts, &codes, &calls, &mut |step| {
        steps.push((step.to_string(), std::time::Instant::now()))
    })
    .expect("the products build");
    let end = std::time::Instant::now();
    let (_, peak) = cpyg::profile::memory();
    let split: Vec<String> = steps
        .iter()
        .enumerate()
        .map(|(i, (step, at))| {
            let next = steps.get(i + 1).map_or(end, |s| s.1);
            format!("{step} {:.3} s", (next - *at).as_secs_f64())
        })
        .collect();
    eprintln!(
        "CPython 3.{minor} standard library: {} code objects, {instructions} instructions; {} blocks, {} CFG edges, \
         {} control dependences, {} unbound-local exception edges disproved; one build: {}, peak {} over the facts' {}",
        codes.len(),
        control.blocks.len(),
        control.edges.len(),
        control.cdg.len(),
        control.disproved_unbound_loads,
        split.join(", "),
        cpyg::profile::megabytes(peak.saturating_sub(before)),
        cpyg::profile::megabytes(before),
    );

    let mut group = c.benchmark_group("control_products");
    group.sample_size(10);
    group.throughput(Throughput::Elements(instructions as u64));
    group.bench_function(format!("cfg_and_cdg/3.{minor}"), |b| {
        b.iter_with_large_drop(|| cpyg_control::build(&facts, &codes, &calls).expect("the products build"))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
