"""Players of ``ramino serve``: a guest's identity at the site (a public id, a name, a secret key
the browser keeps), his Glicko-2 rating for each preset, and the matches he played.

A key is created by the server, shown to its player once and kept by the server only as its
SHA-256. A match's result goes into the store in the transaction that stores the move ending it
(:func:`record_result`), once: whatever replays the table later finds it there.

>>> import tempfile
>>> from pathlib import Path
>>> from .store import Store, default_url
>>> folder = tempfile.TemporaryDirectory()
>>> store = Store(default_url(Path(folder.name)))
>>> players = Players(store)
>>> anna, key = players.create("Anna")
>>> players.by_key(key) == anna, players.by_key("not a key")
(True, None)
>>> players.rename(anna.id, "Anna R.").name
'Anna R.'
>>> players.create("anna r.")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ramino.engine.errors.IllegalAction: Il nome «anna r.» è già di un altro giocatore: ...
>>> store.close()
>>> folder.cleanup()
"""

from __future__ import annotations

import hashlib
import secrets
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, NoReturn

from sqlalchemy import Connection, insert, inspect, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError

from ..engine.errors import IllegalAction
from .names import reading
from .ratings import DEFAULT, PROVISIONAL_DEVIATION, Rating, rate_match
from .reasons import ServerReason
from .store import (
    Base,
    MatchResult,
    MatchRow,
    MatchSeatRow,
    PlayerRow,
    RatingRow,
    Store,
)

__all__ = ["Player", "Players", "add_player", "key_hash", "record_result"]

#: How many of a player's last matches his page shows, and of his ratings' history.
LAST_MATCHES = 20
HISTORY = 200
#: The guest names drawn before one is taken anyway: with 9000 numbers, only a site of
#: thousands of guests draws more than one or two.
GUEST_TRIES = 20


@dataclass(frozen=True, slots=True)
class Player:
    """A player as the site knows him: public id and name (his key is never read back)."""

    id: str
    name: str


def key_hash(key: str) -> str:
    """What the server keeps of a player's key."""
    return hashlib.sha256(key.encode()).hexdigest()


def guest_name() -> str:
    """A new guest's name, to change whenever he likes: ``Ospite 4821``."""
    return f"Ospite {1000 + secrets.randbelow(9000)}"


def check_name_free(connection: Connection, name: str, player_id: str | None = None) -> None:
    """Raise ``player_name_taken`` if a player other than ``player_id`` holds ``name``, case,
    accents and look-alikes aside (:func:`names.reading`)."""
    if _held(connection, name, player_id):
        raise IllegalAction(ServerReason.PLAYER_NAME_TAKEN, name=name)


def _held(connection: Connection, name: str, player_id: str | None = None) -> bool:
    holder = connection.scalar(
        select(PlayerRow.id)
        .where(PlayerRow.name_reading == reading(name), PlayerRow.id != (player_id or ""))
        .limit(1)
    )
    return holder is not None


def add_player(connection: Connection, name: str | None) -> tuple[Player, str]:
    """A new player named ``name`` (``None``: a guest, named ``Ospite 4821`` by a number no
    other player's name has), stored in ``connection``'s transaction (gone with it if it is
    rolled back), and his key (only its hash is kept). A name another player holds is refused
    (``player_name_taken``); one taken by another transaction since it was checked raises
    the database's IntegrityError (its unique ``name_key``)."""
    if name is None:
        name = guest_name()
        for _ in range(GUEST_TRIES):
            if not _held(connection, name):
                break
            name = guest_name()
    check_name_free(connection, name)
    key = secrets.token_urlsafe(32)
    player = Player(secrets.token_urlsafe(9), name)
    connection.execute(
        insert(PlayerRow).values(
            id=player.id,
            key_hash=key_hash(key),
            name=name,
            name_reading=reading(name),
            name_key=reading(name),
            created_at=_now(),
        )
    )
    return player, key


