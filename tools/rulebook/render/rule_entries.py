"""Search entries per rule: a player's question ("who starts") is answered by one rule, not by the
section that holds it.

Material's search makes one entry per heading, and a game page's headings are its sections, so a
section of eight rules was one entry: its other rules' words outweighed the one that answers, and
Material shows one entry per page before folding the rest under "more on this page". Here each
section's entry is cut where its rules start (the rule's number opens its first paragraph, as
render/pages.py writes it), and each rule becomes an entry at its own anchor, titled with its
citation ("Chess 2.4"), which is also what a referee quotes. Worked examples are not in the index
(render/referee.py marks them): they are reached through the rule above them.

The referee notes were one entry too, holding every ruling's words: it met most words of any question
and came before the rule that answers. Each ruling becomes an entry at its own anchor, titled with its
question ("What is each bonus square worth?"), which is what a referee disputing it asks.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from rulebook.model import Project

# A game page's location, relative to its language's root → the anchor of one of its numbered
# sections → the number of each rule of that section → (the rule's anchor, its citation). Only these
# sections are cut: the referee notes, say, may well open a paragraph with a rule's number.
RuleAnchors = Mapping[str, Mapping[str, Mapping[str, tuple[str, str]]]]

# A paragraph that opens with a number: Material's indexer keeps <p> but not the <a> around it.
_NUMBERED = re.compile(r"<p>(\d+(?:\.\d+)+)(?=\s|</p>)")
# Each ruling opens with its mark's paragraph, which the index keeps empty (render/referee.py marks the
# mark itself data-search-exclude); its question is the paragraph after it.
_RULING_START = "<p></p>"
_PARAGRAPH = re.compile(r"<p>(.*?)</p>", re.DOTALL)
_TAG = re.compile(r"<[^>]*>")
# A game page's referee notes, as the page renders them (render/referee.py).
REFEREE_NOTES = "referee-notes"


def rule_anchors(project: Project) -> dict[str, dict[str, dict[str, tuple[str, str]]]]:
    """Every game page's rules by section and number, as the search index needs them."""
    return {
        f"{game.id}/": {
            section.id: {rule.number: (rule.id, game.citation(rule)) for rule in section.rules}
            for section in game.sections
        }
        for game in project.games
    }


def former_addresses(project: Project) -> dict[str, str]:
    """Each address a ruling had before a rename, with the one it has now."""
    return {
        f"{game.id}/#ruling-{old}": f"{game.id}/#ruling-{ruling.id}"
        for game in project.games
        for ruling in game.rulings
        for old in ruling.formerly
    }


def current_addresses(words: dict[str, Any] | None, project: Project) -> dict[str, Any] | None:
    """rules/search-words.yaml's data with the questions listed under a ruling's former address
    moved to its address now (joined to those listed there already)."""
    former = former_addresses(project)
    if words is None or not former:
        return words
    languages = {}
    for language, data in words.get("languages", {}).items():
        questions: dict[str, list[str]] = {}
        for address, asked in data.get("questions", {}).items():
            questions.setdefault(former.get(address, address), []).extend(asked)
        languages[language] = {**data, "questions": questions} if "questions" in data else data
    return {**words, "languages": languages}


def ruling_anchors(project: Project) -> dict[str, list[str]]:
    """Every game page's rulings, in the order its referee notes show them."""
    return {f"{game.id}/": [f"ruling-{ruling.id}" for ruling in game.rulings] for game in project.games}


def split_by_ruling(entry: dict[str, Any], anchors: Sequence[str]) -> list[dict[str, Any]]:
    """The referee notes' entry, cut into its introduction and one entry per ruling, each titled with
    its question; as it was when the rulings it holds are not the page's (a page edited by hand).

    >>> text = "<p>Intro.</p> <p></p> <p>Who wins?</p> <p>All.</p> <p></p> <p>Ties?</p> <p>No.</p>"
    >>> notes = {"location": "chess/#referee-notes", "title": "Notes", "text": text, "boost": 0.4}
    >>> for e in split_by_ruling(notes, ["ruling-win", "ruling-tie"]):
    ...     print(e["location"], e["title"], e["text"], e["boost"], sep=" | ")
    chess/#referee-notes | Notes | <p>Intro.</p> | 0.4
    chess/#ruling-win | Who wins? | <p>All.</p> | 0.4
    chess/#ruling-tie | Ties? | <p>No.</p> | 0.4
    >>> [e["location"] for e in split_by_ruling(notes, ["ruling-win"])]
    ['chess/#referee-notes']
    """
    intro, *rulings = entry["text"].split(_RULING_START)
    if not rulings or len(rulings) != len(anchors):
        return [entry]
    page = entry["location"].split("#", 1)[0]
    extra = {"boost": entry["boost"]} if "boost" in entry else {}
    entries = [{**entry, "text": intro.strip()}]
    for anchor, text in zip(anchors, rulings, strict=True):
        question = _PARAGRAPH.search(text)
        if question is None:
            return [entry]
        title = _TAG.sub("", question.group(1)).strip()  # the title, not the text too: shown once
        answer = text[question.end() :].strip()
        entries.append({"location": f"{page}#{anchor}", "title": title, "text": answer, **extra})
    return entries


def split_by_rule(entry: dict[str, Any], rules: Mapping[str, tuple[str, str]]) -> list[dict[str, Any]]:
    """A section's entry, and one entry per rule that it holds, each with the text up to the next.

    >>> rules = {"1.1": ("bags", "Chess 1.1"), "1.2": ("first", "Chess 1.2")}
    >>> text = "<p>Set up.</p> <p>1.1 Sort.</p> <p>1.2</p> <ul>"
    >>> for e in split_by_rule({"location": "chess/#play", "title": "1. Play", "text": text}, rules):
    ...     print(e["location"], e["title"], e["text"], sep=" | ")
    chess/#play | 1. Play | <p>Set up.</p>
    chess/#bags | Chess 1.1 | <p>1.1 Sort.</p>
    chess/#first | Chess 1.2 | <p>1.2</p> <ul>

    A number that is no rule of the page stays in the text it stands in:

    >>> [e["location"] for e in split_by_rule({"location": "chess/#play", "text": "<p>9.9 No.</p>"}, rules)]
    ['chess/#play']
    """
    text = entry["text"]
    starts = [match for match in _NUMBERED.finditer(text) if match.group(1) in rules]
    if not starts:
        return [entry]
    page = entry["location"].split("#", 1)[0]
    extra = {"boost": entry["boost"]} if "boost" in entry else {}
    entries = [{**entry, "text": text[: starts[0].start()].strip()}]
    for start, following in zip(starts, [*starts[1:], None], strict=True):
        anchor, citation = rules[start.group(1)]
        end = following.start() if following is not None else len(text)
        entries.append(
            {"location": f"{page}#{anchor}", "title": citation, "text": text[start.start() : end].strip(), **extra}
        )
    return entries
