"""Texts and files over the bounds of located/limits.py are refused, with their place, before
anything renders or even parses them: in `rulebook check`, the build and `rulebook i18n import`
(issue 23, part 4). Untimed: `make fuzz` measures the time (tests/test_fuzz_slow_text.py). The
texts are planted in the English of the small project's alpha (fixture_games.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import polib
import pytest

from conftest import locate, run_cli, tree_digest
from fixture_games import add_rules, export, with_site_sources
from hostile import plant_units
from rulebook.located import limits
from slow_text import LENGTH_ONLY, SLOW_PATTERNS
from test_import import import_

WORDS = "rules/alpha/en.yaml"
# Just over the bound each pattern meets: its markup count, or its length.
MARKUP_SIZE = 400
LENGTH_SIZE = limits.MAX_TEXT_LENGTH + 100


def slow_texts() -> dict[str, str]:
    """Each pattern's text, just over the bound it must meet."""
    return {
        name: pattern(LENGTH_SIZE if name in LENGTH_ONLY else MARKUP_SIZE) for name, pattern in SLOW_PATTERNS.items()
    }


def expected_bound(name: str) -> str:
    if name in LENGTH_ONLY:
        return f"a text may have at most {limits.MAX_TEXT_LENGTH:,}"
    return f"a text may hold at most {limits.MAX_MARKUP} of"


def test_each_pattern_is_over_exactly_the_bound_it_is_meant_to_meet() -> None:
    for name, text in slow_texts().items():
        too_long = len(text) > limits.MAX_TEXT_LENGTH
        assert too_long == (name in LENGTH_ONLY), name
        markup = sum(text.count(char) for char in limits.MARKUP_CHARACTERS)
        assert (markup > limits.MAX_MARKUP) == (name not in LENGTH_ONLY), name


@pytest.fixture
def planted(small_project: Path) -> tuple[Path, dict[str, str]]:
    """A copy with every slow text in a rule of its own in the English of alpha, one added for each
    (add_rules): pattern → unit id."""
    root = small_project
    texts = slow_texts()
    units = dict(zip(texts, add_rules(root, len(texts)), strict=True))
    plant_units(root, WORDS, {units[name]: text for name, text in texts.items()})
    return root, units


