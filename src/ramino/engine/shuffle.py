"""The portable shuffle: Fisher–Yates driven by SHA-256 in counter mode, and provably fair deals.

Any language can reproduce it from the one-paragraph spec in ``docs/shuffle.md``; the engine
accepts it beside plain :class:`random.Random`. Pure: no I/O, no clock, no global random state.
"""

from __future__ import annotations

import hashlib
import hmac
import struct
from collections.abc import Sequence
from typing import TypeVar

__all__ = [
    "MIN_SECRET_BYTES",
    "PORTABLE",
    "Sha256Stream",
    "commitment",
    "deal_seed",
    "portable_shuffle",
    "seed_from_int",
    "seed_from_text",
    "verify_deal",
]

T = TypeVar("T")

#: The name records store to say which generator produced a deal. A change of the algorithm,
#: however small, gets a new name: the old records must still replay.
PORTABLE = "sha256-fisher-yates-v1"

#: The shortest server secret a fair deal accepts. The commitment is a plain SHA-256 of the
#: secret, so a short one could be found by brute force before the reveal; browsers also refuse
#: an empty HMAC key.
MIN_SECRET_BYTES = 16

_BLOCK = 32  # bytes of one SHA-256 digest
_U32 = 1 << 32
_WORDS = struct.Struct(">8I")  # one block as eight big-endian u32


def _as_bytes(seed: bytes, what: str = "seed") -> bytes:
    # An int or str seed is the usual mistake; say how to make bytes of it instead of letting
    # ``bytes + int`` fail somewhere inside.
    if not isinstance(seed, bytes | bytearray | memoryview):
        raise TypeError(
            f"{what} must be bytes, not {type(seed).__name__}; "
            "use seed_from_int(42) or seed_from_text('42')"
        )
    return bytes(seed)


