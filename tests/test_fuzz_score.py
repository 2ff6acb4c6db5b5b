"""Property-based: `rulebook score` on generated and mutated situations never crashes, prints one
JSON object under --json, and locates every problem (issue 11)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ROOT
from harness import assert_invariants, assert_located, budget, run, strict_json
from mutations import SITUATIONS, score_input
from rulebook.documents.schema import validator

GAMES = ("rebus", "rebis", "oh-my-word")
# Pieces of YAML and JSON syntax and of the score formats, strung together at random.
TOKENS = [
    "{", "}", "[", "]", ": ", ",", "- ", "\n", "  ", "\t", "turn", "rebuses", "tiles", "tiles_placed", "new_bonus",
    "center", "final", "score", "tiles_left", "players", "hand", "shelves", "points", "tokens", "red_token_shelf",
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
    @given(raw=score_input(game), as_json=st.booleans())
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


@pytest.mark.fuzz
@pytest.mark.parametrize("game", GAMES)
def test_the_generated_situations_are_valid_under_their_schema(game: str) -> None:
    """The mutations start from documents of the schema's format; if the schema changes, so must they."""
    schema = validator(ROOT / "rules" / game / "score.schema.json")

    @settings(max_examples=budget(50, 500))
    @given(document=SITUATIONS[game])
    def check(document: dict) -> None:
        assert not list(schema.iter_errors(document)), document

    check()
