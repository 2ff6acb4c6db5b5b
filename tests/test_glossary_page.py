"""Tiles drawn under a rule, and the glossary card that shows one (issue 17): a picture links to its
entry and is named in words, a letter stays a letter, a counter-example is labelled as not allowed
(not marked by colour alone), and a card gives its readings, words and the example's price.

The project is the translated fixture (fixture_games.py: alpha and beta in en, fr and cs) with the
project's glossary given to alpha (with_glossary) and its typography (with_typography: Czech ties
one-letter words to the next), and what make_glossary_page_project adds to alpha by
hand (ILLUSTRATIONS): rule 1.1 (players) drawn as [eye, saw] "I saw", rule 1.2 (winner) with the
counter-example [man, H, A, S, A, cup, oar, and, leaf], and one more rule, 1.3 (extra-a, add_rules),
drawn as the letters [M, L, E] "Emily"; and a glossary price (PRICE) of a point a tile for each of
alpha's 3 rounds (scoring.rounds), 3 points a tile. The glossary's card for "two" has the example
[ewe, two] "you too", the card for "bee" [two, bee] "to be" (glossary/symbols.yaml).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from conftest import made_once, per_test_under_mutmut
from fixture_games import add_rules, make_translated_project, with_glossary, with_typography
from rulebook.load.project import load_project
from rulebook.render.pages import render_pages

ILLUSTRATIONS = """\
illustrations:
  - rule: players
    tiles: [eye, saw]
    reads: I saw
  - rule: winner
    tiles: [man, H, A, S, A, cup, oar, and, leaf]
    reads: He has a cup, oar and leaf.
    counter_example: true
  - rule: extra-a
    tiles: [M, L, E]
    reads: Emily
"""
# A glossary example's score in alpha: a point a tile for each round of the game.
PRICE = """

def glossary_price(facts, tiles):
    \"\"\"A point a tile a round.\"\"\"
    return facts["scoring"]["rounds"] * tiles
