"""The round state machine on stacked decks: the deal, turns, and the rules that refuse moves."""

from __future__ import annotations

import copy
import pickle
from dataclasses import replace

import pytest

from ramino.engine import Card, IllegalAction, Reason, get_preset, parse_cards
from ramino.engine.actions import Attach, Discard, Draw, Lay, Show, Swap, TakeDiscard, parse_action
from ramino.engine.match import Match
from ramino.engine.round import EndReason, Phase, Round, stacked_deck
from ramino.engine.rules import (
    AttachableDiscard,
    Direction,
    FinalDiscard,
    Rules,
)
from scripted import attributes

CLASSICO = get_preset("classico")
TWO = replace(CLASSICO, name="test", max_players=2)


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def stacked(
    rules: Rules, hands: list[str], upcard: str, stock: str = "", players: int | None = None
) -> Round:
    """A round where seat 0 moves first (the dealer is the last seat)."""
    n = players or len(hands)
    order = stacked_deck(
        rules,
        n,
        [cards(h) for h in hands],
        upcard=Card.parse(upcard),
        stock=cards(stock),
        dealer=n - 1,
    )
    return Round(rules, n, deck_order=order, dealer=n - 1)


def snapshot(r: Round) -> bytes:
    return pickle.dumps(
        (
            r.hands,
            r.table,
            r.stock,
            r.discard_pile,
            r.to_play,
            r.phase,
            r.turn,
            r.opened,
            r.taken_card,
            r.opening_points,
            r.pending_jokers,
            len(r.history),
            r.end,
        )
    )


def refused(r: Round, text: str, reason: Reason) -> IllegalAction | Exception:
    before = snapshot(r)
    action = parse_action(text)
    assert not r.can(action)
    with pytest.raises(Exception) as info:
        r.apply(action)
    assert getattr(info.value, "reason", None) is reason, info.value
    assert snapshot(r) == before
    return info.value


HAND_A = "6C 6D 7H 8H 9H KS QS 2C 3D 4S"
HAND_B = "AC AD 5H 5S 10C JC QC 9D 9S 2H"


def test_the_deal() -> None:
    r = Round(CLASSICO, 4, seed=3, dealer=2)
    assert r.to_play == 3 and r.phase is Phase.DRAW
    assert [len(h) for h in r.hands] == [10, 10, 10, 10]
    assert r.stock_count == 108 - 40 - 1 and r.top_discard is not None
    ccw = replace(CLASSICO, direction=Direction.COUNTERCLOCKWISE)
    assert Round(ccw, 4, seed=3, dealer=2).to_play == 1


def test_the_same_seed_deals_the_same_cards() -> None:
    one, two = Round(CLASSICO, 3, seed="partita"), Round(CLASSICO, 3, seed="partita")
    assert one.deck_order == two.deck_order
    assert Round(CLASSICO, 3, seed="altra").deck_order != one.deck_order


def test_a_joker_turned_up_goes_back_under_the_stock() -> None:
    r = stacked(TWO, [HAND_A, HAND_B], "JK", "KH")
    assert r.top_discard == Card.parse("KH")
    assert r.deck[r.stock[0]].is_joker  # at the bottom of the stock


def test_draw_then_discard_and_the_turn_passes() -> None:
    r = stacked(TWO, [HAND_A, HAND_B], "KD", "5D")
    assert r.to_play == 0
    refused(r, "discard KS", Reason.MUST_DRAW_FIRST)
    r.apply(Draw())
    assert Card.parse("5D") in r.hand(0)
    refused(r, "draw", Reason.ALREADY_DRAWN)
    refused(r, "discard 5C", Reason.NOT_IN_HAND)
    r.apply(Discard(Card.parse("5D")))
    assert r.to_play == 1 and r.phase is Phase.DRAW and r.turn == 2
    assert r.top_discard == Card.parse("5D")


def test_a_refusal_says_who_was_refused_and_in_which_turn() -> None:
    r = stacked(TWO, [HAND_A, HAND_B], "KD", "5D 6S")
    r.apply(Draw())
    r.apply(Discard(Card.parse("5D")))
    action = parse_action("discard 2C")
    error = r.refusal(action)
    assert isinstance(error, IllegalAction)
    assert (error.reason, error.seat, error.turn) == (Reason.MUST_DRAW_FIRST, 1, 2)
    assert error.to_dict("en")["seat"] == 1 and error.to_dict("en")["turn"] == 2
    assert "seat=1, turn=2" in repr(error)
    copied = pickle.loads(pickle.dumps(error))
    assert (copied.reason, copied.seat, copied.turn) == (Reason.MUST_DRAW_FIRST, 1, 2)
    with pytest.raises(IllegalAction) as info:
        r.check(action)
    assert (info.value.seat, info.value.turn) == (1, 2)
    assert r.refusal(Draw()) is None and r.can(Draw())


