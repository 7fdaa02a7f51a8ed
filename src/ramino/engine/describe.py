"""The rules of a table in players' words, Italian first, English too.

:func:`describe` is what a player reads before the deal: every knob of :class:`Rules` shows up
in the text, stated only where it matters (no jolly talk in a game without jolly).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from .chips import chips_words
from .contracts import CONTRACT_NAMES, CONTRACT_TERMS
from .errors import RulesError
from .rules import (
    AceInRuns,
    AttachableDiscard,
    Betting,
    Direction,
    DiscardPickup,
    FinalDiscard,
    JokerPosition,
    JokerUpcard,
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
)

__all__ = ["describe"]

_V = TypeVar("_V")


_NUMBER_WORDS = {2: ("due", "two"), 3: ("tre", "three"), 4: ("quattro", "four")}


def _close_kinds(flush: int, straight: int) -> tuple[tuple[int, str, str], ...]:
    return (
        (flush, "con un colore", "with a flush"),
        (straight, "tutto in una sola scala", "with everything in a single run"),
    )


class _Writer:
    """Builds the sentences for one table; ``t(it, en)`` picks the language."""

    def __init__(self, rules: Rules, lang: str, players: int | None) -> None:
        self.r = rules
        self.en = lang == "en"
        self.players = players

    def t(self, it: str, en: str) -> str:
        return en if self.en else it

    # --- small phrases ---

    def _join(self, items: Sequence[str]) -> str:
        """``a, b e c`` / ``a, b and c``."""
        if len(items) <= 1:
            return "".join(items)
        return ", ".join(items[:-1]) + self.t(" e ", " and ") + items[-1]

    def _times(self, n: int) -> str:
        if n == 1:
            return self.t("una volta", "once")
        return self.t(f"{n} volte", f"{n} times")

    def _deck(self, decks: int, jokers: int) -> tuple[int, str]:
        """The deck's size and what it is made of: ``(108, "due mazzi da 52 e 4 jolly")``."""
        total = 52 * decks + jokers
        if decks == 1:
            packs = self.t("un mazzo da 52", "one 52-card pack")
            if jokers == 0:
                return total, self.t("un solo mazzo, senza jolly", "a single pack, no jokers")
        else:
            # Words read better than digits next to "52": "due mazzi da 52", "two 52-card packs".
            it, en = _NUMBER_WORDS.get(decks, (str(decks), str(decks)))
            packs = self.t(f"{it} mazzi da 52", f"{en} 52-card packs")
        if jokers == 0:
            return total, self.t(f"{packs}, senza jolly", f"{packs}, no jokers")
        if jokers == 1:
            return total, self.t(f"{packs} e un jolly", f"{packs} and one joker")
        return total, self.t(f"{packs} e {jokers} jolly", f"{packs} and {jokers} jokers")

    def _who(self, low: int, high: int) -> str:
        """The players a group of table sizes covers: ``in 2``, ``da 5 giocatori in su``."""
        r = self.r
        if low == high:
            return self.t(f"in {low}", f"with {low} players")
        if high == low + 1:
            return self.t(f"in {low} o {high}", f"with {low} or {high} players")
        if high == r.most_players:
            return self.t(f"da {low} giocatori in su", f"with {low} or more players")
        if low == r.min_players:
            return self.t(f"fino a {high} giocatori", f"with up to {high} players")
        return self.t(f"da {low} a {high} giocatori", f"with {low} to {high} players")

    def _groups(self, value_for: Callable[[int], _V]) -> list[tuple[int, int, _V]]:
        """Consecutive table sizes that share a value, over min_players..max_players."""
        groups: list[tuple[int, int, _V]] = []
        for n in range(self.r.min_players, self.r.most_players + 1):
            value = value_for(n)
            if groups and groups[-1][2] == value:
                groups[-1] = (groups[-1][0], n, value)
            else:
                groups.append((n, n, value))
        return groups

    def has_jokers(self) -> bool:
        r = self.r
        if self.players is not None:
            return r.deck_for(self.players)[1] > 0
        return r.jokers > 0 or any(e.jokers > 0 for e in r.deck_by_players)

    def hand_cards(self) -> int | None:
        """The hand size, if it is one number at this table."""
        if self.players is not None:
            return self.r.hand_size_for(self.players)
        sizes = {size for _, _, size in self._groups(self.r.hand_size_for)}
        return sizes.pop() if len(sizes) == 1 else None

    # --- sections ---

    def deal(self) -> list[str]:
        r, t, p = self.r, self.t, self.players
        out = []
        if r.min_players == r.most_players:
            out.append(
                t(
                    f"Si gioca in {r.min_players}, ognuno per sé.",
                    f"A game for {r.min_players} players, each playing for himself.",
                )
            )
        else:
            out.append(
                t(
                    f"Da {r.min_players} a {r.most_players} giocatori, ognuno per sé.",
                    f"{r.min_players} to {r.most_players} players, each playing for himself.",
                )
            )

        if p is not None:
            total, made = self._deck(*r.deck_for(p))
            out.append(
                t(
                    f"In {p} il mazzo è di {total} carte: {made}.",
                    f"With {p} players the deck has {total} cards: {made}.",
                )
            )
        else:
            decks = self._groups(r.deck_for)
            if len(decks) == 1:
                total, made = self._deck(*decks[0][2])
                out.append(
                    t(
                        f"Il mazzo è di {total} carte: {made}.",
                        f"The deck has {total} cards: {made}.",
                    )
                )
            else:
                parts = []
                for low, high, deck in decks:
                    total, made = self._deck(*deck)
                    parts.append(
                        t(
                            f"{self._who(low, high)} {total} carte ({made})",
                            f"{self._who(low, high)}, {total} cards ({made})",
                        )
                    )
                out.append(
                    t(
                        "Il mazzo dipende dal numero di giocatori: " + "; ".join(parts) + ".",
                        "The deck depends on the number of players: " + "; ".join(parts) + ".",
                    )
                )

        if r.direction is Direction.CLOCKWISE:
            out.append(
                t(
                    "Si gioca in senso orario: carte, turni e mazziere girano nello stesso"
                    " verso, e comincia chi siede alla sinistra del mazziere.",
                    "Play goes clockwise: the deal, the turns and the dealer all move the"
                    " same way, and the player on the dealer's left starts.",
                )
            )
        else:
            out.append(
                t(
                    "Si gioca in senso antiorario: carte, turni e mazziere girano nello"
                    " stesso verso, e comincia chi siede alla destra del mazziere.",
                    "Play goes counterclockwise: the deal, the turns and the dealer all move"
                    " the same way, and the player on the dealer's right starts.",
                )
            )

        if p is not None:
            cards = r.hand_size_for(p)
            stock = r.deck_size_for(p) - p * cards - 1
            out.append(
                t(
                    f"Il mazziere dà {cards} carte a testa, una alla volta, poi scopre una"
                    f" carta per cominciare il pozzo: nel tallone ne restano {stock}.",
                    f"The dealer deals {cards} cards each, one at a time, then turns up a"
                    f" card to start the discard pile: {stock} cards are left in the"
                    " stock.",
                )
            )
        else:
            sizes = self._groups(r.hand_size_for)
            if len(sizes) == 1:
                each_it, each_en = f"{sizes[0][2]} carte a testa", f"{sizes[0][2]} cards each"
            else:
                each_it = "a ciascuno " + self._join(
                    [f"{size} carte {self._who(lo, hi)}" for lo, hi, size in sizes]
                )
                each_en = "each player " + self._join(
                    [f"{size} cards {self._who(lo, hi)}" for lo, hi, size in sizes]
                )
            out.append(
                t(
                    f"Il mazziere dà {each_it}, una alla volta, poi scopre una carta per"
                    " cominciare il pozzo; il resto è il tallone.",
                    f"The dealer deals {each_en}, one at a time, then turns up a card to"
                    " start the discard pile; the rest is the stock.",
                )
            )

        if self.has_jokers():
            if r.joker_upcard is JokerUpcard.REBURY:
                out.append(
                    t(
                        "Se la carta scoperta è un jolly, torna nel tallone e se ne scopre"
                        " un'altra.",
                        "If the card turned up is a joker, it goes back into the stock and"
                        " another is turned up.",
                    )
                )
            else:
                out.append(
                    t(
                        "Se alzando il mazzo sotto c'è un jolly, lo si mette in tavola e lo"
                        " prende il primo giocatore; in quel caso non si scopre nessuna"
                        " carta.",
                        "If a joker shows at the bottom of the cut, it is put on the table"
                        " for the first player to take, and no card is turned up.",
                    )
                )

        return out

    def betting(self) -> list[str]:
        r, t = self.r, self.t
        if r.betting is Betting.NONE:
            return []
        unit = r.blind if r.raise_unit is None else r.raise_unit
        start_it, start_en = (
            chips_words(r.starting_chips, "it"),
            chips_words(r.starting_chips, "en"),
        )
        blind_it, blind_en = chips_words(r.blind, "it"), chips_words(r.blind, "en")
        raise_it, raise_en = chips_words(unit, "it"), chips_words(unit, "en")
        out = [
            t(
                f"Si gioca a fiches: ognuno ne ha {start_it} all'inizio della partita.",
                f"The match is played for chips: each player starts with {start_en}.",
            ),
            t(
                "Prima di guardare le carte, il primo giocatore dopo il mazziere fa il buio:"
                f" mette {blind_it} nel piatto.",
                "Before looking at his cards, the first player after the dealer posts the"
                f" blind: {blind_en} into the pot.",
            ),
            t(
                "Poi, a turno dal giocatore dopo di lui, ognuno vede (mette quanto serve per"
                " pareggiare la puntata più alta), lascia (esce dalla mano, e quel che ha"
                f" messo resta nel piatto) o rilancia (vede e aggiunge {raise_it})."
                " Chi ha fatto il buio parla per ultimo e può rilanciare anche se nessuno l'ha"
                " fatto; il giro finisce quando tutti quelli rimasti hanno messo lo stesso.",
                "Then, in turn from the player after him, each one calls (puts in what it"
                " takes to match the highest stake), folds (leaves the hand; what he put in"
                f" stays in the pot) or raises (calls and adds {raise_en}). The blind speaks"
                " last and may raise even if nobody did; the round ends when everyone still"
                " in has put in the same.",
            ),
        ]
        if r.max_raises is None:
            out.append(t("I rilanci non hanno limite.", "Raises have no limit."))
        elif r.max_raises == 0:
            out.append(t("Non si rilancia mai.", "Nobody may raise."))
        elif r.max_raises == 1:
            out.append(t("Per mano si rilancia una volta sola.", "A hand allows one raise."))
        else:
            out.append(
                t(
                    f"Per mano si rilancia al massimo {r.max_raises} volte.",
                    f"A hand allows {r.max_raises} raises at most.",
                )
            )
        out.extend(
            [
                t(
                    "Chi non ha fiches per vedere mette tutte quelle che ha: il piatto si"
                    " divide in un piatto principale e piatti laterali, come nel poker.",
                    "A player without the chips to call puts in all he has: the pot splits"
                    " into a main pot and side pots, as in poker.",
                ),
                t(
                    "Se lasciano tutti tranne uno, lui prende il piatto e la mano finisce"
                    " senza giocare le carte.",
                    "If all but one fold, he takes the pot and the hand ends without playing"
                    " the cards.",
                ),
                t(
                    "Chi chiude prende ogni piatto in cui è; un piatto laterale in cui non è"
                    " torna, in parti uguali, a chi c'è. Se nessuno chiude, i piatti restano"
                    " sul tavolo e li prende chi vince la mano dopo.",
                    "Whoever goes out takes every pot he is in; a side pot he is not in goes"
                    " back, in equal shares, to those in it. If nobody goes out, the pots stay"
                    " on the table for the winner of the next hand.",
                ),
            ]
        )
        return out

    def melds(self) -> list[str]:
        r, t = self.r, self.t
        out = [
            t(
                "Una scala ha almeno 3 carte dello stesso seme in fila, come 5♠ 6♠ 7♠.",
                "A run is at least 3 cards of one suit in sequence, like 5♠ 6♠ 7♠.",
            )
        ]
        if r.ace_in_runs is AceInRuns.LOW_ONLY:
            out.append(
                t(
                    "In scala l'asso sta solo sotto il 2 (A-2-3): Q-K-A non vale.",
                    "In a run the ace only goes below the 2 (A-2-3): Q-K-A is not a run.",
                )
            )
        elif r.run_wrap:
            out.append(
                t(
                    "L'asso sta sotto il 2 o sopra il re, e la scala può anche girare: K-A-2 vale.",
                    "The ace goes below the 2 or above the king, and a run may also go"
                    " round the corner: K-A-2 is a run.",
                )
            )
        else:
            out.append(
                t(
                    "L'asso sta sotto il 2 (A-2-3) o sopra il re (Q-K-A), mai in mezzo:"
                    " K-A-2 non vale.",
                    "The ace goes below the 2 (A-2-3) or above the king (Q-K-A), never in"
                    " the middle: K-A-2 is not a run.",
                )
            )

        if r.set_suits is SetSuits.DISTINCT:
            limit = 4 if r.set_max is None else min(r.set_max, 4)
            if limit == 4:
                out.append(
                    t(
                        "Un tris ha 3 carte dello stesso valore e di semi tutti diversi; con"
                        " 4 è un poker. Due carte uguali non stanno mai nello stesso tris.",
                        "A set is 3 cards of one rank, all of different suits; with 4 it is"
                        " a poker. Two identical cards never go in the same set.",
                    )
                )
            else:
                out.append(
                    t(
                        "Un tris ha 3 carte dello stesso valore e di semi tutti diversi; il"
                        " poker non vale.",
                        "A set is exactly 3 cards of one rank, all of different suits; four"
                        " of a kind is not allowed.",
                    )
                )
        elif r.set_max is None:
            out.append(
                t(
                    "Un tris ha 3 o più carte dello stesso valore, anche dello stesso seme"
                    " (tris in su).",
                    "A set is 3 or more cards of one rank, and suits may repeat.",
                )
            )
        elif r.set_max == 3:
            out.append(
                t(
                    "Un tris ha 3 carte dello stesso valore, anche dello stesso seme.",
                    "A set is exactly 3 cards of one rank, and suits may repeat.",
                )
            )
        else:
            out.append(
                t(
                    f"Un tris ha da 3 a {r.set_max} carte dello stesso valore, anche dello"
                    " stesso seme.",
                    f"A set is 3 to {r.set_max} cards of one rank, and suits may repeat.",
                )
            )

        if r.flush_meld:
            out.append(
                t(
                    "Vale anche il colore: una mano tutta dello stesso seme, anche non in fila,"
                    " è legata per intero.",
                    "A flush also binds: a hand all of one suit, even not in sequence, is bound"
                    " as a whole.",
                )
            )

        if not self.has_jokers():
            return out
        if r.max_jokers_per_meld is None:
            limit_it = "In un gioco i jolly possono essere quanti si vuole"
            limit_en = "A meld may hold any number of jokers"
        elif r.max_jokers_per_meld == 1:
            limit_it, limit_en = "Un solo jolly per gioco", "Only one joker per meld"
        else:
            limit_it = f"Al massimo {r.max_jokers_per_meld} jolly per gioco"
            limit_en = f"At most {r.max_jokers_per_meld} jokers per meld"
        if r.min_natural_cards == 1:
            natural_it, natural_en = "mai un gioco di soli jolly", "never a meld of jokers only"
        else:
            natural_it = f"ogni gioco ha almeno {r.min_natural_cards} carte vere"
            natural_en = f"every meld has at least {r.min_natural_cards} natural cards"
        joint_it = ", ma " if r.max_jokers_per_meld is None else ", e "
        joint_en = ", but " if r.max_jokers_per_meld is None else ", and "
        out.append(
            t(
                f"Il jolly sostituisce qualsiasi carta, e chi lo cala dice quale. {limit_it}"
                f"{joint_it}{natural_it}.",
                f"A joker stands for any card; whoever lays it says which. {limit_en}"
                f"{joint_en}{natural_en}.",
            )
        )
        if r.ambiguous_joker is JokerPosition.LOWER_ONLY:
            out.append(
                t(
                    "Un jolly che in una scala può stare in due posti prende sempre il più"
                    " basso, e l'altro non si può dichiarare: JK 7♠ 8♠ è 6♠ 7♠ 8♠.",
                    "A joker that could take two places in a run always takes the lower one,"
                    " and the other cannot be declared: JK 7♠ 8♠ is 6♠ 7♠ 8♠.",
                )
            )
        elif r.ambiguous_joker is JokerPosition.LOWER:
            out.append(
                t(
                    "Un jolly non dichiarato in fondo a una scala prende il posto più basso:"
                    " JK 7♠ 8♠ è 6♠ 7♠ 8♠.",
                    "An undeclared joker at the end of a run takes the lower place:"
                    " JK 7♠ 8♠ is 6♠ 7♠ 8♠.",
                )
            )
        else:
            out.append(
                t(
                    "Un jolly non dichiarato in fondo a una scala prende il posto più alto:"
                    " JK 7♠ 8♠ è 7♠ 8♠ 9♠.",
                    "An undeclared joker at the end of a run takes the higher place:"
                    " JK 7♠ 8♠ is 7♠ 8♠ 9♠.",
                )
            )
        if r.melding_during_play:
            out.extend(self._joker_swap())
        return out

    def _joker_swap(self) -> list[str]:
        r, t = self.r, self.t
        if not r.joker_swap:
            return [
                t("Un jolly calato non si riprende più.", "A joker once laid cannot be taken back.")
            ]
        opened_it = ", ma solo se ha già aperto" if r.joker_swap_needs_opened else ""
        opened_en = ", but only once he has opened" if r.joker_swap_needs_opened else ""
        out = [
            t(
                "Chi ha la carta che un jolly calato sostituisce può, al suo turno, metterla al"
                f" posto del jolly e prenderselo{opened_it}.",
                "A player holding the card a laid joker stands for may, on his turn, put it in"
                f" the joker's place and take the joker{opened_en}.",
            )
        ]
        if r.retrieved_joker is RetrievedJoker.LAY_THIS_TURN:
            out.append(
                t(
                    "Il jolly ripreso va calato nello stesso turno, in un altro gioco.",
                    "The joker taken back must be laid again the same turn, in another meld.",
                )
            )
        elif r.retrieved_joker is RetrievedJoker.LAY_IF_POSSIBLE:
            out.append(
                t(
                    "Il jolly ripreso va calato nello stesso turno, se si può.",
                    "The joker taken back must be laid again the same turn, if possible.",
                )
            )
        else:
            out.append(
                t(
                    "Il jolly ripreso si può tenere in mano per dopo.",
                    "The joker taken back may be kept in hand for later.",
                )
            )
        if r.set_joker_swap is SetJokerSwap.ALL_MISSING:
            out.append(
                t(
                    "Da un tris il jolly si libera solo dando tutte le carte che mancano:"
                    " per 10♦ 10♥ JK servono il 10♠ e il 10♣.",
                    "To free a joker from a set, every missing card must be given:"
                    " 10♦ 10♥ JK needs both 10♠ and 10♣.",
                )
            )
        else:
            out.append(
                t(
                    "Da un tris il jolly si libera con la carta del seme dichiarato quando"
                    " è stato calato: per 10♦ 10♥ JK dichiarato di picche basta il 10♠.",
                    "To free a joker from a set, the card of the suit declared when it was"
                    " laid is enough: 10♦ 10♥ JK declared as spades needs just 10♠.",
                )
            )
        return out

    def opening(self) -> list[str]:
        r, t = self.r, self.t
        jokers = self.has_jokers()
        out = []
        if not r.melding_during_play:
            out.append(
                t(
                    "Durante la smazzata non si cala niente: si pesca e si scarta soltanto,"
                    " e i giochi si mostrano tutti insieme per chiudere.",
                    "Nothing is laid during the round: players only draw and discard, and"
                    " the melds are shown all together to go out.",
                )
            )
        elif r.opening_threshold == 0:
            # With contracts (carioca) each round's required opening, stated below, is the rule.
            if not r.contracts:
                out.append(
                    t(
                        "Apertura libera: dal primo turno si può calare qualsiasi gioco, anche"
                        " un tris di 2.",
                        "Free opening: from the first turn any meld may be laid, even a set of 2s.",
                    )
                )
        else:
            need = r.opening_threshold
            if not jokers:
                joker_it = joker_en = ""
            elif r.opening_joker_value is None:
                joker_it = "; il jolly vale la carta che sostituisce"
                joker_en = "; a joker is worth the card it stands for"
            else:
                joker_it = f"; il jolly vale {r.opening_joker_value}"
                joker_en = f"; a joker is worth {r.opening_joker_value}"
            out.append(
                t(
                    f"Per aprire i giochi calati nel turno devono valere almeno {need}"
                    f" punti{joker_it}.",
                    f"To open, the melds laid in that turn must be worth at least {need}"
                    f" points{joker_en}.",
                )
            )
            if r.ace_in_runs is AceInRuns.LOW_ONLY:
                ace_it, ace_en = "1 in scala e 11 in un tris", "1 in a run and 11 in a set"
            else:
                ace_it = "1 sotto il 2 e 11 sopra il re o in un tris"
                ace_en = "1 below the 2 and 11 above the king or in a set"
            out.append(
                t(
                    "Per l'apertura le carte valgono il loro numero e le figure 10; l'asso"
                    f" vale {ace_it}.",
                    "For the opening, cards count their number and face cards 10; the ace"
                    f" counts {ace_en}.",
                )
            )
            if r.opening_counts_attachments:
                out.append(
                    t(
                        "Contano anche le carte attaccate ai giochi degli altri nello"
                        " stesso turno.",
                        "Cards attached to other players' melds in the same turn count too.",
                    )
                )
            else:
                out.append(
                    t(
                        "Contano solo i propri giochi: le carte attaccate ai giochi degli"
                        " altri non valgono per l'apertura.",
                        "Only one's own melds count: cards attached to other players'"
                        " melds do not count towards the opening.",
                    )
                )
            if jokers and r.joker_swap:
                if r.swap_counts_for_opening:
                    out.append(
                        t(
                            "Anche uno scambio di jolly conta per i punti dell'apertura.",
                            "A joker exchange counts towards the opening points too.",
                        )
                    )
                else:
                    out.append(
                        t(
                            "Uno scambio di jolly non conta per i punti dell'apertura.",
                            "A joker exchange does not count towards the opening points.",
                        )
                    )
        if r.contracts:
            names = [CONTRACT_NAMES[c][1 if self.en else 0] for c in r.contracts]
            out.append(
                t(
                    "Ogni smazzata ha la sua apertura obbligata, in quest'ordine: "
                    + ", ".join(names)
                    + ".",
                    "Each round has its own required opening, in this order: "
                    + ", ".join(names)
                    + ".",
                )
            )
            for contract in dict.fromkeys(r.contracts):
                name_it, name_en = CONTRACT_NAMES[contract]
                terms_it, terms_en = CONTRACT_TERMS[contract]
                out.append(
                    t(
                        f"{name_it.capitalize()}: {terms_it}.",
                        f"{name_en.capitalize()}: {terms_en}.",
                    )
                )
            out.append(
                t(
                    "L'apertura si cala tutta insieme, senza jolly, e nient'altro: prima di"
                    " aprire non si cala e non si attacca, e dopo si cala e si attacca dal turno"
                    " successivo (una coppia sul tavolo diventa un tris attaccandole una carta).",
                    "The opening is laid all at once, without jokers, and nothing else: before"
                    " opening nothing is laid or attached, and after it laying and attaching"
                    " start from the next turn (a pair on the table grows into a set by"
                    " attaching a card).",
                )
            )
        if r.melding_during_play:
            if r.attach_before_opening:
                out.append(
                    t(
                        "Si possono attaccare carte ai giochi sul tavolo, anche a quelli"
                        " degli altri, prima ancora di aver aperto.",
                        "Cards may be attached to any meld on the table, other players'"
                        " too, even before opening.",
                    )
                )
            else:
                out.append(
                    t(
                        "Si attaccano carte ai giochi sul tavolo solo dopo aver aperto.",
                        "Cards are attached to melds on the table only after opening.",
                    )
                )
        if jokers and not r.opening_jokers:
            out.append(
                t(
                    "Nei giochi dell'apertura non si usano jolly.",
                    "No jokers may be used in the opening melds.",
                )
            )
        return out

    def discard_pile(self) -> list[str]:
        r, t = self.r, self.t
        if r.melding_during_play:
            out = [
                t(
                    "A ogni turno si pesca una carta, la prima del tallone o l'ultima del pozzo;"
                    " poi si può calare e attaccare, e si finisce scartando una carta sul"
                    " pozzo.",
                    "Each turn a player draws one card, the top of the stock or the top of the"
                    " discard pile; then he may lay and attach, and he ends by discarding a"
                    " card on the pile.",
                )
            ]
        else:
            out = [
                t(
                    "A ogni turno si pesca una carta, la prima del tallone o l'ultima del pozzo,"
                    " e se ne scarta una sul pozzo.",
                    "Each turn a player draws one card, the top of the stock or the top of the"
                    " discard pile, and discards one on the pile.",
                )
            ]
        if r.discard_pickup is DiscardPickup.FREE:
            out.append(
                t(
                    "La carta del pozzo si può prendere sempre, anche senza calarla subito.",
                    "The top discard may always be taken, even without laying it at once.",
                )
            )
        else:
            out.append(
                t(
                    "La carta del pozzo si prende solo per usarla nello stesso turno: chi non"
                    " ha ancora aperto solo se apre usandola, chi ha già aperto solo se la"
                    " cala o la attacca. Va giù in uno qualsiasi dei giochi del turno, in"
                    " qualsiasi ordine, e prima di scartare.",
                    "The top discard may be taken only to use it that turn: a player who has"
                    " not opened only to open with it, one who has opened only to lay or"
                    " attach it. It goes down in any meld of the turn, in any order, before"
                    " the discard.",
                )
            )
        if r.rediscard_taken_card:
            out.append(
                t(
                    "La carta presa dal pozzo si può anche riscartare subito.",
                    "A card taken from the discard pile may be discarded again at once.",
                )
            )
        else:
            out.append(
                t(
                    "La carta presa dal pozzo non si riscarta nello stesso turno.",
                    "A card taken from the discard pile cannot be discarded again the same turn.",
                )
            )
        if r.melding_during_play:
            # Nothing is on the table to attach to where melds are only shown at the close.
            out.append(self._attachable_discard())

        if r.max_restocks == 0:
            out.append(
                t(
                    "Quando il tallone finisce, finisce anche la smazzata: il pozzo non si riusa.",
                    "When the stock runs out, the round ends: the discard pile is not reused.",
                )
            )
        else:
            if r.restock is Restock.SHUFFLE:
                how_it, how_en = "si mescolano", "are shuffled"
            else:
                how_it, how_en = "si girano senza mescolarli", "are turned over unshuffled"
            restock_it = (
                f"Quando il tallone finisce, gli scarti tranne l'ultimo {how_it} e"
                " diventano il nuovo tallone"
            )
            restock_en = (
                f"When the stock runs out, the discards except the top one {how_en}"
                " and become the new stock"
            )
            if r.max_restocks is None:
                out.append(
                    t(
                        f"{restock_it}, tutte le volte che serve.",
                        f"{restock_en}, as often as needed.",
                    )
                )
            else:
                times = self._times(r.max_restocks)
                out.append(
                    t(
                        f"{restock_it}, al massimo {times} per smazzata; poi la smazzata finisce.",
                        f"{restock_en}, at most {times} a round; then the round ends.",
                    )
                )
        return out

    def _attachable_discard(self) -> str:
        r, t, p = self.r, self.t, self.players
        least = r.attachable_discard_min_players
        if r.attachable_discard is AttachableDiscard.ALLOWED:
            return t(
                "Si può scartare qualsiasi carta, anche una che si potrebbe attaccare a un"
                " gioco sul tavolo.",
                "Any card may be discarded, even one that could be attached to a meld on"
                " the table.",
            )
        ban_it = (
            "non si scarta una carta che si potrebbe attaccare a un gioco sul tavolo,"
            " tranne quella con cui si chiude"
        )
        ban_en = (
            "a card that could be attached to a meld on the table may not be discarded,"
            " except the discard that goes out"
        )
        if p is not None and not r.attachable_discard_forbidden(p):
            return t(
                f"In {p} si può scartare anche una carta che si potrebbe attaccare: il"
                f" divieto vale da {least} giocatori in su.",
                f"With {p} players any card may be discarded: the ban on attachable"
                f" discards applies from {least} players up.",
            )
        if p is not None or least <= r.min_players:
            return t(ban_it[0].upper() + ban_it[1:] + ".", ban_en[0].upper() + ban_en[1:] + ".")
        return t(
            f"Con almeno {least} giocatori {ban_it}.", f"With {least} or more players, {ban_en}."
        )

    def going_out(self) -> list[str]:
        r, t = self.r, self.t
        out = []
        if r.melding_during_play:
            if r.final_discard is FinalDiscard.REQUIRED:
                out.append(
                    t(
                        "Chiude chi cala o attacca tutte le carte e scarta l'ultima. Chi"
                        " potrebbe calare le ultime carte solo restando senza niente da"
                        " scartare deve aspettare: è incartato.",
                        "A player goes out by laying or attaching all his cards and"
                        " discarding the last one. One who could lay his last cards only by"
                        " keeping nothing to discard must wait: he is stuck.",
                    )
                )
            else:
                out.append(
                    t(
                        "Chiude chi resta senza carte: scartando l'ultima, oppure calando o"
                        " attaccando tutto, anche senza scarto.",
                        "A player goes out when he has no cards left: by discarding the last"
                        " one, or by laying or attaching everything, with no discard"
                        " needed.",
                    )
                )
        elif r.final_discard is FinalDiscard.REQUIRED:
            out.append(
                t(
                    "Chiude chi, dopo aver pescato, cala tutte le carte insieme in giochi e"
                    " scarta l'ultima.",
                    "A player goes out when, after drawing, he lays all his cards at once in"
                    " melds and discards the last one.",
                )
            )
        else:
            out.append(
                t(
                    "Chiude chi, dopo aver pescato, ha tutte le carte legate in giochi: le"
                    " cala tutte insieme, anche senza scarto.",
                    "A player goes out when, after drawing, all his cards are bound in"
                    " melds: he lays them all at once, with no discard needed.",
                )
            )
        if r.lay_after_close:
            out.append(
                t(
                    "Quando uno chiude, gli altri calano i loro giochi prima di contare: le"
                    " carte calate non si contano.",
                    "When someone goes out, the others lay their melds before the count:"
                    " laid cards do not count.",
                )
            )
        else:
            out.append(
                t(
                    "Appena uno chiude la smazzata finisce, e gli altri non calano più niente.",
                    "As soon as someone goes out the round ends, and the others lay nothing more.",
                )
            )
        if r.rummy_on_first_turn:
            out.append(
                t(
                    "Si può chiudere anche al primo giro.",
                    "Going out is allowed from the very first turn.",
                )
            )
        else:
            out.append(
                t(
                    "Al primo giro non si chiude: nessuno può chiudere prima che tutti"
                    " abbiano giocato un turno.",
                    "Nobody may go out on the first round of turns, before every player has"
                    " played once.",
                )
            )
        if r.melding_during_play:
            out.extend(self._rummy())
        if r.flush_close:
            cards = self.hand_cards()
            shown_it = f"{cards} carte" if cards is not None else "tutte le carte"
            shown_en = f"{cards} cards" if cards is not None else "all his cards"
            out.append(
                t(
                    f"Si chiude anche con il colore: dopo aver pescato si mostrano {shown_it}"
                    " dello stesso seme, in fila o no, e si scarta quella in più; vale come"
                    " una chiusura in mano.",
                    f"A player may also go out with a flush: after drawing he shows {shown_en}"
                    " of one suit, in sequence or not, and discards the extra card; it"
                    " counts as going out in one turn.",
                )
            )
        if r.imaginary_joker and r.own_card_joker:
            out.append(
                t(
                    "Per chiudere, una delle proprie carte, una sola e scelta in quel momento,"
                    " fa da jolly in una scala o in un tris.",
                    "To go out, one of the player's own cards, only one and chosen then, acts"
                    " as a joker in a run or a set.",
                )
            )
        elif r.imaginary_joker:
            out.append(
                t(
                    "Per chiudere si può immaginare una carta che manca, una sola, e farla"
                    " valere come jolly in una scala o in un tris.",
                    "To go out, a player may imagine one missing card, only one, as a joker in"
                    " a run or a set.",
                )
            )
        if r.seven_of_a_kind_wins:
            out.append(
                t(
                    "Sette carte dello stesso valore senza jolly (il ramino) si mostrano e"
                    " vincono subito tutta la partita.",
                    "Seven cards of one rank without jokers (the ramino) are shown and win"
                    " the whole match at once.",
                )
            )
        out.extend(self._stake_multipliers())
        out.append(
            t(
                f"Se nessuno chiude entro {r.max_turns} turni, la smazzata si ferma.",
                f"If nobody has gone out after {r.max_turns} turns, the round stops.",
            )
        )
        if r.betting is not Betting.NONE:
            # Played for chips, a hand nobody went out of is nobody's (RULES.md §6.1): the
            # round keeps its pots on the table, whatever on_round_cap says.
            out.append(
                t(
                    "Una mano fermata senza chiusura non la vince nessuno: i piatti restano"
                    " sul tavolo e li prende chi vince la mano dopo.",
                    "A hand stopped with nobody out is won by nobody: its pots stay on the"
                    " table for the winner of the next hand.",
                )
            )
        elif r.on_round_cap is RoundCap.LOWEST_HAND_WINS:
            out.append(
                t(
                    "Una smazzata fermata senza chiusura la vince chi ha in mano meno punti:"
                    " lui segna 0 e gli altri contano le loro carte.",
                    "A round stopped with nobody out is won by the player whose hand is"
                    " worth least: he scores 0 and the others count their cards.",
                )
            )
        else:
            out.append(
                t(
                    "In una smazzata fermata senza chiusura tutti contano le carte che hanno"
                    " in mano.",
                    "In a round stopped with nobody out, everyone counts the cards in hand.",
                )
            )
        return out

    def _rummy(self) -> list[str]:
        r, t = self.r, self.t
        out = [
            t(
                "Chiudere in mano vuol dire calare tutte le carte in un turno solo, senza aver"
                " calato né attaccato niente prima.",
                "Going out in one turn means laying all one's cards in a single turn, without"
                " having laid or attached anything before.",
            )
        ]
        if r.rummy_bonus is RummyBonus.DOUBLE:
            out.append(
                t(
                    "Chi chiude in mano fa raddoppiare i punti degli altri.",
                    "Going out in one turn doubles the other players' points.",
                )
            )
        elif r.rummy_bonus is RummyBonus.ADD:
            bonus = r.rummy_bonus_points
            out.append(
                t(
                    f"Chi chiude in mano fa segnare {bonus} punti in più a ciascuno degli altri.",
                    f"Going out in one turn adds {bonus} points to each other player.",
                )
            )
        elif r.rummy_bonus is RummyBonus.SCEMPIO:
            m = r.messa
            out.append(
                t(
                    "Chi chiude in mano fa scempio: in quella smazzata la messa non si paga"
                    f" e nella successiva sale a {2 * m}; ogni altro scempio di fila la alza"
                    f" di altri {m}, e dopo una smazzata pagata torna a {m}.",
                    "Going out in one turn is a scempio: that round the messa is not paid,"
                    f" and next round it rises to {2 * m}; each further scempio in a row"
                    f" raises it by another {m}, and after a round in which it is paid it"
                    f" returns to {m}.",
                )
            )
        else:
            out.append(
                t(
                    "Chiudere in mano non dà niente in più.",
                    "Going out in one turn earns nothing extra.",
                )
            )
        return out

    def _stake_multipliers(self) -> list[str]:
        r, t = self.r, self.t
        kinds = (
            (r.flush_stake_multiplier, "con un colore", "with a flush"),
            (r.straight_flush_stake_multiplier, "con una scala colore", "with a straight flush"),
            (
                r.royal_stake_multiplier,
                "con la scala reale dal 5 al re",
                "with the royal run 5 to K",
            ),
        )
        chosen = [(n, it, en) for n, it, en in kinds if n > 1]
        if not chosen:
            return []
        # "Chiudere con un colore moltiplica la posta per 2, con una scala colore per 4, ..."
        parts_it = [f"{it} per {n}" for n, it, _ in chosen]
        parts_en = [f"{en} by {n}" for n, _, en in chosen]
        parts_it[0] = parts_it[0].replace(" per ", " moltiplica la posta per ")
        parts_en[0] = parts_en[0].replace(" by ", " multiplies the stake by ")
        tail_it = ", purché senza il jolly immaginario" if r.imaginary_joker else ""
        tail_en = ", provided the imaginary joker is not used" if r.imaginary_joker else ""
        return [
            t(
                "Chiudere " + ", ".join(parts_it) + tail_it + ".",
                "Going out " + ", ".join(parts_en) + tail_en + ".",
            )
        ]

    def scoring(self) -> list[str]:
        r, t = self.r, self.t
        if r.betting is not Betting.NONE:
            return self._chips_match()
        out = []
        # Going out with a flush or a single run may score apart (Casertano: -20, -50).
        extra_it = extra_en = ""
        for n, how_it, how_en in _close_kinds(r.close_points_flush, r.close_points_straight):
            if n != r.close_points:
                extra_it += f", o {n} se chiude {how_it}"
                extra_en += f", or {n} going out {how_en}"
        joker_it = f", il jolly {r.joker_penalty}" if self.has_jokers() else ""
        joker_en = f", a joker {r.joker_penalty}" if self.has_jokers() else ""
        out.append(
            t(
                f"A fine smazzata chi ha chiuso segna {r.close_points}{extra_it}; gli altri"
                " segnano i punti delle carte rimaste in mano: dal 2 al 10 il loro numero,"
                f" le figure 10, l'asso {r.ace_penalty}{joker_it}. Sono punti di"
                " penalità: meno se ne fanno, meglio è.",
                f"At the end of a round the player who went out scores {r.close_points}"
                f"{extra_en}; the others score the cards left in hand: 2 to 10 their"
                f" number, face cards 10, an ace {r.ace_penalty}{joker_en}. These are"
                " penalty points: the fewer, the better.",
            )
        )
        credits = self._credits()
        if credits:
            out.append(credits)
        if r.rounding is Rounding.TENS:
            out.append(
                t(
                    "Ogni mano si arrotonda alla decina, da 5 in su per eccesso: 24 fa 20 e"
                    " 25 fa 30.",
                    "Each hand is rounded to the nearest ten, 5 going up: 24 counts 20 and"
                    " 25 counts 30.",
                )
            )
        else:
            out.append(t("I punti non si arrotondano.", "Points are not rounded."))
        if r.hand_stake:
            stake_it, stake_en = chips_words(r.hand_stake, "it"), chips_words(r.hand_stake, "en")
            out.append(
                t(
                    f"Ogni smazzata ognuno mette {stake_it} nel piatto: lo prende chi chiude; se"
                    " nessuno chiude resta per la smazzata dopo.",
                    f"Each round every player puts {stake_en} in the pot: whoever goes out takes"
                    " it; if nobody does, it stays for the next round.",
                )
            )
        if r.messa > 0:
            out.append(
                t(
                    f"Ogni perdente aggiunge una messa di {r.messa} punti.",
                    f"Every loser adds a messa, a fixed malus of {r.messa} points.",
                )
            )

        target = r.target
        if r.match_end is MatchEnd.ELIMINATION:
            out.append(
                t(
                    f"Si gioca a {target}: chi arriva a {target} è fuori, vince l'ultimo che"
                    " resta.",
                    f"The match is played to {target}: whoever reaches {target} is out, and"
                    " the last player left wins.",
                )
            )
            if r.simultaneous_bust is SimultaneousBust.ALL_OUT:
                out.append(
                    t(
                        f"Se nella stessa smazzata arrivano a {target} in più d'uno, escono"
                        " tutti; chi ha chiuso resta in gioco, e se resta solo ha vinto.",
                        f"If several players reach {target} in the same round, they are"
                        " all out; the player who went out stays in, and wins if he is the"
                        " only one left.",
                    )
                )
        elif r.match_end is MatchEnd.FIRST_TO_TARGET:
            out.append(
                t(
                    f"Si gioca a {target}: appena qualcuno arriva a {target} la partita"
                    " finisce, e vince chi ha meno punti.",
                    f"The match is played to {target}: it ends as soon as someone reaches"
                    f" {target}, and the lowest total wins.",
                )
            )
        else:
            rounds = r.match_rounds or 1
            if rounds == 1:
                out.append(
                    t(
                        "La partita è una smazzata sola: vince chi ha meno punti.",
                        "The match is a single round: the lowest total wins.",
                    )
                )
            else:
                out.append(
                    t(
                        f"La partita dura {rounds} smazzate: vince chi ha meno punti.",
                        f"The match lasts {rounds} rounds: the lowest total wins.",
                    )
                )
        # Only elimination puts players out, so only there can they come back.
        if r.reentry and r.match_end is MatchEnd.ELIMINATION:
            out.append(self._reentry())
        return out

    def _chips_match(self) -> list[str]:
        r, t = self.r, self.t
        rounds = r.match_rounds or 1
        length_it = "una mano sola" if rounds == 1 else f"{rounds} mani"
        length_en = "a single hand" if rounds == 1 else f"{rounds} hands"
        return [
            t(
                "Non si contano punti: si vincono e si perdono fiches. Chi resta senza fiches"
                " è fuori.",
                "No points are counted: chips are won and lost. A player left without chips"
                " is out.",
            ),
            t(
                f"La partita dura {length_it}, o finché restano in troppo pochi per"
                " giocare: vince chi ha più fiches. Le fiches rimaste sul tavolo alla fine"
                " si dividono fra chi è ancora in gioco.",
                f"The match lasts {length_en}, or until too few players are left to play:"
                " the most chips wins. Chips left on the table at the end are shared among"
                " the players still in.",
            ),
        ]

    def _credits(self) -> str:
        r, t = self.r, self.t

        def credits(n: int) -> tuple[str, str]:
            if n == 1:
                return "un credito", "one credit"
            return f"{n} crediti", f"{n} credits"

        kinds = [
            (n, how_it, how_en)
            for n, how_it, how_en in _close_kinds(r.close_credits_flush, r.close_credits_straight)
            if n != r.close_credits
        ]
        if not r.close_credits and not kinds:
            return ""
        paid_it = "; a fine partita ogni credito si paga una cifra concordata."
        paid_en = "; at the end of the match each credit is paid at an agreed rate."
        if r.close_credits:
            won_it, won_en = credits(r.close_credits)
            extra_it = "".join(f", {n} se chiude {how}" for n, how, _ in kinds)
            extra_en = "".join(f", {n} going out {how}" for n, _, how in kinds)
            return t(
                f"Chi chiude vince {won_it}{extra_it}{paid_it}",
                f"Going out wins {won_en}{extra_en}{paid_en}",
            )
        parts_it = [
            f"chiudendo {how} si {'vince' if n == 1 else 'vincono'} {credits(n)[0]}"
            for n, how, _ in kinds
        ]
        parts_en = [f"going out {how} wins {credits(n)[1]}" for n, _, how in kinds]
        text_it, text_en = "; ".join(parts_it), "; ".join(parts_en)
        return t(
            f"{text_it[0].upper()}{text_it[1:]}{paid_it}",
            f"{text_en[0].upper()}{text_en[1:]}{paid_en}",
        )

    def _reentry(self) -> str:
        r, t = self.r, self.t
        if r.max_reentries == 0:
            return t(
                "Chi è fuori non può rientrare: i rientri ammessi sono zero.",
                "A player who is out cannot re-enter: no re-entries are allowed.",
            )
        stake_it = stake_en = ""
        if r.reentry_stake == 1:
            stake_it, stake_en = ", pagando una posta", ", paying a stake"
        elif r.reentry_stake > 1:
            stake_it = f", pagando {r.reentry_stake} poste"
            stake_en = f", paying {r.reentry_stake} stakes"
        limit_it = limit_en = ""
        if r.max_reentries is not None:
            if r.max_reentries == 1:
                limit_it = "; si rientra una volta sola"
                limit_en = "; each player may re-enter only once"
            else:
                limit_it = f"; si rientra al massimo {r.max_reentries} volte"
                limit_en = f"; each player may re-enter at most {r.max_reentries} times"
        return t(
            "Chi è fuori può rientrare, ripartendo dal punteggio più alto fra chi è ancora"
            f" in gioco{stake_it}{limit_it}.",
            "A player who is out may re-enter, starting again from the highest total among"
            f" those still in{stake_en}{limit_en}.",
        )


