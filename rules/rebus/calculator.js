/* REBUS in the score calculator: its browser scorer, scoring.py beside this file line for line
   (tests/test_calculator_node.py holds the two equal, breakdown lines too, under Node), and its form. The build
   ships it as a file of the site (assets/javascripts/calculator/<game>.js), after the toolkit's
   calculator.js, which hands it its helpers. */
window.rulebook.addGame("rebus", function (kit) {
  "use strict";
  var refusal = kit.refusal, Refused = kit.Refused, Line = kit.Line, Step = kit.Step, best = kit.best, sum = kit.sum;
  var put = kit.put, entries = kit.entries;
  var UI = kit.UI, say = kit.say, element = kit.element, field = kit.field, fieldId = kit.fieldId, numberInput = kit.numberInput;
  var button = kit.button, group = kit.group, count = kit.count, playerList = kit.playerList, named = kit.named;

  function score(document, facts) {
    var scoring = facts.scoring;
    var p = {
      tilePoints: scoring.tile_points,
      multipliers: { blue: scoring.blue_multiplier, red: scoring.red_multiplier, center: scoring.center_multiplier },
      bonus: scoring.all_tiles_bonus,
      rack: facts.components.rack_tiles,
      penalty: scoring.unplayed_tile_penalty,
    };
    return document.has("turn") ? rebusTurn(document.get("turn"), p) : rebusFinal(document.get("final"), p);
  }

  function rebusScore(tiles, squares, p) {
    return squares.reduce(function (score, square) {
      return score * p.multipliers[square];
    }, tiles * p.tilePoints);
  }

  function rebusTurn(turn, p) {
    var placed = turn.get("tiles_placed");
    var problems = [];
    if (placed > p.rack) {
      problems.push([["turn", "tiles_placed"], refusal("score.tiles-over-rack", { n: placed, rack: p.rack })]);
    }
    var rebuses = turn.get("rebuses").map(function (rebus) {
      return [rebus.get("tiles"), rebus.has("new_bonus") ? rebus.get("new_bonus") : []];
    });
    rebuses.forEach(function (rebus, index) {
      var tiles = rebus[0], squares = rebus[1];
      var at = ["turn", "rebuses", index, "new_bonus"];
      if (squares.length > tiles) {
        problems.push([at, refusal("score.squares-over-tiles", { squares: squares.length, tiles: tiles })]);
      } else if (squares.length > placed) {
        problems.push([at, refusal("score.squares-over-placed", { squares: squares.length, placed: placed })]);
      }
    });
    problems = problems.concat(impossibleTurn(rebuses, placed));
    if (problems.length) throw new Refused(problems);
    var lines = [], details = [];
    rebuses.forEach(function (rebus, index) {
      var tiles = rebus[0], squares = rebus[1];
      var score = rebusScore(tiles, squares, p);
      var steps = [Step("×", [tiles, p.tilePoints], tiles * p.tilePoints)];
      if (squares.length) {
        steps.push(Step("×", [tiles * p.tilePoints].concat(squares.map(function (square) {
          return p.multipliers[square];
        })), score));
      }
      lines.push(Line("rebus", steps, { n: index + 1 }, squares.length ? "bonus-squares" : "basic-score"));
      details.push({ tiles: tiles, new_bonus: squares.slice(), score: score });
    });
    var bonus = placed === p.rack ? p.bonus : 0;
    var total = sum(details.map(function (detail) { return detail.score; })) + bonus;
    if (bonus) lines.push(Line("all-tiles", [Step("+", [bonus])], { n: placed }, "all-tiles-bonus"));
    var parts = details.map(function (detail) { return detail.score; }).concat(bonus ? [bonus] : []);
    lines.push(Line("turn-score", [parts.length > 1 ? Step("+", parts, total) : Step("", [total])], {}, "several-rebuses"));
    return { values: { score: total, rebuses: details, all_tiles_bonus: bonus }, lines: lines };
  }

  function impossibleTurn(rebuses, placed) {
    var problems = [];
    var held = sum(rebuses.map(function (rebus) { return rebus[0]; }));
    if (held < placed) {
      problems.push([["turn", "tiles_placed"], refusal("score.tiles-outside-rebuses", { held: held, placed: placed })]);
    }
    if (rebuses.length > 2 * placed) {
      problems.push([["turn", "rebuses"], refusal("score.too-many-rebuses", { rebuses: rebuses.length, placed: placed })]);
    }
    rebuses.forEach(function (rebus, index) {
      var tiles = rebus[0], squares = rebus[1];
      var at = ["turn", "rebuses", index, "new_bonus"];
      var centres = squares.filter(function (square) { return square === "center"; }).length;
      if (centres > 1) {
        problems.push([at, refusal("score.two-centres", {})]);
      } else if (centres && rebuses.length > 1) {
        problems.push([at, refusal("score.centre-not-first", {})]);
      } else if (centres && tiles !== placed) {
        problems.push([at, refusal("score.centre-rebus-size", { placed: placed, tiles: tiles })]);
      }
    });
    return problems;
  }

  function rebusFinal(players, p) {
    var problems = [];
    entries(players).forEach(function (entry) {
      var left = entry[1].get("tiles_left");
      if (left > p.rack) {
        problems.push([["final", entry[0], "tiles_left"], refusal("score.tiles-left-over-rack", { n: left, rack: p.rack })]);
      }
    });
    if (problems.length) throw new Refused(problems);
    var scores = {}, lines = [];
    entries(players).forEach(function (entry) {
      var name = entry[0], score = entry[1].get("score"), left = entry[1].get("tiles_left");
      put(scores, name, score - left * p.penalty);
      var steps = [left ? Step("−", [score, Step("×", [left, p.penalty])], scores[name]) : Step("", [scores[name]])];
      lines.push(Line("player", steps, { player: name }, "unplayed-tiles"));
    });
    return { values: { scores: scores, winners: best(scores) }, lines: lines };
  }

  function form(form, facts) {
    var mode = "turn";
    var radios = ["turn", "final"].map(function (value) {
      var input = element("input", { type: "radio", name: "rb-rebus-mode", value: value });
      if (value === mode) input.checked = true;
      input.addEventListener("change", function () {
        mode = value;
        turn.hidden = value !== "turn";
        final.node.hidden = value !== "final";
      });
      var id = fieldId();
      input.id = id;
      return element("span", { class: "rb-calculator__choice" }, [input, element("label", { for: id, text: UI[value] })]);
    });
    form.appendChild(group(UI.what, radios));

    // The bounds of the fields: a rack from game.yaml, the rest from the input schema.
    var rack = facts.components.rack_tiles;
    var schema = kit.schema.properties;
    var tilesMax = schema.turn.properties.rebuses.items.properties.tiles.maximum;
    // Squares under new tiles: no more than a rebus's list of them holds (a count with no bound
    // would write millions of squares).
    var squaresMax = schema.turn.properties.rebuses.items.properties.new_bonus.maxItems;
    var finalPlayer = schema.final.additionalProperties.properties;
    var placed = numberInput(1, 1, rack);
    var rebusList = element("div");
    var rebuses = kit.keptList(rebusList, "rebus_n", UI.remove_rebus, UI.last_rebus);
    function addRebus() {
      var rebus = { tiles: numberInput(1, 1, tilesMax), blue: numberInput(0, 0, squaresMax), red: numberInput(0, 0, squaresMax), center: element("input", { type: "checkbox" }) };
      rebuses.add(rebus, group(say("rebus_n", { n: rebuses.items.length + 1 }), [
        field(UI.tiles, rebus.tiles),
        field(UI.squares_blue, rebus.blue),
        field(UI.squares_red, rebus.red),
        field(UI.square_center, rebus.center),
      ]));
    }
    addRebus();
    var turn = element("div", {}, [field(UI.tiles_placed, placed), rebusList, button(UI.add_rebus, addRebus)]);
    form.appendChild(turn);

    var final = playerList(function (player) {
      player.score = numberInput(0, finalPlayer.score.minimum, finalPlayer.score.maximum);
      player.left = numberInput(0, 0, rack);
      return [field(UI.score_before, player.score), field(UI.tiles_left, player.left)];
    }, 2);
    final.node.hidden = true;
    form.appendChild(final.node);

    return function situation(where) {
      if (mode === "turn") {
        where(["turn", "tiles_placed"], placed);
        where(["turn", "rebuses"], rebuses.items[0].tiles);
        return {
          turn: {
            rebuses: rebuses.items.map(function (rebus, index) {
              var squares = [], blue = count(rebus.blue), red = count(rebus.red), tiles = count(rebus.tiles);
              for (var b = 0; b < blue; b++) squares.push("blue");
              for (var r = 0; r < red; r++) squares.push("red");
              if (rebus.center.checked) squares.push("center");
              where(["turn", "rebuses", index], rebus.tiles);
              where(["turn", "rebuses", index, "tiles"], rebus.tiles);
              where(["turn", "rebuses", index, "new_bonus"], [rebus.blue, rebus.red, rebus.center]);
              return squares.length ? { tiles: tiles, new_bonus: squares } : { tiles: tiles };
            }),
            tiles_placed: count(placed),
          },
        };
      }
      return {
        final: named(final.players, function (player) {
          var at = ["final", player.name.value];
          where(at, player.name);
          where(at.concat(["score"]), player.score);
          where(at.concat(["tiles_left"]), player.left);
          return { score: count(player.score), tiles_left: count(player.left) };
        }),
      };
    };
  }

  return { score: score, form: form };
});
