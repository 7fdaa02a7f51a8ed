"""Ctrl-C stops a long command cleanly: between two decisions, never inside the engine (an
interrupted big-int operation inside the compiled engine aborted the process)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest

from ramino import interrupts
from ramino.ai import RandomBot, play_round
from ramino.engine import Action, Observation, Round


@pytest.fixture
def handler() -> Iterator[None]:
    interrupts.install()
    yield
    signal.signal(signal.SIGINT, signal.default_int_handler)


def test_ctrl_c_inside_a_round_stops_it_between_two_decisions(handler: None) -> None:
    class Interrupting(RandomBot):
        """Presses Ctrl-C while it decides its third move."""

        moves = 0

        def act(self, observation: Observation) -> Action:
            Interrupting.moves += 1
            if Interrupting.moves == 3:
                os.kill(os.getpid(), signal.SIGINT)
            return super().act(observation)

    round_ = Round("classico", players=2, seed=5)
    with pytest.raises(KeyboardInterrupt):
        play_round(round_, [Interrupting(1), Interrupting(2)])
    # The move being decided was played in full, and nothing after it.
    assert len(round_.history) == 3 and not round_.is_over


def test_ctrl_c_outside_a_deferred_block_is_raised_at_once(handler: None) -> None:
    with pytest.raises(KeyboardInterrupt):
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(1)


@pytest.mark.slow
@pytest.mark.parametrize("delay", [1.0, 1.7, 2.4])
def test_ramino_simulate_stops_cleanly_on_ctrl_c(delay: float) -> None:
    command = [sys.executable, "-m", "ramino", "simulate", "--rules", "scala-40"]
    command += ["--players", "4", "--rounds", "100000"]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
    )
    time.sleep(delay)
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err.decode()
    assert b"fatal" not in err and b"Traceback" not in err


@pytest.mark.slow
def test_ramino_simulate_with_workers_stops_cleanly_on_ctrl_c() -> None:
    command = [sys.executable, "-m", "ramino", "simulate", "--rules", "scala-40"]
    command += ["--players", "4", "--rounds", "100000", "--workers", "2"]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
    )
    time.sleep(4)
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err.decode()
    assert b"fatal" not in err and b"Traceback" not in err
