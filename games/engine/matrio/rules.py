"""MatriO rules (``docs/rules/matrio.md``): placements, markers, withdrawal, end and scores.

Terms: seats 0-3 are P1-P4 clockwise, P1 holds the 2 of clubs and plays first. ``E(s)`` is
the number of empty trays of printed suit s. A card of suit s goes on an empty tray of suit s
while E(s) > 0, else on any non-empty tray; a joker goes anywhere. A placement that fills the
last empty tray of a row or column wins the cells where it crosses complete lines (0-3).
When the last empty tray is filled, every seat owning no cell withdraws.

Invariants: ``State`` is immutable; ``apply`` validates every move and never returns a state
that breaks a rule; cell owners never change once set; the game ends when every remaining
seat has played its 13 cards, so plies = 52 - cards discarded by withdrawn seats.
"""

from __future__ import annotations

from typing import NamedTuple

from games.engine.core import IllegalMoveError, Outcome, join_names
from games.engine.matrio.board import (
    SUIT_TRAYS,
    TRAY_LINE,
    TRAY_SUIT,
    TRAYS,
    cell_scores,
    cells_completed,
    line_complete,
    suit_name,
)
from games.engine.matrio.cards import BIT, DECK, SUIT, cards_of

SEATS = ("P1", "P2", "P3", "P4")
HAND_SIZE = 13


class Options(NamedTuple):
    """Rules options of one game: the opening rule and, when recorded, the four hands."""

    opening: str = "2C"  # "2C" or "any"
    hands: tuple[int | None, ...] = (None, None, None, None)  # bit sets, None = not recorded


class Move(NamedTuple):
    card: str
    tray: int


class State(NamedTuple):
    options: Options
    tops: tuple[str | None, ...]  # top card of each of the 24 trays
    empty: dict[str, int]  # E(s) per printed suit; never mutated
    played: int  # bit set of played cards
    counts: tuple[int, ...]  # cards played per seat
    owners: tuple[int | None, ...]  # seat owning each of the 9 cells
    withdrawn: tuple[bool, ...]
    to_move: int | None  # None when the game is over
    ply: int  # plies played so far


def new_game(options: Options | None = None) -> State:
    return State(
        options=options or Options(),
        tops=(None,) * 24,
        empty=dict.fromkeys(SUIT_TRAYS, 6),
        played=0,
        counts=(0, 0, 0, 0),
        owners=(None,) * 9,
        withdrawn=(False, False, False, False),
        to_move=0,
        ply=0,
    )


def is_over(state: State) -> bool:
    return state.to_move is None


def legal_trays(state: State, card: str) -> tuple[int, ...]:
    """Where a card may go now (ignoring whose hand it is in)."""
    suit = SUIT[card]
    tops = state.tops
    if suit is None:
        return tuple(range(24))
    if state.empty[suit]:
        return tuple(t for t in SUIT_TRAYS[suit] if tops[t] is None)
    return tuple(t for t in range(24) if tops[t] is not None)


def playable_cards(state: State) -> list[str]:
    """The cards the player to move may play: their hand, or every unplayed card if unknown."""
    seat = state.to_move
    if seat is None:
        return []
    if state.ply == 0 and state.options.opening == "2C":
        return ["2C"]
    hand = state.options.hands[seat]
    pool = (~state.played if hand is None else hand & ~state.played) & ((1 << len(DECK)) - 1)
    return cards_of(pool)


def legal_moves(state: State) -> tuple[Move, ...]:
    return tuple(
        Move(card, tray) for card in playable_cards(state) for tray in legal_trays(state, card)
    )


def format_move(move: Move, marks: int = 0) -> str:
    return f"{move.card}>{TRAYS[move.tray]}" + "+" * marks


