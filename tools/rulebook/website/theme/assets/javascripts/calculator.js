/* The score calculator of a game page: window.rulebook.score(gameId, situation) returns exactly the
   object that `rulebook score GAME --json --lang <page language> -` prints for the same situation,
   success or refusal; the form below it is one way to write a situation.

   The page carries its data in <script type="application/json" id="rb-calculator-data">, written
   by the build (rulebook.render.calculator): each game's facts from game.yaml and input schema, the
   refusals' and breakdown's words from the page language's catalog; window.rulebookPlural, the
   catalog's own plural rule, comes from its language's file (assets/javascripts/plural/<language>.js).
   Nothing here knows a number of the rules, nor a game: each game's scorer and form come from its
   own file, rules/<game>/calculator.js, which the page loads after this one (window.rulebook.addGame).

   The situation is read as the command reads stdin: written as JSON text (json.dumps's separators,
   non-ASCII kept; the characters YAML would take as line breaks or refuse are escaped), that text
   read as YAML, so a problem's line:column and the values it quotes are the command's own.
   tests/browser/test_calculator_differential.py holds the two equal. */
(function () {
  "use strict";

  var DATA_ELEMENT = document.getElementById("rb-calculator-data");
  if (!DATA_ELEMENT) return;
  var DATA = JSON.parse(DATA_ELEMENT.textContent);
  var DISPLAY = "<stdin>";
  var MAX_DEPTH = 64; // rulebook.located.document.MAX_DEPTH
  var YAML_MAX_LEVELS = 1000; // libyaml's parser refuses a flow collection opened 1,001 levels deep
  var MAX_REPORTED = 50; // rulebook.problems.MAX_REPORTED
  var MESSAGE_LENGTH = 500;
  var EXCERPT_LENGTH = 80;

  // ---- Python's text, as rulebook.problems writes it ----------------------------------------

  function chars(text) {
    return Array.from(text); // Python counts code points, not UTF-16 units
  }

  function hex(code, width) {
    var text = code.toString(16);
    while (text.length < width) text = "0" + text;
    return text;
  }

  var UNPRINTABLE = /^[\p{C}\p{Z}]$/u; // str.isprintable() is false for these, the space aside
  var ESCAPES = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

  var KEPT_SPACES = " \u00a0\u202f"; // rulebook.problems._KEPT_SPACES: French and Czech no-break spaces

  function escapeChar(ch) {
    if (ESCAPES[ch]) return ESCAPES[ch];
    if (KEPT_SPACES.indexOf(ch) >= 0 || !UNPRINTABLE.test(ch)) return ch;
    var code = ch.codePointAt(0);
    return code < 0x100 ? "\\x" + hex(code, 2) : code < 0x10000 ? "\\u" + hex(code, 4) : "\\U" + hex(code, 8);
  }

  function oneLine(text) {
    return chars(text).map(escapeChar).join("");
  }

  function cut(text, limit) {
    var list = chars(text);
    return list.length <= limit ? text : list.slice(0, limit - 1).join("") + "…";
  }

  function compareText(a, b) {
    // Python compares strings by code point; UTF-16 order differs past U+FFFF.
    var x = chars(a), y = chars(b);
    for (var i = 0; i < Math.min(x.length, y.length); i++) {
      var d = x[i].codePointAt(0) - y[i].codePointAt(0);
      if (d) return d;
    }
    return x.length - y.length;
  }

  function strRepr(text) {
    // Python's repr() of a str.
    var quote = text.indexOf("'") >= 0 && text.indexOf('"') < 0 ? '"' : "'";
    var out = chars(text).map(function (ch) {
      if (ch === quote || ch === "\\") return "\\" + ch;
      if (ESCAPES[ch]) return ESCAPES[ch];
      if (ch !== " " && UNPRINTABLE.test(ch)) {
        var code = ch.codePointAt(0);
        return code < 0x100 ? "\\x" + hex(code, 2) : code < 0x10000 ? "\\u" + hex(code, 4) : "\\U" + hex(code, 8);
      }
      return ch;
    });
    return quote + out.join("") + quote;
  }

  // A number that YAML read with a decimal point: Python's float.
  function PyFloat(value) {
    this.value = value;
  }

  function floatRepr(x) {
    // Python's repr() of a float: shortest digits, exponent below 1e-4 and from 1e16.
    if (!isFinite(x)) return isNaN(x) ? "nan" : x > 0 ? "inf" : "-inf";
    var sign = x < 0 || Object.is(x, -0) ? "-" : "";
    var parts = Math.abs(x).toExponential().split("e");
    var digits = parts[0].replace(".", "");
    var exponent = parseInt(parts[1], 10);
    if (exponent >= -4 && exponent < 16) {
      if (exponent < 0) return sign + "0." + "0".repeat(-exponent - 1) + digits;
      var whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, "0");
      return sign + whole + "." + (digits.slice(exponent + 1) || "0");
    }
    var mantissa = digits[0] + (digits.length > 1 ? "." + digits.slice(1) : "");
    return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + String(Math.abs(exponent)).padStart(2, "0");
  }

  function intText(x) {
    return BigInt(x).toString();
  }

  function shortened(text, limit) {
    var list = chars(text);
    if (list.length <= limit) return text;
    var i = Math.max(0, Math.floor((limit - 3) / 2));
    var j = Math.max(0, limit - 3 - i);
    return list.slice(0, i).join("") + "..." + list.slice(list.length - j).join("");
  }

  function shortRepr(value, level) {
    // reprlib as rulebook.problems sets it: 2 levels, 3 items, 40 characters.
    if (typeof value === "string") {
      var s = strRepr(chars(value).slice(0, 40).join(""));
      if (chars(s).length > 40) {
        var list = chars(value);
        var whole = strRepr(list.slice(0, 18).join("") + list.slice(list.length - 19).join(""));
        var w = chars(whole);
        s = w.slice(0, 18).join("") + "..." + w.slice(w.length - 19).join("");
      }
      return s;
    }
    if (value === null) return "None";
    if (value === true) return "True";
    if (value === false) return "False";
    if (typeof value === "number") return shortened(intText(value), 40);
    if (value instanceof PyFloat) return shortened(floatRepr(value.value), 40);
    if (Array.isArray(value)) {
      if (level <= 0 && value.length) return "[...]";
      var pieces = value.slice(0, 3).map(function (item) {
        return shortRepr(item, level - 1);
      });
      if (value.length > 3) pieces.push("...");
      return "[" + pieces.join(", ") + "]";
    }
    if (value instanceof Map) {
      if (!value.size) return "{}";
      if (level <= 0) return "{...}";
      var keys = Array.from(value.keys()).sort(compareText);
      var shown = keys.slice(0, 3).map(function (key) {
        return shortRepr(key, level - 1) + ": " + shortRepr(value.get(key), level - 1);
      });
      if (keys.length > 3) shown.push("...");
      return "{" + shown.join(", ") + "}";
    }
    return String(value);
  }

  function excerpt(value) {
    if (typeof value === "string") {
      var list = chars(value);
      var text = "'" + oneLine(list.slice(0, EXCERPT_LENGTH + 1).join("")) + (list.length <= EXCERPT_LENGTH ? "'" : "");
      return cut(text, EXCERPT_LENGTH);
    }
    return cut(oneLine(shortRepr(value, 2)), EXCERPT_LENGTH);
  }

  var PLAIN_KEY = /^[\p{L}\p{Nl}\p{No}_][\p{L}\p{N}_.-]{0,79}$/u; // Python's ^[^\W\d][\w.-]{0,79}$

  function plainKey(key) {
    // Python's $ also matches before a final line break.
    return PLAIN_KEY.test(key) || (key.endsWith("\n") && PLAIN_KEY.test(key.slice(0, -1)));
  }

  function formatPath(path) {
    var text = "";
    path.forEach(function (part) {
      if (typeof part === "number") text += "[" + part + "]";
      else if (plainKey(part)) text += text ? "." + part : part;
      else text += "[" + excerpt(part) + "]";
    });
    return text || "(document)";
  }

  // ---- The situation as `rulebook score -` reads it -------------------------------------------

  // YAML 1.1's float, as PyYAML resolves a plain scalar: anything else that json.dumps writes for a
  // float (1e-05, NaN, Infinity) is read as a string.
  var YAML_FLOAT = /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
  // Escaped beyond json.dumps: what YAML's reader refuses, or counts as a line break, in a string.
  var YAML_HOSTILE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/;
  var JSON_ESCAPES = { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f" };

  function quoted(text, reader) {
    var out = '"';
    for (var i = 0; i < text.length; i++) {
      var ch = text[i];
      var code = text.charCodeAt(i);
      if (JSON_ESCAPES[ch]) out += JSON_ESCAPES[ch];
      else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && /[\udc00-\udfff]/.test(text[i + 1])) {
        out += ch + text[++i];
      } else if (YAML_HOSTILE.test(ch)) {
        if (code >= 0xd800 && code <= 0xdfff && reader.syntaxError === null) {
          // YAML refuses a lone surrogate's escape; the reader stops at its first hex digit.
          reader.syntaxError = reader.column + chars(out).length + 3;
        }
        out += "\\u" + hex(code, 4);
      } else out += ch;
    }
    return out + '"';
  }

  function Reader() {
    this.text = "";
    this.column = 0; // code points written so far
    this.values = new Map(); // path → column of the value
    this.keys = new Map(); // path → column of the key
    this.problems = [];
    this.syntaxError = null; // the column where YAML's scanner stops, if it does
    this.nestingError = null; // the column of a collection past libyaml's nesting limit, if any
  }

  Reader.prototype.write = function (text) {
    this.text += text;
    this.column += chars(text).length;
  };

  Reader.prototype.read = function (value, path) {
    // Writes the value's text and returns what YAML reads back: Maps, arrays, numbers (Python ints),
    // PyFloat, strings, booleans, null. Below the depth limit the text is only written (`skip`):
    // the reader refuses the node, and what follows it keeps its true position.
    this.values.set(pathKey(path), this.column + 1);
    if (path.length > MAX_DEPTH) {
      this.problems.push(problemAt(this.column + 1, "nested more than 64 levels deep: no document of this project needs that"));
      this.skip(value, path.length);
      return null;
    }
    var self = this;
    if (!isCollection(value)) return this.scalar(value);
    if (Array.isArray(value)) {
      this.write("[");
      var items = value.map(function (item, index) {
        if (index) self.write(", ");
        return self.read(item, path.concat([index]));
      });
      this.write("]");
      return items;
    }
    var map = new Map();
    this.write("{");
    ownKeys(value).forEach(function (key, index) {
      if (index) self.write(", ");
      self.keys.set(pathKey(path.concat([key])), self.column + 1);
      self.write(quoted(key, self) + ": ");
      map.set(key, self.read(value[key], path.concat([key])));
    });
    this.write("}");
    return map;
  };

  Reader.prototype.skip = function (value, depth) {
    // Writes a value nested past the limit as `read` would, on a stack of its own: a document
    // thousands of levels deep would overflow JavaScript's (a RangeError), where the command
    // refuses it. Notes where libyaml's parser would stop, as the command reports it.
    var stack = [{ value: value, depth: depth }];
    while (stack.length) {
      var item = stack.pop();
      if (item.text !== undefined) {
        this.write(item.text);
      } else if (item.key !== undefined) {
        this.write(quoted(item.key, this) + ": ");
      } else if (!isCollection(item.value)) {
        this.scalar(item.value);
      } else {
        if (item.depth >= YAML_MAX_LEVELS && this.nestingError === null) this.nestingError = this.column + 1;
        var parts = collectionParts(item.value, item.depth + 1);
        for (var i = parts.length - 1; i >= 0; i--) stack.push(parts[i]);
      }
    }
  };

  function isCollection(value) {
    return value !== null && typeof value === "object";
  }

  function ownKeys(value) {
    // The keys json.dumps would write: own, enumerable, with a value JSON can hold.
    return Object.keys(value).filter(function (key) {
      var item = value[key];
      return item !== undefined && typeof item !== "function" && typeof item !== "symbol";
    });
  }

  function collectionParts(value, depth) {
    // The text of a collection in order, its values (at `depth`) still to be written.
    if (Array.isArray(value)) {
      var items = [{ text: "[" }];
      value.forEach(function (item, index) {
        if (index) items.push({ text: ", " });
        items.push({ value: item, depth: depth });
      });
      return items.concat([{ text: "]" }]);
    }
    var parts = [{ text: "{" }];
    ownKeys(value).forEach(function (key, index) {
      if (index) parts.push({ text: ", " });
      parts.push({ key: key }, { value: value[key], depth: depth });
    });
    return parts.concat([{ text: "}" }]);
  }

  Reader.prototype.scalar = function (value) {
    if (value === null || value === undefined || typeof value === "function" || typeof value === "symbol") {
      this.write("null");
      return null;
    }
    if (typeof value === "boolean") {
      this.write(value ? "true" : "false");
      return value;
    }
    if (typeof value === "number") {
      if (Number.isInteger(value)) {
        this.write(intText(value));
        return value === 0 ? 0 : value;
      }
      var text = isFinite(value) ? floatRepr(value) : isNaN(value) ? "NaN" : value > 0 ? "Infinity" : "-Infinity";
      this.write(text);
      return YAML_FLOAT.test(text) ? new PyFloat(value) : text;
    }
    // A string: any other value is a collection, which `read` and `skip` write.
    this.write(quoted(value, this));
    return value;
  };

  function pathKey(path) {
    return JSON.stringify(path);
  }

  function problemAt(column, message) {
    return { line: 1, col: column, message: message };
  }

  function where(reader, path, key) {
    if (key && reader.keys.has(pathKey(path))) return reader.keys.get(pathKey(path));
    for (var end = path.length; end >= 0; end--) {
      var column = reader.values.get(pathKey(path.slice(0, end)));
      if (column !== undefined) return column;
    }
    return 1;
  }

  function problemLine(problem) {
    return oneLine(oneLine(DISPLAY) + ":" + problem.line + ":" + problem.col + ": " + cut(oneLine(problem.message), MESSAGE_LENGTH));
  }

  function reportLines(problems) {
    var lines = problems.slice(0, MAX_REPORTED).map(problemLine);
    if (problems.length > MAX_REPORTED) lines.push("… and " + (problems.length - MAX_REPORTED) + " more");
    return lines;
  }

  // ---- The schema, as rulebook.load.schema words it ----------------------------------------

  var BOUNDS = {
    minimum: "less than the minimum of",
    maximum: "greater than the maximum of",
    exclusiveMinimum: "not greater than",
    exclusiveMaximum: "not less than",
  };
  var SIZES = {
    minItems: ["item(s)", "at least", Array.isArray],
    maxItems: ["item(s)", "at most", Array.isArray],
    minProperties: ["key(s)", "at least", isMap],
    maxProperties: ["key(s)", "at most", isMap],
    minLength: ["character(s)", "at least", isString],
    maxLength: ["character(s)", "at most", isString],
  };

  function isMap(value) {
    return value instanceof Map;
  }
  function isString(value) {
    return typeof value === "string";
  }
  function isInteger(value) {
    return typeof value === "number";
  }
  function isNumber(value) {
    return typeof value === "number" || (value instanceof PyFloat && isFinite(value.value));
  }
  function numeric(value) {
    return value instanceof PyFloat ? value.value : value;
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

  function resolve(root, ref) {
    return ref
      .replace(/^#\//, "")
      .split("/")
      .reduce(function (node, step) {
        return node[step];
      }, root);
  }

  function validate(root, schema, instance, path, errors, inNames) {
    function fail(keyword, extra) {
      errors.push(Object.assign({ keyword: keyword, expected: schema[keyword], instance: instance, path: path, schema: schema, inNames: inNames }, extra || {}));
    }
    Object.keys(schema).forEach(function (keyword) {
      var expected = schema[keyword];
      if (keyword === "$ref") validate(root, resolve(root, expected), instance, path, errors, inNames);
      else if (keyword === "type" && !TYPES[expected](instance)) fail("type");
      else if (keyword === "enum" && !expected.some(function (item) { return item === instance; })) fail("enum");
      else if (keyword === "minimum" && isNumber(instance) && numeric(instance) < expected) fail(keyword);
      else if (keyword === "maximum" && isNumber(instance) && numeric(instance) > expected) fail(keyword);
      else if (SIZES[keyword] && SIZES[keyword][2](instance)) {
        var tooFew = keyword.indexOf("min") === 0;
        if (tooFew ? size(instance) < expected : size(instance) > expected) fail(keyword);
      } else if (keyword === "required" && isMap(instance)) {
        expected.forEach(function (name) {
          if (!instance.has(name)) fail("required");
        });
      } else if (keyword === "properties" && isMap(instance)) {
        Object.keys(expected).forEach(function (name) {
          if (instance.has(name)) validate(root, expected[name], instance.get(name), path.concat([name]), errors, false);
        });
      } else if (keyword === "additionalProperties" && isMap(instance)) {
        var known = schema.properties || {};
        var extra = Array.from(instance.keys()).filter(function (name) {
          return !Object.prototype.hasOwnProperty.call(known, name);
        });
        if (expected === false) {
          if (extra.length) fail("additionalProperties");
        } else {
          extra.forEach(function (name) {
            validate(root, expected, instance.get(name), path.concat([name]), errors, false);
          });
        }
      } else if (keyword === "propertyNames" && isMap(instance)) {
        Array.from(instance.keys()).forEach(function (name) {
          validate(root, expected, name, path, errors, true);
        });
      } else if (keyword === "items" && Array.isArray(instance)) {
        instance.forEach(function (item, index) {
          validate(root, expected, item, path.concat([index]), errors, false);
        });
      } else if (keyword === "oneOf") {
        var valid = expected.filter(function (alternative) {
          var inner = [];
          validate(root, alternative, instance, path, inner, inNames);
          return !inner.length;
        }).length;
        // The alternatives of our schemas differ by `required` only: when none holds, best_match stops
        // at the oneOf itself (its alternatives' errors tie), so no deeper error is ever named.
        if (valid !== 1) fail("oneOf", { none: valid === 0 });
      }
    });
  }

  function pyList(values) {
    return "[" + values.map(strRepr).join(", ") + "]";
  }

  function kind(schema) {
    if (schema.title) return schema.title;
    var type = schema.type || "value";
    if (type === "array") return "a list of " + ((schema.items || {}).type || "value") + "s";
    return ("aeiou".indexOf(type[0]) >= 0 ? "an " : "a ") + type;
  }

  function joinedList(words, conjunction) {
    var joined = words.join(", ");
    var last = joined.lastIndexOf(", ");
    return last < 0 ? joined : joined.slice(0, last) + " " + conjunction + " " + joined.slice(last + 2);
  }

  function phrase(error) {
    var keyword = error.keyword, expected = error.expected, shown = excerpt(error.instance);
    if (keyword === "type") {
      return shown + " is not of type " + strRepr(expected) + (expected === "integer" && error.instance instanceof PyFloat ? " (a count is a whole number)" : "");
    }
    if (keyword === "enum") return shown + " is not one of " + pyList(expected);
    if (BOUNDS[keyword]) return shown + " is " + BOUNDS[keyword] + " " + expected;
    if (SIZES[keyword]) return size(error.instance) + " " + SIZES[keyword][0] + ", but " + SIZES[keyword][1] + " " + expected;
    if (keyword === "required") {
      // Every missing key named once, in the schema's order (the same message for each of them).
      var missing = expected
        .filter(function (name) {
          return !error.instance.has(name);
        })
        .map(excerpt);
      return joinedList(missing, "and") + (missing.length === 1 ? " is required" : " are required");
    }
    if (keyword === "oneOf") {
      var alternatives = joinedList(expected.map(kind), "or");
      if (!error.none) return "expected " + alternatives + ", not " + (expected.length === 2 ? "both" : "several");
      return "expected " + alternatives + "; got " + shown;
    }
    return shown + " is not valid here (" + keyword + ")";
  }

  function schemaProblems(reader, schema, data) {
    var errors = [];
    validate(schema, schema, data, [], errors, false);
    var mistyped = new Set(
      errors
        .filter(function (error) {
          return error.keyword === "type";
        })
        .map(function (error) {
          return pathKey(error.path);
        })
    );
    var problems = [];
    errors.forEach(function (error) {
      if (BOUNDS[error.keyword] && mistyped.has(pathKey(error.path))) return;
      var path = error.path;
      if (error.keyword === "additionalProperties") {
        var known = error.schema.properties || {};
        Array.from(error.instance.keys()).forEach(function (name) {
          if (Object.prototype.hasOwnProperty.call(known, name)) return;
          var at = path.concat([name]);
          problems.push({ path: at, line: 1, col: where(reader, at, true), message: formatPath(at) + ": unknown key " + excerpt(name) });
        });
      } else if (error.inNames) {
        var named = path.concat([error.instance]);
        var message = formatPath(named) + ": key " + excerpt(error.instance) + " is not allowed here (" + phrase(error) + ")";
        problems.push({ path: named, line: 1, col: where(reader, named, true), message: message });
      } else {
        problems.push({ path: path, line: 1, col: where(reader, path, false), message: formatPath(path) + ": " + phrase(error) });
      }
    });
    problems.sort(function (a, b) {
      return a.line - b.line || a.col - b.col || compareText(a.message, b.message);
    });
    // Each problem once, as the command's set of problems has it.
    return problems.filter(function (problem, index) {
      var before = problems[index - 1];
      return !before || before.line !== problem.line || before.col !== problem.col || before.message !== problem.message;
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

  function Reason(words, params) {
    this.words = words;
    this.params = params || {};
  }

  Reason.prototype.toString = function () {
    var template = Array.isArray(this.words) ? ngettext(this.words[0], this.words[1], this.params.n) : gettext(this.words);
    var params = {};
    var own = this.params;
    Object.keys(own).forEach(function (key) {
      params[key] = Array.isArray(own[key]) ? listWords(own[key]) : own[key];
    });
    return format(template, params);
  };

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

  function Line(label, formula, params, result) {
    return { label: label, formula: formula, params: params || {}, result: result || null };
  }

  function entries(map) {
    return Array.from(map.entries());
  }

  // Each game's scorer, by its id: rules/<game>/calculator.js registers it (window.rulebook.addGame).
  var SCORERS = {};
  var SCORING_KIT = { Reason: Reason, Refused: Refused, Line: Line, best: best, sum: sum, signed: signed, put: put, entries: entries, strRepr: strRepr };

  // ---- window.rulebook.score -------------------------------------------------------------------

  function yamlError(reader) {
    // Where YAML stops reading the text, if it does: the first of its scanner's and parser's errors.
    var found = [];
    if (reader.syntaxError !== null) found.push({ col: reader.syntaxError, message: "found invalid Unicode character escape code" });
    if (reader.nestingError !== null) found.push({ col: reader.nestingError, message: "exceeded maximum nesting depth" });
    found.sort(function (a, b) {
      return a.col - b.col;
    });
    return found.length ? found[0] : null;
  }

  function evaluate(gameId, situation) {
    // {values, lines} on success; {lines: [...], problems: [{path, message, reason}]} on refusal.
    // A page holds its own game's data only: another game, known or not, is refused by name.
    if (gameId !== DATA.game || !Object.prototype.hasOwnProperty.call(DATA.games, gameId)) {
      return {
        refusal: ["rulebook score: this page scores " + excerpt(String(DATA.game)) + " only; score " + excerpt(String(gameId)) + " on its own page"],
        problems: [],
      };
    }
    var game = DATA.games[gameId];
    var reader = new Reader();
    var data = reader.read(situation, []);
    var problems = reader.problems;
    var stop = yamlError(reader);
    if (stop !== null) problems = [{ path: [], line: 1, col: stop.col, message: "YAML syntax error: " + stop.message }];
    if (!problems.length) {
      if (data === null) problems = [{ path: [], line: 1, col: 1, message: "the document is empty: describe a situation to score" }];
      else if (!isMap(data)) problems = [{ path: [], line: 1, col: 1, message: "the document must be a mapping of fields, not a single value" }];
      else problems = schemaProblems(reader, game.schema, data);
    }
    if (!problems.length) {
      try {
        if (!Object.prototype.hasOwnProperty.call(SCORERS, game.scoring)) {
          return { refusal: ["rulebook score: this page has no browser scorer for " + excerpt(String(game.scoring))], problems: [] };
        }
        var outcome = SCORERS[game.scoring](data, game.facts);
        outcome.text = reader.text;
        return outcome;
      } catch (error) {
        if (!(error instanceof Refused)) throw error;
        problems = error.problems.map(function (problem) {
          var said = String(problem[1]);
          return { path: problem[0], line: 1, col: where(reader, problem[0], false), message: formatPath(problem[0]) + ": " + said, said: said };
        });
      }
    }
    return { refusal: reportLines(problems), problems: problems, text: reader.text };
  }

  window.rulebook = Object.assign(window.rulebook || {}, {
    /* What `rulebook score GAME --json --lang <page language> -` prints for this situation's text. */
    score: function (gameId, situation) {
      var result = evaluate(gameId, situation);
      return result.refusal ? { error: true, problems: result.refusal } : result.values;
    },
    /* The text the situation is read from: what the tests pipe into `rulebook score -`. */
    situationText: function (situation) {
      var reader = new Reader();
      reader.read(situation, []);
      return reader.text;
    },
    evaluate: evaluate,
    words: { gettext: gettext, ngettext: ngettext, format: format },
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
   each under the name of the field it concerns. */
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
    var input = element("input", { type: "number", inputmode: "numeric", step: "1", value: String(value) });
    if (min !== undefined) input.setAttribute("min", String(min));
    if (max !== undefined) input.setAttribute("max", String(max));
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

  function count(input) {
    return input.value.trim() === "" ? 0 : Number(input.value);
  }

  // ---- Players: a list every game has ----

  function playerList(makeFields, first) {
    var list = element("div", { class: "rb-calculator__players" });
    var players = [];
    function renumber() {
      players.forEach(function (player, index) {
        player.legend.textContent = say("player_n", { n: index + 1 });
        player.set.rbLegend = player.legend.textContent;
      });
    }
    function add() {
      var name = element("input", { type: "text", autocomplete: "off", value: say("player_n", { n: players.length + 1 }) });
      var player = { name: name };
      var set = group(say("player_n", { n: players.length + 1 }), [field(UI.name, name)].concat(makeFields(player)));
      player.set = set;
      player.legend = set.querySelector("legend");
      set.appendChild(
        button(UI.remove_player, function () {
          if (players.length < 2) return;
          players.splice(players.indexOf(player), 1);
          list.removeChild(set);
          renumber();
        })
      );
      players.push(player);
      list.appendChild(set);
    }
    for (var i = 0; i < first; i++) add();
    return { node: element("div", {}, [list, button(UI.add_player, add)]), players: players };
  }

  function named(players, fields) {
    // {name: value} in the form's order; the fields of a repeated name are refused by name.
    // A Set of the names seen: in a plain object, `seen["__proto__"] = true` sets nothing, and a
    // second "__proto__" silently replaced the first.
    var object = {}, seen = new Set();
    var duplicate = null;
    players.forEach(function (player) {
      var name = player.name.value;
      if (seen.has(name)) duplicate = player.name;
      seen.add(name);
      Object.defineProperty(object, name, { value: fields(player), enumerable: true, writable: true, configurable: true });
    });
    if (duplicate) throw new FormProblem(duplicate, UI.same_names);
    return object;
  }

  function FormProblem(input, message) {
    this.input = input;
    this.message = message;
  }

  // ---- The result: the worked examples' table, or the refusals by field ----

  function breakdown(outcome) {
    var rows = outcome.lines.map(function (line) {
      var label = line.label === "{player}" ? line.label : words.gettext(line.label);
      var formula = line.formula;
      if (line.result) formula += " → " + words.format(words.ngettext(line.result[0][0], line.result[0][1], line.result[1]), { n: line.result[1] });
      return [words.format(label, line.params), formula, false];
    });
    var values = outcome.values;
    if (values.winners) rows.push([words.ngettext("Winner", "Winners", values.winners.length), values.winners.join(", "), true]);
    if (values.tiebreak) rows.push(["", UI.tiebreak, false]);
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

  function fieldName(input) {
    var set = input.closest("fieldset");
    var names = [];
    while (set) {
      names.unshift(set.rbLegend || "");
      set = set.parentElement && set.parentElement.closest("fieldset");
    }
    return names.concat([input.rbLabel]).filter(Boolean).join(" › ");
  }

  function refusals(items) {
    var list = element("ul", { class: "rb-calculator__problems" });
    items.forEach(function (item) {
      var entry = element("li", {}, [element("strong", { text: item.input ? fieldName(item.input) : "" }), document.createTextNode(item.input ? ": " : "")]);
      entry.appendChild(document.createTextNode(item.message));
      list.appendChild(entry);
      if (item.input) {
        item.input.setAttribute("aria-invalid", "true");
      }
    });
    return element("div", {}, [element("p", {}, [element("strong", { text: UI.refused })]), list]);
  }

  function fieldId() {
    return "rb-field-" + ++serial;
  }

  // What a game's form is made of; its fields' `situation(where)` records which input each path of
  // the situation came from.
  window.rulebook.formKit = {
    UI: UI,
    say: say,
    element: element,
    field: field,
    fieldId: fieldId,
    numberInput: numberInput,
    button: button,
    group: group,
    count: count,
    playerList: playerList,
    named: named,
    FormProblem: FormProblem,
  };

  window.rulebook.startForm = function (makeFields, facts) {
    var form = element("form", { class: "rb-calculator__form", novalidate: "" });
    var situation = makeFields(form, facts);
    startScoring(form, situation);
  };

  function startScoring(form, situation) {
    form.appendChild(element("p", {}, [element("button", { type: "submit", class: "md-button md-button--primary", text: UI.score })]));
    var output = element("output", { class: "rb-calculator__result", "aria-live": "polite" });
    form.appendChild(output);
    place.appendChild(form);

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      Array.prototype.forEach.call(form.querySelectorAll("[aria-invalid]"), function (input) {
        input.removeAttribute("aria-invalid");
      });
      output.textContent = "";
      var inputs = new Map();
      function where(path, input) {
        inputs.set(JSON.stringify(path), input);
      }
      function inputOf(path) {
        for (var end = path.length; end >= 0; end--) {
          var found = inputs.get(JSON.stringify(path.slice(0, end)));
          if (found) return found;
        }
        return null;
      }
      var result;
      try {
        result = window.rulebook.evaluate(DATA.game, situation(where));
      } catch (problem) {
        if (!(problem instanceof FormProblem)) throw problem;
        output.appendChild(refusals([problem]));
        return;
      }
      var heading = element("p", {}, [element("strong", { text: UI.result })]);
      if (result.refusal) {
        output.appendChild(
          refusals(
            result.problems.map(function (problem) {
              var message = problem.said || problem.message;
              return { input: inputOf(problem.path), message: message };
            })
          )
        );
      } else {
        output.appendChild(heading);
        output.appendChild(breakdown(result));
      }
    });
  }
})();
