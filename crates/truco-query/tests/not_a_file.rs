//! Paths that are not regular files are refused before anything is read (a device would be read
//! without end, a FIFO would block), and an empty file or a directory says so.

mod common;

use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::time::{Duration, Instant};

use common::TempPath;
use truco_query::{OpenOptions, Table, TableError};

fn open(path: &std::path::Path) -> TableError {
    match Table::open(path, OpenOptions::default()) {
        Ok(_) => panic!("{} opened as a table", path.display()),
        Err(e) => e,
    }
}

#[test]
fn a_character_device_is_refused_at_once() {
    let t = Instant::now();
    let e = open("/dev/zero".as_ref());
    assert!(matches!(e, TableError::NotAFile { .. }), "{e}");
    assert!(e.to_string().contains("a character device"), "{e}");
    assert!(t.elapsed() < Duration::from_secs(5));
}

#[test]
fn a_fifo_is_refused_without_blocking() {
    let p = TempPath::new("fifo");
    let c = CString::new(p.0.as_os_str().as_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let e = open(&p.0);
    assert!(e.to_string().contains("a FIFO, not a regular file"), "{e}");
}

#[test]
fn a_directory_and_an_empty_file_say_what_they_are() {
    let dir = std::env::temp_dir();
    let e = open(&dir);
    assert!(e.to_string().contains("a directory"), "{e}");
    let p = TempPath::new("empty");
    std::fs::write(&p.0, b"").unwrap();
    let e = open(&p.0);
    assert!(matches!(e, TableError::Empty { .. }), "{e}");
    assert!(e.to_string().contains("the file is empty"), "{e}");
}

#[test]
fn a_missing_file_is_an_io_error() {
    let e = open("/no/such/table.tbl".as_ref());
    assert!(matches!(e, TableError::Io { .. }), "{e}");
}
