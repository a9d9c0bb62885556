"""Post-game review of a MatriO game: each card played against the mover's other choices.

Terms:

* A move's *value* is the mover's *margin*: their total minus the highest total among the
  other players who have not withdrawn (a withdrawn seat owns no cell: 0 points), counted
  with the cell scores on the board one *round* later: after the move and the replies of the
  other players until the mover is to play again (``depth`` plies in all, default
  :data:`DEPTH` = 4). Replies are played by the greedy policy of ``random_game``: each
  player puts the card and tray that raise their own total most right now (a card's gain on
  a tray is linear in its value, so only the highest and lowest card of each suit are
  compared; ties: the first tray, then the card first in deck order).
* *Hands*: with the record's ``Hand1..4`` tags every hand is known and the search is exact
  (one deal). Without them the mover knows their own hand (the cards they go on to play)
  and the other cards not yet played are dealt at random to the other seats in the right
  numbers, ``samples`` times (default :data:`SAMPLES`), the same deals for every move of the
  mover; the value is the mean over the deals.
* Every legal move of the mover (each card of their hand on each legal tray) is valued; the
  best is the highest mean. Thresholds: ``grades.MATRIO``.

Invariants: the search plays on its own lists by the rules of ``rules.apply`` (placement,
markers, withdrawal when the last empty tray is filled, turn order); a test checks it against
the engine on random games. When judging ply *k* the review reads only what the mover knew:
the board, the cards played, their own hand (and the recorded hands when given); the random
deals are seeded by the position, so a review is a function of the record.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from games.engine.core import RecordError
from games.engine.matrio.board import BOARD_SUITS, TRAY_SUIT
from games.engine.matrio.cards import DECK, SUIT, VALUE, cards_of
from games.engine.matrio.notation import parse_token
from games.engine.matrio.records import play
from games.engine.matrio.rules import (
    HAND_SIZE,
    SEATS,
    Move,
    State,
    apply,
    format_move,
    new_game,
)
from games.engine.record import RawRecord
from games.engine.review.grades import MATRIO, GameReview, MoveReview, judged

NAME = "matrio"
DEPTH = 4
SAMPLES = 8
_SUIT_INDEX = {suit: i for i, suit in enumerate(BOARD_SUITS)}
_TRAY_SUIT = tuple(_SUIT_INDEX[s] for s in TRAY_SUIT)
_CARD_SUIT: dict[str, int] = {
    c: (-1 if SUIT[c] is None else _SUIT_INDEX[SUIT[c] or ""]) for c in DECK
}
_CELLS_OF_LINE = tuple(
    tuple(3 * line + c for c in range(3)) if line < 3 else tuple(3 * r + line - 3 for r in range(3))
    for line in range(6)
)


@dataclass
class Sim:
    """A mutable MatriO position for the search (trays 0-23 and cells 0-8 as ``board.py``)."""

    vals: list[int]
    filled: list[bool]
    empty: list[int]  # per board suit S D C H
    line_fill: list[int]  # trays filled per line (rows 0-2, columns 3-5)
    owners: list[int]  # -1: nobody
    counts: list[int]
    withdrawn: list[bool]
    hands: list[list[str]]
    to_move: int  # -1: over

    @classmethod
    def of(cls, state: State, hands: Sequence[Sequence[str]]) -> Sim:
        filled = [top is not None for top in state.tops]
        return cls(
            vals=[0 if top is None else VALUE[top] for top in state.tops],
            filled=filled,
            empty=[state.empty[s] for s in BOARD_SUITS],
            line_fill=[sum(filled[4 * k : 4 * k + 4]) for k in range(6)],
            owners=[-1 if o is None else o for o in state.owners],
            counts=list(state.counts),
            withdrawn=list(state.withdrawn),
            hands=[list(h) for h in hands],
            to_move=-1 if state.to_move is None else state.to_move,
        )

    def copy(self) -> Sim:
        return Sim(
            self.vals[:],
            self.filled[:],
            self.empty[:],
            self.line_fill[:],
            self.owners[:],
            self.counts[:],
            self.withdrawn[:],
            [h[:] for h in self.hands],
            self.to_move,
        )

    def cell(self, cell: int) -> int:
        row, col = divmod(cell, 3)
        v = self.vals
        return sum(v[4 * row + s] * v[12 + 4 * col + s] for s in range(4))

    def totals(self) -> list[int]:
        out = [0, 0, 0, 0]
        for cell, owner in enumerate(self.owners):
            if owner >= 0:
                out[owner] += self.cell(cell)
        return out

    def trays(self, card: str) -> list[int]:
        si = _CARD_SUIT[card]
        if si < 0:
            return list(range(24))
        if self.empty[si]:
            return [t for t in range(24) if _TRAY_SUIT[t] == si and not self.filled[t]]
        return [t for t in range(24) if self.filled[t]]

    def play(self, card: str, tray: int) -> None:
        seat = self.to_move
        on_empty = not self.filled[tray]
        self.vals[tray] = VALUE[card]
        if on_empty:
            self.filled[tray] = True
            self.empty[_TRAY_SUIT[tray]] -= 1
            line = tray // 4
            self.line_fill[line] += 1
            if self.line_fill[line] == 4:
                for cell in self._crossings(line):
                    self.owners[cell] = seat
            if not any(self.empty):
                self.withdrawn = [seat_ not in self.owners for seat_ in range(4)]
        self.hands[seat].remove(card)
        self.counts[seat] += 1
        self.to_move = -1
        for step in range(1, 5):
            other = (seat + step) % 4
            if not self.withdrawn[other] and self.counts[other] < HAND_SIZE:
                self.to_move = other
                break

    def _crossings(self, line: int) -> list[int]:
        """Cells of a just-completed line where the crossing line is complete too."""
        if line < 3:
            return [3 * line + c for c in range(3) if self.line_fill[3 + c] == 4]
        return [3 * r + line - 3 for r in range(3) if self.line_fill[r] == 4]

    def greedy(self) -> tuple[str, int]:
        """The greedy policy's card and tray for the player to move (see the docstring)."""
        seat = self.to_move
        by_suit: dict[int, list[str]] = {}
        for card in self.hands[seat]:
            by_suit.setdefault(_CARD_SUIT[card], []).append(card)
        extremes = {
            si: (max(cards, key=VALUE.__getitem__), min(cards, key=VALUE.__getitem__))
            for si, cards in by_suit.items()
        }
        best: tuple[float, int, int, str] | None = None
        for tray in range(24):
            line = tray // 4
            s = tray % 4
            row_block = line < 3
            owned_partner = 0
            new_base = 0
            new_partner = 0
            completes = not self.filled[tray] and self.line_fill[line] == 3
            for cell in _CELLS_OF_LINE[line]:
                row, col = divmod(cell, 3)
                partner = self.vals[12 + 4 * col + s] if row_block else self.vals[4 * row + s]
                if self.owners[cell] == seat:
                    owned_partner += partner
                elif completes and self.owners[cell] < 0:
                    other = 3 + col if row_block else row
                    if self.line_fill[other] == 4:
                        new_base += self.cell(cell)
                        new_partner += partner
            a = -self.vals[tray] * owned_partner + new_base
            b = owned_partner + new_partner
            if self.filled[tray]:
                suits = [si for si in extremes if si < 0 or not self.empty[si]]
            else:
                suits = [si for si in extremes if si < 0 or si == _TRAY_SUIT[tray]]
            for si in suits:
                for card in extremes[si]:
                    gain = a + b * VALUE[card]
                    option = (gain, -tray, -DECK.index(card), card)
                    if best is None or option > best:
                        best = option
        assert best is not None, "a player always has a legal move"
        return best[3], -best[1]


