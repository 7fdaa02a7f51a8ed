"""A client of ``ramino serve``: the table's messages read back into the engine's terms, and
the WebSocket session of one seat (docs/protocol.md)."""
