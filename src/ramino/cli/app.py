"""The ``ramino`` command: its sub-commands, ``--version`` and ``--lang``, on Click.

A command line that Click cannot parse is answered in one line of the command line's language
(:mod:`.usage`); every help is in that language too (:mod:`.parsing`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click

from .. import __version__
from .check import check
from .common import Lang, lang_in, lang_typed
from .parsing import LANG_KEY, TYPED_LANG_KEY, Worded, lang_option, line_lang
from .play import play
from .replay import replay
from .rules import rules
from .score import score
from .serve import serve
from .simulate import simulate
from .usage import MissingCommand, NoSuchCommand, one_line_errors
from .verify import verify

#: The exit status of a command stopped by Ctrl-C (128 + SIGINT, as shells report it).
EXIT_INTERRUPTED = 130
#: The sub-commands in the order ``ramino --help`` lists them.
ORDER = ("check", "rules", "score", "replay", "simulate", "play", "serve", "verify")


class Commands(Worded, click.Group):
    """``ramino``'s sub-commands, with Click's usage errors worded as one line of ours."""

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        # The whole command line is here, before any of it is parsed: its language is that of
        # every help and every usage error.
        with one_line_errors(lang_in(args)), _interrupt_exits(None):
            return super().make_context(info_name, args, parent, **extra)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        ctx.meta[LANG_KEY] = lang_in(args)
        ctx.meta[TYPED_LANG_KEY] = lang_typed(args)
        if not args:
            # `ramino` alone: the help, on stdout, and status 2 (no command was run).
            click.echo(ctx.get_help())
            ctx.exit(2)
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context) -> Any:
        with one_line_errors(line_lang(ctx)), _interrupt_exits(ctx):
            return super().invoke(ctx)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [name for name in ORDER if name in self.commands]

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0] if args else ""
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            raise NoSuchCommand(name, self.list_commands(ctx), ctx)
        return super().resolve_command(ctx, args)


@contextmanager
def _interrupt_exits(ctx: click.Context | None) -> Iterator[None]:
    # Ctrl-C while a command runs: the status of an interrupt, and no traceback nor the
    # "Aborted!" Click would print with status 1.
    try:
        yield
    except KeyboardInterrupt:
        if ctx is None:
            raise SystemExit(EXIT_INTERRUPTED) from None
        ctx.exit(EXIT_INTERRUPTED)


def _show_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        click.echo(f"ramino {__version__}")
        ctx.exit()


@click.group("ramino", cls=Commands, invoke_without_command=True)
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_show_version)
@lang_option
@click.pass_context
def app(ctx: click.Context, lang: Lang) -> None:
    """Ramino, the Italian rummy family (``--lang`` here words every help and error)."""
    if ctx.invoked_subcommand is None:
        raise MissingCommand(ctx)


for _command in (check, rules, score, replay, simulate, play, serve, verify):
    app.add_command(_command)
