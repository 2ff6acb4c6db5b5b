"""A publisher's steps on a fresh copy of the project, as the README and guide/writing.md tell them:
edit the YAML, run `rulebook` commands, and after each step the project must stay green, that is
`rulebook check` without errors and `rulebook build --strict` passing (tests/test_publisher_journeys.py,
tests/browser/test_publisher_print.py). A translator's steps go through a PO file, as Poedit's would."""

from __future__ import annotations

import contextlib
import datetime
import io
import json
import shutil
from pathlib import Path

import polib

from conftest import ROOT, copy_site_sources, edit
from rulebook.cli import main

TODAY = datetime.date.today().isoformat()


def fresh_copy(target: Path) -> Path:
    """The content, the site's sources and the committed PO files: what a publisher's clone holds."""
    copy_site_sources(target)
    shutil.copytree(ROOT / "po", target / "po")
    return target


def rulebook(root: Path, *args: str) -> tuple[int, str, str]:
    """`rulebook --root ROOT ARGS` as a publisher types it: exit code, standard output, standard error."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--root", str(root), *args])
    return code, out.getvalue(), err.getvalue()


def ok(root: Path, *args: str) -> str:
    """A step that must succeed; its standard output."""
    code, out, err = rulebook(root, *args)
    assert code == 0, f"rulebook {' '.join(args)}: exit {code}\n{out}{err}"
    return out


def green(root: Path) -> Path:
    """`rulebook check` finds no error, and `rulebook build --strict` passes: the built site."""
    ok(root, "check")
    ok(root, "build", "--strict")
    return root / "site"


def page(site: Path, path: str) -> str:
    return (site / path / "index.html").read_text(encoding="utf-8")


def change_entry(html: str, anchor: str) -> str:
    """One entry of a built change list, from its anchor to the end of its block."""
    start = html.index(f'id="{anchor}"')
    return html[start : html.index("</div>", start)]


def waiting(root: Path, game: str, language: str) -> set[str]:
    """The units of a game whose `language` translation is outdated or missing (`rulebook status --json`)."""
    data = json.loads(ok(root, "status", "--lang", language, "--json"))["languages"][language][game]
    return {*data["outdated_ids"], *data["missing_ids"]}


OWN_SHELF_MAP = "rules/rebis/sources/004_849fa0cfb2ddf21d.coverage.yaml"
OWN_SHELF_SAID = "On your turn, you can play either 1 card to your active shelf or 2 cards of the same number."


def reword_own_shelf(root: Path) -> None:
    """An erratum to Rebis 2.1, in English only: its translations are pending from here on. The rule
    is the publisher's text, so the erratum records in the source's map why it no longer carries the
    source's sentence (`rulebook check` refuses it otherwise: source.not-carried)."""
    edit(root, "rules/rebis/en.yaml", "On your turn, you can play either", "On your turn, you may play either")
    reworded = OWN_SHELF_SAID.replace("you can play", "you may play")
    recorded = f"  - quote: {OWN_SHELF_SAID}\n    carried_as: {reworded}\n    why: the erratum of edition 1.1\n"
    edit(root, OWN_SHELF_MAP, f"  - {OWN_SHELF_SAID}\n", recorded)


def translate(root: Path, game: str, language: str, unit: str, old: str | None, new: str) -> None:
    """A translator's answer to a PO file: export, edit one msgstr in a PO editor (which also clears
    the entry's fuzzy flag, as saving a reviewed entry in Poedit does), import."""
    ok(root, "i18n", "export", language)
    path = root / "po" / f"{game}.{language}.po"
    catalog = polib.pofile(str(path), wrapwidth=0)
    entry = next(entry for entry in catalog if entry.msgctxt == unit)
    if old is None:  # a unit new in English: the whole translation
        entry.msgstr = new
    else:
        assert old in entry.msgstr, (old, entry.msgstr)
        entry.msgstr = entry.msgstr.replace(old, new)
    if "fuzzy" in entry.flags:
        entry.flags.remove("fuzzy")
    entry.previous_msgid = entry.previous_msgctxt = None
    catalog.save(str(path))
    ok(root, "i18n", "import", str(path))


def insert_discard_first(root: Path, after: str = "own-shelf") -> None:
    """A rule inserted into Rebis section 2 ([own-shelf, hand-limit, other-shelf, negative-draw]),
    after `after` ("" for first), in English only."""
    rules = "rules: [own-shelf, hand-limit,"
    inserted = (
        rules.replace(f"{after}, ", f"{after}, discard-first, ") if after else rules.replace("[", "[discard-first, ")
    )
    edit(root, "rules/rebis/game.yaml", rules, inserted)
    rule = "  rule.discard-first:\n    text: Before you draw, you may discard one card.\n"
    edit(root, "rules/rebis/en.yaml", "  rule.hand-limit:\n", rule + "  rule.hand-limit:\n")


def gold_erratum(root: Path) -> None:
    """The gold token's assumed value 3 → 2, with the two examples it changes and their English
    captions. Ann's shelf in multiplied-shelf is 5 + 3 − 2 = 6 points with golden dust (×2), gold
    (×2 now) and the red token (×2): 6 × 2 × 2 × 2 = 48, not 72. In red-token-placed the red token
    is worth 0 and lies on Bob's shelf: Ann has 6 × 2 × 2 = 24, not 36."""
    edit(root, "rules/rebis/game.yaml", "    gold: 3\n", "    gold: 2\n")
    edit(root, "rules/rebis/game.yaml", "expect: {scores: {Ann: 72, Bob: 7}", "expect: {scores: {Ann: 48, Bob: 7}")
    edit(root, "rules/rebis/game.yaml", "expect: {scores: {Ann: 36, Bob: 8}", "expect: {scores: {Ann: 24, Bob: 8}")
    edit(root, "rules/rebis/en.yaml", "shelf: 6 × 2 × 3 × 2 = 72.", "shelf: 6 × 2 × 2 × 2 = 48.")
    edit(root, "rules/rebis/en.yaml", "Ann has 36, Bob 8.", "Ann has 24, Bob 8.")
