"""Golden records (tests/golden/): each replays to the end it saved, and the scripted ones to the
final scores worked out by hand below.

``python tests/test_golden.py --regenerate`` rewrites the random-play records; a scripted record
is written only when its file is missing (delete it to rewrite it from its script). The expected
scores live in this file and are never regenerated.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from ramino.ai.bot import play_match
from ramino.ai.greedy import GreedyBot
from ramino.engine import Card, Reason, get_preset, parse_cards
from ramino.engine.actions import parse_action
from ramino.engine.match import Match
from ramino.engine.play import MatchPlay
from ramino.engine.record import Record, deal, from_json, record_round, replay, to_json, verify
from ramino.engine.round import EndReason, Round, stacked_deck
from ramino.engine.rules import Contract, Direction, Rules
from ramino.engine.scoring import Closing
from scripted import WEAK_9, WEAK_10, r_check

GOLDEN = Path(__file__).resolve().parent / "golden"
NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franca")

# --- random legal play, one record per playable preset (regression fixtures) ---

#: preset -> (players, seed): seeds picked so that the round ends by going out in a few hundred
#: actions; several of them restock the stock on the way.
RANDOM_GAMES: dict[str, tuple[int, int]] = {
    "classico": (3, 2),
    "classico-2": (2, 2),
    "apertura-50": (4, 3),
    "enciclopedia": (3, 0),
    "scala-40": (4, 3),
    "rami-40": (5, 5),
    "rami-51": (3, 0),
    "tradizionale": (3, 5),
    "casertano": (3, 28),
    "pokerato": (3, 32),
    "pokerato-immaginario": (3, 61),
    "pokerato-immaginario-10": (3, 3),
    "carioca": (3, 0),
}


def random_record(preset: str) -> Record:
    """A round of uniform random legal play, its choices drawn from ``random.Random(seed)``."""
    players, seed = RANDOM_GAMES[preset]
    r = Round(get_preset(preset), players, seed=f"golden-{preset}-{seed}", dealer=seed % players)
    rng = random.Random(seed)
    while not r.is_over:
        r.apply(rng.choice(r.legal_actions))
    return record_round(r, NAMES[:players])


# --- scripted records: stacked decks for the tricky rules ---


def scripted_round(
    rules: Rules,
    hands: list[str],
    upcard: str,
    stock: str,
    actions: list[str],
    *,
    dealer: int | None = None,
    chips: list[int] | None = None,
    carried: int = 0,
) -> Round:
    """Deal ``hands`` (by seat, Anna first to play unless ``dealer`` says otherwise), turn up
    ``upcard``, put ``stock`` on top of the stock, and apply ``actions``."""
    n = len(hands)
    if dealer is None:
        # The player after the dealer starts: make it Anna (seat 0).
        dealer = n - 1 if rules.direction is Direction.CLOCKWISE else 1
    order = stacked_deck(
        rules,
        n,
        [parse_cards(h) for h in hands],
        upcard=Card.parse(upcard),
        stock=parse_cards(stock) if stock else (),
        dealer=dealer,
    )
    r = Round(rules, n, deck_order=order, dealer=dealer, chips=chips, carried=carried)
    for text in actions:
        r.apply(parse_action(text))
    return r


CLASSICO = get_preset("classico")


def stuck() -> Round:
    """RULES.md §5's stuck hand: Anna holds 6♣ 6♦ and draws 6♥, but the set would leave her no
    card to discard (final_discard = required). She keeps the pair and goes out two turns later
    by attaching 6♣ and 6♦ to Bruno's new runs."""
    return scripted_round(
        CLASSICO,
        ["5H 6H 7H 8H QC QD QS QH 6C KS", "7C 8C 9C 7D 8D 9D 2S 4H JD KC"],
        upcard="3C",
        stock="6D 3S 6H 10C 2D",
        actions=[
            # turn 1, Anna: lays 8 cards and keeps 6♣ 6♦
            "draw",
            "lay 5H 6H 7H 8H",
            "lay QC QD QS QH",
            "discard KS",
            # turn 2, Bruno
            "draw",
            "discard 3S",
            # turn 3, Anna draws 6♥: stuck (see test_stuck_cannot_lay_the_set)
            "draw",
            "discard 6H",
            # turn 4, Bruno lays two runs
            "draw",
            "lay 7C 8C 9C",
            "lay 7D 8D 9D",
            "discard KC",
            # turn 5, Anna attaches her pair and goes out
            "draw",
            "attach 2 6C",
            "attach 3 6D",
            "discard 2D",
        ],
    )


