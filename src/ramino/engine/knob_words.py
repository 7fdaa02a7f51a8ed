"""Every knob of :class:`~ramino.engine.rules.Rules` in players' words, for a page or a terminal
that lets people choose house rules: its section, a label and a help sentence, Italian first and
English too, and what a control needs to show it (the kind, the choices, the range).

Kinds come from the type of each field of :class:`Rules` and ranges from
:data:`~ramino.engine.rules.KNOB_RANGES`, so this module only adds the words;
:func:`knob_catalogue` gives it all as plain JSON-ready data.
"""

from __future__ import annotations

import enum
import types
import typing
from typing import NamedTuple

from .contracts import CONTRACT_NAMES, CONTRACT_TERMS
from .errors import Localized
from .rules import (
    KNOB_RANGES,
    AceInRuns,
    AttachableDiscard,
    Betting,
    Contract,
    DeckSize,
    Direction,
    DiscardPickup,
    FinalDiscard,
    HandSize,
    JokerPosition,
    JokerUpcard,
    KnobRange,
    MatchEnd,
    Restock,
    RetrievedJoker,
    RoundCap,
    Rounding,
    Rules,
    RummyBonus,
    SetJokerSwap,
    SetSuits,
    SimultaneousBust,
    knob_names,
)

__all__ = ["CHOICE_WORDS", "KNOB_WORDS", "SECTIONS", "KnobWords", "knob_catalogue"]


#: The parts of the rules, in the order a page shows them, with their titles. They follow the
#: sections of :func:`~ramino.engine.describe.describe`, with its titles where they fit; its
#: "melds and jokers" and "scoring and match" are split in two, and carioca's contracts stand
#: alone.
SECTIONS: dict[str, Localized] = {
    "deal": ("Mazzo e distribuzione", "Deck and deal"),
    "melds": ("Giochi", "Melds"),
    "jokers": ("Jolly", "Jokers"),
    "opening": ("Apertura", "Opening"),
    "drawing": ("Tallone e pozzo", "Stock and discard pile"),
    "going_out": ("Chiusura", "Going out"),
    "scoring": ("Conteggio", "Scoring"),
    "match": ("Partita", "Match"),
    "betting": ("Puntate (pokerato)", "Betting (pokerato)"),
    "contracts": ("Contratti (carioca)", "Contracts (carioca)"),
}


class KnobWords(NamedTuple):
    """What players read about one knob.

    >>> KNOB_WORDS["reentry"].label
    ('Si può rientrare?', 'Can you re-enter?')
    >>> KNOB_WORDS["max_restocks"].none
    ('senza limite', 'no limit')
    """

    section: str
    """A key of :data:`SECTIONS`."""
    label: Localized
    """A short question or phrase, as said at the table."""
    help: Localized
    """One sentence on what the knob changes."""
    none: Localized | None = None
    """For a number that may be left out (``None``): what that means, as a control shows it."""
    empty: Localized | None = None
    """For a list: what an empty one means."""


