"""Each game's change list, `<game>/changes/` in every language: its editions newest first, each
with what it changed: the rules added, removed, changed (with a word diff), renumbered and renamed;
the facts and scoring values (old → new); the section titles, the rulings and the worked examples;
and a lookup from the numbers of old editions to the current rules.

Every text is shown in the page's language where its translation followed the English, at the
edition or since (the marks follow the translator as they catch up), and in English with a
"translation pending" mark where it has not yet."""

from __future__ import annotations

import datetime
import json
from collections.abc import Mapping
from typing import Any

from babel.dates import format_date

from rulebook.editions.changes import Change, FactChange, ItemChange, Others, translation_now, waiting
from rulebook.editions.snapshot import RuleAt, Snapshot, TextAt
from rulebook.editions.timeline import Timeline, anchor
from rulebook.editions.word_diff import Piece, marked, word_diff
from rulebook.i18n.state import State, unit_states
from rulebook.markup.escaping import attribute, front_matter, literal, safe_markdown
from rulebook.model import Game
from rulebook.render.context import PageContext
from rulebook.text import placeholders

# Material's mark (attr_list) for a heading whose section stays out of the search index.
NOT_SEARCHED = "data-search-exclude"
REMOVED_LENGTH = 160  # how much of a removed or added text the list shows, cut between words


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
    # TRANSLATORS: on a change list, the link to its Atom feed, for feed readers.
    feed = _("Follow the changes in a feed reader (Atom)")
    # TRANSLATORS: on a change list, under an edition: the link to that edition's rules as recorded.
    recorded = _("As recorded")
    # TRANSLATORS: on a change list, under an edition: the link to its one-page list of changes, for print.
    sheet = _("Errata sheet")
    lines = [*front_matter(title, intro), f"# {literal(title)}", "", intro, ""]
    # A raw link: the feed is written after the build (render/feed.py), and MkDocs knows no such page.
    lines += [f'<p class="rb-edition"><a href="../changes.xml">{attribute(feed)}</a></p>', ""]
    lines += _lookup(context, game, found)
    for edition in reversed(found.editions):
        heading = _("Edition {version}").format(version=edition.version)
        # A change list's editions and old numbers are not searched: the rules answer, not their history.
        lines += [
            f"## {heading} · {edition_date(context, edition.date)} {{ #{anchor(edition.version)} {NOT_SEARCHED} }}",
            "",
        ]
        # The edition's own pages (render/as_of.py, render/errata.py), beside this one in its folder.
        pages = f"[{recorded}]({edition.version}.md)"
        if edition is not found.editions[0]:
            pages += f" · [{sheet}](errata-{edition.version}.md)"
        lines += [f'<p class="rb-edition" markdown>{pages}</p>', ""]
        lines += _summary(context, game, edition.unit_id)
        changes = found.changes.get(edition.version)
        if changes is None:
            lines += [_("The first recorded edition."), ""]
            continue
        others = found.others.get(edition.version, Others())
        if not changes and not others:
            lines += [_("No rule changed."), ""]
        lines += _rule_changes(context, game, found, edition.version, changes)
        lines += _other_changes(context, game, found.snapshots[edition.version], others)
    return "\n".join(lines) + "\n"


def _summary(context: PageContext, game: Game, unit_id: str) -> list[str]:
    if unit_id not in game.words[context.project.source_language].units:
        return []
    shown = context.shown(game, unit_id)
    lang = f' lang="{shown.language}"' if shown.language != context.language else ""
    lines = [f'<div class="rb-edition-summary"{lang} markdown>', "", context.text(game, unit_id), "", "</div>", ""]
    if shown.missing or shown.outdated:
        lines += _pending_badge(context)
    return lines


