"""The match as the terminal game plays it, without any screen: one human seat, bots in the
others, rounds one after the other, the table talk and the records of the rounds played.

The user interface only reads this object and calls its methods; tests drive it directly.
Bots come from a factory (the strength levels by default) and see only their observations.
Between rounds it offers re-entry (*rientro*) to the players just eliminated: the human answers
through the interface, the bots by :func:`bot_reenters`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

from ..ai.bot import Bot, bot_seed
from ..ai.reentry import computer_reenters
from ..engine.actions import Action, Attach, Draw, Lay, TakeDiscard
from ..engine.cards import Card
from ..engine.chips import chips_words
from ..engine.errors import Localized, Reason, ScoreError
from ..engine.match import Match, RoundSheet
from ..engine.observation import Observation
from ..engine.play import MatchPlay
from ..engine.record import Record, record_round
from ..engine.round import Event, Phase, Round, RoundEnd
from ..engine.rules import Betting, Rules
from ..engine.text import printable, shown, to_name
from ..words.catalogue import N_
from ..words.inline import both, nsaid, said
from .narrate import LogLine, clause, ending_line, restock_line

__all__ = [
    "DEFAULT_NAME",
    "LEVELS",
    "OPPONENTS",
    "BotFactory",
    "HintLike",
    "MatchController",
    "NotYourTurn",
    "NothingToUndo",
    "ReentryDecision",
    "ReentryOffer",
    "bot_reenters",
    "default_bot_factory",
    "seat_names",
]

#: The phases of a knocked hand (gin rummy) in which melds are laid and cards laid off.
_SPREADING = (Phase.KNOCK, Phase.LAY_OFF, Phase.SPREAD)

#: The human's name when he gives none: a name, never a pronoun, for it is kept in saves and
#: records, which other programs read (the screen says "Tu" to him whatever his name).
DEFAULT_NAME = N_("Giocatore")
#: The strengths of the computer, weakest first.
LEVELS = ("principiante", "intermedio", "esperto")
#: The computer players' names, given in this order to the seats after the human's.
OPPONENTS = ("Bruno", "Carla", "Dario", "Elena", "Franco", "Gina", "Anna")


class BotFactory(Protocol):
    """Makes the bot of one computer player: ``factory(level, seed=..., name=...)``."""

    def __call__(self, level: str, *, seed: int = 0, name: str | None = None) -> Bot: ...


def _level_named(level: str) -> str:
    """The level ``level`` names, in Italian (:func:`ramino.ai.levels.level_named`)."""
    module = importlib.import_module("ramino.ai.levels")
    return cast(str, module.level_named(level))


def default_bot_factory(level: str, *, seed: int = 0, name: str | None = None) -> Bot:
    """A bot of the given strength from :func:`ramino.ai.levels.bot_for_level`.

    Imported when first needed, so the game (and its tests, which pass their own factory)
    does not depend on the levels module at import time.
    """
    module = importlib.import_module("ramino.ai.levels")
    return cast(Bot, module.bot_for_level(level, seed=seed, name=name))


class HintLike(Protocol):
    """What a hint gives: the suggested actions and the sentences that explain them."""

    @property
    def actions(self) -> tuple[Action, ...]: ...

    @property
    def lines(self) -> tuple[str, ...]: ...


class NotYourTurn(Exception):
    """The human tried to move while another player is to move (or the round is over)."""

    def __init__(self, who: str | None) -> None:
        super().__init__(who)
        self.who = who

    def message(self, lang: str = "it") -> str:
        """The sentence the game shows."""
        if self.who is None:
            return said(lang, "Fine della smazzata.")
        # The engine's refusal says it so to every table (its English names the player).
        return said(
            lang,
            "Non è il tuo turno: tocca {to_player}.",
            to_player=to_name(self.who),
            player=self.who,
        )


class NothingToUndo(Exception):
    """Undo was asked with no step of the human's turn to take back."""

    def message(self, lang: str = "it") -> str:
        """The sentence the game shows: what can be undone, and when."""
        return said(
            lang,
            "Non c'è niente da annullare: una calata, un attacco o un jolly ripreso si"
            " annullano nel tuo turno, finché non scarti.",
        )


