"""Bots: the reaction model, the registry, the bundled bots' choices, and the table's menus.

The simulator asks the bundled bots on the integer options the family's table gives, in roles
(a :class:`~speedrules.table.Menu`); a bot of the public protocol is asked through
``choose(view, options, rng)`` with the family's action values.  The strongest checks here:
the table's menu is exactly the legal actions at every step of simulated deals of every
variant, and a bundled bot hidden behind a plain wrapper (so the simulator must take the
public path) plays the very same games, in both families.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import attrs
import pytest

from speedrules import (
    Action,
    Bot,
    BotError,
    Call,
    Card,
    Draw,
    GreedyBot,
    Pickup,
    Play,
    RandomBot,
    Reaction,
    SeatView,
    bot_names,
    deal,
    load_variant,
    make_bots,
    simulate,
    variant_names,
)
from speedrules.speed.seat import group_options, option_of, seat_options
from speedrules.speed.table import SpeedTable


class Wrapped:
    """A bundled bot seen only through the public protocol."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    @property
    def name(self) -> str:
        return self.bot.name

    @property
    def reaction(self) -> Reaction:
        return self.bot.reaction

    def choose(self, view: SeatView, options: Sequence[Action], rng: random.Random) -> Action | None:
        return self.bot.choose(view, options, rng)


def view_of(hand: str, tops: str = "7H QS", seat: int = 0) -> SeatView:
    cards = tuple(Card.parse(c) for c in hand.split())
    top_cards = tuple(Card.parse(c) for c in tops.split())
    return SeatView(seat=seat, t=1000, hand=cards, tops=top_cards, top_ranks=tuple(c.rank for c in top_cards),
                    pile_sizes=(3, 9), reserve_sizes=(2, 2), hand_sizes=(len(cards), 5), draw_sizes=(4, 10))


def play(card: str, pile: int, *more: str) -> Play:
    return Play(0, tuple(Card.parse(c) for c in (card, *more)), pile)


# ---------------------------------------------------------------------------- the reaction model


