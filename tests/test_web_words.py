"""The page's words, ``src/ramino/web/static/i18n.js``, run under node: its Italian follows the
grammar the engine's catalogue follows."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.once

I18N = Path(__file__).parent.parent / "src" / "ramino" / "web" / "static" / "i18n.js"


def words(key: str, values: dict[str, object], lang: str = "it") -> str:
    """``t(key, values)`` of the page in ``lang`` (Italian unless told), as node runs it."""
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI"):
            pytest.fail("node is not on PATH")
        pytest.skip("node is not on PATH")
    script = (
        f"globalThis.localStorage = {{getItem: () => {json.dumps(lang)}, setItem: () => {{}}}};"
        f"const m = await import({json.dumps(I18N.as_uri())});"
        f"process.stdout.write(m.t({json.dumps(key)}, {json.dumps(values)}));"
    )
    done = subprocess.run(
        [node, "--input-type=module", "-e", script],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return done.stdout


@pytest.mark.parametrize(
    ("name", "said"),
    [("Anna", "Tocca ad Anna"), ("àlex", "Tocca ad àlex"), ("Elena", "Tocca a Elena")],
)
def test_the_page_writes_ad_before_a_name_that_begins_with_a(name: str, said: str) -> None:
    assert words("turn_of", {"name": name}) == said
    assert words("all_folded", {"name": name}).endswith(said.replace("Tocca", "va") + ".")


@pytest.mark.parametrize(("rules", "said"), [("gin", "Gin table"), ("classico", "Classico table")])
def test_the_english_table_heading_begins_with_a_capital(rules: str, said: str) -> None:
    assert words("table_of", {"rules": rules}, "en") == said
    assert words("table_of", {"rules": rules}) == f"Tavolo di {rules}"


def test_the_changes_taken_away_are_named_in_each_language_s_quotes() -> None:
    labels = {"labels": ["Quanto conta un jolly rimasto in mano?", "Messa"]}
    assert words("knobs_dropped", labels) == (
        "Tolte le modifiche che con queste regole non contano più: «Quanto conta un jolly"
        " rimasto in mano?», «Messa»."
    )
    assert words("knobs_dropped", {"labels": ["Messa"]}, "en") == (
        "Changes that no longer bear on these rules were taken away: “Messa”."
    )


def test_the_page_says_a_fold_in_the_rules_words_lascio() -> None:
    # The rules (and the terminal) call a fold «lascia»: «passa» is another move of other games.
    assert words("fold", {}) == "Lascio"
    assert (words("folds", {}), words("folds_you", {})) == ("lascia", "lasci")
    assert (words("folded", {}), words("folded_you", {})) == ("ha lasciato", "hai lasciato")
    assert words("all_folded", {"name": "Bruno"}).startswith("Hanno lasciato tutti gli altri")
    assert words("fold", {}, "en") == "Fold"


def test_the_page_writes_chips_as_the_rules_do() -> None:
    # «Si gioca a fiches»: one fiche, many fiches, as the rules and the terminal write them.
    assert words("chips", {"n": 1}) == "1 fiche"
    assert words("chips", {"n": 99}) == "99 fiches"
    assert words("chips_col", {}) == "fiches vinte e perse"
