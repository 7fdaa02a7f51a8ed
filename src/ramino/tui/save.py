"""Saving a match in progress and resuming it; writing its rounds as records for ``ramino replay``.

A save file is JSON, ``"format": "ramino-match"``: the players, the human's name, the computer's
strength, the match's seed and first dealer, and every round played so far as a game record
(:mod:`ramino.engine.record`, the last one possibly unfinished), and since version 2 every
re-entry offered between rounds with what was chosen. Resuming deals each round again from the
match's seed, replays its actions and the re-entry choices, so the table comes back exactly as it
was; each round is checked against its record on the way. A version 1 file (written before the
game offered re-entry) still loads: nobody re-entered in the rounds it holds.
"""

from __future__ import annotations

import errno
import json
from pathlib import Path
from typing import Any

from ..engine.errors import Localized, RaminoError, Reason, RecordError
from ..engine.record import Record, from_json, record_round, to_json, verify
from ..engine.text import UnreadableText, cut, load_json, shown
from ..house_rules import read_text_file
from ..words.inline import both, said
from .controller import LEVELS, BotFactory, MatchController, ReentryDecision

__all__ = [
    "FORMAT",
    "READ_VERSIONS",
    "VERSION",
    "export_paths",
    "export_records",
    "free_name",
    "io_words",
    "load_match",
    "match_from_json",
    "match_to_json",
    "save_match",
]

#: The ``format`` field of a save file.
FORMAT = "ramino-match"
#: The version of the save format written here (2 added ``reentry_decisions``).
VERSION = 2
#: The versions read here.
READ_VERSIONS = (1, 2)


def _bad(where: str, detail: Localized | RaminoError) -> RecordError:
    """A save file refused at ``where``: ``detail`` says why, in both languages."""
    return RecordError(Reason.BAD_RECORD, where=where, detail=detail)


def _records(game: MatchController) -> list[Record]:
    current = game.current_record()
    return [*game.records, *([current] if current is not None else [])]


def match_to_json(game: MatchController) -> str:
    """The match as the text of a save file.

    >>> from ramino.ai import RandomBot
    >>> from ramino.engine.presets import get_preset
    >>> bots = lambda level, *, seed=0, name=None: RandomBot(seed, name=name or "bot")
    >>> game = MatchController(get_preset("classico"), players=2, seed=4, bot_factory=bots)
    >>> _ = game.start_round()
    >>> _ = game.bot_step()
    >>> again = match_from_json(match_to_json(game), bot_factory=bots)
    >>> again.round.history == game.round.history, again.names
    (True, ('Giocatore', 'Bruno'))
    """
    records = _records(game)
    if not records:
        raise ValueError("no round has been dealt yet: nothing to save")
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "players": list(game.players),
        "human": game.human,
        "level": game.level,
        "seed": game.play.seed.hex(),
        "dealer": game.first_dealer,
        # Each round is a record in its own format, so the reader of records reads it back.
        "rounds": [json.loads(to_json(record)) for record in records],
        "reentry_decisions": [d.to_dict() for d in game.reentry_decisions],
    }
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def match_from_json(
    text: str, *, bot_factory: BotFactory | None = None, level: str | None = None
) -> MatchController:
    """The match saved in ``text``, its rounds replayed; ``level`` overrides the saved strength.

    Every defect raises :class:`RecordError` saying where it is (``rounds[2].actions[5]``).
    """
    try:
        data = load_json(text)
    except UnreadableText as error:
        raise RecordError(Reason.BAD_RECORD, where="JSON", detail=error.detail) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _bad(
            "format",
            both(
                'non è una partita salvata (serve "format": "{format}").',
                format=FORMAT,
            ),
        )
    version = data.get("version")
    # Compared by type too: JSON's true is not version 1, though Python's True == 1.
    if type(version) is not int or version not in READ_VERSIONS:
        raise _bad(
            "version",
            both(
                "la versione {version} non è letta da questo programma.",
                version=shown(version),
            ),
        )
    players = data.get("players")
    human = data.get("human")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise _bad("players", both("serve una lista di nomi."))
    if human not in players:
        raise _bad("human", both("non è uno dei giocatori."))
    saved_level = data.get("level")
    if saved_level not in LEVELS:
        raise _bad("level", both("livelli: {levels}.", levels=", ".join(LEVELS)))
    try:
        seed = bytes.fromhex(str(data.get("seed")))
    except ValueError:
        raise _bad("seed", both("serve il seme in esadecimale.")) from None
    dealer = data.get("dealer", 0)
    rounds = data.get("rounds")
    if type(dealer) is not int or not 0 <= dealer < len(players):
        raise _bad("dealer", both("non è un posto."))
    if not isinstance(rounds, list) or not rounds:
        raise _bad("rounds", both("serve almeno una smazzata."))
    decisions = _decisions(data.get("reentry_decisions", []), players)
    records = []
    for i, raw in enumerate(rounds):
        try:
            records.append(from_json(json.dumps(raw)))
        except RaminoError as error:
            raise _bad(f"rounds[{i}]", error) from None
    game = MatchController(
        records[0].rules,
        name=str(human),
        level=level or str(saved_level),
        seed=seed,
        bot_factory=bot_factory,
        names=players,
        dealer=dealer,
    )
    for i, record in enumerate(records):
        _resume_round(game, record, f"rounds[{i}]", last=i == len(records) - 1)
        if game.round is None:
            # The round ended: the choices made before the next deal, as they were made.
            for where, decision in decisions.pop(game.play.rounds, []):
                try:
                    game.decide_reentry(decision.player, decision.reenters)
                except RaminoError as error:
                    raise _bad(where, error) from None
    for stray in decisions.values():
        where = stray[0][0]
        raise _bad(where, both("non segue una smazzata finita."))
    # A bot out in the last round that has not chosen yet (a version 1 file) chooses now, as it
    # would in play; the human is asked by the game.
    game.decide_bot_reentries()
    return game


