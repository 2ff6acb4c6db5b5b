"""A third fixture game, gamma, for the calculator's form features that alpha's starter form leaves out
(issue 50): a count that must be filled in (alpha's rounds may stay empty), a bound from the input
schema's maximum (alpha's counts have none), and refusals of the rules that are plural and tied to
one field or to every count field. Made by `rulebook new game --scoring`, then its scorer, its
calculator.js, its input schema and its form adapter rewritten as an author would, and its words in
the French and Czech UI catalogs, as translators give them.

gamma's rule, for tests to work their expectations out from by hand: each player scores their points
less a point a chip they hold; the highest total wins. A player holds no more chips than points
(score.chips-over-points, at their chips' field) and the players hold no more than the game's
12 chips (score.too-many-chips, at every chips field). The form's bounds come from score.schema.json:
points 0 to 1,000,000, chips 0 to 20 a player; both must be filled in.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from conftest import build_site, edit
from fixture_games import make_translated_project, quiet, with_site_sources

GAME = "gamma"
CHIPS = 12  # facts.scoring.chips
POINTS_MAX = 1_000_000  # score.schema.json
CHIPS_MAX = 20  # score.schema.json, a player

SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "score.schema.json",
    "title": "Situation for `rulebook score gamma`",
    "description": "Each player's points and the chips they hold.",
    "type": "object",
    "additionalProperties": False,
    "required": ["players"],
    "properties": {
        "players": {
            "type": "object",
            "minProperties": 1,
            "additionalProperties": {
                "type": "object",
                "additionalProperties": False,
                "required": ["points", "chips"],
                "properties": {
                    "points": {"type": "integer", "minimum": 0, "maximum": POINTS_MAX},
                    "chips": {"type": "integer", "minimum": 0, "maximum": CHIPS_MAX},
                },
            },
        }
    },
}
FACTS_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "facts.schema.json",
    "title": "The facts gamma's scoring computes with",
    "type": "object",
    "required": ["scoring"],
    "properties": {
        "scoring": {
            "type": "object",
            "required": ["chips"],
            "properties": {"chips": {"type": "integer", "minimum": 0, "maximum": 1000}},
        }
    },
}
SCORER = '''"""Scoring of gamma: each player's points less a point a chip they hold; the highest total wins."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulebook.scoring.outcome import N_, Nn_, Outcome, Refused, Step, best, form_word, line, refusal

FORM_WORDS = {"points": form_word("Points scored"), "chips": form_word("Chips held")}

REFUSALS = {
    "score.chips-over-points": Nn_(
        "{n} chip held, more than the points scored", "{n} chips held, more than the points scored"
    ),
    "score.too-many-chips": Nn_(
        "{n} chip taken, but the game has only {chips}", "{n} chips taken, but the game has only {chips}"
    ),
}

LINE_WORDS = {"total": N_("{player}, total"), "points": Nn_("{n} point", "{n} points")}


def evaluate(document: Mapping[str, Any], facts: Mapping[str, Any]) -> Outcome:
    """The points less the chips.

    >>> evaluate({"players": {"Ann": {"points": 5, "chips": 2}}}, {"scoring": {"chips": 12}}).values["scores"]
    {'Ann': 3}
    """
    chips = facts["scoring"]["chips"]
    players: Mapping[str, Mapping[str, int]] = document["players"]
    problems = [
        (("players", name, "chips"), refusal(REFUSALS, "score.chips-over-points", n=held["chips"]))
        for name, held in players.items()
        if held["chips"] > held["points"]
    ]
    taken = sum(held["chips"] for held in players.values())
    if taken > chips:
        problems.append((("players",), refusal(REFUSALS, "score.too-many-chips", n=taken, chips=chips)))
    if problems:
        raise Refused(problems)
    scores = {name: held["points"] - held["chips"] for name, held in players.items()}
    lines = [
        line(
            LINE_WORDS,
            "total",
            [Step("−", (held["points"], held["chips"]), scores[name])],
            rule="winner",
            result=("points", scores[name]),
            player=name,
        )
        for name, held in players.items()
    ]
    winners = best(scores)
    return Outcome({"scores": scores, "winners": winners, "tiebreak": len(winners) > 1}, lines)
