//! The playground copied into the book, so that a book needs no playground hosted anywhere:
//! with `bundle = "DIR"` in the preprocessor's table — a folder holding the playground: the
//! npm package `asyncio-playground` (`node_modules/asyncio-playground`), or a build's `dist/`
//! — the preprocessor copies it into the book's source folder as [`COPY`]`/`, which mdBook's
//! HTML renderer copies into the site with every file that is not a chapter; each chapter
//! then reaches it by a relative URL ([`base_for`]).
//!
//! The copy is made again only when the bundle changed (a stamp of its files' names and bytes
//! is kept beside it), so `mdbook serve`, which rebuilds when the source folder changes, sees
//! one change, not a change per build. What a site never serves is left out: Pyodide (Run my
//! code fetches it on first use from the place the bundle's page names) and a build's
//! precompressed copies.

use std::collections::hash_map::DefaultHasher;
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

/// The copy's folder, in the book's source folder and so in the site.
pub const COPY: &str = "asyncio-playground";
/// The stamp of the bundle the copy was made from, inside the copy.
const STAMP: &str = ".bundle-stamp";

/// The relative URL of the copy from the chapter at `chapter` (its path in the source
/// folder, as mdBook gives it): `asyncio-playground/` from `lock.md`,
/// `../../asyncio-playground/` from `guide/deep/lock.md`.
pub fn base_for(chapter: &Path) -> String {
    let depth = chapter.parent().map_or(0, |p| p.components().count());
    format!("{}{COPY}/", "../".repeat(depth))
}

/// Copies the playground in `bundle` (relative to the book's root `root`) into `src`'s
/// [`COPY`] folder, unless the copy there is of the same bundle already. `Err` names the
/// setting and what is wrong with it.
pub fn install(root: &Path, src: &Path, bundle: &str) -> Result<(), String> {
    let from = root.join(bundle.trim());
    if !from.join("static").join("embed.js").is_file() {
        return Err(format!(
            "[preprocessor.asyncio-playground] bundle = \"{}\": {} holds no playground (no static/embed.js); name the npm package's folder \
             (npm install asyncio-playground: node_modules/asyncio-playground) or a build's dist/",
            bundle.trim(),
            from.display()
        ));
    }
    let files = files_of(&from).map_err(|e| format!("[preprocessor.asyncio-playground] bundle: reading {}: {e}", from.display()))?;
    let stamp = stamp_of(&from, &files).map_err(|e| format!("[preprocessor.asyncio-playground] bundle: reading {}: {e}", from.display()))?;
    let to = root.join(src).join(COPY);
    if fs::read_to_string(to.join(STAMP)).is_ok_and(|kept| kept == stamp) {
        return Ok(());
    }
    let copy = || -> std::io::Result<()> {
        if to.exists() {
            fs::remove_dir_all(&to)?;
        }
        for file in &files {
            let target = to.join(file);
            if let Some(dir) = target.parent() {
                fs::create_dir_all(dir)?;
            }
            fs::copy(from.join(file), target)?;
        }
        fs::write(to.join(STAMP), &stamp)
    };
    copy().map_err(|e| format!("mdbook-asyncio-playground: copying the playground into {}: {e}", to.display()))
}

/// The bundle's files to copy, relative to it, in order: all but Pyodide, the precompressed
/// copies and a package's `node_modules`.
fn files_of(bundle: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    let mut dirs = vec![PathBuf::new()];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(bundle.join(&dir))? {
            let entry = entry?;
            let name = entry.file_name();
            let rel = dir.join(&name);
            let name = name.to_string_lossy();
            if entry.file_type()?.is_dir() {
                if !(dir.as_os_str().is_empty() && (name == "pyodide" || name == "node_modules")) {
                    dirs.push(rel);
                }
            } else if !(name.ends_with(".br") || name.ends_with(".gz")) {
                out.push(rel);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// A digest of the files' names and bytes: the copy is made again when it changes.
fn stamp_of(bundle: &Path, files: &[PathBuf]) -> std::io::Result<String> {
    let mut h = DefaultHasher::new();
    for file in files {
        file.hash(&mut h);
        fs::read(bundle.join(file))?.hash(&mut h);
    }
    Ok(format!("{:016x} {} files\n", h.finish(), files.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bundle_in(dir: &Path) {
        for (path, text) in [
            ("index.html", "<!doctype html>"),
            ("static/embed.js", "// embed"),
            ("pkg/b1/app.js", "// app"),
            ("pkg/b1/app_bg.wasm.br", "x"),
            ("pyodide/pyodide.asm.wasm", "x"),
        ] {
            fs::create_dir_all(dir.join(path).parent().unwrap()).unwrap();
            fs::write(dir.join(path), text).unwrap();
        }
    }

    #[test]
    fn a_chapter_reaches_the_copy_from_its_own_folder() {
        assert_eq!(base_for(Path::new("lock.md")), "asyncio-playground/");
        assert_eq!(base_for(Path::new("guide/deep/lock.md")), "../../asyncio-playground/");
    }

    #[test]
    fn the_copy_leaves_out_pyodide_and_precompressed_files_and_is_made_again_only_when_the_bundle_changes() {
        let root = std::env::temp_dir().join(format!("mdbook-bundle-test-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        bundle_in(&root.join("dist"));
        install(&root, Path::new("src"), "dist").unwrap();
        let copy = root.join("src").join(COPY);
        assert!(copy.join("static/embed.js").is_file() && copy.join("pkg/b1/app.js").is_file());
        assert!(!copy.join("pyodide").exists() && !copy.join("pkg/b1/app_bg.wasm.br").exists());
        // The same bundle: nothing is written (a file of the copy's own stays).
        fs::write(copy.join("mine.txt"), "x").unwrap();
        install(&root, Path::new("src"), "dist").unwrap();
        assert!(copy.join("mine.txt").exists());
        // A new build: the copy is made again, the old build's files gone.
        fs::remove_dir_all(root.join("dist/pkg/b1")).unwrap();
        fs::create_dir_all(root.join("dist/pkg/b2")).unwrap();
        fs::write(root.join("dist/pkg/b2/app.js"), "// app 2").unwrap();
        install(&root, Path::new("src"), "dist").unwrap();
        assert!(copy.join("pkg/b2/app.js").is_file() && !copy.join("pkg/b1").exists() && !copy.join("mine.txt").exists());
        // A folder without a playground is named.
        let e = install(&root, Path::new("src"), "src").unwrap_err();
        assert!(e.contains("bundle = \"src\"") && e.contains("holds no playground"), "{e}");
        fs::remove_dir_all(&root).unwrap();
    }
}
