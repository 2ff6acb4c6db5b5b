"""Read the whole project: rules/project.yaml, then each game's data and words.

Each document is schema-checked as it is read; a document that fails is left out of the model
(its problems are kept), so later checks only ever see well-formed data.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulebook.addresses.reserved_paths import taken_by_site
from rulebook.documents.game_facts import facts_problems
from rulebook.documents.reader import GLOSSARY_FILE, PROJECT_FILE, SEARCH_WORDS_FILE, TERMS_FILE, Reader
from rulebook.editions.history import read_history
from rulebook.files.scorers import FACTS_SCHEMA, INPUT_SCHEMA, SCORER, game_folder
from rulebook.files.states import State, path_state, tree_state
from rulebook.located.document import Document
from rulebook.model import (
    CardPart,
    Example,
    Game,
    Glossary,
    Illustration,
    Project,
    Rule,
    Ruling,
    Section,
    Status,
    Symbol,
    Term,
    Typography,
    Words,
)
from rulebook.problem_codes import Message
from rulebook.problems import Problem, cut, display_path, excerpt


@dataclass
class Loaded:
    project: Project | None
    problems: list[Problem] = field(default_factory=list)


def load_project(root: Path, *, parallel: bool = False, remember: bool = False) -> Loaded:
    """The project under `root`, with every problem met while reading it. `parallel` reads the
    files of a large project on every core (for the single-threaded `rulebook` command).
    `remember`, in a process that loads the project again after each edit (the site's plugin):
    each unchanged game's model is taken as the last load made it (a one-off run, such as
    `rulebook check`, would only pay for noting the files' states)."""
    reader = Reader(root)
    manifest = reader.read(root / PROJECT_FILE, "project.schema.json")
    if manifest is None:
        return Loaded(None, reader.problems)
    languages: list[str] = manifest.data["languages"]
    unknown = _unknown_locales(manifest)
    if unknown:
        return Loaded(None, reader.problems + unknown)
    reader.problems += [
        manifest.problem(("games", index), _taken(game_id, languages), field=f"games[{index}]")
        for index, game_id in enumerate(manifest.data["games"])
        if taken_by_site(game_id, languages)
    ]
    if parallel:
        reader.prefetch(_files(root, manifest.data["games"], languages))
    games = []
    shared: dict[Path, State] = {}  # the states of files many games read (schemas, a shared scorer)
    for index, game_id in enumerate(manifest.data["games"]):
        folder = root / "rules" / game_id
        if not (folder / "game.yaml").is_file():
            no_game = Message("project.no-game-file", {}, {"game": cut(game_id)})
            reader.problems.append(manifest.problem(("games", index), no_game, field=f"games[{index}]"))
            continue
        if remember:
            game = _remembered_game(reader, folder, languages, shared)
        else:
            game = _load_game(reader, folder, languages)
        if game is not None:
            # The history's own problems are the check's (editions/history.py), not reported twice.
            game.editions = tuple(edition.version for edition in read_history(root, folder)[0].editions)
            games.append(game)
    typography = {
        language: Typography(
            **{key: tuple(value) if isinstance(value, list) else value for key, value in rules.items()}
        )
        for language, rules in manifest.data.get("typography", {}).items()
    }
    reader.problems += [
        manifest.problem(
            ("typography", language),
            Message("project.typography-language", {"language": language}),
            field=f"typography.{language}",
        )
        for language in typography
        if language not in languages
    ]
    project = Project(root, languages, games, typography)
    project.limiting_words = {
        language: tuple(words) for language, words in manifest.data.get("limiting_words", {}).items()
    }
    if (root / GLOSSARY_FILE).is_file():
        project.glossary = _load_glossary(reader, root / GLOSSARY_FILE, project, manifest.data["games"])
    if (root / TERMS_FILE).is_file():
        project.terms_document = reader.read(root / TERMS_FILE, "terms.schema.json")
        if project.terms_document is not None:
            project.terms = [
                _term(index, term, project.source_language)
                for index, term in enumerate(project.terms_document.data["terms"])
            ]
    if (root / SEARCH_WORDS_FILE).is_file():
        project.search_words = reader.read(root / SEARCH_WORDS_FILE, "search-words.schema.json")
    return Loaded(project, reader.problems)


def _taken(game_id: str, languages: list[str]) -> Message:
    """A game id the site keeps for itself (rulebook.addresses.reserved_paths): a language's folder, or a page's."""
    if game_id in languages:
        return Message("project.game-id-is-language", {"language": game_id}, {"id": excerpt(game_id)})
    return Message("project.game-id-is-site-page", {}, {"id": excerpt(game_id)})


NOT_LANGUAGES = ("id", "en", "terms")  # the keys of a terms.yaml entry that are not a translation's stems


def _term(index: int, term: dict, source_language: str) -> Term:
    """A term of glossary/terms.yaml. Its English is a list of stems, or preferred and forbidden
    stems when the English itself must avoid a word; those are `forbidden[source_language]`. Its
    whole terms (`terms`) are what translators see in the TBX."""
    english = term["en"] if isinstance(term["en"], list) else term["en"]["preferred"]
    translations = {lang: words for lang, words in term.items() if lang not in NOT_LANGUAGES}
    forbidden = {lang: tuple(words.get("forbidden", ())) for lang, words in translations.items()}
    if isinstance(term["en"], dict) and term["en"].get("forbidden"):
        forbidden[source_language] = tuple(term["en"]["forbidden"])
    return Term(
        id=term["id"],
        index=index,
        english=tuple(english),
        preferred={lang: tuple(words["preferred"]) for lang, words in translations.items()},
        forbidden=forbidden,
        preferred_terms={lang: tuple(v["preferred"]) for lang, v in term["terms"].items()},
        deprecated_terms={lang: tuple(v.get("deprecated", ())) for lang, v in term["terms"].items()},
    )


def _unknown_locales(manifest: Document) -> list[Problem]:
    """Languages Babel cannot write numbers, lists and plural forms in: the site could not be built."""
    from babel import Locale, UnknownLocaleError

    problems = []
    for index, language in enumerate(manifest.data["languages"]):
        try:
            Locale.parse(language)
        except (UnknownLocaleError, ValueError):
            unknown = Message("project.unknown-locale", {"language": language})
            problems.append(manifest.problem(("languages", index), unknown, field=f"languages[{index}]"))
    return problems


def _files(root: Path, game_ids: list[str], languages: list[str]) -> list[tuple[Path, str]]:
    """Every file a project is read from, with its schema."""
    jobs = []
    for game_id in game_ids:
        folder = root / "rules" / game_id
        jobs.append((folder / "game.yaml", "game.schema.json"))
        jobs += [(folder / f"{language}.yaml", "words.schema.json") for language in languages]
    return [(path, schema) for path, schema in jobs if path.is_file()]


# Each game's model in this process, with the problems met reading it, by the state of every file
# it was read from: `rulebook serve` loads the project again after each edit, and an unchanged
# game's model (its units made once) is then taken as it was, not only its parsed YAML.
_GAMES: dict[tuple, tuple[State, Game | None, list[Problem]]] = {}
_GAME_SCHEMAS = ("game.schema.json", "words.schema.json")


def forget_read_files() -> None:
    """Forget every file this process read, its documents, models and folders' digests: what a new
    process knows (for tests that stand for one)."""
    from rulebook.cache import store as cache
    from rulebook.documents import reader

    reader._READ_CACHE.clear()
    reader._BY_CONTENT.clear()
    _GAMES.clear()
    cache._FOLDER_DIGESTS.clear()


def _remembered_game(reader: Reader, folder: Path, languages: list[str], shared: dict[Path, State]) -> Game | None:
    key = (str(reader.root), str(folder), tuple(languages))
    state = _game_state(reader.root, folder, shared)
    kept = _GAMES.get(key)
    if kept is not None and kept[0] == state + _outside_state(kept[1], folder, shared):
        reader.problems.extend(kept[2])
        return kept[1]
    before = len(reader.problems)
    game = _load_game(reader, folder, languages)
    if game is not None:  # one that failed is read again: another game's facts schema may be why
        _GAMES[key] = (state + _outside_state(game, folder, shared), game, reader.problems[before:])
    return game


def _shared_state(path: Path, shared: dict[Path, State]) -> State:
    """A file's state, taken once per load: each link on its way is resolved, for every game again."""
    if path not in shared:
        shared[path] = path_state(path)
    return shared[path]


def _game_state(root: Path, folder: Path, shared: dict[Path, State]) -> State:
    return (tree_state(folder), *(_shared_state(root / "schemas" / schema, shared) for schema in _GAME_SCHEMAS))


def _outside_state(game: Game | None, folder: Path, shared: dict[Path, State]) -> State:
    """What a game reads outside its folder, which `tree_state` does not see: the sources' coverage
    maps, and the scorer, input schema and facts schema of another game whose scoring it uses
    (`scoring:`), on which its examples' outcomes and quiz questions, remembered on the model, and
    its facts' check depend."""
    if game is None:
        return ()
    maps = [source.with_suffix(".coverage.yaml") for source in game.sources.values()]
    scoring = game_folder(folder.parent.parent, game.scoring) if game.scoring else folder
    code = [scoring / SCORER, scoring / INPUT_SCHEMA, scoring / FACTS_SCHEMA]
    return tuple(
        _shared_state(path, shared)
        for path in [*maps, *code]
        if not os.path.normpath(path).startswith(f"{folder}{os.sep}")
    )


def numbered_sections(data: dict[str, Any]) -> list[Section]:
    """A game.yaml's sections and rules (schema-checked data), numbered by their places: "2.4"."""
    return [
        Section(
            id=section["id"],
            number=number,
            rules=tuple(Rule(rule_id, f"{number}.{position}") for position, rule_id in enumerate(section["rules"], 1)),
        )
        for number, section in enumerate(data["sections"], 1)
    ]


def _load_game(reader: Reader, folder: Path, languages: list[str]) -> Game | None:
    document = reader.read(folder / "game.yaml", "game.schema.json")
    if document is None:
        return None
    wrong_facts = facts_problems(reader.root, document)
    if wrong_facts:  # its scorer would fail on them, or score from them what the rules do not say
        reader.problems.extend(wrong_facts)
        return None
    data = document.data
    sections = numbered_sections(data)
    game = Game(
        id=data["id"],
        name=data["name"],
        folder=folder,
        facts=data["facts"],
        sections=sections,
        sources={source["language"]: folder / source["file"] for source in data["sources"]},
        document=document,
        scoring=data.get("scoring", data["id"]),
        scoring_rules=tuple(data.get("scoring_rules", ())),
        examples=[
            Example(
                id=example["id"],
                index=index,
                rules=tuple(example["rules"]),
                rulings=tuple(example.get("rulings", ())),
                input=example["input"],
                expect=example["expect"],
                formerly=tuple(example.get("formerly", ())),
            )
            for index, example in enumerate(data.get("examples", []))
        ],
        rulings=[
            Ruling(
                ruling["id"],
                tuple(ruling["rules"]),
                tuple(ruling.get("assumes", ())),
                restates=ruling.get("restates", False),
                presumes=tuple(ruling.get("presumes", ())),
                formerly=tuple(ruling.get("formerly", ())),
            )
            for ruling in data.get("rulings", [])
        ],
        card={
            name: CardPart(tuple(part.get("rules", ())), tuple(part.get("rulings", ())))
            for name, part in data.get("quick_reference", {}).items()
        },
        illustrations=[
            Illustration(item["rule"], index, tuple(item["tiles"]), item["reads"], item.get("counter_example", False))
            for index, item in enumerate(data.get("illustrations", []))
        ],
    )
    game.source_titles = {source["language"]: source["title"] for source in data["sources"] if "title" in source}
    game.source_units = {language: _covered_units(reader, game, path) for language, path in game.sources.items()}
    _read_words(reader, game, languages)
    return game


def _covered_units(reader: Reader, game: Game, source: Path) -> tuple[str, ...]:
    """The unit ids of a source's coverage map (sources/<name>.coverage.yaml); none without one.
    The map is contributors' text like every file: read through the Reader (inside the project,
    size and text bounds, coverage.schema.json), so a broken one is a problem at its line."""
    path = source.with_suffix(".coverage.yaml")
    if not (path.is_file() or path.is_symlink()):
        return ()
    document = reader.read(path, "coverage.schema.json")
    if document is None:
        return ()
    game.coverage.append(document)
    return tuple(document.data["units"])


def _read_words(reader: Reader, text_set: Game | Glossary, languages: list[str]) -> None:
    for language in languages:
        path = text_set.folder / f"{language}.yaml"
        if not path.is_file():
            if path.exists() or path.is_symlink():  # a folder, a dangling link: there, but no text
                where = display_path(path, reader.root)
                reader.problems.append(Problem.coded(where, 0, 0, Message("file.words-not-yaml")))
                text_set.unreadable.add(language)
            continue  # a missing one is reported by the translation checks, which know what is expected
        words_document = reader.read(path, "words.schema.json")
        if words_document is None:
            text_set.unreadable.add(language)  # its problems are reported; do not also call it missing
            continue
        words = _words(words_document, source_language=languages[0])
        if words.language != language:
            mismatch = Message("project.words-language", {"language": language}, {"written": cut(words.language)})
            reader.problems.append(words_document.problem(("language",), mismatch, field="language"))
        text_set.words[language] = words


def _load_glossary(reader: Reader, path: Path, project: Project, listed: list[str]) -> Glossary | None:
    document = reader.read(path, "glossary.schema.json")
    if document is None:
        return None
    data = document.data
    game = project.game(data["game"])
    if game is None and data["game"] in listed:
        return None  # the game is listed but broken: its own problems say why
    if game is None:
        unknown = Message("project.unknown-glossary-game", {}, {"game": cut(data["game"])})
        reader.problems.append(document.problem(("game",), unknown, field="game"))
        return None
    glossary = Glossary(
        id="glossary",
        game_id=game.id,
        folder=path.parent,
        symbols=[
            Symbol(
                id=symbol["id"],
                index=index,
                icon=symbol["icon"],
                group=symbol["group"],
                readings=tuple(symbol["readings"]),
                tiles=tuple(symbol["example"]["tiles"]),
                reads=symbol["example"]["reads"],
            )
            for index, symbol in enumerate(data["symbols"])
        ],
        document=document,
        groups=list(data["groups"]),
        facts=game.facts,
        count_fact=data["count_fact"],
        hand_fact=data.get("hand_fact", ""),
    )
    _read_words(reader, glossary, project.languages)
    return glossary


def _words(document: Document, source_language: str) -> Words:
    language = document.data["language"]
    return Words(language, document, Status.ORIGINAL if language == source_language else Status.DRAFT)


# `i18n import` builds the words it would write the same way, to check them before writing.
words_from_document = _words
