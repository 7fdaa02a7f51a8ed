"""The example that learns (examples/learn_classico.py), run briefly: a policy trained from the
environment in 150 rounds comes out ahead of the random bot far more often than the
random policy it started from."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

pytestmark = pytest.mark.once

EXAMPLE = Path(__file__).parent.parent / "examples" / "learn_classico.py"


def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("learn_classico", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_policy_learned_in_150_rounds_beats_the_random_bot() -> None:
    learn = example()
    policy = learn.train(episodes=150, seed=1)
    learned = learn.ahead_rate(policy, games=100, seed=1)
    at_random = learn.ahead_rate(None, games=100, seed=1)
    assert learned >= 0.8 and learned >= at_random + 0.3, (learned, at_random)
