"""Post-game review of a MATR1X 0VERL0AD game: was the deal still winnable after each move?

Terms:

* The record's ``Deck`` tag gives the whole deck order, so the game has no chance left: a
  position is *winnable* when some sequence of legal placements from it kills all twelve
  royals (``LOOP`` and ``ABANDON`` never help). A move's *value* is 1 when the position after
  it is winnable, 0 when it is not, ``None`` (unknown) when the solver ran out of nodes.
* The *best move* is a placement that keeps the position winnable (the first one the solver
  finds), or the move played when nothing better is known. The loss is 1 exactly when the
  move turned a winnable position into an unwinnable one: a blunder (``grades.OVERLOAD``).
* *Where it was lost* (``details["lost_at"]``): the move (setup placements included, ply 0
  phase ``setup``) after which a deal known winnable before it was no longer winnable;
  ``None`` when no such move is known. ``details`` also gives ``winnable_at_start`` (before
  the setup placements; ``None``: unknown) and ``unwinnable_from``: the first move after which
  the deal is proved lost, even when it is not known whether it was winnable before.
* ``LOOP`` and ``ABANDON`` end the game: the position after them is not winnable.

The solver works on the exact rules (``position.placements``, and ``resolve`` here, a faster
copy of ``position.resolve`` that a test checks against it). Moves are tried most promising
first (kills, then few, weak, un-iced living royals: :func:`promise`). To find a win it runs
a beam search (:data:`BEAM` positions per ply, at most :data:`BEAM_PLIES` plies); to prove a
position lost, a depth-first search with a memo of the positions proved winnable or
unwinnable (shared by every question about one game), cut short by :func:`hopeless` (two
necessary conditions for a win). A position met again on the current path is a loop, not a
way to win from there; an unwinnable verdict that depended on such a cut is not memoised.
Which positions of the game are asked, and in what order: :func:`line_answers`.

Limits: at most ``nodes`` positions expanded per question (default :data:`NODES`), ``total``
per game (default :data:`TOTAL`), lines of :data:`DFS_PLIES` plies; a question past a limit
is answered "unknown" (value ``None``, loss 0, grade ``good``, a ``note`` says so). Proving
a whole deal unwinnable from its first cards is usually beyond these limits: on random deals
most moves stay unknown and only the endgame is proved lost.

Invariants: the solver never changes a state (states are immutable); a "winnable" answer
always comes with a winning line that replays by ``rules.apply``; the review reads nothing
but the record (the deck order is part of the record, not a secret).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.engine.core import RecordError
from games.engine.overload.board import CENTRE, FIRING, SLOT_INDEX
from games.engine.overload.cards import (
    FULL_DECK,
    colour,
    is_ace,
    is_joker,
    is_number,
    is_royal,
    suit,
    value,
)
from games.engine.overload.notation import format_move
from games.engine.overload.position import MAX_HEALTH, ROYAL_COUNT, Move, State, deal, placements
from games.engine.overload.position import resolve as engine_resolve
from games.engine.overload.records import judge
from games.engine.record import RawRecord
from games.engine.review.grades import OVERLOAD, GameReview, MoveReview, judged

NAME = "matrix-overload"
NODES = 2_000
TOTAL = 12_000
BEAM = 30
BEAM_PLIES = 150
DFS_PLIES = 400

Key = tuple[object, ...]


class OutOfNodes(Exception):
    """The solver's node budget for one question ran out."""


def key(state: State) -> Key:
    return (state.deck, state.piles, state.royals, state.ice, state.dead, state.pending)


_VALUE: dict[str | None, int] = {None: 0, **{card: value(card) for card in FULL_DECK}}
_SUIT: dict[str | None, str | None] = {None: None, **{card: suit(card) for card in FULL_DECK}}
_COLOUR: dict[str | None, str | None] = {None: None, **{card: colour(card) for card in FULL_DECK}}
_NUMBER = frozenset(card for card in FULL_DECK if is_number(card))
_FIRING = {
    pile: tuple((SLOT_INDEX[slot], first - 1, second - 1) for slot, first, second in lines)
    for pile, lines in FIRING.items()
}


