"""What referees read on a game page: worked examples under their rules, and the referee notes.

Every example is scored here, at build time, by the same code as `rulebook score`; a page can
only show a breakdown that the scoring functions computed.
"""

from __future__ import annotations

from collections.abc import Iterable

from rulebook.located.document import format_path
from rulebook.markup.escaping import attribute, emphasis, literal
from rulebook.model import Example, Game, Rule, Ruling
from rulebook.problems import Problem
from rulebook.render.context import PageContext
from rulebook.scoring.assumptions import assumed_rulings
from rulebook.scoring.outcome import Outcome, Reason
from rulebook.scoring.situation import Invalid
from rulebook.scoring.summary import label_words
from rulebook.scoring.worked import verified, worked_outcome
from rulebook.text import placeholders


def rule_links(game: Game, rule_ids: Iterable[str]) -> str:
    links = []
    for rule_id in rule_ids:
        rule = game.rule(rule_id)
        if rule is not None:
            links.append(f"[{literal(game.citation(rule))}](#{rule.id})")
    return ", ".join(links)


def examples_under(context: PageContext, game: Game, rule: Rule) -> list[str]:
    """The examples whose first rule is this one, each as a block of Markdown lines."""
    lines: list[str] = []
    for example in game.examples:
        if example.rules[0] == rule.id:
            lines += _example(context, game, example)
    return lines


def ruling_links(context: PageContext, game: Game, rule: Rule) -> list[str]:
    """Under a rule: a link to each referee note that concerns it."""
    _ = context._
    notes = [ruling for ruling in game.rulings if rule.id in ruling.rules]
    if not notes:
        return []
    label = _("Referee note:")
    links = [f"[{context.text(game, ruling.unit_ids[0])}](#ruling-{ruling.id})" for ruling in notes]
    return [f'<p class="rb-ruling-link" markdown>{attribute(label)} {" · ".join(links)}</p>', ""]


def referee_heading(context: PageContext) -> list[str]:
    """The heading of a page's referee notes and what they are: never the publisher's rule text."""
    _ = context._
    title = _("Referee notes")
    return [
        f"## {title} {{ #referee-notes }}",
        "",
        _(
            "Where the source texts are silent or ambiguous, the answers marked as project rulings are the "
            "project's own decisions; the others only restate what the rules say. None of them is the "
            "publisher's rule text; the scoring and the examples follow them."
        ),
        "",
    ]


def referee_notes(context: PageContext, game: Game) -> list[str]:
    if not game.rulings:
        return []
    lines = referee_heading(context)
    for ruling in game.rulings:
        lines += _ruling(context, game, ruling)
    return lines


def ruling_mark(context: PageContext, ruling: Ruling) -> str:
    """What a referee note is: the project's decision, or the rules said again."""
    # TRANSLATORS: the mark of a referee note whose answer only says again what the rules say.
    return context._("Restates the rules") if ruling.restates else context._("Project ruling")


def former_anchors(kind: str, former_ids: tuple[str, ...]) -> list[str]:
    """An empty anchor for each id an example or a ruling had before a rename: links and citations
    made before it still arrive here."""
    return [f'<span id="{kind}-{old}"></span>' for old in former_ids]


def _ruling(context: PageContext, game: Game, ruling: Ruling) -> list[str]:
    _ = context._
    question, answer, why = (in_its_language(context, game, unit_id) for unit_id in ruling.unit_ids)
    concerns = _("Concerns:")
    why_label = _("Why:")
    mark = ruling_mark(context, ruling)
    presumed = [other for other in game.rulings if other.id in ruling.presumes]
    return [
        f'<div class="rb-ruling" id="ruling-{ruling.id}" markdown>',
        # A paragraph of its own, which the search index keeps empty: each ruling's entry starts there
        # (render/rule_entries.py). The former ids' empty anchors go before the question instead, so
        # that it stays empty.
        f'<span class="rb-badge rb-badge--ruling" data-search-exclude>{attribute(mark)}</span>',
        "",
        f"{''.join(former_anchors('ruling', ruling.formerly))}**{question}**",
        "",
        answer,
        "",
        f"{emphasis(why_label)} {why}",
        "",
        *translation_notice(context, game, ruling.unit_ids),
        *_rests_on(context, game, presumed),
        f"{concerns} {rule_links(game, ruling.rules)}",
        "",
        "</div>",
        "",
    ]


