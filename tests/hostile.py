"""A corpus of hostile text, and the places where contributors' text enters the project.

Each payload is what a contributor with bad intent could write. The tests plant them into copies
of a project: the ones that `rulebook check` must refuse (with their location), and the ones it may
let through because the output layer makes them harmless (escaped names, readings). test_hostile.py
plants them into the translated fixture (make_hostile_project: fixture_games.py with alpha's
editions, the project's glossary and alpha's French as a publisher's original), and so does the
browser tier's hostile site (make_hostile_site, plant_fixture_built_payloads); other modules plant
them into copies of the content (copy_project).
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import polib
import yaml

from conftest import ROOT, build_site, copy_content, copy_site_sources

ELSEWHERE = "https://elsewhere.example"

# Text of units (Markdown): every one is refused by `rulebook check` and by `i18n import`.
REFUSED_TEXT: list[tuple[str, str]] = [
    ("inline javascript link", "[colours](javascript:alert(1))"),
    ("reference javascript link", "[colours][x]\n\n[x]: javascript:alert(1)"),
    ("reference definition in angle brackets", "[colours][x]\n\n[x]: <javascript:alert(1)>"),
    ("reference image from elsewhere", f"![t][p]\n\n[p]: {ELSEWHERE}/track.png"),
    ("inline image from elsewhere", f"![t]({ELSEWHERE}/track.png)"),
    ("local image", "![t](track.png)"),
    ("control character before the scheme", "[colour](\x01javascript:alert(1))"),
    ("numeric entity spelling the scheme", "[colour](&#106;avascript:alert(1))"),
    ("hex entity spelling the scheme", "[colour](&#x6A;avascript:alert(1))"),
    ("named entity for the colon", "[colour](javascript&colon;alert(1))"),
    ("mixed-case scheme", "[colour](JaVaScRiPt:alert(1))"),
    ("space before the scheme", "[colour]( javascript:alert(1))"),
    ("vbscript link", "[colour](vbscript:msgbox(1))"),
    ("data link", "[colour](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"),
    ("data image", "![t](data:image/svg+xml,%3Csvg%20onload%3Dalert(1)%3E)"),
    ("script element", "<script>alert(1)</script>"),
    ("img onerror", "<img src=x onerror=alert(1)>"),
    ("raw anchor", '<a href="javascript:alert(1)">x</a>'),
    ("iframe", f'<iframe src="{ELSEWHERE}"></iframe>'),
    ("object", '<object data="x.swf"></object>'),
    ("form", f'<form action="{ELSEWHERE}"><input name="p"></form>'),
    ("svg onload", "<svg onload=alert(1)>"),
    ("style import", f"<style>@import url({ELSEWHERE}/x.css)</style>"),
    ("meta refresh", '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'),
    ("base element", f'<base href="{ELSEWHERE}/">'),
    ("autolink with a script scheme", "<javascript:alert(1)>"),
    ("attribute list on a paragraph", 'Text\n{: onclick="alert(1)" }'),
    ("bidi override", "score \u202e1 0\u202c points"),
    ("bidi isolate", "score \u20661 0\u2069 points"),
    ("C1 control", "score \u009b31m points"),
    ("escape character", "score \x1b[31m points"),
    ("tab", "score\tpoints"),
    # Ids the page's template owns, taken by a heading: Material's script throws, the calculator goes.
    ("heading taking the theme's configuration id", "\n\n## __config"),
    ("underlined heading taking the calculator's data id", "\n\nrb-calculator-data\n---"),
    ("heading taking the calculator's anchor", "\n\nCalculator\n==="),
    # Links that a browser reads as leading to another host, or to another host than they show.
    ("protocol-relative link", "[rules](//elsewhere.example)"),
    ("slash and backslash", "[rules](/\\elsewhere.example)"),
    ("backslash and slash", "[rules](\\/elsewhere.example)"),
    ("two backslashes", "[rules](\\\\\\\\elsewhere.example)"),
    ("percent-encoded slashes", "[rules](%2F%5Celsewhere.example)"),
    ("userinfo before the host", "[rules](https://rules.example@elsewhere.example/)"),
    ("link text showing another host", "[https://rules.example/](https://elsewhere.example/)"),
]

# Link targets as a browser reads them: (target, the host it goes to, or None for this site, and
# whether text may use it). tests/browser/test_outside_links.py asks Chromium the same.
LINK_TARGETS: list[tuple[str, str | None, bool]] = [
    ("alpha.md#winner", None, True),
    ("#winner", None, True),
    ("/alpha/", None, True),
    ("\\alpha\\", None, True),  # a backslash is a slash: /alpha/ on this site
    ("https://publisher.example/rules", "publisher.example", True),
    ("HTTPS://Publisher.Example:8443/x", "publisher.example", True),
    ("https:\\\\publisher.example\\x", "publisher.example", True),
    ("https:///publisher.example", "publisher.example", True),
    ("mailto:rules@publisher.example", None, True),
    ("//evil.example/x", "evil.example", False),
    ("/\\evil.example", "evil.example", False),
    ("\\/evil.example", "evil.example", False),
    ("\\\\evil.example", "evil.example", False),
    (" \t//evil.example", "evil.example", False),
    ("/\t/evil.example", "evil.example", False),
    ("%2F%2Fevil.example", None, False),  # a path to a browser; a server may decode it
    ("/%5Cevil.example", None, False),
    ("https://rules.example@evil.example", "evil.example", False),
    ("https://rules.example:pw@evil.example/", "evil.example", False),
    ("https://a@b@evil.example", "evil.example", False),
    ("https://publisher.example\\@evil.example", "publisher.example", True),  # a path after the host
    ("https://rules.example%40evil.example/", None, False),
    ("https:evil.example", None, False),  # a path on an https page, a host from anywhere else
    ("https://", None, False),
]

# Places where units of text enter: (name, file, unit-id prefix, only units of this status).
# In make_hostile_project, the place with the fewest units is alpha's example captions: highest-total and tie.
PLACES: list[tuple[str, str, str, str | None]] = [
    ("English rule", "rules/alpha/en.yaml", "rule.", None),
    ("draft translation", "rules/alpha/cs.yaml", "rule.", "draft"),
    ("publisher original", "rules/alpha/fr.yaml", "", "original"),
    ("glossary name", "glossary/en.yaml", "symbol.", None),
    ("glossary description", "glossary/cs.yaml", "symbol.", None),
    ("glossary readings explained", "glossary/fr.yaml", "symbol.", None),
    ("ruling", "rules/alpha/en.yaml", "ruling.", None),
    ("example caption", "rules/alpha/en.yaml", "example.", None),
]
FEWEST_UNITS = 2  # of a place of PLACES


@dataclass(frozen=True)
class Planted:
    file: str
    unit_id: str
    payload: str


def copy_project(target: Path, *, site: bool = False, cache: Path | None = None) -> Path:
    """The content (and with `site`, what a build needs besides), with `cache` as its `.cache/` when
    given: the warm_cache fixture, so that a check reads again only what the test planted."""
    return (copy_site_sources if site else copy_content)(target, cache)


# libyaml's safe loader and dumper: the planting reads and writes every words file again in each
# round, and PyYAML's Python ones took a third of the sweep's time. The toolkit reads what they write
# with its own parser.
def read_yaml(path: Path) -> dict:
    return yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)


def write_yaml(path: Path, data: dict) -> None:
    text = yaml.dump(data, Dumper=yaml.CSafeDumper, allow_unicode=True, sort_keys=False, width=1000)
    path.write_text(text, encoding="utf-8")


def plant_units(root: Path, file: str, texts: dict[str, str]) -> None:
    """Set units' texts in one words file (comments are lost; the copy is thrown away)."""
    data = read_yaml(root / file)
    for unit_id, text in texts.items():
        data["units"][unit_id]["text"] = text
    write_yaml(root / file, data)


