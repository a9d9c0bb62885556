"""Ratings: openskill per pool, game by game, equal to a full recompute (pure, no database)."""

from __future__ import annotations

import json
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analytics.compute.rating_models import (
    DEFAULT_PARAMS,
    ModelParams,
    openskill_model,
    sides,
    weng_lin,
)
from analytics.compute.ratings import (
    EMPTY_SNAPSHOT,
    HistoryRow,
    Rating,
    Snapshot,
    display_rating,
    rate_game,
    recompute,
    replay_suffix,
)
from analytics.compute.results import (
    INTEGER_MATRIX,
    MATHEMATICO,
    MATRIO,
    GameResult,
    SeatResult,
    competition_ranks,
    overload_result,
    seats_from_scores,
)


def matrio(
    game_id: str, scores: list[int | None], players: str = "abcd", club: str | None = None
) -> GameResult:
    seats = seats_from_scores(list(players), scores)
    return GameResult(game_id, MATRIO, game_id, seats, club)


def by_player(rows: tuple[HistoryRow, ...], pool: str = MATRIO) -> dict[str, HistoryRow]:
    return {r.player_id: r for r in rows if r.pool == pool}


def apply_incrementally(games: list[GameResult]) -> tuple[HistoryRow, ...]:
    """What the site does: load the players' current ratings, rate one game, store the rows."""
    book: dict[str, dict[str, Rating]] = {}
    history: list[HistoryRow] = []
    for game in sorted(games, key=lambda g: (g.order, g.game_id)):
        rows = rate_game(book, game)
        for row in rows:
            stored = json.loads(json.dumps([row.mu, row.sigma, row.games]))
            book.setdefault(row.pool, {})[row.player_id] = Rating(*stored)
        history.extend(rows)
    return tuple(history)


def random_games(seed: int, count: int, *, kinds: str = "m") -> list[GameResult]:
    """Random finished games: MatriO (``m``, with ties and withdrawals) or, with ``kinds``
    ``"mxio"``, also Mathematico (``x``), Integer Matrix with teams and draws (``i``) and
    Overload (``o``); in clubs x, y or none."""
    rng = random.Random(seed)
    pool = [f"p{j}" for j in range(12)]
    games = []
    for i in range(count):
        kind = rng.choice(kinds)
        game_id, order = f"g{i:04d}", f"t{rng.randint(0, 50):03d}"
        club = rng.choice(["x", "y", None])
        if kind == "o":
            result = overload_result(
                game_id=game_id,
                order=order,
                player_id=rng.choice(pool),
                deal_id=f"D{rng.randint(1, 4)}",
                result=rng.choice(["win", "loss"]),
                club=club,
            )
            assert result is not None
            games.append(result)
            continue
        if kind == "i":
            players = rng.sample(pool, rng.choice([2, 3, 4]))
            negative = rng.randint(-20, 0)
            positive = rng.choice([-negative, rng.randint(0, 20)])
            ranks = {"negative": 1 if -negative >= positive else 2}
            ranks["positive"] = 1 if positive >= -negative else 2
            sides = ["negative", "positive", *rng.choices(["negative", "positive"], k=4)]
            seats = tuple(
                SeatResult(p, ranks[side], team=side)
                for p, side in zip(players, sides, strict=False)
            )
            games.append(GameResult(game_id, INTEGER_MATRIX, order, seats, club))
            continue
        if kind == "x":
            players = rng.sample(pool, rng.randint(1, 6))
            scores = [rng.choice([100, 120, rng.randint(0, 40) * 10]) for _ in players]
            seats = seats_from_scores(players, scores)
            games.append(GameResult(game_id, MATHEMATICO, order, seats, club))
            continue
        players = rng.sample(pool, 4)
        matrio_scores = [rng.choice([None, rng.randint(-200, 500), 100]) for _ in range(4)]
        if all(s is None for s in matrio_scores):
            matrio_scores[0] = 0
        games.append(
            GameResult(game_id, MATRIO, order, seats_from_scores(players, matrio_scores), club)
        )
    return games


def test_a_new_player_shows_1000_and_the_display_is_mu_minus_three_sigma_scaled() -> None:
    assert display_rating(25.0, 25.0 / 3.0) == 1000
    assert display_rating(30.0, 2.0) == round(1000 + 40 * 24.0)


