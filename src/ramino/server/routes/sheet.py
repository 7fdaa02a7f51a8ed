"""The score sheet of a match played with real cards, for the page at ``/sheet``: what
``ramino score`` keeps, one request at a time.

The server keeps nothing: the page sends the rules, the players and every round entered so far,
and the engine's :class:`~ramino.engine.match.Match` scores them again, exactly as ``ramino
score`` plays a score-sheet file, refusing what it refuses in the engine's own words.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Annotated, Any

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from ...engine.cards import Card, parse_cards
from ...engine.errors import RaminoError, Reason, ScoreError
from ...engine.match import MAX_HAND_POINTS, Match, RoundResult
from ...engine.rules import Rules, RummyBonus
from ...engine.rules_file import rules_from_mapping
from ...engine.scoring import Closing, closing_credits, closing_points
from ...engine.text import shown
from ...words.closings import closing_words
from ...words.inline import both
from ..models import Both, Problem, RulesInForce
from ..refused import refused

__all__ = ["MAX_SHEET_ROUNDS", "SheetAnswer", "SheetRequest", "SheetRound", "router"]

router = APIRouter(tags=["the home score sheet"])

#: The most players at a table (the server's tables seat as many).
MAX_PLAYERS = 12
#: The most rounds a sheet sent by the page holds: a match to 101 lasts tens of rounds, one
#: with re-entries a few times more; every request scores them all again.
MAX_SHEET_ROUNDS = 300
#: The longest name, and the longest hand written as cards (a hand of 13 is 40 characters).
MAX_NAME = 30
MAX_CARDS_TEXT = 200
#: A bound on the numbers the schema takes at all; the sheet's own limit is ``MAX_HAND_POINTS``
#: (refused in words, as ``ramino score`` does).
MAX_NUMBER = 10**9

Name = Annotated[StrictStr, Field(max_length=MAX_NAME)]
Names = Annotated[list[Name], Field(max_length=MAX_PLAYERS)]
Hand = (
    Annotated[StrictInt, Field(ge=-MAX_NUMBER, le=MAX_NUMBER)]
    | Annotated[StrictStr, Field(max_length=MAX_CARDS_TEXT)]
)


class SheetRound(BaseModel):
    """One round as the table tells it, as in a ``ramino score`` file: who went out (``null``
    when a cap ended the round), in one turn or not, how (``closing``, where the rules pay for
    it), each other player's hand (its points, or its cards: ``"JK 9H 8S"``), and the players
    who re-entered before it."""

    model_config = ConfigDict(extra="forbid")
    out: Name | None
    in_one_turn: StrictBool = False
    closing: Closing = Closing.SIMPLE
    hands: Annotated[dict[Name, Hand], Field(max_length=MAX_PLAYERS)]
    reenter: Names = []


class SheetRequest(BaseModel):
    """A match at home so far: the rules (a preset and knobs over it, as for a table), the
    players in seat order, the rounds entered, and the re-entries decided since the last
    round: ``reenter`` came back in, ``stay_out`` chose not to."""

    model_config = ConfigDict(extra="forbid")
    rules: Annotated[str, Field(max_length=40)] = "classico"
    knobs: Annotated[dict[str, Any], Field(max_length=64)] = {}
    players: Names
    rounds: Annotated[list[SheetRound], Field(max_length=MAX_SHEET_ROUNDS)] = []
    reenter: Names = []
    stay_out: Names = []


class SheetForm(BaseModel):
    """What the next round's entry asks: whether going out in one turn pays, and the ways
    of going out the rules pay differently for."""

    in_one_turn: bool
    closings: list[str]


class Offer(BaseModel):
    """A re-entry still to decide: the player's total, the total he would come back at, the
    stake."""

    player: str
    total: int
    entry_total: int
    stake: int


class SheetAnswer(BaseModel):
    """The score sheet of a match at home, scored again from every round entered."""

    rules: RulesInForce
    form: SheetForm
    closing_words: dict[str, dict[str, Both]]
    """Each way of going out: its ``name`` and the words ``with`` it, in both languages."""
    sheet: dict[str, Any]
    """The match as the engine keeps it (``Match.to_dict()``)."""
    offers: list[Offer]
    short_handed: bool
    result: Both | None


@contextmanager
def _at(where: str) -> Iterator[None]:
    """Turn the engine's refusal into a 400 that says where in the request it was."""
    try:
        yield
    except RaminoError as error:
        raise refused(error, where) from None


def _hand(hand: int | str, where: str) -> int | tuple[Card, ...]:
    """A hand as the match takes it: points as given (the match refuses negative ones), cards
    read from their notation."""
    if isinstance(hand, str):
        with _at(where):
            return parse_cards(hand)
    if hand > MAX_HAND_POINTS:
        # ``ramino score``'s limit, which keeps every total printable.
        with _at(where):
            raise ScoreError(
                Reason.BAD_ROUND_RESULT,
                detail=both(
                    "una mano conta al massimo {limit} punti, non {points}.",
                    limit=MAX_HAND_POINTS,
                    points=shown(hand),
                ),
            )
    return hand


