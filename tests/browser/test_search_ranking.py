"""Search that ranks: a query set across the three languages, each with the result a reader wants,
chosen from the rules themselves. A query hits when that result is among the first three. The set
is split by a hash into a development half and a held-out half (tests/search_questions.py); both
are reported per language, and the held-out half must reach 90 % in each."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Browser, Page

from rulebook.load.project import load_project
from search_questions import is_held_out, split

pytestmark = [pytest.mark.browser, pytest.mark.search]

# (language, query, the section or card that answers it): the wanted result is a rule, never the
# referee notes, and an inflected word finds its other forms. Most are players' questions as typed
# (issue 28), with the words the rules themselves do not use.
TUNING = [
    ("en", "score", "/rebus/#scoring"),
    ("en", "bonus squares", "/rebus/#scoring"),
    ("en", "red token", "/rebis/#tokens"),
    ("en", "timer", "/oh-my-word/#timer"),
    ("en", "closing a shelf", "/rebis/#closing"),
    ("en", "tiebreaker", "/oh-my-word/#tiebreaker"),
    ("en", "unplayed tiles", "/rebus/#scoring"),
    ("en", "starting player", "/rebus/#play"),
    ("en", "ewe", "/glossary/#ewe"),
    ("en", "who starts", "/rebus/#play"),  # the text says "goes first", "begins"
    ("en", "draw pile empty", "/rebus/#forming"),  # REBUS 2.8: "none remain in the same color"
    ("en", "draw pile empty", "/rebis/#end"),  # Rebis 5.1: "the deck runs out"
    ("en", "who wins a tie", "/rebus/#ending"),
    ("fr", "égalités", "/fr/oh-my-word/#tiebreaker"),  # the text says « égalité »
    ("fr", "étagères", "/fr/rebis/#closing"),
    ("fr", "jeton rouge", "/fr/rebis/#tokens"),
    ("fr", "cases bonus", "/fr/rebus/#scoring"),
    ("fr", "minuteur", "/fr/oh-my-word/#timer"),
    ("fr", "feuille", "/fr/glossary/#leaf"),
    ("fr", "sacs", "/fr/rebus/#play"),
    ("fr", "départage", "/fr/oh-my-word/#tiebreaker"),
    ("fr", "combien de cartes en main", "/fr/rebis/#turn"),  # the glossary's « Deux » came first
    ("fr", "mots interdits", "/fr/rebus/#forming"),  # the text says « Interdit », « pas autorisées »
    ("fr", "qui commence", "/fr/rebus/#play"),
    ("fr", "ex aequo", "/fr/oh-my-word/#tiebreaker"),  # the text says « égalité »
    ("cs", "bodům", "/cs/oh-my-word/#end"),  # the text says "bodů", "body"
    ("cs", "polici", "/cs/rebis/#closing"),
    ("cs", "časovače", "/cs/oh-my-word/#timer"),  # the text says "časovač", "časovači"
    ("cs", "kamínky", "/cs/rebus/#play"),
    ("cs", "remíza", "/cs/oh-my-word/#tiebreaker"),  # the text says "nerozhodném výsledku", "shodně"
    ("cs", "remíza", "/cs/rebus/#ending"),  # the text says "rovnosti skóre"
    ("cs", "list", "/cs/glossary/#leaf"),
    ("cs", "rozstřel", "/cs/oh-my-word/#tiebreaker"),
    ("cs", "zeton smuly", "/cs/oh-my-word/#materials"),  # typed without accents
    ("cs", "kdo začíná", "/cs/rebus/#play"),
]
# Held out until 2026-12-02 and then used: their misses chose the synonym groups added that day
# (rules/search-words.yaml) and the rule that results meeting every word come first.
FORMERLY_HELD_OUT = [
    ("en", "how many tiles do I draw", "/rebus/#play"),
    ("en", "hand limit", "/rebis/#turn"),
    ("en", "batteries", "/oh-my-word/#timer"),
    ("en", "what happens when the timer rings", "/oh-my-word/#gameplay"),
    ("en", "when does Rebis end", "/rebis/#end"),
    ("en", "swap my tiles", "/rebus/#forming"),
    ("en", "reverse tile", "/oh-my-word/#gameplay"),
    ("en", "how many bad luck tokens", "/oh-my-word/#materials"),
    ("fr", "pioche vide", "/fr/rebus/#forming"),
    ("fr", "piles", "/fr/oh-my-word/#timer"),
    ("fr", "combien de jetons malchance", "/fr/oh-my-word/#materials"),
    ("fr", "échanger ses tuiles", "/fr/rebus/#forming"),
    ("fr", "tuile inversion", "/fr/oh-my-word/#gameplay"),
    ("fr", "égalité de score", "/fr/rebus/#ending"),
    ("cs", "baterie", "/cs/oh-my-word/#timer"),
    ("cs", "limit karet v ruce", "/cs/rebis/#turn"),
    ("cs", "kdo dostane červený žeton", "/cs/rebis/#end"),
    ("cs", "výměna kamínků", "/cs/rebus/#forming"),
    ("cs", "kolik kamínků si vezmu", "/cs/rebus/#play"),
    ("cs", "prémiová pole", "/cs/rebus/#scoring"),
    ("cs", "zlatý prach", "/cs/rebis/#tokens"),
]
# Written down on 2026-12-02 from the rules before they were first typed, and held out then: 12 of 20
# on that first run (11 of 20 on the search before that day's changes). One number was then chosen
# on them as well as on the questions above (COVERAGE_POWER in lunr.rb.min.js), which gave 16 or
# 17 of 20, so they are no longer held out; their misses then chose three groups of words (make,
# zavřít, rayon), which gave 18 of 20.
CHOSE_A_NUMBER = [
    ("en", "can I use a name like Emily", "/rebus/#forming"),
    ("en", "what if I can't make a rebus", "/rebus/#forming"),
    ("en", "how many points per tile", "/rebus/#scoring"),
    ("en", "can a shelf go over 13", "/rebis/#turn"),
    ("en", "play a negative card on another shelf", "/rebis/#turn"),
    ("en", "what do the mixture tokens do", "/rebis/#tokens"),
    ("en", "direction of play reversed", "/oh-my-word/#gameplay"),
    ("fr", "puis-je utiliser un prénom", "/fr/rebus/#forming"),
    ("fr", "fermer l'étagère d'un autre joueur", "/fr/rebis/#closing"),
    ("fr", "quand le minuteur sonne", "/fr/oh-my-word/#gameplay"),
    ("fr", "combien de tuiles au début", "/fr/rebus/#play"),
    ("fr", "changer les piles du minuteur", "/fr/oh-my-word/#timer"),
    ("fr", "points des tuiles non jouées", "/fr/rebus/#scoring"),
    ("cs", "můžu použít jméno", "/cs/rebus/#forming"),
    ("cs", "co když nemůžu vytvořit rébus", "/cs/rebus/#forming"),
    ("cs", "kolik bodů za kamínek", "/cs/rebus/#scoring"),
    ("cs", "zavřít polici jiného hráče", "/cs/rebis/#closing"),
    ("cs", "když doběhne časovač", "/cs/oh-my-word/#gameplay"),
    ("cs", "změna směru hry", "/cs/oh-my-word/#gameplay"),
    ("cs", "nezahrané kamínky na konci", "/cs/rebus/#scoring"),
]
# Written down on 2026-12-02 after the search was settled, and held out in that session: 10 of 15 on
# their first run, against 7 of 15 on the search of the day before. Used in the next session: their
# misses chose the groups "game over" and "jednoslovný" (rules/search-words.yaml); with those and the
# changes of that session (more than one rule of a page shown, stop words dropped), 14 of 15.
USED_IN_THE_NEXT_SESSION = [
    ("en", "can I add to a rebus already on the board", "/rebus/#forming"),
    ("en", "are lists allowed", "/rebus/#forming"),
    ("en", "what does the red square do", "/rebus/#scoring"),
    ("en", "when is the game over in oh my word", "/oh-my-word/#end"),
    ("en", "bonus for using all tiles", "/rebus/#scoring"),
    ("fr", "jouer deux cartes du même nombre", "/fr/rebis/#turn"),
    ("fr", "où placer le jeton rouge", "/fr/rebis/#end"),
    ("fr", "jetons poussière d'or", "/fr/rebis/#tokens"),
    ("fr", "le sens du jeu", "/fr/oh-my-word/#gameplay"),
    ("fr", "initiales interdites", "/fr/rebus/#forming"),
    ("cs", "kolik karet můžu zahrát", "/cs/rebis/#turn"),
    ("cs", "kam dát červený žeton", "/cs/rebis/#end"),
    ("cs", "bonus za všechny kamínky", "/cs/rebus/#scoring"),
    ("cs", "jednoslovný rébus", "/cs/rebus/#forming"),
    ("cs", "konec hry oh my word", "/cs/oh-my-word/#end"),
]
# Written on 2026-12-02 (second session) by a helper that read only the rules' YAML, not the search
# words, the tests or the search's code, and typed into the search for the first time after that
# session's changes: 14 of 24 (58 %), and 14 of 24 on the search before that session too. Two were
# won (a page's second rule shown: "max cards in hand", « zlatého prachu ») and two lost: a question
# that names no game ("kdy konci hra", « qui gagne en cas d'egalite ») showed three rules of one game
# where it showed one of each. They then chose one thing, so they are not quite blind any more: of
# two ways of showing a page's folded rules that both gave 87 of 91 tuning questions, the one kept
# (a folded rule is shown only if it scores above the next page's best) gave 16 of 24, the other
# 14. HELD_OUT, written after that, is the clean measure.
CHOSE_THE_FOLD = [
    ("en", "how do we choose who plays first", "/rebus/#play"),
    ("en", "are people's names allowed", "/rebus/#forming"),
    ("en", "leftover tiles penalty", "/rebus/#scoring"),
    ("en", "max cards in hand", "/rebis/#turn"),
    ("en", "what if my card takes the shelf over 13", "/rebis/#closing"),
    ("en", "can we play a shorter game", "/oh-my-word/#setup"),
    ("en", "tile that flips the direction", "/oh-my-word/#gameplay"),
    ("en", "does a movie title with several words count", "/oh-my-word/#tips"),
    ("fr", "combien rapporte une case rouge", "/fr/rebus/#scoring"),
    ("fr", "quand est-ce que la partie s'arrête ?", "/fr/rebus/#ending"),
    ("fr", "je peux poser une carte chez un adversaire ?", "/fr/rebis/#turn"),
    ("fr", "qu'est-ce que je gagne si je ferme l'étagère d'un autre joueur", "/fr/rebis/#closing"),
    ("fr", "qui récupère le jeton rouge à la fin", "/fr/rebis/#end"),
    ("fr", "j'ai le droit de regarder mes jetons ?", "/fr/oh-my-word/#tips"),
    ("fr", "qui gagne en cas d'egalite", "/fr/oh-my-word/#tiebreaker"),
    ("fr", "le minuteur ne démarre pas", "/fr/oh-my-word/#timer"),
    ("cs", "kolik kamínků si na začátku vytáhnu", "/cs/rebus/#play"),
    ("cs", "smím vyjmenovat víc věcí za sebou?", "/cs/rebus/#forming"),
    ("cs", "kolik bodů za vyložení všech kamínků najednou", "/cs/rebus/#scoring"),
    ("cs", "můžu vyložit dvě karty naráz", "/cs/rebis/#turn"),
    ("cs", "k čemu jsou žetony zlatého prachu", "/cs/rebis/#tokens"),
    ("cs", "kdy konci hra", "/cs/rebis/#end"),
    ("cs", "co když dojde čas a mám pytlík v ruce", "/cs/oh-my-word/#gameplay"),
    ("cs", "co všechno je v krabici", "/cs/oh-my-word/#materials"),
]
# Written on 2026-12-02 (second session) by another helper under the same rules, after every change
# of that session, each question about one game, and typed once: 15 of 24 (62.5 %), against 13 of
# 24 on the search before that session. Used in the third session: their misses chose the groups
# "but" and "prostřední" and a game's name with a case ending ("Rebisu"), 16 of 24 after.
CHOSE_THE_GAME_NAMES = [
    ("en", "how many tiles do you start with in rebus", "/rebus/#play"),
    ("en", "can I play a rebus across and down in one turn", "/rebus/#scoring"),
    ("en", "picture tile means something else in the crossing rebus, is that ok", "/rebus/#forming"),
    ("en", "rebis zero cards", "/rebis/#zero"),
    ("en", "what do I get for closing someone's shelf", "/rebis/#closing"),
    ("en", "timer went off while I was holding the bag", "/oh-my-word/#gameplay"),
    ("en", "oh my word how do you win", "/oh-my-word/#end"),
    ("en", "got handed the bag right as the buzzer went", "/oh-my-word/#tips"),
    ("fr", "qui décide si une phrase en rébus tient la route ?", "/fr/rebus/#forming"),
    ("fr", "quand s'arrête une partie de Rebus ?", "/fr/rebus/#ending"),
    ("fr", "Rebis : une étagère peut-elle tomber en négatif ?", "/fr/rebis/#turn"),
    ("fr", "à quel moment poser les jetons poussière d'or ?", "/fr/rebis/#tokens"),
    ("fr", "c'est quoi le but dans Rebis ?", "/fr/rebis/#overview"),
    ("fr", "où mettre les jetons malchance au début de la partie", "/fr/oh-my-word/#setup"),
    ("fr", "je peux changer de catégorie avant de poser ma tuile ?", "/fr/oh-my-word/#tips"),
    ("fr", "Oh My Word : j'ai pioché une lettre, je dois dire quoi ?", "/fr/oh-my-word/#gameplay"),
    ("cs", "Musí první rébus vést přes prostřední pole?", "/cs/rebus/#play"),
    ("cs", "rébus kolik bodů za jeden kamínek", "/cs/rebus/#scoring"),
    ("cs", "Můžu prodloužit rébus, který už leží na plánu?", "/cs/rebus/#forming"),
    ("cs", "Rebis: co když součet na polici přesáhne 13?", "/cs/rebis/#closing"),
    ("cs", "jak se na konci Rebisu počítají body", "/cs/rebis/#end"),
    ("cs", "zaporna karta souperi na polici, beru si kartu?", "/cs/rebis/#turn"),
    ("cs", "můžeme hrát bez sčítání bodů na žetonech smůly?", "/cs/oh-my-word/#end"),
    ("cs", "Oh My Word: k čemu je zadní strana herních plánů?", "/cs/oh-my-word/#setup"),
]
# Written on 2026-12-02 (third session) by a helper that read only the rules' YAML, 4 questions a
# game and language, before that session's search changes, and typed once after them: 22 of 36
# (61 %), against 23 of 36 on the search before them (the group « fin, termine » lost « rebis quand
# est-ce que la partie se termine » to Rebis's referee notes). Used on 2026-12-03: 31 of 36 with the
# players' questions of rules/search-words.yaml, whose weight they helped choose (0.5, 1 and 2 gave
# the same), and one of them ("nemůžu nic složit") had been given as an example to the helper that
# wrote the Czech questions (it was taken out of the data).
CHOSE_THE_QUESTIONS_WEIGHT = [
    ("en", "rebus who starts", "/rebus/#play"),
    ("en", "can you use a person's name like Emily in a rebus", "/rebus/#forming"),
    ("en", "do you get extra points if you put down all your tiles in one go", "/rebus/#scoring"),
    ("en", "when does the rebus game stop", "/rebus/#ending"),
    ("en", "can I put a pair of cards on my shelf in the same turn", "/rebis/#turn"),
    ("en", "what happens when my shelf would go past 13", "/rebis/#closing"),
    ("en", "rebis when can I place golden dust", "/rebis/#tokens"),
    ("en", "who gets the red token at the end of rebis", "/rebis/#end"),
    ("en", "oh my word what does the reverse tile do", "/oh-my-word/#gameplay"),
    ("en", "timer went off while I had the bag what now", "/oh-my-word/#gameplay"),
    ("en", "who decides if a word counts for the category", "/oh-my-word/#tips"),
    ("en", "what batteries does the oh my word timer take", "/oh-my-word/#timer"),
    ("fr", "rebus combien de tuiles on prend au debut", "/fr/rebus/#play"),
    ("fr", "on a le droit d'aligner plusieurs objets à la suite genre une liste ?", "/fr/rebus/#forming"),
    ("fr", "la case rouge ça multiplie par combien", "/fr/rebus/#scoring"),
    ("fr", "rebus on peut donner un autre sens à un symbole que celui du glossaire ?", "/fr/rebus/#glossary"),
    ("fr", "rebis est-ce qu'il y a un maximum de cartes en main", "/fr/rebis/#turn"),
    ("fr", "qu'est-ce que je gagne si je ferme l'étagère d'un adversaire", "/fr/rebis/#closing"),
    ("fr", "c'est quoi les cartes zero dans rebis", "/fr/rebis/#zero"),
    ("fr", "rebis quand est-ce que la partie se termine", "/fr/rebis/#end"),
    ("fr", "oh my word il y a combien de jetons malchance et ils valent combien", "/fr/oh-my-word/#materials"),
    ("fr", "comment faire une partie plus rapide avec moins de plateaux", "/fr/oh-my-word/#setup"),
    ("fr", "j'ai le droit de regarder mes jetons malchance en cours de partie ?", "/fr/oh-my-word/#tips"),
    ("fr", "oh my word comment on compte les points a la fin pour savoir qui gagne", "/fr/oh-my-word/#end"),
    ("cs", "rebus kam se pokládá první rébus", "/cs/rebus/#play"),
    ("cs", "nemuzu nic slozit, muzu vymenit kaminky?", "/cs/rebus/#forming"),
    ("cs", "kolik bodů se strhne za kamínky co mi zbydou na konci", "/cs/rebus/#scoring"),
    ("cs", "rebus kdy je konec a kdo vyhrál", "/cs/rebus/#ending"),
    ("cs", "muzu dat soupeři na polici kartu s mínusem?", "/cs/rebis/#turn"),
    ("cs", "rebis jak se zavírá police", "/cs/rebis/#closing"),
    ("cs", "jak funguje násobení žetony směsi", "/cs/rebis/#tokens"),
    ("cs", "rebis kdo vyhraje a jak se pocitaji body na konci", "/cs/rebis/#end"),
    ("cs", "oh my word kdo zacina", "/cs/oh-my-word/#gameplay"),
    ("cs", "podali mi pytlík zrovna když časovač dohrál, beru žeton?", "/cs/oh-my-word/#tips"),
    ("cs", "máme stejně bodů smůly, co teď", "/cs/oh-my-word/#tiebreaker"),
    ("cs", "oh my word kdy hra končí", "/cs/oh-my-word/#end"),
]
# Written on 2026-12-03 by a helper that read only the rules' YAML, before the players' questions of
# rules/search-words.yaml existed (written by other helpers, who never saw these), and typed twice:
# 29 of 36 (81 %) on the search without those questions, 34 of 36 (94 %) with them. Used in the next
# session, with all the others, to choose the rulings' weight (render/search.py) and the groups
# "exceed, over, past", « piocher, prendre » and « mettre, placer, poser ».
CHOSE_THE_RULINGS_WEIGHT = [
    # English - REBUS
    ("en", "who goes first in rebus", "/rebus/#play"),
    ("en", "can I spell a name like Emily with letters, or use someone's initials?", "/rebus/#forming"),
    ("en", "what do the red and blue squares on the board do to my points", "/rebus/#scoring"),
    ("en", "when is the game over? nobody can make anything and the bags are empty", "/rebus/#ending"),
    # English - REBIS
    ("en", "rebis tie", "/rebis/#end"),
    ("en", "is there a maximum number of cards I can keep in my hand?", "/rebis/#turn"),
    ("en", "my card pushes the shelf past 13, do I have to start a new shelf now?", "/rebis/#closing"),
    ("en", "what do the zero value cards do", "/rebis/#zero"),
    # English - OH MY WORD
    ("en", "oh my word timer batteries", "/oh-my-word/#timer"),
    ("en", "what happens when you pull the reverse tile out of the bag", "/oh-my-word/#gameplay"),
    ("en", "two of us ended with the same bad luck points, how do we decide who wins?", "/oh-my-word/#tiebreaker"),
    ("en", "my friend said The Man in the Iron Mask for T, does a title like that count?", "/oh-my-word/#tips"),
    # French - REBUS
    ("fr", "combien de tuiles on pioche au debut", "/fr/rebus/#play"),
    ("fr", "je n'arrive pas à faire de rébus avec mes tuiles, est-ce que je peux les échanger ?", "/fr/rebus/#forming"),
    ("fr", "rebus bonus quand on pose toutes ses tuiles d'un coup", "/fr/rebus/#scoring"),
    ("fr", "liste des symboles et ce qu'ils veulent dire", "/fr/rebus/#glossary"),
    # French - REBIS
    ("fr", "a quoi servent les jetons poussiere d'or", "/fr/rebis/#tokens"),
    ("fr", "si je mets une carte négative sur l'étagère d'un autre joueur, je pioche une carte ?", "/fr/rebis/#turn"),
    ("fr", "qui recoit le jeton rouge a la fin de la partie", "/fr/rebis/#end"),
    ("fr", "rebis c'est quoi le but du jeu", "/fr/rebis/#overview"),
    # French - OH MY WORD
    ("fr", "il y a combien de jetons malchance dans la boîte et ils valent combien", "/fr/oh-my-word/#materials"),
    ("fr", "oh my word partie plus courte avec moins de plateaux", "/fr/oh-my-word/#setup"),
    (
        "fr",
        "le minuteur sonne alors que j'ai le sac dans les mains, je fais quoi de ma tuile ?",
        "/fr/oh-my-word/#gameplay",
    ),
    ("fr", "on a le droit de regarder ses jetons malchance pendant la partie", "/fr/oh-my-word/#tips"),
    # Czech - REBUS
    ("cs", "kam se poklada prvni rebus na plan", "/cs/rebus/#play"),
    ("cs", "dosly zlute kaminky, muzu si dobrat z jineho pytliku?", "/cs/rebus/#forming"),
    ("cs", "počítá se červené pole znovu, když přes něj vede další rébus?", "/cs/rebus/#scoring"),
    ("cs", "rebus kdy konci hra", "/cs/rebus/#ending"),
    # Czech - REBIS
    ("cs", "co dostanu kdyz zavru polici jinemu hraci", "/cs/rebis/#closing"),
    ("cs", "kdy končí hra rebis", "/cs/rebis/#end"),
    ("cs", "kolik karet muzu v jednom tahu dat na svoji polici", "/cs/rebis/#turn"),
    ("cs", "násobí žetony směsi body na polici?", "/cs/rebis/#tokens"),
    # Czech - OH MY WORD
    ("cs", "jak se na konci pocitaji body smuly, vyhrava ten kdo ma nejmin?", "/cs/oh-my-word/#end"),
    ("cs", "kdo zacina oh my word", "/cs/oh-my-word/#gameplay"),
    ("cs", "casovac nehraje a nejde spustit, co s tim", "/cs/oh-my-word/#timer"),
    ("cs", "můžu ještě změnit kategorii, když jsem ji už řekl nahlas, ale nezakryl?", "/cs/oh-my-word/#tips"),
]
# Written on 2026-12-03 (fifth session) by a helper that read only the rules' YAML, 5 questions a
# game and language, before that session's changes; two that an earlier set already asks were left
# out. Typed three times: 42 of 43 on the search before the session, 42 after the rulings got an
# entry each, 42 at the end. Never used to choose anything; its miss is a shelf that goes "over 13",
# which Rebis 1.1 (the aim) answers before 3.1.
HELD_OUT = [
    ("en", "how do we pick the first player", "/rebus/#play"),
    ("en", "can I use a person's name or initials", "/rebus/#forming"),
    ("en", "bonus for using all 9 tiles", "/rebus/#scoring"),
    ("en", "when does the game end once the bags are empty", "/rebus/#ending"),
    ("en", "list of what each picture symbol means", "/rebus/#glossary"),
    ("en", "rebis is there a max number of cards in hand", "/rebis/#turn"),
    ("en", "what happens if a card would take my shelf over 13", "/rebis/#closing"),
    ("en", "where can I put golden dust tokens", "/rebis/#tokens"),
    ("en", "who gets the red token at the end", "/rebis/#end"),
    ("en", "what are the zero value cards for", "/rebis/#zero"),
    ("en", "how many bad luck tokens come in the box", "/oh-my-word/#materials"),
    ("en", "what happens when you draw a reverse tile", "/oh-my-word/#gameplay"),
    ("en", "two players have the same bad luck score", "/oh-my-word/#tiebreaker"),
    ("en", "timer won't start what batteries does it take", "/oh-my-word/#timer"),
    ("en", "can we just count tokens instead of adding up points", "/oh-my-word/#end"),
    ("fr", "est-ce qu'on a le droit de faire une liste d'objets ?", "/fr/rebus/#forming"),
    ("fr", "rebus case rouge ça multiplie par combien", "/fr/rebus/#scoring"),
    ("fr", "je n'arrive pas à faire de rébus, je peux échanger mes tuiles ?", "/fr/rebus/#forming"),
    ("fr", "la partie s'arrete quand plus personne peut poser", "/fr/rebus/#ending"),
    ("fr", "rebis c'est quoi le but", "/fr/rebis/#overview"),
    ("fr", "si je joue une carte negative chez un adversaire je pioche ?", "/fr/rebis/#turn"),
    ("fr", "qu'est-ce que je gagne quand je ferme l'étagère d'un autre joueur", "/fr/rebis/#closing"),
    ("fr", "plus de jetons poussière d'or, on fait comment", "/fr/rebis/#tokens"),
    ("fr", "fin de partie quand la pioche est vide", "/fr/rebis/#end"),
    ("fr", "partie plus courte avec moins de plateaux", "/fr/oh-my-word/#setup"),
    ("fr", "le minuteur sonne alors que j'ai déjà posé ma tuile, je la garde ?", "/fr/oh-my-word/#gameplay"),
    ("fr", "on peut regarder ses jetons malchance pendant la partie ?", "/fr/oh-my-word/#tips"),
    ("fr", "quelles piles pour le minuteur", "/fr/oh-my-word/#timer"),
    ("fr", "qui gagne a la fin, celui qui a le moins de points ?", "/fr/oh-my-word/#end"),
    ("cs", "musi prvni rebus lezet na prostredni tecce", "/cs/rebus/#play"),
    ("cs", "co když v pytlíku dojdou kamínky mojí barvy", "/cs/rebus/#forming"),
    ("cs", "muzu v jednom tahu skladat vodorovne i svisle", "/cs/rebus/#scoring"),
    ("cs", "kdy končí hra rebus", "/cs/rebus/#ending"),
    ("cs", "vyznam obrazku na kaminkach", "/cs/rebus/#glossary"),
    ("cs", "o čem je hra rebis", "/cs/rebis/#overview"),
    ("cs", "muzu zahrat 2 karty najednou", "/cs/rebis/#turn"),
    ("cs", "proč se karta hraje lícem dolů", "/cs/rebis/#closing"),
    ("cs", "zetony smesi nasobi body?", "/cs/rebis/#tokens"),
    ("cs", "rebis zero rozšíření co přináší", "/cs/rebis/#zero"),
    ("cs", "kolik je v krabici kamínků s písmeny", "/cs/oh-my-word/#materials"),
    ("cs", "kam dat zetony smuly na zacatku", "/cs/oh-my-word/#setup"),
    ("cs", "máme stejně bodů smůly, kdo vyhrál?", "/cs/oh-my-word/#tiebreaker"),
    ("cs", "musí název knihy začínat na to písmeno?", "/cs/oh-my-word/#tips"),
]
TUNING = (
    TUNING
    + FORMERLY_HELD_OUT
    + CHOSE_A_NUMBER
    + USED_IN_THE_NEXT_SESSION
    + CHOSE_THE_FOLD
    + CHOSE_THE_GAME_NAMES
    + CHOSE_THE_QUESTIONS_WEIGHT
    + CHOSE_THE_RULINGS_WEIGHT
)
QUERIES = TUNING + HELD_OUT
# Issue 28's target is 95 % of the first three. What counts is what a player sees without opening
# anything: the visible results in order, not the ones folded under "N more on this page". A wanted
# section is answered by its own entry or by one of its rules, which have an entry each
# (render/rule_entries.py). The tuning set, in runs on the same machine:
# - the first 56 questions: 41 (73 %) when a section was one entry; 45 with an entry per rule and
#   word forms matched through their stems; 53 (94.6 %) once results that meet every word come first;
# - all 76 of the first session of 2026-12-02: 71 (93 %), and 81 of 91 with the 15 then held out;
# - 87 of 91 (95.6 %) once a page shows more than its best rule (search-results.js: "kamínky",
#   « combien de cartes en main », « où placer le jeton rouge » and "can I add to a rebus" found
#   the rule Material had folded), stop words are no longer prefixes ("in*" found "involved"), and
#   with the groups "game over" and "jednoslovný". Left: "remíza" for REBUS, "můžu použít jméno",
#   "what if I can't make a rebus" ("cannot" is a stop word of lunr's English, so not in the index)
#   and « jouer deux cartes du même nombre »;
# - with the 24 of CHOSE_THE_FOLD, 103 of 115 (89.6 %);
# - with the 24 of CHOSE_THE_GAME_NAMES, 118 of 139 (85 %) before the third session's changes, and
#   121 of 139 (87 %) after: the groups "aim", « but », « fin, termine », "prostřední" and
#   "krabice", a game's name with a case ending, and the game named before every other result;
# - with the 36 of CHOSE_THE_QUESTIONS_WEIGHT, 143 of 175 (82 %) before the players' questions of
#   rules/search-words.yaml, and 163 of 175 (93 %) with them;
# - with the 36 of CHOSE_THE_RULINGS_WEIGHT, 197 of 211 (93 %) at the start of the fifth session;
#   192 once the worked examples left the index (a rule's example named other rules' words); 199
#   with an entry per ruling, weighed 0.001; 203 with the groups "exceed, over", « piocher, prendre »
#   and « mettre, poser »; 204 (96.7 %) with 7 players' questions or more per entry.
ROOT = Path(__file__).resolve().parents[2]


@cache
def section_of() -> dict[str, str]:
    """Each rule's location on the site, in every language, and that of the section holding it."""
    project = load_project(ROOT).project
    sections = {}
    for language in project.languages:
        root = "/" if language == project.source_language else f"/{language}/"
        for game in project.games:
            for section in game.sections:
                for rule in section.rules:
                    sections[f"{root}{game.id}/#{rule.id}"] = f"{root}{game.id}/#{section.id}"
    return sections


