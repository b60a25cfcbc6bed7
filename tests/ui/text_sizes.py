"""The smallest text on each screen, as the kit's audit records it (visible capital height in
px of the 800×480 logical screen): for a closing note, or to see what a change did.

    SDL_VIDEODRIVER=dummy .venv/bin/python -m tests.ui.text_sizes [de|en]

Each line: the screen, the smallest text on it and which one, and the smallest text the
table reads from its chairs (``role="read"``). The readability tests fail on anything under
the floors (24 px read, 18 px other); this only reports.
"""

from __future__ import annotations

import random
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from companion.games import spec
from companion.root import make_app
from companion.session.session import Session
from companion.session.simulate import random_step
from companion.session.store import Store
from companion.ui.kit import recording


def measure(app: Any, scene: Any) -> tuple[int, str, int | None]:
    """(smallest px, its text, smallest px of read-role text) of one frame of ``scene``."""
    app.show(scene)
    scene.sync_controls()
    with recording() as rec:
        scene.draw(app.screen)
    marks = [t for t in rec.texts if t.text.strip()]
    low = min(marks, key=lambda t: t.px)
    read = [t.px for t in marks if t.role in ("read", "say")]
    return low.px, low.text, (min(read) if read else None)


def played(game: str, players: int, steps: int | None, seed: int = 3, **header: Any) -> Session:
    """A game played at random for ``steps`` steps (None: to its end)."""
    session = Session.new({**spec(game).header(players, seed), **header})
    rng = random.Random(seed)
    while not session.over and (steps is None or len(session.actions) < steps):
        session.act(random_step(session.engine, session.state, rng))
    return session


def shell(app: Any) -> Iterator[tuple[str, Any]]:
    r = app.routes
    yield "menu", r["menu"](app)
    for game in ("suleika", "alibaba"):
        for n in (min(spec(game).counts), max(spec(game).counts)):
            yield f"setup {game} {n}p", r["setup"](app, game=game, players=n)
    yield "name keyboard", r["names"](app, name="Anna Lena", seat=1, done=lambda n: None, back=None)
    s = Session.new({**spec("alibaba").header(6, 1), "names": ["Alexandra-Marie"] * 6}, app.store)
    s.roll()
    yield "resume", r["resume"](app, row=app.store.unfinished()[0])
    yield "pause", r["pause"](app, table=r["table"](app, session=played("suleika", 3, 10)))
    test = r["selftest"](app)
    yield "button test: asking", test
    test.say(app.texts("selftest_wrong", got=app.texts("left"), want=app.texts("roll")), bad=True)
    yield "button test: a wrong button", test
    test.banner.text, test.index = "", len(test.order)
    yield "button test: result", test


def suleika(app: Any) -> Iterator[tuple[str, Any]]:
    from tests.ui.test_suleika_readable import phases, play_until

    for players in (2, 4):
        for what, scene in phases(app, players, names=False):
            yield f"Suleika {players}p: {what}", scene
    heading = play_until(2, lambda st: st is not None and st.phase == "heading", variant2p=True, names=False)
    yield "Suleika 2p: heading for the next player", app.routes["table"](app, session=heading)
    for players in (2, 4):
        yield f"Suleika {players}p: end screen", app.routes["end"](
            app, table=app.routes["table"](app, session=played("suleika", players, None)))


def alibaba(app: Any) -> Iterator[tuple[str, Any]]:
    from companion.games.alibaba.screen.table import choices_for, key_of

    for players in (2, 6):
        session = Session.new(spec("alibaba").header(players, 3))
        scene = app.routes["table"](app, session=session)
        rng, seen = random.Random(3), set()
        while not session.over:
            phase = session.state.phase
            if phase not in seen:
                seen.add(phase)
                yield f"Ali Baba {players}p: {phase}", scene
            if session.engine.chance(session.state) is not None:
                scene.roll()
                scene.dice.stop()
                scene.update(app.now())
                continue
            options = [a for a in choices_for(session, session.state) if not a["action"].endswith("_open")]
            scene.session.act(rng.choice(options))
            scene.done([])
        scene.view = "ledger"
        yield f"Ali Baba {players}p: ledger", scene
        yield f"Ali Baba {players}p: end screen", app.routes["end"](app, table=scene)
    from tests.ui.test_alibaba_table import game_at

    for name, entry in (("sale", "sell_to_open"), ("bazaar trade", "trade_open")):
        session = game_at(4, lambda ses, st, entry=entry: {"action": entry} in choices_for(ses, st))
        scene = app.routes["table"](app, session=session)
        scene.pick_key(key_of({"action": entry}))
        yield f"Ali Baba 4p: {name}, first question", scene
        while scene.deal is not None and not scene.deal.is_pad():
            scene.answer(scene.deal.options()[0])
        if scene.deal is not None:
            yield f"Ali Baba 4p: {name}, number pad", scene


def mutabor(app: Any) -> Iterator[tuple[str, Any]]:
    from tests.ui.test_mutabor_readable import PHASES, scene_in

    for players in (2, 4):
        for phase in PHASES:
            yield f"Mutabor {players}p: {phase}", scene_in(app, phase, players)
        won = played("mutabor", players, None, names=["Maximiliane-So", "Alexandra-Mari", "Jörg", "Anna"][:players])
        yield f"Mutabor {players}p: end screen, won", app.routes["end"](app, table=app.routes["table"](app, session=won))


def teppich(app: Any) -> Iterator[tuple[str, Any]]:
    from tests.ui.test_teppich_readable import PHASES

    guard, app.tap_guard_s = app.tap_guard_s, 0.0   # the phases are reached by quick taps
    try:
        for players in (3, 6):
            for what, build in PHASES.items():
                yield f"Teppich {players}p: {what}", build(app, players)
    finally:
        app.tap_guard_s = guard


def staff(app: Any) -> Iterator[tuple[str, Any]]:
    from companion.ui.staff import base as staff_base

    yield "staff: PIN", app.routes["staff"](app)
    staff_base.open_for(app)
    session = Session.new(spec("suleika").header(2, 1), app.store)
    rng = random.Random(1)
    while not session.over:
        session.act(random_step(session.engine, session.state, rng))
    gid = session.game_id
    for page, extra in (("menu", {}), ("language", {}), ("volume", {}), ("options", {}),
                        ("box", {}), ("history", {}), ("game", {"game_id": gid}), ("qr", {"game_id": gid}),
                        ("store", {}), ("keep", {}), ("system", {"action": "reboot"})):
        yield f"staff: {page}", app.routes["staff"](app, page=page, **extra)
    staff_base.shut(app)


def main(lang: str = "de") -> None:
    with tempfile.TemporaryDirectory() as tmp:
        app = make_app(store=Store(Path(tmp) / "companion.sqlite3"), lang=lang, fullscreen=False, sound=False)
        try:
            groups = (shell(app), suleika(app), alibaba(app), mutabor(app), teppich(app), staff(app))
            if len(sys.argv) > 2:   # only the groups named, e.g. "teppich"
                groups = tuple(g for g in groups if g.__name__ in sys.argv[2:])
            for group in groups:
                for name, scene in group:
                    px, text, read = measure(app, scene)
                    # the text whole: a report that shortened it ("Das Spiel bleibt gespeichert:
                    # im …") was read as a text cut on the screen
                    print(f"{name:<48} {px:>3} px  ({text!r}); read {read if read is not None else '–'} px")
        finally:
            app.close()


if __name__ == "__main__":
    main(*sys.argv[1:2])
