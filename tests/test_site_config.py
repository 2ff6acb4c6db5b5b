"""mkdocs.yml's names are contributor text that Material prints, some of it unescaped: `rulebook
check` refuses markup in them at mkdocs.yml:line:column, as it does in a game's name; a config that
is no list of plugins, or no YAML at all, is refused without a crash.

On the translated fixture (fixture_games.py: alpha and beta in en, fr and cs) with the project's own
mkdocs.yml, whose three languages are the fixture's: what is checked is the site's config, whatever
the games."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import ROOT, locate, run_cli
from fixture_games import copy_small_project


@pytest.fixture
def project(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> Path:
    root = copy_small_project(tmp_path_factory, tmp_path / "project", translated=True)
    shutil.copy(ROOT / "mkdocs.yml", root / "mkdocs.yml")
    return root


def test_the_fixture_with_the_projects_config_passes_check(project: Path, capsys) -> None:
    """The control: each refusal below is the hostile value's, not the fixture's."""
    code, out, err = run_cli(capsys, "--root", str(project), "check")
    assert code == 0, out + err


def replaced(root: Path, old: str, new: str) -> str:
    config = root / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    config.write_text(text.replace(old, new), encoding="utf-8")
    return text.replace(old, new)


# (what is replaced, by what: the hostile value's first characters mark where the problem is, the field)
CASES = [
    ("site_name: Board game rules", "site_name: Rules</title><script>alert(1)</script>", "site_name"),
    ("name: Français", 'name: Fr" onmouseover="alert(1)', "plugins[1].i18n.languages[1].name"),
    ("site_name: Pravidla deskových her", "site_name: <img src=x>", "plugins[1].i18n.languages[2].site_name"),
    ("name: Dark mode}", 'name: "Dark <b>mode"}', "theme.palette[0].toggle.name"),
]


@pytest.mark.parametrize(("old", "new", "field"), CASES, ids=[field for _, _, field in CASES])
def test_markup_in_a_name_of_mkdocs_yml_is_refused_where_it_is(project: Path, capsys, old, new, field) -> None:
    text = replaced(project, old, new)
    code, out, _ = run_cli(capsys, "--root", str(project), "check")
    assert code == 1, out
    value = new.split(": ", 1)[1]
    line, col = locate(text, value)
    message = "a name is plain text; '<', '>' and '\"' are not allowed"
    assert f"mkdocs.yml:{line}:{col}: {field}: {message}" in out.splitlines()


def test_copyright_and_extra_are_names_too(project: Path, capsys) -> None:
    text = replaced(
        project, "site_url:", 'copyright: "<a href=x>Us</a>"\nextra:\n  generator: "\\u202eevil"\nsite_url:'
    )
    code, out, _ = run_cli(capsys, "--root", str(project), "check")
    assert code == 1
    lines = out.splitlines()
    line, col = locate(text, '"<a href')
    assert f"mkdocs.yml:{line}:{col}: copyright: a name is plain text; '<', '>' and '\"' are not allowed" in lines
    line, col = locate(text, '"\\u202e')
    assert any(
        entry.startswith(f"mkdocs.yml:{line}:{col}: extra.generator: the bidi control U+202E") for entry in lines
    )


def test_a_language_material_has_no_words_in_is_named_with_the_fix(project: Path, capsys) -> None:
    text = replaced(project, "locale: cs", 'locale: "no"')
    code, out, _ = run_cli(capsys, "--root", str(project), "check")
    line, col = locate(text, '"no"')
    expected = (
        f"mkdocs.yml:{line}:{col}: plugins[1].i18n.languages[2].locale: Material has no words in 'no': "
        "add `theme: {language: nb}` to this language"
    )
    assert expected in out.splitlines()
    assert code == 1


@pytest.mark.parametrize("value", ["1.0", "7", "'search'", "{search: {}}"])
def test_plugins_that_are_no_list_are_left_to_mkdocs_not_a_crash(project: Path, capsys, value: str) -> None:
    """Found by `make fuzz` (issue 48): `plugins: 1.0` ended `check` in exit 3 (a float walked as a
    list). It is no list of plugins, so it has no languages to check; the build refuses it."""
    config = project / "mkdocs.yml"
    lines = config.read_text(encoding="utf-8").splitlines(keepends=True)
    start = lines.index("plugins:\n")
    end = next(index for index in range(start + 1, len(lines)) if lines[index][:1] not in (" ", "\n"))
    config.write_text("".join([*lines[:start], f"plugins: {value}\n", *lines[end:]]), encoding="utf-8")
    code, _, err = run_cli(capsys, "--root", str(project), "check")
    assert "internal error" not in err
    assert code in (0, 1), err


def test_a_tag_that_cannot_be_constructed_is_not_yaml_not_a_crash(project: Path, capsys) -> None:
    """Found by `make fuzz` (issue 48): `!!int x` made ruamel.yaml raise ValueError, and `check` exit 3."""
    replaced(project, "site_name: Board game rules", "site_name: !!int x")
    code, out, err = run_cli(capsys, "--root", str(project), "check")
    assert code == 1
    assert "mkdocs.yml: cannot be read as YAML: invalid literal for int() with base 10: 'x'" in out + err
    assert "internal error" not in out + err
