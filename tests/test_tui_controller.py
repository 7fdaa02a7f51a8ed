"""The terminal game's match controller without any screen: rounds against bots, refusals,
the table talk, saving and resuming, records for ``ramino replay``, the jolly's choices and
re-entry after elimination."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from pathlib import Path

import pytest

from ramino.ai import Bot, BotError, BotReason, GreedyBot, RandomBot
from ramino.engine import get_preset, parse_cards
from ramino.engine.actions import Action, Attach, Call, Discard, Draw, Lay
from ramino.engine.errors import IllegalAction, Reason, RecordError, ScoreError
from ramino.engine.match import Match, RoundResult
from ramino.engine.melds import validate_meld
from ramino.engine.observation import Observation
from ramino.engine.record import from_json, replay
from ramino.engine.round import Phase, RoundEnd
from ramino.engine.state import TableMeld
from ramino.tui.controller import (
    MatchController,
    NotYourTurn,
    ReentryDecision,
    ReentryOffer,
    bot_reenters,
    seat_names,
)
from ramino.tui.jokers import joker_choices
from ramino.tui.narrate import Move, told
from ramino.tui.save import export_records, load_match, match_from_json, match_to_json, save_match

pytestmark = pytest.mark.once

# Short rounds and a low target keep every match to a few rounds.
RULES = replace(get_preset("classico"), max_turns=40, target=60)


def random_bots(level: str, *, seed: int = 0, name: str | None = None) -> Bot:
    return RandomBot(seed, name=name or "random")


def new_game(seed: int = 3, players: int = 3) -> MatchController:
    return MatchController(RULES, players=players, seed=seed, bot_factory=random_bots)


def play_human_turn(game: MatchController) -> None:
    """The human's simple turn: draw from the stock, lay what he can, discard the first card."""
    game.play_human(Draw())
    while game.human_to_move:
        observation = game.observation()
        assert observation is not None
        lays = [a for a in observation.legal_actions if isinstance(a, Lay)]
        if lays:
            game.play_human(lays[0])
            continue
        discards = [a for a in observation.legal_actions if isinstance(a, Discard)]
        game.play_human(discards[0])


def play_to_end_of_round(game: MatchController, me: Bot | None = None) -> None:
    """The round played out, the human's moves by ``me`` (or lay what he can, then throw)."""
    r = game.round
    assert r is not None
    while not r.is_over:
        if not game.human_to_move:
            game.bot_step()
        elif me is None:
            play_human_turn(game)
        else:
            observation = game.observation()
            assert observation is not None
            game.play_human(me.act(observation))


def test_seats_and_levels() -> None:
    assert seat_names("Tu", 3) == ("Tu", "Bruno", "Carla")
    assert seat_names("Carla", 4) == ("Carla", "Bruno", "Dario", "Elena")
    with pytest.raises(BotError) as raised:
        MatchController(RULES, level="campione", bot_factory=random_bots)
    assert raised.value.reason is BotReason.UNKNOWN_LEVEL
    # A level is named in English too, and kept by its Italian name (as a save writes it).
    assert MatchController(RULES, level="Expert", bot_factory=random_bots).level == "esperto"


def test_a_round_against_bots_is_told_and_scored() -> None:
    game = new_game()
    r = game.start_round()
    assert game.names == ("Giocatore", "Bruno", "Carla")
    # The human deals the first round: told in the second person.
    assert game.log[0].text("it") == "— Smazzata 1: distribuisci tu. —"
    assert game.log[0].text("en") == "— Round 1: you deal. —"
    play_to_end_of_round(game)
    sheet = game.finish_round()
    assert sheet.number == 1 and game.round is None and game.last_round is r
    assert len(game.records) == 1 and game.records[0].result == r.end
    texts = [line.text("it") for line in game.log]
    # A bot's draw from the stock shows no card; the human's own draw does.
    assert any(t.startswith("Bruno pesca dal tallone") for t in texts)
    assert any(t.startswith("Peschi ") for t in texts)
    assert not any("Bruno pesca dal tallone:" in t for t in texts)
    english = [line.text("en") for line in game.log]
    assert any(t.startswith("You draw ") for t in english)