def answers(result: str, wanted: str) -> bool:
    """A wanted rule is answered by itself; a wanted section by itself or one of its rules."""
    return result == wanted or section_of().get(result) == wanted


# Run before a question is sent; SETTLED holds once the results area has changed and then stayed
# still for 100 ms (Material answers from its worker and renders the first results, and
# search-results.js takes rules out of the fold in the same task). A question with no result
# changes the area too: Material writes "No matching documents" again.
WATCH_RESULTS = """() => {
  window.__rbChanged = 0;
  if (!window.__rbWatching) {
    window.__rbWatching = true;
    new MutationObserver(() => { window.__rbChanged = performance.now(); })
      .observe(document.querySelector(".md-search-result"), {childList: true, subtree: true, characterData: true});
  }
}"""
SETTLED = "() => window.__rbChanged > 0 && performance.now() - window.__rbChanged > 100"
SEARCH_FIELD = "input.md-search__input"


def send(page: Page, question: str) -> None:
    """The question pasted into the field, then one key released: Material searches on keyup."""
    page.fill(SEARCH_FIELD, question)
    page.press(SEARCH_FIELD, "End")


def top_results(page: Page, site_url: str, language: str, query: str) -> list[str]:
    """The sections and rules a player sees, in order: not a page's own entry, not one folded away.
    The question is pasted into the field and sent with one key, as Material searches on each key
    released: typing it out searched every prefix of it as well (the query set took 88 s of a
    752 s run). On the language's home page already, the next question replaces the last one,
    rather than the page (and its search index) being loaded again."""
    home = f"{site_url}/" if language == "en" else f"{site_url}/{language}/"
    if page.url != home:
        page.goto(home)
        page.click(SEARCH_FIELD)
    if page.input_value(SEARCH_FIELD) == query:
        send(page, "")  # the same question again: Material sends only a change
        page.wait_for_selector(".md-search-result__item", state="detached")
    page.evaluate(WATCH_RESULTS)
    send(page, query)
    page.wait_for_function(SETTLED, polling=50, timeout=15_000)
    hrefs = page.eval_on_selector_all(
        ".md-search-result__item a", "links => links.filter(a => !a.closest('details')).map(a => a.href)"
    )
    results = []
    for href in hrefs:
        url = urlparse(href)
        location = url.path + (f"#{url.fragment}" if url.fragment else "")
        if location not in results and url.fragment:  # a page's own entry is not an answer
            results.append(location)
    return results