class Sha256Stream:
    """A deterministic stream of bytes and integers: ``SHA-256(seed || i)`` for block i = 0, 1, ….

    The counter ``i`` is 8 bytes, big-endian, unsigned; blocks are concatenated. Integers are
    read 4 bytes at a time, big-endian. The repr pastes back and resumes at the same place.

    >>> stream = Sha256Stream(b"ramino")
    >>> stream.next_u32(), stream.below(6), stream.position
    (489066703, 2, 8)
    >>> stream
    Sha256Stream(bytes.fromhex('72616d696e6f'), position=8)
    >>> Sha256Stream(b"", position=4).read(4) == Sha256Stream(b"").read(8)[4:]
    True
    """

    __slots__ = ("_block", "_block_index", "_position", "_prefix", "_seed", "_words")

    def __init__(self, seed: bytes, *, position: int = 0) -> None:
        if position < 0:
            raise ValueError(f"position must be 0 or more, not {position}")
        self._seed = _as_bytes(seed)
        # Hash the seed once; each block then only adds its 8-byte counter to a copy.
        self._prefix = hashlib.sha256(self._seed)
        self._position = position
        self._block_index = -1
        self._block = b""
        self._words: tuple[int, ...] = ()

    @property
    def seed(self) -> bytes:
        """The seed the stream was made from."""
        return self._seed

    @property
    def position(self) -> int:
        """How many bytes have been read so far."""
        return self._position

    def __repr__(self) -> str:
        return f"Sha256Stream(bytes.fromhex('{self._seed.hex()}'), position={self._position})"

    def _load(self, index: int) -> bytes:
        if index != self._block_index:
            block = self._prefix.copy()
            block.update(index.to_bytes(8, "big"))
            self._block, self._block_index = block.digest(), index
            # Unpacked once per block rather than sliced word by word: measured with
            # bench/shuffle.py, a 108-card shuffle went from about 110 µs to 70.
            self._words = _WORDS.unpack(self._block)
        return self._block

    def read(self, size: int) -> bytes:
        """The next ``size`` bytes of the stream.

        >>> Sha256Stream(b"").read(3).hex()
        'af5570'
        """
        if size < 0:
            raise ValueError(f"size must be 0 or more, not {size}")
        out = bytearray()
        while len(out) < size:
            index, offset = divmod(self._position, _BLOCK)
            chunk = self._load(index)[offset : offset + size - len(out)]
            out += chunk
            self._position += len(chunk)
        return bytes(out)

    def next_u32(self) -> int:
        """The next 4 bytes as an unsigned big-endian integer, in [0, 2**32).

        >>> Sha256Stream(b"").next_u32() == int.from_bytes(Sha256Stream(b"").read(4), "big")
        True
        """
        index, offset = divmod(self._position, _BLOCK)
        if offset % 4 == 0:
            # Word-aligned, as always unless read() left the stream mid-word: take the word the
            # block was unpacked into.
            self._load(index)
            self._position += 4
            return self._words[offset // 4]
        return int.from_bytes(self.read(4), "big")

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), for 1 <= n <= 2**32, by rejection sampling on u32.

        A u32 at or above the largest multiple of ``n`` that fits in 2**32 is thrown away and
        the next one read; otherwise the answer is the u32 modulo ``n``. Rejection is what keeps
        small results from being more likely than large ones.

        >>> stream = Sha256Stream(seed_from_int(7))
        >>> [stream.below(10) for _ in range(8)]
        [6, 4, 8, 5, 6, 3, 0, 2]
        """
        if not 1 <= n <= _U32:
            raise ValueError(f"below(n) needs 1 <= n <= 2**32, not {n}")
        limit = (_U32 // n) * n
        while True:
            value = self.next_u32()
            if value < limit:
                return value % n


def portable_shuffle(items: Sequence[T], seed: bytes) -> list[T]:
    """A new list with ``items`` in the order the portable shuffle gives for ``seed``.

    Fisher–Yates from the end: for i from len - 1 down to 1, j = below(i + 1) on one
    :class:`Sha256Stream` of the seed, then swap positions i and j. ``items`` is not changed.

    >>> portable_shuffle(range(10), seed_from_text("42"))
    [1, 2, 7, 9, 5, 3, 4, 6, 8, 0]
    >>> portable_shuffle("ABC", seed_from_int(1)), portable_shuffle([], b"")
    (['C', 'A', 'B'], [])
    """
    out = list(items)
    # Sha256Stream(seed).below, worked inline on the stream's words: a deal shuffles at the
    # start of every round, and a method call per card cost three times the rest.
    prefix = hashlib.sha256(_as_bytes(seed))
    words: list[int] = []
    index = 0
    read = 0
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        limit = _U32 - _U32 % n  # the largest multiple of n that fits in 2**32
        while True:
            if read == len(words):
                block = prefix.copy()
                block.update(index.to_bytes(8, "big"))
                words = list(_WORDS.unpack(block.digest()))
                index += 1
                read = 0
            value = words[read]
            read += 1
            if value < limit:
                break
        j = value % n
        out[i], out[j] = out[j], out[i]
    return out


def seed_from_text(text: str) -> bytes:
    """The seed for a human phrase: SHA-256 of its UTF-8 bytes, taken as typed (no normalising).

    >>> seed_from_text("partita di Natale").hex()[:16]
    '5eeaed8dcf80bb9c'
    """
    return hashlib.sha256(text.encode("utf-8")).digest()


def seed_from_int(n: int) -> bytes:
    """The seed for an integer: SHA-256 of its decimal digits, so ``seed_from_int(42)`` equals
    ``seed_from_text("42")``.

    >>> seed_from_int(42) == seed_from_text("42")
    True
    """
    # bool is an int, but str(True) is "True": refuse it rather than seed from a word.
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"seed_from_int needs an int, not {type(n).__name__}")
    return seed_from_text(str(n))


def _check_secret(server_secret: bytes) -> bytes:
    secret = _as_bytes(server_secret, "server_secret")
    if len(secret) < MIN_SECRET_BYTES:
        raise ValueError(
            f"server_secret has {len(secret)} bytes; a fair deal needs at least "
            f"{MIN_SECRET_BYTES} (the server uses secrets.token_bytes(32))"
        )
    return secret


def commitment(server_secret: bytes) -> str:
    """The hex SHA-256 of the server's secret, published before the first card is dealt.

    >>> commitment(bytes(32))
    '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925'
    """
    return hashlib.sha256(_check_secret(server_secret)).hexdigest()


def _length_prefixed(nonces: Sequence[bytes]) -> bytes:
    # The length prefix keeps the split between nonces in the message: without it, the nonces
    # b"ab", b"c" and b"a", b"bc" would give the same seed.
    parts = []
    for seat, nonce in enumerate(nonces):
        data = _as_bytes(nonce, f"nonce of seat {seat}")
        if len(data) >= _U32:
            raise ValueError(f"nonce of seat {seat} is too long ({len(data)} bytes)")
        parts += [len(data).to_bytes(4, "big"), data]
    return b"".join(parts)


def deal_seed(server_secret: bytes, nonces: Sequence[bytes]) -> bytes:
    """The seed of a deal: HMAC-SHA256 keyed by the server's secret over the players' nonces.

    The message is the nonces in seat order, each preceded by its length as 4 bytes big-endian.
    No player can steer the seed without the secret, and the server, bound by its commitment,
    cannot choose the secret after seeing the nonces.

    >>> deal_seed(bytes(32), [b"alice", b"bob"]).hex()[:16]
    'd360181cbb97e438'
    """
    secret = _check_secret(server_secret)
    return hmac.new(secret, _length_prefixed(nonces), hashlib.sha256).digest()


def verify_deal(
    commitment_hex: str,
    revealed_secret: bytes,
    nonces: Sequence[bytes],
    deck_order_ids: Sequence[int],
    deck_size: int,
) -> bool:
    """Whether a revealed secret matches its commitment and, with the nonces, gives this deck order.

    ``deck_order_ids`` is the dealt order of card ids (``Deck`` indices): the portable shuffle of
    ``range(deck_size)`` under :func:`deal_seed`. Any mismatch (a secret that does not hash to
    the commitment or is too short to be one, another nonce, another order) answers ``False``.

    >>> secret, nonces = bytes(range(32)), [b"seat 0", b"seat 1"]
    >>> order = portable_shuffle(range(108), deal_seed(secret, nonces))
    >>> verify_deal(commitment(secret), secret, nonces, order, 108)
    True
    >>> verify_deal(commitment(secret), secret, nonces[::-1], order, 108)
    False
    """
    if deck_size < 0:
        raise ValueError(f"deck_size must be 0 or more, not {deck_size}")
    if len(_as_bytes(revealed_secret, "revealed_secret")) < MIN_SECRET_BYTES:
        return False
    # Plain comparison is enough: everything compared here is public once the secret is out.
    if commitment(revealed_secret) != commitment_hex.strip().lower():
        return False
    expected = portable_shuffle(range(deck_size), deal_seed(revealed_secret, nonces))
    return list(deck_order_ids) == expected
