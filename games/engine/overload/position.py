"""A position of MATR1X 0VERL0AD (``docs/rules/matrix-overload.md``): state, moves, choices.

Terms: the *deck* is drawn from the top (index 0); a *pile* is a tuple of cards bottom first;
a *slot* holds at most one royal, its *ICE* (cards adding to its health; *preventative* ICE
when no royal has come yet) and whether the royal is *dead*. *Pending* royals were set aside
while dealing and still await their setup placement. A *move* places the drawn card (or, in
setup, a pending royal) or declares ``LOOP`` / ``ABANDON``.

Invariants: states and moves are immutable; the 54 cards are always split exactly between
deck, piles, slots (royals and ICE) and pending royals; piles 1-4 and 6-9 are never empty
after the deal; ``end`` is ``None`` while the game runs, else one of ``win``, ``deck``,
``ice``, ``loop``, ``abandon``. :func:`resolve` plays a move it trusts; ``rules.apply``
validates first (the protocol of ``games.engine.core``, in ``rules.py`` with ``outcome`` and
``scores``); the start position is read from a record's tags in ``records.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import product
from typing import Literal

from games.engine.overload.board import BESIDE, CENTRE, DEAL_ORDER, FIRING, PILES, SLOTS
from games.engine.overload.cards import (
    colour,
    is_ace,
    is_joker,
    is_number,
    is_royal,
    suit,
    value,
)

Kind = Literal["setup", "pile", "royal", "ice", "prevent", "loop", "abandon"]
End = Literal["win", "deck", "ice", "loop", "abandon"]
MAX_HEALTH = 20
ROYAL_COUNT = 12


@dataclass(frozen=True, slots=True)
class Move:
    """One choice: ``kind``, its ``place`` (pile ``"1"``..``"9"`` or a slot, ``""`` for LOOP and
    ABANDON) and the ``card`` it places (``None`` for LOOP and ABANDON)."""

    kind: Kind
    place: str = ""
    card: str | None = None


LOOP = Move("loop")
ABANDON = Move("abandon")


@dataclass(frozen=True, slots=True)
class State:
    deck: tuple[str, ...]
    piles: tuple[tuple[str, ...], ...]
    royals: tuple[str | None, ...]
    ice: tuple[tuple[str, ...], ...]
    dead: tuple[bool, ...]
    pending: tuple[str, ...] = ()
    ply: int = 0
    end: End | None = None

    @property
    def drawn(self) -> str | None:
        """The card to place now, or ``None`` in setup or after the end."""
        if self.end is not None or self.pending or not self.deck:
            return None
        return self.deck[0]

    @property
    def royals_killed(self) -> int:
        return sum(self.dead)

    def top(self, pile: int) -> str | None:
        cards = self.piles[pile - 1]
        return cards[-1] if cards else None

    def royal(self, slot: str) -> str | None:
        return self.royals[SLOTS.index(slot)]

    def living(self, slot: str) -> bool:
        index = SLOTS.index(slot)
        return self.royals[index] is not None and not self.dead[index]

    def health(self, slot: str) -> int:
        """Base value of the royal there (0 for none) plus all its ICE."""
        index = SLOTS.index(slot)
        return value(self.royals[index]) + sum(value(card) for card in self.ice[index])

    def cards(self) -> list[str]:
        """Every card on or off the table, for the conservation invariant."""
        out = [*self.deck, *self.pending]
        for pile in self.piles:
            out.extend(pile)
        for royal, ice in zip(self.royals, self.ice, strict=True):
            if royal is not None:
                out.append(royal)
            out.extend(ice)
        return out


def deal(deck: Sequence[str]) -> State:
    """Deal the setup: one card on each of piles 1,2,3,4,6,7,8,9, royals set aside."""
    return deal_from(deck)


def deal_from(cards: Sequence[str], rest: Sequence[str] | None = None) -> State:
    """The table once ``cards`` (top first) are dealt as far as they go (one on each of piles
    1,2,3,4,6,7,8,9 in turn, royals set aside). The deck left is what the deal did not take of
    ``cards``, or ``rest`` when given (a deck told card by card: its unknown part)."""
    piles: list[tuple[str, ...]] = [() for _ in PILES]
    pending: list[str] = []
    dealt = 0
    used = 0
    for card in cards:
        if dealt == len(DEAL_ORDER):
            break
        used += 1
        if is_royal(card):
            pending.append(card)
        else:
            piles[DEAL_ORDER[dealt] - 1] = (card,)
            dealt += 1
    return State(
        deck=tuple(cards[used:]) if rest is None else tuple(rest),
        piles=tuple(piles),
        royals=(None,) * len(SLOTS),
        ice=((),) * len(SLOTS),
        dead=(False,) * len(SLOTS),
        pending=tuple(pending),
    )


# --- choices -------------------------------------------------------------------------------


def likeness(card: str, other: str | None) -> int:
    """2 same suit, 1 same colour, 0 otherwise (a joker or an empty pile: 0)."""
    if other is None or is_joker(other):
        return 0
    if suit(other) == suit(card):
        return 2
    return 1 if colour(other) == colour(card) else 0


def free_slots(state: State) -> tuple[str, ...]:
    """Slots holding no royal, living or dead (preventative ICE alone does not count)."""
    return tuple(slot for slot, royal in zip(SLOTS, state.royals, strict=True) if royal is None)


def rule_slots(state: State, card: str) -> tuple[str, ...]:
    """Where the royal rule sends ``card`` (a royal, or ICE with no living royal).

    Best pile top beside a free slot: same suit > same colour > other, then higher value.
    A joker on top reads, at the player's choice, as ``card``'s suit or as no suit; both
    readings are worth 0, so the legal slots are the union of the best under every reading.
    """
    candidates = free_slots(state)
    joker_piles = sorted(
        {BESIDE[slot] for slot in candidates if is_joker(state.top(BESIDE[slot]) or "")}
    )
    legal: set[str] = set()
    for reading in product((False, True), repeat=len(joker_piles)):
        as_suit = {pile for pile, chosen in zip(joker_piles, reading, strict=True) if chosen}

        def rank(slot: str, as_suit: set[int] = as_suit) -> tuple[int, int]:
            pile = BESIDE[slot]
            top = state.top(pile)
            if pile in as_suit:
                return (2, 0)
            return (likeness(card, top), value(top))

        best = max(rank(slot) for slot in candidates)
        legal.update(slot for slot in candidates if rank(slot) == best)
    return tuple(slot for slot in SLOTS if slot in legal)


def living_slots(state: State) -> tuple[str, ...]:
    return tuple(slot for slot in SLOTS if state.living(slot))


def ice_slots(state: State, card: str) -> tuple[str, ...]:
    """The living royals most like ``card``: same suit > same colour > other, then J < Q < K."""
    living = living_slots(state)
    if not living:
        return ()

    def rank(slot: str) -> tuple[int, int]:
        royal = state.royal(slot)
        return (likeness(card, royal), -value(royal))

    best = max(rank(slot) for slot in living)
    return tuple(slot for slot in living if rank(slot) == best)


def fitting_piles(state: State, card: str) -> tuple[int, ...]:
    """Piles a 2..10 may go on: top value not higher than the card (empty counts 0)."""
    return tuple(pile for pile in PILES if value(state.top(pile)) <= value(card))


def lowest_piles(state: State) -> tuple[int, ...]:
    lowest = min(value(state.top(pile)) for pile in PILES)
    return tuple(pile for pile in PILES if value(state.top(pile)) == lowest)


def placements(state: State) -> tuple[Move, ...]:
    """The legal ways to place the drawn card or, in setup, a pending royal (no LOOP/ABANDON)."""
    if state.end is not None:
        return ()
    if state.pending:
        moves: list[Move] = []
        for royal in dict.fromkeys(state.pending):
            moves.extend(Move("setup", slot, royal) for slot in rule_slots(state, royal))
        return tuple(moves)
    card = state.drawn
    if card is None:
        return ()
    if is_royal(card):
        return tuple(Move("royal", slot, card) for slot in rule_slots(state, card))
    if is_ace(card):
        piles: tuple[int, ...] = PILES
    elif is_joker(card):
        piles = lowest_piles(state)
    else:
        piles = fitting_piles(state, card)
        if not piles:
            targets = ice_slots(state, card)
            if targets:
                return tuple(Move("ice", slot, card) for slot in targets)
            return tuple(Move("prevent", slot, card) for slot in rule_slots(state, card))
    return tuple(Move("pile", str(pile), card) for pile in piles)


def _with(
    items: tuple[tuple[str, ...], ...], index: int, new: tuple[str, ...]
) -> tuple[tuple[str, ...], ...]:
    return (*items[:index], new, *items[index + 1 :])


def kills(state: State, pile: int) -> tuple[str, ...]:
    """The slots whose living royal dies when a card is placed on ``pile`` now."""
    out: list[str] = []
    for slot, first, second in FIRING[pile]:
        royal = state.royal(slot)
        if royal is None or not state.living(slot):
            continue
        tops = (state.top(first), state.top(second))
        if value(tops[0]) + value(tops[1]) < state.health(slot):
            continue
        if royal[0] == "Q" and any(colour(top) != colour(royal) for top in tops):
            continue
        if royal[0] == "K" and any(suit(top) != suit(royal) for top in tops):
            continue
        out.append(slot)
    return tuple(out)


def resolve(state: State, move: Move) -> State:
    """Play a move already known to be legal, then run the end checks (not in setup)."""
    if move.kind == "loop":
        return replace(state, ply=state.ply + 1, end="loop")
    if move.kind == "abandon":
        return replace(state, ply=state.ply + 1, end="abandon")
    card = move.card
    assert card is not None
    if move.kind == "setup":
        pending = list(state.pending)
        pending.remove(card)
        index = SLOTS.index(move.place)
        royals = (*state.royals[:index], card, *state.royals[index + 1 :])
        return replace(state, royals=royals, pending=tuple(pending))
    deck = state.deck[1:]
    if move.kind == "royal":
        index = SLOTS.index(move.place)
        royals = (*state.royals[:index], card, *state.royals[index + 1 :])
        after = replace(state, deck=deck, royals=royals)
    elif move.kind in ("ice", "prevent"):
        index = SLOTS.index(move.place)
        after = replace(state, deck=deck, ice=_with(state.ice, index, (*state.ice[index], card)))
    else:
        pile = int(move.place)
        old = state.piles[pile - 1]
        if is_number(card):
            piles = _with(state.piles, pile - 1, (*old, card))
        else:  # ace or joker: the pile goes under the deck, its bottom card drawn first
            deck = (*deck, *old)
            piles = _with(state.piles, pile - 1, (card,))
        after = replace(state, deck=deck, piles=piles)
        if pile != CENTRE:
            dead = list(after.dead)
            for slot in kills(after, pile):
                dead[SLOTS.index(slot)] = True
            after = replace(after, dead=tuple(dead))
    return replace(after, ply=state.ply + 1, end=end_check(after))


def end_check(state: State) -> End | None:
    """After every card: win (all 12 royals dead), else ice (a living royal over 20),
    else deck (no card left to draw)."""
    if state.royals_killed == ROYAL_COUNT:
        return "win"
    if any(state.health(slot) > MAX_HEALTH for slot in living_slots(state)):
        return "ice"
    if not state.deck:
        return "deck"
    return None


def result(state: State) -> tuple[str, str | None]:
    """``(result, reason)`` as in the replay JSON: win / loss with a reason / unfinished."""
    if state.end == "win":
        return "win", None
    if state.end in ("deck", "ice", "loop"):
        return "loss", state.end
    return "unfinished", None
