"""Reading a score-sheet file (JSON) into round results, naming the place of every defect.

The file::

    {"players": ["Anna", "Bruno", "Carla"],
     "rules": "classico",                      # optional
     "rounds": [{"out": "Anna", "in_one_turn": false,
                 "hands": {"Bruno": 42, "Carla": "JK 9H 8S"}}, ...]}

A hand is its points (an integer) or its cards (a string, counted by the rules). A round may
also carry ``"reenter": [names]`` (re-entries made before it) and ``"closing"``; ``"out": null``
is a round ended by a cap. Under betting (pokerato) a round says the chips each player dealt
in won or lost, ``"chips": {"Anna": 6, "Bruno": -3, "Carla": -3}``, and ``"on_table"`` the
chips the hand left on the table for the next one (0 when not given): they add up to the
chips the table held before it.

Under rules with knocking (gin rummy) ``out`` is who knocked (``null``: a void hand) and
``hands`` gives every player's deadwood, the knocker's too (0 for gin); ``"big_gin": true``
and ``"doubled": true`` (Oklahoma's spade) say how the hand counts. The points each player
wins are worked out from them (:func:`ramino.engine.scoring.knock_points`).

Every defect is a :class:`ScoreError` whose ``where`` is a path in the
file, such as ``rounds[3].hands.Carla``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.cards import Card, parse_cards
from ..engine.errors import Localized, RaminoError, Reason, ScoreError
from ..engine.match import MAX_HAND_POINTS, Match, RoundResult
from ..engine.rules import Betting, Rules
from ..engine.scoring import Closing, closings, hand_penalty, knock_points
from ..engine.text import UnreadableText, cut, load_json, shown
from ..words.closings import closing_words
from ..words.inline import both
from .common import read_input
from .reasons import CliReason

_TOP_KEYS = ("players", "rules", "rounds")
_ROUND_KEYS = (
    "out",
    "hands",
    "in_one_turn",
    "closing",
    "reenter",
    "big_gin",
    "doubled",
    "chips",
    "on_table",
)
#: The most rounds a sheet holds: a match to 101 lasts tens of rounds, and a sheet of more than
#: a thousand is a mistake that would take minutes to lay out as a table.
MAX_ROUNDS = 1000
#: The most chips one hand moves for one player: the rules allow a million each (their
#: ``starting_chips`` bound), and a number of thousands of digits is a mistake.
MAX_CHIPS = 10**7


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """One round of the file: where it is, the re-entries made before it, its result."""

    where: str
    reenter: tuple[str, ...]
    result: RoundResult
    big_gin: bool = False
    """Under knocking: the knocker laid every card without a discard."""
    doubled: bool = False
    """Under knocking: the hand counts double (Oklahoma: a spade upcard)."""


@dataclass(frozen=True, slots=True)
class ScoreFile:
    """A parsed score-sheet file."""

    players: tuple[str, ...]
    rules: str | None
    rounds: tuple[RoundEntry, ...]


def bad(where: str, words: Localized) -> ScoreError:
    """A defect of the file at ``where``, explained in Italian and English (:func:`both`)."""
    return ScoreError(CliReason.BAD_SCORE_FILE, where=where, detail=words)


def relayed(where: str, error: RaminoError) -> ScoreError:
    """An engine error, placed in the file. A round's result refused says only why: «Foglio
    dei punti non valido (rounds[0])» already says that the result is not valid."""
    detail = error.params.get("detail")
    if error.reason is Reason.BAD_ROUND_RESULT and detail is not None:
        return ScoreError(CliReason.BAD_SCORE_FILE, where=where, detail=detail)
    return ScoreError(CliReason.BAD_SCORE_FILE, where=where, detail=error)


def read_text(source: str) -> str:
    """The file's text; ``-`` reads standard input (UTF-8 both, with a size cap)."""
    try:
        return read_input(source)
    except UnreadableText as error:
        raise ScoreError(CliReason.BAD_SCORE_FILE, where=source, detail=error.detail) from None


def parse_score_file(text: str, source: str) -> ScoreFile:
    """Parse the JSON text of a score sheet read from ``source`` (its name, for messages)."""
    try:
        data = load_json(text)
    except UnreadableText as error:
        raise ScoreError(CliReason.BAD_SCORE_FILE, where=source, detail=error.detail) from None
    if not isinstance(data, dict):
        raise bad(
            source,
            both("il foglio è un oggetto JSON con players e rounds."),
        )
    _no_unknown_keys(data, _TOP_KEYS, "")
    players = _players(data)
    rules = data.get("rules")
    if rules is not None and not isinstance(rules, str):
        raise bad(
            "rules",
            both("un nome di regole o un file TOML, tra virgolette."),
        )
    if "rounds" not in data:
        raise _missing("rounds")
    rounds = data["rounds"]
    if not isinstance(rounds, list):
        raise bad("rounds", both("le smazzate vanno in una lista."))
    if len(rounds) > MAX_ROUNDS:
        raise bad(
            "rounds",
            both(
                "un foglio tiene al massimo {limit} smazzate, questo ne ha {rounds}.",
                limit=MAX_ROUNDS,
                rounds=len(rounds),
            ),
        )
    entries = tuple(_round(item, f"rounds[{i}]", players) for i, item in enumerate(rounds))
    return ScoreFile(players, rules, entries)


