"""The translation status page of each language: progress per game and for the glossary, and
the outdated and missing units, each linked to where it stands on the site."""

from __future__ import annotations

from rulebook.i18n.fact_basis import fact_changes, shown
from rulebook.i18n.state import State, Tally, UnitState, language_tallies, unit_states
from rulebook.markup.escaping import attribute, front_matter, literal
from rulebook.model import Game, Glossary
from rulebook.render.changes import pending_by_edition
from rulebook.render.context import PageContext
from rulebook.render.glossary import PAGE as GLOSSARY_PAGE

PAGE = "status.md"


def unit_link(text_set: Game | Glossary, unit_id: str) -> tuple[str, str]:
    """(label, Markdown target) of a unit on the site."""
    kind, _, rest = unit_id.partition(".")
    if isinstance(text_set, Glossary):
        symbol_id = rest.rpartition(".")[0]
        return (f"{symbol_id} ({unit_id})", f"{GLOSSARY_PAGE}#{symbol_id}") if symbol_id else (unit_id, GLOSSARY_PAGE)
    page = f"{text_set.id}.md"
    if kind == "rule":
        rule = text_set.rule(rest)
        return (text_set.citation(rule) if rule else unit_id, f"{page}#{rest}")
    if kind == "section":
        return (unit_id, f"{page}#{rest}")
    if kind == "example":
        return (unit_id, f"{page}#example-{rest}")
    if kind == "ruling":
        return (unit_id, f"{page}#ruling-{rest.rpartition('.')[0]}")
    return (unit_id, page)


def status_page(context: PageContext) -> str:
    _ = context._
    project = context.project
    title = _("Translation status")
    lines = [*front_matter(title), f"# {title}", ""]
    if context.language == project.source_language:
        lines += [_("English is the source language. Progress of the translations:"), ""]
        for language in project.languages[1:]:
            name = context.language_name(language)
            lines += _table(context, language_tallies(project, language), heading=name[:1].upper() + name[1:])
        return "\n".join(lines) + "\n"
    lines += [_("Units translated from the current English, outdated, missing, and their review status."), ""]
    states = [(text_set, unit_states(project, text_set, context.language)) for text_set in project.text_sets()]
    tallies = [Tally.of(text_set.id, units) for text_set, units in states]
    lines += _table(context, [*tallies, Tally.total_of("all", tallies)])
    lines += pending_by_edition(context)
    for state, heading in ((State.OUTDATED, _("Outdated")), (State.MISSING, _("Missing"))):
        items = [(text_set, unit) for text_set, units in states for unit in units if unit.state is state]
        lines += [f"## {heading}", ""]
        if not items:
            # TRANSLATORS: under the Outdated (or Missing) heading of the status page: no unit is.
            lines += [_("None."), ""]
            continue
        for text_set, unit in items:
            label, target = unit_link(text_set, unit.unit_id)
            lines.append(f"- [{literal(label)}]({target}) · `{unit.unit_id}`{_changed_facts(text_set, unit)}")
        lines.append("")
    return "\n".join(lines) + "\n"


def _table(context: PageContext, tallies: list[Tally], heading: str | None = None) -> list[str]:
    _ = context._
    columns = [
        # TRANSLATORS: status table heading: the column of game names (a part of the site).
        _("Part"),
        # TRANSLATORS: status table heading: how many text units (rules, titles, notes) the part has.
        _("Units"),
        # TRANSLATORS: status table heading, counts units: translated from the current English.
        _("Translated"),
        # TRANSLATORS: status table heading, counts units: the English changed since they were translated.
        _("Outdated"),
        # TRANSLATORS: status table heading, counts units: not translated yet.
        _("Missing"),
        # TRANSLATORS: status table heading, counts units: draft translations, not reviewed yet.
        _("Draft"),
        # TRANSLATORS: status table heading, counts units: translations a native speaker reviewed.
        _("Reviewed"),
        # TRANSLATORS: status table heading, counts units: the publisher's own text in this language.
        _("Publisher's text"),
        # TRANSLATORS: status table heading: the percentage of units up to date.
        _("Done"),
    ]
    lines = [f"## {heading}", ""] if heading else []
    lines += ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    names = {text_set.id: text_set.name for text_set in context.project.games}
    # TRANSLATORS: status table, the last row: the totals of all parts.
    names["all"] = _("All")
    # TRANSLATORS: the glossary of symbols: a page title, and a row of the status table.
    names["glossary"] = _("Glossary")
    for t in tallies:
        name = literal(names.get(t.name, t.name))
        cells = [
            name,
            t.total,
            t.translated,
            t.outdated,
            t.missing,
            t.draft,
            t.reviewed,
            t.original,
            f"{t.percent:.0f} %",
        ]
        lines.append("| " + " | ".join(str(cell) for cell in cells) + " |")
    # Shown on narrow screens only (CSS): a phone shows half the columns.
    hint = _("The table scrolls sideways.")
    return [*lines, "", f'<p class="rb-scroll-hint" data-search-exclude>{attribute(hint)}</p>', ""]


def _changed_facts(text_set: Game | Glossary, state: UnitState) -> str:
    """Why a translation is outdated when a fact it quotes changed, in no language: `{a.b}` 3 → 5."""
    if state.translation is None:
        return ""
    changes = fact_changes(state.translation, state.source_text, text_set.facts)
    return "".join(f" · `{{{c.name}}}` {literal(shown(c.before))} → {literal(shown(c.after))}" for c in changes)