def unit_ids(file: str, prefix: str, status: str | None, suffix: str = "", base: Path = ROOT) -> list[str]:
    """The ids of the units of `file` (under `base`, the content by default) of that prefix, suffix and status."""
    units = read_yaml(base / file)["units"]
    return [
        unit_id
        for unit_id, unit in units.items()
        if unit_id.startswith(prefix) and unit_id.endswith(suffix) and (status is None or unit.get("status") == status)
    ]


def plant_everywhere(root: Path, payloads: list[tuple[str, str]], rounds: int, round_index: int) -> list[Planted]:
    """Plant this round's share of the payloads at every place of PLACES, in a copy of make_hostile_project at
    root, each in its own unit."""
    planted = []
    share = payloads[round_index::rounds]
    for _name, file, prefix, status in PLACES:
        suffix = ".readings" if file == "glossary/fr.yaml" else ""
        ids = unit_ids(file, prefix, status, suffix, base=root)
        assert len(ids) >= len(share), (file, len(ids))
        texts = {unit_id: f"Text. {payload}" for unit_id, (_, payload) in zip(ids, share, strict=False)}
        plant_units(root, file, texts)
        planted += [Planted(file, unit_id, text) for unit_id, text in texts.items()]
    return planted


# Data that is not Markdown: names and readings are plain text, escaped wherever they appear.
# `rulebook check` lets these through; the built site must still be harmless.
BUILT_GAME_NAME = 'Alpha" onmouseover="alert(1)" x="[y](javascript:alert(2)) *z* & \'q\''
BUILT_READING = "<img src=x onerror=alert(3)>"
BUILT_EXAMPLE_READS = "[I saw](javascript:alert(4)) <script>alert(5)</script>"
BUILT_PLAYER = "<img src=x onerror=alert(6)>"
# mkdocs.yml's names may not hold '<', '>' or '"' (test_site_config.py); what check lets through
# there, ampersands and apostrophes, the build still escapes.
BUILT_SITE_NAME = "Rules & 'games'"
BUILT_LANGUAGE_NAME = "Français & l'été"
BUILT_TEXT = "Highest score wins; a plain mention of javascript:alert(document.domain) is only text."
# An outside link that `check` allows: the built page shows its host beside it.
BUILT_OUTSIDE_LINK = "The publisher keeps [the printed rules](https://Publisher.example/rules) online."
BUILT_OUTSIDE_HOST = "publisher.example"


