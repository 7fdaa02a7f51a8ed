"""The environment for reinforcement learning (ramino.env): PettingZoo's own API and seed tests
on every preset, random masked play that the engine accepts move for move, the rewards, what
an observation shows, and the Gymnasium seat against the computer players."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from ramino.ai import Bot, RandomBot, bot_for_level
from ramino.engine import get_preset
from ramino.engine.actions import Discard, Draw, TakeDiscard, parse_action
from ramino.engine.cards import Card
from ramino.engine.presets import GIN_PRESETS, PRESETS
from ramino.env import SINGLE_SEAT, EnvError, EnvReason, SingleSeat, env, raw_env
from ramino.env.encode import CODES, MOVE_COLUMNS, Encoder, move_rows
from ramino.env.space import DISCARD, DRAW, MELDING, TAKE, Listing
from scripted import deal, play

# PettingZoo's API test asks for a Box or a Discrete observation and warns on the dict of its
# own classic environments (observation and action mask), which this one follows.
pytestmark = [
    pytest.mark.once,
    pytest.mark.filterwarnings(
        "ignore:Observation space for each agent probably should be:UserWarning",
        "ignore:Observation is not a NumPy array:UserWarning",
    ),
]

# The gin rummy presets too (knock, lay-offs): kept out of the players' list, not out of this.
ALL = sorted(PRESETS) + sorted(GIN_PRESETS)


def players_of(preset: str) -> int:
    return get_preset(preset).min_players


@pytest.mark.parametrize("episode", ["round", "match"])
@pytest.mark.parametrize("preset", ALL)
def test_pettingzoo_s_api_and_seed_tests_pass(preset: str, episode: str) -> None:
    players = players_of(preset)
    api_test(env(rules=preset, players=players, episode=episode), num_cycles=200)
    seed_test(lambda: env(rules=preset, players=players, episode=episode), num_cycles=200)


@pytest.mark.parametrize("preset", ["classico", "carioca"])
def test_the_moves_described_are_the_ids_from_60_on(preset: str) -> None:
    # Each row of `moves` describes the move of its id: its cards put down, the card a show
    # throws, its kind and its table meld; rows past the listed moves, and every row of an
    # agent not to move, are zero. PettingZoo's API test takes the bigger observation.
    players = players_of(preset)
    api_test(env(rules=preset, players=players, move_features=16), num_cycles=100)
    table = raw_env(preset, players, move_features=16)
    table.reset(seed=3)
    chooser = np.random.default_rng(3)
    described = 0
    for _ in range(400):
        if all(table.terminations.values()):
            table.reset()
        agent = table.agent_selection
        seen = table.observe(agent)
        rows, listing = seen["moves"], table.listing
        assert seen["moves"].shape == (16, MOVE_COLUMNS)
        melding = listing.melding()
        for k, row in enumerate(rows):
            if k >= len(melding):
                assert not row.any()
                continue
            move = melding[k]
            described += 1
            assert listing.text(MELDING + k) == str(move)
            down = [c for m in move.melds for c in m] if hasattr(move, "melds") else move.cards
            assert list(row[:CODES]) == list(np.bincount([c.code for c in down], minlength=CODES))
            assert row[2 * CODES : 2 * CODES + 5].sum() == 1
            assert row[-1] == (move.meld + 1 if hasattr(move, "meld") else 0)
        for other in table.agents:
            if other != agent:
                assert not table.observe(other)["moves"].any()
        table.step(int(chooser.choice(np.flatnonzero(seen["action_mask"]))))
    assert described > 0
    seat = SingleSeat(rules=preset, players=players, move_features=16)
    observation, _ = seat.reset(seed=1)
    assert seat.observation_space.contains(observation) and observation["moves"].shape[0] == 16
    # A show: every card of its melds down, and the card it throws.
    show = parse_action("show 7H 8H 9H | KS KD KC discard 2C")
    row = move_rows([show], 2)[0]
    assert row[:CODES].sum() == 6 and row[CODES + Card.parse("2C").code] == 1
    assert row[2 * CODES + 3] == 1 and row[-1] == 0
    with pytest.raises(EnvError) as caught:
        raw_env("classico", 2, slots=8, move_features=9)
    assert caught.value.reason is EnvReason.BAD_MOVE_FEATURES


def random_steps(preset: str, players: int, steps: int, seed: int) -> int:
    """Masked random play for ``steps`` steps, resetting at each episode's end: every id in
    the mask is accepted, every legal move of the engine has an id, and an id out of the
    mask is refused with nothing changed. Returns the episodes finished."""
    table = raw_env(preset, players)
    table.reset(seed=seed)
    chooser = np.random.default_rng(seed)
    episodes = 0
    for _ in range(steps):
        if all(table.terminations.values()):
            episodes += 1
            table.reset()
        agent = table.agent_selection
        mask = table.observe(agent)["action_mask"]
        legal = list(table.round.legal_actions)
        listing = table.listing
        assert len(listing) == len(legal) == int(mask.sum())
        assert all(listing.action(listing.id_of(move)) == move for move in legal)
        refused = int(chooser.choice(np.flatnonzero(mask == 0)))
        before = table.round.copy().__getstate__()
        with pytest.raises(EnvError) as caught:
            table.step(refused)
        assert caught.value.reason is EnvReason.MASKED_OUT
        assert table.round.__getstate__() == before
        table.step(int(chooser.choice(np.flatnonzero(mask))))
    return episodes


@pytest.mark.parametrize("preset", ALL)
def test_every_masked_in_id_is_played_and_every_legal_move_has_one(preset: str) -> None:
    rules = get_preset(preset)
    finished = random_steps(preset, rules.min_players, 2000, seed=ALL.index(preset))
    assert finished >= 1
    if rules.max_players > rules.min_players:
        random_steps(preset, rules.max_players, 500, seed=1)


def test_the_ids_of_the_fixed_moves() -> None:
    rules = get_preset("classico")
    r = deal(rules, ["7H 8H 9H QC QD QS 2C 5D 9S KC", "AH 3C 4D 6S 8C 10D JS KH 2D 5S"], "4C")
    listing = Listing(tuple(r.legal_actions))
    assert listing.action(DRAW) == Draw()
    assert listing.action(TAKE) == TakeDiscard()
    play(r, "draw")
    listing = Listing(tuple(r.legal_actions))
    hand = set(r.hand(0))
    assert {listing.action(DISCARD + card.code) for card in hand} == {Discard(c) for c in hand}
    assert str(listing.action(MELDING)).startswith(("lay", "attach"))


def test_a_position_with_more_moves_than_slots_is_refused_not_cut() -> None:
    # Twelve clubs in a row and four jollies: 407 moves put cards on the table.
    rules = replace(get_preset("classico"), hand_size=16, opening_threshold=0, max_players=6)
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC JK JK JK JK",
        "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2S 3S 4S",
    ]
    r = deal(rules, hands, "6D", "3D 2D 9D 10D 5S 6S")
    play(r, "draw")
    legal = tuple(r.legal_actions)
    assert len(Listing(legal)) == len(legal)
    with pytest.raises(EnvError) as caught:
        Listing(legal, slots=100)
    assert caught.value.reason is EnvReason.TOO_MANY_MOVES
    assert str(len(legal)) in str(caught.value)


def play_episode(table: raw_env, move: Callable[[str, dict[str, Any]], None]) -> dict[str, float]:
    """Play an episode, ``move`` stepping for the agent to move given its observation; each
    agent's total reward."""
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        totals[agent] += reward
        if termination or truncation:
            table.step(None)
        else:
            move(agent, observation)
    return totals


