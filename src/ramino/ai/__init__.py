"""Players that are programs: the bot interface, the bots, and the loops that let them play;
the meld solver (the best arrangement of a hand) they think with; hints for human players
and the levels of the computer opponent.

Bots see only observations (:class:`ramino.engine.observation.Observation`), never a round.
"""

from .baseline import SimpleGinBot
from .bot import Bot, RandomBot, play_match, play_round
from .errors import BotError, BotReason
from .expert import ExpertBot
from .greedy import GreedyBot, Style
from .hint import Hint, hint
from .levels import ENGLISH_LEVELS, LEVELS, bot_for_level, level_named
from .solver import (
    Arrangement,
    best_arrangement,
    best_discard,
    best_opening,
    can_go_out,
    least_cards,
    least_deadwood,
    least_penalty,
)
from .tournament import BOTS, TournamentResult, make_bot, run_tournament, wilson

__all__ = [
    "BOTS",
    "ENGLISH_LEVELS",
    "LEVELS",
    "Arrangement",
    "Bot",
    "BotError",
    "BotReason",
    "ExpertBot",
    "GreedyBot",
    "Hint",
    "RandomBot",
    "SimpleGinBot",
    "Style",
    "TournamentResult",
    "best_arrangement",
    "best_discard",
    "best_opening",
    "bot_for_level",
    "can_go_out",
    "hint",
    "least_cards",
    "least_deadwood",
    "least_penalty",
    "level_named",
    "make_bot",
    "play_match",
    "play_round",
    "run_tournament",
    "wilson",
]
