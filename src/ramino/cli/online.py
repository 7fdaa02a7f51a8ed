"""``ramino play --join LINK`` and ``ramino play --server URL``: the terminal at an online
table of ``ramino serve``, with the same screens and keys as against the computer.

``--server`` creates a private table there first (your seat, friends' seats, computer players)
and shows its link to send; ``--join`` sits at the table of a link, and ``--token`` comes back
to one's own seat. Whatever the server refuses is one line on stderr, before the screen opens.
"""

from __future__ import annotations

import secrets
from typing import Any

from ..engine.errors import RaminoError
from ..engine.presets import GIN_PRESETS, PRESETS, get_preset
from ..engine.rules import Rules, knob_names
from ..engine.rules_file import rules_from_mapping
from ..house_rules import moot_changes
from ..words.inline import said
from .common import NO_TERMINAL, Lang, echo, fail, has_terminal, usage_error

__all__ = ["play_online"]

#: Exit status when the table cannot be played (the server refuses, or is not there).
EXIT_FAILURE = 1


def _rules_of(info: dict[str, Any]) -> Rules:
    rules = info["rules"]
    # knobs() writes "no number" as null; the rules reader spells it "none".
    knobs = {key: ("none" if value is None else value) for key, value in rules["knobs"].items()}
    return rules_from_mapping({"name": rules["name"], **knobs})


def _differences(base: Rules, rules: Rules) -> int:
    return sum(getattr(base, knob) != getattr(rules, knob) for knob in knob_names())


def _table_body(rules: Rules, friends: int, computers: int, level: str) -> dict[str, Any]:
    # A preset by its name, house rules by what they change of the nearest preset (the one
    # they differ from in fewest knobs), but for the changes that bear on nothing in the
    # rules they make (a jolly's penalty in gin rummy): the server refuses those, and they
    # change nothing.
    presets = {**PRESETS, **GIN_PRESETS}
    if rules.name in presets:
        preset = rules.name
    else:
        preset = min(presets, key=lambda name: _differences(presets[name].rules, rules))
    base = get_preset(preset)
    moot = moot_changes(base, rules)
    knobs: dict[str, Any] = {
        key: ("none" if value is None else value)
        for key, value in rules.knobs().items()
        if getattr(base, key) != getattr(rules, key) and key not in moot
    }
    if rules.name != preset:
        knobs["name"] = rules.name
    return {
        "rules": preset,
        "knobs": knobs,
        "seats": [
            {"kind": "human"},
            *({"kind": "human"} for _ in range(friends)),
            *({"kind": "computer", "level": level} for _ in range(computers)),
        ],
    }


def play_online(
    *,
    join: str | None,
    server: str | None,
    token: str | None,
    rules: Rules | None,
    players: int,
    computers: int,
    level: str,
    name: str | None,
    lang: Lang,
    four_colours: bool,
) -> None:
    """Play at an online table: the table of ``join``, or a new one created on ``server``."""
    from ..client.link import (
        Invitation,
        LinkError,
        ServerError,
        create_table,
        player_key,
        request,
    )
    from ..tui.online import OnlineApp, OnlineGame

    try:
        if server is not None:
            assert rules is not None
            friends = players - 1 - computers
            if friends < 0:
                usage_error(
                    said(
                        lang,
                        "--computers {computers} non sta in un tavolo di {players}: tu e al"
                        " massimo {most} computer.",
                        computers=computers,
                        players=players,
                        most=players - 1,
                    ),
                    lang,
                )
            invitation, info = create_table(server, _table_body(rules, friends, computers, level))
        else:
            assert join is not None
            invitation = Invitation.parse(join)
            info = request(invitation.server, "GET", f"/api/tables/{invitation.table}")
        table_rules = _rules_of(info)
        if token is None:
            if not name:
                usage_error(
                    said(lang, "per sedere a un tavolo online serve un nome: --name."),
                    lang,
                )
            # Our part of the first deal's seed (docs/shuffle.md): the server cannot pick it.
            body = {
                "nickname": name,
                "nonce": secrets.token_hex(16),
                # The seat is this user's player's, with his rating (docs/ratings.md).
                "player_key": player_key(invitation.server, name),
            }
            seated = request(
                invitation.server, "POST", f"/api/tables/{invitation.table}/seats", body
            )
            token = str(seated["token"])
    except (LinkError, ServerError) as error:
        usage_error(error.message(lang.value), lang)
    except RaminoError as error:
        fail(error, lang)
    if not has_terminal():
        # Checked last, so that what the server says about the table comes first; the seat
        # taken stays the player's.
        usage_error(
            said(
                lang,
                "{no_terminal} Il posto resta tuo: ramino play --join {link} --token {token}",
                no_terminal=NO_TERMINAL,
                link=invitation.link,
                token=token,
            ),
            lang,
        )
    game = OnlineGame(invitation, token, table_rules, info)
    app = OnlineApp(game, lang=lang.value, four_colours=four_colours)
    app.run()
    if app.failure is not None:
        echo(said(lang, "errore: {sentence}", sentence=app.failure), err=True)
        raise SystemExit(EXIT_FAILURE)
    if not game.match_over:
        echo(
            said(
                lang,
                "Il posto resta tuo. Per tornare al tavolo: ramino play --join {link} --token"
                " {token}",
                link=invitation.link,
                token=token,
            )
        )
