"""The codes of the project's own files: links leaving the project, the manifest
(rules/project.yaml and the words files it names), mkdocs.yml, rules/search-words.yaml, the
editions' history, and a situation that is no situation at all (words.py imports this module).

Language codes, versions and dates are params: the schemas allow only `[a-z]{2,3}`, digits and
dots, and YYYY-MM-DD there. Game ids, paths, phrases and names are quoted.
"""

from __future__ import annotations

from rulebook.problem_codes import N_, register

# ---- file: links leaving the project, files that are no files (files/disk.py, load/) -------------------
register("file.outside-project", N_("a link to a file outside the project: refused unread"))
register("file.words-not-yaml", N_("not a readable file: a words file must be a YAML file"))

# ---- project: rules/project.yaml and what it names (load/project.py) -----------------------------
register(
    "project.game-id-is-language",
    N_("{id} is the folder of the language '{language}': choose another id"),
    params=("language",),
    quoted=("id",),
)
register(
    "project.game-id-is-site-page",
    N_("{id} is one of the pages and folders of the site: choose another id"),
    quoted=("id",),
)
register("project.no-game-file", N_("no rules/{game}/game.yaml"), quoted=("game",))
register("project.typography-language", N_("not one of the project's languages"), params=("language",))
register(
    "project.unknown-locale",
    N_("'{language}' is no language that Babel knows (CLDR): numbers and plural forms could not be written in it"),
    params=("language",),
)
register(
    "project.words-language",
    N_("'{written}' does not match the file name '{language}.yaml'"),
    params=("language",),
    quoted=("written",),
)
register("project.unknown-glossary-game", N_("no game '{game}' in rules/project.yaml"), quoted=("game",))

# ---- site: mkdocs.yml (validate/site_config.py) --------------------------------------------------
register("site.not-yaml", N_("cannot be read as YAML: {reason}"), quoted=("reason",))
register("site.not-a-mapping", N_("not a mapping of MkDocs settings"))
register("site.folder-outside-project", N_("{folder} is outside the project"), quoted=("folder",))
# The site's address and the other addresses of mkdocs.yml (addresses/site_url.py, validate/site_config.py).
register(
    "site.address-character",
    N_(
        "{address}: the character U+{codepoint} is not allowed in an address: no quotes, spaces, controls or "
        "markup; write a name beyond ASCII in its xn-- form and anything else percent-encoded"
    ),
    params=("codepoint",),
    quoted=("address",),
)
register("site.address-not-web", N_("{address} is not an http: or https: address with a host"), quoted=("address",))
register(
    "site.address-user",
    N_("{address} names a user before the host (user@host), which hides where it goes"),
    quoted=("address",),
)
register("site.address-host", N_("{host} is no host a browser accepts"), quoted=("host",))
register(
    "site.address-query",
    N_("{address} has a query or a fragment: the site's address is a folder"),
    quoted=("address",),
)
register(
    "site.address-local",
    N_("{address} is a local address: readers would be sent to their own machine"),
    quoted=("address",),
)
register(
    "site.link",
    N_("{address} is not allowed here: a link of the site may be relative, or http:, https: or mailto:"),
    quoted=("address",),
)
register(
    "site.theme-language",
    N_("Material has no words in {locale}: add {setting} to this language"),
    params=("theme_language",),
    quoted=("locale", "setting"),
)

# ---- search: rules/search-words.yaml (validate/search_words.py) ----------------------------------
register(
    "search.unknown-language",
    N_("not one of the project's languages ({listed})"),
    params=("languages",),
    quoted=("listed",),
)
register(
    "search.synonym-is-question-word",
    N_(
        "'{phrase}' is also a question word, which search drops from a query before it looks for synonyms: "
        "keep it in one of the two lists"
    ),
    quoted=("phrase",),
)
register(
    "search.synonym-in-two-groups",
    N_(
        "'{phrase}' is already in group {group}: a word means one thing to search; "
        "merge the two groups or keep the word in one"
    ),
    params=("group",),
    quoted=("phrase",),
    grouped=False,
)
register(
    "search.questions-for-no-entry",
    N_(
        "'{address}' is no entry of a game's page: questions are listed for a section, a rule, the referee "
        "notes or a ruling"
    ),
    quoted=("address",),
)

# ---- edition: rules/<game>/editions.yaml and its snapshots (editions/history.py) --------------------
register("edition.version-twice", N_("edition '{version}' is given twice"), params=("version",))
register(
    "edition.version-backwards",
    N_("edition '{version}' comes after '{before}': the history goes backwards"),
    params=("version", "before"),
)
register(
    "edition.date-backwards",
    N_("edition '{version}' is dated {date}, before '{before}' ({before_date})"),
    params=("version", "date", "before", "before_date"),
)
register(
    "edition.version-repeated",
    N_("edition '{version}' is edition '{before}' again: a version's trailing zeros do not count"),
    params=("version", "before"),
)
register(
    "edition.date-to-come",
    N_("edition '{version}' is dated {date}, a day still to come: an edition is dated when it is published"),
    params=("version", "date"),
)
register(
    "edition.effective-before-date",
    N_("edition '{version}' takes effect on {effective}, before it was published ({date})"),
    params=("version", "effective", "date"),
)
register(
    "edition.chain-broken",
    N_(
        "the chain hash of edition '{version}' does not follow from the edition before it and its own "
        "version, dates and snapshot hash: a recorded edition was rewritten"
    ),
    params=("version",),
)
register(
    "edition.snapshot-missing",
    N_("the snapshot of edition '{version}' is missing: {snapshot}"),
    params=("version",),
    quoted=("snapshot",),
)
register(
    "edition.snapshot-changed",
    N_("the snapshot {snapshot} no longer matches the hash recorded for edition '{version}'"),
    params=("version",),
    quoted=("snapshot",),
)

# ---- score: a situation that is no situation (scoring/situation.py; calculator.js says the same) ----
register("score.empty-document", N_("the document is empty: describe a situation to score"))
register("score.not-a-mapping", N_("the document must be a mapping of fields, not a single value"))
