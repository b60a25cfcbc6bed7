"""An independent, deliberately plain Suleika implementation used only to cross-check the
engine: the balcony is a lookup table typed from the rules file (both corner settings
written out, not derived by mirroring), Omar steps cell by cell, areas are found by
breadth-first search, and the game is one mutable object.

It knows the box values the rules file states (start (3,3) N, die 1 2 2 3 3 4, colours and
money per player count), so it does not read the engine's box either.
"""

from __future__ import annotations

from collections import deque

# (heading Omar leaves by, row or col he leaves from) -> (re-entry cell, new heading).
# Leaving E or W the index is the row; leaving N or S it is the column.
BALCONY_TR_BL = {
    ("E", 0): ((0, 6), "S"), ("E", 1): ((2, 6), "W"), ("E", 2): ((1, 6), "W"),
    ("E", 3): ((4, 6), "W"), ("E", 4): ((3, 6), "W"), ("E", 5): ((6, 6), "W"),
    ("E", 6): ((5, 6), "W"),
    ("W", 0): ((1, 0), "E"), ("W", 1): ((0, 0), "E"), ("W", 2): ((3, 0), "E"),
    ("W", 3): ((2, 0), "E"), ("W", 4): ((5, 0), "E"), ("W", 5): ((4, 0), "E"),
    ("W", 6): ((6, 0), "N"),
    ("N", 0): ((0, 1), "S"), ("N", 1): ((0, 0), "S"), ("N", 2): ((0, 3), "S"),
    ("N", 3): ((0, 2), "S"), ("N", 4): ((0, 5), "S"), ("N", 5): ((0, 4), "S"),
    ("N", 6): ((0, 6), "W"),
    ("S", 0): ((6, 0), "E"), ("S", 1): ((6, 2), "N"), ("S", 2): ((6, 1), "N"),
    ("S", 3): ((6, 4), "N"), ("S", 4): ((6, 3), "N"), ("S", 5): ((6, 6), "N"),
    ("S", 6): ((6, 5), "N"),
}
BALCONY_TL_BR = {
    ("E", 0): ((1, 6), "W"), ("E", 1): ((0, 6), "W"), ("E", 2): ((3, 6), "W"),
    ("E", 3): ((2, 6), "W"), ("E", 4): ((5, 6), "W"), ("E", 5): ((4, 6), "W"),
    ("E", 6): ((6, 6), "N"),
    ("W", 0): ((0, 0), "S"), ("W", 1): ((2, 0), "E"), ("W", 2): ((1, 0), "E"),
    ("W", 3): ((4, 0), "E"), ("W", 4): ((3, 0), "E"), ("W", 5): ((6, 0), "E"),
    ("W", 6): ((5, 0), "E"),
    ("N", 0): ((0, 0), "E"), ("N", 1): ((0, 2), "S"), ("N", 2): ((0, 1), "S"),
    ("N", 3): ((0, 4), "S"), ("N", 4): ((0, 3), "S"), ("N", 5): ((0, 6), "S"),
    ("N", 6): ((0, 5), "S"),
    ("S", 0): ((6, 1), "N"), ("S", 1): ((6, 0), "N"), ("S", 2): ((6, 3), "N"),
    ("S", 3): ((6, 2), "N"), ("S", 4): ((6, 5), "N"), ("S", 5): ((6, 4), "N"),
    ("S", 6): ((6, 6), "W"),
}
TABLES = {"TR_BL": BALCONY_TR_BL, "TL_BR": BALCONY_TL_BR}

MOVE = {"N": (-1, 0), "S": (1, 0), "E": (0, 1), "W": (0, -1)}
BACK = {"N": "S", "S": "N", "E": "W", "W": "E"}
SEATS = {2: [["red", "yellow"], ["blue", "green"]], 3: [["red"], ["blue"], ["yellow"]],
         4: [["red"], ["blue"], ["yellow"], ["green"]]}
EACH = {2: 12, 3: 15, 4: 12}
MONEY = {"suleika": {2: 60, 3: 40, 4: 30}, "marrakech": {2: 30, 3: 30, 4: 30}}
DIE = [1, 2, 2, 3, 3, 4]


def ref_step(r: int, c: int, d: str, loops: str) -> tuple[int, int, str]:
    dr, dc = MOVE[d]
    if 0 <= r + dr <= 6 and 0 <= c + dc <= 6:
        return r + dr, c + dc, d
    index = r if d in "EW" else c
    (nr, nc), nd = TABLES[loops][(d, index)]
    return nr, nc, nd


def ref_walk(r: int, c: int, d: str, n: int, loops: str) -> list[tuple[int, int, str]]:
    out = []
    for _ in range(n):
        r, c, d = ref_step(r, c, d, loops)
        out.append((r, c, d))
    return out


