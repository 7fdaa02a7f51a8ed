"""The Typer application: one ``ramino`` command, its sub-commands and ``--version``.

A command line that Click cannot parse (an unknown option, a missing argument, a number that
is not one) is answered like every other user error: one line on stderr, in the language of
``--lang``, and exit status 2.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Annotated, Any

import typer

# Typer carries its own copy of Click, whose exceptions are the usage errors caught here (the
# minor version of Typer is pinned in pyproject.toml: these are its insides).
from typer._click import Command, Context
from typer._click import exceptions as click_errors
from typer.core import TyperGroup

from .. import __version__
from ..engine.text import cut
from .check import check
from .common import Lang, lang_in, pick, usage_error
from .play import play
from .replay import replay
from .rules import rules
from .score import score
from .serve import serve
from .simulate import simulate
from .verify import verify


class _NoSuchCommand(click_errors.UsageError):
    """A sub-command name that is none of ramino's."""

    def __init__(self, name: str, known: Sequence[str], ctx: Context) -> None:
        super().__init__(f"No such command {name!r}.", ctx)
        self.name = name
        self.known = tuple(known)


class _Commands(TyperGroup):
    """``ramino``'s sub-commands, with Click's usage errors worded as one line of ours."""

    _lang = Lang.IT

    def make_context(
        self, info_name: str | None, args: list[str], parent: Context | None = None, **extra: Any
    ) -> Context:
        # The whole command line is here, before any of it is parsed.
        self._lang = lang_in(args)
        with _one_line_errors(self._lang):
            return super().make_context(info_name, args, parent, **extra)

    def invoke(self, ctx: Context) -> Any:
        with _one_line_errors(self._lang):
            return super().invoke(ctx)

    def resolve_command(
        self, ctx: Context, args: list[str]
    ) -> tuple[str | None, Command | None, list[str]]:
        name = args[0] if args else ""
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            raise _NoSuchCommand(name, self.list_commands(ctx), ctx)
        return super().resolve_command(ctx, args)


@contextmanager
def _one_line_errors(lang: Lang) -> Iterator[None]:
    try:
        yield
    except click_errors.NoArgsIsHelpError:
        raise  # `ramino` alone: Typer prints the help
    except click_errors.ClickException as error:
        sentence = _sentence(error, lang)
        context = getattr(error, "ctx", None)
        if isinstance(context, Context):
            sentence += pick(
                lang,
                f" (aiuto: {context.command_path} --help)",
                f" (help: {context.command_path} --help)",
            )
        usage_error(sentence, lang)


def _sentence(error: click_errors.ClickException, lang: Lang) -> str:
    """What is wrong with the command line, in ``lang``, by the kind of Click's error."""
    if isinstance(error, _NoSuchCommand):
        return _no_such_command(error, lang)
    if isinstance(error, click_errors.NoSuchOption):
        option = cut(error.option_name)
        guesses = sorted(error.possibilities or ())
        if guesses:
            return pick(
                lang,
                f"l'opzione {option} non esiste: forse {' o '.join(guesses)}?",
                f"no such option {option}: perhaps {' or '.join(guesses)}?",
            )
        return pick(lang, f"l'opzione {option} non esiste", f"no such option {option}")
    if isinstance(error, click_errors.MissingParameter):
        name = _param_name(error.param)
        if error.param is not None and error.param.param_type_name == "option":
            return pick(lang, f"manca l'opzione {name}", f"missing option {name}")
        return pick(lang, f"manca l'argomento {name}", f"missing argument {name}")
    if isinstance(error, click_errors.BadParameter):
        return _bad_value(error, lang)
    if isinstance(error, click_errors.BadOptionUsage):
        option = cut(error.option_name)
        # Click says which misuse only in its English message.
        if "does not take a value" in error.message:
            return pick(lang, f"l'opzione {option} non vuole un valore", f"{option} takes no value")
        return pick(lang, f"l'opzione {option} vuole un valore", f"{option} needs a value")
    return _plain_usage(error.format_message(), lang)


def _no_such_command(error: _NoSuchCommand, lang: Lang) -> str:
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


def _param_name(param: Any) -> str:
    """An option by its long name (``--players``), an argument by its name in capitals."""
    if param is None:
        return "?"
    if param.param_type_name == "option" and param.opts:
        return str(param.opts[0])
    return str(param.name or "?").upper()


def _bad_value(error: click_errors.BadParameter, lang: Lang) -> str:
    name = _param_name(error.param)
    if error.param is None:
        return _bad_value_of_any_kind(name, error, lang)
    descriptor = error.param.type_descriptor
    if descriptor.is_choice and descriptor.choices:
        listed = ", ".join(str(getattr(c, "value", c)) for c in descriptor.choices)
        return pick(
            lang,
            f"valore non valido per {name}: si può scegliere {listed}",
            f"invalid value for {name}: the choices are {listed}",
        )
    if descriptor.annotation is int:
        least = descriptor.parameter_info.min
        if least is not None:
            return pick(
                lang,
                f"{name} vuole un numero intero da {least} in su",
                f"{name} needs a whole number of at least {least}",
            )
        return pick(lang, f"{name} vuole un numero intero", f"{name} needs a whole number")
    return _bad_value_of_any_kind(name, error, lang)


def _bad_value_of_any_kind(name: str, error: click_errors.BadParameter, lang: Lang) -> str:
    return pick(
        lang,
        f"valore non valido per {name}",
        f"invalid value for {name}: {cut(error.message)}",
    )


# Click's usage errors without a class of their own, by the start of its English sentence.
_EXTRA_ARGUMENTS = "Got unexpected extra argument(s) ("
_MISSING_COMMAND = "Missing command"


def _plain_usage(message: str, lang: Lang) -> str:
    if message.startswith(_EXTRA_ARGUMENTS):
        extra = cut(message.removeprefix(_EXTRA_ARGUMENTS).removesuffix(")"))
        return pick(lang, f"argomenti in più: {extra}", f"unexpected extra arguments: {extra}")
    if message.startswith(_MISSING_COMMAND):
        return pick(lang, "manca il comando", "missing command")
    return pick(lang, f"uso non valido: {cut(message)}", f"bad usage: {cut(message)}")


app = typer.Typer(
    name="ramino",
    cls=_Commands,
    help="Ramino, the Italian rummy family: play against the computer, check melds, show the"
    " rules in force, keep a table's score sheet. Italian by default; --lang en on each command.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)
app.command("check")(check)
app.command("rules")(rules)
app.command("score")(score)
app.command("replay")(replay)
app.command("simulate")(simulate)
app.command("play")(play)
app.command("serve")(serve)
app.command("verify")(verify)


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"ramino {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_show_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
) -> None:
    """Ramino, the Italian rummy family."""
