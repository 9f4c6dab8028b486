//! Which real URLs a run may request from a page: never the page's own origin (its cookies
//! and its API), nor loopback, private or link-local addresses from a page that is not
//! itself served from one. Scenarios check their declared targets with it before a run
//! (`scenarios::limits`); the browser's `fetch` seam checks every request with it.

use crate::i18n::Msg;

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
    let page_is_private = page.as_ref().is_some_and(|(_, h)| is_private_host(h));
    if is_private_host(&host) && !page_is_private {
        return Some(Msg::new("target-private").arg("host", host));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

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
    }
}
