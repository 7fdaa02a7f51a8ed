"""House rules: where they come from (files on disk, a page's changes) and which knobs bear
on a table's rules.

:func:`read_text_file` reads a text file with a size cap and refuses what is not a file (a
folder, ``/dev/zero``, a pipe); :func:`resolve_rules` turns what a user types (``scala-40``,
``casa.toml``) into :class:`Rules`, the parsing and checking itself being
:mod:`ramino.engine.rules_file`. :func:`knob_applies` says whether a knob can change anything
at a table (the jolly's penalty cannot where the deck has no jolly), and :func:`house_rules`
builds a table's rules from a preset and a page's changes, refusing a change that would
change nothing.
"""

from __future__ import annotations

import dataclasses
import enum
import errno
import functools
import os
import stat
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, BinaryIO, get_type_hints

from .engine.errors import Localized, Reason, ReasonCode, RulesError
from .engine.presets import get_preset
from .engine.rules import (
    KNOB_RANGES,
    AceInRuns,
    AttachableDiscard,
    Betting,
    MatchEnd,
    Rules,
    RummyBonus,
    knob_names,
)
from .engine.rules_file import rules_from_mapping, rules_from_toml
from .engine.text import UnreadableText

__all__ = [
    "CHOICE_KEEPS",
    "CHOICE_NEEDS",
    "HOLDS",
    "KNOB_NEEDS",
    "MAX_FILE_BYTES",
    "SWITCH_NEEDS",
    "HouseRulesReason",
    "Need",
    "applicable_knobs",
    "check_changes_apply",
    "dropping_what_bears_on_nothing",
    "editor_change",
    "house_rules",
    "is_file",
    "knob_applies",
    "load_rules",
    "moot_changes",
    "open_values",
    "read_text_file",
    "read_text_stream",
    "resolve_rules",
    "unmet_need",
]

#: The most bytes read from one file or from standard input: far more than any house-rules
#: file, score sheet or game record holds, and little enough to read at once.
MAX_FILE_BYTES = 4 * 1024 * 1024

NO_SUCH_FILE: Localized = ("il file non esiste.", "no such file.")
_NOT_FOUND: Localized = ("file non trovato.", "file not found.")

# Opened without waiting: opening a pipe nobody writes to would block before it can be refused.
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


def read_text_file(
    path: str | os.PathLike[str], *, limit: int = MAX_FILE_BYTES, missing: Localized = NO_SUCH_FILE
) -> str:
    """The UTF-8 text of the regular file at ``path`` (a leading byte-order mark dropped).

    Anything else raises :class:`UnreadableText` saying why, in a line: no such file
    (``missing``), a folder, a device or a pipe (``/dev/zero`` never ends), more than
    ``limit`` bytes, bytes that are not UTF-8, a name the system refuses.

    >>> read_text_file("/dev/zero")
    Traceback (most recent call last):
    ...
    ramino.engine.text.UnreadableText: it is not a file but a device or a pipe.
    """
    try:
        descriptor = os.open(path, _OPEN_FLAGS)
    except (FileNotFoundError, NotADirectoryError):
        raise UnreadableText(missing) from None
    except PermissionError:
        raise UnreadableText(
            ("non si può leggere: permesso negato.", "cannot be read: permission denied.")
        ) from None
    except OSError as error:
        raise UnreadableText(_os_detail(error)) from None
    except UnicodeEncodeError:
        raise UnreadableText(
            (
                "il nome ha un carattere che nessun nome di file può avere.",
                "the name holds a character no file name can hold.",
            )
        ) from None
    except ValueError:  # a null character in the name
        raise UnreadableText(
            ("il nome contiene un carattere nullo.", "the name holds a null character.")
        ) from None
    try:
        _check_regular(os.fstat(descriptor).st_mode)
        with open(descriptor, "rb", closefd=False) as file:
            return read_text_stream(file, limit=limit)
    finally:
        os.close(descriptor)


def _check_regular(mode: int) -> None:
    if stat.S_ISDIR(mode):
        raise UnreadableText(("è una cartella, non un file.", "it is a directory, not a file."))
    if not stat.S_ISREG(mode):
        raise UnreadableText(
            (
                "non è un file ma un dispositivo o una pipe.",
                "it is not a file but a device or a pipe.",
            )
        )


