"""`rulebook score --lang` says everything in that language (issue 48: the breakdown, a maximum and a
duplicate key stayed English): each step and the summary, every refusal with the language's
typography before a colon, and limits with its digit grouping. The expected words are this
project's catalogs' translations; the numbers worked out by hand (3 tiles × 3 points = 9)."""

from __future__ import annotations

import pytest

NBSP, NNBSP = "\u00a0", "\u202f"
MILLION = {"en": "1,000,000", "fr": f"1{NNBSP}000{NNBSP}000", "cs": f"1{NBSP}000{NBSP}000"}
TWO_MILLION = {"en": "2,000,000", "fr": f"2{NNBSP}000{NNBSP}000", "cs": f"2{NBSP}000{NBSP}000"}
OVER_THE_MAXIMUM = "final:\n  Ann: {score: 2000000, tiles_left: 1}\n"  # the value at line 2, column 16


def test_the_breakdown_in_french(score) -> None:
    code, out, _ = score("rebus", "turn: {tiles_placed: 3, rebuses: [{tiles: 3}]}\n", "--lang", "fr")
    assert (code, out) == (0, f"Rébus 1{NBSP}: 3 × 3 = 9\nScore du tour{NBSP}: 9\n")


def test_the_breakdown_in_czech(score) -> None:
    code, out, _ = score("rebus", "turn: {tiles_placed: 3, rebuses: [{tiles: 3}]}\n", "--lang", "cs")
    assert (code, out) == (0, "Rébus 1: 3 × 3 = 9\nSkóre tahu: 9\n")


@pytest.mark.parametrize(
    ("language", "winner", "red_token"),
    [
        ("en", "Winner: Ann", "Red token: Ann, on Bob's shelf 2"),
        ("fr", f"Gagnant{NBSP}: Ann", f"Jeton rouge{NBSP}: Ann, sur l’étagère 2 de Bob"),
        ("cs", "Vítěz: Ann", "Červený žeton: Ann, na polici 2 hráče Bob"),
    ],
)
def test_the_winner_and_the_red_token_in_the_language(capsys, language: str, winner: str, red_token: str) -> None:
    from conftest import ROOT, run_cli

    # The worked example: Ann claims the red token (4 against 0) and puts it on Bob's shelf 2.
    code, out, _ = run_cli(
        capsys, "--root", str(ROOT), "score", "rebis", "--example", "red-token-placed", "--lang", language
    )
    assert code == 0
    assert out.splitlines()[-2:] == [winner, red_token]


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "final.Ann.score: {value} is greater than the maximum of {limit}"),
        ("fr", f"final.Ann.score{NBSP}: {{value}} dépasse le maximum de {{limit}}"),
        ("cs", "final.Ann.score: {value} je větší než maximum {limit}"),
    ],
)
def test_a_maximum_in_the_language_with_its_grouping(score, language: str, words: str) -> None:
    code, out, err = score("rebus", OVER_THE_MAXIMUM, "--lang", language)
    assert (code, out) == (2, "")
    expected = words.format(value=TWO_MILLION[language], limit=MILLION[language])
    (line,) = err.splitlines()
    assert line.endswith(f"situation.yaml:2:16: {expected}")


@pytest.mark.parametrize(
    ("language", "words"),
    [("fr", "clé 'Ann' en double (la première à la ligne 1)"), ("cs", "zdvojený klíč 'Ann' (poprvé na řádku 1)")],
)
def test_a_duplicate_key_in_the_language(score, language: str, words: str) -> None:
    document = "final: {Ann: {score: 3, tiles_left: 1}, Ann: {score: 2, tiles_left: 0}}\n"
    code, _, err = score("rebus", document, "--lang", language)
    assert code == 2
    assert err.rstrip("\n").endswith(f"situation.yaml:1:41: {words}")
