"""rulebook's Python-Markdown extension: what a page's HTML needs whatever engine renders it.

Every engine the site may move to runs Python-Markdown extensions (MkDocs, ProperDocs, Zensical;
docs: dev/engines.md), while each has its own plugin API, or none. So the transformations of a
page's text that need nothing but the text live here, listed in mkdocs.yml after `toc`:
- headings' anchors never take an id the template or the renderer owns (markup/anchors.py);
- the page body passes the sanitizer (markup/sanitizer.py), each removal reported, and then each
  outside link shows its host (markup/outside_links.py): `finished_body`.

The MkDocs plugin turns the second off (`page_body: false`) and finishes the body itself, with the
same function, in on_page_content: there the body is the one Python-Markdown returned, stripped, and
the generated-page comment the sanitizer removes leaves its blank lines before the first heading,
which Material's search index reads as the page's own entry. Finished inside Python-Markdown, the
body would lose them, and the index would change (tests/test_markdown_extension.py).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from markdown import Extension, Markdown
from markdown.postprocessors import Postprocessor

from rulebook.markup import anchors
from rulebook.markup.outside_links import with_hosts
from rulebook.markup.sanitizer import removals, sanitize

NAME = "rulebook.render.markdown_extension"  # as mkdocs.yml lists it
log = logging.getLogger(NAME)


def finished_body(html: str, report: Callable[[str], None]) -> str:
    """The page body sanitized, each removal reported, then each outside link with its host.
    `rulebook check` reports, unit by unit, whatever the sanitizer would remove: anything it still
    removes here is a warning (the MkDocs plugin names the page; --strict then fails)."""
    for removed in removals(html):
        report(removed)
    return with_hosts(sanitize(html))


def log_removal(removed: str) -> None:
    """Without a page to name (an engine that runs no plugin of ours): the removal alone."""
    log.warning("the sanitizer removed %s", removed)


class PageBody(Postprocessor):
    """The page's final HTML, sanitized, with outside links' hosts shown. Last of the postprocessors,
    where MkDocs' own `on_page_content` would see it (raw HTML and entities are back in place)."""

    def __init__(self, md: Markdown, report: Callable[[str], None]) -> None:
        super().__init__(md)
        self.report = report

    def run(self, text: str) -> str:
        return finished_body(text, self.report)


class RulebookExtension(Extension):
    def __init__(self, **kwargs: object) -> None:
        self.config = {
            "page_body": [True, "finish the page body here (False: the engine's plugin does, see above)"],
            "report": [log_removal, "called with each thing the sanitizer removes, described"],
        }
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:
        md.registerExtension(self)
        # toc is listed before us: its slug function becomes ours, whatever its configuration said.
        if "toc" in md.treeprocessors:
            md.treeprocessors["toc"].slugify = anchors.slugify
        if self.getConfig("page_body"):
            md.postprocessors.register(PageBody(md, self.getConfig("report")), "rulebook", 0)


def makeExtension(**kwargs: object) -> RulebookExtension:
    return RulebookExtension(**kwargs)
