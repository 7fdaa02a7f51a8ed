"""Game records: the rules, the players, the deal (a seed or the dealt order) and every action of
one round, as a value and as JSON text. A record replays to the identical state; it is the unit of
persistence, replays, bug reports and test fixtures. Pure: callers read and write the text.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from .actions import Action, parse_action
from .cards import Card
from .chips import Pot, Settlement
from .errors import Detail, Phrase, RaminoError, Reason, RecordError, RulesError
from .round import EndReason, Round, RoundEnd
from .rules import GIN_KNOBS, Contract, Rules
from .rules_file import rules_from_mapping
from .scoring import Closing
from .shuffle import PORTABLE, portable_shuffle
from .text import UnreadableText, load_json, writable

__all__ = [
    "FORMAT",
    "VERSION",
    "Record",
    "deal",
    "from_json",
    "record_round",
    "replay",
    "to_json",
    "verify",
]

#: The ``format`` field of every record file.
FORMAT = "ramino-record"
#: The version of the record format this module writes and reads.
VERSION = 1

_TOP_KEYS = (
    "format",
    "version",
    "rules",
    "players",
    "dealer",
    "chips",
    "on_table",
    "contract",
    "deal",
    "actions",
    "result",
)
_DEAL_KEYS = ("generator", "seed", "deck_order", "restocks")
_RESULT_KEYS = ("end", "out", "in_one_turn", "closing", "hands", "counts", "points", "chips")
_SETTLEMENT_KEYS = (
    "put_in",
    "pots",
    "carried_in",
    "won",
    "paid",
    "multiplier",
    "on_table",
    "after",
)

_E = TypeVar("_E", EndReason, Closing, Contract)

# More chips than any table holds: twelve players with the most starting chips the rules allow
# (a million each). A bound keeps every sum of them printable (Python writes no int past 4300
# digits).
_MOST_CHIPS = 10**9


def _bad(where: str, why: Detail | Phrase, **values: Any) -> RecordError:
    """A record that cannot be read, at ``where``: ``why`` (with its ``values``)."""
    detail = why if isinstance(why, Phrase) else Phrase(why, **values)
    return RecordError(Reason.BAD_RECORD, where=where, detail=detail)


@dataclass(frozen=True, slots=True)
class Record:
    """One round as data: replaying ``actions`` on the deal gives back the round exactly.

    The deal is either ``seed`` (the deck shuffled by ``generator``, the portable shuffle) or
    ``deck_order`` (the deck's ids from the top, as dealt). The seed also shuffles the discard
    pile when the stock runs out, so a record keeps it beside a ``deck_order`` too; without one
    the round's default seed is used. ``result`` is how the round ended, if it has, and lets
    :func:`replay` check that it still ends the same way.

    >>> from ramino.engine.presets import get_preset
    >>> record = Record(get_preset("classico"), ("Anna", "Bruno"), seed=b"demo")
    >>> replay(record).to_play, len(record.actions)
    (1, 0)
    >>> Record(get_preset("classico"), ("Anna", "Anna"), seed=b"demo")
    Traceback (most recent call last):
    ...
    ramino.engine.errors.RecordError: Registrazione della partita non valida (players): il nome 'Anna' compare due volte.
    """  # noqa: E501

    rules: Rules
    players: tuple[str, ...]
    """The players' names, by seat."""
    dealer: int = 0
    """The dealer's seat (*mazziere*); the player after him moves first."""
    seed: bytes | None = None
    generator: str = PORTABLE
    """The shuffle that turns ``seed`` into a deck order (only the portable one exists)."""
    deck_order: tuple[int, ...] | None = None
    actions: tuple[Action, ...] = ()
    result: RoundEnd | None = None
    restocks: tuple[tuple[int, ...], ...] = ()
    """The new stock of each restock (ids, top last): with a deck order, the record replays
    without any shuffle."""
    chips: tuple[int, ...] | None = None
    """Under rules with betting (pokerato), each seat's chips as the hand began."""
    on_table: int = 0
    """Under rules with betting, the chips earlier hands left on the table."""
    contract: Contract | None = None
    """Under rules with contracts (carioca), the opening this round requires."""

    def __post_init__(self) -> None:
        # Lists are accepted for convenience and kept as tuples, so equal records compare equal.
        for name in ("players", "actions", "deck_order", "chips"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, tuple):
                object.__setattr__(self, name, tuple(value))
        object.__setattr__(self, "restocks", tuple(tuple(r) for r in self.restocks))
        self._check()

    def _check(self) -> None:
        _check_names(self.players)
        if not 0 <= self.dealer < len(self.players):
            raise _bad(
                "dealer",
                Detail.DEALER_NOT_A_SEAT_OF,
                dealer=self.dealer,
                last=len(self.players) - 1,
            )
        if self.seed is None and self.deck_order is None:
            raise _bad("deal", Detail.SEED_OR_ORDER_NEEDED)
        if self.generator != PORTABLE:
            raise _bad(
                "deal.generator", Detail.UNKNOWN_GENERATOR, generator=self.generator, known=PORTABLE
            )
        if self.deck_order is not None:
            size = self.rules.deck_size_for(len(self.players))
            if sorted(self.deck_order) != list(range(size)):
                raise _bad("deal.deck_order", Detail.DECK_ORDER_EACH_ONCE, last=size - 1)
        if self.chips is not None and len(self.chips) != len(self.players):
            raise _bad("chips", Detail.CHIPS_OF_EVERY_PLAYER)
        end = self.result
        if end is not None and not (
            len(end.hands) == len(end.counts) == len(self.players)
            and (end.out is None or 0 <= end.out < len(self.players))
        ):
            raise _bad("result", Detail.RESULT_NOT_PLAYERS)


def _check_names(players: Sequence[object]) -> None:
    if not players:
        raise _bad("players", Detail.NO_PLAYERS)
    seen: set[object] = set()
    for name in players:
        if not isinstance(name, str) or not name.strip():
            raise _bad("players", Detail.PLAYER_NEEDS_NAME, name=name)
        if not writable(name):
            # A lone surrogate (JSON's "\ud800" escape) would make the record unwritable.
            raise _bad("players", Detail.NAME_NOT_WRITABLE, name=name)
        if name in seen:
            raise _bad("players", Detail.NAME_TWICE, name=name)
        seen.add(name)


def record_round(round_: Round, players: Sequence[str]) -> Record:
    """The record of a round played so far (finished or not), its players named by seat.

    A deal that the round's seed produced is stored as the seed alone; a stacked deal as its
    deck order, with the seed that shuffles restocks.

    >>> from ramino.engine.presets import get_preset
    >>> from ramino.engine.actions import Draw
    >>> r = Round(get_preset("classico"), 2, seed=7)
    >>> event = r.apply(Draw())
    >>> record = record_round(r, ["Anna", "Bruno"])
    >>> [str(a) for a in record.actions], record.deck_order, record.result
    (['draw'], None, None)
    """
    names = tuple(players)
    if len(names) != round_.players:
        raise _bad("players", Detail.NAMES_NOT_SEATS, players=round_.players, names=len(names))
    shuffled = portable_shuffle(list(range(len(round_.deck))), round_.seed)
    order = None if tuple(shuffled) == round_.deck_order else round_.deck_order
    betting = round_.betting
    chips = None
    if betting is not None:
        # What each seat holds behind and has put in: his chips as the hand began.
        chips = tuple(held + put for held, put in zip(betting.stacks, betting.put_in, strict=True))
    return Record(
        rules=round_.rules,
        players=names,
        dealer=round_.dealer,
        seed=round_.seed,
        deck_order=order,
        actions=tuple(event.action for event in round_.history),
        result=round_.end,
        restocks=tuple(round_.restock_orders),
        chips=chips,
        on_table=0 if betting is None else betting.carried,
        contract=round_.contract,
    )


def deal(record: Record) -> Round:
    """The round of ``record`` as dealt, before any action.

    >>> from ramino.engine.presets import get_preset
    >>> r = deal(Record(get_preset("classico"), ("Anna", "Bruno", "Carla"), seed=b"x"))
    >>> r.players, r.turn, r.stock_count
    (3, 1, 77)
    """
    if record.seed is None:
        return Round(
            record.rules,
            len(record.players),
            dealer=record.dealer,
            deck_order=record.deck_order,
            restock_orders=record.restocks,
            chips=record.chips,
            carried=record.on_table,
            contract=record.contract,
        )
    return Round(
        record.rules,
        len(record.players),
        seed=record.seed,
        dealer=record.dealer,
        deck_order=record.deck_order,
        restock_orders=record.restocks,
        chips=record.chips,
        carried=record.on_table,
        contract=record.contract,
    )


def replay(record: Record) -> Round:
    """Deal and apply every action of ``record`` through :meth:`Round.apply`, then check the
    end against ``record.result`` (see :func:`verify`).

    A refused action raises the engine's own error, with a note saying which action it was.

    >>> from ramino.engine.presets import get_preset
    >>> from ramino.engine.actions import parse_action
    >>> rules = get_preset("classico")
    >>> record = Record(rules, ("Anna", "Bruno"), seed=b"x", actions=(parse_action("draw"),))
    >>> replay(record).phase
    <Phase.PLAY: 'play'>
    >>> twice = Record(rules, ("Anna", "Bruno"), seed=b"x", actions=(parse_action("take"),) * 2)
    >>> try:
    ...     replay(twice)
    ... except RaminoError as error:
    ...     print(error.reason.value, error.__notes__)
    already_drawn ['action 2 of 2: take']
    """
    round_ = deal(record)
    total = len(record.actions)
    for number, action in enumerate(record.actions, 1):
        try:
            round_.apply(action)
        except RaminoError as error:
            error.add_note(f"action {number} of {total}: {action}")
            raise
    verify(record, round_)
    return round_


def verify(record: Record, round_: Round) -> None:
    """Raise :class:`RecordError` (``record_mismatch``) if ``record`` says how the round ended
    and ``round_`` did not end the same way; return quietly otherwise.

    >>> from ramino.engine.presets import get_preset
    >>> r = Round(get_preset("classico"), 2, seed=1)
    >>> verify(record_round(r, ["Anna", "Bruno"]), r)
    """
    expected = record.result
    if expected is None:
        return
    got = round_.end
    if got is None:
        raise RecordError(
            Reason.RECORD_MISMATCH,
            detail=Phrase(
                Detail.REPLAY_STILL_GOING,
                end=_end_words(expected, record.players),
                turn=round_.turn,
            ),
        )
    if got != expected:
        raise RecordError(Reason.RECORD_MISMATCH, detail=_difference(expected, got, record))


def _end_words(end: RoundEnd, players: Sequence[str]) -> Phrase:
    if end.reason is EndReason.WENT_OUT and end.out is not None:
        return Phrase(Detail.END_GOES_OUT, name=players[end.out])
    if end.reason is EndReason.ALL_FOLDED and end.out is not None:
        return Phrase(Detail.END_ALL_FOLDED, name=players[end.out])
    if end.reason is EndReason.MAX_TURNS:
        return Phrase(Detail.END_TURN_CAP)
    return Phrase(Detail.END_RESTOCK_CAP)


def _difference(expected: RoundEnd, got: RoundEnd, record: Record) -> Phrase:
    """The first way ``got`` differs from ``expected``."""
    players = record.players
    if (expected.reason, expected.out) != (got.reason, got.out):
        return Phrase(
            Detail.ENDS_DIFFER,
            recorded=_end_words(expected, players),
            replayed=_end_words(got, players),
        )
    if expected.in_one_turn != got.in_one_turn:
        return Phrase(
            Detail.IN_ONE_TURN_DIFFERS,
            recorded=_yes(expected.in_one_turn),
            replayed=_yes(got.in_one_turn),
        )
    if expected.closing != got.closing:
        return Phrase(
            Detail.CLOSING_DIFFERS, recorded=expected.closing.value, replayed=got.closing.value
        )
    for seat, name in enumerate(players):
        if expected.hands[seat] != got.hands[seat]:
            return Phrase(
                Detail.HAND_LEFT_DIFFERS,
                player=name,
                recorded=_cards(expected.hands[seat]),
                replayed=_cards(got.hands[seat]),
            )
    for seat, name in enumerate(players):
        if expected.counts[seat] != got.counts[seat]:
            return Phrase(
                Detail.COUNT_DIFFERS,
                name=name,
                recorded=expected.counts[seat],
                replayed=got.counts[seat],
            )
    if expected.chips != got.chips:
        return Phrase(Detail.CHIPS_DIFFER)
    return Phrase(Detail.END_DIFFERS)


def _yes(value: bool) -> Phrase:
    return Phrase(Detail.YES if value else Detail.NO)


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(c.unicode() for c in cards) or "—"


# --- JSON ---


def to_json(record: Record) -> str:
    """The record as JSON text: one action per line, every knob of the rules written out, so the
    record replays the same even if a preset changes later.

    >>> from ramino.engine.presets import get_preset
    >>> from ramino.engine.actions import parse_action
    >>> record = Record(get_preset("classico"), ("Anna", "Bruno"), seed=b"x",
    ...                 actions=(parse_action("draw"), parse_action("discard KS")))
    >>> text = to_json(record)
    >>> print(text[text.index('"players"'):])
    "players": ["Anna", "Bruno"],
      "dealer": 0,
      "deal": {"generator": "sha256-fisher-yates-v1", "seed": "78"},
      "actions": [
        "draw",
        "discard KS"
      ]
    }
    <BLANKLINE>
    >>> from_json(text) == record
    True
    """
    deal_: dict[str, Any] = {}
    if record.seed is not None:
        deal_ = {"generator": record.generator, "seed": record.seed.hex()}
    if record.deck_order is not None:
        deal_["deck_order"] = list(record.deck_order)
    if record.restocks:
        deal_["restocks"] = [list(r) for r in record.restocks]
    knobs = record.rules.knobs()
    rules = {
        "name": record.rules.name,
        **{k: v for k, v in knobs.items() if k not in GIN_KNOBS or v != GIN_KNOBS[k]},
    }
    fields = [
        ("format", _dump(FORMAT)),
        ("version", _dump(VERSION)),
        ("rules", _block([(k, _dump(v)) for k, v in rules.items()], "  ")),
        ("players", _dump(list(record.players))),
        ("dealer", _dump(record.dealer)),
    ]
    if record.chips is not None:
        fields.append(("chips", _dump(dict(zip(record.players, record.chips, strict=True)))))
        fields.append(("on_table", _dump(record.on_table)))
    if record.contract is not None:
        fields.append(("contract", _dump(record.contract.value)))
    fields += [
        ("deal", _dump(deal_)),
        ("actions", _lines([_dump(str(a)) for a in record.actions], "  ")),
    ]
    if record.result is not None:
        fields.append(("result", _block(_result_fields(record.result, record.players), "  ")))
    return _block(fields, "") + "\n"


def _dump(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def _block(fields: Sequence[tuple[str, str]], indent: str) -> str:
    inner = indent + "  "
    body = ",\n".join(f"{inner}{_dump(key)}: {value}" for key, value in fields)
    return "{\n" + body + "\n" + indent + "}"


def _lines(items: Sequence[str], indent: str) -> str:
    if not items:
        return "[]"
    inner = indent + "  "
    return "[\n" + ",\n".join(inner + item for item in items) + "\n" + indent + "]"


def _result_fields(end: RoundEnd, players: Sequence[str]) -> list[tuple[str, str]]:
    fields = [
        ("end", _dump(end.reason.value)),
        ("out", _dump(None if end.out is None else players[end.out])),
        ("in_one_turn", _dump(end.in_one_turn)),
        ("closing", _dump(end.closing.value)),
        ("hands", _dump({p: [str(c) for c in h] for p, h in zip(players, end.hands, strict=True)})),
        ("counts", _dump(dict(zip(players, end.counts, strict=True)))),
    ]
    if end.points is not None:
        # Gin rummy's points, written only where the rules score them.
        fields.append(("points", _dump(dict(zip(players, end.points, strict=True)))))
    settled = end.chips
    if settled is None:
        return fields

    def by_player(values: Sequence[int]) -> str:
        return _dump(dict(zip(players, values, strict=True)))

    pots = [{"amount": p.amount, "seats": [players[s] for s in p.seats]} for p in settled.pots]
    chips = [
        ("put_in", by_player(settled.put_in)),
        ("pots", _dump(pots)),
        ("carried_in", _dump(settled.carried_in)),
        ("won", by_player(settled.won)),
        ("paid", by_player(settled.paid)),
        ("multiplier", _dump(settled.multiplier)),
        ("on_table", _dump(settled.carried_out)),
        ("after", by_player(settled.chips)),
    ]
    return [*fields, ("chips", _block(chips, "    "))]


def from_json(text: str) -> Record:
    """Read a record from JSON text. Every defect raises :class:`RecordError` naming where it is
    (``deal.seed``, ``actions[3]``, …).

    >>> from_json('{"format": "ramino-record", "version": 2}')
    Traceback (most recent call last):
    ...
    ramino.engine.errors.RecordError: Registrazione della partita non valida (version): la versione 2 non è letta da questo programma (legge la 1).
    """  # noqa: E501
    try:
        data = load_json(text)
    except UnreadableText as error:
        raise RecordError(Reason.BAD_RECORD, where="JSON", detail=error.detail) from None
    if not isinstance(data, dict):
        raise _bad("JSON", Detail.JSON_OBJECT_NEEDED)
    if data.get("format") != FORMAT:
        raise _bad("format", Detail.NOT_A_RECORD, format=FORMAT)
    version = data.get("version")
    if version != VERSION or isinstance(version, bool):
        raise _bad("version", Detail.VERSION_NOT_READ, version=version, known=VERSION)
    _no_unknown_keys(data, _TOP_KEYS, "")
    rules = _rules(_field(data, "rules", ""))
    players = _players(_field(data, "players", ""))
    dealer = _int(data.get("dealer", 0), "dealer")
    chips = None
    if "chips" in data:
        chips_data = _by_player(data["chips"], players, "chips")
        chips = tuple(_chips(chips_data[p], f"chips.{p}") for p in players)
    on_table = _chips(data.get("on_table", 0), "on_table")
    contract = None
    if "contract" in data:
        contract = _choice(Contract, data["contract"], "contract")
    raw_deal = _field(data, "deal", "")
    seed, generator, order = _deal(raw_deal)
    restocks = _restocks(raw_deal.get("restocks", []))
    actions = _actions(_field(data, "actions", ""))
    raw_result = data.get("result")
    result = None if raw_result is None else _result(raw_result, players, rules)
    return Record(
        rules=rules,
        players=players,
        dealer=dealer,
        seed=seed,
        generator=generator,
        deck_order=order,
        actions=actions,
        result=result,
        restocks=restocks,
        chips=chips,
        on_table=on_table,
        contract=contract,
    )


def _restocks(value: Any) -> tuple[tuple[int, ...], ...]:
    if not isinstance(value, list) or not all(isinstance(v, list) for v in value):
        raise _bad("deal.restocks", Detail.RESTOCKS_NEEDED)
    return tuple(
        tuple(_int(n, f"deal.restocks[{i}][{j}]") for j, n in enumerate(order))
        for i, order in enumerate(value)
    )


def _place(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def _field(data: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in data:
        raise _bad(_place(where, key), Detail.MISSING)
    return data[key]


def _no_unknown_keys(data: Mapping[str, Any], known: Sequence[str], where: str) -> None:
    for key in data:
        if key not in known:
            listed = ", ".join(known)
            raise _bad(_place(where, str(key)), Detail.UNKNOWN_KEY, listed=listed)


def _int(value: Any, where: str) -> int:
    # bool is an int in Python, but "dealer": true is surely a mistake.
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(where, Detail.INTEGER_NEEDED, value=value)
    return value


def _chips(value: Any, where: str) -> int:
    count = _int(value, where)
    if not 0 <= count <= _MOST_CHIPS:
        raise _bad(where, Detail.CHIPS_RANGE, count=count)
    return count


def _rules(value: Any) -> Rules:
    if not isinstance(value, dict):
        raise _bad("rules", Detail.RULES_OBJECT_NEEDED)
    # knobs() writes "no number" as null; the rules reader spells it "none".
    table = {key: ("none" if v is None else v) for key, v in value.items()}
    try:
        return rules_from_mapping(table)
    except RulesError as error:
        raise RecordError(Reason.BAD_RECORD, where="rules", detail=error) from None


def _players(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(p, str) for p in value):
        raise _bad("players", Detail.NAMES_BY_SEAT)
    # Checked before the result, which names the players.
    _check_names(value)
    return tuple(value)


def _deal(value: Any) -> tuple[bytes | None, str, tuple[int, ...] | None]:
    if not isinstance(value, dict):
        raise _bad("deal", Detail.DEAL_OBJECT_NEEDED)
    _no_unknown_keys(value, _DEAL_KEYS, "deal")
    seed: bytes | None = None
    if "seed" in value:
        text = value["seed"]
        try:
            if not isinstance(text, str):
                raise ValueError
            seed = bytes.fromhex(text)
        except ValueError:
            raise _bad("deal.seed", Detail.SEED_IN_HEX) from None
        if "generator" not in value:
            raise _bad("deal.generator", Detail.MISSING_BESIDE_SEED)
    generator = value.get("generator", PORTABLE)
    if not isinstance(generator, str):
        raise _bad("deal.generator", Detail.NAME_NEEDED)
    order: tuple[int, ...] | None = None
    if "deck_order" in value:
        raw = value["deck_order"]
        if not isinstance(raw, list):
            raise _bad("deal.deck_order", Detail.CARD_NUMBERS_NEEDED)
        order = tuple(_int(n, f"deal.deck_order[{i}]") for i, n in enumerate(raw))
    return seed, generator, order


def _actions(value: Any) -> tuple[Action, ...]:
    if not isinstance(value, list):
        raise _bad("actions", Detail.ACTIONS_NEEDED)
    actions: list[Action] = []
    for i, text in enumerate(value):
        where = f"actions[{i}]"
        if not isinstance(text, str):
            raise _bad(where, Detail.ACTION_TEXT_NEEDED, text=text)
        try:
            actions.append(parse_action(text))
        except RaminoError as error:
            raise RecordError(
                Reason.BAD_RECORD,
                where=where,
                detail=Phrase(Detail.IN_ACTION, number=i + 1, error=error),
            ) from None
    return tuple(actions)


def _result(value: Any, players: tuple[str, ...], rules: Rules) -> RoundEnd:
    if not isinstance(value, dict):
        raise _bad("result", Detail.OBJECT_OR_NULL)
    _no_unknown_keys(value, _RESULT_KEYS, "result")
    reason = _choice(EndReason, _field(value, "end", "result"), "result.end")
    out_name = _field(value, "out", "result")
    out: int | None = None
    if out_name is not None:
        if out_name not in players:
            raise _bad("result.out", Detail.NOT_A_PLAYER, name=out_name)
        out = players.index(out_name)
    if (out is None) != (reason not in (EndReason.WENT_OUT, EndReason.ALL_FOLDED)):
        raise _bad("result.out", Detail.WINNER_ONLY_WHEN_OUT)
    in_one_turn = _field(value, "in_one_turn", "result")
    if not isinstance(in_one_turn, bool):
        raise _bad("result.in_one_turn", Detail.TRUE_OR_FALSE)
    closing = _choice(Closing, _field(value, "closing", "result"), "result.closing")
    hands_data = _by_player(_field(value, "hands", "result"), players, "result.hands")
    hands = tuple(_hand(hands_data[p], f"result.hands.{p}") for p in players)
    counts_data = _by_player(_field(value, "counts", "result"), players, "result.counts")
    counts = tuple(_int(counts_data[p], f"result.counts.{p}") for p in players)
    raw_chips = value.get("chips")
    chips = None if raw_chips is None else _settlement(raw_chips, players)
    points = None
    if value.get("points") is not None:
        points_data = _by_player(value["points"], players, "result.points")
        points = tuple(_int(points_data[p], f"result.points.{p}") for p in players)
    return RoundEnd(reason, out, in_one_turn, closing, hands, counts, chips, points)


def _settlement(value: Any, players: tuple[str, ...]) -> Settlement:
    where = "result.chips"
    if not isinstance(value, dict):
        raise _bad(where, Detail.OBJECT_OR_NULL)
    _no_unknown_keys(value, _SETTLEMENT_KEYS, where)

    def by_player(key: str) -> tuple[int, ...]:
        found = _by_player(_field(value, key, where), players, f"{where}.{key}")
        return tuple(_int(found[p], f"{where}.{key}.{p}") for p in players)

    raw_pots = _field(value, "pots", where)
    pots: list[Pot] = []
    if not isinstance(raw_pots, list):
        raise _bad(f"{where}.pots", Detail.POTS_NEEDED)
    for k, pot in enumerate(raw_pots):
        at = f"{where}.pots[{k}]"
        if not isinstance(pot, dict):
            raise _bad(at, Detail.OBJECT_NEEDED)
        _no_unknown_keys(pot, ("amount", "seats"), at)
        seats = _field(pot, "seats", at)
        if not isinstance(seats, list) or not all(p in players for p in seats):
            raise _bad(f"{at}.seats", Detail.PLAYERS_NEEDED)
        amount = _int(_field(pot, "amount", at), f"{at}.amount")
        pots.append(Pot(amount, tuple(players.index(p) for p in seats)))
    put_in = by_player("put_in")
    after = by_player("after")
    won, paid = by_player("won"), by_player("paid")
    # What each seat held as the hand began: what it holds after, less what the hand gave.
    before = tuple(a - w - p + i for a, w, p, i in zip(after, won, paid, put_in, strict=True))
    return Settlement(
        before=before,
        put_in=put_in,
        pots=tuple(pots),
        carried_in=_int(_field(value, "carried_in", where), f"{where}.carried_in"),
        won=won,
        paid=paid,
        multiplier=_int(_field(value, "multiplier", where), f"{where}.multiplier"),
        carried_out=_int(_field(value, "on_table", where), f"{where}.on_table"),
        chips=after,
    )


def _choice(kind: type[_E], value: Any, where: str) -> _E:
    try:
        return kind(value)
    except ValueError:
        listed = ", ".join(member.value for member in kind)
        raise _bad(where, Detail.ACCEPTED_VALUES, listed=listed) from None


def _by_player(value: Any, players: tuple[str, ...], where: str) -> Mapping[str, Any]:
    if not isinstance(value, dict) or set(value) != set(players):
        raise _bad(where, Detail.VALUE_PER_PLAYER)
    return value


def _hand(value: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise _bad(where, Detail.CARDS_NEEDED)
    try:
        # Sorted as the round keeps them, so a hand written in any order compares equal.
        return tuple(sorted(Card.parse(c) for c in value))
    except RaminoError as error:
        raise RecordError(Reason.BAD_RECORD, where=where, detail=error) from None
