"""The erratum of issue 26's test: a rule inserted before REBUS 3.2, another reworded, a third
removed, recorded as edition 1.1 (tests/test_editions.py, tests/browser/test_changes_site.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import edit
from rulebook.cli import main
from rulebook.model import source_hash

INSERTED = "A bonus square counts only in the turn its tile is placed."
INSERTED_FR = "Une case bonus ne compte qu’au tour où sa tuile est posée."
WINNER_OLD = "Highest score wins."
WINNER_NEW = "The highest score wins, and players with the same score share the win."
WINNER_FR = "Le score le plus élevé l’emporte, et les joueurs à égalité partagent la victoire."
REMOVED = "If a player cannot form a Rebus, he may choose to replace all his tiles and forfeit his turn."
SUMMARY = "An erratum: bonus squares, the winner, and changing tiles."
SUMMARY_FR = "Un erratum\u202f: les cases bonus, le vainqueur et l’échange de tuiles."
COVERAGE = "rules/rebus/sources/000_1e571b27f5b0f623.coverage.yaml"
# Its day: not before the project's latest edition (1.0.1, the corrections of 2026-12-05), and not
# one still to come.
DATE = "2026-12-05"


def cli(root: Path, *args: str) -> int:
    return main(["--root", str(root), *args])


def record_erratum(root: Path) -> None:
    """The erratum of edition 1.1, made as an author makes it, then recorded."""
    # Inserted before REBUS 3.2 (bonus-squares), which becomes 3.3.
    edit(
        root,
        "rules/rebus/game.yaml",
        "    rules: [basic-score, bonus-squares,",
        "    rules: [basic-score, premium-once, bonus-squares,",
    )
    edit(
        root,
        "rules/rebus/en.yaml",
        "  rule.bonus-squares:\n",
        f"  rule.premium-once:\n    text: {INSERTED}\n  rule.bonus-squares:\n",
    )
    french_new = (
        f'  rule.premium-once:\n    text: {INSERTED_FR}\n    source: "{source_hash(INSERTED)}"\n    status: draft\n'
    )
    edit(root, "rules/rebus/fr.yaml", "  rule.bonus-squares:\n", french_new + "  rule.bonus-squares:\n")
    # Reworded in English and followed in French; the Czech translation is left pending.
    edit(root, "rules/rebus/en.yaml", f"    text: {WINNER_OLD}\n", f"    text: {WINNER_NEW}\n")
    fr = (root / "rules/rebus/fr.yaml").read_text(encoding="utf-8")
    old_fr = re.search(r"  rule\.winner:\n    text: .*\n    source: \"(\w+)\"\n", fr)
    assert old_fr is not None
    new_fr = f'  rule.winner:\n    text: {WINNER_FR}\n    source: "{source_hash(WINNER_NEW)}"\n'
    edit(root, "rules/rebus/fr.yaml", old_fr.group(0), new_fr)
    # Removed: the source's sentence is no longer a rule, then the rule goes from every file.
    edit(root, COVERAGE, f"  rule.changing-tiles:\n  - {REMOVED}\n", "")
    with (root / COVERAGE).open("a", encoding="utf-8") as coverage:
        coverage.write(f"- text: {REMOVED}\n  why: removed by the erratum of edition 1.1\n")
    assert cli(root, "rule", "delete", "rebus", "changing-tiles") == 0
    assert cli(root, "edition", "new", "rebus", "1.1", "--date", DATE, "--summary", SUMMARY) == 0
    # The summary is translated like any other unit: into French now, Czech later.
    french = (
        f"  edition.1-1:\n    text: {json.dumps(SUMMARY_FR, ensure_ascii=False)}\n"
        f'    source: "{source_hash(SUMMARY)}"\n    status: draft\n'
    )
    edit(root, "rules/rebus/fr.yaml", "  edition.1-0:\n", french + "  edition.1-0:\n")
