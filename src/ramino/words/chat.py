"""The ready phrases of a table's chat, by id: a player sends the id, and each reader reads the
phrase in his own language (docs/protocol.md, Chat). Italian is written here; the other
languages are in the catalogue.
"""

from __future__ import annotations

from .catalogue import LANGUAGES, N_, gettext

__all__ = ["PHRASES", "phrase_words"]

#: phrase id -> its words, in Italian. Ids never change once released.
PHRASES: dict[str, str] = {
    "hello": N_("Ciao a tutti!"),
    "good_game": N_("Buona partita"),
    "your_turn": N_("Tocca a te"),
    "nice_hand": N_("Bella mano!"),
    "well_played": N_("Ben giocato!"),
    "thanks": N_("Grazie"),
}


def phrase_words(phrase: str) -> dict[str, str]:
    """The ready phrase ``phrase`` in every language.

    >>> phrase_words("nice_hand")
    {'it': 'Bella mano!', 'en': 'Nice hand!'}
    """
    return {lang: gettext(PHRASES[phrase], lang) for lang in LANGUAGES}
