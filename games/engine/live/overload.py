"""Live entry for MATR1X 0VERL0AD: the deck upfront, then the setup and each draw.

The game starts from its ``Deck`` tag (the 54 cards, top first: the shuffled deck as it will
be drawn). The royals met while dealing are then placed one *setup token* each (``KH>N2``, in
the order placed), and every drawn card gets one token (``1``..``9``, ``N1``.., ``IN2``,
``PE1``, optionally with the card echoed, ``6C:1``; or ``LOOP`` / ``ABANDON``).

*A deck told card by card* (tag ``DeckEntry "drawn"`` instead of ``Deck``): no one types the
54 cards first. Each card dealt is one token, its code (``6C``), until eight cards lie on the
piles (royals met are set aside as usual), and every draw of a card not seen before must name
it (``6C:1``; a card coming back from under the deck is known and needs no name). The rest of
the deck is unknown (``overload.told``): the view lists no undrawn card because none is known.
The record of a finished game writes ``Deck`` as the cards told, in order, then the never-drawn
ones in the usual order, with ``DeckDrawn`` saying how many were told; an unfinished one
cannot be written yet (``to_mgn`` gives its tags and moves so far). Setup tokens
are plies here (not in the engine, which keeps them in the ``Setup`` tag): a game whose deal
meets three royals has its first draw at live ply 4. Every token is judged by
``overload.apply``. The one role is ``player``; its score is the number of royals killed.

The view's ``board``::

    {"phase": "setup" | "play" | "over",
     "piles": {"1": {"cards": ["3S", "4S"], "top": "4S", "depth": 2}, ... "9"},  # bottom first
     "slots": {"N1": {"royal": "KH" | null, "beside": 1, "ice": ["7D"], "health": 20,
                      "dead": false}, ... N1-N3 E1-E3 S1-S3 W1-W3},
     "pending": ["KD"],           # royals met while dealing, still to place (setup phase)
     "next_card": "6C" | null,    # the card drawn now (null in setup or after the end)
     "deck_count": 31, "royals_killed": 3, "cards_left": null | 7,
     "end": null | "win" | "deck" | "ice" | "loop" | "abandon",
     "result": "win" | "loss" | "unfinished", "reason": null | "deck" | "ice" | "loop",
     "kills": ["N2"],             # slots whose royal the last move killed
     "picture": "...text..."}     # the engine's text picture of the table

``legal`` lists the canonical tokens: setup placements (``KH>N2``), or the placements of the
drawn card (``6C:1``, ``7D:IN2``) followed by ``LOOP`` and ``ABANDON``. With a told deck: while
dealing, the codes of the cards not seen yet (``expect`` is ``"deal"``); when the card drawn
is not known yet, the placements of every card it could be, then ``LOOP`` and ``ABANDON``.
The board then also holds ``"told": 23`` (cards told so far; ``null`` with a whole deck) and
``"deal_pile": 4`` (the pile the next dealt card goes on, while dealing). ``details`` (and the
board) hold ``"ending"``: why the game ended (``summary.ending``), ``null`` while it runs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from games.engine.core import IllegalMoveError, JsonDict, RecordError
from games.engine.live.common import Summary, Tags, at_ply, with_tags, without, written_tags
from games.engine.overload import told as deck_told
from games.engine.overload.board import PILES, SLOTS
from games.engine.overload.cards import read_card
from games.engine.overload.explain import ended
from games.engine.overload.notation import format_move, format_result, parse_move, read_setup
from games.engine.overload.position import ABANDON, LOOP, State, placements, result
from games.engine.overload.records import judge, new_game
from games.engine.overload.rules import apply, legal_moves
from games.engine.overload.summary import ending, picture, table
from games.engine.record import RawRecord

NAME = "matrix-overload"
PLAYER_TAGS: tuple[str, ...] = ("Player",)
ROLE = "player"
#: the tag of a deck told card by card, its one value, and the count written on export
ENTRY_TAG, DRAWN, TOLD_TAG = "DeckEntry", "drawn", "DeckDrawn"


@dataclass(frozen=True)
class Position:
    state: State
    last_by: str | None = None
    kills: tuple[str, ...] = ()
    #: a deck told card by card: the cards told so far, top first (``None``: a whole deck)
    told: tuple[str, ...] | None = None

    @property
    def dealing(self) -> bool:
        return self.told is not None and deck_told.dealing(self.told)


def roles(players: Sequence[str]) -> tuple[str, ...]:
    return (ROLE,)


def result_text(players: Sequence[str], result: Mapping[str, Any]) -> str:
    """The ``Result`` tag of a result-only game: won or lost (why), royals killed, cards left."""
    killed = result.get("royals_killed")
    return format_result(
        str(result.get("result", "")),
        result.get("reason"),
        killed if isinstance(killed, int) else 12,
        result.get("cards_left"),
    )


def check_players(players: Sequence[str]) -> None:
    if len(players) != 1:
        raise RecordError("Matrix Overload is a solitaire: give one player")


def begin(record: RawRecord, players: tuple[str, ...]) -> Position:
    entry = record.tag(ENTRY_TAG)
    if entry is None:
        return Position(new_game(dict(record.tags)))
    if entry.strip().lower() != DRAWN:
        raise RecordError(f'[{ENTRY_TAG}] can only be "{DRAWN}" (each card told as it is drawn)')
    if record.tag("Deck") is not None or record.tag("Setup") is not None:
        raise RecordError(
            f"a deck told card by card ([{ENTRY_TAG}]) has no [Deck] or [Setup] tag: the cards "
            "and the royals' places are recorded as they come"
        )
    return Position(deck_told.deal_so_far(()), told=())


def _deal_card(position: Position, token: str, ply: int) -> tuple[Position, str]:
    told = position.told or ()
    card = read_card(token)
    pile = deck_told.next_pile(told)
    if card is None:
        raise IllegalMoveError(
            f"cannot read {token!r} as the card dealt onto pile {pile}: write its code, "
            "e.g. 6C, TD (ten of diamonds), XR (red joker)",
            ply=ply,
            move=token,
        ).because("overload.deal_unreadable", pile=pile)
    if card in told:
        raise IllegalMoveError(f"{card} was dealt already", ply=ply, move=token).because(
            "overload.dealt_twice", card=card
        )
    now = (*told, card)
    return Position(deck_told.deal_so_far(now), ROLE, told=now), card


def _named_draw(state: State, told: tuple[str, ...], token: str, ply: int) -> State:
    """The state with the card the token names on top (a told deck's unknown draw)."""
    echo, colon, _ = token.strip().rpartition(":")
    card = read_card(echo) if colon else None
    if card is None:
        raise IllegalMoveError(
            "the card drawn is not known yet: name it before its place, e.g. 6C:1 (six of "
            "clubs on pile 1), KH:N2, 7D:IN2",
            ply=ply,
            move=token,
        ).because("overload.name_the_card")
    if card in told:
        raise IllegalMoveError(
            f"{card} was drawn before: it is on the table, so it cannot be the card drawn now",
            ply=ply,
            move=token,
        ).because("overload.drawn_twice", card=card)
    return deck_told.reveal(state, card)


def step(position: Position, token: str, ply: int) -> tuple[Position, str]:
    state, told = position.state, position.told
    if state.end is not None:
        raise IllegalMoveError(ended(state), ply=ply, move=token).because("overload.over")
    if position.dealing:
        return _deal_card(position, token, ply)
    named = told is not None and deck_told.is_unknown(state)
    loop_or_abandon = token.strip().upper() in ("LOOP", "ABANDON")
    try:
        if named and not loop_or_abandon:
            state = _named_draw(state, told or (), token, ply)
        move = parse_move(state, token)
        if named and loop_or_abandon:  # no card is drawn: judge it with any, keep the deck
            probe = deck_told.reveal(state, deck_told.unseen(told or ())[0])
            after = replace(apply(probe, move), deck=state.deck)
        else:
            after = apply(state, move)
    except IllegalMoveError as error:
        raise at_ply(error, ply, token) from None
    kills = tuple(
        slot
        for slot, was, now in zip(SLOTS, state.dead, after.dead, strict=True)
        if now and not was
    )
    if named and move.card is not None:
        told = (*(told or ()), move.card)
    return Position(after, ROLE, kills, told), format_move(move)


def _details(state: State) -> JsonDict:
    word, reason = result(state)
    return {
        "result": word,
        "reason": reason,
        "royals_killed": state.royals_killed,
        "cards_left": len(state.deck) if state.end == "win" else None,
        "ending": ending(state),
    }


def summary(position: Position, players: tuple[str, ...]) -> Summary:
    state = position.state
    return Summary(
        finished=state.end is not None,
        abandoned=state.end == "abandon",
        plies=None,
        scores={ROLE: state.royals_killed},
        winners=(ROLE,) if state.end == "win" else (),
        ranks={},
        details=_details(state),
    )


def _legal(position: Position) -> list[str]:
    """Legal tokens (module docstring); a told deck's unknown draw lists every card it may be."""
    state, told = position.state, position.told
    if told is not None and position.dealing:
        return list(deck_told.unseen(told))
    if told is not None and deck_told.is_unknown(state):
        tokens = [
            format_move(move)
            for card in deck_told.unseen(told)
            for move in placements(deck_told.reveal(state, card))
        ]
        return [*tokens, format_move(LOOP), format_move(ABANDON)]
    return [format_move(move) for move in legal_moves(state)]


def view(position: Position, players: tuple[str, ...]) -> JsonDict:
    state = position.state
    phase = "over" if state.end is not None else "setup" if state.pending else "play"
    if position.dealing:
        phase = "deal"
    expect = {"over": None, "deal": "deal", "setup": "setup"}.get(phase, "move")
    told = position.told
    board = {
        "phase": phase,
        "piles": {
            str(pile): {
                "cards": list(state.piles[pile - 1]),
                "top": state.top(pile),
                "depth": len(state.piles[pile - 1]),
            }
            for pile in PILES
        },
        "slots": table(state)["slots"],
        "pending": list(state.pending),
        "next_card": None if state.drawn == deck_told.UNKNOWN else state.drawn,
        "deck_count": len(state.deck),
        "told": None if told is None else len(told),
        "deal_pile": deck_told.next_pile(told) if told is not None and position.dealing else None,
        **_details(state),
        "end": state.end,
        "kills": list(position.kills),
        "picture": picture(state),
    }
    return {
        "to_move": None if phase == "over" else ROLE,
        "expect": expect,
        "legal": _legal(position),
        "board": board,
        "last_by": position.last_by,
    }


def setup_tokens(record: RawRecord) -> tuple[Tags, tuple[str, ...]]:
    """The tags without ``Setup``, and its placements as setup tokens (played as plies)."""
    tags = written_tags(record, "setup")
    written = record.tag("Setup")
    if written is None:
        return tags, ()
    return tags, tuple(format_move(move) for move in read_setup(written))


def record_text(tags: Tags, players: tuple[str, ...], tokens: Sequence[str]) -> tuple[Tags, str]:
    setup = [token for token in tokens if ">" in token]
    moves = [token for token in tokens if ">" not in token]
    if any(name.lower() == ENTRY_TAG.lower() for name, _ in tags):
        tags, moves = _told_deck(tags, tokens, moves)
    if setup:
        tags = with_tags(tags, {"Setup": " ".join(setup)})
    return tags, " ".join(moves)


def _told_deck(tags: Tags, tokens: Sequence[str], moves: list[str]) -> tuple[Tags, list[str]]:
    """A told deck's ``Deck`` tag (whole once the game is over) and its moves without the deal."""
    position = Position(deck_told.deal_so_far(()), told=())
    for ply, token in enumerate(tokens, start=1):
        position = step(position, token, ply)[0]
    told = position.told or ()
    dealt = sum(1 for token in moves if ":" not in token and token not in ("LOOP", "ABANDON"))
    if position.state.end is None:  # the rest of the deck is unknown: no record yet
        return with_tags(tags, {"Deck": " ".join(told)}), moves[dealt:]
    whole = {"Deck": " ".join(deck_told.whole_deck(told)), TOLD_TAG: str(len(told))}
    return with_tags(without(tags, ENTRY_TAG), whole), moves[dealt:]


def from_canonical(record: RawRecord) -> tuple[tuple[str, ...], tuple[str, ...]]:
    players = ((record.tag("Player") or "").strip(),)
    return players, tuple(token.text for token in record.tokens())


def replayed(record: RawRecord, fields: Mapping[str, Any], tokens: tuple[str, ...]) -> Summary:
    abandoned = bool(tokens) and tokens[-1] == "ABANDON"
    details = {key: fields[key] for key in ("result", "reason", "royals_killed", "cards_left")}
    judged = None if fields.get("result_only") else judge(record).state
    details["ending"] = ending(judged) if judged is not None else None
    return Summary(
        finished=fields["result"] != "unfinished" or abandoned or bool(fields.get("result_only")),
        abandoned=abandoned,
        plies=len(tokens) if tokens else None,
        scores={ROLE: fields["royals_killed"]},
        winners=(ROLE,) if fields["result"] == "win" else (),
        ranks={},
        result_only=bool(fields.get("result_only")),
        details=details,
    )
