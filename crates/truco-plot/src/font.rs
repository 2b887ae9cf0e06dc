//! The bundled font: Lato Regular (SIL Open Font License 1.1, `fonts/LICENSE-Lato-OFL.txt`),
//! registered with plotters as `sans-serif`, so PNG text renders without system fonts.

use std::sync::OnceLock;

use plotters::style::{register_font, FontStyle};

use crate::error::PlotError;

/// The font family name charts use.
pub const FAMILY: &str = "sans-serif";

static LATO: &[u8] = include_bytes!("../fonts/Lato-Regular.ttf");

/// Registers the bundled font once (later calls return the first result).
pub fn ensure_font() -> Result<(), PlotError> {
    static DONE: OnceLock<bool> = OnceLock::new();
    let ok = *DONE.get_or_init(|| register_font(FAMILY, FontStyle::Normal, LATO).is_ok());
    if ok {
        Ok(())
    } else {
        Err(PlotError::Font)
    }
}
