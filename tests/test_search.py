"""Splitting Material's one search index into one per language, with accent-folded words, on synthetic
indexes whose game pages are the fixture games' (alpha, beta: tests/fixture_games.py)."""

from __future__ import annotations

from rulebook.render.search import (
    FOLDED_FIELD,
    PIPELINE,
    QUESTIONS_FIELD,
    SECONDARY,
    STEMS_FIELD,
    TITLE_STEMS_FIELD,
    folded_words,
    split_index,
)

LANGUAGES = ["en", "fr", "cs"]


def index() -> dict:
    config = {
        "lang": ["en", "fr"],
        "separator": "[\\s]+",
        "pipeline": ["stopWordFilter"],
        "fields": {"title": {"boost": 1000.0}, "text": {"boost": 1.0}},
    }
    docs = [
        {"location": "", "title": "Board game rules", "text": "<p>Rules</p>"},
        {"location": "alpha/#aim", "title": "1. About", "text": "<p>shelf</p>"},
        {"location": "fr/alpha/#aim", "title": "1. À propos du jeu", "text": "<p>l'étagère</p>"},
        {"location": "cs/beta/#play", "title": "1. Jak hrát", "text": "<p>Každý hráč</p>"},
        {"location": "cs/", "title": "Pravidla deskových her", "text": ""},
    ]
    return {"config": config, "docs": docs}


def test_each_language_gets_only_its_own_pages_relative_to_its_root() -> None:
    parts = split_index(index(), LANGUAGES)
    assert [d["location"] for d in parts["en"]["docs"]] == ["", "alpha/#aim"]
    assert [d["location"] for d in parts["fr"]["docs"]] == ["alpha/#aim"]
    assert [d["location"] for d in parts["cs"]["docs"]] == ["beta/#play", ""]


def test_lunr_language_is_the_page_language_when_lunr_has_it_else_plain() -> None:
    # Every index also loads our stem-matching pseudo-language; a language lunr lacks searches
    # with English word splitting and no stemmer or stop words, rather than English ones.
    parts = split_index(index(), LANGUAGES, stemmed=frozenset({"en", "fr"}))
    assert [parts[lang]["config"]["lang"] for lang in LANGUAGES] == [["en", "rb"], ["fr", "rb"], ["en", "rb"]]
    assert [parts[lang]["config"]["pipeline"] for lang in LANGUAGES] == [PIPELINE, PIPELINE, []]
    with_czech = split_index(index(), LANGUAGES, stemmed=frozenset({"en", "fr", "cs"}))
    assert with_czech["cs"]["config"]["lang"] == ["cs", "rb"]


def test_secondary_parts_rank_below_rules_and_the_stems_are_declared_not_written() -> None:
    entries = {
        "config": {"lang": ["en"], "fields": {"title": {"boost": 1000}, "text": {"boost": 1}}},
        "docs": [
            {"location": "beta/#scoring", "title": "3. Scoring", "text": "<p>Each tile scores</p>"},
            {"location": "beta/#referee-notes", "title": "Referee notes", "text": "<p>scores</p>"},
            {"location": "status/#french", "title": "French", "text": ""},
        ],
    }
    docs = split_index(entries, ["en"])["en"]["docs"]
    assert [doc.get("boost") for doc in docs] == [None, SECONDARY["#referee-notes"], SECONDARY["status/"]]
    assert SECONDARY["#referee-notes"] < 1 and SECONDARY["status/"] < 1
    # The browser copies the text and the title into these fields as it indexes each entry
    # (lunr.rb.min.js): the index does not carry the text twice.
    config = split_index(entries, ["en"])["en"]["config"]
    assert STEMS_FIELD in config["fields"] and TITLE_STEMS_FIELD in config["fields"]
    assert not any(STEMS_FIELD in doc or TITLE_STEMS_FIELD in doc for doc in docs)


def test_accented_words_get_a_folded_field_that_the_browser_fills() -> None:
    # The browser folds each entry as it indexes it (lunr.rb.min.js, as folded_words does:
    # tests/browser/test_search_fields.py); the index declares the field and carries no copy.
    assert folded_words("1. Jak hrát", "<p>Každý hráč</p>") == "hrat kazdy hrac"
    parts = split_index(index(), LANGUAGES)
    czech = parts["cs"]["docs"][0]
    assert FOLDED_FIELD not in czech
    assert all(FOLDED_FIELD not in doc for part in parts.values() for doc in part["docs"])
    assert FOLDED_FIELD in parts["cs"]["config"]["fields"]
    # The original text stays as it was, so "hráč" still finds "hráč".
    assert czech["text"] == "<p>Každý hráč</p>"


def test_the_input_index_is_not_modified() -> None:
    original = index()
    split_index(original, LANGUAGES)
    assert original == index()


