"""Every word ramino says, Italian first and English too: the sentence of each refusal, read by
its reason code, the phrases the engine has worded by code, the rules of a table and every knob
in players' words.

The words live in a gettext catalogue (:mod:`.catalogue`): the Italian is written in these
modules, the other languages in ``locale/LANG/LC_MESSAGES/ramino.po``, compiled when the
package is built. The engine holds no words and does not import this package: importing it
(``import ramino`` does) installs :func:`.render.word` as the engine's wording, so that
``str(error)`` and ``error.message("en")`` speak.
"""

from __future__ import annotations

import enum
from typing import Any

from ..engine.errors import Card, Phrase, RaminoError, set_words

__all__ = ["say"]


def _first_word(
    code: enum.StrEnum, cards: tuple[Card, ...], params: dict[str, Any], lang: str
) -> str:
    # The tables and the catalogue are read when the first sentence is asked for, not by every
    # program that imports ramino.
    from .render import word

    set_words(word)
    return word(code, cards, params, lang)


set_words(_first_word)


def say(value: Phrase | RaminoError | tuple[str, str], lang: str) -> str:
    """A phrase, an error or a pair of words (Italian, English) in ``lang``.

    >>> from ramino.engine.errors import Detail
    >>> say(Phrase(Detail.NOBODY_IN), "en")
    'nobody is in.'
    """
    if isinstance(value, Phrase | RaminoError):
        return value.message(lang)
    from .catalogue import language

    return value[1] if language(lang) == "en" else value[0]