def test_a_refused_move_changes_nothing_and_says_why() -> None:
    game = new_game()
    r = game.start_round()
    while game.bot_to_move:
        game.bot_step()
    before = (list(r.history), r.hand(0), r.phase, len(game.log))
    with pytest.raises(IllegalAction) as refused:
        game.play_human(Discard(r.hand(0)[0]))
    assert refused.value.reason is Reason.MUST_DRAW_FIRST
    assert refused.value.message("it").startswith("Prima si pesca")
    assert (list(r.history), r.hand(0), r.phase, len(game.log)) == before
    game.play_human(Draw())
    with pytest.raises(NotYourTurn):
        game.bot_step()


def test_the_human_cannot_move_for_a_bot() -> None:
    game = new_game()
    game.start_round()
    assert game.bot_to_move
    with pytest.raises(NotYourTurn) as error:
        game.play_human(Draw())
    assert error.value.message("it") == "Non è il tuo turno: tocca a Bruno."
    assert error.value.message("en") == "It is not your turn: Bruno is to play."
    assert NotYourTurn("Anna").message("it") == "Non è il tuo turno: tocca ad Anna."


def test_a_whole_match_ends_with_a_winner() -> None:
    game = new_game(seed=5, players=2)
    while not game.is_over and not game.human_out:
        game.start_round()
        play_to_end_of_round(game)
        game.finish_round()
    assert game.sheets
    if game.is_over:
        assert game.play.winner in game.players
    again = game.again()
    assert again.players == game.players and again.play.seed != game.play.seed


def test_save_mid_turn_and_resume_gives_the_same_table(tmp_path: Path) -> None:
    game = new_game()
    game.start_round()
    play_to_end_of_round(game)
    game.finish_round()
    r = game.start_round()
    while game.bot_to_move:
        game.bot_step()
    game.play_human(Draw())
    path = save_match(game, tmp_path / "partita.json")
    back = load_match(path, bot_factory=random_bots)
    assert back.names == game.names and back.human == "Giocatore" and back.level == "intermedio"
    assert back.play.match.totals == game.play.match.totals
    assert back.round is not None
    assert back.round.history == r.history
    assert [back.round.hand(s) for s in range(3)] == [r.hand(s) for s in range(3)]
    assert back.round.phase is Phase.PLAY and back.human_to_move
    assert [x.text("it") for x in back.log] == [x.text("it") for x in game.log]
    # The saved file is plain JSON whose rounds are game records.
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "ramino-match" and len(data["rounds"]) == 2
    assert data["rounds"][0]["format"] == "ramino-record"


def test_a_pokerato_match_saves_its_chips_and_resumes_in_the_betting() -> None:
    rules = replace(get_preset("pokerato"), max_turns=12)
    game = MatchController(rules, players=3, seed=5, bot_factory=random_bots)
    game.start_round()
    while game.round is not None and not game.round.is_over:
        if game.human_to_move:
            observation = game.observation()
            assert observation is not None
            game.play_human(
                Call() if observation.phase is Phase.BET else observation.legal_actions[0]
            )
        else:
            game.bot_step()
    game.finish_round()
    game.start_round()
    while game.bot_to_move:
        game.bot_step()
    back = match_from_json(match_to_json(game), bot_factory=random_bots)
    assert back.play.match.chips == game.play.match.chips
    assert back.play.match.on_table == game.play.match.on_table
    assert back.round is not None and game.round is not None
    assert back.round.betting == game.round.betting and back.round.phase is game.round.phase
    assert [x.text("it") for x in back.log] == [x.text("it") for x in game.log]


