"""``ramino simulate``: bots play rounds or whole matches under some rules, and a summary says
who went out, how long the rounds lasted and how fast the engine decided. It is the smoke
test of every preset; the progress bar goes to stderr, the summary to stdout. The games are
counted as they end, so a run of any length keeps little in memory, and Ctrl-C stops it at
once (exit status 130), worker processes included.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import os
import re
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, NoReturn

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from ..ai.tournament import BACKENDS, BOTS, BotStats, GameOutcome, add_game, play_tournament
from ..engine.errors import RaminoError
from ..engine.round import Round
from ..engine.rules import Rules
from ..interrupts import deferred
from ..words.inline import said
from .common import (
    Lang,
    console,
    echo,
    fail,
    one_line,
    print_json,
    rules_for,
    usage_error,
)
from .parsing import json_option, lang_option, rules_option, worded_command

DEFAULT_ROUNDS = 10
DEFAULT_PLAYERS = 4
DEFAULT_BOT = "random"
#: The longest number an option takes: counts are printed (the progress bar, the summary), and
#: Python reads and prints no integer of more than 4300 digits; a thousand is past any run.
MAX_DIGITS = 1000
#: Games that would take thirty years at a thousand a second: the progress bar counts them
#: without a total, which would be too long to show beside the bar and never reached.
ENDLESS = 10**12


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
    chips: list[int] | None = None
    """Under rules with betting, the chips each seat won, less those lost: over every round,
    or, in matches, over every match (the chips it ends with, less those it started with)."""
    won_by_folds: int = 0
    """Under rules with betting, rounds in which all but one folded."""

    def __post_init__(self) -> None:
        self.went_out = [0] * self.seats
        self.winners = [0] * self.seats

    def add(self, game: GameOutcome, with_matches: bool) -> None:
        """Count one game of the tournament."""
        if with_matches:
            self.matches += 1
            if game.winner is not None:
                self.winners[game.winner] += 1
        for outcome in game.rounds:
            self.rounds += 1
            self.turns += outcome.turns
            self.decisions += sum(outcome.decisions)
            if outcome.out is None:
                self.ended_by_cap += 1
            elif outcome.all_folded:
                self.won_by_folds += 1
            else:
                self.went_out[outcome.table_seats[outcome.out]] += 1
            if outcome.chips and not (with_matches and game.chips):
                self._add_chips(outcome.table_seats, outcome.chips)
        if with_matches and game.chips:
            # A match's chips, not the sum of its hands': the chips left on the table at the
            # end are shared out by the match (RULES.md §6.1), so they add up to zero.
            self._add_chips(range(len(game.chips)), game.chips)

    def _add_chips(self, seats: Iterable[int], chips: Iterable[int]) -> None:
        if self.chips is None:
            self.chips = [0] * self.seats
        for seat, won in zip(seats, chips, strict=True):
            self.chips[seat] += won

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
        if self.chips is not None:
            data["won_by_folds"] = self.won_by_folds
            data["chips_won"] = {str(s): n for s, n in enumerate(self.chips)}
        return data


@worded_command("simulate")
@rules_option
# Numbers are read as text and checked by _whole: a number of thousands of digits is one line.
@click.option("--players", "-p", "players", default=None)
@click.option("--rounds", "-n", "rounds", default=None)
@click.option("--matches", "-m", "matches", default=None)
@click.option("--seed", "-s", "seed", default="0")
@click.option("--bots", "-b", "bots", default=None)
@click.option("--duplicate", "-d", "duplicate", is_flag=True, default=False)
@click.option("--workers", "-w", "workers", default="1")
@click.option("--backend", "backend", type=click.Choice(BACKENDS), default="local")
@click.option("--address", "address", default=None)
@json_option
@lang_option
def simulate(
    rules: str | None,
    players: str | None,
    rounds: str | None,
    matches: str | None,
    seed: str,
    bots: str | None,
    duplicate: bool,
    workers: str,
    backend: str,
    address: str | None,
    as_json: bool,
    lang: Lang,
) -> None:
    """Let bots play rounds or matches and summarise who went out, how each bot fared and how
    fast they played.

    The bots of --bots move on one seat each game (seat s holds bot (s − k) mod n in game k),
    so each one sits in every seat in turn; seat 0 deals every round, so a seat is a place
    relative to the dealer. With --duplicate each deal is played once per rotation, the same
    cards going to the same seats. A bot wins a round when it goes out; in a round stopped by
    a cap, when it alone holds the lowest count (as the rules score it): a tie is nobody's win.
    Per bot: with --matches, matches won with a 95% Wilson interval and the mean final
    total (played for chips, the mean chips won); rounds won with a 95% Wilson interval,
    mean penalty left in hand per round, mean time of one decision; a bot named for two
    seats counts both. These figures are shown
    (and added to --json as "bots") when --bots is given.

    Exit status: 0 done, 2 bad input (rules not playable yet, player count, bots, workers,
    a malformed number or seed), 130 stopped by Ctrl-C.
    """
    # Ctrl-C is noted and raised at a safe place (between two decisions, or while waiting for
    # the workers), never inside the engine nor the progress bar; the command exits 130 on it.
    with deferred():
        _simulate(
            rules, players, rounds, matches, seed, bots, duplicate, workers, backend, address,
            as_json, lang,
        )  # fmt: skip


def _simulate(
    rules: str | None,
    players_text: str | None,
    rounds_text: str | None,
    matches_text: str | None,
    seed: str,
    bots: str | None,
    duplicate: bool,
    workers_text: str,
    backend: str,
    address: str | None,
    as_json: bool,
    lang: Lang,
) -> None:
    rounds = None if rounds_text is None else _whole(rounds_text, "--rounds", lang)
    matches = None if matches_text is None else _whole(matches_text, "--matches", lang)
    players = None if players_text is None else _whole(players_text, "--players", lang)
    workers = _whole(workers_text, "--workers", lang)
    _check_seed(seed, lang)
    if rounds is not None and matches is not None:
        _usage(
            lang,
            said(lang, "dai --rounds oppure --matches, non entrambi."),
        )
    count = matches if matches is not None else rounds if rounds is not None else DEFAULT_ROUNDS
    if count < 1:
        option = "--matches" if matches is not None else "--rounds"
        _usage(
            lang,
            said(lang, "{option} vuole almeno 1, non {count}.", option=option, count=count),
        )
    if workers < 1:
        _usage(
            lang,
            said(lang, "--workers vuole almeno 1, non {workers}.", workers=workers),
        )
    try:
        table_rules = rules_for(rules)
        seats = players if players is not None else _default_players(table_rules)
        # Deal once to let the engine refuse rules it cannot play yet, or a bad player count.
        Round(table_rules, seats, seed=seed)
    except RaminoError as error:
        fail(error, lang)
    lineup = _lineup(bots or DEFAULT_BOT, seats, lang)
    # The games only compute: one process per processor keeps every one busy, more would only
    # add interpreters to start and memory to fill.
    if backend == "ray" and importlib.util.find_spec("ray") is None:
        _usage(
            lang,
            said(lang, "--backend ray vuole il pacchetto ray: installa ramino[ray]."),
        )
    if address is not None and backend != "ray":
        _usage(
            lang,
            said(lang, "--address vale solo con --backend ray."),
        )
    cores = _processors()
    # A cluster has its own processors; a local one gets at most this machine's.
    if workers > cores and address is None:
        _note(
            lang,
            said(lang, "--workers ridotto a {cores}, i processori a disposizione.", cores=cores),
        )
        workers = cores

    with_matches = matches is not None
    tally = Tally(seats)
    # The figures per bot come with --bots, as the winners come with --matches: a plain run
    # keeps the summary it has always printed.
    stats = {name: BotStats() for name in dict.fromkeys(lineup)} if bots is not None else None
    progress = _progress(as_json)
    label = said(lang, "partite") if with_matches else said(lang, "smazzate")
    start = time.perf_counter()
    total = count * (seats if duplicate else 1)
    with progress:
        task = progress.add_task(
            f"{table_rules.name} · {label}", total=total if total < ENDLESS else None
        )
        games = play_tournament(
            table_rules,
            lineup,
            count,
            seed=seed,
            duplicate=duplicate,
            matches=with_matches,
            workers=workers,
            on_progress=functools.partial(progress.advance, task),
            backend=backend,
            address=address,
        )
        with contextlib.closing(games):
            for game in games:
                tally.add(game, with_matches)
                if stats is not None:
                    add_game(stats, game)
    tally.seconds = time.perf_counter() - start
    if as_json:
        data = tally.to_dict(with_matches)
        if stats is not None:
            data["bots"] = {name: figures.to_dict() for name, figures in stats.items()}
        print_json(data)
    else:
        _print_summary(tally, table_rules, bots or DEFAULT_BOT, with_matches, duplicate, lang)
        if stats is not None:
            _print_bots(stats, lang)


def _whole(text: str, option: str, lang: Lang) -> int:
    """The whole number ``text`` gives ``option``; anything else, or a number longer than
    :data:`MAX_DIGITS`, is a user error."""
    number = text.strip()
    if not re.fullmatch(r"[+-]?[0-9]+(_[0-9]+)*", number):
        _usage(
            lang,
            said(
                lang,
                "{option} vuole un numero intero, non {text}.",
                option=option,
                text=_shown(text),
            ),
        )
    digits = sum(c.isdigit() for c in number)
    if digits > MAX_DIGITS:
        _usage(
            lang,
            said(
                lang,
                "{option} ammette al massimo {limit} cifre, non {digits}.",
                option=option,
                limit=MAX_DIGITS,
                digits=digits,
            ),
        )
    return int(number)


def _check_seed(seed: str, lang: Lang) -> None:
    """Any text is a seed (it is hashed), but one that UTF-8 can write."""
    try:
        seed.encode("utf-8")
    except UnicodeEncodeError:
        # Bytes of the command line that are not UTF-8 arrive as lone surrogates.
        _usage(
            lang,
            said(lang, "--seed contiene byte che non sono testo UTF-8: {seed}.", seed=_shown(seed)),
        )


def _shown(text: str) -> str:
    """``text`` quoted for an error line: escaped where it cannot be printed, cut if long."""
    return repr(text if len(text) <= 20 else text[:20] + "…")


def _processors() -> int:
    """The processors this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def _default_players(rules: Rules) -> int:
    return min(max(DEFAULT_PLAYERS, rules.min_players), rules.most_players)


