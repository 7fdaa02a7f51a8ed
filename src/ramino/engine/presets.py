"""The named systems of the sources (RULES.md §4), each a :class:`Rules` value.

Presets are built from each other with :func:`dataclasses.replace`; nothing else in the
engine knows their names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import NamedTuple

from .errors import Reason, RulesError
from .rules import (
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
    """A registered preset: its rules and a one-line summary in Italian and English."""

    rules: Rules
    summary_it: str
    summary_en: str

    def summary(self, lang: str = "it") -> str:
        """The one-line summary in ``lang``."""
        return self.summary_en if lang == "en" else self.summary_it


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

_PRESETS: dict[str, Preset] = {
    "classico": Preset(
        CLASSICO,
        "Ramino classico: 108 carte, 10 a testa, apertura libera, chiusura in mano doppia, 101.",
        "Classic ramino: 108 cards, 10 each, free opening, one-turn close doubles, to 101.",
    ),
    "classico-2": Preset(
        replace(CLASSICO, name="classico-2", min_players=2, max_players=2, decks=1, jokers=2),
        "Ramino in 2: un mazzo e 2 jolly (54 carte), 10 carte a testa, 101.",
        "Ramino for two: one pack and 2 jokers (54 cards), 10 each, to 101.",
    ),
    "apertura-50": Preset(
        _APERTURA_50,
        "Apertura a 50: si apre con 50 punti, il pozzo si prende solo per usarlo nel turno.",
        "Opening at 50: open with 50 points; take the discard only to use it that turn.",
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
        "Enciclopedia: 8 carte, apertura a 50, arrotondamento alle decine, messa 50, 300.",
        "Encyclopedia: 8 cards, opening at 50, rounding to tens, messa of 50, to 300.",
    ),
    "scala-40": Preset(
        _SCALA_40,
        "Scala 40: 13 carte, apertura a 40 con i propri giochi, niente chiusura al primo giro.",
        "Scala 40: 13 cards, opening at 40 with own melds, no going out on the first round.",
    ),
    "rami-40": Preset(
        _RAMI_40,
        "Rami 40: 13 carte, apertura a 40, 3 mazzi da 5 giocatori, chiusura senza scarto.",
        "Rami 40: 13 cards, opening at 40, 3 packs from 5 players, may go out without discard.",
    ),
    "rami-51": Preset(
        replace(_RAMI_40, name="rami-51", opening_threshold=51),
        "Rami 51: come Rami 40 ma l'apertura vuole 51 punti.",
        "Rami 51: as Rami 40 but the opening needs 51 points.",
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
        "Tradizionale: un mazzo senza jolly, 10 carte in 2 e 7 in 3-4, chiusura in mano +25.",
        "Traditional: one pack, no jokers, 10 cards for 2 and 7 for 3-4, one-turn close +25.",
    ),
    "casertano": Preset(
        replace(
            CLASSICO,
            name="casertano",
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
        "Casertano: 13 carte, si chiude mostrando la mano legata, jolly 50, si perde a 110.",
        "Casertano: 13 cards, go out by showing a fully bound hand, joker 50, lose at 110.",
    ),
    "pokerato": Preset(
        _POKERATO,
        "Pokerato con i jolly: buio e rilanci, si chiude calando 10 carte insieme più lo scarto.",
        "Pokerato with jokers: blind and raises; go out by laying 10 cards at once plus discard.",
    ),
    "pokerato-immaginario": Preset(
        _IMMAGINARIO,
        "Pokerato con il jolly immaginario: 9 carte, senza jolly, se ne immagina uno per chiudere.",
        "Pokerato with the imaginary joker: 9 cards, no jokers, imagine one to go out.",
    ),
    "pokerato-immaginario-10": Preset(
        _IMMAGINARIO_10,
        "Pokerato immaginario a 10 carte: per chiudere una carta della mano fa da jolly.",
        "Imaginary-joker pokerato with 10 cards: to go out, a card of the hand acts as the joker.",
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
            contracts=tuple(Contract),
        ),
        "Carioca: 8 smazzate da 13 carte, ognuna con la sua apertura obbligata, niente jolly"
        " nelle aperture.",
        "Carioca: 8 rounds of 13 cards, each with its required opening, no jokers in openings.",
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
    preset = PRESETS.get(key)
    if preset is None:
        raise RulesError(Reason.UNKNOWN_PRESET, name=name, known=", ".join(PRESETS))
    return preset.rules
