"""`rulebook score --lang` says everything in that language (issue 48: the breakdown, a maximum and a
duplicate key stayed English): each step and the summary, the winners with a tie, the red token's fate,
every refusal with the language's typography before a colon, and limits with its digit grouping.

The game is the fixture's alpha (fixture_games.make_score_lang_project: each player's points over 3 rounds
add up, the highest total wins), with its example a-tie (add_examples: Ann 1 + 2 + 3 = 6, Bob 6). Made here
(make_said_in_project): its input schema given a maximum of 1,000,000 points a round, and its scorer a red
token, as a game of the toolkit may have one: a sole winner receives it and puts it on the shelf 2 of the
last player named; on a tie nobody does. The expected words are the UI catalogs' translations (Winner,
"{player}, total", "{n} point", the red token's), the numbers worked out by hand.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import edit, made_once, run_cli
from fixture_games import add_examples, make_score_lang_project, quiet
from rulebook.website.path_caches import clear_path_caches

NBSP, NNBSP = "\u00a0", "\u202f"
MILLION = {"en": "1,000,000", "fr": f"1{NNBSP}000{NNBSP}000", "cs": f"1{NBSP}000{NBSP}000"}
TWO_MILLION = {"en": "2,000,000", "fr": f"2{NNBSP}000{NNBSP}000", "cs": f"2{NBSP}000{NBSP}000"}
OVER_THE_MAXIMUM = "players:\n  Ann: [2000000]\n"  # the value at line 2, column 9
RED_TOKEN = """\
    sole = winners[0] if len(winners) == 1 else None
    shelf = {"player": list(players)[-1], "shelf": 2} if sole else None
    values = {"scores": scores, "winners": winners, "tiebreak": len(winners) > 1}
    return Outcome(values | {"red_token_to": sole, "red_token_shelf": shelf}, lines)
"""


def make_said_in_project(root: Path) -> None:
    make_score_lang_project(root)
    add_examples(root)
    path = root / "rules/alpha/score.schema.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    schema["properties"]["players"]["additionalProperties"]["items"]["maximum"] = 1000000
    path.write_text(json.dumps(schema, indent=2) + "\n", encoding="utf-8")
    clear_path_caches()  # the schema as make_score_lang_project's check compiled it is forgotten, as `serve` does
    returned = '    return Outcome({"scores": scores, "winners": winners, "tiebreak": len(winners) > 1}, lines)\n'
    edit(root, "rules/alpha/scoring.py", returned, RED_TOKEN)
    quiet(["--root", str(root), "check"])
    shutil.rmtree(root / ".cache", ignore_errors=True)


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This module's project, made once a run; no test changes it."""
    return made_once(tmp_path_factory, "score-said-in-project", make_said_in_project)


@pytest.fixture
def score_root(root: Path) -> Path:
    """conftest's `score` scores in this module's project."""
    return root


def test_the_breakdown_in_french(score) -> None:
    # Ann 3 + 2 + 4 = 9, Bob 5 + 1 + 2 = 8, Cy 1 (French: "1 point", one; "8 points", more): Ann wins,
    # and puts the red token on the shelf 2 of Cy, the last named.
    code, out, _ = score("alpha", "players: {Ann: [3, 2, 4], Bob: [5, 1, 2], Cy: [1]}\n", "--lang", "fr")
    assert (code, out.splitlines()) == (
        0,
        [
            f"Ann, total{NBSP}: 3 + 2 + 4 = 9 → 9 points",
            f"Bob, total{NBSP}: 5 + 1 + 2 = 8 → 8 points",
            f"Cy, total{NBSP}: 1 → 1 point",
            f"Gagnant{NBSP}: Ann",
            f"Jeton rouge{NBSP}: Ann, sur l’étagère 2 de Cy",
        ],
    )


def test_the_breakdown_in_czech(score) -> None:
    # Czech's three forms of "{n} point": 1 bod; 2 to 4 body (3); 5 and more bodů (9).
    code, out, _ = score("alpha", "players: {Ann: [3, 2, 4], Bob: [1], Cy: [2, 1]}\n", "--lang", "cs")
    assert (code, out.splitlines()) == (
        0,
        [
            "Ann, celkem: 3 + 2 + 4 = 9 → 9 bodů",
            "Bob, celkem: 1 → 1 bod",
            "Cy, celkem: 2 + 1 = 3 → 3 body",
            "Vítěz: Ann",
            "Červený žeton: Ann, na polici 2 hráče Cy",
        ],
    )


@pytest.mark.parametrize(
    ("language", "winner", "red_token", "winners", "nobody"),
    [
        (
            "en",
            "Winner: Ann",
            "Red token: Ann, on Bob's shelf 2",
            "Winners: Ann, Bob (a tiebreaker is needed)",
            "Red token: nobody (tied)",
        ),
        (
            "fr",
            f"Gagnant{NBSP}: Ann",
            f"Jeton rouge{NBSP}: Ann, sur l’étagère 2 de Bob",
            f"Gagnants{NBSP}: Ann, Bob (un départage est nécessaire)",
            f"Jeton rouge{NBSP}: personne (égalité)",
        ),
        (
            "cs",
            "Vítěz: Ann",
            "Červený žeton: Ann, na polici 2 hráče Bob",
            "Vítězové: Ann, Bob (je potřeba rozstřel)",
            "Červený žeton: nikdo (shoda)",
        ),
    ],
)
def test_the_winner_and_the_red_token_in_the_language(
    capsys, root: Path, language: str, winner: str, red_token: str, winners: str, nobody: str
) -> None:
    # The worked example highest-total: Ann wins (9 against 8) and puts the red token on Bob's shelf 2.
    code, out, _ = run_cli(
        capsys, "--root", str(root), "score", "alpha", "--example", "highest-total", "--lang", language
    )
    assert code == 0
    assert out.splitlines()[-2:] == [winner, red_token]
    # a-tie: Ann and Bob both have 6, so both win, a tiebreaker is needed and nobody receives the red token.
    code, out, _ = run_cli(capsys, "--root", str(root), "score", "alpha", "--example", "a-tie", "--lang", language)
    assert code == 0
    assert out.splitlines()[-2:] == [winners, nobody]


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "players.Ann[0]: {value} is greater than the maximum of {limit}"),
        ("fr", f"players.Ann[0]{NBSP}: {{value}} dépasse le maximum de {{limit}}"),
        ("cs", "players.Ann[0]: {value} je větší než maximum {limit}"),
    ],
)
def test_a_maximum_in_the_language_with_its_grouping(score, language: str, words: str) -> None:
    code, out, err = score("alpha", OVER_THE_MAXIMUM, "--lang", language)
    assert (code, out) == (2, "")
    expected = words.format(value=TWO_MILLION[language], limit=MILLION[language])
    (line,) = err.splitlines()
    assert line.endswith(f"situation.yaml:2:9: {expected}")


@pytest.mark.parametrize(
    ("language", "words"),
    [("fr", "clé 'Ann' en double (la première à la ligne 1)"), ("cs", "zdvojený klíč 'Ann' (poprvé na řádku 1)")],
)
def test_a_duplicate_key_in_the_language(score, language: str, words: str) -> None:
    document = "players: {Ann: [3], Ann: [2]}\n"  # the second Ann at column 21
    code, _, err = score("alpha", document, "--lang", language)
    assert code == 2
    assert err.rstrip("\n").endswith(f"situation.yaml:1:21: {words}")
