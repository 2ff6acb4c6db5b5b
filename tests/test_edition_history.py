"""Snapshots are text like any other (issue 46), tested as a publisher and a red team would: a
snapshot's texts pass every check a unit's text passes, at their own place; what `diff` and `cite`
print is safe for a terminal; versions match exactly and never repeat in disguise; the history is a
hash chain; an edition's date is never one still to come, and its effective date is its own; `diff`
says what the later edition is, and previews the next one against the rules as they stand."""

from __future__ import annotations

import datetime
import hashlib
import json
import types
from pathlib import Path

import pytest

from authoring import copy_whole_project
from conftest import ROOT, edit, locate, run_cli, tree_digest
from errata import DATE, SUMMARY, SUMMARY_FR, record_erratum

WINNER_OLD = "    text: Highest score wins.\n"
WINNER_NEW = "    text: The highest score wins.\n"
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


def rehash_first_edition(root: Path, game: str) -> None:
    """What a forger does after editing the 1.0 snapshot: its sha256 and every link written again."""
    path = root / f"rules/{game}/editions.yaml"
    first, *later = history_of(root, game)
    sha = sha256_of(root / f"rules/{game}/editions/1.0.yaml")
    chain = link("", "1.0", first["date"], None, sha)
    text = path.read_text(encoding="utf-8")
    text = text.replace(first["sha256"], sha).replace(first["chain"], chain)
    for edition in later:
        relinked = link(chain, edition["version"], edition["date"], edition.get("effective"), edition["sha256"])
        text, chain = text.replace(edition["chain"], relinked), relinked
    path.write_text(text, encoding="utf-8")


def check_lines(root: Path, capsys, marker: str) -> tuple[int, list[str]]:
    code, out, _ = run_cli(capsys, "--root", str(root), "check")
    return code, [line for line in out.splitlines() if marker in line]


def day_from_now(days: int) -> str:
    return (datetime.datetime.now(datetime.UTC).date() + datetime.timedelta(days=days)).isoformat()


