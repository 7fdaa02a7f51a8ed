"""A round rebuilt from one player's view: what he saw, with a guess at what he did not.

A bot tries its own turn on such a round (the expert of :mod:`ramino.ai` does), the hidden
cards dealt as it likes: they cannot change what its own moves do. Everything else of the
state comes from the observation, so the rebuilt round shows that player exactly what he saw;
only the engine knows where each fact goes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .actions import Call, Fold, Raise
from .betting import Bet
from .cards import Card
from .deck import Deck
from .observation import Observation
from .position import Position
from .round import Phase, Round, TableMeld, TurnState
from .state import NEW_TURN, NEW_TURN_OPENED

__all__ = ["round_from_view"]


def round_from_view(
    view: Observation,
    hands: Sequence[Sequence[Card]],
    stock: Sequence[Card],
    *,
    seed: int | str | bytes = 0,
) -> Round:
    """The round ``view`` shows, with ``hands`` (by seat, the viewer's own as he holds it)
    and ``stock`` (the *tallone*, top last) for the cards he cannot see; restocks are
    shuffled from ``seed``.

    The turn in progress is rebuilt for the viewer's own turn (the card he took, what he has
    laid, a jolly he took back); the round's private history is not known, so the rebuilt
    round is for playing forward, not for records. Which physical copy of a twin lies where
    is chosen afresh: twins are the same card to the rules.

    >>> from ramino.engine.presets import get_preset
    >>> real = Round(get_preset("classico"), 2, seed=1)
    >>> view = real.observation(1)
    >>> hands = [real.hand(0), real.hand(1)]
    >>> stock = [real.deck[i] for i in real.stock]
    >>> round_from_view(view, hands, stock).observation(1) == view
    True
    """
    rules, players = view.rules, view.players
    if len(hands) != players:
        raise ValueError(f"{len(hands)} hands for {players} seats")
    if tuple(sorted(hands[view.seat])) != view.hand:
        raise ValueError("the viewer's own hand is not the one he holds")
    sizes = tuple(len(h) for h in hands)
    if sizes != view.hand_sizes or len(stock) != view.stock_count:
        raise ValueError(
            f"hands of {sizes} and a stock of {len(stock)} cards, where the view has"
            f" {view.hand_sizes} and {view.stock_count}"
        )
    deck = Deck.for_rules(rules, players)
    chips: list[int] | None = None
    carried = 0
    if view.chips is not None:
        # What each seat held as the hand began: behind him, and put in.
        chips = [held + put for held, put in zip(view.chips, view.stakes, strict=True)]
        carried = view.pot - sum(view.stakes)
    r = Round(
        rules,
        players,
        seed=seed,
        deck_order=range(len(deck)),
        dealer=view.dealer,
        chips=chips,
        carried=carried,
        contract=view.contract,
    )
    betting = r.betting
    terms = r.terms
    if betting is not None:
        # The betting round again, bet by bet as everyone saw it.
        for event in view.history:
            if isinstance(event.action, Call | Fold | Raise):
                betting = betting.act(Bet(str(event.action)))
        terms = replace(terms, betting=betting)
    free: dict[Card, list[int]] = {}
    for card_id in reversed(range(len(deck))):
        free.setdefault(deck[card_id], []).append(card_id)

    def ids(cards: Sequence[Card]) -> tuple[int, ...]:
        try:
            return tuple(free[card].pop() for card in cards)
        except (KeyError, IndexError):
            raise ValueError("the cards given are not one deck") from None

    table = tuple(TableMeld(m.owner, m.meld, ids(m.meld.cards)) for m in view.table)
    discard_pile = ids(view.discard_pile)
    held = tuple(ids(hand) for hand in hands)
    stock_ids = ids(stock)
    if any(free.values()):
        raise ValueError("the cards given leave some of the deck nowhere")
    # Before a turn's first move its player had opened before it if he has now (in another's
    # play, a guess: whether he opened in this very turn is his to know).
    state = NEW_TURN_OPENED if view.opened[view.to_play] else NEW_TURN
    if view.seat == view.to_play and view.phase is Phase.PLAY:
        hand = held[view.seat]
        taken = None
        if view.taken_card is not None:
            laid = [i for m in table for i in m.ids]
            where = laid if view.taken_laid else hand
            taken = next(i for i in where if deck[i] is view.taken_card)
        waiting = tuple([i for i in hand if deck[i].is_joker][: view.jokers_back])
        state = TurnState(
            taken=taken,
            melded=view.turn_melded,
            opening_points=view.opening_points,
            pending=waiting,
            pending_from=view.pending_from if waiting else None,
            attached_jokers=view.attached_jokers,
            opened_before=view.opened_before,
        )
    r.position = Position(
        hands=held,
        table=table,
        stock=stock_ids,
        discard_pile=discard_pile,
        to_play=view.to_play,
        phase=view.phase,
        turn=view.turn,
        turn_state=state,
        opened=tuple(view.opened),
        melded_before=tuple(view.melded_before or (False,) * players),
        restocks=view.restocks,
        terms=terms,
        # Only a hint for the searches of a hand (see Position.thrown): not known here.
        thrown=(None,) * players,
    )
    r.public_history = list(view.history)
    r.history = []
    return r
