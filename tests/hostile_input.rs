//! Corrupted `.pyc` headers must give errors that say what is wrong, never panics.

use cpyg::adapters::pyc;

// Every fixture truncated at every byte, and mutated fixtures: the `cpyg-fuzz`
// crate (`fuzz/`), whose tests CI runs.

#[test]
fn header_errors_name_the_release() {
    let mut data = vec![0u8; 16];
    data[..4].copy_from_slice(&[0x42, 0x0d, 0x0d, 0x0a]); // 3394: CPython 3.7
    let message = pyc::read(&data).unwrap_err().to_string();
    assert!(message.contains("CPython 3.7 bytecode is not supported yet"), "{message}");
    assert!(message.contains("cpyg reads CPython 3.8-3.15"), "{message}");
    data[..2].copy_from_slice(&3700u16.to_le_bytes());
    assert!(pyc::read(&data).unwrap_err().to_string().contains("not a .pyc"));
    for (magic, release) in [(3620u16, "3.14"), (3655, "3.15"), (3401, "3.8"), (3423, "3.9")] {
        let message = {
            data[..2].copy_from_slice(&magic.to_le_bytes());
            pyc::read(&data).unwrap_err().to_string()
        };
        assert!(message.contains(&format!("pre-release CPython {release}")), "{magic}: {message}");
    }
    for (magic, minor) in [(3413u16, 8), (3425, 9), (3666, 15)] {
        data[..2].copy_from_slice(&magic.to_le_bytes());
        assert_eq!(pyc::read_header(&data).unwrap().1, minor, "final magic {magic}");
    }
    let message = pyc::read(b"abc").unwrap_err().to_string();
    assert!(message.contains("shorter than"), "{message}");
}
