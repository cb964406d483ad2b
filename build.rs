//! Records the git revision the binary is built from (`cpyg --version`, `meta`):
//! `unknown` outside a git checkout.

use std::process::Command;

fn main() {
    let git =
        |args: &[&str]| Command::new("git").args(args).output().ok().filter(|o| o.status.success()).map(|o| o.stdout);
    let revision = match git(&["rev-parse", "--short=12", "HEAD"]) {
        Some(head) => String::from_utf8_lossy(&head).trim().to_string(),
        None => "unknown".to_string(),
    };
    println!("cargo:rustc-env=CPYG_GIT_REVISION={revision}");
    // A new commit or checkout moves HEAD or the ref it names.
    if let Some(dir) = git(&["rev-parse", "--git-dir"]) {
        let dir = String::from_utf8_lossy(&dir).trim().to_string();
        println!("cargo:rerun-if-changed={dir}/HEAD");
        if let Some(head) = git(&["symbolic-ref", "-q", "HEAD"]) {
            println!("cargo:rerun-if-changed={dir}/{}", String::from_utf8_lossy(&head).trim());
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
}
