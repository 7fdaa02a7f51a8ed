"""Perft for a card game: along seeded random games, the number of legal actions at every
decision and a digest of them, per preset (and a few house rules) and per player count.

The files in ``tests/golden/perft/`` were recorded from the engine before it was reshaped
(issue 27), those of classico with 13 cards and of the drawn house rules before the search for
a jolly taken back got its shortcuts; any change to the engine must reproduce them exactly, or
say in its commit which rule it corrects. ``python tests/test_perft.py --record`` writes them
again.

A walk is independent of the order in which ``legal_actions`` lists the moves: they are
sorted by their text, and the move played is picked from that sorted list by a hash of the
game's name and the decision's number.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from ramino.engine import RaminoError, Round, Rules, get_preset
from ramino.engine.rules import DiscardPickup, RetrievedJoker, SetJokerSwap
from scripted import PLAYABLE

PERFT = Path(__file__).resolve().parent / "golden" / "perft"

#: Decisions walked in one game at most: enough to reach openings, retrievals and restocks.
MAX_DECISIONS = 400
#: Games walked per variant and player count.
GAMES = 4


def _house(preset: str, **knobs: object) -> Rules:
    return replace(get_preset(preset), **knobs)


#: House rules whose knobs no preset sets, walked as well.
HOUSE: dict[str, Rules] = {
    "classico-must-use-lay-if-possible": _house(
        "classico",
        discard_pickup=DiscardPickup.MUST_USE,
        retrieved_joker=RetrievedJoker.LAY_IF_POSSIBLE,
    ),
    "classico-keep-jolly": _house("classico", retrieved_joker=RetrievedJoker.KEEP),
    "scala-40-declared-suit": _house("scala-40", set_joker_swap=SetJokerSwap.DECLARED_SUIT),
    # Attachments count toward an opening far off: the search for a jolly taken back that
    # could make it up works hardest here.
    "classico-13-cards-opening-80": _house("classico", hand_size=13, opening_threshold=80),
}


def variants() -> dict[str, Rules]:
    return {**{name: get_preset(name) for name in PLAYABLE}, **HOUSE}


@dataclass(frozen=True)
class Walk:
    """One game walked: the legal actions counted and digested at each decision."""

    players: int
    seed: str
    dealer: int
    counts: list[int]
    digests: list[str]
    end: str

    def as_json(self) -> dict[str, object]:
        return {
            "players": self.players,
            "seed": self.seed,
            "dealer": self.dealer,
            "end": self.end,
            "counts": " ".join(map(str, self.counts)),
            "digests": " ".join(self.digests),
        }


def _pick(seed: str, decision: int, count: int) -> int:
    digest = hashlib.sha256(f"{seed}/{decision}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % count


def walk(rules: Rules, players: int, seed: str, dealer: int, most: int = MAX_DECISIONS) -> Walk:
    """Play ``seed``'s game to its end or ``most`` decisions, counting the legal actions."""
    game = Round(rules, players, seed=seed, dealer=dealer)
    counts: list[int] = []
    digests: list[str] = []
    while not game.is_over and len(counts) < most:
        listed = {str(action): action for action in game.legal_actions}
        texts = sorted(listed)
        counts.append(len(texts))
        digests.append(hashlib.sha256("\n".join(texts).encode()).hexdigest()[:8])
        game.apply(listed[texts[_pick(seed, len(counts), len(texts))]])
    end = "playing" if game.end is None else f"{game.end.reason.value} {list(game.end.counts)}"
    return Walk(players, seed, dealer, counts, digests, end)


def walks(name: str, rules: Rules) -> list[Walk]:
    found = []
    for players in range(rules.min_players, min(rules.max_players, 6) + 1):
        for game in range(GAMES):
            seed = f"perft-{name}-{players}-{game}"
            found.append(walk(rules, players, seed, dealer=game % players))
    return found


def _path(name: str) -> Path:
    return PERFT / f"{name}.json"


#: House rules drawn at random (from a fixed seed), each walked in a few short games: the
#: knobs that shape openings, attachments and jollies taken back, in combinations no
#: preset has. Recorded like the others, in one file.
HOUSE_DRAWN = 40
HOUSE_DRAWN_GAMES = 3
HOUSE_DRAWN_DECISIONS = 150


