"""The MkDocs adapter: the `rulebook` plugin that runs load → validate → render at build time
(`plugin.py`), and what the built site needs of MkDocs, mkdocs-static-i18n and Material: the theme
overrides (`theme/`), the interface words, the Content-Security-Policy, the offline copy's list,
404 pages and sitemaps, `rulebook build`'s split build and `rulebook serve`'s incremental one.
Every private name of those engines is in `internals.py`. The after step on a built site
(`finish.py`, `rulebook finish`) and what it reaches import no engine (tests/test_engine_boundary.py).
"""