'''
BROWSER_SCORER = """/* The calculator of gamma: scoring.py beside this file, line for line, and its form. */
window.rulebook.addGame("gamma", function (kit) {
  "use strict";
  var Refused = kit.Refused, Line = kit.Line, Step = kit.Step, best = kit.best, put = kit.put;
  var entries = kit.entries;

  function score(document, facts) {
    var chips = facts.scoring.chips;
    var players = document.get("players");
    var problems = [];
    var taken = 0;
    entries(players).forEach(function (entry) {
      var held = entry[1].get("chips");
      taken += held;
      if (held > entry[1].get("points")) {
        problems.push([["players", entry[0], "chips"], kit.refusal("score.chips-over-points", { n: held })]);
      }
    });
    if (taken > chips) problems.push([["players"], kit.refusal("score.too-many-chips", { n: taken, chips: chips })]);
    if (problems.length) throw new Refused(problems);
    var scores = {};
    entries(players).forEach(function (entry) {
      put(scores, entry[0], entry[1].get("points") - entry[1].get("chips"));
    });
    var lines = entries(players).map(function (entry) {
      var total = scores[entry[0]];
      var steps = [Step("\u2212", [entry[1].get("points"), entry[1].get("chips")], total)];
      return Line("total", steps, { player: entry[0] }, "winner", { code: "points", n: total });
    });
    var winners = best(scores);
    return { values: { scores: scores, winners: winners, tiebreak: winners.length > 1 }, lines: lines };
  }

  function form(element, facts) {
    // The bounds of each count are the input schema's.
    var bounds = kit.schema.properties.players.additionalProperties.properties;
    var players = kit.playerList(function (player) {
      player.points = kit.numberInput("", bounds.points.minimum, bounds.points.maximum);
      player.chips = kit.numberInput("", bounds.chips.minimum, bounds.chips.maximum);
      return [kit.field(kit.say("points"), player.points), kit.field(kit.say("chips"), player.chips)];
    }, 2);
    element.appendChild(players.node);
    return function situation(where) {
      // More chips taken than the game has: every chips field holds some of them.
      where(["players"], players.players.map(function (player) { return player.chips; }));
      return {
        players: kit.named(players.players, function (player) {
          var at = ["players", player.name.value];
          where(at, player.name);
          where(at.concat(["points"]), player.points);
          where(at.concat(["chips"]), player.chips);
          return { points: kit.count(player.points), chips: kit.count(player.chips) };
        }),
      };
    };
  }

  return { score: score, form: form };
});
"""
ADAPTER = '''"""How the browser tests fill gamma's form: each player's name, points and chips."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from browser.calculator_form import Form


def fill(form: Form, situation: dict[str, Any]) -> None:
    blocks = form.players(list(situation["players"]))
    for block, held in zip(blocks, situation["players"].values(), strict=True):
        form.field("Points scored", within=block).fill(str(held["points"]))
        form.field("Chips held", within=block).fill(str(held["chips"]))
'''
CASES = {
    "$schema": "../../schemas/scoring-cases.schema.json",
    "game": GAME,
    "description": "Gamma: the points less the chips, the highest total wins (12 chips).",
    "cases": [
        {
            "description": "20 less 2 against 15",
            "situation": {"players": {"Ann": {"points": 20, "chips": 2}, "Bob": {"points": 15, "chips": 0}}},
            "values": {"scores": {"Ann": 18, "Bob": 15}, "winners": ["Ann"], "tiebreak": False},
        }
    ],
}
WINNER = (
    "Each player scores their points less a point a chip they hold, of the game's {scoring.chips} chips; "
    "the highest total wins."
)
EXAMPLE = "Ann scores 20 points and holds 2 chips, 18; Bob 15 and no chip. Ann has the highest total and wins."
# gamma's words in the French and Czech UI catalogs (Czech has three plural forms: 1; 2 to 4; 5 and more).
CATALOGS = {
    "fr": """
