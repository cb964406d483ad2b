//! Where a command's result goes: standard output, where a closed pipe
//! (`cpyg ... | head`) ends the output quietly, or a file (`-o`) that appears
//! only complete, renamed into place from a partial file beside it.

use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::Path;

use crate::Error;

/// Writes a result with `write`, to `path` or to standard output.
pub fn emit(path: Option<&Path>, write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> Result<(), Error> {
    match path {
        None => {
            let mut out = BufWriter::new(io::stdout().lock());
            match write(&mut out).and_then(|_| out.flush()) {
                // The reader has what it wanted.
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
                Err(e) => Err(Error::Input(format!("writing to standard output: {e}"))),
                Ok(()) => Ok(()),
            }
        }
        Some(path) => write_file(path, write),
    }
}

/// Writes `path` through a partial file in the same folder, renamed into place when complete.
fn write_file(path: &Path, write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> Result<(), Error> {
    let name = path.file_name().ok_or_else(|| Error::Input(format!("{}: not a file name", path.display())))?;
    let partial = path.with_file_name(format!(".{}.partial-{}", name.to_string_lossy(), std::process::id()));
    crate::monitor::writing(partial.clone());
    let written = fs::File::create(&partial).and_then(|file| {
        let mut out = BufWriter::new(file);
        write(&mut out)?;
        out.into_inner().map_err(|e| e.into_error())?.sync_all()
    });
    let renamed = written.and_then(|_| fs::rename(&partial, path));
    crate::monitor::written(&partial);
    renamed.map_err(|e| {
        let _ = fs::remove_file(&partial);
        Error::Input(format!("{}: cannot write: {e}", path.display()))
    })
}