@dataclass(slots=True)
class _Undo:
    """What one step of the human's turn changed, to take it back: the round and the log as
    they were before it."""

    round: Round
    turn: int
    log_length: int
    line: LogLine | None
    line_words: int
    line_turn: int


def seat_names(human: str, players: int) -> tuple[str, ...]:
    """The human first, then the computer's players (never his own name twice).

    >>> seat_names("Bruno", 3)
    ('Bruno', 'Carla', 'Dario')
    """
    return (human, *[n for n in OPPONENTS if n != human][: players - 1])


def _stakes(stake: int, lang: str) -> str:
    if stake == 0:
        return said(lang, "nessuna posta")
    return nsaid(lang, "{count} posta", "{count} poste", stake)


@dataclass(frozen=True, slots=True)
class ReentryOffer:
    """Re-entry (*rientro*) offered to ``player``, just eliminated at ``total``: he would come
    back in at ``entry_total`` (the highest total among the players still in) for ``stake``.

    >>> offer = ReentryOffer("Tu", total=112, entry_total=95, stake=1)
    >>> offer.question("it")
    'Rientri in partita? Costa 1 posta: riparti da 95 punti (ora ne hai 112). (s/n)'
    >>> offer.question("en")
    'Re-enter the match? It costs 1 stake: you start again from 95 points (you have 112). (y/n)'
    """

    player: str
    total: int
    entry_total: int
    stake: int

    def question(self, lang: str = "it") -> str:
        """The question put to the human, with what re-entering costs him."""
        if self.stake == 0:
            cost = said(lang, "Non costa poste")
        else:
            cost = said(lang, "Costa {stakes}", stakes=_stakes(self.stake, lang))
        return said(
            lang,
            "Rientri in partita? {cost}: riparti da {entry} punti (ora ne hai {total}). (s/n)",
            cost=cost,
            entry=self.entry_total,
            total=self.total,
        )


@dataclass(frozen=True, slots=True)
class ReentryDecision:
    """What ``player``, eliminated in round ``after_round``, chose before the next deal.

    Saved with the match, so that resuming it brings the same players back in.
    """

    after_round: int
    player: str
    reenters: bool

    def to_dict(self) -> dict[str, Any]:
        """The JSON form kept in a save file."""
        return {"after_round": self.after_round, "player": self.player, "reenters": self.reenters}


def bot_reenters(match: Match, offer: ReentryOffer) -> bool:
    """Whether a computer player takes the re-entry ``offer``
    (:func:`ramino.ai.reentry.computer_reenters`)."""
    return computer_reenters(match, offer.player, offer.entry_total)


