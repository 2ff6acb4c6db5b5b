"""Every problem code with its English words, by layer (rulebook.problem_codes says them).

Codes never change once published; words may. Words are plain text for the catalogs (no
`< > & " [ ] \\ |`): markup a message shows comes in through a param or a quote.
"""

from __future__ import annotations

from rulebook.problem_codes import N_, Nn_, register

# ---- load: reading a file -------------------------------------------------------------------------
register("file.unreadable", N_("cannot read file: {reason}"), quoted=("reason",))
register(
    "file.too-large",
    N_("the file is larger than {size}, the most a file of this kind may hold; split it or shorten its texts"),
    params=("limit", "size"),
)
register(
    "file.write-through-link",
    N_(
        "a symbolic link, or a way out of the project: the toolkit writes only into the project's own folders; "
        "nothing was written"
    ),
)
register("yaml.syntax", N_("YAML syntax error: {problem}"), quoted=("problem",))
register(
    "yaml.unclosed",
    N_("YAML syntax error: {problem} ({context} that starts at line {line}, column {column})"),
    params=("line", "column"),
    quoted=("problem", "context"),
)
register("yaml.unreadable", N_("YAML error: {reason}"), quoted=("reason",))
register("yaml.utf-8", N_("invalid UTF-8: byte 0x{byte} cannot start or continue a character"), params=("byte",))
register("yaml.alias", N_("alias '*{name}' is not allowed: write the value out"), quoted=("name",))
register(
    "yaml.too-deep",
    N_("nested more than {limit} levels deep: no document of this project needs that"),
    params=("limit",),
)
register("yaml.tag", N_("YAML tag '{tag}' is not allowed: tags are never constructed"), quoted=("tag",))
register("yaml.merge-key", N_("merge keys ({merge}) are not allowed"), params=("merge",))
register("yaml.complex-key", N_("a mapping key must be a plain string"))
register("yaml.duplicate-key", N_("duplicate key {key} (first at line {first})"), params=("first",), quoted=("key",))
register(
    "yaml.long-number",
    N_("a number of {length} characters is too long: a number may have at most {limit}, in any base"),
    params=("length", "limit"),
)
register("yaml.bad-scalar", N_("{value} is not a valid {tag}"), params=("tag",), quoted=("value",))
register(
    "yaml.leading-zero",
    N_("{value} is not a valid {tag}: a leading zero is read as octal or as text by YAML 1.1 readers; write {number}"),
    params=("tag", "number"),
    quoted=("value",),
    grouped=False,
)

# ---- schema: a document against its JSON Schema (documents/schema.py; the contract with calculator.js) ----
register("schema.unusable", N_("the schema cannot be used: {reason}"), quoted=("reason",))
_BOUND = {"params": ("limit", "value"), "quoted": (), "grouped": True}  # 1,000,000; 1 000 000 (issue 48)
register("schema.minimum", N_("{value} is less than the minimum of {limit}"), **_BOUND)
register("schema.maximum", N_("{value} is greater than the maximum of {limit}"), **_BOUND)
register("schema.exclusiveMinimum", N_("{value} is not greater than {limit}"), **_BOUND)
register("schema.exclusiveMaximum", N_("{value} is not less than {limit}"), **_BOUND)
_SIZE = {"params": ("count", "limit"), "count": "count", "grouped": False}
register("schema.minItems", Nn_("{count} item, but at least {limit}", "{count} items, but at least {limit}"), **_SIZE)
register("schema.maxItems", Nn_("{count} item, but at most {limit}", "{count} items, but at most {limit}"), **_SIZE)
register(
    "schema.minProperties", Nn_("{count} key, but at least {limit}", "{count} keys, but at least {limit}"), **_SIZE
)
register("schema.maxProperties", Nn_("{count} key, but at most {limit}", "{count} keys, but at most {limit}"), **_SIZE)
register(
    "schema.minLength",
    Nn_("{count} character, but at least {limit}", "{count} characters, but at least {limit}"),
    **_SIZE,
)
register(
    "schema.maxLength",
    Nn_("{count} character, but at most {limit}", "{count} characters, but at most {limit}"),
    **_SIZE,
)
_LITERAL = {"params": ("expected",), "literal": ("expected",), "joined": None}
register(
    "schema.type",
    N_("{value} is not of type {expected}{hint}"),
    quoted=("value", "hint"),
    translated=("hint",),
    **_LITERAL,
)
register("schema.enum", N_("{value} is not one of {expected}"), quoted=("value",), **_LITERAL)
register("schema.const", N_("{value} is not {expected}"), quoted=("value",), **_LITERAL)
# Words a schema message adds (quoted by their msgid, said in the message's language).
WHOLE_NUMBER = N_(" (a count is a whole number)")
YES_NO = N_(" (write true or false: yes, no, on and off are words)")
# TRANSLATORS: a value matched more than one alternative: "expected a number or a string, not both".
NOT_BOTH = N_(", not both")
NOT_SEVERAL = N_(", not several")
# TRANSLATORS: after "expected a number or a string"; {value} is an excerpt of the value found.
GOT = N_("; got {value}")
register(
    "schema.required",
    Nn_("{missing} is required", "{missing} are required"),
    params=("missing",),
    count="missing",
    literal=("missing",),
)
register(
    "schema.pattern",
    N_("{value} does not match {pattern}"),
    params=("pattern",),
    quoted=("value",),
    literal=("pattern",),
)
register("schema.uniqueItems", N_("has the same item twice"))
_ALTERNATIVES = {"params": ("alternatives",), "joined": "or"}
register("schema.oneOf", N_("expected {alternatives}{got}"), quoted=("got",), translated=("got",), **_ALTERNATIVES)
register(
    "schema.anyOf", N_("expected {alternatives}{got}"), quoted=("got", "value"), translated=("got",), **_ALTERNATIVES
)
register("schema.additionalProperties", N_("unknown key {shown}"), params=("key",), quoted=("shown",))
register(
    "schema.propertyNames",
    N_("key {shown} is not allowed here ({why})"),
    params=("key",),
    quoted=("shown", "why"),
)
register("schema.other", N_("{value} is not valid here ({keyword})"), params=("keyword",), quoted=("value",))