class Players:
    """The players kept in ``store``'s database."""

    def __init__(self, store: Store) -> None:
        self._engine = store.engine

    def create(self, name: str | None = None) -> tuple[Player, str]:
        """A new player named ``name`` (``None``: a guest), and his key (only its hash is
        kept)."""
        tries = 0
        while True:
            try:
                with self._engine.begin() as connection:
                    return add_player(connection, name)
            except IntegrityError as error:
                # Taken at the same instant by another: a name chosen is refused as the
                # check refuses it, a guest's name drawn is drawn again.
                tries += 1
                if name is not None or tries == GUEST_TRIES:
                    self._taken(error, name)

    def by_key(self, key: str) -> Player | None:
        """The player whose key is ``key``, if any."""
        with self._engine.connect() as connection:
            row = connection.execute(
                select(PlayerRow.id, PlayerRow.name).where(PlayerRow.key_hash == key_hash(key))
            ).first()
        return None if row is None else Player(row.id, row.name)

    def rename(self, player_id: str, name: str) -> Player:
        """Give player ``player_id`` the name ``name`` (his seats keep the name they had); a
        name another player holds is refused (``player_name_taken``) and nothing changes."""
        try:
            with self._engine.begin() as connection:
                own = connection.scalar(
                    select(PlayerRow.name_reading).where(PlayerRow.id == player_id)
                )
                values = {"name": name, "name_reading": reading(name)}
                # His own name written again, differently: his even if another shares it
                # (names given before they were held alone), its key as it was.
                if own != reading(name):
                    check_name_free(connection, name, player_id)
                    values["name_key"] = reading(name)
                connection.execute(
                    update(PlayerRow).where(PlayerRow.id == player_id).values(**values)
                )
        except IntegrityError as error:
            self._taken(error, name, player_id)
        return Player(player_id, name)

    def _taken(
        self, error: IntegrityError, name: str | None, player_id: str | None = None
    ) -> NoReturn:
        """Why the database refused a player's ``name``: ``player_name_taken`` if another
        player holds it now (he took it after the check, before the write), else ``error``."""
        if name is not None:
            with self._engine.connect() as connection:
                if _held(connection, name, player_id):
                    raise IllegalAction(ServerReason.PLAYER_NAME_TAKEN, name=name) from None
        raise error

    def page(self, player_id: str) -> dict[str, Any] | None:
        """What a player's page shows: his name, his rating for each preset, their history and
        his last matches with everyone's place (``None``: no such player)."""
        with self._engine.connect() as connection:
            name = connection.scalar(select(PlayerRow.name).where(PlayerRow.id == player_id))
            if name is None:
                return None
            ratings = [
                _rating(row)
                for row in connection.execute(
                    select(RatingRow)
                    .where(RatingRow.player_id == player_id)
                    .order_by(RatingRow.matches.desc(), RatingRow.rules)
                )
            ]
            history = [
                {
                    "rules": row.rules,
                    "table": row.table_id,
                    "match": row.number,
                    "ended": row.ended_at,
                    "rating_before": row.rating_before,
                    "rating": row.rating,
                    "deviation": row.deviation,
                }
                for row in connection.execute(
                    select(
                        MatchRow.rules,
                        MatchRow.table_id,
                        MatchRow.number,
                        MatchRow.ended_at,
                        MatchSeatRow.rating_before,
                        MatchSeatRow.rating,
                        MatchSeatRow.deviation,
                    )
                    .join(MatchSeatRow, _SAME_MATCH)
                    .where(MatchSeatRow.player_id == player_id, MatchSeatRow.rating.is_not(None))
                    .order_by(MatchRow.ended_at.desc(), MatchRow.table_id, MatchRow.number.desc())
                    .limit(HISTORY)
                )
            ][::-1]
            last = connection.execute(
                select(MatchRow)
                .join(MatchSeatRow, _SAME_MATCH)
                .where(MatchSeatRow.player_id == player_id)
                .distinct()
                .order_by(MatchRow.ended_at.desc(), MatchRow.table_id, MatchRow.number.desc())
                .limit(LAST_MATCHES)
            ).all()
            seats: dict[tuple[str, int], list[dict[str, Any]]] = {
                (row.table_id, row.number): [] for row in last
            }
            for seat in connection.execute(
                select(MatchSeatRow)
                .where(MatchSeatRow.table_id.in_({table for table, _ in seats}))
                .order_by(MatchSeatRow.table_id, MatchSeatRow.number, MatchSeatRow.seat)
            ):
                if (seat.table_id, seat.number) not in seats:
                    continue
                seats[seat.table_id, seat.number].append(
                    {
                        "seat": seat.seat,
                        "name": seat.name,
                        "player": seat.player_id,
                        "placement": seat.placement,
                        "total": seat.total,
                        "left": seat.left,
                        "rating_before": seat.rating_before,
                        "rating": seat.rating,
                    }
                )
        matches = [
            {
                "table": row.table_id,
                "match": row.number,
                "rules": row.rules,
                "rated": row.rated,
                "ended": row.ended_at,
                "seats": seats[row.table_id, row.number],
            }
            for row in last
        ]
        return {
            "id": player_id,
            "name": name,
            "ratings": ratings,
            "history": history,
            "matches": matches,
        }

    def leaderboard(self, rules: str, limit: int) -> list[dict[str, Any]]:
        """The best ``limit`` players of preset ``rules``: those whose rating is established
        first, by rating, then the provisional ones."""
        provisional = RatingRow.deviation > PROVISIONAL_DEVIATION
        with self._engine.connect() as connection:
            rows = connection.execute(
                select(RatingRow, PlayerRow.name)
                .join(PlayerRow, PlayerRow.id == RatingRow.player_id)
                .where(RatingRow.rules == rules)
                .order_by(provisional, RatingRow.rating.desc(), RatingRow.player_id)
                .limit(limit)
            ).all()
        return [
            {"place": place, "id": row.player_id, "name": row.name, **_rating(row)}
            for place, row in enumerate(rows, 1)
        ]


