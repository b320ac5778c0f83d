"""The puzzle model: times in game order, facts timed by their claim, sentences written
back with the parentheses their grammar needs."""

from __future__ import annotations

from meeple.botc.puzzle import Claim, Number, Puzzle, Reading, Time
from meeple.botc.puzzle.expression import Binary, Count, Join, Multiplicity, Name, Not, Quantified


def test_times_run_night_day_night() -> None:
    times = [Time("night", 2), Time("day", 1), Time("night", 1), Time("day", 2)]
    assert [str(time) for time in sorted(times)] == ["night 1", "day 1", "night 2", "day 2"]


def test_an_item_without_a_time_happened_at_its_claims_time() -> None:
    first = Claim("Tom", "empath", Time("night", 1), (Number(1),))
    second = Claim("Tom", "fortune_teller", None, (Reading("Tom", "Sula", True, Time("night", 2)),))
    puzzle = Puzzle(("Tom", "Sula"), ("empath", "imp"), (first, second))
    assert puzzle.claimed("Tom") == "empath"
    assert puzzle.claimed("Sula") is None
    assert [when for when, _ in puzzle.learned("Tom")] == [Time("night", 1), Time("night", 2)]


def test_sentences_are_written_with_the_parentheses_they_need() -> None:
    legion = Join(Name("Legion"), "role", inverse=True)
    implies = Binary("=>", Multiplicity("no", legion), Multiplicity("one", Name("x")))
    assert str(implies) == "no Legion.~role => one x"
    nested = Binary("=>", implies, Name("y"))
    assert str(nested) == "(no Legion.~role => one x) => y"
    some = Quantified("some", "p", Name("players"), Binary("==", Name("p"), Name("Fang Gu")))
    assert str(Binary("and", some, Not(Count(legion)))) == (
        "(some p : players | p == `Fang Gu`) and not #Legion.~role"
    )
    assert str(Join(Count(Name("a")), "b")) == "(#a).b"
