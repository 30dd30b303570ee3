//! The console draws render trees with the one A2UI renderer, `surfaces-render` (the npm
//! package's `mountSurface` mounts the same components).

pub use surfaces_render::{Handlers, LiveSurface, RenderOptions};
