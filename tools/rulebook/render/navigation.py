"""The site's navigation, from the project: home, the games in rules/project.yaml's order, the
glossary when there is one, and the translation status. Every engine is given the same list (the
MkDocs plugin in on_config, any other engine through `rulebook render`'s config); each language's
titles are its pages' own headings, so no menu shows a folder's name."""

from __future__ import annotations


def site_navigation(games: list[str], has_glossary: bool) -> list[str]:
    """The pages in menu order, as paths inside a language's folder.

    >>> site_navigation(["alpha", "beta"], has_glossary=False)
    ['index.md', 'alpha.md', 'beta.md', 'status.md']
    """
    return ["index.md", *(f"{game}.md" for game in games), *(["glossary.md"] if has_glossary else []), "status.md"]
