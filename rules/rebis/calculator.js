/* Rebis in the score calculator: its browser scorer, scoring.py beside this file line for line
   (tests/browser/test_calculator_differential.py holds the two equal), and its form. The build
   ships it as a file of the site (assets/javascripts/calculator/<game>.js), after the toolkit's
   calculator.js, which hands it its helpers. */
window.rulebook.addGame("rebis", function (kit) {
  "use strict";
  var Reason = kit.Reason, Refused = kit.Refused, Line = kit.Line, best = kit.best, sum = kit.sum, signed = kit.signed;
  var put = kit.put, entries = kit.entries, strRepr = kit.strRepr;
  var UI = kit.UI, say = kit.say, element = kit.element, field = kit.field, numberInput = kit.numberInput;
  var button = kit.button, group = kit.group, count = kit.count, playerList = kit.playerList, named = kit.named;
  var FormProblem = kit.FormProblem;

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
        if (total < 0) problems.push([at, new Reason("the face-up cards sum to {total}, and a shelf must never be negative", { total: total })]);
        if (total > limit) problems.push([at, new Reason("the face-up cards sum to {total}, above {limit}: that card closes the shelf", { total: total, limit: limit })]);
        points.forEach(function (point, position) {
          if (Math.abs(point) > limit) {
            problems.push([at.concat([position]), new Reason("a card of {point} points: no shelf can take it, as a shelf stays between 0 and {limit}", { point: point, limit: limit })]);
          }
        });
        if ((shelf.get("tokens") || []).indexOf("red") >= 0) {
          problems.push([["players", name, "shelves", index, "tokens"], new Reason("the red token is placed at the end: give its place as red_token_shelf")]);
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
        problems.push([["red_token_shelf"], new Reason("nobody receives the red token: the highest results are tied")]);
      } else if (owner === undefined) {
        problems.push([["red_token_shelf", "player"], new Reason("no player is called {name}", { name: strRepr(placed.get("player")) })]);
      } else if (!(placed.get("shelf") >= 1 && placed.get("shelf") <= owner.get("shelves").length)) {
        problems.push([["red_token_shelf", "shelf"], new Reason(["{player} has {n} shelf", "{player} has {n} shelves"], { player: placed.get("player"), n: owner.get("shelves").length })]);
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

  function shelfFormula(points, tokens, values, worth) {
    var formula = points.map(signed).join(" + ").split("+ −").join("− ") || "0";
    if (points.length > 1) formula += " = " + signed(sum(points));
    if (tokens.length) {
      formula += tokens.map(function (token) {
        return " × " + values[token];
      }).join("") + " = " + signed(worth);
    }
    return formula;
  }

  function rebisOutcome(players, values, claims, receiver, placed) {
    var scores = {}, shelves = {}, lines = [];
    entries(players).forEach(function (entry) {
      var name = entry[0];
      var worth = entry[1].get("shelves").map(function (shelf, index) {
        var tokens = tokensOf(shelf);
        if (placed && placed.player === name && placed.shelf === index + 1) tokens.push("red");
        var value = shelfValue(shelf.get("points"), tokens, values);
        lines.push(Line("{player}, shelf {n}", shelfFormula(shelf.get("points"), tokens, values, value), { player: name, n: index + 1 }));
        return value;
      });
      put(scores, name, sum(worth));
      put(shelves, name, worth);
      var total = worth.length > 1 ? worth.map(signed).join(" + ") + " = " + signed(scores[name]) : signed(scores[name]);
      lines.push(Line("{player}, total", total, { player: name }));
    });
    var claimText = Object.keys(claims).map(function (name) {
      return name + " " + claims[name];
    }).join(", ");
    lines.push(Line("Red token (negative points + cards in hand)", claimText + " → " + (receiver || "—")));
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
    var players = playerList(function (player) {
      player.hand = numberInput(0, 0);
      player.shelves = [];
      var shelfList = element("div");
      function addShelf() {
        var shelf = { points: element("input", { type: "text", inputmode: "text", autocomplete: "off", value: "" }), golden: numberInput(0, 0), gold: numberInput(0, 0) };
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
    return function situation(where) {
      where(["players"], players.players[0].name);
      return {
        players: named(players.players, function (player) {
          var at = ["players", player.name.value];
          where(at, player.name);
          where(at.concat(["hand"]), player.hand);
          return {
            hand: count(player.hand),
            shelves: player.shelves.map(function (shelf, index) {
              var text = shelf.points.value.trim();
              var points = text ? text.split(/[\s,;]+/).map(function (item) {
                return Number(item.replace("−", "-"));
              }) : [];
              if (points.some(function (point) { return !Number.isInteger(point); })) throw new FormProblem(shelf.points, UI.whole_numbers);
              var tokens = [];
              for (var g = 0; g < count(shelf.golden); g++) tokens.push("golden-dust");
              for (var o = 0; o < count(shelf.gold); o++) tokens.push("gold");
              var place = at.concat(["shelves", index]);
              where(place, shelf.points);
              where(place.concat(["points"]), shelf.points);
              where(place.concat(["tokens"]), shelf.golden);
              return tokens.length ? { points: points, tokens: tokens } : { points: points };
            }),
          };
        }),
      };
    };
  }

  return { score: score, form: form };
});
