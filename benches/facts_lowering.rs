//! Lowering a whole standard library into facts and writing the fact directory,
//! the in-process parts of `cpyg facts` after the interpreter's compile:
//!
//! - `decode_and_lower`: marshalled code objects → semantic records → facts;
//! - `lower`: semantic records → facts;
//! - `write`: facts → a fact directory in a temporary folder.
//!
//! The interpreter (CPYG_BENCH_PYTHON, default python3.12) compiles the standard
//! library once, through cpyg's own loader, before anything is timed. Throughput
//! is in instructions; the lowering and writing threads are the machine's cores.

#[path = "support/stdlib.rs"]
mod stdlib;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};

use cpyg::facts::package_input;
use cpyg::package::{ModuleSource, SemanticPackage};
use cpyg_facts::lower::lower_package;
use cpyg_facts::write::{write_dir, ManifestInfo};

fn copies(sources: &[ModuleSource]) -> Vec<ModuleSource> {
    let copy = |s: &ModuleSource| ModuleSource {
        name: s.name.clone(),
        path: s.path.clone(),
        is_package: s.is_package,
        code: s.code.clone(),
        strings: s.strings.clone(),
    };
    sources.iter().map(copy).collect()
}

fn bench(c: &mut Criterion) {
    let Some(stdlib::Stdlib { minor, root, sources }) = stdlib::compile("facts_lowering") else { return };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let (package, _) = SemanticPackage::build_partial(minor, copies(&sources), threads);
    let input = package_input(&package, &root);
    let lowered = lower_package(&input, threads).expect("the standard library lowers");
    let instructions = package.instruction_count();
    eprintln!(
        "CPython 3.{minor} standard library: {} modules, {} code objects, {instructions} instructions, {threads} threads",
        package.modules.len(),
        package.codes.len()
    );

    let mut group = c.benchmark_group("facts_lowering");
    group.sample_size(10);
    group.throughput(Throughput::Elements(instructions as u64));
    group.bench_function(format!("decode_and_lower/3.{minor}"), |b| {
        b.iter_batched(
            || copies(&sources),
            |sources| {
                let (package, _) = SemanticPackage::build_partial(minor, sources, threads);
                let lowered =
                    lower_package(&package_input(&package, &root), threads).expect("the standard library lowers");
                // Both are dropped outside the timing, as `cpyg facts` never drops them early.
                (package, lowered)
            },
            BatchSize::PerIteration,
        )
    });
    group.bench_function(format!("lower/3.{minor}"), |b| {
        b.iter_with_large_drop(|| lower_package(&input, threads).expect("the standard library lowers"))
    });
    let out = tempfile::tempdir().expect("a temporary folder");
    let info = ManifestInfo {
        tool_version: env!("CARGO_PKG_VERSION"),
        interpreter: None,
        interpreter_path: None,
        inputs: vec![root.display().to_string()],
        skipped: Vec::new(),
        skipped_paths: Vec::new(),
        symbols: Default::default(),
    };
    group.bench_function(format!("write/3.{minor}"), |b| {
        b.iter(|| write_dir(out.path(), &input, &lowered, &info, threads).expect("the fact directory is written"))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
