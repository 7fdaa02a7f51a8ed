"""Text from users as the engine shows and keeps it: a value named in a sentence, cut to a line
whatever was typed (:func:`shown`), and text that a file can hold (:func:`writable`).
"""

from __future__ import annotations

import re
import reprlib
import unicodedata

from .errors import Detail, Localized, Phrase

# A value named by a sentence is cut to this many characters: the sentence stays one line
# whatever text a user typed.
SHOWN_CHARS = 60
# A text a sentence quotes (a token, a path) is whole up to this many characters.
CUT_CHARS = 300
# Integers up to this many digits are written whole; longer ones (Python will not even print one
# past 4300 digits) by their first digits and their power of ten.
SHOWN_DIGITS = 18


def to_name(name: str) -> str:
    """``name`` after the Italian preposition *a*: ``ad`` before a word beginning with *a*
    (today's common usage: "ad Anna", but "a Elena"), ``a`` before any other; accents and case
    do not matter ("ad Àlex"). Every sentence that puts a name after *a* goes through here.

    >>> to_name("Anna"), to_name("àlex"), to_name("Elena"), to_name("Bruno"), to_name("te")
    ('ad Anna', 'ad àlex', 'a Elena', 'a Bruno', 'a te')
    """
    first = unicodedata.normalize("NFD", name.lstrip()[:1])[:1]
    return ("ad " if first in ("a", "A") else "a ") + name


def shown(value: object) -> str:
    """``value`` as a sentence names it: its ``repr``, cut to one short line, and never failing
    (a huge integer, a list nested thousands deep).

    >>> shown(10**5000), shown(-12), shown([[[[[[1]]]]]]), len(shown("x" * 5000))
    ('≈1.000e5000', '-12', '[[[[...]]]]', 60)
    """
    if isinstance(value, bool):
        return repr(value)
    if isinstance(value, int):
        return _shown_int(value)
    text = _Shorter().repr(value)
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 2] + "…" + text[-1]


def cut(text: str) -> str:
    """``text`` as a sentence quotes it: whole up to :data:`CUT_CHARS` characters, else its
    start and its end (where a path keeps its file name) around an ellipsis.

    >>> len(cut("x" * 10_000)), cut("7H 8H")
    (300, '7H 8H')
    """
    if len(text) <= CUT_CHARS:
        return text
    half = CUT_CHARS // 2
    return text[:half] + "…" + text[-(CUT_CHARS - half - 1) :]


def _shown_int(n: int) -> str:
    size = abs(n)
    if size < 10**SHOWN_DIGITS:
        return str(n)
    # Digits worked out from the bit length (at most one too many), not from str().
    digits = int(size.bit_length() * 0.30102999566398120) + 1
    if 10 ** (digits - 1) > size:
        digits -= 1
    lead = size // 10 ** (digits - 4)
    sign = "-" if n < 0 else ""
    return f"≈{sign}{lead // 1000}.{lead % 1000:03d}e{digits - 1}"


class _Shorter(reprlib.Repr):
    """reprlib's short repr, with integers through :func:`_shown_int` (reprlib calls repr)."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxstring = SHOWN_CHARS

    def repr_int(self, x: int, level: int) -> str:
        return _shown_int(x)


def writable(text: str) -> bool:
    """Whether ``text`` can be written to a file: no lone surrogate, which a Python string may
    hold (JSON's ``"\\ud800"``, undecodable bytes of a command line) but UTF-8 cannot.

    >>> writable("Anna"), writable("\\ud800")
    (True, False)
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


# What a terminal must never receive from text users typed: C0 and C1 controls (ESC starts the
# sequences that move the cursor or recolour the screen), DEL, lone surrogates (no encoder
# takes them), line and paragraph separators, and the bidi controls that reorder a line.
_BEYOND_C0 = "\x7f-\x9f\ud800-\udfff\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"
_UNPRINTABLE = re.compile(f"[\x00-\x1f{_BEYOND_C0}]")
# json.dumps escapes C0 controls itself, and writes line breaks of its own between values.
_UNPRINTABLE_IN_JSON = re.compile(f"[{_BEYOND_C0}]")


# Python's own short escapes for the common ones, as repr writes them.
_SHORT_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(found: re.Match[str]) -> str:
    char = found.group()
    if char in _SHORT_ESCAPES:
        return _SHORT_ESCAPES[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` safe to print on one line: every character of :data:`_UNPRINTABLE` written as
    its Python escape (``\\x1b``, ``\\u202e``), everything else as it is.

    >>> print(printable("\\x1b[31mAnna\\u202e\\nBruno"))
    \\x1b[31mAnna\\u202e\\nBruno
    >>> printable("Niccolò ♥")
    'Niccolò ♥'
    """
    return _UNPRINTABLE.sub(_escape, text)


def printable_json(text: str) -> str:
    """Text of ``json.dumps`` with the characters :func:`printable` escapes written as JSON
    escapes (``\\u202e``): the same data, safe on a terminal. Outside strings JSON has only
    ASCII, so every such character is in a string, where ``\\uXXXX`` means it exactly.

    >>> import json
    >>> printable_json(json.dumps(["\\u202eAnna\\x85"], ensure_ascii=False))
    '["\\\\u202eAnna\\\\u0085"]'
    """
    return _UNPRINTABLE_IN_JSON.sub(lambda found: f"\\u{ord(found.group()):04x}", text)


class UnreadableText(ValueError):
    """Text that a reader could not parse, with why (``detail``: a :class:`~.errors.Phrase`, or
    a layer's own words in Italian and English); each reader turns it into its own error,
    which names the file or the field."""

    detail: Phrase | Localized

    def __init__(self, detail: Phrase | Localized) -> None:
        super().__init__(detail)
        self.detail = detail

    def __str__(self) -> str:
        return self.detail.message("en") if isinstance(self.detail, Phrase) else self.detail[1]


def load_json(text: str) -> object:
    """``json.loads``, every way it fails (bad syntax, a number of over 4300 digits, nesting
    thousands deep) an :class:`UnreadableText`.

    >>> load_json('{"a": [1]}')
    {'a': [1]}
    >>> try:
    ...     load_json('{"a": }')
    ... except UnreadableText as error:
    ...     print(error.detail.message("en"))
    not valid JSON at line 1, column 7.
    """
    import json

    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise UnreadableText(
            # The json module's words are English: the position alone says where to look.
            Phrase(Detail.BAD_JSON, line=error.lineno, column=error.colno)
        ) from None
    except ValueError:
        # json's own int() refuses a number of more than 4300 digits with a bare ValueError.
        raise UnreadableText(Phrase(Detail.TOO_MANY_DIGITS)) from None
    except RecursionError:
        raise UnreadableText(Phrase(Detail.NESTED_TOO_DEEP)) from None
