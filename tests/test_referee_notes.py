"""The referee notes of a game page (issue 17): the section, each ruling, the links to a note under
its rules, and the rules an example or a note concerns, cited as the rulebook numbers them.

The game is the fixture's alpha, translated (fixture_games.py), with the project's typography
(with_typography: French spaces before ":" and ";") and, made here (make_referee_project), five
referee notes and three more worked examples, every unit translated into French and Czech:

- rulings, in this order: missed-round (a project ruling, concerns winner 1.2 then players 1.1),
  adding-up (restates the rules, presumes missed-round), three-rounds (assumes scoring.rounds, the
  only fact alpha's scorer reads), ties, and extra-round (presumes three-rounds and ties);
- examples: late-player (concerns winner then players; rests on adding-up and missed-round; Ann
  3, 2 and 4, Bob 5 and 1), tie (Ann 3, 3 and 3, Bob 4, 4 and 1; rests on three-rounds, ties and
  extra-round), four-rounds (Ann scores in four rounds of the game's three, refused; rests on
  three-rounds and missed-round) and six-points (Ann scores 6 in a round, refused), beside the
  fixture's highest-total.

alpha's scorer adds up each player's points ("{player}, total", "3 + 2 + 4 = 9 → 9 points") and
refuses more rounds than the game has ("4 rounds scored, but the game has only 3"); it is given
here one more refusal, of a round's points outside the new fact scoring.round_points (0 to 5),
which lists the values allowed. The French catalog is given both refusals, the Czech one the
second, as translators would. The other words are the UI catalogs'.
"""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import pytest

from conftest import edit, locate, made_once, per_test_under_mutmut, run_cli
from fixture_games import NBSP, copy_small_project, quiet, with_typography
from rulebook.load.project import load_project
from rulebook.model import source_hash
from rulebook.render.pages import render_pages

