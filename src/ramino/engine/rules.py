"""The rules of a table: one frozen value holding every knob of the specification (RULES.md §3).

Presets are :class:`Rules` values (see :mod:`ramino.engine.presets`); house rules start from
one and change some knobs with :func:`dataclasses.replace` or a TOML file; every number has
its range (:data:`KNOB_RANGES`) and contradictory knobs are refused. The engine reads
``rules.<knob>`` and never asks which preset it is playing. Sources cited: [G] the players'
guide (ramino classico), [W] the encyclopedia article, [R] the Rami 40/51 reference rules,
[T] the one-deck "tradizionale".
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterator
from typing import Any, NamedTuple

from .errors import Detail, Phrase, Reason, RulesError

#: The fewest cards per player the tallone must hold after the deal: a table that leaves fewer
#: is too large for the deck ([W]: "con 14 carte d'apertura, non si riesce a giocare in più di 5
#: persone", 108 cards leaving 23 for six players); scala 40 in six (29 cards) still plays.
STOCK_PER_PLAYER = 4


class Direction(enum.StrEnum):
    """Turn order: deal, turns and the dealer all go the same way ([G])."""

    CLOCKWISE = "clockwise"
    COUNTERCLOCKWISE = "counterclockwise"


class JokerUpcard(enum.StrEnum):
    """What happens when a jolly turns up at the deal."""

    REBURY = "rebury"
    """It goes back into the stock and another card is turned ([G])."""
    TO_FIRST_PLAYER = "to_first_player"
    """A jolly at the cut is thrown down, the first player takes it, no upcard (Casertano, [W])."""


class SetSuits(enum.StrEnum):
    """Which suits a set (*tris*, *poker*) may hold."""

    DISTINCT = "distinct"
    """All different, so no twin cards in one set ([G], [R])."""
    ANY = "any"
    """Repeated suits allowed ("tris in su", Casertano, [W])."""


class AceInRuns(enum.StrEnum):
    """Where the ace may stand in a run."""

    LOW_OR_HIGH = "low_or_high"
    """A-2-3 or Q-K-A, never in the middle ([G], [R])."""
    LOW_ONLY = "low_only"
    """A-2-3 only, as in gin rummy."""


class JokerPosition(enum.StrEnum):
    """Where an undeclared jolly goes when it could stand at either end of a run."""

    LOWER = "lower"
    """The lower position: JK 7♠ 8♠ is 6♠ 7♠ 8♠ ([R])."""
    HIGHER = "higher"
    """The higher position: JK 7♠ 8♠ is 7♠ 8♠ 9♠."""
    LOWER_ONLY = "lower_only"
    """The lower position, and no other may be declared: a jolly that could take two places
    is always worth the lower one ([R])."""


class RetrievedJoker(enum.StrEnum):
    """What the player must do with a jolly taken back from the table."""

    LAY_THIS_TURN = "lay_this_turn"
    """Lay it again in the same turn, in another meld ([G])."""
    LAY_IF_POSSIBLE = "lay_if_possible"
    """Lay it again in the same turn if he can ([R])."""
    KEEP = "keep"
    """He may keep it in hand ("in alcune regole", [G])."""


class SetJokerSwap(enum.StrEnum):
    """What frees a jolly that sits in a set."""

    ALL_MISSING = "all_missing"
    """Every missing suit: 10♦ 10♥ JK needs both 10♠ and 10♣; the set ends with 4 naturals
    ([G], [W]; [R] reaches the same end state)."""
    DECLARED_SUIT = "declared_suit"
    """One card, of the suit declared when the jolly was laid ([G], [W])."""


class DiscardPickup(enum.StrEnum):
    """When the top card of the discard pile (*pozzo*) may be taken."""

    FREE = "free"
    """Always; it need not be laid at once ([R])."""
    MUST_USE = "must_use"
    """Only to use it this turn: to open with it, or, once opened, to lay or attach it; in
    any meld of the turn, in any order ([G], [W], RULES.md §6.4)."""
    OPENED = "opened"
    """Only by a player who opened in an earlier turn, then always, as under ``free`` (a
    house rule of some scala 40 tables: before the opening, one draws from the tallone)."""
    TO_OPEN = "to_open"
    """Before the opening only to open with it, as under ``must_use``; by a player who opened
    in an earlier turn always, as under ``free`` (a house rule of other scala 40 tables)."""


class AttachableDiscard(enum.StrEnum):
    """May a card that could be attached to a meld on the table be discarded?"""

    ALLOWED = "allowed"
    FORBIDDEN = "forbidden"
    """Not unless it is the going-out discard (a common scala 40 table rule)."""


class FinalDiscard(enum.StrEnum):
    """Does going out need a last discard?"""

    REQUIRED = "required"
    """Yes: a player who could lay his last cards only by keeping none to discard is stuck ([G])."""
    OPTIONAL = "optional"
    """No: he may go out by laying his last cards ([R])."""


class RummyBonus(enum.StrEnum):
    """What going out in one turn (*chiusura in mano*, "ramino") does to the others' count."""

    DOUBLE = "double"
    """Their points are doubled ([G])."""
    ADD = "add"
    """Each of them adds ``rummy_bonus_points`` (25 in [T])."""
    SCEMPIO = "scempio"
    """The messa is suspended this round and raised by one step for the next ([W])."""
    NONE = "none"


