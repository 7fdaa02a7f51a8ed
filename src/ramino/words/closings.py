"""The ways of going out in players' words: one run is Casertano's *scala reale* but the
*scala colore* of pokerato, whose *scala reale* runs from 5 to K ([G])."""

from __future__ import annotations

from typing import NamedTuple

from ..engine.rules import Betting, Rules
from ..engine.scoring import Closing
from .catalogue import N_, gettext

__all__ = ["ClosingWords", "chips_closing_words", "closing_words"]


class ClosingWords(NamedTuple):
    """A way of going out in players' words: its name, and "with" it, in both languages."""

    it: str
    en: str
    with_it: str
    with_en: str


# closing -> (its name, "with" it), in Italian; a straight has pokerato's words apart.
_WORDS: dict[Closing, tuple[str, str]] = {
    Closing.SIMPLE: (N_("semplice"), ""),
    Closing.FLUSH: (N_("colore"), N_("con il colore")),
    Closing.STRAIGHT: (N_("scala reale"), N_("con la scala reale")),
    Closing.ROYAL: (N_("scala reale dal 5 al re"), N_("con la scala reale dal 5 al re")),
    Closing.SEVEN_OF_A_KIND: (N_("sette uguali"), N_("con sette carte uguali")),
}
_POKERATO_STRAIGHT = (N_("scala colore"), N_("con la scala colore"))


def _english(words: str) -> str:
    # gettext("") is the catalogue's header: a close that is said with no words stays so.
    return gettext(words, "en") if words else ""


def closing_words(closing: Closing, rules: Rules) -> ClosingWords:
    """The players' words for ``closing`` under ``rules``.

    >>> from ramino.engine.presets import get_preset
    >>> closing_words(Closing.STRAIGHT, get_preset("casertano")).with_it
    'con la scala reale'
    >>> closing_words(Closing.STRAIGHT, get_preset("pokerato-immaginario")).it
    'scala colore'
    >>> closing_words(Closing.FLUSH, get_preset("casertano")).with_en
    'with a flush'
    """
    pokerato = rules.betting is not Betting.NONE
    name, with_it = (
        _POKERATO_STRAIGHT if closing is Closing.STRAIGHT and pokerato else _WORDS[closing]
    )
    return ClosingWords(name, _english(name), with_it, _english(with_it))


def chips_closing_words(closing: Closing) -> ClosingWords:
    """The words for ``closing`` at a table played for chips (pokerato), the only one whose
    closes multiply the stake.

    >>> chips_closing_words(Closing.STRAIGHT).with_it
    'con la scala colore'
    """
    name, with_it = _POKERATO_STRAIGHT if closing is Closing.STRAIGHT else _WORDS[closing]
    return ClosingWords(name, _english(name), with_it, _english(with_it))
