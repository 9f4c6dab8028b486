//! Which real URLs a run may request from a page: never the page's own origin (its cookies
//! and its API), nor loopback, private or link-local addresses from a page that is not
//! itself served from one. Scenarios check their declared targets with it before a run
//! (`scenarios::limits`); the browser's `fetch` seam checks every request with it.

use std::net::{Ipv4Addr, Ipv6Addr};

use crate::i18n::Msg;

/// A URL's host as the URL standard's host parser leaves it: every spelling of an address
/// (`2130706433`, `0x7f000001`, `127.1`, `0177.0.0.1`, `%31%32%37.0.0.1`) is the address
/// itself, and a name is lower-case ASCII without its trailing dot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Host {
    /// A domain name (`example.com`, `xn--…` for a name that is not ASCII).
    Domain(String),
    /// An IPv4 address.
    V4(Ipv4Addr),
    /// An IPv6 address.
    V6(Ipv6Addr),
}

impl std::fmt::Display for Host {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Host::Domain(d) => f.write_str(d),
            Host::V4(a) => write!(f, "{a}"),
            Host::V6(a) => write!(f, "[{a}]"),
        }
    }
}

impl Host {
    /// The host of a URL standard's serialisation (`example.com`, `127.0.0.1`, `[::1]`).
    #[cfg(any(target_arch = "wasm32", test))]
    fn of_serialised(host: &str) -> Self {
        if let Some(v6) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')).and_then(|h| h.parse().ok()) {
            return Host::V6(v6);
        }
        match host.parse() {
            Ok(v4) => Host::V4(v4),
            Err(_) => Host::Domain(host.trim_end_matches('.').to_ascii_lowercase()),
        }
    }

    /// True for loopback, private, shared, link-local and unspecified addresses, for
    /// `localhost` and its subdomains, and for IPv6 addresses that carry such an IPv4 address
    /// (IPv4-mapped, IPv4-compatible, NAT64).
    pub fn is_private(&self) -> bool {
        match self {
            Host::Domain(d) => d == "localhost" || d.ends_with(".localhost"),
            Host::V4(v4) => {
                let [a, b, ..] = v4.octets();
                v4.is_loopback() || v4.is_private() || v4.is_link_local() || v4.is_unspecified() || a == 0 || (a == 100 && (64..128).contains(&b))
            }
            Host::V6(v6) => {
                let s = v6.segments();
                let embedded = Ipv4Addr::new((s[6] >> 8) as u8, s[6] as u8, (s[7] >> 8) as u8, s[7] as u8);
                let carries_v4 = s[..5] == [0; 5] && (s[5] == 0xffff || s[5] == 0) || s[..6] == [0x64, 0xff9b, 0, 0, 0, 0];
                if carries_v4 && !v6.is_loopback() && !v6.is_unspecified() {
                    return Host::V4(embedded).is_private();
                }
                v6.is_loopback() || v6.is_unspecified() || (s[0] & 0xfe00) == 0xfc00 || (s[0] & 0xffc0) == 0xfe80
            }
        }
    }
}

/// The origin (`scheme://host[:port]`, as the URL standard serialises it) and host of an
/// absolute http(s) URL, parsed by the URL standard's parser: the `url` crate natively, the
/// browser's own `URL` in the page.
pub fn origin_and_host(url: &str) -> Option<(String, Host)> {
    parse(url.trim())
}

#[cfg(not(target_arch = "wasm32"))]
fn parse(url: &str) -> Option<(String, Host)> {
    let u = url::Url::parse(url).ok()?;
    let host = match u.host()? {
        url::Host::Domain(d) => Host::Domain(d.trim_end_matches('.').to_string()),
        url::Host::Ipv4(a) => Host::V4(a),
        url::Host::Ipv6(a) => Host::V6(a),
    };
    origin(u.scheme(), &host, u.port().map(|p| p.to_string()).as_deref().unwrap_or(""))
}

#[cfg(target_arch = "wasm32")]
fn parse(url: &str) -> Option<(String, Host)> {
    let u = web_sys::Url::new(url).ok()?;
    let host = Host::of_serialised(&u.hostname());
    origin(u.protocol().trim_end_matches(':'), &host, &u.port())
}

/// The origin of an http(s) URL from its parts (`port` empty for the scheme's default), the
/// host without a trailing dot (`example.com.` is the same server as `example.com`).
fn origin(scheme: &str, host: &Host, port: &str) -> Option<(String, Host)> {
    if scheme != "http" && scheme != "https" || matches!(host, Host::Domain(d) if d.is_empty()) {
        return None;
    }
    let port = if port.is_empty() { String::new() } else { format!(":{port}") };
    Some((format!("{scheme}://{host}{port}"), host.clone()))
}

/// True for loopback, private, link-local and unspecified addresses, and `localhost`, in any
/// spelling the URL standard reads as one (see [`Host::is_private`]). `host` is a URL's
/// host as written (`127.1`, `[::1]`); one that is not a host is not private.
pub fn is_private_host(host: &str) -> bool {
    origin_and_host(&format!("http://{host}/")).is_some_and(|(_, h)| h.is_private())
}

