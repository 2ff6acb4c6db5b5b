"""The print edition of the recorded editions (issue 46, point 5), printed by Chromium as `make print`
prints it: each recorded edition as it was, in every language, and the latest edition's errata sheet
on one A4 page, with no address of the local server it was printed from."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser
from pypdf import PdfReader

from authoring import build, copy_whole_project
from errata import REMOVED, WINNER_NEW, WINNER_OLD, record_erratum
from rulebook.artifacts.print_edition import print_editions, served
from rulebook.editions.history import read_history
from rulebook.load.project import load_project

pytestmark = pytest.mark.browser

LOCAL = ("127.0.0.1", "localhost")  # the local server's addresses, which mean nothing on paper


@pytest.fixture(scope="module")
def printed(browser: Browser, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Path]]:
    """REBUS with the erratum recorded as 1.1, built and printed: the folder printed into, and the files written."""
    root = copy_whole_project(tmp_path_factory.mktemp("edition-prints"))
    record_erratum(root)
    site = build(root)
    project = load_project(root).project
    with served(site) as site_url:
        written = print_editions(browser, site_url, project, root / "print")
    return root / "print", written


def text_of(path: Path) -> tuple[int, str]:
    reader = PdfReader(path)
    return len(reader.pages), " ".join(" ".join(page.extract_text() for page in reader.pages).split())


def test_each_recorded_edition_and_the_latest_errata_sheet_are_printed(printed: tuple[Path, list[Path]]) -> None:
    out, written = printed
    root, expected = out.parent, set()
    for game in ("rebus", "rebis", "oh-my-word"):
        history, problems = read_history(root, root / "rules" / game)
        versions = [edition.version for edition in history.editions]
        assert not problems and versions[:2] == ["1.0", "1.0.1"]  # the project's; REBUS then the erratum's 1.1
        for language in ("en", "fr", "cs"):
            expected |= {out / language / f"{game}-{version}.pdf" for version in versions}
            expected.add(out / language / f"{game}-errata-{versions[-1]}.pdf")  # the latest edition's only
    assert {out / "en" / "rebus-1.1.pdf", out / "en" / "rebus-errata-1.1.pdf"} <= expected
    assert set(written) == expected
    for path in written:
        assert [word for word in LOCAL if word in text_of(path)[1]] == [], path


def test_the_old_edition_prints_as_it_was_and_says_it_is_superseded(printed: tuple[Path, list[Path]]) -> None:
    out, _ = printed
    _, old = text_of(out / "en" / "rebus-1.0.pdf")
    assert "Superseded edition" in old
    assert WINNER_OLD in old and WINNER_NEW not in old
    assert " ".join(REMOVED.split()[:6]) in old
    _, new = text_of(out / "en" / "rebus-1.1.pdf")
    assert "Superseded" not in new and WINNER_NEW in new


# The corrections since 1.0 (issue 49) are their own edition, 1.0.1: this test's 1.1 carries only its
# own erratum, and its sheet fits one page in every language.
def test_the_errata_sheet_fits_one_page(printed: tuple[Path, list[Path]]) -> None:
    out, _ = printed
    for language in ("en", "fr", "cs"):
        pages, text = text_of(out / language / "rebus-errata-1.1.pdf")
        assert pages == 1, language
        assert "1.1" in text and "3.3" in text, language
    english = text_of(out / "en" / "rebus-errata-1.1.pdf")[1]
    assert "errata of edition 1.1" in english
    # Only the erratum's own changes: none of the corrections 1.0.1 recorded (a referee note under a
    # new id, another's quote made exact).
    assert "How is the bonus for using all tiles counted" not in english and "the basic score" not in english