def _offered(match: Match) -> list[str]:
    """Who may choose to re-enter now: the players the last round put out whom the rules and
    the match let back in (as at the table, one chooses right after going out)."""
    if not match.rounds:
        return []
    return [name for name in match.rounds[-1].eliminated if match.can_reenter(name)]


def _closings(rules: Rules) -> list[Closing]:
    """The ways of going out the rules pay differently for: the simple close, and each other
    one that scores or wins differently from those already listed."""
    paid = [Closing.SIMPLE]
    seen = {(closing_points(Closing.SIMPLE, rules), closing_credits(Closing.SIMPLE, rules))}
    for closing in (Closing.FLUSH, Closing.STRAIGHT, Closing.ROYAL):
        pay = (closing_points(closing, rules), closing_credits(closing, rules))
        if pay not in seen:
            seen.add(pay)
            paid.append(closing)
    if rules.seven_of_a_kind_wins:
        paid.append(Closing.SEVEN_OF_A_KIND)
    return paid


def _played(request: SheetRequest) -> tuple[Match, list[str]]:
    """The match of ``request``, every round recorded as ``ramino score`` records a file's,
    and the re-entries still to decide."""
    with _at("rules"):
        rules = rules_from_mapping({"preset": request.rules, **request.knobs})
    with _at("players"):
        match = Match(request.players, rules)
    for i, entry in enumerate(request.rounds):
        where = f"rounds[{i}]"
        for j, name in enumerate(entry.reenter):
            with _at(f"{where}.reenter[{j}]"):
                match.reenter(name)
        # Whoever did not re-enter before this round stays out (cli/score_file.py's play).
        match.close_reentries()
        hands = {name: _hand(hand, f"{where}.hands.{name}") for name, hand in entry.hands.items()}
        with _at(where):
            match.record(RoundResult(entry.out, hands, entry.in_one_turn, entry.closing))
    for j, name in enumerate(request.reenter):
        with _at(f"reenter[{j}]"):
            match.reenter(name)
    offered = _offered(match)
    declined: set[str] = set()
    for j, name in enumerate(request.stay_out):
        with _at(f"stay_out[{j}]"):
            if name not in offered or name in declined:
                match.refuse_reentry(name)
        declined.add(name)
    waiting = [name for name in offered if name not in declined]
    if not waiting:
        # Every re-entry decided: a table left with too few players ends the match here.
        match.close_reentries()
    return match, waiting


def _both(it: str, en: str) -> dict[str, str]:
    return {"it": it, "en": en}


def _sheet(match: Match, waiting: Sequence[str]) -> dict[str, Any]:
    rules = match.rules
    words = {closing.value: closing_words(closing, rules) for closing in Closing}
    result_it, result_en = match.result("it"), match.result("en")
    return {
        "rules": {"name": rules.name, "knobs": rules.knobs()},
        "form": {
            "in_one_turn": rules.rummy_bonus is not RummyBonus.NONE,
            "closings": [closing.value for closing in _closings(rules)],
        },
        "closing_words": {
            value: {"name": _both(w.it, w.en), "with": _both(w.with_it, w.with_en)}
            for value, w in words.items()
        },
        "sheet": match.to_dict(),
        "offers": [
            {
                "player": name,
                "total": match.totals[name],
                "entry_total": match.reentry_total(),
                "stake": rules.reentry_stake,
            }
            for name in waiting
        ],
        "short_handed": match.short_handed,
        "result": None if result_it is None or result_en is None else _both(result_it, result_en),
    }


# A plain function: FastAPI runs it in a worker thread, so scoring a long sheet never
# holds up the tables' sockets.
@router.post(
    "/api/sheet", responses={400: {"model": Problem, "description": "An entry the match refuses"}}
)
def home_sheet(request: SheetRequest) -> SheetAnswer:
    """The score sheet of a match played with real cards (what `ramino score` keeps),
    scored again from every round entered so far; the server keeps nothing.

    The body: `rules` and `knobs` as for a table, `players` in seat order (up to 12), and
    `rounds` (up to 300) as in a `ramino score` file: `{"out": "Anna" or null,
    "in_one_turn": false, "closing": "simple", "hands": {"Bruno": 42, "Carla": "JK 9H"},
    "reenter": [names re-entered before this round]}`; then `reenter` and `stay_out`, the
    re-entries decided since the last round.

    The answer: `sheet`, the match as the engine keeps it (`rounds`, one line each as
    `RoundSheet.to_dict()`, `reentries`, `totals`, `active`, `eliminated`, `credits`,
    `stakes`, `messa_level`, `chips`, `is_over`, `winner`, `standing`); `offers`, the
    re-entries still to decide (`player`, `total`, `entry_total`, `stake`); `result`, who
    won in a sentence (it, en) once the match is over; `form`, what the next round asks
    (`in_one_turn` where the rules pay for it, the `closings` they pay for) and
    `closing_words`; `rules`, the rules in force.

    An entry the match cannot take (an unknown or eliminated player, a missing hand, a
    round after the end, a re-entry the rules forbid) is refused with 400 and
    `{"reason", "message": {"it", "en"}, "where"}`, as `ramino score` refuses it.
    """
    match, waiting = _played(request)
    return SheetAnswer(**_sheet(match, waiting))
