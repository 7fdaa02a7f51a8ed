"""The words package (``ramino.words``): every code has its words in Italian and English, the
catalogue that ships is the one in git, and the engine holds no words and never imports them."""

from __future__ import annotations

import ast
import enum
import os
import pickle
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import ramino
from ramino.ai.errors import BotReason
from ramino.cli.reasons import CliReason
from ramino.engine import errors
from ramino.engine.errors import (
    Detail,
    IllegalAction,
    Phrase,
    RaminoError,
    Reason,
    ReasonCode,
    RulesError,
)
from ramino.engine.round import Round
from ramino.env.errors import EnvReason
from ramino.house_rules import HouseRulesReason
from ramino.server.reasons import ServerReason
from ramino.words import catalogue
from ramino.words.catalogue import LOCALE, InContext, Plural, fields_of, translations
from ramino.words.details import DETAILS
from ramino.words.refusals import REFUSALS
from ramino.words.render import DERIVED_FIELDS, word

pytestmark = pytest.mark.once

SRC = Path(ramino.__file__).parent
#: Every enum of refusal codes, one per layer.
REASONS: tuple[type[ReasonCode], ...] = (
    Reason,
    ServerReason,
    CliReason,
    BotReason,
    EnvReason,
    HouseRulesReason,
)
PO = LOCALE / "en" / "LC_MESSAGES" / "ramino.po"


def in_context(context: str, message: str) -> str:
    """A message in a context as gettext keys it (and finds it, ``gettext`` like ``pgettext``)."""
    return f"{context}\x04{message}"


def english() -> dict[object, object]:
    """The English catalogue in git: msgid (or its two forms, or its context and msgid) ->
    msgstr, fuzzy ones left out."""
    with PO.open("rb") as source:
        catalogue = read_po(source)
    return {
        in_context(m.context, m.id) if m.context else m.id: m.string
        for m in catalogue
        if m.id and not m.fuzzy
    }


ENGLISH = english()


def forms(entry: str | Plural | InContext) -> tuple[str, ...] | str:
    if isinstance(entry, InContext):
        return in_context(entry.context, entry.message)
    return (entry.one, entry.many) if isinstance(entry, Plural) else entry


# --- every code has its words ---


def test_every_reason_of_every_layer_has_words_in_both_languages() -> None:
    codes = [code for reasons in REASONS for code in reasons]
    assert len({code.value for code in codes}) == len(codes), "a reason value in two layers"
    assert {code.value for code in codes} == set(REFUSALS), "words with no reason, or none"
    for code in codes:
        italian = forms(REFUSALS[code.value])
        translated = ENGLISH.get(italian)
        assert translated and all(translated if isinstance(translated, tuple) else [translated])
        for lang in ("it", "en"):
            assert template_of(code, lang).strip(), (code, lang)


def test_every_detail_has_words_in_both_languages() -> None:
    assert {code.value for code in Detail} == set(DETAILS)
    assert not set(DETAILS) & set(REFUSALS), "a code is a reason's or a phrase's, not both"
    for code in Detail:
        translated = ENGLISH.get(forms(DETAILS[code.value]))
        assert translated and all(translated if isinstance(translated, tuple) else [translated])


def template_of(code: enum.StrEnum, lang: str) -> str:
    from ramino.words.render import template

    found = template(code, lang, {})
    assert found is not None
    return found


def _named(*texts: object) -> set[str]:
    """The values the texts name, a derived field by those it is worked out from."""
    found: set[str] = set()
    for text in texts:
        assert isinstance(text, str)
        for field in fields_of(text):
            found |= set(DERIVED_FIELDS.get(field, (field,)))
    return found


def test_a_translation_names_the_values_its_italian_names() -> None:
    for italian, translated in ENGLISH.items():
        if isinstance(italian, tuple):
            # Either form may leave the number out ("una volta" / "once"): the two together.
            assert isinstance(translated, tuple) and len(translated) == 2, italian
            assert _named(*translated) == _named(*italian), italian
        else:
            assert _named(translated) == _named(italian), italian


