//! The real clock's chunk: runs on the browser's clock (`ui::real_runs`, with the browser
//! driver, its timers, the Web Workers that stand in for threads and `fetch`).

use crate::ui::lazy::RealChunk;
use crate::ui::real_runs;

/// The real clock's chunk's table.
pub static TABLE: RealChunk = RealChunk { start: real_runs::start, stop: real_runs::stop, replace: real_runs::replace, release: real_runs::release };
