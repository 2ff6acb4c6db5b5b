"""`python -m rulebook.bench`: synthetic content of growing size, timed through the toolkit and
against bare MkDocs Material; a table on stdout and a JSON file for comparing runs."""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
from importlib.metadata import version
from pathlib import Path

from rulebook.bench import measure
from rulebook.bench.synthetic import LANGUAGES, Size, generate, mkdocs_config

REPOSITORY = Path(__file__).resolve().parents[3]
SIZES = [Size(10, 3), Size(100, 5), Size(200, 10)]
SMOKE = [Size(2, 2)]
TARGETS = {
    "overhead": 5.0,
    "units_per_second": 20_000,
    "score_seconds": 0.2,
    "refresh_seconds": 1.0,
    "index_ratio": 1.5,
}


def machine() -> dict:
    model = ""
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.is_file():
        model = next(
            (
                line.split(":", 1)[1].strip()
                for line in cpuinfo.read_text().splitlines()
                if line.startswith("model name")
            ),
            "",
        )
    return {
        "cpus": os.cpu_count(),
        "cpu": model,
        "python": platform.python_version(),
        "platform": platform.platform(),
        "mkdocs": version("mkdocs"),
        "mkdocs-material": version("mkdocs-material"),
        "mkdocs-static-i18n": version("mkdocs-static-i18n"),
        "jsonschema": version("jsonschema"),
    }


def run_size(out: Path, size: Size, repeats: int) -> dict:
    root = out / size.name
    units = generate(REPOSITORY, root, size)
    languages = LANGUAGES[: size.languages]
    toolkit, bare = (mkdocs_config(root, languages, toolkit=flag) for flag in (True, False))
    check = measure.median_seconds(measure.check(root), repeats)
    # The first run writes the pages (cold); the median of the runs is a build with the pages in place.
    toolkit_build = measure.median_seconds(measure.build(toolkit, root / "site-toolkit"), repeats)
    bare_build = measure.median_seconds(measure.build(bare, root / "site-bare"), repeats)
    indexes = measure.index_sizes(root / "site-toolkit", root / "site-bare", languages)
    ratios = [sizes["toolkit"] / sizes["bare"] for sizes in indexes.values()]
    return {
        "size": size.name,
        "games": size.games,
        "languages": size.languages,
        "units": units,
        "pages": len(list((root / "docs").rglob("*.md"))),
        "check_seconds": round(check, 3),
        "units_per_second": round(units / check),
        "toolkit_build_seconds": round(toolkit_build, 3),
        "bare_build_seconds": round(bare_build, 3),
        "overhead_percent": round(100 * (toolkit_build / bare_build - 1), 1),
        "index_bytes": indexes,
        "index_ratio_max": round(max(ratios), 2),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rulebook.bench", description=__doc__)
    parser.add_argument("--out", type=Path, default=REPOSITORY / "bench", help="work folder (git-ignored)")
    parser.add_argument("--smoke", action="store_true", help="one tiny size, one run: does the bench still work?")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    # Absolute from here on: the builds run in the size's folder, where a relative path would be
    # joined to itself ("bench/10x3/bench/10x3/docs").
    args.out = args.out.resolve()
    sizes, repeats = (SMOKE, 1) if args.smoke else (SIZES, max(3, args.repeats))
    args.out.mkdir(parents=True, exist_ok=True)
    earlier = _read_earlier(args.out / "results.json")
    results = {"machine": machine(), "targets": TARGETS, "repeats": repeats, "sizes": []}
    for size in sizes:
        print(f"… {size.name}", file=sys.stderr, flush=True)
        results["sizes"].append(run_size(args.out, size, repeats))
    results["score_seconds"] = round(measure.median_seconds(measure.score(REPOSITORY), max(repeats, 5)), 3)
    middle = sizes[len(sizes) // 2]
    print(f"… edit to refresh at {middle.name}", file=sys.stderr, flush=True)
    config, words = args.out / middle.name / "mkdocs.toolkit.yml", args.out / middle.name / "rules/game-001/en.yaml"
    results["refresh"] = {
        "size": middle.name,
        "seconds": round(measure.edit_to_refresh(config, words, "game-001/", repeats), 3),
        # MkDocs rebuilding only what changed (`mkdocs serve --dirty`): faster, at the price of stale nav elsewhere.
        "dirty_seconds": round(measure.edit_to_refresh(config, words, "game-001/", repeats, extra=("--dirty",)), 3),
    }
    (args.out / "results.json").write_text(json.dumps(results, indent=2), encoding="utf-8")
    print(table(results))
    if earlier is not None:
        print(comparison(earlier, results))
    return 0


def _read_earlier(path: Path) -> dict | None:
    """The previous run's results, to compare with; None when there is none or it cannot be read."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def comparison(earlier: dict, now: dict) -> str:
    """This run against the previous one, as ratios (below 1 is faster), size by size.

    >>> earlier = {"sizes": [{"size": "10x3", "check_seconds": 2.0, "toolkit_build_seconds": 4.0}]}
    >>> now = {"sizes": [{"size": "10x3", "check_seconds": 1.0, "toolkit_build_seconds": 5.0}]}
    >>> print(comparison(earlier, now))
    against the previous results.json (below 1 is faster):
    10x3     check × 0.50  toolkit build × 1.25
    """
    before = {size.get("size"): size for size in earlier.get("sizes", [])}
    lines = ["against the previous results.json (below 1 is faster):"]
    for size in now["sizes"]:
        old = before.get(size["size"])
        if not old:
            continue
        ratios = [
            f"{label} × {size[key] / old[key]:.2f}"
            for key, label in (("check_seconds", "check"), ("toolkit_build_seconds", "toolkit build"))
            if old.get(key) and size.get(key)
        ]
        lines.append(f"{size['size']:<8} " + "  ".join(ratios))
    return "\n".join(lines)


def table(results: dict) -> str:
    rows = [
        f"{'size':<8}{'units':>8}{'pages':>7}{'check s':>9}{'units/s':>9}{'toolkit s':>11}{'bare s':>9}"
        f"{'overhead':>10}{'index ×':>9}"
    ]
    for r in results["sizes"]:
        rows.append(
            f"{r['size']:<8}{r['units']:>8}{r['pages']:>7}{r['check_seconds']:>9.2f}{r['units_per_second']:>9}"
            f"{r['toolkit_build_seconds']:>11.2f}{r['bare_build_seconds']:>9.2f}{r['overhead_percent']:>9.1f}%"
            f"{r['index_ratio_max']:>9.2f}"
        )
    t = results["targets"]
    rows.append(f"rulebook score: {results['score_seconds']:.3f} s a call (target ≤ {t['score_seconds']} s)")
    refresh = results["refresh"]
    rows.append(
        f"edit → refreshed page at {refresh['size']}: {refresh['seconds']:.2f} s under mkdocs serve, "
        f"{refresh['dirty_seconds']:.2f} s with --dirty (target ≤ {t['refresh_seconds']} s)"
    )
    rows.append(
        f"targets: overhead ≤ {t['overhead']} %, check ≥ {t['units_per_second']} units/s at the largest size, "
        f"search index ≤ {t['index_ratio']}× the bare one"
    )
    m = results["machine"]
    rows.append(
        f"machine: {m['cpus']} cpus, {m['cpu']}, Python {m['python']}, mkdocs {m['mkdocs']}, "
        f"Material {m['mkdocs-material']}, static-i18n {m['mkdocs-static-i18n']}"
    )
    return "\n".join(rows)


if __name__ == "__main__":
    sys.exit(main())
