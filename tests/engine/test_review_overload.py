"""Post-game review of MATR1X 0VERL0AD: winnability after each move and where it was lost."""

from __future__ import annotations

import random
from functools import cache

from games.engine.overload import random_game
from games.engine.overload.cards import FULL_DECK
from games.engine.overload.notation import (
    format_deck,
    format_move,
    format_movetext,
    format_result,
)
from games.engine.overload.position import LOOP, Move, deal, placements, result
from games.engine.overload.position import resolve as engine_resolve
from games.engine.record import read_records
from games.engine.review import review
from games.engine.review.grades import OVERLOAD
from games.engine.review.overload import Solver, hopeless, resolve
from games.engine.review.overload import review as review_overload

# A deck whose deal meets no royal and which can be won (made by a beam search that chose the
# cards as it went; aces and jokers at the bottom).
DECK_TEXT = (
    "2S 3D 7H 5D 6D TH 8C 5C JH 7D JD TS QD 9D JS 4D KD TC QH 8H QS JC TD 7S 6S KS 9S KH KC "
    "QC 5S 6C 9H 9C 7C 8S 3S 4S 2H 3H 4H 5H 6H 2D 8D 2C 3C 4C AS AH AD AC XB XR"
)
DECK = DECK_TEXT.split(" ")


def mgn(moves: list[Move]) -> str:
    state = deal(DECK)
    for move in moves:
        state = engine_resolve(state, move)
    word, reason = result(state)
    left = len(state.deck) if state.end == "win" else None
    text = format_result(word, reason, state.royals_killed, left)
    return (
        f'[Game "matrix-overload"]\n[Player "tester"]\n[Deck "{format_deck(DECK)}"]\n'
        f'[Result "{text}"]\n\n{format_movetext(moves)}\n'
    )


@cache
def winning_line() -> list[Move]:
    """The reviewer's own play: the solver's winning move at every ply."""
    solver = Solver()
    state = deal(DECK)
    moves = []
    while state.end is None:
        move = solver.winning_move(state)
        assert move is not None
        moves.append(move)
        state = resolve(state, move)
    assert state.end == "win"
    return list(moves)


def test_the_fast_resolve_plays_every_placement_like_the_engine() -> None:
    rng = random.Random(7)
    checked = 0
    for _ in range(12):
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        state = deal(deck)
        while state.end is None and state.ply < 150:
            moves = placements(state)
            for move in moves:
                assert resolve(state, move) == engine_resolve(state, move)
                checked += 1
            state = engine_resolve(state, rng.choice(moves))
    assert checked > 1000


def test_a_game_played_by_the_solver_is_all_good() -> None:
    moves = winning_line()
    done = review("matrix-overload", mgn(moves))

    assert [m.grade for m in done.moves] == ["good"] * len(moves)
    assert all(m.value == 1.0 and m.loss == 0 for m in done.moves)
    assert done.details["winnable_at_start"] is True
    assert done.details["lost_at"] is None


def test_declaring_a_loop_in_a_winnable_deal_is_where_it_was_lost() -> None:
    moves = [*winning_line()[:10], LOOP]
    done = review(None, mgn(moves))

    lost = done.moves[10]
    assert lost.ply == 11 and lost.played == "LOOP"
    assert lost.grade == "blunder" and lost.loss == 1.0
    assert lost.best == format_move(winning_line()[10])
    assert done.details["lost_at"] == {"ply": 11, "phase": "play", "move": "LOOP"}
    assert [m.grade for m in done.moves[:10]] == ["good"] * 10
    assert all(m.loss >= 0 for m in done.moves)


def test_the_json_shape() -> None:
    moves = [*winning_line()[:3], LOOP]
    data = review("matrix-overload", mgn(moves)).json()

    assert data["game"] == "matrix-overload"
    assert data["thresholds"] == OVERLOAD._asdict()
    assert set(data["moves"][0]) == {
        "ply", "player", "phase", "played", "best", "value", "best_value", "loss", "grade",
        "note",
    }  # fmt: skip
    assert data["summary"]["tester"]["moves"] == 4
    assert data["summary"]["tester"]["grades"]["blunder"] == 1
    assert data["details"]["lost_at"]["ply"] == 4


def test_an_unknown_answer_is_graded_good_and_says_so() -> None:
    record = read_records(random_game(1, "greedy"))[0]

    done = review_overload(record, nodes=20, total=100, beam=2)

    unknown = [m for m in done.moves if m.value is None]
    assert unknown
    assert all(m.loss == 0 and m.grade == "good" and "unknown" in m.note for m in unknown)


def test_the_quick_proof_of_loss_never_condemns_a_position_of_a_won_game() -> None:
    state = deal(DECK)
    for move in winning_line():
        assert not hopeless(state)
        state = resolve(state, move)


def test_a_lost_game_says_from_which_move_it_was_proved_unwinnable() -> None:
    done = review_overload(read_records(random_game(2, "greedy"))[0], total=1500, beam=0)

    found = done.details["unwinnable_from"]
    assert isinstance(found, dict)
    index = next(i for i, m in enumerate(done.moves) if m.ply == found["ply"])
    assert done.moves[index].value == 0.0
    assert all(m.value == 0.0 for m in done.moves[index:])
