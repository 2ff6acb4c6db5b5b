"""Stage 3: the content model as Markdown pages, one set per language (`pages.py`): game pages
with their referee notes and calculator data, quick-reference cards, change lists, the glossary
and the status page.
Also what every page's HTML needs whatever engine builds it: the Python-Markdown extension that
mkdocs.yml lists, and Material's search index split per language and accent-folded (`search.py`);
escaping, the nh3 sanitizer and link targets read as a browser reads them are rulebook/markup/'s,
which validate/ shares. It imports no site engine (tests/test_engine_boundary.py); rulebook.website
plugs it into MkDocs.
"""
