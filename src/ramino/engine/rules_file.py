"""House rules as text: a flat TOML table of knobs over a preset, read and written.

Pure: the caller reads the file (see :mod:`ramino.house_rules`) and passes the text or the
parsed table; every mistake becomes a :class:`RulesError` naming the key and what it accepts.
"""

from __future__ import annotations

import dataclasses
import datetime
import difflib
import enum
import json
import math
import re
import tomllib
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from pathlib import PurePath
from typing import Any, NamedTuple

from .errors import Detail, Phrase, Reason, RulesError
from .presets import GIN_PRESETS, PRESETS, get_preset
from .rules import Contract, DeckSize, HandSize, Rules, knob_names
from .text import SHOWN_CHARS, shown, writable

__all__ = ["rules_from_mapping", "rules_from_toml", "rules_to_toml"]

DEFAULT_PRESET = "classico"

# Keys of a house-rules table that are not knobs.
_META_KEYS = ("preset", "name")

# A converter turns a TOML value into the knob's Python value or raises BAD_RULE_VALUE.
_Converter = Callable[[str, Any], Any]


class _Knob(NamedTuple):
    convert: _Converter
    write: Callable[[Any], str]


def _bad(key: str, value: Any, expected: Phrase) -> RulesError:
    return RulesError(Reason.BAD_RULE_VALUE, key=key, value=value, expected=expected)


def _accepted(values: Sequence[str]) -> Phrase:
    return Phrase(Detail.VALUES_ACCEPTED, listed=", ".join(values))


def _word(text: str) -> str:
    """Normalise a spelling: ``To-First-Player`` and ``to_first_player`` are the same."""
    return text.strip().lower().replace("-", "_").replace(" ", "_")


def _loose(text: str) -> str:
    """An enum spelling without separators, so ``counter-clockwise`` finds ``counterclockwise``."""
    return _word(text).replace("_", "")


# --- readers, one per kind of knob ---

_EXPECT_INT = Phrase(Detail.INTEGER_EXPECTED)


def _read_int(key: str, value: Any) -> int:
    # bool is an int subclass in Python, but `decks = true` is surely a mistake.
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(key, value, _EXPECT_INT)
    return value


