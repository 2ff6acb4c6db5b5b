"""Scoring: small pure functions per game, with their parameters read from game data.

Each game module has `evaluate(document, facts) -> Outcome`, which scores an input document
(already checked against `schemas/score-<game>.schema.json`) or raises `Refused`. A game's module
is `rulebook/scoring/<game id with _ for ->.py`: adding the file is all it takes to register it.
"""

from __future__ import annotations

import pkgutil
from importlib import import_module
from types import ModuleType

# The modules here that serve every game rather than score one.
SHARED_MODULES = frozenset({"outcome", "situation", "worked"})


def module_name(game_id: str) -> str:
    """The module of a game's scoring.

    >>> module_name("oh-my-word")
    'oh_my_word'
    """
    return game_id.replace("-", "_")


def game_module(game_id: str) -> ModuleType:
    """The scoring module of a game, imported only when asked for (`rulebook score` stays fast)."""
    if game_id not in SCORED_GAMES:
        raise KeyError(game_id)
    return import_module(f"{__name__}.{module_name(game_id)}")


SCORED_GAMES = tuple(
    sorted(
        module.name.replace("_", "-")
        for module in pkgutil.iter_modules(__path__)
        if not module.ispkg and module.name not in SHARED_MODULES
    )
)
