//! Compiling source files with a real CPython and reading back the code objects.
//!
//! One interpreter process compiles a whole list of files with
//! `compile_helper.py` (given with `-c`, so no file is written and nothing of the
//! package is imported) and streams one length-prefixed record per module; each
//! record is decoded here as soon as it arrives. A module that does not compile
//! is an outcome like any other. If the interpreter itself dies on a module
//! (a crash in its compiler), that module is reported and a new process takes
//! up the rest of the list.

use std::fmt;
use std::io::{self, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStderr, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use cpyg_adapters::code::CodeObject;
use cpyg_adapters::marshal;

use super::interpreter::Interpreter;
use super::FailureReason;

const HELPER: &str = include_str!("compile_helper.py");
const STREAM_MAGIC: &[u8] = b"CPYGC2";
/// Larger records are taken as a corrupt stream (CPython cannot compile a file that large anyway).
const MAX_RECORD_BYTES: u32 = 1 << 30;
/// How much of the interpreter's error output is kept to explain a failure.
const STDERR_TAIL_BYTES: usize = 4096;

const STATUS_OK: u8 = 0;
const STATUS_SYNTAX_ERROR: u8 = 1;
const STATUS_OTHER_ERROR: u8 = 2;

/// One module's result: its code object, or why there is none.
#[derive(Clone, Debug)]
pub struct CompileOutcome {
    pub name: String,
    pub path: PathBuf,
    pub result: Result<Compiled, FailureReason>,
    /// Time spent reading the marshalled code (the interpreter's compile excluded).
    pub marshal_time: std::time::Duration,
}

/// A compiled module: its code, and the constant strings it passes to `eval`/`exec`, compiled.
#[derive(Clone, Debug)]
pub struct Compiled {
    pub code: CodeObject,
    pub strings: Vec<CompiledString>,
}

/// A constant string a module passes to `eval` or `exec`, compiled as that call would
/// compile it (and never run).
#[derive(Clone, Debug)]
pub struct CompiledString {
    pub text: String,
    pub code: CodeObject,
}

/// Compiling could not proceed at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompileError {
    /// The interpreter could not be started or did not start the helper.
    Start {
        interpreter: PathBuf,
        message: String,
    },
    /// The helper's output does not follow the protocol.
    Protocol {
        interpreter: PathBuf,
        message: String,
    },
    TooManyModules {
        count: usize,
    },
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompileError::Start { interpreter, message } => {
                write!(f, "{}: cannot start compiling: {message}", interpreter.display())
            }
            CompileError::Protocol { interpreter, message } => {
                write!(f, "{}: unexpected output while compiling: {message}", interpreter.display())
            }
            CompileError::TooManyModules { count } => write!(f, "{count} modules are too many to compile in one load"),
        }
    }
}

impl std::error::Error for CompileError {}

/// Compiles `jobs` (dotted name, source file) with `interpreter`; the outcomes
/// come in the order of `jobs`, one per job.
pub fn compile_modules(
    interpreter: &Interpreter,
    jobs: &[(String, PathBuf)],
) -> Result<Vec<CompileOutcome>, CompileError> {
    let mut outcomes = Vec::with_capacity(jobs.len());
    compile_each(interpreter, jobs, |outcome| {
        outcomes.push(outcome);
        crate::monitor::set_detail(format!("{}/{} modules compiled", outcomes.len(), jobs.len()));
    })?;
    Ok(outcomes)
}