msgid "Points scored"
msgstr "Points marqués"

msgid "Chips held"
msgstr "Jetons détenus"

msgid "{n} chip held, more than the points scored"
msgid_plural "{n} chips held, more than the points scored"
msgstr[0] "{n} jeton détenu, plus que les points marqués"
msgstr[1] "{n} jetons détenus, plus que les points marqués"

msgid "{n} chip taken, but the game has only {chips}"
msgid_plural "{n} chips taken, but the game has only {chips}"
msgstr[0] "{n} jeton pris, mais le jeu n’en a que {chips}"
msgstr[1] "{n} jetons pris, mais le jeu n’en a que {chips}"
""",
    "cs": """
msgid "Points scored"
msgstr "Získané body"

msgid "Chips held"
msgstr "Držené žetony"

msgid "{n} chip held, more than the points scored"
msgid_plural "{n} chips held, more than the points scored"
msgstr[0] "{n} držený žeton, víc než získané body"
msgstr[1] "{n} držené žetony, víc než získané body"
msgstr[2] "{n} držených žetonů, víc než získané body"

msgid "{n} chip taken, but the game has only {chips}"
msgid_plural "{n} chips taken, but the game has only {chips}"
msgstr[0] "{n} žeton vzat, ale hra má jen {chips}"
msgstr[1] "{n} žetony vzaty, ale hra má jen {chips}"
msgstr[2] "{n} žetonů vzato, ale hra má jen {chips}"
""",
}


def add_gamma(root: Path) -> Path:
    """gamma added to the project at root by `rulebook new game --scoring`, then made the game above."""
    quiet(["--root", str(root), "new", "game", GAME, "--name", "Gamma", "--scoring"])
    folder = root / "rules" / GAME
    edit(root, f"rules/{GAME}/game.yaml", "  scoring:\n    rounds: 3\n", f"  scoring:\n    chips: {CHIPS}\n")
    edit(
        root,
        f"rules/{GAME}/game.yaml",
        "{Ann: [3, 2, 4], Bob: [5, 1, 2]}",
        "{Ann: {points: 20, chips: 2}, Bob: {points: 15, chips: 0}}",
    )
    edit(root, f"rules/{GAME}/game.yaml", "{Ann: 9, Bob: 8}", "{Ann: 18, Bob: 15}")
    words = folder / "en.yaml"
    text = words.read_text(encoding="utf-8")
    text = text.replace(
        "After {scoring.rounds} rounds, each player adds up the points they scored; the highest total wins.", WINNER
    )
    text = text.replace(
        "Ann scores 3, 2 and 4, 9 points; Bob 5, 1 and 2, 8 points. Ann has the highest total and wins.", EXAMPLE
    )
    words.write_text(text, encoding="utf-8")
    (folder / "score.schema.json").write_text(json.dumps(SCHEMA, indent=2) + "\n", encoding="utf-8")
    (folder / "facts.schema.json").write_text(json.dumps(FACTS_SCHEMA, indent=2) + "\n", encoding="utf-8")
    (folder / "scoring-cases.json").write_text(json.dumps(CASES, indent=2) + "\n", encoding="utf-8")
    (folder / "scoring.py").write_text(SCORER, encoding="utf-8")
    (folder / "calculator.js").write_text(BROWSER_SCORER, encoding="utf-8")
    (folder / "calculator_form.py").write_text(ADAPTER, encoding="utf-8")
    for language, entries in CATALOGS.items():
        catalog = root / f"locales/{language}/LC_MESSAGES/messages.po"
        catalog.write_text(catalog.read_text(encoding="utf-8") + entries, encoding="utf-8")
    return root


def make_calculator_site(root: Path) -> None:
    """The translated fixture with gamma (add_gamma) and what a build reads, checked and built into root/site."""
    make_translated_project(root)
    add_gamma(root)
    with_site_sources(root, package=False)
    quiet(["--root", str(root), "check"])
    shutil.rmtree(root / ".cache", ignore_errors=True)
    build_site(root, root / "site")
