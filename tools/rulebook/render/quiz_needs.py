"""What a quiz question needs shown before its answer, so that a reader can work the answer out.

A worked example needs the facts its result changes with (found by changing each and scoring again,
scoring/assumptions.py), each said in its scorer's `FACT_WORDS`; the rules it names and those
that quote one of its facts; and the rulings it names, those on its rules, those that quote or
assume one of its facts, and the rulings these presume. A ruling's question needs its rules and
the rulings it presumes. Everything comes in the game's order, so that a page reads like the rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulebook.model import Example, Game, Ruling
from rulebook.scoring.assumptions import changing_facts
from rulebook.text import placeholders


@dataclass(frozen=True)
class Fact:
    path: str  # under game.yaml's `facts`
    label: str  # a UI string from the scorer's FACT_WORDS
    value: Any
    rules: tuple[str, ...]  # the rules whose text quotes it
    rulings: tuple[str, ...]  # the rulings that quote it or assume it


@dataclass(frozen=True)
class Needs:
    facts: tuple[Fact, ...]
    rules: tuple[str, ...]
    rulings: tuple[Ruling, ...]


def example_needs(game: Game, example: Example, root: Path, fact_words: Mapping[str, str]) -> Needs | None:
    """None when the result changes with a fact the scorer has no words for: the reader could not
    be told it, so the example asks no question."""
    facts = []
    for path in changing_facts(game, example, _fact_paths(game.facts), root):
        if path not in fact_words:
            return None
        rules, rulings = _quoting(game, path)
        facts.append(Fact(path, fact_words[path], placeholders.lookup(game.facts, path), rules, rulings))
    rule_ids = {*example.rules, *(rule for fact in facts for rule in fact.rules)}
    ruling_ids = {*example.rulings, *(ruling for fact in facts for ruling in fact.rulings)}
    ruling_ids |= {ruling.id for ruling in game.rulings if set(ruling.rules) & set(example.rules)}
    # A ruling that gives a fact its number settles its rules too (a square's multiplier, its rule).
    giving = {ruling for fact in facts for ruling in fact.rulings}
    rule_ids |= {rule for ruling in game.rulings if ruling.id in giving for rule in ruling.rules}
    return Needs(tuple(facts), _in_rule_order(game, rule_ids), _with_presumed(game, ruling_ids))


def ruling_needs(game: Game, ruling: Ruling) -> Needs:
    presumed = _with_presumed(game, set(ruling.presumes))
    return Needs((), _in_rule_order(game, set(ruling.rules)), presumed)


def _fact_paths(facts: Mapping[str, Any], prefix: str = "") -> list[str]:
    """Every fact's dotted path: a number, a word or a list of numbers."""
    paths = []
    for key, value in facts.items():
        path = f"{prefix}{key}"
        paths += _fact_paths(value, f"{path}.") if isinstance(value, Mapping) else [path]
    return paths


def _quoting(game: Game, path: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The rules whose text quotes the fact, and the rulings that quote it or assume it, in any language."""
    rules, rulings = set(), {ruling.id for ruling in game.rulings if any(_under(path, a) for a in ruling.assumes)}
    for words in game.words.values():
        for unit_id, unit in words.units.items():
            if path not in placeholders.names(unit.text):
                continue
            kind, _, rest = unit_id.partition(".")
            if kind == "rule":
                rules.add(rest)
            elif kind == "ruling":
                rulings.add(rest.rsplit(".", 1)[0])
    return _in_rule_order(game, rules), tuple(ruling.id for ruling in game.rulings if ruling.id in rulings)


def _under(path: str, assumed: str) -> bool:
    return path == assumed or path.startswith(f"{assumed}.")


def _with_presumed(game: Game, ruling_ids: set[str]) -> tuple[Ruling, ...]:
    wanted, grew = set(ruling_ids), True
    while grew:
        presumed = {other for ruling in game.rulings if ruling.id in wanted for other in ruling.presumes}
        grew = not presumed <= wanted
        wanted |= presumed
    return tuple(ruling for ruling in game.rulings if ruling.id in wanted)


def _in_rule_order(game: Game, rule_ids: set[str]) -> tuple[str, ...]:
    return tuple(rule.id for rule in game.rules() if rule.id in rule_ids)
