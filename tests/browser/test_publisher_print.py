"""Issue 46: the publisher's whole path ends on paper. An erratum (a changed scoring value with its
examples and captions, a rename, an inserted rule, a reworded rule, a removed one) is recorded while
its translations are pending; then `rulebook check`, `rulebook build --strict` and the print edition
(`make print`'s entry point, `python -m rulebook.artifacts.print_edition`) all pass, and the French PDF
says the new edition; then the French translator catches up, and all three pass again. On ef745d9 the
first strict build after the edition failed for good.

The project is the translated fixture (fixture_games.py) with alpha's editions 1.0.1 and 1.0.2
(record_corrections) and its PO files, as test_publisher_journeys.py has it. The erratum, worked out by
hand: alpha's game goes from 3 rounds to 2 (rounds_erratum: in highest-total Ann scores 3 + 2 = 5 and
Bob 5 + 1 = 6, who now wins; in tie, TIE_IN_TWO_ROUNDS, Ann 3 + 3 and Bob 4 + 2, 6 each), discard is
renamed discard-last, and record_alpha_erratum records edition 1.1: same-total inserted (in French too),
draw reworded (followed in French, pending in Czech), pass removed. In French, the two captions are
pending, and winner, whose translation was made for 3 rounds; in Czech, the inserted rule is English and
draw's translation outdated."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import edit
from fixture_games import (
    ALPHA_TURN,
    DRAW_FR_NEW,
    DRAW_NEW,
    DRAW_OLD,
    ERRATUM_INSERTED,
    ERRATUM_INSERTED_FR,
    NBSP,
    ROUNDS_ERRATUM_CAPTION_FR,
    WINNER,
    copy_small_project,
    record_alpha_erratum,
    record_corrections,
    rounds_erratum,
)
from publisher import green, ok, translate, waiting

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# The worked example tie in two rounds, by hand: Ann 3 + 3 = 6, Bob 4 + 2 = 6, and both still win.
TIE_IN_TWO_ROUNDS = {
    "en": "Ann scores 3 and 3, Bob 4 and 2: 6 points each, and both win.",
    "fr": f"Ann marque 3 et 3, Bob 4 et 2{NBSP}: 6 points chacun, et tous deux l’emportent.",
}
WINNER_IN_TWO_ROUNDS = WINNER.replace("{scoring.rounds}", "2")  # winner's English, filled in
CORRECTIONS_SUMMARY_FR = f"Corrections{NBSP}: la note d’arbitrage sur les égalités."


def tie_in_two_rounds(root: Path) -> None:
    """alpha's example tie (record_corrections) played in the game's two rounds, with its English caption."""
    edit(root, "rules/alpha/game.yaml", "{Ann: [3, 3, 3], Bob: [4, 4, 1]}", "{Ann: [3, 3], Bob: [4, 2]}")
    edit(root, "rules/alpha/game.yaml", "{scores: {Ann: 9, Bob: 9}", "{scores: {Ann: 6, Bob: 6}")
    edit(root, "rules/alpha/en.yaml", ALPHA_TURN["en"]["example.tie"], TIE_IN_TWO_ROUNDS["en"])


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


def squeezed(text: str) -> str:
    """Without spaces (a French narrow space may come out of the PDF as a space, or as nothing)."""
    return "".join(text.split())


def pdf_text(path: Path) -> str:
    return squeezed(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(path.read_bytes())).pages))


def test_an_erratum_then_its_translation_from_yaml_to_paper(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path
) -> None:
    root = copy_small_project(tmp_path_factory, tmp_path / "project", site=True, translated=True)
    record_corrections(root)
    ok(root, "i18n", "sync")  # the PO files a publisher's clone holds
    # The erratum: a value (rounds 3 → 2) with its two examples, a rename, and record_alpha_erratum's changes.
    rounds_erratum(root)
    tie_in_two_rounds(root)
    ok(root, "rule", "rename", "alpha", "discard", "discard-last")
    record_alpha_erratum(root)
    # Pending in French: the two captions, whose English changed; winner, which quotes the number of rounds
    # its translation was made for (3); and the summary of 1.0.2, which record_corrections left untranslated.
    assert waiting(root, "alpha", "fr") == {"rule.winner", "example.highest-total", "example.tie", "edition.1-0-2"}
    green(root)
    printed = print_edition(root)
    french = pdf_text(printed / "fr" / "alpha.pdf")
    assert squeezed("Édition 1.1") in french
    assert squeezed("Après 2 manches") in french  # the value, in the French rule that quotes it,
    assert squeezed(WINNER_IN_TWO_ROUNDS) in french  # and the current English beside it, its review pending
    assert squeezed(ERRATUM_INSERTED_FR) in french and squeezed(DRAW_FR_NEW) in french
    assert squeezed("Ann, total 3 + 2 = 5") in french  # the example scored in 2 rounds
    czech = pdf_text(printed / "cs" / "alpha.pdf")
    assert squeezed(ERRATUM_INSERTED) in czech and squeezed(DRAW_NEW) in czech  # English until translated
    assert squeezed(DRAW_OLD) not in czech

    # The French translator catches up; the project is green again, on paper too.
    translate(root, "alpha", "fr", "rule.winner", "Après", "Après")  # reviewed for 2 rounds: the same words
    translate(root, "alpha", "fr", "edition.1-0-2", None, CORRECTIONS_SUMMARY_FR)
    translate(root, "alpha", "fr", "example.highest-total", None, ROUNDS_ERRATUM_CAPTION_FR[1])
    translate(root, "alpha", "fr", "example.tie", None, TIE_IN_TWO_ROUNDS["fr"])
    assert waiting(root, "alpha", "fr") == set()
    green(root)
    french = pdf_text(print_edition(root) / "fr" / "alpha.pdf")
    assert squeezed(ROUNDS_ERRATUM_CAPTION_FR[1]) in french and squeezed(TIE_IN_TWO_ROUNDS["fr"]) in french
    assert squeezed(ROUNDS_ERRATUM_CAPTION_FR[0]) not in french and squeezed(WINNER_IN_TWO_ROUNDS) not in french
