"""The rules as a player reads them: every value of every knob shows in the text, in Italian
and English, with concrete numbers for a given table and no Python leaking through."""

from __future__ import annotations

import dataclasses
import enum
import re
import typing
from typing import Any

import pytest

from ramino.engine.errors import Reason, RulesError
from ramino.engine.presets import GIN_PRESETS, get_preset, preset_names
from ramino.engine.round import Round
from ramino.engine.rules import (
    AttachableDiscard,
    Betting,
    Contract,
    DeckSize,
    HandSize,
    MatchEnd,
    RoundCap,
    Rules,
    RummyBonus,
    SetSuits,
    knob_names,
)
from ramino.house_rules import knob_applies
from ramino.words.describe import describe
from scripted import play

pytestmark = pytest.mark.once

CLASSICO = get_preset("classico")
HINTS = typing.get_type_hints(Rules)
LANGS = ("it", "en")

# Values worth telling apart for knobs that are not bool or enum (those take every value).
VALUES: dict[str, list[Any]] = {
    "decks": [1, 2, 3],
    "jokers": [0, 1, 2, 4],
    "deck_by_players": [(), (DeckSize(5, 3, 4),), (DeckSize(4, 3, 2),)],
    "min_players": [2, 3, 4],
    "max_players": [2, 4, 6, 7],
    "hand_size": [7, 8, 10, 13, 14],
    "hand_size_by_players": [
        (),
        (HandSize(3, 7),),
        (HandSize(4, 8),),
        (HandSize(3, 7), HandSize(5, 6)),
    ],
    "max_jokers_per_meld": [1, 2, 3, None],
    "min_natural_cards": [1, 2, 3],
    "set_max": [3, 4, 5, None],
    "opening_threshold": [0, 40, 50, 51],
    "opening_joker_value": [None, 20, 25, 30],
    "attachable_discard_min_players": [2, 3, 4],
    "rummy_bonus_points": [10, 25, 50],
    "max_restocks": [None, 0, 1, 2],
    "max_turns": [300, 500],
    "ace_penalty": [1, 11],
    "joker_penalty": [20, 25, 30, 50],
    "messa": [0, 50, 100],
    "target": [101, 110, 201, 300],
    "match_rounds": [1, 3, 8],
    "max_reentries": [None, 0, 1, 2],
    "reentry_stake": [0, 1, 2],
    "close_points": [0, -10, 5],
    "close_points_flush": [0, -20],
    "close_points_straight": [0, -50],
    "close_credits": [0, 1, 2],
    "close_credits_flush": [0, 2],
    "close_credits_straight": [0, 5],
    "flush_stake_multiplier": [1, 2, 4],
    "straight_flush_stake_multiplier": [1, 4],
    "royal_stake_multiplier": [1, 6],
    "starting_chips": [1, 50, 100],
    "blind": [1, 2],
    "raise_unit": [None, 2, 5],
    "max_raises": [None, 0, 1, 3],
    "hand_stake": [0, 1, 2],
    "contracts": [(), tuple(Contract), (Contract.PAIR, Contract.SET)],
    "run_max": [None, 3, 5],
    "knock_limit": [None, 0, 10],
    "gin_bonus": [0, 20, 25],
    "big_gin_bonus": [None, 31, 50],
    "undercut_bonus": [0, 10, 25],
    "wall_stock": [None, 2],
    "max_pile_takes": [None, 50],
    "void_rethrows": [None, 2],
    "box_bonus": [0, 25],
    "game_bonus": [0, 100],
}

# Gin rummy's knocking: two players, nothing laid during play.
_KNOCKING: dict[str, Any] = {"melding_during_play": False, "max_players": 2, "knock_limit": 10}

# A match played for chips: a number of hands.
_BETTING: dict[str, Any] = {
    "betting": Betting.BLIND,
    "match_end": MatchEnd.FIXED_ROUNDS,
    "match_rounds": 10,
}