# Issue 49: the sets above were each held out once and then used, so every question in them has
# chosen something. They are split again, for good, by a hash of each question that no one chooses
# (tests/search_questions.py): every weight and synonym is chosen on the development half, and the
# held-out half measures. Each half is reported per language; the held-out half must reach
# HELD_OUT_TARGET in each language.
DEVELOPMENT, HELD_OUT_HALF = split(QUERIES)
HELD_OUT_TARGET = 0.90


def rates(hits: dict[tuple[str, str, str], bool], questions: list[tuple[str, str, str]]) -> dict[str, tuple[int, int]]:
    """Per language: the questions answered in the first three, and the questions."""
    found: dict[str, tuple[int, int]] = {}
    for question in questions:
        hit, total = found.get(question[0], (0, 0))
        found[question[0]] = (hit + hits[question], total + 1)
    return found


@pytest.mark.long
def test_the_query_set_finds_the_wanted_rule_in_the_top_three(page: Page, site_url: str) -> None:
    """Each query is typed once; both halves' rates are taken from that one pass."""
    hits: dict[tuple[str, str, str], bool] = {}
    misses = []
    for language, query, wanted in sorted(QUERIES, key=lambda entry: entry[0]):  # one page load a language
        results = top_results(page, site_url, language, query)
        hits[(language, query, wanted)] = any(answers(result, wanted) for result in results[:3])
        if not hits[(language, query, wanted)]:
            half = "held out" if is_held_out(query) else "development"
            misses.append(f"{half}: {language} {query!r}: wanted {wanted}, got {results[:3]}")
    development, held_out = rates(hits, DEVELOPMENT), rates(hits, HELD_OUT_HALF)
    for name, half in (("development", development), ("held out", held_out)):
        shown = ", ".join(f"{language} {hit}/{total} ({hit / total:.1%})" for language, (hit, total) in half.items())
        print(f"search, {name}: {shown}")
    print("\n".join(misses))
    assert set(held_out) == set(development) == {"en", "fr", "cs"}
    assert all(total >= 30 for _, total in held_out.values()), held_out
    for language, (hit, total) in held_out.items():
        assert hit / total >= HELD_OUT_TARGET, (language, "\n".join(misses))