def make_hostile_project(root: Path) -> None:
    """The translated fixture (fixture_games.py) with alpha's editions 1.0.1 and 1.0.2 (record_corrections:
    the section turn, the referee note shared-win, the example tie), the project's glossary given to alpha
    (with_glossary), and alpha's French units made a publisher's original (status original)."""
    from fixture_games import make_translated_project, quiet, record_corrections, with_glossary

    make_translated_project(root)
    record_corrections(root)
    with_glossary(root)
    french = root / "rules/alpha/fr.yaml"
    french.write_text(french.read_text(encoding="utf-8").replace("status: draft", "status: original"), encoding="utf-8")
    quiet(["--root", str(root), "check"])
    shutil.rmtree(root / ".cache", ignore_errors=True)


def plant_fixture_built_payloads(root: Path) -> None:
    """Hostile data that `check` passes, in a copy of make_hostile_project with what a build reads
    (fixture_games.with_site_sources): alpha's name, a player of its first example, a glossary reading
    and reads, two English rules of alpha, the site's and French's names."""
    game = root / "rules/alpha/game.yaml"
    data = read_yaml(game)
    data["name"] = BUILT_GAME_NAME
    example = data["examples"][0]  # highest-total: {scores: {Ann: 9, Bob: 8}, winners: [Ann]}
    players = example["input"]["players"]
    players[BUILT_PLAYER] = players.pop("Ann")
    example["expect"]["scores"][BUILT_PLAYER] = example["expect"]["scores"].pop("Ann")
    example["expect"]["winners"] = [BUILT_PLAYER]
    write_yaml(game, data)
    symbols = read_yaml(root / "glossary/symbols.yaml")
    symbols["symbols"][1]["readings"].append(BUILT_READING)
    symbols["symbols"][0]["example"]["reads"] = BUILT_EXAMPLE_READS
    write_yaml(root / "glossary/symbols.yaml", symbols)
    plant_units(root, "rules/alpha/en.yaml", {"rule.winner": BUILT_TEXT, "rule.draw": BUILT_OUTSIDE_LINK})
    config = (root / "mkdocs.yml").read_text(encoding="utf-8")
    config = config.replace("site_name: Board game rules", f"site_name: {json.dumps(BUILT_SITE_NAME)}")
    config = config.replace("name: Français", f"name: {json.dumps(BUILT_LANGUAGE_NAME, ensure_ascii=False)}")
    (root / "mkdocs.yml").write_text(config, encoding="utf-8")


