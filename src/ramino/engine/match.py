"""The match (*partita*) and its score sheet (*foglio dei punti*): totals round after round,
elimination at the target, re-entry (*rientro*), the messa level, credits and the winner.

A :class:`Match` takes one :class:`RoundResult` per round; it validates the result completely
before changing anything, so a refused result leaves the sheet exactly as it was.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from .cards import Card
from .deck import check_in_deck
from .errors import Detail, Phrase, Reason, ScoreError
from .presets import get_preset
from .rules import Betting, Direction, MatchEnd, Rules
from .scoring import Closing, hand_count, score_round
from .text import writable

#: The most points a hand counts when written as a number (on a score sheet): no hand of any
#: rules comes near it, and it keeps every total printable (Python writes no int past 4300
#: digits).
MAX_HAND_POINTS = 1_000_000


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a round (*smazzata*) ended: who went out and what the others hold.

    ``hands`` maps each other active player to his raw points or to the cards left in his
    hand (counted by the rules). ``out`` is ``None`` when a cap (``max_turns``,
    ``max_restocks``) ended the round; then ``hands`` covers every active player.

    >>> from ramino.engine.cards import parse_cards
    >>> RoundResult("Bruno", {"Anna": parse_cards("AS QC 8H 7C"), "Carla": 14}).out
    'Bruno'
    """

    out: str | None
    hands: Mapping[str, int | Sequence[Card]]
    in_one_turn: bool = False
    """The closer went out in one turn (*chiusura in mano*, "ramino")."""
    closing: Closing = Closing.SIMPLE
    chips: Mapping[str, int] | None = None
    """Under rules with betting (pokerato): the chips each player dealt in won (positive)
    or lost (negative) in the hand."""
    on_table: int = 0
    """Under rules with betting: the chips the hand left on the table for the next one
    (every pot, when nobody went out), those left by earlier hands included."""
    points: Mapping[str, int] | None = None
    """Under ``match_end = points_to_target`` (gin rummy): the points each player won in the
    hand."""
    dealer: str | None = None
    """The round's dealer (*mazziere*), where known: chips shared out at the end of a match
    played for chips go one odd chip each to the first players after him (RULES.md §6.1);
    ``None``: from the first player in seat order."""


@dataclass(frozen=True, slots=True)
class RoundSheet:
    """One line of the score sheet."""

    number: int
    """The round's number, from 1."""
    out: str | None
    in_one_turn: bool
    closing: Closing
    hand_points: Mapping[str, int]
    """The raw count of each counted hand."""
    scores: Mapping[str, int]
    """What each player adds this round (after rounding, bonus, messa; the closer's points)."""
    totals: Mapping[str, int]
    """Every player's total after the round, eliminated players included."""
    eliminated: tuple[str, ...]
    """Players out of the match in this round."""
    reentered: tuple[str, ...]
    """Players who re-entered before this round."""
    messa: int
    """The messa added to each loser this round (0 if none)."""
    credits: Mapping[str, int]
    """Credits won this round."""
    chips: Mapping[str, int] | None = None
    """Under rules with betting: the chips each player won or lost this round."""
    chip_totals: Mapping[str, int] | None = None
    """Under rules with betting: every player's chips after the round."""
    on_table: int = 0
    """Under rules with betting: chips left on the table for the next round."""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form of the line."""
        return {
            "number": self.number,
            "out": self.out,
            "in_one_turn": self.in_one_turn,
            "closing": self.closing.value,
            "hand_points": dict(self.hand_points),
            "scores": dict(self.scores),
            "totals": dict(self.totals),
            "eliminated": list(self.eliminated),
            "reentered": list(self.reentered),
            "messa": self.messa,
            "credits": dict(self.credits),
            "chips": None if self.chips is None else dict(self.chips),
            "chip_totals": None if self.chip_totals is None else dict(self.chip_totals),
            "on_table": self.on_table,
        }


@dataclass(frozen=True, slots=True)
class Reentry:
    """A re-entry (*rientro*): after ``after_round`` rounds, ``player`` came back in, his total
    raised from ``previous_total`` to ``total``, for ``stake`` stakes."""

    player: str
    after_round: int
    previous_total: int
    total: int
    stake: int

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form of the re-entry."""
        return {
            "player": self.player,
            "after_round": self.after_round,
            "previous_total": self.previous_total,
            "total": self.total,
            "stake": self.stake,
        }


