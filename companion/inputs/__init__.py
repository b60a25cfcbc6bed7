"""Where presses come from: GPIO buttons, the serial button box, the keyboard.

Every source turns a press into the same :class:`InputEvent` on one queue and wakes the
screen loop. Inputs know nothing of games.
"""
