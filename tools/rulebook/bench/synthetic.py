"""Synthetic projects in the real content model: N games × L languages, with the facts, worked
examples, rulings and scorer of the repository's first scored game (its model game), so that
checking, scoring and rendering all do their real work.

Translations are pseudo-translations: each word is transformed, while placeholders, numbers,
punctuation and Markdown stay, so that the translation checks pass as they do on real content.
French and Czech are left out: their QA (typography, terminology) needs real translations.
"""

from __future__ import annotations

import json
import random
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import yaml

from rulebook.files.scorers import BROWSER_SCORER, FACTS_SCHEMA, INPUT_SCHEMA, SCORER, has_scorer
from rulebook.model import source_hash

LANGUAGES = ["en", "de", "es", "it", "nl", "pl", "pt", "sv", "da", "fi"]
# Accented letters per language, so that search has words to fold as on a real site.
_ACCENTS = {
    "de": "aäoöuü",
    "es": "aáeéoó",
    "it": "aàeèoò",
    "nl": "eëiï",
    "pl": "eęoóaą",
    "pt": "aãoõeê",
    "sv": "aåoö",
    "da": "aåoø",
    "fi": "aäoö",
}
_WORDS = re.compile(r"(?<![{\w.])[A-Za-z]{2,}(?![\w}])")
SECTIONS, RULES_PER_SECTION = 6, 5


@dataclass(frozen=True)
class Size:
    games: int
    languages: int

    @property
    def name(self) -> str:
        return f"{self.games}x{self.languages}"


def model_game(repository: Path) -> str:
    """The first game of the repository's project with a scorer and worked examples."""
    project = yaml.safe_load((repository / "rules/project.yaml").read_text(encoding="utf-8"))
    for game_id in project["games"]:
        game = yaml.safe_load((repository / "rules" / game_id / "game.yaml").read_text(encoding="utf-8"))
        if has_scorer(repository, game_id) and game.get("examples"):
            return game_id
    raise ValueError(f"{repository}: no game with a scorer and worked examples to model the synthetic games on")


def _sentences(repository: Path) -> list[str]:
    model = model_game(repository)
    english = yaml.safe_load((repository / "rules" / model / "en.yaml").read_text(encoding="utf-8"))["units"]
    text = " ".join(unit["text"] for key, unit in english.items() if key.startswith("rule."))
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+", text) if len(s.split()) > 4]


def pseudo(text: str, language: str) -> str:
    """A stand-in translation: words reversed and accented, everything else kept.

    >>> pseudo("Each player draws {setup.cards_per_player} tiles: 9 × 3 = 27.", "de")
    'Hcäe Reyälp Swärd {setup.cards_per_player} Selit: 9 × 3 = 27.'
    """
    plain, accented = _ACCENTS[language][0::2], _ACCENTS[language][1::2]
    table = str.maketrans(plain, accented)

    def swap(match: re.Match[str]) -> str:
        return match.group(0)[::-1].lower().translate(table).capitalize()

    return _WORDS.sub(swap, text)


def _unquoted(text: str) -> str:
    """
    >>> _unquoted("It says “the basic score”.")
    'It says the basic score.'
    """
    return text.replace("“", "").replace("”", "")


