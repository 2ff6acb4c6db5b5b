"""Issue 49, part 5: the text defects an independent read found, each fixed, and the checks that
catch their kind (validate/rulings.py, validate/retired_terms.py). Each expectation here was worked
out from the rules' words and the issue, not from what the code prints."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from conftest import ROOT, edit, locate, run_cli
from rulebook.load.project import load_project
from rulebook.model import Project
from rulebook.render.pages import render_pages
from rulebook.render.rule_entries import current_addresses
from rulebook.validate.rulings import presumed, quotes
from rulebook.validate.search_words import search_entries


@pytest.fixture(scope="module")
def project() -> Project:
    project = load_project(ROOT).project
    assert project is not None
    return project


@pytest.fixture(scope="module")
def pages(project: Project) -> dict[str, str]:
    return {page.path: page.text for page in render_pages(project)}


def _words(game: str, language: str) -> dict[str, str]:
    data = yaml.safe_load((ROOT / f"rules/{game}/{language}.yaml").read_text(encoding="utf-8"))
    # Folded lines joined; no-break spaces kept (str.split would take them for spaces).
    return {unit: re.sub(r"[ \n]+", " ", value["text"]) for unit, value in data["units"].items()}


def _problems(capsys, root: Path) -> list[str]:
    _, out, _ = run_cli(capsys, "--root", str(root), "check")
    return out.splitlines()


# ---- the defects --------------------------------------------------------------------------------


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


def test_the_red_token_tie_note_and_example_say_they_rest_on_the_red_token_ruling(pages: dict[str, str]) -> None:
    page = pages["en/rebis.md"]
    example = page[page.index('id="example-red-token-tie"') :]
    example = example[: example.index("</div>")]
    assert "(#ruling-red-token)" in example and "Rests on:" in example
    note = page[page.index('id="ruling-red-token-tie"') :]
    note = note[: note.index("</div>")]
    assert "(#ruling-red-token)" in note and "Rests on:" in note


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


def test_the_czech_card_heading_and_texts_say_one_word_for_a_tie_and_for_winning() -> None:
    catalog = (ROOT / "locales/cs/LC_MESSAGES/messages.po").read_text(encoding="utf-8")
    assert 'msgid "Ties"\nmsgstr "Nerozhodný výsledek"' in catalog
    for game in ("rebus", "rebis", "oh-my-word"):
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


def test_what_a_ruling_presumes_is_followed_to_the_end(project: Project) -> None:
    rebis = project.game("rebis")
    assert rebis is not None
    # red-token-placement presumes token-values and red-token; neither presumes anything further.
    assert presumed(rebis, ("red-token-placement",)) == {
        "token-values": "red-token-placement",
        "red-token": "red-token-placement",
    }
    assert presumed(rebis, ("red-token-placement", "red-token", "token-values")) == {}


# ---- quotes ---------------------------------------------------------------------------------------


def test_quotes_are_cut_at_ellipses_and_trimmed_of_their_closing_marks() -> None:
    said = "Les règles disent\u00a0: «\u00a0Les bonus ne comptent qu’une seule fois.\u00a0» et « double … si bleue »"
    assert quotes(said, ("«", "»")) == ["Les bonus ne comptent qu’une seule fois", "double", "si bleue"]


def test_a_quote_that_a_rule_of_another_ruling_says_is_still_refused(project_copy: Path, capsys) -> None:
    # "Highest score wins." is REBUS 4.2's, not 3.2's: the quote must be the ruling's own rules' words.
    text = edit(
        project_copy,
        "rules/rebus/en.yaml",
        "The rules say “Bonuses are scored once only.”",
        "The rules say “Highest score wins.”",
    )
    line, col = locate(text, "The rules say “Highest")
    expected = (
        f"rules/rebus/en.yaml:{line}:{col}: units.ruling.covered-earlier.why.text: ruling 'covered-earlier' quotes "
        "'Highest score wins', which none of its rules (bonus-squares) says in these words"
    )
    assert expected in _problems(capsys, project_copy)


# ---- retired terms ----------------------------------------------------------------------------------


def test_an_id_that_shows_a_retired_word_is_refused(project_copy: Path, capsys) -> None:
    """The example as it was before its rename, with its words."""
    old, new = "two-rebuses-full-rack", "two-rebuses-all-tiles"
    edit(project_copy, "rules/rebus/game.yaml", f"    formerly: [{old}]\n", "")
    for name in ("rules/rebus/game.yaml", "rules/rebus/en.yaml", "rules/rebus/fr.yaml", "rules/rebus/cs.yaml"):
        path = project_copy / name
        path.write_text(path.read_text(encoding="utf-8").replace(new, old), encoding="utf-8")
    text = (project_copy / "rules/rebus/game.yaml").read_text(encoding="utf-8")
    line, col = locate(text, f"- id: {old}")
    expected = (
        f"rules/rebus/game.yaml:{line}:{col + 6}: id '{old}' shows the retired word 'rack' to readers; rename it "
        "(keeping the old id as formerly)"
    )
    assert expected in _problems(capsys, project_copy)


def test_a_toolkit_message_with_a_retired_word_is_refused(project_copy: Path, capsys) -> None:
    text = edit(
        project_copy,
        "locales/messages.pot",
        'msgid "more bonus squares under new tiles ({squares}) than tiles placed ({placed})"',
        'msgid "more premium squares under new tiles ({squares}) than tiles placed ({placed})"',
    )
    line = text[: text.index('msgid "more premium squares')].count("\n") + 1
    expected = (
        f"locales/messages.pot:{line}:1: the toolkit's message 'more premium squares under new tiles ({{squares}}) "
        "than tiles placed ({placed})' uses the retired word 'premium squares' (glossary/terms.yaml: premium-square)"
    )
    assert expected in _problems(capsys, project_copy)


def test_a_placeholders_name_is_no_word_shown() -> None:
    # "{rack}" is replaced by a number before anyone reads it: the message is not refused for it.
    template = (ROOT / "locales/messages.pot").read_text(encoding="utf-8")
    assert "{rack}" in template


def test_the_project_has_no_retired_word_in_its_ids_or_its_messages(capsys) -> None:
    problems = _problems(capsys, ROOT)
    assert not [line for line in problems if "retired word" in line]
    template = (ROOT / "locales/messages.pot").read_text(encoding="utf-8")
    shown = re.sub(r"\{[^{}]*\}", "", "\n".join(re.findall(r'^msgid "(.*)"$', template, re.M)))
    assert not re.search(r"(?<!\w)rack|premium square", shown, re.I)


# ---- renamed ids keep their old anchors ------------------------------------------------------------


def test_a_renamed_example_and_ruling_keep_their_old_anchors_on_the_page(pages: dict[str, str]) -> None:
    for path in ("en/rebus.md", "fr/rebus.md", "cs/rebus.md"):
        page = pages[path]
        assert 'id="ruling-all-tiles-bonus"' in page and '<span id="ruling-full-rack-bonus"></span>' in page
        example = page.index('id="example-two-rebuses-all-tiles"')
        assert page.index('<span id="example-two-rebuses-full-rack"></span>') > example


def test_questions_listed_under_a_rulings_old_address_reach_it(project: Project) -> None:
    assert "rebus/#ruling-full-rack-bonus" in search_entries(project.games)
    words = {"languages": {"en": {"questions": {"rebus/#ruling-full-rack-bonus": ["all tiles bonus twice"]}}}}
    moved = current_addresses(words, project)
    assert moved is not None
    assert moved["languages"]["en"]["questions"] == {"rebus/#ruling-all-tiles-bonus": ["all tiles bonus twice"]}


def test_an_old_example_id_still_scores(capsys) -> None:
    code, out, _ = run_cli(
        capsys, "--root", str(ROOT), "score", "rebus", "--example", "two-rebuses-full-rack", "--json"
    )
    assert code == 0
    # 9 tiles on a red square: 9 × 3 × 3 = 81; a second rebus of 3 tiles: 9; the bonus of 50 once.
    assert json.loads(out)["score"] == 140


def test_a_template_that_is_a_link_or_no_po_file_is_refused_unread_or_at_its_line(project_copy: Path, capsys) -> None:
    template = project_copy / "locales/messages.pot"
    template.write_text('msgid "a"\nmsgstr ""\n\nnot a line of a PO file\n', encoding="utf-8")
    code, out, err = run_cli(capsys, "--root", str(project_copy), "check")
    assert code == 1 and "Traceback" not in out + err
    assert "locales/messages.pot:4:0: not a valid PO line: 'not a line of a PO file'" in out.splitlines()
    secret = project_copy.parent / "secret.txt"
    secret.write_text('msgid "rack"\n', encoding="utf-8")
    template.unlink()
    template.symlink_to(secret)
    code, out, err = run_cli(capsys, "--root", str(project_copy), "check")
    assert code == 1 and "Traceback" not in out + err
    refused = (
        "locales/messages.pot: a symbolic link: files of locales/ are read only from the project's own files; "
        "refused unread"
    )
    assert refused in out.splitlines()
    assert "rack" not in out  # never read, so never quoted
