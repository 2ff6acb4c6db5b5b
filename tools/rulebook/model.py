"""The content model: games, their numbered rules and their words in each language.

It knows nothing of MkDocs or any other site generator.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from rulebook.located.document import Document

Facts = dict[str, dict[str, Any]]


# Every translation state, status page and check asks again for the hash of the same English texts;
# `rulebook serve` asks after every edit. Bounded: a long session's old texts drop out.
@lru_cache(maxsize=1 << 18)
def source_hash(text: str) -> str:
    """The hash a translation stores to name the English text it translates.

    >>> len(source_hash("Highest score wins.")), source_hash("a") == source_hash("a ")
    (12, False)
    """
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def edition_unit(version: str) -> str:
    """The unit that summarises an edition: `edition.1-1` for 1.1 (a unit id holds no dot of its own)."""
    return f"edition.{version.replace('.', '-')}"


class Status(Enum):
    ORIGINAL = "original"  # a publisher's own text in this language
    DRAFT = "draft"  # our translation, not yet reviewed by a native speaker
    REVIEWED = "reviewed"  # our translation, reviewed


@dataclass(frozen=True)
class Unit:
    """One translatable text, keyed by a stable id such as `rule.bags`."""

    id: str
    text: str
    status: Status
    source: str | None = None  # hash of the English text translated; None for English
    translated_from: str | None = None
    note: str | None = None
    needs_work: bool = False  # the translator's own "come back to this": a fuzzy PO entry, kept
    facts: dict[str, Any] | None = field(
        default=None, hash=False
    )  # the values of the quoted facts the translation saw (i18n/fact_basis.py)


@dataclass
class Words:
    """All units of one game in one language, with the document they came from."""

    language: str
    document: Document
    default_status: Status  # of a unit that names none: the source language's are originals

    @cached_property
    def units(self) -> dict[str, Unit]:
        """Made when first read: `rulebook check` reads a game's units in the worker that checks
        it, so the 128,000 units of 200 games × 10 languages are not all made by one process."""
        statuses, default = _STATUSES, self.default_status
        return {
            unit_id: Unit(
                unit_id,
                unit["text"],
                statuses.get(unit.get("status"), default),
                unit.get("source"),
                unit.get("translated_from"),
                unit.get("note"),
                unit.get("needs_work", False),
                unit.get("facts"),
            )
            for unit_id, unit in self.document.data["units"].items()
        }

    @property
    def size(self) -> int:
        """How many units, without making them."""
        return len(self.document.data["units"])


_STATUSES = {status.value: status for status in Status}  # a dict lookup; Status(...) is ten times slower


@dataclass(frozen=True)
class Rule:
    id: str
    number: str  # "2.4": section position, then position in the section

    @property
    def unit_id(self) -> str:
        return f"rule.{self.id}"


@dataclass(frozen=True)
class Section:
    id: str
    number: int
    rules: tuple[Rule, ...]

    @property
    def unit_id(self) -> str:
        return f"section.{self.id}"


@dataclass(frozen=True)
class Example:
    """A worked example: a situation, what it must compute (or the refusal it expects), and where it
    stands in game.yaml (`index` into `examples`)."""

    id: str
    index: int
    rules: tuple[str, ...]
    rulings: tuple[str, ...]
    input: dict[str, Any]
    expect: dict[str, Any]
    # The ids it had before a rename: their anchors stay on the page so that old links still arrive.
    formerly: tuple[str, ...] = ()

    @property
    def unit_id(self) -> str:
        return f"example.{self.id}"


@dataclass(frozen=True)
class Ruling:
    """The project's answer where the sources are silent or ambiguous; never rule text."""

    id: str
    rules: tuple[str, ...]
    # Dotted paths under `facts` whose values this ruling supplies: the game's assumptions.
    assumes: tuple[str, ...] = ()
    # True when the answer only restates what the rules say; otherwise the sources are silent or
    # ambiguous and the answer is the project's own decision.
    restates: bool = False
    # Other rulings this one builds on (a default placement that follows the assumed token values).
    presumes: tuple[str, ...] = ()
    # The ids it had before a rename: their anchors stay on the page so that old links still arrive.
    formerly: tuple[str, ...] = ()

    @property
    def unit_ids(self) -> tuple[str, str, str]:
        return (f"ruling.{self.id}.question", f"ruling.{self.id}.answer", f"ruling.{self.id}.why")


@dataclass(frozen=True)
class CardPart:
    """A part of the quick-reference card other than scoring: the rules and rulings it shows."""

    rules: tuple[str, ...] = ()
    rulings: tuple[str, ...] = ()


