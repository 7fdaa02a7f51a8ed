"""Advice for a human player (*un suggerimento*): what the greedy bot would do this turn, each
step with a one-line reason, in Italian first or in English.

At the start of the turn the hint says whether to draw or to take the top discard; after the
draw it suggests the melds to lay, the cards to attach and the discard, in order. The first
action is always one of the legal ones; the later ones are planned on the cards left (the
player can ask again after each move).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..engine.actions import (
    Action,
    Attach,
    Discard,
    Draw,
    Knock,
    Lay,
    Open,
    Pass,
    Show,
    Swap,
    TakeDiscard,
)
from ..engine.analysis import meld_candidates, opening_reachable
from ..engine.cards import JOKER, Card, Rank, format_cards
from ..engine.chips import chips_words
from ..engine.contracts import CONTRACT_NAMES
from ..engine.errors import RaminoError
from ..engine.melds import Meld, MeldKind, attach, retrieve_joker, validate_meld
from ..engine.observation import Observation
from ..engine.round import Phase, TableMeld
from ..engine.rules import FinalDiscard, RetrievedJoker, Rules
from ..engine.scoring import hand_penalty
from ..words.catalogue import N_
from ..words.inline import nsaid, said
from .betting import BetChoice
from .greedy import Decision, Why, decide

__all__ = ["Hint", "hint"]


@dataclass(frozen=True, slots=True)
class Hint:
    """The suggested actions of this turn, in order, and one line of reason for each."""

    actions: tuple[Action, ...]
    lines: tuple[str, ...]

    def __str__(self) -> str:
        return "\n".join(self.lines)


def hint(observation: Observation, *, lang: str = "it") -> Hint:
    """What to do now, and why, for the player of ``observation``, in ``lang`` (``"it"`` or
    ``"en"``).

    >>> from ramino.engine.presets import get_preset
    >>> from ramino.engine.round import Round
    >>> obs = Round(get_preset("classico"), 2, seed=1).observation(1)
    >>> advice = hint(obs)
    >>> advice.actions[0] in obs.legal_actions, len(advice.lines) == len(advice.actions)
    (True, True)
    >>> print(hint(Round(get_preset("classico"), 2, seed=1).observation(0), lang="en"))
    It is not your turn.
    """
    if not observation.legal_actions:
        key = "round_over" if observation.is_over else "not_your_turn"
        return Hint((), (_text(key, lang),))
    steps = _plan(observation)
    lines = tuple(_explain(decision, obs, lang) for decision, obs in steps)
    return Hint(tuple(d.action for d, _ in steps), lines)


def _plan(observation: Observation) -> list[tuple[Decision, Observation]]:
    """The greedy bot's moves for the rest of the turn, each with the view it was chosen from."""
    steps: list[tuple[Decision, Observation]] = []
    obs: Observation | None = observation
    turn = _turn_so_far(observation)
    # Every lay, attachment or swap leaves fewer natural cards in hand: the plan ends.
    for _ in range(2 * len(observation.hand) + 2):
        if obs is None or not obs.legal_actions:
            break
        decision = decide(obs)
        steps.append((decision, obs))
        action = decision.action
        if not isinstance(action, Lay | Attach | Swap):
            break
        obs, turn = _after(obs, turn, action)
    return steps


# --- the rest of the turn, planned on the observation ---


@dataclass(frozen=True, slots=True)
class _Turn:
    """What the plan must remember of the turn beyond the observation."""

    pending_from: int | None = None
    """The meld a jolly taken back came from, while it waits to be laid again elsewhere."""
    taken_used: bool = False
    """Whether the card taken from the pozzo has gone down (its twin may still be in hand)."""


def _turn_so_far(obs: Observation) -> _Turn:
    """The plan's memory of the moves already made this turn, read from the public history."""
    moves: list[Action] = []
    for event in reversed(obs.history):
        if event.seat != obs.seat or isinstance(event.action, Draw | TakeDiscard):
            break
        moves.append(event.action)
    turn = _Turn()
    for action in reversed(moves):
        turn = _remember(turn, action, obs)
    return turn


