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

from ..engine.contracts import CONTRACT_NAMES, CONTRACT_TERMS
from ..engine.errors import Phrase
from ..engine.rules import (
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
from ..house_rules import CHOICE_KEEPS, CHOICE_NEEDS, SWITCH_NEEDS, Need
from .catalogue import LANGUAGES, N_, gettext

__all__ = ["CHOICE_WORDS", "KNOB_WORDS", "NEED_WORDS", "SECTIONS", "KnobWords", "knob_catalogue"]


#: The parts of the rules, in the order a page shows them, with their titles. They follow the
#: sections of :func:`~ramino.words.describe.describe`, with its titles where they fit; its
#: "melds and jokers" and "scoring and match" are split in two, and carioca's contracts stand
#: alone.
SECTIONS: dict[str, str] = {
    "deal": N_("Mazzo e distribuzione"),
    "melds": N_("Giochi"),
    "jokers": N_("Jolly"),
    "opening": N_("Apertura"),
    "drawing": N_("Tallone e pozzo"),
    "going_out": N_("Chiusura"),
    "scoring": N_("Conteggio"),
    "knocking": N_("Bussare (gin rummy)"),
    "match": N_("Partita"),
    "betting": N_("Puntate (pokerato)"),
    "contracts": N_("Contratti (carioca)"),
}


class KnobWords(NamedTuple):
    """What players read about one knob.

    >>> KNOB_WORDS["reentry"].label
    'Si può rientrare?'
    >>> KNOB_WORDS["max_restocks"].none
    'senza limite'
    """

    section: str
    """A key of :data:`SECTIONS`."""
    label: str
    """A short question or phrase, as said at the table."""
    help: str
    """One sentence on what the knob changes."""
    none: str | None = None
    """For a number that may be left out (``None``): what that means, as a control shows it."""
    empty: str | None = None
    """For a list: what an empty one means."""


#: Every knob in players' words, section by section in the order of :data:`SECTIONS`.
KNOB_WORDS: dict[str, KnobWords] = {
    # --- deck and deal ---
    "decks": KnobWords(
        "deal",
        N_("Quanti mazzi da 52 carte?"),
        N_("I mazzi da 52 carte mescolati insieme: 2 nel classico, uno solo nel tradizionale."),
    ),
    "jokers": KnobWords(
        "deal",
        N_("Quanti jolly nel mazzo?"),
        N_(
            "I jolly aggiunti ai mazzi: 4 nel classico, 2 nel mazzo da 106 carte, nessuno nel"
            " tradizionale."
        ),
    ),
    "deck_by_players": KnobWords(
        "deal",
        N_("Mazzo secondo il numero di giocatori"),
        N_(
            "Da un certo numero di giocatori in su si gioca con altri mazzi e altri jolly al"
            " posto di quelli sopra, come nel Rami 40 con 3 mazzi da 5 giocatori."
        ),
        empty=N_("sempre lo stesso mazzo"),
    ),
    "min_players": KnobWords(
        "deal",
        N_("Quanti giocatori almeno?"),
        N_("Il tavolo non comincia con meno giocatori di così."),
    ),
    "max_players": KnobWords(
        "deal",
        N_("Quanti giocatori al massimo?"),
        N_("Il tavolo non accetta più giocatori di così, e il mazzo deve bastare per tutti."),
    ),
    "hand_size": KnobWords(
        "deal",
        N_("Quante carte a testa?"),
        N_("Le carte che il mazziere dà a ogni giocatore: 10 nel classico, 13 nella scala 40."),
    ),
    "hand_size_by_players": KnobWords(
        "deal",
        N_("Carte a testa secondo il numero di giocatori"),
        N_(
            "Da un certo numero di giocatori in su si danno altre carte a testa al posto di"
            " quelle sopra, come nel tradizionale con 7 carte da 3 giocatori."
        ),
        empty=N_("sempre le stesse carte a testa"),
    ),
    "direction": KnobWords(
        "deal",
        N_("In che senso si gira?"),
        N_("Carte, turni e mazziere girano tutti nello stesso senso."),
    ),
    "joker_upcard": KnobWords(
        "deal",
        N_("Se alla distribuzione esce un jolly?"),
        N_(
            "Cosa succede se la carta scoperta per il pozzo, o quella sotto il mazzo alzato,"
            " è un jolly."
        ),
    ),
    # --- melds ---
    "set_suits": KnobWords(
        "melds",
        N_("I semi in un tris"),
        N_(
            "Se le carte di un tris devono essere di semi tutti diversi o possono ripetere un seme."
        ),
    ),
    "set_max": KnobWords(
        "melds",
        N_("Quante carte al massimo in un tris?"),
        N_("Con 4 un tris può diventare poker, e con semi tutti diversi non si va oltre."),
        none=N_("senza limite"),
    ),
    "run_wrap": KnobWords(
        "melds",
        N_("La scala può girare (K-A-2)?"),
        N_("Se sì, dopo il re una scala riparte dall'asso e dal 2, e l'asso può stare in mezzo."),
    ),
    "ace_in_runs": KnobWords(
        "melds",
        N_("Dove sta l'asso in scala?"),
        N_("Se l'asso sta sotto il 2 o sopra il re, oppure soltanto sotto il 2."),
    ),
    "flush_meld": KnobWords(
        "melds",
        N_("Vale il colore?"),
        N_("Se sì, carte tutte dello stesso seme, anche non in fila, valgono come un gioco."),
    ),
    # --- jokers ---
    "max_jokers_per_meld": KnobWords(
        "jokers",
        N_("Quanti jolly al massimo in un gioco?"),
        N_("Il massimo di jolly in una scala o in un tris: uno nel classico, di più nel pokerato."),
        none=N_("senza limite"),
    ),
    "min_natural_cards": KnobWords(
        "jokers",
        N_("Quante carte vere almeno in un gioco?"),
        N_(
            "Le carte che non sono jolly in ogni gioco: almeno una, così un gioco non è mai"
            " di soli jolly."
        ),
    ),
    "ambiguous_joker": KnobWords(
        "jokers",
        N_("Il jolly in fondo a una scala"),
        N_(
            "Il posto di un jolly non dichiarato che può stare a tutti e due i capi di una"
            " scala, come in JK 7♠ 8♠."
        ),
    ),
    "joker_swap": KnobWords(
        "jokers",
        N_("Si può riprendere un jolly dal tavolo?"),
        N_(
            "Se sì, chi ha la carta che un jolly calato sostituisce può metterla al suo posto"
            " e prendersi il jolly."
        ),
    ),
    "joker_swap_needs_opened": KnobWords(
        "jokers",
        N_("Per riprendere un jolly bisogna aver aperto?"),
        N_("Se sì, solo chi ha già aperto può scambiare un jolly sul tavolo."),
    ),
    "joker_swap_waits_a_turn": KnobWords(
        "jokers",
        N_("Per riprendere un jolly bisogna aspettare il turno dopo l'apertura?"),
        N_("Se sì, chi apre riprende un jolly solo dal turno dopo, non in quello in cui apre."),
    ),
    "retrieved_joker": KnobWords(
        "jokers",
        N_("Cosa si fa del jolly ripreso?"),
        N_("Se il jolly ripreso va calato nello stesso turno o si può tenere in mano."),
    ),
    "set_joker_swap": KnobWords(
        "jokers",
        N_("Come si libera un jolly da un tris?"),
        N_("Le carte da dare per prendere il jolly di un tris, come in 10♦ 10♥ JK."),
    ),
    # --- opening ---
    "melding_during_play": KnobWords(
        "opening",
        N_("Si calano giochi durante la smazzata?"),
        N_(
            "Se no, si pesca e si scarta soltanto, e si chiude mostrando la mano tutta in"
            " giochi, come nel pokerato e nel Casertano."
        ),
    ),
    "opening_threshold": KnobWords(
        "opening",
        N_("Quanti punti per aprire?"),
        N_(
            "I punti che deve valere la prima calata: 0 è l'apertura libera, 40 nella scala"
            " 40, 50 nell'apertura a 50."
        ),
    ),
    "opening_joker_value": KnobWords(
        "opening",
        N_("Quanto vale il jolly per aprire?"),
        N_(
            "I punti di un jolly nel conto dell'apertura: quelli della carta che sostituisce,"
            " o un valore fisso come 25."
        ),
        none=N_("la carta che sostituisce"),
    ),
    "opening_counts_attachments": KnobWords(
        "opening",
        N_("Le carte attaccate contano per l'apertura?"),
        N_(
            "Se sì, le carte attaccate ai giochi degli altri nel turno in cui si apre contano"
            " per i punti."
        ),
    ),
    "swap_counts_for_opening": KnobWords(
        "opening",
        N_("Lo scambio di un jolly conta per l'apertura?"),
        N_(
            "Se sì, la carta data per riprendere un jolly dal gioco di un altro conta per i"
            " punti dell'apertura."
        ),
    ),
    "opening_jokers": KnobWords(
        "opening",
        N_("Si aprono giochi con il jolly?"),
        N_("Se no, i giochi con cui si apre non hanno jolly, come nella carioca."),
    ),
    "attach_before_opening": KnobWords(
        "opening",
        N_("Si può attaccare prima di aprire?"),
        N_("Se sì, chi non ha ancora aperto può già attaccare carte ai giochi sul tavolo."),
    ),
    # --- drawing: the stock and the discard pile ---
    "discard_pickup": KnobWords(
        "drawing",
        N_("Quando si prende la carta del pozzo?"),
        N_(
            "Se l'ultima carta del pozzo si prende sempre, solo per usarla nello stesso turno,"
            " solo dopo aver aperto, o prima di aprire solo per aprire e poi sempre."
        ),
    ),
    "rediscard_taken_card": KnobWords(
        "drawing",
        N_("Si può riscartare la carta presa dal pozzo?"),
        N_("Se sì, la carta presa dal pozzo si può scartare di nuovo nello stesso turno."),
    ),
    "attachable_discard": KnobWords(
        "drawing",
        N_("Si può scartare una carta che si potrebbe attaccare?"),
        N_(
            "Se si può scartare una carta che si attaccherebbe a un gioco sul tavolo; dove è"
            " vietato, lo si fa solo per chiudere."
        ),
    ),
    "attachable_discard_min_players": KnobWords(
        "drawing",
        N_("Da quanti giocatori vale il divieto?"),
        N_(
            "Il divieto di scartare carte attaccabili vale solo ai tavoli con almeno questi"
            " giocatori."
        ),
    ),
    "restock": KnobWords(
        "drawing",
        N_("Come si rifà il tallone?"),
        N_(
            "Quando il tallone finisce, gli scarti tranne l'ultimo diventano il nuovo"
            " tallone, mescolati o solo girati."
        ),
    ),
    "max_restocks": KnobWords(
        "drawing",
        N_("Quante volte si rifà il tallone?"),
        N_(
            "Le volte che in una smazzata gli scarti diventano il nuovo tallone: dopo"
            " l'ultima, quando il tallone finisce finisce anche la smazzata."
        ),
        none=N_("senza limite"),
    ),
    # --- going out ---
    "final_discard": KnobWords(
        "going_out",
        N_("Per chiudere serve lo scarto?"),
        N_("Se si chiude soltanto scartando l'ultima carta o anche calando tutto senza scarto."),
    ),
    "lay_after_close": KnobWords(
        "going_out",
        N_("Dopo la chiusura gli altri calano?"),
        N_(
            "Se sì, quando uno chiude gli altri calano i loro giochi, e le carte calate non"
            " si contano."
        ),
    ),
    "rummy_on_first_turn": KnobWords(
        "going_out",
        N_("Si può chiudere al primo giro?"),
        N_("Se no, nessuno chiude prima che tutti abbiano giocato un turno, come nella scala 40."),
    ),
    "rummy_bonus": KnobWords(
        "going_out",
        N_("Cosa fa la chiusura in mano?"),
        N_(
            "Cosa cambia per gli altri quando uno chiude in mano, calando tutte le carte in"
            " un turno solo senza aver calato niente prima."
        ),
    ),
    "rummy_bonus_points": KnobWords(
        "going_out",
        N_("Quanti punti in più per la chiusura in mano?"),
        N_(
            "I punti che ciascuno degli altri aggiunge quando la chiusura in mano vale punti"
            " in più (25 nel tradizionale)."
        ),
    ),
    "flush_close": KnobWords(
        "going_out",
        N_("Si chiude con il colore?"),
        N_(
            "Se sì, dopo aver pescato si chiude mostrando le carte tutte dello stesso seme e"
            " scartando quella in più, e vale come chiusura in mano."
        ),
    ),
    "imaginary_joker": KnobWords(
        "going_out",
        N_("Si chiude con il jolly immaginario?"),
        N_(
            "Se sì, per chiudere si può immaginare una carta che manca e farla valere come"
            " jolly, come nel pokerato immaginario."
        ),
    ),
    "own_card_joker": KnobWords(
        "going_out",
        N_("Il jolly immaginario è una carta della mano?"),
        N_(
            "Se sì, invece di una carta immaginata fa da jolly una delle proprie carte,"
            " scelta al momento di chiudere."
        ),
    ),
    "seven_of_a_kind_wins": KnobWords(
        "going_out",
        N_("Sette carte uguali vincono la partita?"),
        N_(
            "Se sì, sette carte dello stesso valore senza jolly, il ramino del Casertano,"
            " vincono subito tutta la partita."
        ),
    ),
    "max_turns": KnobWords(
        "going_out",
        N_("Dopo quanti turni si ferma la smazzata?"),
        N_("Se dopo questo numero di turni nessuno ha chiuso, la smazzata si ferma e si conta."),
    ),
    "on_round_cap": KnobWords(
        "going_out",
        N_("Chi vince una smazzata fermata?"),
        N_(
            "Come si conta una smazzata fermata dal limite di turni o dal tallone finito"
            " senza che nessuno abbia chiuso."
        ),
    ),
    # --- scoring ---
    "close_points": KnobWords(
        "scoring",
        N_("Quanti punti segna chi chiude?"),
        N_("I punti di chi chiude: di solito 0, anche meno di zero come il −10 del Casertano."),
    ),
    "close_points_flush": KnobWords(
        "scoring",
        N_("Quanti punti segna chi chiude con il colore?"),
        N_(
            "I punti di chi chiude con le carte tutte di un seme, invece di quelli di una"
            " chiusura semplice (il Casertano dà −20)."
        ),
    ),
    "close_points_straight": KnobWords(
        "scoring",
        N_("Quanti punti segna chi chiude con una scala sola?"),
        N_(
            "I punti di chi chiude con tutta la mano in una sola scala, invece di quelli di"
            " una chiusura semplice (il Casertano dà −50)."
        ),
    ),
    "ace_penalty": KnobWords(
        "scoring",
        N_("Quanto conta un asso rimasto in mano?"),
        N_("I punti di penalità di un asso in mano a fine smazzata: 11, o 1 in alcune case."),
    ),
    "joker_penalty": KnobWords(
        "scoring",
        N_("Quanto conta un jolly rimasto in mano?"),
        N_("I punti di penalità di un jolly in mano a fine smazzata: 25, oppure 20, 30 o 50."),
    ),
    "rounding": KnobWords(
        "scoring",
        N_("Si arrotondano i punti?"),
        N_("Se i punti di ogni mano si arrotondano alla decina, da 5 in su per eccesso."),
    ),
    "messa": KnobWords(
        "scoring",
        N_("Quanto vale la messa?"),
        N_("I punti fissi che ogni perdente aggiunge a fine smazzata: 0 vuol dire niente messa."),
    ),
    "close_credits": KnobWords(
        "scoring",
        N_("Quanti crediti vince chi chiude?"),
        N_(
            "I crediti di chi chiude, pagati a fine partita a una cifra concordata (il"
            " Casertano ne dà uno)."
        ),
    ),
    "close_credits_flush": KnobWords(
        "scoring",
        N_("Quanti crediti vince chi chiude con il colore?"),
        N_(
            "I crediti di chi chiude con le carte tutte di un seme, invece di quelli di una"
            " chiusura semplice (il Casertano ne dà 2)."
        ),
    ),
    "close_credits_straight": KnobWords(
        "scoring",
        N_("Quanti crediti vince chi chiude con una scala sola?"),
        N_(
            "I crediti di chi chiude con tutta la mano in una sola scala, invece di quelli di"
            " una chiusura semplice (il Casertano ne dà 5)."
        ),
    ),
    "hand_stake": KnobWords(
        "scoring",
        N_("Quante fiches nel piatto a ogni smazzata?"),
        N_(
            "Le fiches che ognuno mette nel piatto a ogni smazzata, per chi chiude: una nella"
            " carioca, 0 per niente piatto."
        ),
    ),
    # --- gin rummy ---
    "run_max": KnobWords(
        "knocking",
        N_("Quante carte al massimo in una scala calata?"),
        N_("Una scala più lunga si cala in due; attaccando la si può allungare ancora."),
        none=N_("senza limite"),
    ),
    "knock_limit": KnobWords(
        "knocking",
        N_("Con quanti punti spaiati si può bussare?"),
        N_("Si chiude bussando con al massimo questi punti di carte spaiate (gin rummy: 10)."),
        none=N_("non si bussa"),
    ),
    "oklahoma": KnobWords(
        "knocking",
        N_("Si bussa con il valore della prima carta scoperta?"),
        N_("Se sì (gin Oklahoma), il limite per bussare è il valore della prima carta scoperta."),
    ),
    "spade_upcard_doubles": KnobWords(
        "knocking",
        N_("Una prima carta di picche raddoppia la smazzata?"),
        N_("Se sì (gin Oklahoma), la smazzata vale doppio quando la prima carta è di picche."),
    ),
    "gin_bonus": KnobWords(
        "knocking",
        N_("Quanti punti in più vale il gin?"),
        N_("I punti in più di chi bussa senza carte spaiate (25 o 20)."),
    ),
    "big_gin_bonus": KnobWords(
        "knocking",
        N_("Quanti punti in più vale il big gin?"),
        N_("Chi cala tutte le carte senza scartare prende questi punti invece del gin (31)."),
        none=N_("niente big gin"),
    ),
    "undercut_bonus": KnobWords(
        "knocking",
        N_("Quanti punti in più vale battere chi bussa?"),
        N_("I punti in più dell'avversario che ha carte spaiate quanto chi bussa o meno."),
    ),
    "undercut_on_tie": KnobWords(
        "knocking",
        N_("A pari punti vince l'avversario?"),
        N_("Se no, a pari carte spaiate nessuno vince niente (come in OpenSpiel)."),
    ),
    "layoffs": KnobWords(
        "knocking",
        N_("Si attacca ai giochi di chi ha bussato?"),
        N_("Se sì, l'avversario attacca le sue carte ai giochi di chi ha bussato (non al gin)."),
    ),
    "wall_stock": KnobWords(
        "knocking",
        N_("Con quante carte nel tallone la smazzata è nulla?"),
        N_("A queste carte nel tallone si può solo bussare o passare (gin rummy: 2)."),
        none=N_("senza muro"),
    ),
    "max_pile_takes": KnobWords(
        "knocking",
        N_("A quale presa dal pozzo la smazzata è nulla?"),
        N_("Un limite contro le smazzate senza fine (OpenSpiel: 50)."),
        none=N_("senza limite"),
    ),
    "void_rethrows": KnobWords(
        "knocking",
        N_("Dopo quanti scarti della carta appena presa la smazzata è nulla?"),
        N_("Scarti di fila che rimettono nel pozzo la carta appena presa (OpenSpiel: 2)."),
        none=N_("senza limite"),
    ),
    "box_bonus": KnobWords(
        "knocking",
        N_("Quanti punti vale ogni smazzata vinta?"),
        N_("A fine partita ognuno li aggiunge per ogni smazzata vinta (gin rummy: 25)."),
    ),
    "game_bonus": KnobWords(
        "knocking",
        N_("Quanti punti in più vale vincere la partita?"),
        N_("Chi vince la partita li aggiunge al suo totale (gin rummy: 100)."),
    ),
    "shutout_doubles": KnobWords(
        "knocking",
        N_("Il cappotto raddoppia?"),
        N_(
            "Se sì, chi vince la partita senza che gli altri abbiano vinto una smazzata"
            " raddoppia il suo totale."
        ),
    ),
    "first_upcard_offer": KnobWords(
        "knocking",
        N_("La prima carta scoperta è offerta?"),
        N_(
            "Se sì, il primo giocatore la prende o passa, poi il mazziere; se passano"
            " entrambi il primo pesca dal tallone."
        ),
    ),
    # --- match ---
    "target": KnobWords(
        "match",
        N_("A quanti punti si gioca?"),
        N_(
            "Il punteggio a cui si esce o a cui finisce la partita (101 nel classico, 300"
            " nell'enciclopedia); in una partita di un numero fisso di smazzate chi ci arriva"
            " esce, e si può farne a meno (la carioca non ce l'ha)."
        ),
        none=N_("nessuno"),
    ),
    "match_end": KnobWords(
        "match",
        N_("Come finisce la partita?"),
        N_(
            "Se chi arriva al punteggio esce, se la partita finisce al primo che ci arriva o"
            " dopo un numero fisso di smazzate."
        ),
    ),
    "match_rounds": KnobWords(
        "match",
        N_("Quante smazzate in una partita?"),
        N_("Le smazzate di una partita a numero fisso: 8 nella carioca, 10 nel pokerato."),
        none=N_("nessun numero fisso"),
    ),
    "simultaneous_bust": KnobWords(
        "match",
        N_("Se più giocatori sballano nella stessa smazzata?"),
        N_("Chi resta in gioco quando più giocatori arrivano al punteggio insieme."),
    ),
    "reentry": KnobWords(
        "match",
        N_("Si può rientrare?"),
        N_(
            "Se sì, chi è fuori può rientrare ripartendo dal punteggio più alto fra chi è"
            " ancora in gioco."
        ),
    ),
    "max_reentries": KnobWords(
        "match",
        N_("Quante volte si può rientrare?"),
        N_("I rientri concessi a ogni giocatore in una partita."),
        none=N_("senza limite"),
    ),
    "reentry_stake": KnobWords(
        "match",
        N_("Quante poste per rientrare?"),
        N_("Le poste che paga chi rientra (una nel Casertano): 0 vuol dire gratis."),
    ),
    # --- betting (pokerato) ---
    "betting": KnobWords(
        "betting",
        N_("Si gioca a puntate?"),
        N_(
            "Con il buio si punta come nel poker prima di guardare le carte, e la partita si"
            " gioca a fiches."
        ),
    ),
    "starting_chips": KnobWords(
        "betting",
        N_("Quante fiches a testa all'inizio?"),
        N_("Le fiches di ogni giocatore all'inizio di una partita a puntate."),
    ),
    "blind": KnobWords(
        "betting",
        N_("Quanto vale il buio?"),
        N_(
            "Le fiches che il primo giocatore dopo il mazziere mette nel piatto prima di"
            " guardare le carte."
        ),
    ),
    "raise_unit": KnobWords(
        "betting",
        N_("Di quanto si rilancia?"),
        N_("Le fiches che un rilancio aggiunge alla puntata più alta."),
        none=N_("quanto il buio"),
    ),
    "max_raises": KnobWords(
        "betting",
        N_("Quanti rilanci per mano?"),
        N_("I rilanci ammessi in una mano: con 0 non si rilancia mai."),
        none=N_("senza limite"),
    ),
    "flush_stake_multiplier": KnobWords(
        "betting",
        N_("Per quanto si moltiplica la posta chiudendo con il colore?"),
        N_(
            "Chi chiude con le carte tutte di un seme vince la posta moltiplicata per questo"
            " numero: 2 nel pokerato immaginario."
        ),
    ),
    "straight_flush_stake_multiplier": KnobWords(
        "betting",
        N_("Per quanto si moltiplica la posta chiudendo con una scala colore?"),
        N_(
            "Chi chiude con tutta la mano in una scala dello stesso seme vince la posta"
            " moltiplicata per questo numero: 4 nel pokerato immaginario."
        ),
    ),
    "royal_stake_multiplier": KnobWords(
        "betting",
        N_("Per quanto si moltiplica la posta chiudendo con la scala reale?"),
        N_(
            "Chi chiude con la scala reale dal 5 al re vince la posta moltiplicata per questo"
            " numero: 6 nel pokerato immaginario."
        ),
    ),
    # --- contracts (carioca) ---
    "contracts": KnobWords(
        "contracts",
        N_("I contratti delle smazzate"),
        N_(
            "L'apertura obbligata di ogni smazzata, una per smazzata e in quest'ordine, come"
            " nella carioca."
        ),
        empty=N_("nessun contratto"),
    ),
}


#: The condition a knob needs (:class:`~ramino.house_rules.Need`) as a sentence goes on
#: after "vale solo se" ("it applies only when"): why a change to it bears on nothing.
NEED_WORDS: dict[Need, str] = {
    Need.NO_KNOCKING: N_("non si chiude bussando"),
    Need.KNOCKING: N_("si chiude bussando, come nel gin rummy"),
    Need.KNOCK_ALLOWED: N_("si gioca in due, senza calare durante la smazzata e senza puntate"),
    Need.MELDING: N_("i giochi si calano durante la smazzata"),
    Need.SHOWING: N_("si chiude mostrando tutta la mano, senza calare prima e senza bussare"),
    Need.ATTACHING: N_("si attaccano carte ai giochi sul tavolo"),
    Need.JOKERS: N_("nel mazzo ci sono jolly"),
    Need.JOKER_IN_MELDS: N_("in un gioco può stare un jolly, del mazzo o immaginario"),
    Need.NO_JOKER_CARDS: N_("il mazzo è senza jolly e non cambia con il numero di giocatori"),
    Need.IMAGINARY: N_("il jolly è immaginario"),
    Need.JOKER_SWAP: N_("un jolly calato si può riprendere"),
    Need.SWAP_BEFORE_OPENING: N_("un jolly si può riprendere anche prima di aprire"),
    Need.SWAP_AFTER_OPENING: N_("un jolly lo riprende solo chi ha aperto"),
    Need.OPENING_POINTS: N_("per aprire serve un minimo di punti"),
    Need.FREE_OPENING: N_("l'apertura è libera"),
    Need.NO_CONTRACTS: N_("le smazzate non hanno contratti"),
    Need.ATTACH_BEFORE_OPENING: N_("si può attaccare anche prima di aprire"),
    Need.ATTACHABLE_DISCARD_BARRED: N_("non si può scartare una carta che si può attaccare"),
    Need.MORE_THAN_TWO: N_("si può giocare in più di due"),
    Need.HIGH_ACE: N_("l'asso può stare sopra il re"),
    Need.TWO_PACKS: N_("si gioca sempre con almeno due mazzi"),
    Need.FLUSH_CLOSE: N_("si può chiudere con un colore"),
    Need.NO_WALL: N_("il tallone non ha un muro"),
    Need.RESTOCKS: N_("gli scarti possono rifare il tallone"),
    Need.BETTING: N_("si punta a fiches"),
    Need.NO_BETTING: N_("non si punta a fiches"),
    Need.LOSERS_COUNT: N_("a fine smazzata chi non ha chiuso conta i punti che ha in mano"),
    Need.POINTS_TO_WINNER: N_("i punti di ogni smazzata vanno a chi la vince"),
    Need.ADD_BONUS: N_("la chiusura in mano aggiunge punti agli altri"),
    Need.ELIMINATION: N_("chi arriva al punteggio è eliminato"),
    Need.REENTRY: N_("chi è eliminato può rientrare"),
    Need.OUT_AT_TARGET: N_("chi arriva al punteggio è fuori dalla partita"),
    Need.FIXED_ROUNDS: N_("la partita dura un numero fisso di smazzate"),
}

#: The words of every value of every enum knob, as a control offers them.
CHOICE_WORDS: dict[type[enum.StrEnum], dict[str, str | Phrase]] = {
    Direction: {
        Direction.CLOCKWISE: N_("orario"),
        Direction.COUNTERCLOCKWISE: N_("antiorario"),
    },
    JokerUpcard: {
        JokerUpcard.REBURY: N_("torna nel tallone e se ne scopre un'altra"),
        JokerUpcard.TO_FIRST_PLAYER: N_("lo prende il primo giocatore"),
    },
    SetSuits: {
        SetSuits.DISTINCT: N_("tutti diversi"),
        SetSuits.ANY: N_("anche ripetuti"),
    },
    AceInRuns: {
        AceInRuns.LOW_OR_HIGH: N_("sotto il 2 o sopra il re (A-2-3, Q-K-A)"),
        AceInRuns.LOW_ONLY: N_("solo sotto il 2 (A-2-3)"),
    },
    JokerPosition: {
        JokerPosition.LOWER: N_("il posto più basso (6♠ 7♠ 8♠)"),
        JokerPosition.HIGHER: N_("il posto più alto (7♠ 8♠ 9♠)"),
        JokerPosition.LOWER_ONLY: N_("sempre il più basso, e l'altro non si dichiara"),
    },
    RetrievedJoker: {
        RetrievedJoker.LAY_THIS_TURN: N_("va calato nello stesso turno"),
        RetrievedJoker.LAY_IF_POSSIBLE: N_("va calato nello stesso turno, se si può"),
        RetrievedJoker.KEEP: N_("si può tenere in mano"),
    },
    SetJokerSwap: {
        SetJokerSwap.ALL_MISSING: N_("con tutte le carte che mancano"),
        SetJokerSwap.DECLARED_SUIT: N_("con la carta del seme dichiarato"),
    },
    DiscardPickup: {
        DiscardPickup.FREE: N_("sempre"),
        DiscardPickup.MUST_USE: N_("solo per usarla nel turno"),
        DiscardPickup.OPENED: N_("solo a chi ha già aperto"),
        DiscardPickup.TO_OPEN: N_("prima di aprire solo per aprire, poi sempre"),
    },
    AttachableDiscard: {
        AttachableDiscard.ALLOWED: N_("sì, qualsiasi carta"),
        AttachableDiscard.FORBIDDEN: N_("no, tranne per chiudere"),
    },
    FinalDiscard: {
        FinalDiscard.REQUIRED: N_("sì, si chiude scartando"),
        FinalDiscard.OPTIONAL: N_("no, si chiude anche calando tutto"),
    },
    RummyBonus: {
        RummyBonus.DOUBLE: N_("raddoppia i punti degli altri"),
        RummyBonus.ADD: N_("punti in più a ciascuno degli altri"),
        RummyBonus.SCEMPIO: N_("scempio: la messa salta e poi sale"),
        RummyBonus.NONE: N_("niente di più"),
    },
    Restock: {
        Restock.SHUFFLE: N_("si mescolano gli scarti"),
        Restock.TURN_OVER: N_("si girano gli scarti senza mescolarli"),
    },
    RoundCap: {
        RoundCap.LOWEST_HAND_WINS: N_("chi ha meno punti in mano segna 0"),
        RoundCap.ALL_SCORE: N_("tutti contano la mano"),
    },
    Rounding: {
        Rounding.NONE: N_("nessun arrotondamento"),
        Rounding.TENS: N_("alla decina (24 → 20, 25 → 30)"),
    },
    MatchEnd: {
        MatchEnd.ELIMINATION: N_("chi arriva al punteggio è fuori, vince l'ultimo"),
        MatchEnd.FIRST_TO_TARGET: N_("finisce appena uno arriva al punteggio"),
        MatchEnd.FIXED_ROUNDS: N_("un numero fisso di smazzate"),
        MatchEnd.POINTS_TO_TARGET: N_("i punti a chi vince la smazzata, vince chi arriva"),
    },
    SimultaneousBust: {
        SimultaneousBust.ALL_OUT: N_("escono tutti, e chi ha chiuso resta"),
    },
    Betting: {
        Betting.NONE: N_("niente puntate"),
        Betting.BLIND: N_("buio e rilanci"),
    },
    # The contracts keep the names players already read in the rules and in refusals.
    Contract: {contract.value: name for contract, name in CONTRACT_NAMES.items()},
}

# The columns of the rows by player count, and the knob whose range each one shares: Rules
# checks them so (``from_players`` is a table size, like ``max_players``), and the tests hold
# this table to what a rules file accepts.
_FIELDS: dict[str, tuple[str, str]] = {
    "from_players": (N_("da quanti giocatori"), "max_players"),
    "decks": (N_("mazzi"), "decks"),
    "jokers": (N_("jolly"), "jokers"),
    "cards": (N_("carte a testa"), "hand_size"),
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


def _say(words: str | Phrase, lang: str | None) -> str | dict[str, str]:
    """The words in ``lang``, or in both languages (``lang`` None). A phrase is words the
    engine has the catalogue word (carioca's contracts)."""
    if lang is None:
        return {code: _said(words, code) for code in LANGUAGES}
    return _said(words, lang)


def _said(words: str | Phrase, lang: str) -> str:
    if isinstance(words, Phrase):
        return words.message(lang)
    return gettext(words, lang)


def _sentence(words: str) -> str:
    return f"{words[0].upper()}{words[1:]}."


def _range(limits: KnobRange, lang: str | None) -> dict[str, object]:
    why = Phrase(limits.why)
    said = {code: why.message(code) for code in LANGUAGES} if lang is None else why.message(lang)
    return {"min": limits.low, "max": limits.high, "why": said}


def _choices(cls: type[enum.StrEnum], lang: str | None) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for member in cls:
        choice: dict[str, object] = {
            "value": member.value,
            "label": _say(CHOICE_WORDS[cls][member], lang),
        }
        if member in CHOICE_NEEDS:
            choice["needs"] = dict(CHOICE_NEEDS[member])
        if member in CHOICE_KEEPS:
            choice["keeps"] = list(CHOICE_KEEPS[member])
        if isinstance(member, Contract):
            terms = CONTRACT_TERMS[member]
            # The terms as a sentence of their own: capital first, full stop last.
            if lang is None:
                choice["help"] = {code: _sentence(terms.message(code)) for code in LANGUAGES}
            else:
                choice["help"] = _sentence(terms.message(lang))
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
    if name in SWITCH_NEEDS:
        entry["needs_on"] = SWITCH_NEEDS[name]
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
    means), ``choice`` (``choices``: each ``value`` and its ``label``; ``needs``, the optional
    numbers the choice cannot go without, each with the value to give it; ``keeps``, those it
    leaves as they are, any other being taken away with it; a ``bool`` may name in
    ``needs_on`` the switch it cannot be on without), ``by_players`` (a
    list of rows, one per starting table size, whose ``fields`` are numbers with a ``range``) and
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
    >>> end = next(e for e in catalogue if e["name"] == "match_end")
    >>> [(choice["value"], choice.get("needs"), choice.get("keeps")) for choice in end["choices"]]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('elimination', {'target': 101}, None), ('first_to_target', {'target': 101}, None),
     ('fixed_rounds', {'match_rounds': 8}, ['target']),
     ('points_to_target', None, ['target'])]
    """
    if lang not in (None, "it", "en"):
        raise ValueError(f"lang is 'it', 'en' or None, not {lang!r}")
    return [_entry(name, lang) for name in KNOB_WORDS]