class Restock(enum.StrEnum):
    """How the discard pile, less its top card, becomes the new stock ([G])."""

    SHUFFLE = "shuffle"
    TURN_OVER = "turn_over"
    """Turned over without shuffling."""


class RoundCap(enum.StrEnum):
    """How a round ends when the restock or turn cap stops it."""

    LOWEST_HAND_WINS = "lowest_hand_wins"
    """The player whose hand is worth least scores 0, the others their hand ([R])."""
    ALL_SCORE = "all_score"
    """Nobody went out: every player scores his hand."""


class Rounding(enum.StrEnum):
    """Rounding of a hand's count."""

    NONE = "none"
    TENS = "tens"
    """To the nearest ten, 5 up: 24 → 20, 25 → 30, under 5 → 0 ([W])."""


class MatchEnd(enum.StrEnum):
    """How a match (*partita*) ends."""

    ELIMINATION = "elimination"
    """Whoever reaches the target is out; the last one left wins ([G])."""
    FIRST_TO_TARGET = "first_to_target"
    """The match stops when someone reaches the target; the lowest total wins ([G])."""
    FIXED_ROUNDS = "fixed_rounds"
    """A set number of rounds (``match_rounds``); the lowest total wins (carioca)."""
    POINTS_TO_TARGET = "points_to_target"
    """Each hand's points go to its winner (gin rummy); the first to reach the target ends
    the match, the highest total wins, with the boxes and the game bonus added."""


class SimultaneousBust(enum.StrEnum):
    """Several players reach the target in the same round."""

    ALL_OUT = "all_out"
    """All of them are out; the player who went out stays, and wins if he is alone ([G] FAQ)."""


class Betting(enum.StrEnum):
    """Betting around the round (ramino pokerato)."""

    NONE = "none"
    BLIND = "blind"
    """The first player posts the blind ("fa il buio"); the others call, fold or raise ([G])."""


class Contract(enum.StrEnum):
    """A carioca round's required opening, in the order of the match ([G])."""

    PAIR = "pair"
    TWO_PAIRS = "two_pairs"
    SET = "set"
    FULL_HOUSE = "full_house"
    SCALA_40 = "scala_40"
    POKER = "poker"
    STRAIGHT_FLUSH = "straight_flush"
    ONE_TURN = "one_turn"


class DeckSize(NamedTuple):
    """From ``from_players`` players on, play with ``decks`` packs and ``jokers`` jokers."""

    from_players: int
    decks: int
    jokers: int