/// Like [`compile_modules`], handing each outcome over as soon as it is decoded.
pub fn compile_each(
    interpreter: &Interpreter,
    jobs: &[(String, PathBuf)],
    mut on_outcome: impl FnMut(CompileOutcome),
) -> Result<(), CompileError> {
    let mut start = 0;
    while start < jobs.len() {
        let rest = &jobs[start..];
        match run_session(interpreter, rest, &mut on_outcome)? {
            SessionEnd::Finished => break,
            SessionEnd::Died { completed, detail } => {
                // `completed < rest.len()` here: the process died on the next module.
                let (name, path) = &rest[completed];
                let message = format!("{} stopped while compiling it ({detail})", interpreter.path.display());
                on_outcome(CompileOutcome {
                    name: name.clone(),
                    path: path.clone(),
                    result: Err(FailureReason::CompileError { message }),
                    marshal_time: std::time::Duration::ZERO,
                });
                start += completed + 1;
            }
        }
    }
    Ok(())
}

enum SessionEnd {
    Finished,
    /// The process ended after `completed` records.
    Died {
        completed: usize,
        detail: String,
    },
}

/// Runs one helper process over `jobs`.
fn run_session(
    interpreter: &Interpreter,
    jobs: &[(String, PathBuf)],
    on_outcome: &mut dyn FnMut(CompileOutcome),
) -> Result<SessionEnd, CompileError> {
    let request = encode_request(jobs)?;
    let start_error = |message: String| CompileError::Start { interpreter: interpreter.path.clone(), message };
    let mut child = Command::new(&interpreter.path)
        .args(["-I", "-S", "-c", HELPER])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| start_error(format!("cannot run it: {e}")))?;
    let (Some(mut stdin), Some(stdout), Some(stderr)) = (child.stdin.take(), child.stdout.take(), child.stderr.take())
    else {
        let _ = child.kill();
        let _ = child.wait();
        return Err(start_error("no pipes to the process".into()));
    };

    let pid = child.id();
    crate::monitor::child_started(pid);
    let _ended = Ended(pid);
    let child = Mutex::new(child);
    let stall = stall_timeout();
    let started = Instant::now();
    // Milliseconds since `started` when output last arrived; the watchdog stops an
    // interpreter that sends nothing for `stall` (hung, or waiting on something).
    let last_output = AtomicU64::new(0);
    let (finished, stalled) = (AtomicBool::new(false), AtomicBool::new(false));
    std::thread::scope(|scope| {
        // Writing and reading run side by side so that neither pipe can fill up and stall.
        scope.spawn(move || {
            // A failed write means the process ended; reading stdout tells how.
            let _ = stdin.write_all(&request);
        });
        let stderr_tail = scope.spawn(move || read_tail(stderr));
        scope.spawn(|| {
            while !finished.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(50));
                let quiet = started.elapsed().saturating_sub(Duration::from_millis(last_output.load(Ordering::Relaxed)));
                if quiet > stall && !finished.load(Ordering::Relaxed) {
                    stalled.store(true, Ordering::Relaxed);
                    let _ = child.lock().map(|mut c| c.kill());
                    break;
                }
            }
        });
        let stdout = Watched { inner: stdout, started, last_output: &last_output };
        let read = read_records(interpreter, jobs, stdout, on_outcome);
        finished.store(true, Ordering::Relaxed);
        let mut child = child.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let finish = |child: &mut Child| {
            let _ = child.kill();
            let status = child.wait().map(|s| s.to_string()).unwrap_or_else(|e| format!("unknown exit: {e}"));
            let tail = stderr_tail.join().unwrap_or_default();
            if stalled.load(Ordering::Relaxed) {
                format!("no output for {} s, stopped; set CPYG_COMPILE_TIMEOUT to wait longer", stall.as_secs())
            } else {
                describe_exit(&status, &tail)
            }
        };
        match read {
            Ok(ReadEnd::Complete) => {
                // The helper has written its last record; let it exit on its own.
                let _ = child.wait();
                Ok(SessionEnd::Finished)
            }
            Ok(ReadEnd::Truncated { completed: 0, before_header: true }) => {
                Err(start_error(format!("the compile helper did not start ({})", finish(&mut child))))
            }
            Ok(ReadEnd::Truncated { completed, .. }) => Ok(SessionEnd::Died { completed, detail: finish(&mut child) }),
            Err(message) => {
                let detail = finish(&mut child);
                Err(CompileError::Protocol {
                    interpreter: interpreter.path.clone(),
                    message: format!("{message} ({detail})"),
                })
            }
        }
    })
}

