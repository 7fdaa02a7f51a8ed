"""Every refusal of the engine: one base class, a stable reason code, and the values that
say what was wrong and where.

The engine holds no sentences. :mod:`ramino.words` words each code in Italian and English and
installs itself with :func:`set_words` when ``ramino`` is imported (importing
``ramino.engine`` imports ``ramino`` first), so ``str(error)`` and ``error.message("en")``
always find their words. User interfaces translate by :class:`Reason`, never by parsing a
message.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Protocol


class Card(Protocol):
    """A card as a refusal names it: :class:`~ramino.engine.cards.Card`, which the errors do
    not import (the cards' notation raises them)."""

    def unicode(self) -> str: ...


class ReasonCode(enum.StrEnum):
    """A stable code of a refusal: the engine's are :class:`Reason`; the layers above it (the
    server, the command line, the computer players) each have an enum of this kind."""


class Reason(ReasonCode):
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
    RUN_OVER_MAX = "run_over_max"
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
    TAKE_NEEDS_OPENED = "take_needs_opened"
    SWAP_WAITS_A_TURN = "swap_waits_a_turn"
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
    OPENING_OUT_OF_REACH = "opening_out_of_reach"
    REDISCARD_TAKEN = "rediscard_taken"
    TAKEN_CARD_NOT_USED = "taken_card_not_used"
    TAKEN_CARD_UNUSABLE = "taken_card_unusable"
    DISCARD_ATTACHABLE = "discard_attachable"
    RETRIEVED_JOKER_NOT_LAID = "retrieved_joker_not_laid"
    JOKER_CANNOT_BE_RELAID = "joker_cannot_be_relaid"
    JOKER_BACK_TO_SAME_MELD = "joker_back_to_same_meld"
    SHOW_NOT_ALLOWED = "show_not_allowed"
    # knocking (gin rummy)
    NO_KNOCKING = "no_knocking"
    KNOCK_OVER_LIMIT = "knock_over_limit"
    UPCARD_OFFERED = "upcard_offered"
    UPCARD_PASSED = "upcard_passed"
    NOTHING_TO_PASS = "nothing_to_pass"
    NOT_AFTER_KNOCK = "not_after_knock"
    AT_THE_WALL = "at_the_wall"
    NOT_A_LAYOFF = "not_a_layoff"
    SPREAD_FIRST = "spread_first"
    BIG_GIN_LAYS_ALL = "big_gin_lays_all"
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


class Detail(enum.StrEnum):
    """Codes of the phrases the engine has the catalogue word, as it words the reasons: what
    exactly is wrong in a refusal (its ``detail``, ``where``, ``expected`` or ``why``), how a
    replay differs from its record, who won a match, a preset's summary. Their values never
    change once released.

    A new phrase is a member here, its Italian in ``ramino.words.details`` under the member's
    value, and its English in the catalogue (``make words`` adds it there to translate).
    """

    # notation
    C_IS_CLUBS = "c_is_clubs"
    Q_IS_QUEEN = "q_is_queen"
    # the deal and the round
    NO_SUCH_CONTRACT = "no_such_contract"
    DEALER_NOT_A_SEAT = "dealer_not_a_seat"
    HANDS_ONE_PER_SEAT = "hands_one_per_seat"
    HAND_OF_SIZE = "hand_of_size"
    DECK_ORDER_EVERY_CARD = "deck_order_every_card"
    NAMES_ONE_PER_SEAT = "names_one_per_seat"
    NO_MELDS_YET = "no_melds_yet"
    MELDS_NUMBERED = "melds_numbered"
    # drawing, discarding, showing the hand
    TAKE_ONLY_TO_GO_OUT = "take_only_to_go_out"
    TAKE_LEAVES_TWIN = "take_leaves_twin"
    TAKE_NO_USE_NOW = "take_no_use_now"
    TAKE_ONLY_TO_OPEN = "take_only_to_open"
    DECLARE_JOKER_TO_OPEN = "declare_joker_to_open"
    SHOW_NEEDS_DISCARD = "show_needs_discard"
    SHOW_COUNT = "show_count"
    SHOW_SIZE = "show_size"
    SHOW_SIZE_OPTIONAL = "show_size_optional"
    SHOW_NOT_ALL_MELDED = "show_not_all_melded"
    # the deck
    DECK_NO_JOKERS = "deck_no_jokers"
    DECK_COPIES = "deck_copies"
    # carioca's contracts: each one's name and terms, keyed by the contract
    CONTRACT_PAIR = "contract_pair"
    CONTRACT_TWO_PAIRS = "contract_two_pairs"
    CONTRACT_SET = "contract_set"
    CONTRACT_FULL_HOUSE = "contract_full_house"
    CONTRACT_SCALA_40 = "contract_scala_40"
    CONTRACT_POKER = "contract_poker"
    CONTRACT_STRAIGHT_FLUSH = "contract_straight_flush"
    CONTRACT_ONE_TURN = "contract_one_turn"
    TERMS_PAIR = "terms_pair"
    TERMS_TWO_PAIRS = "terms_two_pairs"
    TERMS_SET = "terms_set"
    TERMS_FULL_HOUSE = "terms_full_house"
    TERMS_SCALA_40 = "terms_scala_40"
    TERMS_POKER = "terms_poker"
    TERMS_STRAIGHT_FLUSH = "terms_straight_flush"
    TERMS_ONE_TURN = "terms_one_turn"
    # why an opening does not meet its contract
    HIGH_PAIR_NEEDED = "high_pair_needed"
    PAIR_CARDS = "pair_cards"
    TWO_PAIRS_NEEDED = "two_pairs_needed"
    PAIRS_RANKS = "pairs_ranks"
    SET_AND_PAIR_NEEDED = "set_and_pair_needed"
    SET_AND_PAIR_RANKS = "set_and_pair_ranks"
    ONE_OR_TWO_MELDS = "one_or_two_melds"
    MELDS_WORTH = "melds_worth"
    ONE_MELD_OF = "one_meld_of"
    ONE_MELD_NOT_SPLIT = "one_meld_not_split"
    NOT_THE_MELD_NEEDED = "not_the_meld_needed"
    CARDS_LEFT_OUT = "cards_left_out"
    # players and their names
    PLAYER_NEEDS_NAME = "player_needs_name"
    NAME_NOT_WRITABLE = "name_not_writable"
    # chips
    NOT_FOR_CHIPS = "not_for_chips"
    CHIPS = "chips"
    CHIPS_OF_PLAYERS = "chips_of_players"
    CARRIED_NEGATIVE = "carried_negative"
    CHIPS_NEEDED = "chips_needed"
    CHIPS_NOT_WHOLE = "chips_not_whole"
    CHIPS_BELOW_ZERO = "chips_below_zero"
    TABLE_CHIPS_NOT_WHOLE = "table_chips_not_whole"
    CHIPS_DO_NOT_ADD_UP = "chips_do_not_add_up"
    # a round's result
    UNKNOWN_CLOSING = "unknown_closing"
    NOBODY_OUT_IN_ONE_TURN = "nobody_out_in_one_turn"
    NOBODY_OUT_NO_CLOSING = "nobody_out_no_closing"
    SEVEN_OF_A_KIND_NOT_WINNING = "seven_of_a_kind_not_winning"
    HANDS_BY_PLAYER = "hands_by_player"
    WENT_OUT_NO_HAND = "went_out_no_hand"
    HANDS_MISSING = "hands_missing"
    HAND_NOT_POINTS_OR_CARDS = "hand_not_points_or_cards"
    NEGATIVE_HAND = "negative_hand"
    HAND_NOT_CARDS = "hand_not_cards"
    # the match
    DRAWN = "drawn"
    WON_BY = "won_by"
    NOBODY_IN = "nobody_in"
    # betting
    NO_RAISES = "no_raises"
    RAISES_MADE = "raises_made"
    RAISE_TAKES = "raise_takes"
    # re-entry
    REENTRY_TOO_LATE = "reentry_too_late"
    NO_REENTRY_RULE = "no_reentry_rule"
    REENTRY_LIMIT = "reentry_limit"
    REENTRY_TWO_LEFT = "reentry_two_left"
    # the match's outcome
    WON_WITH_CHIPS = "won_with_chips"
    WON_WITH_POINTS = "won_with_points"
    MATCH_DRAWN = "match_drawn"
    # melds and the jolly
    JOKER_FOR_NATURAL = "joker_for_natural"
    SET_JOKER_SAME_RANK = "set_joker_same_rank"
    SUIT_ALREADY_IN_SET = "suit_already_in_set"
    NO_PLACE_IN_RUN = "no_place_in_run"
    JOKER_TAKES_LOWER = "joker_takes_lower"
    FLUSH_ONE_SUIT = "flush_one_suit"
    WOULD_CHANGE_KIND = "would_change_kind"
    # game records
    DEALER_NOT_A_SEAT_OF = "dealer_not_a_seat_of"
    SEED_OR_ORDER_NEEDED = "seed_or_order_needed"
    UNKNOWN_GENERATOR = "unknown_generator"
    DECK_ORDER_EACH_ONCE = "deck_order_each_once"
    CHIPS_OF_EVERY_PLAYER = "chips_of_every_player"
    RESULT_NOT_PLAYERS = "result_not_players"
    NO_PLAYERS = "no_players"
    NAME_TWICE = "name_twice"
    NAMES_NOT_SEATS = "names_not_seats"
    JSON_OBJECT_NEEDED = "json_object_needed"
    NOT_A_RECORD = "not_a_record"
    VERSION_NOT_READ = "version_not_read"
    RESTOCKS_NEEDED = "restocks_needed"
    MISSING = "missing"
    UNKNOWN_KEY = "unknown_key"
    INTEGER_NEEDED = "integer_needed"
    CHIPS_RANGE = "chips_range"
    RULES_OBJECT_NEEDED = "rules_object_needed"
    NAMES_BY_SEAT = "names_by_seat"
    DEAL_OBJECT_NEEDED = "deal_object_needed"
    SEED_IN_HEX = "seed_in_hex"
    MISSING_BESIDE_SEED = "missing_beside_seed"
    NAME_NEEDED = "name_needed"
    CARD_NUMBERS_NEEDED = "card_numbers_needed"
    ACTIONS_NEEDED = "actions_needed"
    ACTION_TEXT_NEEDED = "action_text_needed"
    OBJECT_OR_NULL = "object_or_null"
    NOT_A_PLAYER = "not_a_player"
    WINNER_ONLY_WHEN_OUT = "winner_only_when_out"
    TRUE_OR_FALSE = "true_or_false"
    POTS_NEEDED = "pots_needed"
    OBJECT_NEEDED = "object_needed"
    PLAYERS_NEEDED = "players_needed"
    ACCEPTED_VALUES = "accepted_values"
    VALUE_PER_PLAYER = "value_per_player"
    CARDS_NEEDED = "cards_needed"
    END_GOES_OUT = "end_goes_out"
    END_ALL_FOLDED = "end_all_folded"
    END_TURN_CAP = "end_turn_cap"
    END_RESTOCK_CAP = "end_restock_cap"
    REPLAY_STILL_GOING = "replay_still_going"
    ENDS_DIFFER = "ends_differ"
    YES = "yes"
    NO = "no"
    IN_ONE_TURN_DIFFERS = "in_one_turn_differs"
    CLOSING_DIFFERS = "closing_differs"
    HAND_LEFT_DIFFERS = "hand_left_differs"
    COUNT_DIFFERS = "count_differs"
    CHIPS_DIFFER = "chips_differ"
    END_DIFFERS = "end_differs"
    IN_ACTION = "in_action"
    # text read from users
    TOO_MANY_DIGITS = "too_many_digits"
    NESTED_TOO_DEEP = "nested_too_deep"
    BAD_JSON = "bad_json"
    # rules and rule files
    IN_FILE = "in_file"
    PERHAPS = "perhaps"
    IN_FILE_PERHAPS = "in_file_perhaps"
    VALUES_ACCEPTED = "values_accepted"
    INTEGER_EXPECTED = "integer_expected"
    INTEGER_OR_WORDS = "integer_or_words"
    ENTRIES_EXPECTED = "entries_expected"
    CONTRACTS_EXPECTED = "contracts_expected"
    STRING_EXPECTED = "string_expected"
    TEXT_NOT_WRITABLE = "text_not_writable"
    TOML_SYNTAX_AT = "toml_syntax_at"
    TOML_SYNTAX_AT_END = "toml_syntax_at_end"
    TOML_SYNTAX = "toml_syntax"
    TOML_TOO_DEEP = "toml_too_deep"
    TOML_HEADER = "toml_header"
    TOO_MANY_ENTRIES = "too_many_entries"
    OUT_OF_RANGE = "out_of_range"
    BELOW_RANGE = "below_range"
    NAME_EXPECTED = "name_expected"
    MAX_BELOW_MIN = "max_below_min"
    TWO_ENTRIES_SAME_COUNT = "two_entries_same_count"
    DECK_TOO_SMALL = "deck_too_small"
    SET_TOO_LARGE_FOR_SUITS = "set_too_large_for_suits"
    WRAP_NEEDS_HIGH_ACE = "wrap_needs_high_ace"
    NO_OPENING_WITHOUT_MELDING = "no_opening_without_melding"
    PICKUP_NEEDS_OPENING = "pickup_needs_opening"
    SWAP_WAIT_NEEDS_OPENED = "swap_wait_needs_opened"
    SCEMPIO_NEEDS_MESSA = "scempio_needs_messa"
    FIXED_ROUNDS_NEED_COUNT = "fixed_rounds_need_count"
    ROUNDS_ONLY_FIXED = "rounds_only_fixed"
    CONTRACTS_NOT_ROUNDS = "contracts_not_rounds"
    BETTING_FIXED_ROUNDS = "betting_fixed_rounds"
    BETTING_JOKER_REBURY = "betting_joker_rebury"
    BLIND_OVER_CHIPS = "blind_over_chips"
    CONTRACTS_OPENING = "contracts_opening"
    BETTING_NO_STAKE = "betting_no_stake"
    OWN_CARD_NEEDS_IMAGINARY = "own_card_needs_imaginary"
    IMAGINARY_NO_JOKERS = "imaginary_no_jokers"
    SEVEN_NEEDS_TWO_PACKS = "seven_needs_two_packs"
    STOCK_TOO_SMALL = "stock_too_small"
    KNOCK_NEEDS_TWO_NO_MELDING = "knock_needs_two_no_melding"
    GIN_KNOBS_NEED_KNOCK = "gin_knobs_need_knock"
    POINTS_NEED_KNOCK = "points_need_knock"
    KNOCK_NOT_ROUNDED = "knock_not_rounded"
    # what a knocked hand asks of the player to move
    KNOCKER_THROWS = "knocker_throws"
    KNOCKER_MELDS = "knocker_melds"
    DEFENDER_LAYS_OFF = "defender_lays_off"
    DEFENDER_SPREADS = "defender_spreads"
    TARGET_NEEDED = "target_needed"
    POINTS_BY_PLAYER = "points_by_player"
    # why each knob's numbers are bounded
    RANGE_PACKS = "range_packs"
    RANGE_JOKERS = "range_jokers"
    RANGE_SEATS = "range_seats"
    RANGE_HAND = "range_hand"
    RANGE_POINTS = "range_points"
    RANGE_TURNS = "range_turns"
    RANGE_CREDITS = "range_credits"
    RANGE_CHIPS = "range_chips"
    RANGE_STAKES = "range_stakes"
    RANGE_JOKERS_PER_MELD = "range_jokers_per_meld"
    RANGE_NATURALS = "range_naturals"
    RANGE_SET = "range_set"
    RANGE_RUN = "range_run"
    RANGE_OPENING = "range_opening"
    RANGE_MATCH_ROUNDS = "range_match_rounds"
    RANGE_REENTRIES = "range_reentries"
    RANGE_RAISES = "range_raises"
    RANGE_CONTRACTS = "range_contracts"
    RANGE_ENTRIES = "range_entries"
    # the presets' summaries
    SUMMARY_CLASSICO = "summary_classico"
    SUMMARY_GIN = "summary_gin"
    SUMMARY_GIN_CLASSIC = "summary_gin_classic"
    SUMMARY_GIN_OPENSPIEL = "summary_gin_openspiel"
    SUMMARY_CLASSICO_2 = "summary_classico_2"
    SUMMARY_APERTURA_50 = "summary_apertura_50"
    SUMMARY_ENCICLOPEDIA = "summary_enciclopedia"
    SUMMARY_SCALA_40 = "summary_scala_40"
    SUMMARY_RAMI_40 = "summary_rami_40"
    SUMMARY_RAMI_51 = "summary_rami_51"
    SUMMARY_TRADIZIONALE = "summary_tradizionale"
    SUMMARY_CASERTANO = "summary_casertano"
    SUMMARY_POKERATO = "summary_pokerato"
    SUMMARY_POKERATO_IMMAGINARIO = "summary_pokerato_immaginario"
    SUMMARY_POKERATO_IMMAGINARIO_10 = "summary_pokerato_immaginario_10"
    SUMMARY_CARIOCA = "summary_carioca"


class Phrase:
    """A part of a sentence the catalogue words: a :class:`Detail` (or a layer's own code)
    and the values it names. An error carries it as a parameter, and it is worded, in the
    language asked for, only when the error is read.

    >>> Phrase(Detail.NOBODY_IN)
    Phrase('nobody_in')
    >>> Phrase(Detail.DEALER_NOT_A_SEAT, dealer=4) == Phrase(Detail.DEALER_NOT_A_SEAT, dealer=4)
    True
    """

    __slots__ = ("code", "params")

    code: enum.StrEnum
    params: dict[str, Any]

    def __init__(self, code: enum.StrEnum, /, **params: Any) -> None:
        self.code = code
        self.params = params

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Phrase):
            return NotImplemented
        return self.code == other.code and self.params == other.params

    def __hash__(self) -> int:
        # Hashable when its values are, as a tuple is.
        return hash((self.code, tuple(self.params.items())))

    def __repr__(self) -> str:
        values = "".join(f", {key}={value!r}" for key, value in self.params.items())
        return f"Phrase({self.code.value!r}{values})"

    def message(self, lang: str = "it") -> str:
        """The phrase in Italian (``it``) or English (``en``)."""
        return _words(self.code, (), self.params, lang)