def _remember(turn: _Turn, action: Action, obs: Observation) -> _Turn:
    pending_from, taken_used = turn.pending_from, turn.taken_used
    if isinstance(action, Swap):
        pending_from = action.meld
    elif isinstance(action, Lay | Attach):
        if JOKER in action.cards:
            pending_from = None
        taken_used = taken_used or obs.taken_card in action.cards
    return _Turn(pending_from, taken_used)


def _after(
    obs: Observation, turn: _Turn, action: Lay | Attach | Swap
) -> tuple[Observation | None, _Turn]:
    """The observation after ``action``, with the moves that would follow it (a plan: the
    engine decides in the end)."""
    rules = obs.rules
    hand = list(obs.hand)
    table = list(obs.table)
    try:
        for card in action.cards:
            hand.remove(card)
        if isinstance(action, Lay):
            meld = validate_meld(action.cards, rules, jokers=action.jokers)
            table.append(TableMeld(obs.seat, meld, ()))
            gained = meld.points(rules)
        else:
            target = table[action.meld]
            if isinstance(action, Attach):
                grown = attach(target.meld, action.cards, rules, jokers=action.jokers)
                gained = grown.points(rules) - target.meld.points(rules)
                if not rules.opening_counts_attachments:
                    gained = 0
            else:
                waits = rules.joker_swap_waits_a_turn and not obs.opened_before
                grown, freed = retrieve_joker(
                    target.meld, action.cards, rules, opened=obs.opened[obs.seat] and not waits
                )
                hand.extend(freed)
                gained = 0
            table[action.meld] = TableMeld(target.owner, grown, target.ids)
    except (RaminoError, ValueError, IndexError):
        return None, turn
    turn = _remember(turn, action, obs)
    points = obs.opening_points + gained
    opened = list(obs.opened)
    opened[obs.seat] = opened[obs.seat] or points >= rules.opening_threshold
    sizes = list(obs.hand_sizes)
    sizes[obs.seat] = len(hand)
    after = replace(
        obs,
        hand=tuple(sorted(hand)),
        table=tuple(table),
        hand_sizes=tuple(sizes),
        opened=tuple(opened),
        opening_points=points if not obs.opened[obs.seat] else 0,
        legal_actions=(),
    )
    return replace(after, legal_actions=tuple(_next_moves(after, turn))), turn


def _next_moves(obs: Observation, turn: _Turn) -> list[Action]:
    if obs.phase in (Phase.KNOCK, Phase.LAY_OFF, Phase.SPREAD):
        return _after_knock(obs)
    rules = obs.rules
    hand = list(obs.hand)
    opened = obs.opened[obs.seat]
    first_round = obs.turn <= obs.players
    keep = 2 if first_round and not rules.rummy_on_first_turn else _keep(rules)
    table = [m.meld for m in obs.table]
    need = rules.opening_threshold - obs.opening_points

    def keeps_opening(used: list[Card], gained: int) -> bool:
        # An opening begun must be finished this turn (the engine refuses a step after
        # which it cannot be).
        if opened or gained >= need:
            return True
        rest = _without(hand, used)
        return opening_reachable(rest, rules, need - gained, keep=keep, table=table)

    # A jolly taken back that must go down this turn goes down next: the plan then never
    # strands it (the engine refuses a move after which it could not be laid).
    pending = turn.pending_from is not None
    must_lay = pending and rules.retrieved_joker is not RetrievedJoker.KEEP
    moves: list[Action] = []
    for cards, jokers in meld_candidates(hand, rules):
        if len(hand) - len(cards) < keep or (not rules.opening_jokers and JOKER in cards):
            continue
        if must_lay and JOKER not in cards:
            continue
        points = validate_meld(cards, rules, jokers=jokers).points(rules)
        if keeps_opening(list(cards), points):
            moves.append(Lay(cards, jokers))
    if (opened or rules.attach_before_opening) and len(hand) - 1 >= keep:
        for number, meld in enumerate(table):
            for card in sorted(set(hand)):
                if must_lay and not card.is_joker:
                    continue
                if card.is_joker and number == turn.pending_from:
                    continue  # a jolly taken back goes into another meld
                try:
                    grown = attach(meld, [card], rules)
                except RaminoError:
                    continue
                gained = grown.points(rules) - meld.points(rules)
                if keeps_opening([card], gained if rules.opening_counts_attachments else 0):
                    moves.append(Attach(number, (card,)))
    taken = obs.taken_card
    must_use = taken is not None and not turn.taken_used and obs.taken_bound
    # "If possible" ([R]): the jolly waits in hand only when it has nowhere to go.
    joker_must_go = must_lay and (
        rules.retrieved_joker is RetrievedJoker.LAY_THIS_TURN or bool(moves)
    )
    if opened and not joker_must_go and not must_use:
        for card in sorted(set(hand)):
            if card is taken and not rules.rediscard_taken_card:
                continue
            moves.append(Discard(card))
    return moves


