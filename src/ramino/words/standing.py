"""A rated match's end as its ratings take it, when someone was not at the table when it ended:
he finishes last whatever the computer made of his seat (docs/ratings.md), so the winner may
be another than the engine's, and the words say why. The browser says the same
(``standingWords`` in the page's roundend.js). Italian is written here; the other languages
are in the catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .catalogue import N_, NP_, gettext

__all__ = ["standing_words"]

#: Why the others who left count last, by how many they are.
_LEFT = NP_(
    "{names} non era al tavolo alla fine e per la classifica conta ultimo.",
    "{names} non erano al tavolo alla fine e per la classifica contano ultimi.",
    "count",
)


def standing_words(standing: Sequence[Mapping[str, Any]] | None, me: str, lang: str) -> str | None:
    """Who wins a rated match for the ratings, and who counts last because he left, in
    ``lang``; to ``me`` in the second person. ``standing`` is the lines the server sends
    (``{"seat", "name", "place", "left"}``, docs/protocol.md). ``None`` when nobody left (or
    no standing): the engine's winner is the ratings' one.

    >>> lines = [
    ...     {"seat": 0, "name": "Anna", "place": 1, "left": False},
    ...     {"seat": 1, "name": "Bruno", "place": 2, "left": True},
    ... ]
    >>> standing_words(lines, "Carla", "it")
    'Vince Anna: Bruno non era al tavolo alla fine e per la classifica conta ultimo.'
    >>> standing_words(lines, "Anna", "en")
    'You won the match: Bruno was not at the table at the end and counts as last in the ratings.'
    >>> standing_words(lines, "Bruno", "it")
    'Vince Anna: non eri al tavolo alla fine e per la classifica conti ultimo.'
    >>> standing_words([{**line, "left": False} for line in lines], "Anna", "it") is None
    True
    """
    left = [line for line in standing or () if line["left"]]
    if not left:
        return None
    assert standing is not None
    firsts = [line["name"] for line in standing if line["place"] == 1 and not line["left"]]
    if len(firsts) != 1:
        first = gettext(N_("Per la classifica la partita finisce pari"), lang)
    elif firsts[0] == me:
        first = gettext(N_("Hai vinto la partita"), lang)
    else:
        first = gettext(N_("Vince {name}"), lang).format(name=firsts[0])
    others = [str(line["name"]) for line in left if line["name"] != me]
    names = _join(others, lang)
    if len(others) == len(left):
        why = _LEFT.template(lang, {"count": len(others)}).format(names=names)
    elif others:
        why = gettext(
            N_("tu e {names} non eravate al tavolo alla fine e per la classifica contate ultimi."),
            lang,
        ).format(names=names)
    else:
        why = gettext(N_("non eri al tavolo alla fine e per la classifica conti ultimo."), lang)
    # Who wins, then why: one sentence, in English as in Italian.
    return f"{first}: {why}"


def _join(names: Sequence[str], lang: str) -> str:
    """``Anna, Bruno e Carla`` / ``Anna, Bruno and Carla``."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + gettext(" e ", lang) + names[-1]
