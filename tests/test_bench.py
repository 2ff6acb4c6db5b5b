"""A smoke run of `make bench`, so that the benchmark keeps working (its figures are not judged here)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def test_the_benchmark_runs_end_to_end(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "rulebook.bench", "--smoke", "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))
    (size,) = report["sizes"]
    assert size["units"] > 0 and size["pages"] > 0
    assert size["check_seconds"] > 0 and size["toolkit_build_seconds"] > 0 and size["bare_build_seconds"] > 0
    assert set(size["index_bytes"]) == {"en", "de"}
    assert report["score_seconds"] > 0 and report["refresh"]["seconds"] > 0
    assert "overhead" in result.stdout and "units/s" in result.stdout
