"""What every command shares: the language option, the rules option, reading input, output and
user errors.

Results go to stdout, errors to stderr as one line; rich adds colour only on a terminal. Text
that came from users (a player's name, a file's) never reaches the terminal with its control
characters: they are printed as escapes.
"""

from __future__ import annotations

import enum
import json
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

import click
from rich.console import Console
from rich.text import Text

from ..engine.errors import Phrase, RaminoError
from ..engine.rules import Rules
from ..engine.text import UnreadableText, printable, printable_json
from ..house_rules import read_text_file, read_text_stream, resolve_rules
from ..words.inline import Saying, both, said
from ..words.render import template

#: Exit codes besides 0: a refused meld, a user error (bad input).
EXIT_REFUSED, EXIT_USAGE = 1, 2

DEFAULT_RULES = "classico"


class Lang(enum.StrEnum):
    """Language of the output: Italian first, English too."""

    IT = "it"
    EN = "en"


def pick(lang: Lang, it: str, en: str) -> str:
    """The Italian or English half of words given in both languages elsewhere (a closing's
    name, a move told by the terminal's narrator); words written here go through
    :func:`~ramino.words.inline.said`."""
    return en if lang is Lang.EN else it


def lang_in(args: Sequence[str]) -> Lang:
    """The language a command line asks for (its last ``--lang``, else ``RAMINO_LANG``), read
    before the line is parsed, for the words of an error in parsing it; Italian otherwise.

    >>> lang_in(["check", "--foo", "--lang", "en"]), lang_in(["-len"]), lang_in(["-l", "xx"])
    (<Lang.EN: 'en'>, <Lang.EN: 'en'>, <Lang.IT: 'it'>)
    """
    asked = lang_typed(args)
    if asked is None:
        asked = os.environ.get(LANG_VARIABLE)
    return Lang.EN if asked is not None and asked.lower() == Lang.EN else Lang.IT


#: The environment variable that chooses the language when no ``--lang`` is typed.
LANG_VARIABLE = "RAMINO_LANG"


def lang_typed(args: Sequence[str]) -> str | None:
    """The last ``--lang`` typed on a command line (before or after the command), as typed.

    >>> lang_typed(["--lang", "en", "rules"]), lang_typed(["rules", "-lit"]), lang_typed([])
    ('en', 'it', None)
    """
    asked = None
    for before, arg in zip(["", *args], args, strict=False):
        if before in ("--lang", "-l"):
            asked = arg
        elif arg.startswith("--lang="):
            asked = arg.removeprefix("--lang=")
        elif arg.startswith("-l") and len(arg) > 2:
            asked = arg.removeprefix("-l")
    return asked


class _Console(Console):
    """A rich console that prints every string it is given (a cell, a title, a line) through
    :func:`printable`: a name written with control characters cannot recolour the terminal."""

    def render_str(self, text: str, **options: Any) -> Text:
        return super().render_str(printable(text), **options)


def console() -> Console:
    """A console on the current stdout: colour on a terminal, plain text otherwise.

    No markup is read from text (a player may be called "[Anna]"), and long sentences are not
    wrapped (``soft_wrap``): a reason stays one line for ``grep``.
    """
    return _Console(highlight=False, emoji=False, markup=False, soft_wrap=True)


def echo(text: str, *, err: bool = False) -> None:
    """Print ``text`` (on stderr with ``err``), each of its lines through :func:`printable`."""
    click.echo("\n".join(printable(line) for line in text.split("\n")), err=err)


def read_input(source: str) -> str:
    """The text of the file named ``source``, or of standard input for ``-``, at most
    :data:`~ramino.house_rules.MAX_FILE_BYTES` of UTF-8; anything else raises
    :class:`UnreadableText`, which each command places in its own error."""
    if source != "-":
        return read_text_file(source)
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        raise UnreadableText(both("l'input standard è chiuso."))
    return read_text_stream(stream)


#: Why ``ramino play`` does not start without a terminal, at home or online.
NO_TERMINAL = Saying(
    "ramino play vuole un terminale: l'input e l'output standard non devono essere né file né pipe."
)


