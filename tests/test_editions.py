"""Editions and errata (issue 26): an erratum inserts a rule before REBUS 3.2, rewords another rule,
removes a third, and is recorded as edition 1.1; the change list in three languages, the diffs,
the marks, old citations and `rulebook diff` then follow from the snapshots alone."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from authoring import build, copy_whole_project
from conftest import edit, run_cli, tree_digest
from errata import DATE, INSERTED, SUMMARY, SUMMARY_FR, record_erratum


@pytest.fixture(scope="module")
def erratum(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = copy_whole_project(tmp_path_factory.mktemp("erratum"))
    record_erratum(root)
    return root


@pytest.fixture(scope="module")
def erratum_site(erratum: Path) -> Path:
    return build(erratum)


def test_the_erratum_checks_clean_and_keeps_a_snapshot(erratum: Path, capsys) -> None:
    code, _, err = run_cli(capsys, "--root", str(erratum), "check")
    assert code == 0, err
    snapshot = (erratum / "rules/rebus/editions/1.1.yaml").read_text(encoding="utf-8")
    assert 'premium-once:\n    number: "3.2"' in snapshot
    assert "changing-tiles" not in snapshot
    assert 'version: "1.1"' in (erratum / "rules/rebus/editions.yaml").read_text(encoding="utf-8")


def test_diff_in_the_terminal_lists_every_kind_with_both_numbers(erratum: Path, capsys) -> None:
    code, out, err = run_cli(capsys, "--root", str(erratum), "diff", "rebus", "1.0", "1.1")
    assert code == 0, err
    lines = out.splitlines()
    assert "added      REBUS 3.2 (premium-once)" in lines
    assert "removed    REBUS 2.7 (changing-tiles)" in lines
    assert "changed    REBUS 4.2 (winner)" in lines
    assert (
        "    [-Highest-] {+The highest+} score [-wins.-]{+wins, and players with the same score share the win.+}"
        in lines
    )
    assert "renumbered REBUS 3.2 → 3.3 (bonus-squares)" in lines
    assert "renumbered REBUS 2.8 → 2.7 (empty-bag)" in lines


def test_diff_in_french_shows_the_french_words_and_in_czech_says_pending(erratum: Path, capsys) -> None:
    code, out, _ = run_cli(capsys, "--root", str(erratum), "diff", "rebus", "1.0", "1.1", "--lang", "fr")
    assert code == 0
    assert (
        "Le [-joueur qui a le-] score le plus élevé" in out
        and "partagent la victoire.+}" in out
        and "pending" not in out
    )
    code, out, _ = run_cli(capsys, "--root", str(erratum), "diff", "rebus", "1.0", "1.1", "--lang", "cs")
    assert code == 0
    assert "[-Highest-] {+The highest+}" in out and "(translation pending: the English)" in out


def test_diff_json_is_one_object(erratum: Path, capsys) -> None:
    code, out, _ = run_cli(capsys, "--root", str(erratum), "diff", "rebus", "1.0", "1.1", "--json", "--lang", "cs")
    assert code == 0
    changes = {change["rule"]: change for change in json.loads(out)["changes"]}
    assert changes["winner"]["translation_pending"] is True
    assert ["del", "Highest "] in changes["winner"]["diff"]
    assert (changes["bonus-squares"]["old_number"], changes["bonus-squares"]["new_number"]) == ("3.2", "3.3")
    assert changes["changing-tiles"]["kind"] == "removed"


def test_an_old_citation_names_the_rule_it_meant(erratum: Path, capsys) -> None:
    code, out, err = run_cli(capsys, "--root", str(erratum), "cite", "rebus", "3.2", "--edition", "1.0")
    assert code == 0, err
    assert out.startswith("REBUS 3.2 (edition 1.0) is REBUS 3.3: Rules on scoring")
    assert out.splitlines()[0].endswith("/rebus/#bonus-squares")
    assert "then: “Bonus squares" in out and "unchanged since" in out  # its text at 1.0, the same today
    code, out, _ = run_cli(capsys, "--root", str(erratum), "cite", "rebus", "3.2")
    assert "is REBUS 3.2" in out and "#premium-once" in out  # the latest edition's 3.2 is the new rule
    code, out, _ = run_cli(capsys, "--root", str(erratum), "cite", "rebus", "2.7", "--edition", "1.0", "--json")
    cited = json.loads(out)
    assert (cited["rule_id"], cited["current_number"], cited["removed_in"]) == ("changing-tiles", None, "1.1")
    code, out, _ = run_cli(capsys, "--root", str(erratum), "cite", "rebus", "2.7", "--edition", "1.0")
    assert "removed in edition 1.1" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("cite", "rebus", "9.9", "--edition", "1.0"), "REBUS 9.9 names no rule in edition 1.0"),
        (("cite", "rebus", "3.2", "--edition", "0.9"), "rebus has no edition '0.9'"),
        (("cite", "chess", "1.1"), "no game 'chess'"),
        (("diff", "rebus", "1.0", "7.0"), "rebus has no edition '7.0'"),
        (("diff", "rebus", "1.0", "1.1", "--lang", "de"), "--lang 'de' is not a language"),
    ],
)
def test_a_bad_citation_or_diff_is_one_line_and_exit_2(erratum: Path, capsys, args, message) -> None:
    code, _, err = run_cli(capsys, "--root", str(erratum), *args)
    assert code == 2
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_recording_when_nothing_changed_is_refused_and_writes_nothing(erratum: Path, capsys) -> None:
    before = tree_digest(erratum / "rules")
    code, _, err = run_cli(capsys, "--root", str(erratum), "edition", "new", "rebus", "1.2", "--date", DATE)
    assert code == 2
    assert "rulebook edition new: nothing changed in rules/rebus since edition 1.1: no edition recorded" in err
    assert tree_digest(erratum / "rules") == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("rebus", "1.0"), "rebus already has an edition 1.0"),
        (("rebus", "0.9"), "edition 0.9 would come before 1.0.1"),  # the latest, the corrections
        (("rebus", "one"), "'one' is not a version"),
        (("rebus", "1.1", "--date", "2026-13-01"), "--date '2026-13-01' is not a date"),
        (("rebus", "1.1", "--date", "2020-01-01"), "the date 2020-01-01 is before"),
    ],
)
def test_edition_new_refuses_bad_input(project_copy: Path, capsys, args, message) -> None:
    before = tree_digest(project_copy)
    code, _, err = run_cli(capsys, "--root", str(project_copy), "edition", "new", *args)
    assert code == 2 and message in err, err
    assert tree_digest(project_copy) == before


def test_edition_new_asks_for_a_summary_and_refuses_markup_in_it(project_copy: Path, capsys) -> None:
    edit(project_copy, "rules/rebus/en.yaml", "    text: Highest score wins.\n", "    text: The highest score wins.\n")
    before = tree_digest(project_copy)
    for extra, message in (
        ((), "say what edition changes in a sentence: --summary TEXT (the edition.1-1 unit)"),
        (("--summary", "<b>x</b>"), "--summary: "),
        (("--summary", "[x](javascript:void)"), "--summary: the link target javascript:void is not allowed"),
    ):
        code, _, err = run_cli(capsys, "--root", str(project_copy), "edition", "new", "rebus", "1.1", *extra)
        assert code == 2 and message in err and len(err.splitlines()) == 1, err
    assert tree_digest(project_copy) == before


def _history_problem(root: Path, capsys) -> list[str]:
    code, out, _ = run_cli(capsys, "--root", str(root), "check")
    assert code == 1
    return [line for line in out.splitlines() if "editions.yaml" in line]


def test_check_refuses_a_history_going_backwards_or_twice(project_copy: Path, capsys) -> None:
    history = project_copy / "rules/rebus/editions.yaml"
    text = history.read_text(encoding="utf-8")
    entry = "  - version" + text.split("editions:\n", 1)[1].split("  - version", 2)[1]  # 1.0's, four lines
    assert text.count("  - version") == 2  # 1.0 and the corrections 1.0.1: the entry added is on line 11
    history.write_text(text + entry.replace('"1.0"', '"0.9"'), encoding="utf-8")
    # The copied entry's chain is 1.0's: no link after it (tests/test_edition_history.py).
    broken = "does not follow from the edition before it and its own version, dates and snapshot hash"
    assert _history_problem(project_copy, capsys) == [
        "rules/rebus/editions.yaml:11:14: edition '0.9' comes after '1.0.1': the history goes backwards",
        "rules/rebus/editions.yaml:13:13: the snapshot of edition '0.9' is missing: rules/rebus/editions/0.9.yaml",
        f"rules/rebus/editions.yaml:14:12: the chain hash of edition '0.9' {broken}: a recorded edition was rewritten",
    ]
    history.write_text(text + entry, encoding="utf-8")
    assert _history_problem(project_copy, capsys) == [
        "rules/rebus/editions.yaml:11:14: edition '1.0' is given twice",
        f"rules/rebus/editions.yaml:14:12: the chain hash of edition '1.0' {broken}: a recorded edition was rewritten",
    ]


def test_check_refuses_a_snapshot_changed_since_it_was_recorded(project_copy: Path, capsys) -> None:
    with (project_copy / "rules/rebus/editions/1.0.yaml").open("a", encoding="utf-8") as snapshot:
        snapshot.write("# edited by hand\n")
    [line] = _history_problem(project_copy, capsys)
    assert re.fullmatch(
        r"rules/rebus/editions\.yaml:5:13: the snapshot rules/rebus/editions/1\.0\.yaml no longer matches "
        r"the hash recorded for edition '1\.0'",
        line,
    )


def _page(site: Path, path: str) -> str:
    return (site / path / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("language", "folder", "heading", "changed"),
    [
        ("en", "", "Edition 1.1 · December 5, 2026", "<del>Highest</del> <ins>The highest</ins> score"),
        ("fr", "fr/", "Édition 1.1 · 5 décembre 2026", "Le <del>joueur qui a le</del> score"),
        ("cs", "cs/", "Vydání 1.1 · 5. prosince 2026", "<del>Highest</del> <ins>The highest</ins> score"),
    ],
)
def test_the_change_list_in_each_language(erratum_site: Path, language, folder, heading, changed) -> None:
    page = _page(erratum_site, f"{folder}rebus/changes")
    assert heading in page
    # The edition's summary, translated like any unit: in English on the Czech page until translated.
    summary = page[page.index('id="edition-1-1"') :]
    summary = summary[summary.index('class="rb-edition-summary"') - 5 :][:300]
    expected = {"en": f'class="rb-edition-summary">\n<p>{SUMMARY}</p>', "fr": f"<p>{SUMMARY_FR}</p>"}
    assert expected.get(language, f'class="rb-edition-summary" lang="en">\n<p>{SUMMARY}</p>') in summary
    # Newest first: 1.1, the corrections 1.0.1, then 1.0; old numbers looked up before all.
    assert page.index("old-numbers") < page.index('id="edition-1-1"') < page.index('id="edition-1-0-1"')
    assert page.index('id="edition-1-0-1"') < page.index('id="edition-1-0"')
    entry = page[page.index('id="change-1-1-winner"') :]
    entry = entry[: entry.index("</div>")]
    assert changed in entry
    pending = language == "cs"
    assert ('href="../../../rebus/#winner"' in entry) is pending
    assert ('lang="en"' in entry) is pending
    added = page[page.index('id="change-1-1-premium-once"') :]
    added = added[: added.index("</div>")]
    assert 'href="../#premium-once"' in added
    # Czech has no translation of the new rule yet: its English text says it is English.
    assert (f'<span lang="en">{INSERTED}</span>' in added) is (language == "cs")
    renumbered = page[page.index('id="change-1-1-bonus-squares"') :]
    assert "REBUS 3.2 → " in renumbered[: renumbered.index("</div>")]
    # The lookup of old numbers: 1.0's 3.2 is now 3.3, its 2.7 removed.
    lookup = page[page.index("old-numbers") : page.index('id="edition-1-1"')]
    assert re.search(r"<td>1\.0</td>\s*<td>REBUS 3\.2</td>\s*<td><a href=\"../#bonus-squares\">REBUS 3\.3</a>", lookup)
    assert re.search(r"<td>1\.0</td>\s*<td>REBUS 2\.7</td>\s*<td>[^<]+</td>", lookup)


def test_the_game_page_shows_the_edition_and_marks_what_changed(erratum_site: Path) -> None:
    page = _page(erratum_site, "rebus")
    assert "Edition 1.1 · December 5, 2026" in page  # errata.DATE
    winner = page[page.index('id="winner"') :]
    winner = winner[: winner.index("</div>")]
    assert 'href="changes/#change-1-1-winner">changed in 1.1</a>' in winner
    assert 'href="changes/#change-1-1-premium-once">new in 1.1</a>' in page
    unchanged = page[page.index('id="bags"') :]
    assert "changed in" not in unchanged[: unchanged.index("</div>")]
    french = _page(erratum_site, "fr/rebus")
    assert "Édition 1.1 · 5 décembre 2026" in french and "modifiée dans la version 1.1" in french


def test_the_po_export_marks_the_erratum_fuzzy_with_the_previous_msgid_without_git(
    erratum: Path, tmp_path: Path, capsys
) -> None:
    assert not (erratum / ".git").exists()  # the English it was made from comes from the snapshot
    code, _, err = run_cli(
        capsys, "--root", str(erratum), "i18n", "export", "cs", "--game", "rebus", "-o", str(tmp_path)
    )
    assert code == 0, err
    po = (tmp_path / "rebus.cs.po").read_text(encoding="utf-8")
    entry = po[po.index('msgctxt "rule.winner"') - 200 : po.index('msgctxt "rule.winner"') + 300]
    assert "#, fuzzy" in entry
    assert '#| msgid "Highest score wins."' in entry


def test_the_status_page_counts_what_each_edition_left_to_translate(erratum_site: Path) -> None:
    # 1.1 added one rule and changed one: French translated both, Czech neither.
    for folder, pending in (("fr/", 0), ("cs/", 2)):
        page = _page(erratum_site, f"{folder}status")
        row = re.search(
            r'<td><a href="../rebus/changes/#edition-1-1">REBUS 1\.1</a></td>\s*<td>(\d+)</td>\s*<td>(\d+)</td>', page
        )
        assert row is not None, page[page.find("rebus/changes") - 300 :][:600]
        assert (int(row.group(1)), int(row.group(2))) == (2, pending)


def test_a_refusal_for_content_errors_lists_fifty_then_counts_the_rest(
    small_project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found by `make fuzz` (issue 48): `edition new` on a game whose game.yaml is another game's
    (oh-my-word's, so ids, sources, sections and every unit of alpha's languages disagree, far more
    than fifty errors) printed every one of them, where `check` prints fifty and then a count."""
    game = small_project / "rules" / "alpha" / "game.yaml"
    game.write_text((Path(__file__).parents[1] / "rules/oh-my-word/game.yaml").read_text(encoding="utf-8"))
    code, _, err = run_cli(capsys, "--root", str(small_project), "edition", "new", "alpha", "1.1")
    lines = err.splitlines()
    assert code == 2
    assert len(lines) == 52
    assert re.fullmatch(r"… and \d+ more", lines[50])
    assert lines[51] == "rulebook: the content has errors; fix them first (`rulebook check`)"
