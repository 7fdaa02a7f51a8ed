"""`ramino serve`: private Ramino tables online, each kept as an event log (its spec, its seats
and its actions in order) that is stored before a move is acknowledged and replayed when the
server starts again."""
