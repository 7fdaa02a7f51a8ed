"""The sentences behind every reason code, in Italian and English.

Each sentence names the rule that refused, so a player learns the rule from the refusal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .errors import Reason

# reason -> (italiano, english); fields: {cards} and the error's params.
MESSAGES: dict[Reason, tuple[str, str]] = {
    Reason.BAD_CARD: (
        "{token!r} non è una carta: si scrive come 7H, 10S, QD, AC o JK.",
        "{token!r} is not a card: write cards as 7H, 10S, QD, AC or JK.",
    ),
    Reason.NO_CARDS: (
        "Nessuna carta: scrivi le carte separate da spazi, per esempio 7H 8H 9H.",
        "No cards given: write cards separated by spaces, for example 7H 8H 9H.",
    ),
    Reason.BAD_JOKER_NOTATION: (
        "{token!r}: un jolly si dichiara come JK=9S (il jolly vale il 9 di picche).",
        "{token!r}: declare a joker as JK=9S (the joker stands for the 9 of spades).",
    ),
    Reason.UNKNOWN_PRESET: (
        "Regole sconosciute {name!r}: quelle disponibili sono {known}.",
        "Unknown rules {name!r}: the available ones are {known}.",
    ),
    Reason.UNKNOWN_RULE: (
        "Regola sconosciuta {key!r}{where}.",
        "Unknown rule {key!r}{where}.",
    ),
    Reason.BAD_RULE_VALUE: (
        "Valore non valido per {key!r}{where}: {value!r}. {expected}",
        "Bad value for {key!r}{where}: {value!r}. {expected}",
    ),
    Reason.CONTRADICTORY_RULES: (
        "Regole contraddittorie{where}: {detail}",
        "Contradictory rules{where}: {detail}",
    ),
    Reason.BAD_RULES_FILE: (
        "File delle regole {path!r} non valido: {detail}",
        "Bad rules file {path!r}: {detail}",
    ),
    Reason.TOO_FEW_CARDS: (
        "Un gioco ha almeno 3 carte: {cards} ne ha {count}.",
        "A meld has at least 3 cards: {cards} has {count}.",
    ),
    Reason.ONLY_JOKERS: (
        "Un gioco deve avere almeno {needed} carte vere oltre ai jolly: {cards} ne ha {count}.",
        "A meld needs at least {needed} natural cards besides jokers: {cards} has {count}.",
    ),
    Reason.TOO_MANY_JOKERS: (
        "Al massimo {limit} jolly per gioco: {cards} ne ha {count}.",
        "At most {limit} joker(s) per meld: {cards} has {count}.",
    ),
    Reason.NOT_A_MELD: (
        "{cards} non è né una scala (stesso seme, in fila) né un tris (stesso valore).",
        "{cards} is neither a run (one suit, in sequence) nor a set (one rank).",
    ),
    Reason.SET_SUITS_NOT_DISTINCT: (
        "In un tris i semi devono essere tutti diversi: {cards}.",
        "In a set the suits must all differ: {cards}.",
    ),
    Reason.SET_TOO_LARGE: (
        "Un tris o poker ha al massimo {limit} carte: {cards} ne ha {count}.",
        "A set has at most {limit} cards: {cards} has {count}.",
    ),
    Reason.RUN_DUPLICATE_RANK: (
        "In una scala ogni carta c'è una volta sola: {cards} è doppia.",
        "A run holds each card once: {cards} appears twice.",
    ),
    Reason.RUN_ACE_LOW_AND_HIGH: (
        "L'asso è basso oppure alto, mai entrambi: una scala non ricomincia dopo il re ({cards}).",
        "The ace is low or high, never both: a run does not go round the corner ({cards}).",
    ),
    Reason.RUN_ACE_HIGH_NOT_ALLOWED: (
        "Con queste regole l'asso in scala è solo basso (A-2-3), mai dopo il re: {cards}.",
        "Under these rules the ace is low only in runs (A-2-3), never after the king: {cards}.",
    ),
    Reason.RUN_NOT_CONSECUTIVE: (
        "Le carte di una scala devono essere in fila: a {cards} mancano {missing} carte"
        " e i jolly ne coprono {jokers}.",
        "A run's cards must be in sequence: {cards} lacks {missing} card(s)"
        " and the jokers cover {jokers}.",
    ),
    Reason.RUN_TOO_LONG: (
        "Una scala va al massimo dall'asso al re o dal 2 all'asso (13 carte): {cards} ne ha"
        " {count}.",
        "A run goes at most from ace to king or from 2 to ace (13 cards): {cards} has {count}.",
    ),
    Reason.FLUSH_NOT_ALLOWED: (
        "Un colore (carte dello stesso seme non in fila) vale solo come mano intera in chiusura:"
        " {cards}.",
        "A flush (cards of one suit not in sequence) counts only as a whole hand when going"
        " out: {cards}.",
    ),
    Reason.JOKER_COUNT_MISMATCH: (
        "Ci sono {jokers} jolly ma {declared} dichiarazioni: dichiara una carta per ogni jolly.",
        "There are {jokers} joker(s) but {declared} declaration(s): declare one card per joker.",
    ),
    Reason.JOKER_ASSIGNMENT_INVALID: (
        "Il jolly non può valere {declared} in {cards}: {detail}",
        "The joker cannot stand for {declared} in {cards}: {detail}",
    ),
    Reason.ATTACH_DOES_NOT_FIT: (
        "{cards} non si attacca a {meld}: {detail}",
        "{cards} does not fit {meld}: {detail}",
    ),
    Reason.ATTACH_PLACE_HELD_BY_JOKER: (
        "Il posto di {cards} in {meld} è del jolly: sostituiscilo per riprendere il jolly.",
        "The place of {cards} in {meld} is held by the joker: swap it to take the joker.",
    ),
    Reason.SWAP_FORBIDDEN: (
        "Con queste regole un jolly calato non si può riprendere.",
        "Under these rules a laid joker cannot be taken back.",
    ),
    Reason.SWAP_NEEDS_OPENING: (
        "Solo chi ha già aperto può riprendere un jolly.",
        "Only a player who has opened may take back a joker.",
    ),
    Reason.SWAP_NO_JOKER: (
        "In {meld} non c'è nessun jolly da riprendere.",
        "There is no joker to take back in {meld}.",
    ),
    Reason.SWAP_WRONG_CARD: (
        "Per riprendere il jolly di {meld} serve {needed}, non {cards}.",
        "To take the joker of {meld} you need {needed}, not {cards}.",
    ),
    Reason.SWAP_SET_NEEDS_ALL_MISSING: (
        "Per riprendere il jolly da un tris servono tutte le carte che mancano, {needed}:"
        " {cards} non basta.",
        "To take a joker from a set you must give every missing card, {needed}:"
        " {cards} is not enough.",
    ),
    Reason.UNKNOWN_PLAYER: (
        "{player!r} non è un giocatore di questa partita ({players}).",
        "{player!r} is not a player of this match ({players}).",
    ),
    Reason.DUPLICATE_PLAYER: (
        "Il nome {player!r} compare due volte: ogni giocatore ha un nome diverso.",
        "The name {player!r} appears twice: every player needs a different name.",
    ),
    Reason.TOO_FEW_PLAYERS: (
        "Servono almeno {limit} giocatori con queste regole, non {count}.",
        "These rules need at least {limit} players, not {count}.",
    ),
    Reason.TOO_MANY_PLAYERS: (
        "Al massimo {limit} giocatori con queste regole, non {count}.",
        "At most {limit} players under these rules, not {count}.",
    ),
    Reason.PLAYER_ELIMINATED: (
        "{player} è già fuori dalla partita.",
        "{player} is already out of the match.",
    ),
    Reason.PLAYER_NOT_ELIMINATED: (
        "{player} è ancora in gioco: rientra solo chi è fuori.",
        "{player} is still in the match: only an eliminated player can re-enter.",
    ),
    Reason.MATCH_OVER: (
        "La partita è finita: {detail}",
        "The match is over: {detail}",
    ),
    Reason.BAD_ROUND_RESULT: (
        "Risultato della smazzata non valido: {detail}",
        "Bad round result: {detail}",
    ),
    Reason.REENTRY_NOT_ALLOWED: (
        "{player} non può rientrare: {detail}",
        "{player} cannot re-enter: {detail}",
    ),
    Reason.BAD_SCORE_FILE: (
        "Foglio dei punti non valido ({where}): {detail}",
        "Bad score sheet ({where}): {detail}",
    ),
}


def _show(value: Any, lang: str) -> Any:
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, str) for v in value):
        return value[0] if lang == "it" else value[1]
    if hasattr(value, "unicode"):
        return value.unicode()
    if isinstance(value, tuple | list) and value and all(hasattr(v, "unicode") for v in value):
        return " ".join(v.unicode() for v in value)
    return value


def render(reason: Reason, lang: str, cards: Sequence[Any], params: dict[str, Any]) -> str:
    """The sentence for ``reason`` in ``lang`` (``it`` or ``en``; anything else means ``it``)."""
    template = MESSAGES[reason][1 if lang == "en" else 0]
    fields = {key: _show(value, lang) for key, value in params.items()}
    fields.setdefault("cards", " ".join(c.unicode() for c in cards))
    return template.format_map(_Optional(fields))


class _Optional(dict[str, Any]):
    """Fields a sentence may name but an error need not carry (``where``) read as empty."""

    def __missing__(self, key: str) -> str:
        return ""
