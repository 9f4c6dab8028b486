"""Turns scripts/bench.sh's JSON (stdin) into the Markdown table of the reference's Benchmarks chapter (docs/src/benchmarks.md)."""
import json
import sys


def fmt(v, unit=""):
    if v is None:
        return "—"
    if isinstance(v, float):
        v = f"{v:.4g}" if abs(v) < 1000 else f"{v:,.0f}"
    return f"{v} {unit}".strip()


def main():
    d = json.load(sys.stdin)
    print(f"Ran on {d['machine']}, {d['hardware_concurrency']:.0f} cores, {d['browser'].split('Chrome/')[-1].split()[0] if 'Chrome/' in d['browser'] else d['browser']}"
          f" (headless Chromium), cross-origin isolated: {'yes' if d['cross_origin_isolated'] else 'no'}.\n")
    print("| benchmark | ours | reference | ratio / difference | goal |")
    print("|---|---|---|---|---|")
    for r in d["results"]:
        unit = r.get("unit", "")
        if "brotli" in r:
            print(f"| {r['name']} | raw {r['raw']:,} B, gzip {r['gzip']:,} B, brotli {r['brotli']:,} B | | | {r['goal']} |")
            continue
        rel = r.get("ratio", r.get("difference"))
        rel = "" if rel is None else (f"{rel:.3g}×" if "ratio" in r else f"{rel:+.3g} {unit}")
        print(f"| {r['name']} | {fmt(r.get('ours'), unit)} | {fmt(r.get('reference'), unit)} | {rel} | {r['goal']} |")


if __name__ == "__main__":
    main()