def _rule_changes(context: PageContext, game: Game, found: Timeline, version: str, changes: list[Change]) -> list[str]:
    _ = context._
    headings = {
        # TRANSLATORS: a change list's heading over the rules an edition added.
        "added": _("Added"),
        # TRANSLATORS: a change list's heading over the rules an edition removed.
        "removed": _("Removed"),
        # TRANSLATORS: a change list's heading over the rules whose text an edition changed.
        "changed": _("Changed"),
        # TRANSLATORS: a change list's heading over the rules an edition gave another number.
        "renumbered": _("Renumbered"),
        # TRANSLATORS: a change list's heading over the rules whose link (id) an edition changed.
        "renamed": _("New link"),
    }
    lines = []
    for kind, heading in headings.items():
        of_kind = [change for change in changes if change.kind == kind]
        if of_kind:
            lines += [f"### {heading} {{ {NOT_SEARCHED} }}", ""]
            for change in of_kind:
                lines += _entry(context, game, found, version, change)
    return lines


def _numbers(context: PageContext, game: Game, found: Timeline, version: str, change: Change) -> str:
    name = literal(game.name)
    current = game.rule(found.current_id(change.rule_id, version))
    link = f"[{name} {change.new_number}](../{game.id}.md#{current.id})" if current else f"{name} {change.new_number}"
    if change.kind == "added":
        return link
    if change.kind == "removed":
        return f"{name} {change.old_number}"
    if change.old_number == change.new_number:
        return link
    return f"{name} {change.old_number} → {link}"


def _entry(context: PageContext, game: Game, found: Timeline, version: str, change: Change) -> list[str]:
    lines = [f'<div class="rb-change" id="{anchor(version, change.rule_id)}" markdown>', ""]
    numbers = _numbers(context, game, found, version, change)
    if change.old_id is not None:
        # TRANSLATORS: on the change list, after a rule whose id (and so its link) an edition changed.
        numbers += " · " + context._("formerly #{id}").format(id=change.old_id)
    facts = found.snapshots[version].nested_facts() or game.facts
    unit_id = f"rule.{found.current_id(change.rule_id, version)}"
    if change.kind in ("added", "removed"):
        rule = change.new or change.old
        assert rule is not None
        text, pending = _whole(context, game, rule, unit_id, facts, follows=change.kind == "added")
        lang = f' lang="{context.project.source_language}"' if pending else ""
        lines += [f"{numbers} · <span{lang}>{text}</span>", ""]
        return [*lines, *(_pending_badge(context, game, change.rule_id) if pending else []), "</div>", ""]
    if change.kind in ("renumbered", "renamed"):
        return [*lines, numbers, "", "</div>", ""]
    lines += [numbers, ""]
    lines += _diff_lines(context, game, change.old, change.new, unit_id, facts, rule_id=change.rule_id)
    return [*lines, "</div>", ""]


def _now(context: PageContext, game: Game, new: RuleAt | TextAt, unit_id: str, facts: Mapping[str, Any]) -> str | None:
    """The page language's translation of the later edition's English, made since; None if none."""
    if context.language == context.project.source_language or not waiting(new, context.language):
        return None
    english = new.english_unit(context.project.source_language)
    return translation_now(game, unit_id, english, context.language, facts)


def _diff_lines(
    context: PageContext,
    game: Game,
    old: RuleAt | TextAt | None,
    new: RuleAt | TextAt | None,
    unit_id: str,
    facts: Mapping[str, Any],
    rule_id: str | None = None,
) -> list[str]:
    source = context.project.source_language
    now = _now(context, game, new, unit_id, facts) if new is not None else None
    pending = new is not None and waiting(new, context.language) and now is None
    shown = source if pending else context.language
    before = old.text.get(shown, "") if old else ""
    after = now if now is not None else (new.text.get(shown, "") if new else "")
    lang = f' lang="{shown}"' if shown != context.language else ""
    lines = [f'<p class="rb-diff"{lang} markdown="span">{_marked(word_diff(before, after))}</p>', ""]
    return lines + (_pending_badge(context, game, rule_id) if pending else [])