def resolve(state: State, move: Move) -> State:
    """``rules.resolve`` for the placements the solver tries, without ``dataclasses.replace``
    (a test checks both give the same states); LOOP and ABANDON go to the engine."""
    kind, card = move.kind, move.card
    if card is None or kind == "setup":
        return engine_resolve(state, move)
    deck, piles, royals, ice, dead = (
        state.deck[1:],
        state.piles,
        state.royals,
        state.ice,
        state.dead,
    )
    if kind == "royal":
        index = SLOT_INDEX[move.place]
        royals = (*royals[:index], card, *royals[index + 1 :])
    elif kind == "pile":
        pile = int(move.place) - 1
        old = piles[pile]
        if card in _NUMBER:
            piles = (*piles[:pile], (*old, card), *piles[pile + 1 :])
        else:
            deck = (*deck, *old)
            piles = (*piles[:pile], (card,), *piles[pile + 1 :])
        if pile + 1 != CENTRE:
            killed = list(dead)
            for slot, first, second in _FIRING[pile + 1]:
                royal = royals[slot]
                if royal is None or dead[slot]:
                    continue
                a = piles[first][-1] if piles[first] else None
                b = piles[second][-1] if piles[second] else None
                health = _VALUE[royal] + sum(_VALUE[c] for c in ice[slot])
                if _VALUE[a] + _VALUE[b] < health:
                    continue
                if royal[0] == "Q" and not _COLOUR[a] == _COLOUR[b] == _COLOUR[royal]:
                    continue
                if royal[0] == "K" and not _SUIT[a] == _SUIT[b] == _SUIT[royal]:
                    continue
                killed[slot] = True
            dead = tuple(killed)
    else:  # ice or prevent
        index = SLOT_INDEX[move.place]
        ice = (*ice[:index], (*ice[index], card), *ice[index + 1 :])
    end: str | None = None
    if kind != "pile":  # only the slot just filled can have gone over the limit
        index = SLOT_INDEX[move.place]
        royal = royals[index]
        living = royal is not None and not dead[index]
        if living and _VALUE[royal] + sum(_VALUE[c] for c in ice[index]) > MAX_HEALTH:
            end = "ice"
    if end is not None:
        pass
    elif sum(dead) == ROYAL_COUNT:
        end = "win"
    elif not deck:
        end = "deck"
    return State(deck, piles, royals, ice, dead, state.pending, state.ply + 1, end)  # type: ignore[arg-type]


_ROYALS = frozenset(card for card in FULL_DECK if is_royal(card))
_RESETS = frozenset(card for card in FULL_DECK if is_ace(card) or is_joker(card))


def hopeless(state: State) -> bool:
    """A quick proof that a position cannot be won (two necessary conditions).

    1. Every royal still to kill (living, pending or in the deck, at its health so far) needs
       two cards that can still reach a pile (in the deck or in a pile, not in ICE) whose
       values reach its health: of its suit for a king, of its colour for a queen.
    2. With no ace or joker left in the deck, no pile comes back: each remaining number card
       drawn kills at most two royals.
    """
    targets = [
        (royal, _VALUE[royal] + sum(_VALUE[c] for c in cards))
        for royal, gone, cards in zip(state.royals, state.dead, state.ice, strict=True)
        if royal is not None and not gone
    ]
    targets += [(card, _VALUE[card]) for card in (*state.deck, *state.pending) if card in _ROYALS]
    if not targets:
        return False
    if not any(card in _RESETS for card in state.deck):
        shots = sum(1 for card in state.deck if card not in _ROYALS)
        if 2 * shots < len(targets):
            return True
    free = [
        c for c in (*state.deck, *(c for pile in state.piles for c in pile)) if c not in _ROYALS
    ]
    for royal, health in targets:
        if royal[0] == "K":
            values = [_VALUE[c] for c in free if _SUIT[c] == _SUIT[royal]]
        elif royal[0] == "Q":
            values = [_VALUE[c] for c in free if _COLOUR[c] == _COLOUR[royal]]
        else:
            values = [_VALUE[c] for c in free]
        best = sorted(values)[-2:]
        if len(best) < 2 or sum(best) < health:
            return True
    return False


