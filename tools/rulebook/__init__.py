"""Board-game rules as data: load → validate → render, and the `rulebook` command around it.

The pipeline's stages are sub-packages: `load` reads the YAML (through `located` and `documents`)
into the content model (`model.py`), `validate` gathers problems as data (`validate/check.py` runs
every check, `problems.py` prints them), and `render` writes the model as Markdown pages; `website`
runs them inside MkDocs. Beside the pipeline: `scoring` (every game's scorer), `editions` (recorded
versions, changes, citations), `i18n` (translation state, PO files, the UI catalogs), `translation`
(the translators' operations on PO files), `authoring` (`rulebook new`, `rulebook rule`, `rulebook
edition new`), `artifacts` (the printed PDFs, `make print`; the app's icons), `bench` (`make bench`),
`commands` and `cli.py`. Below them, shared by several stages: `problems.py` and `problem_codes`
(problems, and `Refused`, the one exception that carries them), `text` (placeholders, plural
choices, numbers, word folding), `files` (safe reads and atomic writes), `addresses` (the site's
address and reserved paths), `cache` (the persistent cache) and `markup` (what may reach a page).
Each imports only from those below it (tests/test_layers.py). Only `website` builds with MkDocs,
and `render` imports no site engine at any depth.
"""