def one_turn() -> Round:
    """Anna lays her whole hand in her second turn, having laid nothing before (*chiusura in
    mano*): the others' counts are doubled."""
    return scripted_round(
        CLASSICO,
        [
            "7H 8H 9H QC QD QS 2S 3S 4S JK",
            "AC 5D 9C 2D 3C 4H 6S 8C 10D JS",
            "KH KS 5C 6D 7S 9D 10S JC AD 3H",
        ],
        upcard="4C",
        stock="KD 2H 8D 9C",
        actions=[
            *("draw", "discard KD", "draw", "discard 2H", "draw", "discard 8D"),
            "draw",
            "lay 7H 8H 9H",
            "lay QC QD QS JK",
            "lay 2S 3S 4S",
            "discard 9C",
        ],
    )


def joker_from_set() -> Round:
    """Anna's set 10♦ 10♥ 🃏 frees its jolly only for both missing tens (set_joker_swap =
    all_missing): Bruno gives 10♠ and 10♣, lays the jolly again with his kings and goes out."""
    return scripted_round(
        CLASSICO,
        ["10D 10H JK 5C 6C 7C AS 2H 8D KC", "10S 10C KD KS JH JS 3H 4D 5D 6D"],
        upcard="9H",
        stock="QS 2C 4S JD",
        actions=[
            # turn 1, Anna
            "draw",
            "lay 10D 10H JK",
            "lay 5C 6C 7C",
            "discard QS",
            # turn 2, Bruno opens, so his close later is not in one turn
            "draw",
            "lay 4D 5D 6D",
            "discard 2C",
            # turn 3, Anna
            "draw",
            "discard 4S",
            # turn 4, Bruno: 10♠ alone would not free the jolly (see the test)
            "draw",
            "swap 0 10S 10C",
            "lay KD KS JK",
            "lay JH JS JD",
            "discard 3H",
        ],
    )


def restock_cap() -> Round:
    """Rami 40 allows two restocks (max_restocks = 2): both players draw and discard the card
    drawn until the stock runs out a third time. Their hands never change."""
    rules = get_preset("rami-40")
    hands = ["2C 2D 3H 3S 4C 4D 5H 5S 6C 6D 7H 7S 8C", "KC KD KH KS QC QD QH QS JC JD JH JS JK"]
    r = scripted_round(rules, hands, upcard="9C", stock="", actions=[])
    while not r.is_over:
        drawn = r.apply(parse_action("draw"))
        r.apply(parse_action(f"discard {r.deck[drawn.ids[0]]}"))
    return r


def turn_cap() -> Round:
    """House rules with a six-turn cap: the round stops after turn 6 and the lowest hand wins
    the round (on_round_cap = lowest_hand_wins)."""
    rules = replace(CLASSICO, name="classico, 6 turni", max_turns=6)
    return scripted_round(
        rules,
        [
            "7H 8H 9H KC KD 2S 5C 9D JS AC",
            "AD AH 4C 4D 6S 7C 8D 10H 3S 2H",
            "2C 3D 5H 6H 9C JC QS KS 4S 8S",
        ],
        upcard="6D",
        stock="QH JH 4H 7D",
        actions=[
            # turn 1, Anna
            *("draw", "lay 7H 8H 9H", "discard AC"),
            # turn 2, Bruno takes the ace
            *("take", "lay AC AD AH", "discard 10H"),
            # turn 3, Carla takes 10♥ and attaches it to Anna's run
            *("take", "attach 0 10H", "discard KS"),
            # turn 4, Anna
            *("draw", "attach 0 JH", "attach 0 QH", "discard KD"),
            # turn 5, Bruno
            *("draw", "lay 4C 4D 4H", "discard 8D"),
            # turn 6, Carla
            *("draw", "discard 7D"),
        ],
    )