class HandSize(NamedTuple):
    """From ``from_players`` players on, deal ``cards`` cards each."""

    from_players: int
    cards: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
    """Every house rule of a Ramino table. Defaults are ramino classico ([G]).

    >>> Rules().opening_threshold
    0
    >>> Rules(opening_threshold=40).opening_threshold
    40
    >>> Rules(set_suits=SetSuits.DISTINCT, set_max=5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ramino.engine.errors.RulesError: Regole contraddittorie: con semi tutti diversi un tris ...
    """

    name: str = dataclasses.field(default="classico", compare=False)
    """A label for people (the preset or the house-rules file); not a rule, not compared."""

    # --- deck and deal ---
    decks: int = 2
    """Packs of 52 cards: 2 ([G]); [T] plays with 1; [R] 3 from 5 players."""
    jokers: int = 4
    """Jolly cards in the deck: 4 ([G]); 2 in the 106-card deck ([W]); 0 in [T]."""
    deck_by_players: tuple[DeckSize, ...] = ()
    """Deck by player count, overriding ``decks``/``jokers``: [R] 3 packs + 4 jokers from 5."""
    min_players: int = 2
    """Fewest players ([G]: 2)."""
    max_players: int = 7
    """Most players ([G]: from 2 to 6, "perfino in sette"; [W]: 5)."""
    hand_size: int = 10
    """Cards dealt to each player: 10 ([G]); 8 ([W]); 13 (scala 40, [R], Casertano)."""
    hand_size_by_players: tuple[HandSize, ...] = ()
    """Hand size by player count, overriding ``hand_size``: [T] 7 cards from 3 players."""
    direction: Direction = Direction.CLOCKWISE
    """Direction of deal, turns and dealer rotation ([G]); Casertano counterclockwise ([W])."""
    joker_upcard: JokerUpcard = JokerUpcard.REBURY
    """A jolly turned up at the deal ([G]: back in the stock; Casertano: to the first player)."""

    # --- melds ---
    max_jokers_per_meld: int | None = 1
    """At most this many jolly per meld, ``None`` for no limit ([G]: 1; pokerato: more)."""
    min_natural_cards: int = 1
    """Natural cards a meld needs: never a meld of only jokers ([G])."""
    set_suits: SetSuits = SetSuits.DISTINCT
    """Suits in a set: all different ([G]) or any (Casertano, [W])."""
    set_max: int | None = 4
    """Largest set, ``None`` for no limit (Casertano's "tris in su")."""
    run_max: int | None = None
    """Longest run laid as one meld in a knocked hand, ``None`` for no limit; a longer one
    is laid as two, and lay-offs may still grow it (OpenSpiel's gin rummy: 5, its meld
    actions holding runs of 3 to 5 cards)."""
    run_wrap: bool = False
    """Runs may go round the corner, K-A-2 ([W]: "salvo accordi diversi")."""
    ace_in_runs: AceInRuns = AceInRuns.LOW_OR_HIGH
    """The ace in runs: low or high, never both ([G], [R]); or low only (gin rummy)."""
    flush_meld: bool = False
    """A hand all of one suit not in sequence ("colore") is a valid combination (Casertano)."""
    ambiguous_joker: JokerPosition = JokerPosition.LOWER
    """Where an undeclared jolly goes when both ends of a run are open, and whether the other
    end may be declared ([R]: the lower, always)."""

    # --- taking back a joker ---
    joker_swap: bool = True
    """A laid jolly may be taken back by giving the card it stands for ([G])."""
    joker_swap_needs_opened: bool = False
    """Only a player who has opened may take back a jolly ([R])."""
    joker_swap_waits_a_turn: bool = False
    """And only from the turn after his opening, not in the turn he opens (a house rule of
    some scala 40 tables; needs ``joker_swap_needs_opened``)."""
    retrieved_joker: RetrievedJoker = RetrievedJoker.LAY_THIS_TURN
    """What to do with a jolly taken back ([G]: lay it this turn; [R]: if possible; or keep)."""
    set_joker_swap: SetJokerSwap = SetJokerSwap.ALL_MISSING
    """What frees a jolly in a set ([G], [W]: both missing cards, or one of the declared suit)."""
    swap_counts_for_opening: bool = False
    """A jolly exchange counts towards the opening points ([W]: it does not)."""

    # --- opening ---
    opening_threshold: int = 0
    """Points the first laying must reach: 0 free ([G]), 40 (scala 40, [R]), 50 ([G], [W]), 51."""
    opening_joker_value: int | None = None
    """A jolly's opening value: ``None`` for the card it stands for ([G], [R]); or 20, 25, 30."""
    opening_counts_attachments: bool = True
    """Cards attached to others' melds in the opening turn count ([W]); not in scala 40."""
    opening_jokers: bool = True
    """Jolly cards may be used in the opening melds (carioca: not, [G])."""
    attach_before_opening: bool = True
    """A player who has not opened may attach cards (with a free opening, [G]; not in [R])."""
    rummy_on_first_turn: bool = True
    """Going out in one turn is allowed on the first round of turns ([G]; not in scala 40)."""

    # --- taking the discard ---
    discard_pickup: DiscardPickup = DiscardPickup.FREE
    """When the top discard may be taken ([R]: free; [G] with opening at 50 and [W]: to use)."""
    rediscard_taken_card: bool = False
    """The card taken from the discard pile may be discarded again the same turn ([G], [R]: no)."""
    attachable_discard: AttachableDiscard = AttachableDiscard.ALLOWED
    """A card that could be attached may be discarded (scala 40 tables: not with 3+ players)."""
    attachable_discard_min_players: int = 2
    """The ban on attachable discards applies at tables of at least this many players."""

    # --- going out ---
    final_discard: FinalDiscard = FinalDiscard.REQUIRED
    """Going out needs a last discard ([G]); optional in [R]."""
    rummy_bonus: RummyBonus = RummyBonus.DOUBLE
    """Going out in one turn: others doubled ([G]), +25 each ([T]), scempio ([W]), or nothing."""
    rummy_bonus_points: int = 25
    """Points each other player adds when ``rummy_bonus`` is ``add`` ([T]: 25)."""
    flush_close: bool = False
    """Going out with a hand all of one suit, shown after the draw ([G] "ramino con il colore")."""
    lay_after_close: bool = False
    """After a player goes out the others lay their combinations; laid cards do not count."""
    melding_during_play: bool = True
    """Melds are laid during play; if not, a player goes out by showing a fully melded hand."""
    imaginary_joker: bool = False
    """To go out a player may imagine one missing card as a jolly (pokerato immaginario, [G])."""
    own_card_joker: bool = False
    """With the imaginary jolly: one of the player's own cards, chosen as he goes out, acts as
    the jolly instead of an imagined card ([G] "another version")."""
    seven_of_a_kind_wins: bool = False
    """Seven cards of one rank without jokers win the whole match (Casertano's "ramino", [W])."""

    # --- stock exhausted ---
    restock: Restock = Restock.SHUFFLE
    """The discard pile less its top card becomes the stock: shuffled, or turned over ([G])."""
    max_restocks: int | None = None
    """Most restocks in a round, ``None`` for no limit ([R]: 2, then the round ends)."""
    max_turns: int = 500
    """Turns after which the round ends ([R]: 300); finite in every preset so rounds end."""
    on_round_cap: RoundCap = RoundCap.LOWEST_HAND_WINS
    """How a round stopped by a cap is scored ([R]: the lowest hand wins)."""

    # --- count and match ---
    ace_penalty: int = 11
    """An ace left in hand: 11 ([G], [W]); 1 in some houses ([G])."""
    joker_penalty: int = 25
    """A jolly left in hand: 25 ([G]); 20 or 30 ([W]); 50 (Casertano)."""
    rounding: Rounding = Rounding.NONE
    """Rounding of each hand's count ([W]: to tens)."""
    messa: int = 0
    """Fixed malus added to every loser of a round, 0 for none ([W]: 50)."""
    target: int | None = 101
    """The match's target score: 101 ([G]), 201, 300 ([W]), 110 (Casertano). Under a fixed
    number of rounds it is an exit score, whoever reaches it is out, and ``None`` (carioca's)
    for none; every other end needs it."""
    match_end: MatchEnd = MatchEnd.ELIMINATION
    """Elimination ([G]), first to the target ([G]), or a fixed number of rounds (carioca)."""
    match_rounds: int | None = None
    """Rounds in a match when ``match_end`` is ``fixed_rounds`` (carioca: 8)."""
    reentry: bool = False
    """An eliminated player may re-enter at the highest total among those still in ([G])."""
    max_reentries: int | None = None
    """Re-entries allowed to each player, ``None`` for no limit."""
    reentry_stake: int = 0
    """Stakes paid to re-enter (Casertano: a stake, [W])."""
    simultaneous_bust: SimultaneousBust = SimultaneousBust.ALL_OUT
    """Several players bust together: all are out ([G] FAQ)."""
    close_points: int = 0
    """Points the player who goes out scores: 0 ([G]); −10 in Casertano ([W])."""
    close_points_flush: int = 0
    """Points for going out with a flush ("colore"): Casertano −20 ([W])."""
    close_points_straight: int = 0
    """Points for going out with one run ("scala reale"): Casertano −50 ([W])."""
    close_credits: int = 0
    """Credits won by going out: Casertano 1 ([W])."""
    close_credits_flush: int = 0
    """Credits won by going out with a flush: Casertano 2 ([W])."""
    close_credits_straight: int = 0
    """Credits won by going out with one run: Casertano 5 ([W])."""

    # --- pokerato and carioca ---
    betting: Betting = Betting.NONE
    """Betting on the round (ramino pokerato: the blind and raises, [G])."""
    starting_chips: int = 100
    """Chips (*fiches*) each player starts a betting match with (RULES.md §6.1)."""
    blind: int = 1
    """Chips the player after the dealer puts in before any card is seen (*il buio*)."""
    raise_unit: int | None = None
    """Chips a raise (*rilancio*) adds to the highest stake, ``None`` for the blind."""
    max_raises: int | None = 3
    """Raises allowed in a hand, ``None`` for no limit (RULES.md §6.1: 3)."""
    flush_stake_multiplier: int = 1
    """Going out with a flush multiplies the stake (pokerato immaginario: ×2, [G])."""
    straight_flush_stake_multiplier: int = 1
    """Going out with a straight flush multiplies the stake (pokerato immaginario: ×4, [G])."""
    royal_stake_multiplier: int = 1
    """Going out with the scala reale 5 to K multiplies the stake (pokerato immaginario: ×6)."""
    contracts: tuple[Contract, ...] = ()
    """Carioca: each round's required opening, in order ([G])."""
    hand_stake: int = 0
    """Chips each player puts in each round's pot, taken by whoever goes out (carioca: 1)."""

    # --- gin rummy ---
    knock_limit: int | None = None
    """Going out by knocking (*bussare*): after the draw a player lays his melds and may keep
    unmatched cards (deadwood) worth at most this many points; ``None`` for no knocking (gin
    rummy: 10). Needs ``melding_during_play = false`` and two players."""
    oklahoma: bool = False
    """The knock limit is the value of the first upcard, an ace meaning gin only (Oklahoma
    gin)."""
    spade_upcard_doubles: bool = False
    """A hand whose first upcard is a spade (*picche*) counts double, bonuses included
    (Oklahoma gin)."""
    gin_bonus: int = 0
    """Points the knocker adds for knocking with no deadwood, *gin* (North American: 25;
    classic: 20)."""
    big_gin_bonus: int | None = None
    """Points the knocker adds, instead of the gin bonus, when every card of his hand after
    the draw melds and he lays them all without a discard, *big gin* (North American: 31);
    ``None`` where a knock always discards."""
    undercut_bonus: int = 0
    """Points the defender adds when his deadwood does not exceed the knocker's, an
    *undercut* (North American: 25; classic: 10). Gin is never undercut."""
    undercut_on_tie: bool = True
    """Equal deadwood is an undercut (most tables); if not, a tie scores nothing (OpenSpiel)."""
    layoffs: bool = True
    """After a knock the defender may lay off single cards onto the knocker's melds
    (never against gin)."""
    wall_stock: int | None = None
    """When the stock is down to this many cards, the player to draw may only knock with the
    top of the pile or pass, which makes the hand void; ``None`` for no wall (gin: 2)."""
    max_pile_takes: int | None = None
    """The hand is void at this take of the pile's card, the first upcard's offer apart;
    ``None`` for no cap (OpenSpiel's loop guard: 50)."""
    void_rethrows: int | None = None
    """The hand is void when this many discards running throw back the card just taken from
    the pile; ``None`` for no cap (OpenSpiel's loop guard: 2)."""
    box_bonus: int = 0
    """Under ``points_to_target``: points for each hand won (a *box*), added when the match
    ends (gin rummy: 25)."""
    game_bonus: int = 0
    """Under ``points_to_target``: points the winner of the match adds (gin rummy: 100)."""
    shutout_doubles: bool = False
    """Under ``points_to_target``: a winner whose opponents won no hand (a *shutout*) scores
    double, his points, boxes and game bonus together."""
    first_upcard_offer: bool = False
    """The first upcard is offered: the first player takes it or passes, then the dealer; if
    both pass, the first player draws from the stock (gin rummy)."""

    _hash: int = dataclasses.field(default=0, init=False, repr=False, compare=False)
    # Rules key every cache of the engine; hashing some seventy fields at each lookup cost more
    # than the lookups themselves, so the hash is worked out once (a value never changes).

    def __hash__(self) -> int:
        found = self._hash
        if not found:
            found = hash(tuple(getattr(self, name) for name in _COMPARED)) or 1
            object.__setattr__(self, "_hash", found)
        return found

    def __getstate__(self) -> list[object]:
        # A string's hash differs from one process to the next: never pickle the cached one.
        return [0 if name == "_hash" else getattr(self, name) for name in _FIELDS]

    def __post_init__(self) -> None:
        # Entries by player count are kept sorted, so equal rules compare equal.
        object.__setattr__(self, "deck_by_players", tuple(sorted(self.deck_by_players)))
        object.__setattr__(self, "hand_size_by_players", tuple(sorted(self.hand_size_by_players)))
        for problem in _contradictions(self):
            if problem.code in (Detail.OUT_OF_RANGE, Detail.BELOW_RANGE):
                # One number outside its range is a bad value, not knobs that contradict.
                name, value = problem.params["name"], problem.params["value"]
                raise RulesError(Reason.BAD_RULE_VALUE, key=name, value=value, expected=problem)
            raise RulesError(Reason.CONTRADICTORY_RULES, detail=problem)

    # --- derived values, for a given number of players ---

    def take_binds(self, opened_before: bool) -> bool:
        """Whether the card taken from the pozzo must go down in the turn it is taken, by a
        player who had opened before that turn or not: under must-use, and before the
        opening under ``to_open``.

        >>> from ramino.engine.presets import get_preset
        >>> get_preset("scala-40").take_binds(True), get_preset("classico").take_binds(False)
        (True, False)
        """
        pickup = self.discard_pickup
        return pickup is DiscardPickup.MUST_USE or (
            pickup is DiscardPickup.TO_OPEN and not opened_before
        )

    def deck_for(self, players: int) -> tuple[int, int]:
        """``(decks, jokers)`` for a table of ``players``.

        >>> from ramino.engine.presets import get_preset
        >>> get_preset("rami-40").deck_for(4), get_preset("rami-40").deck_for(5)
        ((2, 4), (3, 4))
        """
        decks, jokers = self.decks, self.jokers
        for entry in sorted(self.deck_by_players):
            if players >= entry.from_players:
                decks, jokers = entry.decks, entry.jokers
        return decks, jokers

    def hand_size_for(self, players: int) -> int:
        """Cards dealt to each of ``players``."""
        size = self.hand_size
        for entry in sorted(self.hand_size_by_players):
            if players >= entry.from_players:
                size = entry.cards
        return size

    def deck_size_for(self, players: int) -> int:
        """Number of cards in the deck for ``players``."""
        decks, jokers = self.deck_for(players)
        return 52 * decks + jokers

    def stock_for(self, players: int) -> int:
        """Cards left in the tallone once ``players`` hands and the upcard are dealt."""
        return self.deck_size_for(players) - players * self.hand_size_for(players) - 1

    def seats(self, players: int) -> bool:
        """Whether the rules deal a table of ``players``: within ``max_players``, and with a
        tallone of at least :data:`STOCK_PER_PLAYER` cards a player after the deal ([W]: with
        14 cards a hand and 108 cards, no more than 5 players).

        >>> from dataclasses import replace
        >>> [replace(Rules(), hand_size=14).seats(n) for n in (5, 6)]
        [True, False]
        """
        return (
            self.min_players <= players <= self.max_players
            and self.stock_for(players) >= STOCK_PER_PLAYER * players
        )

    def seat_refusal(self, players: int) -> tuple[Reason, dict[str, Any]] | None:
        """Why the rules do not deal a table of ``players`` (a reason and its values), or
        ``None`` when they do."""
        if players < self.min_players:
            return Reason.TOO_FEW_PLAYERS, {"limit": self.min_players, "count": players}
        if players > self.max_players:
            return Reason.TOO_MANY_PLAYERS, {"limit": self.max_players, "count": players}
        if self.seats(players):
            return None
        size, stock = self.hand_size_for(players), self.stock_for(players)
        why = Phrase(
            Detail.STOCK_TOO_SMALL,
            cards=size,
            players=players,
            stock=stock,
            least=STOCK_PER_PLAYER,
        )
        return Reason.TOO_MANY_PLAYERS, {"limit": self.most_players, "count": players, "why": why}

    @property
    def most_players(self) -> int:
        """The largest table the rules deal (see :meth:`seats`); below ``min_players`` when
        none is dealt."""
        for players in range(self.max_players, self.min_players - 1, -1):
            if self.seats(players):
                return players
        return self.min_players - 1

    def attachable_discard_forbidden(self, players: int) -> bool:
        """Whether a card that could be attached may not be discarded at this table."""
        return (
            self.attachable_discard is AttachableDiscard.FORBIDDEN
            and players >= self.attachable_discard_min_players
        )

    def knobs(self) -> dict[str, object]:
        """Every knob and its value, JSON-ready (enums by value, tuples as lists)."""
        out: dict[str, object] = {}
        for name in knob_names():
            out[name] = _plain(getattr(self, name))
        return out