_SHOWING: dict[str, Any] = {"melding_during_play": False}
_SHOWN_FLUSH: dict[str, Any] = {"melding_during_play": False, "flush_meld": True}

# Knobs that only matter once another knob allows them: set that one first.
ENABLERS: dict[str, dict[str, Any]] = {
    "decks": {"max_players": 4},  # one pack and 4 jokers are too few for 6 hands of 10
    "set_max": {"set_suits": SetSuits.ANY},
    "swap_counts_for_opening": {"opening_threshold": 40},
    "joker_swap_waits_a_turn": {"joker_swap_needs_opened": True},
    "opening_joker_value": {"opening_threshold": 40},
    "opening_counts_attachments": {"opening_threshold": 40},
    "attachable_discard_min_players": {"attachable_discard": AttachableDiscard.FORBIDDEN},
    "rummy_bonus": {"messa": 50},  # scempio needs a messa
    "rummy_bonus_points": {"rummy_bonus": RummyBonus.ADD},
    "match_rounds": {"match_end": MatchEnd.FIXED_ROUNDS, "match_rounds": 8},
    "max_reentries": {"reentry": True},
    "reentry_stake": {"reentry": True},
    # Chips, the blind and raises are told where the match is played for chips.
    **dict.fromkeys(("starting_chips", "blind", "raise_unit", "max_raises"), _BETTING),
    # The closes that pay apart are shown hands: nothing laid during play.
    **dict.fromkeys(
        ("seven_of_a_kind_wins", "close_points_straight", "close_credits_straight"), _SHOWING
    ),
    **dict.fromkeys(("close_points_flush", "close_credits_flush"), _SHOWN_FLUSH),
    "flush_stake_multiplier": {**_BETTING, **_SHOWN_FLUSH},
    **{
        key: {**_BETTING, **_SHOWING}
        for key in ("straight_flush_stake_multiplier", "royal_stake_multiplier")
    },
    "imaginary_joker": {"melding_during_play": False, "jokers": 0},
    "own_card_joker": {"imaginary_joker": True, "melding_during_play": False, "jokers": 0},
    **dict.fromkeys(
        (
            "run_max",
            "oklahoma",
            "spade_upcard_doubles",
            "gin_bonus",
            "big_gin_bonus",
            "undercut_bonus",
            "undercut_on_tie",
            "layoffs",
            "wall_stock",
            "max_pile_takes",
            "void_rethrows",
        ),
        _KNOCKING,
    ),
    "knock_limit": {"melding_during_play": False, "max_players": 2},
    **{
        key: {**_KNOCKING, "match_end": MatchEnd.POINTS_TO_TARGET}
        for key in ("box_bonus", "game_bonus", "shutout_doubles")
    },
}

# Values that need a companion change to be valid rules.
COMPANIONS: dict[tuple[str, Any], dict[str, Any]] = {
    ("match_end", MatchEnd.FIXED_ROUNDS): {"match_rounds": 8},
    ("betting", Betting.BLIND): _BETTING,
    ("imaginary_joker", True): {"melding_during_play": False, "jokers": 0},
    ("match_end", MatchEnd.POINTS_TO_TARGET): _KNOCKING,
}


def _plays_for_chips(preset: str) -> bool:
    return get_preset(preset).betting is not Betting.NONE


def _values(knob: str) -> list[Any]:
    hint = HINTS[knob]
    if hint is bool:
        return [False, True]
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return list(hint)
    return VALUES[knob]


def _variants(knob: str) -> list[Rules]:
    base = dataclasses.replace(CLASSICO, **ENABLERS.get(knob, {}))
    return [
        dataclasses.replace(base, **{knob: value, **COMPANIONS.get((knob, value), {})})
        for value in _values(knob)
    ]


