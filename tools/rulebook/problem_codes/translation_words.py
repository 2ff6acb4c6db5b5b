"""The codes of translation QA, plural choices, PO files and UI catalogs, and the i18n commands'
refusals, with their English words (rulebook/problem_codes/words.py imports this module).

Words are plain text for the catalogs (no `< > & " [ ] \\ | ` and no backtick): a mark a message
shows comes in through a param or a quote.
"""

from __future__ import annotations

from rulebook.problem_codes import N_, Nn_, register

# ---- qa: a translation against its English and its language's typography (validate/qa.py) -------
register(
    "qa.forbidden-term",
    N_("terminology: '{form}…' is not used for '{term}'; say {preferred}"),
    params=("language",),
    quoted=("form", "term", "preferred"),
)
register(
    "qa.missing-term",
    N_("terminology: the English has '{term}', the translation none of {preferred}"),
    params=("language",),
    quoted=("term", "preferred"),
)
register("qa.unbalanced-emphasis", N_("unbalanced Markdown emphasis (* or **)"))
register("qa.unbalanced-code", N_("unbalanced Markdown code ({mark})"), params=("mark",))
register("qa.unbalanced-link", N_("unbalanced Markdown link brackets"))
register(
    "qa.links-differ",
    N_("{english} Markdown link(s) in the English, {translated} in the translation"),
    params=("english", "translated"),
)
register("qa.whitespace", N_("starts or ends with whitespace (a space, tab or line break)"))
# The closing punctuation of a text, as qa.closing-punctuation names it (quoted by their msgid).
# TRANSLATORS: a closing mark, as in "the English ends with full stop, the translation with none".
FULL_STOP = N_("full stop")
# TRANSLATORS: a closing mark (:), as in "the English ends with colon".
COLON = N_("colon")
# TRANSLATORS: a closing mark, as in "the English ends with question mark".
QUESTION_MARK = N_("question mark")
# TRANSLATORS: a closing mark, as in "the English ends with exclamation mark".
EXCLAMATION_MARK = N_("exclamation mark")
# TRANSLATORS: a closing mark (…), as in "the English ends with ellipsis".
ELLIPSIS = N_("ellipsis")
# TRANSLATORS: what the English ends with when it has no closing punctuation.
NO_CLOSING = N_("no closing punctuation")
# TRANSLATORS: what the translation ends with when it has no closing punctuation.
NO_ENDING = N_("none")
register(
    "qa.closing-punctuation",
    N_("the English ends with {wanted}, the translation with {found}"),
    params=("wanted_mark", "found_mark"),
    quoted=("wanted", "found"),
    translated=("wanted", "found"),
)
register(
    "qa.number-missing",
    N_("the English says {number}, the translation does not"),
    params=("number",),
    grouped=False,
)
# {name} is the language's English name ("French"); `language` is its code.
register(
    "qa.no-break-space",
    N_("{name} typography: a no-break space (U+00A0 or U+202F) goes before '{mark}'"),
    params=("language", "mark"),
    quoted=("name",),
)
register(
    "qa.narrow-no-break-space",
    N_("{name} typography: the space before '{mark}' is the narrow no-break space (U+202F), not U+00A0"),
    params=("language", "mark"),
    quoted=("name",),
)
register(
    "qa.guillemet-spaces",
    N_("{name} typography: « and » take a no-break space inside"),
    params=("language",),
    quoted=("name",),
)
register(
    "qa.straight-quotes",
    N_("{name} typography: straight quotes ({quote}); quote with {start}…{end}"),
    params=("language", "quote"),
    quoted=("name", "start", "end"),
)

# ---- plural: plural choices in a text (validate/plural_choices.py) -------------------------------
register(
    "plural.syntax",
    N_("a plural choice must read {syntax}, one form per category: '{written}'"),
    params=("syntax",),
    quoted=("written",),
)
register("plural.unknown-fact", N_("plural choice on {fact}, which names no fact"), quoted=("fact",))
register("plural.not-a-number", N_("plural choice on {fact}, which is not a number"), quoted=("fact",))
# TRANSLATORS: a kind of number, as in "Czech whole numbers take one, few, other".
WHOLE_NUMBERS = N_("whole numbers")
DECIMAL_NUMBERS = N_("decimal numbers")
register(
    "plural.wrong-forms",
    N_("plural choice on {fact} gives {forms}; {name} {kind} take {wanted}"),
    params=("language", "whole", "categories"),
    quoted=("fact", "forms", "name", "kind", "wanted"),
    translated=("kind",),
)
# A word after a quoted count, written for a value whose plural category differs from today's
# (validate/fixed_forms.py); {was} and {now} are CLDR categories (one, few, other...).
register(
    "plural.fixed-form",
    N_(
        "'{word}' after {fact} was written for {before}; {name} says {after} with its '{now}' form, "
        "not the '{was}' form of {before}: check the word, or give its forms with a plural choice"
    ),
    params=("language", "before", "after", "was", "now"),
    quoted=("word", "fact", "name"),
    grouped=False,
)