def test_rules_rank_above_the_glossary_and_a_card_still_answers_its_own_word(page: Page, site_url: str) -> None:
    """The word "tie" gave the glossary's Tie card before the tiebreaker; "ewe" is said by no rule."""
    results = top_results(page, site_url, "en", "tie")
    assert answers(results[0], "/oh-my-word/#tiebreaker"), results
    assert results.index("/glossary/#tie") > 0, results
    assert top_results(page, site_url, "en", "ewe")[0] == "/glossary/#ewe"


def test_question_words_are_dropped_and_synonyms_found(page: Page, site_url: str) -> None:
    """ "combien de cartes" ranked the glossary's « Deux » first (the prefix "de" starts "deux");
    "remíza" found nothing, as the rules say "nerozhodném výsledku" and "shodně"."""
    assert "/fr/glossary/#two" not in top_results(page, site_url, "fr", "combien de cartes")[:3]
    # In the first three since the players' questions that copied it ("remíza") left the words file.
    assert any(
        answers(result, "/cs/oh-my-word/#tiebreaker") for result in top_results(page, site_url, "cs", "remíza")[:3]
    )
    # An elided article is cut off: "d'échecs" (one word to Material, whose separator has no
    # straight apostrophe) looks for "échecs", which the knight's card says as « d’échecs ».
    assert top_results(page, site_url, "fr", "d'échecs") == ["/fr/glossary/#knight"]
    # The same sections; Material orders them by the words of the query as typed, so not the same way.
    elided = set(top_results(page, site_url, "fr", "d'égalité"))
    assert elided == set(top_results(page, site_url, "fr", "égalité")) and elided


