"""The Typer application: one ``ramino`` command, its sub-commands and ``--version``."""

from __future__ import annotations

from typing import Annotated

import typer

from .. import __version__
from .check import check
from .play import play
from .replay import replay
from .rules import rules
from .score import score
from .simulate import simulate

app = typer.Typer(
    name="ramino",
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
