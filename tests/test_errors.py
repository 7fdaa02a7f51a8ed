"""Every refusal of a round: its reason code, the engine's own error, and a full sentence in
both languages (RULES.md and STYLE.md "Errors").
"""

from __future__ import annotations

import string
from collections.abc import Callable, Sequence
from dataclasses import replace

import pytest

from ramino.engine import Card, RaminoError, Reason, get_preset, parse_cards
from ramino.engine.actions import Action, Lay, TakeDiscard, parse_action
from ramino.engine.errors import IllegalAction
from ramino.engine.round import Round
from ramino.engine.rules import (
    AceInRuns,
    AttachableDiscard,
    Contract,
    DiscardPickup,
    Rules,
)
from ramino.server.reasons import ServerReason
from ramino.words.render import DERIVED_FIELDS, OPTIONAL_FIELDS, template
from scripted import deal, play, refused, snapshot

CLASSICO = get_preset("classico")


# Hands that bind nothing, to fill a seat that only draws and discards.
IDLE = "AD 5D 9C 2D 3C 4H 6S 8C 10D JS"


# --- taking the discard ---


OPENER = "KH KS KD 5H 6H 7H 8H 2C 4S AC"


# --- the close ---


def test_every_refusal_is_an_engine_error() -> None:
    r = deal(CLASSICO, [OPENER, IDLE], "QD")
    for text in ("discard KH", "lay KH KS KD", "attach 0 KC", "swap 0 KC", "show KH"):
        refused(r, text, Reason.MUST_DRAW_FIRST)
    play(r, "draw")
    refused(r, "take", Reason.ALREADY_DRAWN)
    refused(r, "discard QC", Reason.NOT_IN_HAND)
    refused(r, "attach 0 KC", Reason.NO_SUCH_MELD)
    refused(r, "lay KH KS", Reason.TOO_FEW_CARDS)
    refused(r, "lay KH KS JK", Reason.NOT_IN_HAND)
    assert r.can(TakeDiscard()) is False


CASERTANO = get_preset("casertano")


APERTURA_50 = get_preset("apertura-50")


NAMES = ("Anna", "Bruno", "Carla", "Dario")


# A hand that binds nothing and takes no jolly: every rank once, suits three ranks apart.
SCATTERED = "2C 6C 10C 3D 7D JD 8H QH 9S AS"


# --- the flush close ([G] "ramino con il colore") ---


HEARTS = "AH 3H 5H 7H 9H JH KH 2H 4H 6H"


# --- Casertano: the kind of close, its points and credits, the others' unbound cards ---


CASERTANO_2 = replace(CASERTANO, min_players=2)


# Bound: 2♣ 2♦ 2♠ and 5♣ 6♣ 7♣; unbound K♦ Q♠ J♠ 9♦ 4♠ 8♦ 10♣ = 61.
LOSER = "2C 2D 2S 5C 6C 7C KD QS JS 9D 4S 8D 10C"


# --- every refusal of a round, in both languages ---


FIELDS = string.Formatter()


Case = Callable[[], tuple[Round, Action | str]]


STOCK = "10S 5S 4S 10H"


LOSER2 = "3C 3D 8H 8S JS 2D 6C 10H 9S 5H 6D JC AS"


def _drawn(rules: Rules, hands: Sequence[str], upcard: str, *texts: str) -> Round:
    r = deal(rules, hands, upcard, STOCK)
    play(r, *texts)
    return r


def _after_anna_lays(
    rules: Rules, anna: str, lays: Sequence[str], bruno: str, third: str | None = None
) -> Round:
    """Anna draws 10♠, lays ``lays`` and throws the 10♠ away; Bruno draws 5♠."""
    hands = [anna, bruno] if third is None else [anna, bruno, third]
    r = deal(rules, hands, "2H", STOCK)
    play(r, "draw", *(f"lay {m}" for m in lays), "discard 10S", "draw")
    return r


def _then(r: Round, *texts: str) -> Round:
    play(r, *texts)
    return r


def _over() -> tuple[Round, Action | str]:
    r = deal(replace(CLASSICO, max_turns=1), [SCATTERED, SCATTERED], "KC", "KS")
    play(r, "draw", "discard KS")
    assert r.is_over
    return r, "draw"


def _swapped(bruno: str) -> Round:
    r = _after_anna_lays(CLASSICO, JOKER_RUN, ["4H JK 6H"], bruno)
    play(r, "swap 0 5H")
    return r