def _read_bool(key: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise _bad(key, value, _accepted(("true", "false")))
    return value


# Words that mean "no number" for an `int | None` knob; the first is the one we write.
_NONE_WORDS: dict[str, tuple[str, ...]] = {
    "opening_joker_value": ("card", "none", "unlimited"),
    "match_rounds": ("none", "unlimited"),
    "raise_unit": ("blind", "none"),
}
_DEFAULT_NONE_WORDS = ("unlimited", "none")


def _none_words(key: str) -> tuple[str, ...]:
    return _NONE_WORDS.get(key, _DEFAULT_NONE_WORDS)


def _read_optional_int(key: str, value: Any) -> int | None:
    words = _none_words(key)
    # JSON's null (a page, the API) says "no number" as well as the words do (TOML has none).
    if value is None or (isinstance(value, str) and _word(value) in words):
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(key, value, Phrase(Detail.INTEGER_OR_WORDS, listed=", ".join(words)))
    return value


def _enum_reader(cls: type[enum.Enum]) -> _Converter:
    by_word = {_loose(str(member.value)): member for member in cls}
    expected = _accepted([str(member.value) for member in cls])

    def read(key: str, value: Any) -> enum.Enum:
        member = by_word.get(_loose(value)) if isinstance(value, str) else None
        if member is None:
            raise _bad(key, value, expected)
        return member

    return read


def _entries_reader(cls: type[DeckSize] | type[HandSize]) -> _Converter:
    fields: tuple[str, ...] = cls._fields
    table = ", ".join(f"{name} = {n}" for name, n in zip(fields, _EXAMPLES[cls], strict=True))
    row = ", ".join(str(n) for n in _EXAMPLES[cls])
    expected = Phrase(Detail.ENTRIES_EXPECTED, table=table, row=row)

    def read(key: str, value: Any) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise _bad(key, value, expected)
        out = []
        for entry in value:
            if isinstance(entry, dict) and set(entry) == set(fields):
                numbers = [entry[name] for name in fields]
            elif isinstance(entry, list) and len(entry) == len(fields):
                numbers = entry
            else:
                raise _bad(key, entry, expected)
            if any(isinstance(n, bool) or not isinstance(n, int) for n in numbers):
                raise _bad(key, entry, expected)
            out.append(cls(*numbers))
        return tuple(out)

    return read


_EXAMPLES: dict[type, tuple[int, ...]] = {DeckSize: (5, 3, 4), HandSize: (3, 7)}


def _contracts_reader() -> _Converter:
    one = _enum_reader(Contract)
    names = [c.value for c in Contract]
    expected = Phrase(Detail.CONTRACTS_EXPECTED, listed=", ".join(names))

    def read(key: str, value: Any) -> tuple[Contract, ...]:
        if not isinstance(value, list):
            raise _bad(key, value, expected)
        out: list[Contract] = []
        for item in value:
            try:
                out.append(one(key, item))
            except RulesError:
                raise _bad(key, item, expected) from None
        return tuple(out)

    return read


# --- writers: a knob's value as a TOML literal ---


def _toml_string(text: str) -> str:
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _write_int(value: Any) -> str:
    return str(int(value))


def _write_bool(value: Any) -> str:
    return "true" if value else "false"


def _write_enum(value: Any) -> str:
    return _toml_string(str(value.value))


def _optional_int_writer(key: str) -> Callable[[Any], str]:
    def write(value: Any) -> str:
        return _toml_string(_none_words(key)[0]) if value is None else str(value)

    return write


def _write_entries(value: Any) -> str:
    tables = []
    for entry in value:
        inner = ", ".join(f"{name} = {n}" for name, n in entry._asdict().items())
        tables.append(f"{{ {inner} }}")
    return "[" + ", ".join(tables) + "]"


def _write_contracts(value: Any) -> str:
    return "[" + ", ".join(_toml_string(c.value) for c in value) + "]"


def _knob_for(key: str, hint: Any) -> _Knob | None:
    """How to read and write a knob, decided by its type annotation."""
    if hint is bool:
        return _Knob(_read_bool, _write_bool)
    if hint is int:
        return _Knob(_read_int, _write_int)
    if isinstance(hint, types.UnionType) and set(typing.get_args(hint)) == {int, type(None)}:
        return _Knob(_read_optional_int, _optional_int_writer(key))
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _Knob(_enum_reader(hint), _write_enum)
    if typing.get_origin(hint) is tuple:
        item = typing.get_args(hint)[0]
        if item is DeckSize or item is HandSize:
            return _Knob(_entries_reader(item), _write_entries)
        if item is Contract:
            return _Knob(_contracts_reader(), _write_contracts)
    return None


def _build_knobs() -> dict[str, _Knob]:
    hints = typing.get_type_hints(Rules)
    table: dict[str, _Knob] = {}
    for key in knob_names():
        knob = _knob_for(key, hints[key])
        if knob is not None:
            table[key] = knob
    return table


# Built once at import; a knob with a type nobody taught this module is missing here, and the
# tests check that every knob is present.
_KNOBS = _build_knobs()


# --- reading ---


def _is_pseudo(source: str) -> bool:
    """``<string>``-like sources name no file: do not show them to people."""
    return not source or (source.startswith("<") and source.endswith(">"))


def _unknown(key: str, source: str) -> RulesError:
    candidates = [*_META_KEYS, *_KNOBS]
    close = difflib.get_close_matches(_word(key), candidates, n=1, cutoff=0.6)
    where: Phrase | None = None
    if close and _is_pseudo(source):
        where = Phrase(Detail.PERHAPS, key=close[0])
    elif close:
        where = Phrase(Detail.IN_FILE_PERHAPS, source=source, key=close[0])
    elif not _is_pseudo(source):
        where = Phrase(Detail.IN_FILE, source=source)
    if where is None:
        return RulesError(Reason.UNKNOWN_RULE, key=key)
    return RulesError(Reason.UNKNOWN_RULE, key=key, where=where)


def rules_from_mapping(data: Mapping[str, Any], *, source: str = "<rules>") -> Rules:
    """House rules from a table: an optional ``preset``, an optional ``name``, then knobs.

    ``preset`` defaults to ``classico``; ``name`` defaults to the file's stem, or to the
    preset's name when ``source`` is not a file (``<rules>``). Values are converted by the
    knob's type; a wrong key or value raises :class:`RulesError` naming it, the value written
    as JSON writes it (the table came from JSON: a page, the API, a record).

    >>> rules = rules_from_mapping({"preset": "scala-40", "target": 201})
    >>> rules.name, rules.hand_size, rules.target
    ('scala-40', 13, 201)
    >>> rules_from_mapping({"direction": "left"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ramino.engine.errors.RulesError: Valore non valido per 'direction': "left". Valori ammessi: ...
    """
    return _from_table(data, source=source, toml=False)


def _from_table(data: Mapping[str, Any], *, source: str, toml: bool) -> Rules:
    try:
        return _read_table(data, source)
    except RulesError as error:
        raise _placed(error, source, toml) from None


def _placed(error: RulesError, source: str, toml: bool) -> RulesError:
    """``error`` as the user can find it: in his file (named, unless there is none) and with
    the value as he wrote it, in TOML or JSON rather than as Python shows it."""
    params = dict(error.params)
    if error.reason is Reason.BAD_RULE_VALUE:
        params["value"] = _written(params.get("value"), toml)
    if not _is_pseudo(source) and "where" not in params:
        # Name the file, so a player with several house-rules files knows which one to fix.
        params["where"] = Phrase(Detail.IN_FILE, source=source)
    return RulesError(error.reason, cards=error.cards, **params)


def _read_table(data: Mapping[str, Any], source: str) -> Rules:
    for key in data:
        if key not in _KNOBS and key not in _META_KEYS:
            raise _unknown(str(key), source)

    preset = data.get("preset", DEFAULT_PRESET)
    if not isinstance(preset, str):
        raise _bad("preset", preset, _accepted([*PRESETS, *GIN_PRESETS]))
    base = get_preset(preset)

    if "name" in data:
        name = data["name"]
        if not isinstance(name, str):
            raise _bad("name", name, Phrase(Detail.STRING_EXPECTED))
        if not writable(name):
            raise _bad("name", name, Phrase(Detail.TEXT_NOT_WRITABLE))
        if not name.strip():
            # Every screen and sheet heads the rules with their name.
            raise _bad("name", name, Phrase(Detail.NAME_EXPECTED))
    else:
        name = base.name if _is_pseudo(source) else PurePath(source).stem

    changes = {key: _KNOBS[key].convert(key, value) for key, value in data.items() if key in _KNOBS}
    # Contradictory combinations are refused here by Rules.__post_init__.
    return dataclasses.replace(base, name=name, **changes)


# A value named in a refusal: this many entries of a list or a table, this deep.
_SHOWN_ENTRIES, _SHOWN_DEPTH = 8, 3
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def _written(value: Any, toml: bool, depth: int = 0) -> str:
    """``value`` as the user wrote it, in TOML (``toml``) or JSON, cut to a short line.

    >>> _written(True, True), _written({"x": 1}, True), _written({"x": [1, "a"]}, False)
    ('true', '{x = 1}', '{"x": [1, "a"]}')
    """
    if depth > _SHOWN_DEPTH:
        return "..."
    text: str
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif value is None:
        text = "null"
    elif isinstance(value, int):
        text = shown(value)
    elif isinstance(value, float):
        text = repr(value) if math.isfinite(value) else str(value)  # TOML's inf, nan
    elif isinstance(value, str):
        text = _quoted(value[: SHOWN_CHARS + 1])
    elif isinstance(value, list | tuple):
        items = [_written(item, toml, depth + 1) for item in value[:_SHOWN_ENTRIES]]
        text = "[" + ", ".join(items + ["..."] * (len(value) > _SHOWN_ENTRIES)) + "]"
    elif isinstance(value, dict):
        pairs = [
            f"{_toml_key(str(key))} = {_written(item, toml, depth + 1)}"
            if toml
            else f"{_quoted(str(key))}: {_written(item, toml, depth + 1)}"
            for key, item in list(value.items())[:_SHOWN_ENTRIES]
        ]
        text = "{" + ", ".join(pairs + ["..."] * (len(value) > _SHOWN_ENTRIES)) + "}"
    elif isinstance(value, datetime.date | datetime.time):
        text = value.isoformat()  # TOML's dates and times
    else:
        text = shown(value)
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 2] + "…" + text[-1]


