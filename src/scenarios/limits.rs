//! What a real-clock run may do to the page, checked before it starts.
//!
//! - **Freezing.** A `time.sleep()` or CPU-bound work on the loop holds the page's only
//!   thread: nothing — not even Stop — responds until it returns. Each scenario knows how
//!   long its longest such stretch is ([`super::Def::longest_block`]); a real-clock run
//!   whose stretch, in wall time, passes
//!   [`FREEZE_LIMIT_SECS`] is refused with a message naming the parameters, the scale and
//!   the limit, so no link, form value or embed message can freeze a tab for long.
//! - **Real hosts.** URLs a scenario would fetch for real ([`super::Def::real_targets`]) must
//!   not reach the page's own origin, nor private or loopback addresses from a page that is
//!   not itself served from one ([`crate::targets`], the policy the browser's `fetch`
//!   seam applies to every request too).

use super::{ParamError, Scenario, Values};
use crate::i18n::Msg;
use crate::targets::target_refusal_msg;

/// The longest the page may freeze in one go, in wall seconds.
pub const FREEZE_LIMIT_SECS: f64 = 5.0;

/// The longest stretch a program holds the loop's thread without handing it back.
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    /// Its length in guide-seconds.
    pub secs: f64,
    /// The parameters it is the product of, e.g. `["block"]` or `["jobs", "work"]`.
    pub params: &'static [&'static str],
}

impl Scenario {
    /// The longest stretch the program blocks the loop's thread, if it ever does.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::scenarios::find;
    /// let blocking = find("blocking").unwrap();
    /// let v = blocking.values([("block", "3"), ("mode", "blocking")]).unwrap();
    /// assert_eq!(blocking.longest_block(&v).unwrap().secs, 3.0);
    /// let v = blocking.values([("block", "3"), ("mode", "to_thread")]).unwrap();
    /// assert_eq!(blocking.longest_block(&v), None);
    /// ```
    pub fn longest_block(&self, values: &Values) -> Option<Block> {
        (self.block_of)(values).filter(|b| b.secs > 0.0)
    }

    /// Checks a real-clock run at `scale` (wall seconds per guide-second) against
    /// [`FREEZE_LIMIT_SECS`]. `Ok(Some(wall secs))`: the page will freeze that long;
    /// `Ok(None)`: it never freezes.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::scenarios::find;
    /// let blocking = find("blocking").unwrap();
    /// let v = blocking.values([("block", "20")]).unwrap();
    /// assert_eq!(
    ///     blocking.check_freeze(&v, 1.0).unwrap_err().message,
    ///     "block × scale must be at most 5 s of wall time on the real clock (block=20, scale=1 → 20 s); lower block or scale, or use the virtual clock"
    /// );
    /// assert_eq!(blocking.check_freeze(&v, 0.1), Ok(Some(2.0)));
    /// ```
    pub fn check_freeze(&self, values: &Values, scale: f64) -> Result<Option<f64>, ParamError> {
        let Some(block) = self.longest_block(values) else { return Ok(None) };
        let wall = block.secs * scale;
        if wall <= FREEZE_LIMIT_SECS + 1e-9 {
            return Ok(Some(wall));
        }
        let product = block.params.iter().chain(["scale"].iter()).copied().collect::<Vec<_>>().join(" × ");
        let given: Vec<String> = block.params.iter().map(|p| format!("{p}={}", values.get(p).map(ToString::to_string).unwrap_or_default())).collect();
        let msg = Msg::new("real-clock-freeze")
            .arg("product", product)
            .arg("limit", FREEZE_LIMIT_SECS)
            .arg("given", given.join(", "))
            .arg("scale", scale)
            .arg("wall", round2(wall))
            .arg("names", block.params.join(", "));
        Err(ParamError::new(block.params.last().copied().unwrap_or("scale"), msg))
    }

    /// The URLs the program fetches for real on the real clock (none: the simulated API).
    pub fn real_targets(&self, values: &Values) -> Vec<String> {
        (self.targets_of)(values)
    }
}

fn round2(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

/// Checks every real target of a run against [`crate::targets::target_refusal`]; the error names `targets`.
pub fn check_targets(scenario: &Scenario, values: &Values, page_origin: &str) -> Result<(), ParamError> {
    for url in scenario.real_targets(values) {
        if let Some(why) = target_refusal_msg(&url, page_origin) {
            let shown: String = url.chars().take(60).collect();
            return Err(ParamError::new("targets", Msg::new("target-refused").echo("url", &shown).arg("why", why)));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenarios::find;

    #[test]
    fn a_scenario_s_refused_target_is_named_with_the_reason() {
        let page = "https://play.example";
        let bf = find("bounded-fetch").unwrap();
        let v = bf.values([("targets", "https://ok.example/ http://192.168.1.1/")]).unwrap();
        let e = check_targets(bf, &v, page).unwrap_err();
        assert_eq!(e.param, "targets");
        assert_eq!(e.message, "targets must not include \"http://192.168.1.1/\": 192.168.1.1 is a private or loopback address");
    }

    #[test]
    fn the_freezing_scenarios_know_their_longest_block() {
        let m = find("mistakes").unwrap();
        let v = m.values([("variant", "cpu_bound"), ("jobs", "20"), ("work", "10")]).unwrap();
        assert_eq!(m.longest_block(&v), Some(Block { secs: 200.0, params: &["jobs", "work"] }));
        assert_eq!(
            m.check_freeze(&v, 1.0).unwrap_err().message,
            "jobs × work × scale must be at most 5 s of wall time on the real clock (jobs=20, work=10, scale=1 → 200 s); lower jobs, work or scale, or use the virtual clock"
        );
        let v = m.values([("variant", "blocking_driver"), ("jobs", "4"), ("work", "0.5")]).unwrap();
        assert_eq!(m.check_freeze(&v, 1.0), Ok(Some(2.0)));
        let v = m.values([("variant", "no_timeout")]).unwrap();
        assert_eq!(m.check_freeze(&v, 10.0), Ok(None));
        for s in crate::scenarios::all().iter().filter(|s| !["blocking", "mistakes"].contains(&s.id)) {
            assert_eq!(s.longest_block(&s.defaults()), None, "{}", s.id);
        }
    }

    #[test]
    fn the_limit_itself_is_allowed() {
        let b = find("blocking").unwrap();
        let v = b.values([("block", "50")]).unwrap();
        assert_eq!(b.check_freeze(&v, 0.1), Ok(Some(5.0)));
        assert!(b.check_freeze(&v, 0.11).is_err());
    }
}
