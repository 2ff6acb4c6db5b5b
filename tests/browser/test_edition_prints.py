"""The print edition of the recorded editions (issue 46, point 5), printed by Chromium as `make print`
prints it: each recorded edition as it was, in every language, and the latest edition's errata sheet
on one A4 page, with no address of the local server it was printed from.

The project is the translated fixture (fixture_games.py): alpha with editions 1.0.1 and 1.0.2
(record_corrections: a section turn, 2.1 draw, 2.2 pass, 2.3 discard, and a referee note, shared-win,
whose answer 1.0.2 corrects) and the erratum 1.1 (record_alpha_erratum: same-total inserted before
winner, 1.2, which becomes 1.3; draw reworded; pass removed); beta with its first edition alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser
from pypdf import PdfReader

from conftest import build_site
from fixture_games import (
    ALPHA_TURN,
    DRAW_NEW,
    DRAW_OLD,
    ERRATUM_INSERTED,
    SHARED_WIN_ANSWER,
    copy_small_project,
    record_alpha_erratum,
    record_corrections,
)
from rulebook.artifacts.print_edition import print_editions, served
from rulebook.load.project import load_project

pytestmark = pytest.mark.browser

LOCAL = ("127.0.0.1", "localhost")  # the local server's addresses, which mean nothing on paper
PASS = ALPHA_TURN["en"]["rule.pass"]  # removed by the erratum


@pytest.fixture(scope="module")
def printed(browser: Browser, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Path]]:
    """alpha with the erratum recorded as 1.1, built and printed: the folder printed into, and the files written."""
    root = tmp_path_factory.mktemp("edition-prints")
    copy_small_project(tmp_path_factory, root, site=True, translated=True)
    record_alpha_erratum(record_corrections(root))
    site = build_site(root, root / "site")
    project = load_project(root).project
    with served(site) as site_url:
        written = print_editions(browser, site_url, project, root / "print")
    return root / "print", written


def text_of(path: Path) -> tuple[int, str]:
    reader = PdfReader(path)
    return len(reader.pages), " ".join(" ".join(page.extract_text() for page in reader.pages).split())


def test_each_recorded_edition_and_the_latest_errata_sheet_are_printed(printed: tuple[Path, list[Path]]) -> None:
    out, written = printed
    # alpha's four editions and the errata sheet of its latest, 1.1; beta's first edition, which has no
    # errata sheet (it would list nothing); in each of the three languages.
    names = ["alpha-1.0", "alpha-1.0.1", "alpha-1.0.2", "alpha-1.1", "alpha-errata-1.1", "beta-1.0"]
    expected = {out / language / f"{name}.pdf" for language in ("en", "fr", "cs") for name in names}
    assert set(written) == expected and len(written) == 18
    for path in written:
        assert [word for word in LOCAL if word in text_of(path)[1]] == [], path


def test_the_old_edition_prints_as_it_was_and_says_it_is_superseded(printed: tuple[Path, list[Path]]) -> None:
    out, _ = printed
    _, old = text_of(out / "en" / "alpha-1.0.2.pdf")
    assert "Superseded edition" in old
    assert DRAW_OLD in old and DRAW_NEW not in old
    assert PASS in old and ERRATUM_INSERTED not in old
    _, new = text_of(out / "en" / "alpha-1.1.pdf")
    assert "Superseded" not in new and DRAW_NEW in new and ERRATUM_INSERTED in new
    assert DRAW_OLD not in new and PASS not in new


# The corrections since 1.0 are their own editions, 1.0.1 and 1.0.2: the erratum's 1.1 carries only
# its own changes, and its sheet fits one page in every language.
def test_the_errata_sheet_fits_one_page(printed: tuple[Path, list[Path]]) -> None:
    out, _ = printed
    for language in ("en", "fr", "cs"):
        pages, text = text_of(out / language / "alpha-errata-1.1.pdf")
        assert pages == 1, language
        assert "1.1" in text and "1.3" in text, language  # winner, renumbered from 1.2
    english = text_of(out / "en" / "alpha-errata-1.1.pdf")[1]
    assert "Alpha: errata of edition 1.1" in english and ERRATUM_INSERTED in english
    # Only the erratum's own changes: none of those the corrections 1.0.1 and 1.0.2 recorded (a referee
    # note, and its answer corrected).
    assert ALPHA_TURN["en"]["ruling.shared-win.question"] not in english
    assert SHARED_WIN_ANSWER["en"] not in english
