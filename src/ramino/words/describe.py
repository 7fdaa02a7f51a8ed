"""The rules of a table in players' words, Italian first, English too.

:func:`describe` is what a player reads before the deal: every knob of :class:`Rules` shows up
in the text, stated only where it bears on the game (:func:`ramino.house_rules.knob_applies`:
no jolly talk in a game without jolly, no messa in gin rummy).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from ..engine.chips import chips_words
from ..engine.contracts import CONTRACT_NAMES, CONTRACT_TERMS
from ..engine.errors import RulesError
from ..engine.rules import (
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
from ..house_rules import applicable_knobs
from .catalogue import N_, gettext, language, ngettext

__all__ = ["describe"]

_V = TypeVar("_V")


# Words read better than digits next to "52": "due mazzi da 52", "two 52-card packs".
_NUMBER_WORDS = {2: N_("due"), 3: N_("tre"), 4: N_("quattro")}
#: The ends of a match where reaching the target puts a player out.
_OUT_AT_TARGET = (MatchEnd.ELIMINATION, MatchEnd.FIXED_ROUNDS)


class _Writer:
    """Builds the sentences for one table in one language."""

    def __init__(self, rules: Rules, lang: str, players: int | None) -> None:
        self.r = rules
        self.lang = language(lang)
        self.players = players
        self.bearing = frozenset(applicable_knobs(rules))

    def on(self, knob: str) -> bool:
        """Whether ``knob`` bears on the game: a sentence on one that does not is left out."""
        return knob in self.bearing

    def t(self, message: str, **values: object) -> str:
        """``message`` (its Italian words) in the table's language, ``values`` filled in."""
        return gettext(message, self.lang).format(**values)

    def nt(self, one: str, many: str, n: int, **values: object) -> str:
        """The words for ``n`` things (``one`` or ``many``, their Italian) in the table's
        language, ``values`` filled in."""
        return ngettext(one, many, n, self.lang).format(**values)

    # --- small phrases ---

    def _close_kinds(self, flush: str, straight: str) -> tuple[tuple[int, str], ...]:
        """The closes that may score apart under these rules, with the numbers of the knobs
        ``flush`` and ``straight``: how one goes out."""
        kinds = (
            (flush, self.t("con un colore")),
            (straight, self.t("tutto in una sola scala")),
        )
        return tuple((getattr(self.r, knob), how) for knob, how in kinds if self.on(knob))

    def _join(self, items: Sequence[str]) -> str:
        """``a, b e c`` / ``a, b and c``."""
        if len(items) <= 1:
            return "".join(items)
        return ", ".join(items[:-1]) + self.t(" e ") + items[-1]

    def _times(self, n: int) -> str:
        if n == 1:
            return self.t("una volta")
        return self.t("{n} volte", n=n)

    def _deck(self, decks: int, jokers: int) -> tuple[int, str]:
        """The deck's size and what it is made of: ``(108, "due mazzi da 52 e 4 jolly")``."""
        total = 52 * decks + jokers
        if decks == 1:
            packs = self.t("un mazzo da 52")
            if jokers == 0:
                return total, self.t("un solo mazzo, senza jolly")
        else:
            word = _NUMBER_WORDS.get(decks)
            count = str(decks) if word is None else gettext(word, self.lang)
            packs = self.t("{count} mazzi da 52", count=count)
        if jokers == 0:
            return total, self.t("{packs}, senza jolly", packs=packs)
        if jokers == 1:
            return total, self.t("{packs} e un jolly", packs=packs)
        return total, self.t("{packs} e {jokers} jolly", packs=packs, jokers=jokers)

    def _who(self, low: int, high: int) -> str:
        """The players a group of table sizes covers: ``in 2``, ``da 5 giocatori in su``."""
        r = self.r
        if low == high:
            return self.t("in {low}", low=low)
        if high == low + 1:
            return self.t("in {low} o {high}", low=low, high=high)
        if high == r.most_players:
            return self.t("da {low} giocatori in su", low=low)
        if low == r.min_players:
            return self.t("fino a {high} giocatori", high=high)
        return self.t("da {low} a {high} giocatori", low=low, high=high)

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
        # At the table sizes the rules deal: a row for more players than may sit deals none.
        return any(r.deck_for(n)[1] > 0 for n in range(r.min_players, r.most_players + 1))

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
            out.append(t("Si gioca in {min_players}, ognuno per sé.", min_players=r.min_players))
        else:
            out.append(
                t(
                    "Da {min_players} a {most_players} giocatori, ognuno per sé.",
                    min_players=r.min_players,
                    most_players=r.most_players,
                )
            )

        if p is not None:
            total, made = self._deck(*r.deck_for(p))
            out.append(
                t("In {p} il mazzo è di {total} carte: {made}.", p=p, total=total, made=made)
            )
        else:
            decks = self._groups(r.deck_for)
            if len(decks) == 1:
                total, made = self._deck(*decks[0][2])
                out.append(t("Il mazzo è di {total} carte: {made}.", total=total, made=made))
            else:
                parts = []
                for low, high, deck in decks:
                    total, made = self._deck(*deck)
                    parts.append(
                        t(
                            "{who}, {total} carte ({made})",
                            who=self._who(low, high),
                            total=total,
                            made=made,
                        )
                    )
                out.append(
                    t("Il mazzo dipende dal numero di giocatori: {parts}.", parts="; ".join(parts))
                )

        if not self.on("direction"):
            pass  # two at the table: either way round is the same
        elif r.direction is Direction.CLOCKWISE:
            out.append(
                t(
                    "Si gioca in senso orario: carte, turni e mazziere girano nello stesso verso,"
                    " e comincia chi siede alla sinistra del mazziere."
                )
            )
        else:
            out.append(
                t(
                    "Si gioca in senso antiorario: carte, turni e mazziere girano nello stesso"
                    " verso, e comincia chi siede alla destra del mazziere."
                )
            )

        if p is not None:
            cards = r.hand_size_for(p)
            stock = r.deck_size_for(p) - p * cards - 1
            out.append(
                self.nt(
                    "Il mazziere dà {cards} carta a testa, poi scopre una carta per cominciare"
                    " il pozzo: nel tallone ne restano {stock}.",
                    "Il mazziere dà {cards} carte a testa, una alla volta, poi scopre una carta"
                    " per cominciare il pozzo: nel tallone ne restano {stock}.",
                    cards,
                    cards=cards,
                    stock=stock,
                )
            )
        else:
            sizes = self._groups(r.hand_size_for)
            if len(sizes) == 1:
                size = sizes[0][2]
                each = self.nt("{cards} carta a testa", "{cards} carte a testa", size, cards=size)
            else:
                parts = [
                    self.nt(
                        "{cards} carta {who}",
                        "{cards} carte {who}",
                        size,
                        cards=size,
                        who=self._who(lo, hi),
                    )
                    for lo, hi, size in sizes
                ]
                each = t("a ciascuno {sizes}", sizes=self._join(parts))
            out.append(
                t(
                    "Il mazziere dà {each}, una alla volta, poi scopre una carta per cominciare"
                    " il pozzo; il resto è il tallone.",
                    each=each,
                )
            )

        if self.has_jokers():
            if r.joker_upcard is JokerUpcard.REBURY:
                out.append(
                    t("Se la carta scoperta è un jolly, torna nel tallone e se ne scopre un'altra.")
                )
            else:
                out.append(
                    t(
                        "Se alzando il mazzo sotto c'è un jolly, lo si mette in tavola e lo"
                        " prende il primo giocatore; in quel caso non si scopre nessuna carta."
                    )
                )

        return out

    def betting(self) -> list[str]:
        r, t = self.r, self.t
        if r.betting is Betting.NONE:
            return []
        unit = r.blind if r.raise_unit is None else r.raise_unit
        start = chips_words(r.starting_chips, self.lang)
        blind = chips_words(r.blind, self.lang)
        out = [
            t("Si gioca a fiches: ognuno ha {start} all'inizio della partita.", start=start),
            t(
                "Prima di guardare le carte, il primo giocatore dopo il mazziere fa il buio:"
                " mette {blind} nel piatto.",
                blind=blind,
            ),
            t(
                "Poi, a turno dal giocatore dopo di lui, ognuno vede (mette quanto serve per"
                " pareggiare la puntata più alta), lascia (esce dalla mano, e quel che ha messo"
                " resta nel piatto) o rilancia (vede e aggiunge {unit}). Chi ha fatto il buio"
                " parla per ultimo e può rilanciare anche se nessuno l'ha fatto; il giro finisce"
                " quando tutti quelli rimasti hanno messo lo stesso.",
                unit=chips_words(unit, self.lang),
            ),
        ]
        if r.max_raises is None:
            out.append(t("I rilanci non hanno limite."))
        elif r.max_raises == 0:
            out.append(t("Non si rilancia mai."))
        elif r.max_raises == 1:
            out.append(t("Per mano si rilancia una volta sola."))
        else:
            out.append(
                t("Per mano si rilancia al massimo {max_raises} volte.", max_raises=r.max_raises)
            )
        out.extend(
            [
                t(
                    "Chi non ha fiches per vedere mette tutte quelle che ha: il piatto si divide"
                    " in un piatto principale e piatti laterali, come nel poker."
                ),
                t(
                    "Se lasciano tutti tranne uno, lui prende il piatto e la mano finisce senza"
                    " giocare le carte."
                ),
                t(
                    "Chi chiude prende ogni piatto in cui è; un piatto laterale in cui non è"
                    " torna, in parti uguali, a chi c'è. Se nessuno chiude, i piatti restano sul"
                    " tavolo e li prende chi vince la mano dopo."
                ),
            ]
        )
        return out

    def melds(self) -> list[str]:
        r, t = self.r, self.t
        out = [t("Una scala ha almeno 3 carte dello stesso seme in fila, come 5♠ 6♠ 7♠.")]
        if r.ace_in_runs is AceInRuns.LOW_ONLY:
            out.append(t("In scala l'asso sta solo sotto il 2 (A-2-3): Q-K-A non vale."))
        elif r.run_wrap:
            out.append(
                t("L'asso sta sotto il 2 o sopra il re, e la scala può anche girare: K-A-2 vale.")
            )
        else:
            out.append(
                t(
                    "L'asso sta sotto il 2 (A-2-3) o sopra il re (Q-K-A), mai in mezzo: K-A-2 non"
                    " vale."
                )
            )

        if r.set_suits is SetSuits.DISTINCT:
            limit = 4 if r.set_max is None else min(r.set_max, 4)
            if limit == 4:
                out.append(
                    t(
                        "Un tris ha 3 carte dello stesso valore e di semi tutti diversi; con 4 è"
                        " un poker. Due carte uguali non stanno mai nello stesso tris."
                    )
                )
            else:
                out.append(
                    t(
                        "Un tris ha 3 carte dello stesso valore e di semi tutti diversi; il poker"
                        " non vale."
                    )
                )
        elif r.set_max is None:
            out.append(
                t(
                    "Un tris ha 3 o più carte dello stesso valore, anche dello stesso seme (tris"
                    " in su)."
                )
            )
        elif r.set_max == 3:
            out.append(t("Un tris ha 3 carte dello stesso valore, anche dello stesso seme."))
        else:
            out.append(
                t(
                    "Un tris ha da 3 a {set_max} carte dello stesso valore, anche dello stesso"
                    " seme.",
                    set_max=r.set_max,
                )
            )

        if r.flush_meld:
            out.append(
                t(
                    "Vale anche il colore: una mano tutta dello stesso seme, anche non in fila, è"
                    " legata per intero."
                )
            )

        if not self.has_jokers():
            return out
        if r.max_jokers_per_meld is None:
            most = t("In un gioco i jolly possono essere quanti si vuole")
        elif r.max_jokers_per_meld == 1:
            most = t("Un solo jolly per gioco")
        else:
            most = t("Al massimo {most} jolly per gioco", most=r.max_jokers_per_meld)
        if r.min_natural_cards == 1:
            natural = t("mai un gioco di soli jolly")
        else:
            natural = t("ogni gioco ha almeno {least} carte vere", least=r.min_natural_cards)
        joint = t(", ma ") if r.max_jokers_per_meld is None else t(", e ")
        out.append(
            t(
                "Il jolly sostituisce qualsiasi carta, e chi lo cala dice quale."
                " {limit}{joint}{natural}.",
                limit=most,
                joint=joint,
                natural=natural,
            )
        )
        if r.ambiguous_joker is JokerPosition.LOWER_ONLY:
            out.append(
                t(
                    "Un jolly che in una scala può stare in due posti prende sempre il più basso,"
                    " e l'altro non si può dichiarare: JK 7♠ 8♠ è 6♠ 7♠ 8♠."
                )
            )
        elif r.ambiguous_joker is JokerPosition.LOWER:
            out.append(
                t(
                    "Un jolly non dichiarato in fondo a una scala prende il posto più basso: JK"
                    " 7♠ 8♠ è 6♠ 7♠ 8♠."
                )
            )
        else:
            out.append(
                t(
                    "Un jolly non dichiarato in fondo a una scala prende il posto più alto: JK 7♠"
                    " 8♠ è 7♠ 8♠ 9♠."
                )
            )
        if r.melding_during_play:
            out.extend(self._joker_swap())
        return out

    def _joker_swap(self) -> list[str]:
        r, t = self.r, self.t
        if not r.joker_swap:
            return [t("Un jolly calato non si riprende più.")]
        opened = ""
        if r.joker_swap_waits_a_turn and self.on("joker_swap_waits_a_turn"):
            opened = t(", ma solo se ha aperto in un turno precedente")
        elif r.joker_swap_needs_opened:
            opened = t(", ma solo se ha già aperto")
        out = [
            t(
                "Chi ha la carta che un jolly calato sostituisce può, al suo turno, metterla al"
                " posto del jolly e prenderselo{opened}.",
                opened=opened,
            )
        ]
        if r.retrieved_joker is RetrievedJoker.LAY_THIS_TURN:
            out.append(t("Il jolly ripreso va calato nello stesso turno, in un altro gioco."))
        elif r.retrieved_joker is RetrievedJoker.LAY_IF_POSSIBLE:
            out.append(t("Il jolly ripreso va calato nello stesso turno, se si può."))
        else:
            out.append(t("Il jolly ripreso si può tenere in mano per dopo."))
        if r.set_joker_swap is SetJokerSwap.ALL_MISSING:
            out.append(
                t(
                    "Da un tris il jolly si libera solo dando tutte le carte che mancano: per 10♦"
                    " 10♥ JK servono il 10♠ e il 10♣."
                )
            )
        else:
            out.append(
                t(
                    "Da un tris il jolly si libera con la carta del seme dichiarato quando è"
                    " stato calato: per 10♦ 10♥ JK dichiarato di picche basta il 10♠."
                )
            )
        return out

    def opening(self) -> list[str]:
        r, t = self.r, self.t
        jokers = self.has_jokers()
        out = []
        if not r.melding_during_play and r.knock_limit is not None:
            # Gin rummy: nothing goes down before the knock; the knock itself is told below.
            out.append(
                t(
                    "Prima di bussare non si cala niente: si pesca e si scarta soltanto; i giochi"
                    " si calano dopo aver bussato."
                )
            )
        elif not r.melding_during_play:
            out.append(
                t(
                    "Durante la smazzata non si cala niente: si pesca e si scarta soltanto, e i"
                    " giochi si mostrano tutti insieme per chiudere."
                )
            )
        elif r.opening_threshold == 0:
            # With contracts (carioca) each round's required opening, stated below, is the rule.
            if not r.contracts:
                out.append(
                    t(
                        "Apertura libera: dal primo turno si può calare qualsiasi gioco, anche un"
                        " tris di 2."
                    )
                )
        else:
            need = r.opening_threshold
            if not jokers:
                joker = ""
            elif r.opening_joker_value is None:
                joker = t("; il jolly vale la carta che sostituisce")
            else:
                joker = t("; il jolly vale {points}", points=r.opening_joker_value)
            out.append(
                self.nt(
                    "Per aprire i giochi calati nel turno devono valere almeno {need}"
                    " punto{joker}.",
                    "Per aprire i giochi calati nel turno devono valere almeno {need}"
                    " punti{joker}.",
                    need,
                    need=need,
                    joker=joker,
                )
            )
            if r.ace_in_runs is AceInRuns.LOW_ONLY:
                ace = t("1 in scala e 11 in un tris")
            else:
                ace = t("1 sotto il 2 e 11 sopra il re o in un tris")
            out.append(
                t(
                    "Per l'apertura le carte valgono il loro numero e le figure 10; l'asso vale"
                    " {ace}.",
                    ace=ace,
                )
            )
            if not self.on("opening_counts_attachments"):
                pass  # nothing is attached before opening: no attachment to count
            elif r.opening_counts_attachments:
                out.append(
                    t("Contano anche le carte attaccate ai giochi degli altri nello stesso turno.")
                )
            else:
                out.append(
                    t(
                        "Contano solo i propri giochi: le carte attaccate ai giochi degli altri"
                        " non valgono per l'apertura."
                    )
                )
            if jokers and self.on("swap_counts_for_opening"):
                if r.swap_counts_for_opening:
                    out.append(t("Anche uno scambio di jolly conta per i punti dell'apertura."))
                else:
                    out.append(t("Uno scambio di jolly non conta per i punti dell'apertura."))
        if r.contracts:
            names = [CONTRACT_NAMES[c].message(self.lang) for c in r.contracts]
            out.append(
                t(
                    "Ogni smazzata ha la sua apertura obbligata, in quest'ordine: {names}.",
                    names=", ".join(names),
                )
            )
            for contract in dict.fromkeys(r.contracts):
                name = CONTRACT_NAMES[contract].message(self.lang)
                terms = CONTRACT_TERMS[contract].message(self.lang)
                out.append(f"{name.capitalize()}: {terms}.")
            out.append(
                t(
                    "L'apertura si cala tutta insieme, e nient'altro: prima di aprire non si"
                    " cala e non si attacca, e dopo si cala e si attacca dal turno successivo"
                    " (una coppia sul tavolo diventa un tris attaccandole una carta)."
                )
            )
        if r.melding_during_play and self.on("attach_before_opening"):
            if r.attach_before_opening:
                out.append(
                    t(
                        "Si possono attaccare carte ai giochi sul tavolo, anche a quelli degli"
                        " altri, prima ancora di aver aperto."
                    )
                )
            else:
                out.append(t("Si attaccano carte ai giochi sul tavolo solo dopo aver aperto."))
        if jokers and self.on("opening_jokers") and not r.opening_jokers:
            out.append(t("Nei giochi dell'apertura non si usano jolly."))
        return out

    def discard_pile(self) -> list[str]:
        r, t = self.r, self.t
        if r.melding_during_play:
            out = [
                t(
                    "A ogni turno si pesca una carta, la prima del tallone o l'ultima del pozzo;"
                    " poi si può calare e attaccare, e si finisce scartando una carta sul pozzo."
                )
            ]
        else:
            out = [
                t(
                    "A ogni turno si pesca una carta, la prima del tallone o l'ultima del pozzo,"
                    " e se ne scarta una sul pozzo."
                )
            ]
        if r.discard_pickup is DiscardPickup.FREE and not r.melding_during_play:
            # Nothing goes down during play: no card taken need go down at once.
            out.append(t("La carta del pozzo si può prendere sempre."))
        elif r.discard_pickup is DiscardPickup.FREE:
            out.append(t("La carta del pozzo si può prendere sempre, anche senza calarla subito."))
        elif r.discard_pickup is DiscardPickup.TO_OPEN:
            out.append(
                t(
                    "Chi non ha ancora aperto prende la carta del pozzo solo per aprire usandola,"
                    " in quello stesso turno; chi ha aperto in un turno precedente la prende"
                    " sempre, anche senza calarla subito."
                )
            )
        elif r.discard_pickup is DiscardPickup.OPENED:
            out.append(
                t(
                    "La carta del pozzo la prende solo chi ha aperto in un turno precedente, e"
                    " poi sempre, anche senza calarla subito; prima di aprire si pesca dal"
                    " tallone."
                )
            )
        else:
            out.append(
                t(
                    "La carta del pozzo si prende solo per usarla nello stesso turno: chi non ha"
                    " ancora aperto solo se apre usandola, chi ha già aperto solo se la cala o la"
                    " attacca. Va giù in uno qualsiasi dei giochi del turno, in qualsiasi ordine,"
                    " e prima di scartare."
                )
            )
        if r.rediscard_taken_card:
            out.append(t("La carta presa dal pozzo si può anche riscartare subito."))
        else:
            out.append(t("La carta presa dal pozzo non si riscarta nello stesso turno."))
        if r.melding_during_play:
            # Nothing is on the table to attach to where melds are only shown at the close.
            out.append(self._attachable_discard())

        if r.wall_stock is None:
            # The wall (gin rummy) ends the hand before the stock runs out: no restock.
            out.append(self._restock())
        return out

    def _restock(self) -> str:
        """What happens when the stock runs out."""
        r, t = self.r, self.t
        if r.max_restocks == 0:
            return t("Quando il tallone finisce, finisce anche la smazzata: il pozzo non si riusa.")
        shuffled = r.restock is Restock.SHUFFLE
        how = t("si mescolano") if shuffled else t("si girano senza mescolarli")
        restock = t(
            "Quando il tallone finisce, gli scarti tranne l'ultimo {how} e diventano il nuovo"
            " tallone",
            how=how,
        )
        if r.max_restocks is None:
            return t("{restock}, tutte le volte che serve.", restock=restock)
        return t(
            "{restock}, al massimo {times} per smazzata; poi la smazzata finisce.",
            restock=restock,
            times=self._times(r.max_restocks),
        )

    def _attachable_discard(self) -> str:
        r, t, p = self.r, self.t, self.players
        least = r.attachable_discard_min_players
        if r.attachable_discard is AttachableDiscard.ALLOWED:
            return t(
                "Si può scartare qualsiasi carta, anche una che si potrebbe attaccare a un gioco"
                " sul tavolo."
            )
        ban = t(
            "non si scarta una carta che si potrebbe attaccare a un gioco sul tavolo, tranne"
            " quella con cui si chiude"
        )
        if p is not None and not r.attachable_discard_forbidden(p):
            return t(
                "In {p} si può scartare anche una carta che si potrebbe attaccare: il divieto"
                " vale da {least} giocatori in su.",
                p=p,
                least=least,
            )
        if p is not None or least <= r.min_players:
            return f"{ban[0].upper()}{ban[1:]}."
        return t("Con almeno {least} giocatori {ban}.", least=least, ban=ban)

    def going_out(self) -> list[str]:
        r, t = self.r, self.t
        out = []
        if r.knock_limit is None:
            # How a knocked hand goes out and is laid down is the knocking section's.
            out.extend(self._how_out())
        if not self.on("rummy_on_first_turn"):
            pass  # a knock is no close in one turn
        elif r.rummy_on_first_turn:
            out.append(t("Si può chiudere anche al primo giro."))
        else:
            out.append(
                t(
                    "Al primo giro non si chiude: nessuno può chiudere prima che tutti abbiano"
                    " giocato un turno."
                )
            )
        if r.melding_during_play and self.on("rummy_bonus"):
            out.extend(self._rummy())
        if r.flush_close and self.on("flush_close"):
            cards = self.hand_cards()
            shown = t("tutte le carte") if cards is None else t("{cards} carte", cards=cards)
            out.append(
                t(
                    "Si chiude anche con il colore: dopo aver pescato si mostrano {shown} dello"
                    " stesso seme, in fila o no, e si scarta quella in più; vale come una"
                    " chiusura in mano.",
                    shown=shown,
                )
            )
        if not self.on("imaginary_joker"):
            pass
        elif r.imaginary_joker and r.own_card_joker:
            out.append(
                t(
                    "Per chiudere, una delle proprie carte, una sola e scelta in quel momento, fa"
                    " da jolly in una scala o in un tris."
                )
            )
        elif r.imaginary_joker:
            out.append(
                t(
                    "Per chiudere si può immaginare una carta che manca, una sola, e farla valere"
                    " come jolly in una scala o in un tris."
                )
            )
        if r.seven_of_a_kind_wins and self.on("seven_of_a_kind_wins"):
            out.append(
                t(
                    "Sette carte dello stesso valore senza jolly (il ramino) si mostrano e"
                    " vincono subito tutta la partita."
                )
            )
        out.extend(self._stake_multipliers())
        if r.betting is not Betting.NONE:
            # Played for chips, a round is a hand (una mano), as the rest of the text says.
            cap = self.nt(
                "Se nessuno chiude entro il primo turno, la mano si ferma.",
                "Se nessuno chiude entro {max_turns} turni, la mano si ferma.",
                r.max_turns,
                max_turns=r.max_turns,
            )
        else:
            cap = self.nt(
                "Se nessuno chiude entro il primo turno, la smazzata si ferma.",
                "Se nessuno chiude entro {max_turns} turni, la smazzata si ferma.",
                r.max_turns,
                max_turns=r.max_turns,
            )
        out.append(cap)
        if r.match_end is MatchEnd.POINTS_TO_TARGET:
            # Points go to a hand's winner: a hand stopped has none (gin rummy).
            out.append(t("Una smazzata fermata senza chiusura non dà punti a nessuno."))
        elif r.betting is not Betting.NONE:
            # Played for chips, a hand nobody went out of is nobody's (RULES.md §6.1): the
            # round keeps its pots on the table, whatever on_round_cap says.
            out.append(
                t(
                    "Una mano fermata senza chiusura non la vince nessuno: i piatti restano sul"
                    " tavolo e li prende chi vince la mano dopo."
                )
            )
        elif r.on_round_cap is RoundCap.LOWEST_HAND_WINS:
            out.append(
                t(
                    "Una smazzata fermata senza chiusura la vince chi ha in mano meno punti: lui"
                    " segna 0 e gli altri contano le loro carte."
                )
            )
        else:
            out.append(
                t(
                    "In una smazzata fermata senza chiusura tutti contano le carte che hanno in"
                    " mano."
                )
            )
        return out

    def _how_out(self) -> list[str]:
        """How a player goes out, and what the others do then."""
        r, t = self.r, self.t
        out = []
        if r.melding_during_play:
            if r.final_discard is FinalDiscard.REQUIRED:
                out.append(
                    t(
                        "Chiude chi cala o attacca tutte le carte e scarta l'ultima. Chi potrebbe"
                        " calare le ultime carte solo restando senza niente da scartare deve"
                        " aspettare: è incartato."
                    )
                )
            else:
                out.append(
                    t(
                        "Chiude chi resta senza carte: scartando l'ultima, oppure calando o"
                        " attaccando tutto, anche senza scarto."
                    )
                )
        elif r.final_discard is FinalDiscard.REQUIRED:
            out.append(
                t(
                    "Chiude chi, dopo aver pescato, cala tutte le carte insieme in giochi e"
                    " scarta l'ultima."
                )
            )
        else:
            out.append(
                t(
                    "Chiude chi, dopo aver pescato, ha tutte le carte legate in giochi: le cala"
                    " tutte insieme, anche senza scarto."
                )
            )
        if not self.on("lay_after_close"):
            pass  # played for chips: the cards left are not counted
        elif r.lay_after_close:
            out.append(
                t(
                    "Quando uno chiude, gli altri calano i loro giochi prima di contare: le carte"
                    " calate non si contano."
                )
            )
        else:
            out.append(
                t("Appena uno chiude la smazzata finisce, e gli altri non calano più niente.")
            )
        return out

    def _rummy(self) -> list[str]:
        r, t = self.r, self.t
        out = [
            t(
                "Chiudere in mano vuol dire calare tutte le carte in un turno solo, senza aver"
                " calato né attaccato niente prima."
            )
        ]
        if r.rummy_bonus is RummyBonus.DOUBLE:
            out.append(t("Chi chiude in mano fa raddoppiare i punti degli altri."))
        elif r.rummy_bonus is RummyBonus.ADD:
            bonus = r.rummy_bonus_points
            out.append(
                self.nt(
                    "Chi chiude in mano fa segnare {bonus} punto in più a ciascuno degli altri.",
                    "Chi chiude in mano fa segnare {bonus} punti in più a ciascuno degli altri.",
                    bonus,
                    bonus=bonus,
                )
            )
        elif r.rummy_bonus is RummyBonus.SCEMPIO:
            m = r.messa
            out.append(
                t(
                    "Chi chiude in mano fa scempio: in quella smazzata la messa non si paga e"
                    " nella successiva sale a {number}; ogni altro scempio di fila la alza di"
                    " altri {m}, e dopo una smazzata pagata torna a {m}.",
                    number=2 * m,
                    m=m,
                )
            )
        else:
            out.append(t("Chiudere in mano non dà niente in più."))
        return out

    def _stake_multipliers(self) -> list[str]:
        r, t = self.r, self.t
        kinds = (
            ("flush_stake_multiplier", t("con un colore")),
            ("straight_flush_stake_multiplier", t("con una scala colore")),
            ("royal_stake_multiplier", t("con la scala reale dal 5 al re")),
        )
        chosen = [
            (getattr(r, knob), how) for knob, how in kinds if self.on(knob) and getattr(r, knob) > 1
        ]
        if not chosen:
            return []
        # "Chiudere con un colore moltiplica la posta per 2, con una scala colore per 4, ..."
        first, *others = chosen
        parts = [t("{how} moltiplica la posta per {times}", how=first[1], times=first[0])]
        parts.extend(t("{how} per {times}", how=how, times=n) for n, how in others)
        tail = t(", purché senza il jolly immaginario") if r.imaginary_joker else ""
        return [t("Chiudere {parts}{tail}.", parts=", ".join(parts), tail=tail)]

    def scoring(self) -> list[str]:
        r, t = self.r, self.t
        if r.betting is not Betting.NONE:
            return self._chips_match()
        out = []
        # Going out with a flush or a single run may score apart (Casertano: -20, -50).
        extra = "".join(
            t(", o {points} se chiude {how}", points=n, how=how)
            for n, how in self._close_kinds("close_points_flush", "close_points_straight")
            if n != r.close_points
        )
        joker = t(", il jolly {points}", points=r.joker_penalty) if self.has_jokers() else ""
        if r.match_end is MatchEnd.POINTS_TO_TARGET:
            # The hand's points go to its winner (gin rummy): the cards count, no penalty.
            out.append(
                t(
                    "Le carte spaiate valgono: dal 2 al 10 il loro numero, le figure 10, l'asso"
                    " {ace_penalty}{joker}.",
                    ace_penalty=r.ace_penalty,
                    joker=joker,
                )
            )
        else:
            out.append(
                t(
                    "A fine smazzata chi ha chiuso segna {close_points}{extra}; gli altri segnano"
                    " i punti delle carte rimaste in mano: dal 2 al 10 il loro numero, le figure"
                    " 10, l'asso {ace_penalty}{joker}. Sono punti di penalità: meno se ne fanno,"
                    " meglio è.",
                    close_points=r.close_points,
                    extra=extra,
                    ace_penalty=r.ace_penalty,
                    joker=joker,
                )
            )
        credits = self._credits()
        if credits:
            out.append(credits)
        if not self.on("rounding"):
            pass  # the hand's points go to its winner: nothing is rounded
        elif r.rounding is Rounding.TENS:
            out.append(
                t(
                    "Ogni mano si arrotonda alla decina, da 5 in su per eccesso: 24 fa 20 e 25 fa"
                    " 30."
                )
            )
        else:
            out.append(t("I punti non si arrotondano."))
        if r.hand_stake and self.on("hand_stake"):
            stake = chips_words(r.hand_stake, self.lang)
            out.append(
                t(
                    "A ogni smazzata ognuno mette {stake} nel piatto: lo prende chi chiude; se"
                    " nessuno chiude resta per la smazzata dopo.",
                    stake=stake,
                )
            )
        if r.messa > 0 and self.on("messa"):
            out.append(
                self.nt(
                    "Ogni perdente aggiunge una messa di {messa} punto.",
                    "Ogni perdente aggiunge una messa di {messa} punti.",
                    r.messa,
                    messa=r.messa,
                )
            )

        target = r.target
        if r.match_end is MatchEnd.ELIMINATION:
            out.append(
                t(
                    "Si gioca a {target}: chi arriva a {target} è fuori, vince l'ultimo che resta.",
                    target=target,
                )
            )
            if r.simultaneous_bust is SimultaneousBust.ALL_OUT:
                out.append(
                    t(
                        "Se nella stessa smazzata arrivano a {target} in più d'uno, escono tutti;"
                        " chi ha chiuso resta in gioco, e se resta solo ha vinto.",
                        target=target,
                    )
                )
        elif r.match_end is MatchEnd.FIRST_TO_TARGET:
            out.append(
                t(
                    "Si gioca a {target}: appena qualcuno arriva a {target} la partita finisce, e"
                    " vince chi ha meno punti.",
                    target=target,
                )
            )
        elif r.match_end is MatchEnd.POINTS_TO_TARGET:
            out.append(
                t(
                    "Si gioca a {target}: i punti di ogni smazzata vanno a chi la vince; appena"
                    " qualcuno arriva a {target} la partita finisce, e vince chi ha più punti.",
                    target=target,
                )
            )
            boxes = self.nt(
                "A fine partita ognuno aggiunge {box} punto per ogni smazzata vinta",
                "A fine partita ognuno aggiunge {box} punti per ogni smazzata vinta",
                r.box_bonus,
                box=r.box_bonus,
            )
            game = self.nt(
                "{boxes}; chi è arrivato a {target} aggiunge anche {game} punto.",
                "{boxes}; chi è arrivato a {target} aggiunge anche {game} punti.",
                r.game_bonus,
                boxes=boxes,
                target=target,
                game=r.game_bonus,
            )
            out.append(game)
            if r.shutout_doubles:
                out.append(
                    t(
                        "Chi vince senza che gli altri abbiano vinto una smazzata (cappotto)"
                        " raddoppia il suo totale."
                    )
                )
        else:
            rounds = r.match_rounds or 1
            if rounds == 1:
                out.append(t("La partita è una smazzata sola: vince chi ha meno punti."))
            else:
                out.append(
                    t("La partita dura {rounds} smazzate: vince chi ha meno punti.", rounds=rounds)
                )
            if target is not None:
                out.append(
                    t(
                        "Chi arriva a {target} è fuori; se ne restano troppo pochi per giocare,"
                        " la partita finisce prima.",
                        target=target,
                    )
                )
        # Only a target puts players out, so only there can they come back.
        if r.reentry and target is not None and r.match_end in _OUT_AT_TARGET:
            out.append(self._reentry())
        return out

    def _chips_match(self) -> list[str]:
        r, t = self.r, self.t
        rounds = r.match_rounds or 1
        length = t("una mano sola") if rounds == 1 else t("{rounds} mani", rounds=rounds)
        return [
            t(
                "Non si contano punti: si vincono e si perdono fiches. Chi non ha più fiches"
                " per fare il buio è fuori."
            ),
            t(
                "La partita dura {length}, o finché restano in troppo pochi per giocare: vince"
                " chi ha più fiches. Le fiches rimaste sul tavolo alla fine si dividono fra chi è"
                " ancora in gioco.",
                length=length,
            ),
        ]

    def _credits(self) -> str:
        r, t = self.r, self.t

        def credits(n: int) -> str:
            return t("un credito") if n == 1 else t("{count} crediti", count=n)

        kinds = [
            (n, how)
            for n, how in self._close_kinds("close_credits_flush", "close_credits_straight")
            if n != r.close_credits
        ]
        if (not r.close_credits and not kinds) or not self.on("close_credits"):
            return ""
        paid = t("; a fine partita ogni credito si paga una cifra concordata.")
        if r.close_credits:
            extra = "".join(t(", {count} se chiude {how}", count=n, how=how) for n, how in kinds)
            won = credits(r.close_credits)
            return t("Chi chiude vince {won}{extra}{paid}", won=won, extra=extra, paid=paid)
        parts = [
            t("chiudendo {how} si vince {credits}", how=how, credits=credits(n))
            if n == 1
            else t("chiudendo {how} si vincono {credits}", how=how, credits=credits(n))
            for n, how in kinds
        ]
        text = "; ".join(parts)
        return f"{text[0].upper()}{text[1:]}{paid}"

    def _reentry(self) -> str:
        r, t = self.r, self.t
        if r.max_reentries == 0:
            return t("Chi è fuori non può rientrare: i rientri ammessi sono zero.")
        stake = limit = ""
        if r.reentry_stake == 1:
            stake = t(", pagando una posta")
        elif r.reentry_stake > 1:
            stake = t(", pagando {stakes} poste", stakes=r.reentry_stake)
        if r.max_reentries is not None:
            if r.max_reentries == 1:
                limit = t("; si rientra una volta sola")
            else:
                limit = t("; si rientra al massimo {times} volte", times=r.max_reentries)
        return t(
            "Chi è fuori può rientrare, ripartendo dal punteggio più alto fra chi è ancora in"
            " gioco{stake}{limit}.",
            stake=stake,
            limit=limit,
        )


