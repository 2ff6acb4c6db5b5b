"""The pages of the site as Markdown: a home page and one page per game, in every language."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial

from rulebook.editions.timeline import anchor
from rulebook.markup.escaping import attribute, front_matter, literal, plain_text
from rulebook.model import Game, Project, Rule, Status
from rulebook.render.as_of import as_of_page, edition_page_path
from rulebook.render.calculator import calculator_section
from rulebook.render.card import card_page, folded_card
from rulebook.render.card import page_path as card_path
from rulebook.render.changes import changes_page, edition_date
from rulebook.render.changes import page_path as changes_path
from rulebook.render.context import PageContext, language_name
from rulebook.render.errata import errata_page, errata_page_path, errata_versions
from rulebook.render.glossary import PAGE as GLOSSARY_PAGE
from rulebook.render.glossary import glossary_page, tile_strip
from rulebook.render.quiz import has_quiz, quiz_page
from rulebook.render.quiz import page_path as quiz_path
from rulebook.render.referee import examples_under, referee_notes, ruling_links
from rulebook.render.status import PAGE as STATUS_PAGE
from rulebook.render.status import status_page

_BLOCK_START = re.compile(r"(?:[-*+] |\d+[.)] |> |#)")


@dataclass(frozen=True)
class Page:
    path: str  # relative to the docs folder, e.g. "fr/chess.md"
    text: str


def render_pages(project: Project, wanted: Callable[[str], bool] | None = None) -> Iterator[Page]:
    """Every page, or only the pages whose path `wanted` accepts (the others are not rendered)."""
    for path, render in page_renderers(project):
        if wanted is None or wanted(path):
            yield Page(path, render())


def page_renderers(project: Project) -> Iterator[tuple[str, Callable[[], str]]]:
    """Each page's path, with the call that renders it: paths cost nothing, rendering does."""
    for language in project.languages:
        writer = _Writer(project, language)
        yield f"{language}/index.md", writer.home
        for game in project.games:
            yield f"{language}/{game.id}.md", partial(writer.game, game)
            yield f"{language}/{card_path(game)}", partial(card_page, writer, game)
            yield f"{language}/{changes_path(game)}", partial(changes_page, writer, game)
            found = writer.timeline(game)
            for edition in found.editions:
                yield (
                    f"{language}/{edition_page_path(game, edition.version)}",
                    partial(as_of_page, writer, game, edition.version),
                )
            for version in errata_versions(found):
                yield f"{language}/{errata_page_path(game, version)}", partial(errata_page, writer, game, version)
            if has_quiz(writer, game):
                yield f"{language}/{quiz_path(game)}", partial(quiz_page, writer, game)
        if project.glossary is not None:
            yield f"{language}/{GLOSSARY_PAGE}", partial(glossary_page, writer, project.glossary)
        yield f"{language}/{STATUS_PAGE}", partial(status_page, writer)


