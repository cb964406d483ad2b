//! `cpyg-fuzz TARGET ITERATIONS [SEED]`: runs one target (or `all`) and prints its report.

use std::process::ExitCode;

use cpyg_fuzz::{run, Target};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = || {
        let names: Vec<&str> = Target::ALL.iter().map(|t| t.name()).collect();
        eprintln!("usage: cpyg-fuzz TARGET ITERATIONS [SEED]   (TARGET: all, {})", names.join(", "));
        ExitCode::from(2)
    };
    let (Some(which), Some(iterations)) = (args.first(), args.get(1).and_then(|n| n.parse::<u64>().ok())) else {
        return usage();
    };
    let seed = args.get(2).and_then(|s| s.parse::<u64>().ok()).unwrap_or(1);
    let targets: Vec<Target> = if which == "all" {
        Target::ALL.to_vec()
    } else {
        match Target::ALL.iter().find(|t| t.name() == which) {
            Some(&t) => vec![t],
            None => return usage(),
        }
    };
    let mut clean = true;
    for target in targets {
        match run(target, iterations, seed) {
            Ok(report) => {
                println!("{report}");
                clean &= report.is_clean();
            }
            Err(e) => {
                eprintln!("cpyg-fuzz: {}: {e}", target.name());
                return ExitCode::from(2);
            }
        }
    }
    if clean {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
