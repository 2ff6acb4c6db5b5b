"""Board-game rules as data: load → validate → render, and the `rulebook` command around it.

The pipeline's stages are sub-packages: `load` reads the YAML into the content model (`model.py`),
`validate` gathers problems as data (`check.py` runs every check, `problems.py` prints them), and
`render` writes the model as Markdown pages; `website` runs them inside MkDocs. Beside the
pipeline: `scoring` (every game's scorer), `editions` (recorded versions, changes, citations),
`i18n` (translation state, PO files, the UI catalogs), `authoring` (`rulebook new`, `rulebook
rule`), `bench` (`make bench`), `edition.py` (the printed PDFs, `make print`) and `cli.py`.
The rest of the top level is shared by several stages: placeholders and plural choices, safe
file writes, the persistent cache, the site's address and reserved paths.
Only `website` builds with MkDocs, and `render` imports no site engine at any depth.
"""
