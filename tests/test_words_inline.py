"""The words written inline (:mod:`ramino.words.inline`) go through the catalogue: in the terminal
game (``ramino.tui``, ``ramino.client.link``), the command line (``ramino.cli``), the hint
(``ramino.ai.hint``) and the server (``ramino.server``), every message written there has its
English, and no pair of words written in the code (Italian, English) comes back."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import ramino
from ramino.tui.narrate import LogLine
from ramino.words.catalogue import fields_of
from ramino.words.inline import Saying, both, nboth, nsaid, said
from test_words import ENGLISH, in_context

pytestmark = pytest.mark.once

PACKAGE = Path(ramino.__file__).parent
#: Where words are written inline: the terminal game and the online client's lobby calls,
#: whose refusals the terminal shows; the command line; the hint; the server.
WRITTEN = [
    *sorted((PACKAGE / "tui").glob("*.py")),
    PACKAGE / "client" / "link.py",
    *sorted((PACKAGE / "cli").glob("*.py")),
    PACKAGE / "ai" / "hint.py",
    *sorted((PACKAGE / "server").rglob("*.py")),
]

#: The helpers ``make words`` extracts, and where their Italian is: the positions of the
#: message (two for the plurals), counted from the first argument.
KEYWORDS = {
    "said": (1,),
    "nsaid": (1, 2),
    "both": (0,),
    "nboth": (0, 1),
    "t": (0,),
    "nt": (0, 1),
    "N_": (0,),
    "Saying": (0,),
}

#: Calls that once took the words in each language side by side, as their last two arguments.
PAIRED = {"pick", "bad", "_failure", "say", "_usage", "_note"}

#: Two strings side by side that are not words: choices, kinds of message, styles, parts of a
#: link.
NOT_WORDS = {
    ("reenter", "decline"),
    ("again", "export"),
    ("error", "notice"),
    ("http", "https"),
    ("tables", "t"),
    ("bold #ff8787", "#87d787"),
    ("#ffffff", "#ffff87"),
    ("--lang", "-l"),
    ("big_gin", "doubled"),
    ("human", "computer"),
    ("ramino", "gin"),
    ("up", "down"),
}


def _sources() -> Iterator[tuple[str, ast.AST]]:
    for module in WRITTEN:
        yield str(module.relative_to(PACKAGE)), ast.parse(module.read_text(encoding="utf-8"))


def _name(call: ast.Call) -> str | None:
    return getattr(call.func, "id", None) or getattr(call.func, "attr", None)


def _string(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _messages() -> Iterator[tuple[str, int, object]]:
    """Every message written down literally, keyed as the catalogue keys it."""
    for name, tree in _sources():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            called = _name(node)
            if called == "NC_":
                context, message = (_string(arg) for arg in node.args[:2])
                assert context is not None and message is not None, (name, node.lineno)
                yield name, node.lineno, in_context(context, message)
                continue
            where = KEYWORDS.get(called or "")
            if where is None or len(node.args) <= max(where):
                continue
            forms = tuple(_string(node.args[i]) for i in where)
            if None in forms:
                continue  # a message named, not written here (N_ marks it where it is)
            yield name, node.lineno, forms[0] if len(forms) == 1 else forms


def test_words_written_inline_go_through_the_catalogue() -> None:
    found = list(_messages())
    assert len(found) > 200, "the messages are not found where they are written"
    for layer in ("tui/", "cli/", "ai/hint.py", "server/"):
        assert any(name.startswith(layer) for name, _, _ in found), layer
    missing = [each for each in found if each[2] not in ENGLISH]
    assert not missing, f"make words, then give them their English: {missing}"


def test_every_field_a_message_names_is_given() -> None:
    # A field left out would stop the game with a KeyError in one language only.
    left_out = []
    for name, tree in _sources():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or _name(node) in (None, "N_", "NC_"):
                continue
            where = KEYWORDS.get(_name(node) or "")
            if (
                where is None
                or len(node.args) <= max(where)
                or any(k.arg is None for k in node.keywords)
            ):
                continue
            forms = [_string(node.args[i]) for i in where]
            if None in forms:
                continue
            given = {k.arg for k in node.keywords} | ({"count"} if len(forms) == 2 else set())
            english = ENGLISH[forms[0] if len(forms) == 1 else tuple(forms)]
            texts = [*forms, *(english if isinstance(english, tuple) else [english])]
            named = set().union(*(fields_of(text) for text in texts))
            if not named <= given:
                left_out.append((name, node.lineno, sorted(named - given)))
    assert not left_out, left_out


def _literal_text(node: ast.AST) -> str | None:
    """The words a string, an f-string or a sum of them writes itself (not its values)."""
    if isinstance(node, ast.JoinedStr):
        return "".join(_string(part) or "" for part in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        parts = [_literal_text(node.left), _literal_text(node.right)]
        return None if parts == [None, None] else "".join(part or "" for part in parts)
    return _string(node)


def _pairs(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """Where ``tree`` writes words in two languages side by side, and how."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Tuple) and len(node.elts) == 2:
            texts = [_literal_text(e) for e in node.elts]
            if None in texts or tuple(texts) in NOT_WORDS:
                continue
            # Words on both sides: a pair. A chat line, f"{name}: {text}", writes none.
            if all(any(c.isalpha() for c in text or "") for text in texts):
                yield node.lineno, f"a pair {texts}"
        elif isinstance(node, ast.Call):
            called = _name(node)
            written = [a for a in node.args if _literal_text(a) is not None]
            if called in PAIRED and len(node.args) >= 2 and written[-2:] == node.args[-2:]:
                yield node.lineno, f"{called}() given words in each language"
            elif called == "pick" and written:
                yield node.lineno, "pick() given words"
            sides = {k.arg: _literal_text(k.value) for k in node.keywords if k.arg in ("it", "en")}
            if len(sides) == 2 and None not in sides.values():
                yield node.lineno, f"{called}() given it= and en= words"
            elif called in KEYWORDS and len(written) > len(KEYWORDS[called]):
                yield node.lineno, f"{called}() given a message in each language"
            if any(k.arg == "_en" for k in node.keywords):
                yield node.lineno, "English beside the Italian"


