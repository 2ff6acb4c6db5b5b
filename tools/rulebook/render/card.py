"""The quick-reference card of a game: what a referee needs at the table, on one printed page.

Everything on it is a rule or a ruling of the game, quoted with its numbers filled from the facts
and linked to where it stands: the scoring rules with the rulings that give them numbers or that a
worked example's score rests on, then what ends the game and what decides a tie (game.yaml
`quick_reference`), under the edition it quotes. It is shown folded at the top of the game page
and as a page of its own, made to be printed.
"""

from __future__ import annotations

from rulebook.markup.escaping import attribute, front_matter, literal
from rulebook.model import Game, Ruling
from rulebook.render.changes import edition_date
from rulebook.render.changes import page_path as changes_path
from rulebook.render.context import PageContext
from rulebook.render.referee import ruling_mark
from rulebook.text import placeholders

FOLDER = "quick-reference"  # the printable pages: <language>/quick-reference/<game>.md


def page_path(game: Game) -> str:
    return f"{FOLDER}/{game.id}.md"


def folded_card(context: PageContext, game: Game) -> list[str]:
    """At the top of the game page: the card, folded, with a link to its printable page."""
    _ = context._
    # TRANSLATORS: the title of a game's one-page summary of scoring, end and ties, for referees.
    title = _("Quick reference")
    printable = _("Printable page")
    return [
        '<details class="rb-card rb-card--folded" data-search-exclude markdown>',
        f"<summary>{attribute(title)}</summary>",
        "",
        *_edition(context, game, folder=""),
        *_parts(context, game, page=""),
        f"[{printable}]({page_path(game)})",
        "",
        "</details>",
        "",
    ]


def card_page(context: PageContext, game: Game) -> str:
    """The card as a page of its own, which prints on one page."""
    _ = context._
    title = _("{game}: quick reference").format(game=game.name)
    lines = [
        # Not searched: its quotes of the rules would outrank the rules themselves.
        *front_matter(title, hide=("navigation", "toc"), searched=False),
        f"# {literal(title)}",
        "",
        '<div class="rb-card" markdown>',
        "",
        *_edition(context, game, folder="../"),
        *_parts(context, game, page=f"../{game.id}.md"),
        "</div>",
        "",
    ]
    return "\n".join(lines) + "\n"


def _edition(context: PageContext, game: Game, folder: str) -> list[str]:
    """The edition the card quotes and its date, as the game page and the change list say them,
    linked to the change list (`folder`: from the card's page to the language's folder): a card
    kept at the table says which rules it summarises."""
    latest = context.timeline(game).latest
    if latest is None:
        return []
    _ = context._
    edition = _("Edition {version}").format(version=latest.version)
    changes = _("Changes")
    return [
        f'<p class="rb-edition rb-card__edition" markdown>{edition} · {edition_date(context, latest.date)} · '
        f"[{changes}]({folder}{changes_path(game)})</p>",
        "",
    ]


def _parts(context: PageContext, game: Game, page: str) -> list[str]:
    """The card's parts, linking into the game page (`page`: "" on the game page itself)."""
    _ = context._
    shown_elsewhere = {rule for part in game.card.values() for rule in part.rules}
    tie_rulings = set(game.card["tie"].rulings) if "tie" in game.card else set()
    scoring_rules = [rule for rule in game.scoring_rules if rule not in shown_elsewhere]
    scoring_rulings = [
        ruling.id
        for ruling in game.rulings
        if ruling.id not in tie_rulings
        and set(ruling.rules) & set(game.scoring_rules)
        and (_has_numbers(context, game, ruling) or _changes_a_score(game, ruling))
    ]
    # TRANSLATORS: heading on the quick-reference card.
    parts = [(_("Scoring"), scoring_rules, scoring_rulings)]
    if "end" in game.card:
        parts.append((_("End of the game"), list(game.card["end"].rules), list(game.card["end"].rulings)))
    if "tie" in game.card:
        # TRANSLATORS: heading on the quick-reference card: who wins when players have the same score.
        parts.append((_("Ties"), list(game.card["tie"].rules), list(game.card["tie"].rulings)))
    lines: list[str] = []
    for heading, rule_ids, ruling_ids in parts:
        if not rule_ids and not ruling_ids:  # a game that scores nothing: no heading over nothing
            continue
        lines += [f'<p class="rb-card__heading" markdown>**{attribute(heading)}**</p>', ""]
        lines += [item for rule_id in rule_ids for item in _rule(context, game, rule_id, page)]
        lines += [item for ruling_id in ruling_ids for item in _ruling(context, game, ruling_id, page)]
    return lines


def _has_numbers(context: PageContext, game: Game, ruling: Ruling) -> bool:
    """A ruling whose answer quotes a fact: a number the rules leave out, which the card must carry."""
    answer = game.words[context.project.source_language].units[ruling.unit_ids[1]].text
    return bool(placeholders.names(answer))


def _changes_a_score(game: Game, ruling: Ruling) -> bool:
    """A ruling that a worked example's score rests on (not only a refusal): without it the card
    would give a referee a different score (bonus squares that compound, a shelf's value)."""
    return any(ruling.id in example.rulings and "refused" not in example.expect for example in game.examples)


def _rule(context: PageContext, game: Game, rule_id: str, page: str) -> list[str]:
    rule = game.rule(rule_id)
    if rule is None:
        return []
    link = f"[{literal(game.citation(rule))}]({page}#{rule.id})"
    return _item(link, context.text(game, rule.unit_id))


def _ruling(context: PageContext, game: Game, ruling_id: str, page: str) -> list[str]:
    ruling = next(ruling for ruling in game.rulings if ruling.id == ruling_id)
    mark = ruling_mark(context, ruling)
    link = f"[{literal(mark)}]({page}#ruling-{ruling.id})"
    question, answer = (context.text(game, unit_id) for unit_id in ruling.unit_ids[:2])
    return _item(link, f"*{question}* {answer}")


def _item(link: str, text: str) -> list[str]:
    # A text that opens with a list goes under its link, not after it on the same line.
    opening = f"{link}\n\n{text}" if text.lstrip().startswith(("-", "*", "+")) else f"{link} · {text}"
    return ['<div class="rb-card__item" markdown>', opening, "", "</div>", ""]
