"""The glossary: its checks on broken copies, its page, and the project's own promises about it.

The checks and the page are on the project of test_glossary_page (make_glossary_page_project): the
translated fixture (fixture_games.py) with the project's glossary given to alpha (with_glossary:
alpha gets the two facts the glossary keeps to, its count of symbols and a hand's tiles, and the
glossary's words name Alpha), alpha's rules 1.1 players and 1.2 winner drawn with its symbols, 1.2
(winner) as a counter-example of 9 tiles [man, H, A, S, A, cup, oar, and, leaf], and a price of 3
points a tile. The number of symbols is read from the copied symbols.yaml (SYMBOLS), and the facts
the glossary keeps to from its count_fact and hand_fact; the symbols, themes and words named here
are the glossary's own. The project's own promises (its glossary's game keeps its count, every
game's drawing fits a hand, American spelling) are content tests over whatever rules/project.yaml
holds, naming no game.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from conftest import ROOT, edit, locate, made_once, per_test_under_mutmut, run_cli, tree_digest
from rulebook.load.project import load_project
from rulebook.markup.icons import icon_file
from rulebook.render.pages import render_pages
from rulebook.render.sounds import sound_index
from test_glossary_page import make_glossary_page_project

# The glossary as the fixture has it: a copy of the project's (with_glossary).
GLOSSARY = yaml.safe_load((ROOT / "glossary/symbols.yaml").read_text(encoding="utf-8"))
SYMBOLS = len(GLOSSARY["symbols"])
COUNT_FACT, HAND_FACT = GLOSSARY["count_fact"], GLOSSARY["hand_fact"]


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return made_once(tmp_path_factory, "glossary-page-project", make_glossary_page_project)


@pytest.fixture
def project(made: Path, tmp_path: Path) -> Path:
    """A copy of the glossary's fixture project, safe to break."""
    shutil.copytree(made, tmp_path / "glossary-project")
    return tmp_path / "glossary-project"


def check(capsys, root: Path) -> tuple[int, list[str]]:
    code, out, _ = run_cli(capsys, "--root", str(root), "check")
    return code, [line for line in out.splitlines() if "warning:" not in line]


def test_the_fixture_project_is_checked_without_an_error(project: Path, capsys) -> None:
    # What the refusals below are measured against: the glossary keeps alpha's facts as it is.
    assert check(capsys, project) == (0, [])


def test_the_glossary_keeps_its_games_promise() -> None:
    # A content test: the glossary's game (symbols.yaml's `game`) promises its number of symbols.
    project = load_project(ROOT).project
    glossary = project.glossary
    group, name = glossary.count_fact.split(".")
    count = project.game(glossary.game_id).facts[group][name]
    assert len(glossary.symbols) == count
    assert len({s.id for s in glossary.symbols}) == len({s.icon for s in glossary.symbols}) == count
    assert all(icon_file(symbol.icon, ROOT).is_file() for symbol in glossary.symbols)
    # The symbols that the rules themselves draw, in every game: a glossary symbol or a single letter.
    ids = {symbol.id for symbol in glossary.symbols}
    drawn = {tile for game in project.games for item in game.illustrations for tile in item.tiles}
    assert drawn and all(tile in ids or len(tile) == 1 for tile in drawn), drawn - ids
    for language in project.languages:
        units = glossary.words[language].units
        for symbol in glossary.symbols:
            assert symbol.unit("name") in units and symbol.unit("description") in units, (language, symbol.id)
            if language != project.source_language:
                assert symbol.unit("readings") in units, (language, symbol.id)


def test_a_symbol_fewer_than_promised_is_refused(project: Path, capsys) -> None:
    path = project / "glossary/symbols.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.rindex("\n  - id: ") + 1  # the last symbol left out
    path.write_text(text[:start], encoding="utf-8")
    code, problems = check(capsys, project)
    line, col = locate(text, "  - id: eye")
    assert code == 1
    assert (
        f"glossary/symbols.yaml:{line}:{col + 2}: symbols: {SYMBOLS - 1} symbols, but the rules promise {SYMBOLS} "
        f"(alpha/game.yaml: facts.{COUNT_FACT})" in problems
    )


