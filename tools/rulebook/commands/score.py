"""`rulebook score`: a situation or a worked example, scored by the game's own functions."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulebook.commands.arguments import intermixed
from rulebook.commands.report import fail
from rulebook.documents.reader import PROJECT_FILE
from rulebook.problems import MAX_REPORTED, Problem, cut, display_path, excerpt, one_line

if TYPE_CHECKING:
    from gettext import NullTranslations

    from rulebook.i18n.refusals import Speaker
    from rulebook.scoring.outcome import Outcome


MAX_INPUT_BYTES = 1024 * 1024  # a situation is a few lines; anything bigger is refused unread


class _Refusal(Exception):
    """`rulebook score` cannot score this; `lines` say why, one problem each, and `meanings` are
    the same problems as data (code, path, params), one each; a refusal of the command itself (no
    such game, unreadable input) has a `score.` code and no path."""

    def __init__(self, lines: Sequence[object], code: str = "", meanings: Sequence[dict[str, Any]] | None = None):
        super().__init__(str(lines[0]) if lines else "")
        self.lines = list(lines)
        self.meanings = (
            list(meanings) if meanings is not None else [{"code": code, "path": [], "params": {}}] * len(lines)
        )

    def json(self) -> str:
        """What `--json` prints: every problem as an object, its line as `message` (in the --lang language)."""
        problems = [
            {**meaning, "message": one_line(str(line))}
            for meaning, line in zip(self.meanings[:MAX_REPORTED], self.lines, strict=False)
        ]
        more = max(len(self.lines) - MAX_REPORTED, 0)
        return json.dumps({"error": True, "problems": problems, **({"more": more} if more else {})}, ensure_ascii=False)


def _read_input(source: str) -> tuple[bytes, str]:
    display = "<stdin>" if source == "-" else cut(one_line(source), 255)
    try:
        if source == "-":
            raw = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        else:
            with open(source, "rb") as stream:
                raw = stream.read(MAX_INPUT_BYTES + 1)
    except (OSError, AttributeError, ValueError) as error:  # no stdin at all is AttributeError
        reason = getattr(error, "strerror", None) or "no input"
        raise _Refusal([f"{display}: cannot read: {reason}"], "score.unreadable") from None
    if len(raw) > MAX_INPUT_BYTES:
        raise _Refusal([f"{display}: refused: the document is larger than 1 MiB"], "score.too-large")
    return raw, display


def score(args: argparse.Namespace) -> int:
    """Score a situation; every refusal exits 2, and with --json prints one JSON object too."""
    try:
        say = _refusal_speaker(args.root, args.lang)
        read = None if args.example else lambda: _read_input(args.file)
        outcome = _scored(args.root, args.game, read, args.example, say)
    except _Refusal as refusal:
        refusal = _said_in(args.root, args.lang, refusal)
        fail(refusal.lines, 2, False)
        if args.json:
            print(refusal.json())
        return 2
    if args.json:
        print(outcome_json(outcome))
    else:
        for line in _breakdown(args.root, args.lang, outcome):
            print(line)
    return 0


def _breakdown(root: Path, language: str | None, outcome: Outcome) -> list[str]:
    """The breakdown's lines in `language` (English without one): each step, then the winners and
    the red token's fate (a turn's last line already ends on its score)."""
    from rulebook.scoring.summary import step_text, summary_lines

    translations = _translations(root, language)
    gettext, ngettext = (translations.gettext, translations.ngettext) if translations else (str, _english_plural)
    lines = [step_text(line, gettext, ngettext) for line in outcome.lines]
    if "winners" in outcome.values:
        lines += summary_lines(outcome.values, gettext, ngettext)
    return lines


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def _translations(root: Path, language: str | None) -> NullTranslations | None:
    """The language's UI catalog; None for English (or no language), whose words are the msgids."""
    if language is None:
        return None
    from rulebook.i18n.ui import ui_translations

    return ui_translations(root, language)


def _said_in(root: Path, language: str | None, refusal: _Refusal) -> _Refusal:
    """The refusal with every coded problem said in `language`: a schema's, a duplicate key, a
    maximum (a game's refusals are said in it already, and a refusal of the command itself is
    English: it names the command's own arguments)."""
    translations = _translations(root, language)
    if translations is None:
        return refusal
    from dataclasses import replace

    def said(problem: Problem) -> str:
        if problem.code in registry():
            return said_in(problem, translations.gettext, translations.ngettext, language)
        # A game's refusal, said in the language already after its field's path and an English colon.
        field = format_path(problem.path) if problem.path is not None else None
        if field is None or not problem.message.startswith(f"{field}: "):
            return problem.message
        return translations.gettext(FIELD).format(field=field, problem=problem.message[len(field) + 2 :])

    from rulebook.located.document import format_path
    from rulebook.problem_codes import FIELD, registry, said_in

    lines = [replace(line, message=said(line)) if isinstance(line, Problem) else line for line in refusal.lines]
    return _Refusal(lines, meanings=refusal.meanings)


def outcome_json(outcome: Outcome) -> str:
    """What `rulebook score --json` prints for a scored situation."""
    return json.dumps(outcome.values, ensure_ascii=False, allow_nan=False)


