"""Words written inline, where they are used: the Italian is the message, written in the code
of the terminal game (``ramino.tui``, ``ramino.client.link``), the command line (``ramino.cli``),
the hint (``ramino.ai.hint``) and the server (``ramino.server``), and the other languages are in
the catalogue like every other word.

``make words`` extracts those modules too, with these helpers as keywords: ``said`` and
``nsaid`` give the words in one language, ``both`` and ``nboth`` the pair (Italian, English)
a line of the log or of the server's wire keeps so that it can be read in either language, and
:class:`Saying` a message written down where it is defined (a help, a table of texts) to be
worded where it is read. A message is a template: its values fill named fields (``"prende {card}
dal pozzo"``), and a value that is itself a pair, or a :class:`Saying`, is worded in the language
of the message. The app's ``t`` (a method, the same keyword as :mod:`.describe`'s) and module
constants marked with :func:`.catalogue.N_` are the rest.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..engine.errors import Localized
from .catalogue import LANGUAGES, gettext, language, ngettext

__all__ = ["Saying", "both", "nboth", "nsaid", "said"]


def _in(value: Any, lang: str) -> Any:
    """``value`` as a message in ``lang`` names it: a pair of words by its half in ``lang``, a
    :class:`Saying` worded in ``lang``."""
    if isinstance(value, Saying):
        return value(lang)
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, str) for v in value):
        return value[LANGUAGES.index(lang)]
    return value


def said(lang: str, message: str, /, **values: Any) -> str:
    """``message`` (its Italian words) in ``lang``, its fields filled from ``values``.

    >>> said("en", "prende {card} dal pozzo", card="7♥")
    'takes 7♥ from the discard pile'
    >>> said("it", "Il piatto ({chips}) resta sul tavolo per la prossima mano.",
    ...      chips=("due fiches", "two chips"))
    'Il piatto (due fiches) resta sul tavolo per la prossima mano.'
    """
    lang = language(lang)
    return gettext(message, lang).format(**{k: _in(v, lang) for k, v in values.items()})


def nsaid(lang: str, one: str, many: str, count: int, /, **values: Any) -> str:
    """The words for ``count`` things in ``lang``: ``one`` or ``many`` (Italian) by the
    language's rule, ``{count}`` and the other fields filled.

    >>> nsaid("en", "un punto", "{count} punti", 1), nsaid("en", "un punto", "{count} punti", 3)
    ('one point', '3 points')
    """
    lang = language(lang)
    words = ngettext(one, many, count, lang)
    return words.format(count=count, **{k: _in(v, lang) for k, v in values.items()})


def both(message: str, /, **values: Any) -> Localized:
    """``message`` in Italian and in English, as a line of the log keeps it.

    >>> both("scarta {card}", card="K♠")
    ('scarta K♠', 'discards K♠')
    """
    return said("it", message, **values), said("en", message, **values)


def nboth(one: str, many: str, count: int, /, **values: Any) -> Localized:
    """The words for ``count`` things in Italian and in English (:func:`nsaid`)."""
    return nsaid("it", one, many, count, **values), nsaid("en", one, many, count, **values)


class Saying:
    """A message written down where it is defined (its Italian, and values for its fields), to
    be worded in a language where it is read: ``saying("en")``; ``saying[0]`` and ``saying[1]``
    read it as the pair (Italian, English). A value that is a function is called when the
    message is worded (words that cost an import only when asked for).

    >>> card = Saying("prende {card} dal pozzo", card="7♥")
    >>> card("en"), card[0]
    ('takes 7♥ from the discard pile', 'prende 7♥ dal pozzo')
    """

    __slots__ = ("message", "values")

    def __init__(self, message: str, /, **values: Any) -> None:
        self.message = message
        self.values = values

    def __repr__(self) -> str:
        return f"Saying({self.message!r})"

    def __call__(self, lang: str) -> str:
        values = {
            k: v() if callable(v) and not isinstance(v, Saying) else v
            for k, v in self.values.items()
        }
        return said(lang, self.message, **values)

    def __getitem__(self, index: int) -> str:
        return self(LANGUAGES[index])

    def __iter__(self) -> Iterator[str]:
        return (self(lang) for lang in LANGUAGES)