def _literal_messages() -> Iterator[tuple[str, int, object]]:
    """Every message ramino.words writes down literally: t("..."), N_("..."), NP_("...", "..."),
    NC_("context", "...")."""
    for module in sorted((SRC / "words").glob("*.py")):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            first = node.args[0]
            if name in ("t", "N_") and isinstance(first, ast.Constant):
                yield module.name, node.lineno, first.value
            elif name == "NP_":
                one, many = (arg.value for arg in node.args[:2])  # type: ignore[attr-defined]
                yield module.name, node.lineno, (one, many)
            elif name == "NC_":
                context, message = (arg.value for arg in node.args[:2])  # type: ignore[attr-defined]
                yield module.name, node.lineno, in_context(context, message)


def test_every_message_written_in_the_words_is_in_the_catalogue() -> None:
    # Read from the source, not from Babel's extraction: a message the extractor missed fails
    # here (`make words` brings it in).
    missing = [found for found in _literal_messages() if found[2] not in ENGLISH]
    assert not missing, missing


def test_the_compiled_catalogue_is_the_one_in_git() -> None:
    compiled = translations("en")
    for italian, translated in ENGLISH.items():
        if isinstance(italian, tuple):
            assert isinstance(translated, tuple)
            assert compiled.ngettext(italian[0], italian[1], 1) == translated[0]
            assert compiled.ngettext(italian[0], italian[1], 2) == translated[1]
        else:
            assert compiled.gettext(italian) == translated, "make words compiles it again"


