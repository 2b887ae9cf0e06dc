//! The one way the `truco` commands read an input file whole (plot inputs, `solve --mv`,
//! checkpoints; tables use the same checks in [`crate::Table::open`]): a regular file only
//! (a FIFO, a device, a directory or a socket is refused without blocking and without reading
//! anything), and at most a given number of bytes.

use std::fs::File;
use std::io::{Error, ErrorKind, Read};
use std::path::Path;

use crate::reader::file_kind;

/// Opens `path` for reading if it is a regular file. The open itself cannot block (on a FIFO
/// swapped in after a check, say): it is non-blocking, then the open file is checked.
pub fn open_regular(path: &Path) -> std::io::Result<File> {
    let mut opts = std::fs::OpenOptions::new();
    opts.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        opts.custom_flags(libc::O_NONBLOCK);
    }
    let file = opts.open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(Error::new(
            ErrorKind::InvalidInput,
            format!("it is {}, not a regular file", file_kind(&meta.file_type())),
        ));
    }
    Ok(file)
}

/// The bytes of the regular file at `path`, refused if longer than `limit` bytes (a file
/// growing while read is cut at the limit and refused too).
pub fn read_regular(path: &Path, limit: u64) -> std::io::Result<Vec<u8>> {
    let file = open_regular(path)?;
    let len = file.metadata()?.len();
    let too_long = || {
        Error::new(
            ErrorKind::InvalidData,
            format!("it is longer than {limit} bytes"),
        )
    };
    if len > limit {
        return Err(too_long());
    }
    let mut bytes = Vec::with_capacity(len as usize);
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(too_long());
    }
    Ok(bytes)
}

/// [`read_regular`] of a UTF-8 text file.
pub fn read_regular_text(path: &Path, limit: u64) -> std::io::Result<String> {
    String::from_utf8(read_regular(path, limit)?)
        .map_err(|_| Error::new(ErrorKind::InvalidData, "it is not UTF-8 text"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn devices_fifos_and_directories_are_refused_at_once() {
        let e = read_regular(Path::new("/dev/zero"), 1 << 20).unwrap_err();
        assert!(e.to_string().contains("character device"), "{e}");
        let e = read_regular(&std::env::temp_dir(), 1 << 20).unwrap_err();
        assert!(e.to_string().contains("directory"), "{e}");
        #[cfg(unix)]
        {
            let fifo = std::env::temp_dir().join(format!("tq-fifo-{}", std::process::id()));
            let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
            // SAFETY: a valid NUL-terminated path.
            assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
            let e = read_regular(&fifo, 1 << 20).unwrap_err();
            assert!(e.to_string().contains("FIFO"), "{e}");
            std::fs::remove_file(&fifo).unwrap();
        }
    }

    #[test]
    fn a_file_over_the_limit_is_refused_and_one_within_is_read() {
        let path = std::env::temp_dir().join(format!("tq-limit-{}", std::process::id()));
        std::fs::write(&path, b"0123456789").unwrap();
        assert_eq!(read_regular_text(&path, 10).unwrap(), "0123456789");
        let e = read_regular(&path, 9).unwrap_err();
        assert!(e.to_string().contains("longer than 9"), "{e}");
        std::fs::remove_file(&path).unwrap();
    }
}