def in_its_language(context: PageContext, game: Game, unit_id: str) -> str:
    """A caption or a note's part as Markdown, marked with its language when the page shows it in
    another (English, not translated yet): a screen reader reads it in English, and the page's
    typography is not asked of it. A text of several paragraphs is left as it is: a span cannot hold them."""
    text = context.text(game, unit_id)
    language = context.shown(game, unit_id).language
    if language == context.language or "\n\n" in text:
        return text
    return f'<span lang="{language}">{text}</span>'


def translation_notice(context: PageContext, game: Game, unit_ids: Iterable[str]) -> list[str]:
    """What a caption or a referee note shown in a translation owes its reader, as a rule does
    (pages.py): a badge when English has changed since it was translated, with the current English
    under it, or when it is shown in English. Without it, a French caption went on saying who wins
    under a table that, after an erratum, said another player did."""
    _ = context._
    ids = list(unit_ids)
    shown = [context.shown(game, unit_id) for unit_id in ids]
    outdated = [unit_id for unit_id, one in zip(ids, shown, strict=True) if one.outdated]
    if outdated:
        label = _("Outdated translation: the English text has changed since.")
        current = _("The current English text")
        return [
            f'<p class="rb-badge rb-badge--outdated" data-search-exclude>{attribute(label)}</p>',
            "",
            '<details class="rb-current" lang="en" markdown>',
            f"<summary>{attribute(current)}</summary>",
            "",
            *[line for unit_id in outdated for line in (context.english_text(game, unit_id), "")],
            "</details>",
            "",
        ]
    if any(one.missing for one in shown):
        label = _("Not translated yet: shown in English.")
        return [f'<p class="rb-badge rb-badge--missing" data-search-exclude>{attribute(label)}</p>', ""]
    return []


def _rests_on(context: PageContext, game: Game, rulings: list[Ruling]) -> list[str]:
    """The project's decisions that an example or a ruling rests on, each linked to its note."""
    if not rulings:
        return []
    # TRANSLATORS: label before links to the referee notes (project rulings) an example or a ruling rests on.
    label = context._("Rests on:")
    links = " · ".join(f"[{context.text(game, ruling.unit_ids[0])}](#ruling-{ruling.id})" for ruling in rulings)
    return [f'<p class="rb-rests-on" markdown>**{attribute(label)}** {links}</p>', ""]


def _example(context: PageContext, game: Game, example: Example) -> list[str]:
    _ = context._
    scored = worked_outcome(game, example, context.project.root)
    outcome = scored if isinstance(scored, Outcome) else None
    refusal = _refusal(context, scored) if isinstance(scored, Invalid) else ""
    # TRANSLATORS: heading of a worked example (a scored situation) under a rule.
    heading = _("Example")
    # Not searched: an example's words (players' names, other rules' tokens) answered questions that
    # its rule does not; the rule above it is (render/rule_entries.py).
    lines = [
        f'<div class="rb-example" id="example-{example.id}" data-search-exclude markdown>',
        *former_anchors("example", example.formerly),
        f"**{heading}** · {rule_links(game, example.rules)}",
        "",
        in_its_language(context, game, example.unit_id),
        "",
        *translation_notice(context, game, [example.unit_id]),
    ]
    assumed = assumed_rulings(game, example, context.project.root)
    if assumed:
        lines += _assumption(context, game, assumed)
    # The decisions where the sources are silent, other than the assumed values linked above.
    decided = [
        ruling
        for ruling in game.rulings
        if ruling.id in example.rulings and not ruling.restates and ruling not in assumed
    ]
    lines += _rests_on(context, game, decided)
    if outcome is None:
        refused = _("Refused:")
        lines += [f"**{refused}** <code>{refusal}</code>", ""]
    else:
        lines += breakdown(context, outcome)
    # The mark says what this build checked: none on an example whose result is not what it expects
    # (`rulebook check` and the build refuse those; a page rendered past them claims nothing).
    reproduce = _reproduce(context, game, example, assumed=bool(assumed)) if verified(example, scored) else []
    return [*lines, *reproduce, "</div>", ""]