def casertano_close() -> Round:
    """Casertano (counterclockwise: Anna, Carla, Bruno): Anna draws 10♦ and shows her whole hand
    bound in combinations, 14 cards with no discard. Bruno and Carla lay what binds; only their
    unbound cards count, and Carla's jolly goes where it saves most."""
    return scripted_round(
        get_preset("casertano"),
        [
            "2H 3H 4H 5H 9S 9S 9D QC QC QH 7D 8D 9D",
            "7C 7C 7D 2S 3S 4S KH QD 9C 5H AD 8S 10C",
            "JK KC KD 2C 6H 10S JH 4C AS 3D 8C 6S QS",
        ],
        upcard="6C",
        stock="KS 5S JC 10D",
        actions=[
            *("draw", "discard KS"),  # Anna
            *("draw", "discard 5S"),  # Carla
            *("draw", "discard JC"),  # Bruno
            "draw",
            "show 2H 3H 4H 5H | 9S 9S 9D | QC QC QH | 7D 8D 9D 10D",
        ],
    )


POKERATO = get_preset("pokerato")


def pokerato_fold() -> Round:
    """Pokerato: Anna posts the blind, Bruno raises, Carla and Anna fold; Bruno takes the pot
    of 3 without a card being played."""
    return scripted_round(
        POKERATO,
        [
            "AC 3D 5H 7S 9C JD KH 2S 6D 8C",
            "7H 8H 9H QC QD QS 3S 4S 5S KD",
            "AD 3C 5C 7C 9D JH KS 2H 6H 8S",
        ],
        upcard="2C",
        stock="",
        actions=["raise", "fold", "fold"],
    )


IMMAGINARIO = get_preset("pokerato-immaginario")
IMMAGINARIO_10 = get_preset("pokerato-immaginario-10")


def pokerato_close(
    rules: Rules,
    hand: str,
    drawn: str,
    show: str,
    *,
    bets: tuple[str, ...] = ("call", "call", "call"),
    chips: list[int] | None = None,
    carried: int = 0,
) -> Callable[[], Round]:
    """Anna posts the blind, the betting goes by ``bets``, and she draws ``drawn`` and goes out
    by ``show`` at her first turn; Bruno and Carla hold hands that bind nothing."""
    weak = WEAK_9 if rules.hand_size == 9 else WEAK_10

    def build() -> Round:
        actions = [*bets, "draw", show]
        return scripted_round(
            rules, [hand, *weak], "2C", drawn, actions, chips=chips, carried=carried
        )

    return build


def pokerato_folds(rules: Rules) -> Callable[[], Round]:
    """Bruno raises over Anna's blind; Carla and Anna fold: Bruno takes 3 chips."""
    weak = WEAK_9 if rules.hand_size == 9 else WEAK_10

    def build() -> Round:
        return scripted_round(rules, [weak[1], *weak], "2C", "", ["raise", "fold", "fold"])

    return build


@dataclass(frozen=True)
class Scripted:
    build: Callable[[], Round]
    scores: dict[str, int]
    """The round's scores on a fresh score sheet, worked out by hand."""
    chips: dict[str, int] | None = None
    """Under rules with betting, the chips each player won or lost, worked out by hand."""


