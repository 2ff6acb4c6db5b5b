"""REBUS scoring, as the rules and the project's rulings say it.

A rebus scores its tile count × the points per tile, × the multiplier of each bonus square that
this turn's new tiles cover within it (several multiply together; squares covered earlier give
nothing). Placing every tile of the hand in one turn adds a bonus once. At the end each unplayed tile costs
points, and every player with the highest score wins.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import prod
from typing import Any

from rulebook.scoring.given import Given
from rulebook.scoring.mistake import Mistake
from rulebook.scoring.outcome import (
    N_,
    PLAYER,
    JsonPath,
    Nn_,
    Outcome,
    Reason,
    Refused,
    Step,
    best,
    form_word,
    line,
    refusal,
)

# The words of the calculator's form (calculator.js beside this file), by the keys it reads them by.
FORM_WORDS = {
    "what": form_word("What to score"),
    "turn": form_word("One turn"),
    "final": form_word("The end of the game"),
    "tiles_placed": form_word("Tiles placed from the hand"),
    "rebus_n": form_word("Rebus {n}"),
    "tiles": form_word("Tiles in the rebus, old and new"),
    "squares_blue": form_word("New tiles on blue squares"),
    "squares_red": form_word("New tiles on red squares"),
    "square_center": form_word("A new tile on the center dot"),
    "add_rebus": form_word("Add a rebus"),
    "remove_rebus": form_word("Remove this rebus"),
    # TRANSLATORS: why "Remove this rebus" removes nothing when one rebus is left.
    "last_rebus": form_word("A turn scores at least one rebus: this one stays."),
    "score_before": form_word("Score before the penalty"),
    "tiles_left": form_word("Tiles left in the hand"),
}

# The facts a quiz question may need, in the words the reader sees them by (render/quiz_needs.py).
FACT_WORDS = {
    "scoring.tile_points": form_word("Points per tile"),
    "scoring.blue_multiplier": form_word("A blue square multiplies by"),
    "scoring.red_multiplier": form_word("A red square multiplies by"),
    "scoring.center_multiplier": form_word("The center dot multiplies by"),
    "scoring.all_tiles_bonus": form_word("Bonus for placing every tile of the hand in one turn"),
    "components.rack_tiles": form_word("Tiles in a player's hand"),
    "scoring.unplayed_tile_penalty": form_word("Points lost for each tile left in the hand at the end"),
}

# TRANSLATORS: in a quiz's situation, whether a new tile covers the center dot.
YES = form_word("Yes")
# TRANSLATORS: in a quiz's situation, whether a new tile covers the center dot: no.
NO = form_word("No")

# Every refusal of the rules, by its code (never changed once published); its params are the meaning.
# A number that counts a noun is the `n` of plural forms; any other stands in parentheses, after a
# noun that needs no agreement with it ("tiles placed (1)"), so that no language says "1 tiles".
REFUSALS = {
    # components: a rack holds so many tiles.
    "score.tiles-over-rack": Nn_(
        "{n} tile placed, but a player holds only {rack}", "{n} tiles placed, but a player holds only {rack}"
    ),
    "score.tiles-left-over-rack": Nn_(
        "{n} tile left, but a player holds only {rack}", "{n} tiles left, but a player holds only {rack}"
    ),
    # rule bonus squares: a new tile covers at most one square of the rebus.
    "score.squares-over-tiles": N_("more bonus squares under new tiles ({squares}) than tiles in the rebus ({tiles})"),
    "score.squares-over-placed": N_("more bonus squares under new tiles ({squares}) than tiles placed ({placed})"),
    # rules 1.4 and 1.5: the tiles placed form the rebuses.
    "score.tiles-outside-rebuses": N_(
        "fewer tiles in the rebuses ({held}) than tiles placed ({placed}): every tile placed is part of a rebus"
    ),
    "score.too-many-rebuses": N_(
        "more rebuses ({rebuses}) than twice the tiles placed ({placed}): each tile placed is in at most 2 "
        "rebuses (its row and its column)"
    ),
    # rule 1.4: one center dot, covered on the first turn, by one rebus.
    "score.two-centres": N_("the board has one center dot: it is under at most one new tile of a rebus"),
    "score.centre-not-first": N_(
        "the center dot is covered on the first turn, when the board is empty: that turn forms one rebus"
    ),
    "score.centre-rebus-size": N_(
        "the center dot is covered on the first turn, when the board is empty: its rebus holds only the tiles "
        "placed ({placed}), not {tiles}"
    ),
}

# The words of the breakdown's lines, by code: what `rulebook score`, the pages and the calculator
# (calculator.js gives the codes) say through the catalog.
LINE_WORDS = {
    "rebus": N_("Rebus {n}"),
    "all-tiles": N_("All {n} tiles placed"),
    "turn-score": N_("Turn score"),
}


@dataclass(frozen=True)
class Parameters:
    tile_points: int
    multipliers: Mapping[str, int]  # square colour → multiplier
    all_tiles_bonus: int
    rack_tiles: int
    unplayed_tile_penalty: int

    @classmethod
    def from_facts(cls, facts: Mapping[str, Any]) -> Parameters:
        scoring = facts["scoring"]
        return cls(
            tile_points=scoring["tile_points"],
            multipliers={
                "blue": scoring["blue_multiplier"],
                "red": scoring["red_multiplier"],
                "center": scoring["center_multiplier"],
            },
            all_tiles_bonus=scoring["all_tiles_bonus"],
            rack_tiles=facts["components"]["rack_tiles"],
            unplayed_tile_penalty=scoring["unplayed_tile_penalty"],
        )


# The values of the printed rules, for the examples below: 3 a tile, blue ×2, red ×3, center ×2,
# 50 for all 9 tiles, 3 a tile left at the end.
RULES = Parameters(3, {"blue": 2, "red": 3, "center": 2}, 50, 9, 3)


def rebus_score(tiles: int, new_squares: Sequence[str], parameters: Parameters) -> int:
    """One rebus: tiles × points, × every bonus square newly covered in it.

    >>> rebus_score(4, [], RULES)
    12
    >>> rebus_score(4, ["red"], RULES)
    36
    >>> rebus_score(5, ["blue", "red"], RULES)  # squares in one rebus multiply together
    90
    """
    return tiles * parameters.tile_points * prod(parameters.multipliers[square] for square in new_squares)


def glossary_price(facts: Mapping[str, Any], tiles: int) -> int:
    """A glossary example's score: a rebus of `tiles` on plain squares (the glossary asks the
    scorer of its game for this).

    >>> glossary_price({"scoring": {"tile_points": 3, "blue_multiplier": 2, "red_multiplier": 3,
    ...     "center_multiplier": 2, "all_tiles_bonus": 50, "unplayed_tile_penalty": 3},
    ...     "components": {"rack_tiles": 9}}, 5)
    15
    """
    return rebus_score(tiles, [], Parameters.from_facts(facts))


def turn_score(rebuses: Sequence[tuple[int, Sequence[str]]], tiles_placed: int, parameters: Parameters) -> int:
    """A whole turn: every rebus formed, plus the bonus once when the whole hand was placed.

    >>> turn_score([(9, [])], 9, RULES)
    77
    >>> turn_score([(4, ["center"]), (3, [])], 4, RULES)
    33

    Rule 3.3: a rebus goes across or down, never both, so a turn's new tiles lie in one line: one rebus
    of the turn holds them all, and the others cross it. The scorer takes the rebuses as the referee
    reads them and does not check it; every worked example of game.yaml that the rules accept keeps to it:

    >>> import yaml
    >>> from pathlib import Path
    >>> examples = yaml.safe_load((Path(__file__).parent / "game.yaml").read_text(encoding="utf-8"))["examples"]
    >>> turns = {e["id"]: e["input"]["turn"] for e in examples if "turn" in e["input"] and "refused" not in e["expect"]}
    >>> "two-rebuses-all-tiles" in turns  # a turn whose rebuses cross
    True
    >>> [name for name, turn in turns.items() if max(r["tiles"] for r in turn["rebuses"]) < turn["tiles_placed"]]
    []
    """
    bonus = parameters.all_tiles_bonus if tiles_placed == parameters.rack_tiles else 0
    return sum(rebus_score(tiles, squares, parameters) for tiles, squares in rebuses) + bonus


def final_score(score: int, tiles_left: int, parameters: Parameters) -> int:
    """The score after the end-of-game penalty for unplayed tiles.

    >>> final_score(120, 2, RULES)
    114
    """
    return score - tiles_left * parameters.unplayed_tile_penalty


def evaluate(document: Mapping[str, Any], facts: Mapping[str, Any]) -> Outcome:
    """A turn's or the end of game's outcome, or every problem refused at once (scoring-cases.json
    holds the rules' cases, through `rulebook score`, which checks score.schema.json first).

    A count of 0 is said with no plural to agree with: the command's schema refuses a rebus of 0
    tiles, and a turn of 0 tiles placed, before the scorer runs; called without it, the scorer says
    why the squares cannot be covered.

    >>> facts = {"scoring": {"tile_points": 3, "blue_multiplier": 2, "red_multiplier": 3, "center_multiplier": 2,
    ...     "all_tiles_bonus": 50, "unplayed_tile_penalty": 3}, "components": {"rack_tiles": 9}}
    >>> evaluate({"turn": {"tiles_placed": 1, "rebuses": [{"tiles": 0, "new_bonus": ["blue"]}, {"tiles": 1}]}}, facts)
    Traceback (most recent call last):
    rulebook.scoring.outcome.Refused: more bonus squares under new tiles (1) than tiles in the rebus (0)
    >>> evaluate({"turn": {"tiles_placed": 0, "rebuses": [{"tiles": 1, "new_bonus": ["blue"]}]}}, facts)
    Traceback (most recent call last):
    rulebook.scoring.outcome.Refused: more bonus squares under new tiles (1) than tiles placed (0); ...

    No printed game has a rack of 0 tiles; the words still agree with the number:

    >>> evaluate({"final": {"Ann": {"score": 5, "tiles_left": 1}}}, {**facts, "components": {"rack_tiles": 0}})
    Traceback (most recent call last):
    rulebook.scoring.outcome.Refused: 1 tile left, but a player holds only 0
    """
    parameters = Parameters.from_facts(facts)
    if "turn" in document:
        return _turn(document["turn"], parameters)
    return _final(document["final"], parameters)


def _turn(turn: Mapping[str, Any], parameters: Parameters) -> Outcome:
    placed = turn["tiles_placed"]
    problems = []
    if placed > parameters.rack_tiles:
        reason = refusal(REFUSALS, "score.tiles-over-rack", n=placed, rack=parameters.rack_tiles)
        problems.append((("turn", "tiles_placed"), reason))
    rebuses = [(rebus["tiles"], rebus.get("new_bonus", [])) for rebus in turn["rebuses"]]
    for index, (tiles, squares) in enumerate(rebuses):
        where = ("turn", "rebuses", index, "new_bonus")
        if len(squares) > tiles:
            problems.append((where, refusal(REFUSALS, "score.squares-over-tiles", squares=len(squares), tiles=tiles)))
        elif len(squares) > placed:
            reason = refusal(REFUSALS, "score.squares-over-placed", squares=len(squares), placed=placed)
            problems.append((where, reason))
    problems += _impossible_turn(rebuses, placed)
    if problems:
        raise Refused(problems)
    lines, details = [], []
    for number, (tiles, squares) in enumerate(rebuses, 1):
        score = rebus_score(tiles, squares, parameters)
        steps = [Step("×", (tiles, parameters.tile_points), tiles * parameters.tile_points)]
        if squares:
            multipliers = tuple(parameters.multipliers[square] for square in squares)
            steps.append(Step("×", (tiles * parameters.tile_points, *multipliers), score))
        lines.append(line(LINE_WORDS, "rebus", steps, rule="bonus-squares" if squares else "basic-score", n=number))
        details.append({"tiles": tiles, "new_bonus": list(squares), "score": score})
    total = turn_score(rebuses, placed, parameters)
    bonus = total - sum(detail["score"] for detail in details)
    if bonus:
        lines.append(line(LINE_WORDS, "all-tiles", [Step("+", (bonus,))], rule="all-tiles-bonus", n=placed))
    parts = tuple(detail["score"] for detail in details) + ((bonus,) if bonus else ())
    steps = [Step("+", parts, total) if len(parts) > 1 else Step("", (total,))]
    lines.append(line(LINE_WORDS, "turn-score", steps, rule="several-rebuses"))
    return Outcome({"score": total, "rebuses": details, "all_tiles_bonus": bonus}, lines)


def _impossible_turn(rebuses: Sequence[tuple[int, Sequence[str]]], placed: int) -> list[tuple[JsonPath, Reason]]:
    """What the rules rule out in a turn, whatever the game's numbers.

    >>> str(_impossible_turn([(3, ["center", "center"])], 3)[0][1])
    'the board has one center dot: it is under at most one new tile of a rebus'
    >>> str(_impossible_turn([(2, [])], 5)[0][1])
    'fewer tiles in the rebuses (2) than tiles placed (5): every tile placed is part of a rebus'
    >>> str(_impossible_turn([(4, ["center"]), (3, [])], 4)[0][1])
    'the center dot is covered on the first turn, when the board is empty: that turn forms one rebus'
    """
    problems: list[tuple[JsonPath, Reason]] = []
    held = sum(tiles for tiles, _ in rebuses)
    if held < placed:  # rules 1.4 and 1.5: the tiles placed form the rebuses
        problems.append(
            (("turn", "tiles_placed"), refusal(REFUSALS, "score.tiles-outside-rebuses", held=held, placed=placed))
        )
    if len(rebuses) > 2 * placed:  # each rebus holds a new tile; a tile lies in one row and one column
        reason = refusal(REFUSALS, "score.too-many-rebuses", rebuses=len(rebuses), placed=placed)
        problems.append((("turn", "rebuses"), reason))
    for index, (tiles, squares) in enumerate(rebuses):
        where = ("turn", "rebuses", index, "new_bonus")
        if squares.count("center") > 1:  # rule 1.4: one tile covers the center dot
            problems.append((where, refusal(REFUSALS, "score.two-centres")))
        elif "center" in squares and len(rebuses) > 1:  # rule 1.4: the first turn places one rebus
            problems.append((where, refusal(REFUSALS, "score.centre-not-first")))
        elif "center" in squares and tiles != placed:
            problems.append((where, refusal(REFUSALS, "score.centre-rebus-size", placed=placed, tiles=tiles)))
    return problems


def _final(players: Mapping[str, Mapping[str, int]], parameters: Parameters) -> Outcome:
    problems = [
        (
            ("final", name, "tiles_left"),
            refusal(REFUSALS, "score.tiles-left-over-rack", n=state["tiles_left"], rack=parameters.rack_tiles),
        )
        for name, state in players.items()
        if state["tiles_left"] > parameters.rack_tiles
    ]
    if problems:
        raise Refused(problems)
    scores, lines = {}, []
    for name, state in players.items():
        scores[name] = final_score(state["score"], state["tiles_left"], parameters)
        left, penalty = state["tiles_left"], parameters.unplayed_tile_penalty
        steps = [
            Step("−", (state["score"], Step("×", (left, penalty))), scores[name]) if left else Step("", (scores[name],))
        ]
        lines.append(line(LINE_WORDS, PLAYER, steps, rule="unplayed-tiles", player=name))
    winners = best(scores)
    return Outcome({"scores": scores, "winners": winners}, lines)


def given(document: Mapping[str, Any], facts: Mapping[str, Any]) -> list[Given] | None:
    """The situation as the calculator's form asks for it, for the quiz (rulebook/scoring/given.py).

    >>> for line in given({"turn": {"rebuses": [{"tiles": 2, "new_bonus": ["center"]}], "tiles_placed": 2}}, {}):
    ...     print(line.english())
    Tiles placed from the hand: 2
    Rebus 1 · Tiles in the rebus, old and new: 2
    Rebus 1 · New tiles on blue squares: 0
    Rebus 1 · New tiles on red squares: 0
    Rebus 1 · A new tile on the center dot: Yes
    >>> turn = {"rebuses": [{"tiles": 4, "new_bonus": ["blue", "red", "blue"]}], "tiles_placed": 3}
    >>> [line.value for line in given({"turn": turn}, {})]  # placed, tiles, blue, red, center
    [3, 4, 2, 1, 'No']
    >>> final = {"Ann": {"score": 120, "tiles_left": 2}, "Bob": {"score": 98, "tiles_left": 0}}
    >>> for line in given({"final": final}, {}):
    ...     print(line.english())
    Ann · Score before the penalty: 120
    Ann · Tiles left in the hand: 2
    Bob · Score before the penalty: 98
    Bob · Tiles left in the hand: 0
    """
    if "turn" in document:
        turn = document["turn"]
        lines = [Given(FORM_WORDS["tiles_placed"], turn["tiles_placed"])]
        for number, rebus in enumerate(turn["rebuses"], 1):
            squares = list(rebus.get("new_bonus", []))
            group = {"group": FORM_WORDS["rebus_n"], "group_params": {"n": number}}
            lines += [
                Given(FORM_WORDS["tiles"], rebus["tiles"], **group),
                Given(FORM_WORDS["squares_blue"], squares.count("blue"), **group),
                Given(FORM_WORDS["squares_red"], squares.count("red"), **group),
                Given(FORM_WORDS["square_center"], YES if "center" in squares else NO, word=True, **group),
            ]
        return lines
    lines = []
    for name, player in document["final"].items():
        group = {"group": "{player}", "group_params": {"player": name}}
        lines += [
            Given(FORM_WORDS["score_before"], player["score"], **group),
            Given(FORM_WORDS["tiles_left"], player["tiles_left"], **group),
        ]
    return lines


# The quiz's wrong choices (scoring/mistake.py): one rule misread each, scored by evaluate() as usual.
def _changed(document: Mapping[str, Any], facts: Mapping[str, Any], turn=None, scoring=None) -> Outcome:
    """`document` scored with each rebus changed by `turn` and the scoring facts updated by `scoring`."""
    changed = copy.deepcopy(dict(document))
    if turn is not None and "turn" in changed:
        changed["turn"]["rebuses"] = [
            turn(rebus, changed["turn"]["tiles_placed"]) for rebus in changed["turn"]["rebuses"]
        ]
    numbers = copy.deepcopy(dict(facts))
    numbers["scoring"].update(scoring(numbers["scoring"]) if scoring is not None else {})
    return evaluate(changed, numbers)


MISTAKES = (
    Mistake(
        N_("The bonus squares are left out."),
        "bonus-squares",
        lambda document, facts: _changed(document, facts, turn=lambda rebus, placed: {**rebus, "new_bonus": []}),
    ),
    Mistake(
        N_("Only the new tiles are counted, not the tiles already on the board."),
        "basic-score",
        lambda document, facts: _changed(
            document, facts, turn=lambda rebus, placed: {**rebus, "tiles": min(rebus["tiles"], placed)}
        ),
    ),
    Mistake(
        N_("The center dot is taken for a red square."),
        "bonus-squares",
        lambda document, facts: _changed(
            document, facts, scoring=lambda scoring: {"center_multiplier": scoring["red_multiplier"]}
        ),
    ),
    Mistake(
        N_("The bonus for placing every tile is left out."),
        "all-tiles-bonus",
        lambda document, facts: _changed(document, facts, scoring=lambda scoring: {"all_tiles_bonus": 0}),
    ),
    Mistake(
        N_("Each tile counts 1 point."),
        "basic-score",
        lambda document, facts: _changed(document, facts, scoring=lambda scoring: {"tile_points": 1}),
    ),
    Mistake(
        N_("The unplayed tiles are not subtracted."),
        "unplayed-tiles",
        lambda document, facts: _changed(document, facts, scoring=lambda scoring: {"unplayed_tile_penalty": 0}),
    ),
    Mistake(
        N_("Each unplayed tile costs 1 point."),
        "unplayed-tiles",
        lambda document, facts: _changed(document, facts, scoring=lambda scoring: {"unplayed_tile_penalty": 1}),
    ),
)
