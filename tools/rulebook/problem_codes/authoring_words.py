"""The codes of the authoring commands' refusals (`problems.Refused`): `rulebook new game|language`,
`rulebook rule rename|delete` (authoring/), and `edition new`, `cite` and `diff` (editions/). Each
says why nothing was written (words.py imports this module).

What a command line gives (ids, language codes, versions, dates, numbers) and what contributors
wrote (names, paths) are quoted, never params, until it has passed its check: a language code that
matches the schema's pattern, and a version or a date that the history holds, are params. Fixed
limits and keys of the project's own files are params too. Commands to run and keys are said in
backticks, which catalog words may not hold: they come through a quote.
"""

from __future__ import annotations

from rulebook.problem_codes import N_, Nn_, register

# ---- authoring: a plan of writes (files/plan.py) and a file edited in place (authoring/) ---------------
register("authoring.write-outside-project", N_("{path} is outside the project; nothing was written"), quoted=("path",))
register(
    "authoring.write-to-link",
    N_("{path} is a link, not a file of its own; nothing was written"),
    quoted=("path",),
)
register("authoring.file-exists", N_("{path} already exists; nothing was written"), quoted=("path",))
register("authoring.not-yaml", N_("cannot be read as YAML: {reason}"), quoted=("reason",))
register(
    "authoring.no-list",
    N_("no {listed} list ({command} says what is wrong with the file)"),
    params=("key",),
    quoted=("listed", "command"),
)
register("authoring.unreadable-file", N_("{file} cannot be read; fix it first"), quoted=("file",))
register("authoring.edits-overlap", N_("two edits overlap; nothing was written"))
register("authoring.not-editable", N_("cannot be edited in place (edit it by hand); nothing was written"))
register(
    "authoring.not-written-as-expected",
    N_("{place} is not written as expected (edit it by hand); nothing was written"),
    quoted=("place",),
)

# ---- authoring: `rulebook new game` (authoring/game.py) ------------------------------------------
register(
    "authoring.not-a-game-id",
    N_(
        "{id} is not a game id: lowercase letters and digits in words joined by '-', "
        "starting with a letter (schemas/project.schema.json)"
    ),
    quoted=("id",),
)
register("authoring.game-listed", N_("the game {id} is already listed"), quoted=("id",))
register("authoring.game-folder-exists", N_("{folder} already exists; choose another id"), quoted=("folder",))
register("authoring.name-needed", N_("a name is needed, without spaces at either end"))
register(
    "authoring.name-too-long",
    Nn_("at most {limit} character", "at most {limit} characters"),
    params=("limit",),
    count="limit",
)
register("authoring.name-lines", N_("a name is one line"))

# ---- authoring: `rulebook new language` (authoring/language.py) ----------------------------------
register(
    "authoring.not-a-language-code",
    N_("{code} is not a language code: 2 or 3 lowercase letters, as ISO 639 has them"),
    quoted=("code",),
)
register(
    "authoring.language-listed", N_("'{language}' is already one of the project's languages"), params=("language",)
)
register(
    "authoring.listed-game-id",
    N_("{id} is not a game id; {command} says what is wrong with the file"),
    quoted=("id", "command"),
)
register(
    "authoring.unknown-locale",
    N_("'{language}': Babel (CLDR) knows no such language, so it has no plural rules or names"),
    params=("language",),
)
register("authoring.no-ui-template", N_("no {file}: {command} writes it"), params=("file",), quoted=("command",))
register("authoring.no-site-config", N_("no {file} in {root}"), params=("file",), quoted=("root",))
register(
    "authoring.no-site-languages",
    N_("no {listed} list under the i18n plugin to add '{language}' to"),
    params=("language",),
    quoted=("listed",),
)
register(
    "authoring.site-language-listed",
    N_("the i18n plugin already has the language '{language}'"),
    params=("language",),
)

