"""Views hide what a seat may not see; determinize resamples exactly that; events tell the story."""

from __future__ import annotations

import json

from realms.core.rng import Rng
from tests.games.dominion.util import (
    G,
    act,
    choose,
    names,
    new,
    play,
    start_turn,
    total_cards,
    yes,
)


def test_view_shows_own_hand_and_only_sizes_of_the_others():
    s = start_turn(new("Smithy", players=3), hand=["Gold", "Smithy", "Estate"], deck=["Silver"] * 4,
                   discard=["Duchy", "Copper"], hand1=["Province", "Province"], hand2=["Curse"])
    v = G.view(s, 0)
    me, other = v["seats"][0], v["seats"][1]
    assert me["hand"] == ["Gold", "Smithy", "Estate"] and me["deck_size"] == 4
    assert me["deck_contents"] == {"Silver": 4} and me["discard"] == ["Duchy", "Copper"]
    assert "hand" not in other and other["hand_size"] == 2 and "deck_contents" not in other
    assert v["seats"][2]["hand_size"] == 1
    assert "Province" not in json.dumps(v["seats"][1:])
    assert me["discard_top"] == "Copper"
    assert [p["card"] for p in v["supply"]][:3] == ["Copper", "Silver", "Gold"]
    assert v["legal"] and v["to_move"] == 0
    assert "legal" not in G.view(s, 1)


def test_spectator_sees_public_zones_only():
    s = start_turn(new("Smithy"), hand=["Smithy", "Gold"], deck=["Silver"] * 4, hand1=["Duchy"])
    play(s, "Smithy")
    v = G.view(s, None)
    assert all("hand" not in seat for seat in v["seats"])
    assert v["seats"][0]["play"] == ["Smithy"] and "legal" not in v


def test_public_deck_positions_are_shown_to_all_private_ones_only_to_the_owner():
    s = start_turn(new("Bureaucrat", "Artisan", edition="second"), hand=["Bureaucrat"], deck=["Copper"],
                   hand1=["Estate", "Copper"], deck1=["Gold"])
    play(s, "Bureaucrat")
    choose(s, "Estate")  # one kind of Victory card: asked all the same
    assert G.view(s, 1)["seats"][0]["deck_top"] == ["Silver"]  # the gained Silver was seen going there
    assert G.view(s, 0)["seats"][1]["deck_top"] == ["Estate"]  # the victim revealed it
    s = start_turn(new("Artisan", edition="second"), hand=["Artisan", "Copper"], deck=[])
    play(s, "Artisan")
    choose(s, "Silver")
    choose(s, "Silver")
    assert G.view(s, 0)["seats"][0]["deck_top"] == ["Silver"]
    assert G.view(s, 1)["seats"][0]["deck_top"] == []
    assert "Silver" not in json.dumps(G.view(s, 1)["seats"])


def test_sentry_looks_privately():
    s = start_turn(new("Sentry", edition="second"), hand=["Sentry"], deck=["Copper", "Gold", "Province"])
    play(s, "Sentry")
    assert sorted(G.view(s, 0)["seats"][0]["look"]) == ["Gold", "Province"]
    other = G.view(s, 1)
    assert other["seats"][0]["looking_at"] == 2 and "Province" not in json.dumps(other["seats"])
    assert "Province" not in json.dumps(other["pending"])


def test_pending_decision_is_described_to_everyone_and_offered_to_the_decider():
    s = start_turn(new("Militia"), hand=["Militia"], deck=[], hand1=["Copper", "Estate", "Gold", "Silver", "Duchy"])
    play(s, "Militia")
    v0, v1 = G.view(s, 0), G.view(s, 1)
    pending = {"seat": 1, "card": "Discard down", "prompt": "Seat 2: discard down to 3 cards",
               "say": {"key": "discard_down.ask", "args": {"seat": 1, "n": 3}}}
    assert v0["pending"] == v1["pending"] == pending  # this question hides nothing
    assert "legal" not in v0
    assert {x["text"] for x in v1["legal"]} == {"discard Copper", "discard Estate", "discard Gold", "discard Silver",
                                              "discard Duchy"}
    assert {x["say"]["key"] for x in v1["legal"]} == {"discard"}
    assert {x["say"]["args"]["card"] for x in v1["legal"]} == {"Copper", "Estate", "Gold", "Silver", "Duchy"}


def test_views_are_json():
    s = G.new({"players": 4, "colony_platinum": True, "kingdom": "random"}, 9)
    for seat in (None, 0, 1, 2, 3):
        json.dumps(G.view(s, seat))


def test_determinize_resamples_other_hands_keeps_sizes_and_the_seats_view():
    s = G.new({"players": 3}, 4)
    for _ in range(25):
        G.apply(s, G.legal_actions(s)[0])
    seen = set()
    for k in range(30):
        d = G.determinize(s, 0, Rng(k))
        assert G.view(d, 0) == G.view(s, 0)
        assert total_cards(d) == total_cards(s)
        assert d.hand[0] == s.hand[0] and d.disc == s.disc
        assert [len(h) for h in d.hand] == [len(h) for h in s.hand]
        assert sorted(d.hand[1] + d.deck[1]) == sorted(s.hand[1] + s.deck[1])
        assert d.rng != s.rng
        seen.add(tuple(sorted(d.hand[1])))
    assert len(seen) > 1