#: name -> the script and the scores it must reach.
SCRIPTED: dict[str, Scripted] = {
    # Anna went out (not in one turn); Bruno holds 2♠ 4♥ J♦ 10♣ = 2 + 4 + 10 + 10.
    "stuck": Scripted(stuck, {"Anna": 0, "Bruno": 26}),
    # Bruno A♣ 5♦ 9♣ 2♦ 3♣ 4♥ 6♠ 8♣ 10♦ J♠ = 68, doubled 136;
    # Carla K♥ K♠ 5♣ 6♦ 7♠ 9♦ 10♠ J♣ A♦ 3♥ = 81, doubled 162.
    "one-turn": Scripted(one_turn, {"Anna": 0, "Bruno": 136, "Carla": 162}),
    # Bruno went out; Anna holds A♠ 2♥ 8♦ K♣ = 11 + 2 + 8 + 10.
    "joker-from-set": Scripted(joker_from_set, {"Anna": 31, "Bruno": 0}),
    # The dealt hands: Anna 2+2+3+3+4+4+5+5+6+6+7+7+8 = 62, Bruno 12 court cards + jolly =
    # 120 + 25 = 145; the lower hand wins the round.
    "restock-cap": Scripted(restock_cap, {"Anna": 0, "Bruno": 145}),
    # Anna K♣ 2♠ 5♣ 9♦ J♠ = 36; Bruno 6♠ 7♣ 3♠ 2♥ = 18 (lowest, wins);
    # Carla 2♣ 3♦ 5♥ 6♥ 9♣ J♣ Q♠ 4♠ 8♠ = 57.
    "turn-cap": Scripted(turn_cap, {"Anna": 36, "Bruno": 0, "Carla": 57}),
    # Anna's simple close scores −10. Bruno lays 7♣ 7♣ 7♦ and 2♠ 3♠ 4♠: K♥ Q♦ 9♣ 5♥ A♦ 8♠ 10♣
    # = 10 + 10 + 9 + 5 + 11 + 8 + 10 = 63. Carla's jolly binds best as K♠ in Q♠ 🃏 A♠ (21
    # points saved, against 20 for K♣ K♦ 🃏 or 10♠ 🃏 Q♠): 2♣ 6♥ 10♠ J♥ 4♣ 3♦ 8♣ 6♠ K♣ K♦
    # = 2 + 6 + 10 + 10 + 4 + 3 + 8 + 6 + 10 + 10 = 69.
    "casertano-close": Scripted(casertano_close, {"Anna": -10, "Bruno": 63, "Carla": 69}),
    # Played for chips, no points: Bruno takes Anna's blind and his own raise of 2.
    "pokerato-fold": Scripted(pokerato_fold, {}, chips={"Anna": -1, "Bruno": 1, "Carla": 0}),
    # Put in: Anna 2, Bruno 3, Carla 3. Main pot 2 × 3 = 6 and the 4 carried to Anna (+8);
    # side pot 1 + 1 = 2 back to Bruno and Carla, 1 each (−2 each).
    # Pokerato with short stacks: Anna (2 chips) goes all-in for 2 against raises to 3 and
    # goes out at once, two jollies in one run. She takes the main pot of 6 and the 4 chips
    # carried over; the side pot of 2, which she is not in, goes back to Bruno and Carla.
    "pokerato-side-pots": Scripted(
        pokerato_close(
            POKERATO,
            "7H JK JK 10H QC QD QS 3S 4S 5S",
            "KD",
            "show 7H JK JK 10H | QC QD QS | 3S 4S 5S discard KD",
            bets=("raise", "raise", "call", "call"),
            chips=[2, 10, 10],
            carried=4,
        ),
        {},
        chips={"Anna": 8, "Bruno": -2, "Carla": -2},
    ),
    # The imaginary jolly: Anna's blind of 1, Bruno and Carla call, she goes out. Each put in
    # 1, the pot of 3 is Anna's (+2); a colore makes each of the others pay (2 − 1) × 1 more,
    # a scala colore (4 − 1) × 1, the scala reale from 5 to K (6 − 1) × 1.
    "immaginario-fold": Scripted(
        pokerato_folds(IMMAGINARIO), {}, chips={"Anna": -1, "Bruno": 1, "Carla": 0}
    ),
    # Anna imagines 9♥; all-in for 2 of 3, she wins the main pot of 6, the side pot of 2 goes
    # back to Bruno and Carla.
    "immaginario-side-pots": Scripted(
        pokerato_close(
            IMMAGINARIO,
            "7H 8H 10H QC QD QS 3S 4S 5S",
            "KD",
            "show 7H 8H JK 10H | QC QD QS | 3S 4S 5S discard KD",
            bets=("raise", "raise", "call", "call"),
            chips=[2, 10, 10],
        ),
        {},
        chips={"Anna": 4, "Bruno": -2, "Carla": -2},
    ),
    "immaginario-colore": Scripted(
        pokerato_close(
            IMMAGINARIO,
            "2H 4H 5H 7H 9H JH QH KH AH",
            "3C",
            "show 2H 4H 5H 7H 9H JH QH KH AH discard 3C",
        ),
        {},
        chips={"Anna": 4, "Bruno": -2, "Carla": -2},
    ),
    "immaginario-scala-colore": Scripted(
        pokerato_close(
            IMMAGINARIO,
            "AS 2S 3S 4S 5S 6S 7S 8S 9S",
            "KD",
            "show AS 2S 3S 4S 5S 6S 7S 8S 9S discard KD",
        ),
        {},
        chips={"Anna": 8, "Bruno": -4, "Carla": -4},
    ),
    "immaginario-scala-reale": Scripted(
        pokerato_close(
            IMMAGINARIO,
            "5D 6D 7D 8D 9D 10D JD QD KD",
            "2C",
            "show 5D 6D 7D 8D 9D 10D JD QD KD discard 2C",
        ),
        {},
        chips={"Anna": 12, "Bruno": -6, "Carla": -6},
    ),
    # Ten cards, one of Anna's own acting as the jolly.
    "immaginario-10-fold": Scripted(
        pokerato_folds(IMMAGINARIO_10), {}, chips={"Anna": -1, "Bruno": 1, "Carla": 0}
    ),
    # 2♣ stands for 9♥.
    "immaginario-10-side-pots": Scripted(
        pokerato_close(
            IMMAGINARIO_10,
            "7H 8H 2C 10H QC QD QS 3S 4S 5S",
            "KD",
            "show 7H 8H 2C=JK 10H | QC QD QS | 3S 4S 5S discard KD",
            bets=("raise", "raise", "call", "call"),
            chips=[2, 10, 10],
        ),
        {},
        chips={"Anna": 4, "Bruno": -2, "Carla": -2},
    ),
    "immaginario-10-colore": Scripted(
        pokerato_close(
            IMMAGINARIO_10,
            "2C 3C 5C 6C 8C 9C JC QC KC AC",
            "4D",
            "show 2C 3C 5C 6C 8C 9C JC QC KC AC discard 4D",
        ),
        {},
        chips={"Anna": 4, "Bruno": -2, "Carla": -2},
    ),
    "immaginario-10-scala-colore": Scripted(
        pokerato_close(
            IMMAGINARIO_10,
            "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S",
            "KD",
            "show AS 2S 3S 4S 5S 6S 7S 8S 9S 10S discard KD",
        ),
        {},
        chips={"Anna": 8, "Bruno": -4, "Carla": -4},
    ),
    # 4♦ to K♦ holds the run from 5 to K.
    "immaginario-10-scala-reale": Scripted(
        pokerato_close(
            IMMAGINARIO_10,
            "4D 5D 6D 7D 8D 9D 10D JD QD KD",
            "2C",
            "show 4D 5D 6D 7D 8D 9D 10D JD QD KD discard 2C",
        ),
        {},
        chips={"Anna": 12, "Bruno": -6, "Carla": -6},
    ),
}


