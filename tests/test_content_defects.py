"""Issue 49, part 5: the text defects an independent read found, each fixed, and the checks that catch
their kind (validate/rulings.py, validate/retired_terms.py).

The checks are the toolkit's and are tested on the translated fixture (fixture_games.py) with alpha's
corrections (record_corrections: the referee note shared-win, the example tie) and the project's own
glossary (with_glossary: its terms, whose retired English words are "rack" and "premium square"), and
with what make_defects_project adds to alpha: three rulings that presume one another (tie-total presumes add-points
and shared-win, add-points presumes count-rounds), the former id equal-win of shared-win and the former
id top-total of the example highest-total.

The first part is the fixed defects themselves, which only the real texts hold: each game keeps its own
in rules/<game>/defects.json (schemas/defects.schema.json: words a unit must keep saying or no unit may
say again, the rulings an example names, a ruling's reading, the address a players' question is listed
under), and the tests iterate whatever games the project lists. What holds of every game (no Czech text
says "vyhrává"), the toolkit's Czech word for a tie and one glossary entry are tested as they are.
Each expectation here was worked out from the rules' words and the issue, not from what the code prints."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from conftest import ROOT, edit, locate, made_once, run_cli
from fixture_games import make_translated_project, record_corrections, with_glossary
from rulebook.load.project import load_project
from rulebook.model import Project
from rulebook.render.pages import render_pages
from rulebook.render.rule_entries import current_addresses
from rulebook.validate.rulings import presumed, quotes
from rulebook.validate.search_words import search_entries
from scoring_cases import content_project

DEFECTS_FILE = "defects.json"  # a game's fixed defects (schemas/defects.schema.json)

# alpha's rulings added to those of record_corrections, and their English words (the translations
# are left out: a missing one is a warning, and the English page is the one read here).
DEFECTS_RULINGS = """\
  - id: count-rounds
    rules: [winner]
  - id: add-points
    rules: [winner]
    presumes: [count-rounds]
  - id: tie-total
    rules: [winner]
    presumes: [add-points, shared-win]
"""
DEFECTS_WORDS = """\
  ruling.count-rounds.question:
    text: How many rounds are played?
  ruling.count-rounds.answer:
    text: Three.
  ruling.count-rounds.why:
    text: The rules say so.
  ruling.add-points.question:
    text: Are the points of every round added?
  ruling.add-points.answer:
    text: Yes.
  ruling.add-points.why:
    text: The rules say so.
  ruling.tie-total.question:
    text: Is a tie a tie of the totals?
  ruling.tie-total.answer:
    text: Yes.
  ruling.tie-total.why:
    text: The rules say so.