def _knocking(w: _Writer) -> list[str]:
    """Gin rummy: the first upcard, the knock, lay-offs, the wall and the count of a knock."""
    r, t, nt = w.r, w.t, w.nt
    out: list[str] = []
    if r.first_upcard_offer:
        out.append(
            t(
                "La prima carta scoperta è offerta: il primo giocatore la prende o passa, poi"
                " il mazziere; se passano entrambi, il primo pesca dal tallone."
            )
        )
    limit = r.knock_limit
    if limit is None:
        return out
    if r.oklahoma:
        out.append(
            t(
                "Si bussa con al massimo tanti punti di carte spaiate quanto vale la prima"
                " carta scoperta (un asso: solo gin); di norma {limit}.",
                limit=limit,
            )
        )
    else:
        out.append(
            nt(
                "Si chiude bussando: dopo la pesca si scarta, si calano i propri giochi uno"
                " per uno e si tiene al massimo {limit} punto di carte spaiate.",
                "Si chiude bussando: dopo la pesca si scarta, si calano i propri giochi uno"
                " per uno e si tengono al massimo {limit} punti di carte spaiate.",
                limit,
                limit=limit,
            )
        )
    if r.run_max is not None:
        out.append(t("Una scala calata ha al massimo {most} carte.", most=r.run_max))
    if r.layoffs:
        out.append(
            t(
                "Chi non ha bussato attacca carte ai giochi di chi ha bussato (non contro il"
                " gin), poi cala i suoi giochi."
            )
        )
    else:
        out.append(t("Chi non ha bussato cala i suoi giochi, senza attaccare nulla."))
    out.append(
        nt(
            "Chi bussa vince la differenza delle carte spaiate; con il gin (nessuna carta"
            " spaiata) anche {gin} punto in più.",
            "Chi bussa vince la differenza delle carte spaiate; con il gin (nessuna carta"
            " spaiata) anche {gin} punti in più.",
            r.gin_bonus,
            gin=r.gin_bonus,
        )
    )
    if r.big_gin_bonus is not None:
        out.append(
            nt(
                "Chi dopo la pesca cala tutte le carte senza scartare fa big gin: {bonus}"
                " punto in più invece di quelli del gin.",
                "Chi dopo la pesca cala tutte le carte senza scartare fa big gin: {bonus}"
                " punti in più invece di quelli del gin.",
                r.big_gin_bonus,
                bonus=r.big_gin_bonus,
            )
        )
    if r.undercut_on_tie:
        out.append(
            nt(
                "Se l'avversario ne ha quanto lui o meno (battuta), vince lui la differenza e"
                " {bonus} punto in più.",
                "Se l'avversario ne ha quanto lui o meno (battuta), vince lui la differenza e"
                " {bonus} punti in più.",
                r.undercut_bonus,
                bonus=r.undercut_bonus,
            )
        )
    else:
        out.append(
            nt(
                "Se l'avversario ne ha meno (battuta), vince lui la differenza e {bonus} punto in"
                " più; a pari punti nessuno vince niente.",
                "Se l'avversario ne ha meno (battuta), vince lui la differenza e {bonus} punti in"
                " più; a pari punti nessuno vince niente.",
                r.undercut_bonus,
                bonus=r.undercut_bonus,
            )
        )
    if r.spade_upcard_doubles:
        out.append(t("Se la prima carta scoperta è di picche, la smazzata vale doppio."))
    if r.wall_stock is not None:
        out.append(
            nt(
                "Quando nel tallone resta {cards} carta (il muro), chi deve pescare può solo"
                " bussare con la carta del pozzo, o passare: allora la smazzata è nulla.",
                "Quando nel tallone restano {cards} carte (il muro), chi deve pescare può solo"
                " bussare con la carta del pozzo, o passare: allora la smazzata è nulla.",
                r.wall_stock,
                cards=r.wall_stock,
            )
        )
    if r.max_pile_takes is not None:
        out.append(
            t(
                "La smazzata è nulla alla presa numero {count} dal pozzo.",
                count=r.max_pile_takes,
            )
        )
    if r.void_rethrows is not None:
        out.append(
            t(
                "La smazzata è nulla dopo {count} scarti di fila della carta appena presa dal"
                " pozzo.",
                count=r.void_rethrows,
            )
        )
    return out


_SECTIONS: tuple[tuple[str, Callable[[_Writer], list[str]]], ...] = (
    (N_("Mazzo e distribuzione"), _Writer.deal),
    (N_("Puntate"), _Writer.betting),
    (N_("Giochi e jolly"), _Writer.melds),
    (N_("Apertura"), _Writer.opening),
    (N_("Pozzo"), _Writer.discard_pile),
    (N_("Chiusura"), _Writer.going_out),
    (N_("Bussare (gin rummy)"), _knocking),
    (N_("Conteggio e partita"), _Writer.scoring),
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
        title = writer.t("Regole: {name}", name=rules.name)
    else:
        title = writer.t("Regole: {name} — {players} giocatori", name=rules.name, players=players)
    lines = [title]
    for heading, section in _SECTIONS:
        sentences = section(writer)
        if sentences:
            if section is _Writer.melds and not writer.has_jokers():
                heading = N_("Giochi")
            lines.append("")
            lines.append(writer.t(heading))
            lines.extend(f"- {sentence}" for sentence in sentences)
    return "\n".join(lines) + "\n"
