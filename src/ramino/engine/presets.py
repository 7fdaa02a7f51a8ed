"""The named systems of the sources (RULES.md §4), each a :class:`Rules` value.

Presets are built from each other with :func:`dataclasses.replace`; nothing else in the
engine knows their names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import NamedTuple

from .errors import Detail, Phrase, Reason, RulesError
from .rules import (
    AceInRuns,
    AttachableDiscard,
    Betting,
    Contract,
    DeckSize,
    Direction,
    DiscardPickup,
    FinalDiscard,
    HandSize,
    JokerPosition,
    JokerUpcard,
    MatchEnd,
    RetrievedJoker,
    Rounding,
    Rules,
    RummyBonus,
    SetSuits,
)


class Preset(NamedTuple):
    """A registered preset: its rules and the code of its one-line summary."""

    rules: Rules
    about: Detail
    """The summary's code: the catalogue words it."""

    def summary(self, lang: str = "it") -> str:
        """The one-line summary in ``lang`` (``it`` or ``en``)."""
        return Phrase(self.about).message(lang)


CLASSICO = Rules(name="classico")

_APERTURA_50 = replace(
    CLASSICO,
    name="apertura-50",
    opening_threshold=50,
    discard_pickup=DiscardPickup.MUST_USE,
    attach_before_opening=False,
)

_SCALA_40 = replace(
    CLASSICO,
    name="scala-40",
    # 13 cards a head: in 7 the tallone would hold 16, under 4 a player.
    max_players=6,
    hand_size=13,
    opening_threshold=40,
    opening_counts_attachments=False,
    attach_before_opening=False,
    discard_pickup=DiscardPickup.MUST_USE,
    rummy_on_first_turn=False,
    attachable_discard=AttachableDiscard.FORBIDDEN,
    attachable_discard_min_players=3,
    # [G] cites the Modiano rules: an ace left in hand counts 1.
    ace_penalty=1,
)

_RAMI_40 = replace(
    CLASSICO,
    name="rami-40",
    # [R]: "da 2 a 6 giocatori".
    max_players=6,
    deck_by_players=(DeckSize(from_players=5, decks=3, jokers=4),),
    hand_size=13,
    opening_threshold=40,
    ambiguous_joker=JokerPosition.LOWER_ONLY,
    attach_before_opening=False,
    joker_swap_needs_opened=True,
    retrieved_joker=RetrievedJoker.LAY_IF_POSSIBLE,
    discard_pickup=DiscardPickup.FREE,
    final_discard=FinalDiscard.OPTIONAL,
    max_restocks=2,
    max_turns=300,
)

_POKERATO = replace(
    CLASSICO,
    name="pokerato",
    # [P]: 3 to 5 players with the jollies.
    min_players=3,
    max_players=5,
    max_jokers_per_meld=None,
    melding_during_play=False,
    betting=Betting.BLIND,
    # RULES.md §6.1: a match of 10 hands for chips, 100 each, a blind of 1, 3 raises a hand.
    match_end=MatchEnd.FIXED_ROUNDS,
    match_rounds=10,
)

_IMMAGINARIO = replace(
    _POKERATO,
    name="pokerato-immaginario",
    # [P]: 2 to 6 players with the imaginary jolly.
    min_players=2,
    max_players=6,
    jokers=0,
    hand_size=9,
    max_jokers_per_meld=1,
    imaginary_joker=True,
    # The colore, 9 cards of one suit, is a close of its own ([G]).
    flush_meld=True,
    flush_stake_multiplier=2,
    straight_flush_stake_multiplier=4,
    royal_stake_multiplier=6,
)

# [G] "another version": 10 cards, and one of the player's own acts as the jolly.
_IMMAGINARIO_10 = replace(
    _IMMAGINARIO, name="pokerato-immaginario-10", hand_size=10, own_card_joker=True
)

# Gin rummy, as knobs over the one engine: one pack, two players, ten cards, the ace low
# only and worth 1, nothing laid during play; a player goes out by knocking with at most
# 10 points of deadwood; the first upcard is offered; the hand dies with two cards left.
_GIN = replace(
    CLASSICO,
    name="gin",
    decks=1,
    jokers=0,
    max_players=2,
    ace_in_runs=AceInRuns.LOW_ONLY,
    ace_penalty=1,
    melding_during_play=False,
    rummy_bonus=RummyBonus.NONE,
    knock_limit=10,
    gin_bonus=25,
    undercut_bonus=25,
    wall_stock=2,
    first_upcard_offer=True,
    # The game to 100: each hand's points to its winner, 25 a box, 100 for the game.
    match_end=MatchEnd.POINTS_TO_TARGET,
    target=100,
    box_bonus=25,
    game_bonus=100,
)

#: Gin rummy, a game of the same family played by the one engine (its moves, its count):
#: the game researchers compare engines on, and people play it at the tables too. Kept apart
#: from :data:`PRESETS`, the ramino of the sources; :func:`get_preset` finds both.
GIN_PRESETS: Mapping[str, Preset] = MappingProxyType(
    {
        # The modern North American count (gin 25, undercut 25), as the EAAI challenge plays.
        "gin": Preset(_GIN, Detail.SUMMARY_GIN),
        # The classic count: gin 20, undercut 10.
        "gin-classic": Preset(
            replace(_GIN, name="gin-classic", gin_bonus=20, undercut_bonus=10),
            Detail.SUMMARY_GIN_CLASSIC,
        ),
        # OpenSpiel's gin_rummy with its default parameters: a tie is no undercut (it scores
        # nothing), and the card taken from the pile may be thrown back (docs/gin.md).
        "gin-openspiel": Preset(
            replace(
                _GIN,
                name="gin-openspiel",
                undercut_on_tie=False,
                rediscard_taken_card=True,
                run_max=5,
                max_pile_takes=50,
                void_rethrows=2,
            ),
            Detail.SUMMARY_GIN_OPENSPIEL,
        ),
    }
)

