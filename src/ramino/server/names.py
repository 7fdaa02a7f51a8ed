"""Players' names at a table of ``ramino serve``, as people read them: two names that read the
same are one name, and only the computer's players carry the computer's mark.

A name is kept as written once tidied (:func:`tidy`: compatibility forms folded, invisible
characters gone, blanks collapsed); two names are compared by their reading (:func:`reading`):
the tidy name without accents, in lower case, with each letter of another script that looks like
a Latin one replaced by it (a small skeleton in the spirit of Unicode's TR39 confusables, for the
letters of Cyrillic and Greek that look Latin). No maintained library on PyPI does this for us:
``confusable-homoglyphs`` and ``confusables`` stopped years ago, on old Unicode data.

>>> reading("Ａｎｎａ") == reading("An\\u200bna") == reading("Аnna") == reading("Anna\\u0301")
True
>>> tidy("Anna\\u3164  Rossi ")
'Anna Rossi'
>>> carries_computer_mark("Carla (computer)"), carries_computer_mark("Carla")
(True, False)
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["carries_computer_mark", "hostile", "reading", "tidy"]

# Characters that draw as a blank though Unicode does not call them spaces (Hangul fillers,
# the braille blank, the Mongolian vowel separator): fillers for a name that looks empty.
_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u17b4\u17b5")

# Lower-case letters of Cyrillic and Greek (and a few signs) that read as a Latin letter.
_LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic
        "а": "a",
        "в": "b",
        "ь": "b",
        "с": "c",
        "ԁ": "d",
        "е": "e",
        "ё": "e",
        "һ": "h",
        "н": "h",
        "і": "i",
        "ї": "i",
        "ј": "j",
        "к": "k",
        "ӏ": "l",
        "м": "m",
        "п": "n",
        "о": "o",
        "р": "p",
        "ԛ": "q",
        "г": "r",
        "ѕ": "s",
        "т": "t",
        "у": "y",
        "ү": "y",
        "ԝ": "w",
        "х": "x",
        # Greek
        "α": "a",
        "β": "b",
        "ε": "e",
        "η": "n",
        "ι": "i",
        "κ": "k",
        "μ": "u",
        "ν": "v",
        "ο": "o",
        "ρ": "p",
        "τ": "t",
        "υ": "u",
        "χ": "x",
        "γ": "y",
        "ζ": "z",
        "ω": "w",
        # Digits and signs that read as letters
        "0": "o",
        "1": "l",
        "|": "l",
    }
)

# The computer's mark: the word "computer" anywhere in a name, as the computer's players have it.
_COMPUTER_MARK = re.compile(r"(?<![a-z])computer(?![a-z])")


# Characters no name holds: control characters, and the marks that reorder what follows them
# (a bidi override makes "a\u202eb" draw as something else than it is).
_REORDERING = frozenset("\u202a\u202b\u202c\u202d\u202e")


def hostile(name: str) -> bool:
    """Whether ``name`` holds a control character or a bidi override: refused, not tidied.

    >>> hostile("a\\x00b"), hostile("a\\u202eb"), hostile("An\\u200bna")
    (True, True, False)
    """
    return any(
        (unicodedata.category(c) == "Cc" and not c.isspace()) or c in _REORDERING for c in name
    )


def tidy(name: str) -> str:
    """The name as kept and shown: compatibility forms folded (NFKC: fullwidth letters, ligatures),
    format and control characters gone (zero-width ones, direction marks), any run of blanks one
    space, none at either end."""
    folded = unicodedata.normalize("NFKC", name)
    kept = []
    for char in folded:
        category = unicodedata.category(char)
        if char in _BLANKS or category.startswith("Z") or char.isspace():
            kept.append(" ")
        elif category[0] != "C":
            kept.append(char)
    return " ".join("".join(kept).split())


def reading(name: str) -> str:
    """What ``name`` reads as: two names with the same reading are the same name to a person."""
    plain = unicodedata.normalize("NFD", tidy(name).casefold())
    letters = "".join(char for char in plain if not unicodedata.combining(char))
    return unicodedata.normalize("NFC", letters).translate(_LOOK_ALIKES)


def carries_computer_mark(name: str) -> bool:
    """Whether ``name`` reads as carrying the computer's mark (``Carla (computer)``)."""
    return _COMPUTER_MARK.search(reading(name)) is not None
