"""The engine's values: those that write their ``__init__`` out take exactly their fields, and
every one is copied and pickled equal, on the compiled build as on the pure one."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle

import pytest

from ramino.engine.actions import Attach, Discard, Lay, Raise, Show, Swap, TakeDiscard
from ramino.engine.betting import Bet, BetMade
from ramino.engine.cards import parse_cards
from ramino.engine.going_out import GoingOut
from ramino.engine.melds import Meld, validate_meld
from ramino.engine.observation import Observation, PublicEvent
from ramino.engine.presets import get_preset
from ramino.engine.round import Round
from ramino.engine.rules import Rules
from ramino.engine.scoring import Closing, RoundScore
from ramino.engine.showing import ShowVerdict
from ramino.engine.state import Event, TableMeld, TurnState

WRITTEN_OUT = [
    Meld,
    Observation,
    PublicEvent,
    Event,
    TableMeld,
    TurnState,
]


@pytest.mark.parametrize("cls", WRITTEN_OUT, ids=lambda cls: cls.__name__)
def test_init_takes_the_fields_in_order_with_their_defaults(cls: type) -> None:
    try:
        signature = inspect.signature(cls.__init__)
    except (TypeError, ValueError):
        pytest.skip("a compiled __init__ shows no signature (the pure-Python pass checks it)")
    params = [p for p in signature.parameters.values() if p.name != "self"]
    if any(p.kind is inspect.Parameter.VAR_POSITIONAL for p in params):
        pytest.skip("a compiled __init__ shows no signature (the pure-Python pass checks it)")
    fields = [f for f in dataclasses.fields(cls) if f.init]
    assert [p.name for p in params] == [f.name for f in fields]
    for param, field in zip(params, fields, strict=True):
        assert param.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
        wanted = inspect.Parameter.empty if field.default is dataclasses.MISSING else field.default
        assert param.default == wanted, field.name


def _samples() -> list[object]:
    cards = parse_cards("7S 8S JK 9S KD")
    meld = validate_meld(cards[:3], Rules())
    table = TableMeld(owner=1, meld=meld, ids=(4, 5, 6))
    round_ = Round(get_preset("classico"), 3, seed=5)
    round_.apply(round_.legal_actions[0])
    return [
        Lay(cards=cards[:3], jokers=(cards[3],)),
        Attach(meld=2, cards=(cards[2],), jokers=(cards[3],)),
        Swap(meld=1, cards=(cards[3],)),
        Discard(card=cards[4]),
        Show(melds=(cards[:3],), discard=cards[4]),
        Meld(kind=meld.kind, cards=meld.cards, represents=meld.represents),
        table,
        Event(seat=2, action=Discard(cards[0]), ids=(9,), turn=4),
        PublicEvent(seat=1, action=TakeDiscard(), taken=cards[4]),
        PublicEvent(seat=2, action=Raise(), bet=BetMade(Bet.RAISE, 2, 3, 97, 4, raised=1)),
        round_.observation(1),
        TurnState(taken=7, melded=True, opening_points=12, pending=(3,), pending_from=1),
        TurnState(attached_jokers=(0, 2)),
        RoundScore(scores={"Anna": 12, "Bea": 0}, messa=50, next_messa=100, credits={"Bea": 2}),
        GoingOut(melds=(meld,), discard=cards[4]),
        ShowVerdict(melds=(meld,), closing=Closing.SIMPLE, stand_in=None),
    ]


SAMPLES = _samples()


@pytest.mark.parametrize("value", SAMPLES, ids=lambda value: type(value).__name__)
def test_every_field_is_set(value: object) -> None:
    # Made again by keyword from the sample's fields: each must land in its own field.
    fields = {f.name: getattr(value, f.name) for f in dataclasses.fields(value) if f.init}  # type: ignore[arg-type]
    assert type(value)(**fields) == value
    positional = type(value)(*fields.values())
    assert positional == value


@pytest.mark.parametrize("value", SAMPLES, ids=lambda value: type(value).__name__)
def test_copied_and_pickled_values_are_equal(value: object) -> None:
    assert pickle.loads(pickle.dumps(value)) == value
    assert copy.copy(value) == value
    assert copy.deepcopy(value) == value