def test_a_catalogue_older_than_its_source_is_served_with_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "en" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "ramino.mo").write_bytes((LOCALE / "en" / "LC_MESSAGES" / "ramino.mo").read_bytes())
    (folder / "ramino.po").write_text(PO.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(catalogue, "LOCALE", tmp_path)
    built = (folder / "ramino.mo").stat().st_mtime
    os.utime(folder / "ramino.po", (built - 60, built - 60))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        catalogue.translations.__wrapped__("en")  # compiled after its source: nothing said
    os.utime(folder / "ramino.po", (built + 60, built + 60))
    with pytest.warns(catalogue.StaleCatalogue, match="make words"):
        stale = catalogue.translations.__wrapped__("en")
    assert stale.gettext("Tocca a te") == "Your turn"  # still served, with the words it has


# --- the engine and its words ---


def _imports(module: Path) -> Iterator[str]:
    """Every module ``module`` imports, inside functions too, as absolute names."""
    package = "ramino.engine"
    for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            name = f"{base}.{node.module}" if base and node.module else (node.module or base)
            yield name


def test_the_engine_imports_nothing_of_ramino_outside_itself() -> None:
    for module in sorted((SRC / "engine").glob("*.py")):
        for name in _imports(module):
            if name.startswith("ramino"):
                assert name.startswith("ramino.engine"), (module.name, name)


def test_a_refusal_is_worded_only_when_read() -> None:
    # Legal-move generation refuses many candidates and never reads why.
    said: list[str] = []

    def counting(code: enum.StrEnum, cards: tuple[object, ...], params: dict[str, object],
                 lang: str) -> str:  # fmt: skip
        said.append(code.value)
        return word(code, cards, params, lang)  # type: ignore[arg-type]

    errors.set_words(counting)
    try:
        table = Round("classico", players=3, seed=5)
        for _ in range(6):
            table.apply(next(iter(table.legal_actions)))
        error = IllegalAction(Reason.ALREADY_DRAWN)
        assert said == []
        assert str(error) == "Hai già pescato in questo turno: ora cala, attacca o scarta."
        assert said == ["already_drawn"]
    finally:
        errors.set_words(word)


def test_without_the_words_an_error_still_says_its_code_and_values() -> None:
    plain = errors._plain(Reason.TOO_MANY_JOKERS, (), {"limit": 1, "count": 2}, "it")
    assert plain == "too_many_jokers (limit=1, count=2)"


def test_str_and_repr_speak_one_language_unless_a_program_asks_for_another() -> None:
    error = RulesError(Reason.UNKNOWN_PRESET, name="scala 41", known="classico, scala-40")
    sentence = "Regole sconosciute 'scala 41': quelle disponibili sono classico, scala-40."
    assert str(error) == sentence
    assert repr(error) == f"RulesError('unknown_preset': {sentence!r})"
    english = "Unknown rules 'scala 41': the available ones are classico, scala-40."
    assert error.message("en") == english
    RaminoError.language = "en"
    try:
        assert str(error) == english
        assert repr(error) == f"RulesError('unknown_preset': {english!r})"
        assert error.message("it") == sentence
    finally:
        RaminoError.language = "it"


def test_a_phrase_is_a_value_that_pickles_and_words_itself() -> None:
    detail = Phrase(Detail.REENTRY_LIMIT, count=1, limit=2)
    assert detail == Phrase(Detail.REENTRY_LIMIT, count=1, limit=2)
    assert hash(detail) == hash(Phrase(Detail.REENTRY_LIMIT, count=1, limit=2))
    assert detail.message("it") == "è già rientrato una volta, il massimo è 2."
    assert Phrase(Detail.REENTRY_LIMIT, count=3, limit=5).message("en") == (
        "he has re-entered 3 times, the most is 5."
    )
    error = pickle.loads(pickle.dumps(RulesError(Reason.CONTRADICTORY_RULES, detail=detail)))
    assert error.params["detail"] == detail
    assert error.message("en") == "Contradictory rules: he has re-entered once, the most is 2."


@pytest.mark.parametrize(
    ("count", "it", "en"),
    [
        (1, "Al massimo 1 jolly per gioco", "At most 1 joker per meld"),
        (2, "Al massimo 2 jolly per gioco", "At most 2 jokers per meld"),
    ],
)
def test_words_agree_with_their_number(count: int, it: str, en: str) -> None:
    error = IllegalAction(Reason.TOO_MANY_JOKERS, limit=count, count=count + 1)
    assert error.message("it").startswith(it)
    assert error.message("en").startswith(en)


@pytest.mark.parametrize(
    ("count", "it", "en"),
    [
        (1, "Per una partita veloce aspetta già 1 giocatore,", "1 player is already waiting"),
        (7, "Per una partita veloce aspettano già 7 giocatori,", "7 players are already waiting"),
    ],
)
def test_a_full_quick_match_queue_says_how_many_wait(count: int, it: str, en: str) -> None:
    error = IllegalAction(ServerReason.QUICK_FULL, count=count, wait=("1 secondo", "1 second"))
    assert error.message("it").startswith(it) and error.message("it").endswith("fra 1 secondo.")
    assert error.message("en").startswith(en) and error.message("en").endswith("in 1 second.")


@pytest.mark.parametrize(
    ("phrase", "it", "en"),
    [
        (
            Phrase(Detail.MELDS_NUMBERED, count=1, last=0),
            "c'è un gioco solo, il numero 0.",
            "there is one meld only, number 0.",
        ),
        (
            Phrase(Detail.MELDS_NUMBERED, count=3, last=2),
            "ci sono 3 giochi, numerati da 0 a 2.",
            "there are 3 melds, numbered 0 to 2.",
        ),
        (
            Phrase(Detail.CARDS_LEFT_OUT, count=1),
            "resta una carta fuori dai giochi.",
            "one card is left out of the melds.",
        ),
        (
            Phrase(Detail.CARDS_LEFT_OUT, count=4),
            "restano 4 carte fuori dai giochi.",
            "4 cards are left out of the melds.",
        ),
    ],
    ids=["one-meld", "three-melds", "one-card-left", "four-cards-left"],
)
def test_a_count_of_one_is_said_in_the_singular(phrase: Phrase, it: str, en: str) -> None:
    assert phrase.message("it") == it
    assert phrase.message("en") == en


def test_a_refusal_naming_a_card_it_was_not_given_as_one_is_still_said() -> None:
    # A program may put a card's text where a card goes: its sentence says it as given.
    from ramino.engine.errors import IllegalAction, Reason

    error = IllegalAction(Reason.NOT_IN_HAND, cards=["KS"])
    assert error.message("en") == "You do not hold KS." and str(error) == "Non hai in mano KS."