def apply(state: State, move: Move) -> State:
    """Play one card; raises :class:`IllegalMoveError` explaining what was legal instead."""
    ply = state.ply + 1
    seat = state.to_move
    card, tray = move
    token = format_move(move)
    if seat is None:
        raise IllegalMoveError(
            f"{token} comes after the end of the game (every remaining hand is empty)",
            ply=ply,
            move=token,
        ).because("matrio.after_end", card=card)
    player = SEATS[seat]
    bit = BIT.get(card)
    if bit is None or not 0 <= tray < 24:
        raise IllegalMoveError(
            f"{token} is not a MatriO move", ply=ply, move=token, player=player
        ).because("matrio.not_a_move", move=token)
    _check_card(state, seat, card, bit, ply, token)
    tops = state.tops
    suit = SUIT[card]
    on_empty = tops[tray] is None
    if suit is not None and (
        bool(state.empty[suit]) != on_empty or (on_empty and TRAY_SUIT[tray] != suit)
    ):
        raise IllegalMoveError(
            _placement_reason(state, card, tray),
            ply=ply,
            move=token,
            player=player,
            legal=[format_move(Move(card, t)) for t in legal_trays(state, card)],
        ).because(
            _placement_code(state, card, tray),
            card=card,
            tray=TRAYS[tray],
            suit=suit,
            trays=[TRAYS[t] for t in legal_trays(state, card)],
        )
    new_tops = (*tops[:tray], card, *tops[tray + 1 :])
    empty = state.empty
    owners = state.owners
    withdrawn = state.withdrawn
    if on_empty:
        printed = TRAY_SUIT[tray]
        empty = {**empty, printed: empty[printed] - 1}
        line = TRAY_LINE[tray]
        if line_complete(new_tops, line):
            won = cells_completed(new_tops, line)
            if won:
                new_owners = list(owners)
                for cell in won:
                    new_owners[cell] = seat
                owners = tuple(new_owners)
        if not any(empty.values()):
            withdrawn = tuple(o not in owners for o in range(4))
    counts = (*state.counts[:seat], state.counts[seat] + 1, *state.counts[seat + 1 :])
    return State(
        options=state.options,
        tops=new_tops,
        empty=empty,
        played=state.played | bit,
        counts=counts,
        owners=owners,
        withdrawn=withdrawn,
        to_move=_next_seat(seat, counts, withdrawn),
        ply=ply,
    )


def _next_seat(seat: int, counts: tuple[int, ...], withdrawn: tuple[bool, ...]) -> int | None:
    for step in range(1, 5):
        other = (seat + step) % 4
        if not withdrawn[other] and counts[other] < HAND_SIZE:
            return other
    return None


def _check_card(state: State, seat: int, card: str, bit: int, ply: int, token: str) -> None:
    player = SEATS[seat]
    if state.played & bit:
        raise IllegalMoveError(
            f"{card} has already been played", ply=ply, move=token, player=player
        ).because("matrio.already_played", card=card)
    if ply == 1 and state.options.opening == "2C" and card != "2C":
        raise IllegalMoveError(
            f"the game opens with the 2 of clubs, not {card}: the first move must put 2C on "
            f"one of {join_names([TRAYS[t] for t in SUIT_TRAYS['C']])}",
            ply=ply,
            move=token,
            player=player,
            legal=[format_move(m) for m in legal_moves(state)],
        ).because("matrio.opening", card=card, trays=[TRAYS[t] for t in SUIT_TRAYS["C"]])
    hand = state.options.hands[seat]
    if hand is not None and not hand & bit:
        # Read out at the table: name the card and the player, never a hand (fair play).
        left = (hand & ~state.played).bit_count()
        raise IllegalMoveError(
            f"{card} is not in {player}'s hand: {player} plays one of the {left} cards "
            f"left in their own hand",
            ply=ply,
            move=token,
            player=player,
            legal=[format_move(m) for m in legal_moves(state)],
        ).because("matrio.not_in_hand", card=card, left=left)


def _placement_code(state: State, card: str, tray: int) -> str:
    """What :func:`_placement_reason` says, as a code for the site's own words."""
    suit = SUIT[card]
    assert suit is not None
    if not state.empty[suit]:
        return "matrio.tray_empty"
    return "matrio.tray_not_empty" if state.tops[tray] is not None else "matrio.tray_wrong_suit"


def _placement_reason(state: State, card: str, tray: int) -> str:
    suit = SUIT[card]
    assert suit is not None
    name = suit_name(suit)
    targets = join_names([TRAYS[t] for t in legal_trays(state, card)])
    where = TRAYS[tray]
    if state.empty[suit]:
        why = "is not empty" if state.tops[tray] is not None else f"is not a {name} tray"
        return (
            f"{card} cannot go on {where} — {name} still has empty trays and {where} {why}, "
            f"so {card} must go on one of {targets}"
        )
    return (
        f"{card} cannot go on {where} — every {name[:-1]} tray is filled, so {card} goes on a "
        f"non-empty tray ({where} is empty): one of {targets}"
    )


def scores(state: State) -> dict[str, int | None]:
    """Each seat's total from the cells it owns now; ``None`` for a withdrawn seat."""
    cells = cell_scores(state.tops)
    totals: dict[str, int | None] = {}
    for seat, name in enumerate(SEATS):
        if state.withdrawn[seat]:
            totals[name] = None
        else:
            totals[name] = sum(cells[c] for c, o in enumerate(state.owners) if o == seat)
    return totals


def winners(totals: dict[str, int | None]) -> tuple[str, ...]:
    best = max((v for v in totals.values() if v is not None), default=None)
    return tuple(name for name, v in totals.items() if v is not None and v == best)


def outcome(state: State) -> Outcome | None:
    if not is_over(state):
        return None
    totals = scores(state)
    return Outcome(scores=totals, winners=winners(totals))