def test_a_duplicate_id_is_refused(project: Path, capsys) -> None:
    text = edit(project, "glossary/symbols.yaml", "  - id: cat\n", "  - id: apple\n")
    code, problems = check(capsys, project)
    line, col = locate(text, "apple\n    group: nature\n    icon: material/cat")
    first = locate(text, "apple\n    group: nature\n    icon: material/food-apple")[0]
    assert code == 1
    assert f"glossary/symbols.yaml:{line}:{col}: symbol id 'apple' is used twice (first at line {first})" in problems


def test_a_duplicate_id_names_the_line_of_the_first_id_not_of_its_entry(project: Path, capsys) -> None:
    # The first apple written with its group first: the id is on the entry's second line.
    edit(
        project,
        "glossary/symbols.yaml",
        "  - id: apple\n    group: nature\n",
        "  - group: nature\n    id: apple\n",
    )
    text = edit(project, "glossary/symbols.yaml", "  - id: cat\n", "  - id: apple\n")
    code, problems = check(capsys, project)
    line, col = locate(text, "apple\n    group: nature\n    icon: material/cat")
    first = locate(text, "    id: apple\n    icon: material/food-apple")[0]
    assert code == 1
    assert f"glossary/symbols.yaml:{line}:{col}: symbol id 'apple' is used twice (first at line {first})" in problems


def test_a_missing_icon_is_refused(project: Path, capsys) -> None:
    text = edit(project, "glossary/symbols.yaml", "icon: material/cat\n", "icon: material/cat-that-is-not\n")
    code, problems = check(capsys, project)
    line, col = locate(text, "material/cat-that-is-not")
    assert code == 1
    assert any(
        p.startswith(
            f"glossary/symbols.yaml:{line}:{col}: icon 'material/cat-that-is-not' is not in the installed "
            "mkdocs-material"
        )
        for p in problems
    )


def test_an_example_with_an_unknown_symbol_is_refused(project: Path, capsys) -> None:
    text = edit(project, "glossary/symbols.yaml", "tiles: [cat, S, sleep]", "tiles: [cat, S, snooze]")
    code, problems = check(capsys, project)
    line, col = locate(text, "snooze]")
    assert code == 1
    assert (
        f"glossary/symbols.yaml:{line}:{col}: example tile 'snooze' is neither a symbol of the glossary nor a "
        "single letter"
    ) in problems


def test_an_example_must_use_its_own_symbol_and_nothing_is_written(project: Path, capsys) -> None:
    edit(project, "glossary/symbols.yaml", "tiles: [cat, S, sleep]", "tiles: [baby, S, sleep]")
    before = tree_digest(project)
    code, problems = check(capsys, project)
    assert code == 1
    assert any(p.endswith("the example of 'cat' does not use 'cat'") for p in problems)
    assert tree_digest(project) == before


def test_a_rule_illustration_with_an_unknown_symbol_is_refused(project: Path, capsys) -> None:
    text = edit(project, "rules/alpha/game.yaml", "tiles: [eye, saw]", "tiles: [eye, hacksaw]")
    code, problems = check(capsys, project)
    line, col = locate(text, "hacksaw]")
    assert code == 1
    assert (
        f"rules/alpha/game.yaml:{line}:{col}: tile 'hacksaw' is neither a glossary symbol nor a single letter"
        in problems
    )


def test_a_symbol_in_an_undeclared_theme_is_refused(project: Path, capsys) -> None:
    text = edit(project, "glossary/symbols.yaml", "  - id: cat\n    group: nature\n", "  - id: cat\n    group: pets\n")
    code, problems = check(capsys, project)
    line, col = locate(text, "pets\n")
    assert code == 1
    assert (
        f"glossary/symbols.yaml:{line}:{col}: group 'pets' is not one of groups: "
        "sound-plays, numbers, people, verbs, signs, objects, nature" in problems
    )


def test_a_symbol_named_like_the_pages_own_anchor_is_refused(project: Path, capsys) -> None:
    # The glossary page's sound index is #sounds: a symbol of that id would share its anchor.
    text = edit(project, "glossary/symbols.yaml", "  - id: ice-cream\n", "  - id: sounds\n")
    code, problems = check(capsys, project)
    line, col = locate(text, "sounds\n    group: sound-plays")
    assert code == 1
    assert f"glossary/symbols.yaml:{line}:{col}: symbol id 'sounds' is an anchor the page uses" in problems


