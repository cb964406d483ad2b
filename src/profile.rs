//! Where a run's time and memory go, phase by phase: wall time, CPU time (this
//! process and the interpreters it waited for) and resident memory at the start,
//! at the end and at the peak of each phase. `--profile` prints the table, and the
//! database keeps it (`profile`).
//!
//! Peaks come from the kernel's high-water mark (`VmHWM`), which is never reset
//! (resetting it would also lower what `getrusage` and `time -v` report for the
//! whole process). A phase that raised the mark peaked at it, exactly; a phase that
//! did not peaked below the mark at its start, and its peak is given as the larger
//! of its start and end. The highest peak of a run is its exact peak. Where `/proc`
//! is missing the memory columns are 0.

use std::fmt;
use std::time::{Duration, Instant};

use crate::monitor;

/// One phase, or one step of a phase (`depth` 1: the rounds of `solve`).
#[derive(Clone, Debug, PartialEq)]
pub struct PhaseRecord {
    pub name: String,
    pub depth: u8,
    pub wall: Duration,
    pub cpu: Duration,
    pub rss_start: u64,
    pub rss_end: u64,
    pub rss_peak: u64,
}

/// The process's resources at one moment.
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    pub at: Instant,
    /// User and system CPU of this process and of its waited-for children.
    pub cpu: Duration,
    /// Resident set, bytes.
    pub rss: u64,
    /// Resident high-water mark of the process so far, bytes.
    pub peak: u64,
}

impl Sample {
    pub fn now() -> Sample {
        let (rss, peak) = memory();
        Sample { at: Instant::now(), cpu: cpu_time(), rss, peak }
    }
}

/// Resident memory now and its high-water mark, from `/proc/self/status`.
pub fn memory() -> (u64, u64) {
    let Ok(status) = std::fs::read_to_string("/proc/self/status") else { return (0, 0) };
    let field = |key: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(key))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            .map_or(0, |kb| kb * 1024)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// Resident memory now (cheaper than [`memory`]: `/proc/self/statm`).
pub fn resident() -> u64 {
    let Ok(statm) = std::fs::read_to_string("/proc/self/statm") else { return 0 };
    let pages: u64 = statm.split_whitespace().nth(1).and_then(|p| p.parse().ok()).unwrap_or(0);
    // SAFETY: sysconf has no preconditions.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    pages * page.max(0) as u64
}

fn cpu_time() -> Duration {
    let of = |who| {
        // SAFETY: getrusage writes into the struct it is given.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        if unsafe { libc::getrusage(who, &mut usage) } != 0 {
            return Duration::ZERO;
        }
        let time = |t: libc::timeval| Duration::new(t.tv_sec.max(0) as u64, (t.tv_usec.max(0) as u32) * 1000);
        time(usage.ru_utime) + time(usage.ru_stime)
    };
    of(libc::RUSAGE_SELF) + of(libc::RUSAGE_CHILDREN)
}

struct Open {
    name: String,
    depth: u8,
    start: Sample,
    peak: u64,
}

/// Records phases as they start and end; phases nest (a phase's steps), and a
/// parent's peak is the highest of its own and its steps'.
#[derive(Default)]
pub struct Profiler {
    records: Vec<PhaseRecord>,
    open: Vec<(usize, Open)>,
}

impl Profiler {
    pub fn new() -> Profiler {
        Profiler::default()
    }

    /// Starts a phase at depth 0, ending any open one.
    pub fn begin(&mut self, name: &str) {
        self.end_all();
        self.open_phase(name, 0);
    }

    /// Starts a step of the current phase, ending the previous step.
    pub fn step(&mut self, name: &str) {
        if self.open.last().is_some_and(|(_, o)| o.depth > 0) {
            self.close_last();
        }
        self.open_phase(name, 1);
    }

    /// Ends every open phase and step.
    pub fn end_all(&mut self) {
        while !self.open.is_empty() {
            self.close_last();
        }
    }