@pytest.fixture(scope="module")
def erratum(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """REBUS's erratum recorded as edition 1.1 on errata.DATE, its summary translated into French."""
    root = copy_whole_project(tmp_path_factory.mktemp("erratum"))
    record_erratum(root)
    return root


# ---- 1. a snapshot's texts are checked as a unit's are ---------------------------------------------


def test_check_refuses_controls_bidi_and_html_in_a_snapshot_at_their_place(project_copy: Path, capsys) -> None:
    file = "rules/rebis/editions/1.0.yaml"
    edit(project_copy, file, '    en: "About the game"', '    en: "About \\e[2Jthe game"')  # a section title
    edit(project_copy, file, '    cs: "O hře"', '    cs: "O hře <b>"')
    edit(project_copy, file, 'fr: "Dans Rebis, les', 'fr: "Dans Rebis,\\r les')  # a rule's translation
    text = edit(
        project_copy, file, '"english_source": "In Rebis, players', '"english_source": "In Rebis,\\u202E players'
    )
    rehash_first_edition(project_copy, "rebis")
    title, czech = locate(text, '"About \\e'), locate(text, '"O hře <b>"')
    french, english = locate(text, '"Dans Rebis,\\r'), locate(text, '"In Rebis,\\u202E')
    code, lines = check_lines(project_copy, capsys, "editions")
    assert code == 1
    assert lines == [
        f"{file}:{title[0]}:{title[1]}: sections.overview.en: the control character U+001B at character 7 "
        "is not allowed",
        f"{file}:{czech[0]}:{czech[1]}: sections.overview.cs: raw HTML is not allowed in text: '<b>'",
        f"{file}:{french[0]}:{french[1]}: rules.aim.text.fr: the control character U+000D at character 12 "
        "is not allowed",
        f"{file}:{english[0]}:{english[1]}: rules.aim.english_source: the bidi control U+202E "
        "(RIGHT-TO-LEFT OVERRIDE) at character 10 reorders what readers see; remove it",
    ]
    # The codes of a unit's text, at the same places (check --json's contract).
    _, out, _ = run_cli(capsys, "--root", str(project_copy), "check", "--json")
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
    for args in (("diff", "rebis", "1.0", "current"), ("cite", "rebis", "1.1", "--edition", "1.0")):
        code, out, err = run_cli(capsys, "--root", str(project_copy), *args)
        assert code == 2 and out == "" and "Traceback" not in err, err


def test_a_snapshot_link_a_unit_could_not_hold_is_refused(project_copy: Path, capsys) -> None:
    file = "rules/rebus/editions/1.0.yaml"
    text = edit(project_copy, file, 'en: "Highest score wins."', 'en: "[Highest](javascript:alert(1)) score wins."')
    rehash_first_edition(project_copy, "rebus")
    line, col = locate(text, '"[Highest]')
    code, lines = check_lines(project_copy, capsys, "editions")
    assert code == 1
    assert f"{file}:{line}:{col}: rules.winner.text.en: the link target javascript:alert(1) is not allowed: " in (
        "\n".join(lines)
    )


# ---- 2. what diff and cite print is safe for a terminal --------------------------------------------


def test_diff_and_cite_escape_what_a_terminal_would_obey(project_copy: Path, capsys) -> None:
    # A line separator and a right-to-left mark: no check refuses them in text, and a terminal
    # breaks the line or reorders it. A newline in a rule's text would start a line of its own.
    edit(project_copy, "rules/rebus/en.yaml", WINNER_OLD, '    text: "Highest\\u2028score\\nwins.\\u200F"\n')
    code, out, err = run_cli(capsys, "--root", str(project_copy), "diff", "rebus", "1.0", "current")
    assert code == 0, err
    assert "    [-Highest score wins.-]{+Highest\\u2028score\\nwins.\\u200f+}" in out.splitlines()
    # The rules' part: four lines (the notes and examples edited since 1.0 follow, issue 49).
    rules_part = out.split("\nruling ")[0]
    assert "\u2028" not in out and "\u200f" not in out and rules_part.count("\n") == 3, out
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "diff", "rebus", "1.0", "current", "--json")
    assert code == 0 and "\u2028" not in out and "\u200f" not in out and out.count("\n") == 1
    [winner] = [change for change in json.loads(out)["changes"] if change["rule"] == "winner"]
    assert ["ins", "Highest\u2028score\nwins.\u200f"] in winner["diff"]  # the JSON still holds the text itself
    # A section's title as an edition recorded it, printed by `cite`.
    edit(project_copy, "rules/rebus/en.yaml", "    text: Rules on scoring\n", '    text: "Rules\\u2029on scoring"\n')
    today = datetime.datetime.now(datetime.UTC).date().isoformat()
    new = ("edition", "new", "rebus", "1.1", "--date", today, "--summary", "Reworded.")
    assert run_cli(capsys, "--root", str(project_copy), *new)[0] == 0
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "cite", "rebus", "3.2", "--edition", "1.1")
    assert code == 0 and "Rules\\u2029on scoring" in out and "\u2029" not in out, out


def test_cite_and_diff_read_a_version_as_edition_new_compares_it(project_copy: Path, capsys) -> None:
    """1.0.0 and 1 are the recorded 1.0, as `edition new` refuses them as the same version: a
    referee who types the version in full is answered, not told the edition is unknown."""
    for spelled in ("1.0.0", "1"):
        code, out, err = run_cli(capsys, "--root", str(project_copy), "cite", "rebus", "3.2", "--edition", spelled)
        assert code == 0, err
        assert out.startswith("REBUS 3.2 (edition 1.0) is REBUS 3.2"), out
        code, out, err = run_cli(capsys, "--root", str(project_copy), "diff", "rebus", spelled, "1.0.1.0")
        assert code == 0, err
        assert out.startswith("REBUS: edition 1.0 → 1.0.1 (en)"), out
    code, _, err = run_cli(capsys, "--root", str(project_copy), "cite", "rebus", "3.2", "--edition", "1.0.2")
    assert code == 2 and "1.0.2" in err


# ---- 3. versions match exactly ---------------------------------------------------------------------


def test_a_version_with_a_trailing_newline_is_refused_by_edition_new(project_copy: Path, capsys) -> None:
    edit(project_copy, "rules/rebus/en.yaml", WINNER_OLD, WINNER_NEW)  # so that 1.1 could be recorded
    before = tree_digest(project_copy)
    new = ("edition", "new", "rebus", "1.1\n", "--date", DATE, "--summary", "Reworded.")
    code, _, err = run_cli(capsys, "--root", str(project_copy), *new)
    assert code == 2 and "rulebook edition new: '1.1\\n' is not a version" in err, err
    assert tree_digest(project_copy) == before


