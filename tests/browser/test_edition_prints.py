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
from rulebook.edition import print_editions, served
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
    games = ("rebus", "rebis", "oh-my-word")
    expected = {out / language / f"{game}-1.0.pdf" for language in ("en", "fr", "cs") for game in games}
    expected |= {out / language / name for language in ("en", "fr", "cs") for name in ("rebus-1.1.pdf",)}
    expected |= {out / language / "rebus-errata-1.1.pdf" for language in ("en", "fr", "cs")}
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


# Main's English has changed since 1.0 by issue 49's corrections (renamed rulings, reworded notes,
# "center", the golden mixture token), not yet recorded as an edition of their own; this test's 1.1
# carries them with its own erratum, and the English sheet takes two pages. Recording those
# corrections as an edition on main (issue 49's one open item) brings the sheet back to one page.
@pytest.mark.xfail(strict=True, reason="issue 49: the corrections since 1.0 are not yet an edition of their own")
def test_the_errata_sheet_fits_one_page(printed: tuple[Path, list[Path]]) -> None:
    out, _ = printed
    for language in ("en", "fr", "cs"):
        pages, text = text_of(out / language / "rebus-errata-1.1.pdf")
        assert pages == 1, language
        assert "1.1" in text and "3.3" in text, language
    assert "errata of edition 1.1" in text_of(out / "en" / "rebus-errata-1.1.pdf")[1]