#: Every knob in players' words, section by section in the order of :data:`SECTIONS`.
KNOB_WORDS: dict[str, KnobWords] = {
    # --- deck and deal ---
    "decks": KnobWords(
        "deal",
        ("Quanti mazzi da 52 carte?", "How many 52-card packs?"),
        (
            "I mazzi da 52 carte mescolati insieme: 2 nel classico, uno solo nel tradizionale.",
            "The 52-card packs shuffled together: 2 in the classic game, one in the"
            " traditional game.",
        ),
    ),
    "jokers": KnobWords(
        "deal",
        ("Quanti jolly nel mazzo?", "How many jokers in the deck?"),
        (
            "I jolly aggiunti ai mazzi: 4 nel classico, 2 nel mazzo da 106 carte, nessuno nel"
            " tradizionale.",
            "The jokers added to the packs: 4 in the classic game, 2 in the 106-card deck, none"
            " in the traditional game.",
        ),
    ),
    "deck_by_players": KnobWords(
        "deal",
        ("Mazzo secondo il numero di giocatori", "Deck by number of players"),
        (
            "Da un certo numero di giocatori in su si gioca con altri mazzi e altri jolly al"
            " posto di quelli sopra, come nel Rami 40 con 3 mazzi da 5 giocatori.",
            "From a given number of players up, other packs and jokers replace the ones above,"
            " as in Rami 40 with 3 packs from 5 players.",
        ),
        empty=("sempre lo stesso mazzo", "the same deck at every table"),
    ),
    "min_players": KnobWords(
        "deal",
        ("Quanti giocatori almeno?", "How many players at least?"),
        (
            "Il tavolo non comincia con meno giocatori di così.",
            "A table does not start with fewer players than this.",
        ),
    ),
    "max_players": KnobWords(
        "deal",
        ("Quanti giocatori al massimo?", "How many players at most?"),
        (
            "Il tavolo non accetta più giocatori di così, e il mazzo deve bastare per tutti.",
            "The table takes no more players than this, and the deck must be enough for all.",
        ),
    ),
    "hand_size": KnobWords(
        "deal",
        ("Quante carte a testa?", "How many cards each?"),
        (
            "Le carte che il mazziere dà a ogni giocatore: 10 nel classico, 13 nella scala 40.",
            "The cards the dealer gives each player: 10 in the classic game, 13 in scala 40.",
        ),
    ),
    "hand_size_by_players": KnobWords(
        "deal",
        ("Carte a testa secondo il numero di giocatori", "Cards each by number of players"),
        (
            "Da un certo numero di giocatori in su si danno altre carte a testa al posto di"
            " quelle sopra, come nel tradizionale con 7 carte da 3 giocatori.",
            "From a given number of players up, each player gets another number of cards"
            " instead of the one above, as in the traditional game with 7 cards from 3 players.",
        ),
        empty=("sempre le stesse carte a testa", "the same hand at every table"),
    ),
    "direction": KnobWords(
        "deal",
        ("In che senso si gira?", "Which way does play go?"),
        (
            "Carte, turni e mazziere girano tutti nello stesso senso.",
            "The deal, the turns and the dealer all move the same way.",
        ),
    ),
    "joker_upcard": KnobWords(
        "deal",
        ("Se alla distribuzione esce un jolly?", "What if a joker shows at the deal?"),
        (
            "Cosa succede se la carta scoperta per il pozzo, o quella sotto il mazzo alzato, è"
            " un jolly.",
            "What happens when the card turned up for the discard pile, or the bottom card of"
            " the cut, is a joker.",
        ),
    ),
    # --- melds ---
    "set_suits": KnobWords(
        "melds",
        ("I semi in un tris", "Suits in a set"),
        (
            "Se le carte di un tris devono essere di semi tutti diversi o possono ripetere un"
            " seme.",
            "Whether the cards of a set must all be of different suits or may repeat one.",
        ),
    ),
    "set_max": KnobWords(
        "melds",
        ("Quante carte al massimo in un tris?", "How many cards can a set hold?"),
        (
            "Con 4 un tris può diventare poker, e con semi tutti diversi non si va oltre.",
            "With 4 a set may grow into a poker, and with all suits different it cannot go"
            " further.",
        ),
        none=("senza limite", "no limit"),
    ),
    "run_wrap": KnobWords(
        "melds",
        ("La scala può girare (K-A-2)?", "Can a run go round the corner (K-A-2)?"),
        (
            "Se sì, dopo il re una scala riparte dall'asso e dal 2, e l'asso può stare in mezzo.",
            "If yes, a run may go on past the king to the ace and the 2, so the ace can sit in"
            " the middle.",
        ),
    ),
    "ace_in_runs": KnobWords(
        "melds",
        ("Dove sta l'asso in scala?", "Where does the ace go in a run?"),
        (
            "Se l'asso sta sotto il 2 o sopra il re, oppure soltanto sotto il 2.",
            "Whether the ace goes below the 2 or above the king, or only below the 2.",
        ),
    ),
    "flush_meld": KnobWords(
        "melds",
        ("Vale il colore?", "Does a flush count as a meld?"),
        (
            "Se sì, carte tutte dello stesso seme, anche non in fila, valgono come un gioco.",
            "If yes, cards all of one suit, even not in sequence, count as a meld.",
        ),
    ),
    # --- jokers ---
    "max_jokers_per_meld": KnobWords(
        "jokers",
        ("Quanti jolly al massimo in un gioco?", "How many jokers can one meld hold?"),
        (
            "Il massimo di jolly in una scala o in un tris: uno nel classico, di più nel pokerato.",
            "The most jokers a run or a set may hold: one in the classic game, more in pokerato.",
        ),
        none=("senza limite", "no limit"),
    ),
    "min_natural_cards": KnobWords(
        "jokers",
        ("Quante carte vere almeno in un gioco?", "How many natural cards must a meld hold?"),
        (
            "Le carte che non sono jolly in ogni gioco: almeno una, così un gioco non è mai di"
            " soli jolly.",
            "The cards other than jokers in each meld: at least one, so a meld is never jokers"
            " alone.",
        ),
    ),
    "ambiguous_joker": KnobWords(
        "jokers",
        ("Il jolly in fondo a una scala", "A joker at the end of a run"),
        (
            "Il posto di un jolly non dichiarato che può stare a tutti e due i capi di una"
            " scala, come in JK 7♠ 8♠.",
            "The place of an undeclared joker that could stand at either end of a run, as in"
            " JK 7♠ 8♠.",
        ),
    ),
    "joker_swap": KnobWords(
        "jokers",
        ("Si può riprendere un jolly dal tavolo?", "Can you take a joker back from the table?"),
        (
            "Se sì, chi ha la carta che un jolly calato sostituisce può metterla al suo posto"
            " e prendersi il jolly.",
            "If yes, a player holding the card a laid joker stands for may put it in its place"
            " and take the joker.",
        ),
    ),
    "joker_swap_needs_opened": KnobWords(
        "jokers",
        (
            "Per riprendere un jolly bisogna aver aperto?",
            "Must you have opened to take a joker back?",
        ),
        (
            "Se sì, solo chi ha già aperto può scambiare un jolly sul tavolo.",
            "If yes, only a player who has opened may exchange a joker on the table.",
        ),
    ),
    "retrieved_joker": KnobWords(
        "jokers",
        ("Cosa si fa del jolly ripreso?", "What becomes of a joker taken back?"),
        (
            "Se il jolly ripreso va calato nello stesso turno o si può tenere in mano.",
            "Whether a joker taken back must be laid again the same turn or may be kept in hand.",
        ),
    ),
    "set_joker_swap": KnobWords(
        "jokers",
        ("Come si libera un jolly da un tris?", "How do you free a joker from a set?"),
        (
            "Le carte da dare per prendere il jolly di un tris, come in 10♦ 10♥ JK.",
            "The cards to give for the joker of a set, as in 10♦ 10♥ JK.",
        ),
    ),
    # --- opening ---
    "melding_during_play": KnobWords(
        "opening",
        ("Si calano giochi durante la smazzata?", "Are melds laid during the round?"),
        (
            "Se no, si pesca e si scarta soltanto, e si chiude mostrando la mano tutta in"
            " giochi, come nel pokerato e nel Casertano.",
            "If not, players only draw and discard, and go out by showing a hand all in melds,"
            " as in pokerato and Casertano.",
        ),
    ),
    "opening_threshold": KnobWords(
        "opening",
        ("Quanti punti per aprire?", "How many points to open?"),
        (
            "I punti che deve valere la prima calata: 0 è l'apertura libera, 40 nella scala 40,"
            " 50 nell'apertura a 50.",
            "The points a player's first laying must be worth: 0 is a free opening, 40 in"
            " scala 40, 50 in the opening at 50.",
        ),
    ),
    "opening_joker_value": KnobWords(
        "opening",
        ("Quanto vale il jolly per aprire?", "What is a joker worth for the opening?"),
        (
            "I punti di un jolly nel conto dell'apertura: quelli della carta che sostituisce,"
            " o un valore fisso come 25.",
            "A joker's points in the opening count: those of the card it stands for, or a"
            " fixed value such as 25.",
        ),
        none=("la carta che sostituisce", "the card it stands for"),
    ),
    "opening_counts_attachments": KnobWords(
        "opening",
        (
            "Le carte attaccate contano per l'apertura?",
            "Do attached cards count towards the opening?",
        ),
        (
            "Se sì, le carte attaccate ai giochi degli altri nel turno in cui si apre contano"
            " per i punti.",
            "If yes, cards attached to other players' melds in the opening turn count towards"
            " the points.",
        ),
    ),
    "swap_counts_for_opening": KnobWords(
        "opening",
        (
            "Lo scambio di un jolly conta per l'apertura?",
            "Does a joker exchange count towards the opening?",
        ),
        (
            "Se sì, la carta data per riprendere un jolly dal gioco di un altro conta per i"
            " punti dell'apertura.",
            "If yes, the card given to take a joker back from another player's meld counts"
            " towards the opening points.",
        ),
    ),
    "opening_jokers": KnobWords(
        "opening",
        ("Si aprono giochi con il jolly?", "Can you open with jokers?"),
        (
            "Se no, i giochi con cui si apre non hanno jolly, come nella carioca.",
            "If not, the melds a player opens with hold no joker, as in carioca.",
        ),
    ),
    "attach_before_opening": KnobWords(
        "opening",
        ("Si può attaccare prima di aprire?", "Can you attach cards before opening?"),
        (
            "Se sì, chi non ha ancora aperto può già attaccare carte ai giochi sul tavolo.",
            "If yes, a player who has not opened yet may already attach cards to the melds on"
            " the table.",
        ),
    ),
    # --- drawing: the stock and the discard pile ---
    "discard_pickup": KnobWords(
        "drawing",
        ("Quando si prende la carta del pozzo?", "When can you take the top discard?"),
        (
            "Se l'ultima carta del pozzo si prende sempre o solo per usarla nello stesso turno.",
            "Whether the top card of the discard pile may always be taken or only to use it"
            " that same turn.",
        ),
    ),
    "rediscard_taken_card": KnobWords(
        "drawing",
        (
            "Si può riscartare la carta presa dal pozzo?",
            "Can you discard the card you took from the pile?",
        ),
        (
            "Se sì, la carta presa dal pozzo si può scartare di nuovo nello stesso turno.",
            "If yes, the card taken from the discard pile may be discarded again the same turn.",
        ),
    ),
    "attachable_discard": KnobWords(
        "drawing",
        (
            "Si può scartare una carta che si potrebbe attaccare?",
            "Can you discard a card that could be attached?",
        ),
        (
            "Se si può scartare una carta che si attaccherebbe a un gioco sul tavolo; dove è"
            " vietato, lo si fa solo per chiudere.",
            "Whether a card that would fit a meld on the table may be discarded; where it is"
            " forbidden, only as the discard that goes out.",
        ),
    ),
    "attachable_discard_min_players": KnobWords(
        "drawing",
        (
            "Da quanti giocatori vale il divieto?",
            "From how many players does the ban apply?",
        ),
        (
            "Il divieto di scartare carte attaccabili vale solo ai tavoli con almeno questi"
            " giocatori.",
            "The ban on discarding attachable cards applies only at tables of at least this many"
            " players.",
        ),
    ),
    "restock": KnobWords(
        "drawing",
        ("Come si rifà il tallone?", "How is the stock remade?"),
        (
            "Quando il tallone finisce, gli scarti tranne l'ultimo diventano il nuovo tallone,"
            " mescolati o solo girati.",
            "When the stock runs out, the discards except the top one become the new stock,"
            " shuffled or just turned over.",
        ),
    ),
    "max_restocks": KnobWords(
        "drawing",
        (
            "Quante volte si rifà il tallone?",
            "How many times can the stock be remade?",
        ),
        (
            "Le volte che in una smazzata gli scarti diventano il nuovo tallone: dopo l'ultima,"
            " quando il tallone finisce finisce anche la smazzata.",
            "How many times a round may turn the discards into a new stock: after the last,"
            " the round ends when the stock runs out.",
        ),
        none=("senza limite", "no limit"),
    ),
    # --- going out ---
    "final_discard": KnobWords(
        "going_out",
        ("Per chiudere serve lo scarto?", "Must you discard to go out?"),
        (
            "Se si chiude soltanto scartando l'ultima carta o anche calando tutto senza scarto.",
            "Whether a player goes out only by discarding his last card or also by laying"
            " everything with no discard.",
        ),
    ),
    "lay_after_close": KnobWords(
        "going_out",
        (
            "Dopo la chiusura gli altri calano?",
            "Do the others lay their melds after someone goes out?",
        ),
        (
            "Se sì, quando uno chiude gli altri calano i loro giochi, e le carte calate non si"
            " contano.",
            "If yes, when someone goes out the others lay their melds, and laid cards do not"
            " count.",
        ),
    ),
    "rummy_on_first_turn": KnobWords(
        "going_out",
        ("Si può chiudere al primo giro?", "Can you go out on the first round of turns?"),
        (
            "Se no, nessuno chiude prima che tutti abbiano giocato un turno, come nella scala 40.",
            "If not, nobody goes out before every player has had a turn, as in scala 40.",
        ),
    ),
    "rummy_bonus": KnobWords(
        "going_out",
        ("Cosa fa la chiusura in mano?", "What does going out in one turn do?"),
        (
            "Cosa cambia per gli altri quando uno chiude in mano, calando tutte le carte in un"
            " turno solo senza aver calato niente prima.",
            "What it does to the others when a player goes out in one turn, laying all his"
            " cards at once with nothing laid before.",
        ),
    ),
    "rummy_bonus_points": KnobWords(
        "going_out",
        (
            "Quanti punti in più per la chiusura in mano?",
            "How many extra points for going out in one turn?",
        ),
        (
            "I punti che ciascuno degli altri aggiunge quando la chiusura in mano vale punti in"
            " più (25 nel tradizionale).",
            "The points each other player adds when going out in one turn gives extra points"
            " (25 in the traditional game).",
        ),
    ),
    "flush_close": KnobWords(
        "going_out",
        ("Si chiude con il colore?", "Can you go out with a flush?"),
        (
            "Se sì, dopo aver pescato si chiude mostrando le carte tutte dello stesso seme e"
            " scartando quella in più, e vale come chiusura in mano.",
            "If yes, after drawing a player may go out by showing his cards all of one suit and"
            " discarding the extra one, and it counts as going out in one turn.",
        ),
    ),
    "imaginary_joker": KnobWords(
        "going_out",
        ("Si chiude con il jolly immaginario?", "Can you go out with an imaginary joker?"),
        (
            "Se sì, per chiudere si può immaginare una carta che manca e farla valere come"
            " jolly, come nel pokerato immaginario.",
            "If yes, to go out a player may imagine one missing card as a joker, as in"
            " imaginary-joker pokerato.",
        ),
    ),
    "own_card_joker": KnobWords(
        "going_out",
        (
            "Il jolly immaginario è una carta della mano?",
            "Is the imaginary joker one of your own cards?",
        ),
        (
            "Se sì, invece di una carta immaginata fa da jolly una delle proprie carte, scelta"
            " al momento di chiudere.",
            "If yes, instead of an imagined card, one of the player's own cards, chosen as he"
            " goes out, acts as the joker.",
        ),
    ),
    "seven_of_a_kind_wins": KnobWords(
        "going_out",
        ("Sette carte uguali vincono la partita?", "Do seven of a kind win the match?"),
        (
            "Se sì, sette carte dello stesso valore senza jolly, il ramino del Casertano,"
            " vincono subito tutta la partita.",
            "If yes, seven cards of one rank without jokers, Casertano's ramino, win the whole"
            " match at once.",
        ),
    ),
    "max_turns": KnobWords(
        "going_out",
        (
            "Dopo quanti turni si ferma la smazzata?",
            "After how many turns does a round stop?",
        ),
        (
            "Se dopo questo numero di turni nessuno ha chiuso, la smazzata si ferma e si conta.",
            "If nobody has gone out after this many turns, the round stops and is counted.",
        ),
    ),
    "on_round_cap": KnobWords(
        "going_out",
        ("Chi vince una smazzata fermata?", "Who wins a round that was stopped?"),
        (
            "Come si conta una smazzata fermata dal limite di turni o dal tallone finito senza che"
            " nessuno abbia chiuso.",
            "How a round stopped by the turn limit or by the stock running out is counted when"
            " nobody went out.",
        ),
    ),
    # --- scoring ---
    "close_points": KnobWords(
        "scoring",
        ("Quanti punti segna chi chiude?", "What does going out score?"),
        (
            "I punti di chi chiude: di solito 0, anche meno di zero come il −10 del Casertano.",
            "The points of the player who goes out: usually 0, or below zero like Casertano's −10.",
        ),
    ),
    "close_points_flush": KnobWords(
        "scoring",
        (
            "Quanti punti segna chi chiude con il colore?",
            "What does going out with a flush score?",
        ),
        (
            "I punti di chi chiude con le carte tutte di un seme, invece di quelli di una"
            " chiusura semplice (il Casertano dà −20).",
            "The points of a player who goes out with every card of one suit, instead of a"
            " plain close's (Casertano gives −20).",
        ),
    ),
    "close_points_straight": KnobWords(
        "scoring",
        (
            "Quanti punti segna chi chiude con una scala sola?",
            "What does going out with a single run score?",
        ),
        (
            "I punti di chi chiude con tutta la mano in una sola scala, invece di quelli di una"
            " chiusura semplice (il Casertano dà −50).",
            "The points of a player who goes out with the whole hand in a single run, instead"
            " of a plain close's (Casertano gives −50).",
        ),
    ),
    "ace_penalty": KnobWords(
        "scoring",
        ("Quanto conta un asso rimasto in mano?", "What does an ace left in hand count?"),
        (
            "I punti di penalità di un asso in mano a fine smazzata: 11, o 1 in alcune case.",
            "The penalty points of an ace in hand at the end of a round: 11, or 1 in some houses.",
        ),
    ),
    "joker_penalty": KnobWords(
        "scoring",
        ("Quanto conta un jolly rimasto in mano?", "What does a joker left in hand count?"),
        (
            "I punti di penalità di un jolly in mano a fine smazzata: 25, oppure 20, 30 o 50.",
            "The penalty points of a joker in hand at the end of a round: 25, or 20, 30 or 50.",
        ),
    ),
    "rounding": KnobWords(
        "scoring",
        ("Si arrotondano i punti?", "Are points rounded?"),
        (
            "Se i punti di ogni mano si arrotondano alla decina, da 5 in su per eccesso.",
            "Whether each hand's points are rounded to the nearest ten, 5 going up.",
        ),
    ),
    "messa": KnobWords(
        "scoring",
        ("Quanto vale la messa?", "How much is the messa?"),
        (
            "I punti fissi che ogni perdente aggiunge a fine smazzata: 0 vuol dire niente messa.",
            "The fixed points every loser adds at the end of a round: 0 means no messa.",
        ),
    ),
    "close_credits": KnobWords(
        "scoring",
        ("Quanti crediti vince chi chiude?", "How many credits does going out win?"),
        (
            "I crediti di chi chiude, pagati a fine partita a una cifra concordata (il"
            " Casertano ne dà uno).",
            "The credits won by going out, paid at an agreed rate at the end of the match"
            " (Casertano gives one).",
        ),
    ),
    "close_credits_flush": KnobWords(
        "scoring",
        (
            "Quanti crediti vince chi chiude con il colore?",
            "How many credits does going out with a flush win?",
        ),
        (
            "I crediti di chi chiude con le carte tutte di un seme, invece di quelli di una"
            " chiusura semplice (il Casertano ne dà 2).",
            "The credits won by going out with every card of one suit, instead of a plain"
            " close's (Casertano gives 2).",
        ),
    ),
    "close_credits_straight": KnobWords(
        "scoring",
        (
            "Quanti crediti vince chi chiude con una scala sola?",
            "How many credits does going out with a single run win?",
        ),
        (
            "I crediti di chi chiude con tutta la mano in una sola scala, invece di quelli di"
            " una chiusura semplice (il Casertano ne dà 5).",
            "The credits won by going out with the whole hand in a single run, instead of a"
            " plain close's (Casertano gives 5).",
        ),
    ),
    "hand_stake": KnobWords(
        "scoring",
        (
            "Quante fiches nel piatto a ogni smazzata?",
            "How many chips in the pot each round?",
        ),
        (
            "Le fiches che ognuno mette nel piatto a ogni smazzata, per chi chiude: una nella"
            " carioca, 0 per niente piatto.",
            "The chips each player puts in the pot every round, for whoever goes out: one in"
            " carioca, 0 for no pot.",
        ),
    ),
    # --- match ---
    "target": KnobWords(
        "match",
        ("A quanti punti si gioca?", "What score is the match played to?"),
        (
            "Il punteggio a cui si esce o a cui finisce la partita: 101 nel classico, 300"
            " nell'enciclopedia.",
            "The score that puts a player out or ends the match: 101 in the classic game, 300"
            " in the encyclopedia's rules.",
        ),
    ),
    "match_end": KnobWords(
        "match",
        ("Come finisce la partita?", "How does the match end?"),
        (
            "Se chi arriva al punteggio esce, se la partita finisce al primo che ci arriva o"
            " dopo un numero fisso di smazzate.",
            "Whether whoever reaches the target is out, the match stops at the first to reach"
            " it, or it lasts a set number of rounds.",
        ),
    ),
    "match_rounds": KnobWords(
        "match",
        ("Quante smazzate in una partita?", "How many rounds in a match?"),
        (
            "Le smazzate di una partita a numero fisso: 8 nella carioca, 10 nel pokerato.",
            "The rounds of a match of a set length: 8 in carioca, 10 in pokerato.",
        ),
        none=("nessun numero fisso", "no set number"),
    ),
    "simultaneous_bust": KnobWords(
        "match",
        (
            "Se più giocatori sballano nella stessa smazzata?",
            "What if several players bust in the same round?",
        ),
        (
            "Chi resta in gioco quando più giocatori arrivano al punteggio insieme.",
            "Who stays in when several players reach the target together.",
        ),
    ),
    "reentry": KnobWords(
        "match",
        ("Si può rientrare?", "Can you re-enter?"),
        (
            "Se sì, chi è fuori può rientrare ripartendo dal punteggio più alto fra chi è"
            " ancora in gioco.",
            "If yes, a player who is out may come back in at the highest total among those"
            " still in.",
        ),
    ),
    "max_reentries": KnobWords(
        "match",
        ("Quante volte si può rientrare?", "How many times can you re-enter?"),
        (
            "I rientri concessi a ogni giocatore in una partita.",
            "The re-entries each player is allowed in a match.",
        ),
        none=("senza limite", "no limit"),
    ),
    "reentry_stake": KnobWords(
        "match",
        ("Quante poste per rientrare?", "How many stakes to re-enter?"),
        (
            "Le poste che paga chi rientra (una nel Casertano): 0 vuol dire gratis.",
            "The stakes a player pays to re-enter (one in Casertano): 0 means free.",
        ),
    ),
    # --- betting (pokerato) ---
    "betting": KnobWords(
        "betting",
        ("Si gioca a puntate?", "Do you play with bets?"),
        (
            "Con il buio si punta come nel poker prima di guardare le carte, e la partita si"
            " gioca a fiches.",
            "With the blind, players bet as in poker before looking at their cards, and the"
            " match is played for chips.",
        ),
    ),
    "starting_chips": KnobWords(
        "betting",
        ("Quante fiches a testa all'inizio?", "How many chips does each player start with?"),
        (
            "Le fiches di ogni giocatore all'inizio di una partita a puntate.",
            "Each player's chips at the start of a match with bets.",
        ),
    ),
    "blind": KnobWords(
        "betting",
        ("Quanto vale il buio?", "How big is the blind?"),
        (
            "Le fiches che il primo giocatore dopo il mazziere mette nel piatto prima di"
            " guardare le carte.",
            "The chips the first player after the dealer puts in the pot before looking at his"
            " cards.",
        ),
    ),
    "raise_unit": KnobWords(
        "betting",
        ("Di quanto si rilancia?", "How much is a raise?"),
        (
            "Le fiches che un rilancio aggiunge alla puntata più alta.",
            "The chips a raise adds to the highest stake.",
        ),
        none=("quanto il buio", "as much as the blind"),
    ),
    "max_raises": KnobWords(
        "betting",
        ("Quanti rilanci per mano?", "How many raises a hand?"),
        (
            "I rilanci ammessi in una mano: con 0 non si rilancia mai.",
            "The raises allowed in a hand: with 0 nobody may raise.",
        ),
        none=("senza limite", "no limit"),
    ),
    "flush_stake_multiplier": KnobWords(
        "betting",
        (
            "Per quanto si moltiplica la posta chiudendo con il colore?",
            "What does going out with a flush multiply the stake by?",
        ),
        (
            "Chi chiude con le carte tutte di un seme vince la posta moltiplicata per questo"
            " numero: 2 nel pokerato immaginario.",
            "Going out with every card of one suit wins the stake times this number: 2 in"
            " imaginary-joker pokerato.",
        ),
    ),
    "straight_flush_stake_multiplier": KnobWords(
        "betting",
        (
            "Per quanto si moltiplica la posta chiudendo con una scala colore?",
            "What does going out with a straight flush multiply the stake by?",
        ),
        (
            "Chi chiude con tutta la mano in una scala dello stesso seme vince la posta"
            " moltiplicata per questo numero: 4 nel pokerato immaginario.",
            "Going out with the whole hand in one run of a suit wins the stake times this"
            " number: 4 in imaginary-joker pokerato.",
        ),
    ),
    "royal_stake_multiplier": KnobWords(
        "betting",
        (
            "Per quanto si moltiplica la posta chiudendo con la scala reale?",
            "What does going out with the royal run multiply the stake by?",
        ),
        (
            "Chi chiude con la scala reale dal 5 al re vince la posta moltiplicata per questo"
            " numero: 6 nel pokerato immaginario.",
            "Going out with the royal run 5 to K wins the stake times this number: 6 in"
            " imaginary-joker pokerato.",
        ),
    ),
    # --- contracts (carioca) ---
    "contracts": KnobWords(
        "contracts",
        ("I contratti delle smazzate", "The contracts of the rounds"),
        (
            "L'apertura obbligata di ogni smazzata, una per smazzata e in quest'ordine, come"
            " nella carioca.",
            "The required opening of each round, one per round and in this order, as in carioca.",
        ),
        empty=("nessun contratto", "no contracts"),
    ),
}


