"""The codes of the content checks, with their English words: the glossary (validate/glossary.py),
the worked examples (validate/examples.py, scoring/worked.py) and the terms (validate/terms.py).

Ids, names, icons and numbers written in the content are quoted, never params: they are strings of
the input. A worked example's command (`reproduce: rulebook score …`) is quoted too, as a command
is said in no language.
"""

from __future__ import annotations

from rulebook.problem_codes import N_, Nn_, register

# ---- glossary: glossary/symbols.yaml, its words, and the tiles drawn under rules --------------------
register(
    "glossary.symbol-count",
    Nn_(
        "{count} symbol, but the rules promise {promised} ({facts_file}: {fact})",
        "{count} symbols, but the rules promise {promised} ({facts_file}: {fact})",
    ),
    params=("count", "promised", "facts_file", "fact"),
    count="count",
    grouped=False,
)
register(
    "glossary.fact-not-a-count",
    N_("'{fact}' names no whole number in {facts_file}"),
    params=("facts_file",),
    quoted=("fact",),
)
register("glossary.page-anchor", N_("symbol id '{id}' is an anchor the page uses"), quoted=("id",))
register(
    "glossary.duplicate-symbol",
    N_("symbol id '{id}' is used twice (first at line {first})"),
    params=("first",),
    quoted=("id",),
    grouped=False,
)
register(
    "glossary.duplicate-icon",
    N_("icon '{icon}' is already the picture of '{symbol}'"),
    quoted=("icon", "symbol"),
)
register(
    "glossary.icon-missing",
    N_("icon '{icon}' is not in the installed mkdocs-material ({folder})"),
    quoted=("icon", "folder"),
)
register(
    "glossary.icon-outside",
    N_("icon '{icon}': {file}: a link to a file outside the project: refused unread"),
    quoted=("icon", "file"),
)
register(
    "glossary.icon-too-large",
    N_("icon '{icon}': {file} is over {limit} KiB"),
    params=("limit",),
    quoted=("icon", "file"),
)
register(
    "glossary.icon-too-deep",
    N_(
        "icon '{icon}': {file}:{line}:{column}: an element nested more than {limit} deep; "
        "a picture is shapes side by side"
    ),
    params=("limit", "line", "column"),
    quoted=("icon", "file"),
    grouped=False,  # a line and column, as an editor shows them
)
register(
    "glossary.icon-too-many-elements",
    N_("icon '{icon}': {file}:{line}:{column}: more than {limit} elements; a picture is a few shapes"),
    params=("limit", "line", "column"),
    quoted=("icon", "file"),
    grouped=False,  # a line and column, as an editor shows them
)
register(
    "glossary.icon-unreadable",
    N_("icon '{icon}': no readable UTF-8 picture {file}"),
    quoted=("icon", "file"),
)
# TRANSLATORS: after the first three things a picture may not hold; {left} is how many more there are.
MORE_REMOVED = N_(" and {left} more")
register(
    "glossary.icon-markup",
    N_("icon '{icon}': {file} holds what a picture may not: {removed}{more}"),
    params=("count",),  # how many things the sanitizer would remove
    quoted=("icon", "file", "removed", "more", "left"),
    translated=("more",),
)
register("glossary.empty-group", N_("group '{group}' has no symbol"), quoted=("group",))
register("glossary.group-anchor", N_("group '{group}' has the id of a symbol or of the page"), quoted=("group",))
register(
    "glossary.unknown-group",
    N_("group '{group}' is not one of groups: {groups}"),
    quoted=("group", "groups"),
)
register(
    "glossary.illustration-over-rack",
    Nn_(
        "{illustration} has {tiles} tile, but a player holds {rack}",
        "{illustration} has {tiles} tiles, but a player holds {rack}",
    ),
    params=("tiles", "rack"),
    quoted=("illustration",),
    count="tiles",
)
register(
    "glossary.illustration-tile",
    N_("tile '{tile}' is neither a glossary symbol nor a single letter"),
    quoted=("tile",),
)
register(
    "glossary.example-tile",
    N_("example tile '{tile}' is neither a symbol of the glossary nor a single letter"),
    quoted=("tile",),
)
register(
    "glossary.example-without-symbol",
    N_("the example of '{symbol}' does not use '{symbol}'"),
    quoted=("symbol",),
)
register(
    "glossary.example-over-rack",
    Nn_(
        "the example of '{symbol}' has {tiles} tile, but a player holds {rack}",
        "the example of '{symbol}' has {tiles} tiles, but a player holds {rack}",
    ),
    params=("tiles", "rack"),
    quoted=("symbol",),
    count="tiles",
)
register(
    "glossary.number-not-a-reading",
    Nn_(
        "says {number}; the example has {tiles} tile and scores {score}, and no reading is {number}",
        "says {number}; the example has {tiles} tiles and scores {score}, and no reading is {number}",
    ),
    params=("tiles", "score"),
    quoted=("number",),
    count="tiles",
    grouped=False,
)
register(  # the same, for a game whose scorer prices no glossary example: no score to name
    "glossary.number-not-a-count",
    Nn_(
        "says {number}; the example has {tiles} tile, and no reading is {number}",
        "says {number}; the example has {tiles} tiles, and no reading is {number}",
    ),
    params=("tiles",),
    quoted=("number",),
    count="tiles",
    grouped=False,
)