"""


def make_glossary_page_project(root: Path) -> None:
    make_translated_project(root)
    with_glossary(root, "alpha")
    with_typography(root)
    add_rules(root, 1)
    game = root / "rules/alpha/game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + ILLUSTRATIONS, encoding="utf-8")
    scorer = root / "rules/alpha/scoring.py"
    scorer.write_text(scorer.read_text(encoding="utf-8") + PRICE, encoding="utf-8")


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return made_once(tmp_path_factory, "glossary-page-project", make_glossary_page_project)


@pytest.fixture(scope=per_test_under_mutmut)
def pages(root: Path) -> dict[str, str]:
    # The icons' SVG is the same in every case; left out so that the markup around it reads plainly.
    return {
        page.path: re.sub(r"<svg.*?</svg>", "<svg/>", page.text) for page in render_pages(load_project(root).project)
    }


def _illustration(page: str, rule: str) -> str:
    rule_start = page.index(f'<div class="rb-rule" id="{rule}"')
    start = page.index('<p class="rb-illustration"', rule_start)
    return page[start : page.index("</p>", start)]


def test_a_picture_on_a_game_page_links_to_its_glossary_card_and_is_named(pages: dict[str, str]) -> None:
    strip = _illustration(pages["en/alpha.md"], "players")
    eye = '[<span class="rb-tile"><svg/><span class="rb-sr">Eye</span></span>](glossary.md#eye "Eye")'
    saw = '[<span class="rb-tile"><svg/><span class="rb-sr">Saw</span></span>](glossary.md#saw "Saw")'
    assert strip.endswith(f'<span class="rb-tiles">{eye} {saw}</span> “<span lang="en">I saw</span>”')
    assert "not-allowed" not in strip


def test_a_picture_is_named_in_the_pages_language(pages: dict[str, str]) -> None:
    strip = _illustration(pages["fr/alpha.md"], "players")
    assert '<span class="rb-sr">Œil</span></span>](glossary.md#eye "Œil")' in strip


def test_letters_are_tiles_with_no_picture_and_no_link(pages: dict[str, str]) -> None:
    strip = _illustration(pages["en/alpha.md"], "extra-a")
    letters = " ".join(f'<span class="rb-tile rb-tile--letter">{letter}</span>' for letter in "MLE")
    assert strip.endswith(f'<span class="rb-tiles">{letters}</span> “<span lang="en">Emily</span>”')


def test_a_counter_example_is_labelled_and_struck(pages: dict[str, str]) -> None:
    # glossary/en.yaml's page.not-allowed labels it; the tiles [man, H, A, S, A, cup, oar, and, leaf].
    strip = _illustration(pages["en/alpha.md"], "winner")
    assert strip.startswith('<p class="rb-illustration" markdown><span class="rb-not-allowed">Not allowed:</span> ')
    man = '[<span class="rb-tile"><svg/><span class="rb-sr">Man</span></span>](glossary.md#man "Man")'
    assert (
        f'<span class="rb-tiles rb-tiles--not-allowed">{man} <span class="rb-tile rb-tile--letter">H</span> ' in strip
    )
    assert strip.endswith(
        '<span class="rb-reading--not-allowed">“<span lang="en">He has a cup, oar and leaf.</span>”</span>'
    )


def test_a_glossary_cards_example_links_within_its_own_page(pages: dict[str, str]) -> None:
    # The card for "bee" (symbols.yaml: example [two, bee], "to be"; glossary/fr.yaml: Deux, Abeille).
    page = pages["fr/glossary.md"]
    card = page[page.index("### Abeille { #bee }") :]
    example = card[card.index('<p class="rb-symbol__example"') :]
    two = '[<span class="rb-tile"><svg/><span class="rb-sr">Deux</span></span>](#two "Deux")'
    bee = '[<span class="rb-tile"><svg/><span class="rb-sr">Abeille</span></span>](#bee "Abeille")'
    assert example.startswith(f'<p class="rb-symbol__example" markdown><span class="rb-tiles">{two} {bee}</span> ')


def _card(page: str, symbol_id: str) -> str:
    heading = page.index(f"{{ #{symbol_id} }}")
    start = page.rindex('<div class="rb-symbol"', 0, heading)
    return page[start : page.index("</div>\n\n", page.index("rb-symbol__example", heading)) + len("</div>\n\n")]


def test_a_glossary_card_in_full(pages: dict[str, str]) -> None:
    # symbols.yaml: two reads two, to, too, 2; its example [ewe, two] "you too" is 2 tiles, at 3 points a
    # tile (PRICE: alpha's 3 rounds); glossary/en.yaml has no explanation of its readings.
    ewe = '[<span class="rb-tile"><svg/><span class="rb-sr">Ewe</span></span>](#ewe "Ewe")'
    two = '[<span class="rb-tile"><svg/><span class="rb-sr">Two</span></span>](#two "Two")'
    example = f'<span class="rb-tiles">{ewe} {two}</span> “<span lang="en">you too</span>”'
    price = '<span class="rb-symbol__price">2 tiles · 6 points</span>'
    assert _card(pages["en/glossary.md"], "two") == (
        '<div class="rb-symbol" data-filter="two two to too 2 the digit 2 on a square tile" markdown>\n\n'
        "### Two { #two }\n\n"
        '<div class="rb-symbol__picture"><svg/></div>\n\n'
        '<p class="rb-symbol__readings" lang="en">two · to · too · 2</p>\n\n'
        '<p class="rb-symbol__description" markdown>The digit 2 on a square tile.</p>\n\n'
        f'<p class="rb-symbol__example" markdown>{example} {price}</p>\n\n'
        "</div>\n\n"
    )


def test_a_card_explains_its_readings_and_counts_one_tile_in_the_pages_language(pages: dict[str, str]) -> None:
    # glossary/cs.yaml explains "ice cream" and glosses "I scream"; one tile is "1 kamínek", 3 points "3 body".
    card = _card(pages["cs/glossary.md"], "ice-cream")
    blocks = card.split("\n")
    assert blocks[1::2] == [""] * len(blocks[1::2]), "each block of the card is followed by one empty line"
    description = '<p class="rb-symbol__description" markdown>Zmrzlina v\u00a0kornoutu.</p>'  # the tie: render/ties.py
    assert f'{description}\n\n<p class="rb-symbol__explained" markdown>Anglické „ice cream“' in card
    assert card.endswith(
        '„<span lang="en">I scream</span>“ <span class="rb-symbol__meaning">(křičím)</span>'
        ' <span class="rb-symbol__price">1 kamínek · 3 body</span></p>\n\n</div>\n\n'
    )
    english = _card(pages["en/glossary.md"], "ice-cream")
    assert english.endswith('<span class="rb-symbol__price">1 tile · 3 points</span></p>\n\n</div>\n\n')


def test_the_glossary_bar_and_each_theme_block(root: Path, pages: dict[str, str]) -> None:
    # glossary/en.yaml's page.filter, page.themes, the themes' names in symbols.yaml's order, then the
    # sound index; every symbol of symbols.yaml to count down from; then each theme is a heading over a
    # block of cards.
    page = pages["en/glossary.md"]
    symbols = yaml.safe_load((root / "glossary/symbols.yaml").read_text(encoding="utf-8"))["symbols"]
    label = "Filter by name, reading or description"
    themes = [
        ("sound-plays", "Sound-plays"),
        ("numbers", "Numbers"),
        ("people", "People"),
        ("verbs", "Verbs"),
        ("signs", "Signs"),
        ("objects", "Objects"),
        ("nature", "Nature"),
        ("sounds", "Sound index"),
    ]
    links = " ".join(f'<a href="#{anchor}">{name}</a>' for anchor, name in themes)
    bar = "\n".join(
        [
            '<div class="rb-glossary-bar" data-search-exclude>',
            '<div class="rb-filter">',
            f'<input type="search" id="rb-filter" placeholder="{label}" aria-label="{label}"'
            ' autocomplete="off" spellcheck="false">',
            f'<output id="rb-filter-count" for="rb-filter" aria-live="polite">{len(symbols)}</output>',
            "</div>",
            f'<nav class="rb-jump" aria-label="Themes">{links}</nav>',
            "</div>",
            '<p id="rb-filter-none" class="rb-filter-none" hidden>No symbol matches.</p>',
            "",
            "## Sound-plays { #sound-plays }",
            "",
            '<div class="rb-glossary" markdown>',
            "",
            '<div class="rb-symbol" ',
        ]
    )
    assert bar in page
    assert '</p>\n\n</div>\n\n</div>\n\n## Numbers { #numbers }\n\n<div class="rb-glossary" markdown>\n\n<div ' in page


def test_the_sound_index_in_full_form(pages: dict[str, str]) -> None:
    # glossary/en.yaml's page.sounds and page.sounds-intro; sounds sorted, digits first; "right" is a
    # reading of pen and of check (symbols.yaml), linked in that order, both names in the filter words.
    page = pages["en/glossary.md"]
    index = page[page.index("## Sound index") :]
    assert index.startswith(
        "## Sound index { #sounds }\n\n"
        "Each English sound or word, and the pictures that can stand for it.\n\n"
        '<div class="rb-sounds" markdown>\n\n'
        '- <span class="rb-sound" data-filter="0 zero">“<span lang="en">0</span>” → [Zero](#zero)</span>\n'
    )
    right = '“<span lang="en">right</span>” → [Pen](#pen), [Check mark](#check)'
    assert f'\n- <span class="rb-sound" data-filter="right pen check mark">{right}</span>\n' in index
    assert index.endswith("</span>\n\n</div>\n")