@dataclass(frozen=True)
class Illustration:
    """A row of glossary symbols that a rule's text names, drawn under that rule."""

    rule: str
    index: int
    tiles: tuple[str, ...]
    reads: str
    counter_example: bool = False  # drawn as "not allowed": what the rule forbids


@dataclass
class Game:
    id: str
    name: str
    folder: Path
    facts: Facts
    sections: list[Section]
    sources: dict[str, Path]  # language → source text file
    document: Document
    scoring: str = ""  # whose scoring functions it uses: its own id unless game.yaml names another
    scoring_rules: tuple[str, ...] = ()
    examples: list[Example] = field(default_factory=list)
    rulings: list[Ruling] = field(default_factory=list)
    illustrations: list[Illustration] = field(default_factory=list)
    words: dict[str, Words] = field(default_factory=dict)
    # Each example's scored outcome (or the problems refusing it), computed once by the check.
    outcomes: dict[int, Any] = field(default_factory=dict)
    # Its quiz questions (render/quiz_questions.py), in no language: made once, not once a language
    # for every page list (`rulebook serve` lists every page's path at each refresh).
    questions: tuple[Any, ...] | None = None
    # The quick-reference card's parts besides scoring, by name ("end", "tie"), from `quick_reference`.
    card: dict[str, CardPart] = field(default_factory=dict)
    # Each example's rulings whose assumed facts change its result (scoring/assumptions.py).
    assumptions: dict[str, list[Ruling]] = field(default_factory=dict)
    unreadable: set[str] = field(default_factory=set)  # languages whose file exists but failed to load
    source_titles: dict[str, str] = field(default_factory=dict)  # language → the source's own title
    # language → the units that carry the source's sentences (its coverage map, where there is one)
    source_units: dict[str, tuple[str, ...]] = field(default_factory=dict)
    coverage: list[Document] = field(default_factory=list)  # the coverage maps that passed their schema
    # The versions of its recorded editions (rules/<game>/editions.yaml), oldest first: each has a
    # summary unit, `edition.<version with dashes>`.
    editions: tuple[str, ...] = ()

    @property
    def scored(self) -> bool:
        """Whether a scorer scores it: `scoring` names one even for a game without any."""
        from rulebook.files.scorers import has_scorer  # its file only: no scorer is imported

        return has_scorer(self.folder.parent.parent, self.scoring)

    def covered_sections(self, language: str) -> list[Section]:
        """The sections whose rules (or title) carry sentences of the source in that language."""
        units = set(self.source_units.get(language, ()))
        return [
            section
            for section in self.sections
            if section.unit_id in units or any(rule.unit_id in units for rule in section.rules)
        ]

    def unit_ids(self) -> list[str]:
        """Every unit the game's structure asks for, in reading order."""
        ids = ["summary", *(edition_unit(version) for version in self.editions)]
        for section in self.sections:
            ids.append(section.unit_id)
            ids.extend(rule.unit_id for rule in section.rules)
        ids.extend(example.unit_id for example in self.examples)
        for ruling in self.rulings:
            ids.extend(ruling.unit_ids)
        return ids

    def rules(self) -> list[Rule]:
        return [rule for section in self.sections for rule in section.rules]

    @property
    def facts_file(self) -> str:
        return f"{self.id}/game.yaml"

    def translatable(self, english: Words) -> dict[str, str]:
        """What a translation may contain, with the text each unit translates."""
        return {unit_id: unit.text for unit_id, unit in english.units.items()}

    def rule(self, rule_id: str) -> Rule | None:
        return next((rule for rule in self.rules() if rule.id == rule_id), None)

    def citation(self, rule: Rule) -> str:
        """How a referee cites a rule: "Chess 2.4"."""
        return f"{self.name} {rule.number}"


@dataclass(frozen=True)
class Symbol:
    """A glossary symbol: its picture, English readings and an example row of tiles."""

    id: str
    index: int  # position in symbols.yaml
    icon: str  # "material/eye": a file of mkdocs-material's bundled .icons
    group: str  # the theme it is shown under: one of Glossary.groups
    readings: tuple[str, ...]
    tiles: tuple[str, ...]  # symbol ids and single letters, in reading order
    reads: str

    def unit(self, part: str) -> str:
        """`symbol.<id>.name`, `.description`, or, not in English, `.readings` (the readings explained)
        and `.example` (what the example's English means)."""
        return f"symbol.{self.id}.{part}"

    @property
    def readings_text(self) -> str:
        """What a French or Czech explanation of the readings translates, for the outdated check."""
        return " · ".join(self.readings)


