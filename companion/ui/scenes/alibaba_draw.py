"""Drawing the Ali Baba table (the scene's logic is in ``alibaba.py``).

Layout on the 800 x 480 screen: a header across the top (whose turn and what the game waits
for; where Ali Baba stands and the prices), the players (or, during an arrest, the fate grid
and the stakes; or the whole ledger) on the left with the newest ledger lines beneath, and
the choices, ROLL, UNDO, LEDGER and the keys for a real die on the right. Numbers that
decide money are large, so the table can read them from its chairs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from companion.engine.alibaba.arrest import fate_number
from companion.ui import theme
from companion.ui.widgets import Button

if TYPE_CHECKING:
    from companion.ui.scenes.alibaba import AlibabaScene, FateView

LEFT = pygame.Rect(6, 66, 472, 334)       # players / fate grid / ledger
TAIL_RECT = pygame.Rect(6, 404, 472, 72)  # newest ledger lines (the banner covers them)
LIST_X, LIST_Y, LIST_W, ROW_H = 486, 66, 256, 64
ARROWS_X = 748
DARK = (18, 16, 24)
DANGER = (150, 40, 40)
DANGER_DIM = (80, 36, 44)


@dataclass
class ArrowButton(Button):
    """A scroll key with a drawn triangle (the bundled font has no arrow glyphs)."""

    up: bool = True

    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        r = self.rect
        half = min(r.w, r.h) // 4
        tip = r.centery - half if self.up else r.centery + half
        base = r.centery + half if self.up else r.centery - half
        pygame.draw.polygon(surf, theme.INK if self.enabled else theme.INK_DIM,
                            [(r.centerx, tip), (r.centerx - half, base), (r.centerx + half, base)])


def ink_on(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """Dark text on light colours (the yellow gang), light text on the others."""
    return DARK if sum(rgb) > 450 else theme.INK


def clipped(surf: pygame.Surface, s: str, pos: tuple[int, int], width: int, size: int,
            color: tuple[int, int, int] = theme.INK, bold: bool = False) -> None:
    """Text cut at ``width`` pixels (long group lists, long names) instead of running over."""
    img = theme.text(s, size, color, bold)
    surf.blit(img, pos, pygame.Rect(0, 0, width, img.get_height()))


def draw(scene: "AlibabaScene", surf: pygame.Surface) -> None:
    now = scene.app.now()
    surf.fill(theme.BG)
    scene.buttons = []
    draw_header(scene, surf)
    fate = scene.fate()
    if scene.show_ledger:
        draw_ledger(scene, surf, LEFT)
    elif fate is not None:
        draw_fate(scene, surf, fate)
    else:
        draw_players(scene, surf, LEFT)
    if scene.banner.active(now):
        scene.banner.draw(surf, TAIL_RECT, now)
    else:
        draw_tail(scene, surf, TAIL_RECT)
    draw_controls(scene, surf)
    for b in scene.buttons:
        b.draw(surf)


# -- header ----------------------------------------------------------------------------------------
def draw_header(scene: "AlibabaScene", surf: pygame.Surface) -> None:
    from companion.ui.scenes.alibaba import field_words, phase_words
    st, box, t = scene.state, scene.box, scene.t
    seat = scene.session.engine.current_player(st)
    x = 8
    if seat is not None:
        surf.blit(theme.swatch(player_colour(scene, seat), 28, 28), (x, 6))
        x += 36
    words = phase_words(t, box, scene.session)
    size = 30 if theme.font(30, True).size(words)[0] <= 790 - x else 24
    clipped(surf, words, (x, 8 if size == 30 else 10), 792 - x, size, theme.GOLD, bold=True)
    where = f"{t('ab_round', n=st.round)} · {field_words(t, box, st)} · {t('ab_quarter', n=box.board.quarter(st.position))}"
    clipped(surf, where, (8, 40), 510, 22, theme.INK)
    # the prices of this quarter, one chip per gang in its colour
    quarter = box.board.quarter(st.position)
    theme.blit_text(surf, t("ab_prices"), (604, 40), 20, theme.INK_DIM, anchor="topright")
    for k, gang in enumerate(box.gangs):
        rgb = theme.rgb(gang.color)
        chip = pygame.Rect(610 + k * 47, 36, 44, 26)
        pygame.draw.rect(surf, rgb, chip, border_radius=6)
        theme.blit_text(surf, str(box.price(quarter, k)), chip.center, 24, ink_on(rgb), bold=True, anchor="center")


def player_colour(scene: "AlibabaScene", seat: int) -> str:
    colours = scene.session.header.get("colors") or []
    colour = colours[seat] if seat < len(colours) else None
    if isinstance(colour, list):
        colour = colour[0] if colour else None
    return colour if isinstance(colour, str) else ("red", "blue", "yellow", "green", "purple", "orange")[seat % 6]


# -- players ---------------------------------------------------------------------------------------
def draw_players(scene: "AlibabaScene", surf: pygame.Surface, rect: pygame.Rect) -> None:
    """Per player: colour and pattern, name, money, cards per gang, then the groups held."""
    st, box = scene.state, scene.box
    n = st.players
    h = min(84, rect.h // n)
    acting = scene.session.engine.current_player(st)
    for seat in range(n):
        row = pygame.Rect(rect.x, rect.y + seat * h, rect.w, h - 4)
        if seat == st.turn and not st.over:
            pygame.draw.rect(surf, theme.PANEL_HI, row, border_radius=8)
        if seat == acting:
            pygame.draw.rect(surf, theme.GOLD, row, 3, border_radius=8)
        surf.blit(theme.swatch(player_colour(scene, seat), 26, row.h - 10), (row.x + 5, row.y + 5))
        big = 28 if h >= 64 else 24
        clipped(surf, st.names[seat], (row.x + 38, row.y + 5), 112, big, theme.INK)
        theme.blit_text(surf, str(st.money[seat]), (row.x + 232, row.y + 3), big + 6, theme.GOLD, bold=True,
                        anchor="topright")
        for k, gang in enumerate(box.gangs):
            count = sum(st.cards[seat][g] for g in box.groups_of((k,)))
            rgb = theme.rgb(gang.color)
            chip = pygame.Rect(row.x + 242 + k * 56, row.y + 4, 50, 30)
            pygame.draw.rect(surf, rgb if count else tuple(c // 3 for c in rgb), chip, border_radius=6)
            theme.blit_text(surf, str(count), chip.center, 28, ink_on(rgb) if count else theme.INK_DIM, bold=True,
                            anchor="center")
        held = [f"{g.name} {st.cards[seat][i]}" for i, g in enumerate(box.groups) if st.cards[seat][i]]
        hand = st.hands[seat]
        small = 20 if h >= 64 else 17
        detail = " · ".join(held) or scene.t("ab_no_cards")
        y = row.y + (40 if h >= 64 else 35)
        hand_text = scene.t("ab_hand", cards=" ".join(map(str, hand))) if hand else ""
        hand_w = theme.font(small).size(hand_text)[0] + 8 if hand_text else 0
        clipped(surf, detail, (row.x + 38, y), row.w - 44 - hand_w, small, theme.INK_DIM)
        if hand_text:
            theme.blit_text(surf, hand_text, (row.right - 6, y), small, theme.INK, anchor="topright")


# -- fate grid -------------------------------------------------------------------------------------
def draw_fate(scene: "AlibabaScene", surf: pygame.Surface, fate: "FateView") -> None:
    """The 6 x 6 fate grid (black die = row, white die = column) and what each player risks."""
    cell, gx, gy = 46, LEFT.x + 26, LEFT.y + 26
    t = scene.t
    for c in range(1, 7):
        theme.blit_text(surf, str(c), (gx + (c - 1) * cell + cell // 2, gy - 2), 22,
                        theme.GOLD if fate.number is not None and (fate.number - 1) % 6 + 1 == c else theme.INK_DIM,
                        anchor="midbottom")
    for r in range(1, 7):
        active = fate.row == r
        label = pygame.Rect(LEFT.x, gy + (r - 1) * cell + 4, 22, cell - 8)
        pygame.draw.rect(surf, (10, 10, 10) if active else theme.BG, label, border_radius=4)
        theme.blit_text(surf, str(r), label.center, 24, theme.GOLD if active else theme.INK_DIM, bold=active,
                        anchor="center")
        for c in range(1, 7):
            n = fate_number(r, c)
            box = pygame.Rect(gx + (c - 1) * cell, gy + (r - 1) * cell, cell - 3, cell - 3)
            at_stake = sum(fate.stakes.get(n, {}).values())
            dim = fate.row is not None and not active
            if fate.number == n:
                fill, ink = theme.GOLD, DARK
            elif at_stake and not dim:
                fill, ink = DANGER if fate.row is not None else DANGER_DIM, theme.INK
            else:
                fill, ink = (theme.PANEL_HI if active else theme.PANEL), (theme.INK_DIM if dim else theme.INK)
            pygame.draw.rect(surf, fill, box, border_radius=5)
            theme.blit_text(surf, str(n), (box.centerx, box.y + 3), 30, ink, bold=True, anchor="midtop")
            if at_stake and not dim:
                theme.blit_text(surf, str(at_stake), (box.centerx, box.bottom - 1), 17, ink, anchor="midbottom")
        if active:
            pygame.draw.rect(surf, theme.GOLD, (gx - 3, gy + (r - 1) * cell - 3, 6 * cell + 3, cell + 3), 3,
                             border_radius=6)
    gangs = t("ab_all_gangs") if len(fate.gangs) == len(scene.box.gangs) else ", ".join(fate.gangs)
    note = [t("ab_arrest_of", gangs=gangs)]
    if fate.row_set:
        note.append(t("ab_black_set", value=fate.row))
    if fate.column_set is not None:
        note.append(t("ab_white_set", value=fate.column_set))
    clipped(surf, " · ".join(note), (LEFT.x, gy + 6 * cell + 4), gx + 6 * cell - LEFT.x, 20, theme.BAD, True)
    x = gx + 6 * cell + 8
    caption = t("ab_stakes_paid") if fate.number is not None else t("ab_stakes", bribe=scene.box.settings.kadi_bribe)
    clipped(surf, caption, (x, LEFT.y - 2), LEFT.right - x, 17, theme.INK_DIM)
    draw_stakes(scene, surf, fate, pygame.Rect(x, LEFT.y + 16, LEFT.right - x, LEFT.h - 16))


def draw_stakes(scene: "AlibabaScene", surf: pygame.Surface, fate: "FateView", rect: pygame.Rect) -> None:
    """Per player: money, and what the Kadi may take (worst case and chance), or took."""
    st = scene.state
    n = st.players
    h = min(84, rect.h // n)
    for seat in range(n):
        y = rect.y + seat * h
        surf.blit(theme.swatch(player_colour(scene, seat), 12, 20), (rect.x, y + 2))
        clipped(surf, st.names[seat], (rect.x + 16, y + 2), rect.w - 70, 22, theme.INK)
        theme.blit_text(surf, str(st.money[seat]), (rect.right, y + 2), 22, theme.INK_DIM, anchor="topright")
        if fate.number is not None:
            paid = fate.caught.get(seat, 0)
            text, color = (f"−{paid}", theme.BAD) if paid else ("0", theme.GOOD)
        else:
            numbers = [m for m in range(1, 37) if fate.row is None or (m - 1) // 6 + 1 == fate.row]
            worst = max((fate.stakes.get(m, {}).get(seat, 0) for m in numbers), default=0)
            chance = fate.chance.get(seat, 0.0)
            if worst:
                text, color = f"≤{worst}  {round(chance * 100)}%", theme.BAD
            else:
                text, color = "0", theme.GOOD
        theme.blit_text(surf, text, (rect.x + 16, y + 22), 30 if h >= 56 else 26, color, bold=True)
        cards = fate.endangered.get(seat)
        if cards and h >= 72:
            clipped(surf, ", ".join(f"{c} {g}" for g, c in cards.items()), (rect.x + 16, y + 50), rect.w - 16, 18,
                    theme.INK_DIM)


# -- ledger ----------------------------------------------------------------------------------------
def draw_tail(scene: "AlibabaScene", surf: pygame.Surface, rect: pygame.Rect) -> None:
    from companion.ui.scenes.alibaba import TAIL
    lines = scene.ledger()[-TAIL:]
    pygame.draw.rect(surf, theme.PANEL, rect, border_radius=8)
    if not lines:
        theme.blit_text(surf, scene.t("ab_ledger_empty"), (rect.x + 8, rect.y + 8), 22, theme.INK_DIM)
    for i, entry in enumerate(lines):
        newest = i == len(lines) - 1
        clipped(surf, entry.short, (rect.x + 8, rect.y + 4 + i * 23), rect.w - 16, 24,
                theme.GOLD if newest else theme.INK)


def draw_ledger(scene: "AlibabaScene", surf: pygame.Surface, rect: pygame.Rect) -> None:
    """The whole ledger, for disputes: every payment with the bank's full reason."""
    entries = scene.ledger()
    line_h, lines = 21, (rect.h - 28) // 21
    top = scene.ledger_top if scene.ledger_top is not None else max(0, len(entries) - lines)
    ledger = scene.session.engine.summary(scene.state)["ledger"]
    head = scene.t("ab_ledger_title", count=len(entries), paid=ledger["bank_paid"], received=ledger["bank_received"])
    clipped(surf, head, (rect.x, rect.y), rect.w - 56, 22, theme.GOLD, True)
    for i, entry in enumerate(entries[top: top + lines]):
        y = rect.y + 26 + i * line_h
        text = f"{top + i + 1}. {entry.short}" + (f" — {entry.reason}" if entry.reason else "")
        clipped(surf, text, (rect.x, y), rect.w - 56, 20, theme.INK)
    arrows = pygame.Rect(rect.right - 50, rect.y, 50, rect.h // 2 - 4)
    scene.buttons.append(ArrowButton(arrows, "", lambda: scene.scroll_ledger(-1, lines), enabled=top > 0))
    scene.buttons.append(ArrowButton(arrows.move(0, rect.h // 2 + 4), "", lambda: scene.scroll_ledger(1, lines),
                                     enabled=top + lines < len(entries), up=False))


# -- the choices and the keys ----------------------------------------------------------------------
def draw_controls(scene: "AlibabaScene", surf: pygame.Surface) -> None:
    from companion.ui.scenes.alibaba import VISIBLE
    t = scene.t
    labels = scene.labels()
    pending = scene.pending_die()
    b = scene.buttons
    if labels:
        for i in range(scene.top, min(len(labels), scene.top + VISIBLE)):
            rect = pygame.Rect(LIST_X, LIST_Y + (i - scene.top) * ROW_H, LIST_W, ROW_H - 6)
            b.append(Button(rect, labels[i], lambda i=i: scene.tap_choice(i), selected=i == scene.pick,
                            size=26 if theme.font(26).size(labels[i])[0] <= 2 * (LIST_W - 12) else 22))
        more = len(labels) > VISIBLE
        up = pygame.Rect(ARROWS_X, LIST_Y, 48, 2 * ROW_H - 6)
        b.append(ArrowButton(up, "", lambda: scene.scroll(-1), enabled=more and scene.top > 0))
        b.append(ArrowButton(up.move(0, 2 * ROW_H), "", lambda: scene.scroll(1),
                             enabled=more and scene.top + VISIBLE < len(labels), up=False))
        theme.blit_text(surf, f"{scene.pick + 1}/{len(labels)}", (ARROWS_X + 24, LIST_Y + VISIBLE * ROW_H - 2), 18,
                        theme.INK_DIM, anchor="midtop")
    elif not scene.session.over:
        hint = t("ab_hint_deal") if pending == "draw" else t("ab_hint_roll", die=die_words(scene))
        y = LIST_Y + 20
        for line in theme.wrap(hint, 32, 300)[:5]:
            theme.blit_text(surf, line, (LIST_X + 4, y), 32, theme.GOLD, bold=True)
            y += 34
    # ROLL / UNDO / LEDGER
    row_y = 334
    roll_label = t("ab_deal") if pending == "draw" else t("roll")
    b.append(Button(pygame.Rect(LIST_X, row_y, 150, 60), roll_label, lambda: scene.roll(), enabled=pending is not None,
                    selected=pending is not None, size=36))
    b.append(Button(pygame.Rect(LIST_X + 156, row_y, 74, 60), t("undo"), scene.undo,
                    enabled=scene.session.can_undo(), size=22))
    b.append(Button(pygame.Rect(LIST_X + 236, row_y, 72, 60), t("ab_ledger"), scene.toggle_ledger,
                    selected=scene.show_ledger, size=22))
    # a real die (or real movement cards being dealt): type what it shows
    chance = scene.session.engine.chance(scene.state)
    faces = sorted(set(chance.faces)) if chance is not None else [1, 2, 3, 4, 5, 6]
    theme.blit_text(surf, t("ab_typed_card") if pending == "draw" else t("typed_die"), (LIST_X, 398), 18,
                    theme.INK_DIM)
    w = (308 - 4 * (len(faces) - 1)) // len(faces)
    for k, v in enumerate(faces):
        b.append(Button(pygame.Rect(LIST_X + k * (w + 4), 416, w, 60), str(v), lambda v=v: scene.roll(v),
                        enabled=chance is not None, size=34))


def die_words(scene: "AlibabaScene") -> str:
    chance = scene.session.engine.chance(scene.state)
    kind = chance.kind if chance is not None else "die"
    return scene.t({"black_die": "ab_die_black", "white_die": "ab_die_white"}.get(kind, "ab_die_plain"))