def _plain(value: object) -> object:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, DeckSize | HandSize):
        return value._asdict()
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def knob_names() -> tuple[str, ...]:
    """The names of every knob, in the order of the specification."""
    return _KNOBS


_KNOBS = tuple(f.name for f in dataclasses.fields(Rules) if f.name != "name" and f.name[0] != "_")

#: The knobs of gin rummy, added after records were first written: a record writes each of
#: them only where it differs from its default, so that every earlier record keeps its text.
GIN_KNOBS: dict[str, object] = {
    f.name: f.default
    for f in dataclasses.fields(Rules)
    if f.name
    in (
        "run_max",
        "knock_limit",
        "oklahoma",
        "spade_upcard_doubles",
        "gin_bonus",
        "big_gin_bonus",
        "undercut_bonus",
        "undercut_on_tie",
        "layoffs",
        "wall_stock",
        "max_pile_takes",
        "void_rethrows",
        "first_upcard_offer",
        "box_bonus",
        "game_bonus",
        "shutout_doubles",
    )
}
_FIELDS = tuple(f.name for f in dataclasses.fields(Rules))
_COMPARED = tuple(f.name for f in dataclasses.fields(Rules) if f.compare)


class KnobRange(NamedTuple):
    """The numbers a knob may hold, and why those: every bound leaves room for any real table."""

    low: int
    high: int
    why: Detail
    """Why the bounds (the catalogue words it)."""


