//! The reference's URL table (docs/src/url.md) is the URL contract: every key of `contract::PAGE_KEYS` is listed
//! there with its type and version, and nothing else is.
#![cfg(not(target_arch = "wasm32"))]

use asyncio_playground::contract::{PAGE_KEYS, URL_SCHEMA_VERSION};

#[test]
fn the_references_url_table_lists_every_page_key_with_type_and_version() {
    let chapter = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/src/url.md")).unwrap();
    let heading = format!("# The page's URL (schema version {URL_SCHEMA_VERSION})");
    let section = chapter.split(&heading).nth(1).unwrap_or_else(|| panic!("docs/src/url.md has no \"{heading}\""));
    let section = section.split("\n## ").next().unwrap();
    let rows: Vec<Vec<String>> =
        section.lines().filter(|l| l.starts_with("| `")).map(|l| l.trim_matches('|').split(" | ").map(|c| c.trim().replace("\\|", "|")).collect()).collect();
    let names: Vec<String> = rows.iter().map(|r| r[0].trim_matches('`').to_string()).collect();
    let expected: Vec<&str> = PAGE_KEYS.iter().map(|k| k.name).collect();
    assert_eq!(names, expected, "the URL table (docs/src/url.md) and contract::PAGE_KEYS differ");
    for (row, key) in rows.iter().zip(PAGE_KEYS) {
        assert_eq!(row[1], key.ty.describe(), "type of {}", key.name);
        assert_eq!(row[2], key.since.to_string(), "version of {}", key.name);
    }
}
