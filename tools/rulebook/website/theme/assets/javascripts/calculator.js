/* The score calculator of a game page. window.rulebook.score(gameId, situation) returns what
   `rulebook score GAME --json -` means for the same situation: the outcome's values, or
   {error: true, problems: [{code, path, params}]}, each problem a stable code (README "Problem
   codes"), the path of its field and the params its words are said from, in any language. Words,
   lines and columns are not part of it: the form says each problem in the page's language, at its
   field.

   The situation is a JSON value: the command reads its JSON text (window.rulebook.situationText).
   The page carries its data in <script type="application/json" id="rb-calculator-data">, written
   by the build (rulebook.render.calculator): the game's facts from game.yaml, its input schema and
   its refusals by code, the page language's words from its catalog; window.rulebookPlural, the
   catalog's own plural rule, comes from its language's file (assets/javascripts/plural/<language>.js).
   Nothing here knows a number of the rules, nor a game: each game's scorer and form come from its
   own file, rules/<game>/calculator.js, which the page loads after this one (window.rulebook.addGame).
   tests/scoring-cases/<game>.json holds the cases both scorers must agree on. */
(function () {
  "use strict";

  var DATA_ELEMENT = document.getElementById("rb-calculator-data");
  if (!DATA_ELEMENT) return;
  var DATA = JSON.parse(DATA_ELEMENT.textContent);
  var MAX_DEPTH = 64; // rulebook.located.document.MAX_DEPTH: yaml.too-deep
  var YAML_MAX_LEVELS = 1000; // libyaml's parser stops at the 1,001st level: yaml.syntax
  var KEY_LENGTH = 80; // rulebook.problems.EXCERPT_LENGTH: the most of a key that params carry
  // JSON writes a number from 1e21 with an exponent, which YAML reads as a float: no count.
  var LARGEST_WRITTEN_WHOLE = 1e21;

  // A count as a form field holds it: ASCII digits, a sign at most. "2,5", "2.5", "1 000", "1e3" or
  // "٣" are refused as the command refuses them (schema.type, expected integer), never read as 25 or
  // 2: a number input reads its text by the browser's locale, and "2,5" became 25 (issue 48).
  var COUNT_TEXT = /^[-+\u2212]?[0-9]+$/;

  function readCount(text) {
    // {empty: true}, {value} or {problem: {code, params}}; pure, so node tests it too.
    var trimmed = String(text).trim();
    if (trimmed === "") return { empty: true };
    if (!COUNT_TEXT.test(trimmed)) return { problem: { code: "schema.type", params: { expected: "integer" } } };
    return { value: Number(trimmed.replace("\u2212", "-")) }; // past 2^53, beyond every field's maximum
  }

  function number(value) {
    // A number in the page's language (Intl, as Babel's format_decimal on the command's side).
    return typeof value === "number" ? new Intl.NumberFormat(DATA.language).format(value) : String(value);
  }

  function problem(code, path, params) {
    return { code: code, path: path, params: params || {} };
  }

  function chars(text) {
    return Array.from(text); // Python counts code points, not UTF-16 units
  }

  function cut(text) {
    var list = chars(text);
    return list.length <= KEY_LENGTH ? text : list.slice(0, KEY_LENGTH - 1).join("") + "…";
  }

  // ---- The situation as a document: JSON's values, mappings as Maps (any key, "__proto__" too) ----

  // What UTF-8, and so the command, cannot read: a lone surrogate.
  var LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/;

  function situationText(situation) {
    // JSON, with every character past ASCII escaped, as Python's json.dumps writes it: YAML reads
    // U+2028 raw as a line break, and an escape as the character.
    var text = JSON.stringify(situation === undefined ? null : situation);
    return text.replace(/[\u007f-\uffff]/g, function (ch) {
      return "\\u" + ("000" + ch.charCodeAt(0).toString(16)).slice(-4);
    });
  }

  function depthOf(value, stop) {
    // How deeply collections nest in the value, counted without recursion (a document can be
    // thousands of levels deep), up to `stop`.
    var deepest = 0;
    var stack = [[value, 0]];
    while (stack.length) {
      var item = stack.pop();
      if (item[0] === null || typeof item[0] !== "object") continue;
      deepest = Math.max(deepest, item[1] + 1);
      if (deepest > stop) return deepest;
      var inner = Array.isArray(item[0]) ? item[0] : Object.keys(item[0]).map(function (key) { return item[0][key]; });
      inner.forEach(function (child) {
        stack.push([child, item[1] + 1]);
      });
    }
    return deepest;
  }

  function documentOf(situation) {
    // {data} or {problems}: the situation read back from its JSON text, as the command reads it.
    var deepest = depthOf(situation, YAML_MAX_LEVELS);
    if (deepest > YAML_MAX_LEVELS) return { problems: [problem("yaml.syntax", [], {})] };
    var unreadable = false;
    var data = JSON.parse(JSON.stringify(situation === undefined ? null : situation), function (key, value) {
      if (typeof value === "string" && LONE_SURROGATE.test(value)) unreadable = true;
      if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
      var map = new Map();
      Object.keys(value).forEach(function (name) {
        if (LONE_SURROGATE.test(name)) unreadable = true;
        map.set(name, value[name]);
      });
      return map;
    });
    // The command's reader stops at a lone surrogate before it builds anything, so that refusal
    // comes before the one of depth, which is found while building.
    if (unreadable) return { problems: [problem("yaml.syntax", [], {})] };
    if (deepest > MAX_DEPTH) return { problems: [problem("yaml.too-deep", [], { limit: MAX_DEPTH })] };
    return { data: data };
  }

  // ---- The schema: each problem as rulebook.documents.schema codes it (`schema.<keyword>`) ----------

  var BOUNDS = { minimum: 1, maximum: 1, exclusiveMinimum: 1, exclusiveMaximum: 1 };
  var SIZES = {
    minItems: Array.isArray,
    maxItems: Array.isArray,
    minProperties: isMap,
    maxProperties: isMap,
    minLength: isString,
    maxLength: isString,
  };

  function isMap(value) {
    return value instanceof Map;
  }
  function isString(value) {
    return typeof value === "string";
  }
  function isInteger(value) {
    return Number.isInteger(value) && Math.abs(value) < LARGEST_WRITTEN_WHOLE;
  }
  function isNumber(value) {
    return typeof value === "number" && isFinite(value);
  }
  function size(value) {
    return value instanceof Map ? value.size : typeof value === "string" ? chars(value).length : value.length;
  }

  var TYPES = {
    object: isMap,
    array: Array.isArray,
    integer: isInteger,
    number: isNumber,
    string: isString,
    boolean: function (value) {
      return typeof value === "boolean";
    },
    null: function (value) {
      return value === null;
    },
  };

  function hasType(value, type) {
    return (Array.isArray(type) ? type : [type]).some(function (name) {
      return TYPES[name](value);
    });
  }

  function resolve(root, ref) {
    return ref
      .replace(/^#\//, "")
      .split("/")
      .reduce(function (node, step) {
        return node[step];
      }, root);
  }

  function kind(schema) {
    // An alternative of oneOf as rulebook.documents.schema names it: its title, else its kind in words.
    if (schema.title) return schema.title;
    var type = schema.type || "value";
    if (type === "array") return "a list of " + ((schema.items || {}).type || "value") + "s";
    return ("aeiou".indexOf(type[0]) >= 0 ? "an " : "a ") + type;
  }

  function validate(root, schema, instance, path, found) {
    // Every problem of the instance, as jsonschema finds them; `path` is the instance's.
    var mistyped = false;
    Object.keys(schema).forEach(function (keyword) {
      var expected = schema[keyword];
      if (keyword === "$ref") validate(root, resolve(root, expected), instance, path, found);
      else if (keyword === "type" && !hasType(instance, expected)) {
        mistyped = true;
        found.push(problem("schema.type", path, { expected: expected }));
      } else if (keyword === "enum" && !expected.some(function (item) { return item === instance; })) {
        found.push(problem("schema.enum", path, { expected: expected }));
      } else if (keyword === "const" && expected !== instance) {
        found.push(problem("schema.const", path, { expected: expected }));
      } else if (SIZES[keyword] && SIZES[keyword](instance)) {
        var tooFew = keyword.indexOf("min") === 0;
        if (tooFew ? size(instance) < expected : size(instance) > expected) {
          found.push(problem("schema." + keyword, path, { limit: expected, count: size(instance) }));
        }
      } else if (keyword === "required" && isMap(instance)) {
        var missing = expected.filter(function (name) {
          return !instance.has(name);
        });
        if (missing.length) found.push(problem("schema.required", path, { missing: missing }));
      } else if (keyword === "properties" && isMap(instance)) {
        Object.keys(expected).forEach(function (name) {
          if (instance.has(name)) validate(root, expected[name], instance.get(name), path.concat([name]), found);
        });
      } else if (keyword === "additionalProperties" && isMap(instance)) {
        var known = schema.properties || {};
        Array.from(instance.keys()).forEach(function (name) {
          if (Object.prototype.hasOwnProperty.call(known, name)) return;
          if (expected === false) found.push(problem("schema.additionalProperties", path.concat([name]), { key: cut(name) }));
          else validate(root, expected, instance.get(name), path.concat([name]), found);
        });
      } else if (keyword === "propertyNames" && isMap(instance)) {
        Array.from(instance.keys()).forEach(function (name) {
          var inner = [];
          validate(root, expected, name, [], inner);
          if (inner.length) found.push(problem("schema.propertyNames", path.concat([name]), { key: cut(name) }));
        });
      } else if (keyword === "items" && Array.isArray(instance)) {
        instance.forEach(function (item, index) {
          validate(root, expected, item, path.concat([index]), found);
        });
      } else if (keyword === "oneOf") {
        var valid = expected.filter(function (alternative) {
          var inner = [];
          validate(root, alternative, instance, path, inner);
          return !inner.length;
        }).length;
        // The alternatives of our schemas differ by `required` only: when none holds, best_match stops
        // at the oneOf itself (its alternatives' errors tie), so no deeper error is ever named.
        if (valid !== 1) found.push(problem("schema.oneOf", path, { alternatives: expected.map(kind) }));
      }
    });
    // A value of the wrong type is not also out of bounds (rulebook.documents.schema).
    Object.keys(schema).forEach(function (keyword) {
      if (!BOUNDS[keyword] || mistyped || !isNumber(instance)) return;
      var limit = schema[keyword];
      var out = { minimum: instance < limit, maximum: instance > limit, exclusiveMinimum: instance <= limit, exclusiveMaximum: instance >= limit }[keyword];
      if (out) found.push(problem("schema." + keyword, path, { limit: limit, value: instance }));
    });
  }

  function schemaProblems(schema, data) {
    var found = [];
    validate(schema, schema, data, [], found);
    // Each problem once, as the command's set of problems has it.
    var seen = new Set();
    return found.filter(function (item) {
      var key = JSON.stringify(item);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  // ---- Words: the page language's catalog, with its own plural rule ---------------------------

  function gettext(message) {
    var found = DATA.messages[message];
    return typeof found === "string" ? found : message;
  }

  function ngettext(singular, plural, n) {
    var forms = DATA.messages[singular];
    var index = window.rulebookPlural ? window.rulebookPlural(n) : n === 1 ? 0 : 1;
    if (Array.isArray(forms) && forms[index] !== undefined) return forms[index];
    return n === 1 ? singular : plural;
  }

  function format(template, params) {
    return template.replace(/\{(\w+)\}/g, function (whole, name) {
      return Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole;
    });
  }

  function listWords(values) {
    // Babel's list patterns for "or" (English: the scorers' own "1, 2 or 3").
    var patterns = DATA.list_patterns;
    var words = values.map(String);
    if (words.length < 2) return words.join("");
    if (words.length === 2) return format2(patterns["2"], words[0], words[1]);
    var text = format2(patterns.start, words[0], words[1]); // babel.lists.format_list's order
    for (var i = 2; i < words.length - 1; i++) text = format2(patterns.middle, text, words[i]);
    return format2(patterns.end, text, words[words.length - 1]);
  }

  function format2(pattern, first, second) {
    return pattern.replace("{0}", first).replace("{1}", second);
  }

  function say(words, params) {
    // Words with {fields} (or plural forms, chosen by params.n) said with these params; a list is
    // written the language's way ("1, 2 ou 3").
    var template = Array.isArray(words) ? ngettext(words[0], words[1], params.n) : gettext(words);
    var shown = {};
    Object.keys(params).forEach(function (key) {
      shown[key] = Array.isArray(params[key]) ? listWords(params[key]) : params[key];
    });
    return format(template, shown);
  }

  function refusal(code, params) {
    // One of the game's refusals (REFUSALS of its scoring.py): its meaning only.
    return { code: code, params: params || {} };
  }

  function Refused(problems) {
    this.problems = problems;
  }

  // ---- What every game's scorer shares: rulebook/scoring/outcome.py -------------------------

  function put(object, key, value) {
    // Any name is a plain key, "__proto__" too.
    Object.defineProperty(object, key, { value: value, enumerable: true, writable: true, configurable: true });
    return object;
  }

  function signed(number) {
    return number < 0 ? "−" + -number : String(number);
  }

  function sum(numbers) {
    return numbers.reduce(function (a, b) {
      return a + b;
    }, 0);
  }

  function best(scores, lowest) {
    var names = Object.keys(scores);
    if (!names.length) return [];
    var values = names.map(function (name) {
      return scores[name];
    });
    var target = lowest ? Math.min.apply(null, values) : Math.max.apply(null, values);
    return names.filter(function (name) {
      return scores[name] === target;
    });
  }

  // A breakdown line as data (rulebook/scoring/outcome.py's Line.meaning): the code of its words (a
  // key of the game's LINE_WORDS), its params, its steps, the rule it applies, and its result's code
  // and n. A game's scorer gives the numbers only; the page says them (words.step).
  function Line(code, steps, params, rule, result) {
    return { code: code, params: params || {}, steps: steps, rule: rule || "", result: result || null };
  }

  function Step(operator, operands, result) {
    // One operation: "+", "−", "×", "" (a lone number) or "highest"; see outcome.py's Step.
    return { operator: operator, operands: operands, result: result === undefined ? null : result };
  }

  function Named(player, value) {
    return { player: player, value: value };
  }

  // ---- A line in words: outcome.py's formula_text and summary.py's step_parts, the same text ----

  function operandText(operand) {
    if (typeof operand === "number") return signed(operand);
    if (Object.prototype.hasOwnProperty.call(operand, "player")) return operand.player + " " + signed(operand.value);
    return joined(operand.operator, operand.operands, false);
  }

  function joined(operator, operands, continued) {
    if (operator === "highest") return operands.map(operandText).join(", ");
    var text = "";
    operands.forEach(function (operand, index) {
      if (index === 0 && !continued) text = operandText(operand);
      else if (operator === "+" && typeof operand === "number" && operand < 0) text += " − " + signed(-operand);
      else text += " " + operator + " " + operandText(operand);
    });
    return text.trim();
  }

  function formulaText(steps) {
    var text = "";
    steps.forEach(function (step, index) {
      if (index === 0) {
        if (step.operands.length === 1 && step.operator !== "" && step.operator !== "highest") {
          text = step.operator + " " + operandText(step.operands[0]);
        } else {
          text = joined(step.operator, step.operands, false) || "0";
        }
      } else {
        text += " " + joined(step.operator, step.operands.slice(1), true);
      }
      if (step.operator === "highest") text += " → " + (step.result === null ? "—" : step.result);
      else if (step.result !== null) text += " = " + (typeof step.result === "string" ? step.result : signed(step.result));
    });
    return text;
  }

  function stepWords(line) {
    // [label, computation] in the page's language: the game's LINE_WORDS through the catalog.
    var declared = DATA.games[DATA.game].lines;
    var label = line.code === "player" ? "{player}" : declared[line.code];
    var template = Array.isArray(label) ? ngettext(label[0], label[1], line.params.n) : line.code === "player" ? label : gettext(label);
    var computation = formulaText(line.steps);
    if (line.result) {
      var unit = declared[line.result.code];
      computation += " → " + format(ngettext(unit[0], unit[1], line.result.n), { n: line.result.n });
    }
    return [format(template, line.params), computation];
  }

  function entries(map) {
    return Array.from(map.entries());
  }

  // Each game's scorer, by its id: rules/<game>/calculator.js registers it (window.rulebook.addGame).
  var SCORERS = {};
  var SCORING_KIT = {
    refusal: refusal, Refused: Refused, Line: Line, Step: Step, Named: Named, best: best, sum: sum, put: put, entries: entries,
  };


  // ---- window.rulebook.score -------------------------------------------------------------------

  function evaluate(gameId, situation) {
    // {values, lines} on success; {problems: [{code, path, params}]} on refusal.
    // A page holds its own game's data only: another game, known or not, is refused.
    if (gameId !== DATA.game || !Object.prototype.hasOwnProperty.call(DATA.games, gameId)) {
      return { problems: [problem("calculator.other-game", [], { game: DATA.game })] };
    }
    var game = DATA.games[gameId];
    var read = documentOf(situation);
    if (read.problems) return { problems: read.problems };
    var data = read.data;
    if (data === null) return { problems: [problem("score.empty-document", [], {})] };
    if (!isMap(data)) return { problems: [problem("score.not-a-mapping", [], {})] };
    var problems = schemaProblems(game.schema, data);
    if (problems.length) return { problems: problems };
    if (!Object.prototype.hasOwnProperty.call(SCORERS, game.scoring)) {
      return { problems: [problem("calculator.no-scorer", [], { game: game.scoring })] };
    }
    try {
      return SCORERS[game.scoring](data, game.facts);
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      return {
        problems: error.problems.map(function (item) {
          return problem(item[1].code, item[0], item[1].params);
        }),
      };
    }
  }

  function refusalWords(item) {
    // A problem in the page's language: a game's refusal through the catalog, from its code and
    // params; null for a problem the game does not word (the form words those at their field).
    var game = DATA.games[DATA.game];
    var words = game && Object.prototype.hasOwnProperty.call(game.refusals, item.code) ? game.refusals[item.code] : null;
    return words === null ? null : say(words, item.params);
  }

  window.rulebook = Object.assign(window.rulebook || {}, {
    /* What `rulebook score GAME --json -` means for this situation: the values, or the problems. */
    score: function (gameId, situation) {
      var result = evaluate(gameId, situation);
      return result.problems ? { error: true, problems: result.problems } : result.values;
    },
    /* The JSON text the command reads for this situation. */
    situationText: situationText,
    evaluate: evaluate,
    words: { gettext: gettext, ngettext: ngettext, format: format, refusal: refusalWords, number: number, step: stepWords },
    readCount: readCount,
    /* A game's part of the calculator, from its rules/<game>/calculator.js: `make(kit)` returns its
       scorer, `score(document, facts)`, and its form, `form(formElement, facts)`, from the helpers
       of this file (kit). The form is built when the game is the page's. */
    addGame: function (gameId, make) {
      var game = DATA.games[DATA.game];
      var parts = make(Object.assign({}, SCORING_KIT, window.rulebook.formKit || {}));
      put(SCORERS, gameId, parts.score);
      if (game && game.scoring === gameId && window.rulebook.startForm) window.rulebook.startForm(parts.form, game.facts);
    },
  });
})();

/* The form: fields as the page's game needs them, in the page's language. It writes a situation and
   shows what window.rulebook.score computes: the worked examples' breakdown table, or the refusals,
   each said in the page's language at the field it concerns (aria-describedby, aria-invalid). A
   field left empty or holding what the rules refuse never scores as anything: the form refuses it. */
(function () {
  "use strict";

  var place = document.querySelector(".rb-calculator");
  var dataElement = document.getElementById("rb-calculator-data");
  if (!place || !dataElement || !window.rulebook || !window.rulebook.evaluate) return;
  var DATA = JSON.parse(dataElement.textContent);
  var UI = DATA.ui;
  var words = window.rulebook.words;
  var game = DATA.games[DATA.game];
  var serial = 0;

  function say(key, params) {
    return words.format(UI[key], params || {});
  }

  function element(tag, attributes, children) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) {
      if (name === "text") node.textContent = attributes.text;
      else node.setAttribute(name, attributes[name]);
    });
    (children || []).forEach(function (child) {
      node.appendChild(child);
    });
    return node;
  }

  function field(label, input) {
    // A labelled input; `input.rbLabel` is what a refusal calls it.
    var id = "rb-field-" + ++serial;
    input.id = id;
    input.rbLabel = label;
    return element("p", { class: "rb-calculator__field" }, [element("label", { for: id, text: label }), input]);
  }

  function numberInput(value, min, max) {
    // A count; `min` and `max` come from the rules (game.yaml's facts, the input schema). A text
    // field, read by readCount: a number input hands over what the browser's locale made of the
    // text ("2,5" as 25), or nothing at all.
    var input = element("input", { type: "text", inputmode: "numeric", autocomplete: "off", value: String(value) });
    input.rbMin = min;
    input.rbMax = max;
    return input;
  }

  function button(text, action) {
    var node = element("button", { type: "button", class: "md-button rb-calculator__button", text: text });
    node.addEventListener("click", action);
    return node;
  }

  function group(legend, children) {
    var set = element("fieldset", { class: "rb-calculator__group" }, [element("legend", { text: legend })].concat(children));
    set.rbLegend = legend;
    return set;
  }

  // What the form refuses in this scoring, before any score: [{inputs, message}].
  var formProblems = [];

  function refuse(input, message, meaning) {
    // `meaning`, {code, params}, is the command's problem for the same value, where there is one.
    formProblems.push({ inputs: [input], message: message, meaning: meaning });
  }

  function count(input) {
    // The field's whole number, within its bounds; anything else is refused at the field (and
    // counts 0 only so that the situation can still be written: it is never scored).
    var read = window.rulebook.readCount(input.value);
    if (read.empty) {
      refuse(input, UI.field_empty);
      return 0;
    }
    if (read.problem) {
      refuse(input, UI.field_whole, read.problem);
      return 0;
    }
    var value = read.value;
    if (input.rbMin !== undefined && value < input.rbMin) {
      refuse(input, say("field_min", { min: words.number(input.rbMin) }));
      return 0;
    }
    if (input.rbMax !== undefined && value > input.rbMax) {
      refuse(input, say("field_max", { max: words.number(input.rbMax) }));
      return 0;
    }
    return value;
  }

  function optionalCount(input) {
    // A count that may stay empty (null): otherwise as `count`.
    return window.rulebook.readCount(input.value).empty ? null : count(input);
  }

  // ---- Lists of field sets a reader adds and removes: players, a turn's rebuses ----

  function keptList(list, legendKey, removeWord, lastWord) {
    // Each set numbered in order ("Player 2"). The last one cannot go: its button says so
    // (aria-disabled keeps it focusable, and its note, read with it, says why), rather than doing
    // nothing. add(item, set) gives the item its set, button and note.
    var items = [];
    function renumber() {
      items.forEach(function (item, index) {
        var legend = say(legendKey, { n: index + 1 });
        item.set.querySelector("legend").textContent = legend;
        item.set.rbLegend = legend;
        var alone = items.length < 2;
        item.remove.setAttribute("aria-disabled", String(alone));
        item.note.hidden = !alone;
        if (alone) item.remove.setAttribute("aria-describedby", item.note.id);
        else item.remove.removeAttribute("aria-describedby");
      });
    }
    function add(item, set) {
      item.set = set;
      item.remove = button(removeWord, function () {
        if (items.length < 2) return; // its note says why, and is read with the button
        items.splice(items.indexOf(item), 1);
        list.removeChild(set);
        renumber();
      });
      item.note = element("span", { class: "rb-calculator__note", id: fieldId(), text: lastWord });
      set.appendChild(item.remove);
      set.appendChild(item.note);
      items.push(item);
      list.appendChild(set);
      renumber();
    }
    return { items: items, add: add };
  }

  // ---- Players: a list every game has ----

  function playerList(makeFields, first) {
    var list = element("div", { class: "rb-calculator__players" });
    var players = keptList(list, "player_n", UI.remove_player, UI.last_player);
    function add() {
      var name = element("input", { type: "text", autocomplete: "off", value: say("player_n", { n: players.items.length + 1 }) });
      var player = { name: name };
      players.add(player, group(say("player_n", { n: players.items.length + 1 }), [field(UI.name, name)].concat(makeFields(player))));
    }
    for (var i = 0; i < first; i++) add();
    return { node: element("div", {}, [list, button(UI.add_player, add)]), players: players.items };
  }

  var NAME_LENGTH = (function () {
    // The longest name the game's input schema takes, read from it (every game's player names).
    var found = 80;
    JSON.stringify(game ? game.schema : {}, function (key, value) {
      if (key === "player" && value && typeof value.maxLength === "number") found = value.maxLength;
      return value;
    });
    return found;
  })();

  function named(players, fields) {
    // {name: value} in the form's order; the fields of a repeated name are refused by name.
    // A Set of the names seen: in a plain object, `seen["__proto__"] = true` sets nothing, and a
    // second "__proto__" silently replaced the first.
    var object = {}, seen = new Set();
    var duplicate = null;
    players.forEach(function (player) {
      var name = player.name.value;
      if (!name.trim()) refuse(player.name, UI.field_empty);
      else if (Array.from(name).length > NAME_LENGTH) refuse(player.name, UI.name_long);
      if (seen.has(name)) duplicate = player.name;
      seen.add(name);
      Object.defineProperty(object, name, { value: fields(player), enumerable: true, writable: true, configurable: true });
    });
    if (duplicate) refuse(duplicate, UI.same_names);
    return object;
  }

  function FormProblem(input, message) {
    this.input = input;
    this.message = message;
  }

  // ---- The result: the worked examples' table, or the refusals by field ----

  function breakdown(outcome) {
    var rows = outcome.lines.map(function (line) {
      return words.step(line).concat([false]);
    });
    var values = outcome.values;
    if (values.winners) rows.push([words.ngettext("Winner", "Winners", values.winners.length), values.winners.join(", "), true]);
    if (values.tiebreak) rows.push(["", UI.tiebreak, false]);
    // A game with a red token: who received it and where it went, as the command's last line says it
    // (rulebook/scoring/summary.py).
    if (values.red_token_to !== undefined) rows.push([words.gettext("Red token"), redToken(values), false]);
    var head = element("tr", {}, [element("th", { text: UI.step }), element("th", { text: UI.computation })]);
    var body = rows.map(function (row) {
      var cells = row.slice(0, 2).map(function (text) {
        return element("td", {}, [row[2] ? element("strong", { text: text }) : document.createTextNode(text)]);
      });
      return element("tr", {}, cells);
    });
    var table = element("table", {}, [element("thead", {}, [head]), element("tbody", {}, body)]);
    return element("div", { class: "md-typeset__table" }, [table]);
  }

  function redToken(values) {
    if (values.red_token_to === null) return words.gettext("nobody (tied)");
    var placed = values.red_token_shelf;
    if (!placed) return values.red_token_to;
    var template = words.gettext("{player}, on {owner}'s shelf {n}");
    return words.format(template, { player: values.red_token_to, owner: placed.player, n: placed.shelf });
  }

  function fieldName(input) {
    var set = input.closest("fieldset");
    var names = [];
    while (set) {
      names.unshift(set.rbLegend || "");
      set = set.parentElement && set.parentElement.closest("fieldset");
    }
    return names.concat([input.rbLabel]).filter(Boolean).join(" › ");
  }

  function fieldLink(input, name) {
    // The field's name, a link to it: following it puts the cursor in the field (a fragment alone
    // would only scroll there, under the sticky header).
    var link = element("a", { href: "#" + input.id, text: name });
    link.addEventListener("click", function (event) {
      event.preventDefault();
      input.focus();
      input.scrollIntoView({ block: "center" });
    });
    return element("strong", {}, [link]);
  }

  function refusals(items) {
    // The refusals in a list, each also said under its fields and tied to them, which a screen
    // reader then reads with the field (aria-describedby); the list names each field and links to
    // it. Each entry carries its problem's code and params where the command has the same one.
    var list = element("ul", { class: "rb-calculator__problems" });
    items.forEach(function (item) {
      var inputs = item.inputs.filter(Boolean);
      var id = fieldId();
      var named = inputs.length === 1 ? fieldName(inputs[0]) : "";
      var entry = element("li");
      if (named) {
        // "{field}: {problem}" as the language writes it (French: a no-break space before the colon).
        var parts = UI.field_problem.split("{field}");
        entry.appendChild(document.createTextNode(parts[0]));
        entry.appendChild(fieldLink(inputs[0], named));
        entry.appendChild(document.createTextNode(words.format(parts.slice(1).join("{field}"), { problem: item.message })));
      } else {
        entry.appendChild(document.createTextNode(item.message));
      }
      if (item.meaning) {
        entry.setAttribute("data-code", item.meaning.code);
        entry.setAttribute("data-params", JSON.stringify(item.meaning.params));
      }
      list.appendChild(entry);
      inputs.forEach(function (input, index) {
        var note = element("span", { class: "rb-calculator__error", id: id + "-" + index, text: item.message });
        input.insertAdjacentElement("afterend", note);
        var described = (input.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
        input.setAttribute("aria-describedby", described.concat([note.id]).join(" "));
        input.setAttribute("aria-invalid", "true");
      });
    });
    // The summary takes the focus (tabindex -1: by script only), so that a keyboard or a screen
    // reader starts from what went wrong, not from the button.
    var summary = element("div", { class: "rb-calculator__summary", tabindex: "-1", role: "group" }, [
      element("p", {}, [element("strong", { text: UI.refused })]),
      list,
    ]);
    summary.setAttribute("aria-label", UI.refused);
    return summary;
  }

  function fieldId() {
    return "rb-field-" + ++serial;
  }

  // What a game's form is made of; its fields' `situation(where)` records which input each path of
  // the situation came from.
  window.rulebook.formKit = {
    UI: UI,
    schema: game ? game.schema : {},
    say: say,
    element: element,
    field: field,
    fieldId: fieldId,
    numberInput: numberInput,
    button: button,
    group: group,
    count: count,
    optionalCount: optionalCount,
    refuse: refuse,
    playerList: playerList,
    keptList: keptList,
    named: named,
    FormProblem: FormProblem,
  };

  window.rulebook.startForm = function (makeFields, facts) {
    var form = element("form", { class: "rb-calculator__form", novalidate: "" });
    var situation = makeFields(form, facts);
    startScoring(form, situation);
  };

  function startScoring(form, situation) {
    form.appendChild(element("p", {}, [element("button", { type: "submit", class: "md-button md-button--primary rb-calculator__score", text: UI.score })]));
    var output = element("output", { class: "rb-calculator__result", "aria-live": "polite" });
    form.appendChild(output);
    place.appendChild(form);

    function clear() {
      Array.prototype.forEach.call(form.querySelectorAll(".rb-calculator__error"), function (note) {
        note.remove();
      });
      Array.prototype.forEach.call(form.querySelectorAll("[aria-invalid]"), function (input) {
        input.removeAttribute("aria-invalid");
        input.removeAttribute("aria-describedby");
      });
      output.textContent = "";
      formProblems = [];
    }

    function show(content) {
      output.appendChild(content);
      // On a phone the result is below the fold: bring it up, not past the top of the page.
      output.scrollIntoView({ block: "nearest" });
    }

    function showRefusals(summary) {
      show(summary);
      summary.focus({ preventScroll: true });
    }

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      clear();
      var inputs = new Map();
      function where(path, input) {
        // The field (or fields) a path of the situation came from.
        inputs.set(JSON.stringify(path), Array.isArray(input) ? input : [input]);
      }
      function inputsOf(path) {
        for (var end = path.length; end >= 0; end--) {
          var found = inputs.get(JSON.stringify(path.slice(0, end)));
          if (found) return found;
        }
        return [];
      }
      var written;
      try {
        written = situation(where);
      } catch (problem) {
        if (!(problem instanceof FormProblem)) throw problem;
        formProblems.push({ inputs: [problem.input], message: problem.message });
      }
      if (formProblems.length) {
        showRefusals(refusals(formProblems));
        return;
      }
      var result = window.rulebook.evaluate(DATA.game, written);
      if (result.problems) {
        showRefusals(
          refusals(
            result.problems.map(function (problem) {
              var meaning = { code: problem.code, params: problem.params };
              return { inputs: inputsOf(problem.path), message: words.refusal(problem) || UI.refused_other, meaning: meaning };
            })
          )
        );
      } else {
        var heading = element("p", {}, [element("strong", { text: UI.result })]);
        var shown = element("div", {}, [heading, breakdown(result)]);
        show(shown);
      }
    });
  }
})();
