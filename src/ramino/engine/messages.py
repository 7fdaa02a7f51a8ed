"""The sentences behind every reason code, in Italian and English.

Each sentence names the rule that refused, so a player learns the rule from the refusal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .errors import RaminoError, Reason
from .text import SHOWN_DIGITS, cut, shown, to_name

# reason -> (italiano, english); fields: {cards} and the error's params.
MESSAGES: dict[Reason, tuple[str, str]] = {
    Reason.BAD_CARD: (
        "{token!r} non è una carta: si scrive come 7H, 10S, QD, AC o JK.",
        "{token!r} is not a card: write cards as 7H, 10S, QD, AC or JK.",
    ),
    Reason.AMBIGUOUS_SUIT: (
        "{token!r}: {detail}",
        "{token!r}: {detail}",
    ),
    Reason.NO_CARDS: (
        "Nessuna carta: scrivi le carte separate da spazi, per esempio 7H 8H 9H.",
        "No cards given: write cards separated by spaces, for example 7H 8H 9H.",
    ),
    Reason.BAD_JOKER_NOTATION: (
        "{token!r}: un jolly si dichiara come JK=9S (il jolly vale il 9 di picche).",
        "{token!r}: declare a joker as JK=9S (the joker stands for the 9 of spades).",
    ),
    Reason.BAD_ACTION: (
        "{token!r} non è una mossa: draw, take, lay, attach, swap, discard, show, open, call,"
        " fold o raise.",
        "{token!r} is not an action: draw, take, lay, attach, swap, discard, show, open, call,"
        " fold or raise.",
    ),
    Reason.BAD_MELD_NUMBER: (
        "{token!r} non è il numero di un gioco: i giochi sul tavolo si contano da 0, in cifre"
        " 0–9 (per esempio attach 0 10H).",
        "{token!r} is not a meld number: the melds on the table are counted from 0, in digits"
        " 0–9 (for example attach 0 10H).",
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
        "Le carte di una scala devono essere in fila: a {cards} {gap}.",
        "A run's cards must be in sequence: {cards} {gap}.",
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
        "Al massimo {limit} giocatori con queste regole, non {count}{why}.",
        "At most {limit} players under these rules, not {count}{why}.",
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
    Reason.ROUND_OVER: (
        "La smazzata è finita: non si gioca più.",
        "The round is over: no more moves.",
    ),
    Reason.BAD_DEAL: (
        "Distribuzione non valida: {detail}",
        "Bad deal: {detail}",
    ),
    Reason.BAD_RECORD: (
        "Registrazione della partita non valida ({where}): {detail}",
        "Bad game record ({where}): {detail}",
    ),
    Reason.RECORD_MISMATCH: (
        "La registrazione non si ripete uguale: {detail}",
        "The record does not replay the same: {detail}",
    ),
    Reason.ROUND_NOT_OVER: (
        "La smazzata non è ancora finita.",
        "The round is not over yet.",
    ),
    Reason.MUST_DRAW_FIRST: (
        "Prima si pesca: dal tallone o dal pozzo.",
        "Draw first: from the stock or the discard pile.",
    ),
    Reason.ALREADY_DRAWN: (
        "Hai già pescato in questo turno: ora cala, attacca o scarta.",
        "You have already drawn this turn: now lay, attach or discard.",
    ),
    Reason.DISCARD_PILE_EMPTY: (
        "Il pozzo è vuoto: si pesca dal tallone.",
        "The discard pile is empty: draw from the stock.",
    ),
    Reason.TAKE_NEEDS_USE: (
        "La carta del pozzo ({cards}) si prende solo per usarla subito: {detail}",
        "The top discard ({cards}) may be taken only to use it at once: {detail}",
    ),
    Reason.NOT_IN_DECK: (
        "Il mazzo di queste regole {detail}",
        "The deck of these rules {detail}",
    ),
    Reason.NOT_IN_HAND: (
        "Non hai in mano {cards}.",
        "You do not hold {cards}.",
    ),
    Reason.NO_SUCH_MELD: (
        "Sul tavolo non c'è il gioco numero {meld}: {detail}",
        "There is no meld number {meld} on the table: {detail}",
    ),
    Reason.NOT_YOUR_TURN: (
        "Non è il tuo turno: tocca {to_player}.",
        "It is not your turn: {player} is to play.",
    ),
    Reason.TABLE_NOT_STARTED: (
        "La partita comincia quando tutti i posti sono presi (ancora liberi: {free}).",
        "The match starts when every seat is taken (still free: {free}).",
    ),
    Reason.BAD_MESSAGE: (
        "Messaggio non valido: {detail}",
        "Not a valid message: {detail}",
    ),
    Reason.TOO_MANY_TABLES: (
        "Hai creato troppi tavoli in poco tempo: al massimo {burst} di seguito, poi uno ogni"
        " {every}. Puoi crearne un altro fra {wait}.",
        "You created too many tables in a short time: at most {burst} in a row, then one every"
        " {every}. You can create another one in {wait}.",
    ),
    Reason.SERVER_FULL: (
        "Il server ha già {count} tavoli in attesa di giocatori, il massimo: riprova fra {wait}.",
        "The server already has {count} tables waiting for players, its most: try again in {wait}.",
    ),
    Reason.BODY_TOO_LARGE: (
        "La richiesta è troppo grande: al massimo {limit} byte.",
        "The request is too large: {limit} bytes at most.",
    ),
    Reason.HEAD_TOO_LARGE: (
        "L'intestazione della richiesta è troppo grande: al massimo {limit} byte.",
        "The request's head is too large: {limit} bytes at most.",
    ),
    Reason.REQUEST_TOO_SLOW: (
        "La richiesta non è arrivata intera entro {seconds}: la connessione si chiude.",
        "The request did not arrive in full within {seconds}: the connection closes.",
    ),
    Reason.TOO_MANY_CONNECTIONS: (
        "Troppe connessioni aperte dal tuo indirizzo (al massimo {limit}): chiudine qualcuna e"
        " riprova.",
        "Too many connections open from your address ({limit} at most): close some and try again.",
    ),
    Reason.NOT_STORED: (
        "Il server non è riuscito a salvare la mossa ({detail}), quindi non vale: il tavolo è"
        " com'era prima. Riprova fra poco.",
        "The server could not store the move ({detail}), so it does not count: the table is as"
        " it was before. Try again in a while.",
    ),
    Reason.TOO_MANY_SOCKETS: (
        "Troppe connessioni aperte: {detail}",
        "Too many connections open: {detail}",
    ),
    Reason.NONCE_GIVEN: (
        "Hai già dato il tuo nonce per la smazzata {deal}: conta quello.",
        "You already gave your nonce for deal {deal}: that one counts.",
    ),
    Reason.NAME_LIKE_SEATED: (
        "Il nome «{name}» si legge come quello di {seated}, già al tavolo: scegline un altro.",
        "The name “{name}” reads like that of {seated}, already at the table: choose another.",
    ),
    Reason.NAME_MARKED_COMPUTER: (
        "Il nome «{name}» porta il segno del computer, che spetta solo ai giocatori al"
        " computer: scegline un altro.",
        "The name “{name}” carries the computer's mark, which only computer players carry:"
        " choose another.",
    ),
    Reason.TABLE_MOVING: (
        "Il tavolo sta passando a un altro processo del server: riprova fra un attimo.",
        "The table is moving to another process of the server: try again in a moment.",
    ),
    Reason.EVENTS_DOWN: (
        "Redis non risponde: si gioca lo stesso, ma la sala dei tavoli aperti può restare"
        " indietro finché non torna.",
        "Redis does not answer: play goes on, but the lobby of open tables may lag behind until"
        " it is back.",
    ),
    Reason.NO_SUCH_SEAT: (
        "Non c'è il posto {seat}: i posti vanno da 0 a {last}.",
        "There is no seat {seat}: seats go from 0 to {last}.",
    ),
    Reason.NO_MELDING_DURING_PLAY: (
        "Con queste regole non si cala durante la smazzata: si chiude mostrando tutta la mano"
        " (show).",
        "Under these rules nothing is laid during the round: go out by showing the whole hand"
        " (show).",
    ),
    Reason.ATTACH_ONE_CARD: (
        "Si attacca una carta alla volta: {cards} sono {count}.",
        "Attach one card at a time: {cards} are {count}.",
    ),
    Reason.ATTACH_BEFORE_OPENING: (
        "Con queste regole si attacca solo dopo aver aperto.",
        "Under these rules cards are attached only after opening.",
    ),
    Reason.OPENING_JOKERS_FORBIDDEN: (
        "Con queste regole i giochi dell'apertura non hanno jolly: {cards}.",
        "Under these rules the opening melds hold no joker: {cards}.",
    ),
    Reason.WOULD_LEAVE_NO_DISCARD: (
        "Calando {cards} non ti resterebbe una carta da scartare: sei incartato, scarta e aspetta.",
        "Laying {cards} would leave you nothing to discard: you are stuck, discard and wait.",
    ),
    Reason.NO_GOING_OUT_FIRST_ROUND: (
        "Con queste regole nessuno chiude prima che tutti abbiano giocato un turno.",
        "Under these rules nobody goes out before every player has had a turn.",
    ),
    Reason.OPENING_BELOW_THRESHOLD: (
        "I giochi dell'apertura valgono {points} punti; queste regole ne vogliono {threshold}:"
        " cala ancora prima di scartare.",
        "Opening melds total {points} points; these rules need {threshold}: lay more before"
        " discarding.",
    ),
    Reason.OPENING_UNREACHABLE: (
        "Dopo questa mossa l'apertura si fermerebbe a {points} punti senza poter arrivare a"
        " {threshold} con le carte che restano: un'apertura cominciata va finita nel turno.",
        "After this move the opening would stop at {points} points with no way to reach"
        " {threshold} with the cards left: an opening begun must be finished this turn.",
    ),
    Reason.REDISCARD_TAKEN: (
        "La carta presa dal pozzo ({cards}) non si riscarta nello stesso turno.",
        "The card taken from the discard pile ({cards}) cannot be discarded again this turn.",
    ),
    Reason.TAKEN_CARD_NOT_USED: (
        "La carta presa dal pozzo ({cards}) va calata o attaccata prima di scartare.",
        "The card taken from the discard pile ({cards}) must be laid or attached before"
        " discarding.",
    ),
    Reason.TAKEN_CARD_UNUSABLE: (
        "Dopo questa mossa la carta presa dal pozzo ({cards}) non potrebbe più essere calata"
        " né attaccata in questo turno, e va usata prima di scartare.",
        "After this move the card taken from the discard pile ({cards}) could no longer be laid"
        " or attached this turn, and it must be used before discarding.",
    ),
    Reason.DISCARD_ATTACHABLE: (
        "{cards} si può attaccare a un gioco sul tavolo: con queste regole non si scarta.",
        "{cards} could be attached to a meld on the table: under these rules it may not be"
        " discarded.",
    ),
    Reason.RETRIEVED_JOKER_NOT_LAID: (
        "Il jolly ripreso va calato in questo turno prima di scartare.",
        "The joker taken back must be laid this turn before discarding.",
    ),
    Reason.JOKER_CANNOT_BE_RELAID: (
        "Il jolly ripreso va calato subito, ma non avresti dove calarlo: {cards}.",
        "The joker taken back must be laid at once, but you could not lay it: {cards}.",
    ),
    Reason.JOKER_BACK_TO_SAME_MELD: (
        "Il jolly ripreso va calato in un altro gioco, non di nuovo nel gioco {meld}.",
        "The joker taken back goes into another meld, not back into meld {meld}.",
    ),
    Reason.SHOW_NOT_ALLOWED: (
        "Si chiude mostrando la mano solo quando non si cala durante la smazzata, o con il colore.",
        "Going out by showing the hand is only for variants without melding during play, or"
        " the flush close.",
    ),
    Reason.SHOW_INCOMPLETE: (
        "Per chiudere mostrando la mano servono tutte le carte: {detail}",
        "To go out by showing the hand every card is needed: {detail}",
    ),
    Reason.IMAGINED_JOKER_ONE: (
        "Per chiudere si immagina un solo jolly.",
        "Only one joker may be imagined to go out.",
    ),
    Reason.IMAGINED_JOKER_PLACE: (
        "Il jolly immaginario sta in una scala o in un tris, non nel colore.",
        "The imagined joker goes into a run or a set, not into a flush.",
    ),
    Reason.STAND_IN_NEEDED: (
        "Di' quale tua carta fa da jolly, come 2C=JK.",
        "Say which of your cards acts as the joker, as in 2C=JK.",
    ),
    Reason.STAND_IN_NOT_ALLOWED: (
        "Con queste regole {cards} non può fare da jolly: una carta della mano vale da jolly"
        " solo nel pokerato immaginario a 10 carte, e al posto di un jolly mostrato.",
        "Under these rules {cards} cannot act as the joker: a card of the hand does so only"
        " in 10-card imaginary-joker pokerato, in the place of a joker shown.",
    ),
    Reason.CONTRACT_FIRST: (
        "Prima si apre con il contratto di questa smazzata, {contract}: {terms}.",
        "First open with this round's contract, {contract}: {terms}.",
    ),
    Reason.CONTRACT_NEXT_TURN: (
        "Dopo l'apertura si cala e si attacca dal turno successivo.",
        "After the opening, laying and attaching start from the next turn.",
    ),
    Reason.CONTRACT_NOT_MET: (
        "L'apertura di questa smazzata ({contract}) vuole {terms}; {detail}",
        "This round's opening ({contract}) takes {terms}; {detail}",
    ),
    Reason.NO_CONTRACT: (
        "Con queste regole non c'è un'apertura obbligata: si cala con lay.",
        "These rules have no required opening: melds are laid with lay.",
    ),
    Reason.ALREADY_OPENED: (
        "Hai già aperto in questa smazzata.",
        "You have already opened in this round.",
    ),
    Reason.BETTING_OVER: (
        "Il giro di puntate è finito.",
        "The betting round is over.",
    ),
    Reason.MUST_BET_FIRST: (
        "Prima si punta: vedi (call), lascia (fold) o rilancia (raise).",
        "Betting comes first: call, fold or raise.",
    ),
    Reason.NO_BETTING: (
        "Con queste regole non si punta: vedere, lasciare e rilanciare sono mosse del pokerato.",
        "These rules have no betting: call, fold and raise are moves of pokerato.",
    ),
    Reason.RAISE_LIMIT: (
        "Non si rilancia più: {detail}",
        "No more raising: {detail}",
    ),
    Reason.RAISE_NOT_COVERED: (
        "Non hai abbastanza fiches per rilanciare: {detail}",
        "You do not have the chips to raise: {detail}",
    ),
    Reason.RAISE_UNANSWERABLE: (
        "Nessuno potrebbe rispondere al rilancio: chi è rimasto ha già messo tutte le sue fiches.",
        "Nobody could answer a raise: everyone else still in has put in all their chips.",
    ),
}


class _Verbatim(str):
    """Text that ``{x}`` and ``{x!r}`` both print as it is: a value already shown."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str.__str__(self)


