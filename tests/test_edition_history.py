"""Snapshots are text like any other (issue 46), tested as a publisher and a red team would: a
snapshot's texts pass every check a unit's text passes, at their own place; what `diff` and `cite`
print is safe for a terminal; versions match exactly and never repeat in disguise; the history is a
hash chain; an edition's date is never one still to come, and its effective date is its own; `diff`
says what the later edition is, and previews the next one against the rules as they stand.

The game is the fixture's alpha, translated (fixture_games.py), given its editions by the toolkit's
own commands: 1.0 (written by `rulebook new game`, in English alone: rules 1.1 players and 1.2
winner), 1.0.1 (record_corrections: a section turn of 2.1 draw, 2.2 pass and 2.3 discard, and the
referee note shared-win, each translated into French and Czech), 1.0.2 (the note's answer corrected,
no rule changed) and, in the `erratum` fixture, the erratum 1.1 (record_alpha_erratum). Every edition
has the day the fixture was made (first_day). One content test holds the project's own histories,
whatever games rules/project.yaml lists, to the same chain.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import shutil
import types
from pathlib import Path

import pytest

from conftest import ROOT, edit, locate, run_cli, tree_digest
from fixture_games import (
    ERRATUM_SUMMARY,
    ERRATUM_SUMMARY_FR,
    WINNER,
    first_day,
    record_alpha_erratum,
    with_glossary,
)
from scoring_cases import content_project

# alpha's rule.winner in en.yaml, and the same rule with one word changed ("each" to "every").
WINNER_OLD = f"    text: {WINNER}\n"
WINNER_NEW = f"    text: {WINNER.replace('each player', 'every player')}\n"
# rule.winner as every edition of alpha recorded it, its fact filled in (3 rounds).
WINNER_FILLED = "After 3 rounds, each player adds up the points they scored; the highest total wins."
BROKEN = (
    "does not follow from the edition before it and its own version, dates and snapshot hash: "
    "a recorded edition was rewritten"
)


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def link(previous: str, version: str, date: str, effective: str | None, sha256: str) -> str:
    """A chain link as schemas/editions.schema.json describes it, worked out here on its own."""
    return hashlib.sha256(json.dumps([previous, version, date, effective, sha256]).encode("ascii")).hexdigest()


def history_of(root: Path, game: str) -> list[dict]:
    """The history's editions, read as plain YAML."""
    import yaml

    return yaml.safe_load((root / f"rules/{game}/editions.yaml").read_text(encoding="utf-8"))["editions"]


def rehash_edition(root: Path, game: str, version: str) -> None:
    """What a forger does after editing the snapshot of `version`: its sha256, its link and every
    later link written again."""
    path = root / f"rules/{game}/editions.yaml"
    text = path.read_text(encoding="utf-8")
    chain = ""
    forged = False
    for edition in history_of(root, game):
        if edition["version"] == version:
            sha = sha256_of(root / f"rules/{game}/editions/{version}.yaml")
            text, forged = text.replace(edition["sha256"], sha), True
            edition = {**edition, "sha256": sha}
        if forged:
            relinked = link(chain, edition["version"], edition["date"], edition.get("effective"), edition["sha256"])
            text, chain = text.replace(edition["chain"], relinked), relinked
        else:
            chain = edition["chain"]
    assert forged, version
    path.write_text(text, encoding="utf-8")


def check_lines(root: Path, capsys, marker: str) -> tuple[int, list[str]]:
    code, out, _ = run_cli(capsys, "--root", str(root), "check")
    return code, [line for line in out.splitlines() if marker in line]


def day_from_now(days: int) -> str:
    return (datetime.datetime.now(datetime.UTC).date() + datetime.timedelta(days=days)).isoformat()


def day_before(day: str) -> str:
    return (datetime.date.fromisoformat(day) - datetime.timedelta(days=1)).isoformat()