/// Why `url` may not be fetched from a page served at `page_origin`, if it may not: the
/// page's own origin is refused, and so are private and loopback hosts unless the page is
/// served from one itself.
///
/// # Examples
/// ```
/// use asyncio_playground::targets::target_refusal;
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
    let page_is_private = page.as_ref().is_some_and(|(_, h)| h.is_private());
    if host.is_private() && !page_is_private {
        return Some(Msg::new("target-private").arg("host", host.to_string()));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Loopback and private addresses as a page might spell them: every one is refused from
    /// a page on a public name (each reached 127.0.0.1 from such a page before hosts were
    /// read with the URL standard's parser).
    const PRIVATE_SPELLINGS: &[&str] = &[
        "http://2130706433:8666/",
        "http://0x7f000001:8666/",
        "http://127.1:8666/",
        "http://0177.0.0.1:8666/",
        "http://0x7f.0.0.1/",
        "http://0x7F.1/",
        "http://127.0.1/",
        "http://127.0.0.1./",
        "http://%31%32%37.0.0.1/",
        "http://0/",
        "http://0.0.0.0/",
        "http://[::]/",
        "http://[::1]/",
        "http://[0:0:0:0:0:0:0:1]/",
        "http://[::ffff:127.0.0.1]/",
        "http://[::ffff:7f00:1]/",
        "http://[::127.0.0.1]/",
        "http://[64:ff9b::192.168.0.1]/",
        "http://[::ffff:10.0.0.1]/",
        "http://localhost/",
        "http://LOCALHOST./",
        "http://a.b.localhost:3000/",
        "http://user:pw@10.0.0.1/",
        "http://167772161/",
        "http://0xa.1/",
        "http://012.0.0.1/",
        "http://192.168.257/",
        "http://3232235777/",
        "http://0xc0a80101/",
        "http://172.16.0.1/",
        "http://169.254.169.254/",
        "http://0251.0376.0251.0376/",
        "http://100.64.0.1/",
        "http://[fd00::1]/",
        "http://[fe80::1]/",
        "https://[fc00::]:8443/",
    ];

    #[test]
    fn every_spelling_of_a_private_address_is_refused_from_a_public_page() {
        let page = "https://play.example";
        for url in PRIVATE_SPELLINGS {
            let why = target_refusal(url, page);
            assert!(why.as_deref().is_some_and(|w| w.contains("private or loopback")), "{url}: {why:?}");
        }
        // From a page served on the machine itself they are the learner's own servers.
        for url in PRIVATE_SPELLINGS {
            assert_eq!(target_refusal(url, "http://127.0.0.1:8000"), None, "{url}");
        }
    }

    #[test]
    fn the_refusal_names_the_address_the_browser_would_reach() {
        let page = "https://play.example";
        assert!(target_refusal("http://2130706433:8666/", page).unwrap().contains("127.0.0.1"));
        assert!(target_refusal("http://[::ffff:7f00:1]/", page).unwrap().contains("[::ffff:127.0.0.1]"));
        assert!(target_refusal("http://LOCALHOST./", page).unwrap().contains("localhost"));
    }

    #[test]
    fn public_addresses_in_any_spelling_pass() {
        let page = "https://play.example";
        for url in [
            "http://134744072/",
            "http://0x08080808/",
            "http://8.8.8.8/",
            "http://1.1/",
            "http://172.32.0.1/",
            "http://[2001:db8::1]/",
            "http://[::ffff:8.8.8.8]/",
            "http://localhost.example.com/",
            "http://example.com./",
            "https://api.github.com/",
        ] {
            assert_eq!(target_refusal(url, page), None, "{url}");
        }
    }

    #[test]
    fn the_own_site_is_refused_in_any_spelling_of_its_origin() {
        assert!(target_refusal("http://127.1:8000/api", "http://127.0.0.1:8000").unwrap().contains("own site"));
        assert!(target_refusal("http://2130706433:8000/", "http://127.0.0.1:8000").unwrap().contains("own site"));
        assert!(target_refusal("HTTPS://PLAY.EXAMPLE.:443/x", "https://play.example").is_some());
        assert_eq!(target_refusal("http://127.1:9/x", "http://127.0.0.1:8000"), None);
    }

    #[test]
    fn what_is_not_an_http_url_is_refused() {
        for url in
            ["javascript:alert(1)", "file:///etc/passwd", "ftp://example.com/", "http://", "http://[::1/", "http://1.2.3.4.5/", "//example.com/", "example.com"]
        {
            let why = target_refusal(url, "https://play.example");
            assert!(why.as_deref().is_some_and(|w| w.contains("not an http")), "{url}: {why:?}");
        }
    }

    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn the_browsers_serialisation_reads_as_the_same_host() {
        // The page reads hosts from the browser's URL (its hostname); natively the url crate
        // gives them typed. Both must name the same host.
        for url in PRIVATE_SPELLINGS.iter().chain(["http://example.com/", "http://[2001:db8::1]/", "http://xn--nxasmq6b.example/"].iter()) {
            let parsed = url::Url::parse(url).unwrap();
            let typed = origin_and_host(url).unwrap().1;
            assert_eq!(Host::of_serialised(parsed.host_str().unwrap()), typed, "{url}");
        }
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
            "127.1",
            "0x7f000001",
        ] {
            assert!(is_private_host(h), "{h}");
        }
        for h in ["example.com", "8.8.8.8", "172.32.0.1", "[2001:db8::1]", "localhost.example.com", "not a host"] {
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
    }
}