#: The words of every value of every enum knob, as a control offers them.
CHOICE_WORDS: dict[type[enum.StrEnum], dict[str, Localized]] = {
    Direction: {
        Direction.CLOCKWISE: ("orario", "clockwise"),
        Direction.COUNTERCLOCKWISE: ("antiorario", "counterclockwise"),
    },
    JokerUpcard: {
        JokerUpcard.REBURY: (
            "torna nel tallone e se ne scopre un'altra",
            "it goes back into the stock and another is turned up",
        ),
        JokerUpcard.TO_FIRST_PLAYER: ("lo prende il primo giocatore", "the first player takes it"),
    },
    SetSuits: {
        SetSuits.DISTINCT: ("tutti diversi", "all different"),
        SetSuits.ANY: ("anche ripetuti", "repeats allowed"),
    },
    AceInRuns: {
        AceInRuns.LOW_OR_HIGH: (
            "sotto il 2 o sopra il re (A-2-3, Q-K-A)",
            "below the 2 or above the king (A-2-3, Q-K-A)",
        ),
        AceInRuns.LOW_ONLY: ("solo sotto il 2 (A-2-3)", "only below the 2 (A-2-3)"),
    },
    JokerPosition: {
        JokerPosition.LOWER: ("il posto più basso (6♠ 7♠ 8♠)", "the lower place (6♠ 7♠ 8♠)"),
        JokerPosition.HIGHER: ("il posto più alto (7♠ 8♠ 9♠)", "the higher place (7♠ 8♠ 9♠)"),
        JokerPosition.LOWER_ONLY: (
            "sempre il più basso, e l'altro non si dichiara",
            "always the lower, and the other cannot be declared",
        ),
    },
    RetrievedJoker: {
        RetrievedJoker.LAY_THIS_TURN: ("va calato nello stesso turno", "laid again this turn"),
        RetrievedJoker.LAY_IF_POSSIBLE: (
            "va calato nello stesso turno, se si può",
            "laid again this turn, if possible",
        ),
        RetrievedJoker.KEEP: ("si può tenere in mano", "may be kept in hand"),
    },
    SetJokerSwap: {
        SetJokerSwap.ALL_MISSING: ("con tutte le carte che mancano", "with every missing card"),
        SetJokerSwap.DECLARED_SUIT: (
            "con la carta del seme dichiarato",
            "with the card of the declared suit",
        ),
    },
    DiscardPickup: {
        DiscardPickup.FREE: ("sempre", "always"),
        DiscardPickup.MUST_USE: ("solo per usarla nel turno", "only to use it that turn"),
    },
    AttachableDiscard: {
        AttachableDiscard.ALLOWED: ("sì, qualsiasi carta", "yes, any card"),
        AttachableDiscard.FORBIDDEN: ("no, tranne per chiudere", "no, except to go out"),
    },
    FinalDiscard: {
        FinalDiscard.REQUIRED: ("sì, si chiude scartando", "yes, you go out by discarding"),
        FinalDiscard.OPTIONAL: (
            "no, si chiude anche calando tutto",
            "no, you may also go out by laying everything",
        ),
    },
    RummyBonus: {
        RummyBonus.DOUBLE: ("raddoppia i punti degli altri", "doubles the others' points"),
        RummyBonus.ADD: (
            "punti in più a ciascuno degli altri",
            "extra points for each of the others",
        ),
        RummyBonus.SCEMPIO: (
            "scempio: la messa salta e poi sale",
            "scempio: the messa is skipped, then raised",
        ),
        RummyBonus.NONE: ("niente di più", "nothing extra"),
    },
    Restock: {
        Restock.SHUFFLE: ("si mescolano gli scarti", "the discards are shuffled"),
        Restock.TURN_OVER: (
            "si girano gli scarti senza mescolarli",
            "the discards are turned over unshuffled",
        ),
    },
    RoundCap: {
        RoundCap.LOWEST_HAND_WINS: (
            "chi ha meno punti in mano segna 0",
            "the lowest hand scores 0",
        ),
        RoundCap.ALL_SCORE: ("tutti contano la mano", "every player scores his hand"),
    },
    Rounding: {
        Rounding.NONE: ("nessun arrotondamento", "no rounding"),
        Rounding.TENS: ("alla decina (24 → 20, 25 → 30)", "to tens (24 → 20, 25 → 30)"),
    },
    MatchEnd: {
        MatchEnd.ELIMINATION: (
            "chi arriva al punteggio è fuori, vince l'ultimo",
            "whoever reaches the target is out, the last one left wins",
        ),
        MatchEnd.FIRST_TO_TARGET: (
            "finisce appena uno arriva al punteggio",
            "it ends as soon as someone reaches the target",
        ),
        MatchEnd.FIXED_ROUNDS: ("un numero fisso di smazzate", "a set number of rounds"),
    },
    SimultaneousBust: {
        SimultaneousBust.ALL_OUT: (
            "escono tutti, e chi ha chiuso resta",
            "all of them are out, and the player who went out stays",
        ),
    },
    Betting: {
        Betting.NONE: ("niente puntate", "no betting"),
        Betting.BLIND: ("buio e rilanci", "blind and raises"),
    },
    # The contracts keep the names players already read in the rules and in refusals.
    Contract: {contract.value: name for contract, name in CONTRACT_NAMES.items()},
}

