"""Ctrl-C (SIGINT) that stops a program at a safe place.

The compiled engine must never see ``KeyboardInterrupt`` in the middle of its own code: an
interrupted big-int multiplication inside it returns an error its compiler takes for a
failed allocation, and the process aborts with ``fatal: out of memory`` (seen in about one
run in eight of an interrupted ``ramino simulate``). Programs that play many decisions
(``ramino simulate``, the tournaments) therefore :func:`install` this module's handler: while
a :func:`deferred` block runs, Ctrl-C is only noted, and :func:`checkpoint` raises
``KeyboardInterrupt`` from plain Python between two decisions. Outside such a block, and in
programs that never install the handler, Ctrl-C behaves as usual.

Ctrl-C goes to every process of the terminal's process group, worker processes included. A
worker must never be interrupted either: it is started with Ctrl-C :func:`held` back, then
ignores it (:func:`ignore`), and the program that started it stops it
(``ramino.ai.tournament``).
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

_deferring = 0
_pending = False


def _on_sigint(signum: int, frame: FrameType | None) -> None:
    global _pending
    if _deferring:
        _pending = True
        return
    raise KeyboardInterrupt


def install() -> None:
    """Handle Ctrl-C with this module (from the main thread; elsewhere it does nothing)."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, _on_sigint)


def checkpoint() -> None:
    """Raise ``KeyboardInterrupt`` if Ctrl-C was pressed inside the current deferred block."""
    global _pending
    if _pending:
        _pending = False
        raise KeyboardInterrupt


@contextmanager
def held() -> Iterator[None]:
    """Hold Ctrl-C back from this thread while the block runs: child processes started in it
    begin with SIGINT blocked (the signal mask survives ``fork`` and ``exec``), so that one
    pressed while a child starts up cannot break its imports before it calls :func:`ignore`.
    This thread gets a Ctrl-C pressed meanwhile at the block's end.

    >>> import signal
    >>> install()
    >>> try:
    ...     with held():
    ...         signal.raise_signal(signal.SIGINT)
    ...         print("still running")
    ... except KeyboardInterrupt:
    ...     print("stopped at the end of the block")
    still running
    stopped at the end of the block
    >>> _ = signal.signal(signal.SIGINT, signal.default_int_handler)
    """
    if not hasattr(signal, "pthread_sigmask"):  # no signal masks (Windows)
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def ignore() -> None:
    """Ignore Ctrl-C in this process from now on, and let SIGINT through again if a parent
    started it :func:`held`: a worker process is stopped by its parent, never by Ctrl-C."""
    # Ignoring first drops a Ctrl-C held while the process started.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@contextmanager
def deferred() -> Iterator[None]:
    """Note Ctrl-C instead of raising it while the block runs; raise it at the block's end
    (or at a :func:`checkpoint` inside it).

    >>> import os, signal
    >>> install()
    >>> try:
    ...     with deferred():
    ...         os.kill(os.getpid(), signal.SIGINT)
    ...         print("still running")
    ... except KeyboardInterrupt:
    ...     print("stopped at the end of the block")
    still running
    stopped at the end of the block
    >>> _ = signal.signal(signal.SIGINT, signal.default_int_handler)
    """
    global _deferring
    _deferring += 1
    try:
        yield
    finally:
        _deferring -= 1
    if not _deferring:
        checkpoint()