def _lineup(spec: str, seats: int, lang: Lang) -> list[str]:
    """The bot for each seat from ``--bots``: one name for all, or one per seat."""
    names = [name.strip().lower() for name in spec.split(",")]
    for name in names:
        if name not in BOTS:
            _usage(
                lang,
                said(
                    lang,
                    "bot sconosciuto {name!r}: si può scegliere {bots}.",
                    name=name,
                    bots=", ".join(BOTS),
                ),
            )
    if len(names) == 1:
        names *= seats
    if len(names) != seats:
        _usage(
            lang,
            said(
                lang,
                "{names} bot per {seats} giocatori: dai un bot per tutti o uno per posto.",
                names=len(names),
                seats=seats,
            ),
        )
    return names


def _usage(lang: Lang, sentence: str) -> NoReturn:
    """A user error that is not the engine's: one line on stderr, exit 2."""
    usage_error(sentence, lang)


def _note(lang: Lang, sentence: str) -> None:
    """A change made to what was asked, said in one line on stderr before the run."""
    echo(said(lang, "nota: {sentence}", sentence=one_line(sentence)), err=True)


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


def _print_summary(
    tally: Tally, rules: Rules, bots: str, with_matches: bool, duplicate: bool, lang: Lang
) -> None:
    title = said(
        lang,
        "Simulazione · {rules}, {seats} giocatori, bot {bots}",
        rules=rules.name,
        seats=tally.seats,
        bots=bots,
    )
    if duplicate:
        title += said(lang, ", smazzate duplicate")
    table = Table(title=title, title_justify="left")
    table.add_column("", style="bold", no_wrap=True)
    table.add_column(said(lang, "valore"), justify="right")
    if with_matches:
        table.add_row(said(lang, "partite"), str(tally.matches))
        for seat, won in enumerate(tally.winners):
            table.add_row(said(lang, "partite vinte, posto {seat}", seat=seat), str(won))
    table.add_row(said(lang, "smazzate"), str(tally.rounds))
    for seat, out in enumerate(tally.went_out):
        table.add_row(said(lang, "chiuse dal posto {seat}", seat=seat), str(out))
    if rules.knock_limit is not None:
        # Gin rummy: a hand nobody knocked in is void at the wall, or stopped by a cap.
        unfinished = said(lang, "nulle o finite per un limite")
    else:
        unfinished = said(lang, "finite per un limite")
    table.add_row(unfinished, str(tally.ended_by_cap))
    if tally.chips is not None:
        table.add_row(
            said(lang, "vinte perché gli altri lasciano"),
            str(tally.won_by_folds),
        )
        for seat, won in enumerate(tally.chips):
            table.add_row(said(lang, "fiches vinte, posto {seat}", seat=seat), f"{won:+d}")
    data = tally.to_dict(with_matches)
    table.add_row(
        said(lang, "turni per smazzata (media)"),
        _figure(data["mean_turns"], ".2f", lang),
    )
    table.add_row(said(lang, "decisioni"), str(tally.decisions))
    table.add_row(
        said(lang, "decisioni al secondo"),
        _figure(data["decisions_per_second"], ".0f", lang),
    )
    if tally.decisions:
        per = tally.seconds / tally.decisions * 1e6
        table.add_row(said(lang, "µs per decisione"), _figure(per, ".0f", lang))
    console().print(table)


