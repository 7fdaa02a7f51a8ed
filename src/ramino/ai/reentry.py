"""Whether a computer player re-enters a match (*rientro*) when the rules offer it: the same
fixed rule at home and at an online table, so that a seeded match always plays the same."""

from __future__ import annotations

from ..engine.match import Match

__all__ = ["computer_reenters"]


def computer_reenters(match: Match, player: str, entry_total: int) -> bool:
    """Whether the computer player ``player`` takes the re-entry that would bring him back in at
    ``entry_total``: the first time only, and only while that total is at most three quarters
    of the target.

    Paying a stake to start again near the target buys a round or two at best, and coming back
    a second time would mean paying again for the leader's total. The engine has already said
    the re-entry is allowed.

    >>> from ramino.engine.match import RoundResult
    >>> from ramino.engine.rules import Rules
    >>> m = Match(["Anna", "Bruno", "Carla"], Rules(reentry=True, reentry_stake=1))
    >>> _ = m.record(RoundResult("Carla", {"Anna": 60, "Bruno": 102}))
    >>> computer_reenters(m, "Bruno", 60), computer_reenters(m, "Bruno", 80)
    (True, False)
    """
    again = any(r.player == player for r in match.reentries)
    target = match.rules.target
    # Without a target nobody is out, so nobody is offered a re-entry.
    return not again and target is not None and entry_total * 4 <= target * 3
