"""The QGN bridge: every record survives the trip, bad snapshots are refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple import qgn
from meeple.errors import NotationError
from meeple.flows import from_qgn, notation, to_qgn
from meeple.flows.model import Record

from .strategies import records


def _qgn_safe(record: Record) -> bool:
    """Comments QGN cannot hold exactly: '}' and standalone ones starting with ';'."""
    texts = [e.comment or "" for e in record.entries] + [record.header_comment or ""]
    standalone = [e.comment or "" for e in record.entries if e.move is None]
    return all("}" not in t for t in texts) and not any(t.startswith(";") for t in standalone)


@given(records())
def test_record_survives_qgn_text(record: Record) -> None:
    if not _qgn_safe(record) or any(m.player > len(to_qgn(record).teams) for m in record.moves):
        return
    snapshot = qgn.parse(qgn.dump(to_qgn(record)))
    assert from_qgn(snapshot) == record


# Comment text with every kind of blank inside it (a Flows comment runs to the line's
# end, and is read without the blanks around it).
_WORDS = st.text(st.sampled_from("ab;{)é"), min_size=1, max_size=3).filter(
    lambda w: not w.startswith(";")
)
_BLANKS = st.text(st.sampled_from(" \t\x0b\x0c\xa0\x85\u2028\u3000"), min_size=1, max_size=3)
_SPACED_WORDS = st.lists(st.tuples(_BLANKS, _WORDS), max_size=3)
comments = st.builds(
    lambda word, rest: word + "".join(blanks + after for blanks, after in rest),
    _WORDS,
    _SPACED_WORDS,
)


@given(st.lists(comments, min_size=3, max_size=3))
def test_a_comment_comes_back_from_qgn_byte_for_byte(said: list[str]) -> None:
    """Flows -> QGN -> Flows keeps a comment's inner spacing (it was folded to one space)."""
    said = [c.replace("}", ")") for c in said]  # QGN cannot hold '}' (docs/formats/flows.md)
    text = f"Game: 2-player ; {said[0]}\nP1A1T0N ; {said[1]}\n; {said[2]}\nP2A4T1NE\n...\n"
    assert notation.dump(notation.parse(text)) == text
    back = from_qgn(qgn.parse(qgn.dump(to_qgn(notation.parse(text)))))
    assert notation.dump(back) == text


def test_a_qgn_comment_over_several_lines_becomes_one_flows_line() -> None:
    snapshot = qgn.parse('[key "flows"][teams "P1, P2"] { a  b\r\n\tc \n} 0p&0.0.T0.N')
    assert notation.dump(from_qgn(snapshot)) == "; a  b \tc\nP1A1T0N\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[key "chess"][teams "a, b"]', "not 'flows'"),
        ('[key "flows"][teams "P1"]', "2 to 6 teams"),
        ('[key "flows"][teams "P1, P2"] 0x&0.0.T0.N', "not 'x'"),
        ('[key "flows"][teams "P1, P2"] 5p&0.0.T0.N', "team 5"),
        ('[key "flows"][teams "P1, P2"] 0p&0.0.T0', "four details"),
        ('[key "flows"][teams "P1, P2"] 0p&a.0.T0.N', "not a hex"),
        ('[key "flows"][teams "P1, P2"] 0p&' + "9" * 5000 + ".0.T0.N", "not a hex"),
        ('[key "flows"][teams "P1, P2"] 0p&0.0.T9.N', "not a tile type"),
        ('[key "flows"][teams "P1, P2"] 0p&0.0.T0.W', "not an orientation"),
        ('[key "flows"][teams "P1, P2"][game "3-player"]', "says 3 players"),
        ('[key "flows"][teams "P1, P2"][game "a;b"]', "cannot hold ';'"),
    ],
)
def test_bad_snapshots(text: str, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        from_qgn(qgn.parse(text))
    assert message in caught.value.message
