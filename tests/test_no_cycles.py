"""Play leaves nothing for the garbage collector to free.

Everything a decision makes and drops is freed by its reference count, at once. An object in
a reference cycle (nested functions that call one another, say, held by their shared
environment) waits for a collection instead, and collections come sooner the more such
objects there are: each one is a pass over every young object.
"""

from __future__ import annotations

import gc
import random

import pytest

from ramino.engine.presets import PRESETS, get_preset
from ramino.engine.round import Round

pytestmark = pytest.mark.once


@pytest.mark.parametrize("preset", list(PRESETS))
def test_random_play_makes_no_reference_cycles(preset: str) -> None:
    rules = get_preset(preset)
    players = min(4, rules.max_players)
    rng = random.Random(preset)
    rounds = [Round(rules, players, seed=f"{preset}/{k}", dealer=k % players) for k in range(2)]
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        for round_ in rounds:
            while not round_.is_over:
                actions = round_.legal_actions
                round_.apply(actions[rng.randrange(len(actions))])
            # A refused action is a path of its own: an error raised and caught.
            assert not round_.can(actions[0])
        found = gc.collect()
    finally:
        if was_enabled:
            gc.enable()
    assert found == 0