def test_every_knob_has_values_to_try() -> None:
    for knob in knob_names():
        values = _values(knob)
        assert values, knob
        assert len(values) == len(set(values)), knob
    assert set(VALUES) <= set(knob_names())


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("knob", knob_names())
def test_every_value_of_every_knob_changes_the_text(knob: str, lang: str) -> None:
    variants = _variants(knob)
    # The enablers make the knob bear on the game: then its every value is told.
    assert all(knob_applies(knob, rules) for rules in variants), knob
    texts = [describe(rules, lang) for rules in variants]
    for rules, text in zip(variants, texts, strict=True):
        other = [t for r, t in zip(variants, texts, strict=True) if r is not rules]
        assert text not in other, f"{knob} = {getattr(rules, knob)!r} reads like another value"
        _assert_clean(text)


def test_knobs_that_do_not_apply_stay_out_of_the_text() -> None:
    # rummy_bonus_points only with rummy_bonus = add; match_rounds only with fixed rounds;
    # attachable_discard_min_players only when the ban is on; no joker talk without jokers.
    base = describe(CLASSICO)
    assert describe(dataclasses.replace(CLASSICO, rummy_bonus_points=40)) == base
    assert describe(dataclasses.replace(CLASSICO, attachable_discard_min_players=4)) == base
    # Re-entry only exists where players are eliminated.
    first = dataclasses.replace(CLASSICO, match_end=MatchEnd.FIRST_TO_TARGET)
    assert describe(dataclasses.replace(first, reentry=True)) == describe(first)
    no_jokers = dataclasses.replace(CLASSICO, jokers=0)
    assert "jolly" not in describe(no_jokers).replace("senza jolly", "")
    assert describe(dataclasses.replace(no_jokers, joker_penalty=50)) == describe(no_jokers)


@pytest.mark.parametrize("preset", [*preset_names(), *GIN_PRESETS])
def test_no_knob_that_bears_on_nothing_is_told(preset: str) -> None:
    # Every value of every knob that does not apply to a preset's rules (ramino.house_rules)
    # leaves its description as it is, wherever the rules take the value.
    rules = get_preset(preset)
    base = describe(rules)
    for knob in knob_names():
        if knob_applies(knob, rules):
            continue
        for value in _values(knob):
            try:
                other = dataclasses.replace(rules, **{knob: value})
            except RulesError:
                continue
            assert describe(other) == base, (knob, value)


# --- concrete numbers for a table ---


@pytest.mark.parametrize(
    ("preset", "players", "deck", "hand", "stock"),
    [
        ("classico", 3, 108, 10, 77),
        ("classico", 6, 108, 10, 47),
        ("classico-2", 2, 54, 10, 33),
        ("tradizionale", 2, 52, 10, 31),
        ("tradizionale", 3, 52, 7, 30),
        ("rami-40", 4, 108, 13, 55),
        ("rami-40", 5, 160, 13, 94),
        ("scala-40", 6, 108, 13, 29),
    ],
)
def test_numbers_for_a_table(preset: str, players: int, deck: int, hand: int, stock: int) -> None:
    italian = describe(get_preset(preset), players=players)
    english = describe(get_preset(preset), "en", players=players)
    assert f"In {players} il mazzo è di {deck} carte" in italian
    assert f"dà {hand} carte a testa" in italian
    assert f"nel tallone ne restano {stock}." in italian
    assert f"With {players} players the deck has {deck} cards" in english
    assert f"deals {hand} cards each" in english
    assert f"{stock} cards are left in the stock" in english
    assert italian.splitlines()[0].endswith(f"— {players} giocatori")
    assert english.splitlines()[0].endswith(f"— {players} players")


def test_without_players_the_rules_go_by_player_count() -> None:
    rami = describe(get_preset("rami-40"))
    assert "fino a 4 giocatori, 108 carte" in rami
    assert "in 5 o 6, 160 carte" in rami
    assert "tre mazzi da 52 e 4 jolly" in rami
    tradizionale = describe(get_preset("tradizionale"), "en")
    assert "10 cards with 2 players and 7 cards with 3 or 4 players" in tradizionale
    assert "nel tallone ne restano" not in describe(CLASSICO)


