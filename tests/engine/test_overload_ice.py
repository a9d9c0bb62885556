"""MATR1X 0VERL0AD ICE: a number that fits no pile armours the royal most like it."""

from __future__ import annotations

from games.engine.overload.position import placements

from .test_overload_decks import final, mgn, replayed

# Piles 1 2 3 4 6 7 8 9 get 8S 8H 8D 8C 9S 9H 9D 9C; TS then fills the centre, after which
# every card from 2 to 7 fits no pile.
ICE_TABLE = ("8S", "8H", "8D", "8C", "9S", "9H", "9D", "9C", "TS")


def choices(top: tuple[str, ...], moves: str) -> list[str]:
    return [f"{m.kind} {m.place}" for m in placements(final(mgn(top, moves)))]


def test_ice_goes_on_the_living_royal_of_the_same_suit() -> None:
    top = (*ICE_TABLE, "JH", "QC", "2H")
    assert choices(top, "TS:5 JH:W3 QC:S3") == ["ice W3"]
    state = final(mgn(top, "TS:5 JH:W3 QC:S3 2H:IW3"))
    assert state.health("W3") == 13
    assert state.living("W3")  # ICE never fires, although 9D and 9H are ready to attack


def test_without_its_suit_ice_goes_on_a_royal_of_its_colour() -> None:
    top = (*ICE_TABLE, "JH", "QC", "2D", "2S")
    assert choices(top, "TS:5 JH:W3 QC:S3") == ["ice W3"]
    assert choices(top, "TS:5 JH:W3 QC:S3 2D:IW3") == ["ice S3"]


def test_among_equally_alike_royals_ice_goes_on_the_lowest_rank() -> None:
    top = (*ICE_TABLE, "QC", "JC", "2C")
    assert choices(top, "TS:5 QC:S3") == ["royal E3"]
    assert choices(top, "TS:5 QC:S3 JC:E3") == ["ice E3"]


def test_when_royals_tie_the_player_chooses_which_takes_the_ice() -> None:
    top = (*ICE_TABLE, "JH", "JD", "2S")
    assert choices(top, "TS:5 JH:W3") == ["royal S2"]
    assert choices(top, "TS:5 JH:W3 JD:S2") == ["ice S2", "ice W3"]


def test_ice_on_a_less_alike_royal_is_refused_naming_the_right_one() -> None:
    out = replayed(mgn((*ICE_TABLE, "JH", "QC", "2H"), "TS:5 JH:W3 QC:S3 2H:IS3"))
    assert (out["ply"], out["line"], out["legal"]) == (4, 4, ["2H:IW3"])
    assert out["error"] == (
        "ply 4: 2H cannot be ICE on QC in S3: ICE goes on the living royal most like it (same "
        "suit, then same colour, then the lowest rank, J before Q before K), here IW3 (on JH)"
    )


def test_a_card_that_fits_a_pile_cannot_become_ice() -> None:
    out = replayed(mgn((*ICE_TABLE, "JH", "TH"), "TS:5 JH:W3 IW3"))
    assert (
        "TH fits piles 1, 2, 3, 4, 5, 6, 7, 8 or 9, so it goes on a pile and cannot"
        in (out["error"])
    )


def test_a_card_that_fits_no_pile_must_become_ice() -> None:
    out = replayed(mgn((*ICE_TABLE, "JH", "2H"), "TS:5 JH:W3 5"))
    assert out["error"] == (
        "ply 3: 2H fits no pile (every top card is higher), so it becomes ICE on the living "
        "royal most like it: IW3 (on JH)"
    )


def test_a_royal_may_reach_health_20_but_over_20_loses_the_game() -> None:
    top = (*ICE_TABLE, "JH", "7H", "2H", "3H")
    at_20 = replayed(mgn(top, "TS:5 JH:W3 7H:IW3 2H:IW3"))
    assert (at_20["result"], at_20["reason"]) == ("unfinished", None)
    over = replayed(mgn((*ICE_TABLE, "JH", "7H", "3H"), "TS:5 JH:W3 7H:IW3 3H:IW3"))
    assert (over["result"], over["reason"]) == ("loss", "ice")


def test_with_no_living_royal_ice_is_preventative_on_the_royal_rule_slot() -> None:
    top = (*ICE_TABLE, "3H", "4H", "JH", "2D", "3D")
    assert choices(top, "TS:5") == ["prevent S1", "prevent W3"]
    moves = "TS:5 3H:PW3 4H:PW3"  # preventative ICE stacks
    assert final(mgn(top, moves)).health("W3") == 7
    state = final(mgn(top, f"{moves} JH:W3"))  # a slot with only preventative ICE is free
    assert state.health("W3") == 18
    assert replayed(mgn(top, f"{moves} JH:W3 2D:IW3"))["result"] == "unfinished"
    assert replayed(mgn(top, f"{moves} JH:W3 2D:IW3 3D:IW3"))["reason"] == "ice"


def test_a_royal_landing_on_preventative_ice_over_20_loses_the_game() -> None:
    top = (*ICE_TABLE, "7H", "6H", "5H", "JH")
    moves = "TS:5 7H:PW3 6H:PW3 5H:PW3"
    assert replayed(mgn(top, f"{moves} JH:W3"))["reason"] == "ice"
    assert replayed(mgn(top, f"{moves} JH:S1"))["result"] == "unfinished"


def test_preventative_ice_on_the_wrong_slot_or_as_plain_ice_is_refused() -> None:
    top = (*ICE_TABLE, "3H")
    assert replayed(mgn(top, "TS:5 PN2"))["error"] == (
        "ply 2: no royal is alive, so 3H becomes preventative ICE where the royal rule (same "
        "suit, then same colour, then the higher card beside it) would put a royal: PS1 or PW3 "
        "(beside 9H); N2 lies beside 8H"
    )
    assert replayed(mgn(top, "TS:5 IW3"))["error"] == (
        "ply 2: 3H fits no pile and no royal is alive, so it becomes preventative ICE where the "
        "royal rule would put a royal: PS1 or PW3 (beside 9H)"
    )


def test_preventative_ice_is_refused_while_a_royal_lives() -> None:
    out = replayed(mgn((*ICE_TABLE, "JH", "2H"), "TS:5 JH:W3 2H:PS1"))
    assert "becomes ICE on the living royal most like it: IW3 (on JH)" in out["error"]
