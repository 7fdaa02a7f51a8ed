"""The one writer of a server's moves: every table's moves go to the store through it, many
tables' at a time in one transaction (group commit), so that one flush to disk serves them all
and no table waits for another's transaction (bench/server_load.py)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

from .metrics import Metrics
from .store import MatchResult, Store, StoredAction

__all__ = ["Writer"]


class Writer:
    """Writes the moves handed to :meth:`write` in batches, from a thread of its own."""

    def __init__(self, store: Store, metrics: Metrics | None = None) -> None:
        self.store = store
        self.metrics = metrics
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ramino-store")
        self._pending: list[
            tuple[str, Sequence[StoredAction], MatchResult | None, asyncio.Future[None]]
        ] = []
        self._writing: asyncio.Task[None] | None = None

    async def write(
        self, table_id: str, actions: Sequence[StoredAction], result: MatchResult | None = None
    ) -> None:
        """Store ``actions`` of table ``table_id`` (all or none), with the ``result`` of the
        match they end; return once they are durable, or raise the store's error."""
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        self._pending.append((table_id, actions, result, future))
        if self._writing is None or self._writing.done():
            self._writing = loop.create_task(self._write())
        await future

    async def _write(self) -> None:
        """Write what is pending, in batches, until nothing is: each batch is one transaction;
        if it fails, each table's moves are written apart, so only the wrong one fails."""
        loop = asyncio.get_running_loop()
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                began = time.perf_counter()
                await loop.run_in_executor(
                    self._thread,
                    self.store.append_batches,
                    [(t, a) for t, a, _, _ in batch],
                    [r for _, _, r, _ in batch if r is not None],
                )
                if self.metrics is not None:
                    self.metrics.commit.observe(time.perf_counter() - began)
            except Exception:
                for table_id, actions, result, future in batch:
                    try:
                        await loop.run_in_executor(
                            self._thread, self.store.append_many, table_id, actions, result
                        )
                    except Exception as error:
                        if not future.done():  # its client may have gone meanwhile
                            future.set_exception(error)
                    else:
                        if not future.done():
                            future.set_result(None)
                continue
            for _, _, _, future in batch:
                if not future.done():
                    future.set_result(None)

    async def drain(self) -> None:
        """Wait until everything handed over so far is written (or refused)."""
        while self._writing is not None and not self._writing.done():
            await asyncio.shield(self._writing)

    def close(self) -> None:
        """Stop the thread, after what it is writing."""
        self._thread.shutdown(wait=True)