def _decisions(raw: object, players: list[str]) -> dict[int, list[tuple[str, ReentryDecision]]]:
    """The saved re-entry choices by the round they follow, each with where it is in the file."""
    if not isinstance(raw, list):
        raise _bad("reentry_decisions", both("serve una lista."))
    by_round: dict[int, list[tuple[str, ReentryDecision]]] = {}
    for i, item in enumerate(raw):
        where = f"reentry_decisions[{i}]"
        number = item.get("after_round") if isinstance(item, dict) else None
        player = item.get("player") if isinstance(item, dict) else None
        reenters = item.get("reenters") if isinstance(item, dict) else None
        if (
            not isinstance(number, int)
            or isinstance(number, bool)
            or number < 1
            or player not in players
            or not isinstance(reenters, bool)
        ):
            raise _bad(
                where,
                both(
                    'serve {{"after_round": N, "player": nome, "reenters": true/false}}.',
                ),
            )
        by_round.setdefault(number, []).append(
            (where, ReentryDecision(number, str(player), reenters))
        )
    return by_round


def _resume_round(game: MatchController, record: Record, where: str, *, last: bool) -> None:
    if game.is_over:
        raise _bad(where, both("la partita era già finita."))
    r = game.start_round()
    dealt = record_round(r, game.names)
    if (record.rules, record.players, record.seed, record.dealer, record.chips) != (
        game.rules,
        game.names,
        r.seed,
        r.dealer,
        dealt.chips,
    ) or record.on_table != dealt.on_table:
        raise _bad(
            where,
            both(
                "non è la smazzata che la partita distribuisce a questo punto.",
            ),
        )
    for number, action in enumerate(record.actions):
        try:
            game.replay_action(action)
        except RaminoError as error:
            raise _bad(f"{where}.actions[{number}]", error) from None
    if r.is_over:
        try:
            verify(record, r)
        except RaminoError as error:
            raise _bad(where, error) from None
        game.finish_round(bots_decide=False)
    elif not last:
        raise _bad(where, both("la smazzata non è finita."))


def load_match(
    path: str | Path, *, bot_factory: BotFactory | None = None, level: str | None = None
) -> MatchController:
    """The match saved in the file at ``path`` (see :func:`match_from_json`)."""
    try:
        text = read_text_file(path)
    except UnreadableText as error:
        raise RecordError(Reason.BAD_RECORD, where=cut(str(path)), detail=error.detail) from None
    return match_from_json(text, bot_factory=bot_factory, level=level)


def save_match(game: MatchController, path: str | Path) -> Path:
    """Write the save file; return its path."""
    target = Path(path)
    target.write_text(match_to_json(game), encoding="utf-8")
    return target


def export_paths(game: MatchController, path: str | Path) -> list[Path]:
    """The files :func:`export_records` writes: ``NAME-1.json``, ``NAME-2.json``, … beside
    ``path`` (its ``.json`` suffix dropped), one per finished round."""
    base = Path(path)
    stem = base.name.removesuffix(".json")
    return [base.with_name(f"{stem}-{n}.json") for n in range(1, len(game.records) + 1)]


def export_records(game: MatchController, path: str | Path) -> list[Path]:
    """Write each finished round as a game record for ``ramino replay`` (see
    :func:`export_paths`); return the files."""
    written = export_paths(game, path)
    for record, target in zip(game.records, written, strict=True):
        target.write_text(to_json(record), encoding="utf-8")
    return written


def free_name(path: str | Path) -> str:
    """``path`` if no file has that name, else the first free ``NAME-2.json``, ``NAME-3.json``…
    (a name offered for saving never points at an earlier save)."""
    target = Path(path)
    stem, suffix = target.stem, target.suffix
    number = 1
    while target.exists():
        number += 1
        target = target.with_name(f"{stem}-{number}{suffix}")
    return str(target)


def io_words(error: OSError, path: str | Path, lang: str) -> str:
    """Why ``path`` could not be written or read, in the player's words, in ``lang``."""
    name = cut(str(path))
    if error.errno == errno.ENOENT:
        return said(
            lang,
            "Non posso scrivere {name}: la cartella non esiste.",
            name=name,
        )
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return said(
            lang,
            "Non posso scrivere {name}: mancano i permessi.",
            name=name,
        )
    if error.errno == errno.EISDIR:
        return said(lang, "{name} è una cartella, non un file.", name=name)
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        return said(lang, "Non posso scrivere {name}: disco pieno.", name=name)
    if error.errno == errno.ENAMETOOLONG:
        return said(lang, "Il nome {name} è troppo lungo.", name=name)
    return said(
        lang,
        "Non posso scrivere {name} (errore {number}).",
        name=name,
        number=error.errno,
    )