def test_a_two_player_game_between_newcomers_matches_the_plackett_luce_formula() -> None:
    game = GameResult("g1", MATHEMATICO, "1", seats_from_scores(["ann", "bob"], [120, 80]))
    rows = by_player(rate_game({}, game), MATHEMATICO)
    # Weng-Lin Algorithm 4 by hand: sigma^2 grows by tau^2 first; with equal mu each side
    # wins with probability 1/2, so mu moves by sigma^2 / c * 1/2, c = sqrt(sum(sigma^2+beta^2)).
    p = DEFAULT_PARAMS
    var = p.sigma**2 + p.tau**2
    c = math.sqrt(2 * (var + p.beta**2))
    assert rows["ann"].mu == pytest.approx(25 + var / c * 0.5, rel=1e-12)
    assert rows["bob"].mu == pytest.approx(25 - var / c * 0.5, rel=1e-12)
    assert rows["ann"].sigma < p.sigma


def test_the_winner_gains_the_last_loses_and_the_rows_say_before_and_after() -> None:
    rows = by_player(rate_game({}, matrio("g1", [300, 200, 100, -50])))
    assert rows["a"].mu > 25 > rows["d"].mu
    assert rows["a"].mu > rows["b"].mu > rows["c"].mu > rows["d"].mu
    assert rows["a"].mu_before == 25 and rows["a"].display_before == 1000
    assert [rows[p].rank for p in "abcd"] == [1, 2, 3, 4]
    assert all(r.games == 1 for r in rows.values())


def test_a_game_changes_only_its_own_players() -> None:
    result = recompute([matrio("g1", [1, 2, 3, 4], "abcd"), matrio("g2", [4, 3, 2, 1], "efgh")])
    first = {r.player_id for r in result.history if r.game_id == "g1"}
    assert first == set("abcd")
    ratings = {r.player_id: r for r in result.ratings}
    assert ratings["a"].games == 1 and ratings["e"].games == 1


def test_withdrawn_players_rank_last_and_tie_among_themselves() -> None:
    game = matrio("g1", [None, 150, None, 90])
    assert [(s.players, s.rank) for s in sides(game)] == [
        (("b",), 1),
        (("d",), 2),
        (("a",), 3),
        (("c",), 3),
    ]
    rows = by_player(rate_game({}, game))
    assert rows["a"].mu == rows["c"].mu < rows["d"].mu < rows["b"].mu


def test_withdrawn_players_rank_last_with_the_margin_of_victory_too() -> None:
    rows = by_player(
        rate_game({}, matrio("g1", [None, 150, None, 90]), ModelParams(matrio_margin=100))
    )
    assert rows["a"].mu == rows["c"].mu < rows["d"].mu < rows["b"].mu


def test_players_tied_for_first_get_the_mean_of_first_and_second_place() -> None:
    tied = by_player(rate_game({}, matrio("g1", [200, 200, 50, -10])))
    order = by_player(rate_game({}, matrio("g1", [201, 200, 50, -10])))
    assert tied["a"].rank == tied["b"].rank == 1
    assert tied["a"].mu == tied["b"].mu == pytest.approx((order["a"].mu + order["b"].mu) / 2)
    assert tied["a"].mu > tied["c"].mu == order["c"].mu


def test_a_draw_between_equal_mathematico_players_moves_no_mu_but_narrows_sigma() -> None:
    seats = seats_from_scores(["ann", "bob", "cid"], [120, 120, 120])
    rows = by_player(rate_game({}, GameResult("g1", MATHEMATICO, "1", seats)), MATHEMATICO)
    assert {r.mu for r in rows.values()} == {25.0}
    assert all(r.sigma < 25 / 3 for r in rows.values())


def test_the_margin_of_victory_is_off_unless_asked_for() -> None:
    book = {MATRIO: {"a": Rating(30.0, 5.0), "b": Rating(25.0, 5.0)}}
    wide = matrio("g1", [900, 10, 0, -10])
    narrow = matrio("g1", [20, 10, 0, -10])
    assert by_player(rate_game(book, wide)) == by_player(rate_game(book, narrow))
    margin = ModelParams(matrio_margin=100)
    assert (
        by_player(rate_game(book, wide, margin))["a"].mu
        > by_player(rate_game(book, narrow, margin))["a"].mu
    )