/// Tells the monitor the interpreter `.0` was waited for, however the session ends.
struct Ended(u32);

impl Drop for Ended {
    fn drop(&mut self) {
        crate::monitor::child_ended(self.0);
    }
}

/// How long the interpreter may send nothing: `CPYG_COMPILE_TIMEOUT` seconds, or the default.
fn stall_timeout() -> Duration {
    let seconds = std::env::var("CPYG_COMPILE_TIMEOUT").ok().and_then(|v| v.trim().parse::<f64>().ok());
    match seconds {
        Some(s) if s > 0.0 && s.is_finite() => Duration::from_secs_f64(s.min(1e9)),
        _ => Duration::from_secs(cpyg_adapters::limits::COMPILE_STALL_SECONDS),
    }
}

/// The interpreter's output, noting when bytes last arrived.
struct Watched<'a, R> {
    inner: R,
    started: Instant,
    last_output: &'a AtomicU64,
}

impl<R: Read> Read for Watched<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.last_output.store(self.started.elapsed().as_millis() as u64, Ordering::Relaxed);
        Ok(n)
    }
}

fn describe_exit(status: &str, stderr_tail: &str) -> String {
    let last = stderr_tail.trim().lines().last().unwrap_or("").trim();
    if last.is_empty() {
        status.to_string()
    } else {
        format!("{status}: {last}")
    }
}

/// The module list in the helper's input format.
fn encode_request(jobs: &[(String, PathBuf)]) -> Result<Vec<u8>, CompileError> {
    let count = u32::try_from(jobs.len()).map_err(|_| CompileError::TooManyModules { count: jobs.len() })?;
    let mut out = count.to_le_bytes().to_vec();
    for (name, path) in jobs {
        push_blob(&mut out, name.as_bytes());
        push_blob(&mut out, &path_bytes(path));
    }
    Ok(out)
}

fn push_blob(out: &mut Vec<u8>, bytes: &[u8]) {
    // Names and paths are far below 4 GiB; the cast cannot truncate in practice,
    // and the helper would report a mismatch if it did.
    out.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
    out.extend_from_slice(bytes);
}

/// The path as the helper's `os.fsdecode` expects it.
fn path_bytes(path: &Path) -> Vec<u8> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        path.as_os_str().as_bytes().to_vec()
    }
    #[cfg(not(unix))]
    {
        path.to_string_lossy().into_owned().into_bytes()
    }
}

enum ReadEnd {
    Complete,
    /// The stream ended early, after `completed` whole records.
    Truncated {
        completed: usize,
        before_header: bool,
    },
}

