"""Rebis scoring, under the project's rulings (the publisher's text gives no token values).

A shelf is worth the sum of its face-up cards' points as played, × the product of its tokens'
multipliers; face-down closing cards count nothing. A shelf can never sum below zero, nor above the
shelf limit (the card that would pass it closes the shelf face down). The red token goes to the one
player with the highest total of negative points on their own shelves plus cards in hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import prod
from typing import Any

from rulebook.scoring.given import Given
from rulebook.scoring.outcome import N_, Line, Nn_, Outcome, Reason, Refused, best, form_word, signed

# The words of the calculator's form (calculator.js beside this file), by the keys it reads them by.
FORM_WORDS = {
    "hand": form_word("Cards in hand"),
    "shelf_n": form_word("Shelf {n}"),
    "points": form_word("Face-up cards' points, in the order played"),
    "tokens_golden_dust": form_word("Golden dust tokens"),
    "tokens_gold": form_word("Gold tokens"),
    "add_shelf": form_word("Add a shelf"),
    "remove_shelf": form_word("Remove this shelf"),
}

TOKENS = ("golden-dust", "gold", "red")


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
    values = token_values(facts, document.get("token_values"))
    limit = facts["play"]["shelf_limit"]
    players: Mapping[str, Mapping[str, Any]] = document["players"]
    problems = []
    for name, player in players.items():
        for index, shelf in enumerate(player["shelves"]):
            total = sum(shelf["points"])
            where = ("players", name, "shelves", index, "points")
            if total < 0:
                words = N_("the face-up cards sum to {total}, and a shelf must never be negative")
                problems.append((where, Reason(words, {"total": total})))
            if total > limit:
                words = N_("the face-up cards sum to {total}, above {limit}: that card closes the shelf")
                problems.append((where, Reason(words, {"total": total, "limit": limit})))
            problems += [
                (
                    (*where, position),
                    Reason(
                        N_("a card of {point} points: no shelf can take it, as a shelf stays between 0 and {limit}"),
                        {"point": point, "limit": limit},
                    ),
                )
                for position, point in enumerate(shelf["points"])
                if abs(point) > limit  # rules 2.1 and 2.3: the sum never exceeds the limit, never goes negative
            ]
            if "red" in shelf.get("tokens", []):
                problems.append(
                    (
                        ("players", name, "shelves", index, "tokens"),
                        Reason(N_("the red token is placed at the end: give its place as red_token_shelf")),
                    )
                )
    claims = {name: red_token_claim([s["points"] for s in p["shelves"]], p["hand"]) for name, p in players.items()}
    receiver = red_token_receiver(claims)
    placed = document.get("red_token_shelf")
    if placed is not None:
        owner = players.get(placed["player"])
        if receiver is None:
            words = N_("nobody receives the red token: the highest results are tied")
            problems.append((("red_token_shelf",), Reason(words)))
        elif owner is None:
            words = N_("no player is called {name}")
            problems.append((("red_token_shelf", "player"), Reason(words, {"name": repr(placed["player"])})))
        elif not 1 <= placed["shelf"] <= len(owner["shelves"]):
            words = Nn_("{player} has {n} shelf", "{player} has {n} shelves")
            shelves = {"player": placed["player"], "n": len(owner["shelves"])}
            problems.append((("red_token_shelf", "shelf"), Reason(words, shelves)))
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


def _shelf_formula(points: Sequence[int], tokens: Sequence[str], values: Mapping[str, int], worth: int) -> str:
    """`5 + 3 − 2 = 6 × 2 × 3 = 36`: the sum first, then each token's multiplier.

    >>> _shelf_formula([5, 3, -2], ["golden-dust", "gold"], {"golden-dust": 2, "gold": 3}, 36)
    '5 + 3 − 2 = 6 × 2 × 3 = 36'
    >>> _shelf_formula([9], ["golden-dust"], {"golden-dust": 2}, 18), _shelf_formula([], [], {}, 0)
    ('9 × 2 = 18', '0')
    """
    formula = " + ".join(signed(point) for point in points).replace("+ −", "− ") or "0"
    if len(points) > 1:
        formula += f" = {signed(sum(points))}"
    if tokens:
        formula += "".join(f" × {values[token]}" for token in tokens) + f" = {signed(worth)}"
    return formula


def _score(players, values, claims, receiver, placed) -> Outcome:
    scores, shelves, lines = {}, {}, []
    for name, player in players.items():
        worth = []
        for number, shelf in enumerate(player["shelves"], 1):
            tokens = list(shelf.get("tokens", []))
            if placed and placed["player"] == name and placed["shelf"] == number:
                tokens.append("red")
            worth.append(shelf_value(shelf["points"], tokens, values))
            lines.append(
                Line(
                    N_("{player}, shelf {n}"),
                    _shelf_formula(shelf["points"], tokens, values, worth[-1]),
                    {"player": name, "n": number},
                )
            )
        scores[name] = sum(worth)
        shelves[name] = worth
        total = f"{' + '.join(map(signed, worth))} = {signed(scores[name])}" if len(worth) > 1 else signed(scores[name])
        lines.append(Line(N_("{player}, total"), total, {"player": name}))
    claim_text = ", ".join(f"{name} {claim}" for name, claim in claims.items())
    lines.append(Line(N_("Red token (negative points + cards in hand)"), f"{claim_text} → {receiver or '—'}"))
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


# TRANSLATORS: in a quiz's situation: whether a face-down card (which counts nothing) closed a shelf (0 or 1).
FACE_DOWN = form_word("A card played face down to close it")


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
    Ann, shelf 1 · Gold tokens: 1
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
                lines.append(Given(FACE_DOWN, shelf["face_down"], **group))
    return lines
