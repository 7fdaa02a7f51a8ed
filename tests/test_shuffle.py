"""The portable shuffle: frozen vectors, an independent re-implementation, uniformity, fair deals,
and the JavaScript reference of docs/shuffle.md run under node.

Regenerate the vectors (only when the algorithm gets a new name): ``python tests/test_shuffle.py``.
"""

from __future__ import annotations

import doctest
import hashlib
import hmac
import itertools
import json
import math
import random
import re
import shutil
import struct
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ramino.engine.shuffle import (
    MIN_SECRET_BYTES,
    PORTABLE,
    Sha256Stream,
    commitment,
    deal_seed,
    portable_shuffle,
    seed_from_int,
    seed_from_text,
    verify_deal,
)

ROOT = Path(__file__).resolve().parent.parent
VECTORS_PATH = ROOT / "tests" / "data" / "shuffle_vectors.json"
DOCS_PATH = ROOT / "docs" / "shuffle.md"
TWO_32 = 2**32


# --- the frozen vectors -----------------------------------------------------------------------

# (seed as text or raw bytes, n): human seeds, the empty seed, a short raw one, non-ASCII text.
SHUFFLE_CASES: list[tuple[str | bytes, int]] = [
    ("0", 1),
    ("42", 2),
    ("partita di Natale", 10),
    (b"", 52),
    (b"ramino", 54),
    ("2024", 108),
    ("tombola e ramino: è Natale", 160),
]
# Large n, where rejection actually happens (it almost never does for a deck's sizes), and the
# two ends of the range, where it never does.
BELOW_CASES: list[tuple[str, int]] = [
    ("rifiuto", 3 * 2**30),
    ("rifiuto", 2**31 + 1),
    ("ancora", 10**9 + 7),
    ("rifiuto", 2**32),
    ("rifiuto", 1),
]
DEAL_CASES: list[tuple[bytes, list[bytes], int]] = [
    (bytes(range(32)), [b"seat 0", b"seat 1", b"seat 2", b"seat 3"], 108),
    (bytes([0x11]) * 16, [], 54),
    (hashlib.sha256(b"server").digest(), [b"", b"\x00\xff", bytes(range(40))], 160),
]


def _seed_fields(seed: str | bytes) -> dict[str, Any]:
    if isinstance(seed, str):
        return {"seed_text": seed, "seed": seed_from_text(seed).hex()}
    return {"seed": seed.hex()}