def test_a_version_with_a_trailing_newline_is_refused_by_check(project_copy: Path, capsys) -> None:
    edit(project_copy, "rules/rebus/editions.yaml", 'version: "1.0"', 'version: "1.0\\n"')
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check", "--json")
    assert code == 1
    found = [p for p in json.loads(out)["problems"] if p["file"] == "rules/rebus/editions.yaml"]
    assert [(p["code"], p["line"], p["col"], p["path"]) for p in found] == [
        ("schema.pattern", 3, 14, ["editions", 0, "version"])
    ]


# ---- 4. a version never repeats in disguise --------------------------------------------------------


@pytest.mark.parametrize("version", ["1.0.0", "1", "1.0.0.0"])
def test_edition_new_refuses_a_version_that_is_an_existing_one(project_copy: Path, capsys, version: str) -> None:
    edit(project_copy, "rules/rebus/en.yaml", WINNER_OLD, WINNER_NEW)
    before = tree_digest(project_copy)
    new = ("edition", "new", "rebus", version, "--date", DATE, "--summary", "Reworded.")
    code, _, err = run_cli(capsys, "--root", str(project_copy), *new)
    assert code == 2, err
    assert f"rebus already has an edition 1.0, the same version as {version}: trailing zeros do not count" in err
    assert tree_digest(project_copy) == before


def test_a_version_after_the_latest_with_a_zero_inside_is_recorded(project_copy: Path, capsys) -> None:
    assert history_of(project_copy, "rebus")[-1]["version"] == "1.0.1"  # the corrections
    edit(project_copy, "rules/rebus/en.yaml", WINNER_OLD, WINNER_NEW)
    new = ("edition", "new", "rebus", "1.0.2", "--date", DATE, "--summary", "Reworded.")
    assert run_cli(capsys, "--root", str(project_copy), *new)[0] == 0
    assert run_cli(capsys, "--root", str(project_copy), "check")[0] == 0


def test_check_refuses_a_version_repeated_in_disguise(project_copy: Path, capsys) -> None:
    history = project_copy / "rules/rebus/editions.yaml"
    text = history.read_text(encoding="utf-8")
    first = text.split("editions:\n", 1)[1].split("  - version", 2)[1]  # 1.0's entry, four lines
    history.write_text(text + "  - version" + first.replace('"1.0"', '"1.0.0"'), encoding="utf-8")
    last = len(text.splitlines()) + 1  # the line of the entry added
    _, lines = check_lines(project_copy, capsys, f"editions.yaml:{last}:")
    assert lines == [
        f"rules/rebus/editions.yaml:{last}:14: edition '1.0.0' is edition '1.0' again: "
        "a version's trailing zeros do not count"
    ]


# ---- 5. the history is a hash chain ----------------------------------------------------------------


@pytest.mark.parametrize("game", ["rebus", "rebis", "oh-my-word"])
def test_each_history_of_the_project_is_chained(game: str) -> None:
    previous = ""
    for edition in history_of(ROOT, game):
        sha = sha256_of(ROOT / f"rules/{game}/editions/{edition['version']}.yaml")
        assert edition["sha256"] == sha
        previous = link(previous, edition["version"], edition["date"], edition.get("effective"), sha)
        assert edition["chain"] == previous


def test_edition_new_links_each_edition_and_check_finds_an_old_one_rewritten(project_copy: Path, capsys) -> None:
    edit(project_copy, "rules/rebus/en.yaml", WINNER_OLD, WINNER_NEW)
    new = ("edition", "new", "rebus", "1.1", "--date", DATE, "--summary", "Reworded.")
    assert run_cli(capsys, "--root", str(project_copy), *new)[0] == 0
    *before, second = history_of(project_copy, "rebus")
    first, following = before[0], [*before[1:], second]  # 1.0, then the corrections 1.0.1 and 1.1
    assert [edition["version"] for edition in following] == ["1.0.1", "1.1"]
    sha = sha256_of(project_copy / "rules/rebus/editions/1.1.yaml")
    assert second == {
        "version": "1.1",
        "date": DATE,
        "sha256": sha,
        "chain": link(before[-1]["chain"], "1.1", DATE, None, sha),
    }
    assert run_cli(capsys, "--root", str(project_copy), "check")[0] == 0
    # Edition 1.0 rewritten, its hash too: its own link no longer holds.
    edit(project_copy, "rules/rebus/editions/1.0.yaml", "Highest score wins.", "Lowest score wins.")
    history = project_copy / "rules/rebus/editions.yaml"
    forged_sha = sha256_of(project_copy / "rules/rebus/editions/1.0.yaml")
    edit(project_copy, "rules/rebus/editions.yaml", first["sha256"], forged_sha)
    code, lines = check_lines(project_copy, capsys, "editions")
    assert (code, lines) == (1, [f"rules/rebus/editions.yaml:6:12: the chain hash of edition '1.0' {BROKEN}"])
    # Its link written again: the next one, the corrections' (its entry's fourth line), breaks.
    forged_chain = link("", "1.0", "2026-12-01", None, forged_sha)
    edit(project_copy, "rules/rebus/editions.yaml", first["chain"], forged_chain)
    code, lines = check_lines(project_copy, capsys, "editions")
    assert (code, lines) == (1, [f"rules/rebus/editions.yaml:10:12: the chain hash of edition '1.0.1' {BROKEN}"])
    # Only every later link written again passes: a chain, not a signature (chain.py says so).
    chain = forged_chain
    for edition in following:
        relinked = link(chain, edition["version"], edition["date"], None, edition["sha256"])
        edit(project_copy, "rules/rebus/editions.yaml", edition["chain"], relinked)
        chain = relinked
    assert run_cli(capsys, "--root", str(project_copy), "check")[0] == 0, history.read_text(encoding="utf-8")


