"""A seat's ``state`` as the server sends it, read back into the engine's :class:`Observation`,
so that a client shows and plays an online table with the same code as a local one (the
screens, the hint, the choice of a jolly's value).

The server sends everything the seat may know and nothing more; what the wire leaves out is
what only the engine's bookkeeping needs (the ids of the cards on the table).

>>> from ramino.engine.presets import get_preset
>>> view = {
...     "seat": 1, "hand": ["7H", "8H", "9H"], "stock": 30, "to_play": 1, "phase": "draw",
...     "turn": 4, "dealer": 0, "discard_pile": ["KS"], "legal_actions": ["draw", "take"],
...     "seats": [
...         {"name": "Anna", "computer": False, "cards": 5, "total": 12, "opened": True},
...         {"name": "Bruno", "computer": True, "cards": 3, "total": 0, "opened": False},
...     ],
...     "table": [{"owner": "Anna", "kind": "set", "cards": ["QC", "QD", "QS"],
...                "stands_for": ["QC", "QD", "QS"]}],
...     "history": ["0: take KS", "0: lay QC QD QS", "0: discard KS"],
... }
>>> seen = observation_from_view(view, get_preset("classico"))
>>> seen.my_turn, [str(a) for a in seen.legal_actions], str(seen.top_discard)
(True, ['draw', 'take'], 'KS')
>>> seen.table[0].owner, str(seen.table[0].meld), seen.scores
(0, 'Q♣ Q♦ Q♠', (12, 0))
>>> str(seen.history[0].taken), str(seen.history[1].action)
('KS', 'lay QC QD QS')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..engine.actions import Action, TakeDiscard, parse_action
from ..engine.betting import Bet, BetMade
from ..engine.cards import Card
from ..engine.melds import Meld, MeldKind
from ..engine.observation import Observation, PublicEvent
from ..engine.rules import Contract, Rules
from ..engine.state import Phase, TableMeld

__all__ = ["bet_of", "cards_of", "event_of", "observation_from_view"]


def cards_of(codes: Sequence[str]) -> tuple[Card, ...]:
    """Cards from their codes (``7H``, ``10S``, ``JK``)."""
    return tuple(Card.parse(code) for code in codes)


def event_of(entry: str, bet: BetMade | None = None) -> PublicEvent:
    """A move of the history, ``"seat: action"``; a card taken from the pozzo follows
    ``take``; ``bet``: a bet's chips, as the state's ``bets`` give them."""
    seat, _, text = entry.partition(": ")
    words = text.split()
    if words[:1] == ["take"] and len(words) == 2:
        return PublicEvent(int(seat), TakeDiscard(), Card.parse(words[1]))
    return PublicEvent(int(seat), parse_action(text), None, bet)


def bet_of(view: Mapping[str, Any]) -> BetMade:
    """A bet's chips as an entry of the state's ``bets`` gives them."""
    return BetMade(
        bet=Bet(view["bet"]),
        paid=int(view["paid"]),
        stake=int(view["stake"]),
        behind=int(view["behind"]),
        pot=int(view["pot"]),
        raised=int(view.get("raised", 0)),
    )


def _actions(texts: Sequence[str]) -> tuple[Action, ...]:
    return tuple(parse_action(text) for text in texts)


def observation_from_view(view: Mapping[str, Any], rules: Rules) -> Observation:
    """The engine's observation of the seat whose ``observation`` (a state's) is ``view``,
    under ``rules`` (the table's). A spectator's view gives seat 0's public side."""
    seats: Sequence[Mapping[str, Any]] = view["seats"]
    names = [seat["name"] for seat in seats]
    betting = any(seat.get("chips") is not None for seat in seats)
    contract = view.get("contract")
    taken = view.get("taken_card")
    pending = view.get("pending_from")
    # A server before bets were told sends none: its bets are read without their chips.
    bets = {int(bet["at"]): bet_of(bet) for bet in view.get("bets", ())}
    return Observation(
        seat=view["seat"] if view["seat"] is not None else 0,
        players=len(seats),
        rules=rules,
        hand=cards_of(view["hand"]),
        table=tuple(
            TableMeld(
                names.index(meld["owner"]),
                Meld(MeldKind(meld["kind"]), cards_of(meld["cards"]), cards_of(meld["stands_for"])),
                (),
            )
            for meld in view["table"]
        ),
        discard_pile=cards_of(view["discard_pile"]),
        hand_sizes=tuple(int(seat["cards"]) for seat in seats),
        stock_count=int(view["stock"]),
        to_play=int(view["to_play"]),
        phase=Phase(view["phase"]),
        turn=int(view["turn"]),
        opened=tuple(bool(seat["opened"]) for seat in seats),
        taken_card=None if taken is None else Card.parse(taken),
        opening_points=int(view.get("opening_points", 0)),
        history=tuple(event_of(entry, bets.get(at)) for at, entry in enumerate(view["history"])),
        legal_actions=_actions(view["legal_actions"]),
        scores=tuple(int(seat["total"]) for seat in seats),
        to_lay=cards_of(view.get("to_lay", ())),
        melded_before=tuple(bool(b) for b in view.get("melded_before", ())),
        restocks=int(view.get("restocks", 0)),
        turn_melded=bool(view.get("turn_melded", False)),
        taken_laid=bool(view.get("taken_laid", False)),
        taken_bound=bool(view.get("taken_bound", False)),
        opened_before=bool(view.get("opened_before", False)),
        jokers_back=int(view.get("jokers_back", 0)),
        pending_from=None if pending is None else int(pending),
        attached_jokers=tuple(int(i) for i in view.get("attached_jokers", ())),
        chips=tuple(int(seat["chips"]) for seat in seats) if betting else None,
        stakes=tuple(int(seat.get("stake", 0)) for seat in seats) if betting else (),
        folded=tuple(bool(seat.get("folded", False)) for seat in seats) if betting else (),
        pot=int(view.get("pot", 0)),
        to_call=int(view.get("to_call", 0)),
        raises=int(view.get("raises", 0)),
        knock_limit=None if view.get("knock_limit") is None else int(view["knock_limit"]),
        dealer=int(view.get("dealer", 0)),
        contract=None if contract is None else Contract(contract),
    )