# Outside these bounds a table cannot be dealt (the deck, the hands), would not end in any
# reasonable time (targets, caps), or asks for searches no table needs; inside them the
# engine's worst decisions are measured by bench/extreme_rules.py.
_MAX_DECKS = 4
_MAX_JOKERS = 12
_MAX_PLAYERS = 12
_MAX_HAND = 20
_MAX_POINTS = 10_000
_MAX_TURNS = 10_000

_PACKS = Detail.RANGE_PACKS
_JOLLIES = Detail.RANGE_JOKERS
_SEATS = Detail.RANGE_SEATS
_HAND = Detail.RANGE_HAND
_POINTS = Detail.RANGE_POINTS
_TURNS = Detail.RANGE_TURNS
_CREDITS = Detail.RANGE_CREDITS
_MAX_CHIPS = 1_000_000
_CHIPS = Detail.RANGE_CHIPS
_STAKES = Detail.RANGE_STAKES

#: The range of every number a knob holds (``None``, where allowed, is outside any range:
#: no limit). Entries by player count are checked field by field against the same ranges.
KNOB_RANGES: dict[str, KnobRange] = {
    "decks": KnobRange(1, _MAX_DECKS, _PACKS),
    "jokers": KnobRange(0, _MAX_JOKERS, _JOLLIES),
    "min_players": KnobRange(2, _MAX_PLAYERS, _SEATS),
    "max_players": KnobRange(2, _MAX_PLAYERS, _SEATS),
    "hand_size": KnobRange(1, _MAX_HAND, _HAND),
    "max_jokers_per_meld": KnobRange(
        1,
        _MAX_JOKERS,
        Detail.RANGE_JOKERS_PER_MELD,
    ),
    "min_natural_cards": KnobRange(1, 3, Detail.RANGE_NATURALS),
    "set_max": KnobRange(
        3,
        4 * _MAX_DECKS + _MAX_JOKERS,
        Detail.RANGE_SET,
    ),
    "opening_threshold": KnobRange(
        0,
        100,
        Detail.RANGE_OPENING,
    ),
    "opening_joker_value": KnobRange(0, _MAX_POINTS, _POINTS),
    "attachable_discard_min_players": KnobRange(2, _MAX_PLAYERS, _SEATS),
    "rummy_bonus_points": KnobRange(0, _MAX_POINTS, _POINTS),
    "max_restocks": KnobRange(0, _MAX_TURNS, _TURNS),
    "max_turns": KnobRange(1, _MAX_TURNS, _TURNS),
    "ace_penalty": KnobRange(0, _MAX_POINTS, _POINTS),
    "joker_penalty": KnobRange(0, _MAX_POINTS, _POINTS),
    "messa": KnobRange(0, _MAX_POINTS, _POINTS),
    "target": KnobRange(1, _MAX_POINTS, _POINTS),
    "match_rounds": KnobRange(
        1,
        1000,
        Detail.RANGE_MATCH_ROUNDS,
    ),
    "max_reentries": KnobRange(
        0,
        100,
        Detail.RANGE_REENTRIES,
    ),
    "reentry_stake": KnobRange(0, _MAX_POINTS, _CREDITS),
    "close_points": KnobRange(-_MAX_POINTS, _MAX_POINTS, _POINTS),
    "close_points_flush": KnobRange(-_MAX_POINTS, _MAX_POINTS, _POINTS),
    "close_points_straight": KnobRange(-_MAX_POINTS, _MAX_POINTS, _POINTS),
    "close_credits": KnobRange(0, _MAX_POINTS, _CREDITS),
    "close_credits_flush": KnobRange(0, _MAX_POINTS, _CREDITS),
    "close_credits_straight": KnobRange(0, _MAX_POINTS, _CREDITS),
    "starting_chips": KnobRange(1, _MAX_CHIPS, _CHIPS),
    "blind": KnobRange(1, _MAX_CHIPS, _CHIPS),
    "raise_unit": KnobRange(1, _MAX_CHIPS, _CHIPS),
    "max_raises": KnobRange(
        0,
        100,
        Detail.RANGE_RAISES,
    ),
    "hand_stake": KnobRange(0, _MAX_CHIPS, _CHIPS),
    "flush_stake_multiplier": KnobRange(1, 100, _STAKES),
    "straight_flush_stake_multiplier": KnobRange(1, 100, _STAKES),
    "royal_stake_multiplier": KnobRange(1, 100, _STAKES),
    "knock_limit": KnobRange(0, 100, _POINTS),
    "run_max": KnobRange(3, 13, Detail.RANGE_RUN),
    "gin_bonus": KnobRange(0, _MAX_POINTS, _POINTS),
    "big_gin_bonus": KnobRange(0, _MAX_POINTS, _POINTS),
    "undercut_bonus": KnobRange(0, _MAX_POINTS, _POINTS),
    "wall_stock": KnobRange(0, 52 * _MAX_DECKS, _TURNS),
    "max_pile_takes": KnobRange(1, _MAX_TURNS, _TURNS),
    "box_bonus": KnobRange(0, _MAX_POINTS, _POINTS),
    "game_bonus": KnobRange(0, _MAX_POINTS, _POINTS),
    "void_rethrows": KnobRange(1, _MAX_TURNS, _TURNS),
}
# The fields of the entries by player count, and the knob whose range each one shares.
_ENTRY_RANGES = {
    "from_players": "max_players",
    "decks": "decks",
    "jokers": "jokers",
    "cards": "hand_size",
}


