/* Rebis in the score calculator: its browser scorer, scoring.py beside this file line for line
   (tests/test_calculator_node.py holds the two equal, breakdown lines too, under Node), and its form. The build
   ships it as a file of the site (assets/javascripts/calculator/<game>.js), after the toolkit's
   calculator.js, which hands it its helpers. */
window.rulebook.addGame("rebis", function (kit) {
  "use strict";
  var refusal = kit.refusal, Refused = kit.Refused, Line = kit.Line, Step = kit.Step, Named = kit.Named;
  var best = kit.best, sum = kit.sum;
  var put = kit.put, entries = kit.entries;
  var UI = kit.UI, say = kit.say, element = kit.element, field = kit.field, numberInput = kit.numberInput;
  var button = kit.button, group = kit.group, count = kit.count, playerList = kit.playerList, named = kit.named;

  var TOKENS = ["golden-dust", "gold", "red"];

  function shelfValue(points, tokens, values) {
    return tokens.reduce(function (value, token) {
      return value * values[token];
    }, sum(points));
  }

  function score(document, facts) {
    var values = {};
    TOKENS.forEach(function (token) {
      values[token] = facts.token_values[token.replace(/-/g, "_")];
    });
    if (document.has("token_values")) {
      entries(document.get("token_values")).forEach(function (entry) {
        values[entry[0]] = entry[1];
      });
    }
    var limit = facts.play.shelf_limit;
    var players = document.get("players");
    var problems = [];
    entries(players).forEach(function (entry) {
      var name = entry[0];
      entry[1].get("shelves").forEach(function (shelf, index) {
        var points = shelf.get("points");
        var total = sum(points);
        var at = ["players", name, "shelves", index, "points"];
        if (total < 0) problems.push([at, refusal("score.negative-shelf", { total: total })]);
        if (total > limit) problems.push([at, refusal("score.shelf-over-limit", { total: total, limit: limit })]);
        points.forEach(function (point, position) {
          if (Math.abs(point) > limit) {
            problems.push([at.concat([position]), refusal("score.card-over-limit", { point: point, limit: limit })]);
          }
        });
        if ((shelf.get("tokens") || []).indexOf("red") >= 0) {
          problems.push([["players", name, "shelves", index, "tokens"], refusal("score.red-token-in-tokens", {})]);
        }
      });
    });
    var claims = {};
    entries(players).forEach(function (entry) {
      var negative = 0;
      entry[1].get("shelves").forEach(function (shelf) {
        shelf.get("points").forEach(function (point) {
          if (point < 0) negative -= point;
        });
      });
      put(claims, entry[0], negative + entry[1].get("hand"));
    });
    var leaders = best(claims);
    var receiver = leaders.length === 1 ? leaders[0] : null;
    var placed = document.has("red_token_shelf") ? document.get("red_token_shelf") : null;
    if (placed !== null) {
      var owner = players.get(placed.get("player"));
      if (receiver === null) {
        problems.push([["red_token_shelf"], refusal("score.red-token-tied", {})]);
      } else if (owner === undefined) {
        problems.push([["red_token_shelf", "player"], refusal("score.red-token-unknown-player", {})]);
      } else if (!(placed.get("shelf") >= 1 && placed.get("shelf") <= owner.get("shelves").length)) {
        problems.push([["red_token_shelf", "shelf"], refusal("score.red-token-no-shelf", { n: owner.get("shelves").length })]);
      }
    }
    if (problems.length) throw new Refused(problems);
    if (placed !== null) placed = { player: placed.get("player"), shelf: placed.get("shelf") };
    if (receiver !== null && placed === null) placed = bestShelfOf(receiver, players.get(receiver), values);
    return rebisOutcome(players, values, claims, receiver, placed);
  }

  function tokensOf(shelf) {
    return shelf.has("tokens") ? shelf.get("tokens").slice() : [];
  }

  function bestShelfOf(name, player, values) {
    var gains = player.get("shelves").map(function (shelf) {
      var tokens = tokensOf(shelf);
      return shelfValue(shelf.get("points"), tokens.concat(["red"]), values) - shelfValue(shelf.get("points"), tokens, values);
    });
    if (!gains.length) return null;
    return { player: name, shelf: gains.indexOf(Math.max.apply(null, gains)) + 1 };
  }

  function shelfSteps(points, tokens, values, worth) {
    var total = sum(points);
    var steps = [points.length > 1 ? Step("+", points.slice(), total) : Step("", [total])];
    if (tokens.length) {
      steps.push(Step("×", [total].concat(tokens.map(function (token) {
        return values[token];
      })), worth));
    }
    return steps;
  }

  function rebisOutcome(players, values, claims, receiver, placed) {
    var scores = {}, shelves = {}, lines = [];
    entries(players).forEach(function (entry) {
      var name = entry[0];
      var worth = entry[1].get("shelves").map(function (shelf, index) {
        var tokens = tokensOf(shelf);
        if (placed && placed.player === name && placed.shelf === index + 1) tokens.push("red");
        var value = shelfValue(shelf.get("points"), tokens, values);
        lines.push(Line("shelf", shelfSteps(shelf.get("points"), tokens, values, value), { player: name, n: index + 1 }, "multipliers"));
        return value;
      });
      put(scores, name, sum(worth));
      put(shelves, name, worth);
      var total = worth.length > 1 ? Step("+", worth.slice(), scores[name]) : Step("", [scores[name]]);
      lines.push(Line("total", [total], { player: name }, "final-score"));
    });
    var claimed = Object.keys(claims).map(function (name) {
      return Named(name, claims[name]);
    });
    lines.push(Line("red-token", [Step("highest", claimed, receiver)], {}, "red-token"));
    return {
      values: {
        scores: scores,
        winners: best(scores),
        red_token_to: receiver,
        red_token_shelf: placed,
        red_token_claims: claims,
        shelves: shelves,
        token_values: Object.assign({}, values),
      },
      lines: lines,
    };
  }

  function form(form, facts) {
    // The bounds of the fields come from the input schema; the token values' defaults from game.yaml.
    var schema = kit.schema;
    var playerSchema = schema.properties.players.additionalProperties.properties;
    var handMax = playerSchema.hand.maximum;
    var tokensMax = playerSchema.shelves.items.properties.tokens.maxItems;
    var multiplier = schema.$defs.multiplier;
    var shelfMax = schema.properties.red_token_shelf.properties.shelf.maximum;
    var players = playerList(function (player) {
      player.hand = numberInput(0, 0, handMax);
      player.shelves = [];
      var shelfList = element("div");
      function addShelf() {
        var shelf = { points: element("input", { type: "text", inputmode: "text", autocomplete: "off", value: "" }), golden: numberInput(0, 0, tokensMax), gold: numberInput(0, 0, tokensMax) };
        shelf.set = group(say("shelf_n", { n: player.shelves.length + 1 }), [
          field(UI.points, shelf.points),
          field(UI.tokens_golden_dust, shelf.golden),
          field(UI.tokens_gold, shelf.gold),
        ]);
        shelf.set.appendChild(
          button(UI.remove_shelf, function () {
            player.shelves.splice(player.shelves.indexOf(shelf), 1);
            shelfList.removeChild(shelf.set);
            player.shelves.forEach(function (item, index) {
              item.set.querySelector("legend").textContent = say("shelf_n", { n: index + 1 });
              item.set.rbLegend = say("shelf_n", { n: index + 1 });
            });
          })
        );
        player.shelves.push(shelf);
        shelfList.appendChild(shelf.set);
      }
      addShelf();
      return [field(UI.hand, player.hand), shelfList, button(UI.add_shelf, addShelf)];
    }, 2);
    form.appendChild(players.node);

    // The token multipliers the command accepts (token_values): the project's assumed values first.
    var values = {};
    var valueFields = TOKENS.map(function (token) {
      var key = token.replace(/-/g, "_");
      values[token] = numberInput(facts.token_values[key], multiplier.minimum, multiplier.maximum);
      return field(UI["value_" + key], values[token]);
    });
    form.appendChild(group(UI.token_values, valueFields));

    // Where the red token's receiver put it (red_token_shelf); left empty, where it adds most.
    var redPlayer = element("input", { type: "text", autocomplete: "off", value: "" });
    var redShelf = numberInput("", 1, shelfMax);
    form.appendChild(group(UI.red_token, [field(UI.red_player, redPlayer), field(UI.red_shelf, redShelf)]));

    function pointsOf(input) {
      var text = input.value.trim();
      var points = text ? text.split(/[\s,;]+/).map(function (item) {
        return Number(item.replace("−", "-"));
      }) : [];
      if (points.some(function (point) { return !Number.isInteger(point); })) {
        kit.refuse(input, UI.whole_numbers);
        return [];
      }
      return points;
    }

    return function situation(where) {
      var document = {};
      var changed = {};
      TOKENS.forEach(function (token) {
        var value = count(values[token]);
        where(["token_values", token], values[token]);
        if (value !== facts.token_values[token.replace(/-/g, "_")]) changed[token] = value;
      });
      if (Object.keys(changed).length) document.token_values = changed;
      var shelf = kit.optionalCount(redShelf);
      var name = redPlayer.value;
      if (name !== "" || shelf !== null) {
        if (name === "") kit.refuse(redPlayer, UI.field_empty);
        if (shelf === null) kit.refuse(redShelf, UI.field_empty);
        where(["red_token_shelf"], [redPlayer, redShelf]);
        where(["red_token_shelf", "player"], redPlayer);
        where(["red_token_shelf", "shelf"], redShelf);
        document.red_token_shelf = { player: name, shelf: shelf === null ? 1 : shelf };
      }
      where(["players"], players.players.map(function (player) { return player.name; }));
      document.players = named(players.players, function (player) {
        var at = ["players", player.name.value];
        where(at, player.name);
        where(at.concat(["hand"]), player.hand);
        return {
          hand: count(player.hand),
          shelves: player.shelves.map(function (shelf, index) {
            var points = pointsOf(shelf.points);
            var tokens = [], golden = count(shelf.golden), gold = count(shelf.gold);
            for (var g = 0; g < golden; g++) tokens.push("golden-dust");
            for (var o = 0; o < gold; o++) tokens.push("gold");
            var place = at.concat(["shelves", index]);
            where(place, shelf.points);
            where(place.concat(["points"]), shelf.points);
            where(place.concat(["tokens"]), [shelf.golden, shelf.gold]);
            return tokens.length ? { points: points, tokens: tokens } : { points: points };
          }),
        };
      });
      return document;
    };
  }

  return { score: score, form: form };
});