def play_out(table: raw_env, seed: int) -> dict[str, float]:
    """Play an episode at random; each agent's total reward."""
    chooser = np.random.default_rng(seed)
    return play_episode(
        table,
        lambda _, seen: table.step(int(chooser.choice(np.flatnonzero(seen["action_mask"])))),
    )


@pytest.mark.parametrize("seed", range(4))
def test_the_count_reward_is_minus_each_hand_s_count(seed: int) -> None:
    table = raw_env("classico", 3, reward="count")
    table.reset(seed=seed)
    totals = play_out(table, seed)
    end = table.round.end
    assert end is not None
    expected = {f"player_{s}": -float(end.counts[s]) if s != end.out else 0.0 for s in range(3)}
    assert totals == expected


@pytest.mark.parametrize("seed", range(4))
def test_the_result_reward_pays_the_winner_and_sums_to_zero(seed: int) -> None:
    table = raw_env("classico", 3, reward="result")
    table.reset(seed=seed)
    totals = play_out(table, seed)
    end = table.round.end
    assert end is not None
    if end.out is None:
        assert set(totals.values()) == {0.0}
    else:
        assert totals[f"player_{end.out}"] == 1.0
        assert sum(totals.values()) == pytest.approx(0.0)


def play_by(table: raw_env, bots: Sequence[Bot]) -> dict[str, float]:
    """Play an episode with ``bots`` choosing each seat's moves; each agent's total reward."""

    def move(agent: str, _: object) -> None:
        seat = table.possible_agents.index(agent)
        table.play(bots[seat].act(table.engine_observation(agent)))

    return play_episode(table, move)