def test_rules_rank_above_the_referee_notes(page: Page, site_url: str) -> None:
    """'score' used to give REBUS › Referee notes first."""
    results = top_results(page, site_url, "en", "score")
    assert answers(results[0], "/rebus/#scoring"), results


def test_a_dispute_shows_its_rule_and_the_ruling_that_settles_it(page: Page, site_url: str) -> None:
    """The referee notes were one entry holding every ruling: a question one ruling settles found
    the whole notes, or nothing of them. Each ruling is an entry titled with its question, below the
    rules (render/search.py's SECONDARY): in the first three, with a rule of the same game."""
    for language, query, rule, ruling in [
        ("en", "do bonuses add up or multiply", "/rebus/#bonus-squares", "/rebus/#ruling-squares-compound"),
        ("en", "who gets the red token on a tie", "/rebis/#red-token", "/rebis/#ruling-red-token-tie"),
        ("fr", "égalité pour le jeton rouge", "/fr/rebis/#red-token", "/fr/rebis/#ruling-red-token-tie"),
    ]:
        results = top_results(page, site_url, language, query)[:3]
        assert rule in results and ruling in results, (query, results)


def test_a_question_typed_on_a_phone_finds_its_rule_in_sight(browser: Browser, site_url: str) -> None:
    """At 360 px Material hides the search field behind its icon: the reader taps it and types,
    key by key. The rule that answers is the first result, on the screen, and nothing is wider than
    the screen."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True)
    page = context.new_page()
    try:
        page.goto(f"{site_url}/fr/")
        page.tap('label[for="__search"]')
        page.keyboard.type("qui commence au rebus", delay=20)
        # Material searches at each key: the first rule, once the last key's results are in.
        page.wait_for_function(
            """() => {
              const first = document.querySelectorAll(".md-search-result__item > a")[1];
              return first !== undefined && new URL(first.href).hash === "#starting-player";
            }""",
            timeout=15_000,
        )
        first = page.locator(".md-search-result__item > a").nth(1)  # after the page's own entry
        assert urlparse(first.get_attribute("href")).path.endswith("/fr/rebus/")
        box = first.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360 and box["y"] < 740
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
    finally:
        context.close()


def test_a_game_named_in_the_query_comes_first(page: Page, site_url: str) -> None:
    """The game's name picks the game: its words are in every rule's title of that game, and the
    page's own entry, matching them, folded every section of it away ("when does Rebis end" gave
    REBUS's ending first, and no Rebis section in sight)."""
    for language, query, game in [
        ("en", "oh my word timer", "/oh-my-word/"),
        ("fr", "rebus égalité", "/fr/rebus/"),
        ("cs", "konec hry rebis", "/cs/rebis/"),
        # Declined, and with REBUS's rules meeting both other words: they came first at 0.01 a result.
        ("cs", "počítají body na konci Rebisu", "/cs/rebis/"),
        # Issue 49: REBUS and Rebis rules came before Oh My Word's; the name comes from the game's data.
        ("en", "oh my word draw", "/oh-my-word/"),
    ]:
        results = top_results(page, site_url, language, query)
        assert results and results[0].startswith(game + "#"), (query, results)