def play(sheet: ScoreFile, rules: Rules) -> Match:
    """Record every round of ``sheet`` in a new match; an engine refusal names its round."""
    try:
        match = Match(sheet.players, rules)
    except ScoreError as error:
        raise relayed("players", error) from None
    for entry in sheet.rounds:
        _check_in_rules(entry, rules)
        for j, name in enumerate(entry.reenter):
            try:
                match.reenter(name)
            except ScoreError as error:
                raise relayed(f"{entry.where}.reenter[{j}]", error) from None
        # Whoever did not re-enter before this round stays out: a table left with too few
        # players ended the match, and this round is refused as played after its end.
        match.close_reentries()
        result = entry.result
        if rules.knock_limit is not None:
            result = _knocked(entry, rules, match.active)
        try:
            match.record(result)
        except ScoreError as error:
            raise relayed(entry.where, error) from None
    return match


def _check_in_rules(entry: RoundEntry, rules: Rules) -> None:
    """Refuse what ``entry`` says of its close that the rules in force do not have (RULES.md
    §6.4: every tool follows them): a way of going out, gin rummy's flags."""
    closing = entry.result.closing
    if closing not in closings(rules):
        words = closing_words(closing, rules)
        allowed = ", ".join(c.value for c in closings(rules))
        raise bad(
            f"{entry.where}.closing",
            both(
                "con queste regole non si chiude {how} ({closing}); si chiude così: {allowed}.",
                how=(words.with_it, words.with_en),
                closing=closing.value,
                allowed=allowed,
            ),
        )
    betting = rules.betting is not Betting.NONE
    if betting and entry.result.chips is None:
        raise bad(
            f"{entry.where}.chips",
            both(
                "manca: con le puntate ogni smazzata dice le fiches vinte o perse da chi era"
                ' in gioco, come "chips": {{"Anna": 6, "Bruno": -3, "Carla": -3}}.'
            ),
        )
    if not betting and (entry.result.chips is not None or entry.result.on_table):
        key = "chips" if entry.result.chips is not None else "on_table"
        raise bad(
            f"{entry.where}.{key}",
            both("con queste regole non si gioca a fiches: i punti bastano."),
        )
    if rules.knock_limit is None:
        for key, given in (("big_gin", entry.big_gin), ("doubled", entry.doubled)):
            if given:
                raise bad(
                    f"{entry.where}.{key}",
                    both("{key} è del gin rummy: con queste regole non si bussa.", key=key),
                )


def _missing(where: str) -> ScoreError:
    return bad(where, both("manca."))


def _no_unknown_keys(data: dict[str, Any], known: Sequence[str], where: str) -> None:
    for key in data:
        if key not in known:
            place = f"{where}.{key}" if where else key
            allowed = ", ".join(known)
            raise bad(
                place,
                both("chiave sconosciuta (si usano: {allowed}).", allowed=allowed),
            )


def _players(data: dict[str, Any]) -> tuple[str, ...]:
    if "players" not in data:
        raise _missing("players")
    players = data["players"]
    if not isinstance(players, list) or not players:
        raise bad(
            "players",
            both('una lista di nomi, per esempio ["Anna", "Bruno"].'),
        )
    for i, name in enumerate(players):
        if not isinstance(name, str) or not name.strip():
            raise bad(f"players[{i}]", both("un nome tra virgolette."))
    return tuple(players)


def _player(value: Any, where: str, players: tuple[str, ...]) -> str:
    if not isinstance(value, str):
        raise bad(where, both("il nome di un giocatore, tra virgolette."))
    if value not in players:
        known = cut(", ".join(players))
        raise bad(
            where,
            both("{value} non è tra i giocatori ({known}).", value=shown(value), known=known),
        )
    return value


def _round(item: Any, where: str, players: tuple[str, ...]) -> RoundEntry:
    if not isinstance(item, dict):
        raise bad(
            where,
            both("una smazzata è un oggetto con out e hands."),
        )
    _no_unknown_keys(item, _ROUND_KEYS, where)
    if "out" not in item:
        raise bad(
            f"{where}.out",
            both("manca: chi ha chiuso (null se nessuno)."),
        )
    out = None if item["out"] is None else _player(item["out"], f"{where}.out", players)
    in_one_turn = item.get("in_one_turn", False)
    if not isinstance(in_one_turn, bool):
        raise bad(f"{where}.in_one_turn", both("true o false."))
    closing = _closing(item.get("closing", Closing.SIMPLE.value), f"{where}.closing")
    hands = _hands(item, f"{where}.hands", players)
    reenter = _reenter(item.get("reenter", []), f"{where}.reenter", players)
    flags = {}
    for key in ("big_gin", "doubled"):
        flags[key] = item.get(key, False)
        if not isinstance(flags[key], bool):
            raise bad(f"{where}.{key}", both("true o false."))
    chips = _chips(item["chips"], f"{where}.chips", players) if "chips" in item else None
    on_table = item.get("on_table", 0)
    if isinstance(on_table, bool) or not isinstance(on_table, int) or on_table < 0:
        raise bad(f"{where}.on_table", both("le fiches rimaste sul tavolo: un numero da 0 in su."))
    result = RoundResult(out, hands, in_one_turn, closing, chips=chips, on_table=on_table)
    return RoundEntry(where, reenter, result, flags["big_gin"], flags["doubled"])


