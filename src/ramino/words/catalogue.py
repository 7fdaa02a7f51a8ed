"""The message catalogue: Italian is the language the words are written in (the msgids), and
each other language is a gettext catalogue, ``locale/LANG/LC_MESSAGES/ramino.po``, compiled to
``ramino.mo`` when the package is built (setup.py) and read here with the standard library.

A catalogue is opened the first time a sentence in its language is asked for, never at import.
"""

from __future__ import annotations

import functools
import string
import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gettext import NullTranslations

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LOCALE",
    "NC_",
    "NP_",
    "N_",
    "InContext",
    "Plural",
    "StaleCatalogue",
    "fields_of",
    "gettext",
    "language",
    "ngettext",
    "pgettext",
    "translations",
]

#: The languages words are given in, the first the one they are written in.
LANGUAGES = ("it", "en")
#: The folder of the catalogues, and their gettext domain.
LOCALE = Path(__file__).resolve().parent / "locale"
DOMAIN = "ramino"


def language(lang: str | None) -> str:
    """``lang`` if words are given in it, else Italian: ``language("EN") == "en"``; a
    locale's or a browser's tag names its language (``en_US.UTF-8``, ``en-GB``).

    >>> language("en_US.UTF-8"), language("it-IT"), language("fr")
    ('en', 'it', 'it')
    """
    lang = (lang or "").strip().lower().replace("-", "_").split(".")[0].split("_")[0]
    return lang if lang in LANGUAGES else LANGUAGES[0]


class MissingCatalogue(RuntimeError):
    """A catalogue that was not compiled: ramino was used from its sources without a build."""


class StaleCatalogue(RuntimeWarning):
    """A compiled catalogue older than its source: its newer words would be missing (shown
    in Italian) until it is compiled again."""


# One translations object per language, made once and only read after: safe across threads
# (two threads asking first may both open the file; either result is the same).
@functools.cache
def translations(lang: str) -> NullTranslations:
    """The catalogue of ``lang`` (Italian: the words as written)."""
    # Imported here: a program that never words a refusal never pays for it.
    from gettext import GNUTranslations, NullTranslations

    if language(lang) == LANGUAGES[0]:
        return NullTranslations()
    path = LOCALE / language(lang) / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        with path.open("rb") as compiled:
            found = GNUTranslations(compiled)
    except FileNotFoundError:
        raise MissingCatalogue(
            f"{path} is missing: install ramino (pip install -e .) to compile its catalogues"
        ) from None
    source = path.with_suffix(".po")
    # A checkout whose .po changed since the last build: say so rather than serve old words.
    if source.exists() and source.stat().st_mtime > path.stat().st_mtime:
        warnings.warn(
            f"{path} is older than {source.name}: compile it again (make words, or"
            " pip install -e .)",
            StaleCatalogue,
            stacklevel=2,
        )
    return found


def gettext(message: str, lang: str) -> str:
    """``message`` (its Italian words) in ``lang``."""
    return translations(lang).gettext(message)


def ngettext(one: str, many: str, count: int, lang: str) -> str:
    """The words for ``count`` things in ``lang``: ``one`` or ``many``, by the language's rule."""
    return translations(lang).ngettext(one, many, count)


def pgettext(context: str, message: str, lang: str) -> str:
    """``message`` (its Italian words) in ``lang``, as translated under ``context``."""
    return translations(lang).pgettext(context, message)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue (``make words`` extracts it) where it is written
    down, to be translated where it is used."""
    return message


class Plural:
    """Words that agree with a number: ``one`` and ``many`` in Italian, chosen by the value of
    the field ``count`` names."""

    __slots__ = ("count", "many", "one")

    def __init__(self, one: str, many: str, count: str) -> None:
        self.one = one
        self.many = many
        self.count = count

    def __repr__(self) -> str:
        return f"Plural({self.one!r}, {self.many!r}, count={self.count!r})"

    def template(self, lang: str, values: Mapping[str, Any]) -> str:
        """The words for the number among ``values``, in ``lang``."""
        count = values.get(self.count)
        return ngettext(self.one, self.many, count if isinstance(count, int) else 2, lang)


def NP_(one: str, many: str, count: str) -> Plural:
    """Marks words that agree with the number in the field ``count`` (``make words`` extracts
    both forms)."""
    return Plural(one, many, count)


class InContext:
    """Words whose Italian another entry translates otherwise, told apart by a ``context``:
    *scala colore* names a way of going out ("straight flush") and a carioca contract ("a
    straight flush")."""

    __slots__ = ("context", "message")

    def __init__(self, context: str, message: str) -> None:
        self.context = context
        self.message = message

    def __repr__(self) -> str:
        return f"InContext({self.context!r}, {self.message!r})"

    def template(self, lang: str, values: Mapping[str, Any]) -> str:
        """The words in ``lang`` (``values`` choose nothing: the same signature as a
        :class:`Plural`'s)."""
        return pgettext(self.context, self.message, lang)


def NC_(context: str, message: str) -> InContext:
    """Marks ``message`` for the catalogue under ``context`` (``make words`` extracts it with
    its context)."""
    return InContext(context, message)


_FORMATTER = string.Formatter()


def fields_of(template: str) -> frozenset[str]:
    """The fields a template names: ``fields_of("{a} e {b!r}") == {"a", "b"}``."""
    return frozenset(name for _, name, _, _ in _FORMATTER.parse(template) if name)
