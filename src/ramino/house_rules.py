"""Files on disk: the one place that reads them, outside the pure engine.

:func:`read_text_file` reads a text file with a size cap and refuses what is not a file (a
folder, ``/dev/zero``, a pipe); :func:`resolve_rules` turns what a user types (``scala-40``,
``casa.toml``) into :class:`Rules`, the parsing and checking itself being
:mod:`ramino.engine.rules_file`.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO

from .engine.errors import Localized, Reason, RulesError
from .engine.presets import get_preset
from .engine.rules import Rules
from .engine.rules_file import rules_from_toml
from .engine.text import UnreadableText

__all__ = [
    "MAX_FILE_BYTES",
    "is_file",
    "load_rules",
    "read_text_file",
    "read_text_stream",
    "resolve_rules",
]

#: The most bytes read from one file or from standard input: far more than any house-rules
#: file, score sheet or game record holds, and little enough to read at once.
MAX_FILE_BYTES = 4 * 1024 * 1024

NO_SUCH_FILE: Localized = ("il file non esiste.", "no such file.")
_NOT_FOUND: Localized = ("file non trovato.", "file not found.")

# Opened without waiting: opening a pipe nobody writes to would block before it can be refused.
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


def read_text_file(
    path: str | os.PathLike[str], *, limit: int = MAX_FILE_BYTES, missing: Localized = NO_SUCH_FILE
) -> str:
    """The UTF-8 text of the regular file at ``path`` (a leading byte-order mark dropped).

    Anything else raises :class:`UnreadableText` saying why, in a line: no such file
    (``missing``), a folder, a device or a pipe (``/dev/zero`` never ends), more than
    ``limit`` bytes, bytes that are not UTF-8, a name the system refuses.

    >>> read_text_file("/dev/zero")
    Traceback (most recent call last):
    ...
    ramino.engine.text.UnreadableText: it is not a file but a device or a pipe.
    """
    try:
        descriptor = os.open(path, _OPEN_FLAGS)
    except (FileNotFoundError, NotADirectoryError):
        raise UnreadableText(missing) from None
    except PermissionError:
        raise UnreadableText(
            ("non si può leggere: permesso negato.", "cannot be read: permission denied.")
        ) from None
    except OSError as error:
        raise UnreadableText(_os_detail(error)) from None
    except UnicodeEncodeError:
        raise UnreadableText(
            (
                "il nome ha un carattere che nessun nome di file può avere.",
                "the name holds a character no file name can hold.",
            )
        ) from None
    except ValueError:  # a null character in the name
        raise UnreadableText(
            ("il nome contiene un carattere nullo.", "the name holds a null character.")
        ) from None
    try:
        _check_regular(os.fstat(descriptor).st_mode)
        with open(descriptor, "rb", closefd=False) as file:
            return read_text_stream(file, limit=limit)
    finally:
        os.close(descriptor)


def _check_regular(mode: int) -> None:
    if stat.S_ISDIR(mode):
        raise UnreadableText(("è una cartella, non un file.", "it is a directory, not a file."))
    if not stat.S_ISREG(mode):
        raise UnreadableText(
            (
                "non è un file ma un dispositivo o una pipe.",
                "it is not a file but a device or a pipe.",
            )
        )


def read_text_stream(stream: BinaryIO, *, limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of ``stream`` (standard input, say), refused past ``limit`` bytes or when
    it is not UTF-8, as :func:`read_text_file` refuses a file."""
    try:
        data = stream.read(limit + 1)
    except OSError as error:
        raise UnreadableText(_os_detail(error)) from None
    if len(data) > limit:
        size = f"{limit / 1024 / 1024:g} MB"
        raise UnreadableText((f"è troppo grande: più di {size}.", f"it is too big: over {size}."))
    try:
        # utf-8-sig: editors on Windows like to start the file with a byte-order mark.
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise UnreadableText(
            (
                f"non è testo UTF-8 (byte non valido alla posizione {error.start}).",
                f"it is not UTF-8 text (invalid byte at position {error.start}).",
            )
        ) from None


def _os_detail(error: OSError) -> Localized:
    if error.errno == errno.ENAMETOOLONG:
        return ("il nome è troppo lungo.", "the name is too long.")
    reason = error.strerror or type(error).__name__
    return (f"non si può leggere ({reason}).", f"cannot be read ({reason}).")


def is_file(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` names an existing file (not a folder): ``False``, not an error, for a
    name the system refuses (too long, a null character).

    >>> is_file("x" * 5000), is_file("nul\\x00")
    (False, False)
    """
    try:
        return Path(path).is_file()
    except (OSError, ValueError):
        return False


def load_rules(path: str | os.PathLike[str]) -> Rules:
    """The house rules in the TOML file at ``path`` (UTF-8; a leading BOM is accepted).

    A file that cannot be read (see :func:`read_text_file`) raises :class:`RulesError`
    ``BAD_RULES_FILE``; mistakes inside it raise the errors of
    :func:`ramino.engine.rules_file.rules_from_toml`. Unless the file says ``name = ...``, the
    rules are named after the file's stem.
    """
    try:
        text = read_text_file(path, missing=_NOT_FOUND)
    except UnreadableText as error:
        raise RulesError(Reason.BAD_RULES_FILE, path=os.fspath(path), detail=error.detail) from None
    return rules_from_toml(text, source=os.fspath(path))


def _looks_like_path(spec: str) -> bool:
    separators = {os.sep, "/"} | ({os.altsep} if os.altsep else set())
    return spec.lower().endswith(".toml") or any(sep in spec for sep in separators)


def _expanded(spec: str) -> str:
    """``spec`` with a leading ``~`` made the home folder; as it is when the system cannot
    look the user up (a null character in the name)."""
    try:
        return os.path.expanduser(spec)
    except ValueError:
        return spec


def resolve_rules(spec: str) -> Rules:
    """Rules from what a user typed: a preset name or the path of a house-rules file.

    Something that looks like a path (it ends in ``.toml`` or holds a separator) is always a
    file; otherwise a preset name (case, ``_`` and spaces do not matter), or else an existing
    file of that name. Neither: the unknown-preset error, which lists the presets.

    >>> resolve_rules("Scala_40").opening_threshold
    40
    >>> resolve_rules("nessuna.toml")
    Traceback (most recent call last):
    ...
    ramino.engine.errors.RulesError: File delle regole 'nessuna.toml' non valido: file non trovato.
    """
    expanded = _expanded(spec)
    if _looks_like_path(spec):
        return load_rules(expanded)
    try:
        return get_preset(spec)
    except RulesError:
        if is_file(expanded):
            return load_rules(expanded)
        raise
