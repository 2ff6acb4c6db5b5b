"""What a translator sees beside each PO entry (`#.` comments): where the unit stands, the values of
its placeholders, and a link to it on the site."""

from __future__ import annotations

from rulebook.addresses.site_url import public_site_url
from rulebook.model import Game, Glossary, Project
from rulebook.text import placeholders, plural_choice

PLACEHOLDER_NOTE = "Keep every {group.name} placeholder: the site fills it from game data."


def translator_notes(project: Project, text_set: Game | Glossary, unit_id: str, language: str) -> list[str]:
    english = text_set.words[project.source_language]
    notes = _what_it_is(text_set, unit_id)
    unit = english.units.get(unit_id)
    if unit is not None and unit.note:
        notes.append(f"note: {unit.note}")
    text = unit.text if unit else ""
    if placeholders.names(text):
        notes.append(PLACEHOLDER_NOTE)
        # Czech (and French) noun forms depend on the number: show it.
        names = dict.fromkeys(placeholders.names(text))
        notes += [f"{{{name}}} = {_value(text_set, name, language)}" for name in names]
        if language != project.source_language:  # a template's note would name English's categories
            notes += plural_choice_note(text_set, list(names), language)
    link = unit_link(project, text_set, unit_id, language)
    if link:
        notes.append(f"on the site: {link}")
    return notes


def plural_choice_note(text_set: Game | Glossary, names: list[str], language: str) -> list[str]:
    """How to make a noun after a number agree with it, with the first whole number fact as the example."""
    whole = [
        name for name in names if isinstance(_fact(text_set, name), int) and not isinstance(_fact(text_set, name), bool)
    ]
    if not whole:
        return []
    forms = "|".join(f"{category}=…" for category in plural_choice.categories(language, True))
    return [f"noun forms by number: {{{{{whole[0]}|{forms}}}}}"]


def _fact(text_set: Game | Glossary, name: str) -> object:
    try:
        return placeholders.lookup(text_set.facts, name)
    except KeyError:
        return None


def _value(text_set: Game | Glossary, name: str, language: str) -> str:
    try:
        return placeholders.format_value(placeholders.lookup(text_set.facts, name), language)
    except (KeyError, TypeError):
        return "(no such fact)"


def _what_it_is(text_set: Game | Glossary, unit_id: str) -> list[str]:
    kind, _, rest = unit_id.partition(".")
    if isinstance(text_set, Glossary):
        symbol_id, _, part = rest.rpartition(".")
        symbol = text_set.symbol(symbol_id)
        if symbol is None:
            return []
        notes = [f"Glossary symbol '{symbol.id}' ({symbol.icon}), English readings: {symbol.readings_text}"]
        if part == "readings":
            notes.append("Explain these English readings to a reader of your language; the msgid lists them")
        return notes
    if kind == "rule":
        rule = text_set.rule(rest)
        return [f"Rule {text_set.citation(rule)}" if rule else "Rule"]
    if kind == "section":
        section = next((s for s in text_set.sections if s.id == rest), None)
        return [f"Section title {text_set.name} {section.number}" if section else "Section title"]
    if kind == "example":
        return ["Caption of a worked example: quote exactly the numbers the English quotes"]
    if kind == "ruling":
        ruling_id, _, part = rest.rpartition(".")
        return [f"Referee note (project ruling '{ruling_id}'): the {part}"]
    if kind == "summary":
        return [f"One-line description of {text_set.name} on the home page"]
    return []


def unit_link(project: Project, text_set: Game | Glossary, unit_id: str, language: str) -> str | None:
    """The unit's place on the published site, e.g. `https://…/fr/chess/#castling`; None without a site_url
    (site_address.public_site_url: mkdocs.yml's, or RULEBOOK_SITE_URL's)."""
    site = public_site_url(project.root)
    if site is None:
        return None
    prefix = "" if language == project.source_language else f"{language}/"
    kind, _, rest = unit_id.partition(".")
    if isinstance(text_set, Glossary):
        symbol_id = rest.rpartition(".")[0]
        return f"{site}{prefix}{text_set.id}/" + (f"#{symbol_id}" if kind == "symbol" else "")
    page = f"{site}{prefix}{text_set.id}/"
    anchors = {
        "rule": rest,
        "section": rest,
        "example": f"example-{rest}",
        "ruling": f"ruling-{rest.rpartition('.')[0]}",
    }
    if kind == "summary":
        return f"{site}{prefix}"  # the home page lists each game with its summary
    return f"{page}#{anchors[kind]}" if kind in anchors else page
