"""Rendering the model into Markdown pages: numbers from data, marks on drafts, and no HTML from YAML.
The project is the translated fixture (fixture_games.py: alpha and beta in en, fr and cs) with the
project's glossary given to alpha, and what make_render_project adds to alpha by hand: a rule quoting
a decimal and a list, a ruling, an example whose breakdown says 1, 2 and 5 points, a glossary price
of 3 points a tile, the publisher's French of one rule, and an edition 1.0.1; beta's English rule is
a draft translated from Czech."""

from __future__ import annotations

import json
import re
from pathlib import Path

import markdown
import pytest

from conftest import edit, made_once, per_test_under_mutmut
from fixture_games import add_examples, make_translated_project, quiet, translate_units, with_glossary
from rulebook.load.project import load_project
from rulebook.model import Status
from rulebook.render.pages import render_pages

EXTENSIONS = ["admonition", "attr_list", "md_in_html", "tables", "toc"]  # as in mkdocs.yml
PLAYERS = "    text: The game is for {players.min} to {players.max} players.\n"
WINNER = "After {scoring.rounds} rounds, each player adds up the points they scored; the highest total wins."

# alpha's rule 1.3, quoting a decimal fact and a list fact, in each language.
TIMER = {
    "en": "Play on {setup.boards} boards, with a {timer.volts}-volt timer.",
    "fr": "Jouez sur {setup.boards} plateaux, avec un minuteur de {timer.volts} V.",
    "cs": "Hrajte na {setup.boards} plánech, s časovačem na {timer.volts} V.",
}
# Its example few-points: Ann 2 + 3 = 5 points, Bob 1, Cy 1 + 1 = 2; Ann wins. In both-win, a tie of 3
# points that the ruling shared-win answers.
FEW_POINTS = """\
  - id: few-points
    rules: [winner]
    input:
      players: {Ann: [2, 3], Bob: [1], Cy: [1, 1]}
    expect: {scores: {Ann: 5, Bob: 1, Cy: 2}, winners: [Ann], tiebreak: false}
  - id: both-win
    rules: [winner]
    rulings: [shared-win]
    input:
      players: {Ann: [3], Bob: [1, 2]}
    expect: {scores: {Ann: 3, Bob: 3}, winners: [Ann, Bob], tiebreak: true}
rulings:
  - id: shared-win
    rules: [winner]
"""
ENGLISH = """\
  rule.timer:
    text: Play on {setup.boards} boards, with a {timer.volts}-volt timer.
  example.few-points:
    text: Ann scores 2 and 3, Bob 1, Cy 1 and 1.
  example.both-win:
    text: Ann scores 3 in one round, Bob 1 and 2.
  ruling.shared-win.question:
    text: Who wins when two players have the same highest total?
  ruling.shared-win.answer:
    text: Both of them win.
  ruling.shared-win.why:
    text: The rules name no tie-break.
"""
# A glossary example's score in alpha: 3 points a tile.
PRICE = '\n\ndef glossary_price(facts, tiles):\n    """3 points a tile."""\n    return 3 * tiles\n'


def set_status(root: Path, file: str, unit: str, lines: str) -> None:
    """The unit's `status: draft` line of a words file replaced by `lines`."""
    path = root / file
    text = path.read_text(encoding="utf-8")
    start = text.index(f"  {unit}:\n")
    end = text.index("    status: draft\n", start)
    assert re.search(r"^  [a-z]", text[start + 3 : end], re.MULTILINE) is None, f"{unit} has no status line"
    path.write_text(text[:end] + lines + text[end + len("    status: draft\n") :], encoding="utf-8")


def make_render_project(root: Path) -> None:
    make_translated_project(root)
    with_glossary(root, "alpha")
    edit(
        root,
        "rules/alpha/game.yaml",
        "    rounds: 3\n",
        "    rounds: 3\n  setup:\n    boards: [1, 2, 3]\n  timer:\n    volts: 1.5\n",
    )
    edit(root, "rules/alpha/game.yaml", "rules: [players, winner]", "rules: [players, winner, timer]")
    game = root / "rules/alpha/game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + FEW_POINTS, encoding="utf-8")
    words = root / "rules/alpha/en.yaml"
    words.write_text(words.read_text(encoding="utf-8") + ENGLISH, encoding="utf-8")
    scorer = root / "rules/alpha/scoring.py"
    scorer.write_text(scorer.read_text(encoding="utf-8") + PRICE, encoding="utf-8")
    for language in ("fr", "cs"):
        translate_units(root, "alpha", language, {"rule.timer": TIMER[language]})
    # The publisher's French of rule 1.1, and beta's English rule translated from Czech.
    set_status(root, "rules/alpha/fr.yaml", "rule.players", "    status: original\n")
    edit(
        root,
        "rules/beta/en.yaml",
        PLAYERS,
        PLAYERS + "    status: draft\n    translated_from: cs\n",
    )
    quiet(
        ["--root", str(root), "edition", "new", "alpha", "1.0.1", "--summary", "A rule gives the boards and the timer."]
    )


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return made_once(tmp_path_factory, "render-project", make_render_project)


