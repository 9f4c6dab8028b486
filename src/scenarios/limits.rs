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
//!   not itself served from one ([`target_refusal`]).

use super::{ParamError, Scenario, Values};
use crate::i18n::Msg;

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

/// The origin (`scheme://host[:port]`, lower-case) and host of an absolute http(s) URL.
fn origin_and_host(url: &str) -> Option<(String, String)> {
    let (scheme, rest) = url.trim().split_once("://")?;
    let scheme = scheme.to_ascii_lowercase();
    if scheme != "http" && scheme != "https" {
        return None;
    }
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let authority = authority.rsplit_once('@').map_or(authority, |(_, a)| a).to_ascii_lowercase();
    let host = if authority.starts_with('[') {
        authority.split_once(']').map(|(h, _)| format!("{h}]"))?
    } else {
        authority.split(':').next().unwrap_or("").to_string()
    };
    let default_port = if scheme == "http" { ":80" } else { ":443" };
    let authority = authority.strip_suffix(default_port).unwrap_or(&authority).to_string();
    (!host.is_empty()).then(|| (format!("{scheme}://{authority}"), host.trim_end_matches('.').to_string()))
}

/// True for loopback, private, link-local and unspecified addresses, and `localhost`.
pub fn is_private_host(host: &str) -> bool {
    let host = host.trim_start_matches('[').trim_end_matches(']');
    if host == "localhost" || host.ends_with(".localhost") {
        return true;
    }
    if let Ok(v4) = host.parse::<std::net::Ipv4Addr>() {
        let [a, b, ..] = v4.octets();
        return v4.is_loopback() || v4.is_private() || v4.is_link_local() || v4.is_unspecified() || a == 0 || (a == 100 && (64..128).contains(&b));
    }
    if let Ok(v6) = host.parse::<std::net::Ipv6Addr>() {
        if let Some(v4) = v6.to_ipv4_mapped() {
            return is_private_host(&v4.to_string());
        }
        let first = v6.segments()[0];
        return v6.is_loopback() || v6.is_unspecified() || (first & 0xfe00) == 0xfc00 || (first & 0xffc0) == 0xfe80;
    }
    false
}

/// Why `url` may not be fetched from a page served at `page_origin`, if it may not: the
/// page's own origin is refused, and so are private and loopback hosts unless the page is
/// served from one itself.
///
/// # Examples
/// ```
/// use asyncio_playground::scenarios::limits::target_refusal;
/// assert_eq!(target_refusal("https://api.example/x", "https://docs.example"), None);
/// assert!(target_refusal("http://192.168.1.1/admin", "https://docs.example").is_some());
/// assert_eq!(target_refusal("http://127.0.0.1:9/x", "http://127.0.0.1:8000"), None);
/// assert!(target_refusal("http://127.0.0.1:8000/api", "http://127.0.0.1:8000").is_some());
/// ```
pub fn target_refusal(url: &str, page_origin: &str) -> Option<String> {
    target_refusal_msg(url, page_origin).map(|m| m.en())
}

/// [`target_refusal`] as a message for the page's language.
pub fn target_refusal_msg(url: &str, page_origin: &str) -> Option<Msg> {
    let Some((origin, host)) = origin_and_host(url) else {
        return Some(Msg::new("target-not-http"));
    };
    let page = origin_and_host(page_origin);
    if page.as_ref().is_some_and(|(o, _)| *o == origin) {
        return Some(Msg::new("target-own-site").arg("origin", origin));
    }
    let page_is_private = page.as_ref().is_some_and(|(_, h)| is_private_host(h));
    if is_private_host(&host) && !page_is_private {
        return Some(Msg::new("target-private").arg("host", host));
    }
    None
}

/// Checks every real target of a run against [`target_refusal`]; the error names `targets`.
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

    #[test]
    fn private_hosts_are_recognised() {
        for h in [
            "localhost",
            "a.localhost",
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.0.10",
            "169.254.1.1",
            "0.0.0.0",
            "100.64.0.1",
            "[::1]",
            "[fd00::1]",
            "[fe80::1]",
            "[::ffff:192.168.0.1]",
        ] {
            assert!(is_private_host(h), "{h}");
        }
        for h in ["example.com", "8.8.8.8", "172.32.0.1", "[2001:db8::1]", "localhost.example.com"] {
            assert!(!is_private_host(h), "{h}");
        }
    }

    #[test]
    fn targets_are_refused_by_origin_and_address() {
        let page = "https://play.example";
        assert!(target_refusal("https://play.example/api/x", page).unwrap().contains("own site"));
        assert!(target_refusal("HTTPS://PLAY.EXAMPLE:443/x", page).unwrap().contains("own site"));
        assert!(target_refusal("http://user@10.0.0.1/", page).unwrap().contains("10.0.0.1"));
        assert!(target_refusal("http://LOCALHOST:3000/", page).is_some());
        assert_eq!(target_refusal("http://localhost:3000/", "http://localhost:8000"), None);
        assert_eq!(target_refusal("https://api.github.com/", page), None);
        let bf = find("bounded-fetch").unwrap();
        let v = bf.values([("targets", "https://ok.example/ http://192.168.1.1/")]).unwrap();
        let e = check_targets(bf, &v, page).unwrap_err();
        assert_eq!(e.param, "targets");
        assert_eq!(e.message, "targets must not include \"http://192.168.1.1/\": 192.168.1.1 is a private or loopback address");
    }
}