# ---- text: what any text may hold (located/limits.py, validate/safety.py) ----------------------------
register(
    "text.too-long",
    N_("{length} characters: a text may have at most {limit}"),
    params=("length", "limit"),
)
register(
    "text.too-much-markup",
    N_("{total} Markdown markup characters ({count} of '{most}'): a text may hold at most {limit} of {characters}"),
    params=("total", "count", "most", "limit", "characters"),
)
register(
    "text.filled-too-long",
    N_("with its placeholders filled, {length} characters: a text may have at most {limit}"),
    params=("length", "limit"),
)
register(
    "text.filled-too-much-markup",
    N_(
        "with its placeholders filled, {total} Markdown markup characters ({count} of '{most}'): "
        "a text may hold at most {limit} of {characters}"
    ),
    params=("total", "count", "most", "limit", "characters"),
)
register(
    "text.control-character",
    N_("the control character U+{codepoint} at character {position} is not allowed"),
    params=("codepoint", "position"),
    grouped=False,
)
register(
    "text.bidi-control",
    N_("the bidi control U+{codepoint} ({name}) at character {position} reorders what readers see; remove it"),
    params=("codepoint", "name", "position"),
    grouped=False,
)
register(
    "text.markup-in-name",
    N_("a name is plain text; {characters} are not allowed"),
    params=("characters",),
    literal=("characters",),
)
register("text.raw-html", N_("raw HTML is not allowed in text: '{tag}'"), quoted=("tag",))
register("text.brace-in-fact", N_("a brace is not allowed in a string fact"))
register(
    "text.entity",
    N_("the HTML entity {entity} spells '{spelled}'; write the character itself"),
    quoted=("entity", "spelled"),
)
register(
    "text.reference-definition",
    N_("a reference definition {label} applies to the whole page; write the link inline"),
    quoted=("label",),
)
register("text.link-target", N_("the link target {target} is not allowed: {reason}"), quoted=("target", "reason"))
register(
    "text.link-scheme",
    N_("the link target {target} is not allowed: links may be relative, #anchors, https:, http: or mailto:"),
    quoted=("target",),
)
register(
    "text.image",
    N_("images are not allowed in text ({source}): the site loads nothing from outside itself"),
    quoted=("source",),
)
register(
    "text.outside-resource",
    N_("{element} loads {source} from another host; the site must work offline"),
    quoted=("element", "source"),
)
register("text.sanitized", N_("the sanitizer would remove {removed} from the page"), quoted=("removed",))
register(
    "text.heading",
    N_(
        "a heading is not allowed in text (its anchor would be '{anchor}'): the page's sections are the renderer's; "
        "write {bold} text instead"
    ),
    params=("bold",),
    quoted=("anchor",),
)
register(
    "text.page-id",
    N_("the id '{anchor}' belongs to the page itself (its template, scripts or sections); text may not take it"),
    quoted=("anchor",),
)
register(
    "text.pretended-host",
    N_(
        "the link text '{text}' shows {shown}, but the link goes to {target}; "
        "say what it links to (the site shows its host beside it)"
    ),
    quoted=("text", "shown", "target"),
)
register(
    "text.unknown-placeholder",
    N_("placeholder {placeholder} names no fact in {facts_file}"),
    params=("facts_file",),
    quoted=("placeholder",),
)
register(
    "text.number-written-out",
    N_("the number {number} is written out; quote it from game.yaml with a placeholder"),
    quoted=("number",),
)
register(
    "text.placeholders-differ",
    N_("placeholders {used} differ from the English {wanted}"),
    quoted=("used", "wanted"),
)
register("text.stray-brace", N_("a brace that is not part of a {example} placeholder"), params=("example",))