def test_the_repr_of_every_listed_action_pastes_back() -> None:
    r = Round(CLASSICO, 3, seed="repr")
    while not r.is_over and r.turn < 60:
        for action in r.legal_actions:
            assert eval(repr(action), {"parse_action": parse_action}) == action
        r.apply(r.legal_actions[len(r.history) % len(r.legal_actions)])


def test_legal_actions_and_the_one_check_agree() -> None:
    r = Round(CLASSICO, 3, seed="accordo")
    while not r.is_over and r.turn < 40:
        listed = r.legal_actions
        assert listed and all(r.refusal(action) is None for action in listed)
        r.apply(listed[len(r.history) % len(listed)])


def test_the_card_taken_from_the_pile_is_not_discarded_again() -> None:
    r = stacked(TWO, [HAND_A, HAND_B], "KD")
    r.apply(TakeDiscard())
    refused(r, "discard KD", Reason.REDISCARD_TAKEN)
    rules = replace(TWO, rediscard_taken_card=True)
    r = stacked(rules, [HAND_A, HAND_B], "KD")
    r.apply(TakeDiscard())
    assert r.can(Discard(Card.parse("KD")))
    r.apply(Discard(Card.parse("KD")))
    assert r.top_discard == Card.parse("KD") and r.to_play == 1


def test_stuck_with_a_required_final_discard() -> None:
    # RULES.md §5: holding 6♣ 6♦ and drawing 6♥, the set cannot be laid if a discard is needed.
    hands = ["6C 6D", "2S 9D"]
    rules = replace(TWO, hand_size=2)
    r = stacked(rules, hands, "KD", "6H")
    r.apply(Draw())
    refused(r, "lay 6C 6D 6H", Reason.WOULD_LEAVE_NO_DISCARD)
    optional = replace(rules, final_discard=FinalDiscard.OPTIONAL)
    r = stacked(optional, hands, "KD", "6H")
    r.apply(Draw())
    r.apply(Lay(cards("6C 6D 6H")))
    assert r.is_over and r.end is not None and r.end.out == 0
    assert r.end.in_one_turn and r.end.reason is EndReason.WENT_OUT


def test_going_out_in_one_turn_doubles_the_others() -> None:
    hands = ["7H 8H 9H QC QD QS 2S 3S 4S 5S", "AC 5D 9C 2D 3C 4H 6S 8C 10D JS"]
    r = stacked(TWO, hands, "5C", "KD")
    r.apply(Draw())
    for meld in ("7H 8H 9H", "QC QD QS", "2S 3S 4S 5S"):
        r.apply(Lay(cards(meld)))
    r.apply(Discard(Card.parse("KD")))
    assert r.end is not None and r.end.out == 0 and r.end.in_one_turn
    assert r.end.counts[1] == 68
    sheet = Match(["Anna", "Bruno"], TWO).record(r.round_result(["Anna", "Bruno"]))
    assert dict(sheet.scores) == {"Anna": 0, "Bruno": 136}


def test_going_out_after_having_laid_before_is_not_in_one_turn() -> None:
    hands = ["7H 8H 9H QC QD QS 2S 3S 4S AC", "KC 5D 9C 2D 3C 4H 6S 8C 10D JS"]
    r = stacked(TWO, hands, "5C", "KD 6D 5S")
    r.apply(Draw())
    r.apply(Lay(cards("7H 8H 9H")))
    r.apply(Discard(Card.parse("KD")))
    r.apply(Draw())
    r.apply(Discard(Card.parse("KC")))
    r.apply(Draw())  # 5♠
    r.apply(Lay(cards("QC QD QS")))
    r.apply(Lay(cards("2S 3S 4S 5S")))
    r.apply(Discard(Card.parse("AC")))
    assert r.end is not None and r.end.out == 0 and not r.end.in_one_turn