"""


def make_defects_project(root: Path) -> None:
    make_translated_project(root)
    record_corrections(root)
    with_glossary(root, "alpha")
    game = root / "rules/alpha/game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + DEFECTS_RULINGS, encoding="utf-8")
    words = root / "rules/alpha/en.yaml"
    words.write_text(words.read_text(encoding="utf-8") + DEFECTS_WORDS, encoding="utf-8")
    edit(root, "rules/alpha/game.yaml", "  - id: shared-win\n", "  - id: shared-win\n    formerly: [equal-win]\n")
    edit(root, "rules/alpha/game.yaml", "  - id: highest-total\n", "  - id: highest-total\n    formerly: [top-total]\n")


@pytest.fixture(scope="module")
def fixture_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return made_once(tmp_path_factory, "content-defects-project", make_defects_project)


@pytest.fixture
def fixture_copy(fixture_root: Path, tmp_path: Path) -> Path:
    shutil.copytree(fixture_root, tmp_path / "defects")
    return tmp_path / "defects"


@pytest.fixture(scope="module")
def fixture(fixture_root: Path) -> Project:
    project = load_project(fixture_root).project
    assert project is not None
    return project


@pytest.fixture(scope="module")
def fixture_pages(fixture: Project) -> dict[str, str]:
    return {page.path: page.text for page in render_pages(fixture)}


@pytest.fixture(scope="module")
def project() -> Project:
    project = load_project(ROOT).project
    assert project is not None
    return project


def _words(game: str, language: str) -> dict[str, str]:
    data = yaml.safe_load((ROOT / f"rules/{game}/{language}.yaml").read_text(encoding="utf-8"))
    # Folded lines joined; no-break spaces kept (str.split would take them for spaces).
    return {unit: re.sub(r"[ \n]+", " ", value["text"]) for unit, value in data["units"].items()}


def _problems(capsys, root: Path) -> list[str]:
    _, out, _ = run_cli(capsys, "--root", str(root), "check")
    return out.splitlines()


# ---- the defects: the project's own texts ----------------------------------------------------------


def _defects_files() -> dict[str, Path]:
    """Each game of the project that keeps its fixed defects (rules/<game>/defects.json), with its file."""
    games = [game.id for game in content_project().games]
    return {game: path for game in games if (path := ROOT / "rules" / game / DEFECTS_FILE).is_file()}


def _defects() -> list[tuple[str, dict[str, Any]]]:
    return [
        (game, defect)
        for game, path in _defects_files().items()
        for defect in json.loads(path.read_text(encoding="utf-8"))["defects"]
    ]


@pytest.mark.content
def test_the_defects_files_follow_their_schema() -> None:
    schema = jsonschema.Draft202012Validator(json.loads((ROOT / "schemas/defects.schema.json").read_bytes()))
    for game, path in _defects_files().items():
        written = json.loads(path.read_text(encoding="utf-8"))
        assert [f"{list(e.absolute_path)}: {e.message}" for e in schema.iter_errors(written)] == [], game
        assert written["game"] == game
        described = [defect["description"] for defect in written["defects"]]
        assert len(described) == len(set(described)), game


@pytest.mark.content
@pytest.mark.parametrize(("game", "defect"), _defects(), ids=[f"{g}: {d['description'][:60]}" for g, d in _defects()])
def test_a_fixed_defect_stays_fixed(game: str, defect: dict[str, Any], project: Project) -> None:
    """What a game's defects.json says its texts must keep saying or never say again."""
    found = project.game(game)
    assert found is not None
    if "says" in defect:
        for language, said in defect["says"].items():
            assert said in _words(game, language)[defect["unit"]], language
    if "never_says" in defect:
        for language, banned in defect["never_says"].items():
            text = " ".join(_words(game, language).values())
            assert not [said for said in banned if said in text], language
    if "example" in defect:
        example = next(example for example in found.examples if example.id == defect["example"])
        assert set(defect["rulings"]) <= set(example.rulings)
    if "ruling" in defect:
        ruling = next(ruling for ruling in found.rulings if ruling.id == defect["ruling"])
        assert ruling.restates is defect["restates"]
    if "questions" in defect:
        words = yaml.safe_load((ROOT / "rules/search-words.yaml").read_text(encoding="utf-8"))["languages"]
        for language, questions in defect["questions"].items():
            for question, anchor in questions.items():
                listed = [address for address, asked in words[language]["questions"].items() if question in asked]
                assert listed == [f"{game}/{anchor}"], (language, question)


def test_the_czech_card_heading_and_texts_say_one_word_for_a_tie_and_for_winning(project: Project) -> None:
    catalog = (ROOT / "locales/cs/LC_MESSAGES/messages.po").read_text(encoding="utf-8")
    assert 'msgid "Ties"\nmsgstr "Nerozhodný výsledek"' in catalog
    # Every game the project lists that is in Czech.
    games = [game.id for game in project.games if (ROOT / f"rules/{game.id}/cs.yaml").exists()]
    assert games
    for game in games:
        for unit, text in _words(game, "cs").items():
            assert "vyhrává" not in text.lower(), (game, unit)


def test_the_czech_bow_entry_says_it_is_also_a_mašle() -> None:
    data = yaml.safe_load((ROOT / "glossary/cs.yaml").read_text(encoding="utf-8"))
    assert "mašli" in data["units"]["symbol.bow.readings"]["text"]


# ---- a ruling an example rests on is named ------------------------------------------------------


