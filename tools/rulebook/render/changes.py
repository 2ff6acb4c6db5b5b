"""Each game's change list, `<game>/changes/` in every language: its editions newest first, each
with the rules added, removed, changed (with a word diff) and renumbered, and a lookup from the
numbers of old editions to the current rules."""

from __future__ import annotations

import datetime

from babel.dates import format_date

from rulebook.editions.changes import Change
from rulebook.editions.timeline import Timeline, anchor
from rulebook.editions.word_diff import marked
from rulebook.i18n.state import State, unit_states
from rulebook.model import Game
from rulebook.problems import cut
from rulebook.render.context import PageContext
from rulebook.render.markup import attribute, front_matter, literal


def page_path(game: Game) -> str:
    return f"{game.id}/changes.md"


def edition_date(context: PageContext, date: str) -> str:
    """An edition's date as the page's language writes it ("15 décembre 2026")."""
    return format_date(datetime.date.fromisoformat(date), format="long", locale=context.language)


def changes_page(context: PageContext, game: Game) -> str:
    _ = context._
    found = context.timeline(game)
    title = _("Changes to {game}").format(game=game.name)
    intro = _(
        "Each edition of the rules, newest first: the rules added, removed, changed and renumbered, "
        "each with its number in both editions."
    )
    lines = [*front_matter(title, intro), f"# {literal(title)}", "", intro, ""]
    lines += _lookup(context, game, found)
    for edition in reversed(found.editions):
        heading = _("Edition {version}").format(version=edition.version)
        lines += [f"## {heading} · {edition_date(context, edition.date)} {{ #{anchor(edition.version)} }}", ""]
        if edition.unit_id in game.words[context.project.source_language].units:
            shown = context.shown(game, edition.unit_id)
            lang = f' lang="{shown.language}"' if shown.language != context.language else ""
            lines += [
                f'<div class="rb-edition-summary"{lang} markdown>',
                "",
                context.text(game, edition.unit_id),
                "",
                "</div>",
                "",
            ]
        changes = found.changes.get(edition.version)
        if changes is None:
            lines += [_("The first recorded edition."), ""]
            continue
        if not changes:
            lines += [_("No rule changed."), ""]
        headings = {
            # TRANSLATORS: a change list's heading over the rules an edition added.
            "added": _("Added"),
            # TRANSLATORS: a change list's heading over the rules an edition removed.
            "removed": _("Removed"),
            # TRANSLATORS: a change list's heading over the rules whose text an edition changed.
            "changed": _("Changed"),
            # TRANSLATORS: a change list's heading over the rules an edition gave another number.
            "renumbered": _("Renumbered"),
        }
        for kind, heading in headings.items():
            of_kind = [change for change in changes if change.kind == kind]
            if of_kind:
                lines += [f"### {heading}", ""]
                for change in of_kind:
                    lines += _entry(context, game, edition.version, change)
    return "\n".join(lines) + "\n"


def _numbers(context: PageContext, game: Game, change: Change) -> str:
    name = literal(game.name)
    link = f"[{name} {change.new_number}](../{game.id}.md#{change.rule_id})"
    if change.kind == "added":
        return link
    if change.kind == "removed":
        return f"{name} {change.old_number}"
    if change.old_number == change.new_number:
        return link
    return f"{name} {change.old_number} → {link}"


def _entry(context: PageContext, game: Game, version: str, change: Change) -> list[str]:
    source = context.project.source_language
    rule = change.new or change.old
    assert rule is not None
    lines = [f'<div class="rb-change" id="{anchor(version, change.rule_id)}" markdown>', ""]
    if change.kind != "changed":
        text = literal(cut(rule.text.get(context.language) or rule.text.get(source, ""), 120))
        if context.language not in rule.text:
            text = f'<span lang="{source}">{text}</span>'
        lines += [f"{_numbers(context, game, change)} · {text}", ""]
        return [*lines, "</div>", ""]
    pending = change.pending(context.language)
    shown = source if pending else context.language
    diff = marked(change.diff(context.language, source), literal)
    lang = f' lang="{shown}"' if shown != context.language else ""
    lines += [_numbers(context, game, change), "", f'<p class="rb-diff"{lang}>{diff}</p>', ""]
    if pending:
        root = "../" * (2 if context.language == source else 3)
        english = f'<a href="{root}{game.id}/#{change.rule_id}" hreflang="{source}">{attribute(_english(context))}</a>'
        # TRANSLATORS: on the change list, under an erratum whose translation is not updated yet.
        label = context._("Translation pending: the change above is the English one.")
        lines += [f'<p class="rb-badge rb-badge--outdated">{attribute(label)} {english}</p>', ""]
    return [*lines, "</div>", ""]


def _english(context: PageContext) -> str:
    return context._("The current English rule")


def _lookup(context: PageContext, game: Game, found: Timeline) -> list[str]:
    """Old citations: each number of an older edition that now names another rule, or none."""
    _ = context._
    rows = []
    for edition in reversed(found.editions):
        for rule in found.snapshots[edition.version].rules.values():
            current = game.rule(rule.id)
            if current is not None and current.number == rule.number:
                continue
            if current is None:
                # TRANSLATORS: in the change list's table of old numbers: the rule cited no longer exists.
                now = _("removed")
            else:
                now = f"[{literal(game.name)} {current.number}](../{game.id}.md#{rule.id})"
            rows.append(f"| {edition.version} | {literal(game.name)} {rule.number} | {now} |")
    heading = _("Old numbers")
    lines = [f"## {heading} {{ #old-numbers }}", ""]
    if not rows:
        return [*lines, _("Every number of every edition still names the same rule."), ""]
    header = (
        # TRANSLATORS: a column of the change list's old numbers: the edition a number was cited from.
        _("Edition"),
        _("Cited as"),
        # TRANSLATORS: a column of the change list's old numbers: the rule the number names now.
        _("Now"),
    )
    return [
        *lines,
        _("A number cited from an older edition, and the rule it names now."),
        "",
        f"| {' | '.join(header)} |",
        "|---|---|---|",
        *rows,
        "",
    ]


def pending_by_edition(context: PageContext) -> list[str]:
    """The status page's count, per game and edition, of the rules that edition added or changed
    whose translation in the page's language is still outdated or missing."""
    _ = context._
    rows = []
    for game in context.project.games:
        found = context.timeline(game)
        if not found.changes:
            continue
        waiting = {
            state.unit_id
            for state in unit_states(context.project, game, context.language)
            if state.state in (State.OUTDATED, State.MISSING)
        }
        for edition in reversed(found.editions[1:]):
            touched = [c for c in found.changes[edition.version] if c.kind in ("added", "changed")]
            pending = sum(f"rule.{change.rule_id}" in waiting for change in touched)
            link = f"[{literal(game.name)} {edition.version}]({page_path(game)}#{anchor(edition.version)})"
            rows.append(f"| {link} | {len(touched)} | {pending} |")
    if not rows:
        return []
    # TRANSLATORS: heading on the status page: per edition, the rules it changed still to translate.
    heading = _("Errata to translate")
    header = (
        _("Edition"),
        # TRANSLATORS: a column on the status page: how many rules an edition added or changed.
        _("Rules added or changed"),
        # TRANSLATORS: a column on the status page: of those, how many translations are outdated or missing.
        _("Pending"),
    )
    return [f"## {heading}", "", f"| {' | '.join(header)} |", "|---|---|---|", *rows, ""]
