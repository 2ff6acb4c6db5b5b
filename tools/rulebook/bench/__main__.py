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
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path

from rulebook.bench import measure
from rulebook.bench.synthetic import LANGUAGES, Size, generate, mkdocs_config

REPOSITORY = Path(__file__).resolve().parents[3]
SIZES = [Size(10, 3), Size(100, 5), Size(200, 10)]
SMOKE = [Size(2, 2)]
TARGETS = {  # issue 15, the refresh's from issue 27
    "overhead": 0.0,
    "units_per_second": 30_000,
    "score_seconds": 0.1,
    "refresh_seconds": 0.5,
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


def _median(runs: list[tuple[float, float]], which: int) -> float:
    return statistics.median(run[which] for run in runs)


def _overhead(mine: float, bare: float) -> float:
    return round(100 * (mine / bare - 1), 1)


def run_size(out: Path, size: Size, repeats: int) -> dict:
    root = out / size.name
    units = generate(REPOSITORY, root, size)
    languages = LANGUAGES[: size.languages]
    toolkit, bare = (mkdocs_config(root, languages, toolkit=flag) for flag in (True, False))
    load_before = measure.load()
    # Cold: every run does all the work. Warm: a re-check of unchanged content, through the
    # persistent cache that the first of those runs fills.
    checks = [measure.measured(measure.check(root, cached=False)) for _ in range(repeats)]
    warm_check = statistics.median(measure.timed(measure.check(root), repeats + 1)[1:])
    # The builds, interleaved (measure.interleaved). The first round is each one's first build:
    # with the persistent cache empty and into an empty folder. The later rounds build over the
    # previous site with the content checked before, as a second `make build` does.
    sites = {"toolkit": root / "site-toolkit", "parallel": root / "site-parallel", "bare": root / "site-bare"}
    commands = {
        "toolkit": measure.build(toolkit, sites["toolkit"]),
        "parallel": measure.split_build(root, toolkit, sites["parallel"]),
        "bare": measure.build(bare, sites["bare"]),
    }

    def fresh(name: str) -> Callable[[], None]:
        def run() -> None:
            shutil.rmtree(root / ".cache", ignore_errors=True)
            shutil.rmtree(sites[name], ignore_errors=True)
            commands[name]()

        return run

    firsts = measure.interleaved({name: fresh(name) for name in commands}, 1)
    later = measure.interleaved(commands, repeats - 1) if repeats > 1 else firsts
    first = {name: runs[0] for name, runs in firsts.items()}
    warm = {name: (_median(runs, 0), _median(runs, 1)) for name, runs in later.items()}
    indexes = measure.index_sizes(sites["toolkit"], sites["bare"], languages)
    ratios = [sizes["toolkit"] / sizes["bare"] for sizes in indexes.values()]
    gzip_ratios = [sizes["toolkit_gzip"] / sizes["bare_gzip"] for sizes in indexes.values()]
    check = _median(checks, 0)
    return {
        "size": size.name,
        "games": size.games,
        "languages": size.languages,
        "units": units,
        "pages": len(list((root / "docs").rglob("*.md"))),
        "check_seconds": round(check, 3),
        "check_cpu_seconds": round(_median(checks, 1), 3),
        "units_per_second": round(units / check),
        "warm_check_seconds": round(warm_check, 3),
        "warm_units_per_second": round(units / warm_check),
        "toolkit_build_seconds": round(warm["toolkit"][0], 3),
        "toolkit_build_cpu_seconds": round(warm["toolkit"][1], 3),
        "toolkit_first_build_seconds": round(first["toolkit"][0], 3),
        "bare_build_seconds": round(warm["bare"][0], 3),
        "bare_build_cpu_seconds": round(warm["bare"][1], 3),
        "bare_first_build_seconds": round(first["bare"][0], 3),
        "bare_first_build_cpu_seconds": round(first["bare"][1], 3),
        "overhead_percent": _overhead(warm["toolkit"][0], warm["bare"][0]),
        "parallel_build_seconds": round(warm["parallel"][0], 3),
        "parallel_build_cpu_seconds": round(warm["parallel"][1], 3),
        "parallel_first_build_seconds": round(first["parallel"][0], 3),
        "parallel_first_build_cpu_seconds": round(first["parallel"][1], 3),
        "parallel_overhead_percent": _overhead(warm["parallel"][0], warm["bare"][0]),
        "parallel_first_overhead_percent": _overhead(first["parallel"][0], first["bare"][0]),
        "index_bytes": indexes,
        "index_ratio_max": round(max(ratios), 2),
        "index_gzip_ratio_max": round(max(gzip_ratios), 2),
        "load": [load_before, measure.load()],
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
    # At least five runs (a median of few is noise), one in a smoke run, which times nothing it judges.
    score_runs = repeats if args.smoke else max(repeats, 5)
    results["score_seconds"] = round(measure.median_seconds(measure.score(REPOSITORY), score_runs), 3)
    # At the largest size measured: the one the target is set for.
    largest = sizes[-1]
    print(f"… edit to refresh at {largest.name}", file=sys.stderr, flush=True)
    root = args.out / largest.name
    load_before = measure.load()
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
        "size": largest.name,
        "load": [load_before, measure.load()],
        "live_seconds": round(live["seconds"], 3),
        "live_index_seconds": round(live["index_seconds"], 3),
        "live_index_stale": live["index_stale"],
        "live_runs": live["runs"],
        "live_cpu_seconds": live["cpu_seconds"],
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


# What a second run compares with the previous one: each target's figure (issue 27).
COMPARED = (
    ("check_seconds", "check"),
    ("toolkit_build_seconds", "toolkit build"),
    ("parallel_first_build_seconds", "rulebook build, first"),
    ("parallel_build_seconds", "rulebook build"),
    ("bare_build_seconds", "bare"),
    ("index_ratio_max", "index ×"),
    ("index_gzip_ratio_max", "gzipped index ×"),
)


def comparison(earlier: dict, now: dict) -> str:
    """This run against the previous one, as ratios (below 1 is faster or smaller), size by size,
    then the edit-to-refresh time where both runs measured it at the same size.

    >>> earlier = {"sizes": [{"size": "10x3", "check_seconds": 2.0, "toolkit_build_seconds": 4.0}],
    ...            "refresh": {"size": "10x3", "live_seconds": 0.5}}
    >>> now = {"sizes": [{"size": "10x3", "check_seconds": 1.0, "toolkit_build_seconds": 5.0}],
    ...        "refresh": {"size": "10x3", "live_seconds": 0.25}}
    >>> print(comparison(earlier, now))
    against the previous results.json (below 1 is faster or smaller):
    10x3     check × 0.50  toolkit build × 1.25
    refresh at 10x3 × 0.50
    """
    before = {size.get("size"): size for size in earlier.get("sizes", [])}
    lines = ["against the previous results.json (below 1 is faster or smaller):"]
    for size in now["sizes"]:
        old = before.get(size["size"])
        if not old:
            continue
        ratios = [f"{label} × {size[key] / old[key]:.2f}" for key, label in COMPARED if old.get(key) and size.get(key)]
        lines.append(f"{size['size']:<8} " + "  ".join(ratios))
    refresh, old_refresh = now.get("refresh", {}), earlier.get("refresh", {})
    if refresh.get("size") == old_refresh.get("size") and old_refresh.get("live_seconds"):
        lines.append(f"refresh at {refresh['size']} × {refresh['live_seconds'] / old_refresh['live_seconds']:.2f}")
    return "\n".join(lines)


def _index(seconds: float, stale: bool) -> str:
    return "stale" if stale else f"{seconds:.2f} s"


HEADER = (
    f"{'size':<8}{'units':>8}{'pages':>7}{'units/s':>9}{'warm u/s':>10}{'toolkit s':>11}{'bare s':>9}"
    f"{'overhead':>10}{'first s':>9}{'bare 1st':>9}{'overhead':>10}{'warm s':>9}{'overhead':>10}"
    f"{'cpu ×':>7}{'index ×':>9}{'gzip ×':>8}{'load':>12}"
)


def size_row(r: dict) -> str:
    """One size: check, the one-process toolkit build against bare (warm), then `rulebook build`
    against bare, first (empty cache and folder) and warm, with its CPU time against bare's."""
    cpu = r["parallel_build_cpu_seconds"] / r["bare_build_cpu_seconds"] if r.get("bare_build_cpu_seconds") else 0.0
    load = "–".join(f"{value:.1f}" for value in r["load"])
    return (
        f"{r['size']:<8}{r['units']:>8}{r['pages']:>7}{r['units_per_second']:>9}{r['warm_units_per_second']:>10}"
        f"{r['toolkit_build_seconds']:>11.2f}{r['bare_build_seconds']:>9.2f}{r['overhead_percent']:>9.1f}%"
        f"{r['parallel_first_build_seconds']:>9.2f}{r['bare_first_build_seconds']:>9.2f}"
        f"{r['parallel_first_overhead_percent']:>9.1f}%{r['parallel_build_seconds']:>9.2f}"
        f"{r['parallel_overhead_percent']:>9.1f}%{cpu:>7.2f}{r['index_ratio_max']:>9.2f}"
        f"{r['index_gzip_ratio_max']:>8.2f}{load:>12}"
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
        f"{'stale' if refresh['dirty_index_stale'] else 'fresh'}) (target ≤ {t['refresh_seconds']} s, nothing stale); "
        f"the server's CPU time: {refresh['live_cpu_seconds']:.2f} s an edit; load {refresh['load']}"
    )
    rows.append(
        f"targets: overhead of rulebook build ≤ {t['overhead']} %, "
        f"check ≥ {t['units_per_second']} units/s (cold) at the largest size, "
        f"search index ≤ {t['index_ratio']}× the bare one, raw and gzipped"
    )
    m = results["machine"]
    rows.append(
        f"machine: {m['cpus']} cpus, {m['cpu']}, Python {m['python']}, mkdocs {m['mkdocs']}, "
        f"Material {m['mkdocs-material']}, static-i18n {m['mkdocs-static-i18n']}"
    )
    return "\n".join(rows)


if __name__ == "__main__":
    sys.exit(main())
