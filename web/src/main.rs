fn main() {
    surfaces_console::mount();
}
