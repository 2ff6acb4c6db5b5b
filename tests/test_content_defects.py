"""Issue 49, part 5: the text defects an independent read found, each fixed, and the checks that catch
their kind (validate/rulings.py, validate/retired_terms.py).

The checks are the toolkit's and are tested on the translated fixture (fixture_games.py) with alpha's
corrections (record_corrections: the referee note shared-win, the example tie) and the project's own
glossary (with_glossary: its terms, whose retired English words are "rack" and "premium square"), and
with what make_defects_project adds to alpha: three rulings that presume one another (tie-total presumes add-points
and shared-win, add-points presumes count-rounds), the former id equal-win of shared-win and the former
id top-total of the example highest-total.

The first part is the fixed defects themselves: particular words, rulings and questions of the
project's real games (a quote of one rule, the rulings two examples name, one answer's wording, one
ruling's reading, three players' questions, the French and Czech words for a tie, one glossary entry),
which only the real texts hold; they stay on the real content, and what holds of every game (no Czech
text says "vyhrává") is tested over every game the project lists.
Each expectation here was worked out from the rules' words and the issue, not from what the code prints."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

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


def test_squares_compound_quotes_the_basic_score_as_rule_3_2_says_it_in_every_language() -> None:
    # Rule 3.2: "double the basic score if blue, triple the basic score if red".
    expected = {"en": "“the basic score”", "fr": "«\u00a0le score de base\u00a0»", "cs": "„základní skóre“"}
    for language, quoted in expected.items():
        why = _words("rebus", language)["ruling.squares-compound.why"]
        assert quoted in why, language


def test_the_examples_name_the_rulings_their_reasoning_rests_on(project: Project) -> None:
    rebus, rebis = project.game("rebus"), project.game("rebis")
    assert rebus is not None and rebis is not None
    # A rebus of 4 tiles, 2 of them new, scores 4 × 3: old tiles count (rebus-score).
    covered = next(example for example in rebus.examples if example.id == "covered-earlier")
    assert "rebus-score" in covered.rulings
    # Bob's 2 negative points count as +2 against Ann's 3 cards: the red-token ruling.
    tie = next(example for example in rebis.examples if example.id == "red-token-tie")
    assert "red-token" in tie.rulings


def test_the_red_token_tie_answer_says_how_the_results_are_counted() -> None:
    answers = {language: _words("rebis", language)["ruling.red-token-tie.answer"] for language in ("en", "fr", "cs")}
    assert "counted as a positive number" in answers["en"]
    assert "comptés comme un nombre positif" in answers["fr"]
    assert "počítané jako kladné číslo" in answers["cs"]


def test_the_oh_my_word_tie_ruling_is_the_projects_own_reading(project: Project) -> None:
    # "In the event of a tie" says nothing of which tie; "the fewest points" is the project's reading.
    game = project.game("oh-my-word")
    assert game is not None
    assert not next(ruling for ruling in game.rulings if ruling.id == "tie").restates


def test_the_three_players_questions_point_to_the_rule_that_answers_them() -> None:
    words = yaml.safe_load((ROOT / "rules/search-words.yaml").read_text(encoding="utf-8"))["languages"]

    def under(language: str, question: str) -> list[str]:
        return [address for address, asked in words[language]["questions"].items() if question in asked]

    # Oh My Word 3.7: "Hand the bag to the next person and restart the timer."
    assert under("en", "do I restart after the buzzer") == ["oh-my-word/#timer-goes-off"]
    assert under("fr", "qui relance la manche") == ["oh-my-word/#timer-goes-off"]
    # How many cards a shelf holds: the shelf-limit ruling (no limit on cards), not Rebis 1.1.
    assert under("cs", "kolik karet může být na polici") == ["rebis/#ruling-shelf-limit"]


def test_the_czech_card_heading_and_texts_say_one_word_for_a_tie_and_for_winning(project: Project) -> None:
    catalog = (ROOT / "locales/cs/LC_MESSAGES/messages.po").read_text(encoding="utf-8")
    assert 'msgid "Ties"\nmsgstr "Nerozhodný výsledek"' in catalog
    # Every game the project lists that is in Czech.
    games = [game.id for game in project.games if (ROOT / f"rules/{game.id}/cs.yaml").exists()]
    assert games
    for game in games:
        for unit, text in _words(game, "cs").items():
            assert "vyhrává" not in text.lower(), (game, unit)


def test_french_manche_is_a_round_only_and_the_tiebreaker_a_departage() -> None:
    french = _words("oh-my-word", "fr")
    assert "manche de départage" not in " ".join(french.values())
    assert "disputent un départage" in french["rule.tie-playoff"]


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