class MatchController:
    """A match between the human ``name`` and ``players - 1`` bots of strength ``level``.

    >>> from dataclasses import replace
    >>> from ramino.ai import RandomBot
    >>> from ramino.engine.presets import get_preset
    >>> game = MatchController(
    ...     get_preset("classico"), players=2, name="Anna", seed=1,
    ...     bot_factory=lambda level, *, seed=0, name=None: RandomBot(seed, name=name or "bot"),
    ... )
    >>> r = game.start_round()
    >>> game.names, game.human_to_move, r.to_play
    (('Anna', 'Bruno'), False, 1)
    >>> _ = game.bot_step()
    >>> game.log[-1].text("it")
    'Bruno prende 7♥ dal pozzo.'
    """

    def __init__(
        self,
        rules: Rules,
        *,
        players: int = 3,
        name: str = DEFAULT_NAME,
        level: str = "intermedio",
        seed: int | str | bytes = 0,
        bot_factory: BotFactory | None = None,
        names: Sequence[str] | None = None,
        dealer: int = 0,
    ) -> None:
        # By its Italian name (what a save keeps), whichever language it was given in.
        level = _level_named(level)
        self.human = name
        self.level = level
        self.bot_factory: BotFactory = bot_factory or default_bot_factory
        refusal = None if names is not None else rules.seat_refusal(players)
        if refusal is not None:
            reason, params = refusal
            raise ScoreError(reason, **params)
        every = tuple(names) if names is not None else seat_names(name, players)
        for each in every:
            if isinstance(each, str) and printable(each) != each:
                # A control character (an escape sequence) would reach the terminal as it is.
                raise ScoreError(
                    Reason.BAD_ROUND_RESULT,
                    detail=both(
                        "il nome {name} ha caratteri di controllo, che non si stampano.",
                        name=shown(each),
                    ),
                )
        self.play = MatchPlay(every, rules, seed=seed, dealer=dealer)
        self.first_dealer = dealer
        self.log: list[LogLine] = []
        self.records: list[Record] = []
        """The record of every finished round, in order."""
        self.last_round: Round | None = None
        """The round being played, or the last one once it has ended."""
        self.ends: list[tuple[RoundEnd, bool]] = []
        """How every finished round ended, in order, and whether it was a big gin (the
        knocker laid every card): a knocked hand's sheet says gin and undercut from it."""
        self.reentry_decisions: list[ReentryDecision] = []
        """Every re-entry offered so far and what was chosen, in order (saved with the match)."""
        self._bots: dict[str, Bot] = {}
        self._line: LogLine | None = None
        self._line_turn = 0
        self.last_turn: tuple[LogLine, ...] = ()
        """The round's last turn and how it ended, once it has (the score sheet tells them)."""
        self._undo: list[_Undo] = []
        """The steps of the human's turn that can be taken back, the last one last."""

    # --- the state ---

    @property
    def rules(self) -> Rules:
        """The rules of the match."""
        return self.play.rules

    @property
    def players(self) -> tuple[str, ...]:
        """Every player of the match, the human first."""
        return self.play.players

    @property
    def names(self) -> tuple[str, ...]:
        """The player at each seat of the current (or last) round."""
        return self.play.names

    @property
    def round(self) -> Round | None:
        """The round being played, ``None`` between rounds."""
        return self.play.round

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self.play.is_over

    @property
    def in_round(self) -> bool:
        """Whether a round is being played (or has just ended, not yet on the sheet)."""
        return self.play.round is not None

    @property
    def rounds_played(self) -> int:
        """The rounds on the score sheet."""
        return self.play.rounds

    @property
    def dealer(self) -> str | None:
        """Who deals the current round (or dealt the last one); ``None`` before the first."""
        return self.play.dealer

    def totals(self) -> tuple[int, ...]:
        """Each seat's match total, in the current round's seat order."""
        return self.play.seat_totals()

    def chips(self) -> tuple[int, ...] | None:
        """Each seat's chips, in the current round's seat order, in a match played for chips
        (betting; else ``None``). One source, the match's ledger (RULES.md §6.1): what the
        score sheet says after the last hand recorded, less what each has put in the pot of
        the hand being played."""
        held = self.play.match.chips
        if self.rules.betting is Betting.NONE or held is None:
            return None
        put = self.stakes()
        return tuple(
            held[name] - (put[seat] if seat < len(put) else 0)
            for seat, name in enumerate(self.names)
        )

    def stakes(self) -> tuple[int, ...]:
        """What each seat has put in the pot of the hand being played (none between hands:
        the sheet has paid the pots)."""
        r = self.round
        return r.betting.put_in if r is not None and r.betting is not None else ()

    def pot(self) -> int:
        """The chips in the middle: the pot of the hand being played, or between hands what
        the last one left on the table for the next."""
        r = self.round
        if r is not None and r.betting is not None:
            return r.betting.pot
        return self.play.match.on_table

    @property
    def sheets(self) -> tuple[RoundSheet, ...]:
        """The score sheet's lines so far."""
        return self.play.match.rounds

    @property
    def human_seat(self) -> int | None:
        """The human's seat in the current round; ``None`` once he is out of the match."""
        return self.names.index(self.human) if self.human in self.names else None

    @property
    def human_out(self) -> bool:
        """Whether the human is out of the match (eliminated)."""
        return self.human not in self.play.match.active

    @property
    def to_play(self) -> str | None:
        """The name of the player to move, ``None`` when no round is being played."""
        r = self.round
        if r is None or r.is_over:
            return None
        return self.names[r.to_play]

    @property
    def human_to_move(self) -> bool:
        """Whether the human is to move now."""
        return self.to_play == self.human

    @property
    def bot_to_move(self) -> bool:
        """Whether a computer player is to move now."""
        who = self.to_play
        return who is not None and who != self.human

    def observation(self) -> Observation | None:
        """What the human may know of the current round (``None`` when he has no seat)."""
        r, seat = self.round or self.last_round, self.human_seat
        if r is None or seat is None:
            return None
        return r.observation(seat, scores=self.play.seat_totals())

    def can(self, action: Action) -> bool:
        """Whether the human may play ``action`` now."""
        r = self.round
        return self.human_to_move and r is not None and r.can(action)

    # --- re-entry ---

    @property
    def reentry_offers(self) -> tuple[ReentryOffer, ...]:
        """The re-entries open now, in seat order: between rounds, to each player eliminated in
        the last round who has not chosen yet and whom the rules let back in."""
        match = self.play.match
        if self.round is not None or not match.rounds:
            return ()
        number = len(match.rounds)
        decided = {d.player for d in self.reentry_decisions if d.after_round == number}
        offers = []
        for name in match.rounds[-1].eliminated:
            # The engine's own check: the rules' re-entry, its limit, enough players still in.
            if name in decided or not match.can_reenter(name):
                continue
            entry = match.reentry_total()
            offers.append(ReentryOffer(name, match.totals[name], entry, self.rules.reentry_stake))
        return tuple(offers)

    def reentry_offer(self, name: str) -> ReentryOffer | None:
        """The re-entry open to ``name`` now, if there is one."""
        return next((o for o in self.reentry_offers if o.player == name), None)

    def decide_reentry(self, name: str, reenters: bool) -> ReentryDecision:
        """Take or decline the re-entry open to ``name``; without one, raise the engine's
        :class:`ScoreError` (or :class:`IllegalAction` during a round) and change nothing."""
        offer = self.reentry_offer(name)
        if offer is None:
            self.play.refuse_reentry(name)
        if reenters:
            self.play.reenter(name)
        decision = ReentryDecision(self.play.rounds, name, reenters)
        self.reentry_decisions.append(decision)
        at, you = offer.entry_total, name == self.human
        cost = _stakes(offer.stake, "it"), _stakes(offer.stake, "en")
        words: Localized
        if reenters and you:
            words = both("Rientri in partita a {total} ({stakes}).", total=at, stakes=cost)
        elif reenters:
            words = both(
                "{name} rientra in partita a {total} ({stakes}).", name=name, total=at, stakes=cost
            )
        elif you:
            words = both("Resti fuori.")
        else:
            words = both("{name} resta fuori.", name=name)
        self.log.append(LogLine(None, words=[words]))
        self._close_reentries_when_decided()
        return decision

    def _close_reentries_when_decided(self) -> None:
        # Once every re-entry offered after a round is answered, none is left to wait for: a
        # table with fewer players than the rules need ends the match here.
        if self.round is not None or self.is_over or self.reentry_offers:
            return
        self.play.close_reentries()
        if self.is_over:
            self._log_the_end()

    def _log_the_end(self) -> None:
        winner = self.play.winner
        self.log.append(
            LogLine(
                None,
                words=[
                    both("Vinci la partita!")
                    if winner is not None and winner == self.human
                    else both("Vince la partita {name}.", name=winner)
                    if winner is not None
                    else both("Partita finita pari.")
                ],
            )
        )

    def decide_bot_reentries(self) -> list[ReentryDecision]:
        """Let each computer player with a re-entry open choose by :func:`bot_reenters`."""
        decisions = []
        for offer in self.reentry_offers:
            if offer.player != self.human:
                choice = bot_reenters(self.play.match, offer)
                decisions.append(self.decide_reentry(offer.player, choice))
        return decisions

    # --- playing ---

    def start_round(self) -> Round:
        """Deal the next round, with fresh bots for the computer's seats.

        A re-entry still open is declined: one comes back in before the next deal or not at all.
        If that leaves too few players to deal, the match is over and the engine's
        :class:`ScoreError` (``match_over``) says who won.
        """
        for offer in self.reentry_offers:
            self.decide_reentry(offer.player, False)
        self._close_reentries_when_decided()
        r = self.play.start_round()
        number = self.play.rounds + 1
        self._bots = {
            name: self.bot_factory(
                self.level, seed=bot_seed(self.play.seed, name, number), name=name
            )
            for name in self.names
            if name != self.human
        }
        self.last_round = r
        self._line = None
        self.last_turn = ()
        self._undo.clear()
        dealer = self.play.dealer
        dealing = (
            both("— Smazzata {number}: distribuisci tu. —", number=number)
            if dealer == self.human
            else both("— Smazzata {number}: distribuisce {name}. —", number=number, name=dealer)
        )
        self.log.append(LogLine(None, words=[dealing]))
        if r.betting is not None:
            blind = r.betting.order[0]
            posted = (
                chips_words(r.betting.put_in[blind]),
                chips_words(r.betting.put_in[blind], "en"),
            )
            name = self.names[blind]
            words = (
                both("Fai il buio: {chips}.", chips=posted)
                if name == self.human
                else both("{name} fa il buio: {chips}.", name=name, chips=posted)
            )
            self.log.append(LogLine(None, words=[words]))
        return r

    def play_human(self, action: Action) -> Event:
        """Play the human's ``action``; a refusal raises the engine's error (or
        :class:`NotYourTurn`) and changes nothing."""
        if not self.human_to_move:
            raise NotYourTurn(self.to_play)
        r = self.round
        assert r is not None
        # A meld laid or a card laid off after a knock (gin rummy) is taken back as one laid
        # before a discard is, until the pass; the knocker's throw stays thrown.
        spreading = r.phase in _SPREADING and isinstance(action, Lay | Attach)
        if r.phase is not Phase.PLAY and not spreading:
            # A draw shows a card and a bet is seen by all: neither is taken back.
            self._undo.clear()
            return self._apply(action)
        phase = r.phase
        step = _Undo(
            r.copy(),
            r.turn,
            len(self.log),
            self._line,
            len(self._line.words) if self._line is not None else 0,
            self._line_turn,
        )
        event = self._apply(action)
        if r.end is None and r.turn == step.turn and r.phase is phase:
            self._undo.append(step)
        else:
            # The turn is over (a discard, going out): what is done stays done.
            self._undo.clear()
        return event

    def drawn_this_turn(self) -> tuple[Card, ...]:
        """The cards the human drew (or took from the pozzo) in this turn and still holds, for
        the hand to mark them."""
        r, seat = self.round, self.human_seat
        if r is None or seat is None or r.to_play != seat or r.phase is not Phase.PLAY:
            return ()
        for event in reversed(r.history):
            if event.seat != seat:
                break
            if isinstance(event.action, Draw | TakeDiscard):
                held = set(r.hands[seat])
                return r.deck.cards_of([i for i in event.ids if i in held])
        return ()

    @property
    def can_undo(self) -> bool:
        """Whether the human can take back the last step of his turn now."""
        r = self.round
        return bool(self._undo) and r is not None and r.turn == self._undo[-1].turn

    def undo(self) -> Localized:
        """Take back the last step of the human's turn that threw no card (a meld laid, an
        attachment, a jolly taken back): the round and the log are exactly as before it.
        Returns the words of the step undone; raises :class:`NothingToUndo` when none is."""
        r = self.round
        if not self.can_undo or r is None:
            self._undo.clear()
            raise NothingToUndo
        step = self._undo.pop()
        words = self._line.words[-1] if self._line is not None else ("", "")
        r.restore(step.round)
        del self.log[step.log_length :]
        if step.line is not None:
            del step.line.words[step.line_words :]
        self._line, self._line_turn = step.line, step.line_turn
        return words

    def bot_step(self) -> Event:
        """Let the computer player to move choose and play one action."""
        r = self.round
        if r is None or not self.bot_to_move:
            raise NotYourTurn(self.to_play)
        name = self.names[r.to_play]
        observation = r.observation(r.to_play, scores=self.play.seat_totals())
        action = self._bots[name].act(observation)
        if not r.can(action):
            # A bot's slip must not stop the player's game: the first legal move stands in.
            action = observation.legal_actions[0]
        return self._apply(action)

    def replay_action(self, action: Action) -> Event:
        """Apply a recorded action for whoever is to move (resuming a saved match)."""
        if self.round is None:
            raise NotYourTurn(None)
        return self._apply(action)

    def _apply(self, action: Action) -> Event:
        r = self.round
        assert r is not None
        seat = r.to_play
        before = list(r.table)
        turn = r.turn
        put_before = r.betting.put_in[seat] if r.betting is not None else None
        restocks = r.restocks
        event = r.apply(action)
        name = self.names[seat]
        you = name == self.human
        new_line = self._line is None or self._line_turn != turn or self._line.who != name
        if r.restocks > restocks and new_line:
            # The stock remade for this draw: told before the turn that draws from it.
            self.log.append(restock_line(r.rules, r.restocks))
        if new_line or self._line is None:
            self._line = LogLine(name, you=you)
            self._line_turn = turn
            self.log.append(self._line)
        self._line.add(clause(event, r, before, you=you, put_before=put_before))
        if r.restocks > restocks and not new_line:
            self.log.append(restock_line(r.rules, r.restocks))
        if r.end is not None:
            ending = ending_line(
                r.end,
                self.names,
                r.rules.melding_during_play,
                human=self.human,
                big_gin=r.terms.big_gin,
                turn_cap=r.rules.max_turns,
                restocks=r.restocks,
            )
            self.log.append(ending)
            self.last_turn = (self._line, ending)
        return event

    def finish_round(self, *, bots_decide: bool = True) -> RoundSheet:
        """Record the ended round on the score sheet (and keep its record); the computer
        players just eliminated choose whether to re-enter unless ``bots_decide`` is false
        (resuming a save replays the choices it holds instead)."""
        r = self.round
        if r is None or r.end is None:
            raise NotYourTurn(self.to_play)
        record = record_round(r, self.names)
        sheet = self.play.finish_round()
        self.records.append(record)
        self.ends.append((r.end, r.terms.big_gin))
        if self.is_over:
            self._log_the_end()
        if bots_decide:
            self.decide_bot_reentries()
        self._close_reentries_when_decided()
        return sheet

    def current_record(self) -> Record | None:
        """The record of the round being played, so far."""
        r = self.round
        return None if r is None else record_round(r, self.names)

    @property
    def phase(self) -> Phase | None:
        """Where the player to move stands in his turn."""
        r = self.round
        return None if r is None else r.phase

    def hint(self, lang: str = "it") -> HintLike:
        """The computer's suggestion for the human's move, with its reason.

        Raises :class:`ImportError` when the hint module is not installed, and
        :class:`NotYourTurn` when the human is not to move.
        """
        observation = self.observation()
        if observation is None or not self.human_to_move:
            raise NotYourTurn(self.to_play)
        module = importlib.import_module("ramino.ai.hint")
        find: Callable[..., Any] = module.hint
        return cast(HintLike, find(observation, lang=lang))

    def again(self) -> MatchController:
        """A new match with the same table, dealt from a new seed."""
        return MatchController(
            self.rules,
            name=self.human,
            level=self.level,
            seed=self.play.seed + b"/again",
            bot_factory=self.bot_factory,
            names=self.players,
            dealer=self.first_dealer,
        )
