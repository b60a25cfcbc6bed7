"""The end of a game of Ali Baba: every player's money over the game as a line chart from the
ledger (``session.events``: every action's events, the rounds marked), the biggest payment to
the Kadi and the best loot, and the figures the end screen lists per player.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from companion.ui import theme
from companion.ui.kit import Label, inset, line_height, min_size, read_size, text_size
from companion.ui.kit.text import broken_after_hyphens, render

KADI = frozenset({"kadi_bribe", "kadi_bribe_broke"})
PLOT_MIN_H = 90  #: the chart's least height on the end screen (its axis labels and lines)
#: cards taken from the piles: loot (bought, or free in the variant) and event 4's free cards
LOOTED = frozenset({"loot_card", "free_card"})


@dataclass(frozen=True)
class Story:
    """What the ledger tells about a finished game."""

    money: list[list[int]]          # money[step][seat]: after each action that moved money
    rounds: list[int]               # steps at which a round ended
    kadi: list[int]                 # per seat: everything paid to the Kadi
    loot: list[int]                 # per seat: cards taken from the piles (loot, bought or free)
    biggest_kadi: tuple[int, int, int] | None   # (amount, seat, round)
    best_loot: tuple[int, str, int, int] | None  # (gain, group, price, seat)


def story(session: Any) -> Story:
    """Read the whole game from the event log, never by replaying it."""
    box = session.engine.box
    money = list(session.states[0].money)
    n = len(money)
    points, rounds = [list(money)], []
    kadi, loot = [0] * n, [0] * n
    biggest: tuple[int, int, int] | None = None
    best: tuple[int, str, int, int] | None = None
    rnd = 1
    for events in session.events:
        changed = False
        for ev in events:
            kind = ev.kind  # a game has thousands of events: each is looked at once, by its kind
            if kind == "pay":  # the most of them, with the cards
                d = ev.data
                amount, payer, payee = d["amount"], d["payer"], d["payee"]
                if payee is not None:
                    money[payee] += amount
                if amount:
                    changed = True
                if payer is None:
                    continue
                money[payer] -= amount
                reason = d["reason"]
                if reason in KADI:
                    kadi[payer] += amount
                    if biggest is None or amount > biggest[0]:
                        biggest = (amount, payer, rnd)
                elif reason == "loot":
                    group = str((d.get("params") or {}).get("group", ""))
                    g = box.group_index(group)
                    gain = (box.gangs[box.groups[g].gang].value if g is not None else 0) - amount
                    if best is None or gain > best[0]:
                        best = (gain, group, amount, payer)
            elif kind == "cards":
                d = ev.data
                if d.get("from") == "pile" and d.get("reason") in LOOTED:
                    loot[d["to"]] += d["count"]
            elif kind == "round_end":
                rounds.append(len(points))
                rnd = ev.data["round"] + 1
        if changed:
            points.append(list(money))
    return Story(points, rounds, kadi, loot, biggest, best)


def picture_rect(players: int, names: list[str] | None = None,
                 rows: list[tuple[str, list[Any]]] | None = None) -> pygame.Rect:
    """Right of the end screen's table, wide enough for the chart and both notes; with more
    than two players the end screen gives the table a row per player so that it fits. Where a
    long name would be cut beside the figures, the picture gives the table the room it needs
    (the end screen lays the rows out as :func:`table_width` measures them)."""
    left = 470
    if names and rows:
        left = max(left, 20 + table_width(names, rows) + 30)
    return pygame.Rect(left, 122, 780 - left, 270)


def table_width(names: list[str], rows: list[tuple[str, list[Any]]]) -> int:
    """The width the end screen's rows take with every name whole at the smallest size: a swatch,
    the name and each figure's column (measured as the end screen measures them)."""
    big, small = read_size(), min_size()
    widths = [max([text_size(str(v), big)[0] for v in values] + [text_size(label, small)[0], 40]) + 10
              for label, values in rows]
    return 16 + max(text_size(name, small)[0] for name in names) + 6 + sum(widths)


