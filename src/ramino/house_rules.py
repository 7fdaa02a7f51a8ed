"""House-rules files on disk: the one place that reads them, outside the pure engine.

:func:`resolve_rules` turns what a user types (``scala-40``, ``casa.toml``) into :class:`Rules`;
the parsing and checking itself is :mod:`ramino.engine.rules_file`.
"""

from __future__ import annotations

import os
from pathlib import Path

from .engine.errors import Localized, Reason, RulesError
from .engine.presets import get_preset
from .engine.rules import Rules
from .engine.rules_file import rules_from_toml

__all__ = ["load_rules", "resolve_rules"]

_NOT_FOUND: Localized = ("file non trovato.", "file not found.")


def _file_error(path: str | os.PathLike[str], detail: Localized) -> RulesError:
    return RulesError(Reason.BAD_RULES_FILE, path=os.fspath(path), detail=detail)


def load_rules(path: str | os.PathLike[str]) -> Rules:
    """The house rules in the TOML file at ``path`` (UTF-8; a leading BOM is accepted).

    A missing, unreadable or non-UTF-8 file raises :class:`RulesError` ``BAD_RULES_FILE``;
    mistakes inside it raise the errors of :func:`ramino.engine.rules_file.rules_from_toml`.
    Unless the file says ``name = ...``, the rules are named after the file's stem.
    """
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise _file_error(path, _NOT_FOUND) from None
    except IsADirectoryError:
        raise _file_error(
            path, ("è una cartella, non un file.", "it is a folder, not a file.")
        ) from None
    except PermissionError:
        raise _file_error(
            path, ("non si può leggere: permesso negato.", "cannot be read: permission denied.")
        ) from None
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise _file_error(
            path, (f"non si può leggere ({reason}).", f"cannot be read ({reason}).")
        ) from None
    try:
        # utf-8-sig: editors on Windows like to start the file with a byte-order mark.
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise _file_error(
            path,
            (
                f"non è testo UTF-8 (byte non valido alla posizione {error.start}).",
                f"it is not UTF-8 text (invalid byte at position {error.start}).",
            ),
        ) from None
    return rules_from_toml(text, source=os.fspath(path))


def _looks_like_path(spec: str) -> bool:
    separators = {os.sep, "/"} | ({os.altsep} if os.altsep else set())
    return spec.lower().endswith(".toml") or any(sep in spec for sep in separators)


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
    expanded = os.path.expanduser(spec)
    if _looks_like_path(spec):
        return load_rules(expanded)
    try:
        return get_preset(spec)
    except RulesError:
        if Path(expanded).is_file():
            return load_rules(expanded)
        raise