def _anna_draws(rules: Rules, anna: str) -> Round:
    return _drawn(rules, [anna, SCATTERED], "KC", "draw")


OPEN_30_30 = "KC KD KS QC QD QS 2H 5H 9S 4C"


JOKER_RUN = "4H JK 6H 3D 7D JD 8C QC 9S AS"


PLAIN_RUN = "4H 5H 6H 3D 7D JD 8C QC 9S AS"


CLUB_RUN = "5C 6C 7C 3D 7D JD 8H QH 9S AS"


# Holding 5♥ but nothing the jolly could go with once it is back in hand.
NOWHERE = "5H 2C 6C 10C 3D 7D JD 8H QH 9S"


RELAY = "5H 8C 8D 9C 10C JC 7D 2S 3S 4D"


CASES: dict[Reason, Case] = {
    Reason.ROUND_OVER: _over,
    Reason.MUST_DRAW_FIRST: lambda: (deal(CLASSICO, [SCATTERED, SCATTERED], "KC"), "discard 2C"),
    Reason.ALREADY_DRAWN: lambda: (_anna_draws(CLASSICO, SCATTERED), "take"),
    Reason.TAKE_NEEDS_USE: lambda: (deal(APERTURA_50, [SCATTERED, SCATTERED], "KC"), "take"),
    Reason.NOT_IN_HAND: lambda: (_anna_draws(CLASSICO, SCATTERED), "discard 5H"),
    Reason.NO_SUCH_MELD: lambda: (_anna_draws(CLASSICO, SCATTERED), "attach 0 2C"),
    Reason.NO_MELDING_DURING_PLAY: lambda: (
        _drawn(CASERTANO_2, [LOSER, LOSER2], "KC", "draw"),
        "lay 2C 2D 2S",
    ),
    Reason.SHOW_INCOMPLETE: lambda: (
        _drawn(CASERTANO_2, [LOSER, LOSER2], "KC", "draw"),
        "show 2C 2D 2S | 5C 6C 7C discard 10S",
    ),
    Reason.FLUSH_NOT_ALLOWED: lambda: (
        _drawn(CASERTANO_2, ["AH 3H 5H 7H 9H JH KH AH 3H 5H 7H 9H JH", LOSER], "KC", "draw"),
        "show AH 3H 5H 7H | 9H JH KH AH | 3H 5H 7H 9H JH discard 10S",
    ),
    Reason.ATTACH_ONE_CARD: lambda: (
        _after_anna_lays(CLASSICO, CLUB_RUN, ["5C 6C 7C"], "4C 8C 2S 3H 10H JS KD 9D 4D AH"),
        "attach 0 4C 8C",
    ),
    Reason.ATTACH_BEFORE_OPENING: lambda: (
        _after_anna_lays(
            APERTURA_50,
            "KC KD KS QC QD QS 3D 7D JD 8H",
            ["KC KD KS", "QC QD QS"],
            "KH 2C 6C 10C 3D 7D JD 8H QH 9S",
        ),
        "attach 0 KH",
    ),
    Reason.DISCARD_ATTACHABLE: lambda: (
        _after_anna_lays(
            replace(CLASSICO, attachable_discard=AttachableDiscard.FORBIDDEN),
            CLUB_RUN,
            ["5C 6C 7C"],
            "4C 9D KD 2S 3H 10H JS 4D AH QC",
            SCATTERED,
        ),
        "discard 4C",
    ),
    Reason.OPENING_JOKERS_FORBIDDEN: lambda: (
        _anna_draws(replace(CLASSICO, opening_jokers=False), "7H 8H JK 3D 7D JD 8C QC 9S AS"),
        "lay 7H 8H JK",
    ),
    Reason.WOULD_LEAVE_NO_DISCARD: lambda: (
        _drawn(replace(CLASSICO, hand_size=2), ["6C 6D", "2C 9D"], "6H", "take"),
        "lay 6C 6D 6H",
    ),
    Reason.NO_GOING_OUT_FIRST_ROUND: lambda: (
        _drawn(
            replace(CLASSICO, hand_size=3, rummy_on_first_turn=False),
            ["6C 6D 6S", "2C 9D 4H"],
            "KC",
            "draw",
        ),
        "lay 6C 6D 6S",
    ),
    Reason.OPENING_BELOW_THRESHOLD: lambda: (
        _drawn(APERTURA_50, [OPEN_30_30, SCATTERED], "AC", "draw", "lay KC KD KS"),
        "discard 2H",
    ),
    # 5♥-8♥ (26) and the kings (30) open; 5♥ 6♥ 7♥ alone leaves 48 within reach.
    Reason.OPENING_UNREACHABLE: lambda: (
        _anna_draws(APERTURA_50, "5H 6H 7H 8H KC KD KS 2C 9S 4D"),
        "lay 5H 6H 7H",
    ),
    # No opening at 50 in this hand at all, whatever is laid first.
    Reason.OPENING_OUT_OF_REACH: lambda: (
        _anna_draws(APERTURA_50, "KC KD KS 3D 7D JD 8H QH 9S AS"),
        "lay KC KD KS",
    ),
    Reason.REDISCARD_TAKEN: lambda: (
        _drawn(CLASSICO, [SCATTERED, SCATTERED], "KC", "take"),
        "discard KC",
    ),
    Reason.TAKEN_CARD_NOT_USED: lambda: (
        _drawn(APERTURA_50, ["KC KD QC QD QS 2H 5H 9S 4C 7D", SCATTERED], "KS", "take"),
        "discard 2H",
    ),
    # The run of clubs takes K♣, and K♦ is left alone with the K♠ taken: it has no place.
    Reason.TAKEN_CARD_UNUSABLE: lambda: (
        _drawn(APERTURA_50, ["KC KD JC QC 7H 8H 9H 10H 2S 5D", SCATTERED], "KS", "take"),
        "lay JC QC KC",
    ),
    Reason.RETRIEVED_JOKER_NOT_LAID: lambda: (_swapped(RELAY), "discard 2S"),
    Reason.JOKER_BACK_TO_SAME_MELD: lambda: (_swapped(RELAY), "attach 0 JK"),
    Reason.JOKER_CANNOT_BE_RELAID: lambda: (
        _after_anna_lays(CLASSICO, JOKER_RUN, ["4H JK 6H"], NOWHERE),
        "swap 0 5H",
    ),
    Reason.SHOW_NOT_ALLOWED: lambda: (_anna_draws(CLASSICO, HEARTS), f"show {HEARTS} discard 10S"),
    Reason.SWAP_NEEDS_OPENING: lambda: (
        _after_anna_lays(
            replace(APERTURA_50, joker_swap_needs_opened=True),
            "KC KD KS QC QD JK 3D 7D JD 8H",
            ["KC KD KS", "QC QD JK"],
            "QS QH 2C 6C 10C 3D 7D JD 8H 9S",
        ),
        "swap 1 QH QS",
    ),
    # Bruno opens with 9♣ 10♣ J♣ and would take the jolly back in the same turn.
    Reason.SWAP_WAITS_A_TURN: lambda: (
        _then(
            _after_anna_lays(
                replace(CLASSICO, joker_swap_needs_opened=True, joker_swap_waits_a_turn=True),
                JOKER_RUN,
                ["4H JK 6H"],
                RELAY,
            ),
            "lay 9C 10C JC",
        ),
        "swap 0 5H",
    ),
    Reason.TAKE_NEEDS_OPENED: lambda: (
        _drawn(
            replace(APERTURA_50, discard_pickup=DiscardPickup.OPENED), [OPEN_30_30, SCATTERED], "KH"
        ),
        "take",
    ),
    Reason.SWAP_FORBIDDEN: lambda: (
        _after_anna_lays(replace(CLASSICO, joker_swap=False), JOKER_RUN, ["4H JK 6H"], RELAY),
        "swap 0 5H",
    ),
    Reason.SWAP_NO_JOKER: lambda: (
        _after_anna_lays(CLASSICO, PLAIN_RUN, ["4H 5H 6H"], SCATTERED),
        "swap 0 2C",
    ),
    Reason.SWAP_WRONG_CARD: lambda: (
        _after_anna_lays(CLASSICO, JOKER_RUN, ["4H JK 6H"], "7H 2C 6C 10C 3D 7D JD 8S QS 9D"),
        "swap 0 7H",
    ),
    Reason.SWAP_SET_NEEDS_ALL_MISSING: lambda: (
        _after_anna_lays(
            CLASSICO,
            "10D 10H JK 3D 7D JD 8C QC 9S AS",
            ["10D 10H JK"],
            SCATTERED.replace("10C", "10S"),
        ),
        "swap 0 10S",
    ),
    Reason.ATTACH_PLACE_HELD_BY_JOKER: lambda: (
        _after_anna_lays(CLASSICO, JOKER_RUN, ["4H JK 6H"], RELAY),
        "attach 0 5H",
    ),
    Reason.ATTACH_DOES_NOT_FIT: lambda: (
        _after_anna_lays(CLASSICO, PLAIN_RUN, ["4H 5H 6H"], SCATTERED),
        "attach 0 2C",
    ),
    Reason.TOO_FEW_CARDS: lambda: (_anna_draws(CLASSICO, SCATTERED), "lay 2C 6C"),
    Reason.ONLY_JOKERS: lambda: (
        _anna_draws(replace(CLASSICO, max_jokers_per_meld=None), "JK JK JK 3D 7D JD 8C QC 9S AS"),
        "lay JK JK JK",
    ),
    Reason.TOO_MANY_JOKERS: lambda: (
        _anna_draws(CLASSICO, "JK JK 5H 6H 3D 7D JD 8C QC 9S"),
        "lay JK JK 5H 6H",
    ),
    Reason.JOKER_COUNT_MISMATCH: lambda: (
        _anna_draws(CLASSICO, "7H 8H JK 3D 7D JD 8C QC 9S AS"),
        Lay(tuple(parse_cards("7H 8H JK")), (Card.parse("9H"), Card.parse("6H"))),
    ),
    Reason.NOT_A_MELD: lambda: (_anna_draws(CLASSICO, SCATTERED), "lay 2C 3D 8H"),
    Reason.SET_SUITS_NOT_DISTINCT: lambda: (
        _anna_draws(CLASSICO, "7S 7S 7H 3D 7D JD 8C QC 9S AS"),
        "lay 7S 7S 7H",
    ),
    Reason.SET_TOO_LARGE: lambda: (
        _anna_draws(CLASSICO, "7C 7D 7H 7S JK 3D JD 8C QC 9S"),
        "lay 7C 7D 7H 7S JK",
    ),
    Reason.RUN_DUPLICATE_RANK: lambda: (
        _anna_draws(CLASSICO, "5H 5H 6H 7H 3D 7D JD 8C QC 9S"),
        "lay 5H 5H 6H 7H",
    ),
    Reason.RUN_ACE_LOW_AND_HIGH: lambda: (
        _anna_draws(CLASSICO, "KH AH 2H 3D 7D JD 8C QC 9S 4C"),
        "lay KH AH 2H",
    ),
    Reason.RUN_ACE_HIGH_NOT_ALLOWED: lambda: (
        _anna_draws(
            replace(CLASSICO, ace_in_runs=AceInRuns.LOW_ONLY), "QH KH AH 3D 7D JD 8C QC 9S 4C"
        ),
        "lay QH KH AH",
    ),
    Reason.RUN_NOT_CONSECUTIVE: lambda: (
        _anna_draws(CLASSICO, "5H 7H 9H 3D 7D JD 8C QC 9S AS"),
        "lay 5H 7H 9H",
    ),
    Reason.JOKER_ASSIGNMENT_INVALID: lambda: (
        _anna_draws(CLASSICO, "7H 8H JK 3D 7D JD 8C QC 9S AS"),
        "lay 7H 8H JK=2S",
    ),
}


