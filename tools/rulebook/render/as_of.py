"""Each recorded edition as it was, `<game>/<version>/` in every language: read-only, rendered from
its snapshot alone (never from the current words), for a referee who plays an old printing and a
publisher who cites one.

The page shows the edition and its date, a banner where a later edition replaces it, then each
section and rule with the number and text that edition gave it, in the page's language where that
translation had followed the edition's English (in English, marked, where it had not), each with a
link to where the rule stands now; then the rulings the edition recorded. It is left out of search
(its texts would outrank the current rules) and out of the navigation; the change list and the
game page link to it.
"""

from __future__ import annotations

import re

from rulebook.editions.history import Edition
from rulebook.editions.snapshot import RuleAt, Snapshot, TextAt
from rulebook.editions.timeline import Timeline, anchor
from rulebook.markup.escaping import attribute, emphasis, front_matter, literal, safe_markdown
from rulebook.model import Game, Typography
from rulebook.render.changes import edition_date
from rulebook.render.changes import page_path as changes_path
from rulebook.render.context import PageContext
from rulebook.render.referee import referee_heading, ruling_mark
from rulebook.render.ties import tie_words
from rulebook.text import placeholders

_BLOCK_START = re.compile(r"(?:[-*+] |\d+[.)] |> |#)")  # as the game page joins a rule's number to its text
_RULING_PARTS = ("question", "answer", "why")


def edition_page_path(game: Game | str, version: str) -> str:
    """The page of a recorded edition in a language's docs folder, beside the change list: from the
    change list (`<game>/changes.md`) it is `f"{version}.md"`, from the game page `f"{game}/{version}.md"`.

    >>> edition_page_path("chess", "1.0")
    'chess/1.0.md'
    """
    game_id = game if isinstance(game, str) else game.id
    return f"{game_id}/{version}.md"


def as_of_page(context: PageContext, game: Game, version: str) -> str:
    _ = context._
    found = context.timeline(game)
    snapshot = found.snapshots[version]
    edition = next(edition for edition in found.editions if edition.version == version)
    heading = _("Edition {version}").format(version=version)
    title = f"{game.name} · {heading}"
    lines = [
        # Not searched: an old text would answer a search before the rule as it stands.
        *front_matter(title, searched=False),
        f"# {literal(game.name)}",
        "",
        f'<p class="rb-edition" markdown>{heading} · {literal(edition_date(context, edition.date))}</p>',
        "",
        *_summary(context, game, edition),
        *_standing(context, game, found, edition),
    ]
    for section_id, titles in snapshot.sections.items():
        lines += _section(context, game, found, snapshot, section_id, titles)
    lines += _rulings(context, game, snapshot)
    return "\n".join(lines) + "\n"


def _summary(context: PageContext, game: Game, edition: Edition) -> list[str]:
    """The edition's summary, a unit of the words files written when it was recorded."""
    if edition.unit_id not in game.words[context.project.source_language].units:
        return []
    shown = context.shown(game, edition.unit_id)
    lang = f' lang="{shown.language}"' if shown.language != context.language else ""
    summary = context.text(game, edition.unit_id)
    return [f'<div class="rb-edition-summary"{lang} markdown>', "", summary, "", "</div>", ""]


def _standing(context: PageContext, game: Game, found: Timeline, edition: Edition) -> list[str]:
    """Whether a later edition replaces this one, with the way to the current rules and to what changed."""
    _ = context._
    # TRANSLATORS: on a recorded edition's page, the link to the game page (the rules as they stand).
    rules_now = _("The current rules")
    current = f"[{rules_now}](../{game.id}.md)"
    latest = found.latest
    assert latest is not None
    if latest.version == edition.version:
        changes = _("Changes")
        return [f'<p class="rb-edition" markdown>{current} · [{changes}]({_changes(game)})</p>', ""]
    following = found.editions[found.editions.index(edition) + 1]
    # TRANSLATORS: the title of the banner on the page of an edition that a later edition replaces.
    banner = _("Superseded edition")
    # TRANSLATORS: in the banner of a superseded edition's page; {date} is the later edition's date.
    replaced = _("Edition {version} of {date} replaces this one; this page keeps the rules as they were.").format(
        version=latest.version, date=literal(edition_date(context, latest.date))
    )
    # TRANSLATORS: in the banner of a superseded edition's page, the link to the change list's entry.
    changed = _("What changed in edition {version}").format(version=following.version)
    link = f"[{changed}]({_changes(game)}#{anchor(following.version)})"
    return [f'!!! warning "{attribute(banner)}"', "", f"    {replaced}", "", f"    {current} · {link}", ""]


def _changes(game: Game) -> str:
    """The change list, from this page's folder (both are in `<game>/`)."""
    return changes_path(game).removeprefix(f"{game.id}/")


def _section(
    context: PageContext, game: Game, found: Timeline, snapshot: Snapshot, section_id: str, titles: dict[str, str]
) -> list[str]:
    rules = [rule for rule in snapshot.rules.values() if rule.section == section_id]
    number = rules[0].number.split(".")[0] if rules else str(list(snapshot.sections).index(section_id) + 1)
    source = context.project.source_language
    shown = context.language if context.language in titles else source
    title = _inline(_typeset(context, titles.get(shown, section_id), shown))
    if shown != context.language:
        title = f'<span lang="{shown}">{title}</span>'
    lines = [f"## {number}. {title} {{ #{section_id} }}", ""]
    for rule in rules:
        lines += _rule(context, game, found, snapshot, rule)
    return lines


