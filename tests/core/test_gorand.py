"""meeple.gorand draws what Go's math/rand v1 draws from `rand.New(rand.NewSource(seed))`.

The expected values in golden_gorand/go_math_rand.json were printed by a Go program run
with go1.19.8 outside the repository (its "about" says how each case was drawn); the
suite needs no Go. A few of them are repeated below as literals, to be read at a glance.
"""

from __future__ import annotations

import doctest
import importlib.util
import json
from collections import defaultdict
from functools import cache
from importlib import resources
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import meeple.gorand
from meeple.gorand import GoRand, cooked, seed_value, seeded_state

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden_gorand" / "go_math_rand.json"
TOOL = HERE.parents[1] / "tools" / "go_rng_table.py"
GO_RNG = Path("/usr/lib/go/src/math/rand/rng.go")

INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1
seeds = st.integers(INT64_MIN, INT64_MAX)


@cache
def golden_cases() -> dict[int, list[dict[str, Any]]]:
    by_seed: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for case in json.loads(GOLDEN.read_text(encoding="utf-8"))["cases"]:
        by_seed[case["seed"]].append(case)
    return dict(by_seed)


def draw(rng: GoRand, case: dict[str, Any]) -> list[Any]:
    """What `case` asks of a fresh generator, as the golden file writes it."""
    call, count = case["call"], len(case["values"])
    n: int = case.get("arg", 0)
    if call == "perm":
        return [str(value) for value in rng.perm(n)]
    if call == "shuffle":
        return rng.shuffled([str(i) for i in range(n)])
    if call == "lemire":
        return [str(rng._int31n_lemire(n)) for _ in range(count)]
    method = getattr(rng, "int_" if call == "int" else call)
    values = [method(n) if "arg" in case else method() for _ in range(count)]
    return [repr(value) if call.startswith("float") else str(value) for value in values]


@pytest.mark.parametrize(
    "seed", [0, 1, 42, -7, 2**31 - 1, -(2**31) + 1, 1234567890123456789, INT64_MAX, INT64_MIN]
)
def test_every_method_draws_what_go_draws(seed: int) -> None:
    cases = golden_cases()[seed]
    assert len(cases) == 58
    for case in cases:
        rng = GoRand(seed)
        label = f"seed {seed}: {case['call']}({case.get('arg', '')})"
        assert draw(rng, case) == case["values"], label
        # The draws consumed exactly as many source words as Go's did.
        assert rng.int63() == int(case["next_int63"]), f"{label}: the source is out of step"


def test_go_values_at_a_glance() -> None:
    assert [GoRand(1).int63(), GoRand(0).int63()] == [5577006791947779410, 8717895732742165505]
    assert GoRand(1).float64() == 0.6046602879796196
    rng = GoRand(-7)
    assert [rng.intn(10) for _ in range(6)] == [9, 8, 0, 6, 3, 0]
    assert GoRand(42).perm(10) == [7, 5, 8, 9, 2, 1, 6, 0, 3, 4]
    shuffled = GoRand(42).shuffled(range(20))
    assert shuffled == [6, 8, 14, 13, 9, 16, 15, 2, 18, 17, 19, 12, 4, 11, 5, 0, 3, 10, 1, 7]


def test_the_seeded_state_follows_from_seedrand() -> None:
    modulus = 2**31 - 1

    def seedrand(x: int) -> int:
        # Go's form (Schrage's): 48271 * x mod 2**31-1 without overflowing 32 bits.
        high, low = divmod(x, 44488)
        x = 48271 * low - 3399 * high
        return x + modulus if x < 0 else x

    x = 1  # the seed 1, reduced mod 2**31-1
    for _ in range(20):
        assert seedrand(x) == 48271 * x % modulus
        x = seedrand(x)
    words = []
    for i in range(607):
        first = seedrand(x)
        second = seedrand(first)
        x = seedrand(second)
        words.append(((first << 40) ^ (second << 20) ^ x ^ cooked()[i]) % 2**64)
    assert seeded_state(1) == words
    # The first draw adds word 333 (the feed, one below its start at 607-273) to word 606
    # (the tap, wrapped round from 0), and Int63 drops the top bit.
    assert (words[333] + words[606]) % 2**63 == 5577006791947779410


def test_seeds_are_reduced_mod_2_31_minus_1_as_go_does() -> None:
    assert seed_value(-7) == 2**31 - 1 - 7
    assert seed_value(0) == seed_value(2**31 - 1) == seed_value(-(2**31) + 1) == 89482311
    # 2**31 is 1 mod 2**31-1, so 2**63 is 2: the extremes reduce to 1 and to -2 + (2**31-1).
    assert seed_value(INT64_MAX) == 1
    assert seed_value(INT64_MIN) == 2**31 - 3
    for same in ((-7, 2**31 - 8), (0, 89482311), (1, 2**31), (5, 5 - (2**31 - 1) * 3)):
        assert [GoRand(seed).int63() for seed in same] == [GoRand(same[0]).int63()] * 2


