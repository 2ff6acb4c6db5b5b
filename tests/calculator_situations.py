"""Hypothesis strategies for the calculator's differential tests: each game's situations, whatever
the game (tests/schema_situations.py: its scoring cases and worked examples, and documents drawn
from its input schema a step past its bounds), and a third of them through tests/mutations.py's
`mutated_value` (types, bounds, nesting past 64 levels, unknown keys, dropped keys, long lists).
"""

from __future__ import annotations

from hypothesis import strategies as st

from mutations import mutated_value
from schema_situations import situations as game_situations


def situations(game: str) -> st.SearchStrategy:
    clean = game_situations(game)
    return st.one_of(clean, clean, clean.flatmap(mutated_value))
