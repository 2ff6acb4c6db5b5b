"""Typed configuration of the rulebook MkDocs plugin."""

from __future__ import annotations

from mkdocs.config import base
from mkdocs.config import config_options as c


class RulebookConfig(base.Config):
    # The project folder holding rules/; by default the folder of mkdocs.yml.
    root = c.Optional(c.Dir(exists=True))
    # False: the build stops where the engine does (each language's 404 page kept), and leaves the
    # after step to `rulebook finish SITE` (website/finish.py), as a build by another engine would.
    finish = c.Type(bool, default=True)