def _after_knock(obs: Observation) -> list[Action]:
    """The next steps of a knocked hand (gin rummy), its discard made: the defender lays
    off single cards onto the knocker's melds, then each lays his melds; a pass ends the
    step. Nothing is thrown any more."""
    rules, hand = obs.rules, list(obs.hand)
    moves: list[Action] = []
    if obs.phase is Phase.LAY_OFF:
        for number, laid in enumerate(obs.table):
            if laid.owner == obs.seat:
                continue
            for card in sorted(set(hand)):
                try:
                    attach(laid.meld, [card], rules)
                except RaminoError:
                    continue
                moves.append(Attach(number, (card,)))
    else:
        moves.extend(Lay(cards, jokers) for cards, jokers in meld_candidates(hand, rules))
    moves.append(Pass())
    return moves


def _without(cards: list[Card], removed: list[Card]) -> list[Card]:
    rest = list(cards)
    for card in removed:
        rest.remove(card)
    return rest


def _keep(rules: Rules) -> int:
    return 1 if rules.final_discard is FinalDiscard.REQUIRED else 0


# --- words ---

#: The reasons of a hint, by what they explain: the Italian, its English in the catalogue. A
#: card is ``the_card``: with its Italian article (``l'8♣``), bare in English.
_TEXTS: dict[str, str] = {
    "not_your_turn": N_("Non è il tuo turno."),
    "round_over": N_("La smazzata è finita."),
    "draw": N_("Pesca dal tallone."),
    "knock": N_("Bussa: il tuo punteggio morto sta nel limite."),
    "pass_upcard": N_("Passa: {the_card} non ti serve."),
    "pass": N_("Passa: non hai altro da calare."),
    "pass_lay_off": N_("Passa: nessuna carta da attaccare ti toglie punti."),
    "pass_wall": N_("Passa: il tallone è al muro e non puoi bussare, la mano è nulla."),
    "draw_useless": N_("Pesca dal tallone: {the_card} del pozzo non ti serve."),
    "draw_only": N_(
        "Pesca dal tallone: le regole non ti lasciano prendere {the_card} dal pozzo adesso."
    ),
    "take_meld": N_("Prendi {the_card} dal pozzo: fa un gioco con {partners}."),
    "take_near": N_("Prendi {the_card} dal pozzo: lega con {partners} e vale solo {points}."),
    "go_out": N_("Chiudi mostrando la mano: {melds}."),
    "go_out_discard": N_("Chiudi mostrando la mano: {melds}, e scarta {the_card}."),
    "lay": N_("Cala {kind} {meld}: {points} in meno in mano."),
    "lay_opening": N_(
        "Cala {kind} {meld} ({points}): l'apertura sale a {total} (ne servono {threshold})."
    ),
    "attach": N_("Attacca {the_card} a {meld}: {points} in meno in mano."),
    "swap": N_("Dai {cards} per il jolly di {meld} e rimettilo in gioco."),
    "swap_keep": N_("Dai {cards} per il jolly di {meld}: un jolly in mano vale oro."),
    "forced": N_(
        "{move}: il turno lo richiede (un'apertura da finire, una carta presa da usare o un jolly"
        " da rimettere in gioco)."
    ),
    "discard_last": N_("Scarta {the_card} e chiudi!"),
    "discard_isolated": N_("Scarta {the_card}: non lega con nessuna carta e vale {points}."),
    "discard_weakest": N_(
        "Scarta {the_card}: lega solo con {partners}, ma è la carta che ti serve meno."
    ),
    "discard_unload": N_(
        "Scarta {the_card}: un avversario ha solo {threat}, liberati dei punti alti ({points})."
    ),
    "discard": N_("Scarta {the_card}."),
    "open": N_("Apri con il contratto di questa smazzata ({contract}): {melds}."),
    "bet_raise": N_(
        "Rilancia: {distance}, e contro {others} hai circa il {percent} di vincere la mano."
    ),
    "bet_call": N_(
        "Vedi: metti {chips} per un piatto di {pot}; {distance}, circa il {percent} di vincere."
    ),
    "bet_check": N_("Vedi senza mettere niente: la tua puntata pareggia già la più alta."),
    "bet_fold": N_(
        "Lascia: {distance}, circa il {percent} di vincere, troppo poco per mettere {chips} in un"
        " piatto di {pot}."
    ),
}


