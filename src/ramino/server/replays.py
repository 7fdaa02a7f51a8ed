"""Replays of the rounds over at a table: each round's record (the file ``ramino replay``
reads) and the table after each of its moves, every hand face up. Only rounds over are given:
their deals are revealed anyway (docs/shuffle.md), and nothing of a round being played is."""

from __future__ import annotations

from pydantic import BaseModel

from ..engine.record import Record, deal, record_round
from ..engine.round import Round
from .protocol import MeldView, meld_view
from .store import StoredTable
from .tables import Table, TableSpec

__all__ = ["ReplayFrame", "frames", "round_records"]


class ReplayFrame(BaseModel):
    """The table after one move of a round replayed (the deal, for the first frame)."""

    move: str | None
    """The move, as the ``state``'s history writes it (``1: discard 7H``); none for the deal."""
    hands: list[list[str]]
    """Every player's hand, in the round's seat order."""
    table: list[MeldView]
    discard_pile: list[str]
    """The pozzo, its top card last."""
    stock: int
    to_play: int | None
    """The round's seat to play next; none once the round is over."""


def round_records(log: StoredTable, match: int) -> list[Record]:
    """The records of match ``match``'s rounds over, in order, read off the table's log."""
    table = Table(log.id, TableSpec.from_dict(log.spec, log.seats))
    found: list[Record] = []
    ended = None
    for event in log.actions:
        table.replay([event])
        if table.ended is not None and table.ended is not ended:
            ended = table.ended
            if table.match_number == match:
                found.append(record_round(*ended))
    return found


def frames(record: Record) -> list[ReplayFrame]:
    """The round of ``record`` as dealt, then after each of its moves."""
    round_ = deal(record)
    shots = [_frame(round_, record.players, None)]
    for action in record.actions:
        event = round_.apply(action)
        shots.append(_frame(round_, record.players, f"{event.seat}: {action}"))
    return shots


def _frame(round_: Round, names: tuple[str, ...], move: str | None) -> ReplayFrame:
    return ReplayFrame(
        move=move,
        hands=[[str(card) for card in round_.hand(seat)] for seat in range(round_.players)],
        table=[meld_view(laid, names) for laid in round_.table],
        discard_pile=[str(round_.deck[i]) for i in round_.discard_pile],
        stock=round_.stock_count,
        to_play=None if round_.is_over else round_.to_play,
    )