# ---- catalog: reading a PO file, a translator's or a UI catalog (i18n/po_file.py, ui_catalog.py) ---
register(
    "catalog.retired-term",
    N_("the toolkit's message '{message}' uses the retired word '{word}' (glossary/terms.yaml: {term})"),
    quoted=("message", "word", "term"),
)
register("catalog.unreadable", N_("cannot read: {reason}"), quoted=("reason",))
register(
    "catalog.symbolic-link",
    N_("a symbolic link: files of locales/ are read only from the project's own files; refused unread"),
)
register("catalog.outside-project", N_("a folder on its path leads outside the project: refused unread"))
register("catalog.not-a-file", N_("not a regular file: refused unread"))
register("catalog.bad-line", N_("not a valid PO line: {line}"), quoted=("line",))
register(
    "catalog.more-bad-lines",
    Nn_("and {count} more line that is not valid PO", "and {count} more lines that are not valid PO"),
    params=("count",),
    count="count",
)
register("catalog.syntax", N_("not a valid PO file: {reason}"), quoted=("reason",))
register("catalog.unknown-charset", N_("unknown charset {charset}; save the file as UTF-8"), quoted=("charset",))
register(
    "catalog.other-charset",
    N_("charset {charset} is not UTF-8; save the file as UTF-8 and declare charset=UTF-8"),
    quoted=("charset",),
)
register("catalog.utf-8", N_("not valid utf-8: byte 0x{byte}"), params=("byte",))
register(
    "catalog.duplicate-entry",
    N_("a second entry with {entry} (the first is at line {first})"),
    params=("first",),
    quoted=("entry",),
    grouped=False,
)
register(
    "catalog.plural-count",
    N_("Plural-Forms: nplurals={count} is not 1 to {limit}"),
    params=("count", "limit"),
    grouped=False,
)
register(
    "catalog.plural-rule",
    N_("Plural-Forms: plural={rule} is not a plain rule of n, numbers and operators"),
    quoted=("rule",),
)
register(
    "catalog.plural-large-number",
    N_("Plural-Forms: plural={rule} has a number too large for the calculator to compute alike"),
    quoted=("rule",),
)
register(
    "catalog.plural-not-evaluable",
    N_("Plural-Forms: plural={rule} is not an expression gettext can evaluate"),
    quoted=("rule",),
)
register(
    "catalog.plural-past-count",
    N_("Plural-Forms: plural={rule} chooses a form past nplurals={count}"),
    params=("count",),
    quoted=("rule",),
    grouped=False,
)
# What `msgfmt -c --check-format` refuses or warns of in a UI catalog (i18n/msgfmt/).
register(
    "catalog.no-header",
    N_("no header entry: a catalog begins with an empty msgid, whose msgstr holds its Language and Plural-Forms"),
)
register("catalog.header-field-missing", N_("the header has no {name} field"), quoted=("name",))
register(
    "catalog.header-field-default",
    N_("the header's {name} is still the template's default: fill it in"),
    quoted=("name",),
)
register(
    "catalog.no-plural-forms",
    N_("translations have plural forms, but the header has no Plural-Forms with nplurals and plural"),
)
register(
    "catalog.plural-without-msgid-plural",
    N_("an indexed msgstr without a msgid_plural: write a plain msgstr, or add the msgid_plural"),
)
register(
    "catalog.plain-msgstr-for-plural",
    N_("a plain msgstr after a msgid_plural: write one indexed msgstr for each plural form"),
)
register(
    "catalog.plural-index",
    N_("the msgstr of index {index} where index {wanted} comes next: the forms are numbered from 0, in order"),
    params=("index", "wanted"),
    grouped=False,
)
register(
    "catalog.missing-plural-form",
    Nn_(
        "{found} plural form, but the header's nplurals={count}: the missing forms' numbers would be said in English",
        "{found} plural forms, but the header's nplurals={count}: the missing forms' numbers would be said in English",
    ),
    params=("found", "count"),
    count="found",
    grouped=False,
)
register(
    "catalog.extra-plural-form",
    Nn_(
        "{found} plural form, but the header's nplurals={count}: write exactly {count}",
        "{found} plural forms, but the header's nplurals={count}: write exactly {count}",
    ),
    params=("found", "count"),
    count="found",
    grouped=False,
)
register("catalog.newline-start", N_("the msgid and this string do not both begin with a line break"))
register("catalog.newline-end", N_("the msgid and this string do not both end with a line break"))
register(
    "catalog.format-invalid",
    N_("not a valid {language} format string, unlike the msgid: {reason}"),
    params=("language",),
    quoted=("reason",),
)
register(
    "catalog.format-kinds",
    N_("the msgid's format arguments have names and these have none, or the other way round"),
)
register(
    "catalog.format-unknown-argument",
    N_("the format argument {argument} is not one of the msgid's"),
    quoted=("argument",),
)
register(
    "catalog.format-missing-argument",
    N_("the msgid's format argument {argument} is missing"),
    quoted=("argument",),
)
register(
    "catalog.format-count",
    Nn_(
        "{found} format argument, but the msgid takes {wanted}",
        "{found} format arguments, but the msgid takes {wanted}",
    ),
    params=("found", "wanted"),
    count="found",
    grouped=False,
)
register(
    "catalog.format-type",
    N_("the format argument {argument} has another type than in the msgid"),
    quoted=("argument",),
)
# What a UI catalog's translation may not hold (i18n/catalog_text.py); said after "msgstr of msgid …".
register("catalog.line-break", N_("a line break is not allowed: interface words are one line"))
register(
    "catalog.markup",
    Nn_(
        "{characters} is not allowed: interface words are plain text, without markup, entities or quotes",
        "{characters} are not allowed: interface words are plain text, without markup, entities or quotes",
    ),
    params=("characters", "count"),
    count="count",
)
register("catalog.stray-brace", N_("a brace that opens no placeholder: {reason}"), quoted=("reason",))
register(
    "catalog.unknown-placeholder",
    N_("the placeholder {placeholder} is not one of the msgid: {wanted}"),
    quoted=("placeholder", "wanted"),
)
register("catalog.missing-placeholder", N_("the msgid's placeholder {placeholder} is missing"), quoted=("placeholder",))

