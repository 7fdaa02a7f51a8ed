"""``ramino play``: a match against the computer in the terminal (a Textual application).

Bad options (unknown rules, a table size the rules refuse, a broken save file) are one line on
stderr before the game starts, like every other command.
"""

from __future__ import annotations

import enum
import secrets
import shlex

import click

from ..engine.errors import RaminoError, Reason, RecordError
from ..engine.rules import Rules
from ..engine.text import printable
from ..words.inline import said
from .common import (
    EXIT_USAGE,
    NO_TERMINAL,
    Lang,
    echo,
    exit_with,
    fail,
    has_terminal,
    rules_for,
    told,
    usage_error,
)
from .invoked import program
from .parsing import Number, lang_option, rules_option, worded_command
from .reasons import CliReason

#: Players at the table when ``--players`` is not given: you and two computer players.
DEFAULT_PLAYERS = 3
#: The longest name the table shows whole beside the cards and the totals.
MAX_NAME = 20


def default_players(rules: Rules) -> int:
    """Players when ``--players`` is not given: :data:`DEFAULT_PLAYERS`, or fewer where the
    rules seat fewer (gin rummy: two).

    >>> from ramino.engine import get_preset
    >>> default_players(get_preset("classico")), default_players(get_preset("gin"))
    (3, 2)
    """
    return max(rules.min_players, min(DEFAULT_PLAYERS, rules.most_players))


class Level(enum.StrEnum):
    """How strong the computer plays, by the levels' Italian names or their English ones
    (:data:`ramino.ai.levels.ENGLISH_LEVELS`)."""

    PRINCIPIANTE = "principiante"
    INTERMEDIO = "intermedio"
    ESPERTO = "esperto"
    BEGINNER = "beginner"
    INTERMEDIATE = "intermediate"
    EXPERT = "expert"


@worded_command("play")
@rules_option
# The rules say how many may sit, in the table's language (no bounds of Click's).
@click.option("--players", "-p", "players", type=int, default=None)
@click.option("--level", "level", type=click.Choice(Level, case_sensitive=False), default=None)
@click.option("--seed", "seed", type=int, default=None)
@click.option("--name", "name", default=None)
@click.option("--resume", "resume", default=None)
@click.option("--pause", "pause", type=Number(min=0.0), default=0.7)
@click.option("--four-colours", "four_colours", is_flag=True, default=False)
@click.option("--join", "join", default=None)
@click.option("--token", "token", default=None)
@click.option("--server", "server", default=None)
@click.option("--computers", "computers", type=click.IntRange(min=0), default=0)
@lang_option
def play(
    rules: str | None,
    players: int | None,
    level: Level | None,
    seed: int | None,
    name: str | None,
    resume: str | None,
    pause: float,
    four_colours: bool,
    join: str | None,
    token: str | None,
    server: str | None,
    computers: int,
    lang: Lang,
) -> None:
    """Play Ramino against the computer in the terminal: your hand, the table, the score sheet.

    Online: --server URL creates a private table on a ramino serve and shows its link to send;
    --join LINK --name NAME sits at one; --join LINK --token TOKEN comes back to your seat.

    Keys: t draw, p take the discard, space picks cards, c lay, a attach, j take a joker back,
    s discard, m go out by showing the hand, v call, l fold, + raise (pokerato), h hint,
    r rules, ? every key, q quit (mid-match it offers to save).
    """
    try:
        from ..tui.app import RaminoApp
        from ..tui.controller import DEFAULT_NAME, MatchController
        from ..tui.save import load_match
    except ImportError as error:  # pragma: no cover - the cli extra brings Textual
        if error.name is None or not error.name.startswith("textual"):
            raise
        click.echo(said(lang, "ramino play vuole Textual: pip install 'ramino[cli]'"), err=True)
        exit_with(EXIT_USAGE)
    chosen = level.value if level is not None else None
    if join is not None or server is not None or token is not None or computers:
        _online(
            join,
            server,
            token,
            rules,
            players,
            computers,
            chosen,
            seed,
            name,
            resume,
            lang,
            four_colours,
        )
        return
    if resume is not None:
        given = [
            option
            for option, value in (
                ("--rules", rules),
                ("--players", players),
                ("--seed", seed),
                ("--name", name),
            )
            if value is not None
        ]
        if given:
            # A saved match is played on as it was; only the computer's strength may change.
            options = ", ".join(given)
            usage_error(
                said(
                    lang,
                    "--resume riprende la partita con le sue regole, i suoi giocatori e il suo"
                    " seme; togli {options}.",
                    options=options,
                ),
                lang,
            )
    # A name, not "Tu": saves and records keep it (the table says "Tu" to the human anyway).
    # The controller's DEFAULT_NAME, in the player's language.
    you = (name or "").strip() or said(lang, DEFAULT_NAME)
    _check_length(you, lang)
    try:
        if resume is not None:
            try:
                game = load_match(resume, level=chosen)
            except RecordError as error:
                raise saved_match_error(error) from None
        else:
            chosen_rules = rules_for(rules)
            game = MatchController(
                chosen_rules,
                players=players if players is not None else default_players(chosen_rules),
                name=you,
                level=chosen or Level.INTERMEDIO.value,
                seed=seed if seed is not None else secrets.randbits(64),
            )
        if game.round is None and not game.is_over and not game.human_out:
            # Dealt here so that a table the rules refuse is reported before the screen opens.
            game.start_round()
    except RaminoError as error:
        fail(error, lang)
    if not has_terminal():
        # Without one, Textual fails on a closed stdin, or draws into a pipe and waits forever.
        usage_error(NO_TERMINAL(lang), lang)
    app = RaminoApp(game, lang=lang.value, pause=pause, save_path=resume, four_colours=four_colours)
    app.run()
    if app.saved_to is not None:
        # The command as it can be typed again from here (make play runs .venv/bin/ramino).
        again = f"{program()} play --resume {shlex.quote(app.saved_to)}"
        echo(
            said(
                lang,
                "Partita salvata in {saved_to}. Per riprenderla: {again}",
                saved_to=app.saved_to,
                again=again,
            )
        )