# --- a whole carioca match: eight hands, each with its contract (RULES.md §6.3) ---

CARIOCA_SEED = "golden-carioca"
CARIOCA_HANDS = 8
#: The totals after the eighth hand (Carla, lowest, wins), as the engine counted them.
CARIOCA_TOTALS = {"Anna": 379, "Bruno": 450, "Carla": 230}


def carioca_records() -> list[Record]:
    """A match of carioca between three greedy bots, one record a hand."""
    game = MatchPlay(NAMES[:3], get_preset("carioca"), seed=CARIOCA_SEED)
    bots = {name: GreedyBot(seed=k) for k, name in enumerate(game.players)}
    records: list[Record] = []
    play_match(game, bots, on_round=lambda r, _: records.append(record_round(r, game.names)))
    return records


def carioca_path(number: int) -> Path:
    return GOLDEN / f"carioca-{number}.json"


def scripted_record(name: str) -> Record:
    r = SCRIPTED[name].build()
    return record_round(r, NAMES[: r.players])


def path_of(name: str, *, scripted: bool) -> Path:
    return GOLDEN / (f"{name}.json" if scripted else f"random-{name}.json")


def load(path: Path) -> Record:
    return from_json(path.read_text(encoding="utf-8"))


def scores(r: Round, names: tuple[str, ...]) -> dict[str, int]:
    sheet = Match(names, r.rules).record(r.round_result(names))
    return dict(sheet.scores)