def draw_chart(surf: pygame.Surface, rect: pygame.Rect, st: Story, colours: list[tuple[int, int, int]],
               notes: list[str], patterns: list[pygame.Surface] | None = None) -> None:
    """Lines of money per seat over the game, the ends of rounds as dashed verticals, the money
    axis labelled with its top and bottom, each line ending in its seat's patterned swatch (the
    legend: the same swatch stands beside the name in the table), and the notes (biggest Kadi
    payment, best loot) under it."""
    pygame.draw.rect(surf, theme.PANEL, rect, border_radius=8)
    line = line_height(min_size())
    heights = [min(4, wrapped_lines(note, min_size(), rect.w - 16)) * line + 4 for note in notes]
    # the chart keeps a readable height: a note with no room left under it is left out, not cut
    while notes and rect.h - sum(heights) - 4 < PLOT_MIN_H:
        notes, heights = notes[:-1], heights[:-1]
    area = inset(pygame.Rect(rect.x, rect.y, rect.w, rect.h - sum(heights) - 4), 8, 8)
    # the axis spans the money the game saw (in hundreds), so that the lines part where they differ
    top = -(-max(map(max, st.money)) // 100) * 100 or 100  # a game has hundreds of points: no generator
    low = min(map(min, st.money)) // 100 * 100
    if low >= top:
        low = top - 100
    axis_w = max(text_size(str(v), min_size())[0] for v in (top, low)) + 6
    legend_w = 18 if patterns else 0
    plot = pygame.Rect(area.x + axis_w, area.y + line // 2, area.w - axis_w - legend_w - 4, area.h - line)
    steps = max(1, len(st.money) - 1)

    def at(i: int, v: int) -> tuple[int, int]:
        return (plot.x + round(plot.w * i / steps), plot.bottom - round(plot.h * (v - low) / (top - low or 1)))

    # the money axis: its top and its bottom in words, a line along the left and the bottom
    surf.fill(theme.INK_DIM, (plot.x, plot.y, 1, plot.h))  # a fill, not a line: the dashed lines are the rounds
    pygame.draw.line(surf, theme.INK_DIM, plot.bottomleft, plot.bottomright, 1)
    for v in (top, low):
        y = at(0, v)[1]
        Label(str(v), pygame.Rect(area.x, y - line // 2, axis_w - 4, line), role="min", color=theme.INK_DIM,
              align="right").draw(surf)
    for r in st.rounds:
        x = at(r, 0)[0]
        for y in range(plot.y, plot.bottom, 8):
            pygame.draw.line(surf, theme.INK_DIM, (x, y), (x, min(plot.bottom, y + 4)), 1)
    # every seat's line has its points at the same x: worked out once (a game has hundreds)
    xs = [plot.x + round(plot.w * i / steps) for i in range(len(st.money))]  # as ``at`` puts them
    span = top - low or 1
    # where each sum of money stands, as ``at`` puts it: worked out once per sum, not once per
    # point of every seat's line (a game has hundreds of points)
    y_of = {v: plot.bottom - round(plot.h * (v - low) / span) for v in {v for p in st.money for v in p}}
    for colour, column in zip(colours, zip(*st.money)):  # each seat's money over the game
        pts = list(zip(xs, map(y_of.__getitem__, column)))
        if len(pts) >= 2:
            pygame.draw.lines(surf, colour, False, pts, 3)
    if patterns:
        # the legend: each seat's swatch where its line ends, pushed apart where lines end close
        ends = sorted((at(steps, st.money[-1][seat])[1], seat) for seat in range(len(patterns)))
        side, y_prev = 12, plot.y - 14
        placed = []
        for y, seat in ends:
            y = max(y - side // 2, y_prev + side + 1)
            placed.append((y, seat))
            y_prev = y
        shift = max(0, placed[-1][0] + side - (plot.bottom + line // 2)) if placed else 0
        for y, seat in placed:
            y -= shift
            end = at(steps, st.money[-1][seat])
            pygame.draw.line(surf, colours[seat], end, (plot.right + 4, y + side // 2), 1)
            surf.blit(patterns[seat], (plot.right + 4, y))
            pygame.draw.rect(surf, theme.INK, (plot.right + 4, y, side, side), 1)
    y = area.bottom + 10
    for note, h in zip(notes, heights, strict=True):
        Label(note, pygame.Rect(rect.x + 8, y, rect.w - 16, h), role="min", wrap=True, valign="top",
              color=theme.INK).draw(surf)
        y += h


def wrapped_lines(text: str, size: int, width: int) -> int:
    """How many lines a note under the chart takes, wrapped in ``width`` px at ``size`` as its
    label wraps it: its picture is asked, which the label then draws (``kit.text.render``
    keeps it: it is shaped once). A count word by word can come out a line short, and the note
    then ended in "…"."""
    picture = render(broken_after_hyphens(text, size, False, width), size, theme.INK, False, width)
    return max(1, -(-picture.get_height() // line_height(size)))
