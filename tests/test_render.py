"""Rendering the model into Markdown pages: numbers from data, marks on drafts, and no HTML from YAML."""

from __future__ import annotations

import json
import re
from pathlib import Path

import markdown
import pytest

from conftest import ROOT, TESTED_GAMES, per_test_under_mutmut
from rulebook.editions.history import read_history
from rulebook.load.project import load_project
from rulebook.model import Status
from rulebook.render.pages import render_pages
from rulebook.render.quiz_questions import quiz_questions

EXTENSIONS = ["admonition", "attr_list", "md_in_html", "tables", "toc"]  # as in mkdocs.yml


def pages_of(root: Path) -> dict[str, str]:
    return {page.path: page.text for page in render_pages(load_project(root).project)}


@pytest.fixture(scope=per_test_under_mutmut)
def pages() -> dict[str, str]:
    return pages_of(ROOT)


def test_each_language_has_a_home_page_a_page_per_game_and_the_glossary(pages: dict[str, str]) -> None:
    project = load_project(ROOT).project
    games = tuple(game.id for game in project.games)
    names = ("index", *games, "glossary", "status")
    cards = tuple(f"quick-reference/{game}" for game in games)
    changes = tuple(f"{game}/changes" for game in games)
    # A quiz for each game with worked examples or rulings to ask (a new game's one example asks none).
    quizzes = tuple(f"{game.id}/quiz" for game in project.games if quiz_questions(game, ROOT))
    assert {f"{game}/quiz" for game in TESTED_GAMES} <= set(quizzes)
    editions = []  # each recorded edition as it was, and each later one's errata sheet (render/as_of.py, errata.py)
    first_two = {}
    for game in games:
        history, problems = read_history(ROOT, ROOT / "rules" / game)
        versions = [edition.version for edition in history.editions]
        assert not problems and versions
        first_two[game] = versions[:2]
        editions += [f"{game}/{version}" for version in versions]
        editions += [f"{game}/errata-{version}" for version in versions[1:]]
    # The tested games have a later edition: an errata sheet is among the pages counted.
    assert [first_two.get(game) for game in TESTED_GAMES] == [["1.0", "1.0.1"]] * len(TESTED_GAMES)
    every = names + cards + changes + quizzes + tuple(editions)
    expected = {f"{lang}/{page}.md" for lang in project.languages for page in every}
    assert set(pages) == expected


def test_every_rule_has_its_anchor_and_number_in_every_language(pages: dict[str, str]) -> None:
    project = load_project(ROOT).project
    for game in project.games:
        for language in project.languages:
            page = pages[f"{language}/{game.id}.md"]
            for rule in game.rules():
                assert f'id="{rule.id}"' in page
                assert f'href="#{rule.id}" title="{game.name} {rule.number}">{rule.number}</a>' in page


def test_no_placeholder_is_left_unfilled(pages: dict[str, str]) -> None:
    for path, text in pages.items():
        assert not re.search(r"(?<!\\)\{[a-z_]+\.[a-z_]+", text), path


def test_a_number_changed_in_game_data_changes_in_every_language(project_copy: Path) -> None:
    game_file = project_copy / "rules/oh-my-word/game.yaml"
    game_file.write_text(game_file.read_text(encoding="utf-8").replace("letter_tiles: 108", "letter_tiles: 111"))
    pages = pages_of(project_copy)
    for language in ("en", "fr", "cs"):
        assert "111" in pages[f"{language}/oh-my-word.md"]
        assert "108" not in pages[f"{language}/oh-my-word.md"]


def test_numbers_are_written_the_way_each_language_writes_them(pages: dict[str, str]) -> None:
    # timer.battery_volts is 1.5, and short games use 1, 2 or 3 boards (setup.short_game_boards).
    assert "1.5-volt" in pages["en/oh-my-word.md"]
    assert "1,5" in pages["fr/oh-my-word.md"] and "1.5" not in pages["fr/oh-my-word.md"]
    assert "1, 2, or 3 boards" in pages["en/oh-my-word.md"]
    assert "1, 2 ou 3" in pages["fr/oh-my-word.md"]
    assert "1, 2 nebo 3" in pages["cs/oh-my-word.md"]