@pytest.mark.parametrize("seed", [2**63, INT64_MIN - 1])
def test_a_seed_outside_int64_is_refused(seed: int) -> None:
    with pytest.raises(ValueError, match="int64 seed"):
        GoRand(seed)


def test_a_seed_must_be_an_integer() -> None:
    with pytest.raises(TypeError):
        GoRand(1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        GoRand("42")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("method", "n"),
    [
        ("intn", 0),
        ("intn", -3),
        ("intn", 2**63),
        ("int63n", 0),
        ("int63n", -1),
        ("int63n", 2**63),
        ("int31n", 0),
        ("int31n", -1),
        ("int31n", 2**31),
    ],
)
def test_a_bound_go_would_panic_on_raises_value_error(method: str, n: int) -> None:
    rng = GoRand(3)
    with pytest.raises(ValueError, match=rf"{method}: expected n in 1\.\."):
        getattr(rng, method)(n)
    assert rng.int63() == GoRand(3).int63(), "a refused call draws nothing"


def test_a_negative_length_raises_value_error() -> None:
    with pytest.raises(ValueError, match="perm"):
        GoRand(3).perm(-1)
    with pytest.raises(ValueError, match="shuffle"):
        GoRand(3).shuffle(-1, lambda i, j: None)


@given(seeds, st.integers(1, INT64_MAX))
def test_intn_is_in_range(seed: int, n: int) -> None:
    rng = GoRand(seed)
    assert all(0 <= rng.intn(n) < n for _ in range(3))


@given(seeds, st.integers(1, 2**31 - 1), st.integers(1, INT64_MAX))
def test_the_other_bounded_draws_are_in_range(seed: int, n31: int, n63: int) -> None:
    rng = GoRand(seed)
    assert 0 <= rng.int31n(n31) < n31
    assert 0 <= rng._int31n_lemire(n31) < n31
    assert 0 <= rng.int63n(n63) < n63
    assert 0.0 <= rng.float64() < 1.0
    assert 0.0 <= rng.float32() < 1.0


@given(seeds, st.integers(0, 60))
def test_perm_and_shuffle_are_permutations_and_shuffle_swaps_as_shuffled(seed: int, n: int) -> None:
    assert sorted(GoRand(seed).perm(n)) == list(range(n))
    items = list(range(n))

    def swap(i: int, j: int) -> None:
        items[i], items[j] = items[j], items[i]

    GoRand(seed).shuffle(n, swap)
    assert items == GoRand(seed).shuffled(range(n))
    assert sorted(items) == list(range(n))


def test_a_copy_draws_on_independently() -> None:
    rng = GoRand(42)
    rng.perm(30)
    twin = rng.copy()
    ahead = [rng.int63() for _ in range(700)]  # past a whole turn of the 607-word ring
    assert [twin.int63() for _ in range(700)] == ahead
    rng.seed(42)
    assert rng.perm(30) == GoRand(42).perm(30)


def test_uint64_is_the_whole_word_and_the_narrower_draws_are_its_bits() -> None:
    word = GoRand(2).uint64()
    assert word >= 2**63, "seed 2's first word has its top bit set"
    assert GoRand(2).int63() == GoRand(2).int_() == word - 2**63
    assert GoRand(2).uint32() == (word - 2**63) >> 31
    assert GoRand(2).int31() == (word - 2**63) >> 32


def test_the_module_docstring_example_runs() -> None:
    result = doctest.testmod(meeple.gorand, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_the_cooked_table_ships_as_package_data() -> None:
    data = resources.files("meeple").joinpath("data", meeple.gorand.COOKED_FILE)
    assert data.is_file()
    table = cooked()
    assert len(table) == 607
    # rngCooked's first and last entries as rng.go writes them (int64, signed).
    assert table[0] == -4181792142133755926 % 2**64
    assert table[-1] == 4152330101494654406


def load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("go_rng_table", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_tool_reads_the_table_and_refuses_what_is_not_go_s() -> None:
    tool = load_tool()
    source = (
        "const (\n\trngLen = 3\n)\n"
        "var rngCooked [rngLen]int64 = [...]int64{\n\t-1, 2, // x\n\t9223372036854775807,\n}\n"
    )
    assert tool.cooked_values(source) == [-1, 2, 2**63 - 1]
    with pytest.raises(ValueError, match="expected 3 values"):
        tool.cooked_values(source.replace("-1, ", ""))
    with pytest.raises(ValueError, match="int64"):
        tool.cooked_values(source.replace("9223372036854775807", "9223372036854775808"))
    with pytest.raises(ValueError, match="rngCooked"):
        tool.cooked_values("package rand\n")
    text = tool.table_text([-1, 2, 3], "a test")
    assert [line for line in text.splitlines() if not line.startswith("#")] == ["-1", "2", "3"]


@pytest.mark.skipif(not GO_RNG.is_file(), reason="no Go installation to compare with")
def test_the_shipped_table_is_go_s() -> None:
    tool = load_tool()
    assert tool.shipped_values() == tool.cooked_values(GO_RNG.read_text(encoding="utf-8"))