def _print_bot_matches(stats: dict[str, BotStats], lang: Lang) -> None:
    # A match played for chips ends with chips won or lost, not with a total on the sheet.
    chips = any(figures.match_chips for figures in stats.values())
    if chips:
        caption = said(
            lang, "le fiches sono quelle a fine partita, meno quelle di partenza (più è meglio)"
        )
        final = said(lang, "fiches finali medie ±")
    else:
        caption = said(lang, "il totale finale è quello del foglio a fine partita (meno è meglio)")
        final = said(lang, "totale finale medio")
    table = Table(
        title=said(lang, "Partite per bot"),
        title_justify="left",
        caption=caption,
        caption_justify="left",
    )
    table.add_column("bot", style="bold", no_wrap=True)
    table.add_column(said(lang, "partite"), justify="right")
    table.add_column(said(lang, "vinte"), justify="right")
    table.add_column(said(lang, "IC 95%"), justify="right")
    table.add_column(final, justify="right")
    for name, figures in stats.items():
        low, high = figures.match_ci95
        table.add_row(
            name,
            str(figures.matches),
            f"{figures.match_wins} ({_figure(figures.match_rate, '.1%', lang)})",
            _figure(low, ".1%", lang) + "–" + _figure(high, ".1%", lang),
            _figure(figures.mean_final_chips, "+.1f", lang)
            if chips
            else _figure(figures.mean_final, ".1f", lang),
        )
    console().print(table)


