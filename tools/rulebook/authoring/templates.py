"""The text of the files `rulebook new` writes: short, commented, and passing every check as they are.

Values that come from the user are written as JSON strings, which YAML reads as they are, so no
name can break the YAML around it; Python and JSON templates only ever receive a checked id.
"""

from __future__ import annotations

import json

from rulebook.files.yaml_quoting import scalar
from rulebook.model import edition_unit

SOURCE_NOTE = "original.txt"
SCORING_CASES = "scoring-cases.json"  # read by the content tests only (guide/scoring-cases.md)
FORM_ADAPTER = "calculator_form.py"  # read by the browser tests only (dev/testing.md)
# A new game is recorded as its edition 1.0 at once, so that `cite` and `diff` have an edition to
# name; its summary unit (`edition.1-0`) in the words the real games use for their first edition.
FIRST_EDITION = "1.0"
FIRST_EDITION_SUMMARY = "The rules as this project first recorded them."

_GAME = """\
# yaml-language-server: $schema=../../schemas/game.schema.json
# Language-neutral facts: every number a rule quotes lives under `facts` and is quoted as
# {{group.name}}; sections and rules are numbered by their order here.
id: {id}
name: {name}
sources:
  - file: sources/{note}
    language: {source_value}
facts:
  players:
    min: 2
    max: 4
{scoring_facts}sections:
  - id: overview
    rules: [{rules}]
{scoring}"""

_SCORING_FACTS = """\
  scoring:
    rounds: 3
"""

_SCORING = """\
# The rules that scoring.py beside this file implements; a worked example illustrates each.
scoring_rules: [winner]
# Worked examples: `rulebook check` and the build score each `input` with scoring.py and
# compare the result with `expect`; the caption is the unit example.<id> of every words file.
examples:
  - id: highest-total
    rules: [winner]
    input:
      players: {Ann: [3, 2, 4], Bob: [5, 1, 2]}
    expect: {scores: {Ann: 9, Bob: 8}, winners: [Ann], tiebreak: false}
"""

_WORDS = """\
# yaml-language-server: $schema=../../schemas/words.schema.json
# The words in {source}, the source language: one unit per id of game.yaml (summary, section.<id>,
# rule.<id>, example.<id>) and per edition of editions.yaml (edition.<version>, its summary).
# Numbers are never typed: {{players.min}} quotes facts.players.min.
language: {source_value}
units:
  summary:
    text: A game for {{players.min}} to {{players.max}} players, whose rules are being written.
  {edition_unit}:
    text: {edition_summary}
  section.overview:
    text: Overview
  rule.players:
    text: The game is for {{players.min}} to {{players.max}} players.
{scoring}"""

_SCORING_WORDS = """\
  rule.winner:
    text: After {scoring.rounds} rounds, each player adds up the points they scored; the highest total wins.
  example.highest-total:
    text: Ann scores 3, 2 and 4, 9 points; Bob 5, 1 and 2, 8 points. Ann has the highest total and wins.
"""

_SOURCE_NOTE = """\
These rules are written for this project: en.yaml is the original text.
When a game's rules come from a publisher's rulebook, a copy of that text goes in this folder,
named under `sources` in game.yaml.
"""

_EMPTY_WORDS = """\
# yaml-language-server: $schema={schema}/words.schema.json
# Started empty by `rulebook new`: a unit missing here shows the source text with a notice.
# `rulebook status --lang {language}` lists the missing units; `rulebook i18n export {language}` starts the work.
language: {language_value}
units: {{}}
"""


def game_files(game_id: str, name_json: str, source: str, scoring: bool) -> dict[str, str]:
    """The files of the game's folder, by name."""
    game = _GAME.format(
        id=game_id,
        name=name_json,
        note=SOURCE_NOTE,
        source_value=scalar(source),
        scoring_facts=_SCORING_FACTS if scoring else "",
        rules="players, winner" if scoring else "players",
        scoring=_SCORING if scoring else "",
    )
    words = _WORDS.format(
        source=source,
        source_value=scalar(source),
        edition_unit=edition_unit(FIRST_EDITION),
        edition_summary=FIRST_EDITION_SUMMARY,
        scoring=_SCORING_WORDS if scoring else "",
    )
    return {"game.yaml": game, f"{source}.yaml": words, f"sources/{SOURCE_NOTE}": _SOURCE_NOTE}


def empty_words(language: str, schema: str) -> str:
    """A words file with no unit: `schema` is the schemas folder relative to the file."""
    return _EMPTY_WORDS.format(language=language, language_value=scalar(language), schema=schema)


