//! Build script: make the binary find the project venv's libpython at run time.
//!
//! Without an rpath the dynamic loader picks whatever `libpython3.11.so` is first on its
//! search path (on Debian that is the system one, with a different `sys.prefix`), so the
//! embedded interpreter would not see the pinned matplotlib. We point the rpath at the
//! LIBDIR of the interpreter pyo3 was configured with (`PYO3_PYTHON`, set in
//! `.cargo/config.toml`).

fn main() {
    let config = pyo3_build_config::get();
    if let Some(lib_dir) = config.lib_dir() {
        println!("cargo:rustc-link-arg=-Wl,-rpath,{lib_dir}");
    }
    // Record the interpreter so the worker can find its prefix and site-packages.
    if let Some(exe) = config.executable() {
        println!("cargo:rustc-env=PLOTGRADE_BUILD_PYTHON={exe}");
    }
    println!("cargo:rerun-if-env-changed=PYO3_PYTHON");
    println!("cargo:rerun-if-changed=build.rs");
}
