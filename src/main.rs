use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "cpyg", version, about = "Static analysis of native CPython bytecode (3.10-3.14)")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Compare cpyg's decoding with an interpreter's own `dis`, module by module.
    Conformance {
        /// Interpreter to compare with: a path or a name such as python3.12.
        #[arg(long)]
        python: String,
        /// Files to compile and compare; default: the interpreter's whole standard library.
        paths: Vec<PathBuf>,
        /// Interpreter processes to run at once (default: available cores).
        #[arg(long)]
        jobs: Option<usize>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Conformance { python, paths, jobs } => conformance(&python, &paths, jobs),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("cpyg: {message}");
            ExitCode::from(2)
        }
    }
}

fn conformance(python: &str, paths: &[PathBuf], jobs: Option<usize>) -> Result<ExitCode, String> {
    let out = std::process::Command::new(python)
        .args(["-I", "-S", "-c", "import sys; print(sys.version_info[0], sys.version_info[1])"])
        .output()
        .map_err(|e| format!("cannot run {python}: {e}"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let minor: u8 = match text.split_whitespace().collect::<Vec<_>>()[..] {
        ["3", minor] => minor.parse().map_err(|_| format!("{python} printed an unexpected version {text:?}"))?,
        _ => return Err(format!("{python} is not a CPython 3 interpreter (printed {text:?})")),
    };
    let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let started = std::time::Instant::now();
    let report = cpyg::conformance::run(std::path::Path::new(python), minor, paths, jobs)?;
    for m in &report.mismatches {
        println!("MISMATCH {m}");
    }
    println!(
        "CPython 3.{minor}: {} modules ({} failed to compile), {} code objects, {} instructions, {} exception regions; \
         {} mismatches; max_depth == co_stacksize in {} of {} code objects ({:.1}s)",
        report.modules,
        report.compile_failures,
        report.code_objects,
        report.instructions,
        report.regions,
        report.mismatch_count,
        report.max_depth_equals_stacksize,
        report.code_objects,
        started.elapsed().as_secs_f64()
    );
    Ok(if report.mismatch_count == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