def test_what_a_ruling_presumes_is_followed_to_the_end(fixture: Project) -> None:
    alpha = fixture.game("alpha")
    assert alpha is not None
    # tie-total presumes add-points and shared-win; add-points presumes count-rounds, which tie-total
    # therefore rests on too, through add-points; shared-win presumes nothing.
    assert presumed(alpha, ("tie-total",)) == {
        "add-points": "tie-total",
        "shared-win": "tie-total",
        "count-rounds": "add-points",
    }
    assert presumed(alpha, ("add-points",)) == {"count-rounds": "add-points"}
    assert presumed(alpha, ("tie-total", "add-points", "shared-win", "count-rounds")) == {}
    assert presumed(alpha, ("shared-win",)) == {}


def test_an_example_and_a_note_say_what_they_rest_on(fixture_pages: dict[str, str]) -> None:
    page = fixture_pages["en/alpha.md"]
    # The example tie names the ruling shared-win.
    example = page[page.index('id="example-tie"') :]
    example = example[: example.index("</div>")]
    assert "(#ruling-shared-win)" in example and "Rests on:" in example
    # The note tie-total presumes add-points and shared-win; shared-win presumes nothing.
    note = page[page.index('id="ruling-tie-total"') :]
    note = note[: note.index("</div>")]
    assert "(#ruling-add-points)" in note and "(#ruling-shared-win)" in note and "Rests on:" in note
    plain = page[page.index('id="ruling-shared-win"') :]
    plain = plain[: plain.index("</div>")]
    assert "Rests on:" not in plain


# ---- quotes ---------------------------------------------------------------------------------------


def test_quotes_are_cut_at_ellipses_and_trimmed_of_their_closing_marks() -> None:
    said = "Les règles disent\u00a0: «\u00a0Les bonus ne comptent qu’une seule fois.\u00a0» et « double … si bleue »"
    assert quotes(said, ("«", "»")) == ["Les bonus ne comptent qu’une seule fois", "double", "si bleue"]


def test_a_quote_that_a_rule_of_another_ruling_says_is_still_refused(fixture_copy: Path, capsys) -> None:
    # "Discard one card at the end of the turn." is alpha 2.3's (rule discard), not the winner rule's,
    # the one rule of shared-win: the quote must be the ruling's own rules' words.
    text = edit(
        fixture_copy,
        "rules/alpha/en.yaml",
        'text: "The rules name no tiebreaker."',
        "text: The rules say “Discard one card at the end of the turn.”",
    )
    line, col = locate(text, "The rules say “Discard")
    expected = (
        f"rules/alpha/en.yaml:{line}:{col}: units.ruling.shared-win.why.text: ruling 'shared-win' quotes "
        "'Discard one card at the end of the turn', which none of its rules (winner) says in these words"
    )
    assert expected in _problems(capsys, fixture_copy)


def test_a_quote_of_the_rulings_own_rule_is_not_refused(fixture_copy: Path, capsys) -> None:
    # The winner rule says "... the highest total wins.", in these words.
    edit(
        fixture_copy,
        "rules/alpha/en.yaml",
        'text: "The rules name no tiebreaker."',
        "text: The rules say “the highest total wins.”",
    )
    assert not [line for line in _problems(capsys, fixture_copy) if "quotes" in line]


# ---- retired terms ----------------------------------------------------------------------------------


def test_an_id_that_shows_a_retired_word_is_refused(fixture_copy: Path, capsys) -> None:
    """The example tie renamed rack-tie, in its game and its three words files."""
    assert not [line for line in _problems(capsys, fixture_copy) if "retired word" in line]
    old, new = "tie", "rack-tie"
    edit(fixture_copy, "rules/alpha/game.yaml", f"  - id: {old}\n", f"  - id: {new}\n")
    for language in ("en", "fr", "cs"):
        edit(fixture_copy, f"rules/alpha/{language}.yaml", f"  example.{old}:\n", f"  example.{new}:\n")
    text = (fixture_copy / "rules/alpha/game.yaml").read_text(encoding="utf-8")
    line, col = locate(text, f"- id: {new}")
    expected = (
        f"rules/alpha/game.yaml:{line}:{col + 6}: id '{new}' shows the retired word 'rack' to readers; rename it "
        "(keeping the old id as formerly)"
    )
    assert expected in _problems(capsys, fixture_copy)


