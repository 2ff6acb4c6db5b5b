"""`rulebook i18n update` keeps everything a translator wrote and changes only what the English
changed, as `msgmerge --previous` does (issue 24, part 1), and is compared with GNU msgmerge.
It runs on the fixture games (fixture_games.py): alpha's French."""

from __future__ import annotations

import re
import shutil
import subprocess
from datetime import datetime
from pathlib import Path

import polib
import pytest

from conftest import GIT, edit, run_cli
from fixture_games import NEW_WINNER, WINNER, commit_english_edit, export

NOTE = "# Note de Jeanne : vérifier avec l’éditeur"
GENERATOR = '"X-Generator: Poedit 3.4\\n"'
# alpha's English as the tests change it, beside fixture_games.WINNER.
OLDER_PLAYERS = "Play with {players.min} to {players.max} players."
NEW_SECTION = "How a game is played"
CLOSE_WINNER = "After {scoring.rounds} rounds, each player adds up the points they scored; the highest score wins."
REVISION = '"PO-Revision-Date: 2024-03-05 14:12+0100\\n"'


def update(capsys, root: Path, po: Path) -> tuple[int, str, str]:
    return run_cli(capsys, "--root", str(root), "i18n", "update", str(po))


def as_a_translator_saved_it(po: Path) -> None:
    """A comment, another tool's header field and revision date, and Poedit's wrapping of a msgstr."""
    text = po.read_text(encoding="utf-8")
    text = text.replace('msgctxt "rule.winner"', f'{NOTE}\nmsgctxt "rule.winner"', 1)
    text = text.replace('"Generated-By:', f'{GENERATOR}\n"Generated-By:', 1)
    text = "\n".join(REVISION if line.startswith('"PO-Revision-Date:') else line for line in text.split("\n"))
    text = text.replace(
        'msgstr "Un jeu pour {players.min} à {players.max} joueurs, dont les règles sont en cours d’écriture."',
        'msgstr ""\n"Un jeu pour {players.min} à {players.max} joueurs, dont les règles sont en "\n"cours d’écriture."',
    )
    assert '"cours d’écriture."' in text and NOTE in text  # each change found its place
    po.write_text(text, encoding="utf-8")


def test_without_an_english_change_update_changes_no_byte(translated_project, tmp_path, capsys):
    po = export(capsys, translated_project, tmp_path)
    as_a_translator_saved_it(po)
    before = po.read_bytes()
    code, out, err = update(capsys, translated_project, po)
    assert code == 0, err
    assert "0 entr(ies) now fuzzy (their English changed), 0 added, 0 obsolete" in out
    assert po.read_bytes() == before


def test_an_english_change_changes_only_its_entry(translated_history, tmp_path, capsys):
    po = export(capsys, translated_history, tmp_path)
    as_a_translator_saved_it(po)
    before = po.read_text(encoding="utf-8").split("\n\n")
    commit_english_edit(translated_history)  # rule.winner's English changes
    code, _, err = update(capsys, translated_history, po)
    assert code == 0, err
    after = po.read_text(encoding="utf-8").split("\n\n")
    assert len(after) == len(before)
    changed = [index for index, (old, new) in enumerate(zip(before, after, strict=True)) if old != new]
    assert len(changed) == 1 and 'msgctxt "rule.winner"' in after[changed[0]]  # the header is untouched too
    winner = after[changed[0]].split("\n")
    assert winner[0] == NOTE  # the translator's comment stays with its entry
    assert "#, fuzzy, python-brace-format" in winner and '#| msgctxt "rule.winner"' in winner
    entry = next(e for e in polib.pofile(str(po)) if e.msgctxt == "rule.winner")
    assert (entry.fuzzy, entry.previous_msgid, entry.msgid) == (True, WINNER, NEW_WINNER)


def entries(po: Path) -> tuple[list[tuple], set[tuple], dict[str, str]]:
    """What both tools must agree on: each live entry with its state, the obsolete ones, the header."""
    catalog = polib.pofile(str(po))
    live = [
        (e.msgctxt, e.msgid, e.msgstr, e.fuzzy, e.previous_msgid, e.tcomment, sorted(e.flags))
        for e in catalog
        if not e.obsolete
    ]
    obsolete = {(e.msgctxt, e.msgid, e.msgstr) for e in catalog.obsolete_entries()}
    header = {key: value for key, value in catalog.metadata.items() if key != "POT-Creation-Date"}
    header["Content-Type"] = header["Content-Type"].lower()  # msgmerge writes the charset's name upper-case
    return live, obsolete, header


