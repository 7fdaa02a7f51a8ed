"""Perft for a card game: along seeded random games, the number of legal actions at every
decision and a digest of them, per preset (and a few house rules) and per player count.

The files in ``tests/golden/perft/`` were recorded from the engine before it was reshaped
(issue 27); any change to the engine must reproduce them exactly, or say in its commit which
rule it corrects. ``python tests/test_perft.py --record`` writes them again.

A walk is independent of the order in which ``legal_actions`` lists the moves: they are
sorted by their text, and the move played is picked from that sorted list by a hash of the
game's name and the decision's number.
"""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from ramino.engine import Round, Rules, get_preset
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


def walk(rules: Rules, players: int, seed: str, dealer: int) -> Walk:
    """Play ``seed``'s game to its end or ``MAX_DECISIONS``, counting the legal actions."""
    game = Round(rules, players, seed=seed, dealer=dealer)
    counts: list[int] = []
    digests: list[str] = []
    while not game.is_over and len(counts) < MAX_DECISIONS:
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


def record() -> None:
    PERFT.mkdir(parents=True, exist_ok=True)
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