def _check_sentence(error: RaminoError) -> None:
    texts = {lang: error.message(lang) for lang in ("it", "en")}
    assert texts["it"] != texts["en"]
    for lang, text in texts.items():
        words = template(error.reason, lang, error.params)
        assert words is not None, error.reason
        wanted = {name for _, name, _, _ in FIELDS.parse(words) if name} - OPTIONAL_FIELDS
        given = set(error.params) | ({"cards"} if error.cards else set())
        given |= {name for name, needs in DERIVED_FIELDS.items() if set(needs) <= given}
        assert wanted <= given, (error.reason, wanted - given)
        assert text.strip() and "{" not in text and "}" not in text
        assert not text.rstrip().endswith(":"), text
    assert error.to_dict("en")["message"] == texts["en"]


@pytest.mark.parametrize("reason", list(CASES), ids=[r.value for r in CASES])
def test_every_refusal_of_a_round_is_a_full_sentence_in_both_languages(reason: Reason) -> None:
    r, action = CASES[reason]()
    if isinstance(action, str):
        action = parse_action(action)
    before = snapshot(r)
    assert not r.can(action)
    assert action not in r.legal_actions
    with pytest.raises(RaminoError) as info:
        r.apply(action)
    assert info.value.reason is reason, info.value.message("en")
    assert snapshot(r) == before
    _check_sentence(info.value)


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda: Round(CLASSICO, 2, dealer=2), Reason.BAD_DEAL),
        (lambda: Round(CLASSICO, 2, deck_order=[0, 0, 1]), Reason.BAD_DEAL),
        (lambda: Round(CLASSICO, 3, contract=Contract.PAIR), Reason.BAD_DEAL),
        (lambda: Round(get_preset("pokerato"), 3, chips=[5, 0, 5]), Reason.BAD_DEAL),
        (lambda: Round(CLASSICO, 2, chips=[5, 5]), Reason.BAD_DEAL),
        (lambda: Round(CLASSICO, 1), Reason.TOO_FEW_PLAYERS),
        (lambda: Round(CLASSICO, 8), Reason.TOO_MANY_PLAYERS),
        (lambda: Round(CLASSICO, 2).round_result(NAMES[:2]), Reason.ROUND_NOT_OVER),
    ],
)
def test_refusals_of_a_deal_are_full_sentences(make: Callable[[], object], reason: Reason) -> None:
    with pytest.raises(IllegalAction) as info:
        make()
    assert info.value.reason is reason
    _check_sentence(info.value)


