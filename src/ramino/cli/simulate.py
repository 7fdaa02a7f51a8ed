"""``ramino simulate``: bots play rounds or whole matches under some rules, and a summary says
who went out, how long the rounds lasted and how fast the engine decided. It is the smoke
test of every preset; the progress bar goes to stderr, the summary to stdout.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from ..ai.bot import Bot, RandomBot, play_match, play_round
from ..engine.errors import RaminoError
from ..engine.match import RoundSheet
from ..engine.play import MatchPlay, round_seed, turns_played
from ..engine.round import Round, seed_bytes
from ..engine.rules import Rules
from .common import (
    EXIT_USAGE,
    JsonOption,
    Lang,
    LangOption,
    RulesOption,
    console,
    fail,
    one_line,
    pick,
    print_json,
    rules_for,
)

#: The bots ``--bots`` may name, each made from a seed.
BOTS: dict[str, Callable[[str], Bot]] = {"random": lambda seed: RandomBot(seed)}

DEFAULT_ROUNDS = 10
DEFAULT_PLAYERS = 4


@dataclass
class Tally:
    """What the summary counts, seat by seat (a seat is a player's place at the table)."""

    seats: int
    rounds: int = 0
    went_out: list[int] = field(default_factory=list)
    ended_by_cap: int = 0
    turns: int = 0
    decisions: int = 0
    seconds: float = 0.0
    matches: int = 0
    winners: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.went_out = [0] * self.seats
        self.winners = [0] * self.seats

    def add_round(self, round_: Round, seats: Sequence[int]) -> None:
        """Count an ended round whose seat ``s`` is the table's seat ``seats[s]``."""
        end = round_.end
        assert end is not None
        self.rounds += 1
        self.turns += turns_played(round_)
        self.decisions += len(round_.history)
        if end.out is None:
            self.ended_by_cap += 1
        else:
            self.went_out[seats[end.out]] += 1

    def to_dict(self, with_matches: bool) -> dict[str, Any]:
        data: dict[str, Any] = {
            "rounds": self.rounds,
            "went_out": {str(s): n for s, n in enumerate(self.went_out)},
            "ended_by_cap": self.ended_by_cap,
            "mean_turns": round(self.turns / self.rounds, 2) if self.rounds else 0.0,
            "decisions": self.decisions,
            "decisions_per_second": (
                round(self.decisions / self.seconds, 1) if self.seconds > 0 else 0.0
            ),
        }
        if with_matches:
            data["matches"] = self.matches
            data["winners"] = {str(s): n for s, n in enumerate(self.winners)}
        return data


def simulate(
    rules: RulesOption = None,
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-p",
            help="Players at the table (default: 4, or the nearest count the rules allow).",
            show_default=False,
        ),
    ] = None,
    rounds: Annotated[
        int | None,
        typer.Option(
            "--rounds",
            "-n",
            help=f"Rounds to play, the dealer rotating (default: {DEFAULT_ROUNDS}).",
            show_default=False,
        ),
    ] = None,
    matches: Annotated[
        int | None,
        typer.Option(
            "--matches",
            "-m",
            help="Play this many whole matches instead of --rounds.",
            show_default=False,
        ),
    ] = None,
    seed: Annotated[
        str,
        typer.Option("--seed", "-s", help="Seed of the deals and of the bots (a number or text)."),
    ] = "0",
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            "-b",
            help="One bot for every seat, or one per seat separated by commas"
            f" ({', '.join(BOTS)}).",
        ),
    ] = "random",
    as_json: JsonOption = False,
    lang: LangOption = Lang.IT,
) -> None:
    """Let bots play rounds or matches and summarise who went out and how fast they played.

    Exit status: 0 done, 2 bad input (rules not playable yet, player count, bots).
    """
    if rounds is not None and matches is not None:
        _usage(
            lang,
            "dai --rounds oppure --matches, non entrambi.",
            "give --rounds or --matches, not both.",
        )
    count = matches if matches is not None else rounds if rounds is not None else DEFAULT_ROUNDS
    if count < 1:
        option = "--matches" if matches is not None else "--rounds"
        _usage(
            lang,
            f"{option} vuole almeno 1, non {count}.",
            f"{option} needs at least 1, not {count}.",
        )
    try:
        table_rules = rules_for(rules)
        seats = players if players is not None else _default_players(table_rules)
        # Deal once to let the engine refuse rules it cannot play yet, or a bad player count.
        Round(table_rules, seats, seed=seed)
    except RaminoError as error:
        fail(error, lang)
    makers = _bot_makers(bots, seats, lang)

    progress = _progress(as_json)
    label = pick(
        lang,
        "partite" if matches is not None else "smazzate",
        "matches" if matches is not None else "rounds",
    )
    tally = Tally(seats)
    with progress:
        task = progress.add_task(f"{table_rules.name} · {label}", total=count)
        advance = functools.partial(progress.advance, task)
        start = time.perf_counter()
        if matches is None:
            _play_rounds(table_rules, seats, seed, makers, count, tally, advance)
        else:
            _play_matches(table_rules, seats, seed, makers, count, tally, advance)
        tally.seconds = time.perf_counter() - start
    if as_json:
        print_json(tally.to_dict(matches is not None))
    else:
        _print_summary(tally, table_rules, bots, matches is not None, lang)


