"""Writing a record in another notation: within its game, or through QGN.

Two notations of the same model (a grimoire as one line or as art) convert directly.
A game's record converts to QGN with its format's `to_qgn`, and a QGN record of a
game meeple knows converts to that game's notation with `from_qgn`; QGN is the only
way between notations, so a record never becomes another game's. A record that is not
valid is refused with the first error `meeple check` reports, unless `force` is given:
what converts from a broken record may not convert back. This module knows no game;
the CLI's `convert` and the front door's `convert` and `dumps` call it.
"""

from __future__ import annotations

from typing import Any

from meeple import records, registry
from meeple.errors import ConversionError, LossError, MeepleError
from meeple.game import Document, Notation

DROP_LOST = "drop_lost"
"""The option (`meeple convert --drop-lost`) that allows a conversion to QGN to leave out
what QGN cannot hold; without it that conversion is refused, naming what would be lost."""


def targets(fmt: Notation) -> list[str]:
    """The names of the notations a record in `fmt` can be written in."""
    qgn = registry.get("qgn")
    if fmt is qgn:
        return [f.name for f in registry.formats()]
    names = [f.name for f in registry.formats() if same_game(f, fmt)]
    if fmt.can("to_qgn"):
        names.append(qgn.name)
    return sorted(set(names))


def same_game(a: Notation, b: Notation) -> bool:
    """Whether two notations of one game write the same kind of model (botc and
    botc-ascii: a grimoire)."""
    return a.game is b.game and bool(set(a.models()) & set(b.models()))


def convert(document: Document, target: Notation, *, force: bool = False, **options: Any) -> str:
    """The record of `document` written in `target` (through QGN if need be).

    Raises the first error `meeple check` finds in the record unless `force`;
    ConversionError when the record cannot be written in `target` at all (another
    game's notation, or several QGN games where one game's record is wanted); the
    writer's own OptionError for a bad option value.
    """
    if not force:
        refuse_invalid(document)
    drop_lost = bool(options.pop(DROP_LOST, False))
    model = model_in(document, target, drop_lost)
    try:
        return target.dump(model, **options)
    except MeepleError as problem:  # a writer that cannot write this record: name the file
        raise problem.with_source(document.source) from None


def dropped(document: Document, target: Notation, **options: Any) -> tuple[str, ...]:
    """What writing `document` in `target` with `options` leaves out because an option
    told it to (`Notation.dropped`), within one model's notations."""
    options.pop(DROP_LOST, None)
    return target.dropped(document.model, **options) if target.owns(document.model) else ()


def refuse_invalid(document: Document) -> None:
    """Raise the first error `meeple check` reports for `document`, if any."""
    found = records.text_findings(document.text, document.source, document.notation)
    for finding in found:
        if finding.severity == "error":
            raise finding.to_error()


def model_in(document: Document, target: Notation, drop_lost: bool = False) -> Any:
    """The record of `document` as a model `target` writes (see `convert`); on the way to
    QGN, what QGN cannot hold is refused (LossError) unless `drop_lost`."""
    source = document.notation
    if target.owns(document.model):
        return document.model
    qgn = registry.get("qgn")
    if source is not qgn and target is not qgn:
        raise _other_game(document, source.name, targets(source), target)
    if source is qgn:
        snapshot = document.model
    elif source.can("to_qgn"):
        try:
            snapshot = _located(document, source.to_qgn, document.model)
        except LossError as problem:
            if not drop_lost or problem.kept is None:
                raise
            snapshot = problem.kept
    else:
        raise ConversionError(f"{source.name} records cannot be converted").with_source(
            document.source
        )
    if target is qgn:
        return snapshot
    return _from_qgn(document, snapshot, target)


def _from_qgn(document: Document, snapshot: Any, target: Notation) -> Any:
    from meeple.qgn.model import Games

    if not target.can("from_qgn"):
        raise ConversionError(f"nothing converts to {target.name}").with_source(document.source)
    if isinstance(snapshot, Games):
        raise ConversionError(
            f"the record holds {len(snapshot)} games; convert one game at a time"
        ).with_source(document.source)
    game = registry.for_qgn_key(snapshot.key)
    if game is not None and not same_game(game, target):
        raise _other_game(document, game.name, targets(game), target)
    if game is None and target.qgn_key is not None:
        raise _other_game(document, snapshot.key.strip() or "untitled", ["qgn"], target)
    return _located(document, target.from_qgn, snapshot)


def _located(document: Document, hook: Any, model: Any) -> Any:
    """`hook(model)`, its errors named after the document's source."""
    try:
        return hook(model)
    except MeepleError as problem:
        raise problem.with_source(document.source) from None


def _other_game(
    document: Document, game: str, names: list[str], target: Notation
) -> ConversionError:
    """The one wording for a conversion between two different games."""
    message = f"{game} records convert to {', '.join(names)}, not to {target.name}"
    return ConversionError(message).with_source(document.source)