def build_vectors() -> dict[str, Any]:
    """What the current code gives for every case above: the content of shuffle_vectors.json."""
    shuffles = []
    for seed, n in SHUFFLE_CASES:
        fields = _seed_fields(seed)
        raw = bytes.fromhex(fields["seed"])
        stream = Sha256Stream(raw)
        first = [stream.next_u32() for _ in range(8)]
        shuffles.append(
            {**fields, "n": n, "first_u32": first, "order": portable_shuffle(range(n), raw)}
        )
    belows = []
    for text, n in BELOW_CASES:
        stream = Sha256Stream(seed_from_text(text))
        draws = [stream.below(n) for _ in range(16)]
        # The u32s the draws consumed, rejected ones included, so a port can see where it strays.
        replay = Sha256Stream(seed_from_text(text))
        u32 = [replay.next_u32() for _ in range(stream.position // 4)]
        belows.append({**_seed_fields(text), "n": n, "u32": u32, "below": draws})
    deals = []
    for secret, nonces, size in DEAL_CASES:
        seed = deal_seed(secret, nonces)
        deals.append(
            {
                "secret": secret.hex(),
                "nonces": [nonce.hex() for nonce in nonces],
                "commitment": commitment(secret),
                "seed": seed.hex(),
                "deck_size": size,
                "order": portable_shuffle(range(size), seed),
            }
        )
    return {"generator": PORTABLE, "shuffles": shuffles, "below": belows, "deals": deals}


def _dump(vectors: dict[str, Any]) -> str:
    # One vector field per line, lists of numbers kept on one line: readable diffs, short file.
    text = json.dumps(vectors, indent=2, ensure_ascii=False)
    return re.sub(r"\[\s+([-\d,\s]+?)\s+\]", lambda m: "[" + re.sub(r"\s+", " ", m[1]) + "]", text)


def _load_vectors() -> dict[str, Any]:
    # Missing only while the file is first written by the __main__ block below.
    if not VECTORS_PATH.exists():
        return {"shuffles": [], "below": [], "deals": []}
    loaded: dict[str, Any] = json.loads(VECTORS_PATH.read_text("utf-8"))
    return loaded


VECTORS = _load_vectors()


def test_vectors_cover_the_deck_sizes() -> None:
    assert VECTORS["generator"] == PORTABLE
    assert {v["n"] for v in VECTORS["shuffles"]} >= {1, 2, 10, 52, 54, 108, 160}
    assert json.loads(_dump(build_vectors())) == VECTORS


@pytest.mark.parametrize("vector", VECTORS["shuffles"], ids=lambda v: f"n={v['n']}")
def test_shuffle_vectors_reproduce(vector: dict[str, Any]) -> None:
    seed = bytes.fromhex(vector["seed"])
    if "seed_text" in vector:
        assert seed_from_text(vector["seed_text"]) == seed
    stream = Sha256Stream(seed)
    assert [stream.next_u32() for _ in range(8)] == vector["first_u32"]
    assert portable_shuffle(range(vector["n"]), seed) == vector["order"]
    assert portable_shuffle(range(vector["n"]), seed) == _ref_shuffle(
        list(range(vector["n"])), seed
    )


@pytest.mark.parametrize("vector", VECTORS["below"], ids=lambda v: f"n={v['n']}")
def test_below_vectors_reproduce(vector: dict[str, Any]) -> None:
    stream = Sha256Stream(bytes.fromhex(vector["seed"]))
    assert [stream.below(vector["n"]) for _ in vector["below"]] == vector["below"]
    assert stream.position == 4 * len(vector["u32"])
    limit = TWO_32 - TWO_32 % vector["n"]
    rejected = [u for u in vector["u32"] if u >= limit]
    # The vectors must exercise rejection wherever it can happen, or a port could skip it.
    assert bool(rejected) == (limit != TWO_32)
    assert [u % vector["n"] for u in vector["u32"] if u < limit] == vector["below"]


@pytest.mark.parametrize("vector", VECTORS["deals"], ids=lambda v: f"size={v['deck_size']}")
def test_deal_vectors_reproduce(vector: dict[str, Any]) -> None:
    secret = bytes.fromhex(vector["secret"])
    nonces = [bytes.fromhex(n) for n in vector["nonces"]]
    assert commitment(secret) == vector["commitment"]
    assert deal_seed(secret, nonces).hex() == vector["seed"]
    assert (
        portable_shuffle(range(vector["deck_size"]), deal_seed(secret, nonces)) == vector["order"]
    )
    assert verify_deal(vector["commitment"], secret, nonces, vector["order"], vector["deck_size"])


# --- an independent re-implementation ---------------------------------------------------------


def _ref_u32s(seed: bytes) -> Iterator[int]:
    # Written apart from the module on purpose: eight blocks hashed at a time from scratch, the
    # whole batch unpacked at once with struct.
    for first in itertools.count(0, 8):
        batch = b"".join(
            hashlib.sha256(seed + struct.pack(">Q", i)).digest() for i in range(first, first + 8)
        )
        yield from struct.unpack(f">{len(batch) // 4}I", batch)


def _ref_below(u32s: Iterator[int], n: int) -> int:
    # Accept v when its quotient is below the count of whole copies of [0, n) in 2**32: the same
    # set as "v < largest multiple of n", said differently.
    whole = TWO_32 // n
    return next(v % n for v in u32s if v // n < whole)


def _ref_shuffle(items: list[Any], seed: bytes) -> list[Any]:
    u32s = _ref_u32s(seed)
    for i in reversed(range(1, len(items))):
        j = _ref_below(u32s, i + 1)
        items[j], items[i] = items[i], items[j]
    return items


def test_independent_implementation_agrees_on_many_seeds() -> None:
    rnd = random.Random(20240601)
    for _ in range(300):
        seed = rnd.randbytes(rnd.randrange(0, 65))
        n = rnd.randrange(0, 200)
        assert portable_shuffle(range(n), seed) == _ref_shuffle(list(range(n)), seed)


def test_independent_below_agrees_where_rejection_is_common() -> None:
    rnd = random.Random(7)
    for _ in range(200):
        seed = rnd.randbytes(32)
        # n just above a power of two rejects almost half the u32s.
        n = rnd.choice([rnd.randrange(1, TWO_32 + 1), 2 ** rnd.randrange(0, 32) + 1, TWO_32])
        ours, theirs = Sha256Stream(seed), _ref_u32s(seed)
        assert [ours.below(n) for _ in range(20)] == [_ref_below(theirs, n) for _ in range(20)]


@given(st.binary(max_size=80), st.integers(min_value=0, max_value=120))
def test_independent_implementation_agrees_on_any_seed(seed: bytes, n: int) -> None:
    assert portable_shuffle(range(n), seed) == _ref_shuffle(list(range(n)), seed)


# --- the stream -------------------------------------------------------------------------------


def test_stream_is_sha256_in_counter_mode() -> None:
    seed = b"counter mode"
    blocks = b"".join(hashlib.sha256(seed + i.to_bytes(8, "big")).digest() for i in range(4))
    assert Sha256Stream(seed).read(128) == blocks
    # Reads of odd sizes cross block boundaries and still give the same bytes.
    stream = Sha256Stream(seed)
    assert b"".join(stream.read(k) for k in (1, 30, 3, 33, 0, 61)) == blocks
    # A u32 that straddles two blocks (after an odd read) is read like any other.
    stream = Sha256Stream(seed)
    stream.read(30)
    assert stream.next_u32() == int.from_bytes(blocks[30:34], "big")
    assert stream.position == 34
    stream.read(2)  # back on a word boundary, inside the second block
    assert stream.next_u32() == int.from_bytes(blocks[36:40], "big")


def test_stream_repr_pastes_back_and_resumes() -> None:
    stream = Sha256Stream(seed_from_text("42"))
    [stream.next_u32() for _ in range(11)]
    copy = eval(repr(stream), {"Sha256Stream": Sha256Stream})
    assert copy.position == stream.position == 44
    assert copy.seed == stream.seed
    assert [copy.below(52) for _ in range(30)] == [stream.below(52) for _ in range(30)]


def test_stream_refuses_bad_arguments() -> None:
    with pytest.raises(ValueError, match="1 <= n <= 2"):
        Sha256Stream(b"").below(0)
    with pytest.raises(ValueError, match="1 <= n <= 2"):
        Sha256Stream(b"").below(TWO_32 + 1)
    with pytest.raises(ValueError, match="position"):
        Sha256Stream(b"", position=-1)
    with pytest.raises(ValueError, match="size"):
        Sha256Stream(b"").read(-1)
    with pytest.raises(TypeError, match=r"seed_from_int\(42\)"):
        portable_shuffle([1, 2, 3], 42)  # type: ignore[arg-type]
    assert Sha256Stream(bytearray(b"ab")).seed == b"ab"  # type: ignore[arg-type]


class _Scripted(Sha256Stream):
    """A stream that hands out chosen u32s, to put values right on the rejection boundary."""

    def __init__(self, values: Sequence[int]) -> None:
        super().__init__(b"")
        self._values = iter(values)

    def next_u32(self) -> int:
        return next(self._values)


@pytest.mark.parametrize(
    ("n", "values", "expected"),
    [
        # 2**32 = 3 * 1431655765 + 1: the one top value would make 0 more likely; refuse it.
        (3, [TWO_32 - 1, TWO_32 - 2], (TWO_32 - 2) % 3),
        (5, [TWO_32 - 1, 17], 2),
        (3 * 2**30, [3 * 2**30, TWO_32 - 1, 3 * 2**30 - 1], 3 * 2**30 - 1),
        (2**32, [TWO_32 - 1], TWO_32 - 1),  # nothing is refused when n divides 2**32
        (1, [TWO_32 - 1], 0),
        (52, [51, 52], 51),
    ],
)
def test_below_rejects_exactly_at_the_boundary(n: int, values: list[int], expected: int) -> None:
    assert _Scripted(values).below(n) == expected


def _chi_square(counts: Sequence[int], expected: float) -> float:
    return sum((c - expected) * (c - expected) / expected for c in counts)


def _generous_threshold(df: int) -> float:
    # Mean plus eight standard deviations of chi-square: far above any honest sample, far below
    # what a biased or off-by-one generator gives over this many draws. The seeds are fixed, so
    # the verdict never changes from run to run.
    return df + 8 * math.sqrt(2 * df)


@pytest.mark.parametrize("n", [6, 7, 52])
def test_below_is_in_range_and_uniform(n: int) -> None:
    stream = Sha256Stream(seed_from_text(f"uniform {n}"))
    counts = Counter(stream.below(n) for _ in range(60_000))
    assert set(counts) == set(range(n))
    stat = _chi_square([counts[k] for k in range(n)], 60_000 / n)
    assert stat < _generous_threshold(n - 1), counts


def test_below_has_no_modulo_bias_for_large_n() -> None:
    # With n = 3 * 2**30, plain "u32 % n" would give [0, 2**30) half the time instead of a third.
    n = 3 * 2**30
    stream = Sha256Stream(seed_from_text("large n"))
    thirds = Counter(stream.below(n) // 2**30 for _ in range(30_000))
    assert _chi_square([thirds[k] for k in range(3)], 10_000) < _generous_threshold(2)


def test_all_orders_of_three_items_are_equally_likely() -> None:
    counts = Counter(tuple(portable_shuffle("abc", seed_from_int(i))) for i in range(6000))
    assert set(counts) == set(itertools.permutations("abc"))
    assert _chi_square(list(counts.values()), 1000) < _generous_threshold(5), counts


# --- the shuffle ------------------------------------------------------------------------------


@given(st.lists(st.integers(min_value=-5, max_value=5), max_size=60), st.binary(max_size=40))
def test_shuffle_is_a_permutation_and_repeatable(items: list[int], seed: bytes) -> None:
    before = list(items)
    result = portable_shuffle(items, seed)
    assert items == before  # the input is left alone
    assert Counter(result) == Counter(items)
    assert portable_shuffle(tuple(items), seed) == result


@pytest.mark.parametrize("n", [10, 52, 108])
def test_different_seeds_give_different_orders(n: int) -> None:
    orders = {tuple(portable_shuffle(range(n), seed_from_int(i))) for i in range(200)}
    assert len(orders) == 200


def test_seeds_from_text_and_int() -> None:
    assert seed_from_text("42") == hashlib.sha256(b"42").digest() == seed_from_int(42)
    assert seed_from_int(-7) == hashlib.sha256(b"-7").digest()
    assert seed_from_text("è") == hashlib.sha256("è".encode()).digest()
    with pytest.raises(TypeError):
        seed_from_int(True)
    with pytest.raises(TypeError):
        seed_from_int("42")  # type: ignore[arg-type]


# --- provably fair deals ----------------------------------------------------------------------

SECRET = bytes(range(100, 132))
NONCES = [b"alice's nonce", b"bob", b"\x00" * 16]


def _dealt(secret: bytes = SECRET, nonces: Sequence[bytes] = NONCES, size: int = 108) -> list[int]:
    return portable_shuffle(range(size), deal_seed(secret, nonces))


def test_fair_deal_round_trip() -> None:
    published = commitment(SECRET)
    assert published == hashlib.sha256(SECRET).hexdigest()
    message = b"".join(len(n).to_bytes(4, "big") + n for n in NONCES)
    assert deal_seed(SECRET, NONCES) == hmac.digest(SECRET, message, "sha256")
    order = _dealt()
    assert sorted(order) == list(range(108))
    assert verify_deal(published, SECRET, NONCES, order, 108)
    assert verify_deal(published.upper(), SECRET, NONCES, tuple(order), 108)


def test_fair_deal_refuses_any_tampering() -> None:
    published, order = commitment(SECRET), _dealt()
    other_secret = bytes([SECRET[0] ^ 1]) + SECRET[1:]
    bent_nonce = [NONCES[0], b"bot", NONCES[2]]
    swapped = [order[1], order[0], *order[2:]]
    assert not verify_deal(published, other_secret, NONCES, order, 108)
    # Even a secret whose own deal is consistent fails: it is not the one committed to.
    assert not verify_deal(published, other_secret, NONCES, _dealt(other_secret), 108)
    assert not verify_deal(published, SECRET, bent_nonce, order, 108)
    assert not verify_deal(published, SECRET, NONCES[::-1], order, 108)
    assert not verify_deal(published, SECRET, [*NONCES, b""], order, 108)
    assert not verify_deal(published, SECRET, NONCES, swapped, 108)
    assert not verify_deal(published, SECRET, NONCES, order[:-1], 108)
    assert not verify_deal(published, SECRET, NONCES, order, 107)
    assert not verify_deal(published, SECRET[:8], NONCES, order, 108)
    assert not verify_deal("not a hash", SECRET, NONCES, order, 108)


def test_deal_seed_keeps_nonces_apart() -> None:
    # The length prefixes are what tell these apart.
    assert deal_seed(SECRET, [b"ab", b"c"]) != deal_seed(SECRET, [b"a", b"bc"])
    assert deal_seed(SECRET, [b""]) != deal_seed(SECRET, [])
    assert deal_seed(SECRET, [b"x"]) != deal_seed(SECRET[::-1], [b"x"])


def test_fair_deal_refuses_short_secrets() -> None:
    short = bytes(MIN_SECRET_BYTES - 1)
    with pytest.raises(ValueError, match="at least 16"):
        commitment(short)
    with pytest.raises(ValueError, match="at least 16"):
        deal_seed(short, [])
    with pytest.raises(TypeError, match="nonce of seat 1"):
        deal_seed(SECRET, [b"ok", "text"])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="deck_size"):
        verify_deal(commitment(SECRET), SECRET, [], [], -1)


# --- the JavaScript reference in docs/shuffle.md ----------------------------------------------


def docs_block(name: str) -> str:
    """The JavaScript between the ``begin``/``end`` markers ``name`` in docs/shuffle.md."""
    docs = DOCS_PATH.read_text("utf-8")
    found = re.search(
        rf"<!-- begin {name} -->\s*```js\n(.*?)```\s*<!-- end {name} -->", docs, re.DOTALL
    )
    assert found, f"docs/shuffle.md has no {name} block"
    return found[1]


def test_docs_examples_run() -> None:
    failures, tried = doctest.testfile(str(DOCS_PATH), module_relative=False, verbose=False)
    assert tried > 0
    assert failures == 0


def test_docs_show_the_short_vectors() -> None:
    docs = DOCS_PATH.read_text("utf-8")
    assert PORTABLE in docs
    for vector in VECTORS["shuffles"]:
        if vector["n"] <= 10:
            assert str(vector["order"]) in docs
            assert vector["seed"] in docs


_NODE_DRIVER = """
const vectors = JSON.parse(await (await import('node:fs/promises')).readFile(process.argv[2]));
const bytes = (hex) => Uint8Array.from(hex.match(/../g) ?? [], (b) => parseInt(b, 16));
const out = { shuffles: [], below: [], deals: [] };
for (const v of vectors.shuffles) {
  const next = sha256Stream(bytes(v.seed)), first = [];
  for (let k = 0; k < 8; k++) first.push(await next());
  const order = await portableShuffle([...Array(v.n).keys()], bytes(v.seed));
  out.shuffles.push({ first_u32: first, order });
}
for (const v of vectors.below) {
  const next = sha256Stream(bytes(v.seed)), draws = [];
  for (let k = 0; k < v.below.length; k++) draws.push(await below(next, v.n));
  out.below.push(draws);
}
for (const v of vectors.deals) {
  const secret = bytes(v.secret), nonces = v.nonces.map(bytes);
  const bent = [...v.order.slice(0, -2), v.order.at(-1), v.order.at(-2)];
  out.deals.push({
    seed: toHex(await dealSeed(secret, nonces)),
    ok: await verifyDeal(v.commitment, secret, nonces, v.order, v.deck_size),
    bent: await verifyDeal(v.commitment, secret, nonces, bent, v.deck_size),
  });
}
console.log(JSON.stringify(out));
"""


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not on PATH")
    version = subprocess.run([node, "--version"], capture_output=True, text=True, check=True)
    if int(version.stdout.strip().lstrip("v").split(".")[0]) < 18:
        pytest.skip(f"node {version.stdout.strip()} is older than 18")
    return node


def test_javascript_reference_matches(tmp_path: Path) -> None:
    node = _node()
    chosen = {
        "shuffles": [v for v in VECTORS["shuffles"] if v["n"] in (10, 54, 160)],
        "below": VECTORS["below"],
        "deals": VECTORS["deals"][:2],
    }
    (tmp_path / "vectors.json").write_text(json.dumps(chosen), "utf-8")
    script = tmp_path / "reference.mjs"
    # Node 18 keeps WebCrypto off the global object; a browser (and node 19+) has it there.
    prelude = "globalThis.crypto ??= (await import('node:crypto')).webcrypto;\n"
    code = docs_block("js-shuffle") + docs_block("js-fair-deal")
    script.write_text(prelude + code + _NODE_DRIVER, "utf-8")
    done = subprocess.run(
        [node, str(script), str(tmp_path / "vectors.json")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    for ours, theirs in zip(chosen["shuffles"], result["shuffles"], strict=True):
        assert theirs == {"first_u32": ours["first_u32"], "order": ours["order"]}
    assert result["below"] == [v["below"] for v in chosen["below"]]
    assert result["deals"] == [
        {"seed": v["seed"], "ok": True, "bent": False} for v in chosen["deals"]
    ]


if __name__ == "__main__":
    VECTORS_PATH.parent.mkdir(parents=True, exist_ok=True)
    VECTORS_PATH.write_text(_dump(build_vectors()) + "\n", "utf-8")
    print(f"wrote {VECTORS_PATH.relative_to(ROOT)}", file=sys.stderr)