# The glossary page's own words: title, intro, the filter's label, the jump bar's name, the sound
# index's heading and intro, the label of a counter-example, and the hint that printing gives a cheat sheet.
PAGE_PARTS = ("title", "intro", "filter", "themes", "sounds", "sounds-intro", "not-allowed", "print")


@dataclass
class Glossary:
    id: str  # "glossary"
    game_id: str  # the game whose facts and scoring it uses
    folder: Path
    symbols: list[Symbol]
    document: Document
    groups: list[str] = field(default_factory=list)  # themes, in page order
    facts: Facts = field(default_factory=dict)
    # The game's facts it keeps to, by their paths under `facts` (symbols.yaml names them: the
    # toolkit names no game's fact): the symbols promised, and the tiles of a hand ("" for no bound).
    count_fact: str = ""
    hand_fact: str = ""
    words: dict[str, Words] = field(default_factory=dict)
    unreadable: set[str] = field(default_factory=set)

    @property
    def facts_file(self) -> str:
        return f"{self.game_id}/game.yaml"

    @staticmethod
    def group_unit(group: str) -> str:
        return f"group.{group}.name"

    def unit_ids(self) -> list[str]:
        """The units English must have."""
        ids = [*(f"page.{part}" for part in PAGE_PARTS), *(self.group_unit(group) for group in self.groups)]
        for symbol in self.symbols:
            ids += [symbol.unit("name"), symbol.unit("description")]
        return ids

    def translatable(self, english: Words) -> dict[str, str]:
        """The English units, each symbol's readings line and example reading right after its description."""
        after = {symbol.unit("description"): symbol for symbol in self.symbols}
        texts = {}
        for unit_id, unit in english.units.items():
            texts[unit_id] = unit.text
            symbol = after.pop(unit_id, None)
            if symbol is not None:
                texts[symbol.unit("readings")] = symbol.readings_text
                texts[symbol.unit("example")] = symbol.reads
        for symbol in after.values():
            texts[symbol.unit("readings")] = symbol.readings_text
            texts[symbol.unit("example")] = symbol.reads
        return texts

    def symbol(self, symbol_id: str) -> Symbol | None:
        return next((symbol for symbol in self.symbols if symbol.id == symbol_id), None)


@dataclass(frozen=True)
class Term:
    """A game term: its English stems and the stems each translation prefers or must avoid (which
    `rulebook check` matches), and its whole terms per language (which translators see)."""

    id: str
    index: int
    english: tuple[str, ...]
    preferred: dict[str, tuple[str, ...]]
    forbidden: dict[str, tuple[str, ...]]
    preferred_terms: dict[str, tuple[str, ...]] = field(default_factory=dict)  # English included
    deprecated_terms: dict[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class Typography:
    """A language's typographic conventions, from rules/project.yaml `typography`."""

    no_break_space_before: str = ""  # marks that take a no-break space before them (French: ":;!?")
    # Of those, the marks whose space is the narrow one (U+202F) and never U+00A0 (French: ";!?"),
    # so that one text does not mix the two.
    narrow_no_break_space_before: str = ""
    # One-letter words that the pages tie to the next word with U+00A0 (Czech: k, s, v, z, o, u, i,
    # in either case); the data keeps plain spaces (render/ties.py).
    tie_to_next_word: tuple[str, ...] = ()
    no_break_space_inside_guillemets: bool = False
    # How the pages quote: «…» in French, „…“ in Czech. Listed, it is also checked: QA reports a
    # straight quote (") in the language's text. None: the pages quote “…”, and nothing is checked.
    quotes: tuple[str, str] | None = None

    @property
    def page_quotes(self) -> tuple[str, str]:
        return self.quotes or ("“", "”")


@dataclass
class Project:
    root: Path
    languages: list[str]  # the first is the source language
    games: list[Game]
    typography: dict[str, Typography] = field(default_factory=dict)
    glossary: Glossary | None = None
    terms: list[Term] = field(default_factory=list)
    terms_document: Document | None = None
    search_words: Document | None = None  # rules/search-words.yaml, what search knows of each language
    # Per language, the words that limit a statement ("only", "unless"): a ruling that restates the
    # rules may use one only where its rules do (validate/rulings.py).
    limiting_words: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def source_language(self) -> str:
        return self.languages[0]

    def game(self, game_id: str) -> Game | None:
        return next((game for game in self.games if game.id == game_id), None)

    def text_sets(self) -> list[Game | Glossary]:
        """Everything that has words in several languages."""
        return [*self.games, *([self.glossary] if self.glossary else [])]
