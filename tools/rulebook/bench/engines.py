"""`python -m rulebook.bench.engines`: the same synthetic site (100 games × 5 languages by default)
built by each engine, as `make test-engines` builds ours (issue 51):

- MkDocs with our plugin, which runs the render and finish steps inside its build;
- ProperDocs on the same config;
- `rulebook render`, then zensical-i18n, then `rulebook finish` with Zensical's templates.

The builds are interleaved (measure.interleaved), each into a fresh folder, so that a change in the
machine's load falls on every engine alike; the figures are medians, with MkDocs as the baseline of
the same run. ProperDocs and Zensical run from their own venvs, named by --properdocs and --zensical
(`make bench-engines` does).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from rulebook.bench import measure
from rulebook.bench.synthetic import LANGUAGES, Size, generate, mkdocs_config
from rulebook.website.theme_folders import zensical_templates

REPOSITORY = Path(__file__).resolve().parents[3]
TOOLS = REPOSITORY / "tools"


def _run(*args: str, cwd: Path, python_path: bool = False) -> None:
    env = {**measure.ENV, **({"PYTHONPATH": str(TOOLS)} if python_path else {})}
    result = subprocess.run(list(args), cwd=cwd, env=env, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}")


def engine_builds(
    root: Path, config: Path, zensical: Path, properdocs: Path
) -> dict[str, tuple[Path, Callable[[], None]]]:
    """Each engine's site folder and its build, from nothing to a finished site."""
    sites = {engine: root / f"site-{engine}" for engine in ("mkdocs", "properdocs", "zensical")}
    rulebook = (sys.executable, "-m", "rulebook.cli", "--root", str(root))
    themes = [option for folder in zensical_templates(zensical) for option in ("--theme-dir", folder)]

    def mkdocs() -> None:
        _run(sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config), "-d", str(sites["mkdocs"]), cwd=root)

    def properdocs_build() -> None:
        _run(str(properdocs), "build", "-q", "-f", str(config), "-d", str(sites["properdocs"]), cwd=root)

    def zensical_i18n() -> None:
        _run(*rulebook, "render", "-f", str(config), cwd=root)
        rendered = config.with_name("mkdocs.rendered.yml")
        command = (str(zensical.with_name("zensical-i18n")), "build", "--clean", "-f", str(rendered))
        _run(*command, cwd=root, python_path=True)
        _run(*rulebook, "finish", str(root / "site"), *themes, cwd=root)
        shutil.rmtree(sites["zensical"], ignore_errors=True)
        (root / "site").rename(sites["zensical"])

    return {
        "mkdocs": (sites["mkdocs"], mkdocs),
        "properdocs": (sites["properdocs"], properdocs_build),
        "zensical": (sites["zensical"], zensical_i18n),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rulebook.bench.engines", description=__doc__)
    parser.add_argument("--zensical", type=Path, required=True, help="the `zensical` command of its own venv")
    parser.add_argument("--properdocs", type=Path, required=True, help="the `properdocs` command of its own venv")
    parser.add_argument("--out", type=Path, default=REPOSITORY / "bench", help="work folder (git-ignored)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--languages", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    size = Size(args.games, args.languages)
    root = (args.out / f"engines-{size.name}").resolve()
    shutil.rmtree(root, ignore_errors=True)
    generate(REPOSITORY, root, size)
    shutil.copytree(REPOSITORY / "docs" / "assets", root / "docs" / "assets", dirs_exist_ok=True)
    config = mkdocs_config(root, LANGUAGES[: size.languages], toolkit=True)
    builds = engine_builds(root, config, args.zensical.resolve(), args.properdocs.resolve())

    def fresh(engine: str) -> Callable[[], None]:
        site, build = builds[engine]

        def run() -> None:
            shutil.rmtree(root / ".cache", ignore_errors=True)
            shutil.rmtree(site, ignore_errors=True)
            build()

        return run

    load_before = measure.load()
    runs = measure.interleaved({engine: fresh(engine) for engine in builds}, args.repeats)
    baseline = statistics.median(wall for wall, _ in runs["mkdocs"])
    report = {
        "size": size.name,
        "repeats": args.repeats,
        "load": [load_before, measure.load()],
        "engines": {
            engine: {
                "wall_seconds": round(statistics.median(wall for wall, _ in found), 1),
                "cpu_seconds": round(statistics.median(cpu for _, cpu in found), 1),
                "runs": [round(wall, 1) for wall, _ in found],
                "against_mkdocs": round(statistics.median(wall for wall, _ in found) / baseline, 2),
                "pages": len(list(builds[engine][0].rglob("*.html"))),
            }
            for engine, found in runs.items()
        },
    }
    (args.out / "engines.json").write_text(json.dumps(report, indent=2), encoding="utf-8")
    print(f"{size.name}, {args.repeats} interleaved fresh builds each; load {report['load']}")
    print(f"{'engine':<12}{'median s':>10}{'CPU s':>8}{'× MkDocs':>10}{'pages':>7}  runs")
    for engine, figures in report["engines"].items():
        print(
            f"{engine:<12}{figures['wall_seconds']:>10}{figures['cpu_seconds']:>8}"
            f"{figures['against_mkdocs']:>10}{figures['pages']:>7}  {figures['runs']}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
