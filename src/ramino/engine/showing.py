"""The rules' verdict on going out by showing the hand: one place decides, for the round
(:func:`~ramino.engine._discarding.plan_show`) and for ``ramino check --whole-hand``.

A show is judged here on its cards alone (the melds it names, the imagined jolly, the kind of
close); what it owes the hand it comes from (holding the cards, the discard, the turn) is the
round's part.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ._frozen import Reduced, reduce_by_fields
from .actions import Show
from .cards import Card
from .errors import Detail, IllegalAction, Phrase, RaminoError, Reason
from .going_out import closing_kind, flush_close_meld, shows_of
from .melds import Meld, MeldKind, validate_meld
from .rules import FinalDiscard, Rules
from .scoring import Closing


@dataclass(frozen=True, slots=True)
class ShowVerdict:
    """A show the rules take: its melds (one per group, in the order named), the kind of close,
    and where the imagined jolly stands among the shown cards (``None`` for none)."""

    melds: tuple[Meld, ...]
    closing: Closing
    stand_in: int | None

    def __reduce__(self) -> Reduced:
        # Copied and pickled by its fields, on the compiled build too (``_frozen``).
        return reduce_by_fields(self)


def stand_in_place(rules: Rules, action: Show) -> int | None:
    """Where the jolly of a show under the imaginary jolly stands among its cards, or
    ``None``: refused where the rules imagine none, for a second one, or for a card acting as
    it unnamed."""
    at = [k for k, card in enumerate(c for g in action.melds for c in g) if card.is_joker]
    if not rules.imaginary_joker:
        if action.as_joker is not None:
            raise IllegalAction(Reason.STAND_IN_NOT_ALLOWED, cards=[action.as_joker])
        return None
    if len(at) > 1:
        raise IllegalAction(Reason.IMAGINED_JOKER_ONE)
    if rules.own_card_joker and at and action.as_joker is None:
        raise IllegalAction(Reason.STAND_IN_NEEDED)
    if action.as_joker is not None and (not rules.own_card_joker or not at):
        raise IllegalAction(Reason.STAND_IN_NOT_ALLOWED, cards=[action.as_joker])
    return at[0] if at else None


def is_seven(rules: Rules, action: Show) -> bool:
    """Casertano's *ramino*: seven of a rank without jokers, shown alone, wins whatever else
    is in hand."""
    groups = action.melds
    return (
        not rules.melding_during_play
        and rules.seven_of_a_kind_wins
        and len(groups) == 1
        and action.discard is None
        and len(groups[0]) >= 7
        and len({c.rank for c in groups[0]}) == 1
        and not any(c.is_joker for c in groups[0])
    )


def judge_show(action: Show, rules: Rules) -> ShowVerdict:
    """The rules' verdict on ``action``'s cards: its melds and its close, or the refusal."""
    groups = action.melds
    # Where melds are laid during play, a hand is shown at once only as the flush close ([G]).
    whole_flush = rules.melding_during_play and rules.flush_close and len(groups) == 1
    if rules.melding_during_play and not whole_flush:
        raise IllegalAction(Reason.SHOW_NOT_ALLOWED)
    stand_in = stand_in_place(rules, action)
    if whole_flush:
        melds = [flush_close_meld(groups[0], rules)]
    else:
        melds = [validate_meld(g, rules, whole_hand=len(groups) == 1) for g in groups]
    start = 0
    for group, meld in zip(groups, melds, strict=True):
        imagined = stand_in is not None and start <= stand_in < start + len(group)
        start += len(group)
        if imagined and meld.kind is MeldKind.FLUSH:
            # The imagined jolly binds a run or a set, never a colore (RULES.md §6.2).
            raise IllegalAction(Reason.IMAGINED_JOKER_PLACE)
    shown = [c for g in groups for c in g]
    closing = closing_kind(shown, rules) or Closing.SIMPLE
    if whole_flush:
        closing = Closing.FLUSH
    if is_seven(rules, action):
        closing = Closing.SEVEN_OF_A_KIND
    return ShowVerdict(tuple(melds), closing, stand_in)


def whole_hand_close(
    cards: Sequence[Card], rules: Rules, as_joker: Card | None = None
) -> tuple[tuple[Meld, ...], Closing]:
    """How ``cards``, a whole hand shown to go out (the final discard apart), closes under
    ``rules``: the melds it goes down as and the best close of every show a round takes of
    that hand, each judged by :func:`judge_show`; refused as the round refuses it. Jollies
    stand where the close needs them. Under the imaginary jolly a jolly among ``cards`` is
    the one imagined (``as_joker``: the card of the hand acting as it); without one, the hand
    may still imagine it. Seven of a kind (Casertano's *ramino*) names no melds.

    >>> from ramino.engine.cards import parse_cards
    >>> from ramino.engine.presets import get_preset
    >>> hand = parse_cards("7S 8S 9S KH KD KC QH QD QC 4H 4D 4C 4S")
    >>> melds, closing = whole_hand_close(hand, get_preset("casertano"))
    >>> [str(m) for m in melds], closing
    (['4♣ 4♦ 4♥ 4♠', 'Q♣ Q♦ Q♥', 'K♣ K♦ K♥', '7♠ 8♠ 9♠'], <Closing.SIMPLE: 'simple'>)
    >>> imagined = parse_cards("10H JK QH KH 5C 5D 5S 7D 8D 9D")
    >>> whole_hand_close(imagined, get_preset("pokerato-immaginario"))[1]
    <Closing.SIMPLE: 'simple'>
    """
    shown = tuple(cards)
    flat = Show((shown,), None, as_joker)
    # The refusals of the jolly named (two imagined, a card acting as it where none may).
    named = stand_in_place(rules, flat)
    held = list(shown)
    if named is not None:
        if as_joker is None:
            del held[named]
        else:
            held[named] = as_joker
    if rules.knock_limit is not None or (rules.melding_during_play and not rules.flush_close):
        raise IllegalAction(Reason.SHOW_NOT_ALLOWED)
    best: ShowVerdict | None = None
    for show in shows_of(held, rules, [None]):
        if named is not None and (show.as_joker is not as_joker or not _imagines(show)):
            continue  # the jolly named is imagined: only the shows that imagine it
        try:
            verdict = judge_show(show, rules)
        except RaminoError:
            continue
        if best is None or _ORDER.index(verdict.closing) > _ORDER.index(best.closing):
            best = verdict
    # Seven of a kind wins whatever else is in hand; any other close shows all of it.
    if best is None or best.closing is not Closing.SEVEN_OF_A_KIND:
        _check_size(len(held), rules)
    if best is None:
        if rules.melding_during_play:
            judge_show(flat, rules)  # the round's own refusal: not a flush close
        raise IllegalAction(
            Reason.SHOW_INCOMPLETE,
            detail=Phrase(Detail.SHOW_NOT_ALL_MELDED),
        )
    if best.closing is Closing.SEVEN_OF_A_KIND:
        return (), best.closing
    # The order the melds go down in (see plan_show).
    melds = sorted(best.melds, key=lambda m: tuple(c.code for c in m.represents))
    return tuple(melds), best.closing


def _check_size(shown: int, rules: Rules) -> None:
    """Refuse a whole hand of ``shown`` real cards that no round of ``rules`` shows: the hand
    dealt, the final discard apart (or with it, where the discard is optional)."""
    dealt = sorted(
        {
            rules.hand_size_for(n)
            for n in range(rules.min_players, rules.max_players + 1)
            if rules.seats(n)
        }
        or {rules.hand_size}
    )
    optional = rules.final_discard is FinalDiscard.OPTIONAL
    if shown in dealt or (optional and shown - 1 in dealt):
        return
    # A slash between the sizes of tables of different sizes reads the same in every language.
    expected = "/".join(str(size) for size in dealt)
    more = "/".join(str(size + 1) for size in dealt)
    detail = (
        Phrase(Detail.SHOW_SIZE_OPTIONAL, expected=expected, more=more, shown=shown)
        if optional
        else Phrase(Detail.SHOW_SIZE, expected=expected, shown=shown)
    )
    raise IllegalAction(Reason.SHOW_INCOMPLETE, detail=detail)


#: Closes from the least paid to the best: a seven of a kind wins the match.
_ORDER = (Closing.SIMPLE, Closing.FLUSH, Closing.STRAIGHT, Closing.ROYAL, Closing.SEVEN_OF_A_KIND)


def _imagines(show: Show) -> bool:
    return any(c.is_joker for g in show.melds for c in g)