# The columns of the rows by player count, and the knob whose range each one shares: Rules
# checks them so (``from_players`` is a table size, like ``max_players``), and the tests hold
# this table to what a rules file accepts.
_FIELDS: dict[str, tuple[Localized, str]] = {
    "from_players": (("da quanti giocatori", "from how many players"), "max_players"),
    "decks": (("mazzi", "packs"), "decks"),
    "jokers": (("jolly", "jokers"), "jokers"),
    "cards": (("carte a testa", "cards each"), "hand_size"),
}


class _Control(NamedTuple):
    """What a page needs to know of a knob's type to show its control."""

    kind: str
    choices: type[enum.StrEnum] | None = None
    fields: tuple[str, ...] = ()


def _control(hint: object) -> _Control:
    if hint is bool:
        return _Control("bool")
    if hint is int:
        return _Control("int")
    if isinstance(hint, types.UnionType) and set(typing.get_args(hint)) == {int, type(None)}:
        return _Control("optional_int")
    if isinstance(hint, type) and issubclass(hint, enum.StrEnum):
        return _Control("choice", choices=hint)
    item = typing.get_args(hint)[0] if typing.get_origin(hint) is tuple else None
    if item is DeckSize or item is HandSize:
        return _Control("by_players", fields=item._fields)
    if item is Contract:
        return _Control("choice_list", choices=Contract)
    raise TypeError(f"no control for a knob of type {hint!r}")


