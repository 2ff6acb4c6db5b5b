"""`rulebook score --lang`: refusals in French and Czech through the catalogs, Czech's three plural
forms, English by default, and an unknown language refused. The expected words are the catalogs'
translations, the positions counted by hand in the one-line documents."""

from __future__ import annotations

import json

import pytest

from conftest import ROOT
from rulebook.commands.score import score_json
from rulebook.load.project import load_project

TOKEN_WORTH_4 = '{"players": {"Ann": [4]}}'  # the 4 is the 22nd character


def test_refusals_in_french(score) -> None:
    code, out, err = score("oh-my-word", TOKEN_WORTH_4, "--lang", "fr")
    assert (code, out) == (2, "")
    assert err.endswith("situation.yaml:1:22: players.Ann[0]\u00a0: un jeton malchance vaut 1, 2 ou 3, pas 4\n")


def test_refusals_in_czech(score) -> None:
    code, _, err = score("oh-my-word", TOKEN_WORTH_4, "--lang", "cs")
    assert code == 2
    assert err.endswith("situation.yaml:1:22: players.Ann[0]: žeton smůly má hodnotu 1, 2 nebo 3, ne 4\n")


def test_english_stays_the_default(score) -> None:
    for options in ((), ("--lang", "en")):
        code, _, err = score("oh-my-word", TOKEN_WORTH_4, *options)
        assert code == 2
        assert err.endswith("situation.yaml:1:22: players.Ann[0]: a bad luck token is worth 1, 2 or 3, not 4\n")


def test_json_refusal_in_french_is_one_object() -> None:
    code, printed = score_json(ROOT, "oh-my-word", TOKEN_WORTH_4.encode("utf-8"), "fr")
    assert code == 2
    assert json.loads(printed) == {
        "error": True,
        "problems": [
            {
                "code": "score.token-value",
                "path": ["players", "Ann", 0],
                "params": {"values": [1, 2, 3], "value": 4},
                "message": "<stdin>:1:22: players.Ann[0]\u00a0: un jeton malchance vaut 1, 2 ou 3, pas 4",
            }
        ],
    }


def _shelves(count: int) -> bytes:
    """Ann has `count` empty shelves and the red token goes to her (2 cards in hand against 0),
    placed on shelf 9, which she does not have."""
    shelves = ", ".join(['{"points": []}'] * count)
    document = (
        f'{{"players": {{"Ann": {{"hand": 2, "shelves": [{shelves}]}}, "Bob": {{"hand": 0, "shelves": []}}}}, '
        '"red_token_shelf": {"player": "Ann", "shelf": 9}}'
    )
    return document.encode("utf-8")


@pytest.mark.parametrize(
    ("count", "czech", "french"),
    [
        (1, "tento hráč má 1 polici", "ce joueur a 1 étagère"),
        (3, "tento hráč má 3 police", "ce joueur a 3 étagères"),
        (5, "tento hráč má 5 polic", "ce joueur a 5 étagères"),
    ],
)
def test_czech_has_three_plural_forms(count: int, czech: str, french: str) -> None:
    for language, words in (("cs", czech), ("fr", french)):
        code, printed = score_json(ROOT, "rebis", _shelves(count), language)
        assert code == 2
        (problem,) = json.loads(printed)["problems"]
        colon = "\u00a0:" if language == "fr" else ":"  # French: a no-break space before it (issue 48)
        assert problem["message"].endswith(f"red_token_shelf.shelf{colon} {words}")
        assert (problem["code"], problem["params"]) == ("score.red-token-no-shelf", {"n": count})


def test_an_unknown_language_exits_2_with_a_clear_message(score) -> None:
    code, out, err = score("oh-my-word", TOKEN_WORTH_4, "--lang", "de")
    assert (code, out) == (2, "")
    languages = ", ".join(load_project(ROOT).project.languages)
    assert err == f"rulebook score: no language 'de'; choose from {languages}\n"
    code, out, _ = score("oh-my-word", TOKEN_WORTH_4, "--lang", "de", "--json")
    assert code == 2
    (problem,) = json.loads(out)["problems"]
    assert problem["message"] == f"rulebook score: no language 'de'; choose from {languages}"
    assert problem["code"] == "score.no-language"
