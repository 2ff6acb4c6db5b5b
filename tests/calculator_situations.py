"""Hypothesis strategies for the calculator's differential tests: situations of each game, lean
enough that 10,000 per game are drawn in seconds, and wide enough to reach every refusal.

Each leaf ranges past the rules' limits and the schema's (a rack of 9, a shelf of 13, 25 tokens,
names of 0 or 81 characters), names are the ones that have broken quoting, positions or ordering
somewhere, and a third of the documents go through tests/mutations.py's `mutated_value` (types,
bounds, nesting past 64 levels, unknown keys, dropped keys, long lists).
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from mutations import mutated_value

NAMES = st.sampled_from(
    [
        "Ann",
        "Bob",
        "Cy",
        "Émile",
        "Žofie",
        "Zoé's",
        'say "hi"',
        "Ann Lee",
        "42",
        "7",
        "__proto__",
        "a.b-c",
        "🎲 dice",
        "x" * 81,
        "",
        "ok\n",
        "tab\there",
        "\u202eevil",
        "\u2028line",
        "é" * 50,
    ]
)
ODD: list[Any] = [None, True, 1.5, -2.5, 1e-05, "3", "", [], {}, [1], {"x": 1}, 1_000_001, -1, 10**30, float("nan")]


def _leaf(strategy: st.SearchStrategy) -> st.SearchStrategy:
    """Mostly the strategy's values, sometimes a value of the wrong type or far out of bounds."""
    return st.one_of(strategy, strategy, strategy, strategy, st.sampled_from(ODD))


def _rebus() -> st.SearchStrategy:
    colour = st.sampled_from(["blue", "red", "center", "blue", "red", "green"])
    rebus = st.fixed_dictionaries({"tiles": st.integers(0, 12)}, optional={"new_bonus": st.lists(colour, max_size=3)})
    turn = st.fixed_dictionaries({"rebuses": st.lists(rebus, max_size=5), "tiles_placed": st.integers(0, 11)})
    player = st.fixed_dictionaries({"score": st.integers(-1, 300), "tiles_left": _leaf(st.integers(0, 11))})
    final = st.dictionaries(NAMES, player, max_size=4)
    return st.one_of(
        st.builds(lambda value: {"turn": value}, turn),
        st.builds(lambda value: {"final": value}, final),
        st.fixed_dictionaries({}, optional={"turn": turn, "final": final, "round": st.integers(1, 3)}),
    )


def _rebis() -> st.SearchStrategy:
    token = st.sampled_from(["golden-dust", "gold", "gold", "red", "silver"])
    shelf = st.fixed_dictionaries(
        {"points": st.lists(st.integers(-6, 14), max_size=4)},
        optional={"tokens": st.lists(token, max_size=2), "face_down": st.integers(0, 2)},
    )
    player = st.fixed_dictionaries({"hand": _leaf(st.integers(0, 6)), "shelves": st.lists(shelf, max_size=3)})
    multiplier = st.integers(0, 4)
    return st.fixed_dictionaries(
        {"players": st.dictionaries(NAMES, player, max_size=3)},
        optional={
            "token_values": st.fixed_dictionaries({}, optional={"gold": multiplier, "red": multiplier}),
            "red_token_shelf": st.fixed_dictionaries({"player": NAMES, "shelf": st.integers(0, 3)}),
        },
    )


def _oh_my_word() -> st.SearchStrategy:
    return st.fixed_dictionaries(
        {"players": st.dictionaries(NAMES, st.lists(_leaf(st.integers(0, 4)), max_size=12), max_size=4)},
        optional={"variant": st.sampled_from(["standard", "simple", "simple", "hard"])},
    )


def situations(game: str) -> st.SearchStrategy:
    clean = {"rebus": _rebus, "rebis": _rebis, "oh-my-word": _oh_my_word}[game]()
    return st.one_of(clean, clean, clean.flatmap(mutated_value))