_SECTIONS: tuple[tuple[str, str, Callable[[_Writer], list[str]]], ...] = (
    ("Mazzo e distribuzione", "Deck and deal", _Writer.deal),
    ("Puntate", "Betting", _Writer.betting),
    ("Giochi e jolly", "Melds and jokers", _Writer.melds),
    ("Apertura", "Opening", _Writer.opening),
    ("Pozzo", "Discard pile", _Writer.discard_pile),
    ("Chiusura", "Going out", _Writer.going_out),
    ("Conteggio e partita", "Scoring and match", _Writer.scoring),
)


def describe(rules: Rules, lang: str = "it", *, players: int | None = None) -> str:
    """The rules of a table as a player reads them before the deal.

    ``lang`` is ``it`` (the default) or ``en``. With ``players``, the deck, the hand and the
    stock are given in numbers for that table; without, the rules are stated by player count
    where they vary. A table size outside the rules' range raises :class:`RulesError`.

    >>> from ramino.engine.presets import get_preset
    >>> text = describe(get_preset("classico"), players=3)
    >>> print(text.splitlines()[0])
    Regole: classico — 3 giocatori
    >>> "108 carte" in text, "nel tallone ne restano 77" in text
    (True, True)
    >>> print(describe(get_preset("classico-2"), "en", players=2).splitlines()[4])
    - With 2 players the deck has 54 cards: one 52-card pack and 2 jokers.
    """
    if players is not None:
        refusal = rules.seat_refusal(players)
        if refusal is not None:
            reason, params = refusal
            raise RulesError(reason, **params)
    writer = _Writer(rules, lang, players)
    if players is None:
        title = writer.t(f"Regole: {rules.name}", f"Rules: {rules.name}")
    else:
        title = writer.t(
            f"Regole: {rules.name} — {players} giocatori",
            f"Rules: {rules.name} — {players} players",
        )
    lines = [title]
    for title_it, title_en, section in _SECTIONS:
        sentences = section(writer)
        if sentences:
            if section is _Writer.melds and not writer.has_jokers():
                title_it, title_en = "Giochi", "Melds"
            lines.append("")
            lines.append(writer.t(title_it, title_en))
            lines.extend(f"- {sentence}" for sentence in sentences)
    return "\n".join(lines) + "\n"