class Match:
    """A match under ``rules``, fed one round result at a time.

    The 101 match in three of the players' guide ([G]):

    >>> m = Match(["Anna", "Bruno", "Carla"], Rules())
    >>> for out, hands, one_turn in [
    ...     ("Anna", {"Bruno": 42, "Carla": 14}, False),
    ...     ("Bruno", {"Anna": 31, "Carla": 27}, False),
    ...     ("Carla", {"Anna": 18, "Bruno": 36}, False),
    ...     ("Carla", {"Anna": 23, "Bruno": 12}, True),
    ... ]:
    ...     sheet = m.record(RoundResult(out, hands, in_one_turn=one_turn))
    >>> sheet.scores, m.totals, m.eliminated
    ({'Carla': 0, 'Anna': 46, 'Bruno': 24}, {'Anna': 95, 'Bruno': 102, 'Carla': 41}, ('Bruno',))
    >>> m.record(RoundResult("Anna", {"Carla": 64})).eliminated
    ('Carla',)
    >>> m.is_over, m.winner, m.standing()
    (True, 'Anna', ['Anna', 'Carla', 'Bruno'])
    """

    players: tuple[str, ...]
    rules: Rules

    def __init__(self, players: Sequence[str], rules: Rules | str) -> None:
        if isinstance(players, str):
            # A name alone is no list of players: "AB" would seat A and B.
            raise TypeError(f"players are a list of names, not the text {players!r}")
        if isinstance(rules, str):
            rules = get_preset(rules)
        names = tuple(players)
        seen: set[str] = set()
        for name in names:
            if not isinstance(name, str) or not name.strip():
                raise ScoreError(
                    Reason.BAD_ROUND_RESULT,
                    detail=Phrase(Detail.PLAYER_NEEDS_NAME, name=name),
                )
            if not writable(name):
                # A lone surrogate (undecodable bytes of a command line): no save could hold it.
                raise ScoreError(
                    Reason.BAD_ROUND_RESULT,
                    detail=Phrase(Detail.NAME_NOT_WRITABLE, name=name),
                )
            if name in seen:
                raise ScoreError(Reason.DUPLICATE_PLAYER, player=name)
            seen.add(name)
        refusal = rules.seat_refusal(len(names))
        if refusal is not None:
            reason, params = refusal
            raise ScoreError(reason, **params)
        self.players = names
        self.rules = rules
        self._totals: dict[str, int] = dict.fromkeys(names, 0)
        self._credits: dict[str, int] = dict.fromkeys(names, 0)
        self._stakes: dict[str, int] = dict.fromkeys(names, 0)
        self._reentry_count: dict[str, int] = dict.fromkeys(names, 0)
        # Round in which each eliminated player left (the latest time, after a re-entry).
        self._left_in: dict[str, int] = {}
        self._rounds: list[RoundSheet] = []
        self._reentries: list[Reentry] = []
        self._pending_reentries: list[str] = []
        self._messa_level = rules.messa
        # Under rules with betting (pokerato) the match is played for chips.
        self._betting = rules.betting is not Betting.NONE
        # Played for chips (pokerato) from starting_chips; a stake each round (carioca) from 0.
        self._chip_ledger = self._betting or rules.hand_stake > 0
        self._chips: dict[str, int] = dict.fromkeys(
            names, rules.starting_chips if self._betting else 0
        )
        self._on_table = 0
        self._over = False
        self._winner: str | None = None
        # Hands won by each player (gin rummy's boxes), where each hand's points go to its
        # winner.
        self._boxes: dict[str, int] = dict.fromkeys(names, 0)

    def __repr__(self) -> str:
        return f"<Match {list(self.players)} rounds={len(self._rounds)} totals={self._totals}>"

    # --- the state ---

    @property
    def rounds(self) -> tuple[RoundSheet, ...]:
        """The score sheet: one line per round recorded."""
        return tuple(self._rounds)

    @property
    def reentries(self) -> tuple[Reentry, ...]:
        """Every re-entry, in order."""
        return tuple(self._reentries)

    @property
    def totals(self) -> dict[str, int]:
        """Every player's total, in seat order (a copy)."""
        return dict(self._totals)

    @property
    def active(self) -> tuple[str, ...]:
        """Players still in the match, in seat order."""
        return tuple(p for p in self.players if p not in self._left_in)

    @property
    def eliminated(self) -> tuple[str, ...]:
        """Players out of the match (*sballati*), in seat order."""
        return tuple(p for p in self.players if p in self._left_in)

    @property
    def is_over(self) -> bool:
        """True once the match has ended (with a winner, or drawn)."""
        return self._over

    @property
    def short_handed(self) -> bool:
        """Fewer players are still in than the rules' ``min_players``: no round can be dealt.

        The match waits only for re-entries that could fill the table again; it ends when
        they are closed (:meth:`close_reentries`), or at once if no re-entry could.
        """
        return not self._over and len(self.active) < self.rules.min_players

    @property
    def winner(self) -> str | None:
        """The winner once the match is over; ``None`` while it goes on or after a draw."""
        return self._winner

    @property
    def credits(self) -> dict[str, int]:
        """Credits won by each player (Casertano), a copy."""
        return dict(self._credits)

    @property
    def stakes(self) -> dict[str, int]:
        """Stakes each player paid to re-enter, a copy."""
        return dict(self._stakes)

    @property
    def chips(self) -> dict[str, int] | None:
        """Under rules with betting, every player's chips (*fiches*), a copy; else ``None``."""
        return dict(self._chips) if self._chip_ledger else None

    @property
    def on_table(self) -> int:
        """Chips left on the table by hands nobody won, for the next hand's winner."""
        return self._on_table

    @property
    def messa_level(self) -> int:
        """The messa the losers of the next round will add (0 without messa)."""
        return self._messa_level

    def result(self, lang: str = "it") -> str | None:
        """Who won, in a sentence, once the match is over (``None`` while it goes on).

        >>> m = Match(["Anna", "Bruno"], Rules(target=50))
        >>> m.result() is None
        True
        >>> _ = m.record(RoundResult("Anna", {"Bruno": 60}))
        >>> m.result(), m.result("en")
        ('Vince Anna, con 0.', 'Anna wins, with 0.')
        """
        outcome = self.outcome()
        return None if outcome is None else outcome.message(lang)

    def outcome(self) -> Phrase | None:
        """Who won, as the values a sentence words, once the match is over (``None`` while it
        goes on).

        >>> m = Match(["Anna", "Bruno"], Rules(target=50))
        >>> _ = m.record(RoundResult("Anna", {"Bruno": 60}))
        >>> m.outcome()
        Phrase('won_with_points', winner='Anna', points=0)
        """
        if self._winner is not None and self._betting:
            chips = self._chips[self._winner]
            return Phrase(Detail.WON_WITH_CHIPS, winner=self._winner, chips=chips)
        if self._winner is not None:
            points = self._totals[self._winner]
            return Phrase(Detail.WON_WITH_POINTS, winner=self._winner, points=points)
        if self._over:
            return Phrase(Detail.MATCH_DRAWN)
        return None

    def standing(self) -> list[str]:
        """Players from best to worst.

        The winner first; then players still in, lower total first; then the eliminated, the
        latest to leave first (lower total first among those who left in the same round).
        Remaining ties keep seat order.
        """
        seat = {p: i for i, p in enumerate(self.players)}
        if self._betting:
            # Played for chips: most chips first, whoever is still in or not.
            by_chips = sorted(self.players, key=lambda p: (-self._chips[p], seat[p]))
            if self._winner is not None:
                by_chips.remove(self._winner)
                by_chips.insert(0, self._winner)
            return by_chips
        # Where each hand's points go to its winner (gin rummy), the higher total is better.
        sign = -1 if self.rules.match_end is MatchEnd.POINTS_TO_TARGET else 1
        active = sorted(self.active, key=lambda p: (sign * self._totals[p], seat[p]))
        gone = sorted(self.eliminated, key=lambda p: (-self._left_in[p], self._totals[p], seat[p]))
        order = active + gone
        if self._winner is not None:
            order.remove(self._winner)
            order.insert(0, self._winner)
        return order

    # --- recording a round ---

    def check(self, result: RoundResult) -> None:
        """Raise :class:`ScoreError` if ``result`` cannot be recorded now; change nothing."""
        self._counts(result)
        self._chip_changes(result)

    def can_record(self, result: RoundResult) -> bool:
        """Whether ``result`` would be accepted."""
        try:
            self.check(result)
        except ScoreError:
            return False
        return True

    def record(self, result: RoundResult) -> RoundSheet:
        """Validate ``result`` completely, score it and append its line to the sheet.

        On any error raise :class:`ScoreError` and leave the match unchanged.
        """
        hand_points = self._counts(result)
        if self.rules.match_end is MatchEnd.POINTS_TO_TARGET:
            return self._record_points(result, hand_points)
        net = self._chip_changes(result)
        if self._betting:
            return self._record_chips(result, hand_points, net)
        count = score_round(
            hand_points,
            self.rules,
            out=result.out,
            in_one_turn=result.in_one_turn,
            closing=result.closing,
            messa_level=self._messa_level,
        )
        number = len(self._rounds) + 1
        totals = dict(self._totals)
        for name, score in count.scores.items():
            totals[name] += score
        active = self.active
        over, winner, busted = self._ending(result, totals, active, number)
        stakes, chips, on_table = self._stakes_of(result, active, over, busted)

        # Everything is computed: from here on nothing can fail.
        self._totals = totals
        for name, won in count.credits.items():
            self._credits[name] += won
        for name in busted:
            self._left_in[name] = number
        self._messa_level = count.next_messa
        self._chips, self._on_table = chips, on_table
        self._over, self._winner = over, winner
        sheet = RoundSheet(
            number=number,
            out=result.out,
            in_one_turn=result.in_one_turn,
            closing=result.closing,
            hand_points=hand_points,
            scores=count.scores,
            totals=dict(totals),
            eliminated=busted,
            reentered=tuple(self._pending_reentries),
            messa=count.messa,
            credits=count.credits,
            chips=stakes,
            chip_totals=dict(chips) if stakes is not None else None,
            on_table=on_table,
        )
        self._pending_reentries = []
        self._rounds.append(sheet)
        return sheet

    @property
    def boxes(self) -> dict[str, int]:
        """Hands won by each player, where each hand's points go to its winner (gin rummy)."""
        return dict(self._boxes)

    def _record_points(self, result: RoundResult, hand_points: dict[str, int]) -> RoundSheet:
        """A hand whose points go to its winner (gin rummy): the match ends when a total
        reaches the target; then each player adds ``box_bonus`` for each hand he won, and
        the one who reached the target, the game bonus, doubling his total where the rules
        say (``shutout_doubles``) if his opponents won no hand. The highest total then wins
        (many small hands can outweigh the game bonus); on equal totals, the one who
        reached the target."""
        rules = self.rules
        points = result.points
        if (
            not isinstance(points, Mapping)
            or sorted(points) != sorted(self.active)
            or any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in points.values())
        ):
            raise ScoreError(Reason.BAD_ROUND_RESULT, detail=Phrase(Detail.POINTS_BY_PLAYER))
        number = len(self._rounds) + 1
        scores = {p: points[p] for p in self.players}
        totals = {p: self._totals[p] + scores[p] for p in self.players}
        boxes = {p: self._boxes[p] + (scores[p] > 0) for p in self.players}
        target = rules.target
        assert target is not None  # Rules: only a fixed number of rounds goes without it
        over = any(total >= target for total in totals.values())
        winner = None
        if over:
            # The game bonus goes to the highest total, the one that reached the target (a
            # hand's winner alone scores); to nobody on equal totals.
            reached = _highest(self.players, totals)
            for p in self.players:
                bonus = rules.box_bonus * boxes[p] + (rules.game_bonus if p == reached else 0)
                scores[p] += bonus
                totals[p] += bonus
            shutout = not any(boxes[p] for p in self.players if p != reached)
            if rules.shutout_doubles and reached is not None and shutout:
                scores[reached] += totals[reached]
                totals[reached] *= 2
            winner = _highest(self.players, totals) or reached
        self._totals, self._boxes = totals, boxes
        self._over, self._winner = over, winner
        sheet = RoundSheet(
            number=number,
            out=result.out,
            in_one_turn=result.in_one_turn,
            closing=result.closing,
            hand_points=hand_points,
            scores=scores,
            totals=dict(totals),
            eliminated=(),
            reentered=(),
            messa=0,
            credits={},
        )
        self._rounds.append(sheet)
        return sheet

    def _stakes_of(
        self, result: RoundResult, active: tuple[str, ...], over: bool, busted: Sequence[str]
    ) -> tuple[dict[str, int] | None, dict[str, int], int]:
        """The round's stake (carioca's ``hand_stake``): each player dealt in puts it in the
        pot, whoever goes out takes the pot; nobody out, it stays on the table for the next
        round, and at the end of the match those still in share it. What each one won, every
        player's chips after the round, and the chips left on the table."""
        stake = self.rules.hand_stake
        chips = dict(self._chips)
        if not stake:
            return None, chips, self._on_table
        pot = stake * len(active) + self._on_table
        won = dict.fromkeys(active, -stake)
        on_table = pot
        if result.out is not None:
            won[result.out] += pot
            on_table = 0
        left = [p for p in active if p not in busted]
        if over and on_table and left:
            share, odd = divmod(on_table, len(left))
            for k, name in enumerate(left):
                won[name] += share + (k < odd)
            on_table = 0
        for name, change in won.items():
            chips[name] += change
        return won, chips, on_table

    def _record_chips(
        self, result: RoundResult, hand_points: dict[str, int], net: dict[str, int]
    ) -> RoundSheet:
        """Record a hand played for chips (RULES.md §6.1): who cannot post the blind is out
        (he keeps what he holds); the match ends after ``match_rounds`` hands, or when fewer
        players can post it than a hand needs; most chips wins."""
        number = len(self._rounds) + 1
        chips = dict(self._chips)
        for name, change in net.items():
            chips[name] += change
        on_table = result.on_table
        # RULES.md §6.1: a player who cannot post a blind is out.
        busted = tuple(p for p in self.active if chips[p] < self.rules.blind)
        left = [p for p in self.active if p not in busted]
        rounds = self.rules.match_rounds
        over = len(left) < self.rules.min_players or (rounds is not None and number >= rounds)
        # The match ends with chips on the table: the players still in share them as a side
        # pot is shared, the odd chips one each to the first of them after the dealer; if
        # the hand left nobody with chips, those dealt in it, who put them there (RULES.md
        # §6.1: no chip is lost).
        sharers = self._after_dealer(result.dealer, left or list(self.active))
        if over and on_table and sharers:
            share, odd = divmod(on_table, len(sharers))
            for k, name in enumerate(sharers):
                chips[name] += share + (k < odd)
            on_table = 0

        # Everything is computed: from here on nothing can fail.
        self._chips = chips
        self._on_table = on_table
        for name in busted:
            self._left_in[name] = number
        winner = None
        if over:
            best = max(chips.values())
            richest = [p for p in self.players if chips[p] == best]
            winner = richest[0] if len(richest) == 1 else None
        self._over, self._winner = over, winner
        sheet = RoundSheet(
            number=number,
            out=result.out,
            in_one_turn=result.in_one_turn,
            closing=result.closing,
            hand_points=hand_points,
            scores=dict.fromkeys(hand_points, 0),
            totals=dict(self._totals),
            eliminated=busted,
            reentered=(),
            messa=0,
            credits={},
            chips=net,
            chip_totals=dict(chips),
            on_table=on_table,
        )
        self._rounds.append(sheet)
        return sheet

    def _after_dealer(self, dealer: str | None, among: Sequence[str]) -> list[str]:
        """The players ``among``, from the first after ``dealer`` in the order of play (seat
        order when the dealer is not known)."""
        if dealer is None:
            return list(among)
        players = self.players
        step = 1 if self.rules.direction is Direction.CLOCKWISE else -1
        at = players.index(dealer)
        around = [players[(at + k * step) % len(players)] for k in range(1, len(players) + 1)]
        return [p for p in around if p in among]

    def _chip_changes(self, result: RoundResult) -> dict[str, int]:
        """Validate the chips of ``result``: each player dealt in once, none left below zero,
        and not one chip made or lost (the changes and the table's balance)."""
        given = result.chips
        if not self._betting:
            if given is not None or result.on_table:
                raise ScoreError(
                    Reason.BAD_ROUND_RESULT,
                    detail=Phrase(Detail.NOT_FOR_CHIPS),
                )
            return {}
        if not isinstance(given, Mapping):
            raise ScoreError(
                Reason.BAD_ROUND_RESULT,
                detail=Phrase(Detail.CHIPS_NEEDED),
            )
        net: dict[str, int] = {}
        for name, change in given.items():
            self._check_in(name)
            if isinstance(change, bool) or not isinstance(change, int):
                raise ScoreError(
                    Reason.BAD_ROUND_RESULT,
                    detail=Phrase(Detail.CHIPS_NOT_WHOLE, name=name, change=change),
                )
            if self._chips[name] + change < 0:
                raise ScoreError(
                    Reason.BAD_ROUND_RESULT,
                    detail=Phrase(
                        Detail.CHIPS_BELOW_ZERO, name=name, chips=self._chips[name], loss=-change
                    ),
                )
            net[name] = change
        on_table = result.on_table
        if isinstance(on_table, bool) or not isinstance(on_table, int) or on_table < 0:
            raise ScoreError(
                Reason.BAD_ROUND_RESULT,
                detail=Phrase(Detail.TABLE_CHIPS_NOT_WHOLE, on_table=on_table),
            )
        balance = sum(net.values()) + on_table - self._on_table
        if balance:
            raise ScoreError(
                Reason.BAD_ROUND_RESULT,
                detail=Phrase(Detail.CHIPS_DO_NOT_ADD_UP, balance=balance),
            )
        return {p: net.get(p, 0) for p in self.active}

    def _ending(
        self, result: RoundResult, totals: dict[str, int], active: tuple[str, ...], number: int
    ) -> tuple[bool, str | None, tuple[str, ...]]:
        """Whether the match ends after this round, its winner, and who is eliminated."""
        rules = self.rules
        if result.closing is Closing.SEVEN_OF_A_KIND:
            # Casertano's "ramino" wins the whole match at once, whatever the totals.
            return True, result.out, ()
        target = rules.target
        if rules.match_end is MatchEnd.FIXED_ROUNDS:
            return self._fixed_ending(totals, active, number)
        assert target is not None  # Rules: only a fixed number of rounds goes without it
        if rules.match_end is MatchEnd.ELIMINATION:
            busted = tuple(p for p in active if totals[p] >= target)
            left = [p for p in active if p not in busted]
            return self._after_busts(busted, left, totals) or (False, None, busted)
        if rules.match_end is MatchEnd.FIRST_TO_TARGET:
            if any(totals[p] >= target for p in active):
                return True, _lowest(active, totals), ()
            return False, None, ()
        return False, None, ()

    def _fixed_ending(
        self, totals: dict[str, int], active: tuple[str, ...], number: int
    ) -> tuple[bool, str | None, tuple[str, ...]]:
        """A match of a fixed number of rounds: over after the last one, the lowest total
        winning. A target, where the rules set one, is an exit score (carioca, RULES.md
        §6.3): whoever reaches it is out, and the match ends early when too few are left."""
        rules = self.rules
        busted: tuple[str, ...] = ()
        if rules.target is not None and rules.betting is Betting.NONE:
            busted = tuple(p for p in active if totals[p] >= rules.target)
        left = [p for p in active if p not in busted]
        ended = self._after_busts(busted, left, totals) if busted else None
        if ended is not None:
            return ended
        if rules.match_rounds is not None and number >= rules.match_rounds:
            return True, _lowest(left, totals), busted
        return False, None, busted

    def _after_busts(
        self, busted: tuple[str, ...], left: list[str], totals: dict[str, int]
    ) -> tuple[bool, str | None, tuple[str, ...]] | None:
        """The end of the match where reaching the target put ``busted`` out and ``left``
        are still in, or ``None`` while it goes on: the one left wins; none left, the lowest
        of those out; too few to deal another round, and no re-entry could make up the
        table, the lowest total among those still in (RULES.md §2.14, with two players)."""
        if len(left) == 1:
            return True, left[0], busted
        if not left:
            return True, _lowest(busted, totals), busted
        if len(left) < self.rules.min_players and not self._may_refill(len(left), busted):
            return True, _lowest(left, totals), busted
        return None

    def _may_refill(self, left: int, busted: Sequence[str]) -> bool:
        """Whether enough eliminated players (``busted`` just now, or earlier) may still
        re-enter to bring ``left`` players back up to the rules' ``min_players``."""
        rules = self.rules
        if not rules.reentry:
            return False
        limit = rules.max_reentries
        out = [*self._left_in, *busted]
        may = [p for p in out if limit is None or self._reentry_count[p] < limit]
        return left + len(may) >= rules.min_players

    def _counts(self, result: RoundResult) -> dict[str, int]:
        """Validate ``result`` and return the raw count of each counted hand."""
        if self._over:
            raise self._over_error()
        if self.short_handed:
            # No round can have been dealt to so few (re-entries are still open).
            raise ScoreError(
                Reason.TOO_FEW_PLAYERS, limit=self.rules.min_players, count=len(self.active)
            )
        active = self.active
        out = result.out
        if out is not None:
            self._check_in(out)
        if result.dealer is not None:
            self._check_in(result.dealer)
        if not isinstance(result.closing, Closing):
            raise ScoreError(
                Reason.BAD_ROUND_RESULT,
                detail=Phrase(Detail.UNKNOWN_CLOSING, closing=result.closing),
            )
        if out is None and result.in_one_turn:
            raise ScoreError(
                Reason.BAD_ROUND_RESULT,
                detail=Phrase(Detail.NOBODY_OUT_IN_ONE_TURN),
            )
        if out is None and result.closing is not Closing.SIMPLE:
            raise ScoreError(
                Reason.BAD_ROUND_RESULT,
                detail=Phrase(Detail.NOBODY_OUT_NO_CLOSING, closing=result.closing.value),
            )
        if result.closing is Closing.SEVEN_OF_A_KIND and not self.rules.seven_of_a_kind_wins:
            raise ScoreError(
                Reason.BAD_ROUND_RESULT,
                detail=Phrase(Detail.SEVEN_OF_A_KIND_NOT_WINNING),
            )
        if not isinstance(result.hands, Mapping):
            raise ScoreError(
                Reason.BAD_ROUND_RESULT,
                detail=Phrase(Detail.HANDS_BY_PLAYER),
            )
        counts: dict[str, int] = {}
        for name, hand in result.hands.items():
            self._check_in(name)
            if name == out:
                raise ScoreError(
                    Reason.BAD_ROUND_RESULT,
                    detail=Phrase(Detail.WENT_OUT_NO_HAND, name=name),
                )
            counts[name] = self._hand_points(name, hand)
        # The hands of one round come from one deck: the cards given must all be in it.
        given = [c for hand in result.hands.values() if not isinstance(hand, int) for c in hand]
        check_in_deck(given, self.rules, len(active), error=ScoreError)
        expected = [p for p in active if p != out]
        missing = [p for p in expected if p not in counts]
        if missing:
            names = ", ".join(missing)
            raise ScoreError(
                Reason.BAD_ROUND_RESULT,
                detail=Phrase(Detail.HANDS_MISSING, names=names),
            )
        # Seat order, whatever order the hands were given in.
        return {p: counts[p] for p in expected}

    def _hand_points(self, name: str, hand: object) -> int:
        if isinstance(hand, bool) or not isinstance(hand, int | Sequence) or isinstance(hand, str):
            raise ScoreError(
                Reason.BAD_ROUND_RESULT,
                detail=Phrase(Detail.HAND_NOT_POINTS_OR_CARDS, name=name, hand=hand),
            )
        if isinstance(hand, int):
            if hand < 0:
                raise ScoreError(
                    Reason.BAD_ROUND_RESULT,
                    detail=Phrase(Detail.NEGATIVE_HAND, name=name, hand=hand),
                )
            return hand
        cards = list(hand)
        if not all(isinstance(card, Card) for card in cards):
            raise ScoreError(
                Reason.BAD_ROUND_RESULT,
                detail=Phrase(Detail.HAND_NOT_CARDS, name=name),
            )
        return hand_count(cards, self.rules)

    def _check_in(self, name: str) -> None:
        if name not in self._totals:
            raise ScoreError(Reason.UNKNOWN_PLAYER, player=name, players=", ".join(self.players))
        if name in self._left_in:
            raise ScoreError(Reason.PLAYER_ELIMINATED, player=name)

    def _over_error(self) -> ScoreError:
        if self._winner is None:
            return ScoreError(Reason.MATCH_OVER, detail=Phrase(Detail.DRAWN))
        return ScoreError(Reason.MATCH_OVER, detail=Phrase(Detail.WON_BY, winner=self._winner))

    # --- re-entry ---

    def refuse_reentry(self, player: str) -> NoReturn:
        """Raise the reason ``player`` may not re-enter now: the rules or the match forbid it,
        or the moment has passed (one chooses right after the round one went out in)."""
        self.check_reenter(player)
        raise ScoreError(
            Reason.REENTRY_NOT_ALLOWED,
            player=player,
            detail=Phrase(Detail.REENTRY_TOO_LATE),
        )

    def check_reenter(self, player: str) -> None:
        """Raise :class:`ScoreError` if ``player`` may not re-enter now; change nothing."""
        if self._over:
            raise self._over_error()
        if player not in self._totals:
            raise ScoreError(Reason.UNKNOWN_PLAYER, player=player, players=", ".join(self.players))
        if not self.rules.reentry:
            raise ScoreError(
                Reason.REENTRY_NOT_ALLOWED,
                player=player,
                detail=Phrase(Detail.NO_REENTRY_RULE),
            )
        if player not in self._left_in:
            raise ScoreError(Reason.PLAYER_NOT_ELIMINATED, player=player)
        limit = self.rules.max_reentries
        if limit is not None and self._reentry_count[player] >= limit:
            raise ScoreError(
                Reason.REENTRY_NOT_ALLOWED,
                player=player,
                detail=Phrase(Detail.REENTRY_LIMIT, count=self._reentry_count[player], limit=limit),
            )
        if len(self.active) < 2:
            raise ScoreError(
                Reason.REENTRY_NOT_ALLOWED,
                player=player,
                detail=Phrase(Detail.REENTRY_TWO_LEFT),
            )

    def close_reentries(self) -> None:
        """Close the re-entries open since the last round: the next round is dealt among the
        players now in. If fewer are in than the rules' ``min_players`` the match ends here,
        the lowest total among them winning (a tie is a draw); otherwise nothing changes.

        >>> m = Match(["Anna", "Bruno", "Carla"], Rules(min_players=3, reentry=True))
        >>> _ = m.record(RoundResult("Carla", {"Anna": 95, "Bruno": 102}))
        >>> m.short_handed, m.is_over
        (True, False)
        >>> m.close_reentries()
        >>> m.is_over, m.winner, m.standing()
        (True, 'Carla', ['Carla', 'Anna', 'Bruno'])
        """
        if self.short_handed:
            self._over, self._winner = True, _lowest(self.active, self._totals)

    def can_reenter(self, player: str) -> bool:
        """Whether ``player`` may re-enter now."""
        try:
            self.check_reenter(player)
        except ScoreError:
            return False
        return True

    def reentry_total(self) -> int:
        """The total an eliminated player comes back at: the highest among the players still
        in (what :meth:`reenter` gives him).

        >>> m = Match(["Anna", "Bruno", "Carla"], Rules(reentry=True))
        >>> _ = m.record(RoundResult("Carla", {"Anna": 95, "Bruno": 102}))
        >>> m.reentry_total()
        95
        """
        return max(self._totals[p] for p in self.active)

    def reenter(self, player: str) -> int:
        """Bring an eliminated player back in (*rientro*) at the highest total among the players
        still in, for ``rules.reentry_stake`` stakes; return his new total.

        >>> m = Match(["Anna", "Bruno", "Carla"], Rules(reentry=True))
        >>> _ = m.record(RoundResult("Carla", {"Anna": 95, "Bruno": 102}))
        >>> m.reenter("Bruno"), m.active
        (95, ('Anna', 'Bruno', 'Carla'))
        """
        self.check_reenter(player)
        previous = self._totals[player]
        total = self.reentry_total()
        stake = self.rules.reentry_stake
        self._totals[player] = total
        self._stakes[player] += stake
        self._reentry_count[player] += 1
        del self._left_in[player]
        self._reentries.append(Reentry(player, len(self._rounds), previous, total, stake))
        self._pending_reentries.append(player)
        return total

    # --- export ---

    def to_dict(self) -> dict[str, Any]:
        """The whole sheet, JSON-ready.

        >>> Match(["Anna", "Bruno"], Rules()).to_dict()["standing"]
        ['Anna', 'Bruno']
        """
        return {
            "rules": self.rules.name,
            "players": list(self.players),
            "rounds": [sheet.to_dict() for sheet in self._rounds],
            "reentries": [r.to_dict() for r in self._reentries],
            "totals": dict(self._totals),
            "active": list(self.active),
            "eliminated": list(self.eliminated),
            "credits": dict(self._credits),
            "stakes": dict(self._stakes),
            "messa_level": self._messa_level,
            "chips": self.chips,
            "on_table": self._on_table,
            "is_over": self._over,
            "winner": self._winner,
            "standing": self.standing(),
        }


def _highest(players: Sequence[str], totals: Mapping[str, int]) -> str | None:
    """The player with the highest total, or ``None`` on a tie (a draw)."""
    best = max(totals[p] for p in players)
    highest = [p for p in players if totals[p] == best]
    return highest[0] if len(highest) == 1 else None


def _lowest(players: Sequence[str], totals: Mapping[str, int]) -> str | None:
    """The player with the lowest total, or ``None`` on a tie (a draw)."""
    if not players:
        return None
    best = min(totals[p] for p in players)
    lowest = [p for p in players if totals[p] == best]
    return lowest[0] if len(lowest) == 1 else None
