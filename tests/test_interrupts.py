"""Ctrl-C stops a long command cleanly: between two decisions, never inside the engine (an
interrupted big-int operation inside the compiled engine aborted the process). Worker
processes never see it; ``ramino simulate`` stops them, at whatever moment Ctrl-C comes to the
whole process group as a terminal sends it, exits 130 at once and leaves no process behind,
even when asked for more rounds than could ever be played."""

from __future__ import annotations

import contextlib
import os
import pty
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from ramino import interrupts
from ramino.ai import RandomBot, play_round
from ramino.engine import Action, Observation, Round

pytestmark = pytest.mark.once

LINUX = pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")


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


def test_a_worker_ignores_ctrl_c() -> None:
    before = signal.getsignal(signal.SIGINT)
    try:
        interrupts.ignore()
        signal.raise_signal(signal.SIGINT)
        assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)


@LINUX
def test_a_process_started_held_begins_with_ctrl_c_blocked() -> None:
    # What a worker inherits: Ctrl-C pressed while it imports waits until it ignores it.
    mask = [sys.executable, "-c", "print(open('/proc/self/status').read())"]
    with interrupts.held():
        held = subprocess.run(mask, capture_output=True, text=True, check=True).stdout
    free = subprocess.run(mask, capture_output=True, text=True, check=True).stdout
    assert blocked(held) & SIGINT_BIT and not blocked(free) & SIGINT_BIT


# --- a real terminal's Ctrl-C: SIGINT to the whole process group ---

SIGINT_BIT = 1 << (signal.SIGINT - 1)
#: How long the tests wait for a process to end before they give up on it: a bound for a
#: machine under load, not a figure under test (what is tested is how it ends).
PATIENCE = 30.0


def blocked(status: str) -> int:
    line = next(line for line in status.splitlines() if line.startswith("SigBlk:"))
    return int(line.split()[1], 16)


def running_in_group(pgid: int) -> list[str]:
    """The processes of group ``pgid`` still running (a zombie has ended; only its new parent
    has yet to collect it), each as "pid state command"."""
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return []
    found = []
    for entry in Path("/proc").iterdir():
        try:
            stat = (entry / "stat").read_text()
        except (OSError, ValueError):
            continue  # not a process, or one that has just gone
        state, _, group = stat[stat.rindex(")") + 2 :].split()[:3]
        if int(group) == pgid and state not in "ZX":
            found.append(f"{entry.name} {state} {stat[: stat.rindex(')') + 1]}")
    return found


def others_in_group(pgid: int) -> bool:
    return any(not line.startswith(f"{pgid} ") for line in running_in_group(pgid))


class Terminal:
    """``ramino simulate`` started as a terminal would start it: in its own process group
    (Ctrl-C reaches every process of it), stderr on a pseudo-terminal so that the progress
    bar is drawn. What it writes there is kept."""

    def __init__(self, *args: str) -> None:
        leader, follower = pty.openpty()
        env = {**os.environ, "TERM": "xterm", "COLUMNS": "100"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "ramino", "simulate", *args],
            stdout=subprocess.DEVNULL,
            stderr=follower,
            env=env,
            start_new_session=True,
        )
        os.close(follower)
        self.leader = leader
        self.screen = bytearray()
        self.drawn = threading.Event()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            try:
                data = os.read(self.leader, 4096)
            except OSError:  # every writer is gone
                data = b""
            if not data:
                self.drawn.set()
                return
            self.screen += data
            self.drawn.set()

    def ctrl_c(self) -> int:
        """Press Ctrl-C once; the exit status (a process still running after
        :data:`PATIENCE` fails the test)."""
        os.killpg(self.process.pid, signal.SIGINT)
        return self.process.wait(timeout=PATIENCE)

    def close(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        self.reader.join(5)
        os.close(self.leader)


#: (workers, seconds after the progress bar appears): with two workers, the first moments fall
#: while the workers start up (each takes a good part of a second to import the engine).
MOMENTS = [(1, 0.0), (1, 0.4), (1, 0.9), (1, 1.5)]
MOMENTS += [(2, s) for s in (0.0, 0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9, 1.1, 1.4, 1.8, 2.2)]


@LINUX
@pytest.mark.slow
@pytest.mark.parametrize(("workers", "delay"), MOMENTS)
def test_ctrl_c_stops_simulate_and_its_workers_at_once(workers: int, delay: float) -> None:
    terminal = Terminal("-r", "scala-40", "-p", "4", "-n", "100000", "-w", str(workers))
    try:
        assert terminal.drawn.wait(30), "no progress bar"
        time.sleep(delay)
        if workers > 1 and delay >= 1.4:
            assert others_in_group(terminal.process.pid)  # the workers are there
        # One Ctrl-C is enough: the command stops on it, with the status of an interrupt.
        status = terminal.ctrl_c()
        assert status == 130, bytes(terminal.screen)
        # The workers end with it (the resource tracker of multiprocessing just after).
        deadline = time.monotonic() + PATIENCE
        while running_in_group(terminal.process.pid) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert running_in_group(terminal.process.pid) == []
    finally:
        terminal.close()
    screen = bytes(terminal.screen)
    assert b"Traceback" not in screen and b"fatal" not in screen, screen
    # The progress bar was closed: the cursor it hid is shown again.
    assert screen.rfind(b"\x1b[?25h") > screen.rfind(b"\x1b[?25l") >= 0, screen


@LINUX
@pytest.mark.slow
def test_a_googol_of_rounds_starts_at_once_in_little_memory() -> None:
    googol = str(10**100)
    terminal = Terminal("-r", "classico", "-p", "3", "-n", googol, "-w", "2")
    try:
        assert terminal.drawn.wait(30), "no progress bar"
        status_file = Path(f"/proc/{terminal.process.pid}/status")
        time.sleep(1.0)
        early = memory(status_file.read_text(), "VmRSS")
        time.sleep(1.5)
        later = memory(status_file.read_text(), "VmRSS")
        peak = memory(status_file.read_text(), "VmHWM")
        status = terminal.ctrl_c()
    finally:
        terminal.close()
    assert status == 130, bytes(terminal.screen)
    assert b"Traceback" not in terminal.screen, bytes(terminal.screen)
    # Building the whole schedule up front took 70 MB a second.
    assert later - early < 16 * 2**20 and peak < 128 * 2**20, (early, later, peak)
    assert b"/?" in terminal.screen  # the progress bar counts, with no end in sight


def memory(status: str, field: str) -> int:
    """A figure of /proc/PID/status, in bytes."""
    line = next(line for line in status.splitlines() if line.startswith(f"{field}:"))
    return int(line.split()[1]) * 1024