def test_draft_translations_are_marked_and_publisher_text_is_not(pages: dict[str, str]) -> None:
    french_rebis = markdown.markdown(pages["fr/rebis.md"], extensions=EXTENSIONS)
    rules = dict(re.findall(r'<div class="rb-rule" id="([a-z-]+)">(.*?)</div>', french_rebis, re.S))
    assert "Traduction provisoire" not in rules["aim"]  # the publisher's French
    assert "Traduction provisoire" in rules["zero-expansion"]  # ours, translated from Czech
    english_rebis = markdown.markdown(pages["en/rebis.md"], extensions=EXTENSIONS)
    assert "Draft translation from Czech" in english_rebis
    project = load_project(ROOT).project
    rebus = next(game for game in project.games if game.id == "rebus")
    assert all(unit.status is Status.DRAFT for unit in rebus.words["cs"].units.values())
    # A page that is a draft throughout says so once, instead of on every rule.
    assert pages["cs/rebus.md"].count("Pracovní překlad") == 1


def test_a_missing_translation_shows_the_english_with_a_notice(project_copy: Path) -> None:
    words = project_copy / "rules/rebus/cs.yaml"
    text = words.read_text(encoding="utf-8")
    start = text.index("  rule.winner:\n")
    end = text.index("  section.glossary:")
    words.write_text(text[:start] + text[end:], encoding="utf-8")
    html = markdown.markdown(pages_of(project_copy)["cs/rebus.md"], extensions=EXTENSIONS)
    winner = re.search(r'<div class="rb-rule" id="winner" lang="en">(.*?)</div>', html, re.S)
    assert winner is not None
    assert "Highest score wins." in winner.group(1)
    assert "Zatím nepřeloženo: zobrazeno anglicky." in winner.group(1)


@pytest.mark.parametrize(
    "attack",
    [
        "<script>alert('x')</script>",
        '<img src="x" onerror="alert(1)">',
        'Text {: onclick="alert(1)" }',
        # attr_list honours a list on the line after a paragraph's text (not one on the same line).
        'Text\n{: onclick="alert(1)" }',
        "<div markdown>**x**</div>",
        "&lt;script&gt;",
    ],
)
def test_text_from_yaml_cannot_inject_html(project_copy: Path, attack: str) -> None:
    # rulebook check refuses these; the renderer must be safe even when it is bypassed.
    words = project_copy / "rules/rebus/en.yaml"
    text = words.read_text(encoding="utf-8").replace("text: Highest score wins.", f"text: {json.dumps(attack)}")
    words.write_text(text, encoding="utf-8")
    html = markdown.markdown(pages_of(project_copy)["en/rebus.md"], extensions=EXTENSIONS)
    assert "<script" not in html
    assert "<img" not in html
    assert not re.search(r"<[a-z]+[^>]*\son\w+=", html)


def test_czech_plural_forms_follow_cldr_on_the_glossary_page(pages: dict[str, str]) -> None:
    # Worked out by hand from symbols.yaml, at 3 points a tile: ice cream 1 tile, eye 2, knight 5 (G, O, O, D).
    czech = pages["cs/glossary.md"]
    assert "1 kamínek · 3 body" in czech
    assert "2 kamínky · 6 bodů" in czech
    assert "5 kamínků · 15 bodů" in czech
    assert "1 tile · 3 points" in pages["en/glossary.md"]
    assert "5 tuiles · 15 points" in pages["fr/glossary.md"]


def test_czech_plural_forms_in_a_rendered_breakdown(pages: dict[str, str]) -> None:
    # Oh My Word, example one-point-wins: Ann 2 + 3 = 5 points, Bob 1, Cy 1 + 1 = 2 (worked out by hand).
    czech = pages["cs/oh-my-word.md"]
    assert "2 + 3 = 5 → 5 bodů smůly" in czech
    assert "1 → 1 bod smůly" in czech
    assert "1 + 1 = 2 → 2 body smůly" in czech