_PRESETS: dict[str, Preset] = {
    "classico": Preset(
        CLASSICO,
        Detail.SUMMARY_CLASSICO,
    ),
    "classico-2": Preset(
        replace(CLASSICO, name="classico-2", min_players=2, max_players=2, decks=1, jokers=2),
        Detail.SUMMARY_CLASSICO_2,
    ),
    "apertura-50": Preset(
        _APERTURA_50,
        Detail.SUMMARY_APERTURA_50,
    ),
    "enciclopedia": Preset(
        replace(
            CLASSICO,
            name="enciclopedia",
            # [W]: "N° giocatori 2, 3, 4, 5".
            max_players=5,
            hand_size=8,
            opening_threshold=50,
            opening_joker_value=25,
            opening_counts_attachments=True,
            discard_pickup=DiscardPickup.MUST_USE,
            final_discard=FinalDiscard.REQUIRED,
            joker_penalty=30,
            rounding=Rounding.TENS,
            messa=50,
            rummy_bonus=RummyBonus.SCEMPIO,
            target=300,
        ),
        Detail.SUMMARY_ENCICLOPEDIA,
    ),
    "scala-40": Preset(
        _SCALA_40,
        Detail.SUMMARY_SCALA_40,
    ),
    "rami-40": Preset(
        _RAMI_40,
        Detail.SUMMARY_RAMI_40,
    ),
    "rami-51": Preset(
        replace(_RAMI_40, name="rami-51", opening_threshold=51),
        Detail.SUMMARY_RAMI_51,
    ),
    "tradizionale": Preset(
        replace(
            CLASSICO,
            name="tradizionale",
            decks=1,
            jokers=0,
            max_players=4,
            hand_size=10,
            hand_size_by_players=(HandSize(from_players=3, cards=7),),
            rummy_bonus=RummyBonus.ADD,
            rummy_bonus_points=25,
        ),
        Detail.SUMMARY_TRADIZIONALE,
    ),
    "casertano": Preset(
        replace(
            CLASSICO,
            name="casertano",
            # 13 cards a head, as scala 40: at most 6 players.
            max_players=6,
            hand_size=13,
            direction=Direction.COUNTERCLOCKWISE,
            joker_upcard=JokerUpcard.TO_FIRST_PLAYER,
            set_suits=SetSuits.ANY,
            set_max=None,
            flush_meld=True,
            melding_during_play=False,
            # Whoever, after the draw, has every card bound has gone out: no discard needed.
            final_discard=FinalDiscard.OPTIONAL,
            lay_after_close=True,
            # Every close shows the whole hand at once; only the kind of close pays more.
            rummy_bonus=RummyBonus.NONE,
            seven_of_a_kind_wins=True,
            joker_penalty=50,
            target=110,
            reentry=True,
            reentry_stake=1,
            close_points=-10,
            close_points_flush=-20,
            close_points_straight=-50,
            close_credits=1,
            close_credits_flush=2,
            close_credits_straight=5,
        ),
        Detail.SUMMARY_CASERTANO,
    ),
    "pokerato": Preset(
        _POKERATO,
        Detail.SUMMARY_POKERATO,
    ),
    "pokerato-immaginario": Preset(
        _IMMAGINARIO,
        Detail.SUMMARY_POKERATO_IMMAGINARIO,
    ),
    "pokerato-immaginario-10": Preset(
        _IMMAGINARIO_10,
        Detail.SUMMARY_POKERATO_IMMAGINARIO_10,
    ),
    "carioca": Preset(
        replace(
            CLASSICO,
            name="carioca",
            # [P]: 3 to 5 players.
            min_players=3,
            max_players=5,
            hand_size=13,
            opening_jokers=False,
            # Before his opening a player lays and attaches nothing, nor takes a jolly back.
            attach_before_opening=False,
            joker_swap_needs_opened=True,
            # Counted as classico, with no doubling; each round a pot of 1 chip from each.
            rummy_bonus=RummyBonus.NONE,
            hand_stake=1,
            match_end=MatchEnd.FIXED_ROUNDS,
            match_rounds=8,
            # No exit score unless the house sets one (RULES.md §6.3).
            target=None,
            contracts=tuple(Contract),
        ),
        Detail.SUMMARY_CARIOCA,
    ),
}


#: Every preset by name, read-only: the registry is shared by the whole process, so a program
#: that removed or replaced a preset would change it for every table (build your own with
#: :func:`dataclasses.replace` instead).
PRESETS: Mapping[str, Preset] = MappingProxyType(_PRESETS)


def preset_names() -> tuple[str, ...]:
    """The registered preset names, in the order of the specification."""
    return tuple(PRESETS)


def get_preset(name: str) -> Rules:
    """The rules of preset ``name`` (case and ``_``/``-`` insensitive).

    >>> get_preset("scala-40").opening_threshold
    40
    >>> get_preset("scala 41")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ramino.engine.errors.RulesError: Regole sconosciute 'scala 41': ... classico, classico-2, ...
    """
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    preset = PRESETS.get(key) or GIN_PRESETS.get(key)
    if preset is None:
        raise RulesError(
            Reason.UNKNOWN_PRESET, name=name, known=", ".join([*PRESETS, *GIN_PRESETS])
        )
    return preset.rules