/// Reads the helper's stream, decoding each record as it arrives. `Err` is a
/// stream that does not follow the protocol.
fn read_records(
    interpreter: &Interpreter,
    jobs: &[(String, PathBuf)],
    stdout: impl Read,
    on_outcome: &mut dyn FnMut(CompileOutcome),
) -> Result<ReadEnd, String> {
    let mut stream = BufReader::new(stdout);
    let mut magic = [0u8; STREAM_MAGIC.len()];
    match read_full(&mut stream, &mut magic) {
        Ok(true) if magic == STREAM_MAGIC => {}
        Ok(true) => return Err(format!("stream starts with {magic:?}, not the helper's header")),
        Ok(false) | Err(_) => return Ok(ReadEnd::Truncated { completed: 0, before_header: true }),
    }
    for (completed, (name, path)) in jobs.iter().enumerate() {
        let record = match read_record(&mut stream) {
            Ok(Some(record)) => record,
            Ok(None) => return Ok(ReadEnd::Truncated { completed, before_header: false }),
            Err(message) => return Err(message),
        };
        if record.name != name.as_bytes() {
            return Err(format!(
                "record {completed} is for {:?}, expected {name}",
                String::from_utf8_lossy(&record.name)
            ));
        }
        let started = std::time::Instant::now();
        let result = match record.body {
            RecordBody::Code(bytes, strings) => {
                let read = |bytes: &[u8], what: &str| {
                    marshal::read_code(bytes, interpreter.minor).map_err(|e| FailureReason::BadCode {
                        message: format!(
                            "the code object compiled by Python {} {what}could not be read: {e}",
                            interpreter.version
                        ),
                    })
                };
                read(&bytes, "").and_then(|code| {
                    let strings = strings
                        .into_iter()
                        .map(|(text, bytes)| {
                            let what = format!("from the string {text:?} ");
                            Ok(CompiledString { code: read(&bytes, &what)?, text })
                        })
                        .collect::<Result<Vec<_>, FailureReason>>()?;
                    Ok(Compiled { code, strings })
                })
            }
            RecordBody::SyntaxError { line, message } => {
                Err(FailureReason::SyntaxError { message, line: (line > 0).then_some(line) })
            }
            RecordBody::OtherError { message } => Err(FailureReason::CompileError { message }),
        };
        on_outcome(CompileOutcome { name: name.clone(), path: path.clone(), result, marshal_time: started.elapsed() });
    }
    let mut extra = [0u8; 1];
    match stream.read(&mut extra) {
        Ok(0) => Ok(ReadEnd::Complete),
        Ok(_) => Err("output continues after the last module".into()),
        Err(e) => Err(format!("reading past the last module: {e}")),
    }
}

#[derive(Debug)]
struct Record {
    name: Vec<u8>,
    body: RecordBody,
}

#[derive(Debug)]
enum RecordBody {
    /// The module's marshalled code, and its compiled constant strings (text, marshalled code).
    Code(Vec<u8>, Vec<(String, Vec<u8>)>),
    SyntaxError { line: u32, message: String },
    OtherError { message: String },
}

/// One record; `Ok(None)` when the stream ends (cleanly or mid-record), `Err` for
/// content that breaks the protocol.
fn read_record(stream: &mut impl Read) -> Result<Option<Record>, String> {
    let Some(name) = read_blob(stream)? else { return Ok(None) };
    let Some(status) = read_u32_or_byte(stream, 1)? else { return Ok(None) };
    let body = match status as u8 {
        STATUS_OK => {
            let Some(bytes) = read_blob(stream)? else { return Ok(None) };
            let Some(count) = read_u32_or_byte(stream, 4)? else { return Ok(None) };
            let mut strings = Vec::new();
            for _ in 0..count {
                let Some(text) = read_blob(stream)? else { return Ok(None) };
                let Some(code) = read_blob(stream)? else { return Ok(None) };
                let text = String::from_utf8(text).map_err(|_| "a compiled string is not UTF-8".to_string())?;
                strings.push((text, code));
            }
            RecordBody::Code(bytes, strings)
        }
        STATUS_SYNTAX_ERROR | STATUS_OTHER_ERROR => {
            let Some(line) = read_u32_or_byte(stream, 4)? else { return Ok(None) };
            let Some(message) = read_blob(stream)? else { return Ok(None) };
            let message = String::from_utf8_lossy(&message).into_owned();
            if status as u8 == STATUS_SYNTAX_ERROR {
                RecordBody::SyntaxError { line, message }
            } else {
                RecordBody::OtherError { message }
            }
        }
        other => return Err(format!("unknown status {other} for {:?}", String::from_utf8_lossy(&name))),
    };
    Ok(Some(Record { name, body }))
}

/// A little-endian integer of `width` bytes (1 or 4); `None` at the end of the stream.
fn read_u32_or_byte(stream: &mut impl Read, width: usize) -> Result<Option<u32>, String> {
    let mut buf = [0u8; 4];
    match read_full(stream, &mut buf[..width]) {
        Ok(true) => Ok(Some(u32::from_le_bytes(buf))),
        Ok(false) => Ok(None),
        Err(e) => Err(format!("reading the stream: {e}")),
    }
}