# ---- authoring: `rulebook rule rename|delete` (authoring/rule.py) --------------------------------
register(
    "authoring.no-game-folder",
    N_("no game {id}: no folder of that name under rules/ holds a game.yaml"),
    quoted=("id",),
)
register("authoring.game-not-listed", N_("the game {id} is not listed"), quoted=("id",))
register("authoring.no-rule-in-section", N_("no rule {id} in any section"), quoted=("id",))
register("authoring.no-rule-anywhere", N_("no rule {id} in game.yaml nor in any words file"), quoted=("id",))
register(
    "authoring.not-a-rule-id",
    N_("{id} is not a rule id: lowercase letters and digits in words joined by '-'"),
    quoted=("id",),
)
register("authoring.reserved-anchor", N_("{id} is an anchor the page itself uses; choose another id"), quoted=("id",))
register(
    "authoring.site-name",
    N_("{id} is one of the site's own names (a language of the project, a page or a folder); choose another id"),
    quoted=("id",),
)
register("authoring.id-taken", N_("{id} is already an id of the game; choose another"), quoted=("id",))
register(
    "authoring.id-in-an-edition",
    N_("{id} was another rule's id in edition {version}: its citations and links would land here; choose another"),
    params=("version",),
    quoted=("id",),
)
register("authoring.unit-taken", N_("{unit} is already a unit; choose another id"), quoted=("unit",))
register("authoring.rule-named", N_("{place} names rule {id}"), quoted=("place", "id"))
register("authoring.rule-mapped", N_("the source's sentences are mapped to {unit}"), quoted=("unit",))
register("authoring.rule-linked", N_("{place} links to rule {id}"), quoted=("place", "id"))
register(
    "authoring.rule-still-named",
    Nn_(
        "rule {id} is still named in {count} place above; change it first; nothing was written",
        "rule {id} is still named in {count} places above; change them first; nothing was written",
    ),
    params=("count",),
    quoted=("id",),
    count="count",
)
register(
    "authoring.only-rule-of-section",
    N_("rule {id} is the only rule of section {section}; a section needs one: delete or edit the section by hand"),
    quoted=("id", "section"),
)

# ---- edition: `rulebook edition new`, `cite` and `diff` (editions/) -------------------------------
register("edition.unknown-game", N_("no game {game} in rules/project.yaml"), quoted=("game",))
register(
    "edition.none-recorded",
    N_("{game} has no recorded edition yet ({command})"),
    quoted=("game", "command"),
)
register(
    "edition.unknown-language",
    N_("--lang {language} is not a language of the project ({listed})"),
    params=("languages",),
    quoted=("language", "listed"),
)
register("edition.unknown-edition", N_("{game} has no edition {version}"), quoted=("game", "version"))
register(
    "edition.unknown-cited-edition",
    N_("{game} has no edition {version} (editions: {listed})"),
    params=("editions",),
    quoted=("game", "version", "listed"),
)
register("edition.snapshot-unreadable", N_("the snapshot of {version} cannot be read"), params=("version",))
register(
    "edition.number-names-no-rule",
    N_("{game} {number} names no rule in edition {version}"),
    params=("version",),
    quoted=("game", "number"),
)
register(
    "edition.not-a-version",
    N_("{version} is not a version: numbers separated by dots, such as 1.1"),
    quoted=("version",),
)
register("edition.not-a-date", N_("--date {date} is not a date: write YYYY-MM-DD"), quoted=("date",))
register(
    "edition.history-unfixed",
    N_("{problem}; fix the history first ({command})"),
    params=("cause",),
    quoted=("problem", "command"),
)
register("edition.exists", N_("{game} already has an edition {version}"), params=("version",), quoted=("game",))
register(
    "edition.exists-as",
    N_("{game} already has an edition {existing}, the same version as {version}: trailing zeros do not count"),
    params=("version", "existing"),
    quoted=("game",),
)
register(
    "edition.date-in-future",
    N_(
        "--date {date} is a day still to come: an edition is dated when it is published "
        "(--effective says when it takes effect)"
    ),
    params=("date",),
)
register(
    "edition.not-an-effective-date",
    N_("--effective {date} is not a date: write YYYY-MM-DD"),
    quoted=("date",),
)
register(
    "edition.effective-before",
    N_(
        "--effective {effective} is before the edition's date, {date}: an edition takes effect when it is "
        "published or later"
    ),
    params=("effective", "date"),
)
register(
    "edition.comes-before",
    N_("edition {version} would come before {latest}, the latest edition of {game}"),
    params=("version", "latest"),
    quoted=("game",),
)
register(
    "edition.date-before",
    N_("the date {date} is before {latest_date}, the date of edition {latest}"),
    params=("date", "latest_date", "latest"),
)
register("edition.latest-snapshot-unreadable", N_("the latest snapshot cannot be read"))
register(
    "edition.nothing-changed",
    N_("nothing changed in {folder} since edition {latest}: no edition recorded"),
    params=("latest",),
    quoted=("folder",),
)
register(
    "edition.summary-needed",
    N_("say what edition changes in a sentence: --summary TEXT (the {unit} unit)"),
    quoted=("unit",),
)
register(
    "edition.units-not-last",
    N_("units is not the file's last key; add {unit} by hand"),
    quoted=("unit",),
)