def score_json(root: Path, game: str, raw: bytes, language: str | None = None) -> tuple[int, str]:
    """`rulebook score GAME - --json [--lang LANGUAGE]` in process, for these bytes on stdin: its exit
    code and its standard output. The calculator's differential tests compare with this, case by case."""
    try:
        say = _refusal_speaker(root, language)
        outcome = _scored(root, game, lambda: (raw, "<stdin>"), None, say)
    except _Refusal as refusal:
        return 2, _said_in(root, language, refusal).json()
    return 0, outcome_json(outcome)


def _refusal_speaker(root: Path, language: str | None) -> Speaker:
    """The refusals' words in `language` (English by default); an unknown language is refused."""
    from rulebook.i18n.refusals import english, speaker

    if language is None:
        return english
    from rulebook.located.document import LoadError, read_document

    try:
        languages = read_document(root / PROJECT_FILE, str(PROJECT_FILE)).data["languages"]
    except (LoadError, KeyError, TypeError):
        words = f"rulebook score: {PROJECT_FILE} is broken; `rulebook check` lists every problem"
        raise _Refusal([words], "score.broken-project") from None
    if language not in languages:
        choices = ", ".join(map(str, languages))
        raise _Refusal([f"rulebook score: no language {excerpt(language)}; choose from {choices}"], "score.no-language")
    return speaker(root, language, languages[0])


def _scored(
    root: Path, game_id: str, read: Callable[[], tuple[bytes, str]] | None, example: str | None, say: Speaker
) -> Outcome:
    """The outcome of the situation that `read` returns (bytes and their display name), or of an example."""
    from rulebook.documents.game_facts import facts_problems
    from rulebook.documents.reader import read_checked
    from rulebook.files.scorers import has_scorer
    from rulebook.located.document import LoadError, parse_document
    from rulebook.scoring.situation import Invalid, problem_meaning, score_situation

    game_file = root / "rules" / game_id / "game.yaml"
    if not _is_game_name(game_id) or not game_file.is_file():
        words = f"rulebook score: no game {excerpt(game_id)} (no {one_line(display_path(game_file, root))})"
        raise _Refusal([words], "score.no-game")
    game, broken = read_checked(root, game_file, "game.schema.json")
    if game is not None:
        broken = facts_problems(root, game)
        game = None if broken else game
    if game is None:
        words = "rulebook score: the game data is broken; `rulebook check` lists every problem"
        raise _Refusal([*broken, words], "score.broken-game")
    try:
        if read is None:
            examples = {item["id"]: index for index, item in enumerate(game.data.get("examples", []))}
            # A renamed example's old id still scores it: printed commands and notes keep working.
            examples |= {
                old: index
                for index, item in enumerate(game.data.get("examples", []))
                for old in item.get("formerly", [])
                if old not in examples
            }
            if example not in examples:
                known = ", ".join(examples) or "none"
                words = f"rulebook score: {game_id} has no example {excerpt(example)}; it has: {known}"
                raise _Refusal([words], "score.no-example")
            document = game.part(("examples", examples[example], "input"))
        else:
            document = parse_document(*read(), json_numbers=True)  # as the page reads what it sends
        scoring = game.data.get("scoring", game_id)
        if not has_scorer(root, scoring):
            raise _Refusal([f"rulebook score: {game_id} has no scoring functions"], "score.no-scorer")
        try:
            return score_situation(document, scoring, game.data["facts"], root, say, remember=read is None)
        except (Invalid, LoadError, _Refusal):
            raise
        except Exception as error:  # the game's own code, on its own facts (a fact of the wrong type)
            failed = f"{type(error).__name__}: {one_line(str(error))}"
            words = f"rulebook score: {game_id}'s scoring failed ({failed[:200]}); `rulebook check` says where"
            raise _Refusal([words], "score.scoring-failed") from None
    except Invalid as invalid:
        raise _Refusal(invalid.problems, meanings=invalid.meanings) from None
    except LoadError as error:
        raise _Refusal(error.problems, meanings=[problem_meaning(problem) for problem in error.problems]) from None


def _is_game_name(name: str) -> bool:
    """A game is a folder under rules/: its name cannot climb out of it (`../x`) or name a hidden file."""
    return bool(name) and "/" not in name and "\\" not in name and not name.startswith(".") and "\x00" not in name


def add_parsers(commands: argparse._SubParsersAction) -> None:
    # Options before or after FILE: `score GAME --lang fr -` as `score GAME - --lang fr`.
    parser = intermixed(commands.add_parser("score", help="score a situation of a game (exit 2 on bad input)"))
    parser.add_argument("game", metavar="GAME", help="a game id of rules/project.yaml")
    parser.add_argument("file", metavar="FILE", nargs="?", default="-", help="YAML or JSON document; - for stdin")
    parser.add_argument("--json", action="store_true", help="print exactly one JSON object")
    parser.add_argument("--example", metavar="ID", help="score one of the game's worked examples instead")
    parser.add_argument("--lang", metavar="LANG", help="refusals in this project language (default: English)")
    parser.set_defaults(run=score)
