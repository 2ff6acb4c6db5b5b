"""The theme's folders as the plugin sets them up (a custom_dir, ours, Material's), found without
importing any engine: `rulebook finish` reads the policy's hashes and the lunr languages from them."""

from __future__ import annotations

from pathlib import Path

from rulebook.validate.material_languages import material_templates
from rulebook.validate.site_config import theme_custom_dir

THEME_DIR = Path(__file__).parent / "theme"


def site_theme_dirs(root: Path) -> list[Path]:
    """In the order the theme's loader searches them (website/plugin.py's on_config): mkdocs.yml's
    custom_dir, then ours, then Material's."""
    custom = theme_custom_dir(root)
    try:
        material = [material_templates()]
    except ModuleNotFoundError:  # another engine's theme: its folders are not known here
        material = []
    return [*([custom] if custom else []), THEME_DIR, *material]
