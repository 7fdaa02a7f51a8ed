"""A table of ``ramino serve`` without the web: seats taken, the match dealt when the last one
is, moves refused with the engine's reasons, the computer's turns played, every seat shown its
own cards only, and a log that replays to the same table."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("pydantic")
pytest.importorskip("sqlalchemy")

from ramino.ai import bot_for_level
from ramino.engine import get_preset
from ramino.engine.errors import IllegalAction, NotationError, RaminoError, Reason
from ramino.engine.rules import Rules
from ramino.engine.shuffle import verify_deal
from ramino.server.protocol import ObservationView, read_client_message
from ramino.server.reasons import ServerReason
from ramino.server.store import StoredAction, StoredSeat
from ramino.server.tables import COMPUTER, HUMAN, Move, Table, TableSpec

RULES = replace(get_preset("classico"), max_turns=30, target=150)


def new_table(*kinds: str, seed: bytes = b"tavolo") -> Table:
    seats = tuple(
        StoredSeat(
            i,
            kind,
            f"Bot{i} (computer)" if kind == COMPUTER else None,
            "principiante" if kind == COMPUTER else None,
            None,
        )
        for i, kind in enumerate(kinds)
    )
    return Table("t1", TableSpec(RULES, seats, seed))


def seated(*kinds: str) -> Table:
    table = new_table(*kinds)
    for seat in table.free_seats:
        table.take_seat(seat, f"P{seat}", f"hash{seat}")
    table.deal(0)
    return table


def test_the_match_is_dealt_when_the_last_seat_is_taken() -> None:
    table = new_table(HUMAN, HUMAN, COMPUTER)
    assert not table.started and table.free_seats == [0, 1]
    with pytest.raises(IllegalAction) as refused:
        table.check(0, "draw")
    assert refused.value.reason is ServerReason.TABLE_NOT_STARTED
    assert "ancora liberi: 2" in refused.value.message("it")
    table.take_seat(0, "Anna", "h0")
    assert not table.ready
    table.take_seat(1, "Bruno", "h1")
    assert table.ready and not table.started
    assert table.deal(1).text == "deal" and table.started and not table.ready
    assert table.seat_of_token("h1") == 1 and table.seat_of_token("x") is None


def test_a_move_out_of_turn_or_refused_changes_nothing() -> None:
    table = seated(HUMAN, HUMAN)
    mover = table.to_play()
    assert mover is not None
    other = 1 - mover
    before = (table.version, table.state(0), table.state(1))
    with pytest.raises(IllegalAction) as refused:
        table.act(other, "draw")
    assert refused.value.reason is ServerReason.NOT_YOUR_TURN
    assert table.name(mover) in refused.value.message("it")
    with pytest.raises(NotationError):
        table.act(mover, "pesca")
    with pytest.raises(IllegalAction) as refused:
        table.act(mover, "discard " + str(table.observation(mover).hand[0]))  # type: ignore[union-attr]
    assert refused.value.reason is Reason.MUST_DRAW_FIRST
    assert (table.version, table.state(0), table.state(1)) == before


def test_the_computer_plays_its_turns_and_each_seat_sees_its_own_hand() -> None:
    table = seated(HUMAN, COMPUTER, COMPUTER)
    moves = table.computers_play()
    assert table.to_play() == 0 or (table.play is not None and table.play.is_over)
    assert all(move.seat in (1, 2) for move in moves)
    state = table.state(0)
    assert state.observation is not None
    view = state.observation
    assert [seat.computer for seat in view.seats] == [False, True, True]
    assert len(view.hand) == view.seats[0].cards
    assert view.legal_actions and "draw" in view.legal_actions
    # The hands of the others travel as counts only.
    assert "hand" not in view.seats[1].model_dump()


def test_a_log_replays_to_the_same_table() -> None:
    table = seated(HUMAN, HUMAN, COMPUTER)
    log: list[StoredAction] = []
    for _ in range(200):
        mover = table.to_play()
        if mover is None:
            break
        if table.seats[mover].kind == COMPUTER:
            moves = table.computers_play()
        else:
            observation = table.observation(mover)
            assert observation is not None
            moves = table.act(mover, str(observation.legal_actions[-1]))
        for move in moves:
            log.append(StoredAction(len(log) + 1, move.seat, move.text, None))
    assert table.play is not None and table.play.rounds >= 2  # rounds follow one another
    again = Table("t1", TableSpec(RULES, tuple(table.seats), b"tavolo"))
    again.replay([StoredAction(0, 0, "deal", None), *log])
    assert again.version == table.version
    assert [again.state(s) for s in range(3)] == [table.state(s) for s in range(3)]


def test_a_spec_reads_back_as_it_was_written() -> None:
    table = new_table(HUMAN, COMPUTER)
    data = table.spec.to_dict()
    back = TableSpec.from_dict(data, table.seats)
    assert back == table.spec


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "{}",
        '{"type": "act", "id": "a", "action": ""}',
        '{"type": "act", "id": "a b", "action": "draw"}',
        '{"type": "act", "id": "a", "action": "draw", "extra": 1}',
        '{"type": "sync", "id": "a"}',
        '{"type": "shout"}',
        '{"type": "act", "id": "' + "x" * 65 + '", "action": "draw"}',
        '{"type": "act", "id": "a", "action": "' + "7H " * 200 + '"}',
        "[" * 10_000 + "]" * 10_000,
    ],
)
def test_a_message_that_is_not_one_is_refused(text: str) -> None:
    from pydantic import ValidationError

    with pytest.raises(ValidationError):
        read_client_message(text)


def test_every_deal_is_committed_before_and_proved_after() -> None:
    table = new_table(HUMAN, HUMAN)
    first = table.commitment(1)
    table.take_seat(0, "Anna", "h0")
    table.add_nonce(0, bytes.fromhex("a1b2"))
    table.take_seat(1, "Bruno", "h1")
    table.add_nonce(1, b"")
    table.deal(1)
    state = table.state(0)
    assert state.commitment == first and state.next_commitment == table.commitment(2)
    # Nonces sent during round 1 go into deal 2, committed to already.
    table.add_nonce(1, b"seme di Bruno")
    while table.play is not None and table.play.rounds < 2:
        mover = table.to_play()
        assert mover is not None
        observation = table.observation(mover)
        assert observation is not None
        table.act(mover, str(observation.legal_actions[-1]))
    first_proof, second_proof = table.proofs[:2]
    assert first_proof.commitment == first and first_proof.nonces == ("a1b2", "")
    assert second_proof.nonces == ("", b"seme di Bruno".hex())
    for proof in (first_proof, second_proof):
        assert verify_deal(
            proof.commitment,
            bytes.fromhex(proof.secret),
            [bytes.fromhex(n) for n in proof.nonces],
            proof.order,
            proof.deck_size,
        )
    assert table.state(0).revealed == table.proofs[-1].to_dict()


def test_a_nonce_changes_the_deal() -> None:
    orders = []
    for nonce in (b"", b"x"):
        table = new_table(HUMAN, HUMAN)
        table.take_seat(0, "Anna", "h0")
        table.take_seat(1, "Bruno", "h1")
        table.add_nonce(0, nonce)
        table.deal(0)
        assert table.play is not None and table.play.round is not None
        orders.append(table.play.round.deck_order)
    assert orders[0] != orders[1]
    with pytest.raises(ValueError):
        new_table(HUMAN, HUMAN).add_nonce(0, bytes(65))


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_random_moves_and_slips_replay_to_the_same_table(data: st.DataObject) -> None:
    kinds = data.draw(st.lists(st.sampled_from([HUMAN, COMPUTER]), min_size=2, max_size=4))
    if HUMAN not in kinds:
        kinds[0] = HUMAN
    table = new_table(*kinds, seed=data.draw(st.binary(min_size=1, max_size=8)))
    log: list[StoredAction] = []

    def keep(moves: list[Move]) -> None:
        log.extend(StoredAction(len(log) + 1, m.seat, m.text, None) for m in moves)

    for seat in table.free_seats:
        table.take_seat(seat, f"P{seat}", f"h{seat}")
        if data.draw(st.booleans()):
            keep([table.add_nonce(seat, data.draw(st.binary(max_size=16)))])
    keep([table.deal(0)])
    keep(table.computers_play())
    for _ in range(data.draw(st.integers(0, 60))):
        mover = table.to_play()
        if mover is None:
            break
        observation = table.observation(mover)
        assert observation is not None
        seat = data.draw(st.sampled_from(range(len(kinds))))
        text = data.draw(
            st.one_of(
                st.sampled_from([str(a) for a in observation.legal_actions]),
                st.sampled_from(["draw", "take", "discard KS", "lay 7H 8H 9H", "call", "x"]),
            )
        )
        before = [table.state(s) for s in range(len(kinds))]
        try:
            moves = table.act(seat, text)
        except RaminoError:
            assert [table.state(s) for s in range(len(kinds))] == before
            continue
        assert seat == mover
        keep(moves)
        if data.draw(st.booleans()) and (given := table.add_nonce(seat, b"n")) is not None:
            keep([given])
    again = Table("t1", TableSpec(RULES, tuple(table.seats), table.spec.secret))
    again.replay(log)
    assert again.version == table.version == len(log)
    assert [again.state(s) for s in range(len(kinds))] == [
        table.state(s) for s in range(len(kinds))
    ]


def test_a_round_over_is_told_until_the_seat_moves_in_the_next() -> None:
    table = seated(HUMAN, HUMAN)
    while table.play is not None and table.play.rounds == 0:
        mover = table.to_play()
        assert mover is not None
        view = table.state(mover).observation
        assert view is not None and table.state(mover).ended is None
        table.act(mover, view.legal_actions[0])
    assert table.ended is not None
    ended_round = table.ended[0]
    for seat in (0, 1):
        state = table.state(seat)
        assert state.ended_round == 1 and state.ended is not None and state.ended.over
        # His own view of the round as it ended: every move of it, his last hand.
        assert len(state.ended.history) == len(ended_round.history)
        assert state.ended.hand == [str(card) for card in ended_round.hand(seat)]
        assert state.ended_by is not None and state.ended_by["reason"] == ended_round.end.reason
        assert [line["number"] for line in state.sheet] == [1]
    watched = table.state(None)
    assert watched.ended is not None and watched.ended.hand == [] and watched.ended.seat is None
    mover = table.to_play()
    assert mover is not None
    view = table.state(mover).observation
    assert view is not None
    table.act(mover, view.legal_actions[0])
    # Once he has moved in round 2 he no longer needs it; the other seat, not yet.
    assert table.state(mover).ended is None and table.state(None).ended is None
    assert table.state(1 - mover).ended is not None


REENTRY_RULES = replace(get_preset("classico"), max_turns=6, target=60, reentry=True)


def out_and_offered(rules: Rules = REENTRY_RULES) -> tuple[Table, list[StoredAction]]:
    """Anna and Bea with two computer players, played until Anna is out and may re-enter
    (Bot0, out too, has already declined: it would come back too close to the target)."""
    seats = (
        StoredSeat(0, HUMAN, None, None, None),
        StoredSeat(1, HUMAN, None, None, None),
        StoredSeat(2, COMPUTER, "Bot0 (computer)", "principiante", None),
        StoredSeat(3, COMPUTER, "Bot1 (computer)", "principiante", None),
    )
    table = Table("t1", TableSpec(rules, seats, b"seed2"))
    table.take_seat(0, "Anna", "h0")
    table.take_seat(1, "Bea", "h1")
    log = [table.deal(1), *table.computers_play()]
    while not table.reentry_seats():
        mover = table.to_play()
        assert mover is not None
        view = table.state(mover).observation
        assert view is not None
        log.extend(table.act(mover, view.legal_actions[0]))
    stored = [StoredAction(i + 1, move.seat, move.text, None) for i, move in enumerate(log)]
    return table, stored


def test_a_person_out_is_offered_the_reentry_and_the_table_waits() -> None:
    table, _ = out_and_offered()
    assert table.play is not None and table.play.round is None
    assert table.reentry_seats() == [0]
    assert table.state(0).reentry == {"total": 89, "entry_total": 54, "stake": 0}
    assert table.state(1).reentry is None and table.state(None).reentry is None
    assert "Bot0 (computer)" in table.play.match.rounds[-1].eliminated
    # Nobody plays until she says: the refusal names her.
    with pytest.raises(IllegalAction) as waiting:
        table.check(1, "draw")
    assert waiting.value.reason is ServerReason.NOT_YOUR_TURN and "Anna" in waiting.value.message(
        "it"
    )
    with pytest.raises(RaminoError) as refused:
        table.decide_reentry(1, True)
    # The engine's own reason, as at home: Bea is still in.
    assert refused.value.reason is Reason.PLAYER_NOT_ELIMINATED
    version = table.version
    assert table.decide_reentry(0, True).text == "reentry yes"
    assert table.version == version + 1
    assert table.play.round is not None and "Anna" in table.play.names
    assert table.play.match.totals["Anna"] == 54
    assert table.state(0).reentry is None


def test_the_state_says_the_next_messa_and_the_stakes_paid_to_come_back() -> None:
    # What a sheet's cells hide, which the online terminal's sheet says as the home one does.
    seats = (
        StoredSeat(0, HUMAN, None, None, None),
        StoredSeat(1, COMPUTER, "Bot0 (computer)", "principiante", None),
    )
    table = Table("t1", TableSpec(get_preset("enciclopedia"), seats, b"messa"))
    table.take_seat(0, "Anna", "h0")
    table.deal(0)
    assert table.state(0).messa_level == 50 and table.state(None).messa_level == 50
    assert seated(HUMAN, HUMAN).state(0).messa_level is None  # classico has no messa
    # Casertano-like re-entry for a stake: who came back, and for how much.
    table, _ = out_and_offered(replace(REENTRY_RULES, reentry_stake=2))
    assert "Anna" not in table.state(0).stakes
    table.decide_reentry(0, True)
    assert table.state(1).stakes["Anna"] == 2


def test_a_person_who_stays_out_is_dealt_no_more() -> None:
    table, log = out_and_offered()
    move = table.decide_reentry(0, False)
    assert move.text == "reentry no"
    assert table.play is not None and table.play.round is not None
    assert "Anna" not in table.play.names and table.state(0).observation is None
    # The answer is in the log: a table read back is the same table.
    again = Table("t1", TableSpec(REENTRY_RULES, tuple(table.seats), b"seed2"))
    again.replay([*log, StoredAction(len(log) + 1, move.seat, move.text, None)])
    assert again.version == table.version
    assert [again.state(s) for s in range(4)] == [table.state(s) for s in range(4)]


def played_for_to_the_end(table: Table) -> None:
    """The computer plays every seat to the end of the match (the people away, their
    re-entries declined)."""
    for seat, taken in enumerate(table.seats):
        if taken.kind == HUMAN:
            table.go_away(seat)
    while not table.match_over:
        moves = table.computers_play()
        offered = table.reentry_seats()
        for seat in offered:
            table.decide_reentry(seat, False)
        assert moves or offered


def out_before_the_last_round() -> Table:
    """A table of two people and the computer whose match is over, one of them gone out
    before its last round (the first such of a few secrets)."""
    rules = replace(get_preset("classico"), max_turns=8, target=60)
    seats = (
        StoredSeat(0, HUMAN, None, None, None),
        StoredSeat(1, HUMAN, None, None, None),
        StoredSeat(2, COMPUTER, "Bot2 (computer)", "principiante", None),
    )
    for n in range(30):
        table = Table("t1", TableSpec(rules, seats, f"s{n}".encode()))
        for seat in table.free_seats:
            table.take_seat(seat, f"P{seat}", f"hash{seat}")
        table.deal(0)
        played_for_to_the_end(table)
        assert table.play is not None
        if len(table.play.names) < len(table.play.players):
            return table
    raise AssertionError("nobody went out before the last round")


def test_a_rematch_deals_every_seat_in_again_those_out_before_the_end_too() -> None:
    table = out_before_the_last_round()
    first = table.play
    assert first is not None and first.players == ("P0", "P1", "Bot2 (computer)")
    for seat in (0, 1):
        table.come_back(seat)
    for seat in (0, 1):
        table.decide_rematch(seat, True)
    assert table.match_number == 2 and table.play is not first
    assert table.play.players == first.players and table.play.names == first.players
    assert all(table.observation(seat) is not None for seat in (0, 1))
    # Its end is stored with every seat's place.
    played_for_to_the_end(table)
    result = table.result()
    assert result is not None and result.match == 2
    assert {seat.name for seat in result.seats} == set(first.players)
    assert min(seat.placement for seat in result.seats) == 1


def test_a_knocked_hand_says_its_count() -> None:
    # Gin rummy: the round's sheet line carries each seat's deadwood and the points it won,
    # which the terminal's line at the end of the hand tells (test_tui).
    table = Table(
        "t1",
        TableSpec(
            get_preset("gin"),
            tuple(StoredSeat(i, HUMAN, None, None, None) for i in range(2)),
            b"gin",
        ),
    )
    for seat in table.free_seats:
        table.take_seat(seat, f"P{seat}", f"hash{seat}")
    table.deal(0)
    bots = [bot_for_level("esperto", seed=seat) for seat in range(2)]
    while table.ended is None:
        mover = table.to_play()
        assert mover is not None and table.play is not None and table.play.round is not None
        action = bots[mover].act(table.play.round.observation(mover))
        table.act(mover, str(action))
    end = table.ended[0].end
    assert end is not None and end.points is not None
    state = table.state(0)
    how, knock = state.ended_by, state.sheet[-1]["knock"]
    assert how is not None and knock is not None
    names = table.ended[1]
    assert [knock["deadwood"][name] for name in names] == list(end.counts)
    assert [knock["points"][name] for name in names] == list(end.points)
    assert knock["kind"] != "big_gin" and how["reason"] == "went_out" and how["out"] == end.out


def test_a_void_gin_hand_says_each_players_deadwood_not_his_cards_total() -> None:
    # Nobody knocks: each draws and throws what he drew until the wall, then passes.
    from ramino.engine.actions import Discard, Draw, Pass
    from ramino.engine.going_out import min_deadwood
    from ramino.engine.play import MatchPlay
    from ramino.server.tables import knock_note

    rules = get_preset("gin")
    play = MatchPlay(["Anna", "Bruno"], rules, seed=4)
    round_ = play.start_round()
    while not round_.is_over:
        legal = round_.legal_actions
        if Pass() in legal:
            round_.apply(Pass())
        elif Draw() in legal:
            round_.apply(Draw())
            throws = [a for a in round_.legal_actions if isinstance(a, Discard)]
            round_.apply(throws[-1])
        else:
            pytest.fail(f"no move for {legal}")
    assert round_.end is not None and round_.end.out is None
    play.finish_round()
    note = knock_note(round_, play)
    assert note["kind"] == "void"
    hands = {name: round_.hand(seat) for seat, name in enumerate(play.names)}
    assert note["deadwood"] == {name: min_deadwood(hand, rules) for name, hand in hands.items()}


def test_every_bet_is_told_with_its_chips_to_every_seat_and_again_on_reconnecting() -> None:
    # Four chips each. Hand 1: Carla raises, the others fold: she takes the pot (Anna 4,
    # Bruno 3, Carla 5). Hand 2, Carla's blind: stacks apart, so Bruno cannot cover a call.
    rules = replace(get_preset("pokerato"), starting_chips=4, blind=1, raise_unit=1)
    seats = tuple(StoredSeat(i, HUMAN, None, None, None) for i in range(3))
    table = Table("t1", TableSpec(rules, seats, b"tavolo"))
    for seat, name in enumerate(["Anna", "Bruno", "Carla"]):
        table.take_seat(seat, name, f"h{seat}")
    log = [table.deal(0)]

    def bet(*texts: str) -> None:
        for text in texts:
            mover = table.to_play()
            assert mover is not None
            log.extend(table.act(mover, text))

    def told(view: ObservationView | None) -> list[tuple[object, ...]]:
        assert view is not None
        return [
            (b.seat, b.bet, b.paid, b.stake, b.behind, b.all_in, b.pot, b.raised) for b in view.bets
        ]

    bet("raise", "fold", "fold")
    # The hand as it ended, told until the seat moves in the next, keeps its bets.
    assert told(table.state(0).ended) == [
        (2, "raise", 2, 2, 2, False, 3, 1),
        (0, "fold", 0, 0, 4, False, 3, 0),
        (1, "fold", 0, 1, 3, False, 3, 0),
    ]
    bet("raise", "call", "raise", "raise", "call", "call")
    views = [table.state(seat).observation for seat in (0, 1, 2, None)]
    assert told(views[0]) == [
        (0, "raise", 2, 2, 2, False, 3, 1),
        (1, "call", 2, 2, 1, False, 5, 0),
        (2, "raise", 2, 3, 2, False, 7, 1),
        (0, "raise", 2, 4, 0, True, 9, 1),  # his last two chips
        (1, "call", 1, 3, 0, True, 10, 0),  # one chip short of the call
        (2, "call", 1, 4, 1, False, 11, 0),
    ]
    assert views[0] is not None and [b.at for b in views[0].bets] == list(range(6))
    # Bets are public: every seat and a spectator are told the same.
    assert all(told(view) == told(views[0]) for view in views)
    # A table read back from its log (a restart) tells them the same.
    stored = [StoredAction(i + 1, move.seat, move.text, None) for i, move in enumerate(log)]
    again = Table("t1", TableSpec(rules, seats, b"tavolo"))
    again.replay([StoredAction(0, 0, "deal", None), *stored[1:]])
    assert told(again.state(1).observation) == told(views[1])