def test_the_order_of_the_seats_in_the_input_changes_no_number() -> None:
    book = {MATRIO: {"a": Rating(27.1, 5.2, 3), "c": Rating(21.0, 4.0, 9)}}
    game = matrio("g1", [120, None, 120, 40])
    shuffled = GameResult("g1", MATRIO, "g1", tuple(reversed(game.seats)))
    assert by_player(rate_game(book, game)) == by_player(rate_game(book, shuffled))


def test_each_game_is_rated_in_its_kind_pool_and_its_club_pool() -> None:
    result = recompute([matrio("g1", [4, 3, 2, 1], club="7"), matrio("g2", [4, 3, 2, 1], "aefg")])
    pools = {(r.pool, r.player_id): r.games for r in result.ratings}
    assert pools[(MATRIO, "a")] == 2
    assert pools[("matrio@7", "a")] == 1
    assert ("matrio@7", "e") not in pools


def test_an_overload_deal_is_the_players_opponent_and_gets_a_difficulty_rating() -> None:
    won = overload_result(
        game_id="g1", order="1", player_id="ann", deal_id="D42", result="win", club=None
    )
    lost = overload_result(game_id="g2", order="2", player_id="bob", deal_id="D42", result="loss")
    assert won is not None and lost is not None
    assert (
        overload_result(game_id="g3", order="3", player_id="x", deal_id="D", result="unfinished")
        is None
    )
    result = recompute([won, lost])
    rows = {(r.game_id, r.player_id): r for r in result.history}
    assert rows[("g1", "ann")].mu > 25 > rows[("g1", "deal:D42")].mu
    assert rows[("g2", "bob")].mu < 25 < rows[("g2", "deal:D42")].mu
    assert {r.player_id for r in result.ratings} == {"ann", "bob", "deal:D42"}


def test_an_integer_matrix_draw_between_equals_moves_no_mu() -> None:
    seats = (SeatResult("neg", 1, -20), SeatResult("pos", 1, 20))
    rows = by_player(rate_game({}, GameResult("g1", INTEGER_MATRIX, "1", seats)), INTEGER_MATRIX)
    assert rows["neg"].mu == rows["pos"].mu == 25.0
    assert rows["neg"].sigma < 25 / 3


def test_an_integer_matrix_team_is_one_side_and_its_members_move_together() -> None:
    seats = (
        SeatResult("ann", 1, team="positive"),
        SeatResult("bea", 1, team="positive"),
        SeatResult("cid", 2, team="negative"),
    )
    game = GameResult("g1", INTEGER_MATRIX, "1", seats)
    assert [s.players for s in sides(game)] == [("ann", "bea"), ("cid",)]
    rows = by_player(rate_game({}, game), INTEGER_MATRIX)
    assert rows["ann"].mu == rows["bea"].mu > 25 > rows["cid"].mu


def test_a_one_player_mathematico_game_changes_no_rating() -> None:
    game = GameResult("g1", MATHEMATICO, "1", (SeatResult("ann", 1, 300),))
    assert rate_game({}, game) == ()
    assert recompute([game]).ratings == ()


def test_games_are_rated_in_order_key_order_whatever_the_input_order() -> None:
    games = random_games(1, 40)
    assert recompute(games) == recompute(list(reversed(games)))


def test_a_game_listed_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        recompute([matrio("g1", [1, 2, 3, 4]), matrio("g1", [1, 2, 3, 4])])


def test_a_player_sitting_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="sits twice"):
        rate_game({}, matrio("g1", [1, 2, 3, 4], "abca"))


def test_a_rating_is_provisional_for_its_first_ten_games() -> None:
    games = [matrio(f"g{i:02d}", [4, 3, 2, 1]) for i in range(10)]
    assert all(r.provisional for r in recompute(games[:9]).ratings)
    assert not any(r.provisional for r in recompute(games).ratings)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), count=st.integers(1, 60))