# ---- example: the worked examples of game.yaml, scored by their game ----------------------------------
register("example.no-scoring", N_("{game} has no scoring functions to run them"), quoted=("game",))
register(
    "example.refused",
    N_("example '{id}': expected {expected}, but {reason}; reproduce: {command}"),
    params=("refused",),  # the refusal's code
    quoted=("id", "expected", "reason", "command"),
)
register(
    "example.result-differs",
    N_("example '{id}': expected {name} {expected}, computed {computed}; reproduce: {command}"),
    quoted=("id", "name", "expected", "computed", "command"),
)
register(
    "example.no-such-field",
    N_("example '{id}' expects {name}, which its outcome does not have (it has {fields}); reproduce: {command}"),
    quoted=("id", "name", "fields", "command"),
)
register(
    "example.refusal-expected",
    N_("example '{id}': expected a refusal ({expected}), but it scores {result}; reproduce: {command}"),
    quoted=("id", "expected", "result", "command"),
)
register(
    "example.other-refusal",
    N_("example '{id}': expected the refusal {expected}, got {refused} ({reasons}); reproduce: {command}"),
    params=("refused",),  # the codes it is refused with
    literal=("refused",),
    quoted=("id", "expected", "reasons", "command"),
)
# The calculator's schema checker knows some keywords only (validate/score_schema.py).
register(
    "score.schema-keyword",
    N_(
        "the page's calculator does not check '{keyword}' here, and would score what rulebook score refuses: "
        "use the keywords of schemas/score-input.schema.json"
    ),
    quoted=("keyword",),
)
register("example.scorer-failed", N_("the game's scoring failed on this example: {reason}"), quoted=("reason",))
register("example.duplicate-id", N_("example id '{id}' is used twice"), quoted=("id",))
register("example.rule-without-example", N_("scoring rule '{id}' has no worked example"), quoted=("id",))
register("example.ruling-without-example", N_("ruling '{id}' has no worked example"), quoted=("id",))
register(
    "example.ruling-not-named",
    N_("example '{id}' rests on ruling '{ruling}', which '{presumer}' presumes: name it under rulings"),
    quoted=("id", "ruling", "presumer"),
)
register(
    "ruling.restates-narrows",
    N_(
        "ruling '{id}' is marked as restating the rules, but its answer limits them with '{word}', "
        "which none of its rules says; mark it as a project ruling or reword it"
    ),
    quoted=("id", "word"),
)
register(
    "ruling.quote-not-in-rule",
    N_("ruling '{id}' quotes '{quote}', which none of its rules ({rules}) says in these words"),
    quoted=("id", "quote", "rules"),
)
register(
    "example.caption-number",
    N_("the caption says {number}, which example '{id}' does not compute ({result})"),
    quoted=("number", "id", "result"),
)

# ---- term: glossary/terms.yaml beyond its schema (validate/terms.py) --------------------------------
register(
    "term.no-whole-terms",
    N_("'{term}' has no whole terms in {language}"),
    params=("language",),
    quoted=("term",),
)
register(
    "term.no-stem",
    N_(
        "'{term}' starts with none of the stems in {stems}; "
        "add its stem there, so that {command} matches what the TBX offers"
    ),
    params=("language",),
    quoted=("term", "stems", "command"),  # the command in Markdown code: markup comes in a quote
)

# ---- source: the sources' coverage maps against the sources and the units (validate/source_coverage.py)
register(
    "source.not-carried",
    N_(
        "{unit} is the publisher's text but no longer carries {quote} ({map}:{line}); if the change is "
        "meant, give that entry the new wording as 'carried_as' with a 'why', or move the sentence to "
        "'not_rules' with a 'why'"
    ),
    params=("line",),
    quoted=("unit", "quote", "map"),
)
register("source.unknown-unit", N_("no unit {unit} in {file}"), quoted=("unit", "file"))
register("source.not-in-source", N_("{quote} is not in {file}, or is quoted twice"), quoted=("quote", "file"))
register(
    "source.left-over",
    N_("{file} has sentences that no unit carries and 'not_rules' does not list: {text}"),
    quoted=("file", "text"),
)
register("source.names-another", N_("this map is the map of {file}, but names {named}"), quoted=("file", "named"))
register("source.unreadable", N_("cannot read the source text {file}"), quoted=("file",))
