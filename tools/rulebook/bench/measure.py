"""Timings, each taken as the median of several runs, of the real commands in subprocesses."""

from __future__ import annotations

import gzip
import json
import os
import resource
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
    return [measured(run)[0] for _ in range(repeats)]


def measured(run: Callable[[], None]) -> tuple[float, float]:
    """Wall-clock seconds of one run, and the CPU seconds (user and system) of the processes it
    waited for: on a machine shared with other work, the CPU time moves far less than the wall."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    run()
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def interleaved(runs: dict[str, Callable[[], None]], repeats: int) -> dict[str, list[tuple[float, float]]]:
    """Each run once per round, in turn, the order shifted by one each round: a change in the
    machine's load (another user's job starting) then falls on every command alike, not on
    whichever was timed last. (wall, CPU) seconds of each run, in order."""
    names = list(runs)
    found: dict[str, list[tuple[float, float]]] = {name: [] for name in names}
    for round_ in range(repeats):
        for name in names[round_ % len(names) :] + names[: round_ % len(names)]:
            found[name].append(measured(runs[name]))
    return found


def load() -> float:
    """The machine's load average over the last minute, reported beside each figure."""
    return round(os.getloadavg()[0], 2)


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
        raw = mine.read_bytes()
        sizes[language] = {
            "toolkit": len(raw),
            "bare": len(share.encode("utf-8")),
            "toolkit_gzip": len(gzip.compress(raw, mtime=0)),
            "bare_gzip": len(gzip.compress(share.encode("utf-8"), mtime=0)),
        }
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


# The server's first build, which is not timed: a full build in one process, minutes at 200×10 and
# three times that on a machine shared with other work (measured: 7 minutes under load average 5).
STARTUP_SECONDS = 3600.0
STOP_SECONDS = 600.0


def edit_to_refresh(
    server_command: Callable[[str], list[str]],
    words: Path,
    page: str,
    repeats: int,
    timeout: float = 600.0,
    startup: float = STARTUP_SECONDS,
) -> dict[str, float | bool | list[float]]:
    """Seconds from saving a YAML file to the server serving the page with the new text, and to
    its search index having it too (median of the runs, and each run); `index_stale` when the page
    showed the new text while the index still had the old one 2 s later (what `--dirty` gives).
    `startup` bounds the wait for the server's first build, `timeout` each edit's; a server that
    exits fails the measurement at once."""
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
        _wait(lambda: "rb-rule" in page_text(url), startup, server)
        original = words.read_text(encoding="utf-8")
        page_times, index_times, cpu_times, stale = [], [], [], False
        for number in range(repeats):
            marker = f"Benchmarkmarker{'abcdefghij'[number % 10]}"  # no digits: rule text may not have any
            edited = original.replace("units:\n  summary:\n    text: ", f"units:\n  summary:\n    text: {marker} ", 1)
            time.sleep(1.2)  # past the watcher's debounce of the previous edit
            started, cpu = time.perf_counter(), process_cpu(server.pid)
            words.write_text(edited, encoding="utf-8")
            _wait(lambda marker=marker: marker in page_text(url), timeout, server)
            page_times.append(time.perf_counter() - started)
            cpu_times.append(process_cpu(server.pid) - cpu)
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
            "cpu_seconds": round(statistics.median(cpu_times), 3),
            "index_runs": [round(seconds, 3) for seconds in index_times],
        }
    finally:
        # The server removes its site as it stops: at 200×10, tens of thousands of files, which took
        # more than 30 s under load (and a timeout here lost the figures just measured).
        server.terminate()
        try:
            server.wait(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def process_cpu(pid: int) -> float:
    """CPU seconds (user and system) a running process has used so far; 0 where /proc cannot say."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _wait(ready: Callable[[], bool], timeout: float, server: subprocess.Popen | None = None) -> None:
    deadline = time.monotonic() + timeout
    while not ready():
        if server is not None and server.poll() is not None:
            raise RuntimeError(f"the server exited with code {server.returncode} before showing the page")
        if time.monotonic() > deadline:
            raise TimeoutError("the server did not show the page in time")
        time.sleep(0.05)