_MODULE = '''\
"""Scoring of {game_id}: each player's points over the rounds add up; the highest total wins.

Written by `rulebook new game --scoring` as a starting point. Make `evaluate` score the game's real
rules, with a doctest for each function (pytest runs them) and, in game.yaml, a worked example for
each rule in `scoring_rules` (`rulebook check` and the build run them). Its input format is
score.schema.json beside it, and its parameters come from `facts` in game.yaml, which must meet
facts.schema.json beside it before it runs. calculator.js beside
it scores the same way in the browser, and draws the form of the game page's calculator.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rulebook.scoring.outcome import N_, Nn_, Outcome, Refused, Step, best, form_word, line, refusal

# The words of the calculator's form (calculator.js beside this file), by the keys it reads them by;
# `make messages` adds them to the catalogs.
FORM_WORDS = {{"round_n": form_word("Points in round {{n}}")}}

# Every refusal of the rules, by its code (never changed once published): `rulebook score --json`
# and calculator.js give the code and its params; the words are said in the page's language.
REFUSALS = {{
    "score.too-many-rounds": Nn_(
        "{{n}} round scored, but the game has only {{rounds}}", "{{n}} rounds scored, but the game has only {{rounds}}"
    ),
}}

# The words of the breakdown's lines and results, by code: calculator.js gives the codes, and the
# command, the pages and the calculator say them through the catalog.
LINE_WORDS = {{"total": N_("{{player}}, total"), "points": Nn_("{{n}} point", "{{n}} points")}}


def total(points: Sequence[int]) -> int:
    """A player's score: the sum of their points over the rounds.

    >>> total([3, 2, 4]), total([])
    (9, 0)
    """
    return sum(points)


def evaluate(document: Mapping[str, Any], facts: Mapping[str, Any]) -> Outcome:
    rounds = facts["scoring"]["rounds"]
    players: Mapping[str, list[int]] = document["players"]
    problems = [
        (("players", name), refusal(REFUSALS, "score.too-many-rounds", n=len(points), rounds=rounds))
        for name, points in players.items()
        if len(points) > rounds
    ]
    if problems:
        raise Refused(problems)
    scores = {{name: total(points) for name, points in players.items()}}
    lines = []
    for name, points in players.items():
        steps = _steps(points, scores[name])
        lines.append(line(LINE_WORDS, "total", steps, rule="winner", result=("points", scores[name]), player=name))
    winners = best(scores)
    return Outcome({{"scores": scores, "winners": winners, "tiebreak": len(winners) > 1}}, lines)


def _steps(points: Sequence[int], score: int) -> list[Step]:
    """The breakdown's arithmetic: the points added up, or a single round's points alone."""
    return [Step("+", tuple(points), score)] if len(points) > 1 else [Step("", (score,))]
'''


def scoring_module(game_id: str) -> str:
    return _MODULE.format(game_id=game_id)


def scoring_schema(game_id: str) -> str:
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "score.schema.json",
        "title": f"Situation for `rulebook score {game_id}`",
        "description": "The points each player scored in each round.",
        "type": "object",
        "additionalProperties": False,
        "required": ["players"],
        "properties": {
            "players": {
                "type": "object",
                "minProperties": 1,
                "additionalProperties": {
                    "type": "array",
                    "description": "The player's points, round by round.",
                    "items": {"type": "integer", "minimum": 0},
                },
            }
        },
    }
    return json.dumps(schema, indent=2) + "\n"


def facts_schema(game_id: str) -> str:
    """The facts the starter scorer computes with: a whole number of rounds, required, so that a
    word or a fraction is refused at its line in game.yaml before the scorer runs."""
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "facts.schema.json",
        "title": f"The facts {game_id}'s scoring computes with",
        "description": "Every game scored by scoring.py beside this file gives these facts in game.yaml.",
        "type": "object",
        "required": ["scoring"],
        "properties": {
            "scoring": {
                "type": "object",
                "required": ["rounds"],
                "properties": {
                    "rounds": {
                        "type": "integer",
                        "minimum": 1,
                        "maximum": 100,
                        "description": "Rounds in a game: each player scores once a round.",
                    }
                },
            }
        },
    }
    return json.dumps(schema, indent=2) + "\n"


# The scoring cases (guide/scoring-cases.md), worked out by hand from the starter scorer's rules:
# the content tests run them through scoring.py and calculator.js. The only place a template names a
# refusal code and the facts' values (3 rounds), as the starter game.yaml and scoring.py have them.
_SCORING_CASES = {
    "description": "{name}: each round's points add up, the highest total wins, a tie is shared (3 rounds).",
    "cases": [
        {
            "description": "one round's points alone, and a player who scored none: 5 against 0",
            "situation": {"players": {"Ann": [5], "Bob": []}},
            "values": {"scores": {"Ann": 5, "Bob": 0}, "winners": ["Ann"], "tiebreak": False},
        },
        {
            "description": "a tie: both players total 6, and both win",
            "situation": {"players": {"Ann": [1, 2, 3], "Bob": [6]}},
            "values": {"scores": {"Ann": 6, "Bob": 6}, "winners": ["Ann", "Bob"], "tiebreak": True},
        },
        {
            "description": "four rounds scored in a game of three",
            "situation": {"players": {"Ann": [1, 1, 1, 1], "Bob": [2]}},
            "refused": [{"code": "score.too-many-rounds", "path": ["players", "Ann"], "params": {"n": 4, "rounds": 3}}],
        },
    ],
}