def _show(value: Any, lang: str) -> Any:
    if isinstance(value, RaminoError):
        # A refusal that explains another one, rendered only when someone reads it.
        return value.message(lang)
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, str) for v in value):
        return value[0] if lang == "it" else value[1]
    if hasattr(value, "unicode"):
        return value.unicode()
    if isinstance(value, tuple | list) and value and all(hasattr(v, "unicode") for v in value):
        return " ".join(v.unicode() for v in value)
    if isinstance(value, str):
        # Cut, but still a string: {token!r} quotes it as before.
        return cut(value)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**SHOWN_DIGITS:
        return value
    if value is None or isinstance(value, bool | float):
        return value
    return _Verbatim(shown(value))


#: Fields a sentence may name that are worked out from the error's values (with the plurals
#: of the language), and the values each one needs.
DERIVED_FIELDS: dict[str, tuple[str, ...]] = {
    "gap": ("missing", "jokers"),
    "to_player": ("player",),
}


def _run_gap(missing: int, jokers: int, lang: str) -> str:
    """The cards a run lacks and the jollies that cover some, with their plurals.

    >>> _run_gap(1, 0, "it"), _run_gap(3, 1, "it"), _run_gap(2, 1, "en")
    ("manca una carta e non c'è un jolly a coprirla", 'mancano 3 carte e il jolly ne copre una', 'lacks 2 cards and the joker covers one')
    """  # noqa: E501
    if lang == "en":
        lacks = "lacks one card" if missing == 1 else f"lacks {missing} cards"
        if not jokers:
            return f"{lacks} and no joker covers {'it' if missing == 1 else 'them'}"
        covers = "the joker covers one" if jokers == 1 else f"the jokers cover {jokers}"
        return f"{lacks} and {covers}"
    lacks = "manca una carta" if missing == 1 else f"mancano {missing} carte"
    if not jokers:
        return lacks + (
            " e non c'è un jolly a coprirla" if missing == 1 else " e non ci sono jolly a coprirle"
        )
    covers = "il jolly ne copre una" if jokers == 1 else f"i jolly ne coprono {jokers}"
    return f"{lacks} e {covers}"


def render(reason: Reason, lang: str, cards: Sequence[Any], params: dict[str, Any]) -> str:
    """The sentence for ``reason`` in ``lang`` (``it`` or ``en``; anything else means ``it``)."""
    template = MESSAGES[reason][1 if lang == "en" else 0]
    fields = {key: _show(value, lang) for key, value in params.items()}
    missing, jokers = params.get("missing"), params.get("jokers")
    if isinstance(missing, int) and isinstance(jokers, int):
        fields["gap"] = _run_gap(missing, jokers, lang)  # see DERIVED_FIELDS
    if "player" in fields:
        fields["to_player"] = to_name(str(fields["player"]))  # "tocca ad Anna"
    fields.setdefault("cards", " ".join(c.unicode() for c in cards))
    return template.format_map(_Optional(fields))


#: Fields a sentence may name but an error need not carry: read as empty when missing.
OPTIONAL_FIELDS: frozenset[str] = frozenset({"where", "why"})


class _Optional(dict[str, Any]):
    """Fields a sentence may name but an error need not carry (OPTIONAL_FIELDS) read as empty."""

    def __missing__(self, key: str) -> str:
        return ""
