"""Go's math/rand (v1) seeded generator, draw for draw, for replaying games dealt by Go.

quibbble's servers deal tiles, cards and set-ups with `rand.New(rand.NewSource(seed))`
and record the int64 seed in a QGN `[seed "..."]` tag. `GoRand(seed)` is that `*rand.Rand`:
the same seed gives the same numbers, in the same order, from the same calls, so a
replay in Python deals exactly what the Go game dealt.

What it reproduces, as Go 1.24 defines it (Go 1 compatibility freezes this value
stream: the definitions are the same in Go 1.19, which the tests' values come from):

- the source of `rand.NewSource`: an additive lagged Fibonacci generator over 607 words
  (x[n] = x[n-607] + x[n-273] mod 2**64), whose state is filled from the seed by the
  Park-Miller generator (x * 48271 mod 2**31-1) mixed with Go's 607 fixed "cooked"
  numbers (package data, src/meeple/data/go_rng_cooked.txt, extracted from Go's rng.go
  by tools/go_rng_table.py). The seed is first reduced mod 2**31-1, so seeds equal mod
  2**31-1 give the same stream, and a seed reducing to 0 is replaced by 89482311;
- the methods of `*rand.Rand` over that source, named as Go names them in lower case:
  Int63, Uint32, Uint64, Int31, Int (`int_`, as on 64-bit platforms), Int63n, Int31n,
  Intn, Float64, Float32, Perm and Shuffle (with `shuffled` for the usual swap of a
  slice's items). Each consumes the source exactly as Go does, rejected draws
  included: Int31n, Int63n and so Intn and Perm reject by modulo, while Shuffle draws
  with Lemire's multiply-and-shift method, as Go does internally.

Go panics where a Python caller gets ValueError: a bound n <= 0 (or beyond the Go
type's range), a negative Perm or Shuffle length, a seed outside int64.

Not covered: the *Rand methods Read, NormFloat64, ExpFloat64 and Zipf (not needed so
far), sources other than `NewSource`, the package's top-level functions (`rand.Intn(...)`
with no Rand: seeded randomly since Go 1.20, and `rand.Seed` ignored by default since
Go 1.24, so no seed replays them), and math/rand/v2, whose generators (PCG, ChaCha8) and
bounded draws are other algorithms with other streams.

>>> rng = GoRand(1)
>>> rng.int63()
5577006791947779410
>>> rng.intn(6), rng.perm(5)
(3, [4, 2, 3, 1, 0])
"""

from __future__ import annotations

import operator
import struct
from collections.abc import Callable, Sequence
from functools import cache
from typing import TypeVar

T = TypeVar("T")

_LENGTH = 607  # words of state
_TAP = 273  # the second, shorter lag
_MODULUS = 2**31 - 1  # Park-Miller's prime, Go's int32max
_MULTIPLIER = 48271
_WARM_UP = 20  # Park-Miller steps discarded before the state is filled
_SEED_FOR_ZERO = 89482311
_MASK64 = 2**64 - 1
_MASK32 = 2**32 - 1
_INT31_MAX = 2**31 - 1
_INT63_MAX = 2**63 - 1
_FLOAT32 = struct.Struct("<f")
COOKED_FILE = "go_rng_cooked.txt"


@cache
def cooked() -> tuple[int, ...]:
    """Go's `rngCooked` table as unsigned 64-bit words (read from package data once)."""
    from importlib import resources  # on first use: it imports tempfile, shutil, lzma

    text = resources.files("meeple").joinpath("data", COOKED_FILE).read_text("ascii")
    words = tuple(
        int(line) & _MASK64 for line in text.splitlines() if line and not line.startswith("#")
    )
    if len(words) != _LENGTH:
        raise RuntimeError(f"{COOKED_FILE}: expected {_LENGTH} numbers, found {len(words)}")
    return words


def seed_value(seed: int) -> int:
    """The Park-Miller starting value Go derives from an int64 seed: in 1..2**31-2."""
    seed = operator.index(seed)  # TypeError for a float or a string, as for any index
    if not -(2**63) <= seed <= _INT63_MAX:
        raise ValueError(f"expected an int64 seed (-2**63 to 2**63-1), found {seed}")
    # Go's truncated remainder, moved up by the modulus when negative, is Python's floor mod.
    return seed % _MODULUS or _SEED_FOR_ZERO


def seeded_state(seed: int) -> list[int]:
    """The 607 words of a source just seeded with `seed`, as unsigned 64-bit integers."""
    x = seed_value(seed)
    for _ in range(_WARM_UP):
        x = x * _MULTIPLIER % _MODULUS
    state = []
    for word in cooked():
        high = x * _MULTIPLIER % _MODULUS
        middle = high * _MULTIPLIER % _MODULUS
        x = middle * _MULTIPLIER % _MODULUS
        # Go shifts in int64 and loses the bits past the 64th: masking once at the end is the same.
        state.append(((high << 40) ^ (middle << 20) ^ x ^ word) & _MASK64)
    return state


def _check_bound(n: int, largest: int, method: str) -> None:
    if not 0 < n <= largest:
        raise ValueError(f"{method}: expected n in 1..{largest}, found {n}")


