"""`rulebook build` keeps its parts (188 MB for a large site) in a folder beside the site: a build
stopped by SIGTERM removes it on its way out, and one killed outright leaves it to the next build,
which removes it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT
from rulebook.website.split_build import PARTS_PREFIX

pytestmark = pytest.mark.slow  # each test builds the site

ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}


def start_build(site: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "rulebook.cli", "--root", str(ROOT), "build", "--jobs", "2", "--site", str(site)],
        cwd=ROOT,
        env=ENV,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # a group of its own: the parts can be killed with it
    )


def parts_beside(site: Path) -> list[Path]:
    return sorted(site.parent.glob(f"{PARTS_PREFIX}*"))


def wait_for_parts(build: subprocess.Popen, site: Path) -> None:
    """Until the parts are being built (their folder has a part in it)."""
    deadline = time.monotonic() + 300
    while not any(folder.is_dir() and any(folder.iterdir()) for folder in parts_beside(site)):
        assert build.poll() is None, "the build ended before its parts started"
        assert time.monotonic() < deadline, "no parts after 300 s"
        time.sleep(0.2)


def test_a_build_stopped_by_sigterm_removes_its_parts(tmp_path: Path) -> None:
    site = tmp_path / "site"
    build = start_build(site)
    try:
        wait_for_parts(build, site)
        build.send_signal(signal.SIGTERM)  # the parent alone, as a CI runner cancelling the job does
        assert build.wait(timeout=120) == 128 + signal.SIGTERM
    finally:
        if build.poll() is None:
            os.killpg(build.pid, signal.SIGKILL)
    assert parts_beside(site) == []


def test_the_next_build_removes_the_parts_of_a_killed_one(tmp_path: Path) -> None:
    site = tmp_path / "site"
    build = start_build(site)
    wait_for_parts(build, site)
    os.killpg(build.pid, signal.SIGKILL)  # no handler runs: the parts stay behind
    build.wait(timeout=60)
    time.sleep(0.5)  # the parts' processes, killed with their group, are gone too
    assert parts_beside(site), "a killed build left no parts: nothing to test"
    result = subprocess.run(
        [sys.executable, "-m", "rulebook.cli", "--root", str(ROOT), "build", "--jobs", "2", "--site", str(site)],
        cwd=ROOT,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert parts_beside(site) == []
    assert (site / "index.html").is_file()