def read_text_stream(stream: BinaryIO, *, limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of ``stream`` (standard input, say), refused past ``limit`` bytes or when
    it is not UTF-8, as :func:`read_text_file` refuses a file."""
    try:
        data = stream.read(limit + 1)
    except OSError as error:
        raise UnreadableText(_os_detail(error)) from None
    if len(data) > limit:
        size = f"{limit / 1024 / 1024:g} MB"
        raise UnreadableText((f"è troppo grande: più di {size}.", f"it is too big: over {size}."))
    try:
        # utf-8-sig: editors on Windows like to start the file with a byte-order mark.
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise UnreadableText(
            (
                f"non è testo UTF-8 (byte non valido alla posizione {error.start}).",
                f"it is not UTF-8 text (invalid byte at position {error.start}).",
            )
        ) from None


def _os_detail(error: OSError) -> Localized:
    if error.errno == errno.ENAMETOOLONG:
        return ("il nome è troppo lungo.", "the name is too long.")
    reason = error.strerror or type(error).__name__
    return (f"non si può leggere ({reason}).", f"cannot be read ({reason}).")


def is_file(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` names an existing file (not a folder): ``False``, not an error, for a
    name the system refuses (too long, a null character).

    >>> is_file("x" * 5000), is_file("nul\\x00")
    (False, False)
    """
    try:
        return Path(path).is_file()
    except (OSError, ValueError):
        return False


def load_rules(path: str | os.PathLike[str]) -> Rules:
    """The house rules in the TOML file at ``path`` (UTF-8; a leading BOM is accepted).

    A file that cannot be read (see :func:`read_text_file`) raises :class:`RulesError`
    ``BAD_RULES_FILE``; mistakes inside it raise the errors of
    :func:`ramino.engine.rules_file.rules_from_toml`. Unless the file says ``name = ...``, the
    rules are named after the file's stem.
    """
    try:
        text = read_text_file(path, missing=_NOT_FOUND)
    except UnreadableText as error:
        raise RulesError(Reason.BAD_RULES_FILE, path=os.fspath(path), detail=error.detail) from None
    return rules_from_toml(text, source=os.fspath(path))


def _looks_like_path(spec: str) -> bool:
    separators = {os.sep, "/"} | ({os.altsep} if os.altsep else set())
    return spec.lower().endswith(".toml") or any(sep in spec for sep in separators)


def _expanded(spec: str) -> str:
    """``spec`` with a leading ``~`` made the home folder; as it is when the system cannot
    look the user up (a null character in the name)."""
    try:
        return os.path.expanduser(spec)
    except ValueError:
        return spec


def resolve_rules(spec: str) -> Rules:
    """Rules from what a user typed: a preset name or the path of a house-rules file.

    Something that looks like a path (it ends in ``.toml`` or holds a separator) is always a
    file; otherwise a preset name (case, ``_`` and spaces do not matter), or else an existing
    file of that name. Neither: the unknown-preset error, which lists the presets.

    >>> resolve_rules("Scala_40").opening_threshold
    40
    >>> resolve_rules("nessuna.toml")
    Traceback (most recent call last):
    ...
    ramino.engine.errors.RulesError: File delle regole 'nessuna.toml' non valido: file non trovato.
    """
    expanded = _expanded(spec)
    if _looks_like_path(spec):
        return load_rules(expanded)
    try:
        return get_preset(spec)
    except RulesError:
        if is_file(expanded):
            return load_rules(expanded)
        raise


# --- which knobs bear on a table's rules ---


class Need(enum.StrEnum):
    """A condition some knobs need before their value can change play or the count.

    Each is a question on the knob values alone, never on the preset's name: see
    :data:`KNOB_NEEDS` for the knobs that need it and :func:`knob_applies` for the answer.
    """

    NO_KNOCKING = "no_knocking"
    """Nobody goes out by knocking (``knock_limit`` is ``None``): not gin rummy."""
    KNOCKING = "knocking"
    """Players go out by knocking (gin rummy)."""
    KNOCK_ALLOWED = "knock_allowed"
    """Knocking is possible: two players, nothing laid during play, no betting (whether
    they knock is then the knock limit's to say)."""
    MELDING = "melding"
    """Melds are laid during play (``melding_during_play``)."""
    SHOWING = "showing"
    """Nothing is laid during play and nobody knocks: one goes out by showing the whole hand
    (pokerato, Casertano)."""
    ATTACHING = "attaching"
    """Cards are attached to melds on the table: during play, or as gin rummy's lay-offs."""
    JOKERS = "jokers"
    """The deck holds jollies, at some table size the rules allow."""
    JOKER_IN_MELDS = "joker_in_melds"
    """A jolly may stand in a meld: one of the deck, or the imaginary one."""
    NO_JOKER_CARDS = "no_joker_cards"
    """The deck holds no jolly and does not change with the table size."""
    IMAGINARY = "imaginary"
    """The jolly is imagined (pokerato immaginario)."""
    JOKER_SWAP = "joker_swap"
    """A laid jolly may be taken back."""
    SWAP_BEFORE_OPENING = "swap_before_opening"
    """A jolly may be taken back before the player has opened."""
    SWAP_AFTER_OPENING = "swap_after_opening"
    """A jolly may be taken back only by a player who has opened."""
    OPENING_POINTS = "opening_points"
    """The opening must reach some points (``opening_threshold`` above 0)."""
    FREE_OPENING = "free_opening"
    """The opening needs no points."""
    NO_CONTRACTS = "no_contracts"
    """No round has a contract (not carioca)."""
    ATTACH_BEFORE_OPENING = "attach_before_opening"
    """A player may attach cards before he has opened."""
    ATTACHABLE_DISCARD_BARRED = "attachable_discard_barred"
    """A card that could be attached may not be discarded (``attachable_discard`` is
    ``forbidden``), from some table size on."""
    MORE_THAN_TWO = "more_than_two"
    """More than two may sit: with two, turning either way is the same."""
    HIGH_ACE = "high_ace"
    """The ace may stand above the king in a run."""
    TWO_PACKS = "two_packs"
    """The deck has at least two packs at every table size, so seven cards of a rank exist."""
    FLUSH_CLOSE = "flush_close"
    """One may go out with a flush: the flush close during play, or a shown *colore*."""
    NO_WALL = "no_wall"
    """The stock has no wall: it may run out."""
    RESTOCKS = "restocks"
    """An empty stock may be made up again from the discard pile."""
    BETTING = "betting"
    """Chips are bet on each hand (pokerato)."""
    NO_BETTING = "no_betting"
    """No chips are bet on the hands."""
    LOSERS_COUNT = "losers_count"
    """Each round is counted as ramino counts it: the players who did not go out add their
    hands' points (no betting, and the points do not go to the winner)."""
    POINTS_TO_WINNER = "points_to_winner"
    """Each hand's points go to its winner (gin rummy's match)."""
    ADD_BONUS = "add_bonus"
    """Going out in one turn adds points to the others (``rummy_bonus`` is ``add``)."""
    ELIMINATION = "elimination"
    """Whoever reaches the target is out (``match_end`` is ``elimination``)."""
    REENTRY = "reentry"
    """An eliminated player may re-enter."""
    OUT_AT_TARGET = "out_at_target"
    """Reaching the target puts a player out: elimination, or an exit score in a match of a
    fixed number of rounds counted in points (carioca's optional target)."""
    FIXED_ROUNDS = "fixed_rounds"
    """The match lasts a set number of rounds."""


def _decks(r: Rules) -> list[tuple[int, int]]:
    """The ``(packs, jollies)`` of every table size the rules allow."""
    return [r.deck_for(players) for players in range(r.min_players, r.max_players + 1)]


def _jokers(r: Rules) -> bool:
    return any(jokers > 0 for _, jokers in _decks(r))


def _showing(r: Rules) -> bool:
    return not r.melding_during_play and r.knock_limit is None


def _counted(r: Rules) -> bool:
    return r.betting is Betting.NONE and r.match_end is not MatchEnd.POINTS_TO_TARGET


#: Whether each condition holds for a rules value.
HOLDS: dict[Need, Callable[[Rules], bool]] = {
    Need.NO_KNOCKING: lambda r: r.knock_limit is None,
    Need.KNOCKING: lambda r: r.knock_limit is not None,
    Need.KNOCK_ALLOWED: lambda r: (
        not r.melding_during_play and r.max_players == 2 and r.betting is Betting.NONE
    ),
    Need.MELDING: lambda r: r.melding_during_play,
    Need.SHOWING: _showing,
    Need.ATTACHING: lambda r: r.melding_during_play or (r.knock_limit is not None and r.layoffs),
    Need.JOKERS: _jokers,
    Need.JOKER_IN_MELDS: lambda r: _jokers(r) or r.imaginary_joker,
    Need.NO_JOKER_CARDS: lambda r: r.jokers == 0 and not r.deck_by_players,
    Need.IMAGINARY: lambda r: r.imaginary_joker,
    Need.JOKER_SWAP: lambda r: r.joker_swap,
    Need.SWAP_BEFORE_OPENING: lambda r: not r.joker_swap_needs_opened,
    Need.SWAP_AFTER_OPENING: lambda r: r.joker_swap_needs_opened,
    Need.OPENING_POINTS: lambda r: r.opening_threshold > 0,
    Need.FREE_OPENING: lambda r: r.opening_threshold == 0,
    Need.NO_CONTRACTS: lambda r: not r.contracts,
    Need.ATTACH_BEFORE_OPENING: lambda r: r.attach_before_opening,
    Need.ATTACHABLE_DISCARD_BARRED: lambda r: r.attachable_discard is AttachableDiscard.FORBIDDEN,
    Need.MORE_THAN_TWO: lambda r: r.max_players > 2,
    Need.HIGH_ACE: lambda r: r.ace_in_runs is AceInRuns.LOW_OR_HIGH,
    Need.TWO_PACKS: lambda r: min(packs for packs, _ in _decks(r)) >= 2,
    Need.FLUSH_CLOSE: lambda r: (
        (r.melding_during_play and r.flush_close) or (_showing(r) and r.flush_meld)
    ),
    Need.NO_WALL: lambda r: r.wall_stock is None,
    Need.RESTOCKS: lambda r: r.max_restocks != 0,
    Need.BETTING: lambda r: r.betting is not Betting.NONE,
    Need.NO_BETTING: lambda r: r.betting is Betting.NONE,
    Need.LOSERS_COUNT: _counted,
    Need.POINTS_TO_WINNER: lambda r: r.match_end is MatchEnd.POINTS_TO_TARGET,
    Need.ADD_BONUS: lambda r: r.rummy_bonus is RummyBonus.ADD,
    Need.ELIMINATION: lambda r: r.match_end is MatchEnd.ELIMINATION,
    Need.REENTRY: lambda r: r.reentry,
    Need.OUT_AT_TARGET: lambda r: (
        r.match_end is MatchEnd.ELIMINATION
        or (
            r.match_end is MatchEnd.FIXED_ROUNDS
            and r.target is not None
            and r.betting is Betting.NONE
        )
    ),
    Need.FIXED_ROUNDS: lambda r: r.match_end is MatchEnd.FIXED_ROUNDS,
}

#: The type of every knob's value.
_FIELD_TYPES: dict[str, Any] = get_type_hints(Rules)

_N = Need
#: What each knob needs to bear on play or on the count: all of its conditions must hold; a
#: knob that needs nothing applies to every table. Worked out from how the engine reads each
#: knob: a knob applies when its value makes a difference to a move allowed or a point
#: counted under the other knobs' values. One whose value the others make moot does not (the
#: opening's threshold where nothing is laid during play, the wrap of runs where the ace is
#: low only, the jolly's penalty where no jolly is dealt); one whose value is the only one the
#: others allow, yet tells how the game goes, does (gin rummy's two players, nothing laid
#: during play).
KNOB_NEEDS: dict[str, tuple[Need, ...]] = {
    # --- deck and deal ---
    "decks": (),
    "jokers": (),
    # A row from the fewest players on replaces the deck of every table: never moot.
    "deck_by_players": (),
    "min_players": (),
    "max_players": (),
    "hand_size": (),
    "hand_size_by_players": (),
    "direction": (_N.MORE_THAN_TWO,),
    "joker_upcard": (_N.JOKERS,),
    # --- melds ---
    "max_jokers_per_meld": (_N.JOKERS,),
    "min_natural_cards": (_N.JOKER_IN_MELDS,),
    "set_suits": (),
    "set_max": (),
    "run_max": (_N.KNOCKING,),
    "run_wrap": (_N.HIGH_ACE,),
    "ace_in_runs": (),
    "flush_meld": (),
    "ambiguous_joker": (_N.JOKER_IN_MELDS,),
    # --- taking back a jolly ---
    "joker_swap": (_N.JOKERS, _N.MELDING),
    "joker_swap_needs_opened": (_N.JOKERS, _N.MELDING, _N.JOKER_SWAP),
    # Under a contract nothing goes down in the opening's turn after it anyway.
    "joker_swap_waits_a_turn": (
        _N.JOKERS,
        _N.MELDING,
        _N.JOKER_SWAP,
        _N.SWAP_AFTER_OPENING,
        _N.NO_CONTRACTS,
    ),
    "retrieved_joker": (_N.JOKERS, _N.MELDING, _N.JOKER_SWAP),
    "set_joker_swap": (_N.JOKERS, _N.ATTACHING),
    "swap_counts_for_opening": (
        _N.JOKERS,
        _N.MELDING,
        _N.JOKER_SWAP,
        _N.SWAP_BEFORE_OPENING,
        _N.OPENING_POINTS,
    ),
    # --- opening ---
    "opening_threshold": (_N.MELDING, _N.NO_CONTRACTS),
    "opening_joker_value": (_N.JOKERS, _N.MELDING, _N.OPENING_POINTS),
    "opening_counts_attachments": (_N.MELDING, _N.OPENING_POINTS, _N.ATTACH_BEFORE_OPENING),
    "opening_jokers": (_N.JOKERS, _N.MELDING),
    # Under a contract nothing but the opening goes down before it (carioca).
    "attach_before_opening": (_N.MELDING, _N.NO_CONTRACTS),
    "rummy_on_first_turn": (_N.NO_KNOCKING,),
    # --- taking the discard ---
    "discard_pickup": (),
    "rediscard_taken_card": (),
    "attachable_discard": (_N.MELDING,),
    "attachable_discard_min_players": (_N.MELDING, _N.ATTACHABLE_DISCARD_BARRED),
    # --- going out ---
    "final_discard": (_N.NO_KNOCKING,),
    "rummy_bonus": (_N.NO_KNOCKING, _N.LOSERS_COUNT),
    "rummy_bonus_points": (_N.NO_KNOCKING, _N.LOSERS_COUNT, _N.ADD_BONUS),
    "flush_close": (_N.MELDING,),
    "lay_after_close": (_N.NO_KNOCKING, _N.LOSERS_COUNT),
    "melding_during_play": (),
    "imaginary_joker": (_N.SHOWING, _N.NO_JOKER_CARDS),
    "own_card_joker": (_N.IMAGINARY,),
    "seven_of_a_kind_wins": (_N.SHOWING, _N.TWO_PACKS),
    # --- stock exhausted ---
    "restock": (_N.NO_WALL, _N.RESTOCKS),
    "max_restocks": (_N.NO_WALL,),
    "max_turns": (),
    "on_round_cap": (_N.LOSERS_COUNT,),
    # --- count and match ---
    "ace_penalty": (_N.NO_BETTING,),
    "joker_penalty": (_N.JOKERS, _N.NO_BETTING),
    "rounding": (_N.LOSERS_COUNT,),
    "messa": (_N.LOSERS_COUNT,),
    # A target ends the match or, in a fixed number of rounds, puts players out: not in a
    # match of chips.
    "target": (_N.NO_BETTING,),
    "match_end": (),
    "match_rounds": (_N.FIXED_ROUNDS,),
    "reentry": (_N.OUT_AT_TARGET,),
    "max_reentries": (_N.OUT_AT_TARGET, _N.REENTRY),
    "reentry_stake": (_N.OUT_AT_TARGET, _N.REENTRY),
    "simultaneous_bust": (_N.ELIMINATION,),
    "close_points": (_N.LOSERS_COUNT,),
    "close_points_flush": (_N.LOSERS_COUNT, _N.FLUSH_CLOSE),
    "close_points_straight": (_N.LOSERS_COUNT, _N.SHOWING),
    "close_credits": (_N.LOSERS_COUNT,),
    "close_credits_flush": (_N.LOSERS_COUNT, _N.FLUSH_CLOSE),
    "close_credits_straight": (_N.LOSERS_COUNT, _N.SHOWING),
    # --- pokerato and carioca ---
    "betting": (_N.NO_KNOCKING,),
    "starting_chips": (_N.BETTING,),
    "blind": (_N.BETTING,),
    "raise_unit": (_N.BETTING,),
    "max_raises": (_N.BETTING,),
    "flush_stake_multiplier": (_N.BETTING, _N.FLUSH_CLOSE),
    "straight_flush_stake_multiplier": (_N.BETTING, _N.SHOWING),
    "royal_stake_multiplier": (_N.BETTING, _N.SHOWING),
    "contracts": (_N.MELDING, _N.FREE_OPENING),
    "hand_stake": (_N.LOSERS_COUNT,),
    # --- gin rummy ---
    "knock_limit": (_N.KNOCK_ALLOWED,),
    "oklahoma": (_N.KNOCKING,),
    "spade_upcard_doubles": (_N.KNOCKING,),
    "gin_bonus": (_N.KNOCKING,),
    "big_gin_bonus": (_N.KNOCKING,),
    "undercut_bonus": (_N.KNOCKING,),
    "undercut_on_tie": (_N.KNOCKING,),
    "layoffs": (_N.KNOCKING,),
    "wall_stock": (_N.KNOCKING,),
    # The engine's loop guards and the upcard's offer work at any table.
    "max_pile_takes": (),
    "void_rethrows": (),
    "first_upcard_offer": (),
    "box_bonus": (_N.POINTS_TO_WINNER,),
    "game_bonus": (_N.POINTS_TO_WINNER,),
    "shutout_doubles": (_N.POINTS_TO_WINNER,),
}


def unmet_need(name: str, rules: Rules) -> Need | None:
    """The first condition knob ``name`` needs that ``rules`` do not meet, or ``None`` when
    the knob applies.

    >>> from ramino.engine.presets import get_preset
    >>> unmet_need("joker_penalty", get_preset("gin"))
    <Need.JOKERS: 'jokers'>
    >>> unmet_need("joker_penalty", get_preset("classico")) is None
    True
    """
    for need in KNOB_NEEDS[name]:
        if not HOLDS[need](rules):
            return need
    return None


def knob_applies(name: str, rules: Rules) -> bool:
    """Whether knob ``name`` bears on a table playing ``rules``: whether changing it (alone)
    can change what a player may do or what a round or a match counts.

    The answer depends on the other knobs' values, never on the preset's name: the jolly's
    penalty needs jollies in the deck and a count of points, the opening's threshold needs
    melds laid during play, the knock's bonuses need knocking, and so on
    (:data:`KNOB_NEEDS`).

    >>> from ramino.engine.presets import get_preset
    >>> knob_applies("messa", get_preset("gin")), knob_applies("gin_bonus", get_preset("gin"))
    (False, True)
    """
    return unmet_need(name, rules) is None


def applicable_knobs(rules: Rules) -> tuple[str, ...]:
    """The knobs that bear on ``rules`` (see :func:`knob_applies`), in the specification's
    order: what a page offers to change, and what a description of the rules speaks of.

    >>> from ramino.engine.presets import get_preset
    >>> "joker_penalty" in applicable_knobs(get_preset("classico"))
    True
    >>> "joker_penalty" in applicable_knobs(get_preset("gin"))
    False
    """
    return tuple(name for name in knob_names() if knob_applies(name, rules))


# The optional numbers a choice cannot go without, and which go with it alone (Rules refuses
# the choice while they are None, and them set under the knob's other choices), each with the
# value a page gives it when the choice is made and it has none: a fixed number of rounds
# needs its count (8, carioca's). A page takes them away when another choice is made.
CHOICE_NEEDS: dict[enum.StrEnum, dict[str, int]] = {
    MatchEnd.FIXED_ROUNDS: {"match_rounds": 8},
    MatchEnd.ELIMINATION: {"target": 101},
    MatchEnd.FIRST_TO_TARGET: {"target": 101},
}

# The optional numbers a choice keeps as they are, neither needed nor taken away: under a
# fixed number of rounds a target is an exit score, or none (carioca's); gin's points to a
# target need more than a target (a knock), so the rules' own refusal says what is missing.
CHOICE_KEEPS: dict[enum.StrEnum, tuple[str, ...]] = {
    MatchEnd.FIXED_ROUNDS: ("target",),
    MatchEnd.POINTS_TO_TARGET: ("target",),
}

# The switches a switch cannot be on without (Rules refuses it on while they are off): a page
# turns them on with it, and turns it off with them. A jolly taken back a turn after the
# opening needs the opening first; the player's own card as his jolly needs the imaginary one.
SWITCH_NEEDS: dict[str, str] = {
    "joker_swap_waits_a_turn": "joker_swap_needs_opened",
    "own_card_joker": "imaginary_joker",
}

#: The widest range of numbers whose values :func:`open_values` tries one by one (the seats,
#: the packs, the hand); wider ones (targets, points) are left to the rules' refusal.
_FEW = 30


def _values(rules: Rules, name: str) -> tuple[Any, ...] | None:
    """Every value knob ``name`` may hold, where they are few; ``None`` where they are many."""
    field = _FIELD_TYPES[name]
    if field is bool:
        return (False, True)
    if isinstance(field, type) and issubclass(field, enum.Enum):
        return tuple(field)
    limits = KNOB_RANGES.get(name)
    if limits is None or limits.high - limits.low >= _FEW or field not in (int, int | None):
        return None
    numbers = tuple(range(limits.low, limits.high + 1))
    return numbers if field is int else (*numbers, None)


def editor_change(rules: Rules, name: str, value: Any) -> dict[str, Any]:
    """The knobs a page's editor changes when knob ``name`` of ``rules`` is set to ``value``:
    it, the numbers its choice needs given their usual value where missing, and those the
    choice neither needs nor keeps taken away (:data:`CHOICE_NEEDS`, :data:`CHOICE_KEEPS`);
    a switch turned on turns on those it needs, one turned off turns off those that need it
    (:data:`SWITCH_NEEDS`).

    >>> from ramino.engine.presets import get_preset
    >>> from ramino.engine.rules import MatchEnd
    >>> editor_change(get_preset("classico"), "match_end", MatchEnd.FIXED_ROUNDS)
    {'match_end': <MatchEnd.FIXED_ROUNDS: 'fixed_rounds'>, 'match_rounds': 8}
    >>> editor_change(get_preset("scala-40"), "joker_swap_needs_opened", False)
    {'joker_swap_needs_opened': False, 'joker_swap_waits_a_turn': False}
    """
    changes: dict[str, Any] = {name: value}
    if value is True:
        needed = name
        while needed in SWITCH_NEEDS:
            needed = SWITCH_NEEDS[needed]
            changes[needed] = True
    elif value is False:
        off = {name}
        while added := {k for k, need in SWITCH_NEEDS.items() if need in off} - off:
            off |= added
        changes.update(dict.fromkeys(sorted(off - {name}), False))
    if isinstance(value, enum.StrEnum) and any(type(c) is type(value) for c in CHOICE_NEEDS):
        needs = CHOICE_NEEDS.get(value, {})
        keeps = CHOICE_KEEPS.get(value, ())
        tied = {
            knob
            for choice in CHOICE_NEEDS
            if type(choice) is type(value)
            for knob in CHOICE_NEEDS[choice]
        }
        for knob in sorted(tied):
            if knob in needs:
                if getattr(rules, knob) is None:
                    changes[knob] = needs[knob]
            elif knob not in keeps:
                changes[knob] = None
    return changes


# Cached by rules value: a page asks again at every change, and each answer tries some
# hundreds of rules. lru_cache is safe across the server's threads.
@functools.lru_cache(maxsize=256)
def open_values(rules: Rules) -> dict[str, tuple[Any, ...]]:
    """For each knob that applies to ``rules`` and has few values, the values it may take
    with every other knob as it is, where the rules refuse some: what a page's editor offers
    for it. A knob left one value is fixed by the others (gin rummy's two players, nothing
    laid during play where the hand is knocked); a knob not named takes any of its values.

    >>> from ramino.engine.presets import get_preset
    >>> gin = open_values(get_preset("gin"))
    >>> gin["max_players"], gin["melding_during_play"]
    ((2,), (False,))
    >>> open_values(get_preset("pokerato"))["match_end"]
    (<MatchEnd.FIXED_ROUNDS: 'fixed_rounds'>,)
    >>> "melding_during_play" in open_values(get_preset("classico"))
    False
    """
    found: dict[str, tuple[Any, ...]] = {}
    for name in applicable_knobs(rules):
        values = _values(rules, name)
        if values is None:
            continue
        taken = []
        for value in values:
            try:
                dataclasses.replace(rules, **editor_change(rules, name, value))
            except RulesError:
                continue
            taken.append(value)
        if len(taken) < len(values):
            found[name] = tuple(taken)
    return found


class HouseRulesReason(ReasonCode):
    """Stable codes of what is refused in a table's house rules beyond what the rules
    themselves refuse. Their values never change once released."""

    KNOB_NOT_APPLICABLE = "knob_not_applicable"
    """A change to a knob that bears on nothing under the rules it is made to."""


def moot_changes(base: Rules, rules: Rules) -> dict[str, Need]:
    """The knobs that ``rules`` change from ``base`` and that do not apply to ``rules``
    (:func:`knob_applies`), each with the condition it lacks: changes that change nothing,
    such as the jolly's penalty at a table of gin rummy.

    A change the rules need is not one of them although it does not apply: where, put back
    as ``base`` has it, the rules would contradict themselves. Scala 40 with a free opening
    and nothing laid during play keeps its threshold of 0, which a table where nothing is
    laid must have.

    >>> from ramino.engine.presets import get_preset
    >>> from dataclasses import replace
    >>> gin = get_preset("gin")
    >>> moot_changes(gin, replace(gin, joker_penalty=30, gin_bonus=20))
    {'joker_penalty': <Need.JOKERS: 'jokers'>}
    """
    found: dict[str, Need] = {}
    for name in knob_names():
        was = getattr(base, name)
        if getattr(rules, name) == was:
            continue
        need = unmet_need(name, rules)
        if need is None:
            continue
        try:
            dataclasses.replace(rules, **{name: was})
        except RulesError:
            continue  # needed: the rules refuse the value of base with the others
        found[name] = need
    return found


def check_changes_apply(base: Rules, rules: Rules) -> None:
    """Refuse (:class:`RulesError` ``knob_not_applicable``) the first change from ``base``
    that bears on nothing under ``rules`` (:func:`moot_changes`). The refusal names the knob
    (``knob``) and the condition it lacks (``need``), and words them in both languages
    (``label``, ``needs``).

    >>> from ramino.engine.presets import get_preset
    >>> from dataclasses import replace
    >>> gin = get_preset("gin")
    >>> check_changes_apply(gin, replace(gin, joker_penalty=30))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ramino.engine.errors.RulesError: La regola «...» (joker_penalty) non conta con queste ...
    >>> check_changes_apply(gin, replace(gin, gin_bonus=20))
    """
    for name, need in moot_changes(base, rules).items():
        # The words of the knob and of the condition, read in ramino.words, which is loaded
        # after this module (its describer asks here which knobs apply).
        from .words.catalogue import gettext
        from .words.knob_words import KNOB_WORDS, NEED_WORDS

        def both(message: str) -> Localized:
            return (gettext(message, "it"), gettext(message, "en"))

        raise RulesError(
            HouseRulesReason.KNOB_NOT_APPLICABLE,
            knob=name,
            need=need,
            label=both(KNOB_WORDS[name].label),
            needs=both(NEED_WORDS[need]),
        )


def house_rules(preset: str, changes: Mapping[str, Any]) -> Rules:
    """The rules of a table that plays ``preset`` with the house's ``changes`` (knob ->
    value, as :func:`~ramino.engine.rules_file.rules_from_mapping` reads them), refused
    when a value is wrong, when the knobs contradict each other, or when a change bears on
    nothing under the rules it makes (:func:`check_changes_apply`).

    >>> house_rules("classico", {"jokers": 0}).jokers
    0
    >>> house_rules("classico", {"jokers": 0, "joker_penalty": 30})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ramino.engine.errors.RulesError: La regola «...» (joker_penalty) ... ci sono jolly. Togli ...
    """
    spec = {"preset": preset, **changes}
    rules = rules_from_mapping(spec)
    # The preset is read as the rules were (a change may name it), and was found there.
    check_changes_apply(get_preset(str(spec["preset"])), rules)
    return rules


def dropping_what_bears_on_nothing(
    preset: str, changes: Mapping[str, Any]
) -> tuple[Rules, tuple[str, ...]]:
    """The rules of :func:`house_rules`, the changes that bear on nothing taken away rather
    than refused, and the knobs of those taken away, in the order found: what a page's editor
    asks when a change leaves others moot (no jolly left in the deck, and the jolly's penalty
    changed before). Any other refusal is raised.

    >>> rules, dropped = dropping_what_bears_on_nothing(
    ...     "classico", {"jokers": 0, "joker_penalty": 30, "target": 201}
    ... )
    >>> rules.jokers, rules.joker_penalty, rules.target, dropped
    (0, 25, 201, ('joker_penalty',))
    """
    kept = dict(changes)
    dropped: list[str] = []
    while True:
        try:
            return house_rules(preset, kept), tuple(dropped)
        except RulesError as error:
            knob = error.params.get("knob")
            if error.reason is not HouseRulesReason.KNOB_NOT_APPLICABLE or knob not in kept:
                raise
            # Each turn takes one change away: the loop ends.
            del kept[knob]
            dropped.append(knob)
