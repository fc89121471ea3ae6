//! Build script: make the binary find the project venv's libpython at run time.
//!
//! Without an rpath the dynamic loader picks whatever `libpython3.11.so` is first on its
//! search path (on Debian that is the system one, with a different `sys.prefix`), so the
//! embedded interpreter would not see the pinned matplotlib. The executor crate, which
//! alone depends on pyo3, passes the LIBDIR of the interpreter pyo3 was configured with
//! (`PYO3_PYTHON`, set in `.cargo/config.toml`) as its `links` metadata.

fn main() {
    if let Ok(lib_dir) = std::env::var("DEP_PLOTGRADE_EXEC_LIBDIR") {
        println!("cargo:rustc-link-arg=-Wl,-rpath,{lib_dir}");
    }
    println!("cargo:rerun-if-env-changed=DEP_PLOTGRADE_EXEC_LIBDIR");
    println!("cargo:rerun-if-changed=build.rs");
}