# --- the tests ---


def test_every_playable_preset_has_a_random_golden_record() -> None:
    playable = {"classico", "classico-2", "apertura-50", "enciclopedia", "scala-40"}
    playable |= {"rami-40", "rami-51", "tradizionale", "casertano", "pokerato"}
    playable |= {"pokerato-immaginario", "pokerato-immaginario-10", "carioca"}
    assert set(RANDOM_GAMES) == playable
    for preset in RANDOM_GAMES:
        assert path_of(preset, scripted=False).is_file(), preset


def test_every_golden_file_is_known_here() -> None:
    known = {path_of(p, scripted=False) for p in RANDOM_GAMES}
    known |= {path_of(s, scripted=True) for s in SCRIPTED}
    known |= {carioca_path(k) for k in range(1, CARIOCA_HANDS + 1)}
    assert set(GOLDEN.glob("*.json")) == known


@pytest.mark.parametrize("preset", sorted(RANDOM_GAMES))
def test_random_golden_record_replays_to_its_end(preset: str) -> None:
    path = path_of(preset, scripted=False)
    text = path.read_text(encoding="utf-8")
    record = from_json(text)
    assert record.rules.name == preset and record.result is not None
    r = replay(record)  # raises if the end differs from the saved one
    assert r.end == record.result
    assert to_json(record) == text  # the files stay in the canonical layout


@pytest.mark.parametrize("name", sorted(SCRIPTED))
def test_scripted_golden_record_reaches_the_scores_worked_out_by_hand(name: str) -> None:
    record = load(path_of(name, scripted=True))
    assert record == scripted_record(name), "the file and its script disagree"
    r = replay(record)
    chips = SCRIPTED[name].chips
    if chips is None:
        assert scores(r, record.players) == SCRIPTED[name].scores
    else:
        # Played for chips: what each player won, whatever the table held before the hand.
        assert r.end is not None and r.end.chips is not None
        assert dict(zip(record.players, r.end.chips.net, strict=True)) == chips