@pytest.fixture(scope="module")
def erratum(corrected: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """alpha's erratum recorded as edition 1.1 after the corrections, its summary translated into French."""
    return record_alpha_erratum(shutil.copytree(corrected, tmp_path_factory.mktemp("erratum") / "project"))


# ---- 1. a snapshot's texts are checked as a unit's are ---------------------------------------------


def test_check_refuses_controls_bidi_and_html_in_a_snapshot_at_their_place(corrected_copy: Path, capsys) -> None:
    file = "rules/alpha/editions/1.0.1.yaml"  # the first edition in three languages
    edit(corrected_copy, file, '    en: "Overview"', '    en: "Over\\e[2Jview"')  # a section title
    edit(corrected_copy, file, '    cs: "Přehled"', '    cs: "Přehled <b>"')
    edit(corrected_copy, file, 'fr: "Le jeu se joue', 'fr: "Le jeu\\r se joue')  # a rule's translation
    text = edit(corrected_copy, file, '"english_source": "After {scoring', '"english_source": "After\\u202E {scoring')
    rehash_edition(corrected_copy, "alpha", "1.0.1")
    title, czech = locate(text, '"Over\\e'), locate(text, '"Přehled <b>"')
    french, english = locate(text, '"Le jeu\\r'), locate(text, '"After\\u202E')
    code, lines = check_lines(corrected_copy, capsys, "editions")
    assert code == 1
    assert lines == [
        f"{file}:{title[0]}:{title[1]}: sections.overview.en: the control character U+001B at character 5 "
        "is not allowed",
        f"{file}:{czech[0]}:{czech[1]}: sections.overview.cs: raw HTML is not allowed in text: '<b>'",
        f"{file}:{french[0]}:{french[1]}: rules.players.text.fr: the control character U+000D at character 7 "
        "is not allowed",
        f"{file}:{english[0]}:{english[1]}: rules.winner.english_source: the bidi control U+202E "
        "(RIGHT-TO-LEFT OVERRIDE) at character 6 reorders what readers see; remove it",
    ]
    # The codes of a unit's text, at the same places (check --json's contract).
    _, out, _ = run_cli(capsys, "--root", str(corrected_copy), "check", "--json")
    found = [(p["code"], p["line"]) for p in json.loads(out)["problems"] if p["file"] == file]
    assert sorted(found) == sorted(
        [
            ("text.control-character", title[0]),
            ("text.raw-html", czech[0]),
            ("text.bidi-control", english[0]),
            ("text.control-character", french[0]),
        ]
    )
    # The commands that read snapshots see them too: nothing is printed from them.
    for args in (("diff", "alpha", "1.0.1", "current"), ("cite", "alpha", "1.1", "--edition", "1.0.1")):
        code, out, err = run_cli(capsys, "--root", str(corrected_copy), *args)
        assert code == 2 and out == "" and "Traceback" not in err, err


def test_a_snapshot_link_a_unit_could_not_hold_is_refused(corrected_copy: Path, capsys) -> None:
    file = "rules/alpha/editions/1.0.yaml"
    text = edit(corrected_copy, file, 'en: "After 3 rounds,', 'en: "[After](javascript:alert(1)) 3 rounds,')
    rehash_edition(corrected_copy, "alpha", "1.0")
    line, col = locate(text, '"[After]')
    code, lines = check_lines(corrected_copy, capsys, "editions")
    assert code == 1
    assert f"{file}:{line}:{col}: rules.winner.text.en: the link target javascript:alert(1) is not allowed: " in (
        "\n".join(lines)
    )


# ---- 2. what diff and cite print is safe for a terminal --------------------------------------------


def test_diff_and_cite_escape_what_a_terminal_would_obey(corrected_copy: Path, capsys) -> None:
    # A line separator and a right-to-left mark: no check refuses them in text, and a terminal
    # breaks the line or reorders it. A newline in a rule's text would start a line of its own.
    edit(corrected_copy, "rules/alpha/en.yaml", WINNER_OLD, '    text: "Most\\u2028points\\nwin.\\u200F"\n')
    code, out, err = run_cli(capsys, "--root", str(corrected_copy), "diff", "alpha", "1.0.2", "current")
    assert code == 0, err
    # No word of the two texts is the same: the whole text removed, the whole text added.
    assert out.splitlines() == [
        "Alpha: edition 1.0.2 → current (en)",
        "current: the rules as they stand, not recorded as an edition yet",
        "changed    Alpha 1.2 (winner)",
        f"    [-{WINNER_FILLED}-]{{+Most\\u2028points\\nwin.\\u200f+}}",
    ]
    assert "\u2028" not in out and "\u200f" not in out and out.count("\n") == 4, out
    code, out, _ = run_cli(capsys, "--root", str(corrected_copy), "diff", "alpha", "1.0.2", "current", "--json")
    assert code == 0 and "\u2028" not in out and "\u200f" not in out and out.count("\n") == 1
    [winner] = json.loads(out)["changes"]
    assert winner["rule"] == "winner"
    assert ["ins", "Most\u2028points\nwin.\u200f"] in winner["diff"]  # the JSON still holds the text itself
    # A section's title as an edition recorded it, printed by `cite`.
    edit(corrected_copy, "rules/alpha/en.yaml", "    text: Overview\n", '    text: "Over\\u2029view"\n')
    today = datetime.datetime.now(datetime.UTC).date().isoformat()
    new = ("edition", "new", "alpha", "1.1", "--date", today, "--summary", "Reworded.")
    assert run_cli(capsys, "--root", str(corrected_copy), *new)[0] == 0
    code, out, _ = run_cli(capsys, "--root", str(corrected_copy), "cite", "alpha", "1.2", "--edition", "1.1")
    assert code == 0 and "Over\\u2029view" in out and "\u2029" not in out, out


def test_cite_and_diff_read_a_version_as_edition_new_compares_it(corrected_copy: Path, capsys) -> None:
    """1.0.0 and 1 are the recorded 1.0, as `edition new` refuses them as the same version: a
    referee who types the version in full is answered, not told the edition is unknown."""
    for spelled in ("1.0.0", "1"):
        code, out, err = run_cli(capsys, "--root", str(corrected_copy), "cite", "alpha", "1.2", "--edition", spelled)
        assert code == 0, err
        assert out.startswith("Alpha 1.2 (edition 1.0) is Alpha 1.2"), out
        code, out, err = run_cli(capsys, "--root", str(corrected_copy), "diff", "alpha", spelled, "1.0.1.0")
        assert code == 0, err
        assert out.startswith("Alpha: edition 1.0 → 1.0.1 (en)"), out
    code, _, err = run_cli(capsys, "--root", str(corrected_copy), "cite", "alpha", "1.2", "--edition", "1.0.3")
    assert code == 2 and "1.0.3" in err


# ---- 3. versions match exactly ---------------------------------------------------------------------


def test_a_version_with_a_trailing_newline_is_refused_by_edition_new(corrected_copy: Path, capsys) -> None:
    edit(corrected_copy, "rules/alpha/en.yaml", WINNER_OLD, WINNER_NEW)  # so that 1.1 could be recorded
    before = tree_digest(corrected_copy)
    new = ("edition", "new", "alpha", "1.1\n", "--date", first_day(corrected_copy), "--summary", "Reworded.")
    code, _, err = run_cli(capsys, "--root", str(corrected_copy), *new)
    assert code == 2 and "rulebook edition new: '1.1\\n' is not a version" in err, err
    assert tree_digest(corrected_copy) == before


def test_a_version_with_a_trailing_newline_is_refused_by_check(corrected_copy: Path, capsys) -> None:
    edit(corrected_copy, "rules/alpha/editions.yaml", 'version: "1.0"', 'version: "1.0\\n"')
    code, out, _ = run_cli(capsys, "--root", str(corrected_copy), "check", "--json")
    assert code == 1
    found = [p for p in json.loads(out)["problems"] if p["file"] == "rules/alpha/editions.yaml"]
    # Line 3 is 1.0's `  - version: "1.0\n"`, its value from column 14.
    assert [(p["code"], p["line"], p["col"], p["path"]) for p in found] == [
        ("schema.pattern", 3, 14, ["editions", 0, "version"])
    ]


# ---- 4. a version never repeats in disguise --------------------------------------------------------


@pytest.mark.parametrize(
    ("version", "existing"), [("1.0.0", "1.0"), ("1", "1.0"), ("1.0.0.0", "1.0"), ("1.0.2.0", "1.0.2")]
)
def test_edition_new_refuses_a_version_that_is_an_existing_one(
    corrected_copy: Path, capsys, version: str, existing: str
) -> None:
    edit(corrected_copy, "rules/alpha/en.yaml", WINNER_OLD, WINNER_NEW)
    before = tree_digest(corrected_copy)
    new = ("edition", "new", "alpha", version, "--date", first_day(corrected_copy), "--summary", "Reworded.")
    code, _, err = run_cli(capsys, "--root", str(corrected_copy), *new)
    assert code == 2, err
    assert f"alpha already has an edition {existing}, the same version as {version}: trailing zeros do not count" in err
    assert tree_digest(corrected_copy) == before


def test_a_version_after_the_latest_with_a_zero_inside_is_recorded(corrected_copy: Path, capsys) -> None:
    assert history_of(corrected_copy, "alpha")[-1]["version"] == "1.0.2"  # the corrections
    edit(corrected_copy, "rules/alpha/en.yaml", WINNER_OLD, WINNER_NEW)
    new = ("edition", "new", "alpha", "1.0.3", "--date", first_day(corrected_copy), "--summary", "Reworded.")
    assert run_cli(capsys, "--root", str(corrected_copy), *new)[0] == 0
    assert history_of(corrected_copy, "alpha")[-1]["version"] == "1.0.3"
    assert run_cli(capsys, "--root", str(corrected_copy), "check")[0] == 0


def test_check_refuses_a_version_repeated_in_disguise(corrected_copy: Path, capsys) -> None:
    history = corrected_copy / "rules/alpha/editions.yaml"
    text = history.read_text(encoding="utf-8")
    first = text.split("editions:\n", 1)[1].split("  - version", 2)[1]  # 1.0's entry, four lines
    history.write_text(text + "  - version" + first.replace('"1.0"', '"1.0.0"'), encoding="utf-8")
    last = len(text.splitlines()) + 1  # the line of the entry added
    _, lines = check_lines(corrected_copy, capsys, f"editions.yaml:{last}:")
    assert lines == [
        f"rules/alpha/editions.yaml:{last}:14: edition '1.0.0' is edition '1.0' again: "
        "a version's trailing zeros do not count"
    ]


# ---- 5. the history is a hash chain ----------------------------------------------------------------


def chained(root: Path, game: str) -> None:
    """Each edition of the game's history holds its snapshot's hash and the link from the one before."""
    previous = ""
    for edition in history_of(root, game):
        sha = sha256_of(root / f"rules/{game}/editions/{edition['version']}.yaml")
        assert edition["sha256"] == sha, (game, edition["version"])
        previous = link(previous, edition["version"], edition["date"], edition.get("effective"), sha)
        assert edition["chain"] == previous, (game, edition["version"])


def test_each_history_the_toolkit_recorded_is_chained(erratum: Path) -> None:
    """beta's 1.0 by `new game`; alpha's 1.0, 1.0.1, 1.0.2 and 1.1 by `new game` and `edition new`."""
    assert [edition["version"] for edition in history_of(erratum, "alpha")] == ["1.0", "1.0.1", "1.0.2", "1.1"]
    assert [edition["version"] for edition in history_of(erratum, "beta")] == ["1.0"]
    for game in ("alpha", "beta"):
        chained(erratum, game)


@pytest.mark.content
@pytest.mark.parametrize("game", [game.id for game in content_project().games])
def test_each_history_of_the_project_is_chained(game: str) -> None:
    chained(ROOT, game)


def test_edition_new_links_each_edition_and_check_finds_an_old_one_rewritten(corrected_copy: Path, capsys) -> None:
    edit(corrected_copy, "rules/alpha/en.yaml", WINNER_OLD, WINNER_NEW)
    day = first_day(corrected_copy)
    new = ("edition", "new", "alpha", "1.1", "--date", day, "--summary", "Reworded.")
    assert run_cli(capsys, "--root", str(corrected_copy), *new)[0] == 0
    *before, second = history_of(corrected_copy, "alpha")
    first, following = before[0], [*before[1:], second]  # 1.0, then 1.0.1, 1.0.2 and 1.1
    assert [edition["version"] for edition in following] == ["1.0.1", "1.0.2", "1.1"]
    sha = sha256_of(corrected_copy / "rules/alpha/editions/1.1.yaml")
    assert second == {
        "version": "1.1",
        "date": day,
        "sha256": sha,
        "chain": link(before[-1]["chain"], "1.1", day, None, sha),
    }
    assert run_cli(capsys, "--root", str(corrected_copy), "check")[0] == 0
    # Edition 1.0 rewritten, its hash too: its own link no longer holds.
    edit(corrected_copy, "rules/alpha/editions/1.0.yaml", "scored; the highest total", "scored; the lowest total")
    history = corrected_copy / "rules/alpha/editions.yaml"
    forged_sha = sha256_of(corrected_copy / "rules/alpha/editions/1.0.yaml")
    edit(corrected_copy, "rules/alpha/editions.yaml", first["sha256"], forged_sha)
    code, lines = check_lines(corrected_copy, capsys, "editions")
    assert (code, lines) == (1, [f"rules/alpha/editions.yaml:6:12: the chain hash of edition '1.0' {BROKEN}"])
    # Its link written again: the next one, 1.0.1's (its entry's fourth line), breaks.
    forged_chain = link("", "1.0", first["date"], None, forged_sha)
    edit(corrected_copy, "rules/alpha/editions.yaml", first["chain"], forged_chain)
    code, lines = check_lines(corrected_copy, capsys, "editions")
    assert (code, lines) == (1, [f"rules/alpha/editions.yaml:10:12: the chain hash of edition '1.0.1' {BROKEN}"])
    # Only every later link written again passes: a chain, not a signature (chain.py says so).
    chain = forged_chain
    for edition in following:
        relinked = link(chain, edition["version"], edition["date"], None, edition["sha256"])
        edit(corrected_copy, "rules/alpha/editions.yaml", edition["chain"], relinked)
        chain = relinked
    assert run_cli(capsys, "--root", str(corrected_copy), "check")[0] == 0, history.read_text(encoding="utf-8")


# ---- 6. dates: published, never still to come; effective, its own ---------------------------------


def test_edition_new_refuses_a_date_still_to_come(corrected_copy: Path, capsys) -> None:
    edit(corrected_copy, "rules/alpha/en.yaml", WINNER_OLD, WINNER_NEW)
    before = tree_digest(corrected_copy)
    later = day_from_now(2)  # a day that has begun nowhere on Earth yet
    new = ("edition", "new", "alpha", "1.1", "--date", later, "--summary", "Reworded.")
    code, _, err = run_cli(capsys, "--root", str(corrected_copy), *new)
    assert code == 2 and f"rulebook edition new: --date {later} is a day still to come" in err, err
    assert tree_digest(corrected_copy) == before


def first_dated(root: Path, day: str) -> None:
    """1.0's date in alpha's history (line 4) made `day`; the later editions keep theirs."""
    first = f'version: "1.0"\n    date: "{first_day(root)}"'
    edit(root, "rules/alpha/editions.yaml", first, f'version: "1.0"\n    date: "{day}"')


def test_check_reports_a_date_still_to_come_in_the_history(corrected_copy: Path, capsys) -> None:
    later = day_from_now(2)
    first_dated(corrected_copy, later)
    code, lines = check_lines(corrected_copy, capsys, "still to come")
    assert code == 1
    assert lines == [
        f"rules/alpha/editions.yaml:4:11: edition '1.0' is dated {later}, a day still to come: "
        "an edition is dated when it is published"
    ]


def test_a_date_still_to_come_is_judged_again_once_its_day_has_begun(corrected_copy: Path, capsys, monkeypatch) -> None:
    later = day_from_now(2)
    first_dated(corrected_copy, later)
    assert len(check_lines(corrected_copy, capsys, "still to come")[1]) == 1
    # Three days on, by the toolkit's clock: the check's problems, kept on disk, are not kept past the day.
    from rulebook.editions import dates

    class Later(datetime.datetime):
        @classmethod
        def now(cls, tz: datetime.tzinfo | None = None) -> datetime.datetime:  # type: ignore[override]
            return datetime.datetime.now(tz) + datetime.timedelta(days=3)

    clock = types.SimpleNamespace(datetime=Later, UTC=datetime.UTC, timedelta=datetime.timedelta, date=datetime.date)
    monkeypatch.setattr(dates, "datetime", clock)
    assert check_lines(corrected_copy, capsys, "still to come")[1] == []


def test_an_effective_date_is_recorded_apart_and_diff_shows_both(corrected_copy: Path, capsys) -> None:
    edit(corrected_copy, "rules/alpha/en.yaml", WINNER_OLD, WINNER_NEW)
    day = first_day(corrected_copy)
    new = ("edition", "new", "alpha", "1.1", "--date", day, "--summary", "Reworded.")
    for effective, refusal in (
        (day_before(day), f"--effective {day_before(day)} is before the edition's date, {day}"),
        ("2027-02-30", "--effective '2027-02-30' is not a date"),
        ("2027-1-5", "--effective '2027-1-5' is not a date"),
    ):
        code, _, err = run_cli(capsys, "--root", str(corrected_copy), *new, "--effective", effective)
        assert code == 2 and refusal in err, err
    assert not (corrected_copy / "rules/alpha/editions/1.1.yaml").exists()
    # Taking effect on a day still to come is allowed: the date it was published is today's or earlier.
    assert run_cli(capsys, "--root", str(corrected_copy), *new, "--effective", "2099-01-01")[0] == 0
    assert history_of(corrected_copy, "alpha")[-1]["effective"] == "2099-01-01"
    assert run_cli(capsys, "--root", str(corrected_copy), "check")[0] == 0
    code, out, _ = run_cli(capsys, "--root", str(corrected_copy), "diff", "alpha", "1.0", "1.1")
    assert code == 0
    assert out.splitlines()[1] == f"edition 1.1, published {day}, in effect from 2099-01-01: Reworded."
    code, out, _ = run_cli(capsys, "--root", str(corrected_copy), "diff", "alpha", "1.0", "1.1", "--json")
    shown = json.loads(out)
    assert (shown["date"], shown["effective"], shown["summary"]) == (day, "2099-01-01", "Reworded.")


def test_check_reports_an_effective_date_before_the_edition_was_published(corrected_copy: Path, capsys) -> None:
    day = first_day(corrected_copy)
    first = f'version: "1.0"\n    date: "{day}"\n'
    edit(corrected_copy, "rules/alpha/editions.yaml", first, f'{first}    effective: "{day_before(day)}"\n')
    code, lines = check_lines(corrected_copy, capsys, "takes effect")
    assert code == 1
    assert lines == [
        f"rules/alpha/editions.yaml:5:16: edition '1.0' takes effect on {day_before(day)}, "
        f"before it was published ({day})"
    ]


# ---- 7. diff says what the later edition is, and previews the next one ------------------------------


@pytest.mark.parametrize(
    ("language", "summary"), [("en", ERRATUM_SUMMARY), ("fr", ERRATUM_SUMMARY_FR), ("cs", ERRATUM_SUMMARY)]
)
def test_diff_prints_the_later_editions_summary_and_date(erratum: Path, capsys, language: str, summary: str) -> None:
    """The summary in the language asked for, the English where it is not translated (Czech)."""
    day = first_day(erratum)
    code, out, err = run_cli(capsys, "--root", str(erratum), "diff", "alpha", "1.0", "1.1", "--lang", language)
    assert code == 0, err
    assert out.splitlines()[:2] == [
        f"Alpha: edition 1.0 → 1.1 ({language})",
        f"edition 1.1, published {day}: {summary}",
    ]
    code, out, _ = run_cli(capsys, "--root", str(erratum), "diff", "alpha", "1.0", "1.1", "--lang", language, "--json")
    shown = json.loads(out)
    assert (shown["date"], shown["effective"], shown["summary"]) == (day, None, summary)


def test_diff_against_current_previews_the_next_edition(corrected_copy: Path, capsys) -> None:
    # From 1.0.1: no rule changed since, the referee note's answer did (1.0.2), and it follows the rules' part.
    code, out, _ = run_cli(capsys, "--root", str(corrected_copy), "diff", "alpha", "1.0.1", "current")
    assert code == 0
    assert out.splitlines()[:4] == [
        "Alpha: edition 1.0.1 → current (en)",
        "current: the rules as they stand, not recorded as an edition yet",
        "no rule changed",
        "ruling     changed shared-win",
    ]
    edit(corrected_copy, "rules/alpha/en.yaml", WINNER_OLD, WINNER_NEW)
    code, out, _ = run_cli(capsys, "--root", str(corrected_copy), "diff", "alpha", "1.0.1", "current")
    assert code == 0
    assert out.splitlines()[2:5] == [
        "changed    Alpha 1.2 (winner)",
        "    After 3 rounds, [-each-] {+every+} player adds up the points they scored; the highest total wins.",
        "ruling     changed shared-win",
    ]
    code, out, _ = run_cli(capsys, "--root", str(corrected_copy), "diff", "alpha", "1.0.1", "current", "--json")
    shown = json.loads(out)
    assert (shown["to"], shown["date"], shown["summary"]) == ("current", None, None)
    assert [change["rule"] for change in shown["changes"]] == ["winner"]
    # Only the later side may be the rules as they stand.
    code, _, err = run_cli(capsys, "--root", str(corrected_copy), "diff", "alpha", "current", "1.0")
    assert code == 2 and "alpha has no edition 'current'" in err


def test_edition_new_refuses_a_summary_that_check_would_refuse(corrected_copy: Path, capsys) -> None:
    """A retired word (the project's glossary, given to alpha by with_glossary: its terms.yaml forbids
    the English "rack" for a hand) in the summary: refused by the command that would write it, not by
    every `check` after it; nothing is written."""
    with_glossary(corrected_copy, "alpha")
    assert run_cli(capsys, "--root", str(corrected_copy), "check")[0] == 0
    edit(corrected_copy, "rules/alpha/en.yaml", WINNER_OLD, WINNER_NEW)  # so that 1.1 could be recorded
    before = tree_digest(corrected_copy)
    today = datetime.datetime.now(datetime.UTC).date().isoformat()
    new = ("edition", "new", "alpha", "1.1", "--date", today, "--summary", "A full rack scores the bonus.")
    code, _, err = run_cli(capsys, "--root", str(corrected_copy), *new)
    assert code == 2, err
    assert "--summary: terminology: 'rack…' is not used for 'hand'" in err, err
    assert tree_digest(corrected_copy) == before
    code, _, err = run_cli(capsys, "--root", str(corrected_copy), *new[:-1], "A full hand scores the bonus.")
    assert code == 0, err
    assert run_cli(capsys, "--root", str(corrected_copy), "check")[0] == 0
