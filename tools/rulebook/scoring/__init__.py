"""Scoring: small pure functions per game, with their parameters read from game data.

Each game module has `evaluate(document, facts) -> Outcome`, which scores an input document
(already checked against `schemas/score-<game>.schema.json`) or raises `Refused`.
"""

from __future__ import annotations

from types import ModuleType


def game_module(game_id: str) -> ModuleType:
    """The scoring module of a game, imported only when asked for (`rulebook score` stays fast)."""
    from rulebook.scoring import oh_my_word, rebis, rebus

    modules = {"rebus": rebus, "rebis": rebis, "oh-my-word": oh_my_word}
    return modules[game_id]


SCORED_GAMES = ("rebus", "rebis", "oh-my-word")
