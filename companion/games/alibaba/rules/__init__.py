"""Ali Baba (Ian Livingstone, Abacus 1993): the governor's bank, the fate roll and the referee.

Rules: ``/work/shared/rules/alibaba.md`` (after the German rulebook). The board, the Ali Baba
figure and the bandit cards stay on the table; this engine keeps every balance, every card's
holder, the movement cards, the dice and the ledger. Box data ([assumed] values included)
comes from ``assets/alibaba/`` through ``companion.games.alibaba.box_files.load()``.

Action vocabulary (one JSON object per record line; ``"seat"`` may be added to any action
but ``trade``/``roll``/``draw`` and must then name the player whose move it is)::

    {"action": "draw", "value": 2}                 chance: next movement card while dealing
    {"action": "roll", "value": 4}                 chance: the die the game waits for
    {"action": "sell", "group": "Hehler", "count": 2}
    {"action": "move", "card": 3, "forks": ["left"]}
    {"action": "take", "group": "Schmuggler"}      loot (empty field) or free card (event 4)
    {"action": "done"}                             end loot / bazaar / one's dump or last chance
    {"action": "choose_player", "player": 2}       who an event hits
    {"action": "set_die", "value": 5}              events 3 (black) and 7 (white)
    {"action": "trade", "from": 0, "to": 2, "give": {"Hehler": 1}, "take": {}, "price": 40}
    {"action": "give", "group": "Bettler"}         event 6, by each giver
    {"action": "pick_gang", "gang": "Räuber"}      four-symbol field with question mark
    {"action": "dump", "group": "Seeräuber", "count": 1}
    {"action": "sell_to", "to": 1, "group": "Seeräuber", "count": 1, "price": 50}
    {"action": "last_chance", "group": "Seeräuber", "count": 1}
    {"action": "choose_starter", "player": 3}      the poorest names next round's starter

Rule decisions (the rules file's [assumed] values live in ``assets/alibaba/``):

1. Dealing is chance: one ``draw`` per movement card, ``Chance("draw", faces=remaining
   cards)`` with repeated values (so the session's uniform pick over faces is a fair
   shuffle, and a table dealing real cards can type each card in). Cards go round from the
   starter, the seat left of the dealer, so with 5 players the dealer gets one fewer.
2. Seat 0 starts round 1 (the dealer is the last seat). From round 2 the poorest names the
   starter (``choose_starter``); tied poorest: the first in seating order (settings).
3. The app cannot see the face-up top cards: ``take`` names the group the player took; the
   referee checks the pile still holds one (so never a fifth card of a group) and, for
   loot, that he can pay. The variant (``variant_free_loot``) is recorded and shown; the
   referee checks it the same way.
4. A turn: any ``sell`` first (quarter price, back to the pile, no bonus), then ``move``.
   A move lists a branch for every fork it enters, in order; a fork is entered on its first
   branch step. Standing inside a branch, the next move continues on it.
5. The last movement card always ends on start (the cards add up to one lap; were it
   otherwise, Ali Baba is set on start). Start means round end: printed values, double for a
   complete group, plus the bonus. After the last round's payout the game is over (the
   German "Alle Spieler veräußern noch einmal ihre Beute" is read as that final payout, not a
   further sale); most money wins, equal money shares the win (settings).
6. Loot on an empty field: up to three ``take``, each paid at once; ``done`` stops early.
7. Events: see ``events.py`` (who rolls, order of givers, free cards mandatory, ...).
8. Arrests: see ``arrest.py``: dump and last chance go holder by holder in seating order
   from the mover, each ending with ``done``; a set die is used by the next arrest even if
   nobody holds an affected card; steps nobody can act in are skipped without asking.
9. Kadi: the bribe is due for every caught card. Who has less money than the bribe sells
   all his cards (caught ones included) at the current quarter's price, pays what he then
   has up to the bribe, and the rest is forgiven; he plays on.
10. Money moves only as ``pay`` Events; the bank is unlimited. ``summary()["ledger"]`` holds
    the bank's totals and the conservation check, ``bank.ledger_totals`` sums any events.
11. Movement hands are part of the state and shown by ``summary`` (the screen decides what
    to hide); the record holds every draw, so a replay rebuilds the same hands.
12. The engine speaks in codes: a refusal is ``IllegalAction(code, english, **params)``, every
    event reason (``pay``, ``cards``, ``forgiven``, ``arrest_over``'s ``why``) is one of
    ``REASONS`` with its ``params``, a move event names its field by code, and ``Chance.kind``
    is one of ``CHANCE_KINDS``. The words are in ``companion/games/alibaba/<lang>.toml``.
"""

from __future__ import annotations

from companion.games.alibaba.rules.box import Box
from companion.games.alibaba.rules.engine import AliBabaEngine

REASONS, CHANCE_KINDS = AliBabaEngine.REASONS, AliBabaEngine.CHANCE_KINDS


def make_engine(box: Box) -> AliBabaEngine:
    """The Ali Baba engine for one box's data (``companion.games.alibaba.box_files.load()``)."""
    return AliBabaEngine(box)


__all__ = ["CHANCE_KINDS", "REASONS", "AliBabaEngine", "make_engine"]
