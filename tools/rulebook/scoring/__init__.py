"""Scoring: what every game's scorer shares (outcome.py), scoring a situation document
(situation.py), worked examples and their assumptions, and finding each game's scorer with the game
(files/scorers.py). A game's scorer has `evaluate(document, facts) -> Outcome`, which scores an input
document already checked against the game's input schema, or raises `Refused`.
"""
