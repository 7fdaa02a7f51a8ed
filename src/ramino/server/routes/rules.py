"""The rules over HTTP: the presets and every knob in players' words, for a page that lets
people choose house rules, and house rules described before a table is created."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from ...engine.contracts import CONTRACT_NAMES, CONTRACT_TERMS
from ...engine.deal import check_playable
from ...engine.errors import RaminoError
from ...engine.rules import Rules
from ...house_rules import (
    applicable_knobs,
    dropping_what_bears_on_nothing,
    house_rules,
    open_values,
)
from ...words.describe import describe
from ...words.knob_words import knob_catalogue
from ..models import Both, Problem, RulesInForce
from ..presets import OFFERED, Game, game_of
from ..refused import refused

__all__ = ["router"]

router = APIRouter(prefix="/api/rules", tags=["rules"])


class DescribeRequest(BaseModel):
    """House rules to read before creating a table: a preset, knobs over it, the seats."""

    model_config = ConfigDict(extra="forbid")
    rules: Annotated[str, Field(max_length=40)] = "classico"
    knobs: Annotated[dict[str, Any], Field(max_length=64)] = {}
    players: Annotated[int, Field(ge=2, le=12)] | None = None
    drop: bool = Field(
        default=False,
        description="Take away, rather than refuse, the changes that bear on nothing under the"
        " rules they make, and name them in `dropped` (a page's editor, where one change can"
        " leave others moot).",
    )


class Preset(BaseModel):
    """A preset: its name, its game, a line on it, its knobs and how many may play it."""

    name: str
    game: Game = Field(
        description="The game the preset plays: `ramino` (Italian rummy, the presets of the"
        " sources) or `gin` (gin rummy, two players, knocking); ramino's come first."
    )
    summary: Both
    knobs: dict[str, Any]
    applies: list[str] = Field(
        description="The knobs that bear on the preset's rules (`ramino.house_rules."
        "applicable_knobs`): those a page offers to change."
    )
    offered: dict[str, list[Any]] = Field(
        default={},
        description="For the knobs that apply and hold few values, where the rules refuse some"
        " with the other knobs as they are, the values they take (`ramino.house_rules."
        "open_values`); a knob given one value is fixed by the others.",
    )
    min_players: int
    max_players: int


class Contract(BaseModel):
    """A carioca round's contract: its name and its terms."""

    name: Both
    terms: Both


class Catalogue(BaseModel):
    """Everything a page needs to choose the rules."""

    presets: list[Preset]
    knobs: list[dict[str, Any]]
    """Every knob in players' words (``ramino.words.knob_words.knob_catalogue``)."""
    contracts: dict[str, Contract]
    """A carioca round's contract, by the value a state names it with (``contract``)."""


class Described(BaseModel):
    """House rules in force, and in words."""

    rules: RulesInForce
    applies: list[str] = Field(
        description="The knobs that bear on the rules in force: those a page offers to change."
    )
    offered: dict[str, list[Any]] = Field(
        default={},
        description="For the knobs that apply and hold few values, where the rules refuse some"
        " with the other knobs as they are, the values they take (`ramino.house_rules."
        "open_values`); a knob given one value is fixed by the others.",
    )
    min_players: int
    max_players: int
    described: Both
    dropped: list[str] = Field(
        default=[],
        description="With `drop`: the knobs whose changes were taken away, bearing on nothing.",
    )


@router.get("")
async def presets() -> Catalogue:
    """The presets, ramino's then gin rummy's (each with its game, knobs and seats), every
    knob in players' words, and the carioca contracts' names and terms."""
    return Catalogue(
        presets=[
            Preset(
                name=name,
                game=game_of(name),
                summary=Both(it=preset.summary("it"), en=preset.summary("en")),
                knobs=preset.rules.knobs(),
                applies=list(applicable_knobs(preset.rules)),
                offered=_offered(preset.rules),
                min_players=preset.rules.min_players,
                max_players=preset.rules.most_players,
            )
            for name, preset in OFFERED.items()
        ],
        knobs=knob_catalogue(),
        contracts={
            contract.value: Contract(
                name=Both(it=name.message("it"), en=name.message("en")),
                terms=Both(
                    it=CONTRACT_TERMS[contract].message("it"),
                    en=CONTRACT_TERMS[contract].message("en"),
                ),
            )
            for contract, name in CONTRACT_NAMES.items()
        },
    )


@router.post("/describe", responses={400: {"model": Problem, "description": "Rules refused"}})
async def described(request: DescribeRequest) -> Described:
    """House rules in players' words, or why they cannot be played (400, it and en, as
    when a table is created: a change that bears on nothing under the rules it makes is
    refused as ``knob_not_applicable``, its ``where`` naming the knob, ``knobs.messa``; or,
    with ``drop``, taken away and named in ``dropped``)."""
    dropped: tuple[str, ...] = ()
    try:
        if request.drop:
            rules, dropped = dropping_what_bears_on_nothing(request.rules, request.knobs)
        else:
            rules = house_rules(request.rules, request.knobs)
        if request.players is not None:
            check_playable(rules, request.players)
    except RaminoError as error:
        raise refused(error) from None
    return Described(
        rules=RulesInForce(name=rules.name, knobs=rules.knobs()),
        applies=list(applicable_knobs(rules)),
        offered=_offered(rules),
        min_players=rules.min_players,
        max_players=rules.most_players,
        described=Both(
            it=describe(rules, "it", players=request.players),
            en=describe(rules, "en", players=request.players),
        ),
        dropped=list(dropped),
    )


def _offered(rules: Rules) -> dict[str, list[Any]]:
    return {name: list(values) for name, values in open_values(rules).items()}