def generate(repository: Path, root: Path, size: Size, seed: int = 1) -> int:
    """Write a project of `size` under `root`; return its number of text units."""
    if root.exists():
        shutil.rmtree(root)
    (root / "rules").mkdir(parents=True)
    (root / "docs").mkdir()
    shutil.copytree(repository / "schemas", root / "schemas")
    shutil.copytree(repository / "locales", root / "locales")
    languages = LANGUAGES[: size.languages]
    ids = [f"game-{number:03d}" for number in range(1, size.games + 1)]
    (root / "rules/project.yaml").write_text(json.dumps({"languages": languages, "games": ids}), encoding="utf-8")
    model_id = model_game(repository)
    model = yaml.safe_load((repository / "rules" / model_id / "game.yaml").read_text(encoding="utf-8"))
    english_model = yaml.safe_load((repository / "rules" / model_id / "en.yaml").read_text(encoding="utf-8"))["units"]
    # Every synthetic game scores with the model's scorer, which lives in its game folder.
    (root / "rules" / model_id).mkdir()
    for name in (SCORER, INPUT_SCHEMA, FACTS_SCHEMA, BROWSER_SCORER):
        if (repository / "rules" / model_id / name).is_file():
            shutil.copy2(repository / "rules" / model_id / name, root / "rules" / model_id / name)
    sentences = _sentences(repository)
    chance = random.Random(seed)
    units = 0
    for game_id in ids:
        folder = root / "rules" / game_id
        folder.mkdir()
        sections = [
            {"id": f"s{s}", "rules": [f"r{s}-{r}" for r in range(1, RULES_PER_SECTION + 1)]}
            for s in range(1, SECTIONS + 1)
        ]
        rule_ids = [rule for section in sections for rule in section["rules"]]
        examples = [
            {
                **example,
                "rules": [rule_ids[index % len(rule_ids)]],
                "rulings": [model["rulings"][index % len(model["rulings"])]["id"]],
            }
            for index, example in enumerate(model["examples"])
        ]
        rulings = [{"id": ruling["id"], "rules": [chance.choice(rule_ids)]} for ruling in model["rulings"]]
        game = {
            "id": game_id,
            "name": f"Game {game_id[-3:]}",
            "scoring": model_id,
            "sources": [{"file": "sources/source.txt", "language": "en"}],
            "facts": model["facts"],
            "sections": sections,
            "scoring_rules": [],
            "rulings": rulings,
            "examples": examples,
        }
        (folder / "sources").mkdir()
        (folder / "sources/source.txt").write_text("Synthetic.\n", encoding="utf-8")
        (folder / "game.yaml").write_text(json.dumps(game), encoding="utf-8")
        english = {"summary": "A synthetic game for the benchmark."}
        for section in sections:
            english[f"section.{section['id']}"] = " ".join(chance.choice(sentences).split()[:4]).rstrip(".,:;")
            for rule in section["rules"]:
                text = " ".join(chance.sample(sentences, chance.randint(1, 3)))
                english[f"rule.{rule}"] = text
        english.update({key: unit["text"] for key, unit in english_model.items() if key.startswith("example.")})
        # A ruling's quotes are its rules' words (ruling.quote-not-in-rule); a synthetic rule is other
        # words, so the quotes are kept as plain text.
        english.update(
            {key: _unquoted(unit["text"]) for key, unit in english_model.items() if key.startswith("ruling.")}
        )
        for language in languages:
            if language == "en":
                words = {key: {"text": text} for key, text in english.items()}
            else:
                words = {
                    key: {"text": pseudo(text, language), "source": source_hash(text), "status": "draft"}
                    for key, text in english.items()
                }
            units += len(words)
            (folder / f"{language}.yaml").write_text(
                yaml.dump(
                    {"language": language, "units": words},
                    Dumper=_QuotingDigits,
                    allow_unicode=True,
                    sort_keys=False,
                    width=100,
                ),
                encoding="utf-8",
            )
    return units


class _QuotingDigits(yaml.SafeDumper):
    """PyYAML writes a source hash such as 099536614868 plain (YAML 1.1 reads it as text), which
    the project refuses as a number with a leading zero: such a string is written quoted."""


_QuotingDigits.add_representer(
    str,
    lambda dumper, text: dumper.represent_scalar("tag:yaml.org,2002:str", text, style='"' if text.isdigit() else None),
)


def mkdocs_config(root: Path, languages: list[str], *, toolkit: bool) -> Path:
    """The same site config twice: through the toolkit, or bare (the Markdown already written)."""
    plugins: list = [
        {"search": {"separator": r'[\s\-,:;!?=\[\]()"/«»„“”‘’.]+'}},
        {
            "i18n": {
                "docs_structure": "folder",
                "reconfigure_search": False,
                "languages": [
                    {"locale": language, "default": index == 0, "name": language, "build": True}
                    for index, language in enumerate(languages)
                ],
            }
        },
    ]
    if toolkit:
        plugins.append({"rulebook": {"root": str(root)}})
    config = {
        "site_name": "Benchmark",
        "site_url": "https://bench.example.org/",  # `rulebook build` refuses a local address
        "docs_dir": str(root / "docs"),
        "theme": {"name": "material", "font": False, "features": ["navigation.prune"]},
        "plugins": plugins,
        "markdown_extensions": ["admonition", "attr_list", "md_in_html", "tables", {"toc": {"permalink": True}}],
    }
    if not toolkit:
        games = json.loads((root / "rules/project.yaml").read_text(encoding="utf-8"))["games"]
        config["nav"] = ["index.md", *(f"{game}.md" for game in games), "status.md"]
    path = root / ("mkdocs.toolkit.yml" if toolkit else "mkdocs.bare.yml")
    path.write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    return path