def has_terminal() -> bool:
    """Whether standard input and output are both terminals, as a full-screen game needs: it
    reads keys from one and draws on the other (a pipe would get escape sequences)."""
    try:
        return all(stream is not None and stream.isatty() for stream in (sys.stdin, sys.stdout))
    except ValueError:  # a stream already closed
        return False


def rules_for(spec: str | None) -> Rules:
    """The rules named by ``--rules``: a preset or a TOML file; classico when not given."""
    return resolve_rules(spec if spec is not None else DEFAULT_RULES)


def print_json(value: Any) -> None:
    """One JSON object on stdout, readable and keeping the suits and accents as they are (but
    not the characters a terminal would obey: see :func:`printable_json`)."""
    click.echo(printable_json(json.dumps(value, ensure_ascii=False, indent=2)))


def fail(error: RaminoError, lang: Lang) -> NoReturn:
    """Report a user error on stderr as one line and exit with status 2."""
    usage_error(told(error).message(lang.value), lang)


def told(error: RaminoError) -> RaminoError:
    """``error`` as one sentence when it wraps another error (a file's defect placed in the
    file): a wrapper of the same kind says its place once (``rounds[0].actions[0]``), and a
    sentence carried inside another goes on without its capital letter.

    >>> from ramino.engine.errors import Reason, RecordError
    >>> inner = RecordError(Reason.BAD_RECORD, where="actions[0]", detail=("no.", "no."))
    >>> told(RecordError(Reason.BAD_RECORD, where="rounds[0]", detail=inner)).message("it")
    'Registrazione della partita non valida (rounds[0].actions[0]): no.'
    """
    detail = error.params.get("detail")
    if isinstance(detail, Phrase) and isinstance(detail.params.get("error"), RaminoError):
        # A phrase that carries an error after its colon ("mossa 3: …").
        carried_error = told(detail.params["error"])
        carried = Phrase(detail.code, **{**detail.params, "error": continued_pair(carried_error)})
        return type(error)(error.reason, cards=error.cards, **{**error.params, "detail": carried})
    if not isinstance(detail, RaminoError):
        return error
    detail = told(detail)
    params = dict(error.params)
    if detail.reason == error.reason and "where" in params and "where" in detail.params:
        inner = str(detail.params["where"])
        params["where"] = f"{params['where']}{'' if inner.startswith('[') else '.'}{inner}"
        params["detail"] = detail.params.get("detail")
    else:
        params["detail"] = continued_pair(detail)
    return type(error)(error.reason, cards=error.cards, **params)


def continued_pair(error: RaminoError) -> tuple[str, str]:
    """The sentence of ``error`` in Italian and English, as read after another's colon
    (:func:`continued`)."""
    return continued(error, "it"), continued(error, "en")


def continued(error: RaminoError, lang: str) -> str:
    """The sentence of ``error`` read after another's colon: lower case where its words, not a
    name filled in, begin it ("Servono almeno 2 giocatori", not "Anna ha chiuso")."""
    words = template(error.reason, lang, error.params) or ""
    message = error.message(lang)
    if words[:1].isupper() and words[1:2].islower() and message[:1] == words[:1]:
        return message[:1].lower() + message[1:]
    return message


def usage_error(sentence: str, lang: Lang) -> NoReturn:
    """Report a user error worded by the command: ``errore: sentence`` on stderr as one line,
    control characters escaped, and exit with status 2."""
    echo(said(lang, "errore: {sentence}", sentence=one_line(sentence)), err=True)
    exit_with(EXIT_USAGE)


def exit_with(code: int) -> NoReturn:
    """End the command with exit status ``code`` (Click's way, inside a command)."""
    context = click.get_current_context(silent=True)
    if context is None:
        raise SystemExit(code)
    context.exit(code)


def one_line(text: str) -> str:
    """``text`` with its line breaks folded, so an error is always a single line."""
    return " ".join(text.split())
