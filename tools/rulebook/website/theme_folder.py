"""Where our theme overrides lie: the MkDocs plugin adds the folder to the theme's, and `rulebook
render` names it as custom_dir for an engine that runs no plugin of ours. Imports no engine."""

from __future__ import annotations

from pathlib import Path

THEME_DIR = Path(__file__).parent / "theme"
