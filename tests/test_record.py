"""Game records: building one from a round, the JSON text and its defects, replaying to the
identical state, and the check of the saved end."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ramino.engine import Card, get_preset, parse_cards
from ramino.engine.actions import Draw, parse_action
from ramino.engine.errors import IllegalAction, NotationError, RaminoError, Reason, RecordError
from ramino.engine.record import Record, deal, from_json, record_round, replay, to_json, verify
from ramino.engine.round import EndReason, Round, RoundEnd, stacked_deck
from ramino.engine.rules import GIN_KNOBS, Rules
from ramino.engine.scoring import Closing
from ramino.engine.shuffle import PORTABLE
from scripted import PLAYABLE

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franca")
CLASSICO = get_preset("classico")


def state(r: Round) -> tuple[object, ...]:
    """Everything a replay must give back, as one comparable value."""
    return (
        r.deck_order,
        r.seed,
        r.hands,
        r.table,
        r.stock,
        r.discard_pile,
        r.history,
        r.to_play,
        r.phase,
        r.turn,
        r.restocks,
        r.opened,
        r.taken_card,
        r.opening_points,
        r.pending_jokers,
        r.end,
    )


def played(rules: Rules, players: int, seed: int, *, actions: int | None = None) -> Round:
    """A round of uniform random legal play, stopped after ``actions`` actions if given."""
    r = Round(rules, players, seed=seed, dealer=seed % players)
    rng = random.Random(seed)
    while not r.is_over and (actions is None or len(r.history) < actions):
        r.apply(rng.choice(r.legal_actions))
    return r


def short_game() -> Round:
    return played(replace(CLASSICO, max_turns=6), 3, seed=4)


def as_data(record: Record) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(to_json(record))
    return data


def error_of(data: dict[str, Any]) -> RecordError:
    with pytest.raises(RecordError) as info:
        from_json(json.dumps(data))
    assert info.value.reason is Reason.BAD_RECORD
    assert info.value.message("en")
    return info.value


# --- the property: records round-trip and replay identically ---


@st.composite
def tables(draw: st.DrawFn) -> tuple[str, int]:
    """A playable preset and a number of players it allows (2 to 6)."""
    preset = draw(st.sampled_from(PLAYABLE))
    rules = get_preset(preset)
    players = draw(st.integers(rules.min_players, min(6, rules.max_players)))
    return preset, players


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    table=tables(),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    turns=st.integers(min_value=1, max_value=30),
    stop=st.none() | st.integers(min_value=0, max_value=60),
)
def test_records_round_trip_and_replay_identically(
    table: tuple[str, int], seed: int, turns: int, stop: int | None
) -> None:
    preset, players = table
    # A low turn cap keeps every game short; a stop leaves some rounds unfinished.
    r = played(replace(get_preset(preset), max_turns=turns), players, seed, actions=stop)
    record = record_round(r, NAMES[:players])
    assert record.result == r.end
    text = to_json(record)
    assert from_json(text) == record
    assert to_json(from_json(text)) == text
    assert state(replay(from_json(text))) == state(r)


def test_a_restocked_round_replays_identically() -> None:
    # One pack, four players, 7 cards each: the stock of 23 cards runs out soon.
    r = played(replace(get_preset("tradizionale"), max_turns=60), 4, seed=1)
    assert r.restocks >= 1
    assert state(replay(from_json(to_json(record_round(r, NAMES[:4]))))) == state(r)


# --- record_round ---


def test_a_seeded_deal_is_stored_as_its_seed() -> None:
    r = short_game()
    record = record_round(r, NAMES[:3])
    assert record.seed == r.seed and record.deck_order is None
    assert record.generator == PORTABLE
    assert as_data(record)["deal"] == {"generator": PORTABLE, "seed": r.seed.hex()}


def test_a_stacked_deal_keeps_its_order_and_the_seed_for_restocks() -> None:
    hands = [parse_cards("7H 8H 9H QC QD QS 2S 3S 4S 5S"), parse_cards("AC 5D 9C 2D 3C")]
    hands[1] += parse_cards("4H 6S 8C 10D JS")
    order = stacked_deck(CLASSICO, 2, hands, upcard=Card.parse("5C"), dealer=1)
    r = Round(CLASSICO, 2, seed="restocks", deck_order=order, dealer=1)
    record = record_round(r, ["Anna", "Bruno"])
    assert record.deck_order == tuple(order) and record.seed == r.seed
    assert as_data(record)["deal"]["deck_order"] == order
    assert state(replay(record)) == state(r)


def test_record_round_needs_one_name_per_seat() -> None:
    with pytest.raises(RecordError) as info:
        record_round(short_game(), ["Anna", "Bruno"])
    assert info.value.params["where"] == "players"


def test_an_unfinished_round_has_no_result() -> None:
    r = played(CLASSICO, 2, seed=3, actions=5)
    record = record_round(r, NAMES[:2])
    assert record.result is None and "result" not in as_data(record)
    assert len(replay(record).history) == 5


def test_the_rules_are_stored_fully_resolved_with_their_name() -> None:
    rules = replace(get_preset("rami-51"), name="Casa Rossi", target=201, max_restocks=None)
    r = Round(rules, 3, seed=2)
    data = as_data(record_round(r, NAMES[:3]))
    stored = data["rules"]
    assert stored["name"] == "Casa Rossi"
    # Gin rummy's knobs are written only where they differ from their defaults (so that
    # every earlier record keeps its text); read back, the missing ones take them.
    assert set(stored) == {"name", *(k for k in rules.knobs() if k not in GIN_KNOBS)}
    assert stored["opening_threshold"] == 51 and stored["max_restocks"] is None
    back = from_json(json.dumps(data)).rules
    assert back == rules and back.name == "Casa Rossi"


def test_a_knob_missing_from_an_old_record_takes_its_default() -> None:
    data = as_data(record_round(short_game(), NAMES[:3]))
    del data["rules"]["rounding"]
    assert from_json(json.dumps(data)).rules.rounding == Rules().rounding


# --- replay and verify ---


def test_a_refused_action_is_the_engines_own_error_with_its_number() -> None:
    record = Record(CLASSICO, ("Anna", "Bruno"), seed=b"x", actions=(Draw(), Draw()))
    with pytest.raises(IllegalAction) as info:
        replay(record)
    assert info.value.reason is Reason.ALREADY_DRAWN
    assert info.value.__notes__ == ["action 2 of 2: draw"]


def test_an_end_that_differs_is_a_mismatch() -> None:
    r = short_game()
    record = record_round(r, NAMES[:3])
    assert record.result is not None
    counts = (record.result.counts[0] + 1, *record.result.counts[1:])
    wrong = replace(record, result=replace(record.result, counts=counts))
    with pytest.raises(RecordError) as info:
        replay(wrong)
    assert info.value.reason is Reason.RECORD_MISMATCH
    assert "Anna" in info.value.message("en") and "count" in info.value.message("en")
    went_out = RoundEnd(
        EndReason.WENT_OUT, 1, False, Closing.SIMPLE, record.result.hands, record.result.counts
    )
    with pytest.raises(RecordError, match="Bruno"):
        replay(replace(record, result=went_out))


def test_a_result_for_a_round_that_has_not_ended_is_a_mismatch() -> None:
    r = short_game()
    record = record_round(r, NAMES[:3])
    cut = replace(record, actions=record.actions[:-1])
    with pytest.raises(RecordError) as info:
        replay(cut)
    assert info.value.reason is Reason.RECORD_MISMATCH
    assert "still in turn" in info.value.message("en")


def test_verify_without_a_result_accepts_any_state() -> None:
    r = short_game()
    record = record_round(r, NAMES[:3])
    dealt = deal(record)  # the round just dealt, not played: its end is not the record's
    with pytest.raises(RecordError):
        verify(record, dealt)
    assert record.result is not None and dealt.end is None
    verify(replace(record, result=None), dealt)  # without a result, nothing to contradict


def test_actions_after_the_end_are_refused() -> None:
    r = short_game()
    record = record_round(r, NAMES[:3])
    with pytest.raises(IllegalAction) as info:
        replay(replace(record, actions=(*record.actions, Draw()), result=None))
    assert info.value.reason is Reason.ROUND_OVER


def test_the_engine_refuses_a_record_it_cannot_deal() -> None:
    record = Record(get_preset("classico-2"), ("Anna", "Bruno", "Carla"), seed=b"x")
    with pytest.raises(IllegalAction) as info:
        replay(record)
    assert info.value.reason is Reason.TOO_MANY_PLAYERS


# --- defects of the record value ---


@pytest.mark.parametrize(
    ("changes", "where"),
    [
        ({"players": ("Anna", "Anna")}, "players"),
        ({"players": ("Anna", " ")}, "players"),
        ({"players": ()}, "players"),
        ({"dealer": 2}, "dealer"),
        ({"dealer": -1}, "dealer"),
        ({"seed": None}, "deal"),
        ({"generator": "mt19937"}, "deal.generator"),
        ({"deck_order": tuple(range(107))}, "deal.deck_order"),
        ({"deck_order": (0, *range(107))}, "deal.deck_order"),
    ],
)
def test_a_bad_record_value_names_where(changes: dict[str, Any], where: str) -> None:
    fields: dict[str, Any] = {"rules": CLASSICO, "players": ("Anna", "Bruno"), "seed": b"x"}
    with pytest.raises(RecordError) as info:
        Record(**{**fields, **changes})
    assert info.value.reason is Reason.BAD_RECORD
    assert info.value.params["where"] == where


def test_lists_are_kept_as_tuples() -> None:
    record = Record(CLASSICO, ["Anna", "Bruno"], seed=b"x", actions=[Draw()])  # type: ignore[arg-type]
    assert record.players == ("Anna", "Bruno") and record.actions == (Draw(),)


# --- defects of the JSON text ---


def test_malformed_json_names_line_and_column() -> None:
    with pytest.raises(RecordError) as info:
        from_json('{"format": "ramino-record",\n "version": }')
    assert info.value.params["where"] == "JSON"
    assert "line 2" in info.value.message("en")


@pytest.mark.parametrize(
    ("change", "where", "fragment"),
    [
        (lambda d: d.update(format="ramino-score"), "format", "not a ramino record"),
        (lambda d: d.update(version=2), "version", "version 2"),
        (lambda d: d.update(version=True), "version", "version True"),
        (lambda d: d.update(extra=1), "extra", "unknown key"),
        (lambda d: d.pop("rules"), "rules", "missing"),
        (lambda d: d.update(rules=[]), "rules", "object"),
        (lambda d: d["rules"].update(opening_treshold=40), "rules", "opening_treshold"),
        (lambda d: d["rules"].update(decks="two"), "rules", "decks"),
        (lambda d: d.update(players="Anna Bruno"), "players", "list of names"),
        (lambda d: d.update(players=["Anna", "Anna", "Carla"]), "players", "twice"),
        (lambda d: d.update(dealer="0"), "dealer", "integer"),
        (lambda d: d.update(dealer=5), "dealer", "no seat"),
        (lambda d: d.update(deal={}), "deal", "seed or a deck order"),
        (lambda d: d.update(deal=[1, 2]), "deal", "object"),
        (lambda d: d["deal"].update(seed="xyz"), "deal.seed", "hexadecimal"),
        (lambda d: d["deal"].update(seed=12), "deal.seed", "hexadecimal"),
        (lambda d: d["deal"].pop("generator"), "deal.generator", "missing"),
        (lambda d: d["deal"].update(generator="mt19937"), "deal.generator", "unknown"),
        (lambda d: d["deal"].update(shuffle=1), "deal.shuffle", "unknown key"),
        (lambda d: d["deal"].update(deck_order=list(range(100))), "deal.deck_order", "once"),
        (lambda d: d["deal"].update(deck_order="0 1 2"), "deal.deck_order", "list"),
        (lambda d: d["deal"].update(deck_order=[0.5]), "deal.deck_order[0]", "integer"),
        (lambda d: d.update(actions="draw"), "actions", "list of actions"),
        (lambda d: d["actions"].__setitem__(2, "lay 7H 8X 9H"), "actions[2]", "action 3"),
        (lambda d: d["actions"].__setitem__(0, "pesca"), "actions[0]", "action 1"),
        (lambda d: d["actions"].__setitem__(1, 7), "actions[1]", "as text"),
        (lambda d: d.update(result=[]), "result", "object or null"),
        (lambda d: d["result"].update(end="gave_up"), "result.end", "went_out"),
        (lambda d: d["result"].pop("counts"), "result.counts", "missing"),
        (lambda d: d["result"].update(out="Zeno"), "result.out", "no player"),
        (lambda d: d["result"].update(out="Anna"), "result.out", "went_out"),
        (lambda d: d["result"].update(in_one_turn=0), "result.in_one_turn", "true or false"),
        (lambda d: d["result"].update(closing="fancy"), "result.closing", "simple"),
        (lambda d: d["result"].update(counts={"Anna": 1}), "result.counts", "per player"),
        (lambda d: d["result"]["counts"].update(Anna="1"), "result.counts.Anna", "integer"),
        (lambda d: d["result"]["hands"].update(Anna="7H"), "result.hands.Anna", "list of cards"),
        (lambda d: d["result"]["hands"].update(Anna=["7X"]), "result.hands.Anna", "7X"),
        (lambda d: d["result"].update(winner="Anna"), "result.winner", "unknown key"),
    ],
)
def test_a_bad_record_file_names_where(change: Any, where: str, fragment: str) -> None:
    data = as_data(record_round(short_game(), NAMES[:3]))
    assert data["result"]["end"] == "max_turns"
    change(data)
    error = error_of(data)
    assert error.params["where"] == where
    assert fragment in error.message("en")
    assert error.message("it") != error.message("en")


def test_a_json_value_that_is_not_an_object() -> None:
    with pytest.raises(RecordError) as info:
        from_json("[1, 2]")
    assert info.value.params["where"] == "JSON"


def test_notation_is_read_loosely_and_written_canonically() -> None:
    data = as_data(record_round(played(CLASSICO, 2, seed=3, actions=2), NAMES[:2]))
    data["actions"][0] = "  DRAW "
    record = from_json(json.dumps(data))
    assert record.actions[0] == Draw()
    assert '"draw"' in to_json(record)


def test_hands_in_the_result_may_come_in_any_order() -> None:
    r = short_game()
    data = as_data(record_round(r, NAMES[:3]))
    data["result"]["hands"]["Anna"].reverse()
    assert from_json(json.dumps(data)).result == r.end


def test_the_action_grammar_reads_back_every_recorded_action() -> None:
    r = played(get_preset("rami-40"), 3, seed=8)
    for event in r.history:
        assert parse_action(str(event.action)) == event.action


def test_errors_are_engine_errors() -> None:
    # One except clause catches every defect a caller can meet.
    assert issubclass(RecordError, RaminoError) and issubclass(NotationError, RaminoError)


def test_a_record_with_its_deck_order_and_restocks_replays_without_any_shuffle() -> None:
    # Chance is explicit (STYLE.md): the dealt order and each restock's new stock are data, so
    # the round replays with no seed at all.
    import dataclasses
    import random as random_module

    from ramino.engine.round import Phase as RoundPhase

    rules = dataclasses.replace(get_preset("classico-2"), jokers=0, max_turns=200)
    played = Round(rules, 2, seed="restocks")
    rnd = random_module.Random(3)
    while not played.is_over:
        actions = played.legal_actions
        draws = [a for a in actions if str(a) == "draw"]
        discards = [a for a in actions if str(a).startswith("discard")]
        if played.phase is RoundPhase.DRAW and draws:
            played.apply(draws[0])
        else:
            played.apply(rnd.choice(discards or actions))
    assert played.restock_orders, "the game should have restocked"
    record = record_round(played, NAMES[:2])
    bare = dataclasses.replace(record, seed=None, deck_order=played.deck_order)
    again = replay(from_json(to_json(bare)))
    assert again.restock_orders == played.restock_orders
    assert again.end == played.end
    assert [e.action for e in again.history] == [e.action for e in played.history]