def make_hostile_site(root: Path, *, planted: bool = True) -> None:
    """make_hostile_project at root with what a build reads (with_site_sources), with the payloads that
    `check` lets through when `planted` (plant_fixture_built_payloads), checked and built into root/site:
    test_hostile.py reads it, and the browser tier serves it (the hostile_site fixture)."""
    from fixture_games import quiet, with_site_sources

    make_hostile_project(root)
    with_site_sources(root, package=False)
    if planted:
        plant_fixture_built_payloads(root)
    quiet(["--root", str(root), "check"])  # the payloads meant to be built pass the check
    build_site(root, root / "site")


# Translations of the UI catalogs (locales/): plain text, so every Markdown payload is refused there
# too, and so is what is harmless in Markdown but not in an attribute or as a page's words.
PALETTE_BREAKOUT = 'Passer en mode sombre"><script>alert(9)</script><i x="'
REFUSED_CATALOG_TEXT: list[tuple[str, str]] = [
    *REFUSED_TEXT,
    ("palette attribute breakout", PALETTE_BREAKOUT),
    ("link to another host", f"[the publisher]({ELSEWHERE})"),
    ("password field", "<input type=password name=p>"),
    ("Markdown link", "[colours](#scoring)"),
]
CATALOG = "locales/{language}/LC_MESSAGES/messages.po"


@dataclass(frozen=True)
class PlantedMessage:
    line: int  # of the msgstr (or msgstr[n]) that holds the payload, 1-based
    msgid: str
    payload: str


def plant_catalog(root: Path, language: str, payloads: list[tuple[str, str]]) -> list[PlantedMessage]:
    """Every translation of a catalog copy replaced by a payload (in turn), followed by the msgid's
    placeholders so that the payload is all that is wrong; each msgstr line found in the file."""
    path = root / CATALOG.format(language=language)
    catalog = polib.pofile(str(path), wrapwidth=0)
    entries = [entry for entry in catalog if not entry.obsolete]
    for index, entry in enumerate(entries):
        payload = payloads[index % len(payloads)][1]
        wanted = " ".join(sorted(set(re.findall(r"\{\w+\}", entry.msgid + (entry.msgid_plural or "")))))
        text = f"{payload} {wanted}".rstrip()
        if entry.msgid_plural:
            entry.msgstr_plural = {form: text for form in entry.msgstr_plural}
        else:
            entry.msgstr = text
    catalog.save(str(path))
    lines = path.read_text(encoding="utf-8").split("\n")
    msgstr_lines = [number for number, line in enumerate(lines, 1) if line.startswith("msgstr")][1:]  # not the header's
    planted = []
    for entry in entries:
        forms = len(entry.msgstr_plural) if entry.msgid_plural else 1
        text = entry.msgstr_plural[0] if entry.msgid_plural else entry.msgstr
        planted += [PlantedMessage(msgstr_lines.pop(0), entry.msgid, text) for _ in range(forms)]
    assert not msgstr_lines
    return planted


# What the safety checks say; other checks (punctuation, terminology) do not count as a refusal here.
SAFETY_WORDS = (
    "is not allowed",
    "raw HTML",
    "images are not allowed",
    "reference definition",
    "bidi control",
    "control character",
    "HTML entity",
    "sanitizer would remove",
    "from another host",
    "brace",
    "link text",
    "belongs to the page itself",
)