def saved_match_error(error: RecordError) -> RaminoError:
    """A save file refused: called a saved match, which is what the player made, rather than
    a record (``ramino replay``'s files), and said in one sentence (:func:`told`)."""
    whole = told(error)  # first, while the wrappers are all records
    if whole.reason is not Reason.BAD_RECORD:
        return whole
    return RecordError(CliReason.BAD_SAVED_MATCH, cards=whole.cards, **whole.params)


def _online(
    join: str | None,
    server: str | None,
    token: str | None,
    rules: str | None,
    players: int | None,
    computers: int,
    level: str | None,
    seed: int | None,
    name: str | None,
    resume: str | None,
    lang: Lang,
    four_colours: bool,
) -> None:
    """``ramino play`` at an online table: the options that make sense there, then the table."""
    from .online import play_online

    if join is not None and server is not None:
        usage_error(
            said(lang, "--join e --server non vanno insieme."),
            lang,
        )
    if token is not None and join is None:
        usage_error(said(lang, "--token va con --join LINK."), lang)
    if computers and join is None and server is None:
        # At home every other seat is the computer's already: --players counts them.
        usage_error(said(lang, "--computers va con --server URL."), lang)
    wrong = [
        option for option, value in (("--resume", resume), ("--seed", seed)) if value is not None
    ]
    if join is not None:
        wrong += [
            option
            for option, value in (("--rules", rules), ("--players", players), ("--level", level))
            if value is not None
        ]
        wrong += ["--computers"] if computers else []
    if wrong:
        # The server keeps the table: its rules, seats and deals are its own.
        listed = ", ".join(wrong)
        usage_error(
            said(
                lang,
                "a un tavolo online il server tiene regole, posti e smazzate; togli {listed}.",
                listed=listed,
            ),
            lang,
        )
    nickname = None if name is None else " ".join(name.split())
    if nickname is not None and printable(nickname) != nickname:
        usage_error(
            said(lang, "il nome ha caratteri di controllo, che al tavolo non si stampano."),
            lang,
        )
    if nickname is not None:
        _check_length(nickname, lang)
    table_rules = None
    if server is not None:
        try:
            table_rules = rules_for(rules)
        except RaminoError as error:
            fail(error, lang)
    play_online(
        join=join,
        server=server,
        token=token,
        rules=table_rules,
        players=players if players is not None else 2,
        computers=computers,
        level=level or Level.INTERMEDIO.value,
        name=nickname,
        lang=lang,
        four_colours=four_colours,
    )


def _check_length(name: str, lang: Lang) -> None:
    """A name the table shows whole beside the cards and the totals, or a usage error."""
    if len(name) > MAX_NAME:
        usage_error(
            said(
                lang,
                "il nome è troppo lungo per il tavolo: al massimo {limit} caratteri.",
                limit=MAX_NAME,
            ),
            lang,
        )
