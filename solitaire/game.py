"""The ``Game`` every variant shares: piles by code, the rules of moves,
what a player types, hints.

A game is its record: rule profile, options, deal number and the list of
moves played. Every state is reached by replaying that list; undo, redo,
records and copies are its history (``_history.py``), which knows no rule.
``play()`` checks the rules; the private ``push()`` trusts its caller and
serves replay and search. What differs between games lives in ``variants/``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from texts import Msg

from ._history import History, Position, Record, Snapshot
from .cards import Card
from .deal import MAX_DEAL, MIN_DEAL, is_deal_number, shuffled_deck
from .errors import AmbiguousMove, BadOption, IllegalMove, InvalidNotation
from .move import DRAW, Move
from .notation import TAP, parse_notation, quote
from .options import Option, options_code, parse_options_code
from .piles import EMPTY, Pile, pile_kind

__all__ = ["Game", "Position", "Record", "Snapshot"]


class Game(History):
    """A game of solitaire under one rule profile. Variants subclass it."""

    #: The game's name as a message in the player's language (the catalogue's
    #: ``title.<profile>``), and in English.
    name: ClassVar[Msg]
    title: ClassVar[str]
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    PILES: ClassVar[tuple[str, ...]]
    # The piles that may ever receive a card by a move (a pre-filter only).
    TARGETS: ClassVar[tuple[str, ...]] = ()
    DECKS: ClassVar[int] = 1
    #: Whether the game has a draw from the stock (``s``); without one, ``s``
    #: alone is a tap on the stock (:meth:`one_tap`).
    DRAWS: ClassVar[bool] = False
    #: :meth:`finishing_line` is looked for once this many cards are left.
    FINISH_CARDS: ClassVar[int] = 52
    # Empty foundations that take the same cards are one move in legal_moves().
    ALIKE_FOUNDATIONS: ClassVar[bool] = True
    # Groups of piles that play alike wherever they stand (for search).
    SYMMETRIC: ClassVar[tuple[tuple[str, ...], ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "profile" in cls.__dict__:
            cls.name = Msg(f"title.{cls.profile}")
            cls.title = cls.name.render()

    def __init__(
        self,
        *,
        deal: int | None = None,
        start: Mapping[str, Sequence[str]] | None = None,
        **options: object,
    ) -> None:
        self.options = self.resolve_options(options)
        self.deal = deal
        self._start = None
        self._piles = dict.fromkeys(self.PILES, EMPTY)
        self._meta = self._initial_meta()
        self._moves = []
        self._history = []
        self._redo = []
        self._legal = None
        self._tops_cache = None
        self.undos = 0
        self.foundations = tuple(code for code in self.PILES if code[0] == "f")
        if start is not None:
            self._set_position(start)
            self._start = self.position()
        elif deal is not None:
            if not is_deal_number(deal, secret=True):
                raise BadOption(Msg("deal.bad_number", low=MIN_DEAL, high=MAX_DEAL))
            self._deal(shuffled_deck(deal, self.DECKS))

    # -- options -------------------------------------------------------------

    @classmethod
    def resolve_options(cls, options: Mapping[str, object]) -> dict[str, object]:
        """Returns every option of this game, *options* checked and the
        rest at their defaults.

        :raises BadOption: for an unknown option or value.
        """
        known = {option.name: option for option in cls.OPTIONS}
        for name in options:
            if name not in known:
                names = ", ".join(known) or Msg("word.none")
                raise BadOption(Msg("option.unknown", game=cls.name, name=name, names=names))
        return {
            name: option.coerce(options[name]) if options.get(name) is not None else option.default
            for name, option in known.items()
        }

    @classmethod
    def options_code(cls, options: Mapping[str, object]) -> str:
        """Returns the short code of *options* under this game's rules (``d3``),
        empty for the defaults. See :mod:`solitaire.options`.

        :raises BadOption: for an unknown option or value.
        """
        return options_code(cls.OPTIONS, cls.resolve_options, options)

    @classmethod
    def options_from_code(cls, code: str) -> dict[str, object]:
        """Returns every option of this game as *code* names them.

        :raises BadOption: for a code that names no options of this game.
        """
        return parse_options_code(cls.OPTIONS, cls.resolve_options, code)

    @property
    def rules_code(self) -> str:
        """The short code of this game's options (empty for the defaults)."""
        return self.options_code(self.options)

    @property
    def waste_shown(self) -> int:
        """How many of the waste's top cards show (spread), for pictures."""
        return 1

    @property
    def stock_comes_round(self) -> bool:
        """Whether the stock may be gone through without end: a draw then
        loses nothing, as drawing on brings the same position back."""
        return False

    # -- what a variant supplies ----------------------------------------------

    def _deal(self, cards: list[Card]) -> None:
        """Lays out a shuffled deck; ``cards[0]`` is dealt first."""
        raise NotImplementedError

    def _initial_meta(self) -> dict[str, int]:
        """Game-wide state that is not a pile (passes used, a base rank)."""
        return {}

    def _why_not_draw(self) -> Msg | None:
        return Msg("rule.no_draw", game=self.name)

    def _why_not_take(self, source: str, cards: tuple[Card, ...]) -> Msg | None:
        """Returns why *cards*, the top of pile *source*, may not be moved
        together, or ``None`` if they may."""
        raise NotImplementedError

    def _why_not_put(self, move: Move, cards: tuple[Card, ...]) -> Msg | None:
        """Returns why *cards* (movable from ``move.source``) may not go to
        ``move.target``, or ``None`` if they may."""
        raise NotImplementedError

    def _draw(self) -> None:
        raise NotImplementedError

    def _movable_counts(self, code: str, pile: Pile) -> range:
        """The counts worth trying to move from a pile (the rules decide)."""
        return range(1, 2)

    def _targets_for(self, cards: tuple[Card, ...]) -> Iterable[str]:
        """The piles worth checking as targets for *cards*, in ``TARGETS``
        order. Only narrows the search: every move is still checked by
        ``_why_not_put``. The default is every target."""
        return self.TARGETS or self.PILES

    def _tops(self) -> dict[tuple[int, int] | None, list[str]]:
        """Returns the non-foundation targets by their top card's (rank,
        suit); ``None`` lists the empty ones. Cached per position."""
        if self._tops_cache is None:
            tops: dict[tuple[int, int] | None, list[str]] = {}
            for code in self.TARGETS or self.PILES:
                if code[0] != "f":
                    cards = self._piles[code].cards
                    key = (cards[-1].rank, cards[-1].suit) if cards else None
                    tops.setdefault(key, []).append(code)
            self._tops_cache = tops
        return self._tops_cache

    def _in_target_order(self, codes: Iterable[str]) -> list[str]:
        return sorted(codes, key=self._target_order().__getitem__)

    @classmethod
    def _target_order(cls) -> dict[str, int]:
        order = cls.__dict__.get("_ORDER")
        if order is None:
            order = {code: i for i, code in enumerate(cls.TARGETS or cls.PILES)}
            cls._ORDER = order  # type: ignore[attr-defined]
        return order

    def _settle(self, move: Move) -> None:
        """Runs what happens at once after a move (a card turns up, a lid refills)."""
        source = self._piles[move.source]
        if source.cards and source.down >= len(source.cards):
            self._piles[move.source] = Pile(source.cards, len(source.cards) - 1)

    def _is_safe(self, move: Move) -> bool:
        """Whether autoplay may make *move*: no later play can regret it."""
        return False

    def is_forced(self, move: Move) -> bool:
        """Whether a search may play the legal *move* and skip the others: it
        can never lose a win. Stricter than autoplay's rule where need be."""
        return self._is_safe(move)

    def hint_score(self, move: Move) -> int:
        """How good the legal *move* is for a hint; 0 or less is not worth
        suggesting. Searches try moves in this order."""
        return 0

    # -- piles -----------------------------------------------------------------

    def pile(self, code: str) -> tuple[Card, ...]:
        """Returns the cards of pile *code*, bottom to top."""
        return self._piles[code].cards

    def hidden(self, code: str) -> int:
        """Returns how many of a pile's cards, from the bottom, are face down."""
        pile = self._piles[code]
        if code in ("s", "j"):
            return len(pile.cards)
        return pile.down

    def pile_name(self, code: str) -> Msg:
        """Returns a pile's name for messages: ``column 3``, ``foundation f2``."""
        return Msg(f"pile.{pile_kind(code)}", code=code)

    def position(self) -> Position:
        """Returns every pile as a list of card codes, bottom to top;
        ``#`` marks a face-down card."""
        result: Position = {}
        for code, pile in self._piles.items():
            down = self.hidden(code)
            result[code] = [("#" if i < down else "") + c.code for i, c in enumerate(pile.cards)]
        return result

    def _set_position(self, position: Mapping[str, Sequence[str]]) -> None:
        for code, names in position.items():
            if code not in self._piles:
                raise BadOption(Msg("position.no_pile", game=self.name, code=code))
            try:
                cards = tuple(Card.parse(name.lstrip("#")) for name in names)
            except ValueError as error:
                raise BadOption(Msg("position.bad_card", code=code, detail=error)) from None
            down = 0
            while down < len(names) and names[down].startswith("#"):
                down += 1
            self._piles[code] = Pile(cards, 0 if code in ("s", "j") else down)
        self._meta = self._meta_from_position()

    def _meta_from_position(self) -> dict[str, int]:
        return self._initial_meta()

    # -- moves -----------------------------------------------------------------

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves played so far, oldest first."""
        return tuple(self._moves)

    def legal_moves(self) -> list[Move]:
        """Returns every legal move, in canonical form.

        Alike empty foundations are offered once, the lowest-numbered.
        """
        if self._legal is None:
            self._legal = self._canonical_list(self._generate_legal())
        return list(self._legal)

    def _generate_legal(
        self,
        sources: Iterable[str] | None = None,
        targets: Iterable[str] | None = None,
        count: int | None = None,
    ) -> Iterator[Move]:
        if sources is None and self._why_not_draw() is None:
            yield DRAW
        target_codes = tuple((self.TARGETS or self.PILES) if targets is None else targets)
        for source in self.PILES if sources is None else sources:
            pile = self._piles.get(source)
            if not pile or not pile.cards:
                continue
            counts = self._movable_counts(source, pile) if count is None else (count,)
            for n in counts:
                cards = pile.cards[len(pile.cards) - n :]
                if self._why_not_source(source, pile, n) or self._why_not_take(source, cards):
                    continue
                narrowed = target_codes if targets is not None else self._targets_for(cards)
                for target in narrowed:
                    move = Move(source, target, n)
                    if (
                        target != source
                        and target in self._piles
                        and self._why_not_put(move, cards) is None
                    ):
                        yield move

    def _canonical_list(self, moves: Iterable[Move]) -> list[Move]:
        result: list[Move] = []
        offered: set[tuple[str, int]] = set()
        for move in moves:
            if self.ALIKE_FOUNDATIONS and move.target[:1] == "f" and not self.pile(move.target):
                if (move.source, move.count) in offered:
                    continue
                offered.add((move.source, move.count))
            result.append(move)
        pairs = Counter((move.source, move.target) for move in result)
        return [
            replace(move, show_count=True)
            if move.count == 1 and pairs[(move.source, move.target)] > 1
            else move
            for move in result
        ]

    def _canonical(self, move: Move) -> Move:
        """Returns *move* with ``x1`` shown exactly when the bare form is ambiguous."""
        if move.is_draw or move.count > 1:
            return move
        others = self._generate_legal((move.source,), (move.target,))
        ambiguous = any(other.count != 1 for other in others)
        return move if move.show_count == ambiguous else replace(move, show_count=ambiguous)

    def _why_not(self, move: Move) -> Msg | None:
        """Returns why *move* is illegal here, or ``None`` if it is legal."""
        if move.is_draw:
            return self._why_not_draw()
        for code in (move.source, move.target):
            if code not in self._piles:
                return Msg("game.no_pile", code=code, game=self.name)
        if move.source == move.target:
            return Msg("rule.same_pile")
        pile = self._piles[move.source]
        cards = pile.cards[len(pile.cards) - move.count :]
        return (
            self._why_not_source(move.source, pile, move.count)
            or self._why_not_take(move.source, cards)
            or self._why_not_put(move, cards)
        )

    def _why_not_source(self, source: str, pile: Pile, count: int) -> Msg | None:
        if not pile.cards:
            return Msg("rule.pile_empty", pile=self.pile_name(source))
        face_up = len(pile.cards) - self.hidden(source)
        if not face_up:
            if source == "s":
                return Msg("rule.stock_draws")
            return Msg("rule.no_face_up", pile=self.pile_name(source))
        if count < 1 or count > face_up:
            return Msg("rule.face_up", pile=self.pile_name(source), n=face_up)
        return None

    def parse_move(self, text: str) -> Move:
        """Returns the legal move that *text* names, in canonical form.

        Short forms are resolved against the legal moves: ``w3``, ``72``,
        ``3f`` (the lowest-numbered foundation that takes the card), and a
        pile alone, ``4`` (:meth:`one_tap`).

        :raises IllegalMove: if *text* names no legal move
            (:class:`InvalidNotation` if it names no move at all,
            :class:`AmbiguousMove` if it names several).
        """
        source, target, count = parse_notation(text, self._piles.keys())
        if target == TAP or (not target and not self.DRAWS and "s" in self._piles):
            return self.one_tap(source)
        if not target:
            reason = self._why_not(DRAW)
            if reason:
                raise IllegalMove(reason)
            return DRAW
        for code in (source, target):
            if code != "f" and code not in self._piles:
                raise InvalidNotation(Msg("game.no_pile", code=code, game=self.name))
        if "f" in (source, target) and not self.foundations:
            raise InvalidNotation(Msg("game.no_foundations", game=self.name))
        sources = self.foundations if source == "f" else (source,)
        targets = self.foundations if target == "f" else (target,)
        found = list(self._generate_legal(sources, targets, count))
        if target == "f":
            # The lowest-numbered foundation that accepts the card.
            lowest: dict[tuple[str, int], Move] = {}
            for move in found:
                lowest.setdefault((move.source, move.count), move)
            found = list(lowest.values())
        if len(found) == 1:
            return self._canonical(found[0])
        if found:
            choices = self._canonical_list(found)
            listed = tuple(f"`{choice.notation}`" for choice in choices)
            raise AmbiguousMove(Msg("rule.ambiguous", text=quote(text), choices=listed), choices)
        raise IllegalMove(self._explain(sources, targets, count or 1))

    def one_tap(self, code: str) -> Move:
        """The move a tap on pile *code* plays: its card home if it may go
        (to the lowest-numbered foundation), else the pile's only move (to the
        lowest-numbered of empty piles alike), else the one the game's
        heuristic clearly prefers (:meth:`hint_score`).

        :raises IllegalMove: if no move leaves that pile.
        :raises AmbiguousMove: if the pile's moves are alike to the
            heuristic: the player says which (its choices are listed).
        """
        # Empty piles of one kind are one target: the lowest-numbered.
        alike: dict[tuple[str, int, str], Move] = {}
        for move in self.legal_moves():
            if move.source == code and not move.is_draw:
                target = "" if not self.pile(move.target) else move.target
                alike.setdefault((pile_kind(move.target), move.count, target), move)
        moves = list(alike.values())
        if not moves:
            raise IllegalMove(Msg("rule.no_move_from", pile=self.pile_name(code)))
        home = [move for move in moves if move.target in self.foundations and self._homeward(move)]
        if home:
            return self._canonical(min(home, key=lambda move: self.PILES.index(move.target)))
        if len(moves) == 1:
            return moves[0]
        scored = sorted(((self.hint_score(move), move) for move in moves), key=lambda s: -s[0])
        if scored[0][0] > scored[1][0]:
            return scored[0][1]
        choices = [move for score, move in scored if score == scored[0][0]]
        listed = tuple(f"`{choice.notation}`" for choice in choices)
        raise AmbiguousMove(Msg("rule.ambiguous", text=quote(code), choices=listed), choices)

    def _homeward(self, move: Move) -> bool:
        """Whether a tap may send *move*'s card home unasked (a variant may
        keep a choice that matters to itself)."""
        return True

    def finishing_line(self) -> list[Move] | None:
        """The moves that send every card left home one after the other, if
        there are such (no other move needed): the game finishes itself.
        Looked for once at most :attr:`FINISH_CARDS` cards are left."""
        left = 52 * self.DECKS - self.cards_home
        if not left or left > self.FINISH_CARDS:
            return None
        sources = [code for code in self.PILES if code not in self.foundations]
        # Its first move is a legal move home: the legal moves are known
        # (cached per position, and a board lists them), and most positions
        # have none, so no search is made for them.
        homeward = set(self.foundations)
        if not any(m.target in homeward and m.source in sources for m in self.legal_moves()):
            return None
        game, line = self.copy(), []
        for _ in range(left):
            move = next(game._generate_legal(sources, game.foundations), None)
            if move is None:
                return None
            game.push(move)
            line.append(move)
        return line if game.is_won else None

    def _explain(self, sources: Sequence[str], targets: Sequence[str], count: int) -> Msg:
        source = next((code for code in sources if self.pile(code)), sources[0])
        reasons = [self._why_not(Move(source, target, count)) for target in targets]
        if len(targets) > 1:
            # A bare `f`: speak of the foundation that suit would go to.
            top = self.pile(source)[-1:] if source in self._piles else ()
            for target, reason in zip(targets, reasons, strict=True):
                pile = self.pile(target)
                if top and pile and pile[-1].suit == top[0].suit:
                    return reason or Msg("rule.not_legal")
            for target, reason in zip(targets, reasons, strict=True):
                if not self.pile(target):
                    return reason or Msg("rule.not_legal")
        return reasons[0] or Msg("rule.not_legal")

    def play(self, move: Move | str) -> Move:
        """Plays *move* (a :class:`Move` or notation) and returns it in
        canonical form.

        :raises IllegalMove: with a one-line reason; nothing changes.
        """
        if isinstance(move, str):
            move = self.parse_move(move)
        else:
            reason = self._why_not(move)
            if reason:
                raise IllegalMove(reason)
            move = self._canonical(move)
        self.push(move)
        self._redo.clear()
        return move

    def play_legal(self, move: Move) -> Move:
        """Plays *move*, a legal move of this position as :meth:`parse_move`
        or :meth:`legal_moves` gave it, without checking it again (a typed
        move's rules are checked once, as it is parsed), and returns it."""
        self.push(move)
        self._redo.clear()
        return move

    def push(self, move: Move) -> None:
        """Plays *move* without checking it: the caller knows it is legal
        (a replayed record, a search's own move). Keeps the redo list."""
        self._history.append((self._piles, self._meta))
        self._piles = dict(self._piles)
        self._meta = dict(self._meta)
        if move.is_draw:
            self._draw()
        else:
            self._transfer(move.source, move.target, move.count)
            self._settle(move)
        self._moves.append(move)
        self._legal = None
        self._tops_cache = None

    def _transfer(self, source: str, target: str, count: int) -> None:
        pile = self._piles[source]
        keep = len(pile.cards) - count
        self._piles[source] = Pile(pile.cards[:keep], min(pile.down, keep))
        destination = self._piles[target]
        self._piles[target] = Pile(destination.cards + pile.cards[keep:], destination.down)

    def search_key(self) -> tuple[object, ...]:
        """Returns a key equal for positions that play alike, for a search's
        table of positions seen: interchangeable
        piles (``SYMMETRIC`` groups) are sorted, so their order does not count."""
        piles = self._piles
        grouped = tuple(
            tuple(
                sorted(
                    (piles[code].down, bytes(c.index for c in piles[code].cards)) for code in group
                )
            )
            for group in self.SYMMETRIC
        )
        rest = tuple(bytes(c.index for c in piles[code].cards) for code in self._unsymmetric())
        return grouped, rest, tuple(self._meta.values())

    @classmethod
    def _unsymmetric(cls) -> tuple[str, ...]:
        grouped = {code for group in cls.SYMMETRIC for code in group}
        return tuple(code for code in cls.PILES if code not in grouped)

    def autoplay(self) -> list[Move]:
        """Plays every safe move to the foundations; returns those played."""
        played = []
        while True:
            move = next((m for m in self.legal_moves() if self._is_safe(m)), None)
            if move is None:
                break
            self.push(move)
            played.append(move)
        if played:
            self._redo.clear()
        return played

    def hint(self) -> Move | None:
        """Returns a good legal move by the game's heuristic, or ``None`` if no
        useful move is left. (A searched hint: :func:`solitaire.solver.solve`.)"""
        scored = [(self.hint_score(move), i, move) for i, move in enumerate(self.legal_moves())]
        best = max(scored, default=None, key=lambda item: (item[0], -item[1]))
        return best[2] if best and best[0] > 0 else None

    def ordered_moves(self) -> list[Move]:
        """Returns the legal moves, the most useful first."""
        moves = self.legal_moves()
        scores = {move: self.hint_score(move) for move in moves}
        return sorted(moves, key=lambda move: -scores[move])

    def describe_move(self, move: Move) -> Msg:
        """Returns what a legal move does, in words: ``7♠ onto 8♥``."""
        if move.is_draw:
            return Msg("move.draw" if self.pile("s") else "move.turn_over")
        cards = self.pile(move.source)[-move.count :]
        moving = str(cards[0]) if len(cards) == 1 else f"{cards[0]}…{cards[-1]}"
        target = self.pile(move.target)
        if target and pile_kind(move.target) != "foundation":
            return Msg("move.onto", cards=moving, card=target[-1])
        key = "move.to_empty" if not target and pile_kind(move.target) == "column" else "move.to"
        return Msg(key, cards=moving, pile=self.pile_name(move.target))

    # -- the end ----------------------------------------------------------------

    @property
    def is_won(self) -> bool:
        return self.cards_home == 52 * self.DECKS

    @property
    def cards_home(self) -> int:
        """How many cards are on the foundations."""
        return sum(len(self.pile(code)) for code in self.foundations)

    @property
    def is_stuck(self) -> bool:
        """Whether the game is lost: not won, and no legal move is left."""
        return not self.is_won and not self.legal_moves()

    # -- records ---------------------------------------------------------------
