"""Timings, each taken as the median of several runs, of the real commands in subprocesses."""

from __future__ import annotations

import json
import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

import yaml

from rulebook.bench.synthetic import model_game

ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}


def median_seconds(run: Callable[[], None], repeats: int) -> float:
    return statistics.median(timed(run, repeats))


def timed(run: Callable[[], None], repeats: int) -> list[float]:
    """Seconds of each run, in order: with a persistent cache, the first is the cold one."""
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return times


def command(*args: str, cwd: Path | None = None, cache: bool = True) -> Callable[[], None]:
    env = {**ENV, "RULEBOOK_CACHE": "1" if cache else "0"}

    def run() -> None:
        result = subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(args)} failed:\n{result.stdout}\n{result.stderr}")

    return run


def check(root: Path, *, cached: bool = True) -> Callable[[], None]:
    """`rulebook check`; without `cached`, every run does all the work (RULEBOOK_CACHE=0)."""
    return command("-m", "rulebook.cli", "--root", str(root), "check", cache=cached)


def build(config: Path, site: Path) -> Callable[[], None]:
    return command("-m", "mkdocs", "build", "-q", "-f", str(config), "-d", str(site))


def split_build(root: Path, config: Path, site: Path) -> Callable[[], None]:
    """`rulebook build`: the languages in parallel processes, merged (what `make build` runs)."""
    return command("-m", "rulebook.cli", "--root", str(root), "build", "-f", str(config), "--site", str(site))


def score(repository: Path) -> Callable[[], None]:
    """`rulebook score` of the model game's first worked example (bench/synthetic.py)."""
    game = model_game(repository)
    data = yaml.safe_load((repository / "rules" / game / "game.yaml").read_text(encoding="utf-8"))
    example = data["examples"][0]["id"]
    return command("-m", "rulebook.cli", "--root", str(repository), "score", game, "--example", example, "--json")


def index_sizes(toolkit_site: Path, bare_site: Path, languages: list[str]) -> dict[str, dict[str, int]]:
    """Bytes of each language's search index, against that language's share of the bare index."""
    bare = json.loads((bare_site / "search/search_index.json").read_text(encoding="utf-8"))
    sizes = {}
    for number, language in enumerate(languages):
        prefix = "" if number == 0 else f"{language}/"
        mine = toolkit_site / prefix / "search/search_index.json"
        docs = [doc for doc in bare["docs"] if _belongs(doc["location"], language, languages)]
        share = json.dumps({"config": bare["config"], "docs": docs}, ensure_ascii=False, separators=(",", ":"))
        sizes[language] = {"toolkit": mine.stat().st_size, "bare": len(share.encode("utf-8"))}
    return sizes


def _belongs(location: str, language: str, languages: list[str]) -> bool:
    head = location.split("/", 1)[0]
    return head == language if language != languages[0] else head not in languages[1:]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def page_text(url: str) -> str:
    """What the server answers at `url`, or "" while it cannot answer."""
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.read().decode("utf-8", "replace")
    except OSError:
        return ""


def mkdocs_serve(config: Path, *extra: str) -> Callable[[str], list[str]]:
    """`mkdocs serve` (with `--dirty`, say), as a command line for an address."""
    return lambda address: [sys.executable, "-m", "mkdocs", "serve", "-f", str(config), "-a", address, *extra]


def rulebook_serve(root: Path, config: Path) -> Callable[[str], list[str]]:
    """`rulebook serve`, what `make serve` runs."""
    command = [sys.executable, "-m", "rulebook.cli", "--root", str(root), "serve", "-f", str(config)]
    return lambda address: [*command, "-a", address]


def edit_to_refresh(
    server_command: Callable[[str], list[str]], words: Path, page: str, repeats: int, timeout: float = 300.0
) -> dict[str, float | bool | list[float]]:
    """Seconds from saving a YAML file to the server serving the page with the new text, and to
    its search index having it too (median of the runs, and each run); `index_stale` when the page
    showed the new text while the index still had the old one 2 s later (what `--dirty` gives)."""
    port = free_port()
    server = subprocess.Popen(
        server_command(f"127.0.0.1:{port}"),
        env=ENV,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/{page}"
    index = f"http://127.0.0.1:{port}/search/search_index.json"
    try:
        _wait(lambda: "rb-rule" in page_text(url), timeout)
        original = words.read_text(encoding="utf-8")
        page_times, index_times, stale = [], [], False
        for number in range(repeats):
            marker = f"Benchmarkmarker{'abcdefghij'[number % 10]}"  # no digits: rule text may not have any
            edited = original.replace("units:\n  summary:\n    text: ", f"units:\n  summary:\n    text: {marker} ", 1)
            time.sleep(1.2)  # past the watcher's debounce of the previous edit
            started = time.perf_counter()
            words.write_text(edited, encoding="utf-8")
            _wait(lambda marker=marker: marker in page_text(url), timeout)
            page_times.append(time.perf_counter() - started)
            try:
                _wait(lambda marker=marker: marker in page_text(index), page_times[-1] + 2.0)
                index_times.append(time.perf_counter() - started)
            except TimeoutError:
                stale = True
        words.write_text(original, encoding="utf-8")
        return {
            "seconds": statistics.median(page_times),
            "index_seconds": statistics.median(index_times) if index_times else -1.0,
            "index_stale": stale,
            "runs": [round(seconds, 3) for seconds in page_times],
            "index_runs": [round(seconds, 3) for seconds in index_times],
        }
    finally:
        server.terminate()
        server.wait(timeout=30)


def _wait(ready: Callable[[], bool], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not ready():
        if time.monotonic() > deadline:
            raise TimeoutError("the server did not show the page in time")
        time.sleep(0.05)