def test_save_between_rounds_resumes_before_the_next_deal() -> None:
    game = new_game()
    game.start_round()
    play_to_end_of_round(game)
    game.finish_round()
    back = match_from_json(match_to_json(game), bot_factory=random_bots, level="esperto")
    assert back.round is None and back.play.rounds == 1 and back.level == "esperto"
    assert back.start_round().deck_order == game.start_round().deck_order


def test_a_tampered_save_says_where() -> None:
    game = new_game()
    game.start_round()
    while game.bot_to_move:
        game.bot_step()
    data = json.loads(match_to_json(game))
    data["rounds"][0]["actions"].append("discard KS")  # Tu must draw first
    with pytest.raises(RecordError) as error:
        match_from_json(json.dumps(data), bot_factory=random_bots)
    assert "rounds[0].actions[" in error.value.message("en")
    with pytest.raises(RecordError, match="format"):
        match_from_json('{"format": "ramino-record"}')
    with pytest.raises(RecordError, match="non esiste"):
        load_match("/nonexistent/partita.json")


def test_finished_rounds_are_written_as_records_for_replay(tmp_path: Path) -> None:
    game = new_game()
    for _ in range(2):
        game.start_round()
        play_to_end_of_round(game)
        game.finish_round()
    files = export_records(game, tmp_path / "sera.json")
    assert [f.name for f in files] == ["sera-1.json", "sera-2.json"]
    for file, played in zip(files, game.records, strict=True):
        record = from_json(file.read_text(encoding="utf-8"))
        assert record == played
        assert replay(record).end == played.result


def test_joker_choices_ask_only_when_the_meaning_varies() -> None:
    rules = get_preset("classico")
    ends = joker_choices(parse_cards("JK 7S 8S"), rules)
    assert [[str(c) for c in d] for d in ends] == [["6S"], ["9S"]]
    assert len(joker_choices(parse_cards("7S JK 9S"), rules)) == 1
    assert joker_choices(parse_cards("7S 8S 9S"), rules) == []
    run = validate_meld(parse_cards("7H 8H 9H"), rules)
    attached = joker_choices(parse_cards("JK"), rules, target=run)
    assert [[str(c) for c in d] for d in attached] == [["6H"], ["10H"]]


def test_hint_for_the_human() -> None:
    pytest.importorskip("ramino.ai.hint")
    game = new_game()
    game.start_round()
    with pytest.raises(NotYourTurn):
        game.hint()
    while game.bot_to_move:
        game.bot_step()
    found = game.hint("it")
    observation = game.observation()
    assert observation is not None
    assert found.actions and found.actions[0] in observation.legal_actions
    assert found.lines and all(isinstance(line, str) for line in found.lines)


# --- re-entry (rientro) ---

REENTRY = replace(RULES, reentry=True, reentry_stake=1)


def play_passive_round(game: MatchController) -> None:
    """A round in which the human never lays (draw, discard), so his hand piles up points."""
    game.start_round()
    r = game.round
    assert r is not None
    while not r.is_over:
        if not game.human_to_move:
            game.bot_step()
        elif r.phase is Phase.DRAW:
            game.play_human(Draw())
        else:
            observation = game.observation()
            assert observation is not None
            game.play_human(next(a for a in observation.legal_actions if isinstance(a, Discard)))
    game.finish_round()


def out_after_one_round(seed: int) -> MatchController:
    """Four players; with these seeds the human and one bot are out after the first round."""
    game = MatchController(REENTRY, players=4, seed=seed, bot_factory=random_bots)
    play_passive_round(game)
    assert game.human_out and not game.is_over
    return game