NNBSP = "\u202f"
RULINGS = """\
rulings:
  - id: missed-round
    rules: [winner, players]
  - id: adding-up
    rules: [winner]
    restates: true
    presumes: [missed-round]
  - id: three-rounds
    rules: [winner]
    assumes: [scoring.rounds]
  - id: ties
    rules: [winner]
  - id: extra-round
    rules: [winner]
    presumes: [three-rounds, ties]
"""
EXAMPLES = """\
  - id: late-player
    rules: [winner, players]
    rulings: [adding-up, missed-round]
    input:
      players: {Ann: [3, 2, 4], Bob: [5, 1]}
    expect: {scores: {Ann: 9, Bob: 6}, winners: [Ann], tiebreak: false}
  - id: tie
    rules: [winner]
    rulings: [three-rounds, ties, extra-round]
    input:
      players: {Ann: [3, 3, 3], Bob: [4, 4, 1]}
    expect: {scores: {Ann: 9, Bob: 9}, winners: [Ann, Bob], tiebreak: true}
  - id: four-rounds
    rules: [winner]
    rulings: [three-rounds, missed-round]
    input:
      players: {Ann: [1, 2, 3, 4], Bob: [1, 1]}
    expect: {refused: score.too-many-rounds}
"""
QUESTIONS = {
    "missed-round": "Does a player who joins late score nothing for the rounds missed?",
    "adding-up": "How is the total of a player found?",
    "three-rounds": "How many rounds does a game have?",
    "ties": "Do players with the same highest total share the win?",
    "extra-round": "Is a tie broken by playing one more round?",
}
WORDS = {
    "en": {
        "ruling.missed-round.question": QUESTIONS["missed-round"],
        "ruling.missed-round.answer": (
            "Yes. The total of a player adds up the points of the rounds played, and a round missed scores nothing."
        ),
        "ruling.missed-round.why": (
            "The rules add up the points of each player and say nothing of a player who joins late."
        ),
        "ruling.adding-up.question": QUESTIONS["adding-up"],
        "ruling.adding-up.answer": "By adding up the points of each round played.",
        "ruling.adding-up.why": "The rules say so.",
        "ruling.three-rounds.question": QUESTIONS["three-rounds"],
        "ruling.three-rounds.answer": "Three: no source gives the number, so the project set it.",
        "ruling.three-rounds.why": "The sources leave the number of rounds open.",
        "ruling.ties.question": QUESTIONS["ties"],
        "ruling.ties.answer": "Yes, and a tiebreaker is needed to name one winner.",
        "ruling.ties.why": "The rules name no tiebreaker.",
        "ruling.extra-round.question": QUESTIONS["extra-round"],
        "ruling.extra-round.answer": "No: the game ends after its rounds, and the tied players share the win.",
        "ruling.extra-round.why": "No round is played beyond the number the project set.",
        "example.late-player": "Bob misses the last round: 5 and 1, 6 points; Ann 3, 2 and 4, 9 points. Ann wins.",
        "example.tie": "Ann scores 3, 3 and 3, Bob 4, 4 and 1: 9 points each, and both win.",
        "example.four-rounds": "Ann scores in four rounds, and Bob misses one: the game has only three.",
        "example.six-points": "Ann scores six points in a round, more than a round gives.",
    },
    "fr": {
        "ruling.missed-round.question": (
            f"Un joueur arrivé en retard marque-t-il zéro pour les manches manquées{NNBSP}?"
        ),
        "ruling.missed-round.answer": (
            "Oui. Le total d’un joueur additionne les points des manches jouées, "
            "et une manche manquée ne rapporte rien."
        ),
        "ruling.missed-round.why": (
            "Les règles additionnent les points de chaque joueur et ne disent rien d’un joueur arrivé en retard."
        ),
        "ruling.adding-up.question": f"Comment trouve-t-on le total d’un joueur{NNBSP}?",
        "ruling.adding-up.answer": "En additionnant les points de chaque manche jouée.",
        "ruling.adding-up.why": "Les règles le disent.",
        "ruling.three-rounds.question": f"Combien de manches compte une partie{NNBSP}?",
        "ruling.three-rounds.answer": f"Trois{NBSP}: aucune source ne donne ce nombre, le projet l’a fixé.",
        "ruling.three-rounds.why": "Les sources laissent ouvert le nombre de manches.",
        "ruling.ties.question": f"Les joueurs à égalité au plus haut total partagent-ils la victoire{NNBSP}?",
        "ruling.ties.answer": "Oui, et un départage est nécessaire pour désigner un seul gagnant.",
        "ruling.ties.why": "Les règles ne prévoient aucun départage.",
        "ruling.extra-round.question": f"Départage-t-on une égalité en jouant une manche de plus{NNBSP}?",
        "ruling.extra-round.answer": (
            f"Non{NBSP}: la partie s’arrête après ses manches, et les joueurs à égalité partagent la victoire."
        ),
        "ruling.extra-round.why": "Aucune manche ne se joue au-delà du nombre fixé par le projet.",
        "example.late-player": (
            f"Bob manque la dernière manche{NBSP}: 5 et 1, soit 6 points{NNBSP}; Ann 3, 2 et 4, soit 9 points. "
            "Ann l’emporte."
        ),
        "example.tie": f"Ann marque 3, 3 et 3, Bob 4, 4 et 1{NBSP}: 9 points chacun, et tous deux l’emportent.",
        "example.four-rounds": f"Ann marque sur quatre manches, et Bob en manque une{NBSP}: le jeu n’en a que trois.",
        "example.six-points": "Ann marque six points en une manche, plus qu’une manche n’en donne.",
    },
    "cs": {
        "ruling.missed-round.question": "Získá hráč, který přijde pozdě, za vynechaná kola nula bodů?",
        "ruling.missed-round.answer": "Ano. Součet hráče sčítá body odehraných kol a vynechané kolo nic nepřinese.",
        "ruling.missed-round.why": "Pravidla sčítají body každého hráče a o pozdním příchodu nemluví.",
        "ruling.adding-up.question": "Jak se určí součet hráče?",
        "ruling.adding-up.answer": "Sečtením bodů každého odehraného kola.",
        "ruling.adding-up.why": "Říkají to pravidla.",
        "ruling.three-rounds.question": "Kolik kol má hra?",
        "ruling.three-rounds.answer": "Tři: žádný zdroj počet neuvádí, a tak ho určil projekt.",
        "ruling.three-rounds.why": "Zdroje počet kol nechávají otevřený.",
        "ruling.ties.question": "Dělí se hráči se stejným nejvyšším součtem o vítězství?",
        "ruling.ties.answer": "Ano, a k určení jediného vítěze je třeba rozstřel.",
        "ruling.ties.why": "Pravidla neurčují žádný rozstřel.",
        "ruling.extra-round.question": "Rozhoduje se remíza dalším kolem?",
        "ruling.extra-round.answer": "Ne: hra končí po svých kolech a hráči se shodou se o vítězství dělí.",
        "ruling.extra-round.why": "Nad počet kol určený projektem se nehraje žádné kolo.",
        "example.late-player": (
            "Bob vynechá poslední kolo: 5 a 1, celkem 6 bodů; Ann 3, 2 a 4, celkem 9 bodů. Vyhrává Ann."
        ),
        "example.tie": "Ann získá 3, 3 a 3, Bob 4, 4 a 1: každý 9 bodů, a vyhrávají oba.",
        "example.four-rounds": "Ann boduje ve čtyřech kolech a Bob jedno vynechá: hra jich má jen tři.",
        "example.six-points": "Ann získá v jednom kole šest bodů, víc, než kolo dává.",
    },
}
# A rule of alpha's scorer added here, so that a refusal lists values: a round scores one of the
# points of the fact scoring.round_points, 0 to 5 (the other examples score 1 to 5).
ROUND_POINTS = "    rounds: 3\n    round_points: [0, 1, 2, 3, 4, 5]\n"
REFUSAL = """    "score.round-points": N_("a round scores {values}, not {value}"),\n"""
CHECK = """\
    allowed = facts["scoring"]["round_points"]
    problems += [
        (("players", name, index), refusal(REFUSALS, "score.round-points", values=sorted(allowed), value=value))
        for name, points in players.items()
        for index, value in enumerate(points)
        if value not in allowed
    ]
"""
SIX_POINTS = """\
  - id: six-points
    rules: [winner]
    input:
      players: {Ann: [6], Bob: [1]}
    expect: {refused: score.round-points}
"""
# alpha's refusals in the catalogs, as translators give them (`make messages` adds their msgids).
REFUSALS = {
    "fr": """
msgid "{n} round scored, but the game has only {rounds}"
msgid_plural "{n} rounds scored, but the game has only {rounds}"
msgstr[0] "{n} manche comptée, mais le jeu n’en a que {rounds}"
msgstr[1] "{n} manches comptées, mais le jeu n’en a que {rounds}"

msgid "a round scores {values}, not {value}"
msgstr "une manche rapporte {values}, pas {value}"
""",
    "cs": """
msgid "a round scores {values}, not {value}"
msgstr "kolo přináší {values}, ne {value}"
""",
}


