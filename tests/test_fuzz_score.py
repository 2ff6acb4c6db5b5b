"""Property-based: `rulebook score` on mutated situations and on any bytes never crashes, prints one
JSON object under --json, and locates every problem (issue 11).

The games are the project's, whatever rules/ holds: each game's situations are its scoring cases and
worked examples (scoring_cases.py), mutated (mutations.py); the syntax the bytes are strung from
holds the field names of every game's score.schema.json."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ROOT
from harness import assert_invariants, assert_located, budget, run, strict_json
from mutations import score_input
from rulebook.files.scorers import input_schema
from scoring_cases import game_cases, scored_games

GAMES = scored_games()


def _field_names(schema: Any) -> set[str]:
    """Every property name a schema declares, at any depth."""
    if isinstance(schema, dict):
        own = set(schema["properties"]) if isinstance(schema.get("properties"), dict) else set()
        return own.union(*(_field_names(value) for value in schema.values()))
    if isinstance(schema, list):
        return set().union(*(_field_names(value) for value in schema))
    return set()


FIELDS = sorted(
    set().union(*(_field_names(json.loads(input_schema(ROOT, game).read_text(encoding="utf-8"))) for game in GAMES))
)
# Pieces of YAML and JSON syntax and of the score formats, strung together at random.
TOKENS = [
    "{", "}", "[", "]", ": ", ",", "- ", "\n", "  ", "\t", *FIELDS,
    "1", "9", "-3", "2.0", "1e999", "!!", "!!float ", "&a ", "*a", "'", '"', "#", "? ", "|", ">", "---", "...",
    "%YAML 1.2", "<<: ", "\\u00e9", "é", "\ufeff", "\x00",
]  # fmt: skip
ANY_BYTES = st.one_of(
    st.binary(max_size=300),
    st.text(max_size=300).map(lambda text: text.encode("utf-8", "surrogatepass")),
    st.lists(st.sampled_from(TOKENS), max_size=60).map(lambda pieces: "".join(pieces).encode()),
)


@pytest.mark.fuzz
@pytest.mark.parametrize("game", GAMES)
def test_score_never_crashes_on_mutated_situations(game: str) -> None:
    @settings(max_examples=budget(150, 22_000))
    @given(raw=score_input([case.situation for case in game_cases(game)]), as_json=st.booleans())
    def check(raw: bytes, as_json: bool) -> None:
        result = run(f"score {game}", ["--root", str(ROOT), "score", game, "-", *(["--json"] if as_json else [])], raw)
        assert_invariants(result, json_wanted=as_json)
        if result.code == 2:
            assert_located(result.err.splitlines(), "<stdin>")
            if as_json:
                assert strict_json(result.out)["error"] is True
        elif as_json:
            assert "error" not in strict_json(result.out)

    check()


@pytest.mark.fuzz
@settings(max_examples=budget(100, 30_000))
@given(raw=ANY_BYTES, game=st.sampled_from([*GAMES, "chess", "../rules", ""]), as_json=st.booleans())
def test_score_never_crashes_on_any_bytes(raw: bytes, game: str, as_json: bool) -> None:
    result = run("score (any bytes)", ["--root", str(ROOT), "score", game, "-", *(["--json"] if as_json else [])], raw)
    assert_invariants(result, json_wanted=as_json)
