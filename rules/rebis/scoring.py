"""Rebis scoring, under the project's rulings (the publisher's text gives no token values).

A shelf is worth the sum of its face-up cards' points as played, × the product of its tokens'
multipliers; face-down closing cards count nothing. A shelf can never sum below zero, nor above the
shelf limit (the card that would pass it closes the shelf face down). The red token goes to the one
player with the highest total of negative points on their own shelves plus cards in hand.

The tokens are named as the English publisher names them (sources/004_849fa0cfb2ddf21d.txt): a "golden
mixture token", never the "gold token" that was ours (issue 49), in the rules' English and in the words of
this scorer and of the toolkit (locales/messages.pot):

>>> from pathlib import Path
>>> here = Path(__file__).parent
>>> "golden mixture token" in (here / "sources" / "004_849fa0cfb2ddf21d.txt").read_text(encoding="utf-8")
True
>>> english = {path.name: " ".join(path.read_text(encoding="utf-8").lower().split())
...            for path in (here / "en.yaml", here.parents[1] / "locales" / "messages.pot")}
>>> [name for name, text in english.items() for said in ("gold token", "gold ×") if said in text]
[]
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from math import prod
from typing import Any

from rulebook.scoring.given import Given
from rulebook.scoring.mistake import Mistake
from rulebook.scoring.outcome import N_, Named, Nn_, Outcome, Refused, Step, best, form_word, line, refusal, signed

# The words of the calculator's form (calculator.js beside this file), by the keys it reads them by.
FORM_WORDS = {
    "hand": form_word("Cards in hand"),
    "shelf_n": form_word("Shelf {n}"),
    "points": form_word("Face-up cards' points, in the order played"),
    "tokens_golden_dust": form_word("Golden dust tokens"),
    "tokens_gold": form_word("Golden mixture tokens"),
    "add_shelf": form_word("Add a shelf"),
    "remove_shelf": form_word("Remove this shelf"),
    # TRANSLATORS: the legend of Rebis's token multipliers; the sources give none, the project chose them.
    "token_values": form_word("Token multipliers (a project ruling: the sources give none)"),
    "value_golden_dust": form_word("Golden dust token ×"),
    "value_gold": form_word("Golden mixture token ×"),
    "value_red": form_word("Red token ×"),
    # TRANSLATORS: the legend of where the red token's receiver put it; both fields may stay empty.
    "red_token": form_word("The red token (leave empty: on the shelf where it adds most)"),
    "red_player": form_word("On the shelf of (the player's name)"),
    "red_shelf": form_word("Shelf number"),
}

TOKENS = ("golden-dust", "gold", "red")

# The facts a quiz question may need, in the words the reader sees them by (render/quiz_needs.py).
FACT_WORDS = {
    "token_values.golden_dust": FORM_WORDS["value_golden_dust"],
    "token_values.gold": FORM_WORDS["value_gold"],
    "token_values.red": FORM_WORDS["value_red"],
}

# Every refusal of the rules, by its code (never changed once published); its params are the meaning,
# and hold no text of the input (a player's name is hostile and unbounded: the path names the field).
REFUSALS = {
    # rules 2.1 and 2.3: a shelf's sum stays between 0 and the shelf limit.
    "score.negative-shelf": N_("the face-up cards sum to {total}, and a shelf must never be negative"),
    "score.shelf-over-limit": N_("the face-up cards sum to {total}, above {limit}: that card closes the shelf"),
    "score.card-over-limit": N_("a card worth {point}: no shelf can take it, as a shelf stays between 0 and {limit}"),
    # rule red-token: the red token is given at the end, to the one player with the highest result.
    "score.red-token-in-tokens": N_("the red token is placed at the end: give its place as red_token_shelf"),
    "score.red-token-tied": N_("nobody receives the red token: the highest results are tied"),
    "score.red-token-unknown-player": N_("no player has this name"),
    "score.red-token-no-shelf": Nn_("this player has {n} shelf", "this player has {n} shelves"),
}

# The words of the breakdown's lines, by code: what `rulebook score`, the pages and the calculator
# (calculator.js gives the codes) say through the catalog.
LINE_WORDS = {
    "shelf": N_("{player}, shelf {n}"),
    "total": N_("{player}, total"),
    "red-token": N_("Red token (negative points + cards in hand)"),
}


def token_values(facts: Mapping[str, Any], override: Mapping[str, int] | None = None) -> dict[str, int]:
    """Each token's multiplier: the game data's assumption, unless the input says otherwise.

    >>> token_values({"token_values": {"golden_dust": 2, "gold": 3, "red": 2}}, {"red": 0})
    {'golden-dust': 2, 'gold': 3, 'red': 0}
    """
    values = {name: facts["token_values"][name.replace("-", "_")] for name in TOKENS}
    return {**values, **(override or {})}


def shelf_value(points: Sequence[int], tokens: Sequence[str], values: Mapping[str, int]) -> int:
    """Sum of the face-up cards, × every token's multiplier.

    >>> shelf_value([5, 3, -2], ["golden-dust", "gold"], {"golden-dust": 2, "gold": 3, "red": 2})
    36
    >>> shelf_value([7], [], {"golden-dust": 2, "gold": 3, "red": 2})
    7
    """
    return sum(points) * prod(values[token] for token in tokens)


def red_token_claim(shelves: Sequence[Sequence[int]], hand: int) -> int:
    """What a player counts for the red token: negative points on their shelves (as a positive
    total) plus the cards in their hand.

    >>> red_token_claim([[5, 3, -2], [-4, 6]], 2)
    8
    """
    return sum(-point for points in shelves for point in points if point < 0) + hand


def red_token_receiver(claims: Mapping[str, int]) -> str | None:
    """The one player with the highest claim; a tie gives the token to nobody (project ruling).

    >>> red_token_receiver({"Ann": 8, "Bob": 3}), red_token_receiver({"Ann": 8, "Bob": 8})
    ('Ann', None)
    """
    leaders = best(claims)
    return leaders[0] if len(leaders) == 1 else None


def evaluate(document: Mapping[str, Any], facts: Mapping[str, Any]) -> Outcome:
    """The outcome, or every problem refused at once (scoring-cases.json holds the rules' cases,
    through `rulebook score`, which checks score.schema.json first). The refusal says each problem:

    >>> facts = {"token_values": {"golden_dust": 2, "gold": 3, "red": 2}, "play": {"shelf_limit": 13}}
    >>> evaluate({"players": {"Ann": {"hand": 0, "shelves": [{"points": [-14, 14]}]}}}, facts)
    Traceback (most recent call last):
    rulebook.scoring.outcome.Refused: a card worth -14: no shelf can take it, as a shelf stays between 0 and 13; \
