"""The in-process caches keyed by a file's path alone, and the one function that empties them.

Such a cache lives as long as the process: right for `rulebook check` or `build`, which read each
file once, wrong for `rulebook serve`, which would go on validating with an edited schema's old
version and rendering the calculator from it. website/live.py calls `clear_path_caches` before
every refresh, so each refresh reads them again as a new process would.

The other caches of the toolkit are left alone, each for its reason:
- keyed by the file's state as well as its path, or by its content, so an edit is a new key: the
  documents read (documents/reader.py, by state and by content), the games' models (load/project.py),
  folder digests (cache/store.py), the UI catalogs (i18n/ui_catalog.py, by state and by bytes;
  i18n/ui.py, keyed by the catalog read), the scorers (files/scorers.py), each unit's QA and text
  messages (validate/qa.py, validate/text.py, by the texts and all else they depend on), and
  git's revisions (i18n/history.py, keyed by the revisions);
- pure functions of their arguments (hashes, patterns, CLDR plural categories, placeholders);
- the installed packages' files (Material's icons and languages) and the signing key (cache/store.py),
  which an edit of the project does not change.

Layering: in website/, above documents/ and render/, whose caches it names. mkdocs.yml's site_url is
read again at each call (addresses/site_url.py): nothing to forget.
"""

from __future__ import annotations

from rulebook.documents import schema
from rulebook.render.calculator import schema_data

# Each with functools' cache_clear; a cache added to the toolkit and keyed by a path belongs here.
PATH_CACHES = (
    schema.validator,  # schemas/*.json and each game's score.schema.json, compiled
    schema.fast_validator,
    schema_data,  # a game's input schema as the calculator's data gives it
)


def clear_path_caches() -> None:
    """Forget every value read from a file that a path alone keys: the next call reads the file."""
    for cached in PATH_CACHES:
        cached.cache_clear()
