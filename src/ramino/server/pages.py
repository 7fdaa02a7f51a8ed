"""The browser's pages: ``ramino serve`` serves the whole client, plain ES modules from
``ramino/web/static`` with no build step, beside the API.

Every page is the same document (``index.html``); its script reads the address: ``/`` is the
home page, ``/t/ID`` a table (the invitation link), ``/sheet`` the score sheet of a match played
with real cards. The lobby's facts the home page needs (the presets, every knob in players'
words, the rules described) come from the API here too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field

from ..engine.contracts import CONTRACT_NAMES, CONTRACT_TERMS
from ..engine.deal import check_playable
from ..engine.errors import RaminoError
from ..engine.presets import PRESETS
from ..engine.rules_file import rules_from_mapping
from ..words.browser import browser_words
from ..words.describe import describe
from ..words.knob_words import knob_catalogue
from .refused import refused

__all__ = ["STATIC", "add_pages"]

#: The client's files.
STATIC = Path(__file__).resolve().parent.parent / "web" / "static"

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


class DescribeRequest(BaseModel):
    """House rules to read before creating a table: a preset, knobs over it, the seats."""

    model_config = ConfigDict(extra="forbid")
    rules: Annotated[str, Field(max_length=40)] = "classico"
    knobs: Annotated[dict[str, Any], Field(max_length=64)] = {}
    players: Annotated[int, Field(ge=2, le=12)] | None = None


def _page() -> Response:
    return FileResponse(STATIC / "index.html", headers=_HEADERS)


def add_pages(app: FastAPI) -> None:
    """Serve the client at ``/`` and the lobby's facts under ``/api/rules``."""

    @app.get("/", include_in_schema=False)
    async def home() -> Response:
        return _page()

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table(table_id: str) -> Response:
        return _page()

    @app.get("/sheet", include_in_schema=False)
    async def sheet() -> Response:
        return _page()

    @app.get("/api/rules")
    async def presets() -> dict[str, Any]:
        """The presets (each with its knobs and seats), every knob in players' words, and the
        carioca contracts' names and terms."""
        return {
            "presets": [
                {
                    "name": name,
                    "summary": {"it": preset.summary("it"), "en": preset.summary("en")},
                    "knobs": preset.rules.knobs(),
                    "min_players": preset.rules.min_players,
                    "max_players": preset.rules.most_players,
                }
                for name, preset in PRESETS.items()
            ],
            "knobs": knob_catalogue(),
            # A carioca round's contract, as a state names it (``contract``).
            "contracts": {
                contract.value: {
                    "name": {lang: name.message(lang) for lang in ("it", "en")},
                    "terms": {
                        lang: CONTRACT_TERMS[contract].message(lang) for lang in ("it", "en")
                    },
                }
                for contract, name in CONTRACT_NAMES.items()
            },
        }

    @app.get("/api/words")
    async def words() -> dict[str, Any]:
        """The catalogue's words of every refusal and phrase by code, in Italian and English:
        what the page says itself in the server's own words (``ramino.words.browser``)."""
        return browser_words()

    @app.post("/api/rules/describe")
    async def described(request: DescribeRequest) -> dict[str, Any]:
        """House rules in players' words, or why they cannot be played (400, it and en, as
        when a table is created)."""
        try:
            rules = rules_from_mapping({"preset": request.rules, **request.knobs})
            if request.players is not None:
                check_playable(rules, request.players)
        except RaminoError as error:
            raise refused(error) from None
        return {
            "rules": {"name": rules.name, "knobs": rules.knobs()},
            "min_players": rules.min_players,
            "max_players": rules.most_players,
            "described": {
                "it": describe(rules, "it", players=request.players),
                "en": describe(rules, "en", players=request.players),
            },
        }

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
