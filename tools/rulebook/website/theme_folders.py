"""The theme's folders as the plugin sets them up (a custom_dir, ours, Material's), found without
importing any engine: `rulebook finish` reads the policy's hashes and the lunr languages from them."""

from __future__ import annotations

import subprocess
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


def zensical_templates(zensical: Path) -> list[str]:
    """zensical-i18n's templates, then Zensical's, in the order its loader searches them: the
    `--theme-dir`s of `rulebook finish` on Zensical's site, found through the Python of the venv
    whose `zensical` command is given (make build-zensical, make bench-engines, the site tests)."""
    code = "import zensical, zensical_i18n; print(zensical_i18n.__file__); print(zensical.__file__)"
    python = str(zensical.with_name("python"))
    printed = subprocess.run([python, "-c", code], capture_output=True, text=True, check=True).stdout
    return [str(Path(line).parent / "templates") for line in printed.splitlines()]
