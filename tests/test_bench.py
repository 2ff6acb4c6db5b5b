"""A smoke run of `make bench`, so that the benchmark keeps working (its figures are not judged here)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

# Each run builds the site with the toolkit and with bare MkDocs, and serves it.
pytestmark = pytest.mark.slow


def run_bench(cwd: Path) -> subprocess.CompletedProcess[str]:
    # As `make bench` runs it: a relative --out, from the folder it is relative to.
    return subprocess.run(
        [sys.executable, "-m", "rulebook.bench", "--smoke", "--out", "bench"],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
    )


@pytest.fixture(scope="module")
def first_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """One smoke run for the module: its results are checked, then a second run compares with them."""
    folder = tmp_path_factory.mktemp("bench")
    return folder, run_bench(folder)


def test_the_benchmark_runs_end_to_end_with_a_relative_out(first_run) -> None:
    folder, result = first_run
    assert result.returncode == 0, result.stderr
    assert "against the previous results.json" not in result.stdout
    report = json.loads((folder / "bench" / "results.json").read_text(encoding="utf-8"))
    (size,) = report["sizes"]
    assert size["units"] > 0 and size["pages"] > 0
    assert size["check_seconds"] > 0 and size["toolkit_build_seconds"] > 0 and size["bare_build_seconds"] > 0
    assert set(size["index_bytes"]) == {"en", "de"}
    assert report["score_seconds"] > 0 and report["refresh"]["seconds"] > 0
    # `rulebook serve` (make serve) showed the edit on the page and in the search index.
    assert report["refresh"]["live_seconds"] > 0 and not report["refresh"]["live_index_stale"]
    assert "overhead" in result.stdout and "units/s" in result.stdout


def test_a_second_run_compares_with_what_the_first_wrote(first_run) -> None:
    """A second run reads results.json as the first wrote it and prints each size's ratios; the file
    is compared with itself here rather than by a second run of the bench (40 s), and the ratios
    themselves are `comparison`'s doctest."""
    from rulebook.bench.__main__ import _read_earlier, comparison

    folder, first = first_run
    assert first.returncode == 0, first.stderr
    earlier = _read_earlier(folder / "bench" / "results.json")
    assert earlier is not None
    lines = comparison(earlier, earlier).splitlines()
    assert lines[0] == "against the previous results.json (below 1 is faster or smaller):"
    (size,) = earlier["sizes"]
    assert lines[1].startswith(size["size"]) and "check × 1.00" in lines[1] and "toolkit build × 1.00" in lines[1]
    assert lines[-1] == f"refresh at {size['size']} × 1.00"


def test_a_source_hash_of_digits_is_written_so_that_the_project_reads_it_as_text() -> None:
    # One hash in about 500 is all digits with a leading zero: written plain, the project refused it
    # (a number with a leading zero) and `rulebook build` failed at 100×5 and 200×10.
    import yaml

    from rulebook.bench.synthetic import _QuotingDigits
    from rulebook.located.document import parse_document

    words = {"units": {"summary": {"text": "Tekst", "source": "099536614868"}}}
    text = yaml.dump(words, Dumper=_QuotingDigits, allow_unicode=True, sort_keys=False)
    assert parse_document(text.encode("utf-8"), "de.yaml").data == words
