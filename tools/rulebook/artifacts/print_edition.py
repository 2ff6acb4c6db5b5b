"""The print edition: per game and language, the rules and the quick-reference card as PDFs,
printed by Chromium from the built site: <out>/<language>/<game>.pdf and <game>-card.pdf; and each
recorded edition as it was, <game>-<version>.pdf, with the latest edition's errata sheet,
<game>-errata-<version>.pdf (render/as_of.py, render/errata.py).

`make print` runs this after `make build`. Chromium is the browser the tests already drive through
Playwright (Debian's package), so printing needs nothing new; the print stylesheet (rulebook.css,
`@media print`) decides what the paper shows. The pages are opened on a local server, but their
citations print the site's public address (print.js resolves them against the canonical link,
from site_url): the local one means nothing on paper.
"""

from __future__ import annotations

import argparse
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

from rulebook.editions.timeline import timeline
from rulebook.files.disk import LinkedFolder, own_folder, write_atomic_bytes
from rulebook.load.project import load_project
from rulebook.model import Project
from rulebook.render import card
from rulebook.render.as_of import edition_page_path
from rulebook.render.errata import errata_page_path, errata_versions

# Chromium's headless shell when Debian's package is there (what `make test` installs: the same
# engine, lighter; the print tests read its PDFs), else the whole browser.
CHROMIUMS = ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
PAPER = "A4"


def chromium() -> str:
    return next((path for path in CHROMIUMS if Path(path).exists()), CHROMIUMS[-1])


def game_url(site_url: str, project: Project, language: str, game_id: str) -> str:
    root = "" if language == project.source_language else f"{language}/"
    return f"{site_url}/{root}{game_id}/"


def card_url(site_url: str, project: Project, language: str, game_id: str) -> str:
    """The quick-reference card's page (render/card.py), which prints on one page."""
    root = "" if language == project.source_language else f"{language}/"
    return f"{site_url}/{root}{card.FOLDER}/{game_id}/"


def page_url(site_url: str, project: Project, language: str, page_path: str) -> str:
    """A generated page's address, from its path in a language's docs folder ("chess/1.0.md")."""
    root = "" if language == project.source_language else f"{language}/"
    return f"{site_url}/{root}{page_path.removesuffix('.md')}/"


def game_pdf(page: Page, url: str, paper: str = PAPER) -> bytes:
    """A page printed: once its scripts have run, since print.js writes the links' addresses."""
    page.goto(url, wait_until="networkidle")
    return page.pdf(format=paper)


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def served(site: Path) -> Iterator[str]:
    """The built site on loopback, for as long as the block runs."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_QuietHandler, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def write_edition(root: Path, site: Path, out: Path, paper: str = PAPER) -> list[Path]:
    """<out>/<language>/<game>.pdf and <game>-card.pdf for every language and game; the files written."""
    with served(site) as site_url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        try:
            project = load_project(root).project
            return print_games(browser, site_url, project, out, paper) + print_editions(
                browser, site_url, project, out, paper
            )
        finally:
            browser.close()


def print_games(browser: Browser, site_url: str, project: Project, out: Path, paper: str = PAPER) -> list[Path]:
    """Every game page of the served site and its card, printed in every language into
    <out>/<language>/<game>.pdf and <out>/<language>/<game>-card.pdf."""
    written = []
    page = browser.new_page()
    for language in project.languages:
        for game in project.games:
            for name, url in (
                (f"{game.id}.pdf", game_url(site_url, project, language, game.id)),
                (f"{game.id}-card.pdf", card_url(site_url, project, language, game.id)),
            ):
                path = out / language / name
                path.parent.mkdir(parents=True, exist_ok=True)
                write_atomic_bytes(path, game_pdf(page, url, paper))  # never half a PDF
                written.append(path)
    page.close()
    return written


def print_editions(browser: Browser, site_url: str, project: Project, out: Path, paper: str = PAPER) -> list[Path]:
    """Every recorded edition's page, <out>/<language>/<game>-<version>.pdf, and the errata sheet of
    each game's latest edition, where it has one (not the first edition's), <game>-errata-<version>.pdf."""
    written = []
    page = browser.new_page()
    for game in project.games:
        found = timeline(project, game)
        prints = [(f"{game.id}-{e.version}.pdf", edition_page_path(game, e.version)) for e in found.editions]
        latest = found.latest
        if latest is not None and latest.version in errata_versions(found):
            prints.append((f"{game.id}-errata-{latest.version}.pdf", errata_page_path(game, latest.version)))
        for language in project.languages:
            for name, path in prints:
                target = out / language / name
                target.parent.mkdir(parents=True, exist_ok=True)
                write_atomic_bytes(target, game_pdf(page, page_url(site_url, project, language, path), paper))
                written.append(target)
    page.close()
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m rulebook.artifacts.print_edition", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--root", type=Path, default=Path.cwd(), help="the project (default: here)")
    parser.add_argument("--site", type=Path, default=Path("site"), help="the built site (default: site)")
    parser.add_argument("--out", type=Path, default=Path("print"), help="where the PDFs go (default: print)")
    parser.add_argument("--paper", default=PAPER, help=f"Chromium's paper format (default: {PAPER})")
    args = parser.parse_args(argv)
    try:
        own_folder(args.out, args.root)  # not through a committed `print` link
    except LinkedFolder as refusal:
        parser.exit(2, f"{refusal.problem}\n")
    for path in write_edition(args.root, args.site, args.out, args.paper):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