def test_opening_threshold_and_a_begun_opening() -> None:
    rules = replace(get_preset("apertura-50"), max_players=2)
    hands = ["KH KS KD 5H 6H 7H 2C 9D 4S AC", "AD 5D 9C 2D 3C 4H 6S 8C 10D JS"]
    r = stacked(rules, hands, "QC", "8S")
    r.apply(Draw())
    # 5♥ 6♥ 7♥ (18) and the kings (30) make 48: no opening at 50 can be finished.
    refused(r, "lay 5H 6H 7H", Reason.OPENING_OUT_OF_REACH)
    refused(r, "lay KH KS KD", Reason.OPENING_OUT_OF_REACH)
    refused(r, "attach 0 KC", Reason.NO_SUCH_MELD)
    # Nothing begun, nothing owed: he throws and the turn passes.
    r.apply(Discard(Card.parse("AC")))
    assert not r.opened[0] and not r.table and r.to_play == 1


def test_opening_at_50_reached_over_several_melds() -> None:
    rules = replace(get_preset("apertura-50"), max_players=2)
    hands = ["KH KS KD 5H 6H 7H 8H 9D 4S AC", "AD 5D 9C 2D 3C 4H 6S 8C 10D JS"]
    r = stacked(rules, hands, "QC", "8S")
    r.apply(Draw())
    r.apply(Lay(cards("5H 6H 7H 8H")))
    assert not r.opened[0] and r.opening_points == 26
    refused(r, "discard AC", Reason.OPENING_BELOW_THRESHOLD)
    r.apply(Lay(cards("KH KS KD")))
    assert r.opened[0]
    r.apply(Discard(Card.parse("AC")))
    assert len(r.table) == 2 and r.top_discard == Card.parse("AC") and r.to_play == 1


def test_taking_the_discard_only_to_use_it() -> None:
    rules = replace(get_preset("apertura-50"), max_players=2)
    hands = ["KH KS 5H 6H 7H 8H 2C 9D 4S AC", "AD 5D 9C 2D 3C 4H 6S 8C 10D JS"]
    r = stacked(rules, hands, "3H")
    refused(r, "take", Reason.TAKE_NEEDS_USE)  # 3♥ opens nothing at 50
    r = stacked(rules, hands, "KD")
    r.apply(TakeDiscard())
    refused(r, "discard AC", Reason.TAKEN_CARD_NOT_USED)
    # RULES.md §6.4: the card taken goes down in any meld of the turn, whatever the order.
    r.apply(Lay(cards("5H 6H 7H 8H")))
    refused(r, "discard AC", Reason.TAKEN_CARD_NOT_USED)
    r.apply(Lay(cards("KH KS KD")))
    r.apply(Discard(Card.parse("AC")))
    assert r.opened[0]


def test_attach_needs_an_opening_where_the_rules_say() -> None:
    scala = replace(get_preset("scala-40"), max_players=2, hand_size=10)
    hands = ["KH KS KD 10H JH QH 2C 9D 4S AC", "AD 5D 9C 2D 3C 4H 6S 8C 10D JS"]
    r = stacked(scala, hands, "QC", "8S 9H")
    r.apply(Draw())
    r.apply(Lay(cards("KH KS KD")))
    r.apply(Lay(cards("10H JH QH")))
    assert r.opened[0]
    r.apply(Discard(Card.parse("AC")))
    r.apply(Draw())  # seat 1 draws 9♥
    refused(r, "attach 1 9H", Reason.ATTACH_BEFORE_OPENING)
    r = stacked(TWO, hands, "QC", "8S 9H")
    r.apply(Draw())
    r.apply(Lay(cards("10H JH QH")))
    r.apply(Discard(Card.parse("AC")))
    r.apply(Draw())
    r.apply(Attach(0, cards("9H")))
    assert str(r.table[0].meld) == "9♥ 10♥ J♥ Q♥"
    refused(r, "attach 0 10D", Reason.ATTACH_DOES_NOT_FIT)
    refused(r, "attach 3 10D", Reason.NO_SUCH_MELD)


def test_taking_a_joker_back_and_laying_it_again() -> None:
    hands = ["7H JK 9H QC QD 2S 3S 5C 9D AC", "8H KD KS 2D 3C 4H 6S 8C 10D JS"]
    r = stacked(TWO, hands, "QH", "4C 4D")
    r.apply(Draw())
    r.apply(Lay(cards("7H JK 9H")))
    r.apply(Discard(Card.parse("AC")))
    r.apply(Draw())
    r.apply(Swap(0, cards("8H")))  # 8♥ frees the jolly
    assert r.pending_jokers and str(r.table[0].meld) == "7♥ 8♥ 9♥"
    refused(r, "discard JS", Reason.RETRIEVED_JOKER_NOT_LAID)
    r.apply(Lay(cards("KD KS JK")))
    assert not r.pending_jokers
    r.apply(Discard(Card.parse("JS")))
    assert Card.joker() not in r.hand(1) and r.to_play == 0