def test_attachable_discard_ban_for_a_given_table() -> None:
    scala = get_preset("scala-40")
    assert "Con almeno 3 giocatori non si scarta" in describe(scala)
    assert "il divieto vale da 3 giocatori in su" in describe(scala, players=2)
    assert "Non si scarta una carta che si potrebbe attaccare" in describe(scala, players=3)


def test_table_size_outside_the_rules_is_refused() -> None:
    with pytest.raises(RulesError) as caught:
        describe(get_preset("classico-2"), players=3)
    assert caught.value.reason is Reason.TOO_MANY_PLAYERS
    with pytest.raises(RulesError) as caught:
        describe(get_preset("scala-40"), players=1)
    assert caught.value.reason is Reason.TOO_FEW_PLAYERS


# --- words and languages ---


def _assert_clean(text: str) -> None:
    """No Python reprs, no knob spellings: only players' words."""
    for leak in ("None", "True", "False", "<", ">", "{", "}", "_", "[", "]", "  "):
        assert leak not in text, f"{leak!r} in:\n{text}"
    assert not re.search(r"\b[A-Z][a-z]+\.[A-Z_]+\b", text)  # Direction.CLOCKWISE
    assert all(line == line.rstrip() for line in text.splitlines())


def _all_tables() -> list[tuple[str, int | None]]:
    tables: list[tuple[str, int | None]] = []
    for name in preset_names():
        rules = get_preset(name)
        tables.append((name, None))
        tables += [(name, n) for n in range(rules.min_players, rules.max_players + 1)]
    return tables


@pytest.mark.parametrize(("preset", "players"), _all_tables())
def test_presets_read_cleanly_and_differently_in_each_language(
    preset: str, players: int | None
) -> None:
    rules = get_preset(preset)
    italian = describe(rules, players=players)
    english = describe(rules, "en", players=players)
    _assert_clean(italian)
    _assert_clean(english)
    assert italian != english
    assert describe(rules, "it", players=players) == italian
    it_lines, en_lines = italian.splitlines(), english.splitlines()
    assert len(it_lines) == len(en_lines)
    assert sum(a == b for a, b in zip(it_lines, en_lines, strict=True)) == it_lines.count("")


def test_sections_and_players_words() -> None:
    italian, english = describe(CLASSICO), describe(CLASSICO, "en")
    assert italian.splitlines()[0] == "Regole: classico"
    assert english.splitlines()[0] == "Rules: classico"
    for title in ("Mazzo e distribuzione", "Giochi e jolly", "Apertura", "Pozzo", "Chiusura"):
        assert f"\n{title}\n" in italian
    assert "\nConteggio e partita\n" in italian
    for title in ("Deck and deal", "Melds and jokers", "Opening", "Discard pile", "Going out"):
        assert f"\n{title}\n" in english
    for word in ("tallone", "pozzo", "tris", "scala", "jolly", "mazziere", "smazzata"):
        assert word in italian
    for word in ("stock", "discard pile", "set", "run", "joker", "dealer", "round"):
        assert word in english


def test_sentences_players_know() -> None:
    classico = describe(CLASSICO)
    assert "Apertura libera" in classico
    assert "Un solo jolly per gioco" in classico
    assert "Chi chiude in mano fa raddoppiare i punti degli altri." in classico
    assert "Si gioca a 101: chi arriva a 101 è fuori, vince l'ultimo che resta." in classico
    scala = describe(get_preset("scala-40"))
    assert (
        "Per aprire i giochi calati nel turno devono valere almeno 40 punti; il jolly vale la"
        " carta che sostituisce." in scala
    )
    assert "Apertura libera" not in scala
    assert "il jolly vale 25." in describe(get_preset("enciclopedia"))
    assert "fa segnare 25 punti in più a ciascuno degli altri" in describe(
        get_preset("tradizionale")
    )
    carioca = describe(get_preset("carioca"))
    assert "coppia, doppia coppia, tris, full, scala 40, poker, scala colore" in carioca
    assert "La partita dura 8 smazzate" in carioca
    # No exit score unless the house sets one (RULES.md §6.3).
    assert "è fuori" not in carioca
    exit_at = describe(dataclasses.replace(get_preset("carioca"), target=150))
    assert "Chi arriva a 150 è fuori" in exit_at
    # The chips are named once: «ne» would name them twice.
    assert "Si gioca a fiches: ognuno ha 100 fiches all'inizio della partita." in describe(
        get_preset("pokerato")
    )


