"""A command line that Click cannot parse (an unknown option, a missing argument, a number that
is not one) is answered like every other user error: one line on stderr, in the language of
``--lang``, and exit status 2.

The sentence is chosen by the kind of Click's error and the parameter it names (Click's public
exceptions and parameters), never by Click's English message.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import click

from ..engine.text import cut
from ..words.inline import Saying, said
from .common import Lang, usage_error
from .parsing import BadEnvironment, ExtraArguments


class NoSuchCommand(click.UsageError):
    """A sub-command name that is none of ramino's."""

    def __init__(self, name: str, known: Sequence[str], ctx: click.Context) -> None:
        super().__init__(f"no such command {name!r}", ctx)
        self.name = name
        self.known = tuple(known)


class MissingCommand(click.UsageError):
    """Options for ``ramino`` itself, and no command to run."""

    def __init__(self, ctx: click.Context) -> None:
        super().__init__("missing command", ctx)


@contextmanager
def one_line_errors(lang: Lang) -> Iterator[None]:
    """Word Click's usage errors raised inside as one line of ours, and exit with status 2."""
    try:
        yield
    except click.ClickException as error:
        sentence = sentence_for(error, lang)
        context = getattr(error, "ctx", None)
        # The command's help says nothing of the environment.
        if isinstance(context, click.Context) and not isinstance(error, BadEnvironment):
            sentence += said(
                lang, " (aiuto: {command_path} --help)", command_path=context.command_path
            )
        usage_error(sentence, lang)


def sentence_for(error: click.ClickException, lang: Lang) -> str:
    """What is wrong with the command line, in ``lang``, by the kind of Click's error."""
    if isinstance(error, NoSuchCommand):
        return _no_such_command(error, lang)
    if isinstance(error, MissingCommand):
        return said(lang, "manca il comando")
    if isinstance(error, ExtraArguments):
        extra = cut(" ".join(error.extra))
        return said(lang, "argomenti in più: {extra}", extra=extra)
    if isinstance(error, click.NoSuchOption):
        return _no_such_option(error, lang)
    if isinstance(error, click.MissingParameter):
        name = _param_name(error.param)
        if isinstance(error.param, click.Option):
            return said(lang, "manca l'opzione {name}", name=name)
        return said(lang, "manca l'argomento {name}", name=name)
    if isinstance(error, click.BadParameter):
        return _bad_value(error, lang)
    if isinstance(error, click.BadOptionUsage):
        return _bad_option_usage(error, lang)
    return said(lang, "uso non valido: {message}", message=cut(error.message))


def _no_such_command(error: NoSuchCommand, lang: Lang) -> str:
    name = cut(error.name)
    known = ", ".join(error.known)
    close = difflib.get_close_matches(error.name, error.known, n=1)
    if close:
        return said(
            lang, "il comando {name!r} non esiste: forse {close}?", name=name, close=close[0]
        )
    return said(
        lang, "il comando {name!r} non esiste; i comandi sono {known}", name=name, known=known
    )


def _no_such_option(error: click.NoSuchOption, lang: Lang) -> str:
    option = cut(error.option_name)
    guesses = sorted(error.possibilities or ())
    if guesses:
        return said(
            lang,
            "l'opzione {option} non esiste: forse {guesses}?",
            option=option,
            guesses=(" o ".join(guesses), " or ".join(guesses)),
        )
    return said(lang, "l'opzione {option} non esiste", option=option)


def _bad_option_usage(error: click.BadOptionUsage, lang: Lang) -> str:
    option = cut(error.option_name)
    # Click refuses an option's use in two ways: a flag given a value, an option without one.
    named = _option_named(error.ctx, error.option_name)
    if named is not None and named.is_flag:
        return said(lang, "l'opzione {option} non vuole un valore", option=option)
    return said(lang, "l'opzione {option} vuole un valore", option=option)


def _option_named(ctx: click.Context | None, name: str) -> click.Option | None:
    if ctx is None:
        return None
    for param in ctx.command.get_params(ctx):
        if isinstance(param, click.Option) and name in (*param.opts, *param.secondary_opts):
            return param
    return None


def _param_name(param: Any) -> str:
    """An option by its long name (``--players``), an argument by its name in capitals."""
    if param is None:
        return "?"
    if isinstance(param, click.Option) and param.opts:
        return str(param.opts[0])
    return str(param.name or "?").upper()


def _bad_value(error: click.BadParameter, lang: Lang) -> str:
    name = _param_name(error.param)
    kind = None if error.param is None else error.param.type
    if isinstance(error, BadEnvironment):
        # RAMINO_LANG=fr: the variable's fault, not that of an option nobody typed.
        return said(
            lang,
            "la variabile d'ambiente {variable} vale {value!r}: si può scegliere {listed}",
            variable=error.variable,
            value=cut(error.value),
            listed=", ".join(error.choices),
        )
    if isinstance(kind, click.Choice) and kind.choices:
        listed = ", ".join(str(getattr(c, "value", c)) for c in kind.choices)
        return said(
            lang,
            "valore non valido per {name}: si può scegliere {listed}",
            name=name,
            listed=listed,
        )
    if isinstance(kind, click.IntRange | click.FloatRange):
        whole = (
            Saying("un numero intero") if isinstance(kind, click.IntRange) else Saying("un numero")
        )
        if kind.min is not None and kind.max is not None:
            return said(
                lang,
                "{name} vuole {whole} da {min:g} a {max:g}",
                name=name,
                whole=whole,
                min=kind.min,
                max=kind.max,
            )
        if kind.min is not None:
            return said(
                lang, "{name} vuole {whole} da {min:g} in su", name=name, whole=whole, min=kind.min
            )
    if kind is click.INT:
        return said(lang, "{name} vuole un numero intero", name=name)
    if kind is click.FLOAT:
        return said(lang, "{name} vuole un numero", name=name)
    # Click's own words, which are English, are left out of the Italian.
    detail = ("", f": {cut(error.message)}")
    return said(lang, "valore non valido per {name}{detail}", name=name, detail=detail)