# ---- 6. dates: published, never still to come; effective, its own ---------------------------------


def test_edition_new_refuses_a_date_still_to_come(project_copy: Path, capsys) -> None:
    edit(project_copy, "rules/rebus/en.yaml", WINNER_OLD, WINNER_NEW)
    before = tree_digest(project_copy)
    later = day_from_now(2)  # a day that has begun nowhere on Earth yet
    new = ("edition", "new", "rebus", "1.1", "--date", later, "--summary", "Reworded.")
    code, _, err = run_cli(capsys, "--root", str(project_copy), *new)
    assert code == 2 and f"rulebook edition new: --date {later} is a day still to come" in err, err
    assert tree_digest(project_copy) == before


def test_check_reports_a_date_still_to_come_in_the_history(project_copy: Path, capsys) -> None:
    later = day_from_now(2)
    edit(project_copy, "rules/rebus/editions.yaml", 'date: "2026-12-01"', f'date: "{later}"')
    code, lines = check_lines(project_copy, capsys, "still to come")
    assert code == 1
    assert lines == [
        f"rules/rebus/editions.yaml:4:11: edition '1.0' is dated {later}, a day still to come: "
        "an edition is dated when it is published"
    ]


def test_a_date_still_to_come_is_judged_again_once_its_day_has_begun(project_copy: Path, capsys, monkeypatch) -> None:
    later = day_from_now(2)
    edit(project_copy, "rules/rebus/editions.yaml", 'date: "2026-12-01"', f'date: "{later}"')
    assert len(check_lines(project_copy, capsys, "still to come")[1]) == 1
    # Three days on, by the toolkit's clock: the check's problems, kept on disk, are not kept past the day.
    from rulebook.editions import dates

    class Later(datetime.datetime):
        @classmethod
        def now(cls, tz: datetime.tzinfo | None = None) -> datetime.datetime:  # type: ignore[override]
            return datetime.datetime.now(tz) + datetime.timedelta(days=3)

    clock = types.SimpleNamespace(datetime=Later, UTC=datetime.UTC, timedelta=datetime.timedelta, date=datetime.date)
    monkeypatch.setattr(dates, "datetime", clock)
    assert check_lines(project_copy, capsys, "still to come")[1] == []


def test_an_effective_date_is_recorded_apart_and_diff_shows_both(project_copy: Path, capsys) -> None:
    edit(project_copy, "rules/rebus/en.yaml", WINNER_OLD, WINNER_NEW)
    new = ("edition", "new", "rebus", "1.1", "--date", DATE, "--summary", "Reworded.")
    for effective, refusal in (
        ("2026-12-02", f"--effective 2026-12-02 is before the edition's date, {DATE}"),
        ("2027-02-30", "--effective '2027-02-30' is not a date"),
        ("2027-1-5", "--effective '2027-1-5' is not a date"),
    ):
        code, _, err = run_cli(capsys, "--root", str(project_copy), *new, "--effective", effective)
        assert code == 2 and refusal in err, err
    assert not (project_copy / "rules/rebus/editions/1.1.yaml").exists()
    # Taking effect on a day still to come is allowed: the date it was published is today's or earlier.
    assert run_cli(capsys, "--root", str(project_copy), *new, "--effective", "2099-01-01")[0] == 0
    assert history_of(project_copy, "rebus")[-1]["effective"] == "2099-01-01"
    assert run_cli(capsys, "--root", str(project_copy), "check")[0] == 0
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "diff", "rebus", "1.0", "1.1")
    assert code == 0
    assert out.splitlines()[1] == f"edition 1.1, published {DATE}, in effect from 2099-01-01: Reworded."
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "diff", "rebus", "1.0", "1.1", "--json")
    shown = json.loads(out)
    assert (shown["date"], shown["effective"], shown["summary"]) == (DATE, "2099-01-01", "Reworded.")