#: What words a code with its cards and values in a language: ``(code, cards, params, lang)``.
Wording = Callable[[enum.StrEnum, tuple[Card, ...], dict[str, Any], str], str]


def _plain(code: enum.StrEnum, cards: tuple[Card, ...], params: dict[str, Any], lang: str) -> str:
    """The code and its values, for a program that runs the engine without ``ramino.words``
    (a copy of the engine alone): never a sentence, never an error of its own."""
    values = [f"{key}={value!r}" for key, value in params.items()]
    if cards:
        values.insert(0, " ".join(card.unicode() for card in cards))
    return f"{code.value} ({', '.join(values)})" if values else code.value


# Set by ramino.words when it is imported (at ``import ramino``), and by it again with the
# same words when the first sentence is asked for; only read otherwise. Each value words
# alike, so a thread that reads the one before still says the same: safe across threads.
_wordings: list[Wording] = [_plain]


def set_words(wording: Wording) -> None:
    """Word every refusal and phrase with ``wording`` from now on (``ramino.words`` calls
    it on import)."""
    _wordings[0] = wording


def _words(code: enum.StrEnum, cards: tuple[Card, ...], params: dict[str, Any], lang: str) -> str:
    return _wordings[0](code, cards, params, lang)


#: Words given in both languages (Italian, English): only the layers above the engine (the
#: terminal, the client, the readers of files) still word some of their own so. The engine
#: gives none: it carries a :class:`Phrase`.
Localized = tuple[str, str]


