"""YAML 1.1 (PyYAML, MkDocs) reads `no` as false, `1:30` as 90 and `0777` as 511; YAML 1.2 does
not. The project reads plain scalars only as both read them, and writes what it writes so that
both read it back as written."""

from __future__ import annotations

import subprocess
import sys

import pytest
import yaml
from ruamel.yaml.comments import CommentedMap

from authoring import environment, run
from conftest import locate, run_cli
from fixture_games import with_site_sources
from rulebook.authoring import round_trip
from rulebook.i18n.words_file import Change, apply_changes
from rulebook.located.document import LoadError, parse_document


@pytest.mark.parametrize("word", ["no", "No", "yes", "on", "off", "1:30", "12:00:05", "1_000"])
def test_what_yaml_1_1_alone_reads_as_a_number_or_boolean_is_text(word: str) -> None:
    assert parse_document(f"answer: {word}\n".encode(), "t.yaml").data == {"answer": word}


def test_a_leading_zero_is_refused_with_what_to_write() -> None:
    with pytest.raises(LoadError) as refused:
        parse_document(b"facts:\n  rounds: 0777\n", "t.yaml")
    assert str(refused.value) == (
        "t.yaml:2:11: '0777' is not a valid !!int: a leading zero is read as octal or as text by YAML 1.1 readers; "
        "write 777"
    )


def test_yes_where_a_boolean_belongs_is_refused_with_the_fix(small_project, capsys) -> None:
    planted = "typography:\n  fr:\n    no_break_space_inside_guillemets: yes\n"
    project = small_project / "rules/project.yaml"
    text = project.read_text(encoding="utf-8") + planted
    project.write_text(text, encoding="utf-8")
    code, out, _ = run_cli(capsys, "--root", str(small_project), "check")
    assert code == 1
    line, col = locate(text, "yes\n")
    expected = (
        f"rules/project.yaml:{line}:{col}: typography.fr.no_break_space_inside_guillemets: 'yes' is not of type "
        "'boolean' (write true or false: yes, no, on and off are words)"
    )
    assert expected in out.splitlines()


WORDS = """\
language: fr
units:
  rule.a:
    text: Un
    source: "abc"
"""


@pytest.mark.parametrize("text", ["no", "On", "1:30"])
def test_the_words_writer_quotes_what_yaml_1_1_would_misread(text: str) -> None:
    written = apply_changes(WORDS, [Change("rule.a", text, "1e5", None)], ["rule.a"])
    assert yaml.safe_load(written)["units"]["rule.a"] == {"text": text, "source": "1e5"}
    assert parse_document(written.encode(), "fr.yaml").data["units"]["rule.a"]["text"] == text


def test_the_config_writer_quotes_what_yaml_1_1_would_misread() -> None:
    data = round_trip.load("languages: [en, fr]\nname: plain\n", "project.yaml")
    data["languages"].append("no")
    data["time"] = "1:30"
    data["nested"] = CommentedMap(locale="off")
    written = round_trip.dump(data)
    assert yaml.safe_load(written) == {
        "languages": ["en", "fr", "no"],
        "name": "plain",
        "time": "1:30",
        "nested": {"locale": "off"},
    }
    assert "name: plain" in written  # what every reader reads alike stays plain


@pytest.mark.slow  # builds a site
def test_new_language_no_is_norwegian_end_to_end(small_project) -> None:
    root = with_site_sources(small_project)
    result = run(root, "new", "language", "no")
    assert result.returncode == 0, result.stderr
    assert yaml.safe_load((root / "rules/project.yaml").read_text(encoding="utf-8"))["languages"][-1] == "no"
    assert yaml.safe_load((root / "rules/alpha/no.yaml").read_text(encoding="utf-8"))["language"] == "no"
    checked = run(root, "check")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    # MkDocs reads mkdocs.yml as YAML 1.1; Material has no Norwegian `no` words of its own, but Bokmål's.
    build = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-d", str(root / "site")],
        cwd=root,
        env=environment(root),
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stdout + build.stderr
    page = (root / "site/no/alpha/index.html").read_text(encoding="utf-8")
    assert 'hreflang="no"' in page and 'lang="nb"' in page