def drawn_house_rules() -> list[tuple[str, dict[str, object], Rules]]:
    """The drawn house rules: preset, knobs changed, rules (combinations the rules refuse
    are drawn again)."""
    rnd = random.Random("perft-drawn-house-rules")
    found: list[tuple[str, dict[str, object], Rules]] = []
    while len(found) < HOUSE_DRAWN:
        preset = rnd.choice(["apertura-50", "casertano", "classico", "enciclopedia", "scala-40"])
        knobs: dict[str, object] = {
            "opening_threshold": rnd.choice([0, 30, 40, 51, 80]),
            "attach_before_opening": rnd.random() < 0.5,
            "opening_counts_attachments": rnd.random() < 0.5,
            "retrieved_joker": rnd.choice(list(RetrievedJoker)),
            # The values there were when the file was recorded: a new one would change the draw.
            "discard_pickup": rnd.choice([DiscardPickup.FREE, DiscardPickup.MUST_USE]),
            "max_jokers_per_meld": rnd.choice([1, 2, None]),
            "set_joker_swap": rnd.choice(list(SetJokerSwap)),
            "swap_counts_for_opening": rnd.random() < 0.2,
            "opening_jokers": rnd.random() < 0.8,
            "rummy_on_first_turn": rnd.random() < 0.5,
        }
        try:
            rules = _house(preset, **knobs)
            Round(rules, rules.min_players)
        except RaminoError:
            continue
        found.append((preset, knobs, rules))
    return found


def drawn_walks() -> list[dict[str, object]]:
    """Every drawn house rule with its walks, as the file records them."""
    found: list[dict[str, object]] = []
    for number, (preset, knobs, rules) in enumerate(drawn_house_rules(), start=1):
        games = []
        for game in range(HOUSE_DRAWN_GAMES):
            players = min(rules.min_players + game, rules.max_players)
            seed = f"perft-drawn-{number}-{game}"
            games.append(
                walk(rules, players, seed, game % players, most=HOUSE_DRAWN_DECISIONS).as_json()
            )
        shown = {name: getattr(value, "value", value) for name, value in knobs.items()}
        found.append({"preset": preset, "knobs": shown, "games": games})
    return found


@pytest.mark.parametrize("name", list(variants()))
def test_legal_actions_match_the_recorded_perft(name: str) -> None:
    recorded = json.loads(_path(name).read_text())
    rules = variants()[name]
    for expected, got in zip(recorded["games"], walks(name, rules), strict=True):
        assert got.seed == expected["seed"]
        counts = list(map(int, expected["counts"].split()))
        digests = expected["digests"].split()
        for decision, (want, have) in enumerate(zip(counts, got.counts, strict=False)):
            assert (have, got.digests[decision]) == (want, digests[decision]), (
                f"{got.seed}: decision {decision + 1} lists {have} actions, recorded {want}"
            )
        assert len(got.counts) == len(counts), got.seed
        assert got.end == expected["end"], got.seed


def test_legal_actions_under_drawn_house_rules_match_the_recorded_perft() -> None:
    recorded = json.loads(_path("drawn-house-rules").read_text())["rules"]
    for expected, got in zip(recorded, drawn_walks(), strict=True):
        assert got == expected, f"{got['preset']} {got['knobs']}"


def record() -> None:
    PERFT.mkdir(parents=True, exist_ok=True)
    drawn = {"variant": "drawn-house-rules", "rules": drawn_walks()}
    _path("drawn-house-rules").write_text(json.dumps(drawn, indent=1, ensure_ascii=False) + "\n")
    for name, rules in variants().items():
        games = [w.as_json() for w in walks(name, rules)]
        text = json.dumps({"variant": name, "games": games}, indent=1, ensure_ascii=False)
        _path(name).write_text(text + "\n")
        decisions = sum(len(str(g["counts"]).split()) for g in games)
        print(f"{name}: {len(games)} games, {decisions} decisions")


if __name__ == "__main__":
    if sys.argv[1:] != ["--record"]:
        sys.exit("usage: python tests/test_perft.py --record")
    record()