class RefGame:
    """One game; ``act`` changes it in place and raises ValueError for what it refuses."""

    def __init__(self, header: dict) -> None:
        n = header["players"]
        self.n = n
        self.rules = header.get("rules", "suleika")
        self.variant = header.get("variant2p", False)
        self.loops = header.get("corner_loops", "TR_BL")
        seats = header.get("colors") or SEATS[n]
        self.colours = [[s] if isinstance(s, str) else list(s) for s in seats]
        self.left = [{col: EACH[n] for col in cols} for cols in self.colours]
        self.money = [MONEY[self.rules][n]] * n
        self.out = [False] * n
        self.top: dict[tuple[int, int], tuple[str, int]] = {}
        self.next_id = 0
        self.r, self.c, self.d = 3, 3, "N"
        self.base = "N"          # heading faces are measured against
        self.any_heading = True  # before the game's first roll
        self.stage = "roll"      # roll / place / heading / over
        self.who = 0

    # -- helpers ---------------------------------------------------------------------------
    def owner(self, colour: str) -> int:
        return next(i for i, cols in enumerate(self.colours) if colour in cols)

    def bfs(self, start: tuple[int, int]) -> set[tuple[int, int]]:
        colour = self.top[start][0]
        seen = {start}
        queue = deque([start])
        while queue:
            r, c = queue.popleft()
            for dr, dc in MOVE.values():
                nb = (r + dr, c + dc)
                if nb not in seen and nb in self.top and self.top[nb][0] == colour:
                    seen.add(nb)
                    queue.append(nb)
        return seen

    def follower(self, seat: int) -> int | None:
        seat_ = seat
        for _ in range(self.n):
            seat_ = (seat_ + 1) % self.n
            if not self.out[seat_] and sum(self.left[seat_].values()) > 0:
                return seat_
        return None

    def headings(self) -> set[str]:
        if self.stage == "roll" and self.any_heading:
            return {"N", "E", "S", "W"}
        if (self.stage == "roll" and not self.variant) or self.stage == "heading":
            return {"N", "E", "S", "W"} - {BACK[self.base]}
        return set()

    def placements(self) -> set[tuple[tuple[int, int], tuple[int, int], str]]:
        if self.stage != "place":
            return set()
        found = set()
        omar = (self.r, self.c)
        for r1 in range(7):
            for c1 in range(7):
                for r2 in range(7):
                    for c2 in range(7):
                        a, b = (r1, c1), (r2, c2)
                        if abs(r1 - r2) + abs(c1 - c2) != 1 or omar in (a, b):
                            continue
                        if abs(r1 - self.r) + abs(c1 - self.c) != 1:
                            continue  # a must be the half touching Omar
                        if a in self.top and b in self.top and self.top[a][1] == self.top[b][1]:
                            continue
                        for colour, k in self.left[self.who].items():
                            if k > 0:
                                found.add((a, b, colour))
        return found

    def finish_turn(self, seat: int) -> None:
        nxt = self.follower(seat)
        if nxt is None:
            self.stage = "over"
        else:
            self.who, self.stage, self.base = nxt, "roll", self.d

    # -- actions ---------------------------------------------------------------------------
    def act(self, action: dict) -> None:
        kind = action["action"]
        if self.stage == "over":
            raise ValueError("over")
        if kind == "face":
            if action["dir"] not in self.headings():
                raise ValueError("face")
            self.d = action["dir"]
        elif kind == "roll":
            if self.stage not in ("roll", "heading"):
                raise ValueError("roll")
            if self.stage == "heading":
                self.who = self.follower(self.who)
            for r, c, d in ref_walk(self.r, self.c, self.d, action["value"], self.loops):
                self.r, self.c, self.d = r, c, d
            self.any_heading = False
            self.base = self.d
            self.stage = "place"
            here = (self.r, self.c)
            if here in self.top:
                payee = self.owner(self.top[here][0])
                if payee != self.who and not self.out[payee]:
                    due = len(self.bfs(here))
                    pay = min(due, self.money[self.who])
                    self.money[self.who] -= pay
                    self.money[payee] += pay
                    if self.rules == "marrakech" and pay < due:
                        self.out[self.who] = True
                        self.finish_turn(self.who)
        elif kind == "place":
            a, b = (tuple(x) for x in action["cells"])
            if abs(b[0] - self.r) + abs(b[1] - self.c) == 1:
                a, b = b, a
            colour = action.get("color")
            if colour is None:
                have = [k for k, v in self.left[self.who].items() if v > 0]
                if len(have) != 1:
                    raise ValueError("colour")
                colour = have[0]
            if (a, b, colour) not in self.placements():
                raise ValueError("place")
            self.top[a] = self.top[b] = (colour, self.next_id)
            self.next_id += 1
            self.left[self.who][colour] -= 1
            if self.variant and self.follower(self.who) is not None:
                self.stage, self.base = "heading", self.d
            else:
                self.finish_turn(self.who)
        else:
            raise ValueError(kind)

    # -- results ---------------------------------------------------------------------------
    def visible(self, seat: int) -> int:
        return sum(1 for colour, _ in self.top.values() if colour in self.colours[seat])

    def winners(self) -> list[int]:
        if self.stage != "over":
            return []
        alive = [s for s in range(self.n) if not self.out[s]]
        best = max(self.visible(s) + self.money[s] for s in alive)
        tied = [s for s in alive if self.visible(s) + self.money[s] == best]
        tiebreak = (lambda s: self.visible(s)) if self.rules == "suleika" else (lambda s: self.money[s])
        top = max(tiebreak(s) for s in tied)
        return [s for s in tied if tiebreak(s) == top]

    def summary(self) -> dict:
        turn = None
        if self.stage in ("roll", "place"):
            turn = self.who
        elif self.stage == "heading":
            turn = self.follower(self.who)
        return {
            "omar": {"row": self.r, "col": self.c, "facing": self.d},
            "players": [{"money": self.money[s], "visible": self.visible(s),
                         "carpets_left": sum(self.left[s].values()), "out": self.out[s]}
                        for s in range(self.n)],
            "board": [[self.top[(r, c)][0] if (r, c) in self.top else None for c in range(7)]
                      for r in range(7)],
            "turn": turn,
            "over": self.stage == "over",
            "winners": self.winners(),
        }
