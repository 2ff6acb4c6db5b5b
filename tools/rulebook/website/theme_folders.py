"""The theme's folders as the plugin sets them up (a custom_dir, ours, Material's), found without
importing any engine: `rulebook finish` reads the policy's hashes and the lunr languages from them."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rulebook.validate.material_languages import material_templates
from rulebook.validate.site_config import theme_custom_dir

THEME_DIR = Path(__file__).parent / "theme"


def site_theme_dirs(root: Path, engine_dirs: Sequence[Path] | None = None) -> list[Path]:
    """In the order the theme's loader searches them (website/plugin.py's on_config): mkdocs.yml's
    custom_dir, then ours, then the engine's: `engine_dirs` where given (Zensical's templates, which
    `rulebook finish --theme-dir` names), else Material's where it is installed."""
    custom = theme_custom_dir(root)
    if engine_dirs is None:
        try:
            engine_dirs = [material_templates()]
        except ModuleNotFoundError:  # another engine's theme: its folders are not known here
            engine_dirs = []
    return [*([custom] if custom else []), THEME_DIR, *engine_dirs]