@pytest.mark.parametrize(("seed", "kind"), [(0, "undercut"), (1, "knock")])
def test_gin_rewards_go_to_who_scores_the_hand_an_undercut_defender_too(
    seed: int, kind: str
) -> None:
    # The knocker goes out, but an undercut defender wins the hand: the rewards follow the
    # points, not who went out (each seed's hand, as the expert plays both seats).
    totals = {}
    for reward in ("count", "result"):
        table = raw_env("gin", 2, reward=reward)
        table.reset(seed=seed)
        totals[reward] = play_by(table, [bot_for_level("esperto", seed=seed + s) for s in (0, 1)])
    end = table.round.end
    assert end is not None and end.out is not None and end.points is not None
    points = end.points
    winner = next(s for s in (0, 1) if points[s])
    assert (winner != end.out) == (kind == "undercut")
    assert totals["count"] == {f"player_{s}": float(points[s] - points[1 - s]) for s in (0, 1)}
    assert totals["result"] == {f"player_{s}": 1.0 if s == winner else -1.0 for s in (0, 1)}


def test_the_chips_reward_is_what_each_won_or_lost() -> None:
    table = raw_env("pokerato", 3, reward="chips")
    table.reset(seed=5)
    totals = play_out(table, 5)
    end = table.round.end
    assert end is not None and end.chips is not None
    assert totals == {f"player_{s}": float(end.chips.net[s]) for s in range(3)}
    with pytest.raises(EnvError) as caught:
        raw_env("classico", 2, reward="chips")
    assert caught.value.reason is EnvReason.NO_CHIPS


def test_the_rewards_stay_those_of_the_constructor_after_a_seeded_reset() -> None:
    # PettingZoo's old gin rummy forgot its rewards on a seeded reset.
    table = raw_env("classico", 2, reward="result")
    for _ in range(3):
        table.reset(seed=11)
        totals = play_out(table, 11)
        assert table.reward_kind == "result"
        assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_a_seeded_reset_deals_the_same_round_and_an_unseeded_one_the_next() -> None:
    table = raw_env("scala-40", 2)
    table.reset(seed=3)
    first = table.round.hand(0)
    table.reset()
    second = table.round.hand(0)
    table.reset(seed=3)
    assert table.round.hand(0) == first
    table.reset()
    assert table.round.hand(0) == second != first


def test_unseeded_environments_deal_series_of_their_own() -> None:
    # Workers that seed nothing play different deals (Gymnasium's convention); a seed, the
    # same one.
    hands = []
    for _ in range(3):
        table = raw_env("classico", 2)
        table.reset()
        hands.append(table.round.hand(0))
    assert len(set(hands)) == 3
    seeded = []
    for _ in range(2):
        table = raw_env("classico", 2)
        table.reset(seed=5)
        seeded.append(table.round.hand(0))
    assert seeded[0] == seeded[1]


def test_the_step_that_ends_a_round_says_how_and_the_cap_is_a_termination() -> None:
    table = raw_env(replace(get_preset("classico"), max_turns=4), 2)
    table.reset(seed=2)
    while not all(table.terminations.values()):
        agent = table.agent_selection
        observation = table.observe(agent)
        table.step(int(np.flatnonzero(observation["action_mask"])[-1]))
        assert table.infos[agent]["move"] in {"draw", "take"} or " " in table.infos[agent]["move"]
        if not all(table.terminations.values()):
            assert all(not info for a, info in table.infos.items() if a != agent)
    assert table.round.end is not None and table.round.end.reason.value == "max_turns"
    assert {info["round_end"] for info in table.infos.values()} == {"max_turns"}
    assert not any(table.truncations.values())


def test_a_match_episode_ends_with_the_match_and_pays_its_winner() -> None:
    rules = replace(get_preset("classico"), target=60)
    table = raw_env(rules, 3, reward="result", episode="match")
    table.reset(seed=2)
    totals = play_out(table, 2)
    play_ = table.match
    assert play_ is not None and play_.is_over and play_.rounds >= 1
    if play_.winner is None:
        assert set(totals.values()) == {0.0}
    else:
        assert totals[f"player_{play_.players.index(play_.winner)}"] == 1.0
        assert sum(totals.values()) == pytest.approx(0.0)