a card worth 14: no shelf can take it, as a shelf stays between 0 and 13

    Shelves count from 1: the command's schema refuses a shelf 0 before the scorer runs; called
    without it, the scorer refuses it as a shelf the player lacks.

    >>> two = {"hand": 1, "shelves": [{"points": [5]}, {"points": [6]}]}
    >>> evaluate({"red_token_shelf": {"player": "Ann", "shelf": 0}, "players": {"Ann": two}}, facts)
    Traceback (most recent call last):
    rulebook.scoring.outcome.Refused: this player has 2 shelves
    """
    values = token_values(facts, document.get("token_values"))
    limit = facts["play"]["shelf_limit"]
    players: Mapping[str, Mapping[str, Any]] = document["players"]
    problems = []
    for name, player in players.items():
        for index, shelf in enumerate(player["shelves"]):
            total = sum(shelf["points"])
            where = ("players", name, "shelves", index, "points")
            if total < 0:
                problems.append((where, refusal(REFUSALS, "score.negative-shelf", total=total)))
            if total > limit:
                problems.append((where, refusal(REFUSALS, "score.shelf-over-limit", total=total, limit=limit)))
            problems += [
                ((*where, position), refusal(REFUSALS, "score.card-over-limit", point=point, limit=limit))
                for position, point in enumerate(shelf["points"])
                if abs(point) > limit  # rules 2.1 and 2.3: the sum never exceeds the limit, never goes negative
            ]
            if "red" in shelf.get("tokens", []):
                where = ("players", name, "shelves", index, "tokens")
                problems.append((where, refusal(REFUSALS, "score.red-token-in-tokens")))
    claims = {name: red_token_claim([s["points"] for s in p["shelves"]], p["hand"]) for name, p in players.items()}
    receiver = red_token_receiver(claims)
    placed = document.get("red_token_shelf")
    if placed is not None:
        owner = players.get(placed["player"])
        if receiver is None:
            problems.append((("red_token_shelf",), refusal(REFUSALS, "score.red-token-tied")))
        elif owner is None:
            problems.append((("red_token_shelf", "player"), refusal(REFUSALS, "score.red-token-unknown-player")))
        elif not 1 <= placed["shelf"] <= len(owner["shelves"]):
            reason = refusal(REFUSALS, "score.red-token-no-shelf", n=len(owner["shelves"]))
            problems.append((("red_token_shelf", "shelf"), reason))
    if problems:
        raise Refused(problems)
    if receiver is not None and placed is None:
        placed = _best_shelf_of(receiver, players[receiver], values)
    return _score(players, values, claims, receiver, placed)


def _best_shelf_of(name: str, player: Mapping[str, Any], values: Mapping[str, int]) -> dict[str, Any] | None:
    """Project ruling: unless told otherwise, the receiver puts the red token where it adds most to
    their own score; the first such shelf on a tie."""
    gains = [
        shelf_value(shelf["points"], [*shelf.get("tokens", []), "red"], values)
        - shelf_value(shelf["points"], shelf.get("tokens", []), values)
        for shelf in player["shelves"]
    ]
    if not gains:
        return None
    return {"player": name, "shelf": gains.index(max(gains)) + 1}


def _shelf_steps(points: Sequence[int], tokens: Sequence[str], values: Mapping[str, int], worth: int) -> list[Step]:
    """`5 + 3 − 2 = 6 × 2 × 3 = 36`: the sum first, then each token's multiplier.

    >>> from rulebook.scoring.outcome import formula_text
    >>> formula_text(_shelf_steps([5, 3, -2], ["golden-dust", "gold"], {"golden-dust": 2, "gold": 3}, 36))
    '5 + 3 − 2 = 6 × 2 × 3 = 36'
    >>> formula_text(_shelf_steps([9], ["golden-dust"], {"golden-dust": 2}, 18))
    '9 × 2 = 18'
    >>> formula_text(_shelf_steps([], [], {}, 0))
    '0'
    """
    total = sum(points)
    steps = [Step("+", tuple(points), total) if len(points) > 1 else Step("", (total,))]
    if tokens:
        steps.append(Step("×", (total, *(values[token] for token in tokens)), worth))
    return steps


def _score(players, values, claims, receiver, placed) -> Outcome:
    scores, shelves, lines = {}, {}, []
    for name, player in players.items():
        worth = []
        for number, shelf in enumerate(player["shelves"], 1):
            tokens = list(shelf.get("tokens", []))
            if placed and placed["player"] == name and placed["shelf"] == number:
                tokens.append("red")
            worth.append(shelf_value(shelf["points"], tokens, values))
            steps = _shelf_steps(shelf["points"], tokens, values, worth[-1])
            lines.append(line(LINE_WORDS, "shelf", steps, rule="multipliers", player=name, n=number))
        scores[name] = sum(worth)
        shelves[name] = worth
        steps = [Step("+", tuple(worth), scores[name]) if len(worth) > 1 else Step("", (scores[name],))]
        lines.append(line(LINE_WORDS, "total", steps, rule="final-score", player=name))
    claimed = Step("highest", tuple(Named(name, claim) for name, claim in claims.items()), receiver)
    lines.append(line(LINE_WORDS, "red-token", [claimed], rule="red-token"))
    return Outcome(
        {
            "scores": scores,
            "winners": best(scores),
            "red_token_to": receiver,
            "red_token_shelf": placed,
            "red_token_claims": claims,
            "shelves": shelves,
            "token_values": dict(values),
        },
        lines,
    )


# TRANSLATORS: in a quiz's situation: whether a face-down card (which counts nothing) closed a shelf.
FACE_DOWN = form_word("A card played face down to close it")
# TRANSLATORS: in a quiz's situation, the answer to a yes-or-no field (a card played face down).
YES = form_word("Yes")
# TRANSLATORS: in a quiz's situation, the answer to a yes-or-no field (a card played face down): no.
NO = form_word("No")


def given(document: Mapping[str, Any], facts: Mapping[str, Any]) -> list[Given] | None:
    """The situation as the calculator's form asks for it, for the quiz (rulebook/scoring/given.py);
    None for the inputs the form has no field for (token values agreed at the table, the red
    token's place).

    >>> situation = {"players": {"Ann": {"hand": 1, "shelves": [{"points": [6, -2], "tokens": ["gold"]}]}}}
    >>> for line in given(situation, {}):
    ...     print(line.english())
    Ann · Cards in hand: 1
    Ann, shelf 1 · Face-up cards' points, in the order played: 6 −2
    Ann, shelf 1 · Golden dust tokens: 0
    Ann, shelf 1 · Golden mixture tokens: 1
    >>> closed = {"points": [4], "face_down": 1, "tokens": ["golden-dust", "gold", "golden-dust"]}
    >>> for line in given({"players": {"Bob": {"hand": 0, "shelves": [closed]}}}, {}):
    ...     print(line.english())
    Bob · Cards in hand: 0
    Bob, shelf 1 · Face-up cards' points, in the order played: 4
    Bob, shelf 1 · Golden dust tokens: 2
    Bob, shelf 1 · Golden mixture tokens: 1
    Bob, shelf 1 · A card played face down to close it: Yes
    >>> given({**situation, "token_values": {"red": 0}}, {}) is None
    True
    """
    if set(document) != {"players"}:
        return None
    lines = []
    for name, player in document["players"].items():
        lines.append(Given(FORM_WORDS["hand"], player["hand"], group="{player}", group_params={"player": name}))
        for number, shelf in enumerate(player["shelves"], 1):
            tokens = list(shelf.get("tokens", []))
            group = {"group": N_("{player}, shelf {n}"), "group_params": {"player": name, "n": number}}
            lines += [
                Given(FORM_WORDS["points"], " ".join(signed(point) for point in shelf["points"]), **group),
                Given(FORM_WORDS["tokens_golden_dust"], tokens.count("golden-dust"), **group),
                Given(FORM_WORDS["tokens_gold"], tokens.count("gold"), **group),
            ]
            if "face_down" in shelf:
                lines.append(Given(FACE_DOWN, YES if shelf["face_down"] else NO, word=True, **group))
    return lines


# The quiz's wrong choices (scoring/mistake.py): one rule misread each, scored as usual.
def _without_multipliers(document: Mapping[str, Any], facts: Mapping[str, Any]) -> Outcome:
    return evaluate(document, {**facts, "token_values": dict.fromkeys(facts["token_values"], 1)})


def _negatives_added(document: Mapping[str, Any], facts: Mapping[str, Any]) -> Outcome:
    changed = copy.deepcopy(dict(document))
    for player in changed["players"].values():
        for shelf in player["shelves"]:
            shelf["points"] = [abs(point) for point in shelf["points"]]
    return evaluate(changed, facts)


def _red_token(
    document: Mapping[str, Any], facts: Mapping[str, Any], *, hand_only: bool = False, first_shelf: bool = False
) -> Outcome:
    """The red token given by the hands alone, or put on its receiver's first shelf."""
    values = token_values(facts, document.get("token_values"))
    players = document["players"]
    claims = {
        name: player["hand"] if hand_only else red_token_claim([s["points"] for s in player["shelves"]], player["hand"])
        for name, player in players.items()
    }
    receiver = red_token_receiver(claims)
    if receiver is None or not players[receiver]["shelves"]:
        return evaluate(document, facts)
    placed = {"player": receiver, "shelf": 1} if first_shelf else _best_shelf_of(receiver, players[receiver], values)
    return _score(players, values, claims, receiver, placed)


MISTAKES = (
    Mistake(N_("The tokens' multipliers are left out."), "multipliers", _without_multipliers),
    Mistake(N_("A negative card's points are added instead of taken away."), "other-shelf", _negatives_added),
    Mistake(
        N_("The red token goes to the player with the most cards in hand: negative points are not counted."),
        "red-token",
        lambda document, facts: _red_token(document, facts, hand_only=True),
    ),
    Mistake(
        N_("The red token is put on its receiver's first shelf, not where it adds most."),
        "red-token",
        lambda document, facts: _red_token(document, facts, first_shelf=True),
    ),
    Mistake(
        N_("The red token is left out."),
        "red-token",
        lambda document, facts: evaluate(document, {**facts, "token_values": {**facts["token_values"], "red": 1}}),
    ),
)
