//! Record the interpreter pyo3 was configured with (`PYO3_PYTHON`, set in
//! `.cargo/config.toml`), so a worker can find that venv's prefix and site-packages. The
//! binary's rpath to its libpython is set by the binary's own build script, from the
//! LIBDIR passed on here as `links` metadata.

fn main() {
    let config = pyo3_build_config::get();
    // For the binary's rpath (its build script reads DEP_PLOTGRADE_EXEC_LIBDIR).
    if let Some(lib_dir) = config.lib_dir() {
        println!("cargo:libdir={lib_dir}");
    }
    if let Some(exe) = config.executable() {
        println!("cargo:rustc-env=PLOTGRADE_BUILD_PYTHON={exe}");
    }
    println!("cargo:rerun-if-env-changed=PYO3_PYTHON");
    println!("cargo:rerun-if-changed=build.rs");
}