def _text(key: str, lang: str, **fields: object) -> str:
    return said(lang, _TEXTS[key], **fields)


def _the(card: Card) -> str:
    """The card with its Italian article: ``il 7♥``, ``l'8♣``, ``l'A♠``, ``la Q♦``."""
    if card.rank in (Rank.ACE, Rank.EIGHT):
        return "l'" + card.unicode()
    if card.rank is Rank.QUEEN:
        return "la " + card.unicode()
    return "il " + card.unicode()


def _the_card(card: Card) -> tuple[str, str]:
    """The card as the reasons name it: with its article in Italian, bare in English."""
    return _the(card), card.unicode()


def _points(points: int, lang: str) -> str:
    return nsaid(lang, "{count} punto", "{count} punti", points)


def _cards(count: int, lang: str) -> str:
    return nsaid(lang, "una carta", "{count} carte", count)


#: A kind of meld as a reason names it: with its Italian article.
_KINDS = {
    "run": N_("la scala"),
    "set": N_("il tris"),
    "flush": N_("il colore"),
}


def _kind(meld: Meld, lang: str) -> str:
    if meld.kind is MeldKind.SET and len(meld) == 4:
        return said(lang, "il poker")
    return said(lang, _KINDS[meld.kind.value])


def _explain(decision: Decision, obs: Observation, lang: str) -> str:
    rules = obs.rules
    action = decision.action
    card = decision.card
    fields: dict[str, object] = {
        "points": _points(decision.points, lang),
        "partners": format_cards(decision.partners),
        "meld": format_cards(decision.meld),
        "threat": _cards(decision.threat, lang),
    }
    if card is not None:
        fields.update(the_card=_the_card(card))
    why = decision.why
    if isinstance(action, Open) and obs.contract is not None:
        name = CONTRACT_NAMES[obs.contract].message(lang)
        melds = " | ".join(format_cards(m) for m in action.melds)
        return _text("open", lang, contract=name, melds=melds)
    if decision.bet is not None:
        return _explain_bet(decision.bet, why, obs, lang)
    if why is Why.FORCED:
        return _text("forced", lang, move=_move_words(action, obs, lang))
    if isinstance(action, Knock):
        return _text("knock", lang)
    if isinstance(action, Pass):
        if obs.phase is Phase.LAY_OFF:
            return _text("pass_lay_off", lang)
        if obs.phase is Phase.DRAW and TakeDiscard() not in obs.legal_actions:
            # At the wall the pile's card may only be knocked with: passing voids the hand.
            return _text("pass_wall", lang)
        if card is not None:
            return _text("pass_upcard", lang, **fields)
        return _text("pass", lang)
    if isinstance(action, Draw):
        if card is None:
            return _text("draw", lang)
        return _text("draw_only" if why is Why.DRAW_ONLY else "draw_useless", lang, **fields)
    if isinstance(action, TakeDiscard):
        return _text("take_meld" if why is Why.TAKE_MELD else "take_near", lang, **fields)
    if isinstance(action, Show):
        melds = " | ".join(format_cards(m) for m in action.melds)
        if action.discard is None:
            return _text("go_out", lang, melds=melds)
        discard = action.discard
        return _text("go_out_discard", lang, melds=melds, the_card=_the_card(discard))
    if isinstance(action, Lay):
        meld = validate_meld(action.cards, rules, jokers=action.jokers)
        words = {"kind": _kind(meld, lang), "meld": str(meld)}
        if not obs.opened[obs.seat] and rules.opening_threshold > 0:
            return _text(
                "lay_opening",
                lang,
                **words,
                points=_points(meld.points(rules), lang),
                total=_points(obs.opening_points + meld.points(rules), lang),
                threshold=rules.opening_threshold,
            )
        return _text("lay", lang, **words, points=_points(hand_penalty(meld.cards, rules), lang))
    if isinstance(action, Attach):
        return _text("attach", lang, **fields)
    if isinstance(action, Swap):
        key = "swap" if rules.retrieved_joker is RetrievedJoker.LAY_THIS_TURN else "swap_keep"
        return _text(key, lang, cards=format_cards(action.cards), meld=fields["meld"])
    keys = {
        Why.DISCARD_LAST: "discard_last",
        Why.DISCARD_ISOLATED: "discard_isolated",
        Why.DISCARD_WEAKEST: "discard_weakest",
        Why.DISCARD_UNLOAD: "discard_unload",
    }
    return _text(keys.get(why, "discard"), lang, **fields)