def _whole(
    context: PageContext, game: Game, rule: RuleAt, unit_id: str, facts: Mapping[str, Any], *, follows: bool
) -> tuple[str, bool]:
    """An added or removed rule's text, cut between words, and whether it is shown in English."""
    source = context.project.source_language
    text = rule.text.get(context.language) if not waiting(rule, context.language) else None
    if text is None and follows:
        text = _now(context, game, rule, unit_id, facts)
    pending = text is None and context.language != source
    return _inline(_cut_words(text if text is not None else rule.text.get(source, ""))), pending


def _pending_badge(context: PageContext, game: Game | None = None, rule_id: str | None = None) -> list[str]:
    # TRANSLATORS: on the change list, under an erratum whose translation is not updated yet.
    label = context._("Translation pending: the change above is the English one.")
    english = ""
    if game is not None and rule_id is not None and game.rule(rule_id) is not None:
        source = context.project.source_language
        root = "../" * (2 if context.language == source else 3)
        english = f' <a href="{root}{game.id}/#{rule_id}" hreflang="{source}">{attribute(_english(context))}</a>'
    return [f'<p class="rb-badge rb-badge--outdated">{attribute(label)}{english}</p>', ""]


def _english(context: PageContext) -> str:
    return context._("The current English rule")


def _other_changes(context: PageContext, game: Game, snapshot: Snapshot, others: Others) -> list[str]:
    _ = context._
    lines: list[str] = []
    # TRANSLATORS: a change list's heading over the numbers (facts and scoring values) an edition changed.
    numbers = _("Numbers and scoring values")
    # TRANSLATORS: a change list's heading over the section titles an edition changed.
    titles = _("Section titles")
    # TRANSLATORS: a change list's heading over the worked examples an edition added, removed or changed.
    examples = _("Worked examples")
    if others.facts:
        lines += [f"### {numbers} {{ {NOT_SEARCHED} }}", "", *_fact_table(context, game, snapshot, others.facts)]
    if others.sections:
        lines += [f"### {titles} {{ {NOT_SEARCHED} }}", ""]
        for change in others.sections:
            lines += _diff_lines(context, game, change.old, change.new, change.unit_id, snapshot.nested_facts())
    if others.rulings:
        lines += [f"### {_('Referee notes')} {{ {NOT_SEARCHED} }}", ""]
        for item in others.rulings:
            lines += _item(context, game, snapshot, item, "ruling")
    if others.examples:
        lines += [f"### {examples} {{ {NOT_SEARCHED} }}", ""]
        for item in others.examples:
            lines += _item(context, game, snapshot, item, "example")
    return lines


def _fact_table(context: PageContext, game: Game, snapshot: Snapshot, facts: list[FactChange]) -> list[str]:
    _ = context._
    # TRANSLATORS: a column of the change list's numbers: the fact's name in game.yaml.
    name = _("Fact")
    # TRANSLATORS: a column of the change list's numbers: the value before the edition.
    before = _("Before")
    # TRANSLATORS: a column of the change list's numbers: the rules whose text quotes the fact.
    quoted = _("Quoted by")
    header = (name, before, _("Now"), quoted)
    rows = [f"| {' | '.join(header)} |", "|---|---|---|---|"]
    for fact in facts:
        quoting = [
            f"[{literal(game.name)} {snapshot.rules[rule_id].number}](../{game.id}.md#{rule_id})"
            for rule_id in fact.quoted_by
            if game.rule(rule_id) is not None
        ]
        for unit in fact.quoted_in:  # "ruling.x" or "example.y": their anchors on the game page
            kind, item = unit.split(".", 1)
            # TRANSLATORS: on the change list, before the id of a referee note that quotes a changed number.
            ruling = context._("Referee note")
            label = context._("Example") if kind == "example" else ruling
            quoting.append(f"[{label} {literal(item)}](../{game.id}.md#{kind}-{item})")
        old, new = _value(context, fact.old), _value(context, fact.new)
        rows.append(f"| `{fact.name}` | {old} | {new} | {', '.join(quoting) or '—'} |")
    return [*rows, ""]


def _value(context: PageContext, value: Any) -> str:
    if value is None:
        return "—"
    return literal(placeholders.format_value(value, context.language))


