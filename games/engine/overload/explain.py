"""Sentences for refused moves: what is wrong and what was legal, in club words.

Terms as in ``rules.py``. Every function returns one sentence (no trailing full stop) that
names the card, the place asked for, the rule that forbids it and the legal choices.

Invariant: :func:`why_illegal` is only asked about a move that is not among the legal moves.
"""

from __future__ import annotations

from games.engine.core import join_names
from games.engine.overload.board import BESIDE, read_pile, read_slot
from games.engine.overload.cards import SUIT_NAMES, is_ace, is_joker, is_royal, value
from games.engine.overload.position import (
    Move,
    State,
    fitting_piles,
    ice_slots,
    lowest_piles,
    placements,
    result,
    rule_slots,
)

_ROYAL_RULE = "same suit, then same colour, then the higher card beside it"
_ICE_RULE = "same suit, then same colour, then the lowest rank, J before Q before K"


def top_name(state: State, pile: int) -> str:
    top = state.top(pile)
    return top if top is not None else "nothing (empty, worth 0)"


def beside(state: State, slots: tuple[str, ...], prefix: str = "") -> str:
    """``"E1 or W3 (beside 9H)"``-style list of slots with the pile top beside each."""
    groups: dict[str, list[str]] = {}
    for slot in slots:
        groups.setdefault(top_name(state, BESIDE[slot]), []).append(prefix + slot)
    if len(groups) == 1:
        ((top, group),) = groups.items()
        return f"{join_names(group)} (beside {top})"
    return join_names([f"{', '.join(group)} (beside {top})" for top, group in groups.items()])


def royals_in(state: State, slots: tuple[str, ...]) -> str:
    return join_names([f"I{slot} (on {state.royal(slot)})" for slot in slots])


def piles_list(piles: tuple[int, ...]) -> str:
    return ("pile " if len(piles) == 1 else "piles ") + join_names([str(p) for p in piles])


def ended(state: State) -> str:
    """How the game ended, for a token that comes after the end."""
    outcome, reason = result(state)
    if state.end == "win":
        left = len(state.deck)
        text = f"won with {left} card{'' if left == 1 else 's'} left"
    elif state.end == "abandon":
        text = "abandoned"
    else:
        text = f"{outcome} ({reason})"
    return f"the game is already over ({text} at ply {state.ply}), so no move can follow"


def _slot_taken(state: State, slot: str) -> str | None:
    royal = state.royal(slot)
    if royal is None:
        return None
    return f"{slot} already holds {'the dead ' if not state.living(slot) else ''}{royal}"


def _royal_place(state: State, card: str, slot: str) -> str:
    legal = rule_slots(state, card)
    joker = " (a joker on top may count as " + SUIT_NAMES[card[1]] + ")"
    jokers = any(is_joker(state.top(BESIDE[s]) or "") for s in legal)
    rule = f"the royal rule ({_ROYAL_RULE}){joker if jokers else ''} sends {card} to"
    taken = _slot_taken(state, slot)
    if taken is not None:
        return f"{taken}; {rule} {beside(state, legal)}"
    return f"{card} cannot go to {slot} (beside {top_name(state, BESIDE[slot])}): {rule} " + (
        beside(state, legal)
    )


def why_illegal(state: State, move: Move) -> str:
    """Why ``move`` is refused in ``state``, naming the legal choices."""
    if state.end is not None:
        return ended(state)
    if move.kind == "pile" and read_pile(move.place) is None:
        return f"there is no pile {move.place!r}: the piles are numbered 1 to 9"
    if move.kind not in ("pile", "loop", "abandon") and read_slot(move.place) is None:
        return f"there is no slot {move.place!r}: the slots are N1-N3, E1-E3, S1-S3 and W1-W3"
    if state.pending:
        return _why_setup(state, move)
    card = state.drawn
    assert card is not None
    if move.card != card:
        return f"the card drawn is {card}, not {move.card}; {card} can {choices(state)}"
    if move.kind == "setup":
        return f"the setup is over; the card drawn, {card}, can {choices(state)}"
    if is_royal(card):
        if move.kind != "royal":
            legal = beside(state, rule_slots(state, card))
            return f"{card} is a royal, so it goes to an outer slot by the royal rule: {legal}"
        return _royal_place(state, card, move.place)
    if is_ace(card):
        return f"{card} is an ace: it goes on any pile, 1 to 9"
    if is_joker(card):
        low = lowest_piles(state)
        where = f"{piles_list(low)} (top worth {value(state.top(low[0]))})"
        if move.kind != "pile":
            return f"a joker goes on the pile with the lowest top card: {where}"
        pile = int(move.place)
        return (
            f"a joker goes on the pile with the lowest top card, so {card} cannot go on pile "
            f"{pile} (top {top_name(state, pile)}); it goes on {where}"
        )
    return _why_number(state, card, move)


def _why_number(state: State, card: str, move: Move) -> str:
    fits = fitting_piles(state, card)
    if fits:
        if move.kind == "pile":
            pile = int(move.place)
            return (
                f"{card} cannot go on pile {pile}, whose top card {top_name(state, pile)} is "
                f"higher; {card} can go on {piles_list(fits)}"
            )
        return f"{card} fits {piles_list(fits)}, so it goes on a pile and cannot become ICE"
    targets = ice_slots(state, card)
    if targets:
        legal = royals_in(state, targets)
        if move.kind == "ice":
            if not state.living(move.place):
                taken = _slot_taken(state, move.place)
                what = taken if taken is not None else f"there is no royal in {move.place}"
                return f"{what}; {card} becomes ICE on the living royal most like it: {legal}"
            return (
                f"{card} cannot be ICE on {state.royal(move.place)} in {move.place}: ICE goes "
                f"on the living royal most like it ({_ICE_RULE}), here {legal}"
            )
        return (
            f"{card} fits no pile (every top card is higher), so it becomes ICE on the "
            f"living royal most like it: {legal}"
        )
    legal = beside(state, rule_slots(state, card), "P")
    if move.kind == "prevent":
        slot = move.place
        why = _slot_taken(state, slot) or f"{slot} lies beside {top_name(state, BESIDE[slot])}"
        return (
            f"no royal is alive, so {card} becomes preventative ICE where the royal rule "
            f"({_ROYAL_RULE}) would put a royal: {legal}; {why}"
        )
    return (
        f"{card} fits no pile and no royal is alive, so it becomes preventative ICE where the "
        f"royal rule would put a royal: {legal}"
    )


def _why_setup(state: State, move: Move) -> str:
    card = move.card
    waiting = join_names(list(dict.fromkeys(state.pending)))
    if move.kind in ("loop", "abandon"):
        return f"the royals set aside while dealing ({waiting}) must be placed first"
    if move.kind != "setup" or card is None or card not in state.pending:
        return f"{card} is not a royal waiting to be placed; the deal set aside {waiting}"
    return _royal_place(state, card, move.place)


def choices(state: State) -> str:
    """What the drawn card can do: ``go on piles 1, 5 or 7``, ``go to N3 or E1``, ..."""
    moves = placements(state)
    places = [move.place for move in moves]
    kind = moves[0].kind if moves else "pile"
    if kind == "pile":
        return "go on " + piles_list(tuple(int(place) for place in places))
    if kind == "ice":
        return "become ICE: " + join_names(["I" + place for place in places])
    if kind == "prevent":
        return "become preventative ICE: " + join_names(["P" + place for place in places])
    return "go to " + join_names(places)