class _Writer(PageContext):
    def home(self) -> str:
        _ = self._
        title = _("Board game rules")
        intro = _(
            "The rules of three board games, in English, French and Czech. Every rule has a number "
            "you can cite, such as “{rule}”, and a permanent link."
        ).format(rule=literal(self._cited_rule()))
        # The site's title and its list of games lead to the answers; searched, the title came up as one.
        lines = [*front_matter(title, plain_text(intro), searched=False), f"# {title}", "", intro, ""]
        for game in self.project.games:
            # The summary under the name, not after a colon: no typography to get wrong in any language.
            lines += [f"- **[{literal(game.name)}]({game.id}.md)**", "", f"    {self.text(game, 'summary')}", ""]
        if self.project.glossary is not None:
            glossary = self.project.glossary
            lines.append(f"- **[{self.text(glossary, 'page.title')}]({GLOSSARY_PAGE})**")
        return "\n".join(lines) + "\n"

    def _cited_rule(self) -> str:
        """The home page's example of a citation: the first game's second scoring rule, which
        shows both numbers (or its first rule)."""
        game = self.project.games[0] if self.project.games else None
        if game is None:
            return "1.1"
        rules = {rule.id: rule for rule in game.rules()}
        scoring = [rules[rule_id] for rule_id in game.scoring_rules if rule_id in rules]
        chosen = scoring[1] if len(scoring) > 1 else next(iter(rules.values()), None)
        return game.citation(chosen) if chosen is not None else game.name

    def game(self, game: Game) -> str:
        _ = self._
        lines = [
            *front_matter(game.name, plain_text(self.plain(game, "summary"))),
            f"# {literal(game.name)}",
            "",
            self.text(game, "summary"),
            "",
            *self._edition(game),
            *folded_card(self, game),
        ]
        statuses = {self.shown(game, rule.unit_id).unit.status for rule in game.rules()}
        # A page that is a draft throughout says so once; a mixed page marks each draft rule.
        all_draft = statuses == {Status.DRAFT} and self.language != self.project.source_language
        if all_draft:
            notice = _("Draft translation")
            explanation = _(
                "This page was translated by the project and has not yet been reviewed by a native speaker."
            )
            # Material's admonition, written out so that search leaves it out: it is about the page.
            lines += [
                '<div class="admonition info" data-search-exclude markdown>',
                f'<p class="admonition-title">{attribute(notice)}</p>',
                "",
                explanation,
                "",
                "</div>",
                "",
            ]
        for section in game.sections:
            title = self.text(game, section.unit_id)
            lines += [f"## {section.number}. {title} {{ #{section.id} }}", ""]
            for rule in section.rules:
                lines += self._rule(game, rule, mark_drafts=not all_draft)
        lines += calculator_section(self, game)
        lines += referee_notes(self, game)
        # TRANSLATORS: heading of the section that lists the source texts a game's rules come from.
        sources = _("Sources")
        lines += [f"## {sources} {{ #sources }}", ""]
        for language, path in game.sources.items():
            title = attribute(game.source_titles.get(language, path.name))
            line = f'- <span lang="{language}">{title}</span> ({language_name(language, self.language)})'
            covered = game.covered_sections(language)
            if covered:
                # TRANSLATORS: after a source text's title: the sections of the rules it is the source of.
                covers = self.ngettext("covers section {sections}", "covers sections {sections}", len(covered))
                numbers = ", ".join(f"[{section.number}](#{section.id})" for section in covered)
                line += f" · {covers.format(sections=numbers)}"
            lines.append(line)
        return "\n".join(lines) + "\n"

    def _edition(self, game: Game) -> list[str]:
        """The edition the page shows and its date, with a link to the change list; on paper too;
        and the link to the game's quiz."""
        latest = self.timeline(game).latest
        _ = self._
        # TRANSLATORS: on a game page, beside its edition: the link to the game's rules quiz.
        quiz_link = _("Rules quiz")
        quiz = f" · [{quiz_link}]({quiz_path(game)})" if has_quiz(self, game) else ""
        if latest is None:
            return (
                [f'<p class="rb-edition" data-search-exclude markdown>{quiz.removeprefix(" · ")}</p>', ""]
                if quiz
                else []
            )
        edition = _("Edition {version}").format(version=latest.version)
        # TRANSLATORS: on a game page, after its edition and date: the link to the game's change list.
        changes = _("Changes")
        # TRANSLATORS: on a game page, after its edition: the link to that edition's rules as recorded.
        recorded = _("As recorded")
        return [
            # Not searched: "Edition 1.0 · December 1, 2026" answered questions about a game's end.
            f'<p class="rb-edition" data-search-exclude markdown>{edition} · {edition_date(self, latest.date)} · '
            f"[{recorded}]({edition_page_path(game, latest.version)}) · "
            f"[{changes}]({changes_path(game)}){quiz}</p>",
            "",
        ]

    def _history_mark(self, game: Game, rule: Rule) -> list[str]:
        """ "changed in 1.1" (or "new in 1.1") on a rule the latest edition changed, linked to its entry."""
        found = self.timeline(game)
        latest = found.latest
        change = found.change_of(latest.version, rule.id) if latest else None
        if latest is None or change is None or change.kind not in ("added", "changed"):
            return []
        _ = self._
        if change.kind == "added":
            label = _("new in {version}").format(version=latest.version)
        else:
            label = _("changed in {version}").format(version=latest.version)
        target = f"{changes_path(game)}#{anchor(latest.version, rule.id)}"
        return [f'<p class="rb-history" data-search-exclude markdown>[{label}]({target})</p>', ""]

    def _illustrations(self, game: Game, rule: Rule) -> list[str]:
        glossary = self.project.glossary
        if glossary is None:
            return []
        return [
            f'<p class="rb-illustration" markdown>'
            f"{tile_strip(self, glossary, item.tiles, item.reads, counter_example=item.counter_example)}</p>\n"
            for item in game.illustrations
            if item.rule == rule.id
        ]

    def _rule(self, game: Game, rule: Rule, *, mark_drafts: bool) -> list[str]:
        _ = self._
        shown = self.shown(game, rule.unit_id)
        text = self.text(game, rule.unit_id)
        badge = None
        if shown.missing:
            badge = ("missing", _("Not translated yet: shown in English."))
        elif shown.outdated:
            badge = ("outdated", _("Outdated translation: the English rule has changed since."))
        elif shown.unit.status is Status.DRAFT and mark_drafts:
            if shown.unit.translated_from:
                origin = language_name(shown.unit.translated_from, self.language)
                badge = ("draft", _("Draft translation from {language}").format(language=origin))
            else:
                badge = ("draft", _("Draft translation"))
        lang = f' lang="{shown.language}"' if shown.language != self.language else ""
        citation = attribute(game.citation(rule))
        number = f'<a class="rb-rule__number" href="#{rule.id}" title="{citation}">{rule.number}</a>'
        # The number joins the first paragraph, unless the text opens with a block such as a list.
        # The ids the rule had in recorded editions (`rulebook rule rename`): their links still land here.
        taken = {section.id for section in game.sections}
        olds = [old for old in self.timeline(game).old_ids(rule.id) if game.rule(old) is None and old not in taken]
        number = "".join(f'<span id="{old}"></span>' for old in olds) + number
        opening = f"{number}\n\n{text}" if _BLOCK_START.match(text) else f"{number} {text}"
        outdated = " rb-rule--outdated" if shown.outdated else ""
        lines = [f'<div class="rb-rule{outdated}" id="{rule.id}"{lang} markdown>', opening, ""]
        if badge is not None:
            kind, label = badge
            lines += [f'<p class="rb-badge rb-badge--{kind}" data-search-exclude>{attribute(label)}</p>', ""]
        if shown.outdated:
            current = _("The current English rule")
            lines += [
                '<details class="rb-current" lang="en" markdown>',
                f"<summary>{attribute(current)}</summary>",
                "",
                self.english_text(game, rule.unit_id),
                "",
                "</details>",
                "",
            ]
        lines += self._history_mark(game, rule)
        lines += self._illustrations(game, rule)
        lines += ruling_links(self, game, rule)
        return [*lines, "</div>", "", *examples_under(self, game, rule)]