def _play_rounds(
    rules: Rules,
    seats: int,
    seed: str,
    makers: Sequence[Callable[[str], Bot]],
    count: int,
    tally: Tally,
    advance: Callable[[], None],
) -> None:
    """``count`` independent rounds at one table, the deal passing to the next seat."""
    bots = [make(f"{seed}/bot/{s}") for s, make in enumerate(makers)]
    same_seats = range(seats)
    dealer = 0
    for number in range(1, count + 1):
        round_ = Round(rules, seats, seed=round_seed(seed, number), dealer=dealer)
        play_round(round_, bots)
        tally.add_round(round_, same_seats)
        dealer = round_.next_seat(dealer)
        advance()


def _play_matches(
    rules: Rules,
    seats: int,
    seed: str,
    makers: Sequence[Callable[[str], Bot]],
    count: int,
    tally: Tally,
    advance: Callable[[], None],
) -> None:
    """``count`` whole matches; player ``str(s)`` sits at seat ``s`` of the table."""
    names = [str(s) for s in range(seats)]
    for number in range(1, count + 1):
        match_seed = seed_bytes(seed) + b"/match/" + str(number).encode()
        game = MatchPlay(names, rules, seed=match_seed)
        bots = {
            name: make(f"{seed}/match/{number}/bot/{name}")
            for name, make in zip(names, makers, strict=True)
        }

        def count_round(round_: Round, sheet: RoundSheet, game: MatchPlay = game) -> None:
            tally.add_round(round_, [int(name) for name in game.names])

        play_match(game, bots, on_round=count_round)
        tally.matches += 1
        if game.winner is not None:
            tally.winners[int(game.winner)] += 1
        advance()


def _default_players(rules: Rules) -> int:
    return min(max(DEFAULT_PLAYERS, rules.min_players), rules.max_players)


def _bot_makers(spec: str, seats: int, lang: Lang) -> list[Callable[[str], Bot]]:
    """The bot for each seat from ``--bots``: one name for all, or one per seat."""
    names = [name.strip().lower() for name in spec.split(",")]
    for name in names:
        if name not in BOTS:
            _usage(
                lang,
                f"bot sconosciuto {name!r}: si può scegliere {', '.join(BOTS)}.",
                f"unknown bot {name!r}: the choices are {', '.join(BOTS)}.",
            )
    if len(names) == 1:
        names *= seats
    if len(names) != seats:
        _usage(
            lang,
            f"{len(names)} bot per {seats} giocatori: dai un bot per tutti o uno per posto.",
            f"{len(names)} bots for {seats} players: give one bot for all or one per seat.",
        )
    return [BOTS[name] for name in names]


def _usage(lang: Lang, it: str, en: str) -> NoReturn:
    """A user error that is not the engine's: one line on stderr, exit 2."""
    typer.echo(f"{pick(lang, 'errore', 'error')}: {one_line(pick(lang, it, en))}", err=True)
    raise typer.Exit(EXIT_USAGE)


def _progress(as_json: bool) -> Progress:
    """A progress bar on stderr, shown only on a terminal and never with --json."""
    err = Console(stderr=True)
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=as_json or not err.is_terminal,
    )


def _print_summary(tally: Tally, rules: Rules, bots: str, with_matches: bool, lang: Lang) -> None:
    title = pick(lang, "Simulazione", "Simulation") + (
        f" · {rules.name}, {tally.seats} " + pick(lang, "giocatori", "players") + f", bot {bots}"
    )
    table = Table(title=title, title_justify="left")
    table.add_column("", style="bold", no_wrap=True)
    table.add_column(pick(lang, "valore", "value"), justify="right")
    if with_matches:
        table.add_row(pick(lang, "partite", "matches"), str(tally.matches))
        for seat, won in enumerate(tally.winners):
            table.add_row(
                pick(lang, f"partite vinte, posto {seat}", f"matches won, seat {seat}"), str(won)
            )
    table.add_row(pick(lang, "smazzate", "rounds"), str(tally.rounds))
    for seat, out in enumerate(tally.went_out):
        table.add_row(pick(lang, f"chiuse dal posto {seat}", f"went out, seat {seat}"), str(out))
    table.add_row(pick(lang, "finite per un limite", "ended by a cap"), str(tally.ended_by_cap))
    data = tally.to_dict(with_matches)
    table.add_row(
        pick(lang, "turni per smazzata (media)", "mean turns per round"),
        f"{data['mean_turns']:.2f}",
    )
    table.add_row(pick(lang, "decisioni", "decisions"), str(tally.decisions))
    table.add_row(
        pick(lang, "decisioni al secondo", "decisions per second"),
        f"{data['decisions_per_second']:.0f}",
    )
    if tally.decisions:
        per = tally.seconds / tally.decisions * 1e6
        table.add_row(pick(lang, "µs per decisione", "µs per decision"), f"{per:.0f}")
    console().print(table)