def test_a_theme_without_symbols_and_one_named_like_a_symbol_are_refused(project: Path, capsys) -> None:
    text = edit(project, "glossary/symbols.yaml", "objects, nature]", "objects, nature, cat, sounds]")
    code, problems = check(capsys, project)
    assert code == 1
    line = locate(text, "groups: [")[0]
    cat_col, sounds_col = locate(text, "cat, sounds]")[1], locate(text, "sounds]")[1]
    assert f"glossary/symbols.yaml:{line}:{cat_col}: group 'cat' has no symbol" in problems
    assert f"glossary/symbols.yaml:{line}:{cat_col}: group 'cat' has the id of a symbol or of the page" in problems
    assert (
        f"glossary/symbols.yaml:{line}:{sounds_col}: group 'sounds' has the id of a symbol or of the page" in problems
    )


def test_an_illustration_that_does_not_fit_a_hand_is_refused(project: Path, capsys) -> None:
    # alpha's hand made 8 tiles (the glossary's hand_fact): its counter-example of 9 tiles no longer fits.
    group, name = HAND_FACT.split(".")
    path = project / "rules/alpha/game.yaml"
    pattern = rf"^(  {group}:\n(?:    .*\n)*?    {name}): \d+$"
    text, count = re.subn(pattern, r"\1: 8", path.read_text(encoding="utf-8"), count=1, flags=re.MULTILINE)
    assert count == 1
    path.write_text(text, encoding="utf-8")
    code, problems = check(capsys, project)
    line, col = locate(text, "[man, H, A, S, A, cup")
    assert code == 1
    assert f"rules/alpha/game.yaml:{line}:{col}: illustrations[1] has 9 tiles, but a player holds 8" in problems


def test_a_counter_example_is_loaded_as_one(made: Path) -> None:
    # alpha's rule 1.2 (winner) drawn as a counter-example, of 9 tiles; the others are not.
    alpha = load_project(made).project.game("alpha")
    (winner,) = [item for item in alpha.illustrations if item.rule == "winner"]
    assert winner.counter_example and len(winner.tiles) == 9
    assert [item.rule for item in alpha.illustrations if not item.counter_example] == ["players", "extra-a"]


def test_every_drawing_fits_a_hand() -> None:
    # A content test: every game's illustrations fit the hand of the glossary's game (its hand_fact).
    project = load_project(ROOT).project
    glossary = project.glossary
    group, name = glossary.hand_fact.split(".")
    hand = project.game(glossary.game_id).facts[group][name]
    drawn = [item for game in project.games for item in game.illustrations]
    assert drawn and all(len(item.tiles) <= hand for item in drawn)


def test_the_themes_cover_every_symbol_in_the_issues_order() -> None:
    glossary = load_project(ROOT).project.glossary
    assert glossary.groups == ["sound-plays", "numbers", "people", "verbs", "signs", "objects", "nature"]
    assert {symbol.group for symbol in glossary.symbols} == set(glossary.groups)
    assert {s.id for s in glossary.symbols if s.group == "numbers"} == {"one", "two", "four", "eight", "zero"}


def test_the_second_edition_pictures_and_readings() -> None:
    symbols = {s.id: s for s in load_project(ROOT).project.glossary.symbols}
    # The third edition (issue 28): tea and cup no longer the same mug, a readable bee, the sea as
    # waves, an oar rather than a rower, a baby that is not a smile.
    icons = {
        "cup": "fontawesome/solid/mug-saucer",
        "saw": "material/hand-saw",
        "sea": "material/waves",
        "oar": "material/oar",
        "in": "material/home-import-outline",
        "tea": "project/teapot",
        "bee": "project/bee",
        "baby": "fontawesome/solid/baby",
        "go": "material/traffic-light-outline",
        "pen": "material/fountain-pen",
    }
    for symbol_id, icon in icons.items():
        assert symbols[symbol_id].icon == icon
    assert "bough" not in symbols["bow"].readings
    assert symbols["cross"].reads == "I cannot"
    # Examples are statements (or, for "why", a single word: rule 2.2), not headlines.
    assert {symbols[s].reads for s in ("up", "power", "why")} == {"I rise", "I am off", "yes"}


@pytest.fixture(scope=per_test_under_mutmut)
def pages(made: Path) -> dict[str, str]:
    return {page.path: page.text for page in render_pages(load_project(made).project)}


