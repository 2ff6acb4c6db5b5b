"""`python -m rulebook.bench`: synthetic content of growing size, timed through the toolkit and
against bare MkDocs Material; a table on stdout and a JSON file for comparing runs."""

from __future__ import annotations

import argparse
import compileall
import json
import os
import platform
import shutil
import statistics
import sys
from importlib.metadata import version
from pathlib import Path

from rulebook.bench import measure
from rulebook.bench.synthetic import LANGUAGES, Size, generate, mkdocs_config

REPOSITORY = Path(__file__).resolve().parents[3]
SIZES = [Size(10, 3), Size(100, 5), Size(200, 10)]
SMOKE = [Size(2, 2)]
TARGETS = {  # issue 15
    "overhead": 0.0,
    "units_per_second": 30_000,
    "score_seconds": 0.1,
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
    # Cold: every run does all the work. Warm: a re-check of unchanged content, through the
    # persistent cache that the first of those runs fills.
    check = measure.median_seconds(measure.check(root, cached=False), repeats)
    warm_check = statistics.median(measure.timed(measure.check(root), repeats + 1)[1:])
    shutil.rmtree(root / ".cache", ignore_errors=True)
    # The first run starts from an empty cache and writes the pages (cold); the median of the runs
    # is a build with the pages in place and the content checked before.
    toolkit_builds = measure.timed(measure.build(toolkit, root / "site-toolkit"), repeats)
    toolkit_build = statistics.median(toolkit_builds)
    # `rulebook build` (make build): every core, the languages split over processes and merged.
    shutil.rmtree(root / ".cache", ignore_errors=True)
    parallel_builds = measure.timed(measure.split_build(root, toolkit, root / "site-parallel"), repeats)
    parallel_build = statistics.median(parallel_builds)
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
        "warm_check_seconds": round(warm_check, 3),
        "warm_units_per_second": round(units / warm_check),
        "toolkit_build_seconds": round(toolkit_build, 3),
        "toolkit_first_build_seconds": round(toolkit_builds[0], 3),
        "bare_build_seconds": round(bare_build, 3),
        "overhead_percent": round(100 * (toolkit_build / bare_build - 1), 1),
        "parallel_build_seconds": round(parallel_build, 3),
        "parallel_first_build_seconds": round(parallel_builds[0], 3),
        "parallel_overhead_percent": round(100 * (parallel_build / bare_build - 1), 1),
        "index_bytes": indexes,
        "index_ratio_max": round(max(ratios), 2),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rulebook.bench", description=__doc__)
    parser.add_argument("--out", type=Path, default=REPOSITORY / "bench", help="work folder (git-ignored)")
    parser.add_argument("--smoke", action="store_true", help="one tiny size, one run: does the bench still work?")
    parser.add_argument(
        "--repeats", type=int, default=3, help="runs of each timing, the median kept (1: one look at a large size)"
    )
    parser.add_argument(
        "--sizes", help="only these sizes, such as 10x3,100x5 (default: " + ",".join(s.name for s in SIZES) + ")"
    )
    args = parser.parse_args(argv)
    # Absolute from here on: the builds run in the size's folder, where a relative path would be
    # joined to itself ("bench/10x3/bench/10x3/docs").
    args.out = args.out.resolve()
    sizes, repeats = (SMOKE, 1) if args.smoke else (SIZES, max(1, args.repeats))
    if args.sizes:
        wanted = args.sizes.split(",")
        sizes = [size for size in SIZES if size.name in wanted]
        if not sizes:
            parser.error(f"--sizes: none of {args.sizes!r} is one of " + ", ".join(s.name for s in SIZES))
    args.out.mkdir(parents=True, exist_ok=True)
    earlier = _read_earlier(args.out / "results.json")
    results = {"machine": machine(), "targets": TARGETS, "repeats": repeats, "sizes": []}
    for size in sizes:
        print(f"… {size.name}", file=sys.stderr, flush=True)
        results["sizes"].append(run_size(args.out, size, repeats))
        # Each size's row as soon as it is measured: a run stopped later (the refresh at a large
        # size takes minutes) keeps its figures.
        print(f"{HEADER}\n{size_row(results['sizes'][-1])}", file=sys.stderr, flush=True)
    # As an installed package runs: compiled once (an editable install is not, and with
    # PYTHONDONTWRITEBYTECODE set every call would compile the toolkit again).
    compileall.compile_dir(Path(__file__).resolve().parents[1], quiet=1)
    results["score_seconds"] = round(measure.median_seconds(measure.score(REPOSITORY), max(repeats, 5)), 3)
    middle = sizes[len(sizes) // 2]
    print(f"… edit to refresh at {middle.name}", file=sys.stderr, flush=True)
    root = args.out / middle.name
    config, words = root / "mkdocs.toolkit.yml", root / "rules/game-001/en.yaml"
    # What `make serve` runs: only the pages an edit changes are built again (rulebook/website/live.py).
    # At least five edits (the machine may be shared: a median of few runs is noise), one in a smoke run.
    edits = repeats if args.smoke else max(repeats, 5)
    live = measure.edit_to_refresh(measure.rulebook_serve(root, config), words, "game-001/", edits)
    # The baselines: `mkdocs serve` builds every page of every language again; with --dirty only the
    # changed pages, at the price of a stale search index and navigation elsewhere.
    full = measure.edit_to_refresh(measure.mkdocs_serve(config), words, "game-001/", repeats)
    dirty = measure.edit_to_refresh(measure.mkdocs_serve(config, "--dirty"), words, "game-001/", repeats)
    results["refresh"] = {
        "size": middle.name,
        "live_seconds": round(live["seconds"], 3),
        "live_index_seconds": round(live["index_seconds"], 3),
        "live_index_stale": live["index_stale"],
        "live_runs": live["runs"],
        "seconds": round(full["seconds"], 3),
        "index_seconds": round(full["index_seconds"], 3),
        "index_stale": full["index_stale"],
        "dirty_seconds": round(dirty["seconds"], 3),
        "dirty_index_stale": dirty["index_stale"],
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
            for key, label in (
                ("check_seconds", "check"),
                ("toolkit_build_seconds", "toolkit build"),
                ("parallel_build_seconds", "rulebook build"),
            )
            if old.get(key) and size.get(key)
        ]
        lines.append(f"{size['size']:<8} " + "  ".join(ratios))
    return "\n".join(lines)


def _index(seconds: float, stale: bool) -> str:
    return "stale" if stale else f"{seconds:.2f} s"


HEADER = (
    f"{'size':<8}{'units':>8}{'pages':>7}{'check s':>9}{'units/s':>9}{'warm u/s':>10}{'toolkit s':>11}"
    f"{'first s':>9}{'bare s':>9}{'overhead':>10}{'parallel s':>12}{'overhead':>10}{'index ×':>9}"
)


def size_row(r: dict) -> str:
    return (
        f"{r['size']:<8}{r['units']:>8}{r['pages']:>7}{r['check_seconds']:>9.2f}{r['units_per_second']:>9}"
        f"{r['warm_units_per_second']:>10}{r['toolkit_build_seconds']:>11.2f}{r['toolkit_first_build_seconds']:>9.2f}"
        f"{r['bare_build_seconds']:>9.2f}{r['overhead_percent']:>9.1f}%{r['parallel_build_seconds']:>12.2f}"
        f"{r['parallel_overhead_percent']:>9.1f}%{r['index_ratio_max']:>9.2f}"
    )


def table(results: dict) -> str:
    rows = [HEADER, *map(size_row, results["sizes"])]
    t = results["targets"]
    rows.append(f"rulebook score: {results['score_seconds']:.3f} s a call (target ≤ {t['score_seconds']} s)")
    refresh = results["refresh"]
    rows.append(
        f"edit → refreshed page at {refresh['size']}: {refresh['live_seconds']:.2f} s under rulebook serve "
        f"(make serve; search index: {_index(refresh['live_index_seconds'], refresh['live_index_stale'])}); "
        f"{refresh['seconds']:.2f} s under mkdocs serve "
        f"(search index: {_index(refresh['index_seconds'], refresh['index_stale'])}), "
        f"{refresh['dirty_seconds']:.2f} s with --dirty (search index: "
        f"{'stale' if refresh['dirty_index_stale'] else 'fresh'}) (target ≤ {t['refresh_seconds']} s, nothing stale)"
    )
    rows.append(
        f"targets: overhead of rulebook build ≤ {t['overhead']} %, "
        f"check ≥ {t['units_per_second']} units/s (cold) at the largest size, "
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
