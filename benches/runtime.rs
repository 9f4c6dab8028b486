//! Native micro-benchmarks of the executor, printing ns per operation:
//! `cargo bench --bench runtime` (`-- spawn`: only the benchmarks whose name contains
//! `spawn`). (The browser comparison lives in the benchmark page.)

use std::hint::black_box;
use std::time::Instant;

use asyncio_playground::runtime::{create_task, gather, run, sleep, yield_now, Lock, PyResult};

fn bench(name: &str, ops: u64, program: impl std::future::Future<Output = PyResult<()>> + 'static) {
    let only: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    if !only.is_empty() && !only.iter().any(|o| name.contains(o.as_str())) {
        return;
    }
    let start = Instant::now();
    let report = run(program);
    let elapsed = start.elapsed();
    report.result.expect("the benchmark program succeeds");
    println!(
        "{name:<44} {:>10.1} ns/op   ({ops} ops, {:.1} ms, {} events)",
        elapsed.as_nanos() as f64 / ops as f64,
        elapsed.as_secs_f64() * 1e3,
        report.trace.events.len()
    );
}

fn main() {
    const N: u64 = 100_000;
    bench("spawn + complete, per task", N, async {
        let tasks: Vec<_> = (0..N).map(|i| create_task(async move { Ok(black_box(i)) })).collect();
        gather(tasks).await.map(drop)
    });
    bench("sleep(0), per yield", N, async {
        for _ in 0..N {
            yield_now().await?;
        }
        Ok(())
    });
    bench("uncontended Lock acquire + release", N, async {
        let lock = Lock::new();
        for _ in 0..N {
            black_box(lock.acquire().await?);
        }
        Ok(())
    });
    bench("contended Lock (100 tasks), per acquire", N, async {
        let lock = Lock::new();
        let tasks = (0..100)
            .map(|_| {
                let lock = lock.clone();
                create_task(async move {
                    for _ in 0..N / 100 {
                        let _g = lock.acquire().await?;
                        yield_now().await?;
                    }
                    Ok(())
                })
            })
            .collect();
        gather(tasks).await.map(drop)
    });
    bench("100k tasks sleeping to deadlines in 0–1 s, per task", N, async {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let tasks = (0..N)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let delay = (seed % 1_000_000) as f64 / 1e6;
                create_task(sleep(delay))
            })
            .collect();
        gather(tasks).await.map(drop)
    });
}