def test_a_game_section_is_cut_into_its_rules_in_every_language_and_other_pages_are_not() -> None:
    """Each language's entry of a game section gives way to the section and one entry per rule, at the
    rule's anchor and titled with its citation; the referee notes keep their boost, and the home page
    and a section holding no rule of the map stay one entry."""
    original = index()
    original["docs"] += [
        {"location": "alpha/#turn", "title": "2. Turn", "text": "<p>Intro.</p> <p>2.1 Draw.</p> <p>2.2</p> <ul>"},
        {"location": "fr/alpha/#turn", "title": "2. Tour", "text": "<p>2.1 Piochez.</p> <p>2.2 Posez.</p>"},
        {"location": "alpha/#referee-notes", "title": "Referee notes", "text": "<p>2.1 is read as…</p>"},
    ]
    rules = {"alpha/": {"turn": {"2.1": ("draw", "Alpha 2.1"), "2.2": ("lay", "Alpha 2.2")}, "aim": {}}}
    result = split_index(original, LANGUAGES, rules=rules)
    english = {doc["location"]: doc for doc in result["en"]["docs"]}
    assert [location for location in english if location.startswith("alpha/#")] == [
        "alpha/#aim",
        "alpha/#turn",
        "alpha/#draw",
        "alpha/#lay",
        "alpha/#referee-notes",
    ]
    assert english["alpha/#turn"]["text"] == "<p>Intro.</p>"
    assert (english["alpha/#draw"]["title"], english["alpha/#draw"]["text"]) == ("Alpha 2.1", "<p>2.1 Draw.</p>")
    assert english["alpha/#lay"]["text"] == "<p>2.2</p> <ul>"
    # The notes quote a rule's number; they are one entry, ranked below the rules as before.
    assert english["alpha/#referee-notes"]["boost"] == SECONDARY["#referee-notes"]
    assert english["alpha/#referee-notes"]["text"] == "<p>2.1 is read as…</p>"
    french = {doc["location"]: doc for doc in result["fr"]["docs"]}
    assert french["alpha/#turn"]["text"] == "" and french["alpha/#lay"]["text"] == "<p>2.2 Posez.</p>"
    assert english[""] == {"location": "", "title": "Board game rules", "text": "<p>Rules</p>"}


def test_the_referee_notes_are_cut_into_their_rulings_titled_with_their_questions() -> None:
    """The notes were one entry holding every ruling's words, which met most words of any question
    and came before the rule that answers it. Each ruling opens with its mark's paragraph, which the
    index keeps empty; a ruling is an entry at its anchor, titled with its question, weighed below the
    rules; notes whose rulings are not the page's stay one entry."""
    original = index()
    notes = "<p>Intro.</p> <p></p> <p>Who wins?</p> <p>All.</p> <p>Why: 5.3</p> <p></p> <p>Ties?</p> <p>No.</p>"
    original["docs"] += [
        {"location": "alpha/#referee-notes", "title": "Referee notes", "text": notes},
        {"location": "fr/alpha/#referee-notes", "title": "Notes", "text": "<p>Intro.</p> <p></p> <p>Qui ?</p>"},
    ]
    result = split_index(original, LANGUAGES, rulings={"alpha/": ["ruling-win", "ruling-tie"]})
    english = {doc["location"]: doc for doc in result["en"]["docs"]}
    assert english["alpha/#referee-notes"]["text"] == "<p>Intro.</p>"
    assert english["alpha/#referee-notes"]["boost"] == SECONDARY["#referee-notes"]
    win, tie = english["alpha/#ruling-win"], english["alpha/#ruling-tie"]
    assert (win["title"], win["text"]) == ("Who wins?", "<p>All.</p> <p>Why: 5.3</p>")
    assert (tie["title"], tie["text"]) == ("Ties?", "<p>No.</p>")
    assert win["boost"] == tie["boost"] == SECONDARY["#ruling-"] < SECONDARY["#referee-notes"]
    # One ruling where the page has two: the French notes are left whole.
    french = [doc for doc in result["fr"]["docs"] if doc["location"].startswith("alpha/")]
    assert [doc["location"] for doc in french] == ["alpha/#aim", "alpha/#referee-notes"]
    assert french[1]["text"] == "<p>Intro.</p> <p></p> <p>Qui ?</p>"


def test_the_games_names_travel_folded_with_the_search_words_of_every_language() -> None:
    words = {"languages": {"fr": {"question_words": ["qui"]}}}
    result = split_index(index(), LANGUAGES, words=words, games={"beta/": "Béta, the Game!", "alpha/": "Álpha"})
    for language in LANGUAGES:
        declared = result[language]["config"]["fields"][FOLDED_FIELD]["words"]
        assert declared["games"] == [["beta the game", "beta/"], ["alpha", "alpha/"]]


def test_players_questions_go_to_their_entry_in_their_language_only() -> None:
    words = {
        "languages": {
            "fr": {"questions": {"alpha/#aim": ["on gagne comment ?", "c'est quoi le but"]}},
            "cs": {"questions": {"alpha/#aim": ["o co jde"]}},
        }
    }
    parts = split_index(index(), LANGUAGES, words=words)
    asks = {lang: {doc["location"]: doc.get(QUESTIONS_FIELD) for doc in parts[lang]["docs"]} for lang in LANGUAGES}
    # The French entry at the same address gets the French questions; the English one gets none,
    # and the Czech page has no such entry for the Czech questions to go to.
    assert asks["fr"]["alpha/#aim"] == "on gagne comment ? c'est quoi le but"
    assert asks["en"]["alpha/#aim"] is None
    assert "alpha/#aim" not in asks["cs"] and not any(asks["cs"].values())
    # Searched as the text is (the same boost), and declared in every language's index.
    assert all(parts[lang]["config"]["fields"][QUESTIONS_FIELD] == {"boost": 1.0} for lang in LANGUAGES)