def test_check_refuses_each_slow_text_at_its_line_and_column(
    planted: tuple[Path, dict[str, str]], capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, units = planted
    monkeypatch.setenv("RULEBOOK_CACHE", "0")  # the work itself, not a remembered result
    rendered = _record_rendering(monkeypatch)
    code, out, _ = run_cli(capsys, "--root", str(root), "check")
    assert code == 1
    written = (root / WORDS).read_text(encoding="utf-8")
    for name, unit_id in units.items():
        line, _ = locate(written, f"  {unit_id}:\n")
        # The text starts on the line after its unit's id, after `    text: `.
        where = f"{WORDS}:{line + 1}:11: units.{unit_id}.text: "
        refused = [row for row in out.splitlines() if row.startswith(where)]
        assert refused and expected_bound(name) in refused[0], (name, out[-3000:])
    texts = slow_texts().values()
    assert not [text for text in rendered if text in texts], "a refused text was rendered"


def _record_rendering(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the checks give Python-Markdown (validate/safety.py's markdown_dangers)."""
    import rulebook.validate.safety as safety

    seen: list[str] = []
    original = safety.markdown_dangers

    def recording(text: str):
        seen.append(text)
        return original(text)

    monkeypatch.setattr(safety, "markdown_dangers", recording)  # units' texts too (safety.text_dangers)
    return seen


def test_check_refuses_a_text_that_string_facts_fill_over_the_bounds(
    small_project: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Within the bounds as written, over them filled: 64 placeholders each quoting a fact of 200
    characters with 64 `[` (a fact's own bound) make 4,096 `[` in 12,864 characters."""
    root = small_project
    fact = "[" * limits.MAX_MARKUP + "a" * (200 - limits.MAX_MARKUP)  # the schema's longest string fact
    game = root / "rules/alpha/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("facts:\n", f"facts:\n  slow:\n    text: '{fact}'\n", 1))
    unit_id = "rule.players"
    text = " ".join(["{slow.text}"] * limits.MAX_MARKUP)
    assert not list(limits.text_limit_dangers(text)) and not list(limits.text_limit_dangers(fact))
    plant_units(root, WORDS, {unit_id: text})
    monkeypatch.setenv("RULEBOOK_CACHE", "0")
    rendered = _record_rendering(monkeypatch)
    code, out, _ = run_cli(capsys, "--root", str(root), "check")
    assert code == 1
    line, _ = locate((root / WORDS).read_text(encoding="utf-8"), f"  {unit_id}:\n")
    expected = (
        f"{WORDS}:{line + 1}:11: units.{unit_id}.text: with its placeholders filled, "
        f"{limits.MAX_MARKUP * limits.MAX_MARKUP:,} Markdown markup characters"
    )
    assert expected in out, out[-3000:]
    assert not [seen for seen in rendered if fact * 2 in seen.replace(" ", "")], "the filled text was rendered"


@pytest.mark.slow  # builds a site
def test_the_build_fails_on_a_slow_text_without_rendering_a_page(small_project: Path) -> None:
    # A run of `[` alone: the only one of the patterns that no other check refuses.
    root = with_site_sources(small_project, package=False)
    unit_id = "rule.players"
    plant_units(root, WORDS, {unit_id: SLOW_PATTERNS["run of ["](MARKUP_SIZE)})
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "RULEBOOK_CACHE": "0"}
    build = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-d", str(root / "site")],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert build.returncode != 0
    assert f"units.{unit_id}.text: {MARKUP_SIZE} Markdown markup characters" in build.stdout + build.stderr
    assert not list((root / "docs").glob("**/*.md")), "pages were rendered"


def test_import_refuses_each_slow_text_at_its_po_line(
    small_project: Path, tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = small_project
    add_rules(root, len(SLOW_PATTERNS))  # alpha's two rules and one more for each pattern
    po = export(capsys, root, tmp_path / "po")
    catalog = polib.pofile(str(po))
    texts = slow_texts()
    entries = [entry for entry in catalog if entry.msgctxt and entry.msgctxt.startswith("rule.")][: len(texts)]
    units = {name: entry.msgctxt for name, entry in zip(texts, entries, strict=True)}
    for name, entry in zip(texts, entries, strict=True):
        entry.msgstr = texts[name]
    catalog.save(str(po))
    lines = po.read_text(encoding="utf-8").splitlines()
    before = tree_digest(root)
    monkeypatch.setenv("RULEBOOK_CACHE", "0")
    rendered = _record_rendering(monkeypatch)
    code, _, err = import_(capsys, root, po)
    assert code == 2
    for name, unit_id in units.items():
        line = lines.index(f'msgctxt "{unit_id}"') + 2  # its msgid, after the one-line msgctxt
        refused = [row for row in err.splitlines() if row.startswith(f"{po}:{line}: '{unit_id}': ")]
        assert refused and expected_bound(name) in refused[0], (name, err[-3000:])
    assert tree_digest(root) == before
    assert not [text for text in rendered if text in texts.values()], "a refused text was rendered"


def test_a_yaml_file_over_the_size_bound_is_refused_before_it_is_parsed(small_project: Path, capsys) -> None:
    root = small_project
    path = root / WORDS
    # Over the bound, then what the YAML parser would refuse: the size must be all that is said.
    padding = "#" + "x" * limits.MAX_YAML_BYTES + "\n"
    path.write_text(path.read_text(encoding="utf-8") + padding + "units: [unclosed\n", encoding="utf-8")
    code, out, _ = run_cli(capsys, "--root", str(root), "check")
    assert code == 1
    assert f"{WORDS}: the file is larger than 512 KiB, the most a file of this kind may hold" in out
    assert "YAML" not in out


def test_a_po_file_over_the_size_bound_is_refused_before_it_is_parsed(
    small_project: Path, tmp_path: Path, capsys
) -> None:
    root = small_project
    po = export(capsys, root, tmp_path / "po")
    with po.open("a", encoding="utf-8") as stream:  # over the bound, then a line that is not PO
        stream.write("#" + "x" * limits.MAX_PO_BYTES + "\nnot PO at all\n")
    before = tree_digest(root)
    code, _, err = import_(capsys, root, po)
    assert code == 2
    assert err.startswith(f"{po}: the file is larger than 1 MiB, the most a file of this kind may hold")
    assert "not a valid PO line" not in err
    assert tree_digest(root) == before


def test_a_text_at_the_bounds_is_taken() -> None:
    at_the_bounds = "[a](#b) " * limits.MAX_MARKUP + "a" * 10
    at_the_bounds = at_the_bounds[: limits.MAX_TEXT_LENGTH]
    assert sum(at_the_bounds.count(char) for char in limits.MARKUP_CHARACTERS) == limits.MAX_MARKUP
    assert list(limits.text_limit_dangers(at_the_bounds)) == []
    assert list(limits.text_limit_dangers("a" * limits.MAX_TEXT_LENGTH)) == []
    assert len(list(limits.text_limit_dangers("a" * limits.MAX_TEXT_LENGTH + "["))) == 1