def promise(state: State) -> float:
    """How promising a position looks: kills, few and weak living royals, little ICE."""
    score = 100.0 * sum(state.dead)
    for royal, gone, cards in zip(state.royals, state.dead, state.ice, strict=True):
        if royal is not None and not gone:
            score -= 10 + 0.3 * (_VALUE[royal] + sum(_VALUE[c] for c in cards)) + 8 * len(cards)
    return score


def ordered(state: State) -> list[tuple[Move, State]]:
    """The placements and their positions, most promising first (:func:`promise`)."""
    children: list[tuple[float, int, Move, State]] = []
    for move in placements(state):
        after = resolve(state, move)
        children.append((-promise(after), len(children), move, after))
    children.sort(key=lambda item: item[:2])
    return [(move, after) for *_, move, after in children]


@dataclass
class Solver:
    """Winnability of the positions of one deal, with a memo shared by every question."""

    nodes: int = NODES
    width: int = BEAM  # beam width of the first look for a win (0: none)
    won: set[Key] = field(default_factory=set)
    lost: set[Key] = field(default_factory=set)
    expanded: int = 0  # positions expanded over all questions
    _budget: int = 0
    _truncated: bool = False

    def beam(self, state: State) -> bool:
        """Look for a win by a beam search (:data:`BEAM` most promising positions per ply);
        every position of a winning line found is remembered as winnable."""
        layer: list[tuple[State, tuple[Key, ...]]] = [(state, ())]
        for _ in range(BEAM_PLIES):
            if not layer:
                break
            children: dict[Key, tuple[float, State, tuple[Key, ...]]] = {}
            for position, line in layer:
                k = key(position)
                self.expanded += 1
                for _, after in ordered(position):
                    if after.end == "win" or key(after) in self.won:
                        self.won.update((*line, k))
                        return True
                    if after.end is None and key(after) not in self.lost and not hopeless(after):
                        children.setdefault(key(after), (promise(after), after, (*line, k)))
            best = sorted(children.values(), key=lambda item: -item[0])[: self.width]
            layer = [(after, line) for _, after, line in best]
        return False

    def winnable(self, state: State, *, beam: bool = True) -> bool | None:
        """True / False, or ``None`` when the node budget ran out (a beam search for a win
        first, when ``beam`` and the solver has a width; then the depth-first search)."""
        self._budget = self.nodes
        fresh = state.end is None and key(state) not in self.won
        if fresh and beam and self.width and self.beam(state):
            return True
        self._truncated = False
        try:
            win = self._solve(state, set())[0]
        except OutOfNodes:
            return None
        return None if self._truncated and not win else win

    def winning_move(self, state: State) -> Move | None:
        """A placement after which the position is winnable (``None``: none known)."""
        children = ordered(state)
        for move, after in children:
            if after.end == "win" or key(after) in self.won:
                return move
        for move, after in children:
            if self.winnable(after):
                return move
        return None

    def _solve(self, state: State, path: set[Key]) -> tuple[bool, bool]:
        """(winnable, the answer depended on a loop cut on ``path``)."""
        if state.end == "win":
            return True, False
        if state.end is not None:
            return False, False
        k = key(state)
        if k in self.won:
            return True, False
        if k in self.lost:
            return False, False
        if k in path:
            return False, True
        if hopeless(state):
            self.lost.add(k)
            return False, False
        if len(path) >= DFS_PLIES:
            self._truncated = True
            return False, True
        if self._budget <= 0:
            raise OutOfNodes
        self._budget -= 1
        self.expanded += 1
        path.add(k)
        cut = False
        try:
            for _, after in ordered(state):
                win, depends = self._solve(after, path)
                if win:
                    self.won.add(k)
                    return True, False
                cut = cut or depends
        finally:
            path.discard(k)
        if not cut:
            self.lost.add(k)
        return False, cut


def _value(answer: bool | None) -> float | None:
    return None if answer is None else float(answer)


