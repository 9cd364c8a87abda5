//! What every game's analysis shares: a mean with its 95% interval
//! ([`Estimate`], paired or not), and worlds played on threads
//! ([`on_threads`]) with results that do not depend on how many. Each game's
//! analysis is its own (`katzenjammer/analysis.rs`; J'achète's in
//! `jachete/mod.rs`).

/// A mean with the half-width of its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub mean: f64,
    pub ci: f64,
}

impl Estimate {
    pub fn of(values: &[f64]) -> Estimate {
        let n = values.len() as f64;
        if values.is_empty() {
            return Estimate { mean: 0.0, ci: f64::INFINITY };
        }
        let mean = values.iter().sum::<f64>() / n;
        let var = if values.len() > 1 { values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0) } else { 0.0 };
        Estimate { mean, ci: 1.96 * (var / n).sqrt() }
    }

    /// The paired difference `a - b`, world by world.
    pub fn paired(a: &[f64], b: &[f64]) -> Estimate {
        let diffs: Vec<f64> = a.iter().zip(b).map(|(x, y)| x - y).collect();
        Estimate::of(&diffs)
    }

    pub fn low(self) -> f64 {
        self.mean - self.ci
    }

    pub fn high(self) -> f64 {
        self.mean + self.ci
    }
}

/// `f` of every world `from..to`, in order, on `jobs` threads (each a run of
/// worlds); on one job on this thread (the page's bots' worker has none).
/// Each world has its own seed, so the result does not depend on the threads.
pub fn on_threads<T: Send>(from: u32, to: u32, jobs: usize, f: impl Fn(u32) -> T + Sync) -> Vec<T> {
    let jobs = jobs.max(1) as u32;
    if jobs == 1 {
        return (from..to).map(f).collect();
    }
    let chunk = to.saturating_sub(from).div_ceil(jobs).max(1);
    let f = &f;
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs)
            .map(|j| {
                let start = (from + j * chunk).min(to);
                let end = (start + chunk).min(to);
                scope.spawn(move || (start..end).map(f).collect::<Vec<_>>())
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("an analysis thread panicked")).collect()
    })
}