def make_referee_project(root: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    with_typography(copy_small_project(tmp_path_factory, root, translated=True))
    # The fixture's French puts a no-break space before ";", which this typography makes narrow.
    french = root / "rules/alpha/fr.yaml"
    french.write_text(french.read_text(encoding="utf-8").replace(f"{NBSP};", f"{NNBSP};"), encoding="utf-8")
    game = root / "rules/alpha/game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + EXAMPLES + SIX_POINTS + RULINGS, encoding="utf-8")
    edit(root, "rules/alpha/game.yaml", "    rounds: 3\n", ROUND_POINTS)
    edit(root, "rules/alpha/scoring.py", "REFUSALS = {\n", "REFUSALS = {\n" + REFUSAL)
    edit(root, "rules/alpha/scoring.py", "    if problems:\n", CHECK + "    if problems:\n")
    for language, units in WORDS.items():
        words = root / f"rules/alpha/{language}.yaml"
        added = ""
        for unit, text in units.items():
            added += f"  {unit}:\n    text: {yaml_string(text)}\n"
            if language != "en":
                added += f'    source: "{source_hash(WORDS["en"][unit])}"\n    status: draft\n'
        words.write_text(words.read_text(encoding="utf-8") + added, encoding="utf-8")
    for language, entries in REFUSALS.items():
        catalog = root / f"locales/{language}/LC_MESSAGES/messages.po"
        catalog.write_text(catalog.read_text(encoding="utf-8") + entries, encoding="utf-8")
    quiet(["--root", str(root), "check"])
    shutil.rmtree(root / ".cache", ignore_errors=True)


def yaml_string(text: str) -> str:
    import json

    return json.dumps(text, ensure_ascii=False)


def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return made_once(tmp_path_factory, "referee-project", lambda root: make_referee_project(root, tmp_path_factory))


@pytest.fixture(scope=per_test_under_mutmut)
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    return {page.path: page.text for page in render_pages(load_project(made(tmp_path_factory)).project)}


@pytest.fixture
def project(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> Path:
    """A copy of this module's project, safe to break."""
    return shutil.copytree(made(tmp_path_factory), tmp_path / "project")


def _page_of(root: Path, path: str) -> str:
    return next(page.text for page in render_pages(load_project(root).project) if page.path == path)


def _rule(page: str, rule_id: str) -> str:
    start = page.index(f'<div class="rb-rule" id="{rule_id}"')
    return page[start : page.index("\n</div>\n", start)]


def _block(page: str, element_id: str) -> str:
    """An example's or a ruling's block: from its id to the end of its first <div>."""
    start = page.index(f'id="{element_id}"')
    return page[start : page.index("</div>", start)]


def _link(ruling: str) -> str:
    return f"[{QUESTIONS[ruling]}](#ruling-{ruling})"


def test_an_example_and_a_ruling_link_each_rule_they_concern_in_their_order(pages: dict[str, str]) -> None:
    page = pages["en/alpha.md"]
    example = _block(page, "example-late-player")
    assert example.split("\n")[1] == "**Example** · [Alpha 1.2](#winner), [Alpha 1.1](#players)"
    ruling = _block(page, "ruling-missed-round")
    assert "\nConcerns: [Alpha 1.2](#winner), [Alpha 1.1](#players)\n" in ruling


def test_the_referee_notes_section_and_its_first_ruling(pages: dict[str, str]) -> None:
    page = pages["en/alpha.md"]
    section = page[page.index("## Referee notes") :]
    expected = "\n".join(
        [
            "## Referee notes { #referee-notes }",
            "",
            "Where the source texts are silent or ambiguous, the answers marked as project rulings are the "
            "project's own decisions; the others only restate what the rules say. None of them is the "
            "publisher's rule text; the scoring and the examples follow them.",
            "",
            '<div class="rb-ruling" id="ruling-missed-round" markdown>',
            '<span class="rb-badge rb-badge--ruling" data-search-exclude>Project ruling</span>',
            "",
            f"**{QUESTIONS['missed-round']}**",
            "",
            "Yes. The total of a player adds up the points of the rounds played, and a round missed scores nothing.",
            "",
            "*Why:* The rules add up the points of each player and say nothing of a player who joins late.",
            "",
            "Concerns: [Alpha 1.2](#winner), [Alpha 1.1](#players)",
            "",
            "</div>",
            "",
            '<div class="rb-ruling" id="ruling-adding-up" markdown>',
        ]
    )
    assert section.startswith(expected)


def test_a_rule_links_to_each_note_that_concerns_it_and_only_those(pages: dict[str, str]) -> None:
    page = pages["en/alpha.md"]
    one = _link("missed-round")
    assert _rule(page, "players").endswith(f'<p class="rb-ruling-link" markdown>Referee note: {one}</p>\n')
    five = " · ".join(_link(ruling) for ruling in QUESTIONS)  # every note concerns winner, in the game's order
    assert f'<p class="rb-ruling-link" markdown>Referee note: {five}</p>\n' in _rule(page, "winner")
    assert "rb-ruling-link" not in _rule(pages["en/beta.md"], "players")  # beta has no notes


def test_the_referee_notes_in_french(pages: dict[str, str]) -> None:
    page = pages["fr/alpha.md"]
    section = page[page.index("## Notes d’arbitrage { #referee-notes }") :]
    # The catalog's ";" takes the narrow no-break space (U+202F), as the project's typography chose for French.
    assert section.split("\n")[2] == (
        "Là où les textes sources sont muets ou ambigus, les réponses marquées comme décisions du projet "
        "sont ses propres choix\u202f; les autres ne font que reprendre ce que disent les règles. Aucune "
        "n’est un texte de règle de l’éditeur\u202f; le calcul des scores et les exemples les appliquent."
    )
    ruling = section[section.index('<div class="rb-ruling" id="ruling-missed-round"') :]
    assert '<span class="rb-badge rb-badge--ruling" data-search-exclude>Décision du projet</span>' in ruling
    assert "\n*Pourquoi\u00a0:* " in ruling
    assert "\nRègles concernées\u00a0: [Alpha 1.2](#winner), [Alpha 1.1](#players)\n" in ruling
    assert '<p class="rb-ruling-link" markdown>Note d’arbitrage\u00a0: [' in _rule(page, "players")


def test_a_worked_example_in_full(pages: dict[str, str]) -> None:
    # late-player: Ann 3 + 2 + 4 = 9, Bob 5 + 1 = 6 (a round missed); Ann has the highest total.
    page = pages["en/alpha.md"]
    start = page.index('<div class="rb-example" id="example-late-player" data-search-exclude markdown>')
    block = page[start : page.index("</div>", start) + len("</div>")].split("\n")
    assert page[start:].split("\n")[len(block)] == "", "an empty line after the example"
    assert block[:4] == [
        '<div class="rb-example" id="example-late-player" data-search-exclude markdown>',
        "**Example** · [Alpha 1.2](#winner), [Alpha 1.1](#players)",
        "",
        "Bob misses the last round: 5 and 1, 6 points; Ann 3, 2 and 4, 9 points. Ann wins.",
    ]
    assert block[4:] == [
        "",
        # The ruling missed-round decides what the rules leave open: the example says it rests on it;
        # adding-up only restates the rules, and is not named.
        f'<p class="rb-rests-on" markdown>**Rests on:** {_link("missed-round")}</p>',
        "",
        "| Step | Computation |",
        "|---|---|",
        "| Ann, total | 3 + 2 + 4 = 9 → 9 points |",
        "| Bob, total | 5 + 1 = 6 → 6 points |",
        "| **Winner** | **Ann** |",
        "",
        '<details class="rb-verified" data-search-exclude>',
        "<summary>✓ Verified by the build</summary>",
        '<p class="rb-verified__how">Reproduce it with this command:</p>',
        # Hyphens as character references: Markdown would read "--" as a dash.
        '<pre class="rb-command"><code>rulebook score alpha &#45;&#45;example late&#45;player</code></pre>',
        '<button type="button" class="rb-copy" data-copied="Copied" hidden>Copy</button>',
        "</details>",
        "",
        "</div>",
    ]
    french = pages["fr/alpha.md"]
    assert "\n**Exemple** · [Alpha 1.2](#winner), [Alpha 1.1](#players)\n" in french


def test_an_example_on_assumed_values_links_the_ruling_that_sets_them(pages: dict[str, str]) -> None:
    # three-rounds assumes scoring.rounds, which four-rounds's refusal changes with (4 rounds of 3);
    # its result is computed from it, not verified against a source.
    assumption = (
        '<p class="rb-assumption" markdown>**Assumption:** these numbers use values that no source gives, '
        f"set by the project: {_link('three-rounds')}</p>\n\n"
    )
    page = pages["en/alpha.md"]
    block = _block(page, "example-four-rounds")
    assert assumption in block
    assert "\n<summary>Computed by the build from the assumed values</summary>\n" in block
    # The other examples' results do not change with the number of rounds: no assumption.
    for other in ("late-player", "tie", "highest-total"):
        assert "rb-assumption" not in _block(page, f"example-{other}"), other


def refused_line(text: str) -> tuple[str, list[str]]:
    """The refusal's line as a reader sees it (tags dropped, references decoded), and the field paths
    it names, each in the span that paper leaves out (rulebook.css)."""
    line = next(line for line in text.split("\n") if line.startswith(("**Refused:**", "**Refusé", "**Odmítnuto:**")))
    paths = [html.unescape(path) for path in re.findall(r'<span class="rb-field-path">(.*?): </span>', line)]
    return html.unescape(re.sub(r"<[^>]+>", "", line)), paths


def test_a_refused_example_says_why_in_the_pages_language(pages: dict[str, str]) -> None:
    # four-rounds: Ann scores in 4 rounds; the game has 3 (scoring.rounds). The French is the catalog's
    # (REFUSALS), with its no-break space before ":"; Czech's catalog lacks it: English there.
    for language, said in (
        ("en", "**Refused:** players.Ann: 4 rounds scored, but the game has only 3"),
        ("fr", "**Refusé\u00a0:** players.Ann: 4 manches comptées, mais le jeu n’en a que 3"),
        ("cs", "**Odmítnuto:** players.Ann: 4 rounds scored, but the game has only 3"),
    ):
        page = pages[f"{language}/alpha.md"]
        block = _block(page, "example-four-rounds")
        assert refused_line(block) == (said, ["players.Ann"]), language
        assert "\n\n<details " in block.split("**Refus" if language != "cs" else "**Odmítnuto", 1)[1], language


def test_a_refusal_quoting_a_backtick_keeps_it(project: Path) -> None:
    # Two keys the schema does not know, one with a backtick: the refusal quotes both, in the file's
    # order, and the page shows it in one code element, whose text escapes the backtick for Markdown.
    edit(
        project,
        "rules/alpha/game.yaml",
        "      players: {Ann: [1, 2, 3, 4], Bob: [1, 1]}\n",
        "      players: {Ann: [1, 2, 3, 4], Bob: [1, 1]}\n      ti`les: 1\n      zz: 2\n",
    )
    block = _block(_page_of(project, "en/alpha.md"), "example-four-rounds")
    said, paths = refused_line(block)
    assert said == "**Refused:** ['ti`les']: unknown key 'ti`les'; zz: unknown key 'zz'"
    assert paths == ["['ti`les']", "zz"]


def test_a_refusal_is_said_with_the_languages_own_list_words(pages: dict[str, str]) -> None:
    # six-points: Ann scores 6 in a round; a round scores 0, 1, 2, 3, 4 or 5 (round_points), listed as
    # each language lists alternatives (CLDR "or" lists; English with a serial comma).
    for language, said in (
        ("en", "**Refused:** players.Ann[0]: a round scores 0, 1, 2, 3, 4, or 5, not 6"),
        ("fr", "**Refusé\u00a0:** players.Ann[0]: une manche rapporte 0, 1, 2, 3, 4 ou 5, pas 6"),
        ("cs", "**Odmítnuto:** players.Ann[0]: kolo přináší 0, 1, 2, 3, 4 nebo 5, ne 6"),
    ):
        block = _block(pages[f"{language}/alpha.md"], "example-six-points")
        assert refused_line(block) == (said, ["players.Ann[0]"]), language


def test_each_reason_of_a_refusal_is_given(project: Path) -> None:
    # Ann's 4 rounds and Bob's 5, of the game's 3, and Bob's 7 points in his third round, of 0 to 5:
    # the scorer's reasons in its order, the rounds first.
    edit(project, "rules/alpha/game.yaml", "Bob: [1, 1]}", "Bob: [1, 1, 7, 1, 1]}")
    block = _block(_page_of(project, "en/alpha.md"), "example-four-rounds")
    assert refused_line(block) == (
        "**Refused:** players.Ann: 4 rounds scored, but the game has only 3; "
        "players.Bob: 5 rounds scored, but the game has only 3; "
        "players.Bob[2]: a round scores 0, 1, 2, 3, 4, or 5, not 7",
        ["players.Ann", "players.Bob", "players.Bob[2]"],
    )


def test_a_breakdown_in_french(pages: dict[str, str]) -> None:
    # The table's words are the catalog's (Étape, Calcul, "{player}, total", "{n} points", Gagnant); the
    # numbers are late-player's: Ann 3 + 2 + 4 = 9, Bob 5 + 1 = 6.
    page = pages["fr/alpha.md"]
    block = _block(page, "example-late-player")
    table = (
        "| Étape | Calcul |\n|---|---|\n| Ann, total | 3 + 2 + 4 = 9 → 9 points |\n"
        "| Bob, total | 5 + 1 = 6 → 6 points |\n| **Gagnant** | **Ann** |\n\n<details "
    )
    assert table in block


def test_winners_and_a_tie_in_the_breakdown(pages: dict[str, str]) -> None:
    # tie: Ann and Bob both have 9, the highest total, so both win and a tiebreaker is needed;
    # highest-total has one winner, Ann (9 against 8).
    for language, rows in (
        ("en", "| **Winners** | **Ann, Bob** |\n| | A tiebreaker is needed. |\n\n"),
        ("fr", "| **Gagnants** | **Ann, Bob** |\n| | Un départage est nécessaire. |\n\n"),
    ):
        page = pages[f"{language}/alpha.md"]
        block = _block(page, "example-tie")
        assert rows in block, language
    page = pages["en/alpha.md"]
    block = _block(page, "example-highest-total")
    assert "| **Winner** | **Ann** |\n\n" in block and "tiebreaker" not in block


def test_an_example_on_the_values_of_two_rulings_links_both(project: Path) -> None:
    # ties made to assume the number of rounds too, which four-rounds's refusal changes with.
    edit(
        project,
        "rules/alpha/game.yaml",
        "  - id: ties\n    rules: [winner]\n",
        "  - id: ties\n    rules: [winner]\n    assumes: [scoring.rounds]\n",
    )
    block = _block(_page_of(project, "en/alpha.md"), "example-four-rounds")
    assert f"set by the project: {_link('three-rounds')} · {_link('ties')}</p>" in block


def test_a_note_that_only_restates_the_rules_is_marked_so(pages: dict[str, str]) -> None:
    # adding-up `restates` (the rules add up the points); missed-round decides what the rules leave out.
    page = pages["en/alpha.md"]
    badge = '<span class="rb-badge rb-badge--ruling" data-search-exclude>{}</span>'
    assert badge.format("Restates the rules") in _block(page, "ruling-adding-up")
    assert badge.format("Project ruling") in _block(page, "ruling-missed-round")
    assert badge.format("Reprend les règles") in _block(pages["fr/alpha.md"], "ruling-adding-up")
    assert badge.format("Opakuje pravidla") in _block(pages["cs/alpha.md"], "ruling-adding-up")


def test_a_verified_example_names_the_project_rulings_it_rests_on(pages: dict[str, str]) -> None:
    # tie rests on three project rulings, named in the game's order; late-player on missed-round, which
    # the note it cites that restates the rules (adding-up) presumes; four-rounds's assumed value is
    # linked by its assumption already, its other ruling under "Rests on".
    page = pages["en/alpha.md"]
    tie = _block(page, "example-tie")
    links = " · ".join(_link(ruling) for ruling in ("three-rounds", "ties", "extra-round"))
    assert f'\n<p class="rb-rests-on" markdown>**Rests on:** {links}</p>\n' in tie
    assert "✓ Verified by the build" in page[page.index('id="example-tie"') :].split("</details>")[0]
    late = _block(page, "example-late-player")
    assert f'\n<p class="rb-rests-on" markdown>**Rests on:** {_link("missed-round")}</p>\n' in late
    four = _block(page, "example-four-rounds")
    assert "(#ruling-three-rounds)" in four.split("**Rests on:**")[0]
    assert four.split("**Rests on:**")[1].split("</p>")[0] == f" {_link('missed-round')}"
    assert "rb-rests-on" not in _block(page, "example-highest-total")
    assert "**Vychází z:** [" in _block(pages["cs/alpha.md"], "example-tie")


def test_a_ruling_that_presumes_another_says_it_rests_on_it(pages: dict[str, str]) -> None:
    # extra-round keeps to the number of rounds the project set and to the shared win of a tie.
    block = _block(pages["en/alpha.md"], "ruling-extra-round")
    assert f'\n<p class="rb-rests-on" markdown>**Rests on:** {_link("three-rounds")} · {_link("ties")}</p>\n' in block
    assert "rb-rests-on" not in _block(pages["en/alpha.md"], "ruling-ties")


def test_a_ruling_presuming_one_the_game_lacks_is_refused(project: Path, capsys) -> None:
    old, new = "presumes: [three-rounds, ties]", "presumes: [three-round, ties]"
    text = edit(project, "rules/alpha/game.yaml", old, new)
    line, column = locate(text, "three-round, ties]")
    code, out, _ = run_cli(capsys, "--root", str(project), "check")
    assert code == 1
    # extra-round is the game's fifth ruling.
    assert f"rules/alpha/game.yaml:{line}:{column}: rulings[4].presumes: no other ruling 'three-round'" in out
