"""What the browser reads of the catalogue: the words of every refusal and phrase by code, in
each language, fields in braces as Python writes them (``{player}``, ``{token!r}``), so that a
page words a refusal it makes itself exactly as the server would (``web/static/i18n.js``).

Words that agree with a number come as both forms and the field that chooses; Italian and
English both take the first form for 1 and the second for any other number.
"""

from __future__ import annotations

import functools

from .catalogue import LANGUAGES, InContext, Plural, gettext, ngettext
from .chat import PHRASES
from .details import DETAILS
from .refusals import REFUSALS

__all__ = ["browser_words"]

Words = str | dict[str, str]


def _words(entry: str | Plural | InContext, lang: str) -> Words:
    if isinstance(entry, InContext):
        return entry.template(lang, {})
    if isinstance(entry, Plural):
        return {
            "one": ngettext(entry.one, entry.many, 1, lang),
            "many": ngettext(entry.one, entry.many, 2, lang),
            "count": entry.count,
        }
    return gettext(entry, lang)


# Built once, then only read: the same answer for every page.
@functools.cache
def browser_words() -> dict[str, dict[str, dict[str, Words]]]:
    """Every refusal's and phrase's words by code, and the chat's ready phrases, in every
    language.

    >>> words = browser_words()
    >>> words["en"]["refusals"]["not_your_turn"]
    'It is not your turn: {player} is to play.'
    >>> words["it"]["details"]["reentry_limit"]["count"]
    'count'
    """
    return {
        lang: {
            "refusals": {code: _words(entry, lang) for code, entry in REFUSALS.items()},
            "details": {code: _words(entry, lang) for code, entry in DETAILS.items()},
            "phrases": {code: gettext(entry, lang) for code, entry in PHRASES.items()},
        }
        for lang in LANGUAGES
    }