def scoring_cases(game_id: str, name: str) -> str:
    """The starter rules/<game>/scoring-cases.json: one case a line, as the real games write them."""
    head = {
        "$schema": "../../schemas/scoring-cases.schema.json",
        "game": game_id,
        "description": _SCORING_CASES["description"].format(name=name),
    }
    lines = [json.dumps(head, ensure_ascii=False, indent=2)[:-2] + ",", '  "cases": [']
    cases = [json.dumps(case, ensure_ascii=False) for case in _SCORING_CASES["cases"]]
    lines += [f"    {case}," for case in cases[:-1]] + [f"    {cases[-1]}", "  ]", "}"]
    return "\n".join(lines) + "\n"


_BROWSER_SCORER = """\
/* The calculator of {game_id}: scoring.py beside this file, line for line, and the form of the game
   page's calculator, made with the helpers the toolkit's calculator.js hands over (kit). Written by
   `rulebook new game --scoring`: change it with scoring.py. Its breakdown lines are numbers and codes
   only: the page says them with the words of LINE_WORDS in scoring.py. */
window.rulebook.addGame("{game_id}", function (kit) {{
  "use strict";
  var Refused = kit.Refused, Line = kit.Line, Step = kit.Step, best = kit.best, sum = kit.sum, put = kit.put;
  var entries = kit.entries;

  function score(document, facts) {{
    var rounds = facts.scoring.rounds;
    var players = document.get("players");
    var problems = [];
    entries(players).forEach(function (entry) {{
      if (entry[1].length > rounds) {{
        var reason = kit.refusal("score.too-many-rounds", {{ n: entry[1].length, rounds: rounds }});
        problems.push([["players", entry[0]], reason]);
      }}
    }});
    if (problems.length) throw new Refused(problems);
    var scores = {{}};
    entries(players).forEach(function (entry) {{
      put(scores, entry[0], sum(entry[1]));
    }});
    var lines = entries(players).map(function (entry) {{
      var points = entry[1], total = scores[entry[0]];
      var steps = [points.length > 1 ? Step("+", points.slice(), total) : Step("", [total])];
      return Line("total", steps, {{ player: entry[0] }}, "winner", {{ code: "points", n: total }});
    }});
    var winners = best(scores);
    return {{ values: {{ scores: scores, winners: winners, tiebreak: winners.length > 1 }}, lines: lines }};
  }}

  function form(element, facts) {{
    // Each player's points, a field per round; a round left empty is not played yet.
    var players = kit.playerList(function (player) {{
      player.rounds = [];
      var fields = [];
      for (var n = 1; n <= facts.scoring.rounds; n++) {{
        var input = kit.numberInput("", 0);
        player.rounds.push(input);
        fields.push(kit.field(kit.say("round_n", {{ n: n }}), input));
      }}
      return fields;
    }}, 2);
    element.appendChild(players.node);
    return function situation(where) {{
      where(["players"], players.players[0].name);
      return {{
        players: kit.named(players.players, function (player) {{
          var at = ["players", player.name.value];
          where(at, player.name);
          var points = [];
          player.rounds.forEach(function (input) {{
            var value = kit.optionalCount(input); // a round left empty is not played yet
            if (value === null) return;
            where(at.concat([points.length]), input);
            points.push(value);
          }});
          return points;
        }}),
      }};
    }};
  }}

  return {{ score: score, form: form }};
}});
"""


def browser_scorer(game_id: str) -> str:
    return _BROWSER_SCORER.format(game_id=game_id)


_FORM_ADAPTER = '''\
"""How the browser tests fill this game's calculator form (calculator.js beside this file) with a
situation of score.schema.json, as a referee would: each player's name, then their points, a field
per round; a round not played yet is left empty. Written by `rulebook new game --scoring`: change it
with the form of calculator.js. Read by tests/browser/calculator_form.py alone, never by the toolkit
or the site."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from browser.calculator_form import Form


def fill(form: Form, situation: dict[str, Any]) -> None:
    blocks = form.players(list(situation["players"]))
    for block, points in zip(blocks, situation["players"].values(), strict=True):
        for n, value in enumerate(points, 1):
            form.field("Points in round {n}", within=block, n=n).fill(str(value))
'''


def form_adapter() -> str:
    """The starter rules/<game>/calculator_form.py: the browser tests' filling of the form that the
    starter calculator.js draws (the same for every game id, which the file never names).

    >>> "def fill(form: Form, situation: dict[str, Any]) -> None:" in form_adapter()
    True
    """
    return _FORM_ADAPTER