def margin(sim: Sim, seat: int) -> int:
    """The seat's total minus the best total of the other seats still in (0 if none)."""
    totals = sim.totals()
    own = 0 if sim.withdrawn[seat] else totals[seat]
    rivals = [totals[q] for q in range(4) if q != seat and not sim.withdrawn[q]]
    return own - max(rivals, default=0)


def rollout(sim: Sim, seat: int, card: str, tray: int, depth: int) -> int:
    """The margin of ``seat`` after ``card`` on ``tray`` and greedy replies (``depth`` plies)."""
    sim = sim.copy()
    sim.play(card, tray)
    for _ in range(depth - 1):
        if sim.to_move < 0 or sim.to_move == seat:
            break
        sim.play(*sim.greedy())
    return margin(sim, seat)


def deals(state: State, own: Sequence[str], samples: int, seed: str) -> list[list[list[str]]]:
    """Hands for every seat: exact when the record gave them, else ``samples`` random deals
    of the unseen cards to the other seats (the mover's own hand is ``own``)."""
    played = state.played
    seat = state.to_move
    assert seat is not None
    if all(hand is not None for hand in state.options.hands):
        return [[cards_of((hand or 0) & ~played) for hand in state.options.hands]]
    left = [HAND_SIZE - c for c in state.counts]
    pool = [c for c in cards_of(~played & ((1 << len(DECK)) - 1)) if c not in own]
    own = list(own)
    rng = random.Random(seed)
    out = []
    for _ in range(samples):
        cards = pool[:]
        rng.shuffle(cards)
        mine = own + cards[: max(0, left[seat] - len(own))]
        cards = cards[len(mine) - len(own) :]
        hands: list[list[str]] = []
        for q in range(4):
            if q == seat:
                hands.append(mine)
            else:
                hands.append(cards[: left[q]])
                cards = cards[left[q] :]
        out.append(hands)
    return out