def _numbers(r: Rules) -> Iterator[tuple[str, int, KnobRange]]:
    """Every number the knobs hold, named as a rules file writes it, with its range."""
    for name, limits in KNOB_RANGES.items():
        value = getattr(r, name)
        if value is not None:
            yield name, value, limits
    for name in ("deck_by_players", "hand_size_by_players"):
        entries: tuple[DeckSize | HandSize, ...] = getattr(r, name)
        for k, entry in enumerate(entries):
            for field, value in entry._asdict().items():
                yield f"{name}[{k}].{field}", value, KNOB_RANGES[_ENTRY_RANGES[field]]


#: The most entries a list knob holds: a bound every real table is far within, so that no
#: list makes the rules (and every description of them) large.
LIST_LENGTHS: dict[str, KnobRange] = {
    "contracts": KnobRange(
        0,
        16,
        Detail.RANGE_CONTRACTS,
    ),
    "deck_by_players": KnobRange(
        0,
        _MAX_PLAYERS - 1,
        Detail.RANGE_ENTRIES,
    ),
    "hand_size_by_players": KnobRange(
        0,
        _MAX_PLAYERS - 1,
        Detail.RANGE_ENTRIES,
    ),
}


def _out_of_range(r: Rules) -> list[Phrase]:
    out = []
    for name, (_, most, why) in LIST_LENGTHS.items():
        count = len(getattr(r, name))
        if count > most:
            # Said at once: the entries of a list too long are not read one by one.
            return [
                Phrase(Detail.TOO_MANY_ENTRIES, name=name, most=most, count=count, why=Phrase(why))
            ]
    for name, value, (low, high, why) in _numbers(r):
        if value > high:
            out.append(
                Phrase(
                    Detail.OUT_OF_RANGE,
                    name=name,
                    low=low,
                    high=high,
                    value=value,
                    why=Phrase(why),
                )
            )
        elif value < low:
            # The reasons given for the ranges are those of their upper ends.
            out.append(Phrase(Detail.BELOW_RANGE, name=name, low=low, high=high, value=value))
    return out