def _quoted(text: str) -> str:
    # JSON's string escapes are TOML's too; a lone surrogate stays an escape.
    quoted = json.dumps(text, ensure_ascii=False)
    return quoted.encode("utf-8", "backslashreplace").decode("utf-8")


def _toml_key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _quoted(key)


_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")
_AT_END = re.compile(r"\s*\(at end of document\)\s*$")


def _syntax_detail(error: tomllib.TOMLDecodeError) -> Phrase:
    # tomllib (before 3.14) gives the position only inside its English message, and its
    # English words stay out of ours: the position says where to look.
    message = str(error)
    found = _POSITION.search(message)
    if found:
        line, column = found.groups()
        return Phrase(Detail.TOML_SYNTAX_AT, line=int(line), column=int(column))
    if _AT_END.search(message):
        return Phrase(Detail.TOML_SYNTAX_AT_END)
    return Phrase(Detail.TOML_SYNTAX)


def rules_from_toml(text: str, *, source: str = "<string>") -> Rules:
    """House rules from the text of a TOML file (top-level keys only).

    >>> rules = rules_from_toml('name = "Casa Rossi"\\nopening_threshold = 40')
    >>> rules.name, rules.opening_threshold
    ('Casa Rossi', 40)
    >>> rules_from_toml("opening_treshold = 40", source="casa.toml")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ramino.engine.errors.RulesError: Regola sconosciuta 'opening_treshold' in casa.toml — forse ...
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RulesError(Reason.BAD_RULES_FILE, path=source, detail=_syntax_detail(error)) from None
    except ValueError:
        # tomllib's own int() refuses a number of more than 4300 digits with a bare ValueError.
        raise RulesError(
            Reason.BAD_RULES_FILE, path=source, detail=Phrase(Detail.TOO_MANY_DIGITS)
        ) from None
    except RecursionError:
        # Arrays or tables nested thousands deep: tomllib reads them by recursion.
        raise RulesError(
            Reason.BAD_RULES_FILE, path=source, detail=Phrase(Detail.TOML_TOO_DEEP)
        ) from None
    return _from_table(data, source=source, toml=True)


# --- writing ---


def _preset_key(base: str) -> str:
    """The registry's own spelling of ``base`` (``Scala_40`` → ``scala-40``)."""
    rules = get_preset(base)
    return next(key for key, preset in PRESETS.items() if preset.rules is rules)


