"""Which of the project's languages a text reads as: the guess behind the warning
`i18n.wrong-language` (a Czech msgstr imported into French, an English text left untranslated).

The guess is py3langid's (a naive Bayes classifier over byte n-grams, its model in the package),
restricted to the project's languages and made on the text's prose only: placeholders, link
targets, code spans and quoted passages are left out (a gloss quotes the English words a picture
reads, `„home“`, `« door »`), a plural choice counts as its last form. A text of fewer than MIN_WORDS
words is never judged (a name, a number, a placeholder, a one-word glossary example), and a guess
below MIN_CONFIDENCE is no guess. Chosen by measurement on our own texts against a stop-word test
and lingua; the figures are in guide/translating.md.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any

from rulebook.problem_codes import Message
from rulebook.text.placeholders import PLACEHOLDER
from rulebook.text.plural_choice import CHOICE

# Chosen on half of the project's texts (one game and the glossary; the other two games held out):
# with 3 words or more none was misjudged at any confidence, and none gave another language more
# than 0.24; 0.8 is the strictest confidence that still catches 98% of what 0.5 catches of them swapped.
MIN_WORDS = 3
MIN_CONFIDENCE = 0.8

_LINK_TARGET = re.compile(r"\]\([^)]*\)")
_CODE_SPAN = re.compile(r"`[^`]*`")
_QUOTED = re.compile(r"„[^“]*“|«[^»]*»|“[^”]*”|\"[^\"]*\"")
_LETTER = re.compile(r"[^\W\d_]")


def prose(text: str) -> str:
    """The words of a text that say something in its language; a plural choice is one word, its
    last form.

    >>> prose("Dům znamená „home“ ({a.b} [x](#y)) `z` {{a.b|one=kus|other=kusů}}.").split()
    ['Dům', 'znamená', '(', '[x])', 'kusů.']
    """
    text = CHOICE.sub(lambda match: match["body"].rsplit("=", 1)[-1], text)
    text = PLACEHOLDER.sub(" ", text)
    text = _LINK_TARGET.sub("]", text)
    text = _CODE_SPAN.sub(" ", text)
    return _QUOTED.sub(" ", text)


def word_count(text: str) -> int:
    """How many words the prose of a text has: what stands between spaces and has a letter.

    >>> word_count("{gold} ABC 42 −2"), word_count("Un stylo-plume."), word_count("C’est l’été « here »")
    (1, 2, 2)
    """
    return sum(1 for word in prose(text).split() if _LETTER.search(word))


def other_language(text: str, language: str, languages: Sequence[str]) -> str | None:
    """The other of `languages` that a text in `language` surely reads as; None when it reads as
    its own, or is too short or too close to call, or a language is one the model does not know."""
    guessed = guessed_language(text, tuple(languages))
    return guessed if guessed is not None and guessed != language else None


@lru_cache(maxsize=1 << 16)  # `rulebook check` judges the same texts again after every edit
def guessed_language(text: str, languages: tuple[str, ...]) -> str | None:
    """The one of `languages` the text reads as, when the text is long enough and the guess sure."""
    if word_count(text) < MIN_WORDS:
        return None
    codes: dict[str, list[str]] = {}
    for language in languages:
        codes.setdefault(_model_code(language), []).append(language)
    identifier = _identifier(tuple(sorted(codes)))
    if identifier is None:
        return None
    code, confidence = identifier.classify(prose(text))
    if confidence < MIN_CONFIDENCE or len(codes[code]) > 1:  # pt and pt-BR: the model cannot part them
        return None
    return codes[code][0]


def _model_code(language: str) -> str:
    """The model's code for a project language: its ISO 639 part (`pt` for `pt-BR`)."""
    return re.split(r"[-_]", language, maxsplit=1)[0].lower()


@cache
def _identifier(codes: tuple[str, ...]) -> Any:
    """py3langid's identifier among `codes`, loaded once a process (1 to 2 s with numpy's import:
    only a text long enough to judge loads it); None when the model lacks one of them, as no guess
    among the rest is fair."""
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    identifier = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
    if len(codes) < 2 or not set(codes) <= set(identifier.labels):
        return None
    identifier.set_languages(list(codes))
    return identifier


def wrong_language(text: str, language: str, languages: Sequence[str]) -> Message | None:
    """The warning `i18n.wrong-language` for a text in `language` that reads as another of
    `languages`; None for one that reads as its own or cannot be judged.

    >>> print(wrong_language("Hráč, který vyložil všechny kamínky, dostane bonus.", "fr", ["en", "fr", "cs"]))
    reads as cs, not fr: a text in another language, or the English left untranslated?
    >>> wrong_language("Zvonek", "fr", ["en", "fr", "cs"]) is None
    True
    """
    guessed = other_language(text, language, languages)
    return None if guessed is None else Message("i18n.wrong-language", {"language": language, "guessed": guessed})