def _contradictions(r: Rules) -> list[Phrase]:
    # Each number in its range first: the checks of combinations below count with them.
    p = _out_of_range(r)
    if p:
        return p

    def bad(why: Detail, **values: Any) -> None:
        p.append(Phrase(why, **values))

    if r.max_players < r.min_players:
        bad(Detail.MAX_BELOW_MIN, most=r.max_players, least=r.min_players)
    for entries in (r.deck_by_players, r.hand_size_by_players):
        starts = [e[0] for e in entries]
        if len(set(starts)) != len(starts):
            bad(Detail.TWO_ENTRIES_SAME_COUNT, starts=str(starts))
    # Every table the rules allow can be dealt: each hand, the upcard and a card to draw.
    for n in range(r.min_players, r.max_players + 1):
        need = n * r.hand_size_for(n) + 2
        have = r.deck_size_for(n)
        if have < need:
            bad(Detail.DECK_TOO_SMALL, players=n, cards=r.hand_size_for(n), need=need, have=have)
            break
    if r.set_suits is SetSuits.DISTINCT and r.set_max is not None and r.set_max > 4:
        bad(Detail.SET_TOO_LARGE_FOR_SUITS, set_max=r.set_max)
    if r.run_wrap and r.ace_in_runs is AceInRuns.LOW_ONLY:
        bad(Detail.WRAP_NEEDS_HIGH_ACE)
    if not r.melding_during_play and r.opening_threshold > 0:
        bad(Detail.NO_OPENING_WITHOUT_MELDING)
    if not r.melding_during_play and r.discard_pickup in (
        DiscardPickup.OPENED,
        DiscardPickup.TO_OPEN,
    ):
        # Nobody opens where melds are shown only at the close: a pozzo tied to it means nothing.
        bad(Detail.PICKUP_NEEDS_OPENING, value=r.discard_pickup.value)
    if r.joker_swap_waits_a_turn and not r.joker_swap_needs_opened:
        bad(Detail.SWAP_WAIT_NEEDS_OPENED)
    if r.rummy_bonus is RummyBonus.SCEMPIO and r.messa <= 0:
        bad(Detail.SCEMPIO_NEEDS_MESSA)
    if r.match_end is MatchEnd.FIXED_ROUNDS and r.match_rounds is None:
        bad(Detail.FIXED_ROUNDS_NEED_COUNT)
    if r.target is None and r.match_end is not MatchEnd.FIXED_ROUNDS:
        bad(Detail.TARGET_NEEDED)
    if r.match_rounds is not None and r.match_end is not MatchEnd.FIXED_ROUNDS:
        bad(Detail.ROUNDS_ONLY_FIXED)
    if r.contracts and r.match_rounds is not None and len(r.contracts) != r.match_rounds:
        bad(Detail.CONTRACTS_NOT_ROUNDS, contracts=len(r.contracts), rounds=r.match_rounds)
    if r.betting is not Betting.NONE:
        if r.match_end is not MatchEnd.FIXED_ROUNDS:
            bad(Detail.BETTING_FIXED_ROUNDS)
        if r.joker_upcard is JokerUpcard.TO_FIRST_PLAYER:
            bad(Detail.BETTING_JOKER_REBURY)
        if r.blind > r.starting_chips:
            bad(Detail.BLIND_OVER_CHIPS, blind=r.blind, chips=r.starting_chips)
    if r.contracts and (r.opening_threshold or not r.melding_during_play):
        bad(Detail.CONTRACTS_OPENING)
    if r.hand_stake and r.betting is not Betting.NONE:
        bad(Detail.BETTING_NO_STAKE)
    if r.own_card_joker and not r.imaginary_joker:
        bad(Detail.OWN_CARD_NEEDS_IMAGINARY)
    if r.imaginary_joker and (r.melding_during_play or r.jokers or r.deck_by_players):
        bad(Detail.IMAGINARY_NO_JOKERS)
    if r.seven_of_a_kind_wins and min([r.decks, *(e.decks for e in r.deck_by_players)]) * 4 < 7:
        bad(Detail.SEVEN_NEEDS_TWO_PACKS)
    if r.knock_limit is not None and (
        r.melding_during_play or r.max_players != 2 or r.betting is not Betting.NONE
    ):
        bad(Detail.KNOCK_NEEDS_TWO_NO_MELDING)
    if r.knock_limit is None and (
        r.oklahoma
        or r.spade_upcard_doubles
        or r.big_gin_bonus is not None
        or r.wall_stock is not None
        or r.run_max
    ):
        bad(Detail.GIN_KNOBS_NEED_KNOCK)
    if r.match_end is MatchEnd.POINTS_TO_TARGET and r.knock_limit is None:
        bad(Detail.POINTS_NEED_KNOCK)
    if r.knock_limit is not None and r.rounding is not Rounding.NONE:
        # Deadwood decides the knock, gin and the undercut: counted exact, never rounded.
        bad(Detail.KNOCK_NOT_ROUNDED)
    return p