def test_attachable_discard_ban() -> None:
    rules = replace(TWO, attachable_discard=AttachableDiscard.FORBIDDEN)
    hands = ["7H 8H 9H QC QD 2S 3S 5C 9D AC", "10H KD KS 2D 3C 4H 6S 8C 10D JS"]
    r = stacked(rules, hands, "QH", "4C 5H")
    r.apply(Draw())
    r.apply(Lay(cards("7H 8H 9H")))
    r.apply(Discard(Card.parse("AC")))
    r.apply(Draw())  # 5♥
    refused(r, "discard 10H", Reason.DISCARD_ATTACHABLE)
    r.apply(Discard(Card.parse("5H")))
    assert r.top_discard == Card.parse("5H") and Card.parse("10H") in r.hand(1)


def test_no_going_out_in_the_first_round() -> None:
    rules = replace(
        TWO, rummy_on_first_turn=False, final_discard=FinalDiscard.OPTIONAL, hand_size=3
    )
    r = stacked(rules, ["6C 6D 2S", "7C 7D 9S"], "KD", "6H")
    r.apply(Draw())
    refused(r, "lay 6C 6D 6H", Reason.NO_GOING_OUT_FIRST_ROUND)


def test_no_melding_during_play_goes_out_by_showing() -> None:
    casertano = replace(get_preset("casertano"), max_players=2, hand_size=6)
    r = stacked(casertano, ["5C 5C 5D 2S 3S 4S", "7C 7D 9S 10S KH KD"], "QC", "9H")
    r.apply(Draw())
    refused(r, "lay 5C 5C 5D", Reason.NO_MELDING_DURING_PLAY)
    r.apply(Show((cards("5C 5C 5D"), cards("2S 3S 4S")), Card.parse("9H")))
    assert r.end is not None and r.end.out == 0
    assert sum(len(m.ids) for m in r.table) == 6
    # Bruno may lay his combinations after the close, but nothing in his hand binds.
    assert r.end.counts[1] == 7 + 7 + 9 + 10 + 10 + 10


def test_turn_cap_ends_the_round() -> None:
    rules = replace(TWO, max_turns=4)
    r = Round(rules, 2, seed=5)
    while not r.is_over:
        r.apply(r.legal_actions[0] if r.phase is Phase.DRAW else Discard(r.hand(r.to_play)[-1]))
    assert r.end is not None and r.end.reason is EndReason.MAX_TURNS and r.turn == 5


def test_restock_cap_ends_the_round() -> None:
    rules = replace(TWO, max_restocks=0, decks=1, jokers=0, max_turns=500)
    r = Round(rules, 2, seed=5)
    while not r.is_over:
        r.apply(Draw() if r.phase is Phase.DRAW else Discard(r.hand(r.to_play)[-1]))
    assert r.end is not None and r.end.reason is EndReason.MAX_RESTOCKS


def test_restock_shuffles_all_but_the_top_discard() -> None:
    rules = replace(TWO, decks=1, jokers=0)
    r = Round(rules, 2, seed=9)
    while r.restocks == 0:
        r.apply(Draw() if r.phase is Phase.DRAW else Discard(r.hand(r.to_play)[-1]))
    assert len(r.discard_pile) == 1
    assert len(r.stock) + len(r.discard_pile) + sum(map(len, r.hands)) == 52


def test_casertano_seven_of_a_kind_wins_the_match() -> None:
    casertano = replace(get_preset("casertano"), max_players=2, hand_size=13)
    hands = [
        "QS QS QH QH QD QD 2C 5H 9D KS KH AD 3C",
        "7C 7D 9S 10S KC KD 2S 3S 4H 6C 8D JH JS",
    ]
    r = stacked(casertano, hands, "4C", "QC")
    r.apply(Draw())
    show = parse_action("show QC QD QD QH QH QS QS")
    assert show in r.legal_actions
    r.apply(show)
    assert r.end is not None and r.end.out == 0
    match = Match(["Anna", "Bruno"], casertano)
    match.record(r.round_result(["Anna", "Bruno"]))
    assert match.is_over and match.winner == "Anna"