@pytest.mark.skipif(shutil.which("msgmerge") is None, reason="GNU gettext's msgmerge is not installed")
def test_update_agrees_with_gnu_msgmerge(translated_history, tmp_path, capsys):
    """The same old file and the same English, through `update` and through `msgmerge --previous`
    with a template exported from that English: the same entries in the same order, the same states
    (translated, fuzzy, obsolete), previous msgids, translator comments, flags and header.

    Deliberate differences, each asserted below:
    - a unit the file lacks comes with the YAML's translation (msgmerge's template has none);
    - an entry whose English changed beyond msgmerge's fuzzy matching (a unit rewritten) keeps its
      translation as fuzzy, where msgmerge starts it empty and keeps the old one as obsolete: the
      unit id says it is the same unit, and the old translation is the translator's best start.
    Not compared: `#.` comments (msgmerge takes every entry's from the template, so an entry whose
    English is unchanged would change; update keeps its bytes), `#|` msgctxt (msgmerge writes one
    beside the previous msgid, it is the entry's own), POT-Creation-Date (update has no template),
    and the case of the charset's name (msgmerge writes UTF-8 for utf-8; update keeps the header).
    """
    old = export(capsys, translated_history, tmp_path / "old")
    as_a_translator_saved_it(old)
    catalog = polib.pofile(str(old))
    players = next(e for e in catalog if e.msgctxt == "rule.players")  # fuzzy already, from an older English
    players.flags.append("fuzzy")
    players.previous_msgid = OLDER_PLAYERS
    example = next(e for e in catalog if e.msgctxt == "example.highest-total")  # a #~ entry whose English is current
    example.obsolete = True
    catalog.remove(next(e for e in catalog if e.msgctxt == "edition.1-0"))  # missing from the file
    catalog.append(polib.POEntry(msgctxt="rule.gone", msgid="A rule since deleted.", msgstr="Une règle supprimée."))
    catalog.save(str(old))
    edit(translated_history, "rules/alpha/en.yaml", "{players.max} players.", "{players.max} people.")
    edit(translated_history, "rules/alpha/en.yaml", "text: Overview", f"text: {NEW_SECTION}")
    commit_english_edit(translated_history, CLOSE_WINNER)  # close: msgmerge matches it
    template = export(capsys, translated_history, tmp_path / "new").with_suffix("").with_suffix(".pot")
    merged = tmp_path / "merged.po"
    subprocess.run(["msgmerge", "-q", "--previous", "-o", str(merged), str(old), str(template)], check=True)
    code, out, err = update(capsys, translated_history, old)
    assert code == 0, err
    ours, theirs = entries(old), entries(merged)

    assert ours[2] == theirs[2]  # the header: X-Generator and PO-Revision-Date kept by both
    assert ours[2]["X-Generator"] == "Poedit 3.4" and ours[2]["PO-Revision-Date"] == "2024-03-05 14:12+0100"
    by_unit = {entry[0]: entry for entry in ours[0]}
    assert [entry[0] for entry in ours[0]] == [entry[0] for entry in theirs[0]]  # the same entries, in order
    differ = {mine[0]: (mine, gnu) for mine, gnu in zip(ours[0], theirs[0], strict=True) if mine != gnu}
    assert set(differ) == {"edition.1-0", "section.overview"}
    mine, gnu = differ["edition.1-0"]  # added: the YAML's translation, not an empty one
    assert (
        gnu[2] == ""
        and mine[2] == "Les règles telles que ce projet les a enregistrées pour la première fois."
        and mine[:2] == gnu[:2]
    )
    mine, gnu = differ["section.overview"]  # rewritten English: kept as fuzzy, where msgmerge starts empty
    assert (mine[1:5], gnu[1:5]) == ((NEW_SECTION, "Aperçu", True, "Overview"), (NEW_SECTION, "", False, None))
    assert theirs[1] - ours[1] == {("section.overview", "Overview", "Aperçu")}  # msgmerge's obsolete copy
    assert ours[1] == {("rule.gone", "A rule since deleted.", "Une règle supprimée.")}
    # What both did, spelled out: the translator's comment, the older previous msgid, the #~ entry live.
    assert by_unit["rule.winner"][3:6] == (True, WINNER, NOTE.removeprefix("# "))
    assert by_unit["rule.players"][3:5] == (True, OLDER_PLAYERS)
    assert by_unit["example.highest-total"][2:4] == (
        "Ann marque 3, 2 et 4, soit 9 points\u202f; Bob 5, 1 et 2, soit 8 points. Ann a le plus haut total.",
        False,
    )
    assert "  live again: example.highest-total" in out.splitlines() and "  obsolete: rule.gone" in out.splitlines()
    result = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(old)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_update_writes_previous_context_and_template_date_as_msgmerge_does(translated_history, tmp_path, capsys):
    """`#| msgctxt` beside `#| msgid`, and POT-Creation-Date taken from the template, as msgmerge
    writes them; every other header field kept (issue 47, part 5)."""
    old = export(capsys, translated_history, tmp_path / "old")
    as_a_translator_saved_it(old)
    text = old.read_text(encoding="utf-8")
    old.write_text(
        re.sub(r'"POT-Creation-Date: .*\\n"', r'"POT-Creation-Date: 2024-01-01 00:00+0000\\n"', text), "utf-8"
    )
    commit_english_edit(translated_history, CLOSE_WINNER)
    template = export(capsys, translated_history, tmp_path / "new").with_suffix("").with_suffix(".pot")
    merged = tmp_path / "merged.po"
    subprocess.run(["msgmerge", "-q", "--previous", "-o", str(merged), str(old), str(template)], check=True)
    code, _, err = update(capsys, translated_history, old)
    assert code == 0, err
    ours, theirs = polib.pofile(str(old)), polib.pofile(str(merged))
    winner = [next(e for e in catalog if e.msgctxt == "rule.winner") for catalog in (ours, theirs)]
    assert [(e.previous_msgctxt, e.previous_msgid) for e in winner] == [("rule.winner", WINNER)] * 2
    dates = [catalog.metadata["POT-Creation-Date"] for catalog in (ours, theirs, polib.pofile(str(template)))]
    assert dates[1] == dates[2] != "2024-01-01 00:00+0000"  # msgmerge copies the template's
    assert abs(_minutes(dates[0]) - _minutes(dates[2])) <= 2  # ours: the template's, built a moment apart
    assert ours.metadata["PO-Revision-Date"] == theirs.metadata["PO-Revision-Date"] == "2024-03-05 14:12+0100"


