"""Gin rummy as knobs over the one engine: the first upcard offered, the knock, the knocker's
melds, the defender's lay-offs and melds, the wall, the count (knock, gin, undercut), the
Oklahoma limit and its spade upcard, big gin, and the two guards of OpenSpiel's game
(docs/gin.md)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from ramino.engine.actions import Attach, Discard, Draw, Knock, Lay, Pass, TakeDiscard, parse_action
from ramino.engine.cards import Card, parse_cards
from ramino.engine.errors import IllegalAction, Reason
from ramino.engine.presets import GIN_PRESETS, PRESETS, get_preset
from ramino.engine.round import EndReason, Phase, Round, stacked_deck
from ramino.engine.rules import Rules

# Seat 0 plays first (the dealer is seat 1), as OpenSpiel's player 0 does.
KNOCKER = parse_cards("AS 2S 3S 4C 4D 4H 7H 8H 9H 2C")
DEFENDER = parse_cards("5S 5C 5D 10S JS QS KC KD 10H 3D")


def gin_round(
    preset: str | Rules = "gin",
    hands: tuple[list[Card], list[Card]] = (KNOCKER, DEFENDER),
    upcard: str = "KH",
    stock: str = "6H QH 2D",
) -> Round:
    rules = get_preset(preset) if isinstance(preset, str) else preset
    order = stacked_deck(
        rules, 2, list(hands), upcard=Card.parse(upcard), stock=parse_cards(stock), dealer=1
    )
    return Round(rules, 2, dealer=1, deck_order=order)


def names(r: Round) -> list[str]:
    return [str(a) for a in r.legal_actions]


def play(r: Round, *moves: str) -> None:
    for move in moves:
        r.apply(parse_action(move))


def test_the_presets_are_the_rules_of_gin_and_stay_out_of_the_playable_registry() -> None:
    gin, classic, peer = (get_preset(n) for n in ("gin", "gin-classic", "gin-openspiel"))
    assert (gin.gin_bonus, gin.undercut_bonus, gin.undercut_on_tie) == (25, 25, True)
    assert (classic.gin_bonus, classic.undercut_bonus) == (20, 10)
    assert (peer.undercut_on_tie, peer.run_max, peer.max_pile_takes, peer.void_rethrows) == (
        False,
        5,
        50,
        2,
    )
    assert gin.knock_limit == 10 and gin.wall_stock == 2 and gin.first_upcard_offer
    assert set(GIN_PRESETS).isdisjoint(PRESETS)


def test_the_first_upcard_is_offered_to_each_then_the_stock() -> None:
    r = gin_round()
    assert r.to_play == 0 and names(r) == ["take", "pass"]
    assert r.refusal(Draw()).reason is Reason.UPCARD_OFFERED  # type: ignore[union-attr]
    r.apply(Pass())
    assert r.to_play == 1 and names(r) == ["take", "pass"]
    r.apply(Pass())
    assert r.to_play == 0 and names(r) == ["draw"]
    assert r.refusal(TakeDiscard()).reason is Reason.UPCARD_PASSED  # type: ignore[union-attr]
    r.apply(Draw())
    assert r.hand(0).count(Card.parse("6H")) == 1


def test_a_knock_discards_lays_the_melds_and_lets_the_defender_lay_off() -> None:
    r = gin_round()
    play(r, "pass", "pass", "draw")  # 6H: 6H 7H 8H 9H, deadwood 2C only
    assert Knock() in r.legal_actions
    play(r, "knock")
    assert r.phase is Phase.KNOCK and r.to_play == 0
    # Only a discard that keeps the deadwood within 10 (4C would leave 4D 4H and 2C: 10).
    assert r.refusal(Lay(parse_cards("AS 2S 3S"))).reason is Reason.SPREAD_FIRST  # type: ignore[union-attr]
    said = {
        str(action): error.message("en")
        for action in (Draw(), Knock())
        if (error := r.refusal(action)) is not None and error.reason is Reason.NOT_AFTER_KNOCK
    }
    assert said == dict.fromkeys(
        ("draw", "knock"), "Not now: you knocked: discard a card, then lay your melds and pass."
    )
    play(r, "discard 2C")
    error = r.refusal(Discard(Card.parse("4C")))
    assert error is not None and error.reason is Reason.NOT_AFTER_KNOCK
    assert "lay your melds, then pass" in error.message("en")
    play(r, "lay AS 2S 3S", "lay 4C 4D 4H")
    # 6H 7H 8H 9H still in hand: 30 points, too many to pass.
    assert r.refusal(Pass()).reason is Reason.KNOCK_OVER_LIMIT  # type: ignore[union-attr]
    play(r, "lay 6H 7H 8H 9H", "pass")
    # Gin: no lay-offs, the defender lays his melds at once.
    assert r.phase is Phase.SPREAD and r.to_play == 1
    play(r, "lay 5S 5C 5D", "lay 10S JS QS", "pass")
    end = r.end
    assert end is not None and end.reason is EndReason.WENT_OUT and end.out == 0
    # Left: KC KD 10H 3D = 33, and gin's 25.
    assert end.counts == (0, 33) and end.points == (58, 0)


def _knocked(preset: str | Rules = "gin") -> Round:
    r = gin_round(preset, stock="5H QH 2D")
    play(r, "pass", "pass", "draw", "knock", "discard 5H")
    play(r, "lay AS 2S 3S", "lay 4C 4D 4H", "lay 7H 8H 9H", "pass")  # 2C left: 2
    return r


def test_the_defender_lays_off_single_cards_onto_the_knockers_melds_only() -> None:
    r = _knocked()
    assert r.phase is Phase.LAY_OFF and r.to_play == 1
    offs = [a for a in r.legal_actions if isinstance(a, Attach)]
    # 10H goes on 7H 8H 9H; 5S does not fit the set of fours, nor A-2-3 of spades.
    assert {str(a) for a in offs} == {"attach 2 10H"}
    error = r.refusal(Attach(0, parse_cards("5S")))
    assert error is not None and error.reason is Reason.ATTACH_DOES_NOT_FIT
    error = r.refusal(Lay(parse_cards("5S 5C 5D")))
    # Not the parser's bad_action: the move is one, but not of this step, which is said.
    assert error is not None and error.reason is Reason.NOT_AFTER_KNOCK
    assert error.message("en") == "Not now: lay off your cards onto the knocker's melds, then pass."
    play(r, "attach 2 10H", "pass", "lay 5S 5C 5D", "lay 10S JS QS", "pass")
    end = r.end
    # Left: KC KD 3D = 23 against 2C: the knocker wins 21.
    assert end is not None and end.counts == (2, 23) and end.points == (21, 0)
    assert str(r.table[2].meld) == "7♥ 8♥ 9♥ 10♥"


def test_an_undercut_wins_the_defender_the_difference_and_the_bonus() -> None:
    low = parse_cards("5S 5C 5D 10S JS QS KS AC AD AH")
    r = gin_round(hands=(KNOCKER, low), stock="5H QH 2D")
    play(r, "pass", "pass", "draw", "knock", "discard 5H")
    play(r, "lay AS 2S 3S", "lay 4C 4D 4H", "lay 7H 8H 9H", "pass", "pass")
    play(r, "lay 5S 5C 5D", "lay 10S JS QS KS", "pass")
    end = r.end
    # Knocker 2 (2C), defender 3 (three aces): no undercut; with the aces laid, 0: undercut.
    assert end is not None and end.counts == (2, 3) and end.points == (1, 0)


@pytest.mark.parametrize(("on_tie", "points"), [(True, (0, 25)), (False, (0, 0))])
def test_a_tie_undercuts_only_where_the_rules_say(on_tie: bool, points: tuple[int, int]) -> None:
    rules = dataclasses.replace(get_preset("gin"), undercut_on_tie=on_tie)
    even = parse_cards("5S 5C 5D 10S JS QS KS 2H 6C 7C")
    r = gin_round(rules, hands=(KNOCKER, even), stock="5H QH 2D")
    play(r, "pass", "pass", "draw", "knock", "discard 5H")
    play(r, "lay AS 2S 3S", "lay 4C 4D 4H", "lay 7H 8H 9H", "pass", "pass")
    play(r, "lay 5S 5C 5D", "lay 10S JS QS KS", "pass")
    end = r.end
    assert end is not None and end.points is not None
    # Defender: 2H 6C 7C = 15 against the knocker's 2C: 2; not a tie, the knocker wins.
    assert end.points == (13, 0)
    from ramino.engine.scoring import knock_points

    assert knock_points(0, (7, 7), rules) == points


def test_a_knock_over_the_limit_is_refused_with_its_reason() -> None:
    r = gin_round(hands=(DEFENDER, KNOCKER), stock="9C QH 2D")
    play(r, "pass", "pass", "draw")  # KC KD 10H 3D 9C unmatched
    error = r.refusal(Knock())
    assert error is not None and error.reason is Reason.KNOCK_OVER_LIMIT
    assert "10" in error.message("en")


def test_the_card_taken_from_the_pile_is_not_the_knocks_discard() -> None:
    # A card taken from the pile may not be thrown back the same turn, and the knock's throw
    # is a discard like any other: knocking needs another card to throw (gin, gin-classic).
    r = gin_round()
    play(r, "take")  # KH: 2C or KH thrown would leave deadwood within 10
    play(r, "knock")
    assert r.refusal(Discard(Card.parse("KH"))).reason is Reason.REDISCARD_TAKEN  # type: ignore[union-attr]
    assert "discard KH" not in names(r)
    # Here only throwing KH back would leave 10 or less (AC 2D 6C: 9): no knock at all.
    short = parse_cards("AS 2S 3S 4S 7H 8H 9H AC 2D 6C")
    r = gin_round(hands=(short, DEFENDER), stock="6H QH 5H")
    play(r, "take")
    error = r.refusal(Knock())
    assert error is not None and error.reason is Reason.KNOCK_OVER_LIMIT
    assert Knock() not in r.legal_actions
    # Where the rules let it be thrown back (OpenSpiel), the knock throws it.
    r = gin_round("gin-openspiel", hands=(short, DEFENDER), stock="6H QH 5H")
    play(r, "take", "knock", "discard KH")
    assert r.phase is Phase.KNOCK


def test_at_the_wall_the_player_knocks_with_the_pile_or_passes_and_the_hand_is_void() -> None:
    rules = get_preset("gin")
    rng = random.Random(3)
    r = Round(rules, 2, seed=5, dealer=1)
    while not r.is_over and not (r.phase is Phase.DRAW and r.stock_count <= 2):
        acts = [a for a in r.legal_actions if not isinstance(a, Knock)]
        r.apply(rng.choice(acts))
    assert not r.is_over and r.phase is Phase.DRAW
    assert "pass" in names(r) and "draw" not in names(r) and "take" not in names(r)
    error = r.refusal(Draw())
    assert error is not None and error.reason is Reason.AT_THE_WALL
    r.apply(Pass())
    end = r.end
    assert end is not None and end.reason is EndReason.VOID and end.points == (0, 0)


def test_a_void_hand_tells_each_hand_s_least_deadwood() -> None:
    # Nobody lays in a void hand, and nobody scores it: each hand is told as its deadwood,
    # its melds set aside (2♣ alone; K♣ K♦ 10♥ 3♦), not as its whole value.
    r = gin_round()
    play(r, "pass", "pass")
    while "draw" in names(r):
        drawn = r.apply(Draw())
        r.apply(Discard(r.deck[drawn.ids[0]]))
    r.apply(Pass())
    end = r.end
    assert end is not None and end.reason is EndReason.VOID and end.points == (0, 0)
    assert end.counts == (2, 33)


def test_after_a_void_hand_the_same_dealer_deals_again() -> None:
    # Gin rummy's published rules: a hand that dies at the wall is cancelled, no score, and
    # the same dealer deals again; after a hand played out, the deal alternates.
    from ramino.engine.play import MatchPlay

    game = MatchPlay(["Anna", "Bruno"], get_preset("gin"), seed=7)
    rng = random.Random(3)
    seen = set()
    while len(seen) < 2 and not game.is_over:
        r = game.start_round()
        dealer = game.dealer
        while not r.is_over:
            knocks = [a for a in r.legal_actions if isinstance(a, Knock)]
            r.apply(knocks[0] if knocks else rng.choice(r.legal_actions))
        assert r.end is not None
        void = r.end.reason is EndReason.VOID
        seen.add(void)
        game.finish_round()
        assert (game.next_dealer == dealer) is void
    assert seen == {True, False}
    # A hand the turn cap stops has no winner and scores nothing: cancelled as well.
    game = MatchPlay(["Anna", "Bruno"], dataclasses.replace(get_preset("gin"), max_turns=6), seed=7)
    r = game.start_round()
    dealer = game.dealer
    while not r.is_over:
        r.apply(next(a for a in r.legal_actions if not isinstance(a, Knock)))
    assert r.end is not None and r.end.reason is EndReason.MAX_TURNS
    assert game.finish_round().scores == {"Anna": 0, "Bruno": 0}
    assert game.next_dealer == dealer


def test_oklahoma_knocks_within_the_first_upcards_value_an_ace_gin_only() -> None:
    rules = dataclasses.replace(get_preset("gin"), oklahoma=True)
    assert gin_round(rules, upcard="6C").terms.knock_limit == 6
    assert gin_round(rules, upcard="KH").terms.knock_limit == 10
    r = gin_round(rules, upcard="AC", stock="5H QH 2D")
    assert r.terms.knock_limit == 0
    play(r, "pass", "pass", "draw")
    assert Knock() not in r.legal_actions  # 2C of deadwood is too much: gin only


# Every card melds once 5H is drawn: A-2-3 of spades, three fours, 5 to 9 of hearts.
BIG = parse_cards("AS 2S 3S 4C 4D 4H 6H 7H 8H 9H")


def test_big_gin_lays_every_card_without_a_discard_where_the_rules_have_it() -> None:
    rules = dataclasses.replace(get_preset("gin"), big_gin_bonus=31)
    r = gin_round(rules, hands=(BIG, DEFENDER), stock="5H QH 2D")
    play(r, "pass", "pass", "draw", "knock", "lay AS 2S 3S", "lay 4C 4D 4H")
    # Two cards laid short of all, and none thrown: go on laying, or throw one.
    assert r.refusal(Pass()).reason is Reason.BIG_GIN_LAYS_ALL  # type: ignore[union-attr]
    assert "big gin" in r.refusal(Pass()).message("en")  # type: ignore[union-attr]
    play(r, "lay 5H 6H 7H 8H 9H", "pass")
    # Nobody lays off against big gin: the defender lays his melds at once.
    assert r.phase is Phase.SPREAD and r.to_play == 1 and r.terms.big_gin
    assert not [a for a in r.legal_actions if isinstance(a, Discard)]
    play(r, "lay 5S 5C 5D", "lay 10S JS QS", "pass")
    end = r.end
    # Left: KC KD 10H 3D = 33, and big gin's 31 instead of gin's 25.
    assert end is not None and end.counts == (0, 33) and end.points == (64, 0)


def test_without_big_gin_the_knocker_throws_before_he_lays() -> None:
    r = gin_round(hands=(BIG, DEFENDER), stock="5H QH 2D")
    play(r, "pass", "pass", "draw", "knock")
    assert r.refusal(Lay(parse_cards("AS 2S 3S"))).reason is Reason.SPREAD_FIRST  # type: ignore[union-attr]
    assert r.refusal(Pass()).reason is Reason.SPREAD_FIRST  # type: ignore[union-attr]
    play(r, "discard 9H", "lay AS 2S 3S", "lay 4C 4D 4H", "lay 5H 6H 7H 8H", "pass")
    play(r, "lay 5S 5C 5D", "lay 10S JS QS", "pass")
    end = r.end
    assert end is not None and not r.terms.big_gin and end.points == (58, 0)


def test_under_big_gin_a_knocker_may_lay_then_throw_but_never_strand_his_deadwood() -> None:
    # Gin only (a limit of 0): 2C must be the card thrown.
    rules = dataclasses.replace(get_preset("gin"), big_gin_bonus=31, knock_limit=0)
    r = gin_round(rules, stock="6H QH 2D")
    play(r, "pass", "pass", "draw", "knock")
    # Laying 7H 8H 9H leaves 6H and 2C: no throw nor meld brings them to nothing.
    error = r.refusal(Lay(parse_cards("7H 8H 9H")))
    assert error is not None and error.reason is Reason.KNOCK_OVER_LIMIT
    play(r, "lay AS 2S 3S", "discard 2C")
    assert r.refusal(Discard(Card.parse("4C"))).reason is Reason.NOT_AFTER_KNOCK  # type: ignore[union-attr]
    play(r, "lay 4C 4D 4H", "lay 6H 7H 8H 9H", "pass")
    play(r, "lay 5S 5C 5D", "lay 10S JS QS", "pass")
    end = r.end
    assert end is not None and not r.terms.big_gin and end.points == (58, 0)


@pytest.mark.parametrize(
    ("doubles", "upcard", "points"),
    [(True, "KS", (116, 0)), (True, "KH", (58, 0)), (False, "KS", (58, 0))],
)
def test_a_spade_upcard_doubles_the_hand_where_the_rules_say(
    doubles: bool, upcard: str, points: tuple[int, int]
) -> None:
    rules = dataclasses.replace(get_preset("gin"), oklahoma=True, spade_upcard_doubles=doubles)
    r = gin_round(rules, upcard=upcard)
    assert r.terms.doubled == (points == (116, 0)) and r.terms.knock_limit == 10
    play(r, "pass", "pass", "draw", "knock", "discard 2C")
    play(r, "lay AS 2S 3S", "lay 4C 4D 4H", "lay 6H 7H 8H 9H", "pass")
    play(r, "lay 5S 5C 5D", "lay 10S JS QS", "pass")
    end = r.end
    assert end is not None and end.points == points


@pytest.mark.parametrize("knob", [{"spade_upcard_doubles": True}, {"big_gin_bonus": 31}])
def test_the_knocking_knobs_need_knocking(knob: dict[str, object]) -> None:
    from ramino.engine.errors import RulesError

    with pytest.raises(RulesError) as caught:
        Rules(**knob)  # type: ignore[arg-type]
    assert "knock_limit" in caught.value.message("en")


def test_deadwood_is_never_rounded_where_players_knock() -> None:
    # Rounded to tens, 2 and 3 of deadwood would count nothing: a knock would pass for gin.
    from dataclasses import replace

    from ramino.engine.errors import RulesError
    from ramino.engine.rules import Rounding

    with pytest.raises(RulesError) as caught:
        replace(get_preset("gin"), rounding=Rounding.TENS)
    assert "rounding = none" in caught.value.message("en")
    assert "arrotondar" in str(caught.value)


def test_openspiels_guards_end_the_hand_void() -> None:
    rules = get_preset("gin-openspiel")
    # Taking the pile's card and throwing it back, twice running.
    r = gin_round("gin-openspiel", stock="5H QH 2D")
    play(r, "take", "discard KH", "take", "discard KH")
    end = r.end
    assert end is not None and end.reason is EndReason.VOID and end.points == (0, 0)
    # Under the other presets the card taken may not be thrown back.
    r = gin_round()
    play(r, "take")
    assert r.refusal(Discard(Card.parse("KH"))).reason is Reason.REDISCARD_TAKEN  # type: ignore[union-attr]
    # The fiftieth take from the pile (the first upcard's offer apart) voids the hand.
    few = dataclasses.replace(rules, max_pile_takes=2)
    r = gin_round(few, stock="5H QH 2D")
    play(r, "take", "discard 2C", "take", "discard 3D", "take")
    end = r.end
    assert end is not None and end.reason is EndReason.VOID


def test_every_random_game_ends_and_keeps_every_card() -> None:
    big = dataclasses.replace(get_preset("gin"), big_gin_bonus=31, spade_upcard_doubles=True)
    for preset in [*GIN_PRESETS, big]:
        for seed in range(30):
            r = Round(preset, 2, seed=seed, dealer=1)
            rng = random.Random(seed)
            while not r.is_over:
                acts = list(r.legal_actions)
                knock = [a for a in acts if isinstance(a, Knock)]
                r.apply(knock[0] if knock and rng.random() < 0.9 else rng.choice(acts))
                held = [i for hand in r.hands for i in hand]
                laid = [i for m in r.table for i in m.ids]
                assert sorted([*held, *laid, *r.stock, *r.discard_pile]) == list(range(52))
            assert r.end is not None and r.end.points is not None


def test_the_actions_have_one_text() -> None:
    assert str(parse_action("knock")) == "knock" and str(parse_action("PASS")) == "pass"
    with pytest.raises(IllegalAction.__mro__[1]):
        parse_action("knock 5H")


def test_a_gin_round_records_and_replays_with_its_points() -> None:
    from ramino.engine.record import from_json, record_round, replay, to_json

    for seed in range(6):
        r = Round("gin-openspiel", 2, seed=seed, dealer=1)
        rng = random.Random(seed)
        while not r.is_over:
            acts = list(r.legal_actions)
            knock = [a for a in acts if isinstance(a, Knock)]
            r.apply(knock[0] if knock else rng.choice(acts))
        text = to_json(record_round(r, ["Anna", "Bruno"]))
        assert ('"points"' in text) and replay(from_json(text)).end == r.end


def test_the_game_to_100_gives_each_hand_to_its_winner_then_the_boxes_and_the_game() -> None:
    from ramino.engine.match import Match, RoundResult

    rules = get_preset("gin")
    match = Match(["Anna", "Bruno"], rules)
    sheet = match.record(RoundResult("Anna", {"Bruno": 33}, points={"Anna": 58, "Bruno": 0}))
    assert sheet.totals == {"Anna": 58, "Bruno": 0} and not match.is_over
    # A void hand (the wall) scores nothing and is nobody's box.
    match.record(RoundResult(None, {"Anna": 40, "Bruno": 50}, points={"Anna": 0, "Bruno": 0}))
    match.record(RoundResult("Anna", {"Bruno": 9}, points={"Anna": 0, "Bruno": 27}))
    assert match.boxes == {"Anna": 1, "Bruno": 1}
    sheet = match.record(RoundResult("Anna", {"Bruno": 50}, points={"Anna": 45, "Bruno": 0}))
    # Anna reaches 103: two boxes (50) and the game (100); Bruno's box, 25.
    assert match.is_over and match.winner == "Anna"
    assert sheet.scores == {"Anna": 45 + 50 + 100, "Bruno": 25}
    assert match.totals == {"Anna": 253, "Bruno": 52}
    assert match.standing() == ["Anna", "Bruno"]


def test_the_highest_total_wins_the_game_even_against_the_game_bonus() -> None:
    from ramino.engine.match import Match, RoundResult

    # Bruno wins nine small hands, Anna one of 100: she reaches the target and takes the
    # game bonus, but his boxes leave him the higher total, which wins.
    match = Match(["Anna", "Bruno"], get_preset("gin"))
    for _ in range(9):
        match.record(RoundResult("Bruno", {"Anna": 11}, points={"Anna": 0, "Bruno": 11}))
    sheet = match.record(RoundResult("Anna", {"Bruno": 75}, points={"Anna": 100, "Bruno": 0}))
    assert sheet.scores == {"Anna": 100 + 25 + 100, "Bruno": 9 * 25}
    assert match.totals == {"Anna": 225, "Bruno": 99 + 225}
    assert match.is_over and match.winner == "Bruno"
    assert match.standing() == ["Bruno", "Anna"]
    # Equal totals: the one who reached the target wins.
    match = Match(["Anna", "Bruno"], dataclasses.replace(get_preset("gin"), game_bonus=0))
    for _ in range(4):
        match.record(RoundResult("Bruno", {"Anna": 20}, points={"Anna": 0, "Bruno": 20}))
    match.record(RoundResult("Anna", {"Bruno": 100}, points={"Anna": 155, "Bruno": 0}))
    assert match.totals == {"Anna": 180, "Bruno": 180} and match.winner == "Anna"


@pytest.mark.parametrize(("doubles", "anna"), [(True, 2 * (103 + 50 + 100)), (False, 253)])
def test_a_shutout_doubles_the_winners_score_where_the_rules_say(doubles: bool, anna: int) -> None:
    from ramino.engine.match import Match, RoundResult

    rules = dataclasses.replace(get_preset("gin"), shutout_doubles=doubles)
    match = Match(["Anna", "Bruno"], rules)
    match.record(RoundResult("Anna", {"Bruno": 33}, points={"Anna": 58, "Bruno": 0}))
    sheet = match.record(RoundResult("Anna", {"Bruno": 50}, points={"Anna": 45, "Bruno": 0}))
    # Bruno won no hand: Anna's 103, two boxes (50) and the game (100), doubled or not.
    assert match.is_over and match.totals == {"Anna": anna, "Bruno": 0}
    assert sheet.scores["Anna"] == anna - 58
    # One hand of Bruno's is no shutout.
    match = Match(["Anna", "Bruno"], rules)
    match.record(RoundResult("Bruno", {"Anna": 9}, points={"Anna": 0, "Bruno": 9}))
    match.record(RoundResult("Anna", {"Bruno": 99}, points={"Anna": 99, "Bruno": 0}))
    match.record(RoundResult("Anna", {"Bruno": 5}, points={"Anna": 5, "Bruno": 0}))
    assert match.totals == {"Anna": 104 + 50 + 100, "Bruno": 9 + 25}


def test_a_round_gives_the_match_its_points() -> None:
    from ramino.engine.match import Match

    r = gin_round()
    play(r, "pass", "pass", "draw", "knock", "discard 2C")
    play(r, "lay AS 2S 3S", "lay 4C 4D 4H", "lay 6H 7H 8H 9H", "pass")
    play(r, "lay 5S 5C 5D", "lay 10S JS QS", "pass")
    match = Match(["Anna", "Bruno"], r.rules)
    sheet = match.record(r.round_result(["Anna", "Bruno"]))
    assert sheet.scores == {"Anna": 58, "Bruno": 0}