def test_rating_game_by_game_equals_a_full_recompute_exactly(seed: int, count: int) -> None:
    games = random_games(seed, count, kinds="mxio")
    full = recompute(games)
    assert apply_incrementally(games) == full.history
    latest = {(r.pool, r.player_id): (r.mu, r.sigma, r.games) for r in full.history}
    assert latest == {(r.pool, r.player_id): (r.mu, r.sigma, r.games) for r in full.ratings}


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), edit=st.sampled_from(["change", "delete", "insert"]))
def test_replaying_after_a_snapshot_equals_a_full_recompute_with_the_edit(
    seed: int, edit: str
) -> None:
    games = sorted(random_games(seed, 60, kinds="mmxio"), key=lambda g: (g.order, g.game_id))
    before = recompute(games, snapshot_every=10)
    rng = random.Random(seed)
    target = games[rng.randrange(20, 60)]
    if edit == "change":
        scores = [None if s.score is None else -int(s.score) for s in target.seats]
        changed = GameResult(
            target.game_id,
            MATRIO,
            target.order,
            seats_from_scores([s.player_id for s in target.seats], scores),
            target.club,
        )
        edited = [changed if g is target else g for g in games]
    elif edit == "delete":
        edited = [g for g in games if g is not target]
    else:
        extra = matrio("late", [1, 2, 3, 4], "wxyz")
        edited = [*games, GameResult("late", MATRIO, target.order, extra.seats, "x")]
    key = (target.order, target.game_id if edit != "insert" else "late")
    snapshot = [s for s in before.snapshots if s.after is not None and s.after < key][-1]
    stored = Snapshot.from_data(json.loads(json.dumps(snapshot.as_data())))
    after = [g for g in edited if (g.order, g.game_id) > stored.after]  # type: ignore[operator]
    replayed = replay_suffix(stored, after, snapshot_every=10)
    full = recompute(edited, snapshot_every=10)
    assert replayed.ratings == full.ratings
    assert replayed.final == full.final
    assert replayed.snapshots == tuple(s for s in full.snapshots if s.games > stored.games)
    kept = tuple(r for r in full.history if (r.order, r.game_id) <= stored.after)  # type: ignore[operator]
    assert kept + replayed.history == full.history


def test_a_snapshot_survives_a_json_round_trip_exactly() -> None:
    final = recompute(random_games(5, 30)).final
    assert Snapshot.from_data(json.loads(json.dumps(final.as_data()))) == final
    assert Snapshot.from_data(EMPTY_SNAPSHOT.as_data()) == EMPTY_SNAPSHOT


def test_replaying_from_a_snapshot_refuses_a_game_it_already_contains() -> None:
    games = random_games(2, 20)
    snapshot = recompute(games[:10]).final
    with pytest.raises(ValueError, match="not after the snapshot"):
        replay_suffix(snapshot, games)


def test_competition_ranks_share_places_and_put_withdrawn_players_last() -> None:
    assert competition_ranks([268, -63, 409, None]) == (2, 3, 1, 4)
    assert competition_ranks([5, 5, None, None, 7]) == (2, 2, 4, 4, 1)
    assert competition_ranks([3, 9, 3], higher_is_better=False) == (1, 3, 1)


@settings(max_examples=60, deadline=None)
@given(
    kind=st.sampled_from([MATRIO, INTEGER_MATRIX]),
    ranks=st.lists(st.integers(1, 4), min_size=2, max_size=5),
    team_size=st.integers(1, 2),
    seed=st.integers(0, 10**6),
)
def test_the_copy_free_update_gives_exactly_openskills_numbers(
    kind: str, ranks: list[int], team_size: int, seed: int
) -> None:
    rng = random.Random(seed)
    model = openskill_model(kind, DEFAULT_PARAMS)
    start = [[(rng.uniform(10, 40), rng.uniform(0.5, 9)) for _ in range(team_size)] for _ in ranks]
    expected = model.rate(
        [[model.rating(mu, sigma) for mu, sigma in team] for team in start],
        ranks=[float(r) for r in ranks],
    )
    ours = weng_lin(
        model,
        [[model.rating(mu, sigma) for mu, sigma in team] for team in start],
        [float(r) for r in ranks],
    )
    assert [[(p.mu, p.sigma) for p in team] for team in ours] == [
        [(p.mu, p.sigma) for p in team] for team in expected
    ]