# Built once at import: a knob of a type nobody taught this module fails here, before any
# page asks for it.
_HINTS = typing.get_type_hints(Rules)
_CONTROLS = {name: _control(_HINTS[name]) for name in knob_names()}


def _say(words: Localized, lang: str | None) -> str | dict[str, str]:
    if lang is None:
        return {"it": words[0], "en": words[1]}
    return words[1] if lang == "en" else words[0]


def _range(limits: KnobRange, lang: str | None) -> dict[str, object]:
    return {"min": limits.low, "max": limits.high, "why": _say(limits.why, lang)}


def _choices(cls: type[enum.StrEnum], lang: str | None) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for member in cls:
        choice: dict[str, object] = {
            "value": member.value,
            "label": _say(CHOICE_WORDS[cls][member], lang),
        }
        if isinstance(member, Contract):
            it, en = CONTRACT_TERMS[member]
            choice["help"] = _say((f"{it[0].upper()}{it[1:]}.", f"{en[0].upper()}{en[1:]}."), lang)
        out.append(choice)
    return out


def _entry(name: str, lang: str | None) -> dict[str, object]:
    words = KNOB_WORDS[name]
    control = _CONTROLS[name]
    entry: dict[str, object] = {
        "name": name,
        "section": words.section,
        "section_title": _say(SECTIONS[words.section], lang),
        "label": _say(words.label, lang),
        "help": _say(words.help, lang),
        "kind": control.kind,
    }
    if name in KNOB_RANGES:
        entry["range"] = _range(KNOB_RANGES[name], lang)
    if words.none is not None:
        entry["none"] = _say(words.none, lang)
    if control.choices is not None:
        entry["choices"] = _choices(control.choices, lang)
    if control.fields:
        entry["fields"] = [
            {
                "name": field,
                "label": _say(_FIELDS[field][0], lang),
                "range": _range(KNOB_RANGES[_FIELDS[field][1]], lang),
            }
            for field in control.fields
        ]
    if words.empty is not None:
        entry["empty"] = _say(words.empty, lang)
    return entry