#: A seat's line belongs to its table's match of the same number.
_SAME_MATCH = (MatchSeatRow.table_id == MatchRow.table_id) & (
    MatchSeatRow.number == MatchRow.number
)


def _rating(row: Any) -> dict[str, Any]:
    rating = Rating(row.rating, row.deviation, row.volatility)
    return {
        "rules": row.rules,
        "rating": round(rating.rating, 1),
        "deviation": round(rating.deviation, 1),
        "provisional": rating.provisional,
        "matches": row.matches,
    }


def _now() -> datetime:
    return datetime.now(UTC)


def _insert_new(connection: Connection, table: type[Base], rows: list[dict[str, Any]]) -> int:
    """Insert the ``rows`` whose primary key is not there yet; how many were new."""
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    key = inspect(table).primary_key[0]
    statement = dialect.insert(table).values(rows).on_conflict_do_nothing().returning(key)
    # Counted from what RETURNING gives: psycopg's rowcount is -1 for such an INSERT.
    return len(connection.execute(statement).all())


def record_result(connection: Connection, result: MatchResult) -> None:
    """Store ``result`` within ``connection``'s transaction, once: a match already recorded is
    left as it is. At a rated table the people's ratings for its preset change as
    docs/ratings.md says: one rating period, the pairwise results of the final standing,
    between the players who came with their key (computers are not rated, nor a player
    holding two seats of the table)."""
    now = _now()
    match = {
        "table_id": result.table_id,
        "number": result.match,
        "rules": result.rules,
        "rated": result.rated,
        "ended_at": now,
    }
    new = _insert_new(connection, MatchRow, [match])
    if new != 1:
        return
    before: dict[str, Rating] = {}
    after: dict[str, Rating] = {}
    seats = [seat for seat in result.seats if seat.player is not None and not seat.computer]
    holding = Counter(seat.player for seat in seats)
    people = [seat for seat in seats if holding[seat.player] == 1]
    if result.rated and len(people) >= 2:
        ids = sorted(seat.player for seat in people if seat.player is not None)
        _insert_new(
            connection,
            RatingRow,
            [
                {
                    "player_id": player,
                    "rules": result.rules,
                    "rating": DEFAULT.rating,
                    "deviation": DEFAULT.deviation,
                    "volatility": DEFAULT.volatility,
                    "matches": 0,
                    "updated_at": now,
                }
                for player in ids
            ],
        )
        # Locked in one order (PostgreSQL): two matches ending at once for one player apply
        # one after the other, never both from the same rating.
        rows = connection.execute(
            select(RatingRow.player_id, RatingRow.rating, RatingRow.deviation, RatingRow.volatility)
            .where(RatingRow.player_id.in_(ids), RatingRow.rules == result.rules)
            .order_by(RatingRow.player_id)
            .with_for_update()
        ).all()
        before = {row.player_id: Rating(row.rating, row.deviation, row.volatility) for row in rows}
        ordered = [seat.player for seat in people if seat.player is not None]
        rated = rate_match([before[p] for p in ordered], [seat.placement for seat in people])
        after = dict(zip(ordered, rated, strict=True))
        for player, rating in after.items():
            connection.execute(
                update(RatingRow)
                .where(RatingRow.player_id == player, RatingRow.rules == result.rules)
                .values(
                    rating=rating.rating,
                    deviation=rating.deviation,
                    volatility=rating.volatility,
                    matches=RatingRow.matches + 1,
                    updated_at=now,
                )
            )
    connection.execute(
        insert(MatchSeatRow),
        [
            {
                "table_id": result.table_id,
                "number": result.match,
                "seat": seat.seat,
                "name": seat.name,
                "player_id": seat.player,
                "placement": seat.placement,
                "total": seat.total,
                "left": seat.left,
                "rating_before": _field(before, seat.player, "rating"),
                "rating": _field(after, seat.player, "rating"),
                "deviation": _field(after, seat.player, "deviation"),
            }
            for seat in result.seats
        ],
    )


def _field(ratings: dict[str, Rating], player: str | None, name: str) -> float | None:
    rating = None if player is None else ratings.get(player)
    return None if rating is None else float(getattr(rating, name))