    /// The records so far, open phases measured up to now (and left open).
    pub fn snapshot(&self) -> Vec<PhaseRecord> {
        let now = Sample::now();
        let mut records = self.records.clone();
        for (index, open) in &self.open {
            let record = &mut records[*index];
            record.wall = now.at.duration_since(open.start.at);
            record.cpu = now.cpu.saturating_sub(open.start.cpu);
            record.rss_end = now.rss;
            record.rss_peak = open.peak.max(phase_peak(&open.start, &now));
        }
        records
    }

    /// Ends every open phase and returns the records, in the order the phases started.
    pub fn finish(mut self) -> Vec<PhaseRecord> {
        self.end_all();
        self.records
    }

    fn open_phase(&mut self, name: &str, depth: u8) {
        let start = Sample::now();
        let full = match self.open.last() {
            Some((_, parent)) if depth > 0 => format!("{}: {name}", parent.name),
            _ => name.to_string(),
        };
        monitor::set_phase(&full);
        self.records.push(PhaseRecord {
            name: full.clone(),
            depth,
            wall: Duration::ZERO,
            cpu: Duration::ZERO,
            rss_start: start.rss,
            rss_end: 0,
            rss_peak: 0,
        });
        let index = self.records.len() - 1;
        self.open.push((index, Open { name: full, depth, start, peak: start.rss }));
    }

    fn close_last(&mut self) {
        let Some((index, open)) = self.open.pop() else { return };
        let end = Sample::now();
        let record = &mut self.records[index];
        record.wall = end.at.duration_since(open.start.at);
        record.cpu = end.cpu.saturating_sub(open.start.cpu);
        record.rss_end = end.rss;
        record.rss_peak = open.peak.max(phase_peak(&open.start, &end));
        if let Some((_, parent)) = self.open.last_mut() {
            parent.peak = parent.peak.max(record.rss_peak);
            monitor::set_phase(&parent.name);
        }
    }
}

/// The peak between two samples: the high-water mark if it rose in between (the
/// process peaked then), else the larger resident size of the two.
fn phase_peak(start: &Sample, end: &Sample) -> u64 {
    if end.peak > start.peak {
        end.peak
    } else {
        start.rss.max(end.rss)
    }
}

/// The profile as `--profile` prints it.
pub struct Table<'a>(pub &'a [PhaseRecord]);

impl fmt::Display for Table<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self.0.iter().map(|r| r.name.len()).max().unwrap_or(5).max(5);
        writeln!(f, "{:<width$}  {:>9}  {:>9}  {:>10}  {:>10}  {:>10}", "phase", "wall s", "cpu s", "rss start", "rss end", "rss peak")?;
        for r in self.0 {
            writeln!(
                f,
                "{:<width$}  {:>9.3}  {:>9.3}  {:>10}  {:>10}  {:>10}",
                r.name,
                r.wall.as_secs_f64(),
                r.cpu.as_secs_f64(),
                megabytes(r.rss_start),
                megabytes(r.rss_end),
                megabytes(r.rss_peak)
            )?;
        }
        Ok(())
    }
}

/// Bytes as mebibytes with one decimal: `1.5M`.
pub fn megabytes(bytes: u64) -> String {
    format!("{:.1}M", bytes as f64 / (1024.0 * 1024.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_nest_in_their_phase_and_peaks_rise_to_it() {
        let mut profiler = Profiler::new();
        profiler.begin("solve");
        profiler.step("round 1");
        let block = vec![1u8; 64 << 20];
        std::hint::black_box(&block);
        profiler.step("round 2");
        drop(block);
        profiler.begin("export");
        let records = profiler.finish();
        let names: Vec<&str> = records.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["solve", "solve: round 1", "solve: round 2", "export"]);
        assert_eq!(records.iter().map(|r| r.depth).collect::<Vec<_>>(), [0, 1, 1, 0]);
        if records[0].rss_start > 0 {
            // The 64 MiB block was resident during round 1 only.
            assert!(records[1].rss_peak >= records[1].rss_start + (60 << 20), "{records:?}");
            assert!(records[0].rss_peak >= records[1].rss_peak, "{records:?}");
        }
        assert!(records[0].wall >= records[1].wall + records[2].wall);
    }
}
