"""Issue 46: the publisher's whole path ends on paper. An erratum to Rebis (a reworded rule, a changed
scoring value with its examples and captions, an inserted rule, a rename) is recorded while its
translations are pending; then `rulebook check`, `rulebook build --strict` and the print edition
(`make print`'s entry point, `python -m rulebook.artifacts.print_edition`) all pass, and the French PDF says the new
edition; then the French translator catches up, and all three pass again. On ef745d9 the first
strict build after the edition failed for good."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from publisher import (
    TODAY,
    fresh_copy,
    gold_erratum,
    green,
    insert_discard_first,
    ok,
    reword_own_shelf,
    translate,
    waiting,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def print_edition(root: Path) -> Path:
    """What `make print` runs after `make build`, in its own process as make runs it."""
    command = [
        "-m",
        "rulebook.artifacts.print_edition",
        "--root",
        str(root),
        "--site",
        str(root / "site"),
        "--out",
        str(root / "print"),
    ]
    result = subprocess.run(
        [sys.executable, *command],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return root / "print"


def pdf_text(path: Path) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(path.read_bytes())).pages).split())


def test_an_erratum_then_its_translation_from_yaml_to_paper(tmp_path: Path) -> None:
    root = fresh_copy(tmp_path / "project")
    # The erratum: a value (gold 3 → 2, so 6 × 2 × 2 × 2 = 48 and 6 × 2 × 2 = 24), an inserted rule, a rename.
    gold_erratum(root)
    insert_discard_first(root)
    reword_own_shelf(root)
    ok(root, "rule", "rename", "rebis", "own-shelf", "your-shelf")
    ok(root, "edition", "new", "rebis", "1.1", "--date", TODAY, "--summary", "Gold counts double; discard first.")
    green(root)
    printed = print_edition(root)
    french = pdf_text(printed / "fr" / "rebis.pdf")
    assert "Édition 1.1" in french
    assert "Before you draw, you may discard one card." in french  # the new rule, in English until translated

    # The French translator catches up; the project is green again, on paper too.
    translate(root, "rebis", "fr", "rule.your-shelf", "vous pouvez jouer", "vous avez le droit de jouer")
    translate(root, "rebis", "fr", "example.multiplied-shelf", "6 × 2 × 3 × 2 = 72", "6 × 2 × 2 × 2 = 48")
    assert not {"rule.your-shelf", "example.multiplied-shelf"} & waiting(root, "rebis", "fr")
    green(root)
    french = pdf_text(print_edition(root) / "fr" / "rebis.pdf")
    assert "vous avez le droit de jouer" in french and "6 × 2 × 2 × 2 = 48" in french
