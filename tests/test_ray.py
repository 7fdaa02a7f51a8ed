"""Tournaments on a Ray cluster (``ramino simulate --backend ray``), on a local cluster each test
starts: the same games and figures as the local run for the same seed, and Ctrl-C stops the
command and its cluster as it stops the local workers."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from dataclasses import replace

import pytest

from ramino.ai.tournament import run_tournament
from ramino.engine.presets import get_preset
from test_interrupts import LINUX, PATIENCE, Terminal, running_in_group

ray = pytest.importorskip("ray")

pytestmark = [pytest.mark.slow, pytest.mark.once]


def test_a_tournament_on_ray_plays_the_local_games() -> None:
    rules = replace(get_preset("classico"), max_turns=30)
    here = run_tournament(rules, ["greedy", "random"], 12, seed=3, duplicate=True)
    on_ray = run_tournament(
        rules, ["greedy", "random"], 12, seed=3, duplicate=True, backend="ray", workers=2
    )
    assert not ray.is_initialized()  # the cluster started for the run is gone with it

    def played(result: object) -> list[object]:
        return [(g.game, g.bots, [r.out for r in g.rounds]) for g in result.games]  # type: ignore[attr-defined]

    assert played(on_ray) == played(here)
    figures = {k: (v.wins, v.draws, v.penalty) for k, v in here.bot_stats().items()}
    assert {k: (v.wins, v.draws, v.penalty) for k, v in on_ray.bot_stats().items()} == figures


def simulate(*args: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-m", "ramino", "simulate", "--json", *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    found: dict[str, object] = json.loads(done.stdout)
    return found


def test_simulate_on_ray_prints_the_local_figures() -> None:
    args = ("-r", "scala-40", "-p", "3", "-n", "30", "-s", "7", "-b", "greedy,random,random")
    here = simulate(*args)
    on_ray = simulate(*args, "--backend", "ray", "-w", "2")
    for figures in (here, on_ray):
        # The clock aside: seconds, and decisions a second.
        figures.pop("seconds", None)
        figures.pop("decisions_per_second", None)
        for bot in figures.get("bots", {}).values():  # type: ignore[attr-defined]
            bot.pop("mean_decision_ms", None)
    assert on_ray == here


def test_backend_options_are_checked() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ramino", "simulate", "--address", "auto", "-n", "1"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "--backend ray" in done.stderr


@LINUX
def test_ctrl_c_stops_simulate_on_ray_and_its_cluster() -> None:
    terminal = Terminal("-r", "scala-40", "-p", "4", "-n", "100000", "--backend", "ray", "-w", "2")
    try:
        assert terminal.drawn.wait(60), "no progress bar"
        time.sleep(2)
        assert terminal.ctrl_c() == 130, bytes(terminal.screen)
        deadline = time.monotonic() + 3 * PATIENCE
        while running_in_group(terminal.process.pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert running_in_group(terminal.process.pid) == []
    finally:
        terminal.close()
    assert b"Traceback" not in bytes(terminal.screen), bytes(terminal.screen)