def test_check_reports_an_effective_date_before_the_edition_was_published(project_copy: Path, capsys) -> None:
    edit(
        project_copy,
        "rules/rebus/editions.yaml",
        '    date: "2026-12-01"\n',
        '    date: "2026-12-01"\n    effective: "2026-11-30"\n',
    )
    code, lines = check_lines(project_copy, capsys, "takes effect")
    assert code == 1
    assert lines == [
        "rules/rebus/editions.yaml:5:16: edition '1.0' takes effect on 2026-11-30, before it was published (2026-12-01)"
    ]


# ---- 7. diff says what the later edition is, and previews the next one ------------------------------


@pytest.mark.parametrize(("language", "summary"), [("en", SUMMARY), ("fr", SUMMARY_FR), ("cs", SUMMARY)])
def test_diff_prints_the_later_editions_summary_and_date(erratum: Path, capsys, language: str, summary: str) -> None:
    code, out, err = run_cli(capsys, "--root", str(erratum), "diff", "rebus", "1.0", "1.1", "--lang", language)
    assert code == 0, err
    assert out.splitlines()[:2] == [
        f"REBUS: edition 1.0 → 1.1 ({language})",
        f"edition 1.1, published {DATE}: {summary}",
    ]
    code, out, _ = run_cli(capsys, "--root", str(erratum), "diff", "rebus", "1.0", "1.1", "--lang", language, "--json")
    shown = json.loads(out)
    assert (shown["date"], shown["effective"], shown["summary"]) == (DATE, None, summary)


def test_diff_against_current_previews_the_next_edition(project_copy: Path, capsys) -> None:
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "diff", "rebus", "1.0", "current")
    assert code == 0
    # The referee notes and examples edited since 1.0 (issue 49) follow the rules' part.
    assert out.splitlines()[:4] == [
        "REBUS: edition 1.0 → current (en)",
        "current: the rules as they stand, not recorded as an edition yet",
        "no rule changed",
        "ruling     changed squares-compound",
    ]
    edit(project_copy, "rules/rebus/en.yaml", WINNER_OLD, WINNER_NEW)
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "diff", "rebus", "1.0", "current")
    assert code == 0
    assert out.splitlines()[2:5] == [
        "changed    REBUS 4.2 (winner)",
        "    [-Highest-] {+The highest+} score wins.",
        "ruling     changed squares-compound",
    ]
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "diff", "rebus", "1.0", "current", "--json")
    shown = json.loads(out)
    assert (shown["to"], shown["date"], shown["summary"]) == ("current", None, None)
    assert [change["rule"] for change in shown["changes"]] == ["winner"]
    # Only the later side may be the rules as they stand.
    code, _, err = run_cli(capsys, "--root", str(project_copy), "diff", "rebus", "current", "1.0")
    assert code == 2 and "rebus has no edition 'current'" in err


def test_edition_new_refuses_a_summary_that_check_would_refuse(project_copy: Path, capsys) -> None:
    """A retired word (terms.yaml forbids the English "rack") in the summary: refused by the
    command that would write it, not by every `check` after it; nothing is written."""
    edit(project_copy, "rules/rebus/en.yaml", WINNER_OLD, WINNER_NEW)  # so that 1.1 could be recorded
    before = tree_digest(project_copy)
    today = datetime.datetime.now(datetime.UTC).date().isoformat()
    new = ("edition", "new", "rebus", "1.1", "--date", today, "--summary", "A full rack scores the bonus.")
    code, _, err = run_cli(capsys, "--root", str(project_copy), *new)
    assert code == 2, err
    assert "--summary: terminology: 'rack…' is not used for 'hand'" in err, err
    assert tree_digest(project_copy) == before
    code, _, err = run_cli(capsys, "--root", str(project_copy), *new[:-1], "A full hand scores the bonus.")
    assert code == 0, err
    assert run_cli(capsys, "--root", str(project_copy), "check")[0] == 0