def evaluate(
    state: State, own: Sequence[str], *, depth: int = DEPTH, samples: int = SAMPLES
) -> dict[Move, float]:
    """The mean margin of every legal move of the mover (cards of ``own`` or the recorded hand)."""
    seat = state.to_move
    assert seat is not None
    hands = deals(state, own, samples, f"matrio:{state.ply}:{state.played}:{sorted(own)}")
    # the cards the mover holds in every deal (when a withdrawn seat's unplayed cards are
    # unknown, its hand is completed at random: those cards are not candidates)
    mine = [card for card in hands[0][seat] if all(card in h[seat] for h in hands)]
    cards = ["2C"] if state.ply == 0 and state.options.opening == "2C" else mine
    sims = [Sim.of(state, h) for h in hands]
    values: dict[Move, float] = {}
    for card in cards:
        for tray in sims[0].trays(card):
            total = sum(rollout(sim, seat, card, tray, depth) for sim in sims)
            values[Move(card, tray)] = total / len(sims)
    return values


def best_of(values: dict[Move, float]) -> Move:
    """The highest value; ties: the first card in deck order, then the first tray."""
    return max(values, key=lambda m: (values[m], -DECK.index(m.card), -m.tray))


def review(record: RawRecord, *, depth: int = DEPTH, samples: int = SAMPLES) -> GameReview:
    """Every move of a MatriO record graded against the one-round search (see the docstring)."""
    if not record.has_moves():
        raise RecordError("a result-only record has no moves to review")
    played = play(record)
    moves = [parse_token(token)[0] for token in played.tokens]
    state = new_game(played.header.options)
    seats: list[int] = []
    for move in moves:  # who plays each move, and so each seat's cards in order
        assert state.to_move is not None
        seats.append(state.to_move)
        state = apply(state, move)
    by_seat = [
        [m.card for m, q in zip(moves, seats, strict=True) if q == seat] for seat in range(4)
    ]
    state = new_game(played.header.options)
    out: list[MoveReview] = []
    for index, move in enumerate(moves):
        seat = seats[index]
        own = by_seat[seat][seats[:index].count(seat) :]  # the mover's hand as they know it
        values = evaluate(state, own, depth=depth, samples=samples)
        best = best_of(values)
        out.append(
            judged(
                MATRIO,
                ply=state.ply + 1,
                player=SEATS[seat],
                played=format_move(move),
                best=format_move(best),
                value=values[move],
                best_value=values[best],
            )
        )
        state = apply(state, move)
    exact = all(hand is not None for hand in state.options.hands)
    how = "the recorded hands" if exact else f"{samples} random deals of the unseen cards"
    return GameReview(
        NAME,
        tuple(out),
        method=(
            f"every legal move, {depth} plies (the move and greedy replies), over {how}; "
            "value = the mover's margin over the best rival"
        ),
        thresholds=MATRIO,
        method_params={"depth": depth, "hands": exact, "samples": samples},
    )
