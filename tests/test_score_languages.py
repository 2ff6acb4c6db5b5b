"""`rulebook score --lang`: refusals in French and Czech through the catalogs, Czech's plural forms,
English by default, and an unknown language refused.

The game is the fixture's alpha (fixture_games.make_score_lang_project: 3 rounds, a round scores 0 to 6),
whose two refusals the French and Czech catalogs translate (scoring_round_points): score.round-points
(a round's points outside 0 to 6) and score.too-many-rounds (more rounds scored than the game's 3; Czech
has three plural forms: 1; 2 to 4; 5 and more). The expected words are those catalogs' translations, the
positions counted by hand in the one-line documents.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from conftest import made_once
from fixture_games import make_score_lang_project
from rulebook.commands.score import score_json

SEVEN_POINTS = '{"players": {"Ann": [7]}}'  # the 7 is the 22nd character


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This module's project, made once a run; no test changes it."""
    return made_once(tmp_path_factory, "score-lang-project", make_score_lang_project)


@pytest.fixture
def score_root(root: Path) -> Path:
    """conftest's `score` scores in this module's project."""
    return root


def test_refusals_in_french(score) -> None:
    code, out, err = score("alpha", SEVEN_POINTS, "--lang", "fr")
    assert (code, out) == (2, "")
    assert err.endswith("situation.yaml:1:22: players.Ann[0]\u00a0: une manche rapporte 0, 1, 2, 3, 4, 5 ou 6, pas 7\n")


def test_refusals_in_czech(score) -> None:
    code, _, err = score("alpha", SEVEN_POINTS, "--lang", "cs")
    assert code == 2
    assert err.endswith("situation.yaml:1:22: players.Ann[0]: kolo přináší 0, 1, 2, 3, 4, 5 nebo 6, ne 7\n")


def test_english_stays_the_default(score) -> None:
    for options in ((), ("--lang", "en")):
        code, _, err = score("alpha", SEVEN_POINTS, *options)
        assert code == 2
        assert err.endswith("situation.yaml:1:22: players.Ann[0]: a round scores 0, 1, 2, 3, 4, 5 or 6, not 7\n")


def test_json_refusal_in_french_is_one_object(root: Path) -> None:
    code, printed = score_json(root, "alpha", SEVEN_POINTS.encode("utf-8"), "fr")
    assert code == 2
    assert json.loads(printed) == {
        "error": True,
        "problems": [
            {
                "code": "score.round-points",
                "path": ["players", "Ann", 0],
                "params": {"values": [0, 1, 2, 3, 4, 5, 6], "value": 7},
                "message": "<stdin>:1:22: players.Ann[0]\u00a0: une manche rapporte 0, 1, 2, 3, 4, 5 ou 6, pas 7",
            }
        ],
    }


def _rounds(count: int) -> bytes:
    """Ann scores 1 point in each of `count` rounds, more than the game's 3; her list is the 21st character."""
    return json.dumps({"players": {"Ann": [1] * count}}).encode("utf-8")


# A refusal needs more rounds than the game's 3, so Czech's first form (1 kolo) is out of the command's
# reach here; its two others are the 2-to-4 form (4 kola) and the 5-and-more form (5 kol, 12 kol).
@pytest.mark.parametrize(
    ("count", "czech", "french"),
    [
        (4, "4 započítaná kola, ale hra má jen 3", "4 manches comptées, mais le jeu n’en a que 3"),
        (5, "5 započítaných kol, ale hra má jen 3", "5 manches comptées, mais le jeu n’en a que 3"),
        (12, "12 započítaných kol, ale hra má jen 3", "12 manches comptées, mais le jeu n’en a que 3"),
    ],
)
def test_czech_has_its_plural_forms(root: Path, count: int, czech: str, french: str) -> None:
    for language, words in (("cs", czech), ("fr", french)):
        code, printed = score_json(root, "alpha", _rounds(count), language)
        assert code == 2
        (problem,) = json.loads(printed)["problems"]
        colon = "\u00a0:" if language == "fr" else ":"  # French: a no-break space before it (issue 48)
        assert problem["message"] == f"<stdin>:1:21: players.Ann{colon} {words}"
        assert (problem["code"], problem["path"]) == ("score.too-many-rounds", ["players", "Ann"])
        assert problem["params"] == {"n": count, "rounds": 3}


def test_an_unknown_language_exits_2_with_a_clear_message(score, root: Path) -> None:
    code, out, err = score("alpha", SEVEN_POINTS, "--lang", "de")
    assert (code, out) == (2, "")
    manifest = yaml.safe_load((root / "rules/project.yaml").read_text(encoding="utf-8"))
    languages = ", ".join(manifest["languages"])
    assert err == f"rulebook score: no language 'de'; choose from {languages}\n"
    code, out, _ = score("alpha", SEVEN_POINTS, "--lang", "de", "--json")
    assert code == 2
    (problem,) = json.loads(out)["problems"]
    assert problem["message"] == f"rulebook score: no language 'de'; choose from {languages}"
    assert problem["code"] == "score.no-language"
