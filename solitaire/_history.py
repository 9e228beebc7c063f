"""A game's history: undo, redo and the moves taken back; its record,
snapshot and copies, and what makes two games equal. :class:`Game`
(``game.py``) builds on it with the rules; this part knows no rule.

Undo pops a snapshot of the piles (never reverses a rule), so undo is
exactly the inverse of play.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self

from texts import Msg

from .errors import BadOption, BadRecord, IllegalMove
from .move import Move
from .piles import Pile

Position = dict[str, list[str]]
Record = dict[str, Any]
#: A game's position and game-wide state as plain data (:meth:`Game.snapshot`).
Snapshot = dict[str, Any]


class History:
    """The history part of :class:`~solitaire.game.Game`: its state and what
    undoes, redoes, records and copies it. The rules come from the game."""

    profile: ClassVar[str]
    version: ClassVar[int] = 1
    name: ClassVar[Msg]
    options: dict[str, object]
    deal: int | None
    undos: int
    _start: Position | None
    _piles: dict[str, Pile]
    _meta: dict[str, int]
    _moves: list[Move]
    # The piles and meta before each move; ``None`` for the moves of a game
    # set up from a snapshot, until an undo needs them (see ``pop``).
    _history: list[tuple[dict[str, Pile], dict[str, int]] | None]
    _redo: list[Move]
    _legal: list[Move] | None
    _tops_cache: dict[tuple[int, int] | None, list[str]] | None

    # -- what the rules supply ---------------------------------------------------

    def position(self) -> Position:
        raise NotImplementedError

    def push(self, move: Move) -> None:
        raise NotImplementedError

    def _why_not(self, move: Move) -> Msg | None:
        raise NotImplementedError

    if TYPE_CHECKING:  # a game is made by its rules' class

        def __init__(
            self,
            *,
            deal: int | None = None,
            start: Mapping[str, Sequence[str]] | None = None,
            **options: object,
        ) -> None: ...

    def _set_position(self, position: Mapping[str, Sequence[str]]) -> None:
        raise NotImplementedError

    # -- undo and redo -----------------------------------------------------------

    def steps(self) -> Iterator[tuple[Mapping[str, Pile], Move, Mapping[str, Pile]]]:
        """Each move played with the piles before and after it, oldest first
        (what a score is worked out from)."""
        if None in self._history:
            self._rebuild_history()
        befores = [entry[0] for entry in self._history if entry is not None]
        afters = [*befores, self._piles][1:]
        yield from zip(befores, self._moves, afters, strict=True)

    @property
    def has_history(self) -> bool:
        """Whether :meth:`undo` and :meth:`pop` can take back the last move
        at once; a game set up from a snapshot replays its record first."""
        return not self._history or self._history[-1] is not None

    def undo(self) -> Move:
        """Takes back the last move and returns it.

        :raises IllegalMove: if no move was played.
        """
        if not self._moves:
            raise IllegalMove(Msg("rule.nothing_to_undo"))
        move = self.pop()
        self._redo.append(move)
        self.undos += 1
        return move

    def pop(self) -> Move:
        """Takes back the last move pushed or played and returns it; not an
        undo (nothing is counted, nothing goes to the redo list).

        :raises IndexError: if no move was played.
        """
        if self._history[-1] is None:
            self._rebuild_history()
        before = self._history.pop()
        assert before is not None
        self._piles, self._meta = before
        self._legal = None
        self._tops_cache = None
        return self._moves.pop()

    def redo(self) -> Move:
        """Plays again the last move taken back and returns it.

        :raises IllegalMove: if there is nothing to redo.
        """
        if not self._redo:
            raise IllegalMove(Msg("rule.nothing_to_redo"))
        move = self._redo[-1]
        reason = self._why_not(move)
        if reason:
            raise IllegalMove(reason)
        self.push(self._redo.pop())
        return move

    # -- records and copies ----------------------------------------------------------

    def to_record(self) -> Record:
        """Returns the game as JSON-able data that :func:`load_game` replays."""
        record: Record = {
            "profile": self.profile,
            "version": self.version,
            "options": dict(self.options),
            "deal": self.deal,
            "moves": [move.notation for move in self._moves],
        }
        if self._start is not None:
            record["start"] = self._start
        if self.undos:
            record["undos"] = self.undos
        if self._redo:
            record["redo"] = [move.notation for move in reversed(self._redo)]
        return record

    def snapshot(self) -> Snapshot:
        """Returns the position and game-wide state as plain data, for
        :meth:`from_snapshot`: what a long game's replay sends across processes."""
        return {"position": self.position(), "meta": dict(self._meta)}

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Self:
        """Returns the game *record* describes, replayed move by move.

        :raises BadRecord: if the record is malformed or a move does not replay.
        """
        try:
            game = cls(deal=record.get("deal"), start=record.get("start"), **record["options"])
            moves = [Move.parse(text) for text in record["moves"]]
            redo = [Move.parse(text) for text in record.get("redo", ())]
            game.undos = int(record.get("undos", 0))
        except (KeyError, TypeError, ValueError) as error:
            raise BadRecord(Msg("record.damaged", game=cls.name, detail=error)) from None
        for number, move in enumerate(moves, 1):
            reason = game._why_not(move)
            if reason:
                raise BadRecord(
                    Msg("record.bad_move", number=number, move=move.notation, reason=reason)
                )
            game.push(move)
        game._redo = redo[::-1]
        return game

    @classmethod
    def from_snapshot(cls, record: Mapping[str, Any], snapshot: Snapshot) -> Self:
        """Returns the game *record* describes, set to *snapshot* (taken from
        that record replayed, by :meth:`snapshot`) without replaying it.

        Only an undo past the moves played since needs the earlier positions:
        then the record is replayed once.

        :raises BadRecord: if the record or snapshot is malformed.
        """
        try:
            game = cls(deal=record.get("deal"), start=record.get("start"), **record["options"])
            game._set_position(snapshot["position"])
            game._meta = {name: int(value) for name, value in snapshot["meta"].items()}
            # A long game repeats its moves (``s`` above all): parse each once.
            texts = {*record["moves"], *record.get("redo", ())}
            parsed = {text: Move.parse(text) for text in texts}
            game._moves = [parsed[text] for text in record["moves"]]
            game._redo = [parsed[text] for text in reversed(record.get("redo", ()))]
            game.undos = int(record.get("undos", 0))
        except (KeyError, TypeError, ValueError, BadOption) as error:
            raise BadRecord(Msg("record.damaged", game=cls.name, detail=error)) from None
        game._history = [None] * len(game._moves)
        return game

    def _rebuild_history(self) -> None:
        moves = [move.notation for move in self._moves]
        replayed = type(self).from_record({**self.to_record(), "moves": moves, "redo": []})
        self._history = replayed._history

    def copy(self) -> Self:
        """Returns an independent copy of the game, undo history included.

        Cheap: piles are immutable, and every snapshot in the history (and
        every cache) is never changed once made, so only containers are copied.
        """
        copy = object.__new__(type(self))
        copy.__dict__.update(self.__dict__)
        copy.options = dict(self.options)
        copy._piles = dict(self._piles)
        copy._meta = dict(self._meta)
        copy._moves = list(self._moves)
        copy._history = list(self._history)
        copy._redo = list(self._redo)
        return copy  # the legal-move caches are shared: never changed, only replaced

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, History):
            return NotImplemented
        return type(self) is type(other) and self._state_key() == other._state_key()

    def _state_key(self) -> tuple[object, ...]:
        return (self.options, self.deal, self._start, self._moves, self._piles, self._meta)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} deal={self.deal} moves={len(self._moves)}>"