def test_the_bots_policy_for_reentry() -> None:
    match = Match(["Anna", "Bruno", "Carla"], REENTRY)
    match.record(RoundResult("Anna", {"Bruno": 70, "Carla": 20}))
    room = ReentryOffer("Bruno", 70, 20, 1)
    assert bot_reenters(match, room)
    # Three quarters of the target (45 of 60) is the highest total it comes back at.
    assert bot_reenters(match, ReentryOffer("Bruno", 70, 45, 1))
    assert not bot_reenters(match, ReentryOffer("Bruno", 70, 46, 1))
    match.reenter("Bruno")
    assert not bot_reenters(match, room)  # never a second time


def test_the_human_takes_the_reentry_offered() -> None:
    game = out_after_one_round(seed=2)
    assert game.sheets[0].eliminated == ("Giocatore", "Carla")
    totals = game.play.match.totals
    # Carla (out at 76) comes back at 30, within three quarters of 60: she takes it at once.
    assert game.reentry_decisions == [ReentryDecision(1, "Carla", True)]
    assert game.log[-1].text("it") == "Carla rientra in partita a 30 (1 posta)."
    # The human's choice waits for him, with its cost in the engine's terms.
    (offer,) = game.reentry_offers
    assert offer == ReentryOffer("Giocatore", totals["Giocatore"], 30, 1)
    assert offer.question("it") == (
        "Rientri in partita? Costa 1 posta: riparti da 30 punti"
        f" (ora ne hai {totals['Giocatore']}). (s/n)"
    )
    assert game.decide_reentry("Giocatore", True) == ReentryDecision(1, "Giocatore", True)
    assert not game.human_out and game.reentry_offers == ()
    assert game.play.match.totals["Giocatore"] == 30 and game.play.match.stakes["Giocatore"] == 1
    assert game.log[-1].text("en") == "You re-enter at 30 (1 stake)."
    play_passive_round(game)
    assert game.names == ("Giocatore", "Bruno", "Carla", "Dario")
    assert set(game.sheets[1].reentered) == {"Giocatore", "Carla"}


def test_the_human_declines_and_the_choice_is_made_once() -> None:
    game = out_after_one_round(seed=2)
    game.decide_reentry("Giocatore", False)
    assert game.human_out and game.log[-1].text("it") == "Resti fuori."
    with pytest.raises(ScoreError) as refused:
        game.decide_reentry("Giocatore", True)
    assert refused.value.reason is Reason.REENTRY_NOT_ALLOWED
    with pytest.raises(ScoreError) as still_in:
        game.decide_reentry("Bruno", True)
    assert still_in.value.reason is Reason.PLAYER_NOT_ELIMINATED
    game.start_round()
    assert "Giocatore" not in game.names and "Carla" in game.names


def test_an_offer_not_taken_before_the_deal_is_declined() -> None:
    game = out_after_one_round(seed=10)
    # Dario is out too, but the total he would come back at (51) is too near the target.
    assert game.reentry_decisions == [ReentryDecision(1, "Dario", False)]
    assert game.reentry_offer("Giocatore") is not None
    game.start_round()
    assert game.reentry_decisions[-1] == ReentryDecision(1, "Giocatore", False)
    assert game.names == ("Bruno", "Carla")


def test_no_offer_without_reentry_in_the_rules() -> None:
    game = MatchController(RULES, players=4, seed=2, bot_factory=random_bots)
    play_passive_round(game)
    assert game.human_out and game.reentry_offers == () and game.reentry_decisions == []


