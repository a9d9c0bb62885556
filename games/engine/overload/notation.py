"""MGN notation of MATR1X 0VERL0AD (``docs/records.md`` §4): moves, Deck, Setup and Result.

Terms: a movetext *token* is ``[CARD:]BODY`` where BODY is a pile ``1``..``9``, a slot
``N1``..``W3`` (a royal), ``I<slot>`` (ICE on the royal there) or ``P<slot>`` (preventative
ICE), or the bare words ``LOOP`` / ``ABANDON``; the optional ``CARD:`` *echo* names the card
drawn. A setup placement is ``CARD>SLOT``. The Result tag is ``win; cards left: N``,
``loss: deck|ice|loop; royals killed: N`` or ``unfinished; royals killed: N``.

Invariants: input is case-insensitive and accepts ``10`` for ``T``; output is canonical:
upper case, every placement written with its echo (``6C:1``) so a reader sees the card of
each ply without counting through the deck, and ``parse_move(s, format_move(m)) == m`` for
every legal move ``m`` of ``s``.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.core import IllegalMoveError, RecordError, join_names
from games.engine.overload.board import read_pile, read_slot
from games.engine.overload.cards import FULL_DECK, is_royal, read_card
from games.engine.overload.position import ABANDON, LOOP, Kind, Move, State

PLIES_PER_LINE = 10
_BODY_HELP = (
    "a move is a pile 1-9, a slot N1-N3 E1-E3 S1-S3 W1-W3, I<slot> for ICE, "
    "P<slot> for preventative ICE, LOOP or ABANDON, optionally after the card drawn (6C:1)"
)
_CARD_HELP = "a card is a rank A 2-9 T J Q K and a suit S H D C, or a joker XB or XR"


def format_move(move: Move) -> str:
    """Canonical token: ``6C:1``, ``KH:N2``, ``7D:IN2``, ``7D:PE1``, ``KH>N2`` (setup)."""
    if move.kind == "loop":
        return "LOOP"
    if move.kind == "abandon":
        return "ABANDON"
    if move.kind == "setup":
        return f"{move.card}>{move.place}"
    body = {"ice": "I", "prevent": "P"}.get(move.kind, "") + move.place
    return f"{move.card}:{body}" if move.card is not None else body


def parse_move(state: State, token: str) -> Move:
    """Read one token for ``state`` (an unread echo fills in the card drawn).

    Raises :class:`IllegalMoveError` for a token that cannot be read; whether the move is
    legal (including whether its echo names the card drawn) is ``apply``'s business.
    """
    text = token.strip().upper()
    ply = state.ply + 1

    def fail(reason: str) -> IllegalMoveError:
        return IllegalMoveError(reason, ply=ply, move=token).because(
            "overload.unreadable", move=token
        )

    if state.pending:
        card_text, arrow, slot_text = text.partition(">")
        card, slot = read_card(card_text), read_slot(slot_text)
        if not arrow or card is None or slot is None:
            raise fail(f"cannot read {token!r} as a setup placement: write CARD>SLOT, e.g. KH>N2")
        return Move("setup", slot, card)
    if text == "LOOP":
        return LOOP
    if text == "ABANDON":
        return ABANDON
    echo_text, colon, body = text.rpartition(":")
    echo = state.drawn
    if colon:
        if body in ("LOOP", "ABANDON"):
            raise fail(f"{body} takes no card before it: write {body} alone")
        echo = read_card(echo_text)
        if echo is None:
            raise fail(f"cannot read {echo_text!r} before the colon as a card: {_CARD_HELP}")
    kind: Kind
    if read_pile(body) is not None:
        kind, place = "pile", body
    elif read_slot(body) is not None:
        kind, place = "royal", body
    elif body[:1] in ("I", "P") and read_slot(body[1:]) is not None:
        kind, place = ("ice" if body[0] == "I" else "prevent"), body[1:]
    else:
        raise fail(f"cannot read {token!r} as a move: {_BODY_HELP}")
    return Move(kind, place, echo)


def format_movetext(moves: Sequence[Move]) -> str:
    """Tokens, ``PLIES_PER_LINE`` to a line, each line led by the number of its first ply."""
    lines = []
    for start in range(0, len(moves), PLIES_PER_LINE):
        chunk = " ".join(format_move(move) for move in moves[start : start + PLIES_PER_LINE])
        lines.append(f"{start + 1}. {chunk}")
    return "\n".join(lines)


# --- tags ----------------------------------------------------------------------------------


def read_deck(text: str) -> tuple[str, ...]:
    """The 54 card codes of a Deck tag, top first; a :class:`RecordError` names the fault."""
    cards: list[str] = []
    seen: set[str] = set()
    for word in text.split():
        card = read_card(word)
        if card is None:
            raise RecordError(f"[Deck] cannot read {word!r} as a card: {_CARD_HELP}").because(
                "record.not_a_card", tag="Deck", text=word
            )
        if card in seen:
            raise RecordError(
                f"[Deck] lists {card} twice; the deck holds each of the 54 once"
            ).because("overload.deck_twice", card=card)
        seen.add(card)
        cards.append(card)
    if len(cards) != len(FULL_DECK):
        missing = [card for card in FULL_DECK if card not in seen]
        raise RecordError(
            f"[Deck] lists {len(cards)} cards but must list all 54, each once; "
            f"missing: {join_names(missing, 'and')}"
        ).because("overload.deck_size", count=len(cards), missing=missing)
    return tuple(cards)


def format_deck(deck: Sequence[str]) -> str:
    return " ".join(deck)


def read_setup(text: str) -> tuple[Move, ...]:
    """The placements of a Setup tag, in order (``KH>N2 QS>W1``); legality is checked later."""
    moves: list[Move] = []
    for word in text.split():
        card_text, arrow, slot_text = word.upper().partition(">")
        card, slot = read_card(card_text), read_slot(slot_text)
        if not arrow or card is None or slot is None:
            raise RecordError(
                f"[Setup] cannot read {word!r}: each placement is written CARD>SLOT, e.g. KH>N2"
            ).because("overload.setup_unreadable", text=word)
        if not is_royal(card):
            raise RecordError(f"[Setup] places {card}, which is not a royal (J, Q or K)").because(
                "overload.setup_not_royal", card=card
            )
        moves.append(Move("setup", slot, card))
    return tuple(moves)


def format_setup(moves: Sequence[Move]) -> str:
    return " ".join(format_move(move) for move in moves)


# --- result --------------------------------------------------------------------------------

RESULTS = ("win", "loss", "unfinished")
REASONS = ("deck", "ice", "loop")
MAX_CARDS_LEFT = 54 - 12 - 8
_RESULT_HELP = (
    'the Result is written "win; cards left: N", "loss: deck; royals killed: N" '
    '(or ice, loop) or "unfinished; royals killed: N"'
)


def format_result(result: str, reason: str | None, killed: int, cards_left: int | None) -> str:
    if result == "win":
        return f"win; cards left: {cards_left}"
    if result == "loss":
        return f"loss: {reason}; royals killed: {killed}"
    return f"unfinished; royals killed: {killed}"


def read_result(text: str) -> tuple[str, str | None, int, int | None]:
    """``(result, reason, royals_killed, cards_left)`` of a Result tag, or a RecordError."""
    parts = [part.strip() for part in text.split(";") if part.strip()]
    if len(parts) != 2:
        raise RecordError(f'cannot read [Result "{text}"]: {_RESULT_HELP}')
    head = "".join(parts[0].split()).lower()
    label, _, number = "".join(parts[1].split()).lower().partition(":")  # "cardsleft", "7"
    word, _, reason = head.partition(":")
    if not number.isdigit() or word not in RESULTS:
        raise RecordError(f'cannot read [Result "{text}"]: {_RESULT_HELP}')
    count = int(number)
    if word == "win":
        if reason or label != "cardsleft":
            raise RecordError(f'cannot read [Result "{text}"]: {_RESULT_HELP}')
        if count > MAX_CARDS_LEFT:
            raise RecordError(
                f'[Result "{text}"] leaves {count} cards, but a win leaves at most '
                f"{MAX_CARDS_LEFT} (12 royals and 8 piles are on the table)"
            )
        return "win", None, 12, count
    if label != "royalskilled" or (word == "loss") != (reason in REASONS):
        raise RecordError(f'cannot read [Result "{text}"]: {_RESULT_HELP}')
    if word == "unfinished" and reason:
        raise RecordError(f'cannot read [Result "{text}"]: {_RESULT_HELP}')
    if count > 11:
        raise RecordError(
            f'[Result "{text}"] counts {count} royals killed; a game that kills all 12 is a win'
        )
    return word, reason or None, count, None
