"""The referee notes of a game page (issue 17): the section, each ruling, the links to a note under
its rules, and the rules an example or a note concerns, cited as the rulebook numbers them.

From rules/rebus/game.yaml: the ruling rebus-score concerns basic-score (3.1) then adding-on (2.3);
bonus-squares (3.2) has three rulings, multipliers, squares-compound and covered-earlier; the example reads-through
concerns adding-on then basic-score. The words are rules/rebus/en.yaml's (tile_points is 3) and the
UI strings of locales/fr/LC_MESSAGES/messages.po (French puts a no-break space before ";" and ":").
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from conftest import ROOT, edit, locate, per_test_under_mutmut, run_cli
from rulebook.load.project import load_project
from rulebook.render.pages import render_pages


@pytest.fixture(scope=per_test_under_mutmut)
def pages() -> dict[str, str]:
    return {page.path: page.text for page in render_pages(load_project(ROOT).project)}


def _rule(page: str, rule_id: str) -> str:
    start = page.index(f'<div class="rb-rule" id="{rule_id}"')
    return page[start : page.index("\n</div>\n", start)]


def _block(page: str, element_id: str) -> str:
    """An example's or a ruling's block: from its id to the end of its first <div>."""
    start = page.index(f'id="{element_id}"')
    return page[start : page.index("</div>", start)]


def test_an_example_and_a_ruling_link_each_rule_they_concern_in_their_order(pages: dict[str, str]) -> None:
    page = pages["en/rebus.md"]
    example = _block(page, "example-reads-through")
    assert example.split("\n")[1] == "**Example** · [REBUS 2.3](#adding-on), [REBUS 3.1](#basic-score)"
    ruling = _block(page, "ruling-rebus-score")
    assert "\nConcerns: [REBUS 3.1](#basic-score), [REBUS 2.3](#adding-on)\n" in ruling


def test_the_referee_notes_section_and_its_first_ruling(pages: dict[str, str]) -> None:
    page = pages["en/rebus.md"]
    section = page[page.index("## Referee notes") :]
    expected = "\n".join(
        [
            "## Referee notes { #referee-notes }",
            "",
            "Where the source texts are silent or ambiguous, the answers marked as project rulings are the "
            "project's own decisions; the others only restate what the rules say. None of them is the "
            "publisher's rule text; the scoring and the examples follow them.",
            "",
            '<div class="rb-ruling" id="ruling-rebus-score" markdown>',
            '<span class="rb-badge rb-badge--ruling" data-search-exclude>Project ruling</span>',
            "",
            "**Do tiles that were already on the board count in a rebus’s score?**",
            "",
            "Yes. A rebus scores 3 × its number of tiles as read, old and new, × the multipliers of the bonus "
            "squares that this turn’s new tiles cover within it.",
            "",
            "*Why:* The basic score counts “the number of tiles in the Rebus”, and a played rebus may be added "
            "to; the rules do not say that only new tiles count.",
            "",
            "Concerns: [REBUS 3.1](#basic-score), [REBUS 2.3](#adding-on)",
            "",
            "</div>",
            "",
            '<div class="rb-ruling" id="ruling-multipliers" markdown>',
        ]
    )
    assert section.startswith(expected)


def test_a_rule_links_to_each_note_that_concerns_it_and_only_those(pages: dict[str, str]) -> None:
    page = pages["en/rebus.md"]
    one = "[Do tiles that were already on the board count in a rebus’s score?](#ruling-rebus-score)"
    assert _rule(page, "adding-on").endswith(f'<p class="rb-ruling-link" markdown>Referee note: {one}</p>\n')
    three = (
        "[What is each bonus square worth?](#ruling-multipliers) · [When one rebus covers several bonus squares, "
        "do their bonuses add up or multiply?](#ruling-squares-compound) · [Does a bonus square covered on an "
        "earlier turn count again when a new rebus reads through it?](#ruling-covered-earlier)"
    )
    assert f'<p class="rb-ruling-link" markdown>Referee note: {three}</p>\n' in _rule(page, "bonus-squares")
    assert "rb-ruling-link" not in _rule(page, "single-words")


def test_the_referee_notes_in_french(pages: dict[str, str]) -> None:
    page = pages["fr/rebus.md"]
    section = page[page.index("## Notes d’arbitrage { #referee-notes }") :]
    # The catalog's ";" takes the narrow no-break space (U+202F), as rules/project.yaml chose for French.
    assert section.split("\n")[2] == (
        "Là où les textes sources sont muets ou ambigus, les réponses marquées comme décisions du projet "
        "sont ses propres choix\u202f; les autres ne font que reprendre ce que disent les règles. Aucune "
        "n’est un texte de règle de l’éditeur\u202f; le calcul des scores et les exemples les appliquent."
    )
    ruling = section[section.index('<div class="rb-ruling" id="ruling-rebus-score"') :]
    ruling = ruling
    assert '<span class="rb-badge rb-badge--ruling" data-search-exclude>Décision du projet</span>' in ruling
    assert "\n*Pourquoi\u00a0:* " in ruling
    assert "\nRègles concernées\u00a0: [REBUS 3.1](#basic-score), [REBUS 2.3](#adding-on)\n" in ruling
    assert '<p class="rb-ruling-link" markdown>Note d’arbitrage\u00a0: [' in _rule(page, "adding-on")


def test_a_worked_example_in_full(pages: dict[str, str]) -> None:
    # reads-through: a rebus of 5 tiles with a new tile on a blue square: 5 × 3 = 15, doubled 30.
    page = pages["en/rebus.md"]
    start = page.index('<div class="rb-example" id="example-reads-through" data-search-exclude markdown>')
    block = page[start : page.index("</div>", start) + len("</div>")].split("\n")
    assert page[start:].split("\n")[len(block)] == "", "an empty line after the example"
    assert block[:3] == [
        '<div class="rb-example" id="example-reads-through" data-search-exclude markdown>',
        "**Example** · [REBUS 2.3](#adding-on), [REBUS 3.1](#basic-score)",
        "",
    ]
    assert block[4:] == [
        "",
        # The ruling rebus-score decides what the rules leave open: the example says it rests on it.
        '<p class="rb-rests-on" markdown>**Rests on:** [Do tiles that were already on the board count in a '
        "rebus’s score?](#ruling-rebus-score)</p>",
        "",
        "| Step | Computation |",
        "|---|---|",
        "| Rebus 1 | 5 × 3 = 15 × 2 = 30 |",
        "| Turn score | 30 |",
        "",
        '<details class="rb-verified" data-search-exclude>',
        "<summary>✓ Verified by the build</summary>",
        '<p class="rb-verified__how">Reproduce it with this command:</p>',
        # Hyphens as character references: Markdown would read "--" as a dash.
        '<pre class="rb-command"><code>rulebook score rebus &#45;&#45;example reads&#45;through</code></pre>',
        '<button type="button" class="rb-copy" data-copied="Copied" hidden>Copy</button>',
        "</details>",
        "",
        "</div>",
    ]
    french = pages["fr/rebus.md"]
    assert "\n**Exemple** · [REBUS 2.3](#adding-on), [REBUS 3.1](#basic-score)\n" in french


def test_an_example_on_assumed_values_links_the_ruling_that_sets_them(pages: dict[str, str]) -> None:
    # rules/rebis/game.yaml: the ruling token-values assumes the mixture tokens' multipliers, which the
    # example multiplied-shelf uses; its result is computed from them, not verified against a source.
    ruling = "[What multiplier does each mixture token have?](#ruling-token-values)"
    assumption = (
        '<p class="rb-assumption" markdown>**Assumption:** these numbers use values that no source gives, '
        f"set by the project: {ruling}</p>\n\n"
    )
    page = pages["en/rebis.md"]
    block = _block(page, "example-multiplied-shelf")
    assert assumption in block
    assert "\n<summary>Computed by the build from the assumed values</summary>\n" in block


def refused_line(text: str) -> tuple[str, list[str]]:
    """The refusal's line as a reader sees it (tags dropped, references decoded), and the field paths
    it names, each in the span that paper leaves out (rulebook.css)."""
    line = next(line for line in text.split("\n") if line.startswith(("**Refused:**", "**Refusé", "**Odmítnuto:**")))
    paths = [html.unescape(path) for path in re.findall(r'<span class="rb-field-path">(.*?): </span>', line)]
    return html.unescape(re.sub(r"<[^>]+>", "", line)), paths


def test_a_refused_example_says_why_in_the_pages_language(pages: dict[str, str]) -> None:
    # ten-tiles places 10 tiles; the rack (rack_tiles) holds 9. The French is the catalog's, with its
    # no-break spaces before ":".
    for language, said in (
        ("en", "**Refused:** turn.tiles_placed: 10 tiles placed, but a player holds only 9"),
        ("fr", "**Refusé\u00a0:** turn.tiles_placed: 10 tuiles posées, mais un joueur n’en a que 9 en main"),
    ):
        page = pages[f"{language}/rebus.md"]
        block = _block(page, "example-ten-tiles")
        assert refused_line(block) == (said, ["turn.tiles_placed"]), language
        assert "\n\n<details " in block.split("**Refus", 1)[1], language


def test_a_refusal_quoting_a_backtick_keeps_it(project_copy: Path) -> None:
    # Two keys the schema does not know, one with a backtick: the refusal quotes both, in the file's
    # order, and the page shows it in one code element, whose text escapes the backtick for Markdown.
    edit(
        project_copy,
        "rules/rebus/game.yaml",
        "        tiles_placed: 10\n",
        "        tiles_placed: 10\n        ti`les: 1\n        zz: 2\n",
    )
    page = next(p.text for p in render_pages(load_project(project_copy).project) if p.path == "en/rebus.md")
    block = _block(page, "example-ten-tiles")
    said, paths = refused_line(block)
    assert said == "**Refused:** turn['ti`les']: unknown key 'ti`les'; turn.zz: unknown key 'zz'"
    assert paths == ["turn['ti`les']", "turn.zz"]


def test_a_refusal_is_said_with_the_languages_own_list_words(pages: dict[str, str]) -> None:
    # oh-my-word's token-of-four: Ann holds a token worth 4; tokens are worth 1, 2 or 3 (bad_luck_values),
    # listed as each language lists alternatives (CLDR "or" lists; English with a serial comma).
    for language, said in (
        ("en", "**Refused:** players.Ann[0]: a bad luck token is worth 1, 2, or 3, not 4"),
        ("fr", "**Refusé\u00a0:** players.Ann[0]: un jeton malchance vaut 1, 2 ou 3, pas 4"),
        ("cs", "**Odmítnuto:** players.Ann[0]: žeton smůly má hodnotu 1, 2 nebo 3, ne 4"),
    ):
        assert refused_line(pages[f"{language}/oh-my-word.md"]) == (said, ["players.Ann[0]"]), language


def test_each_reason_of_a_refusal_is_given(project_copy: Path) -> None:
    # Ann's token of 4 and, with Bob's 25 tokens of 1, 26 tokens taken of the game's 25.
    edit(
        project_copy,
        "rules/oh-my-word/game.yaml",
        "players: {Ann: [4], Bob: [1]}",
        "players: {Ann: [4], Bob: [" + ", ".join(["1"] * 25) + "]}",
    )
    page = next(p.text for p in render_pages(load_project(project_copy).project) if p.path == "en/oh-my-word.md")
    block = _block(page, "example-token-of-four")
    assert refused_line(block) == (
        "**Refused:** players.Ann[0]: a bad luck token is worth 1, 2, or 3, not 4; "
        "players: 26 bad luck tokens taken, but the game has only 25",
        ["players.Ann[0]", "players"],
    )


def test_a_breakdown_in_french(pages: dict[str, str]) -> None:
    # The table's words are the catalog's (Étape, Calcul, Rébus {n}, Score du tour); the numbers are
    # reads-through's: 5 tiles × 3 = 15, doubled by the blue square.
    page = pages["fr/rebus.md"]
    block = _block(page, "example-reads-through")
    table = "| Étape | Calcul |\n|---|---|\n| Rébus 1 | 5 × 3 = 15 × 2 = 30 |\n| Score du tour | 30 |\n\n<details "
    assert table in block


def test_winners_and_a_tie_in_the_breakdown(pages: dict[str, str]) -> None:
    # oh-my-word's tie: Ann and Bob share the fewest points, so both win and a tiebreaker is needed;
    # fewest-points has one winner, Cy.
    for language, rows in (
        ("en", "| **Winners** | **Ann, Bob** |\n| | A tiebreaker is needed. |\n\n"),
        ("fr", "| **Gagnants** | **Ann, Bob** |\n| | Un départage est nécessaire. |\n\n"),
    ):
        page = pages[f"{language}/oh-my-word.md"]
        block = _block(page, "example-tie")
        assert rows in block, language
    page = pages["en/oh-my-word.md"]
    block = _block(page, "example-fewest-points")
    assert "| **Winner** | **Cy** |\n\n" in block


def test_an_example_on_the_values_of_two_rulings_links_both(project_copy: Path) -> None:
    # shelf-value made to assume the gold token's multiplier too, which Ann's shelf in multiplied-shelf uses.
    edit(
        project_copy,
        "rules/rebis/game.yaml",
        "  - id: shelf-value\n    rules: [multipliers, final-score, closing-shelf]\n",
        "  - id: shelf-value\n    rules: [multipliers, final-score, closing-shelf]\n    assumes: [token_values.gold]\n",
    )
    page = next(p.text for p in render_pages(load_project(project_copy).project) if p.path == "en/rebis.md")
    block = _block(page, "example-multiplied-shelf")
    rulings = (
        "[What is a shelf worth at the end?](#ruling-shelf-value) · "
        "[What multiplier does each mixture token have?](#ruling-token-values)"
    )
    assert f"set by the project: {rulings}</p>" in block


def test_a_note_that_only_restates_the_rules_is_marked_so(pages: dict[str, str]) -> None:
    # rules/rebus/game.yaml: multipliers `restates` (the rules say double and triple); squares-compound
    # decides what the rules leave out.
    page = pages["en/rebus.md"]
    badge = '<span class="rb-badge rb-badge--ruling" data-search-exclude>{}</span>'
    assert badge.format("Restates the rules") in _block(page, "ruling-multipliers")
    assert badge.format("Project ruling") in _block(page, "ruling-squares-compound")
    assert badge.format("Reprend les règles") in _block(pages["fr/rebus.md"], "ruling-multipliers")
    assert badge.format("Opakuje pravidla") in _block(pages["cs/rebus.md"], "ruling-multipliers")


def test_a_verified_example_names_the_project_rulings_it_rests_on(pages: dict[str, str]) -> None:
    # two-squares rests on squares-compound (the sources are silent); covered-earlier on a note that
    # restates the rules, which presumes that old tiles count (rebus-score, a project ruling: issue 49);
    # multiplied-shelf's token values are linked by its assumption already.
    page = pages["en/rebus.md"]
    two_squares = _block(page, "example-two-squares")
    assert (
        '\n<p class="rb-rests-on" markdown>**Rests on:** [When one rebus covers several bonus squares, do their '
        "bonuses add up or multiply?](#ruling-squares-compound)</p>\n" in two_squares
    )
    assert "✓ Verified by the build" in page[page.index('id="example-two-squares"') :].split("</details>")[0]
    covered = _block(page, "example-covered-earlier")
    assert (
        '\n<p class="rb-rests-on" markdown>**Rests on:** [Do tiles that were already on the board count in a '
        "rebus’s score?](#ruling-rebus-score)</p>\n" in covered
    )
    multiplied = _block(pages["en/rebis.md"], "example-multiplied-shelf")
    assert "(#ruling-token-values)" in multiplied.split("**Rests on:**")[0]
    assert "(#ruling-token-values)" not in multiplied.split("**Rests on:**")[1]
    assert "**Vychází z:** [" in _block(pages["cs/rebus.md"], "example-two-squares")


def test_a_ruling_that_presumes_another_says_it_rests_on_it(pages: dict[str, str]) -> None:
    # rebis red-token-placement picks the shelf where the red token adds most: by the assumed values,
    # for the player the red-token ruling gives it to.
    block = _block(pages["en/rebis.md"], "ruling-red-token-placement")
    assert (
        '\n<p class="rb-rests-on" markdown>**Rests on:** [What multiplier does each mixture token '
        "have?](#ruling-token-values) · [Who receives the red token?](#ruling-red-token)</p>\n" in block
    )
    assert "rb-rests-on" not in _block(pages["en/rebis.md"], "ruling-red-token")


def test_a_ruling_presuming_one_the_game_lacks_is_refused(project_copy: Path, capsys) -> None:
    old, new = "presumes: [token-values, red-token]", "presumes: [token-value, red-token]"
    text = edit(project_copy, "rules/rebis/game.yaml", old, new)
    line, column = locate(text, "token-value, red-token]")
    code, out, _ = run_cli(capsys, "--root", str(project_copy), "check")
    assert code == 1
    # red-token-placement is the game's seventh ruling.
    assert f"rules/rebis/game.yaml:{line}:{column}: rulings[6].presumes: no other ruling 'token-value'" in out