def line_answers(states: list[State], solver: Solver, *, total: int = TOTAL) -> list[bool | None]:
    """Winnability of every position of the game line ``states`` (start first).

    Along a game line winnability only goes from True to False (a position leading to a
    winnable one is winnable; one after an unwinnable one is not). So: a won game is its own
    proof. Else the positions are asked from the end backwards by the depth-first search
    alone (short endgames are cheap to prove lost, and their memo serves the earlier
    questions) until one cannot be proved lost; then the start is asked (beam search first);
    if it is winnable, the last winnable position is found by bisection. Questions stop when
    ``total`` positions were expanded; positions never settled stay ``None``.
    """
    count = len(states)
    if states[-1].end == "win":
        return [True] * count
    answers: list[bool | None] = [None] * count
    high = count  # the earliest position proved lost
    for index in range(count - 1, -1, -1):
        if solver.expanded >= total:
            return answers
        answer = solver.winnable(states[index], beam=False)
        if answer is not False:
            break
        answers[index] = False
        high = index
    if high == 0:
        return answers
    if solver.expanded < total and solver.winnable(states[0]):
        low = 0  # the latest position known winnable
        while high - low > 1 and solver.expanded < total:
            middle = (low + high) // 2
            answer = solver.winnable(states[middle])
            if answer is None:
                break
            if answer:
                low = middle
            else:
                high = middle
        answers[: low + 1] = [True] * (low + 1)
        answers[high:] = [False] * (count - high)
    return answers


def _first_lost(
    plays: list[tuple[Move, str]], states: list[State], answers: list[bool | None]
) -> dict[str, object] | None:
    """The first move after which the deal is proved unwinnable (``None``: none proved, or
    lost before the first move)."""
    for index, (move, phase) in enumerate(plays):
        if answers[index + 1] is False and answers[index] is not False:
            ply = states[index + 1].ply if phase == "play" else 0
            return {"ply": ply, "phase": phase, "move": format_move(move)}
    return None


def review(
    record: RawRecord, *, nodes: int = NODES, total: int = TOTAL, beam: int = BEAM
) -> GameReview:
    """Every setup placement and move of a record, judged by winnability (see the docstring)."""
    done = judge(record)
    if done.result_only or done.deck is None:
        raise RecordError("a result-only record has no moves to review")
    player = (record.tag("Player") or "player").strip() or "player"
    solver = Solver(nodes, beam)
    plays = [(move, "setup") for move in done.setup] + [(move, "play") for move in done.moves]
    states = [deal(done.deck)]
    for move, _ in plays:
        states.append(resolve(states[-1], move))
    answers = line_answers(states, solver, total=total)
    lost_at: dict[str, object] | None = None
    moves: list[MoveReview] = []
    for index, (move, phase) in enumerate(plays):
        before, after = answers[index], answers[index + 1]
        best, best_value = format_move(move), _value(after)
        if before and after is False:
            found = solver.winning_move(states[index])
            if found is not None:
                best, best_value = format_move(found), 1.0
            if lost_at is None:
                lost_at = {
                    "ply": states[index + 1].ply if phase == "play" else 0,
                    "phase": phase,
                    "move": format_move(move),
                }
        note = (
            ""
            if before is not None and after is not None
            else ("unknown: the solver's limit was reached")
        )
        moves.append(
            judged(
                OVERLOAD,
                ply=states[index + 1].ply if phase == "play" else 0,
                player=player,
                played=format_move(move),
                best=best,
                value=_value(after),
                best_value=best_value,
                phase=phase,
                note=note,
            )
        )
    return GameReview(
        NAME,
        tuple(moves),
        method=(
            f"winnability over the known deck order: a beam search ({beam} wide) for a win, a "
            f"depth-first search with a memo for a proof of loss; at most {nodes} positions "
            f"per question and {total} per game, else unknown"
        ),
        thresholds=OVERLOAD,
        method_params={"beam": beam, "nodes": nodes, "total": total},
        details={
            "winnable_at_start": answers[0],
            "lost_at": lost_at,
            "unwinnable_from": _first_lost(plays, states, answers),
            "positions_searched": solver.expanded,
        },
    )