def test_a_title_is_found_by_another_form_of_its_word(page: Page, site_url: str) -> None:
    """ "étagères" finds « 3. Fermer une étagère » first, through the stemmed copy of the title: Material's
    tokenizer dropped the field a token came from, so the copies were indexed unstemmed and only a
    word already in its stemmed form ever matched them (lunr.rb.min.js); the section was not found."""
    assert top_results(page, site_url, "fr", "étagères")[0] == "/fr/rebis/#closing"
    assert top_results(page, site_url, "cs", "polici")[0] == "/cs/rebis/#closing"  # the title says "police"


def test_a_result_that_meets_every_word_comes_first(page: Page, site_url: str) -> None:
    """The section titled "Timer" came before Oh My Word 3.7 ("If the timer goes off") for "when the
    timer rings": its title's boost outweighed a rule that meets both words, one through a synonym.
    A word of a synonym phrase is a whole word: the "in" of "trade in" found "inserted" batteries."""
    assert top_results(page, site_url, "en", "what happens when the timer rings")[0] == "/oh-my-word/#timer-goes-off"
    swap = top_results(page, site_url, "en", "swap my tiles")
    assert swap[0] == "/rebus/#changing-tiles", swap
    assert not {"/oh-my-word/#batteries", "/oh-my-word/#start-timer"} & set(swap[:5]), swap


