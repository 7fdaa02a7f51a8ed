"""Players over HTTP: a guest created with a key, his name changed, his page (ratings, their
history, last matches) and each preset's leaderboard (docs/protocol.md, docs/ratings.md).

A player proves who he is with his key in the ``X-Player-Key`` header; everything else is
public, by his public id."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, HTTPException, Query, Request
from fastapi.concurrency import run_in_threadpool

from ...engine.errors import IllegalAction, Reason, RulesError
from ...engine.text import printable
from ..models import (
    Leaderboard,
    LeaderboardLine,
    NewPlayer,
    PlayerInfo,
    PlayerKey,
    PlayerPage,
    Problem,
    Rename,
)
from ..names import carries_computer_mark, hostile, tidy
from ..players import Player, Players
from ..presets import OFFERED
from ..reasons import ServerReason
from ..refused import refused
from ..served import Tables
from . import Served, paced

__all__ = ["leaderboards", "player_of_key", "router"]

router = APIRouter(prefix="/api/players", tags=["players and ratings"])
leaderboards = APIRouter(prefix="/api/leaderboard", tags=["players and ratings"])

#: The most lines of a leaderboard a request gets.
LEADERBOARD = 100

_KEY = Header(alias="X-Player-Key", max_length=100)
_REFUSED: dict[int | str, dict[str, Any]] = {
    400: {"model": Problem, "description": "A key that is no player's, or a name refused"},
}


def players_of(tables: Tables) -> Players:
    """The players kept beside ``tables``."""
    return Players(tables.store)


def checked_name(raw: str) -> str:
    """A player's name as kept, or the refusal a seat's nickname would get."""
    name = tidy(raw)
    if not name or hostile(raw) or printable(name) != name:
        raise HTTPException(status_code=422, detail="a name of printable characters")
    if carries_computer_mark(name):
        raise refused(IllegalAction(ServerReason.NAME_MARKED_COMPUTER, name=name), "name")
    return name


async def player_of_key(tables: Tables, key: str) -> Player:
    """The player whose key is ``key``; 400 ``unknown_player_key`` if none is."""
    player = await run_in_threadpool(players_of(tables).by_key, key)
    if player is None:
        raise refused(IllegalAction(ServerReason.UNKNOWN_PLAYER_KEY), "player_key")
    return player


@router.post(
    "",
    status_code=201,
    responses={
        **_REFUSED,
        429: {"model": Problem, "description": "Too many players made from this address lately"},
    },
)
async def create_player(request: NewPlayer, http: Request, tables: Served) -> PlayerKey:
    """A new player, a guest named ``Ospite 4821`` unless a name is given (one another player
    holds is refused: ``player_name_taken``, or with ``unless_held`` makes a guest), and his
    key: keep it (the server keeps only its
    hash), and send it to take seats as this player. A client
    makes players at the pace it makes tables (docs/limits.md)."""
    paced(http, tables.new_players, ServerReason.TOO_MANY_NEW_PLAYERS)
    name = None if request.name is None else checked_name(request.name)
    try:
        player, key = await run_in_threadpool(players_of(tables).create, name)
    except IllegalAction as taken:
        if not request.unless_held:
            raise refused(taken, "name") from None
        player, key = await run_in_threadpool(players_of(tables).create, None)
    return PlayerKey(id=player.id, name=player.name, key=key)


@router.get("/me", responses=_REFUSED)
async def me(tables: Served, key: Annotated[str, _KEY]) -> PlayerInfo:
    """The player whose key is in ``X-Player-Key`` (a key pasted from another device)."""
    player = await player_of_key(tables, key)
    return PlayerInfo(id=player.id, name=player.name)


@router.put("/me", responses=_REFUSED)
async def rename(request: Rename, tables: Served, key: Annotated[str, _KEY]) -> PlayerInfo:
    """Change the name of the player whose key is in ``X-Player-Key`` (the seats he has
    taken keep theirs). A name another player holds, case, accents and surrounding blanks
    aside, is refused with ``player_name_taken``, and nothing changes (with ``unless_held``,
    the answer is his name as it is)."""
    player = await player_of_key(tables, key)
    name = checked_name(request.name)
    try:
        renamed = await run_in_threadpool(players_of(tables).rename, player.id, name)
    except IllegalAction as taken:
        if not request.unless_held:
            raise refused(taken, "name") from None
        renamed = player
    return PlayerInfo(id=renamed.id, name=renamed.name)


@router.get("/{player_id}", responses={404: {"model": Problem, "description": "No such player"}})
async def page(player_id: str, tables: Served) -> PlayerPage:
    """A player's page: his rating for each preset he played rated, its history, and his last
    matches, each with its table (its sheet and its end at ``/t/{table}``)."""
    found = await run_in_threadpool(players_of(tables).page, player_id)
    if found is None:
        raise HTTPException(status_code=404, detail="no such player")
    return PlayerPage(**found)


@leaderboards.get(
    "/{rules}",
    responses={404: {"model": Problem, "description": "No such preset: unknown_preset"}},
)
async def leaderboard(
    rules: str,
    tables: Served,
    limit: Annotated[int, Query(ge=1, le=LEADERBOARD)] = LEADERBOARD,
) -> Leaderboard:
    """The preset's best players: established ratings first, by rating, then the
    provisional ones (docs/ratings.md). Rules that are no preset's: 404 ``unknown_preset``."""
    if rules not in OFFERED:
        error = RulesError(Reason.UNKNOWN_PRESET, name=rules, known=", ".join(OFFERED))
        raise refused(error, "rules", status=404)
    lines = await run_in_threadpool(players_of(tables).leaderboard, rules, limit)
    return Leaderboard(rules=rules, players=[LeaderboardLine(**line) for line in lines])