def _print_bots(stats: dict[str, BotStats], lang: Lang) -> None:
    """Each bot's figures, over every seat it held: its matches, if any, then its rounds."""
    if any(figures.matches for figures in stats.values()):
        _print_bot_matches(stats, lang)
    table = Table(
        title=said(lang, "Smazzate per bot"),
        title_justify="left",
        caption=said(
            lang,
            "vince chi chiude; in una smazzata fermata da un limite, il conto più basso"
            " da solo (pari: nessuno)",
        ),
        caption_justify="left",
    )
    table.add_column("bot", style="bold", no_wrap=True)
    table.add_column(said(lang, "smazzate"), justify="right")
    table.add_column(said(lang, "vinte"), justify="right")
    table.add_column(said(lang, "IC 95%"), justify="right")
    chips = any(figures.chips for figures in stats.values())
    if chips:
        table.add_column(said(lang, "fiches vinte"), justify="right")
        table.add_column(said(lang, "per smazzata, IC 95%"), justify="right")
    else:
        table.add_column(said(lang, "penalità media"), justify="right")
    table.add_column(said(lang, "ms per decisione"), justify="right")
    for name, figures in stats.items():
        low, high = figures.ci95
        row = [
            name,
            str(figures.rounds),
            f"{figures.wins} ({_figure(figures.win_rate, '.1%', lang)})",
        ]
        row.append(_figure(low, ".1%", lang) + "–" + _figure(high, ".1%", lang))
        if chips:
            chip_low, chip_high = figures.chips_ci95
            row.append(f"{figures.chips_won:+d}")
            row.append(
                f"{_figure(figures.mean_chips, '+.2f', lang)}"
                f" ({_figure(chip_low, '+.2f', lang)}…{_figure(chip_high, '+.2f', lang)})"
            )
        else:
            row.append(_figure(figures.mean_penalty, ".1f", lang))
        row.append(_figure(figures.mean_decision_ms, ".2f", lang))
        table.add_row(*row)
    console().print(table)


def _figure(value: float, spec: str, lang: Lang) -> str:
    """``value`` formatted by ``spec``, with the decimal comma in Italian (``18,50``,
    ``0,0%``); the JSON keeps its numbers.

    >>> _figure(18.5, ".2f", Lang.IT), _figure(0.125, ".1%", Lang.EN)
    ('18,50', '12.5%')
    """
    text = format(value, spec)
    return text.replace(".", ",") if lang is Lang.IT else text
