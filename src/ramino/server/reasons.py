"""The reason codes of ``ramino serve``'s own refusals: a table online, a public server's
limits (docs/limits.md), sockets, seats and names. Their words are in ``ramino.words``."""

from __future__ import annotations

from ..engine.errors import ReasonCode

__all__ = ["ServerReason"]


class ServerReason(ReasonCode):
    """Stable codes of what the server refuses. Their values never change once released."""

    # tables online
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
    TOO_MANY_MESSAGES = "too_many_messages"
    NONCE_GIVEN = "nonce_given"
    NAME_LIKE_SEATED = "name_like_seated"
    NAME_MARKED_COMPUTER = "name_marked_computer"
    # players and ratings (docs/ratings.md)
    UNKNOWN_PLAYER_KEY = "unknown_player_key"
    PLAYER_NAME_TAKEN = "player_name_taken"
    TOO_MANY_NEW_PLAYERS = "too_many_new_players"
    RATED_HOUSE_RULES = "rated_house_rules"
    # a rematch at a table whose match is over (docs/protocol.md)
    NO_REMATCH = "no_rematch"
    # quick matches (docs/quick.md)
    QUICK_WAITING = "quick_waiting"
    QUICK_TOO_FAST = "quick_too_fast"
    QUICK_FULL = "quick_full"
    # the table's chat (docs/protocol.md)
    CHAT_OFF = "chat_off"
    CHAT_EMPTY = "chat_empty"
    CHAT_TOO_LONG = "chat_too_long"
    CHAT_BAD_TEXT = "chat_bad_text"
    CHAT_TOO_FAST = "chat_too_fast"
    CHAT_UNKNOWN_PHRASE = "chat_unknown_phrase"
    CHAT_UNKNOWN_LINE = "chat_unknown_line"
    CHAT_NOT_KEPT = "chat_not_kept"
    # several server processes (docs/deploy.md)
    TABLE_MOVING = "table_moving"
    EVENTS_DOWN = "events_down"