def test_every_rule_is_a_result_of_its_own(page: Page, site_url: str) -> None:
    """Material folds every section of a page but the best under "N more on this page", and a game is
    one page: « combien de cartes en main » showed Rebis 5.2 (« cartes en main ») and folded 2.2, the
    hand limit; "who wins a tie" folded REBUS 4.2 under "23 more on this page" (issue 49). Every
    section is shown, in the order of its score across pages (search-results.js), and nothing is
    folded."""
    for language, query in [("fr", "combien de cartes en main"), ("en", "who wins a tie"), ("cs", "remíza")]:
        results = top_results(page, site_url, language, query)
        assert page.locator("details.md-search-result__more").count() == 0, query
        scores = page.eval_on_selector_all(
            ".md-search-result__item > a[href*='#'] [data-md-score]",
            "articles => articles.map(a => parseFloat(a.getAttribute('data-md-score')))",
        )
        assert len(scores) == len(results) > 3 and scores == sorted(scores, reverse=True), (query, scores)
    assert "/fr/rebis/#hand-limit" in top_results(page, site_url, "fr", "combien de cartes en main")[:2]


def test_a_weaker_page_does_not_push_a_rule_out_of_sight(page: Page, site_url: str) -> None:
    """Results are ordered by score, not by page: for "remíza", Rebis's referee notes (which score
    below REBUS's best) had pushed REBUS out of the first three."""
    results = top_results(page, site_url, "cs", "remíza")
    assert not any(result.startswith(("/cs/rebis/#referee-notes", "/cs/rebis/#ruling-")) for result in results[:3])
    assert any(result.startswith("/cs/rebus/#") for result in results[:3]), results


def test_a_stop_word_is_not_looked_for_as_a_prefix(page: Page, site_url: str) -> None:
    """Material sends each word as a prefix, which lunr's stop word filter does not see: "in*" found
    "involved", and the tiebreaker answered "when is the game over in oh my word". A phrase of a
    synonym group meets the query's words one by one: "game end" does not meet "over" by its "game"."""
    results = top_results(page, site_url, "en", "when is the game over in oh my word")
    assert results[0] == "/oh-my-word/#game-end", results