class GoRand:
    """`rand.New(rand.NewSource(seed))` of Go's math/rand v1: one generator, drawn in place.

    Every method advances the generator as its Go namesake does. `copy()` gives an
    independent generator in the same state (for game states that must not share one).
    """

    __slots__ = ("_feed", "_state", "_tap")

    def __init__(self, seed: int) -> None:
        self._state: list[int] = []
        self._tap = 0
        self._feed = 0
        self.seed(seed)

    def seed(self, seed: int) -> None:
        """Start again from `seed`, as `Rand.Seed` (Go's int64 range; ValueError outside)."""
        self._state = seeded_state(seed)
        self._tap = 0
        self._feed = _LENGTH - _TAP

    def copy(self) -> GoRand:
        """An independent generator that will draw what this one draws next."""
        twin = GoRand.__new__(GoRand)
        twin._state = self._state.copy()
        twin._tap = self._tap
        twin._feed = self._feed
        return twin

    def uint64(self) -> int:
        """The source's next word, all 64 bits (`Uint64`: the source draws it directly)."""
        # Both positions walk down the ring; the newer word overwrites the feed position.
        self._tap = (self._tap or _LENGTH) - 1
        self._feed = (self._feed or _LENGTH) - 1
        word = (self._state[self._feed] + self._state[self._tap]) & _MASK64
        self._state[self._feed] = word
        return word

    def int63(self) -> int:
        """A draw in [0, 2**63): the next word without its top bit (`Int63`)."""
        return self.uint64() & _INT63_MAX

    def uint32(self) -> int:
        """A draw in [0, 2**32): bits 31..62 of an Int63 (`Uint32`)."""
        return self.int63() >> 31

    def int31(self) -> int:
        """A draw in [0, 2**31): the top 31 bits of an Int63 (`Int31`)."""
        return self.int63() >> 32

    def int_(self) -> int:
        """A draw in [0, 2**63), Go's `Int` on a 64-bit platform (the same as `int63`)."""
        return self.int63()

    def int63n(self, n: int) -> int:
        """A draw in [0, n) for 0 < n < 2**63 (`Int63n`); ValueError where Go panics."""
        _check_bound(n, _INT63_MAX, "int63n")
        if n & (n - 1) == 0:
            return self.int63() & (n - 1)
        # Draws above the largest whole number of n-sized blocks would bias the remainder.
        limit = _INT63_MAX - (2**63) % n
        value = self.int63()
        while value > limit:
            value = self.int63()
        return value % n

    def int31n(self, n: int) -> int:
        """A draw in [0, n) for 0 < n < 2**31 (`Int31n`); ValueError where Go panics."""
        _check_bound(n, _INT31_MAX, "int31n")
        if n & (n - 1) == 0:
            return self.int31() & (n - 1)
        limit = _INT31_MAX - (2**31) % n
        value = self.int31()
        while value > limit:
            value = self.int31()
        return value % n

    def intn(self, n: int) -> int:
        """A draw in [0, n) for 0 < n < 2**63 (`Intn`): Int31n while n fits 31 bits."""
        _check_bound(n, _INT63_MAX, "intn")
        if n <= _INT31_MAX:
            return self.int31n(n)
        return self.int63n(n)

    def _int31n_lemire(self, n: int) -> int:
        """A draw in [0, n) by Lemire's method: Go's unexported `int31n`, used by Shuffle.

        The draw is the high half of a 32-bit draw times n; a low half below
        2**32 mod n marks one of the few draws that would bias it, and is drawn again.
        """
        product = self.uint32() * n
        if product & _MASK32 < n:
            threshold = (2**32 - n) % n
            while product & _MASK32 < threshold:
                product = self.uint32() * n
        return product >> 32

    def float64(self) -> float:
        """A draw in [0.0, 1.0): an Int63 over 2**63, drawn again if it rounds to 1.0."""
        while True:
            value = self.int63() / 2**63
            if value != 1.0:
                return value

    def float32(self) -> float:
        """A Float64 rounded to single precision (drawn again if that is 1.0), as a float."""
        while True:
            (value,) = _FLOAT32.unpack(_FLOAT32.pack(self.float64()))
            if value != 1.0:
                return float(value)

    def perm(self, n: int) -> list[int]:
        """A permutation of range(n), built by inside-out swaps with Intn (`Perm`)."""
        if n < 0:
            raise ValueError(f"perm: expected n >= 0, found {n}")
        order = [0] * n
        for i in range(n):
            j = self.intn(i + 1)
            order[i] = order[j]
            order[j] = i
        return order

    def shuffle(self, n: int, swap: Callable[[int, int], None]) -> None:
        """Go's `Shuffle`: Fisher-Yates from the last index down, calling swap(i, j)."""
        if n < 0:
            raise ValueError(f"shuffle: expected n >= 0, found {n}")
        i = n - 1
        # Indexes past 31 bits draw with Int63n; a game never gets there.
        while i >= _INT31_MAX:
            swap(i, self.int63n(i + 1))
            i -= 1
        while i > 0:
            swap(i, self._int31n_lemire(i + 1))
            i -= 1

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A new list of `items` in the order Go's Shuffle swapping a slice leaves it."""
        order = list(items)

        def swap(i: int, j: int) -> None:
            order[i], order[j] = order[j], order[i]

        self.shuffle(len(order), swap)
        return order