# ---- id: a game's ids and the ids it cites (validate/structure.py) -------------------------------
# TRANSLATORS: a kind of id, as in "section id 'x' is already used by a rule".
SECTION = N_("section")
# TRANSLATORS: a kind of id, as in "rule id 'x' is an anchor the page itself uses".
RULE = N_("rule")
# TRANSLATORS: a kind of id, as in "symbol id 'x' is one of the site's own names": a glossary symbol.
SYMBOL = N_("symbol")
# TRANSLATORS: a kind of id, as in "group id 'x' is one of the site's own names": a theme of the glossary.
GROUP = N_("group")
register(
    "id.folder-mismatch",
    N_("'{id}' must equal the folder name '{folder}'"),
    quoted=("id", "folder"),
)
register(
    "id.duplicate-anchor",
    N_("{kind} id '{id}' is already used by a {other}; ids are anchors and must be unique in a game"),
    quoted=("kind", "id", "other"),
    translated=("kind", "other"),
)
register(
    "id.reserved-anchor",
    N_("{kind} id '{id}' is an anchor the page itself uses; choose another"),
    quoted=("kind", "id"),
    translated=("kind",),
)
register(
    "id.site-name",
    N_(
        "{kind} id '{id}' is one of the site's own names (a language of the project, a page or a folder); "
        "choose another"
    ),
    quoted=("kind", "id"),
    translated=("kind",),
)
register("id.no-source-file", N_("no such file for '{language}'"), params=("language",))
register(
    "id.retired-term",
    N_("id '{id}' shows the retired word '{word}' to readers; rename it (keeping the old id as formerly)"),
    quoted=("id", "word"),
)
register(
    "id.formerly-in-use",
    N_("'{id}' was formerly '{old}', which is an id in use"),
    quoted=("id", "old"),
)
register("id.unknown-rule", N_("no rule '{id}'"), quoted=("id",))
register("id.unknown-ruling", N_("no ruling '{id}'"), quoted=("id",))
register("id.unknown-other-ruling", N_("no other ruling '{id}'"), quoted=("id",))
register("id.unknown-fact", N_("no fact '{fact}'"), quoted=("fact",))

# ---- unit: which units exist in which language (validate/translations.py) ------------------------
# TRANSLATORS: {command} is a rulebook command line that deletes a rule.
DELETING = N_("; {command} removes it from every language")
register("unit.no-source-file", N_("no {file}: the source language is required"), params=("file",))
register(
    "unit.no-translation-file",
    N_("no {file}: nothing in {text_set} is translated yet"),
    params=("file", "text_set"),
)
register(
    "unit.missing-english",
    N_("'{unit}' is missing: game.yaml lists it, and every unit needs English text"),
    quoted=("unit",),
)
register(
    "unit.unknown",
    N_("no such section or rule in game.yaml{deleting}"),
    quoted=("deleting", "command"),
    translated=("deleting",),
)
register(
    "unit.nothing-to-translate",
    N_("not in {file}, so there is nothing it can translate{deleting}"),
    params=("file",),
    quoted=("deleting", "command"),
    translated=("deleting",),
)
register(
    "unit.no-source-hash",
    N_("a translation must record the hash of the English it translates in 'source'"),
)
register("unit.outdated", N_("outdated: {reasons}"), quoted=("reasons",))
register("unit.no-status", N_("a translation must say its 'status' (original, draft or reviewed)"))
register("unit.untranslated", N_("'{unit}' has no {language} translation yet"), params=("language",), quoted=("unit",))

# The other layers' codes, each registered beside the checks' own words (imported for that alone).
import rulebook.problem_codes.authoring_words  # noqa: E402, F401
from rulebook.problem_codes import content_words, site_words, translation_words  # noqa: E402, F401