fn read_blob(stream: &mut impl Read) -> Result<Option<Vec<u8>>, String> {
    let Some(len) = read_u32_or_byte(stream, 4)? else { return Ok(None) };
    if len > MAX_RECORD_BYTES {
        return Err(format!("a record claims {len} bytes"));
    }
    // Grown as bytes arrive rather than reserved from the claimed length.
    let mut bytes = Vec::new();
    let got = stream.take(u64::from(len)).read_to_end(&mut bytes).map_err(|e| format!("reading the stream: {e}"))?;
    Ok((got == len as usize).then_some(bytes))
}

/// Fills `buf`; `Ok(false)` if the stream ends first.
fn read_full(stream: &mut impl Read, buf: &mut [u8]) -> io::Result<bool> {
    let mut filled = 0;
    while filled < buf.len() {
        match stream.read(&mut buf[filled..]) {
            Ok(0) => return Ok(false),
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(true)
}

/// The last few KiB of the process's error output, read to its end.
fn read_tail(mut stderr: ChildStderr) -> String {
    let mut tail: Vec<u8> = Vec::new();
    let mut chunk = [0u8; 8192];
    loop {
        match stderr.read(&mut chunk) {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                tail.extend_from_slice(&chunk[..n]);
                if tail.len() > 2 * STDERR_TAIL_BYTES {
                    tail.drain(..tail.len() - STDERR_TAIL_BYTES);
                }
            }
        }
    }
    String::from_utf8_lossy(&tail).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_each_record_kind() {
        let mut stream = Vec::new();
        push_blob(&mut stream, b"a");
        stream.push(STATUS_SYNTAX_ERROR);
        stream.extend_from_slice(&7u32.to_le_bytes());
        push_blob(&mut stream, b"invalid syntax");
        push_blob(&mut stream, b"b");
        stream.push(STATUS_OTHER_ERROR);
        stream.extend_from_slice(&0u32.to_le_bytes());
        push_blob(&mut stream, b"ValueError: null bytes");
        push_blob(&mut stream, b"c");
        stream.push(STATUS_OK);
        push_blob(&mut stream, b"xyz");
        stream.extend_from_slice(&1u32.to_le_bytes());
        push_blob(&mut stream, b"f()");
        push_blob(&mut stream, b"uvw");
        let mut reader = stream.as_slice();
        let first = read_record(&mut reader).unwrap().unwrap();
        assert!(matches!(first.body, RecordBody::SyntaxError { line: 7, ref message } if message == "invalid syntax"));
        let second = read_record(&mut reader).unwrap().unwrap();
        assert!(matches!(second.body, RecordBody::OtherError { ref message } if message.starts_with("ValueError")));
        let third = read_record(&mut reader).unwrap().unwrap();
        assert_eq!(third.name, b"c");
        assert!(matches!(third.body, RecordBody::Code(ref b, ref s) if b == b"xyz" && *s == [("f()".to_string(), b"uvw".to_vec())]));
        assert!(read_record(&mut reader).unwrap().is_none());
    }

    #[test]
    fn a_cut_record_is_the_end_and_a_bad_one_an_error() {
        let mut stream = Vec::new();
        push_blob(&mut stream, b"a");
        stream.push(STATUS_OK);
        stream.extend_from_slice(&100u32.to_le_bytes());
        stream.extend_from_slice(b"short");
        assert!(read_record(&mut stream.as_slice()).unwrap().is_none());

        let mut bad = Vec::new();
        push_blob(&mut bad, b"a");
        bad.push(9);
        assert!(read_record(&mut bad.as_slice()).unwrap_err().contains("unknown status 9"));

        let mut huge = Vec::new();
        huge.extend_from_slice(&u32::MAX.to_le_bytes());
        assert!(read_record(&mut huge.as_slice()).is_err());
    }
}
