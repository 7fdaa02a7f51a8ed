"""Words for a code and its values: the sentence of a refusal (:data:`.refusals.REFUSALS`) or
of a phrase that says more (:data:`.details.DETAILS`), in the language asked for.

A value is worded as a sentence names it: cards by their symbols, a phrase or an error that
explains this one in the same language, text cut to a line, huge numbers shortened.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any

from ..engine.cards import Card
from ..engine.errors import Phrase, RaminoError, ReasonCode
from ..engine.text import SHOWN_DIGITS, cut, shown, to_name
from .catalogue import N_, NP_, InContext, Plural, gettext, language
from .details import DETAILS
from .refusals import REFUSALS

__all__ = ["DERIVED_FIELDS", "OPTIONAL_FIELDS", "template", "word"]


class _Verbatim(str):
    """Text that ``{x}`` and ``{x!r}`` both print as it is: a value already worded."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str.__str__(self)


def _show(value: Any, lang: str) -> Any:
    if isinstance(value, RaminoError | Phrase):
        # Another error, or a phrase, that explains this one: worded only when read.
        return _Verbatim(value.message(lang))
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, str) for v in value):
        # A pair (Italian, English): words a layer above the engine still gives so.
        return _Verbatim(value[0] if lang == "it" else value[1])
    if hasattr(value, "unicode"):
        return value.unicode()
    if isinstance(value, tuple | list) and value and all(hasattr(v, "unicode") for v in value):
        return " ".join(v.unicode() for v in value)
    if isinstance(value, str):
        # Cut, but still a string: {token!r} quotes it as before.
        return cut(value)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**SHOWN_DIGITS:
        return value
    if value is None or isinstance(value, bool | float):
        return value
    return _Verbatim(shown(value))


#: Fields a sentence may name that are worked out from the error's values (with the plurals
#: of the language), and the values each one needs.
DERIVED_FIELDS: dict[str, tuple[str, ...]] = {
    "gap": ("missing", "jokers"),
    "to_player": ("player",),
}

#: Fields a sentence may name but an error need not carry: read as empty when missing.
OPTIONAL_FIELDS: frozenset[str] = frozenset({"where", "why"})

_LACKS = NP_("manca una carta", "mancano {missing} carte", "missing")
_UNCOVERED = NP_(
    "{lacks} e non c'è un jolly a coprirla", "{lacks} e non ci sono jolly a coprirle", "missing"
)
_COVERED = NP_("{lacks} e il jolly ne copre una", "{lacks} e i jolly ne coprono {jokers}", "jokers")


def _run_gap(missing: int, jokers: int, lang: str) -> str:
    """The cards a run lacks and the jollies that cover some, with their plurals.

    >>> _run_gap(1, 0, "it"), _run_gap(3, 1, "it"), _run_gap(2, 1, "en")
    ("manca una carta e non c'è un jolly a coprirla", 'mancano 3 carte e il jolly ne copre una', 'lacks 2 cards and the joker covers one')
    """  # noqa: E501
    values = {"missing": missing, "jokers": jokers}
    lacks = _LACKS.template(lang, values).format(**values)
    said = (_COVERED if jokers else _UNCOVERED).template(lang, values)
    return said.format(lacks=lacks, **values)


def template(code: enum.StrEnum | str, lang: str, values: dict[str, Any]) -> str | None:
    """The words of ``code`` in ``lang``, fields still to fill, in the form that agrees with
    ``values`` (None for a code without words). A code given as a string (as a page asks for
    it) is a reason's, or else a phrase's."""
    if isinstance(code, str) and not isinstance(code, enum.Enum):
        found = REFUSALS.get(code, DETAILS.get(code))
    else:
        table = REFUSALS if isinstance(code, ReasonCode) else DETAILS
        found = table.get(code.value)
    if found is None:
        return None
    if isinstance(found, Plural | InContext):
        return found.template(lang, values)
    return gettext(found, lang)


def word(code: enum.StrEnum, cards: Sequence[Any], params: dict[str, Any], lang: str) -> str:
    """The sentence for ``code`` in ``lang`` (``it`` or ``en``; anything else means ``it``),
    its fields filled from ``cards`` and ``params``."""
    lang = language(lang)
    words = template(code, lang, params)
    if words is None:
        # A code the catalogue lacks (the tests keep this from happening): its values at least.
        words = gettext(N_("{code} ({values})"), lang)
        params = {"code": code.value, "values": ", ".join(f"{k}={v!r}" for k, v in params.items())}
    fields = {key: _show(value, lang) for key, value in params.items()}
    missing, jokers = params.get("missing"), params.get("jokers")
    if isinstance(missing, int) and isinstance(jokers, int):
        fields["gap"] = _run_gap(missing, jokers, lang)  # see DERIVED_FIELDS
    if "player" in fields:
        fields["to_player"] = to_name(str(fields["player"]))  # "tocca ad Anna"
    # A program may have named anything as a card: said as it is, never a failure.
    fields.setdefault(
        "cards", " ".join(c.unicode() if isinstance(c, Card) else str(c) for c in cards)
    )
    return words.format_map(_Optional(fields))


class _Optional(dict[str, Any]):
    """Fields a sentence may name but an error need not carry (OPTIONAL_FIELDS) read as empty."""

    def __missing__(self, key: str) -> str:
        return ""
