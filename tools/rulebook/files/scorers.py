"""Each game's scoring, found with the game: `rules/<game>/scoring.py` (the scorer, with doctests),
`rules/<game>/score.schema.json` (its input), `rules/<game>/facts.schema.json` (the facts it computes
with, as every game it scores must give them) and `rules/<game>/calculator.js` (its form and browser
scorer). Adding the files is all it takes; the toolkit names no game and no game's fact.

A scorer is code of the repository, reviewed like the toolkit, never contributor text: it is loaded
from its file only when it lies inside the project (no link out), and only when a game is scored.

Layering: it knows where a game's code lies and nothing of the content, so it sits below the
content model (model.py asks it whether a game is scored) and scoring/, which runs the scorers.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

from rulebook.files.disk import inside_project

SCORER = "scoring.py"
INPUT_SCHEMA = "score.schema.json"
FACTS_SCHEMA = "facts.schema.json"
BROWSER_SCORER = "calculator.js"


def game_folder(root: Path, game_id: str) -> Path:
    return root / "rules" / game_id


def has_scorer(root: Path, game_id: str) -> bool:
    """Whether the game brings a scorer (checked without importing it: `rulebook score` stays fast).

    >>> has_scorer(Path("."), "../../etc"), has_scorer(Path("."), "")
    (False, False)
    """
    if not game_id or "/" in game_id or "\\" in game_id or game_id.startswith("."):
        return False
    path = game_folder(root, game_id) / SCORER
    return path.is_file() and inside_project(path, root)


def scored_games(root: Path) -> tuple[str, ...]:
    """Every game folder with a scorer, by id."""
    folder = root / "rules"
    found = (path.parent.name for path in folder.glob(f"*/{SCORER}")) if folder.is_dir() else ()
    return tuple(sorted(game for game in found if has_scorer(root, game)))


def module_name(game_id: str) -> str:
    """The scorer's module name: its path as a dotted name, which is also how mutmut names it.

    >>> module_name("go-fish")
    'rules.go-fish.scoring'
    """
    return f"rules.{game_id}.{Path(SCORER).stem}"


def scorer(root: Path, game_id: str) -> ModuleType:
    """The game's scoring module, imported from its file; again when the file changed (a scorer
    edited under `rulebook serve`). KeyError for a game without one."""
    if not has_scorer(root, game_id):
        raise KeyError(game_id)
    path = (game_folder(root, game_id) / SCORER).resolve()
    name = module_name(game_id)
    state = path.stat()
    stamp = (str(path), state.st_mtime_ns, state.st_size)
    module = sys.modules.get(name)
    if module is not None and getattr(module, "__rulebook_stamp__", None) == stamp:
        return module
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None  # a .py path always gives a spec
    module = importlib.util.module_from_spec(spec)
    module.__rulebook_stamp__ = stamp  # type: ignore[attr-defined]
    sys.modules[name] = module  # dataclasses look their module up while it runs
    try:
        # Compiled from the source each time, not through the bytecode cache: the cache trusts a file
        # whose size and whole second of change are unchanged (an edit under `rulebook serve` ran the
        # old scorer), and it wrote __pycache__ into the project's rules/.
        exec(compile(path.read_bytes(), str(path), "exec", dont_inherit=True), module.__dict__)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def glossary_price(root: Path, game_id: str) -> Callable[[Mapping[str, Any], int], int] | None:
    """What the game's scorer says a glossary example of n tiles scores (its `glossary_price`), or
    None for a game whose scorer prices none, or that has no scorer: its examples show their tiles
    alone."""
    if not has_scorer(root, game_id):
        return None
    price = getattr(scorer(root, game_id), "glossary_price", None)
    return price if callable(price) else None


def input_schema(root: Path, game_id: str) -> Path:
    return game_folder(root, game_id) / INPUT_SCHEMA


def facts_schema(root: Path, game_id: str) -> Path | None:
    """The schema of the facts the game's scorer computes with, when it states them (a scorer may
    not): None for a game without a scorer, or whose scorer has no such file. A link is returned,
    wherever it leads: the reader refuses one that leaves the project, rather than check nothing.

    >>> facts_schema(Path("."), "../../etc") is None
    True
    """
    if not has_scorer(root, game_id):
        return None
    path = game_folder(root, game_id) / FACTS_SCHEMA
    return path if path.is_file() or path.is_symlink() else None


def browser_scorer(root: Path, game_id: str) -> Path:
    """The game's scorer for its page's calculator, beside its Python one.

    >>> browser_scorer(Path("project"), "chess").as_posix()
    'project/rules/chess/calculator.js'
    """
    return game_folder(root, game_id) / BROWSER_SCORER