def test_a_whole_carioca_match_replays_hand_by_hand() -> None:
    records = [load(carioca_path(k)) for k in range(1, CARIOCA_HANDS + 1)]
    assert [record.contract for record in records] == list(Contract)
    game = MatchPlay(NAMES[:3], get_preset("carioca"), seed=CARIOCA_SEED)
    for record in records:
        r = game.start_round()
        assert (record.seed, record.contract, record.dealer) == (r.seed, r.contract, r.dealer)
        for action in record.actions:
            r.apply(action)
        verify(record, r)
        game.finish_round()
    assert game.is_over and game.rounds == CARIOCA_HANDS
    sheet = game.match.rounds[-1]
    # The last hand opens with the whole hand: whoever went out did it in one turn.
    assert sheet.out is None or sheet.in_one_turn
    assert game.match.totals == CARIOCA_TOTALS and game.winner == min(
        CARIOCA_TOTALS, key=CARIOCA_TOTALS.__getitem__
    )
    assert sum(game.match.chips.values() if game.match.chips else ()) + game.match.on_table == 0


def test_stuck_cannot_lay_the_set() -> None:
    record = load(path_of("stuck", scripted=True))
    r = deal(record)
    for action in record.actions[:7]:  # up to Anna's draw of 6♥ in turn 3
        r.apply(action)
    assert Card.parse("6H") in r.hand(0) and len(r.hand(0)) == 3
    refusal = r_check(r, "lay 6C 6D 6H")
    assert refusal is Reason.WOULD_LEAVE_NO_DISCARD
    final = replay(record)
    assert final.end is not None and final.end.out == 0 and not final.end.in_one_turn


def test_one_turn_close_is_seen_as_such() -> None:
    r = replay(load(path_of("one-turn", scripted=True)))
    assert r.end is not None and r.end.in_one_turn and r.end.counts == (0, 68, 81)


def test_the_set_jolly_needs_both_missing_tens() -> None:
    record = load(path_of("joker-from-set", scripted=True))
    r = deal(record)
    for action in record.actions[:10]:  # up to Bruno's draw in turn 4
        r.apply(action)
    assert r_check(r, "swap 0 10S") is Reason.SWAP_SET_NEEDS_ALL_MISSING
    final = replay(record)
    assert str(final.table[0].meld) == "10♦ 10♥ 10♠ 10♣"
    assert final.end is not None and final.end.out == 1 and not final.end.in_one_turn


def test_restock_cap_ends_after_two_restocks() -> None:
    r = replay(load(path_of("restock-cap", scripted=True)))
    assert r.end is not None and r.end.reason is EndReason.MAX_RESTOCKS and r.restocks == 2


def test_turn_cap_ends_after_six_turns() -> None:
    r = replay(load(path_of("turn-cap", scripted=True)))
    assert r.end is not None and r.end.reason is EndReason.MAX_TURNS
    assert r.winner_by_cap() == (1,)


def test_casertano_close_counts_only_unbound_cards() -> None:
    r = replay(load(path_of("casertano-close", scripted=True)))
    assert r.end is not None and r.end.out == 0 and r.end.closing is Closing.SIMPLE
    assert r.end.counts == (0, 63, 69)
    assert sum(len(m.ids) for m in r.table) == 14
    sheet = Match(NAMES[:3], r.rules).record(r.round_result(NAMES[:3]))
    assert dict(sheet.credits) == {"Anna": 1}


# --- writing the files ---


def regenerate() -> None:
    """Rewrite the random records; write a scripted record only where its file is missing."""
    GOLDEN.mkdir(exist_ok=True)
    for preset in RANDOM_GAMES:
        path = path_of(preset, scripted=False)
        path.write_text(to_json(random_record(preset)), encoding="utf-8")
        print(f"wrote {path}")
    for number, record in enumerate(carioca_records(), 1):
        carioca_path(number).write_text(to_json(record), encoding="utf-8")
    for name in SCRIPTED:
        path = path_of(name, scripted=True)
        if path.exists():
            print(f"kept {path} (delete it to rewrite it from its script)")
            continue
        path.write_text(to_json(scripted_record(name)), encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    if sys.argv[1:] != ["--regenerate"]:
        sys.exit("usage: python tests/test_golden.py --regenerate")
    regenerate()
