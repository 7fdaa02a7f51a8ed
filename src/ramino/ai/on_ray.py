"""The games of a tournament played on a Ray cluster: a local one started for the run, or one
already running (``address``). ``ray`` is the extra ``ramino[ray]``.

The schedule, the seeds and the order in which the outcomes come back are those of the local
run (:mod:`ramino.ai.tournament`): a batch of games is a Ray task, at most two a processor of
the cluster are out at once, and the outcomes are given back in schedule order however the
tasks finish, so the results are the same for the same seed. The parent waits for them a tenth
of a second at a time and looks for a Ctrl-C in between; on it, or when the games are no
longer wanted, the tasks still out are cancelled and a cluster started here is shut down.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Generator, Iterator
from typing import TYPE_CHECKING, Any

from .. import interrupts

if TYPE_CHECKING:
    from .tournament import Game, GameOutcome, _Spec

__all__ = ["play_on_ray"]

#: How long the parent waits for outcomes before it looks for a Ctrl-C noted meanwhile.
_TICK = 0.1


def _play_batch(spec: _Spec, batch: tuple[Game, ...]) -> list[GameOutcome]:
    """A Ray task: the games of one batch, as a worker process plays them."""
    from .tournament import _play_game

    return [_play_game(spec, game) for game in batch]


def play_on_ray(
    spec: _Spec,
    batches: Iterator[tuple[Game, ...]],
    address: str | None,
    workers: int,
    on_progress: Callable[[int], None],
) -> Generator[GameOutcome, None, None]:
    """The outcomes of ``batches``, in schedule order, played as Ray tasks: on the cluster at
    ``address``, or on a local one of ``workers`` processors started for them (and shut down
    with them). A Ray already started by the calling program is used as it is."""
    import ray

    started = False
    with interrupts.deferred():
        if not ray.is_initialized():
            options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
            if address is None:
                options["num_cpus"] = workers
            else:
                options["address"] = address
            ray.init(**options)
            started = True
        task = ray.remote(_play_batch)
        shared = ray.put(spec)
        # Two batches a processor out at once: one played, the next waiting.
        cpus = ray.cluster_resources().get("CPU", workers)  # type: ignore[no-untyped-call]
        most = 2 * max(1, int(cpus))
    out: dict[Any, int] = {}
    ahead: dict[int, list[GameOutcome]] = {}
    sent = given = 0
    try:
        while True:
            with interrupts.deferred():
                while len(out) < most:
                    batch = next(batches, None)
                    if batch is None:
                        break
                    out[task.remote(shared, batch)] = sent
                    sent += 1
                if not out:
                    return
                done, _ = ray.wait(list(out), num_returns=1, timeout=_TICK)
                interrupts.checkpoint()
                for ref in done:
                    number = out.pop(ref)
                    try:
                        ahead[number] = ray.get(ref)
                    except ray.exceptions.RayTaskError as error:
                        # The game's own error, as a worker process would raise it.
                        raise error.as_instanceof_cause() from None  # type: ignore[no-untyped-call]
                    on_progress(len(ahead[number]))
                ready: list[GameOutcome] = []
                while given in ahead:
                    ready.extend(ahead.pop(given))
                    given += 1
            yield from ready
    finally:
        with interrupts.deferred():
            for ref in out:
                with contextlib.suppress(Exception):
                    ray.cancel(ref, force=True)
            if started:
                ray.shutdown()