# --- apply after legal_actions ---


def test_asking_for_the_moves_changes_nothing_in_the_round() -> None:
    r = stacked(TWO, [HAND_A, HAND_B], "KD", "5D")
    r.apply(Draw())
    before = pickle.dumps(r)
    assert r.legal_actions
    assert pickle.dumps(r) == before


def test_a_round_pickles_every_attribute_of_its_state() -> None:
    r = stacked(TWO, [HAND_A, HAND_B], "KD", "5D")
    r.apply(Draw())
    assert r.legal_actions
    assert pickle.dumps(r)  # the decision of the position is left out
    parts = {"judge", "seed", "deck_order", "history", "public_history", "restock_orders"}
    assert set(attributes(r)) == parts | {"scripted_restocks", "position"}


def test_a_round_comes_back_from_a_pickle_and_a_deep_copy_and_plays_on_alike() -> None:
    r = Round("scala-40", players=3, seed=11)
    r.apply(Draw())
    assert r.legal_actions
    for copied in (lambda: pickle.loads(pickle.dumps(r)), lambda: copy.deepcopy(r)):
        again = copied()
        assert snapshot(again) == snapshot(r)
        assert again.legal_actions == r.legal_actions
        assert again.turn_state == r.turn_state and again.history == r.history
        for action in ("discard " + str(r.hand(r.to_play)[0]), "draw"):
            event = again.apply(parse_action(action))
            assert event == r.apply(parse_action(action))
        assert snapshot(again) == snapshot(r)
    while not r.is_over:
        r.apply(r.legal_actions[len(r.history) % len(r.legal_actions)])
    ended = pickle.loads(pickle.dumps(r))
    names = ("Anna", "Bruno", "Carla")
    assert ended.end == r.end and ended.round_result(names) == r.round_result(names)


def _after_the_draw() -> Round:
    # 10♥ may be thrown while the table is empty, and goes on the run 7♥ 8♥ 9♥ once laid.
    rules = replace(TWO, attachable_discard=AttachableDiscard.FORBIDDEN)
    hands = ["7H 8H 9H QC QD 2S 3S 5C 9D 10H", "AH KD KS 2D 3C 4H 6S 8C 10D JS"]
    r = stacked(rules, hands, "QH", "4C 5H")
    r.apply(Draw())
    return r


def _refused_as_attachable(r: Round, action: Discard) -> None:
    before = snapshot(r)
    with pytest.raises(IllegalAction) as info:
        r.apply(action)
    assert info.value.reason is Reason.DISCARD_ATTACHABLE
    assert snapshot(r) == before


def test_a_move_listed_before_the_round_changed_is_checked_again() -> None:
    # Once the run is laid, the very discard listed before (one object for every list) is
    # refused as any other.
    r = _after_the_draw()
    listed = r.legal_actions
    run = next(a for a in listed if isinstance(a, Lay) and a.cards == cards("7H 8H 9H"))
    ten = next(a for a in listed if isinstance(a, Discard) and a.card == Card.parse("10H"))
    r.apply(run)
    _refused_as_attachable(r, ten)


def test_an_action_not_listed_is_refused_by_apply() -> None:
    r = _after_the_draw()
    r.apply(Lay(cards("7H 8H 9H")))
    bogus = Discard(Card.parse("10H"))
    assert bogus not in r.legal_actions
    _refused_as_attachable(r, bogus)


def test_moves_listed_for_another_round_are_checked() -> None:
    # The same deal twice, each at its second move: 10♥ may be thrown after the set of
    # queens, not after the run it goes on. The discard listed for the first round is the
    # object the second is given.
    rules = replace(TWO, attachable_discard=AttachableDiscard.FORBIDDEN)
    hands = ["7H 8H 9H QC QD QS 3S 5C 9D 10H", "AH KD KS 2D 3C 4H 6S 8C 10D JS"]
    one = stacked(rules, hands, "KH", "4C 5H")
    two = stacked(rules, hands, "KH", "4C 5H")
    for r, meld in ((one, "QC QD QS"), (two, "7H 8H 9H")):
        r.apply(Draw())
        r.apply(Lay(cards(meld)))
    listed = one.legal_actions
    ten = next(a for a in listed if isinstance(a, Discard) and a.card == Card.parse("10H"))
    _refused_as_attachable(two, ten)
    one.apply(ten)
    assert one.top_discard == Card.parse("10H")


