"""``ramino verify``: check that the deals of an online table were fair (docs/shuffle.md).

It reads what ``ramino serve`` reveals once a round is over (``GET /api/tables/ID/deals``, or
one deal of it): each deal's commitment, published before the players sent their nonces; the
secret; the nonces; and the order the cards were dealt in. A deal is fair when the secret hashes
to the commitment and, with the nonces, shuffles the deck into that very order.
"""

from __future__ import annotations

from typing import Any

import click

from ..engine.shuffle import verify_deal
from ..engine.text import UnreadableText, load_json, shown
from ..words import say
from ..words.inline import said
from .common import EXIT_REFUSED, Lang, echo, exit_with, read_input, usage_error
from .parsing import lang_option, worded_command

_FIELDS = ("commitment", "secret", "nonces", "deck_size", "order")


@worded_command("verify")
@click.argument("source")
@lang_option
def verify(source: str, lang: Lang) -> None:
    """Check the revealed deals of an online table: each secret against its commitment, and
    the order of the cards against the secret and the players' nonces.

    Exit status: 0 every deal fair, 1 one is not, 2 bad input.
    """
    try:
        data = load_json(read_input(source))
    except UnreadableText as error:
        usage_error(f"{source}: {say(error.detail, lang.value)}", lang)
    deals = data.get("revealed") if isinstance(data, dict) and "revealed" in data else data
    if isinstance(deals, dict):
        deals = [deals]
    if not isinstance(deals, list) or not deals:
        usage_error(
            said(
                lang, 'servono le smazzate rivelate: un oggetto, una lista o {{"revealed": [...]}}.'
            ),
            lang,
        )
    fair = True
    for number, deal in enumerate(deals, 1):
        checked = _check(deal, number, lang)
        fair = fair and checked
    if not fair:
        exit_with(EXIT_REFUSED)


def _check(deal: Any, number: int, lang: Lang) -> bool:
    if not isinstance(deal, dict) or any(name not in deal for name in _FIELDS):
        usage_error(
            said(
                lang,
                "la smazzata {number} deve avere {fields}.",
                number=number,
                fields=", ".join(_FIELDS),
            ),
            lang,
        )
    label = deal.get("round", number)
    try:
        secret = bytes.fromhex(deal["secret"])
        nonces = [bytes.fromhex(nonce) for nonce in deal["nonces"]]
        order = [int(card) for card in deal["order"]]
        size = int(deal["deck_size"])
        fair = verify_deal(str(deal["commitment"]), secret, nonces, order, size)
    except (TypeError, ValueError, OverflowError):
        usage_error(
            said(
                lang,
                "la smazzata {label} non si legge: segreto e nonce in esadecimale, l'ordine come"
                " numeri delle carte.",
                label=shown(label),
            ),
            lang,
        )
    if fair:
        echo(
            said(
                lang,
                "✓ smazzata {label}: il segreto corrisponde all'impegno e, con i nonce, dà proprio"
                " l'ordine delle carte.",
                label=shown(label),
            )
        )
    else:
        echo(
            said(
                lang,
                "✗ smazzata {label}: il segreto, i nonce e l'ordine delle carte non tornano con"
                " l'impegno.",
                label=shown(label),
            )
        )
    return fair
