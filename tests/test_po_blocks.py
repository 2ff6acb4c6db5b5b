"""A PO file's text cut into entries and joined again byte for byte (`i18n/po_blocks.py`), and what
`rulebook i18n update` keeps of files written by other tools: line endings, a byte order mark,
entries without msgctxt or with plural forms (issue 24, part 1). The project is the translated small
project (fixture_games.py): alpha's French PO file, whose rule.winner (WINNER) commit_english_edit
changes in a git history (translated_history) to NEW_WINNER."""

from __future__ import annotations

from pathlib import Path

import polib
from hypothesis import given
from hypothesis import strategies as st

from conftest import run_cli
from fixture_games import NEW_WINNER, WINNER, commit_english_edit, export
from rulebook.i18n.po_blocks import split_blocks

PO_LINES = st.sampled_from(
    [
        *("", "   ", "# comment", "#. auto", "#, fuzzy", '#| msgid "x"', 'msgctxt "a"', 'msgid "x"', 'msgstr "y"'),
        *('"more"', '#~ msgid "x"', '#~ msgstr "y"', 'msgstr[0] "z"'),
    ]
)


@given(st.lists(PO_LINES, max_size=30), st.sampled_from(["\n", "\r\n"]), st.booleans())
def test_the_blocks_are_the_text(lines: list[str], newline: str, last_newline: bool) -> None:
    text = newline.join(lines) + (newline if last_newline else "")
    assert "".join(line for block in split_blocks(text) for line in block.lines) == text


def test_entries_without_a_blank_line_between_them_are_two_blocks() -> None:
    text = (
        'msgctxt "a"\nmsgid "A"\nmsgstr ""\n"A1"\n'
        '# note\nmsgctxt "b"\nmsgid "B"\nmsgstr "B1"\n'
        '#~ msgid "C"\n#~ msgstr "C1"\n'
    )
    blocks = split_blocks(text)
    assert [block.start for block in blocks] == [1, 5, 9]
    assert [block.context() for block in blocks] == ["a", "b", None]
    assert blocks[1].translator_comments() == ["# note\n"] and blocks[2].obsolete
    assert blocks[0].msgstr_lines() == ['msgstr ""\n', '"A1"\n']


def update(capsys, root: Path, po: Path) -> tuple[int, str, str]:
    return run_cli(capsys, "--root", str(root), "i18n", "update", str(po))


def test_a_file_with_windows_line_endings_and_a_bom_keeps_them(translated_history, tmp_path, capsys) -> None:
    po = export(capsys, translated_history, tmp_path)
    po.write_bytes(b"\xef\xbb\xbf" + po.read_bytes().replace(b"\n", b"\r\n"))
    commit_english_edit(translated_history)
    code, _, err = update(capsys, translated_history, po)
    assert code == 0, err
    data = po.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    assert data.count(b"\n") == data.count(b"\r\n")  # every line ends as the file's lines did
    winner = next(e for e in polib.pofile(data.decode("utf-8-sig")) if e.msgctxt == "rule.winner")
    assert (winner.msgid, winner.fuzzy, winner.previous_msgid) == (NEW_WINNER, True, WINNER)


def test_entries_update_cannot_place_are_kept_as_they_are(translated_project, tmp_path, capsys) -> None:
    po = export(capsys, translated_project, tmp_path)
    odd = (
        'msgid "No unit has this."\nmsgstr "Aucune unité."\n\n'
        'msgid "One"\nmsgid_plural "Two"\nmsgstr[0] "Un"\nmsgstr[1] "Deux"\n'
    )
    po.write_text(po.read_text(encoding="utf-8") + "\n" + odd, encoding="utf-8")
    code, _, err = update(capsys, translated_project, po)
    assert code == 0, err
    assert odd in po.read_text(encoding="utf-8")  # the entry without a unit and the plural one, byte for byte


def test_an_entry_that_lost_its_msgctxt_is_updated_as_its_unit(translated_history, tmp_path, capsys) -> None:
    po = export(capsys, translated_history, tmp_path)
    po.write_text(po.read_text(encoding="utf-8").replace('msgctxt "rule.winner"\n', ""), encoding="utf-8")
    commit_english_edit(translated_history)
    code, out, err = update(capsys, translated_history, po)
    assert code == 0, err
    assert "  fuzzy: rule.winner" in out.splitlines() and "added: rule.winner" not in out
    winner = next(e for e in polib.pofile(str(po)) if e.msgctxt == "rule.winner")  # its msgctxt given back
    assert (winner.msgid, winner.fuzzy, winner.previous_msgid) == (NEW_WINNER, True, WINNER)


def test_entries_without_blank_lines_between_them_stay_so_when_nothing_changed(translated_project, tmp_path, capsys):
    po = export(capsys, translated_project, tmp_path)
    header, entries = po.read_text(encoding="utf-8").split("\n\n", 1)
    po.write_text(header + "\n\n" + entries.replace("\n\n", "\n"), encoding="utf-8")  # as some tools write it
    before = po.read_bytes()
    code, _, err = update(capsys, translated_project, po)
    assert code == 0, err
    assert po.read_bytes() == before
