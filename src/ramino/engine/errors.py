"""Every refusal of the engine: one base class, a stable reason code, a sentence in two languages.

User interfaces translate by :class:`Reason` (Italian first, English too), never by parsing
the message. ``str(error)`` is the Italian sentence; ``error.message("en")`` the English one.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .cards import Card


class Reason(enum.StrEnum):
    """Stable reason codes. Their values never change once released."""

    # notation
    BAD_CARD = "bad_card"
    AMBIGUOUS_SUIT = "ambiguous_suit"
    NO_CARDS = "no_cards"
    BAD_JOKER_NOTATION = "bad_joker_notation"
    BAD_ACTION = "bad_action"
    BAD_MELD_NUMBER = "bad_meld_number"
    # rules
    UNKNOWN_PRESET = "unknown_preset"
    UNKNOWN_RULE = "unknown_rule"
    BAD_RULE_VALUE = "bad_rule_value"
    CONTRADICTORY_RULES = "contradictory_rules"
    BAD_RULES_FILE = "bad_rules_file"
    # melds
    TOO_FEW_CARDS = "too_few_cards"
    ONLY_JOKERS = "only_jokers"
    TOO_MANY_JOKERS = "too_many_jokers"
    NOT_A_MELD = "not_a_meld"
    SET_SUITS_NOT_DISTINCT = "set_suits_not_distinct"
    SET_TOO_LARGE = "set_too_large"
    RUN_DUPLICATE_RANK = "run_duplicate_rank"
    RUN_ACE_LOW_AND_HIGH = "run_ace_low_and_high"
    RUN_ACE_HIGH_NOT_ALLOWED = "run_ace_high_not_allowed"
    RUN_NOT_CONSECUTIVE = "run_not_consecutive"
    RUN_TOO_LONG = "run_too_long"
    FLUSH_NOT_ALLOWED = "flush_not_allowed"
    JOKER_COUNT_MISMATCH = "joker_count_mismatch"
    JOKER_ASSIGNMENT_INVALID = "joker_assignment_invalid"
    # attaching and joker retrieval
    ATTACH_DOES_NOT_FIT = "attach_does_not_fit"
    ATTACH_PLACE_HELD_BY_JOKER = "attach_place_held_by_joker"
    SWAP_FORBIDDEN = "swap_forbidden"
    SWAP_NEEDS_OPENING = "swap_needs_opening"
    SWAP_NO_JOKER = "swap_no_joker"
    SWAP_WRONG_CARD = "swap_wrong_card"
    SWAP_SET_NEEDS_ALL_MISSING = "swap_set_needs_all_missing"
    # counting and the match
    UNKNOWN_PLAYER = "unknown_player"
    DUPLICATE_PLAYER = "duplicate_player"
    TOO_FEW_PLAYERS = "too_few_players"
    TOO_MANY_PLAYERS = "too_many_players"
    PLAYER_ELIMINATED = "player_eliminated"
    PLAYER_NOT_ELIMINATED = "player_not_eliminated"
    MATCH_OVER = "match_over"
    BAD_ROUND_RESULT = "bad_round_result"
    REENTRY_NOT_ALLOWED = "reentry_not_allowed"
    BAD_SCORE_FILE = "bad_score_file"
    NOT_IN_DECK = "not_in_deck"
    # playing a round
    BAD_DEAL = "bad_deal"
    BAD_RECORD = "bad_record"
    RECORD_MISMATCH = "record_mismatch"
    ROUND_OVER = "round_over"
    ROUND_NOT_OVER = "round_not_over"
    MUST_DRAW_FIRST = "must_draw_first"
    ALREADY_DRAWN = "already_drawn"
    DISCARD_PILE_EMPTY = "discard_pile_empty"
    TAKE_NEEDS_USE = "take_needs_use"
    NOT_IN_HAND = "not_in_hand"
    NO_SUCH_MELD = "no_such_meld"
    NO_SUCH_SEAT = "no_such_seat"
    NO_MELDING_DURING_PLAY = "no_melding_during_play"
    ATTACH_ONE_CARD = "attach_one_card"
    ATTACH_BEFORE_OPENING = "attach_before_opening"
    OPENING_JOKERS_FORBIDDEN = "opening_jokers_forbidden"
    WOULD_LEAVE_NO_DISCARD = "would_leave_no_discard"
    NO_GOING_OUT_FIRST_ROUND = "no_going_out_first_round"
    OPENING_BELOW_THRESHOLD = "opening_below_threshold"
    OPENING_UNREACHABLE = "opening_unreachable"
    REDISCARD_TAKEN = "rediscard_taken"
    TAKEN_CARD_NOT_USED = "taken_card_not_used"
    TAKEN_CARD_UNUSABLE = "taken_card_unusable"
    DISCARD_ATTACHABLE = "discard_attachable"
    RETRIEVED_JOKER_NOT_LAID = "retrieved_joker_not_laid"
    JOKER_CANNOT_BE_RELAID = "joker_cannot_be_relaid"
    JOKER_BACK_TO_SAME_MELD = "joker_back_to_same_meld"
    SHOW_NOT_ALLOWED = "show_not_allowed"
    SHOW_INCOMPLETE = "show_incomplete"
    IMAGINED_JOKER_ONE = "imagined_joker_one"
    IMAGINED_JOKER_PLACE = "imagined_joker_place"
    STAND_IN_NEEDED = "stand_in_needed"
    STAND_IN_NOT_ALLOWED = "stand_in_not_allowed"
    # contracts (carioca)
    CONTRACT_FIRST = "contract_first"
    CONTRACT_NEXT_TURN = "contract_next_turn"
    CONTRACT_NOT_MET = "contract_not_met"
    NO_CONTRACT = "no_contract"
    ALREADY_OPENED = "already_opened"
    # betting (pokerato)
    BETTING_OVER = "betting_over"
    MUST_BET_FIRST = "must_bet_first"
    NO_BETTING = "no_betting"
    RAISE_LIMIT = "raise_limit"
    RAISE_NOT_COVERED = "raise_not_covered"
    RAISE_UNANSWERABLE = "raise_unanswerable"
    # tables online (ramino serve)
    NOT_YOUR_TURN = "not_your_turn"
    TABLE_NOT_STARTED = "table_not_started"
    BAD_MESSAGE = "bad_message"
    # a public server's limits (docs/limits.md)
    TOO_MANY_TABLES = "too_many_tables"
    SERVER_FULL = "server_full"
    BODY_TOO_LARGE = "body_too_large"
    HEAD_TOO_LARGE = "head_too_large"
    REQUEST_TOO_SLOW = "request_too_slow"
    TOO_MANY_CONNECTIONS = "too_many_connections"
    NOT_STORED = "not_stored"
    # the server's sockets and seats (caps, nonces, names)
    TOO_MANY_SOCKETS = "too_many_sockets"
    NONCE_GIVEN = "nonce_given"
    NAME_LIKE_SEATED = "name_like_seated"
    NAME_MARKED_COMPUTER = "name_marked_computer"
    # several server processes (docs/deploy.md)
    TABLE_MOVING = "table_moving"
    EVENTS_DOWN = "events_down"


#: A phrase given in both languages, for a parameter whose words depend on the language.
Localized = tuple[str, str]


class RaminoError(Exception):
    """Base of every error the engine raises on purpose.

    Attributes: ``reason`` (a :class:`Reason`), ``cards`` (the cards involved) and
    ``params`` (the values the sentence names).
    """

    reason: Reason
    cards: tuple[Card, ...]
    params: dict[str, Any]
    #: Where a move was refused: the seat of the player to move and the turn, set by the
    #: round that refused it (``None`` elsewhere).
    seat: int | None
    turn: int | None

    def __init__(self, reason: Reason, *, cards: Iterable[Card] = (), **params: Any) -> None:
        self.reason = reason
        self.cards = tuple(cards)
        self.params = params
        self.seat = None
        self.turn = None
        # The sentence is rendered when asked for: legal-move generation refuses many
        # candidates and never reads why.
        super().__init__(reason)

    def where(self, seat: int, turn: int) -> None:
        """Say where the refusal happened (a round calls it); the first place said stays."""
        if self.seat is None:
            self.seat = seat
            self.turn = turn

    def __str__(self) -> str:
        return self.message("it")

    def __repr__(self) -> str:
        place = "" if self.seat is None else f", seat={self.seat}, turn={self.turn}"
        return f"{type(self).__name__}({self.reason.value!r}{place}: {self.message('en')!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.reason, self.cards, self.params, self.seat, self.turn))

    def message(self, lang: str = "it") -> str:
        """The sentence that explains the refusal, in Italian (``it``) or English (``en``)."""
        from .messages import render

        return render(self.reason, lang, self.cards, self.params)

    def to_dict(self, lang: str = "it") -> dict[str, Any]:
        """A JSON-ready form: reason code, cards in notation, message."""
        found: dict[str, Any] = {
            "reason": self.reason.value,
            "cards": [str(c) for c in self.cards],
            "message": self.message(lang),
        }
        if self.seat is not None:
            found["seat"] = self.seat
            found["turn"] = self.turn
        return found


def _rebuild(
    cls: type[RaminoError],
    reason: Reason,
    cards: tuple[Card, ...],
    params: dict[str, Any],
    seat: int | None = None,
    turn: int | None = None,
) -> RaminoError:
    error = cls(reason, cards=cards, **params)
    if seat is not None and turn is not None:
        error.where(seat, turn)
    return error


class NotationError(RaminoError, ValueError):
    """Text that is not valid card or meld notation."""


class RulesError(RaminoError, ValueError):
    """An unknown preset, an unknown or badly valued knob, or contradictory knobs."""


class MeldError(RaminoError):
    """Cards that do not form a valid meld, attachment or joker retrieval under the rules."""


class ScoreError(RaminoError):
    """A round result or a score sheet that the match cannot take."""


class RecordError(RaminoError, ValueError):
    """A game record that cannot be read, or whose replay does not end as it says."""


class IllegalAction(RaminoError):
    """An action the rules do not allow now; the round is left exactly as it was."""
