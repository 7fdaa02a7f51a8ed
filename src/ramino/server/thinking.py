"""The computer players' turns of a ``ramino serve`` process, decided off its event loop.

An *esperto*'s decision may take tens of milliseconds; on the event loop it would hold up every
other table's moves, and in a thread it would too (the threads of a process take turns, and a
busy one makes the loop wait for its turn at each of its wake-ups). So the expert decides in a
process of its own (:data:`THINKERS` of them), from the seat's view, a value the table's next
moves leave as it is (:meth:`~ramino.server.tables.Table.view_to_decide`); the move is then
applied on the loop, so a table changes in one thread only. Each table's decisions go to the
same process, where its players live from one decision to the next (each keeps its own memory
of the deal); one is made anew from its seed (:class:`Computer`) wherever it is missing. The
caller holds the table's lock: the moves are decided and applied one at a time, in the order
the table plays them, and stored as before.

The greedy levels decide on the loop: their decisions take well under a millisecond (p99
0.5 ms, the slowest 7 ms on casertano), less than sending one to a process and back.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import time
import zlib
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..ai.bot import Bot
from ..ai.levels import bot_for_level

if TYPE_CHECKING:
    from ..engine.actions import Action
    from ..engine.observation import Observation
    from .tables import Move, Table

__all__ = ["AWAY", "THINKERS", "Computer", "Thinking"]

#: The levels whose decisions are taken in another process. The greedy levels' stay on the
#: loop: sent away, the beginner's cost 2.3 times the server's processor time an ack and a
#: third of its acks/s at full load (bench/server_load.py, 500 tables: 915 against 390 µs).
AWAY = frozenset({"esperto"})
#: Processes deciding for the expert: the cores but one, which the event loop keeps.
THINKERS = max(1, (os.cpu_count() or 2) - 1)
#: Players a thinking process keeps between decisions (each a few kB); the least recently
#: asked goes first, and is made anew from its seed if it is asked again.
KEEP = 4096
#: How often a thinking process checks that its server is still there.
WATCH_SECONDS = 1.0

log = logging.getLogger("ramino.server")


@dataclass(frozen=True, slots=True)
class Computer:
    """A computer player of the deal being played: its name, level and seed, from which any
    process makes it anew."""

    name: str
    level: str
    seed: int

    def player(self) -> Bot:
        return bot_for_level(self.level, seed=self.seed, name=self.name)


class Thinking:
    """Where the computer players of a process decide."""

    def __init__(self, workers: int = THINKERS) -> None:
        self._pools: list[ProcessPoolExecutor | None] = [None] * workers

    async def decide(
        self, table_id: str, computer: Computer, bot: Bot, seen: Observation
    ) -> Action:
        """``computer``'s move at table ``table_id`` from ``seen``: ``bot`` (the table's own
        player) decides on the loop at the quick levels, the table's thinking process at the
        others."""
        if computer.level not in AWAY:
            return bot.act(seen)
        at = zlib.crc32(table_id.encode()) % len(self._pools)
        pool = self._pools[at]
        if pool is None:
            # Started when first needed: a process that never serves an expert has none.
            pool = self._pools[at] = ProcessPoolExecutor(
                max_workers=1,
                # A fresh interpreter: forking a process that runs threads is not safe.
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_watch,
                initargs=(os.getpid(),),
            )
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(pool, _think, table_id, computer, seen)
        except Exception as error:
            # A failed decision must not stop the table, as a bot's slips do not: the first
            # legal move stands in, the operator hears of it, and a broken process is replaced.
            log.error(
                "computer player failed",
                extra={"event": "computer_failed", "why": f"{type(error).__name__}: {error}"},
            )
            if isinstance(error, BrokenProcessPool):
                # The process died: the next decision starts another.
                self._pools[at] = None
                pool.shutdown(wait=False, cancel_futures=True)
            return seen.legal_actions[0]

    async def computers_play(self, table: Table) -> list[Move]:
        """The computer players' moves while it is their turn (as
        :meth:`Table.computers_play`): every move applied, in order."""
        moves = []
        while (turn := table.computer_to_move()) is not None:
            seat, computer, bot = turn
            seen = table.view_to_decide()
            action = await self.decide(table.id, computer, bot, seen)
            moves.append(table.apply_decision(seat, seen, action))
        return moves

    async def play_for(self, table: Table, seat: int) -> list[Move]:
        """``seat``'s turn played for him, then the computer's turns (as
        :meth:`Table.play_for`): every move applied, in order."""
        return [*table.stand_in_turn(seat), *await self.computers_play(table)]

    def close(self) -> None:
        """Stop the thinking processes, after the decisions under way."""
        for pool in self._pools:
            if pool is not None:
                pool.shutdown(wait=True, cancel_futures=True)


# --- in a thinking process ---

_players: OrderedDict[tuple[str, Computer], Bot] = OrderedDict()
"""The players this thinking process keeps, by table (its owner is the process)."""


def _watch(server: int) -> None:
    """Stop this thinking process once its server is gone, even killed (nobody tells it)."""

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(WATCH_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="ramino-watch", daemon=True).start()


def _think(table_id: str, computer: Computer, seen: Observation) -> Action:
    """The decision of ``computer`` at table ``table_id``, by the player kept for it."""
    key = (table_id, computer)
    bot = _players.pop(key, None)
    if bot is None:
        bot = computer.player()
    _players[key] = bot
    while len(_players) > KEEP:
        _players.popitem(last=False)
    return bot.act(seen)