def rules_to_toml(rules: Rules, *, base: str | None = None) -> str:
    """A house-rules file for ``rules``: the preset ``base`` (default classico), the name, and
    every knob that differs from that preset. :func:`rules_from_toml` reads it back equal.

    >>> from dataclasses import replace
    >>> print(rules_to_toml(replace(get_preset("classico"), name="Casa Rossi", target=201)))
    # Regole di Ramino: Casa Rossi (classico con 1 modifica)
    # Ramino rules: Casa Rossi (classico with 1 change)
    preset = "classico"
    name = "Casa Rossi"
    target = 201
    <BLANKLINE>
    """
    key = _preset_key(base or DEFAULT_PRESET)
    reference = PRESETS[key].rules
    lines = []
    for knob, spec in _KNOBS.items():
        value = getattr(rules, knob)
        if value != getattr(reference, knob):
            lines.append(f"{knob} = {spec.write(value)}")
    # A comment holds no line break or control character; the name itself is written escaped.
    label = " ".join("".join(ch if ch.isprintable() else " " for ch in rules.name).split())
    # The file is read by people of either language: its first lines say it in both.
    title = Phrase(Detail.TOML_HEADER, label=label, preset=key, count=len(lines))
    header = [
        f"# {title.message('it')}",
        f"# {title.message('en')}",
        f"preset = {_toml_string(key)}",
        f"name = {_toml_string(rules.name)}",
    ]
    return "\n".join([*header, *lines]) + "\n"