def test_the_glossary_page_is_described_by_its_introduction_in_plain_text(pages: dict[str, str]) -> None:
    # glossary/en.yaml's page.title and page.intro (naming Alpha), their placeholder filled from alpha's
    # count of symbols; the description is cut for a link preview, and the page needs no table of contents.
    lines = pages["en/glossary.md"].split("\n")
    assert lines[:2] == ["---", f'title: "Glossary of the {SYMBOLS} Alpha symbols"']
    assert lines[2].startswith(
        f'description: "The Alpha rules promise a glossary of the {SYMBOLS} symbols of the game set, '
    )
    assert lines[3:5] == ["hide: [toc]", "---"]
    assert lines[7:9] == [f"# Glossary of the {SYMBOLS} Alpha symbols", ""]
    assert lines[9].startswith(lines[2].removeprefix('description: "').removesuffix('…"'))
    # Then the print hint and the filter bar, each block after an empty line.
    assert lines[10] == "" and lines[11].startswith('<p class="rb-print-hint">') and lines[12] == ""
    assert lines[13] == '<div class="rb-glossary-bar" data-search-exclude>'


def test_the_filters_empty_state_is_said_in_the_pages_language(pages: dict[str, str]) -> None:
    # The UI string and its translations in locales/*/LC_MESSAGES/messages.po.
    for language, words in (("en", "No symbol matches."), ("fr", "Aucun symbole ne correspond.")):
        assert f'<p id="rb-filter-none" class="rb-filter-none" hidden>{words}</p>' in pages[f"{language}/glossary.md"]
    assert f'aria-live="polite">{SYMBOLS}</output>' in pages["cs/glossary.md"]


def test_english_words_use_american_spelling() -> None:
    # A content test: the glossary's English, every game's, and the toolkit's own English too (issue 49):
    # its refusals said "centre" and "premium squares".
    project = load_project(ROOT).project
    assert project.source_language == "en"
    paths = ["glossary/en.yaml", *(f"rules/{game.id}/en.yaml" for game in project.games), "locales/messages.pot"]
    english = "\n".join((ROOT / path).read_text(encoding="utf-8") for path in paths)
    for british in ("Aeroplane", "aeroplane", "amber", "Way in", "centre", "tick", "colour", "premium square"):
        assert british not in english, british


def test_the_page_groups_by_theme_and_sorts_each_theme_by_name_in_its_language(pages: dict[str, str]) -> None:
    french = pages["fr/glossary.md"]
    themes = re.findall(r"^## (.+) \{ #([a-z-]+) \}$", french, re.M)
    assert themes == [
        ("Homophonies", "sound-plays"),
        ("Nombres", "numbers"),
        ("Personnes", "people"),
        ("Verbes", "verbs"),
        ("Signes", "signs"),
        ("Objets", "objects"),
        ("Nature", "nature"),
        ("Index des sons", "sounds"),
    ]
    numbers = french[french.index("{ #numbers }") : french.index("{ #people }")]
    # Deux, Huit, Quatre, Un, Zéro: alphabetical in French, accents ignored.
    assert re.findall(r"^### .+ \{ #([a-z-]+) \}$", numbers, re.M) == ["two", "eight", "four", "one", "zero"]


def test_a_card_opens_with_its_heading_and_gives_its_example_once(pages: dict[str, str]) -> None:
    for language, example_word in (("fr", "Exemple"), ("cs", "Příklad"), ("en", "Example")):
        page = pages[f"{language}/glossary.md"]
        cards = page.split('<div class="rb-symbol" ')[1:]
        assert len(cards) == SYMBOLS
        for card in cards:
            lines = [line for line in card.split("\n")[1:] if line]
            assert lines[0].startswith("### "), lines[0]
            assert example_word not in card
            assert card.count('class="rb-symbol__example"') == 1
    assert "(j’ai vu)" in pages["fr/glossary.md"]


def test_the_sound_index_points_each_sound_at_its_pictures(made: Path, pages: dict[str, str]) -> None:
    index = {sound: [s.id for s in symbols] for sound, symbols in sound_index(load_project(made).project.glossary)}
    # From symbols.yaml: for is a reading of four, see of sea, I of eye; right of pen and of check.
    assert index["for"] == ["four"] and index["see"] == ["sea"] and index["I"] == ["eye"]
    assert index["right"] == ["pen", "check"]
    assert "four" not in index and "eye" not in index  # a symbol's own word is its card, not an index entry
    # Quoted with the page's marks (French: guillemets with no-break spaces inside), in English.
    assert '«\u00a0<span lang="en">for</span>\u00a0» → [Quatre](#four)' in pages["fr/glossary.md"]
