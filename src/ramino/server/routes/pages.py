"""The browser's pages: ``ramino serve`` serves the whole client, plain ES modules from
``ramino/web/static`` with no build step, beside the API.

Every page is the same document (``index.html``); its script reads the address: ``/`` is the
home page, ``/t/ID`` a table (the invitation link), ``/t/ID/m/N`` the score sheet of the
table's match N (1, then each rematch's), ``/sheet`` the score sheet of a match played with
real cards. The lobby's facts the home page needs come from :mod:`.rules`; the words it says
itself, in the server's own catalogue, from ``/api/words``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles

from ...words.browser import browser_words

__all__ = ["STATIC", "mount_static", "router", "words"]

#: The client's files.
STATIC = Path(__file__).resolve().parent.parent.parent / "web" / "static"

# The page runs only its own scripts and talks only to its own server (WebSockets included):
# a nickname or a card code can never become markup that runs.
_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline';"
        " img-src 'self' data:; connect-src 'self'; frame-ancestors 'none';"
        " base-uri 'none'; form-action 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}

router = APIRouter(include_in_schema=False)
words = APIRouter(prefix="/api", tags=["pages"])


def _page() -> Response:
    return FileResponse(STATIC / "index.html", headers=_HEADERS)


@router.get("/")
async def home() -> Response:
    return _page()


@router.get("/t/{table_id}")
async def table(table_id: str) -> Response:
    return _page()


@router.get("/t/{table_id}/m/{number}")
async def match_sheet(table_id: str, number: str) -> Response:
    return _page()


@router.get("/t/{table_id}/m/{number}/r/{round_number}")
async def round_replay(table_id: str, number: str, round_number: str) -> Response:
    return _page()


@router.get("/sheet")
async def sheet() -> Response:
    return _page()


@router.get("/player")
async def own_player() -> Response:
    return _page()


@router.get("/p/{player_id}")
async def player(player_id: str) -> Response:
    return _page()


@router.get("/leaderboard")
async def leaderboard() -> Response:
    return _page()


@words.get("/words")
async def catalogue() -> dict[str, Any]:
    """The catalogue's words of every refusal and phrase by code, in Italian and English:
    what the page says itself in the server's own words (``ramino.words.browser``)."""
    return browser_words()


def mount_static(app: FastAPI) -> None:
    """Serve the client's files under ``/static``."""
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
