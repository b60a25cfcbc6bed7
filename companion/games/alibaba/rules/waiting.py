"""Refusing an action the game is not waiting for: one refusal per phase, so that the screen
can say in a family's words what comes first (``alibaba.refusal.not_now_<phase>``).

>>> err = not_now("deal", "move")
>>> err.code, str(err)
('not_now_deal', '"move" is not possible now; the game waits for the movement cards to be dealt (draw).')
"""

from __future__ import annotations

from companion.engine.base import IllegalAction
from companion.games.alibaba.rules.state import (
    BAZAAR,
    BLACK_ROLL,
    BONUS_ROLL,
    CHOOSE_STARTER,
    DEAL,
    DUMP,
    EVENT_ROLL,
    GANG_ROLL,
    GIFT,
    GIVE,
    LAST_CHANCE,
    LOOT,
    PICK_GANG,
    SET_DIE,
    TARGET,
    TURN,
    WHITE_ROLL,
)

_HEAD = '"{action}" is not possible now; the game waits for '


def not_now(phase: str, action: str) -> IllegalAction:
    """The refusal of ``action`` in ``phase`` (the caller raises it)."""
    # One literal code per phase: tests/test_messages.py reads the codes from the source.
    if phase == DEAL:
        return IllegalAction("not_now_deal", _HEAD + "the movement cards to be dealt (draw).", action=action)
    if phase == TURN:
        return IllegalAction("not_now_turn", _HEAD + "the mover to sell cards or play a movement card "
                             "(sell, move).", action=action)
    if phase == LOOT:
        return IllegalAction("not_now_loot", _HEAD + "the mover to take loot or stop (take, done).", action=action)
    if phase == TARGET:
        return IllegalAction("not_now_target", _HEAD + "the mover to name the player the event hits "
                             "(choose_player).", action=action)
    if phase == EVENT_ROLL:
        return IllegalAction("not_now_event_roll", _HEAD + "a die roll for event 1 (roll).", action=action)
    if phase == SET_DIE:
        return IllegalAction("not_now_set_die", _HEAD + "the affected player to set the die (set_die).",
                             action=action)
    if phase == GIFT:
        return IllegalAction("not_now_gift", _HEAD + "the affected player to take his free cards (take).",
                             action=action)
    if phase == BAZAAR:
        return IllegalAction("not_now_bazaar", _HEAD + "bazaar trades (trade) until the mover closes it (done).",
                             action=action)
    if phase == GIVE:
        return IllegalAction("not_now_give", _HEAD + "a player to give a card (give).", action=action)
    if phase == BONUS_ROLL:
        return IllegalAction("not_now_bonus_roll", _HEAD + "a die roll for event 9 (roll).", action=action)
    if phase == GANG_ROLL:
        return IllegalAction("not_now_gang_roll", _HEAD + "a die roll for the gang (roll).", action=action)
    if phase == PICK_GANG:
        return IllegalAction("not_now_pick_gang", _HEAD + "the mover to pick a gang (pick_gang).", action=action)
    if phase == DUMP:
        return IllegalAction("not_now_dump", _HEAD + "a holder to dump or sell affected cards "
                             "(dump, sell_to, done).", action=action)
    if phase == BLACK_ROLL:
        return IllegalAction("not_now_black_roll", _HEAD + "the black die (roll).", action=action)
    if phase == LAST_CHANCE:
        return IllegalAction("not_now_last_chance", _HEAD + "a holder of endangered cards to return them "
                             "(last_chance, done).", action=action)
    if phase == WHITE_ROLL:
        return IllegalAction("not_now_white_roll", _HEAD + "the white die (roll).", action=action)
    if phase == CHOOSE_STARTER:
        return IllegalAction("not_now_choose_starter", _HEAD + "the poorest player to name who starts the next "
                             "round (choose_starter).", action=action)
    return IllegalAction("game_over", '"{action}" is not possible: the game is over.', action=action)
