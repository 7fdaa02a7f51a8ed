"""Replaying OpenSpiel's gin rummy in ramino's ``gin-openspiel`` preset, move for move.

A random game is played in OpenSpiel (a seeded generator picks each move and each card);
ramino is dealt the same cards (the deck stacked in the order OpenSpiel dealt and drew
them) and, at every decision, its legal actions, written as OpenSpiel's action ids, must be
OpenSpiel's; the final scores must agree. ``python tests/gin_openspiel.py 2000`` runs it
from the command line; tests/test_gin_openspiel.py runs it under pytest. docs/gin.md says
what differs and why.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from dataclasses import dataclass, field

from ramino.engine.actions import Action, Attach, Discard, Draw, Knock, Lay, Pass, TakeDiscard
from ramino.engine.cards import Card
from ramino.engine.going_out import min_deadwood
from ramino.engine.round import Round

# OpenSpiel's action ids: cards 0-51 (suit s c d h, rank A to K), then these, then melds.
DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK, MELD_BASE = 52, 53, 54, 55, 56
_SUITS = "SCDH"
_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def card_of(action: int) -> Card:
    """The card of OpenSpiel's card id."""
    return Card.parse(_RANKS[action % 13] + _SUITS[action // 13])


def id_of(card: Card) -> int:
    assert card.rank is not None and card.suit is not None
    return _SUITS.index(str(card)[-1]) * 13 + _RANKS.index(str(card)[:-1])


@dataclass
class Replay:
    """One game compared: its moves, and what disagreed (empty when all agreed)."""

    seed: int
    decisions: int = 0
    disagreements: list[str] = field(default_factory=list)
    ended_by: str = ""
    """How OpenSpiel ended it: ``knock``, ``wall``, or one of its loop guards."""


class Peer:
    """OpenSpiel's gin rummy, with its meld ids read once."""

    def __init__(self) -> None:
        import pyspiel  # type: ignore[import-not-found]

        self.game = pyspiel.load_game("gin_rummy")
        state = self.game.new_initial_state()
        self.melds: dict[frozenset[int], int] = {}
        for action in range(MELD_BASE, self.game.num_distinct_actions()):
            text = state.action_to_string(0, action).split("Action: ")[1]
            cards = [text[k : k + 2] for k in range(0, len(text), 2)]
            ids = frozenset(id_of(Card.parse(c.replace("T", "10"))) for c in cards)
            self.melds[ids] = action

    def os_id(self, action: Action) -> int:
        """Ramino's action as OpenSpiel's id (a lay-off names its card only)."""
        if isinstance(action, Draw):
            return DRAW_STOCK
        if isinstance(action, TakeDiscard):
            return DRAW_UPCARD
        if isinstance(action, Pass):
            return PASS
        if isinstance(action, Knock):
            return KNOCK
        if isinstance(action, Discard):
            return id_of(action.card)
        if isinstance(action, Attach):
            return id_of(action.cards[0])
        if isinstance(action, Lay):
            # A meld OpenSpiel has no id for (a run of six or more) maps to -1.
            return self.melds.get(frozenset(id_of(c) for c in action.cards), -1)
        raise AssertionError(action)


def stacked(round_deck: list[Card], deal: list[int]) -> list[int]:
    """Ramino's deck order for OpenSpiel's cards in ``deal`` (in the order OpenSpiel deals
    and draws them): ramino deals one card at a time from the seat after the dealer,
    OpenSpiel ten to player 0 and then ten to player 1; then the upcard, then the stock."""
    ids = {card: k for k, card in enumerate(round_deck)}
    first, second, rest = deal[:10], deal[10:20], deal[20:]
    order = [x for pair in zip(first, second, strict=True) for x in pair] + rest
    return [ids[card_of(c)] for c in order]


def choose(rng: random.Random, game: Round, ours: dict[int, Action], legal: list[int]) -> int:
    """The move played: at random, but knocking when it may (nine times in ten) and, half
    the time, discarding the card that leaves the least deadwood, so that knocks, lay-offs
    and spreads are played often, not only walls."""
    if KNOCK in legal and rng.random() < 0.9:
        return KNOCK
    discards = [a for a in legal if a < 52 and isinstance(ours.get(a), Discard)]
    if discards and game.phase.value == "play" and rng.random() < 0.5:
        hand = list(game.hand(game.to_play))

        def left(a: int) -> int:
            rest = list(hand)
            rest.remove(card_of(a))
            return min_deadwood(rest, game.rules)

        return min(discards, key=lambda a: (left(a), a))
    return rng.choice(legal)


def replay(peer: Peer, seed: int) -> Replay:
    """Play game ``seed`` in OpenSpiel and in ramino side by side, comparing each legal set
    and the final scores; OpenSpiel's chance nodes deal a shuffled deck in order."""
    rng = random.Random(seed)
    deal = list(range(52))
    rng.shuffle(deal)
    out = Replay(seed)
    probe = Round("gin-openspiel", 2, dealer=1)
    game = Round("gin-openspiel", 2, dealer=1, deck_order=stacked(list(probe.deck.cards), deal))
    state = peer.game.new_initial_state()
    cards = iter(deal)
    chosen_ids: list[int] = []
    last_legal: list[int] = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(next(cards))
            continue
        out.decisions += 1
        legal = list(state.legal_actions())
        if game.is_over:
            out.disagreements.append(f"ramino over, OpenSpiel still plays: {legal}")
            break
        if game.to_play != state.current_player():
            out.disagreements.append(
                f"to play: ramino {game.to_play}, OpenSpiel {state.current_player()}"
            )
            break
        ours: dict[int, Action] = {}
        for action in game.legal_actions:
            ours.setdefault(peer.os_id(action), action)
        if set(ours) != set(legal):
            out.disagreements.append(
                f"turn {game.turn} {game.phase.value}: ramino only "
                f"{sorted(set(ours) - set(legal))}, OpenSpiel only {sorted(set(legal) - set(ours))}"
            )
            break
        chosen = choose(rng, game, ours, legal)
        chosen_ids.append(chosen)
        last_legal = legal
        state.apply_action(chosen)
        game.apply(ours[chosen])
    out.ended_by = ended_by(chosen_ids, last_legal)
    if out.disagreements:
        return out
    if not game.is_over:
        out.disagreements.append(f"OpenSpiel over ({out.ended_by}), ramino plays on")
        return out
    points = game.end.points if game.end is not None else None
    assert points is not None
    ours_returns = [points[0] - points[1], points[1] - points[0]]
    returns = [int(r) for r in state.returns()]
    if returns != ours_returns:
        out.disagreements.append(f"scores: OpenSpiel {returns}, ramino {ours_returns}")
    return out


def ended_by(chosen: list[int], last_legal: list[int]) -> str:
    """How OpenSpiel's game ended: a knock, the wall, or one of its two loop guards (the
    fiftieth upcard drawn; a card taken from the pile and thrown back twice running)."""
    if KNOCK in chosen:
        return "knock"
    if (
        chosen
        and chosen[-1] == PASS
        and DRAW_STOCK not in last_legal
        and DRAW_UPCARD not in last_legal
    ):
        return "wall"
    if chosen.count(DRAW_UPCARD) >= 50:
        return "fifty upcards"
    return "repeated move"


def compare(games: int, first_seed: int = 0) -> tuple[Counter[str], list[Replay]]:
    """Replay ``games`` games; how each ended, and those that disagreed."""
    peer = Peer()
    ends: Counter[str] = Counter()
    bad = []
    for seed in range(first_seed, first_seed + games):
        result = replay(peer, seed)
        ends[result.ended_by] += 1
        if result.disagreements:
            bad.append(result)
    return ends, bad


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    ends, bad = compare(count)
    print(f"{count} games replayed; OpenSpiel ended them: {dict(ends)}")
    by_end = Counter(r.ended_by for r in bad)
    print(f"{len(bad)} disagreed: {dict(by_end)}")
    for r in bad[:10]:
        print(r.seed, r.ended_by, r.disagreements)
