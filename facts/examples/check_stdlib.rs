//! Runs decode → validate → flow → cfg → check over the whole standard library of
//! each interpreter given (default: python3.10 … python3.14, those found on PATH)
//! and prints the counts, the violations and the time each stage took.
//!
//!     cargo run --release -p cpyg-facts --example check_stdlib [python3.12 ...]
//!
//! The interpreter only compiles its standard library into a stream of
//! marshalled module code objects (cached under the target directory); reading
//! and everything after it is cpyg alone, timed on one thread.

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use cpyg_adapters::{adapter, marshal, validate};
use cpyg_facts::{cfg, check, flow};

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
        path = os.path.join(d, f)
        try:
            code = compile(open(path, "rb").read(), path, "exec", dont_inherit=True)
        except Exception:
            continue
        blob = marshal.dumps(code)
        out.write(len(blob).to_bytes(4, "little") + blob)
print(sys.version_info[1])
"#;

/// The marshalled modules of `python`'s standard library, with its minor version.
fn stdlib_blobs(python: &str) -> Result<(u8, Vec<Vec<u8>>), String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/stdlib-cache");
    let dir = std::env::var_os("CARGO_TARGET_DIR").map_or(dir, |d| PathBuf::from(d).join("stdlib-cache"));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let cache = dir.join(format!("{}.marshal", python.replace('/', "_")));
    let out = Command::new(python)
        .args(["-I", "-S", "-c", COMPILE_STDLIB])
        .arg(&cache)
        .output()
        .map_err(|e| format!("{python}: {e}"))?;
    if !out.status.success() {
        return Err(format!("{python} failed: {}", String::from_utf8_lossy(&out.stderr)));
    }
    let minor: u8 = String::from_utf8_lossy(&out.stdout).trim().parse().map_err(|e| format!("{python}: {e}"))?;
    let data = std::fs::read(&cache).map_err(|e| format!("{}: {e}", cache.display()))?;
    let mut blobs = Vec::new();
    let mut pos = 0;
    while pos + 4 <= data.len() {
        let len = u32::from_le_bytes([data[pos], data[pos + 1], data[pos + 2], data[pos + 3]]) as usize;
        let blob = data.get(pos + 4..pos + 4 + len).ok_or("truncated marshal cache")?;
        blobs.push(blob.to_vec());
        pos += 4 + len;
    }
    Ok((minor, blobs))
}

#[derive(Default)]
struct Times {
    read: Duration,
    decode: Duration,
    flow: Duration,
    cfg: Duration,
    check: Duration,
}

fn timed<T>(total: &mut Duration, f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let value = f();
    *total += start.elapsed();
    value
}

fn check_stdlib(python: &str) -> Result<(), String> {
    let (minor, blobs) = stdlib_blobs(python)?;
    let adapter = adapter(minor).ok_or_else(|| format!("CPython 3.{minor} is not supported"))?;
    let mut times = Times::default();
    let mut report = check::CheckReport::default();
    for blob in &blobs {
        let module = timed(&mut times.read, || marshal::read_code(blob, minor)).map_err(|e| e.to_string())?;
        for code in module.preorder() {
            let name = format!("{}:{}", code.filename, code.display_name());
            let decoded = timed(&mut times.decode, || {
                let decoded = adapter.decode(code)?;
                let depths = validate::stack_depths(code, &decoded)?;
                Ok::<_, cpyg_adapters::DecodeError>((decoded, depths))
            });
            let (decoded, depths) = match decoded {
                Ok(d) => d,
                Err(e) => {
                    report.failed(&name, format!("decode: {e}"));
                    continue;
                }
            };
            let flow = match timed(&mut times.flow, || flow::code_flow(code, &decoded, &depths)) {
                Ok(f) => f,
                Err(e) => {
                    report.failed(&name, format!("flow: {e}"));
                    continue;
                }
            };
            let cfg = match timed(&mut times.cfg, || cfg::code_cfg(&decoded)) {
                Ok(c) => c,
                Err(e) => {
                    report.failed(&name, format!("cfg: {e}"));
                    continue;
                }
            };
            let one = timed(&mut times.check, || check::check_code(&name, &decoded, &depths, &flow, &cfg));
            show_unused(&name, &decoded, &flow);
            report.merge(one);
        }
    }
    println!("CPython 3.{minor} standard library ({python}): {} modules", blobs.len());
    println!("{report}");
    println!(
        "time: marshal {:.3}s, decode+validate {:.3}s, flow {:.3}s, cfg {:.3}s, check {:.3}s",
        times.read.as_secs_f64(),
        times.decode.as_secs_f64(),
        times.flow.as_secs_f64(),
        times.cfg.as_secs_f64(),
        times.check.as_secs_f64()
    );
    Ok(())
}

/// With `CPYG_SHOW_UNUSED=<reason>`, lists the producers left unused for that reason.
fn show_unused(name: &str, decoded: &cpyg_adapters::DecodedCode, flow: &flow::CodeFlow) {
    let Ok(wanted) = std::env::var("CPYG_SHOW_UNUSED") else { return };
    let owners = flow.vars.owners();
    for &(var, reason) in &flow.unused {
        if reason.name() != wanted {
            continue;
        }
        let what = match owners[var as usize] {
            flow::VarOwner::Output { insn, index } => {
                let i = &decoded.instrs[insn as usize];
                format!("output {index} of {} at {}", i.opname, i.offset)
            }
            other => format!("{other:?}"),
        };
        println!("{}: {name}: {what}", reason.name());
    }
}

fn main() {
    let mut pythons: Vec<String> = std::env::args().skip(1).collect();
    if pythons.is_empty() {
        pythons = (10..=14).map(|minor| format!("python3.{minor}")).collect();
    }
    let mut failed = false;
    for python in &pythons {
        if let Err(e) = check_stdlib(python) {
            eprintln!("{python}: {e}");
            failed = true;
        }
        println!();
    }
    if failed {
        std::process::exit(1);
    }
}