def test_determinize_keeps_public_deck_positions_and_a_revealed_moat():
    s = start_turn(new("Bureaucrat", "Moat"), hand=["Bureaucrat"], deck=["Copper"],
                   hand1=["Estate", "Copper", "Copper", "Moat", "Silver"], deck1=["Gold", "Gold", "Duchy"])
    play(s, "Bureaucrat")
    assert s.to_move == 1  # reveal Moat? (asked because seat 2 owns one, not because it holds it)
    held = set()
    for k in range(40):
        d = G.determinize(s, 0, Rng(k))
        assert d.to_move == 1
        held.add("Moat" in names(d.hand[1]))
    assert held == {True, False}  # the question does not pin the Moat to the hand
    yes(s)
    for k in range(20):
        assert "Moat" in names(G.determinize(s, 0, Rng(k)).hand[1])  # revealed: known to all
    s2 = start_turn(new("Bureaucrat"), hand=["Bureaucrat"], deck=["Copper"], hand1=["Estate", "Copper"],
                    deck1=["Gold", "Gold"])
    play(s2, "Bureaucrat")
    choose(s2, "Estate")
    for k in range(20):
        d = G.determinize(s2, 0, Rng(k))
        assert d.deck[1][-1] == s2.deck[1][-1]  # the revealed Estate stays on top


def test_events_tell_plays_discards_gains_trashes_and_reshuffles():
    s = start_turn(new("Militia", "Chapel", "Village"), hand=["Village", "Militia", "Chapel", "Copper", "Estate"],
                   deck=["Copper"], discard=["Gold"], hand1=["Copper", "Estate", "Gold", "Silver", "Copper"])
    texts = [e.text for e in play(s, "Village", log=True)]
    assert texts == ["Seat 1 played Village", "Seat 1 drew 1 card"]
    assert [e.text for e in play(s, "Militia", log=True)] == ["Seat 1 played Militia"]
    act(s, "choose", "Estate")
    assert [e.text for e in act(s, "choose", "Copper", log=True)] == ["Seat 2 discarded 2 cards, Copper on top"]
    play(s, "Chapel")
    act(s, "choose", "Estate")
    assert [e.text for e in act(s, "done", log=True)] == ["Seat 1 trashed Estate"]
    texts = [e.text for e in act(s, "play_treasures", log=True)]
    assert texts == ["Seat 1 played Copper, Copper"]
    texts = [e.text for e in act(s, "buy", "Estate", log=True)]
    assert texts[0] == "Seat 1 bought Estate"
    assert "Seat 1 shuffled 7 cards" in texts and "Seat 2 begins turn 1" in texts


def test_logging_does_not_change_the_game():
    a = G.new({"players": 3, "kingdom": "random"}, 21)
    b = G.new({"players": 3, "kingdom": "random"}, 21)
    r = Rng(5)
    while a.to_move is not None:
        acts = G.legal_actions(a)
        x = acts[r.below(len(acts))]
        G.apply(a, x, log=True)
        G.apply(b, x)
    assert G.state_hash(a) == G.state_hash(b)


#: questions skipped (no answer at all) on hidden cards where what follows shows the same to everyone
SKIP_SHOWS = {
    "Bureaucrat": "a victim without a Victory card reveals the hand",
    "ThroneRoom": "first edition: an Action card in hand must be played, so none played shows there was none",
    "Mine": "first edition: a Treasure in hand must be trashed, so none trashed shows there was none",
}


def _asked_alone(seed: int, games: int) -> list[str]:
    """Random games over every box: each time the engine settles a question by itself (no answer, or one and the
    handler not ``always_ask``), the worlds another seat holds possible (``determinize`` from its side) must not
    ask it; otherwise that no question came tells that seat about the decider's hidden cards. Returns a line per
    handler that did, empty when none."""
    from realms.agents.base import RandomAgent
    from realms.games.dominion.cards import HANDLERS
    from tests.games.dominion.test_properties import _options

    found: dict[str, str] = {}
    originals = {kind: h.options for kind, h in HANDLERS.items()}
    checking = [False]

    def watch(kind: int):
        h, original = HANDLERS[kind], originals[kind]

        def options(s, f):
            out = original(s, f)
            if checking[0] or (out is not None and (len(out) > 1 or h.always_ask)) or s.stack[-1] is not f:
                return out
            if out is None and type(h).__name__ in SKIP_SHOWS:
                return out
            checking[0] = True
            try:
                for q in range(s.players):
                    if q == f[2]:
                        continue
                    for k in range(3):
                        t = G.determinize(s, q, Rng(k))
                        other = original(t, t.stack[-1])
                        if other is not None and (len(other) > 1 or h.always_ask):
                            found.setdefault(type(h).__name__, f"{type(h).__name__}: seat {f[2] + 1}'s question "
                                             f"was {'skipped' if out is None else 'settled alone'}, but seat "
                                             f"{q + 1} holds possible a hand with {len(other)} answers")
            finally:
                checking[0] = False
            return out

        return options

    try:
        for kind, h in HANDLERS.items():
            h.options = watch(kind)
        for g in range(games):
            opts = _options(seed + g)
            s = G.new(opts, seed + g)
            agents = [RandomAgent(Rng(seed + g + i)) for i in range(s.players)]
            while s.to_move is not None:
                G.apply(s, agents[s.to_move].act(G, s))
    finally:
        for h in HANDLERS.values():
            h.__dict__.pop("options", None)
    return sorted(found.values())


def test_whether_a_question_comes_never_depends_on_cards_only_its_decider_sees():
    assert _asked_alone(0, 800) == []
