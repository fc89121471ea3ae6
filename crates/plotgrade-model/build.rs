//! Record the project venv's interpreter (`PYO3_PYTHON`, set in `.cargo/config.toml`) for
//! `task::default_python`, which runs variant generators with it.

fn main() {
    if let Ok(python) = std::env::var("PYO3_PYTHON") {
        println!("cargo:rustc-env=PLOTGRADE_BUILD_PYTHON={python}");
    }
    println!("cargo:rerun-if-env-changed=PYO3_PYTHON");
    println!("cargo:rerun-if-changed=build.rs");
}
