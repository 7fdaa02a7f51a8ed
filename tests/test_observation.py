"""What a player may see of a round: records of rounds with takes, swaps, shows and restocks
replay exactly, and neither a player's replay nor his observations show the others' hidden
cards.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from ramino.cli.app import app
from ramino.engine import get_preset
from ramino.engine.actions import Discard, Draw
from ramino.engine.record import from_json, record_round, replay, to_json
from ramino.engine.round import Phase, Round
from ramino.engine.rules import (
    Restock,
)
from scripted import deal, play

CLASSICO = get_preset("classico")


CASERTANO = get_preset("casertano")


NAMES = ("Anna", "Bruno", "Carla", "Dario")


def state(r: Round) -> tuple[object, ...]:
    return (
        tuple(tuple(h) for h in r.hands),
        tuple(r.table),
        tuple(r.discard_pile),
        tuple(r.stock),
        r.turn,
        r.to_play,
        r.phase,
        r.restocks,
        r.end,
    )


# --- Casertano: the kind of close, its points and credits, the others' unbound cards ---


CASERTANO_2 = replace(CASERTANO, min_players=2)


# Bound: 2♣ 2♦ 2♠ and 5♣ 6♣ 7♣; unbound K♦ Q♠ J♠ 9♦ 4♠ 8♦ 10♣ = 61.
LOSER = "2C 2D 2S 5C 6C 7C KD QS JS 9D 4S 8D 10C"


# --- records and replays of rounds with takes, swaps, shows and restocks ---


TWO = replace(get_preset("classico-2"), restock=Restock.TURN_OVER)


def busy_round() -> Round:
    """Two players, one pack: a take, a swap, a declared jolly, an attachment, then draws and
    discards until the stock has been turned over once and a few turns more."""
    hands = ["4H JK 6H AD 5D 2D 3C 4C 6C 10D", "5H 9C 10C JC 7H 2S 3S KD KC QS"]
    r = deal(TWO, hands, "8S", "KS")
    play(r, "draw", "lay 4H JK 6H", "discard KS")
    play(r, "take", "swap 0 5H", "lay 9C 10C JC JK=QC", "lay KS KD KC", "attach 0 7H")
    play(r, "discard QS")
    turns_after = 0
    while turns_after < 4 and not r.is_over:
        card = r.deck[r.stock[-1]]
        r.apply(Draw())
        r.apply(Discard(card))
        if r.restocks:
            turns_after += 1
    assert r.restocks == 1 and not r.is_over
    return r


def test_a_round_with_take_swap_declared_joker_and_restock_round_trips() -> None:
    r = busy_round()
    record = record_round(r, NAMES[:2])
    text = to_json(record)
    assert '"take"' in text and '"swap 0 5H"' in text and '"lay 9C 10C JC JK=QC"' in text
    again = from_json(text)
    assert again == record
    assert state(replay(again)) == state(r)


def test_a_casertano_round_with_the_jolly_at_the_cut_and_a_show_round_trips() -> None:
    # The jolly found at the cut goes to the first player and no card is turned up ([W]).
    hand = "3H 4H 5H 9C 9D 9S JC JD JH 6S 7S 8S KC"
    r = deal(CASERTANO_2, [hand, LOSER], "JK", "AD QH")
    assert r.phase is Phase.PLAY and r.top_discard is None and len(r.hands[0]) == 14
    play(r, "discard KC", "draw", "discard AD", "draw")
    play(r, "show 3H 4H 5H | 9C 9D 9S | JC JD JH | 6S 7S 8S JK discard QH")
    assert r.end is not None and r.end.out == 0 and r.end.counts == (0, 61)
    record = record_round(r, NAMES[:2])
    assert from_json(to_json(record)) == record
    assert state(replay(from_json(to_json(record)))) == state(r)


runner = CliRunner(env={"RAMINO_LANG": None, "FORCE_COLOR": None, "COLUMNS": "80"})


@pytest.mark.parametrize("seat", [0, 1])
def test_a_players_replay_never_shows_the_others_hidden_cards(tmp_path: Path, seat: int) -> None:
    r = busy_round()
    path = tmp_path / "busy.json"
    path.write_text(to_json(record_round(r, NAMES[:2])), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path), "--seat", str(seat), "--lang", "en"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    me, other = NAMES[seat], NAMES[1 - seat]
    # The deal: his own cards, the other's count only.
    assert f"  {other}: 10 cards" in lines
    assert any(line.startswith(f"  {me}: ") and "cards" not in line for line in lines)
    # Every stock draw of the other is told without the card, before and after the restock.
    theirs = [line for line in lines if f"{other} draws from the stock" in line]
    mine = [line for line in lines if f"{me} draws from the stock" in line]
    assert len(theirs) >= 3 and len(mine) >= 3
    assert all(line.endswith(f"{other} draws from the stock.") for line in theirs)
    assert all(re.search(r"stock: \S+\.$", line) for line in mine)
    assert any("turned over" in line for line in lines)
    # Nothing else names the other's hand while the round goes on.
    assert not any(line.strip().startswith(f"({other}'s cards") for line in lines)


def test_observations_do_not_depend_on_the_others_hidden_cards() -> None:
    # Swap a card of Bruno's hand with one deep in the stock: Anna's observations are the same
    # through a turn of each, as long as nothing public differs.
    rules = CLASSICO
    base = Round(rules, 2, seed=11, dealer=1)
    order = list(base.deck_order)
    bruno_at = 1  # dealt one card at a time, Anna first
    deep = 60
    order[bruno_at], order[deep] = order[deep], order[bruno_at]
    other = Round(rules, 2, deck_order=order, dealer=1)
    assert base.hand(1) != other.hand(1) and base.hand(0) == other.hand(0)

    def same_view() -> None:
        a, b = base.observation(0), other.observation(0)
        assert a == b
        assert all(str(e.action) == "draw" for e in a.history if str(e.action).startswith("draw"))

    same_view()
    for r in (base, other):
        card = r.deck[r.stock[-1]]
        r.apply(Draw())
        r.apply(Discard(card))
    same_view()
    # Bruno draws and throws back the drawn card (the same top of the stock in both).
    for r in (base, other):
        card = r.deck[r.stock[-1]]
        r.apply(Draw())
        assert not r.observation(0).legal_actions and r.observation(0).taken_card is None
        r.apply(Discard(card))
    same_view()
    assert base.observation(1) != other.observation(1)