def _item(context: PageContext, game: Game, snapshot: Snapshot, item: ItemChange, kind: str) -> list[str]:
    _ = context._
    labels = {"added": _("Added"), "removed": _("Removed"), "changed": _("Changed")}
    slug = snapshot.version.replace(".", "-")
    link = f"../{game.id}.md#{kind}-{item.id}" if item.kind != "removed" else None
    title = _item_title(context, snapshot, item, kind)
    title = f"[{title}]({link})" if link else title
    lines = [f'<div class="rb-change" id="change-{slug}-{kind}-{item.id}" markdown>', ""]
    lines += [f"**{labels[item.kind]}** · {title}", ""]
    facts = snapshot.nested_facts()
    for text in item.texts:
        if not text.unit_id.endswith(".question"):
            lines += _diff_lines(context, game, text.old, text.new, text.unit_id, facts)
    if item.old_data != item.new_data:
        old, new = _data(item.old_data), _data(item.new_data)
        # TRANSLATORS: on the change list, before a worked example's situation, as data, that an edition changed.
        situation = _("Situation:")
        # TRANSLATORS: on the change list, before a worked example's expected result, as data.
        expected = _("Expected result:")
        for part, label in (("input", situation), ("expect", expected)):
            if old.get(part) != new.get(part):
                diff = marked(word_diff(_json(old.get(part)), _json(new.get(part))), literal)  # data: no Markdown
                lines += [f'<p class="rb-diff rb-diff--data" markdown="span">{label} <code>{diff}</code></p>', ""]
    return [*lines, "</div>", ""]


def _item_title(context: PageContext, snapshot: Snapshot, item: ItemChange, kind: str) -> str:
    """A ruling's question (in the page's language where its translation followed), or "Example x"."""
    if kind == "example":
        return f"{context._('Example')} {literal(item.id)}"
    question = next((text for text in item.texts if text.unit_id.endswith(".question")), None)
    unit = (question.new or question.old) if question else (snapshot.units or {}).get(f"ruling.{item.id}.question")
    if unit is None:
        return literal(item.id)
    source = context.project.source_language
    shown = context.language if context.language in unit.text and context.language not in unit.pending else source
    return _inline(_cut_words(unit.text.get(shown, item.id), 100))


def _data(text: str | None) -> dict[str, Any]:
    data = json.loads(text) if text else {}
    return data if isinstance(data, dict) else {}


def _json(value: Any) -> str:
    return "" if value is None else json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(", ", ": "))


def _marked(pieces: list[Piece]) -> str:
    return marked(pieces, _inline)


def _inline(text: str) -> str:
    """A text on one line, safe for Markdown: no line break can open a block inside the diff."""
    return safe_markdown(" ".join(text.splitlines()))


def _cut_words(text: str, limit: int = REMOVED_LENGTH) -> str:
    """At most `limit` characters, cut between words, with an ellipsis where text was left out.

    >>> _cut_words("one two three", 9), _cut_words("one two", 9)
    ('one two…', 'one two')
    """
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    space = head.rfind(" ")
    return (head[:space] if space > 0 else head).rstrip(" ,;:") + "…"


def _lookup(context: PageContext, game: Game, found: Timeline) -> list[str]:
    """Old citations: each number of an older edition that now names another rule, or none."""
    _ = context._
    rows = []
    for edition in reversed(found.editions):
        for rule in found.snapshots[edition.version].rules.values():
            current = game.rule(found.current_id(rule.id, edition.version))
            if current is not None and current.number == rule.number:
                continue
            if current is None:
                # TRANSLATORS: in the change list's table of old numbers: the rule cited no longer exists.
                now = _("removed")
            else:
                now = f"[{literal(game.name)} {current.number}](../{game.id}.md#{current.id})"
            rows.append(f"| {edition.version} | {literal(game.name)} {rule.number} | {now} |")
    heading = _("Old numbers")
    lines = [f"## {heading} {{ #old-numbers {NOT_SEARCHED} }}", ""]
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
            pending = sum(f"rule.{found.current_id(change.rule_id, edition.version)}" in waiting for change in touched)
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