# ---- i18n: what export, import, update, sync and minor refuse (rulebook/i18n/) --------------------
register(
    "i18n.unknown-project",
    N_("its Project-Id-Version names no game or glossary ({version}); export the file with {command}"),
    params=("command",),
    quoted=("version",),
)
register(
    "i18n.no-english",
    N_("there is no English to translate ({file} cannot be read); run {command}"),
    params=("command",),
    quoted=("file",),
)
register(
    "i18n.unknown-language",
    N_("its Language ({language}) is not one of the translations ({choices})"),
    params=("translations",),
    quoted=("language", "choices"),
)
register(
    "i18n.words-file-link",
    N_("a link, not a file; import writes only a words file that is its own file"),
)
register(
    "i18n.no-unit",
    N_("an entry without msgctxt (the unit id) whose {comment} reference and msgid name no single unit of {text_set}"),
    params=("comment",),
    quoted=("text_set",),
)
register(
    "i18n.second-entry",
    N_("a second entry for '{unit}' (the first is at line {first})"),
    params=("first",),
    quoted=("unit",),
    grouped=False,
)
register("i18n.plural-entry", N_("'{unit}' has plural forms, but a unit has one text"), quoted=("unit",))
# `code` is the new error's own code; its words are quoted.
register("i18n.after-import", N_("{problem} (after the import)"), params=("code",), quoted=("problem",))
register(
    "i18n.wrong-file",
    N_("it holds the words of {version} in {language}, not its name's"),
    quoted=("version", "language"),
)
register(
    "i18n.conflict",
    N_(
        "'{unit}' changed both here and in {words} since the last sync; "
        "make the two texts the same (or undo one edit), then sync again"
    ),
    quoted=("unit", "words"),
)
register(
    "i18n.unmarked-conflict",
    N_(
        "'{unit}' differs from {words}, and neither this file nor its git history has the mark of the "
        "last sync, so which side changed it cannot be told; keep this file's text with {command}, "
        "or the YAML's by copying it into this entry, then sync again"
    ),
    quoted=("unit", "words", "command"),
)
register("i18n.unreadable-after-import", N_("the project cannot be read after the import"))
register(
    "i18n.unimported-edits",
    N_(
        "holds edits the YAML does not have; import them first ({command}), "
        "or export again with --force to overwrite them"
    ),
    quoted=("command",),
)
register(
    "i18n.not-an-export",
    N_("{problem} (it is not a PO file this export would write)"),
    params=("code",),
    quoted=("problem",),
)
register(
    "i18n.other-text-set",
    N_("it holds the words of {held} in {held_language}, not {text_set} in {language}"),
    params=("held_language", "language"),
    quoted=("held", "text_set"),
)
register("i18n.not-imported", N_("'{unit}' is not imported yet"), quoted=("unit",))
register(
    "i18n.charset-too-small",
    N_("the current English has characters {charset} cannot hold; save it as UTF-8"),
    quoted=("charset",),
)
register("i18n.no-english-unit", N_("{text_set} has no English unit {unit}"), quoted=("text_set", "unit"))
register(
    "i18n.unknown-text-set",
    N_("no game or glossary {text_set}; choose from {names}"),
    quoted=("text_set", "names"),
)
register(
    "i18n.not-a-translation",
    N_("{language} is not a translation; choose from {choices}"),
    params=("translations",),
    quoted=("language", "choices"),
)
register(
    "i18n.no-earlier-english",
    N_(
        "git history has no earlier English of {unit} than the current one; "
        "commit the English before the edit, then edit it and run this command"
    ),
    quoted=("unit",),
)
# A warning, from `rulebook check` (a words file's unit) and `rulebook i18n import` and `sync` (a
# msgstr taken): the text reads as another of the project's languages (i18n/language_guess.py).
register(
    "i18n.wrong-language",
    # TRANSLATORS: {guessed} and {language} are language codes (cs, fr, en): "reads as cs, not fr".
    N_("reads as {guessed}, not {language}: a text in another language, or the English left untranslated?"),
    params=("language", "guessed"),
)
