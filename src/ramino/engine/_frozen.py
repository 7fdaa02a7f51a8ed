"""What the engine's frozen values need when they write their ``__init__`` out.

Compiled with mypyc, a frozen dataclass runs the ``__init__`` that the dataclass module
generates as interpreted code. The values made at every decision (melds, table melds, the turn,
events, observations) therefore write theirs out (``@dataclass(frozen=True, slots=True,
init=False)``): generated, they made classico 18.8 µs a decision against 8.0 (bench/round.py,
compiled). A compiled class's constructor always runs that ``__init__``, so copying and
pickling rebuild a frozen value from its fields (:func:`reduce_by_fields`) rather than making
an empty one and filling it in.
"""

from __future__ import annotations

import dataclasses
from typing import Any

#: What ``__reduce__`` returns for such a value.
Reduced = tuple[type[Any], tuple[Any, ...]]


def reduce_by_fields(value: Any) -> Reduced:
    """``__reduce__`` for a dataclass value: its class, and its fields that ``__init__``
    takes, in order."""
    return type(value), tuple(
        getattr(value, field.name) for field in dataclasses.fields(value) if field.init
    )
