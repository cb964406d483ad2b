//! A run watched from the side: the limits the user sets (`--timeout`,
//! `--max-memory`) and the progress line on stderr (drawn by `indicatif`, which
//! fits it to the terminal's width and stays silent when stderr is not a terminal).
//!
//! One thread samples the process every [`TICK`]. When a limit is passed it removes
//! the outputs still being written (they were never renamed into place, so
//! nothing the user had is lost and nothing unfinished is left looking
//! finished), says which limit stopped the run and in which phase, and exits with
//! [`EXIT_LIMIT`]. The solver cannot be interrupted between rules, so stopping
//! from outside is what makes a bound a bound in every phase.
//!
//! Memory is checked at every tick, so a run may pass `--max-memory` by what it
//! allocates in one tick before it is stopped.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::time::{Duration, Instant};

use crate::profile::{megabytes, resident};

/// The exit code of a run stopped by a limit.
pub use crate::error::EXIT_LIMIT;

/// How often the limits are checked and the progress line redrawn.
pub const TICK: Duration = Duration::from_millis(50);

/// The progress line is redrawn every this many ticks.
const DRAW_EVERY: u32 = 4;

/// The progress line appears only for runs longer than this.
const PROGRESS_AFTER: Duration = Duration::from_secs(1);

/// What the user bounds a run by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Wall time from the start of the command.
    pub timeout: Option<Duration>,
    /// Resident memory of the cpyg process, bytes.
    pub max_memory: Option<u64>,
}

/// How the run talks on stderr.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Display {
    /// A progress line, when stderr is a terminal.
    pub progress: bool,
}

struct State {
    phase: String,
    detail: String,
    /// Outputs being written: removed if a limit stops the run.
    partial: Vec<PathBuf>,
    /// Interpreters compiling for the run: killed if a limit stops it.
    children: Vec<u32>,
}

static STATE: Mutex<State> =
    Mutex::new(State { phase: String::new(), detail: String::new(), partial: Vec::new(), children: Vec::new() });
static STARTED: AtomicBool = AtomicBool::new(false);
/// The run is over: the progress line is cleared and stays away.
static FINISHED: AtomicBool = AtomicBool::new(false);
/// The progress line, once the run has lasted [`PROGRESS_AFTER`].
static BAR: OnceLock<ProgressBar> = OnceLock::new();
/// Held while an output is moved into place, so that a stop never lands between
/// moving the old output aside and the new one in.
pub static COMMIT: Mutex<()> = Mutex::new(());

fn state() -> std::sync::MutexGuard<'static, State> {
    STATE.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The phase the run is in, as messages and the progress line name it.
pub fn set_phase(phase: &str) {
    let mut state = state();
    state.phase = phase.to_string();
    state.detail.clear();
}

/// More about the current phase (`120/583 modules`).
pub fn set_detail(detail: String) {
    state().detail = detail;
}

/// `path` is being written and is not yet in place.
pub fn writing(path: PathBuf) {
    state().partial.push(path);
}

/// `path` is complete (or gone): no longer removed on a stop.
pub fn written(path: &std::path::Path) {
    state().partial.retain(|p| p != path);
}

/// The interpreter process `pid` compiles for the run.
pub fn child_started(pid: u32) {
    state().children.push(pid);
}

/// The interpreter process `pid` has been waited for.
pub fn child_ended(pid: u32) {
    state().children.retain(|&p| p != pid);
}

/// Starts watching this process. Call once, first thing; later calls do nothing.
pub fn start(limits: Limits, display: Display) {
    if STARTED.swap(true, Ordering::SeqCst) {
        return;
    }
    let progress = display.progress && std::io::stderr().is_terminal();
    if limits == Limits::default() && !progress {
        return;
    }
    let started = Instant::now();
    std::thread::Builder::new()
        .name("cpyg-monitor".into())
        .spawn(move || watch(started, limits, progress))
        .expect("cannot start the monitor thread");
}

fn watch(started: Instant, limits: Limits, progress: bool) {
    for tick in 1u32.. {
        std::thread::sleep(TICK);
        if FINISHED.load(Ordering::SeqCst) {
            return;
        }
        let elapsed = started.elapsed();
        let rss = resident();
        if let Some(timeout) = limits.timeout.filter(|&t| elapsed >= t) {
            stop(&format!("--timeout {} reached after {:.1} s", seconds(timeout), elapsed.as_secs_f64()));
        }
        if let Some(max) = limits.max_memory.filter(|&m| rss > m) {
            stop(&format!(
                "--max-memory {} passed ({} resident after {:.1} s)",
                megabytes(max),
                megabytes(rss),
                elapsed.as_secs_f64()
            ));
        }
        if progress && elapsed >= PROGRESS_AFTER && tick % DRAW_EVERY == 0 {
            // Held while drawing, so that `finish` never clears before a last draw.
            let state = state();
            let detail = if state.detail.is_empty() { String::new() } else { format!(" {}", state.detail) };
            let line = format!("{}{detail} [{:.0} s, {}]", state.phase, elapsed.as_secs_f64(), megabytes(rss));
            let bar = BAR.get_or_init(|| {
                let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
                bar.set_style(ProgressStyle::with_template("cpyg: {spinner} {wide_msg}").expect("a valid template"));
                bar
            });
            if !FINISHED.load(Ordering::SeqCst) {
                bar.set_message(line);
                bar.tick();
            }
        }
    }
}