def test_reaction_delays_are_uniform_whole_milliseconds_within_the_spread() -> None:
    rng = random.Random(5)
    delays = [Reaction(500, 200).delay(rng) for _ in range(20_000)]
    assert min(delays) == 300 and max(delays) == 700
    assert all(isinstance(d, int) for d in delays)
    assert abs(sum(delays) / len(delays) - 500) < 5
    per_band = Counter((d - 300) // 100 for d in delays)  # four bands of 100 ms, and 700 alone
    assert all(abs(per_band[band] - 20_000 / 4) < 300 for band in range(4))
    assert {Reaction(40, 0).delay(rng) for _ in range(50)} == {40}


@pytest.mark.parametrize("args", [(0, 0), (-5, 0), (100, 100), (100, -1), (True, 0), (100.5, 10), (500, 2.5)])
def test_reaction_refuses_impossible_models(args: tuple[object, object]) -> None:
    with pytest.raises(BotError):
        Reaction(*args)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- the registry


def test_make_bots_gives_one_bot_per_seat_repeating_the_last() -> None:
    assert bot_names() == ("random", "greedy")
    assert [b.name for b in make_bots("greedy,random", 4)] == ["greedy", "random", "random", "random"]
    assert [type(b) for b in make_bots(None, 3)] == [RandomBot] * 3
    assert [type(b) for b in make_bots(" greedy ", 2)] == [GreedyBot, GreedyBot]
    custom = RandomBot(Reaction(300, 10), name="quick")
    assert make_bots([custom, "greedy"], 3) == (custom, GreedyBot(), GreedyBot())
    assert make_bots(custom, 2) == (custom, custom)


@pytest.mark.parametrize(("spec", "message"), [
    ("random,clever", "unknown bot 'clever': the bots are random, greedy"),
    ("", "unknown bot ''"),
    ("random,random,greedy", "3 bots for 2 seats"),
    ([], "no bots given"),
    ([42], "not a bot: 42"),
])
def test_make_bots_refuses_unknown_names_and_too_many(spec: object, message: str) -> None:
    with pytest.raises(BotError, match=message):
        make_bots(spec, 2)  # type: ignore[arg-type]


def test_bots_follow_the_protocol() -> None:
    assert isinstance(RandomBot(), Bot) and isinstance(GreedyBot(), Bot)
    assert isinstance(Wrapped(GreedyBot()), Bot)
    assert not isinstance(object(), Bot)


# ---------------------------------------------------------------------------- the bundled bots' choices


def test_greedy_plays_before_drawing_and_draws_when_it_cannot_play() -> None:
    view = view_of("8S 2C")
    options: list[Action] = [Draw(0), play("8S", 0)]
    assert GreedyBot().choose(view, options, random.Random(1)) == play("8S", 0)
    assert GreedyBot().choose(view, [Draw(0)], random.Random(1)) == Draw(0)
    assert GreedyBot().choose(view, [], random.Random(1)) is None


def test_greedy_prefers_the_longest_run_and_a_real_card_to_a_joker() -> None:
    view = view_of("8S 9D JK")
    runs: list[Action] = [play("8S", 0), play("8S", 0, "9D"), Play(0, (Card.parse("JK"),), 1, (13,)), Draw(0)]
    assert {GreedyBot().choose(view, runs, random.Random(s)) for s in range(20)} == {play("8S", 0, "9D")}
    jokers: list[Action] = [Play(0, (Card.parse("JK"),), p, (r,)) for p in (0, 1) for r in (6, 8)]
    jokers.append(play("8S", 0))
    assert {GreedyBot().choose(view, jokers, random.Random(s)) for s in range(20)} == {play("8S", 0)}
    only_jokers = jokers[:-1]
    assert {GreedyBot().choose(view, only_jokers, random.Random(s)) for s in range(40)} == set(only_jokers)


def test_greedy_calls_at_once_and_picks_up_the_smallest_pile() -> None:
    view = attrs.evolve(view_of(""), call_due=True)
    assert GreedyBot().choose(view, [Call(0)], random.Random(0)) == Call(0)
    view = attrs.evolve(view_of(""), pickup_owed=True, pile_sizes=(7, 2))
    assert GreedyBot().choose(view, [Pickup(0, 0), Pickup(0, 1)], random.Random(0)) == Pickup(0, 1)
    view = attrs.evolve(view, pile_sizes=(4, 4))
    assert GreedyBot().choose(view, [Pickup(0, 1), Pickup(0, 0)], random.Random(0)) == Pickup(0, 0)


def test_random_chooses_a_card_uniformly_then_one_of_its_piles() -> None:
    """8S fits both piles, 6D one, and the draw: each is a third, whatever the option count."""
    view = view_of("8S 6D")
    options: list[Action] = [play("8S", 0), play("8S", 1), play("6D", 0), Draw(0)]
    rng = random.Random(3)
    counts = Counter(RandomBot().choose(view, options, rng) for _ in range(9000))
    assert set(counts) == set(options)
    assert abs(counts[play("8S", 0)] + counts[play("8S", 1)] - 3000) < 200
    assert abs(counts[play("6D", 0)] - 3000) < 200 and abs(counts[Draw(0)] - 3000) < 200
    assert abs(counts[play("8S", 0)] - counts[play("8S", 1)]) < 200


def test_random_choice_does_not_depend_on_the_order_of_the_options() -> None:
    view = view_of("8S 6D 9C")
    options: list[Action] = [play("8S", 0), play("8S", 1), play("6D", 0), play("9C", 0, "8S"), Draw(0)]
    for seed in range(30):
        shuffled = list(options)
        random.Random(seed).shuffle(shuffled)
        assert RandomBot().choose(view, options, random.Random(seed)) == \
            RandomBot().choose(view, shuffled, random.Random(seed))


def test_random_calls_unless_it_misses_the_call() -> None:
    view = attrs.evolve(view_of(""), call_due=True)
    assert {RandomBot().choose(view, [Call(0)], random.Random(s)) for s in range(30)} == {Call(0)}
    forgetful = RandomBot(miss_call=0.5)
    picks = Counter(forgetful.choose(view, [Call(0)], random.Random(s)) for s in range(400))
    assert set(picks) == {Call(0), None} and 150 < picks[None] < 250


def test_group_options_puts_each_option_in_its_role() -> None:
    """Plays grouped by their first card (groups by card code, within one by cards then pile),
    the draw as the refill, the pickups (by pile) as claims, the call as what the seat must do."""
    options = [option_of(a) for a in (Draw(0), Pickup(0, 1), play("9C", 1), play("8S", 1), play("8S", 0),
                                      play("8S", 0, "9D"), Pickup(0, 0))]
    menu = group_options(options, 0, [3, 9])
    assert [[(o[0], o[1], o[2]) for o in menu.group(i)] for i in range(menu.count)] == [
        [(1, 0, (7,)), (1, 1, (7,)), (1, 0, (7, 34))],  # 8S (code 7): by cards (8S before 8S 9D), then pile
        [(1, 1, (47,))],                                # 9C
    ]
    assert menu.refills == [(2, -1, (), ())] and menu.claims == [(6, 0, (), ()), (6, 1, (), ())]
    assert menu.must == [] and menu.sizes == [3, 9]
    called = group_options([option_of(Call(1))], 1, [3, 9])
    assert called.must == [option_of(Call(1))] and not (called.claims or called.plays or called.refills)


def test_seat_view_shows_the_seat_what_the_game_holds() -> None:
    game = deal(load_variant("speed"), seed=1)
    game.reveal()
    view = SeatView.of(game, 1, t=40)
    assert view.hand == game.hands[1] and view.tops == game.tops and view.top_ranks == game.top_ranks
    assert (view.seat, view.t, view.draw_size, view.hand_sizes, view.draw_sizes) == (1, 40, 15, (5, 5), (15, 15))
    assert view.pile_sizes == (1, 1) and view.reserve_sizes == (5, 5)
    assert (view.draws_owed, view.call_due, view.pickup_owed) == (0, False, False)


# ---------------------------------------------------------------------------- the fast path


@pytest.mark.parametrize("name", variant_names("speed"))
def test_the_tables_menus_are_the_legal_actions_at_every_step(name: str) -> None:
    """Replay simulated deals on the simulator's table; at every step each seat's menu (on a
    plain table made card by card from the kernel's fast look-ups) is exactly its options."""
    variant = load_variant(name)
    bots = [RandomBot(miss_call=0.4), GreedyBot()]
    for result in simulate(variant, 2, seed=21, bots=bots, logs=True):
        assert result.log is not None
        compiled = result.log.deals[0]
        table = SpeedTable(variant, random.Random(f"21:{result.index}"), ("a", "b"), log=False)  # the same deal
        game = table.game
        assert game.layout == compiled.layout()
        for index, event in enumerate(compiled.events):
            game.apply_event(*event, index)
            if game.is_over():
                break
            for seat in range(variant.players):
                menu = table.menu(seat)
                offered = set() if menu is None else set(menu.options())
                assert offered == {option_of(a) for a in seat_options(game, seat)}, (name, index, seat)


@pytest.mark.parametrize("name", variant_names("speed"))
def test_the_public_protocol_plays_the_same_deals_as_the_fast_path(name: str) -> None:
    variant = load_variant(name)
    bots = make_bots([RandomBot(miss_call=0.3), GreedyBot(Reaction(400, 150))], variant.players)
    fast = list(simulate(variant, 3, seed=8, bots=bots, tick_ms=20))
    slow = list(simulate(variant, 3, seed=8, bots=[Wrapped(b) for b in bots], tick_ms=20))
    assert fast == slow


def test_a_bot_that_chooses_an_action_it_was_not_offered_is_an_error() -> None:
    class Cheat:
        name = "cheat"
        reaction = Reaction()

        def choose(self, view: SeatView, options: Sequence[Action], rng: random.Random) -> Action | None:
            return Play(view.seat, Card.parse("AS"), 0)

    with pytest.raises(BotError, match=r"bot 'cheat' \(seat (\d)\) chose player \1 plays AS on pile 0, which is not"):
        list(simulate("speed", 1, seed=1, bots=[Cheat()]))


@pytest.mark.parametrize("name", variant_names("spit"))
def test_the_public_protocol_plays_the_same_spit_games(name: str) -> None:
    """The same in Spit: the wrapped bots get a ``SpitView`` and Spit actions (a lone spitter's
    choice of pile as ``Spit(0)`` and ``Spit(1)``) and play the very same games."""
    bots = [RandomBot(), GreedyBot(Reaction(400, 150))]
    fast = list(simulate(name, 2, seed=8, bots=bots))
    slow = list(simulate(name, 2, seed=8, bots=[Wrapped(b) for b in bots]))
    assert fast == slow