def pages_of(root: Path) -> dict[str, str]:
    return {page.path: page.text for page in render_pages(load_project(root).project)}


@pytest.fixture(scope=per_test_under_mutmut)
def pages(root: Path) -> dict[str, str]:
    return pages_of(root)


def test_each_language_has_a_home_page_a_page_per_game_and_the_glossary(pages: dict[str, str]) -> None:
    # Per language: the home, each game's page, card, change list and recorded editions (alpha's 1.0
    # and 1.0.1, with the errata sheet of 1.0.1; beta's 1.0), the glossary, the status page, and a quiz
    # for alpha alone (its ruling asks a question; beta has neither ruling nor example).
    every = (
        "index",
        "alpha",
        "beta",
        "glossary",
        "status",
        "quick-reference/alpha",
        "quick-reference/beta",
        "alpha/changes",
        "beta/changes",
        "alpha/quiz",
        "alpha/1.0",
        "alpha/1.0.1",
        "alpha/errata-1.0.1",
        "beta/1.0",
    )
    assert set(pages) == {f"{language}/{page}.md" for language in ("en", "fr", "cs") for page in every}


def test_every_rule_has_its_anchor_and_number_in_every_language(root: Path, pages: dict[str, str]) -> None:
    project = load_project(root).project
    for game in project.games:
        for language in project.languages:
            page = pages[f"{language}/{game.id}.md"]
            for rule in game.rules():
                assert f'id="{rule.id}"' in page
                assert f'href="#{rule.id}" title="{game.name} {rule.number}">{rule.number}</a>' in page
    for language in ("en", "fr", "cs"):
        assert 'href="#timer" title="Alpha 1.3">1.3</a>' in pages[f"{language}/alpha.md"]
        assert 'href="#players" title="Beta 1.1">1.1</a>' in pages[f"{language}/beta.md"]


def test_no_placeholder_is_left_unfilled(pages: dict[str, str]) -> None:
    for path, text in pages.items():
        assert not re.search(r"(?<!\\)\{[a-z_]+\.[a-z_]+", text), path


def test_a_number_changed_in_game_data_changes_in_every_language(translated_project: Path) -> None:
    edit(translated_project, "rules/alpha/game.yaml", "rounds: 3", "rounds: 7")
    pages = pages_of(translated_project)
    for language, words in (("en", "After {} rounds"), ("fr", "Après {} manches"), ("cs", "Po {} kolech")):
        assert words.format(7) in pages[f"{language}/alpha.md"], language
        assert words.format(3) not in pages[f"{language}/alpha.md"], language


def test_numbers_are_written_the_way_each_language_writes_them(pages: dict[str, str]) -> None:
    # timer.volts is 1.5, and setup.boards is 1, 2 or 3 (rule 1.3).
    assert "1.5-volt" in pages["en/alpha.md"]
    assert "1,5 V" in pages["fr/alpha.md"] and "1.5" not in pages["fr/alpha.md"]
    assert "1,5 V" in pages["cs/alpha.md"] and "1.5" not in pages["cs/alpha.md"]
    assert "1, 2, or 3 boards" in pages["en/alpha.md"]
    assert "1, 2 ou 3 plateaux" in pages["fr/alpha.md"]
    assert "1, 2 nebo 3 plánech" in pages["cs/alpha.md"]


def test_draft_translations_are_marked_and_publisher_text_is_not(root: Path, pages: dict[str, str]) -> None:
    french_alpha = markdown.markdown(pages["fr/alpha.md"], extensions=EXTENSIONS)
    rules = dict(re.findall(r'<div class="rb-rule" id="([a-z-]+)">(.*?)</div>', french_alpha, re.S))
    assert set(rules) == {"players", "winner", "timer"}
    assert "Traduction provisoire" not in rules["players"]  # the publisher's French
    assert "Traduction provisoire" in rules["winner"]  # ours
    english_beta = markdown.markdown(pages["en/beta.md"], extensions=EXTENSIONS)
    assert "Draft translation from Czech" in english_beta
    assert "Draft translation from Czech" not in markdown.markdown(pages["en/alpha.md"], extensions=EXTENSIONS)
    project = load_project(root).project
    alpha = next(game for game in project.games if game.id == "alpha")
    assert all(unit.status is Status.DRAFT for unit in alpha.words["cs"].units.values())
    # A page that is a draft throughout says so once, instead of on every rule.
    assert pages["cs/alpha.md"].count("Pracovní překlad") == 1