def test_an_observation_shows_its_own_seat_and_nothing_the_seat_may_not_see() -> None:
    rules = get_preset("classico")
    encoder = Encoder(rules, 2)
    mine = "7H 8H 9H QC QD QS 2C 5D 9S KC"
    # The same for seat 0 whatever seat 1 holds and the stock hides.
    a = deal(rules, [mine, "AH 3C 4D 6S 8C 10D JS KH 2D 5S"], "4C", "3S 4S")
    b = deal(rules, [mine, "3S 4S 4D 6S 8C 10D JS KH 2D 5S"], "4C", "AH 3C")
    seen = encoder.encode(a.observation(0))
    assert np.array_equal(seen, encoder.encode(b.observation(0)))
    assert not np.array_equal(encoder.encode(a.observation(1)), encoder.encode(b.observation(1)))
    hand = seen[encoder.layout["hand"]]
    assert {code for code in range(53) if hand[code]} == {card.code for card in a.hand(0)}
    # Seat 0 takes the 4♣ from the pozzo and lays with it: seat 1 saw which card it was.
    play(a, "take", "lay QC QD QS", "discard 2C")
    view = encoder.encode(a.observation(1))
    taken = view[encoder.layout["taken"]]
    assert int(taken.sum()) == 1 and taken[Card.parse("4C").code] == 1
    assert list(view[encoder.layout["hand_sizes"]]) == [10, 7]


def test_the_seat_against_the_computer_passes_gymnasium_s_checks() -> None:
    for mode in (None, "ansi"):
        made = gymnasium.make(SINGLE_SEAT, opponents="principiante", render_mode=mode)
        check_env(made.unwrapped)
    made = gymnasium.make(
        SINGLE_SEAT, rules="pokerato", players=3, opponents="principiante", reward="chips"
    )
    check_env(made.unwrapped)


def test_the_seat_against_the_computer_repeats_a_seeded_game_and_ends_on_a_masked_out_id() -> None:
    def game(seed: int) -> tuple[list[int], float]:
        seat = SingleSeat(rules="scala-40", players=2, opponents="intermedio")
        observation, _ = seat.reset(seed=seed)
        chooser = np.random.default_rng(seed)
        taken: list[int] = []
        total = 0.0
        done = False
        while not done:
            action = int(chooser.choice(np.flatnonzero(observation["action_mask"])))
            taken.append(action)
            observation, reward, done, _, _ = seat.step(action)
            total += float(reward)
        return taken, total

    assert game(4) == game(4)
    # A bot given as its maker is made again with each deal: the same seed, the same game.
    seat = SingleSeat(rules="classico", players=2, opponents=[RandomBot])
    runs = []
    for _ in range(2):
        observation, _ = seat.reset(seed=4)
        steps = 0
        done = False
        while not done:
            action = int(np.flatnonzero(observation["action_mask"])[0])
            observation, _, done, _, _ = seat.step(action)
            steps += 1
        runs.append(steps)
    assert runs[0] == runs[1]
    # A reset leaves the learner a move even where the computer goes out at once (seed 4,
    # classico for 2: the first deal ends before his turn).
    for level in ("principiante", "esperto"):
        seat = SingleSeat(rules="classico", players=2, opponents=level)
        observation, info = seat.reset(seed=4)
        assert observation["action_mask"].any() and info == {}
    seat = SingleSeat(rules="classico", opponents="principiante", illegal_reward=-5.0)
    observation, _ = seat.reset(seed=1)
    outside = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, done, _, info = seat.step(outside)
    assert (reward, done, info) == (-5.0, True, {"illegal": outside})


def test_unknown_arguments_are_refused_in_words() -> None:
    for slots in (0, -5):
        with pytest.raises(EnvError) as caught:
            raw_env("classico", 2, slots=slots)
        assert caught.value.reason is EnvReason.BAD_SLOTS
    with pytest.raises(EnvError) as caught:
        raw_env("classico", 2, reward="points")
    assert caught.value.reason is EnvReason.UNKNOWN_REWARD
    assert "count, result, chips" in str(caught.value)
    with pytest.raises(EnvError) as caught:
        raw_env("classico", 2, episode="season")
    assert caught.value.message("en").startswith("Unknown episode")