def _knocked(entry: RoundEntry, rules: Rules, active: Sequence[str]) -> RoundResult:
    """A knocked hand's result (gin rummy): every player's deadwood, the knocker's too, and
    the points each wins from them; a void hand (nobody knocked) wins nobody anything."""
    where, given = entry.where, entry.result.hands
    counts = {
        name: hand if isinstance(hand, int) else hand_penalty(hand, rules)
        for name, hand in given.items()
    }
    knocker = entry.result.out
    if knocker is None:
        nobody = dict.fromkeys(active, 0)
        return RoundResult(None, {p: counts.get(p, 0) for p in active}, points=nobody)
    if knocker not in counts:
        raise bad(
            f"{where}.hands.{knocker}",
            both("manca: le carte spaiate di chi ha bussato (0 per il gin)."),
        )
    if entry.big_gin and (rules.big_gin_bonus is None or counts[knocker]):
        raise bad(
            f"{where}.big_gin",
            both("il big gin vuole regole che lo pagano e nessuna carta spaiata."),
        )
    if entry.doubled and not rules.spade_upcard_doubles:
        raise bad(
            f"{where}.doubled",
            both("con queste regole la smazzata non vale doppio."),
        )
    limit = rules.knock_limit
    assert limit is not None
    if counts[knocker] > limit and not rules.oklahoma:
        raise bad(
            f"{where}.hands.{knocker}",
            both(
                "si bussa con al massimo {limit} punti spaiati, non {count}.",
                limit=limit,
                count=counts[knocker],
            ),
        )
    seats = [p for p in active if p in counts]
    won = knock_points(
        seats.index(knocker),
        [counts[p] for p in seats],
        rules,
        big_gin=entry.big_gin,
        doubled=entry.doubled,
    )
    others = {p: hand for p, hand in given.items() if p != knocker}
    return RoundResult(knocker, others, points=dict(zip(seats, won, strict=True)))


def _closing(value: Any, where: str) -> Closing:
    if isinstance(value, str):
        try:
            return Closing(value)
        except ValueError:
            pass
    choices = ", ".join(c.value for c in Closing)
    raise bad(where, both("una di: {choices}.", choices=choices))


def _hands(
    item: dict[str, Any], where: str, players: tuple[str, ...]
) -> dict[str, int | tuple[Card, ...]]:
    if "hands" not in item:
        raise _missing(where)
    raw = item["hands"]
    if not isinstance(raw, dict):
        raise bad(where, both("un oggetto giocatore → punti o carte."))
    hands: dict[str, int | tuple[Card, ...]] = {}
    for name, hand in raw.items():
        place = f"{where}.{name}"
        _player(name, place, players)
        hands[name] = _hand(hand, place)
    return hands


def _hand(hand: Any, where: str) -> int | tuple[Card, ...]:
    if isinstance(hand, str):
        try:
            return parse_cards(hand)
        except RaminoError as error:
            raise relayed(where, error) from None
    if isinstance(hand, bool) or not isinstance(hand, int):
        raise bad(
            where,
            both('i punti (un numero intero) o le carte ("JK 9H 8S").'),
        )
    if hand < 0:
        raise bad(
            where,
            both("i punti non possono essere negativi ({hand}).", hand=shown(hand)),
        )
    if hand > MAX_HAND_POINTS:
        raise bad(
            where,
            both(
                "una mano conta al massimo {limit} punti, non {hand}.",
                limit=MAX_HAND_POINTS,
                hand=shown(hand),
            ),
        )
    return hand


def _chips(value: Any, where: str, players: tuple[str, ...]) -> dict[str, int]:
    """Under betting (pokerato): the chips each player dealt in won or lost in the hand."""
    if not isinstance(value, dict):
        raise bad(where, both("un oggetto giocatore → fiches vinte (o perse, negative)."))
    chips: dict[str, int] = {}
    for name, change in value.items():
        place = f"{where}.{name}"
        _player(name, place, players)
        if isinstance(change, bool) or not isinstance(change, int):
            raise bad(place, both("le fiches vinte (o perse, negative): un numero intero."))
        if abs(change) > MAX_CHIPS:
            raise bad(
                place,
                both(
                    "una mano muove al massimo {limit} fiches, non {change}.",
                    limit=MAX_CHIPS,
                    change=shown(change),
                ),
            )
        chips[name] = change
    return chips


def _reenter(value: Any, where: str, players: tuple[str, ...]) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise bad(where, both("una lista di nomi."))
    return tuple(_player(name, f"{where}[{j}]", players) for j, name in enumerate(value))