# --- refusals that do not come out as the engine's own errors or sentences ---


def test_no_such_meld_on_an_empty_table_does_not_offer_meld_0() -> None:
    # STYLE.md: each sentence names the rule; with no meld on the table "0 to 0" sends the
    # player to a meld 0 that does not exist.
    r, action = CASES[Reason.NO_SUCH_MELD]()
    with pytest.raises(IllegalAction) as info:
        r.apply(parse_action(str(action)))
    assert "0 to 0" not in info.value.message("en")
    assert "da 0 a 0" not in info.value.message("it")


def test_a_lay_of_no_cards_is_refused_with_a_full_sentence() -> None:
    # The grammar refuses "lay" alone with no_cards; the same action built as a value gets
    # too_few_cards and the sentence "A meld has at least 3 cards:  has 0."
    r = _anna_draws(CLASSICO, SCATTERED)
    with pytest.raises(RaminoError) as info:
        r.apply(Lay(()))
    _check_sentence(info.value)


def test_every_lay_value_prints_and_a_consistent_one_reads_back() -> None:
    # STYLE.md: one text grammar for actions (replay names a refused action by its text). A
    # value declaring a card per jolly reads back as itself; one with the wrong number of
    # declarations still prints, and the round refuses it with joker_count_mismatch.
    good = Lay(tuple(parse_cards("7H 8H JK")), (Card.parse("9H"),))
    assert parse_action(str(good)) == good
    short = Lay(tuple(parse_cards("JK JK 5H")), (Card.parse("4H"),))
    long = Lay(tuple(parse_cards("7H 8H JK")), (Card.parse("9H"), Card.parse("6H")))
    r = _anna_draws(CLASSICO, SCATTERED)
    for action in (short, long):
        assert str(action).startswith("lay ")
        with pytest.raises(RaminoError) as info:
            r.apply(action)
        assert info.value.reason in (Reason.JOKER_COUNT_MISMATCH, Reason.NOT_IN_HAND)