def _refusal(context: PageContext, invalid: Invalid) -> str:
    """Why the example is refused, in the page's language (the schema's own problems stay English),
    as markup: each field path in its own span, which paper leaves out (rulebook.css, print): a
    reader of paper has the words, and no form whose field it names."""
    if not invalid.reasons:
        return "; ".join(_schema_refusal(problem) for problem in invalid.problems)

    def list_words(values: list[object]) -> str:
        return placeholders.format_value(values, context.language)

    def said(reason: Reason | str) -> str:
        return reason.say(context._, context.ngettext, list_words) if isinstance(reason, Reason) else reason

    return "; ".join(_field_said(format_path(path), said(reason)) for path, reason in invalid.reasons)


def _field_said(path: str, words: str) -> str:
    return f'<span class="rb-field-path">{attribute(path)}: </span>{attribute(words)}'


def _schema_refusal(problem: Problem) -> str:
    """A problem of the schema's, whose English message starts with the field's path."""
    head = f"{format_path(problem.path)}: " if problem.path is not None else ""
    if head and problem.message.startswith(head):
        return _field_said(head[:-2], problem.message[len(head) :])
    return attribute(problem.message)


def _assumption(context: PageContext, game: Game, rulings: list[Ruling]) -> list[str]:
    """At the example: its numbers rest on values the project assumed, with the rulings that set them."""
    _ = context._
    # TRANSLATORS: label before the note that a worked example rests on values the project assumed.
    label = _("Assumption:")
    text = _("these numbers use values that no source gives, set by the project: {rulings}").format(
        rulings=" · ".join(f"[{context.text(game, ruling.unit_ids[0])}](#ruling-{ruling.id})" for ruling in rulings)
    )
    return [f'<p class="rb-assumption" markdown>**{attribute(label)}** {text}</p>', ""]


def _reproduce(context: PageContext, game: Game, example: Example, *, assumed: bool) -> list[str]:
    """What the build checked, folded: the command that reproduces it, with a copy button (copy.js)."""
    _ = context._
    # An example that rests on an assumption is computed, not verified against the sources: no tick.
    checked = _("Computed by the build from the assumed values") if assumed else "✓ " + _("Verified by the build")
    reproduce = _("Reproduce it with this command:")
    # TRANSLATORS: a button that copies a command line to the clipboard.
    copy = _("Copy")
    # TRANSLATORS: what the copy button says once the command is on the clipboard.
    copied = _("Copied")
    command = f"rulebook score {game.id} --example {example.id}"
    return [
        '<details class="rb-verified" data-search-exclude>',
        f"<summary>{attribute(checked)}</summary>",
        f'<p class="rb-verified__how">{attribute(reproduce)}</p>',
        f'<pre class="rb-command"><code>{attribute(command)}</code></pre>',
        f'<button type="button" class="rb-copy" data-copied="{attribute(copied)}" hidden>{attribute(copy)}</button>',
        "</details>",
        "",
    ]


def breakdown(context: PageContext, outcome: Outcome) -> list[str]:
    _ = context._
    rows = []
    for line in outcome.lines:
        label = label_words(line, _, context.ngettext)
        params = {key: literal(str(value)) for key, value in line.params.items()}
        formula = literal(line.formula)  # it quotes player names
        if line.result is not None:
            (singular, plural), n = line.result
            formula += f" → {context.ngettext(singular, plural, n).format(n=n)}"
        rows.append(f"| {label.format(**params)} | {formula} |")
    values = outcome.values
    if "winners" in values:
        names = ", ".join(literal(name) for name in values["winners"])
        # TRANSLATORS: label before the names of the player(s) who won a worked example.
        label = context.ngettext("Winner", "Winners", len(values["winners"]))
        rows.append(f"| **{label}** | **{names}** |")
    if values.get("tiebreak"):
        tiebreak = _("A tiebreaker is needed.")
        rows.append(f"| | {tiebreak} |")
    # TRANSLATORS: column heading of a worked example's table: the scoring step.
    step = _("Step")
    # TRANSLATORS: column heading of a worked example's table: the arithmetic of the step.
    computation = _("Computation")
    return [f"| {step} | {computation} |", "|---|---|", *rows, ""]