def test_resume_replays_the_reentries(tmp_path: Path) -> None:
    game = out_after_one_round(seed=2)
    # Saved while the question is open: the bots' choices are kept, the human's is asked again.
    pending = match_from_json(match_to_json(game), bot_factory=random_bots)
    assert pending.reentry_decisions == game.reentry_decisions
    assert pending.reentry_offers == game.reentry_offers
    assert pending.play.match.totals == game.play.match.totals
    game.decide_reentry("Giocatore", True)
    r = game.start_round()
    while game.bot_to_move:
        game.bot_step()
    path = save_match(game, tmp_path / "rientro.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == 2
    assert data["reentry_decisions"] == [
        {"after_round": 1, "player": "Carla", "reenters": True},
        {"after_round": 1, "player": "Giocatore", "reenters": True},
    ]
    back = load_match(path, bot_factory=random_bots)
    assert back.reentry_decisions == game.reentry_decisions
    assert back.play.match.to_dict() == game.play.match.to_dict()
    assert back.names == game.names and back.round is not None
    assert back.round.history == r.history and back.human_to_move
    assert [x.text("it") for x in back.log] == [x.text("it") for x in game.log]
    # A choice that does not fit the match says where it is.
    data["reentry_decisions"][1]["player"] = "Bruno"
    with pytest.raises(RecordError) as error:
        match_from_json(json.dumps(data), bot_factory=random_bots)
    assert "reentry_decisions[1]" in error.value.message("en")


def test_a_save_of_version_1_still_loads() -> None:
    # Written before re-entry was offered: nobody came back in, and the file has no choices.
    game = out_after_one_round(seed=10)
    game.start_round()
    game.bot_step()
    data = json.loads(match_to_json(game))
    data["version"] = 1
    del data["reentry_decisions"]
    back = match_from_json(json.dumps(data), bot_factory=random_bots)
    assert back.names == ("Bruno", "Carla")
    assert back.round is not None and game.round is not None
    assert back.round.history == game.round.history
    # The deal declined what nobody chose, in seat order.
    assert set(back.reentry_decisions) == set(game.reentry_decisions)
    assert not any(d.reenters for d in back.reentry_decisions)


@pytest.mark.parametrize("preset", ["classico", "scala-40", "rami-51"])
def test_a_whole_match_against_the_real_computer_players(preset: str) -> None:
    # The default opponents (the intermedio level), a greedy bot playing the human's seat.
    game = MatchController(get_preset(preset), players=3, level="intermedio", seed=11)
    me = GreedyBot(5)
    rounds = 0
    while not game.is_over:
        game.start_round()
        while game.round is not None and not game.round.is_over:
            if game.human_to_move:
                observation = game.observation()
                assert observation is not None
                game.play_human(me.act(observation))
            else:
                game.bot_step()
        game.finish_round()
        rounds += 1
        assert rounds < 60
    assert game.play.match.winner in game.players
    assert len(game.records) == rounds


# --- a table left with fewer players than the rules need ---

SHORT = replace(REENTRY, min_players=3)


def short_after_one_round() -> MatchController:
    """Four players, three needed: after the first round (seed 10) the human and Dario are
    out, Dario declines his re-entry, and Bruno and Carla wait for the human's answer."""
    game = MatchController(SHORT, players=4, seed=10, bot_factory=random_bots)
    play_passive_round(game)
    assert game.reentry_decisions == [ReentryDecision(1, "Dario", False)]
    assert game.play.match.short_handed and not game.is_over
    assert game.reentry_offer("Giocatore") is not None
    return game


def _lowest_still_in(game: MatchController) -> str | None:
    totals = game.play.match.totals
    best = min(totals[name] for name in game.play.match.active)
    lowest = [name for name in game.play.match.active if totals[name] == best]
    return lowest[0] if len(lowest) == 1 else None


def test_declining_on_a_table_too_small_ends_the_match() -> None:
    game = short_after_one_round()
    game.decide_reentry("Giocatore", False)
    assert game.is_over and game.play.match.active == ("Bruno", "Carla")
    winner = _lowest_still_in(game)
    assert game.play.winner == winner and winner is not None
    assert game.log[-1].text("en") == f"{winner} wins the match."
    with pytest.raises(ScoreError) as over:
        game.start_round()
    assert over.value.reason is Reason.MATCH_OVER
    # Saved and resumed, it is the same finished match.
    back = match_from_json(match_to_json(game), bot_factory=random_bots)
    assert back.is_over and back.play.winner == winner


def test_reentering_makes_the_table_whole_again() -> None:
    game = short_after_one_round()
    game.decide_reentry("Giocatore", True)
    assert not game.is_over and not game.play.match.short_handed
    game.start_round()
    assert game.names == ("Giocatore", "Bruno", "Carla")


def test_the_deal_declines_the_open_offer_and_the_match_ends() -> None:
    game = short_after_one_round()
    with pytest.raises(ScoreError) as over:
        game.start_round()
    assert over.value.reason is Reason.MATCH_OVER
    assert game.reentry_decisions[-1] == ReentryDecision(1, "Giocatore", False)
    assert game.is_over and game.play.winner == _lowest_still_in(game)


def test_without_reentry_a_table_too_small_ends_with_the_round() -> None:
    game = MatchController(
        replace(RULES, min_players=3), players=4, seed=10, bot_factory=random_bots
    )
    play_passive_round(game)
    assert game.play.match.eliminated == ("Giocatore", "Dario")
    assert game.is_over and game.play.winner == _lowest_still_in(game)


def test_nobody_leads_a_pokerato_match_before_a_chip_has_moved() -> None:
    from ramino.tui.sheet import outcome

    game = MatchController(get_preset("pokerato"), players=3, seed=1, bot_factory=random_bots)
    assert outcome(game, "it") == "Siete pari a 100 fiches (0 mani giocate su 10)."
    assert outcome(game, "en").startswith("You are all level at 100 chips")


def test_the_sheet_speaks_to_the_human_in_the_second_person() -> None:
    from ramino.tui.sheet import outcome

    game = new_game()
    match = game.play.match
    # Before any count nobody leads.
    assert outcome(game, "it") == "Siete pari a 0 (si perde a 60)."
    assert outcome(game, "en") == "You are all level at 0 (a player is out at 60)."
    match.record(RoundResult("Giocatore", {"Bruno": 30, "Carla": 12}))
    assert outcome(game, "it") == "In testa ci sei tu, con 0 (si perde a 60)."
    assert outcome(game, "en") == "You lead, with 0 (a player is out at 60)."
    match.record(RoundResult("Giocatore", {"Bruno": 40, "Carla": 50}))
    assert match.is_over and match.winner == "Giocatore"
    assert outcome(game, "it") == "Vinci tu, con 0!" and outcome(game, "en") == "You win, with 0!"


def test_the_log_writes_ad_before_a_meld_that_begins_with_an_ace() -> None:
    # Italian: "attacca 4♥ ad A♥ 2♥ 3♥", as "tocca ad Anna" (text.to_name).
    rules = get_preset("classico")
    ace = [TableMeld(0, validate_meld(parse_cards("AH 2H 3H"), rules), (0, 1, 2))]
    grown = [TableMeld(0, validate_meld(parse_cards("AH 2H 3H 4H"), rules), (0, 1, 2, 3))]
    move = Move(1, Attach(0, parse_cards("4H")))
    assert told(move, grown, ace, rules, you=False) == (
        "attacca 4♥ ad A♥ 2♥ 3♥",
        "attaches 4♥ to A♥ 2♥ 3♥",
    )
    assert told(move, grown, ace, rules, you=True)[0] == "attacchi 4♥ ad A♥ 2♥ 3♥"


def _pokerato_end(
    rules_name: str, hands: tuple[str, ...], moves: tuple[str, ...], **kw: object
) -> RoundEnd:
    """A pokerato hand dealt ``hands`` (the last seat deals) and played by ``moves``: its end."""
    from ramino.engine import Card
    from ramino.engine.round import Round, stacked_deck
    from scripted import play

    rules = get_preset(rules_name)
    order = stacked_deck(
        rules,
        len(hands),
        [parse_cards(h) for h in hands],
        upcard=Card.parse("2C"),
        stock=parse_cards(str(kw.get("stock", "KD"))),
        dealer=len(hands) - 1,
    )
    chips = kw.get("chips")
    r = Round(rules, len(hands), deck_order=order, dealer=len(hands) - 1, chips=chips)  # type: ignore[arg-type]
    play(r, *moves)
    assert r.end is not None
    return r.end


def test_a_close_that_multiplies_the_stake_is_said_with_what_the_others_pay() -> None:
    from ramino.tui.narrate import ending_line

    # Anna goes out with a colore (×2): besides the pot of 3, each other pays 1 more.
    end = _pokerato_end(
        "pokerato-immaginario",
        ("2H 4H 5H 7H 9H JH QH KH AH", "AC 3D 5H 7S 9C JD KH 2S 6D", "AD 3C 5C 7C 9D JH KS 2H 6H"),
        ("call", "call", "call", "draw", "show 2H 4H 5H 7H 9H JH QH KH AH discard KD"),
    )
    names = ["Anna", "Bruno", "Carla"]
    assert ending_line(end, names, False, human="Anna").text("it") == (
        "Chiudi con il colore, che moltiplica la posta per 2."
        " Prendi 3 fiches dal piatto e 2 fiches dagli altri."
    )
    assert ending_line(end, names, False, human="Bruno").text("en") == (
        "Anna goes out with a flush, which multiplies the stake by 2."
        " Anna takes 3 chips from the pot and 2 chips from the others."
    )


def test_a_side_pot_going_back_is_said_to_whom() -> None:
    from ramino.tui.narrate import ending_line

    # Anna, all-in for 2, goes out: the main pot is hers, the side pot of 2 goes back.
    end = _pokerato_end(
        "pokerato",
        (
            "7H 8H 9H 10H QC QD QS 3S 4S 5S",
            "AC 3C 5C 7C 9C JD KD 2S 6S 8S",
            "AD 3D 5D 7D 9D JH KH 2H 6H 8D",
        ),
        (
            "raise",
            "raise",
            "call",
            "call",
            "draw",
            "show 7H 8H 9H 10H | QC QD QS | 3S 4S 5S discard KD",
        ),
        chips=[2, 10, 10],
    )
    assert end.chips is not None and end.chips.won == (6, 1, 1)
    line = ending_line(end, ["Anna", "Bruno", "Carla"], False, human="Bruno")
    assert line.text("it") == (
        "Anna chiude. Anna prende 6 fiches."
        " Riprendi una fiche da un piatto laterale."
        " Carla riprende una fiche da un piatto laterale."
    )
    assert "Carla takes back one chip from a side pot." in line.text("en")


def _sheet_text(game: MatchController, lang: str = "it") -> str:
    from rich.console import Console

    from ramino.tui.sheet import sheet_view

    console = Console(width=100, record=True, file=io.StringIO())
    console.print(sheet_view(game, lang))
    return console.export_text()


def test_the_sheet_says_what_a_close_in_one_turn_added_and_a_negative_score() -> None:
    # Tradizionale: +25 to each other player, which the cells alone do not explain.
    game = MatchController(get_preset("tradizionale"), players=2, bot_factory=random_bots)
    game.play.match.record(RoundResult("Giocatore", {"Bruno": 54}, in_one_turn=True))
    assert "Tu, in mano, +25 a testa" in _sheet_text(game)
    assert "You, in one turn, +25 each" in _sheet_text(game, "en")
    # Casertano: going out scores -10, written with its sign once ("-10", not "+-10"), and
    # the credits it won are on the sheet.
    game = MatchController(get_preset("casertano"), players=3, bot_factory=random_bots)
    game.play.match.record(RoundResult("Bruno", {"Giocatore": 12, "Carla": 30}))
    shown = _sheet_text(game)
    assert "-10 -10" in shown and "+-" not in shown
    assert "Crediti: Bruno 1" in shown


def test_casertano_s_count_shows_the_cards_left_unbound() -> None:
    # The others lay what they can after a close ([W]): the count names only the cards they
    # pay for, not the whole hand beside a smaller sum.
    from ramino.engine.going_out import least_deadwood_cards
    from ramino.engine.scoring import card_penalty

    rules = get_preset("casertano")
    game = MatchController(rules, players=3, seed=1, bot_factory=lambda level, **kw: GreedyBot(1))
    r = game.start_round()
    play_to_end_of_round(game, GreedyBot(2))
    end = r.end
    assert end is not None and end.out is not None
    game.finish_round()
    shown = _sheet_text(game)
    assert "Conta delle carte rimaste slegate:" in shown
    assert "Count of the cards left unbound:" in _sheet_text(game, "en")
    bound = 0
    for seat, name in enumerate(game.names):
        if seat == end.out:
            continue
        left = least_deadwood_cards(end.hands[seat], rules)
        assert sum(card_penalty(card, rules) for card in left) == end.counts[seat]
        bound += len(end.hands[seat]) - len(left)
        said = " ".join(card.unicode() for card in left)
        assert f"{name} {said} = {end.counts[seat]}".replace("  ", " ") in shown
    assert bound > 0


def test_the_sheet_says_the_messa_and_the_scempio() -> None:
    game = MatchController(get_preset("enciclopedia"), players=3, bot_factory=random_bots)
    match = game.play.match
    match.record(RoundResult("Bruno", {"Giocatore": 47, "Carla": 6}))
    shown = _sheet_text(game)
    # 47 rounds to 50, and the messa adds 50: the sheet says where the other 50 came from.
    assert "100 +100" in shown and "Messa dell'ultima smazzata: 50 a chi non ha chiuso." in shown
    assert "Nella prossima" not in shown
    match.record(RoundResult("Carla", {"Giocatore": 20, "Bruno": 30}, in_one_turn=True))
    shown = _sheet_text(game)
    assert "Carla, in mano, scempio" in shown
    assert "Nell'ultima smazzata niente messa." in shown
    assert "Nella prossima la messa è 100." in shown
    assert "Next round the messa is 100." in _sheet_text(game, "en")


class _Passive(RandomBot):
    """Draws from the stock and throws the first card it may: the stock runs out."""

    def act(self, observation: Observation) -> Action:
        if observation.phase is Phase.DRAW:
            return Draw()
        return next(a for a in observation.legal_actions if isinstance(a, Discard))


def test_the_log_tells_each_restock_and_the_cap_that_ends_the_round() -> None:
    rules = replace(get_preset("rami-40"), max_restocks=1)
    game = MatchController(rules, players=2, seed=5, bot_factory=lambda level, **kw: _Passive(0))
    game.start_round()
    play_to_end_of_round(game, _Passive(1))
    lines = [line.text("it") for line in game.log]
    remade = [i for i, line in enumerate(lines) if line.startswith("Il tallone è finito")]
    assert len(remade) == 1 and "(1ª volta)" in lines[remade[0]]
    # Told before the draw from the new stock.
    assert lines[remade[0] + 1].startswith(("Peschi", "Bruno pesca"))
    assert lines[-1] == (
        "La smazzata si ferma: il tallone è finito di nuovo, già rifatto una volta, il massimo."
    )
    assert game.log[-1].text("en").startswith("The round stops: the stock ran out again")
    # A turn cap says its number.
    capped = replace(get_preset("rami-40"), max_turns=6)
    game = MatchController(capped, players=2, seed=5, bot_factory=lambda level, **kw: _Passive(0))
    game.start_round()
    play_to_end_of_round(game, _Passive(1))
    assert game.log[-1].text("it") == "La smazzata si ferma: raggiunto il limite di 6 turni."
    # The sheet says why one of them scores 0: under [R] the lowest hand wins.
    game.finish_round()
    assert "nessuno (limite), la mano più bassa segna 0" in _sheet_text(game)
    assert "nobody (cap), the lowest hand scores 0" in _sheet_text(game, "en")