def test_round_result_refuses_names_that_do_not_match_the_seats() -> None:
    # STYLE.md: every refusal is a RaminoError with a reason; a MatchPlay or a client that
    # passes the wrong list of names gets an IndexError instead.
    r = deal(replace(CLASSICO, max_turns=1), [SCATTERED, SCATTERED], "KC", "KS")
    play(r, "draw", "discard KS")
    with pytest.raises(RaminoError):
        r.round_result(NAMES[:1])


def test_observation_of_a_seat_that_is_not_at_the_table_is_refused() -> None:
    r = deal(CLASSICO, [SCATTERED, SCATTERED], "KC")
    with pytest.raises(RaminoError):
        r.observation(2)


@pytest.mark.parametrize(
    ("player", "sentence"),
    [
        ("Anna", "Non è il tuo turno: tocca ad Anna."),
        ("Àlex", "Non è il tuo turno: tocca ad Àlex."),
        ("Elena", "Non è il tuo turno: tocca a Elena."),
        ("Bruno", "Non è il tuo turno: tocca a Bruno."),
    ],
)
def test_a_name_after_a_takes_ad_before_an_a(player: str, sentence: str) -> None:
    # Italian writes "ad" before a word that begins with "a" (text.to_name).
    error = IllegalAction(ServerReason.NOT_YOUR_TURN, player=player)
    assert error.message("it") == sentence
    assert error.message("en") == f"It is not your turn: {player} is to play."