def knob_catalogue(lang: str | None = None) -> list[dict[str, object]]:
    """Every knob, section by section, as JSON-ready data a page can show as it is.

    Each entry has ``name``, ``section``, ``section_title``, ``label``, ``help`` and ``kind``:
    ``bool``, ``int`` and ``optional_int`` (with a ``range``; ``none`` words what ``None``
    means), ``choice`` (``choices``: each ``value`` and its ``label``), ``by_players`` (a list
    of rows, one per starting table size, whose ``fields`` are numbers with a ``range``) and
    ``choice_list`` (an ordered list of ``choices``, repeats allowed); lists word their
    ``empty`` value. Values are those of :meth:`Rules.knobs`. With ``lang`` ``"it"`` or
    ``"en"`` every text is a string in that language; without, a ``{"it", "en"}`` pair.

    >>> catalogue = knob_catalogue("en")
    >>> decks = catalogue[0]
    >>> decks["name"], decks["section_title"], decks["label"], decks["kind"]
    ('decks', 'Deck and deal', 'How many 52-card packs?', 'int')
    >>> decks["range"]["min"], decks["range"]["max"]
    (1, 4)
    >>> rounds = next(e for e in knob_catalogue() if e["name"] == "match_rounds")
    >>> rounds["none"]
    {'it': 'nessun numero fisso', 'en': 'no set number'}
    >>> direction = next(e for e in knob_catalogue("it") if e["name"] == "direction")
    >>> [(choice["value"], choice["label"]) for choice in direction["choices"]]
    [('clockwise', 'orario'), ('counterclockwise', 'antiorario')]
    """
    if lang not in (None, "it", "en"):
        raise ValueError(f"lang is 'it', 'en' or None, not {lang!r}")
    return [_entry(name, lang) for name in KNOB_WORDS]