def _minutes(date: str) -> int:
    moment = datetime.strptime(date, "%Y-%m-%d %H:%M%z")
    return int(moment.timestamp() // 60)


@pytest.mark.parametrize("width", [79, 60])
def test_update_wraps_what_it_changes_at_the_files_width(translated_history, tmp_path, capsys, width):
    """A file msgcat wrapped (at its default width, and at 60): the entries update changes are
    wrapped at that width too, and each of their strings says what msgmerge's says."""
    old = export(capsys, translated_history, tmp_path / "old")
    subprocess.run(["msgcat", f"--width={width}", "-o", str(old), str(old)], check=True)
    edit(
        translated_history, "rules/alpha/en.yaml", "the highest total wins.", "the highest total of all wins the game."
    )
    subprocess.run([*GIT, "-C", str(translated_history), "commit", "-qam", "English edit"], check=True)
    template = export(capsys, translated_history, tmp_path / "new").with_suffix("").with_suffix(".pot")
    merged = tmp_path / "merged.po"
    subprocess.run(
        ["msgmerge", "-q", "--previous", f"--width={width}", "-o", str(merged), str(old), str(template)], check=True
    )
    before = old.read_text(encoding="utf-8")
    code, _, err = update(capsys, translated_history, old)
    assert code == 0, err
    after = old.read_text(encoding="utf-8")
    changed = {"rule.winner"}
    for unit in changed:
        block = _block(after, unit)
        strings = [line for line in block.splitlines() if line.startswith(('"', "msg", "#|"))]
        assert max(len(line) for line in strings) <= width, block
        assert len([line for line in block.splitlines() if line.startswith('"')]) >= 2  # it was long enough to wrap
    ours = {e.msgctxt: (e.msgid, e.msgstr, e.previous_msgid, e.fuzzy) for e in polib.pofile(str(old)) if not e.obsolete}
    theirs = {
        e.msgctxt: (e.msgid, e.msgstr, e.previous_msgid, e.fuzzy) for e in polib.pofile(str(merged)) if not e.obsolete
    }
    assert {unit: ours[unit] for unit in changed} == {unit: theirs[unit] for unit in changed}
    # Every entry it did not change keeps msgcat's lines.
    for unit in set(ours) - changed:
        assert _block(after, unit) == _block(before, unit)


def _block(text: str, unit: str) -> str:
    at = text.index(f'msgctxt "{unit}"\n')
    start = text.rfind("\n\n", 0, at) + 2
    end = text.find("\n\n", at)
    return text[start : end if end != -1 else len(text)]
