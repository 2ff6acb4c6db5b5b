/* Oh My Word in the score calculator: its browser scorer, scoring.py beside this file line for line
   (tests/test_calculator_node.py holds the two equal, breakdown lines too, under Node), and its form. The build
   ships it as a file of the site (assets/javascripts/calculator/<game>.js), after the toolkit's
   calculator.js, which hands it its helpers. */
window.rulebook.addGame("oh-my-word", function (kit) {
  "use strict";
  var refusal = kit.refusal, Refused = kit.Refused, Line = kit.Line, Step = kit.Step, best = kit.best, sum = kit.sum;
  var put = kit.put, entries = kit.entries;
  var UI = kit.UI, say = kit.say, element = kit.element, field = kit.field, fieldId = kit.fieldId, numberInput = kit.numberInput;
  var group = kit.group, count = kit.count, playerList = kit.playerList, named = kit.named;

  function score(document, facts) {
    var variant = document.has("variant") ? document.get("variant") : "standard";
    var players = document.get("players");
    var allowed = facts.scoring.bad_luck_values;
    var sorted = Array.from(new Set(allowed)).sort(function (a, b) { return a - b; });
    var problems = [];
    entries(players).forEach(function (entry) {
      entry[1].forEach(function (value, index) {
        if (allowed.indexOf(value) < 0) {
          problems.push([["players", entry[0], index], refusal("score.token-value", { values: sorted, value: value })]);
        }
      });
    });
    var taken = sum(entries(players).map(function (entry) { return entry[1].length; }));
    var available = facts.components.bad_luck_tokens;
    if (taken > available) {
      problems.push([["players"], refusal("score.too-many-tokens", { n: taken, available: available })]);
    }
    if (problems.length) throw new Refused(problems);
    var scores = {};
    entries(players).forEach(function (entry) {
      put(scores, entry[0], variant === "simple" ? entry[1].length : sum(entry[1]));
    });
    var unit = variant === "simple" ? "tokens" : "bad-luck-points";
    var rule = variant === "simple" ? "simple-scoring" : "game-end";
    var lines = entries(players).map(function (entry) {
      var tokens = entry[1], score = scores[entry[0]];
      var steps = [variant === "simple" || tokens.length < 2 ? Step("", [score]) : Step("+", tokens.slice(), score)];
      return Line("player", steps, { player: entry[0] }, rule, { code: unit, n: score });
    });
    var winners = best(scores, true);
    return { values: { scores: scores, winners: winners, tiebreak: winners.length > 1, variant: variant }, lines: lines };
  }

  function form(form, facts) {
    var variant = "standard";
    var radios = ["standard", "simple"].map(function (value) {
      var input = element("input", { type: "radio", name: "rb-omw-variant", value: value });
      if (value === variant) input.checked = true;
      input.addEventListener("change", function () {
        variant = value;
      });
      var id = fieldId();
      input.id = id;
      return element("span", { class: "rb-calculator__choice" }, [input, element("label", { for: id, text: UI[value] })]);
    });
    form.appendChild(group(UI.variant, radios));
    var values = facts.scoring.bad_luck_values; // from game.yaml
    var available = facts.components.bad_luck_tokens; // no player holds more than the game has
    var players = playerList(function (player) {
      player.counts = values.map(function () {
        return numberInput(0, 0, available);
      });
      return values.map(function (value, index) {
        return field(say("tokens_worth", { value: value }), player.counts[index]);
      });
    }, 2);
    form.appendChild(players.node);
    return function situation(where) {
      // More tokens taken than the game has: every count field holds some of them.
      where(["players"], [].concat.apply([], players.players.map(function (player) { return player.counts; })));
      var document = {
        players: named(players.players, function (player) {
          var tokens = [];
          var at = ["players", player.name.value];
          where(at, player.name);
          values.forEach(function (value, index) {
            var held = count(player.counts[index]);
            for (var i = 0; i < held; i++) {
              where(at.concat([tokens.length]), player.counts[index]);
              tokens.push(value);
            }
          });
          return tokens;
        }),
      };
      if (variant !== "standard") document.variant = variant;
      return document;
    };
  }

  return { score: score, form: form };
});
