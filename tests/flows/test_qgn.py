"""The QGN bridge: every record survives the trip, bad snapshots are refused."""

from __future__ import annotations

import pytest
from hypothesis import given

from meeple import qgn
from meeple.errors import NotationError
from meeple.flows import from_qgn, to_qgn
from meeple.flows.model import Record

from .strategies import records


def _qgn_safe(record: Record) -> bool:
    """Comments QGN cannot hold exactly: '}' and standalone ones starting with ';'."""
    texts = [e.comment or "" for e in record.entries] + [record.header_comment or ""]
    standalone = [e.comment or "" for e in record.entries if e.move is None]
    return all("}" not in t and " ".join(t.split()) == t for t in texts) and not any(
        t.startswith(";") for t in standalone
    )


@given(records())
def test_record_survives_qgn_text(record: Record) -> None:
    if not _qgn_safe(record) or any(m.player > len(to_qgn(record).teams) for m in record.moves):
        return
    snapshot = qgn.parse(qgn.dump(to_qgn(record)))
    assert from_qgn(snapshot) == record


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
