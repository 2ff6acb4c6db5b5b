"""Editions and errata (issue 26): an erratum inserts a rule, rewords another, removes a third, and
is recorded as edition 1.1; the change list in three languages, the diffs, the marks, old citations
and `rulebook diff` then follow from the snapshots alone.

The game is the fixture's alpha, translated (fixture_games.py), given editions by the toolkit's own
commands: 1.0.1 (record_corrections: rules 1.1 players and 1.2 winner, a section turn of 2.1 draw,
2.2 pass and 2.3 discard, each translated into French and Czech), 1.0.2 (a referee note corrected,
no rule changed) and the erratum 1.1 (record_alpha_erratum): same-total inserted as 1.2, so that
winner becomes 1.3; draw reworded ("Draw two cards." to "Draw three cards."), followed in French,
pending in Czech; pass removed, so that discard becomes 2.2. Every edition has the day the fixture
was made (first_day): an edition may not come before alpha's first, nor after today.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import build_site, edit, run_cli, tree_digest
from fixture_games import (
    ERRATUM_INSERTED,
    ERRATUM_SUMMARY,
    ERRATUM_SUMMARY_FR,
    NBSP,
    NEW_WINNER,
    WINNER,
    copy_small_project,
    first_day,
    record_alpha_erratum,
    record_corrections,
    written_date,
)


@pytest.fixture(scope="module")
def erratum(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = copy_small_project(tmp_path_factory, tmp_path_factory.mktemp("erratum"), site=True, translated=True)
    return record_alpha_erratum(record_corrections(root))


@pytest.fixture(scope="module")
def erratum_site(erratum: Path) -> Path:
    return build_site(erratum, erratum / "site")


def test_the_erratum_checks_clean_and_keeps_a_snapshot(erratum: Path, capsys) -> None:
    code, _, err = run_cli(capsys, "--root", str(erratum), "check")
    assert code == 0, err
    snapshot = (erratum / "rules/alpha/editions/1.1.yaml").read_text(encoding="utf-8")
    assert 'same-total:\n    number: "1.2"' in snapshot
    assert 'winner:\n    number: "1.3"' in snapshot and 'discard:\n    number: "2.2"' in snapshot
    assert "\n  pass:\n" not in snapshot and "\n  pass:\n" in (erratum / "rules/alpha/editions/1.0.1.yaml").read_text(
        encoding="utf-8"
    )
    assert 'version: "1.1"' in (erratum / "rules/alpha/editions.yaml").read_text(encoding="utf-8")


def test_diff_in_the_terminal_lists_every_kind_with_both_numbers(erratum: Path, capsys) -> None:
    # From 1.0.1 to 1.1, over the corrections 1.0.2, which changed no rule.
    code, out, err = run_cli(capsys, "--root", str(erratum), "diff", "alpha", "1.0.1", "1.1")
    assert code == 0, err
    lines = out.splitlines()
    assert "added      Alpha 1.2 (same-total)" in lines
    assert "removed    Alpha 2.2 (pass)" in lines
    assert "changed    Alpha 2.1 (draw)" in lines
    assert "    Draw [-two-] {+three+} cards." in lines
    assert "renumbered Alpha 1.2 → 1.3 (winner)" in lines
    assert "renumbered Alpha 2.3 → 2.2 (discard)" in lines
    assert not [line for line in lines if "(players)" in line]  # 1.1 then and now, unchanged


def test_diff_in_french_shows_the_french_words_and_in_czech_says_pending(erratum: Path, capsys) -> None:
    code, out, _ = run_cli(capsys, "--root", str(erratum), "diff", "alpha", "1.0.1", "1.1", "--lang", "fr")
    assert code == 0
    assert "Piochez [-deux-] {+trois+} cartes." in out and "Draw" not in out and "pending" not in out
    code, out, _ = run_cli(capsys, "--root", str(erratum), "diff", "alpha", "1.0.1", "1.1", "--lang", "cs")
    assert code == 0
    assert "Draw [-two-] {+three+} cards." in out and "(translation pending: the English)" in out


def test_diff_json_is_one_object(erratum: Path, capsys) -> None:
    code, out, _ = run_cli(capsys, "--root", str(erratum), "diff", "alpha", "1.0.1", "1.1", "--json", "--lang", "cs")
    assert code == 0
    changes = {change["rule"]: change for change in json.loads(out)["changes"]}
    assert changes["draw"]["translation_pending"] is True
    assert ["del", "two "] in changes["draw"]["diff"] and ["ins", "three "] in changes["draw"]["diff"]
    assert (changes["winner"]["old_number"], changes["winner"]["new_number"]) == ("1.2", "1.3")
    assert changes["pass"]["kind"] == "removed"
    assert "players" not in changes


def test_an_old_citation_names_the_rule_it_meant(erratum: Path, capsys) -> None:
    code, out, err = run_cli(capsys, "--root", str(erratum), "cite", "alpha", "1.2", "--edition", "1.0.1")
    assert code == 0, err
    assert out.startswith("Alpha 1.2 (edition 1.0.1) is Alpha 1.3: Overview")
    assert out.splitlines()[0].endswith("/alpha/#winner")
    assert "then: “After 3 rounds" in out and "unchanged since" in out  # its text at 1.0.1, the same today
    code, out, _ = run_cli(capsys, "--root", str(erratum), "cite", "alpha", "1.2")
    assert "is Alpha 1.2" in out and "#same-total" in out  # the latest edition's 1.2 is the new rule
    code, out, _ = run_cli(capsys, "--root", str(erratum), "cite", "alpha", "2.2", "--edition", "1.0.1", "--json")
    cited = json.loads(out)
    assert (cited["rule_id"], cited["current_number"], cited["removed_in"]) == ("pass", None, "1.1")
    code, out, _ = run_cli(capsys, "--root", str(erratum), "cite", "alpha", "2.2", "--edition", "1.0.1")
    assert "removed in edition 1.1" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("cite", "alpha", "9.9", "--edition", "1.0.1"), "Alpha 9.9 names no rule in edition 1.0.1"),
        (("cite", "alpha", "1.2", "--edition", "0.9"), "alpha has no edition '0.9'"),
        (("cite", "chess", "1.1"), "no game 'chess'"),
        (("diff", "alpha", "1.0", "7.0"), "alpha has no edition '7.0'"),
        (("diff", "alpha", "1.0", "1.1", "--lang", "de"), "--lang 'de' is not a language"),
    ],
)
def test_a_bad_citation_or_diff_is_one_line_and_exit_2(erratum: Path, capsys, args, message) -> None:
    code, _, err = run_cli(capsys, "--root", str(erratum), *args)
    assert code == 2
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_recording_when_nothing_changed_is_refused_and_writes_nothing(erratum: Path, capsys) -> None:
    before = tree_digest(erratum / "rules")
    code, _, err = run_cli(
        capsys, "--root", str(erratum), "edition", "new", "alpha", "1.2", "--date", first_day(erratum)
    )
    assert code == 2
    assert "rulebook edition new: nothing changed in rules/alpha since edition 1.1: no edition recorded" in err
    assert tree_digest(erratum / "rules") == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("alpha", "1.0"), "alpha already has an edition 1.0"),
        (("alpha", "1.0.1"), "alpha already has an edition 1.0.1"),
        (("alpha", "0.9"), "edition 0.9 would come before 1.0.2"),  # the latest, the corrections
        (("alpha", "1.0.1.1"), "edition 1.0.1.1 would come before 1.0.2"),
        (("alpha", "one"), "'one' is not a version"),
        (("alpha", "1.1", "--date", "2026-13-01"), "--date '2026-13-01' is not a date"),
        (("alpha", "1.1", "--date", "2020-01-01"), "the date 2020-01-01 is before"),
    ],
)
def test_edition_new_refuses_bad_input(corrected_copy: Path, capsys, args, message) -> None:
    before = tree_digest(corrected_copy)
    code, _, err = run_cli(capsys, "--root", str(corrected_copy), "edition", "new", *args)
    assert code == 2 and message in err, err
    assert tree_digest(corrected_copy) == before


def test_edition_new_asks_for_a_summary_and_refuses_markup_in_it(translated_project: Path, capsys) -> None:
    edit(translated_project, "rules/alpha/en.yaml", f"    text: {WINNER}\n", f"    text: {NEW_WINNER}\n")
    before = tree_digest(translated_project)
    for extra, message in (
        ((), "say what edition changes in a sentence: --summary TEXT (the edition.1-1 unit)"),
        (("--summary", "<b>x</b>"), "--summary: "),
        (("--summary", "[x](javascript:void)"), "--summary: the link target javascript:void is not allowed"),
    ):
        code, _, err = run_cli(capsys, "--root", str(translated_project), "edition", "new", "alpha", "1.1", *extra)
        assert code == 2 and message in err and len(err.splitlines()) == 1, err
    assert tree_digest(translated_project) == before


def _history_problem(root: Path, capsys) -> list[str]:
    code, out, _ = run_cli(capsys, "--root", str(root), "check")
    assert code == 1
    return [line for line in out.splitlines() if "editions.yaml" in line]


def test_check_refuses_a_history_going_backwards_or_twice(corrected_copy: Path, capsys) -> None:
    history = corrected_copy / "rules/alpha/editions.yaml"
    text = history.read_text(encoding="utf-8")
    entry = "  - version" + text.split("editions:\n", 1)[1].split("  - version", 2)[1]  # 1.0's, four lines
    assert text.count("  - version") == 3  # 1.0, 1.0.1 and 1.0.2 on lines 3 to 14: the entry added is on line 15
    history.write_text(text + entry.replace('"1.0"', '"0.9"'), encoding="utf-8")
    # The copied entry's chain is 1.0's: no link after it (tests/test_edition_history.py).
    broken = "does not follow from the edition before it and its own version, dates and snapshot hash"
    assert _history_problem(corrected_copy, capsys) == [
        "rules/alpha/editions.yaml:15:14: edition '0.9' comes after '1.0.2': the history goes backwards",
        "rules/alpha/editions.yaml:17:13: the snapshot of edition '0.9' is missing: rules/alpha/editions/0.9.yaml",
        f"rules/alpha/editions.yaml:18:12: the chain hash of edition '0.9' {broken}: a recorded edition was rewritten",
    ]
    history.write_text(text + entry, encoding="utf-8")
    assert _history_problem(corrected_copy, capsys) == [
        "rules/alpha/editions.yaml:15:14: edition '1.0' is given twice",
        f"rules/alpha/editions.yaml:18:12: the chain hash of edition '1.0' {broken}: a recorded edition was rewritten",
    ]


def test_check_refuses_a_snapshot_changed_since_it_was_recorded(corrected_copy: Path, capsys) -> None:
    with (corrected_copy / "rules/alpha/editions/1.0.1.yaml").open("a", encoding="utf-8") as snapshot:
        snapshot.write("# edited by hand\n")
    # 1.0.1's sha256 is on line 9 (its entry on lines 7 to 10), after "    sha256: ".
    [line] = _history_problem(corrected_copy, capsys)
    assert line == (
        "rules/alpha/editions.yaml:9:13: the snapshot rules/alpha/editions/1.0.1.yaml no longer matches "
        "the hash recorded for edition '1.0.1'"
    )


def _page(site: Path, path: str) -> str:
    return (site / path / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("language", "folder", "heading", "changed"),
    [
        ("en", "", "Edition", "Draw <del>two</del> <ins>three</ins> cards."),
        ("fr", "fr/", "Édition", "Piochez <del>deux</del> <ins>trois</ins> cartes."),
        ("cs", "cs/", "Vydání", "Draw <del>two</del> <ins>three</ins> cards."),
    ],
)
def test_the_change_list_in_each_language(
    erratum: Path, erratum_site: Path, language, folder, heading, changed
) -> None:
    page = _page(erratum_site, f"{folder}alpha/changes")
    assert f"{heading} 1.1 · {written_date(language, first_day(erratum))}" in page
    # The edition's summary, translated like any unit: in English on the Czech page until translated.
    summary = page[page.index('id="edition-1-1"') :]
    summary = summary[summary.index('class="rb-edition-summary"') - 5 :][:300]
    expected = {
        "en": f'class="rb-edition-summary">\n<p>{ERRATUM_SUMMARY}</p>',
        "fr": f"<p>{ERRATUM_SUMMARY_FR.replace(NBSP, '&nbsp;')}</p>",  # the page writes its no-break space so
    }
    assert expected.get(language, f'class="rb-edition-summary" lang="en">\n<p>{ERRATUM_SUMMARY}</p>') in summary
    # Newest first: 1.1, the corrections 1.0.2, 1.0.1, then 1.0; old numbers looked up before all.
    assert page.index("old-numbers") < page.index('id="edition-1-1"') < page.index('id="edition-1-0-2"')
    assert page.index('id="edition-1-0-2"') < page.index('id="edition-1-0-1"') < page.index('id="edition-1-0"')
    entry = page[page.index('id="change-1-1-draw"') :]
    entry = entry[: entry.index("</div>")]
    assert changed in entry
    pending = language == "cs"
    assert ('href="../../../alpha/#draw"' in entry) is pending
    assert ('lang="en"' in entry) is pending
    added = page[page.index('id="change-1-1-same-total"') :]
    added = added[: added.index("</div>")]
    assert 'href="../#same-total"' in added
    # Czech has no translation of the new rule yet: its English text says it is English.
    assert (f'<span lang="en">{ERRATUM_INSERTED}</span>' in added) is (language == "cs")
    renumbered = page[page.index('id="change-1-1-winner"') :]
    assert "Alpha 1.2 → " in renumbered[: renumbered.index("</div>")]
    # The lookup of old numbers: 1.0.1's 1.2 is now 1.3, its 2.2 removed.
    lookup = page[page.index("old-numbers") : page.index('id="edition-1-1"')]
    assert re.search(r"<td>1\.0\.1</td>\s*<td>Alpha 1\.2</td>\s*<td><a href=\"../#winner\">Alpha 1\.3</a>", lookup)
    assert re.search(r"<td>1\.0\.1</td>\s*<td>Alpha 2\.2</td>\s*<td>[^<]+</td>", lookup)


def test_the_game_page_shows_the_edition_and_marks_what_changed(erratum: Path, erratum_site: Path) -> None:
    day = first_day(erratum)
    page = _page(erratum_site, "alpha")
    assert f"Edition 1.1 · {written_date('en', day)}" in page
    draw = page[page.index('id="draw"') :]
    draw = draw[: draw.index("</div>")]
    assert 'href="changes/#change-1-1-draw">changed in 1.1</a>' in draw
    assert 'href="changes/#change-1-1-same-total">new in 1.1</a>' in page
    unchanged = page[page.index('id="players"') :]
    assert "changed in" not in unchanged[: unchanged.index("</div>")]
    french = _page(erratum_site, "fr/alpha")
    assert f"Édition 1.1 · {written_date('fr', day)}" in french and "modifiée dans la version 1.1" in french


def test_the_po_export_marks_the_erratum_fuzzy_with_the_previous_msgid_without_git(
    erratum: Path, tmp_path: Path, capsys
) -> None:
    assert not (erratum / ".git").exists()  # the English it was made from comes from the snapshot
    code, _, err = run_cli(
        capsys, "--root", str(erratum), "i18n", "export", "cs", "--game", "alpha", "-o", str(tmp_path)
    )
    assert code == 0, err
    po = (tmp_path / "alpha.cs.po").read_text(encoding="utf-8")
    entry = po[po.index('msgctxt "rule.draw"') - 200 : po.index('msgctxt "rule.draw"') + 300]
    assert "#, fuzzy" in entry
    assert '#| msgid "Draw two cards."' in entry


def test_the_status_page_counts_what_each_edition_left_to_translate(erratum_site: Path) -> None:
    # 1.1 added one rule and changed one: French translated both, Czech neither.
    for folder, pending in (("fr/", 0), ("cs/", 2)):
        page = _page(erratum_site, f"{folder}status")
        row = re.search(
            r'<td><a href="../alpha/changes/#edition-1-1">Alpha 1\.1</a></td>\s*<td>(\d+)</td>\s*<td>(\d+)</td>', page
        )
        assert row is not None, page[page.find("alpha/changes") - 300 :][:600]
        assert (int(row.group(1)), int(row.group(2))) == (2, pending)


def test_a_refusal_for_content_errors_lists_fifty_then_counts_the_rest(
    small_project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found by `make fuzz` (issue 48): `edition new` on a game with far more than fifty errors (then,
    a game.yaml copied from another game) printed every one of them, where `check` prints fifty and
    then a count. Here alpha's one section names sixty rules more, none of which en.yaml words: sixty
    errors, one a rule, fifty printed and ten counted."""
    extra = ", ".join(f"extra-{n}" for n in range(60))
    edit(small_project, "rules/alpha/game.yaml", "rules: [players, winner]", f"rules: [players, winner, {extra}]")
    code, _, err = run_cli(capsys, "--root", str(small_project), "edition", "new", "alpha", "1.1")
    lines = err.splitlines()
    assert code == 2
    assert len(lines) == 52
    assert lines[50] == "… and 10 more"
    assert lines[51] == "rulebook: the content has errors; fix them first (`rulebook check`)"
