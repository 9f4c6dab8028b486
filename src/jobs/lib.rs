//! The jobs a playground worker runs for `asyncio.to_thread`, as a module of their own.
//!
//! A worker stands in for a thread. It needs only these jobs, not the page, so the page
//! hands each new worker this module of about 50 KB (compiled once, on the page) instead of
//! the whole playground bundle (1.3 MB): a cold worker then starts almost as fast as a
//! blank one.
//!
//! - [`count_primes`]: the CPU-bound example's work, the same function whether it runs on
//!   the loop, in a worker, or on the virtual clock.
//! - `run_worker_job` (wasm32 only): one job in the worker's words, called by
//!   `static/worker.js`.

#![deny(missing_docs)]

/// The number of primes below `n` (a sieve; the CPU-bound example's work).
///
/// # Examples
/// ```
/// assert_eq!(asyncio_playground_jobs::count_primes(100), 25);
/// ```
pub fn count_primes(n: u64) -> u64 {
    let n = usize::try_from(n).unwrap_or(usize::MAX);
    if n < 3 {
        return 0;
    }
    let mut composite = vec![false; n];
    let mut count = 0;
    for i in 2..n {
        if !composite[i] {
            count += 1;
            let mut j = i.saturating_mul(i);
            while j < n {
                composite[j] = true;
                j += i;
            }
        }
    }
    count
}

/// A job's wall milliseconds as the page writes them (`1500`, `0.25`: an `f64`'s plain
/// decimal text), to the microsecond; anything else is 0. (Read without `f64::from_str`, whose
/// table of powers of five (10 KB) this module would otherwise carry — and so the page's first
/// chunk, which links this module's export.)
///
/// # Examples
/// ```
/// assert_eq!(asyncio_playground_jobs::wall_ms("1500"), 1500.0);
/// assert_eq!(asyncio_playground_jobs::wall_ms("0.25"), 0.25);
/// assert_eq!(asyncio_playground_jobs::wall_ms("2.0000004"), 2.0);
/// assert_eq!(asyncio_playground_jobs::wall_ms("soon"), 0.0);
/// ```
pub fn wall_ms(text: &str) -> f64 {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !(fraction.is_empty() || digits(fraction)) {
        return 0.0;
    }
    let micros: String = fraction.chars().chain(std::iter::repeat('0')).take(6).collect();
    whole.parse::<u64>().unwrap_or(u64::MAX) as f64 + micros.parse::<u64>().unwrap_or(0) as f64 / 1e6
}

#[cfg(target_arch = "wasm32")]
mod worker {
    use wasm_bindgen::prelude::*;

    #[wasm_bindgen]
    extern "C" {
        /// The global `performance.now()`, a worker's as well as a page's.
        #[wasm_bindgen(js_namespace = performance, js_name = now)]
        fn performance_now() -> f64;
    }

    /// Keeps the worker's thread busy for `ms` wall milliseconds (what `time.sleep` does to
    /// a thread: it is not free for anything else).
    fn busy_wait(ms: f64) {
        let until = performance_now() + ms;
        while performance_now() < until {}
    }

    /// Runs one job inside a worker (called by `static/worker.js`). `job` is
    /// `"sleep <wall ms>"`, `"primes <below> <wall ms>"` or `"fail <message>"`; the value is
    /// the job's result as Python prints it, the error a failing job's message.
    #[wasm_bindgen]
    pub fn run_worker_job(job: &str) -> Result<String, JsValue> {
        let mut parts = job.splitn(3, ' ');
        match (parts.next(), parts.next(), parts.next()) {
            (Some("sleep"), Some(ms), _) => {
                busy_wait(super::wall_ms(ms));
                Ok("None".into())
            }
            (Some("primes"), Some(below), ms) => {
                let n = super::count_primes(below.parse().unwrap_or(0));
                busy_wait(ms.map_or(0.0, super::wall_ms));
                Ok(n.to_string())
            }
            // Only in builds for the browser tests (feature `test-jobs`): a trap, as a bug in a
            // job would cause, so that they can see the worker report it, close and be replaced.
            #[cfg(feature = "test-jobs")]
            (Some("crash"), _, _) => {
                #[allow(unconditional_panic)]
                let v = [0u8][job.len()];
                Ok(v.to_string())
            }
            (Some("fail"), Some(first), rest) => Err(JsValue::from_str(&[Some(first), rest].iter().flatten().copied().collect::<Vec<_>>().join(" "))),
            _ => Err(JsValue::from_str(&format!("unknown job {job:?}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::count_primes;

    #[test]
    fn counts_the_primes_below_n() {
        assert_eq!(count_primes(0), 0);
        assert_eq!(count_primes(2), 0);
        assert_eq!(count_primes(3), 1);
        assert_eq!(count_primes(100), 25);
        assert_eq!(count_primes(1_000_000), 78_498);
    }
}