def _rule(context: PageContext, game: Game, found: Timeline, snapshot: Snapshot, rule: RuleAt) -> list[str]:
    shown = _language(context, rule)
    text = safe_markdown(_typeset(context, rule.text.get(shown, ""), shown))
    citation = attribute(f"{game.name} {rule.number}")
    number = f'<a class="rb-rule__number" href="#{rule.id}" title="{citation}">{attribute(rule.number)}</a>'
    opening = f"{number}\n\n{text}" if _BLOCK_START.match(text) else f"{number} {text}"
    lang = f' lang="{shown}"' if shown != context.language else ""
    lines = [f'<div class="rb-rule" id="{rule.id}"{lang} markdown>', opening, ""]
    if shown != context.language:
        lines += _pending_note(context)
    lines += [f'<p class="rb-now" data-search-exclude markdown>{_now(context, game, found, snapshot, rule)}</p>', ""]
    return [*lines, "</div>", ""]


def _language(context: PageContext, unit: RuleAt | TextAt) -> str:
    """The page's language where the edition's translation had followed its English; else English."""
    if context.language in unit.text and context.language not in unit.pending:
        return context.language
    return context.project.source_language


def _pending_note(context: PageContext) -> list[str]:
    # TRANSLATORS: on a recorded edition's page, under a rule whose translation had not followed that edition.
    note = context._("Translation pending at this edition: shown in English.")
    return [f'<p class="rb-badge rb-badge--missing" data-search-exclude>{attribute(note)}</p>', ""]


def _now(context: PageContext, game: Game, found: Timeline, snapshot: Snapshot, rule: RuleAt) -> str:
    """Where the rule stands now, through every rename since; or the edition that removed it."""
    _ = context._
    current = game.rule(found.current_id(rule.id, snapshot.version))
    if current is None:
        removed = removed_in(found, rule.id, snapshot.version)
        # TRANSLATORS: on a recorded edition's page, after a rule that a later edition removed.
        return _("removed in {version}").format(version=removed) if removed else _("removed")
    link = f"[{literal(game.name)} {current.number}](../{game.id}.md#{current.id})"
    # TRANSLATORS: on a recorded edition's page, under each rule: the rule as it stands now, linked.
    now = _("Now: {rule}").format(rule=link)
    source = context.project.source_language
    if rule.text.get(source) != _current_english(context, game, current.unit_id):
        # TRANSLATORS: on a recorded edition's page, after the link to a rule whose text changed since that edition.
        now += " · " + _("changed since")
    return now


def _current_english(context: PageContext, game: Game, unit_id: str) -> str | None:
    """The rule's English as readers see it now, its numbers filled: a fact changed since changes it too."""
    source = context.project.source_language
    unit = game.words[source].units.get(unit_id)
    return placeholders.fill(unit.text, game.facts, source) if unit is not None else None


def removed_in(found: Timeline, rule_id: str, version: str) -> str | None:
    """The first recorded edition after `version` without the rule (by the id it had then), if any."""
    later = [edition.version for edition in found.editions]
    for after in later[later.index(version) + 1 :]:
        renamed = found.history.renamed_between(version, after) if found.history is not None else {}
        if renamed.get(rule_id, rule_id) not in found.snapshots[after].rules:
            return after
    return None


def _rulings(context: PageContext, game: Game, snapshot: Snapshot) -> list[str]:
    """The referee notes the edition recorded (snapshots from 2026-12-04 on keep them)."""
    units = snapshot.units or {}
    ruling_ids = list(dict.fromkeys(unit.split(".")[1] for unit in units if unit.startswith("ruling.")))
    if not ruling_ids:
        return []
    lines = referee_heading(context)
    for ruling_id in ruling_ids:
        parts = [units.get(f"ruling.{ruling_id}.{part}") for part in _RULING_PARTS]
        lines += _ruling(context, game, ruling_id, parts)
    return lines


def _ruling(context: PageContext, game: Game, ruling_id: str, parts: list[TextAt | None]) -> list[str]:
    _ = context._
    why_label = _("Why:")
    kept = [part for part in parts if part is not None]
    # One language for the whole note: English throughout where any of its parts had not followed.
    english = any(_language(context, part) != context.language for part in kept)
    shown = context.project.source_language if english else context.language
    question, answer, why = (
        safe_markdown(_typeset(context, part.text.get(shown, ""), shown)) if part is not None else "" for part in parts
    )
    now = next((ruling for ruling in game.rulings if ruling_id in (ruling.id, *ruling.formerly)), None)
    # What the note is, as the game page marks it (the snapshot does not say); a note gone since is
    # marked as the project's own decision, a claim that never passes it off as the publisher's text.
    mark = ruling_mark(context, now) if now is not None else _("Project ruling")
    lang = f' lang="{shown}"' if shown != context.language else ""
    lines = [
        f'<div class="rb-ruling" id="ruling-{ruling_id}"{lang} markdown>',
        f'<span class="rb-badge rb-badge--ruling" data-search-exclude>{attribute(mark)}</span>',
        "",
        *([f"**{question}**", ""] if question else []),
        *([answer, ""] if answer else []),
        *([f"{emphasis(why_label)} {why}", ""] if why else []),
    ]
    if english:
        lines += _pending_note(context)
    if now is not None:
        note = _("Referee note")
        standing = _("Now: {rule}").format(rule=f"[{note}](../{game.id}.md#ruling-{ruling_id})")
    else:
        standing = _("removed")
    lines += [f'<p class="rb-now" data-search-exclude markdown>{standing}</p>', ""]
    return [*lines, "</div>", ""]


def _typeset(context: PageContext, text: str, language: str) -> str:
    """The language's ties, as the game page writes them (render/ties.py)."""
    return tie_words(text, context.project.typography.get(language, Typography()).tie_to_next_word)


def _inline(text: str) -> str:
    """A title on one line, safe for Markdown."""
    return safe_markdown(" ".join(text.splitlines()))