def test_a_toolkit_message_with_a_retired_word_is_refused(fixture_copy: Path, capsys) -> None:
    text = edit(
        fixture_copy,
        "locales/messages.pot",
        'msgid "more bonus squares under new tiles ({squares}) than tiles placed ({placed})"',
        'msgid "more premium squares under new tiles ({squares}) than tiles placed ({placed})"',
    )
    line = text[: text.index('msgid "more premium squares')].count("\n") + 1
    expected = (
        f"locales/messages.pot:{line}:1: the toolkit's message 'more premium squares under new tiles ({{squares}}) "
        "than tiles placed ({placed})' uses the retired word 'premium squares' (glossary/terms.yaml: premium-square)"
    )
    assert expected in _problems(capsys, fixture_copy)


def test_a_placeholders_name_is_no_word_shown(fixture_copy: Path, capsys) -> None:
    # "{rack}" is replaced by a number before anyone reads it: the message is not refused for it.
    template = (fixture_copy / "locales/messages.pot").read_text(encoding="utf-8")
    assert "{rack}" in template
    assert not [line for line in _problems(capsys, fixture_copy) if "retired word" in line]


def test_the_project_has_no_retired_word_in_its_ids_or_its_messages(capsys) -> None:
    problems = _problems(capsys, ROOT)
    assert not [line for line in problems if "retired word" in line]
    template = (ROOT / "locales/messages.pot").read_text(encoding="utf-8")
    shown = re.sub(r"\{[^{}]*\}", "", "\n".join(re.findall(r'^msgid "(.*)"$', template, re.M)))
    assert not re.search(r"(?<!\w)rack|premium square", shown, re.I)


# ---- renamed ids keep their old anchors ------------------------------------------------------------


def test_a_renamed_example_and_ruling_keep_their_old_anchors_on_the_page(fixture_pages: dict[str, str]) -> None:
    for path in ("en/alpha.md", "fr/alpha.md", "cs/alpha.md"):
        page = fixture_pages[path]
        assert 'id="ruling-shared-win"' in page and '<span id="ruling-equal-win"></span>' in page, path
        example = page.index('id="example-highest-total"')
        assert page.index('<span id="example-top-total"></span>') > example, path


def test_questions_listed_under_a_rulings_old_address_reach_it(fixture: Project) -> None:
    assert "alpha/#ruling-equal-win" in search_entries(fixture.games)
    words = {"languages": {"en": {"questions": {"alpha/#ruling-equal-win": ["same total both win"]}}}}
    moved = current_addresses(words, fixture)
    assert moved is not None
    assert moved["languages"]["en"]["questions"] == {"alpha/#ruling-shared-win": ["same total both win"]}


def test_an_old_example_id_still_scores(fixture_root: Path, capsys) -> None:
    code, out, _ = run_cli(capsys, "--root", str(fixture_root), "score", "alpha", "--example", "top-total", "--json")
    assert code == 0
    # Ann scores 3 + 2 + 4 = 9, Bob 5 + 1 + 2 = 8: Ann alone has the highest total.
    assert json.loads(out) == {"scores": {"Ann": 9, "Bob": 8}, "winners": ["Ann"], "tiebreak": False}


def test_a_template_that_is_a_link_or_no_po_file_is_refused_unread_or_at_its_line(fixture_copy: Path, capsys) -> None:
    template = fixture_copy / "locales/messages.pot"
    template.write_text('msgid "a"\nmsgstr ""\n\nnot a line of a PO file\n', encoding="utf-8")
    code, out, err = run_cli(capsys, "--root", str(fixture_copy), "check")
    assert code == 1 and "Traceback" not in out + err
    assert "locales/messages.pot:4:0: not a valid PO line: 'not a line of a PO file'" in out.splitlines()
    secret = fixture_copy.parent / "secret.txt"
    secret.write_text('msgid "rack"\n', encoding="utf-8")
    template.unlink()
    template.symlink_to(secret)
    code, out, err = run_cli(capsys, "--root", str(fixture_copy), "check")
    assert code == 1 and "Traceback" not in out + err
    refused = (
        "locales/messages.pot: a symbolic link: files of locales/ are read only from the project's own files; "
        "refused unread"
    )
    assert refused in out.splitlines()
    assert "rack" not in out  # never read, so never quoted
