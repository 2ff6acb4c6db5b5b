"""The calculator's scripts run by node, without a browser: the theme's calculator.js and a game's
calculator.js in a sandbox whose page holds the data the build writes (render/calculator.py) and no
form. What they compute that touches no page (window.rulebook.readCount, words.number, score) is
tested here in a second, where a browser test takes a built site."""

from __future__ import annotations

import json
import shutil
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

from conftest import ROOT
from rulebook.load.project import load_project
from rulebook.render.calculator import calculator_data, plural_script

NODE = shutil.which("node")
THEME_SCRIPT = ROOT / "tools" / "rulebook" / "website" / "theme" / "assets" / "javascripts" / "calculator.js"

# Reads {data, scripts, calls} on stdin; runs the scripts in a sandbox with a page of that data;
# prints the result of each call, an expression over `rulebook` (window.rulebook).
_RUNNER = r"""
const fs = require("fs");
const vm = require("vm");
const job = JSON.parse(fs.readFileSync(0, "utf8"));
const page = {
  getElementById: (id) => (id === "rb-calculator-data" ? { textContent: job.data } : null),
  querySelector: () => null,
};
const sandbox = { window: {}, document: page };
vm.createContext(sandbox);
for (const script of job.scripts) vm.runInContext(script, sandbox);
const results = job.calls.map((call) =>
  vm.runInContext("(function (rulebook) { return " + call + "; })", sandbox)(sandbox.window.rulebook)
);
process.stdout.write(JSON.stringify(results));
"""


@cache
def _project(root: Path = ROOT):
    return load_project(root).project


def run(game: str, language: str, calls: list[str], game_script: str | None = None, root: Path = ROOT) -> list[Any]:
    """Each call (a JavaScript expression over `rulebook`) evaluated on the game's page in the
    language; `game_script` in place of the game's calculator.js (a mutated one); the game is the
    project's at `root`, the repository's by default."""
    assert NODE is not None, "node is not installed: `make node-deps` (or `make system-deps`) installs it"
    project = _project(root)
    (found,) = [item for item in project.games if item.id == game]
    if game_script is None:
        game_script = (root / "rules" / game / "calculator.js").read_text("utf-8")
    # The page's plural rule (its language's file), the toolkit's script, the game's.
    scripts = [plural_script(project, language), THEME_SCRIPT.read_text(encoding="utf-8"), game_script]
    job = {"data": calculator_data(project, language, found), "scripts": scripts, "calls": calls}
    done = subprocess.run(
        [NODE, "-e", _RUNNER], input=json.dumps(job), capture_output=True, text=True, check=True, timeout=60
    )
    return json.loads(done.stdout)