def test_a_listed_meld_that_empties_the_hand_goes_out() -> None:
    rules = replace(TWO, final_discard=FinalDiscard.OPTIONAL, hand_size=2)
    r = stacked(rules, ["6C 6D", "7C 7D"], "KD", "6H")
    r.apply(Draw())
    lay = next(a for a in r.legal_actions if isinstance(a, Lay))
    assert lay.cards == cards("6C 6D 6H")
    r.apply(lay)
    assert r.is_over and r.end is not None and r.end.out == 0


def test_each_event_names_the_turn_it_was_made_in() -> None:
    r = Round("classico", players=3, seed=4)
    first = r.apply(Draw())
    thrown = r.apply(r.legal_actions[-1])
    second = r.apply(Draw())
    assert (first.turn, thrown.turn, second.turn) == (1, 1, 2)
    assert [event.turn for event in r.history] == [1, 1, 2]


def test_a_move_may_be_given_as_its_text() -> None:
    # As a player writes it: apply, check, can, refusal and `in` read the move's text; a
    # text that is no move is refused as one (bad_action), and so is any other object.
    r = Round("classico", 3, seed=1)
    assert "draw" in r.legal_actions and r.can("draw") and r.refusal("draw") is None
    assert "discard 3C" not in r.legal_actions and not r.can("discard 3C")
    error = r.refusal("discard 3C")
    assert error is not None and error.reason is Reason.MUST_DRAW_FIRST
    assert r.refusal("dance").reason is Reason.BAD_ACTION  # type: ignore[union-attr]
    assert not r.can("dance") and "dance" not in r.legal_actions
    with pytest.raises(TypeError):
        r.apply(42)  # type: ignore[arg-type]
    r.apply("draw")
    assert r.phase is Phase.PLAY and r.history[-1].action == Draw()


def test_a_seat_out_of_the_table_is_refused_not_read_from_the_end() -> None:
    r = Round("classico", 3, seed=1)
    for seat in (-1, 3):
        for ask in (r.hand, r.next_seat, r.observation):
            with pytest.raises(IllegalAction) as info:
                ask(seat)
            assert info.value.reason is Reason.NO_SUCH_SEAT, (ask, seat)
    assert r.next_seat(2) == 0 and len(r.hand(2)) == 10


def test_a_round_result_needs_one_name_a_seat() -> None:
    r = Round("classico", 2, seed=1)
    while not r.is_over:
        r.apply(next(iter(r.legal_actions)))
    with pytest.raises(IllegalAction) as info:
        r.round_result(["Anna", "Anna"])
    assert info.value.reason is Reason.DUPLICATE_PLAYER
    with pytest.raises(IllegalAction) as info:
        r.round_result("AB")
    assert info.value.reason is Reason.BAD_ROUND_RESULT
    # A match takes a preset's name as a round does, and a list of names, never a text.
    match = Match(["Anna", "Bruno"], "classico")
    assert match.rules == get_preset("classico")
    match.record(r.round_result(["Anna", "Bruno"]))
    with pytest.raises(TypeError):
        Match("AB", "classico")


def test_a_stacked_deck_refuses_a_deal_the_rules_cannot_make() -> None:
    hands = [parse_cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H"), parse_cards("AS 2S 3S 4S 5S")]
    hands[1] += parse_cards("6S 7S 8S 9S 10S")
    upcard = Card.parse("KC")
    # A preset's name serves as its rules.
    order = stacked_deck("classico-2", 2, hands, upcard=upcard)
    assert Round("classico-2", 2, deck_order=order).hand(0) == tuple(hands[0])
    for wrong, words in (
        ([hands[0]], "2 hands are needed, one a seat, not 1."),
        ([hands[0][:3], hands[1]], "seat 0's hand has 3 cards, not 10."),
    ):
        with pytest.raises(IllegalAction) as info:
            stacked_deck("classico-2", 2, wrong, upcard=upcard)
        assert info.value.reason is Reason.BAD_DEAL
        assert info.value.message("en").endswith(words)
    # One pack holds one A♥: a deal of two is no deal, not a move refused.
    twice = [parse_cards("AH AH 3H 4H 5H 6H 7H 8H 9H 10H"), hands[1]]
    with pytest.raises(IllegalAction) as info:
        stacked_deck("classico-2", 2, twice, upcard=upcard)
    assert info.value.reason is Reason.NOT_IN_DECK