def _explain_bet(bet: BetChoice, why: Why, obs: Observation, lang: str) -> str:
    others = sum(1 for seat, out in enumerate(obs.folded) if not out and seat != obs.seat)
    if bet.short == 0:
        distance = said(lang, "la mano è già tutta in giochi")
    else:
        distance = nsaid(
            lang,
            "ti manca una carta per chiudere",
            "ti mancano {count} carte per chiudere",
            bet.short,
        )
    rivals = nsaid(lang, "un avversario", "{count} avversari", others)
    key = {
        Why.BET_RAISE: "bet_raise",
        Why.BET_CHECK: "bet_check",
        Why.BET_FOLD: "bet_fold",
    }.get(why, "bet_call")
    return _text(
        key,
        lang,
        distance=distance,
        others=rivals,
        # The percent sign goes with the number: "% d" in a message reads as a %-format.
        percent=f"{round(100 * bet.chance)}%",
        chips=chips_words(bet.to_call, lang),
        pot=chips_words(bet.pot, lang),
    )


def _move_words(action: Action, obs: Observation, lang: str) -> str:
    """A move in a few words, for a step the turn requires."""
    if isinstance(action, Lay):
        return said(lang, "Cala {cards}", cards=format_cards(action.cards))
    if isinstance(action, Attach):
        meld = format_cards(obs.table[action.meld].meld.cards)
        return said(lang, "Attacca {cards} a {meld}", cards=format_cards(action.cards), meld=meld)
    if isinstance(action, Swap):
        return said(lang, "Dai {cards} per il jolly", cards=format_cards(action.cards))
    if isinstance(action, Discard):
        return said(lang, "Scarta {card}", card=action.card.unicode())
    return str(action)
