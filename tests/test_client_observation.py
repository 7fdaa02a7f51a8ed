"""The client reads a seat's ``state`` back into the very observation the engine gave the
server: at every decision of random rounds of every preset, for every seat, what the wire
carries decodes to the engine's observation (but for the ids of the cards on the table, which
only the engine's bookkeeping needs)."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

pytest.importorskip("pydantic")

from ramino.client.observation import observation_from_view
from ramino.engine.observation import Observation
from ramino.engine.presets import PRESETS, get_preset
from ramino.engine.round import Round
from ramino.engine.state import TableMeld
from ramino.server.protocol import observation_view, public_view

pytestmark = pytest.mark.once


def without_ids(observation: Observation) -> Observation:
    table = tuple(TableMeld(laid.owner, laid.meld, ()) for laid in observation.table)
    return replace(observation, table=table)


def wire(observation: Observation, names: list[str]) -> dict[str, object]:
    totals = observation.scores or (0,) * len(names)
    view = observation_view(observation, names, {names[-1]}, totals)
    # Through JSON, as the socket carries it.
    return dict(json.loads(view.model_dump_json()))


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_seat_reads_back_its_observation(preset: str) -> None:
    rules = get_preset(preset)
    players = max(rules.min_players, min(3, rules.max_players))
    names = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Franco"][:players]
    draw = random.Random(preset)
    for seed in range(3):
        round_ = Round(rules, players, seed=seed)
        decisions = 0
        while not round_.is_over and decisions < 120:
            scores = tuple(draw.randrange(0, 90) for _ in range(players))
            for seat in range(players):
                seen = round_.observation(seat, scores=scores)
                back = observation_from_view(wire(seen, names), rules)
                assert without_ids(back) == without_ids(seen), (preset, seed, decisions, seat)
            legal = round_.observation(round_.to_play).legal_actions
            round_.apply(draw.choice(legal))
            decisions += 1


def test_a_spectator_is_sent_nothing_only_the_player_to_move_knows() -> None:
    rules = get_preset("scala-40")
    round_ = Round(rules, 2, seed=5)
    round_.apply(round_.observation(round_.to_play).legal_actions[0])
    seen = round_.observation(round_.to_play, scores=(0, 0))
    view = public_view(observation_view(seen, ["Anna", "Bruno"], set(), (0, 0)))
    assert view.hand == [] and view.legal_actions == [] and view.seat is None
    assert view.taken_card is None and view.to_lay == [] and view.opening_points == 0