def test_the_name_is_the_title() -> None:
    house = dataclasses.replace(CLASSICO, name="Casa Rossi")
    assert describe(house).splitlines()[0] == "Regole: Casa Rossi"
    assert describe(house, "en", players=4).splitlines()[0] == "Rules: Casa Rossi — 4 players"


@pytest.mark.parametrize("cap_rule", list(RoundCap))
@pytest.mark.parametrize("preset", [p for p in preset_names() if _plays_for_chips(p)])
def test_a_hand_nobody_closes_reads_as_the_engine_plays_it(preset: str, cap_rule: RoundCap) -> None:
    # Played for chips, the engine leaves a capped hand's pots on the table (RULES.md §6.1),
    # whatever on_round_cap says; the text must say the same, not that the lowest hand wins.
    rules = dataclasses.replace(get_preset(preset), max_turns=2, on_round_cap=cap_rule)
    r = Round(rules, 3, seed=4, dealer=0)
    play(r, "call", "call", "call")
    for _ in range(2):
        play(r, "draw", f"discard {r.deck[r.hands[r.to_play][-1]]}")
    assert r.end is not None and r.end.out is None and r.end.chips is not None
    assert r.winner_by_cap() == () and r.end.chips.carried_out == 3
    italian, english = describe(rules), describe(rules, "en")
    assert "i piatti restano sul tavolo e li prende chi vince la mano dopo" in italian
    assert "its pots stay on the table for the winner of the next hand" in english
    assert "meno punti" not in italian and "worth least" not in english


def test_gin_is_told_by_its_own_rules_not_ramino_s() -> None:
    # Going out is knocking, the wall ends the hand before the stock runs out, and a hand's
    # points go to its winner: none of ramino's close, restock or penalty is said of gin.
    gin = get_preset("gin")
    text = describe(gin, "it")
    for ramino in ("Chiude chi", "Appena uno chiude", "il tallone finisce", "penalità"):
        assert ramino not in text
    # Nothing goes down before the knock, and the melds do after it: not shown all at once.
    assert "si mostrano tutti insieme" not in text
    assert "Prima di bussare non si cala niente" in text
    assert "Una smazzata fermata senza chiusura non dà punti a nessuno." in text
    assert "Le carte spaiate valgono: dal 2 al 10 il loro numero, le figure 10, l'asso 1." in text
    assert "restano 2 carte (il muro)" in text
    # Without the wall, the stock is made up again as in ramino.
    assert "il tallone finisce" in describe(dataclasses.replace(gin, wall_stock=None), "it")


# A number that counts things, followed by their plural: "1 carte", "1 turns".
_ONE_MANY = re.compile(
    r"(?<![\d.,])1 (carte|punti|turni|volte|smazzate|giocatori|fiches|mani|mazzi|giochi|jolly"
    r"|cards|points|turns|times|rounds|players|chips|hands|packs|melds|jokers)\b"
)


@pytest.mark.parametrize("lang", LANGS)
def test_one_of_anything_is_said_in_the_singular(lang: str) -> None:
    from ramino.engine.rules import KNOB_RANGES

    told = 0
    for knob, limits in KNOB_RANGES.items():
        if not limits.low <= 1 <= limits.high or knob not in knob_names():
            continue
        try:
            rules = dataclasses.replace(CLASSICO, **{**ENABLERS.get(knob, {}), knob: 1})
        except RulesError:
            continue  # 1 contradicts the others here
        for players in (None, 2, 3):
            try:
                text = describe(rules, lang, players=players)
            except RulesError:
                continue
            told += 1
            assert not _ONE_MANY.search(text), (knob, _ONE_MANY.search(text))
    assert told > 20
