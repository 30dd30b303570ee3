//! Assembles `src/units.wat`, the module the package copies a JS string's UTF-16 units with
//! in browsers (`units_of` in src/lib.rs), into `$OUT_DIR/units.wasm`.
fn main() {
    let source = "src/units.wat";
    println!("cargo::rerun-if-changed={source}");
    let bytes = wat::parse_file(source).unwrap_or_else(|e| panic!("{source}: {e}"));
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(std::path::Path::new(&out).join("units.wasm"), bytes).expect("write units.wasm");
}
