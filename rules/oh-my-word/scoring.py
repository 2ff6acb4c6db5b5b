"""Oh My Word scoring: bad luck points (or tokens, in the simple variant); the fewest wins.

When more than one player shares the fewest, the rules call for a tiebreaker round; scoring can
only say that one is needed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rulebook.scoring.given import Given
from rulebook.scoring.mistake import Mistake
from rulebook.scoring.outcome import N_, PLAYER, Nn_, Outcome, Refused, Step, best, form_word, line, refusal

# The words of the calculator's form (calculator.js beside this file), by the keys it reads them by.
FORM_WORDS = {
    # TRANSLATORS: the legend of Oh My Word's two ways of counting bad luck tokens.
    "variant": form_word("Scoring"),
    "standard": form_word("Standard: the tokens' values"),
    "simple": form_word("Simple: the number of tokens"),
    "tokens_worth": form_word("Bad luck tokens worth {value}"),
}

# The facts a quiz question may need, in the words the reader sees them by (render/quiz_needs.py).
FACT_WORDS = {"scoring.bad_luck_values": form_word("A bad luck token's possible values")}

# Every refusal of the rules, by its code (never changed once published); its params are the meaning.
REFUSALS = {
    # rule scoring: a bad luck token is worth one of the game data's values.
    "score.token-value": N_("a bad luck token is worth {values}, not {value}"),
    # components: the game holds so many bad luck tokens.
    "score.too-many-tokens": Nn_(
        "{n} bad luck token taken, but the game has only {available}",
        "{n} bad luck tokens taken, but the game has only {available}",
    ),
}

# The words of the breakdown's lines and results, by code: what `rulebook score`, the pages and the
# calculator (calculator.js gives the codes) say through the catalog.
LINE_WORDS = {
    "tokens": Nn_("{n} token", "{n} tokens"),
    "bad-luck-points": Nn_("{n} bad luck point", "{n} bad luck points"),
}


def bad_luck_score(tokens: Sequence[int], variant: str) -> int:
    """A player's score: the sum of their tokens' values, or their number of tokens.

    >>> bad_luck_score([1, 3], "standard"), bad_luck_score([1, 3], "simple"), bad_luck_score([], "standard")
    (4, 2, 0)
    """
    return len(tokens) if variant == "simple" else sum(tokens)


def evaluate(document: Mapping[str, Any], facts: Mapping[str, Any]) -> Outcome:
    variant = document.get("variant", "standard")
    players: Mapping[str, list[int]] = document["players"]
    values = set(facts["scoring"]["bad_luck_values"])
    available = facts["components"]["bad_luck_tokens"]
    problems = [
        (("players", name, index), refusal(REFUSALS, "score.token-value", values=sorted(values), value=value))
        for name, tokens in players.items()
        for index, value in enumerate(tokens)
        if value not in values
    ]
    taken = sum(len(tokens) for tokens in players.values())
    if taken > available:
        problems.append((("players",), refusal(REFUSALS, "score.too-many-tokens", n=taken, available=available)))
    if problems:
        raise Refused(problems)
    scores = {name: bad_luck_score(tokens, variant) for name, tokens in players.items()}
    unit, rule = ("tokens", "simple-scoring") if variant == "simple" else ("bad-luck-points", "game-end")
    lines = [
        line(
            LINE_WORDS,
            PLAYER,
            _steps(tokens, variant, scores[name]),
            rule=rule,
            result=(unit, scores[name]),
            player=name,
        )
        for name, tokens in players.items()
    ]
    winners = best(scores, lowest=True)
    return Outcome({"scores": scores, "winners": winners, "tiebreak": len(winners) > 1, "variant": variant}, lines)


def _steps(tokens: Sequence[int], variant: str, score: int) -> list[Step]:
    """The tokens' values added up; the simple scoring's count, or a lone token, as the number alone.

    >>> _steps([1, 3], "standard", 4), _steps([1, 3], "simple", 2)
    ([Step(operator='+', operands=(1, 3), result=4)], [Step(operator='', operands=(2,), result=None)])
    """
    if variant == "simple" or len(tokens) < 2:
        return [Step("", (score,))]
    return [Step("+", tuple(tokens), score)]


def given(document: Mapping[str, Any], facts: Mapping[str, Any]) -> list[Given] | None:
    """The situation as the calculator's form asks for it, for the quiz (rulebook/scoring/given.py).

    >>> facts = {"scoring": {"bad_luck_values": [1, 2, 3]}}
    >>> for line in given({"variant": "simple", "players": {"Ann": [1, 3, 3]}}, facts):
    ...     print(line.english())
    Scoring: Simple: the number of tokens
    Ann · Bad luck tokens worth 1: 1
    Ann · Bad luck tokens worth 2: 0
    Ann · Bad luck tokens worth 3: 2

    The variant is a word that a page says in its language; the counts are numbers:

    >>> [line.word for line in given({"variant": "simple", "players": {"Ann": [1]}}, facts)]
    [True, False, False, False]
    """
    variant = document.get("variant", "standard")
    lines = [Given(FORM_WORDS["variant"], FORM_WORDS[variant], word=True)]
    for name, tokens in document["players"].items():
        for value in facts["scoring"]["bad_luck_values"]:
            lines.append(
                Given(
                    FORM_WORDS["tokens_worth"],
                    list(tokens).count(value),
                    params={"value": value},
                    group="{player}",
                    group_params={"player": name},
                )
            )
    return lines


# The quiz's wrong choices (scoring/mistake.py): the other way of counting, scored as usual.
MISTAKES = (
    Mistake(
        N_("The tokens are counted, not their values."),
        "game-end",
        lambda document, facts: evaluate({**document, "variant": "simple"}, facts),
    ),
    Mistake(
        N_("The tokens' values are added, where the simple scoring counts the tokens."),
        "simple-scoring",
        lambda document, facts: evaluate({**document, "variant": "standard"}, facts),
    ),
)