class RaminoError(Exception):
    """Base of every error the engine raises on purpose.

    Attributes: ``reason`` (a :class:`Reason`, or a layer's own :class:`ReasonCode`),
    ``cards`` (the cards involved) and ``params`` (the values the sentence names: numbers,
    cards, names, a :class:`Phrase` that says more, another error that explains this one).

    ``str(error)`` and ``repr(error)`` speak :attr:`language`, Italian unless a program sets
    it (once, at its start: ``RaminoError.language = "en"``); :meth:`message` speaks the
    language it is asked for.
    """

    #: The language of ``str`` and ``repr``: ``"it"`` or ``"en"``.
    language: ClassVar[str] = "it"

    reason: ReasonCode
    cards: tuple[Card, ...]
    params: dict[str, Any]
    #: Where a move was refused: the seat of the player to move and the turn, set by the
    #: round that refused it (``None`` elsewhere).
    seat: int | None
    turn: int | None

    def __init__(self, reason: ReasonCode, *, cards: Iterable[Card] = (), **params: Any) -> None:
        self.reason = reason
        self.cards = tuple(cards)
        self.params = params
        self.seat = None
        self.turn = None
        # The sentence is worded when asked for: legal-move generation refuses many
        # candidates and never reads why.
        super().__init__(reason)

    def where(self, seat: int, turn: int) -> None:
        """Say where the refusal happened (a round calls it); the first place said stays."""
        if self.seat is None:
            self.seat = seat
            self.turn = turn

    def __str__(self) -> str:
        return self.message(self.language)

    def __repr__(self) -> str:
        place = "" if self.seat is None else f", seat={self.seat}, turn={self.turn}"
        sentence = self.message(self.language)
        return f"{type(self).__name__}({self.reason.value!r}{place}: {sentence!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.reason, self.cards, self.params, self.seat, self.turn))

    def message(self, lang: str = "it") -> str:
        """The sentence that explains the refusal, in Italian (``it``) or English (``en``)."""
        return _words(self.reason, self.cards, self.params, lang)

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
    reason: ReasonCode,
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