def test_a_missing_translation_shows_the_english_with_a_notice(translated_project: Path) -> None:
    words = translated_project / "rules/alpha/cs.yaml"
    text = words.read_text(encoding="utf-8")
    start = text.index("  rule.winner:\n")
    end = text.index("  example.highest-total:")
    words.write_text(text[:start] + text[end:], encoding="utf-8")
    html = markdown.markdown(pages_of(translated_project)["cs/alpha.md"], extensions=EXTENSIONS)
    winner = re.search(r'<div class="rb-rule" id="winner" lang="en">(.*?)</div>', html, re.S)
    assert winner is not None
    assert "After 3 rounds, each player adds up the points they scored; the highest total wins." in winner.group(1)
    assert "Zatím nepřeloženo: zobrazeno anglicky." in winner.group(1)
    players = re.search(r'<div class="rb-rule" id="players">(.*?)</div>', html, re.S)
    assert players is not None and "Zatím nepřeloženo" not in players.group(1)


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
def test_text_from_yaml_cannot_inject_html(translated_project: Path, attack: str) -> None:
    # rulebook check refuses these; the renderer must be safe even when it is bypassed.
    edit(translated_project, "rules/alpha/en.yaml", f"text: {WINNER}", f"text: {json.dumps(attack)}")
    html = markdown.markdown(pages_of(translated_project)["en/alpha.md"], extensions=EXTENSIONS)
    assert "<script" not in html
    assert "<img" not in html
    assert not re.search(r"<[a-z]+[^>]*\son\w+=", html)


def test_czech_plural_forms_follow_cldr_on_the_glossary_page(pages: dict[str, str]) -> None:
    # Worked out by hand from symbols.yaml, at alpha's 3 points a tile: ice cream 1 tile, eye 2, knight 5 (G, O, O, D).
    czech = pages["cs/glossary.md"]
    assert "1 kamínek · 3 body" in czech
    assert "2 kamínky · 6 bodů" in czech
    assert "5 kamínků · 15 bodů" in czech
    assert "1 tile · 3 points" in pages["en/glossary.md"]
    assert "5 tuiles · 15 points" in pages["fr/glossary.md"]


def test_czech_plural_forms_in_a_rendered_breakdown(pages: dict[str, str]) -> None:
    # alpha, example few-points: Ann 2 + 3 = 5 points, Bob 1, Cy 1 + 1 = 2 (worked out by hand).
    czech = pages["cs/alpha.md"]
    assert "2 + 3 = 5 → 5 bodů" in czech
    assert "1 → 1 bod" in czech
    assert "1 + 1 = 2 → 2 body" in czech


HIGHEST_TOTAL = "Ann scores 3, 2 and 4, 9 points; Bob 5, 1 and 2, 8 points. Ann has the highest total and wins."


def example_block(html: str, example: str) -> str:
    found = re.search(rf'<div class="rb-example"[^>]*id="example-{example}"[^>]*>(.*?)\n</div>', html, re.S)
    assert found is not None, example
    return found.group(1)


def test_an_outdated_caption_is_marked_with_the_current_english(translated_project: Path) -> None:
    """A caption translated before its English changed says so, with the English it now has, as a rule
    does; a caption still current says nothing."""
    new = HIGHEST_TOTAL.replace("Ann has the highest total and wins.", "Ann, with the highest total, wins.")
    edit(translated_project, "rules/alpha/en.yaml", HIGHEST_TOTAL, new)
    for language, badge in (
        ("fr", "Traduction périmée\u00a0: le texte anglais a changé depuis."),
        ("cs", "Zastaralý překlad: anglický text se mezitím změnil."),
    ):
        html = markdown.markdown(pages_of(translated_project)[f"{language}/alpha.md"], extensions=EXTENSIONS)
        example = example_block(html, "highest-total")
        assert badge in example, language
        current = re.search(r'<details class="rb-current" lang="en">(.*?)</details>', example, re.S)
        assert current is not None and new in current.group(1), language
    english = markdown.markdown(pages_of(translated_project)["en/alpha.md"], extensions=EXTENSIONS)
    assert "rb-badge" not in example_block(english, "highest-total")


def test_a_caption_or_referee_note_in_english_on_a_translated_page_says_so(translated_project: Path) -> None:
    """add_examples captions four-rounds in English alone: the French page shows it marked as English,
    with the notice; the translated highest-total has neither."""
    add_examples(translated_project)
    html = markdown.markdown(pages_of(translated_project)["fr/alpha.md"], extensions=EXTENSIONS)
    four_rounds = example_block(html, "four-rounds")
    assert '<span lang="en">Ann writes down points for four rounds' in four_rounds
    assert "Pas encore traduit\u00a0: texte anglais." in four_rounds
    assert "rb-badge" not in example_block(html, "highest-total")
    assert 'lang="en"' not in example_block(html, "highest-total")


def test_an_outdated_referee_note_is_marked(corrected_copy: Path) -> None:
    """record_corrections' referee note shared-win, translated: its English answer changes, and the French
    note says so with the new answer; the Czech, changed with it, is current."""
    from fixture_games import SHARED_WIN_ANSWER

    new = "Yes, every player with the highest total wins."
    edit(corrected_copy, "rules/alpha/en.yaml", f'text: "{SHARED_WIN_ANSWER["en"]}"', f"text: {new}")
    pages = pages_of(corrected_copy)
    french = markdown.markdown(pages["fr/alpha.md"], extensions=EXTENSIONS)
    note = re.search(r'<div class="rb-ruling" id="ruling-shared-win"[^>]*>(.*?)\n</div>', french, re.S)
    assert note is not None
    assert "Traduction périmée\u00a0: le texte anglais a changé depuis." in note.group(1)
    assert new in note.group(1)