def test_no_pair_of_words_is_written_inline() -> None:
    found = [(name, *pair) for name, tree in _sources() for pair in _pairs(tree)]
    assert not found, found


@pytest.mark.parametrize(
    "written",
    [
        'x = ("pesca dal tallone", "draws from the stock")',
        'x = (f"prende {card}", f"takes {card}")',
        'self.t("Tallone: ", "Stock: ")',
        'self.t(f"Smazzata {n}", f"Round {n}")',
        'said(lang, "Tu", "You")',
        'pick(lang, "Tu", "You")',
        'bad(where, "manca.", "missing.")',
        '_failure(f"più di {n} byte.", f"over {n} bytes.")',
        'Sentence(it="il suo disco è pieno", en="its disk is full")',
        'x = ("Il gioco: " + NOTATION[0], "The meld: " + NOTATION[1])',
        'self.say("Mazzo mescolato.", "Deck shuffled.")',
    ],
)
def test_a_pair_written_the_old_way_is_found(written: str) -> None:
    assert list(_pairs(ast.parse(written)))


@pytest.mark.parametrize(
    "written",
    [
        'x = ("", "")',
        'x = ("reenter", "decline")',
        'x = (f"{name}: {text}", f"{name}: {text}")',
        'said(lang, "Tu")',
        'both("{name} chiude.", name=who)',
        "pick(lang, words)",
        'bad(where, said(lang, "manca."))',
        "Sentence(it=it, en=en)",
        'Saying("Opzioni")',
        'self.say(self.t("Mazzo mescolato."))',
    ],
)
def test_what_is_not_a_pair_is_not_found(written: str) -> None:
    assert not list(_pairs(ast.parse(written)))


def test_a_log_line_is_read_in_either_language() -> None:
    line = LogLine("Bruno")
    line.add(both("prende {card} dal pozzo", card="7♥"))
    line.add(both("scarta {card}", card="K♠"))
    assert line.text("it") == "Bruno prende 7♥ dal pozzo e scarta K♠."
    assert line.text("en") == "Bruno takes 7♥ from the discard pile and discards K♠."
    mine = LogLine("Anna", you=True, words=[both("bussi")])
    assert (mine.text("it"), mine.text("en")) == ("Bussi.", "You knock.")


@pytest.mark.parametrize(
    ("count", "it", "en"),
    [(1, "un punto", "one point"), (2, "2 punti", "2 points")],
)
def test_the_terminal_words_agree_with_their_number(count: int, it: str, en: str) -> None:
    assert nboth("un punto", "{count} punti", count) == (it, en)
    assert nsaid("en", "carta", "carte", count) == ("card" if count == 1 else "cards")


def test_a_value_given_in_both_languages_is_worded_in_the_message_s() -> None:
    chips = ("una fiche", "one chip")
    assert said("it", "Prendi {chips}.", chips=chips) == "Prendi una fiche."
    assert said("en", "Prendi {chips}.", chips=chips) == "You take one chip."


def test_a_saying_is_worded_where_it_is_read() -> None:
    from ramino.cli.help_words import COMMANDS

    later = Saying("prende {card} dal pozzo", card=lambda: "7♥")
    assert (later("it"), later[1], list(later)[1]) == (
        "prende 7♥ dal pozzo",
        "takes 7♥ from the discard pile",
        "takes 7♥ from the discard pile",
    )
    # A value that is a Saying is worded in the language of the message that names it.
    notation = COMMANDS["score"].params["file"]
    assert notation[0].endswith("JK è il jolly.") and notation[1].endswith("JK is the joker.")