/// Ends the process: unfinished outputs removed, the reason on stderr.
fn stop(why: &str) -> ! {
    let _commit = COMMIT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let state = state();
    for &pid in &state.children {
        // SAFETY: kill has no memory effects; `pid` is a child not yet waited for.
        unsafe { libc::kill(pid as libc::pid_t, libc::SIGKILL) };
    }
    let mut removed = Vec::new();
    for path in &state.partial {
        let gone = if path.is_dir() { std::fs::remove_dir_all(path) } else { std::fs::remove_file(path) };
        if gone.is_ok() {
            removed.push(path.display().to_string());
        }
    }
    if let Some(bar) = BAR.get() {
        bar.finish_and_clear();
    }
    let mut err = std::io::stderr().lock();
    let phase = if state.phase.is_empty() { "starting" } else { &state.phase };
    let _ = writeln!(err, "cpyg: stopped: {why}, during {phase}; the run is incomplete and wrote no result");
    if !removed.is_empty() {
        let _ = writeln!(err, "cpyg: removed the unfinished {}", removed.join(", "));
    }
    let _ = err.flush();
    std::process::exit(EXIT_LIMIT as i32)
}

/// The run's work is done (limits no longer apply): clears the progress line
/// before the command prints its own lines.
pub fn finish() {
    let _state = state();
    FINISHED.store(true, Ordering::SeqCst);
    if let Some(bar) = BAR.get() {
        bar.finish_and_clear();
    }
}

fn seconds(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s.fract() == 0.0 {
        format!("{s:.0}s")
    } else {
        format!("{s}s")
    }
}

/// Parses `--timeout`: seconds, or a number with `s`, `m` or `h`.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let (number, unit) = split_unit(text);
    let scale = match unit {
        "" | "s" => 1.0,
        "m" | "min" => 60.0,
        "h" => 3600.0,
        _ => return Err(format!("`{text}`: not a duration (seconds, or a number with s, m or h)")),
    };
    let value: f64 =
        number.parse().map_err(|_| format!("`{text}`: not a duration (seconds, or a number with s, m or h)"))?;
    if !value.is_finite() || value <= 0.0 {
        return Err(format!("`{text}`: a duration must be positive"));
    }
    Duration::try_from_secs_f64(value * scale).map_err(|_| format!("`{text}`: too long"))
}

/// Parses `--max-memory`: bytes, or a number with K, M, G or T (powers of 1024; an
/// optional trailing `B` or `iB`).
pub fn parse_size(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let (number, unit) = split_unit(text);
    let unit = unit.to_ascii_uppercase();
    let unit = unit.strip_suffix("IB").or_else(|| unit.strip_suffix('B')).unwrap_or(&unit);
    let scale: u64 = match unit {
        "" => 1,
        "K" => 1 << 10,
        "M" => 1 << 20,
        "G" => 1 << 30,
        "T" => 1 << 40,
        _ => return Err(format!("`{text}`: not a size (bytes, or a number with K, M, G or T)")),
    };
    let value: f64 =
        number.parse().map_err(|_| format!("`{text}`: not a size (bytes, or a number with K, M, G or T)"))?;
    let bytes = value * scale as f64;
    if !bytes.is_finite() || bytes < 1.0 || bytes > u64::MAX as f64 {
        return Err(format!("`{text}`: a size must be at least one byte"));
    }
    Ok(bytes as u64)
}

fn split_unit(text: &str) -> (&str, &str) {
    let at = text.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(text.len());
    (&text[..at], &text[at..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_take_seconds_and_units() {
        assert_eq!(parse_duration("5"), Ok(Duration::from_secs(5)));
        assert_eq!(parse_duration("2.5s"), Ok(Duration::from_millis(2500)));
        assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
        assert_eq!(parse_duration("1h"), Ok(Duration::from_secs(3600)));
        assert!(parse_duration("0").is_err());
        assert!(parse_duration("-1").is_err());
        assert!(parse_duration("5 parsecs").is_err());
        assert!(parse_duration("").is_err());
    }

    #[test]
    fn sizes_take_bytes_and_binary_units() {
        assert_eq!(parse_size("4096"), Ok(4096));
        assert_eq!(parse_size("200M"), Ok(200 << 20));
        assert_eq!(parse_size("2G"), Ok(2 << 30));
        assert_eq!(parse_size("1.5GiB"), Ok(3 << 29));
        assert_eq!(parse_size("512kb"), Ok(512 << 10));
        assert!(parse_size("0").is_err());
        assert!(parse_size("lots").is_err());
        assert!(parse_size("3X").is_err());
    }
}
