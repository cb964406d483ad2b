//! Decoding and validating a whole standard library: marshal reading, semantic
//! lifting of every instruction, exception regions and stack-depth validation.
//!
//! The interpreter (CPYG_BENCH_PYTHON, default python3.12) only compiles the
//! standard library once into a cache of marshalled module code; the timed part
//! is pure cpyg.

use std::path::PathBuf;
use std::process::Command;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

use cpyg::adapters::{adapter, marshal, validate};

const COMPILE_STDLIB: &str = r#"
import marshal, os, sys, sysconfig, warnings
warnings.simplefilter("ignore")
root = sysconfig.get_paths()["stdlib"]
out = open(sys.argv[1], "wb")
for d, ds, fs in os.walk(root):
    ds[:] = sorted(x for x in ds if x not in ("site-packages", "__pycache__"))
    for f in sorted(fs):
        if not f.endswith(".py"):
            continue
        try:
            code = compile(open(os.path.join(d, f), "rb").read(), os.path.join(d, f), "exec", dont_inherit=True)
        except Exception:
            continue
        blob = marshal.dumps(code)
        out.write(len(blob).to_bytes(4, "little") + blob)
print(sys.version_info[1])
"#;

fn stdlib_blobs() -> Option<(u8, Vec<Vec<u8>>)> {
    let python = std::env::var("CPYG_BENCH_PYTHON").unwrap_or_else(|_| "python3.12".into());
    let cache = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("stdlib-{}.marshal", python.replace('/', "_")));
    let out = Command::new(&python).args(["-I", "-S", "-c", COMPILE_STDLIB]).arg(&cache).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let minor: u8 = String::from_utf8_lossy(&out.stdout).trim().parse().ok()?;
    let data = std::fs::read(&cache).ok()?;
    let mut blobs = Vec::new();
    let mut pos = 0;
    while pos + 4 <= data.len() {
        let len = u32::from_le_bytes(data[pos..pos + 4].try_into().unwrap()) as usize;
        blobs.push(data[pos + 4..pos + 4 + len].to_vec());
        pos += 4 + len;
    }
    Some((minor, blobs))
}

/// Decodes and validates every module; returns the instruction count.
fn decode_all(minor: u8, blobs: &[Vec<u8>]) -> usize {
    let adapter = adapter(minor).unwrap();
    let mut instructions = 0;
    for blob in blobs {
        let module = marshal::read_code(blob, minor).unwrap();
        for code in module.preorder() {
            let decoded = adapter.decode(code).unwrap();
            validate::stack_depths(code, &decoded).unwrap();
            instructions += decoded.instrs.len();
        }
    }
    instructions
}

fn bench(c: &mut Criterion) {
    let Some((minor, blobs)) = stdlib_blobs() else {
        eprintln!("decode_stdlib: no interpreter (set CPYG_BENCH_PYTHON or put python3.12 on PATH): skipped");
        return;
    };
    let instructions = decode_all(minor, &blobs);
    let bytes: usize = blobs.iter().map(Vec::len).sum();
    eprintln!(
        "CPython 3.{minor} standard library: {} modules, {bytes} marshal bytes, {instructions} instructions",
        blobs.len()
    );
    let mut group = c.benchmark_group("decode_stdlib");
    group.sample_size(10);
    group.throughput(Throughput::Elements(instructions as u64));
    group.bench_function(format!("3.{minor}"), |b| b.iter(|| decode_all(minor, &blobs)));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
