"""A publisher's steps on a project, as the README and guide/writing.md tell them: edit the YAML, run
`rulebook` commands, and after each step the project must stay green, that is `rulebook check` without
errors and `rulebook build --strict` passing (tests/test_publisher_journeys.py,
tests/browser/test_publisher_print.py, on the fixture games: fixture_games.py). A translator's steps go
through a PO file, as Poedit's would."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import polib

from rulebook.cli import main


def rulebook(root: Path, *args: str) -> tuple[int, str, str]:
    """`rulebook --root ROOT ARGS` as a publisher types it: exit code, standard output, standard error."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--root", str(root), *args])
    return code, out.getvalue(), err.getvalue()


def ok(root: Path, *args: str) -> str:
    """A step that must succeed; its standard output."""
    code, out, err = rulebook(root, *args)
    assert code == 0, f"rulebook {' '.join(args)}: exit {code}\n{out}{err}"
    return out


def green(root: Path) -> Path:
    """`rulebook check` finds no error, and `rulebook build --strict` passes: the built site."""
    ok(root, "check")
    ok(root, "build", "--strict")
    return root / "site"


def page(site: Path, path: str) -> str:
    return (site / path / "index.html").read_text(encoding="utf-8")


def change_entry(html: str, anchor: str) -> str:
    """One entry of a built change list, from its anchor to the end of its block."""
    start = html.index(f'id="{anchor}"')
    return html[start : html.index("</div>", start)]


def waiting(root: Path, game: str, language: str) -> set[str]:
    """The units of a game whose `language` translation is outdated or missing (`rulebook status --json`)."""
    data = json.loads(ok(root, "status", "--lang", language, "--json"))["languages"][language][game]
    return {*data["outdated_ids"], *data["missing_ids"]}


def translate(root: Path, game: str, language: str, unit: str, old: str | None, new: str) -> None:
    """A translator's answer to a PO file: export, edit one msgstr in a PO editor (which also clears
    the entry's fuzzy flag, as saving a reviewed entry in Poedit does), import."""
    ok(root, "i18n", "export", language)
    path = root / "po" / f"{game}.{language}.po"
    catalog = polib.pofile(str(path), wrapwidth=0)
    entry = next(entry for entry in catalog if entry.msgctxt == unit)
    if old is None:  # a unit new in English: the whole translation
        entry.msgstr = new
    else:
        assert old in entry.msgstr, (old, entry.msgstr)
        entry.msgstr = entry.msgstr.replace(old, new)
    if "fuzzy" in entry.flags:
        entry.flags.remove("fuzzy")
    entry.previous_msgid = entry.previous_msgctxt = None
    catalog.save(str(path))
    ok(root, "i18n", "import", str(path))
