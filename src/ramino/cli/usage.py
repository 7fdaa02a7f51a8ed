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
from .common import Lang, pick, usage_error
from .parsing import ExtraArguments


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
        if isinstance(context, click.Context):
            sentence += pick(
                lang,
                f" (aiuto: {context.command_path} --help)",
                f" (help: {context.command_path} --help)",
            )
        usage_error(sentence, lang)


def sentence_for(error: click.ClickException, lang: Lang) -> str:
    """What is wrong with the command line, in ``lang``, by the kind of Click's error."""
    if isinstance(error, NoSuchCommand):
        return _no_such_command(error, lang)
    if isinstance(error, MissingCommand):
        return pick(lang, "manca il comando", "missing command")
    if isinstance(error, ExtraArguments):
        extra = cut(" ".join(error.extra))
        return pick(lang, f"argomenti in più: {extra}", f"unexpected extra arguments: {extra}")
    if isinstance(error, click.NoSuchOption):
        return _no_such_option(error, lang)
    if isinstance(error, click.MissingParameter):
        name = _param_name(error.param)
        if isinstance(error.param, click.Option):
            return pick(lang, f"manca l'opzione {name}", f"missing option {name}")
        return pick(lang, f"manca l'argomento {name}", f"missing argument {name}")
    if isinstance(error, click.BadParameter):
        return _bad_value(error, lang)
    if isinstance(error, click.BadOptionUsage):
        return _bad_option_usage(error, lang)
    return pick(lang, f"uso non valido: {cut(error.message)}", f"bad usage: {cut(error.message)}")


def _no_such_command(error: NoSuchCommand, lang: Lang) -> str:
    name = cut(error.name)
    known = ", ".join(error.known)
    close = difflib.get_close_matches(error.name, error.known, n=1)
    if close:
        return pick(
            lang,
            f"il comando {name!r} non esiste: forse {close[0]}?",
            f"no such command {name!r}: perhaps {close[0]}?",
        )
    return pick(
        lang,
        f"il comando {name!r} non esiste; i comandi sono {known}",
        f"no such command {name!r}; the commands are {known}",
    )


def _no_such_option(error: click.NoSuchOption, lang: Lang) -> str:
    option = cut(error.option_name)
    guesses = sorted(error.possibilities or ())
    if guesses:
        return pick(
            lang,
            f"l'opzione {option} non esiste: forse {' o '.join(guesses)}?",
            f"no such option {option}: perhaps {' or '.join(guesses)}?",
        )
    return pick(lang, f"l'opzione {option} non esiste", f"no such option {option}")


def _bad_option_usage(error: click.BadOptionUsage, lang: Lang) -> str:
    option = cut(error.option_name)
    # Click refuses an option's use in two ways: a flag given a value, an option without one.
    named = _option_named(error.ctx, error.option_name)
    if named is not None and named.is_flag:
        return pick(lang, f"l'opzione {option} non vuole un valore", f"{option} takes no value")
    return pick(lang, f"l'opzione {option} vuole un valore", f"{option} needs a value")


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
    if isinstance(kind, click.Choice) and kind.choices:
        listed = ", ".join(str(getattr(c, "value", c)) for c in kind.choices)
        return pick(
            lang,
            f"valore non valido per {name}: si può scegliere {listed}",
            f"invalid value for {name}: the choices are {listed}",
        )
    if isinstance(kind, click.IntRange | click.FloatRange):
        whole_it, whole_en = (
            ("un numero intero", "a whole number")
            if isinstance(kind, click.IntRange)
            else ("un numero", "a number")
        )
        if kind.min is not None and kind.max is not None:
            return pick(
                lang,
                f"{name} vuole {whole_it} da {kind.min:g} a {kind.max:g}",
                f"{name} needs {whole_en} from {kind.min:g} to {kind.max:g}",
            )
        if kind.min is not None:
            return pick(
                lang,
                f"{name} vuole {whole_it} da {kind.min:g} in su",
                f"{name} needs {whole_en} of at least {kind.min:g}",
            )
    if kind is click.INT:
        return pick(lang, f"{name} vuole un numero intero", f"{name} needs a whole number")
    if kind is click.FLOAT:
        return pick(lang, f"{name} vuole un numero", f"{name} needs a number")
    return pick(
        lang,
        f"valore non valido per {name}",
        f"invalid value for {name}: {cut(error.message)}",
    )
