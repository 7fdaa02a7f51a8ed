"""The terminal game's words (``ramino.tui``, and ``ramino.client.link`` for the online
client): the Italian is written where it is used, through the four helpers here, and the other
languages are in the catalogue like every other word.

``make words`` extracts those modules too, with these helpers as keywords: ``said`` and
``nsaid`` give the words in one language, ``both`` and ``nboth`` the pair (Italian, English)
a line of the log keeps so that it can be read in either language. A message is a template:
its values fill named fields (``"prende {card} dal pozzo"``), and a value that is itself a
pair is worded in the language of the message. The app's ``t`` (a method, the same keyword
as :mod:`.describe`'s) and module constants marked with :func:`.catalogue.N_` are the rest.
"""

from __future__ import annotations

from typing import Any

from ..engine.errors import Localized
from .catalogue import LANGUAGES, gettext, language, ngettext

__all__ = ["both", "nboth", "nsaid", "said"]


def _in(value: Any, lang: str) -> Any:
    """``value`` as a message in ``lang`` names it: a pair of words by its half in ``lang``."""
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, str) for v in value):
        return value[LANGUAGES.index(lang)]
    return value


def said(lang: str, message: str, **values: Any) -> str:
    """``message`` (its Italian words) in ``lang``, its fields filled from ``values``.

    >>> said("en", "prende {card} dal pozzo", card="7♥")
    'takes 7♥ from the discard pile'
    >>> said("it", "Il piatto ({chips}) resta sul tavolo per la prossima mano.",
    ...      chips=("due fiches", "two chips"))
    'Il piatto (due fiches) resta sul tavolo per la prossima mano.'
    """
    lang = language(lang)
    return gettext(message, lang).format(**{k: _in(v, lang) for k, v in values.items()})


def nsaid(lang: str, one: str, many: str, count: int, **values: Any) -> str:
    """The words for ``count`` things in ``lang``: ``one`` or ``many`` (Italian) by the
    language's rule, ``{count}`` and the other fields filled.

    >>> nsaid("en", "un punto", "{count} punti", 1), nsaid("en", "un punto", "{count} punti", 3)
    ('one point', '3 points')
    """
    lang = language(lang)
    words = ngettext(one, many, count, lang)
    return words.format(count=count, **{k: _in(v, lang) for k, v in values.items()})


def both(message: str, **values: Any) -> Localized:
    """``message`` in Italian and in English, as a line of the log keeps it.

    >>> both("scarta {card}", card="K♠")
    ('scarta K♠', 'discards K♠')
    """
    return said("it", message, **values), said("en", message, **values)


def nboth(one: str, many: str, count: int, **values: Any) -> Localized:
    """The words for ``count`` things in Italian and in English (:func:`nsaid`)."""
    return nsaid("it", one, many, count, **values), nsaid("en", one, many, count, **values)
