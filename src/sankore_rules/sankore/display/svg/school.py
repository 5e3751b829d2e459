"""A player's school and the Library: the player board picture and the Library picture.

The player board draws its Class and Student spaces where ``drawing.toml`` puts them and its
arrows from the ruleset's player-board graph; beside it, the player's resources, Books,
Prestige, Favour tiles, pieces still home, Skill sections and Objective cards. The Library
draws each shelf of the side played, with the Books contributed to it.
"""

from __future__ import annotations

import math

from sankore_rules.core.svg import Panel, contrast, el, shape, text, title
from sankore_rules.sankore.display.svg.scene import PIECE_NAMES, PIECE_SHAPES, Scene
from sankore_rules.sankore.rules.common import school_knowledge

__all__ = ["library_panel", "library_size", "player_panel"]


# ---- the player board --------------------------------------------------------------------------


def _arrow(x1: float, y1: float, x2: float, y2: float, ink: str, data: str) -> str:
    """A line from (x1, y1) to (x2, y2) with an arrowhead at its end."""
    angle = math.atan2(y2 - y1, x2 - x1)
    head = [
        (x2, y2),
        (x2 - 7 * math.cos(angle - 0.4), y2 - 7 * math.sin(angle - 0.4)),
        (x2 - 7 * math.cos(angle + 0.4), y2 - 7 * math.sin(angle + 0.4)),
    ]
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in head)
    return el(
        "g",
        el("line", x1=x1, y1=y1, x2=x2, y2=y2, stroke=ink, stroke_width=1.2, stroke_opacity=0.7),
        el("polygon", points=points, fill=ink, fill_opacity=0.7),
        data_arrow=data,
    )


def _supply_rows(s: Scene) -> list[str]:
    """The labels of the supply column, one a line."""
    return [
        "Gold · Salt · Inspiration",
        "Books",
        "Prestige",
        "Favour tiles",
        "Pieces home (School Knowledge)",
        "Skill sections",
        "Objectives",
    ]


def player_panel(s: Scene, p: int | None) -> Panel:
    """Player ``p``'s board (None: an empty board, the ruleset's alone)."""
    w, h = s.drawing.player_board.size
    board = s.once(("player_board",), lambda: _player_board(s))
    pieces = "" if p is None else "".join(_player_pieces(s, p))
    return Panel(f"player-{'board' if p is None else p}", (0, 0, w, h), board, pieces)


def _player_board(s: Scene) -> str:
    rules, pb = s.rules, s.drawing.player_board
    w, h = pb.size
    cw, ch = pb.class_size
    r = pb.student_radius
    board = [s.backdrop(w, h), s.heading(12, 22, "Player board", 14)]
    g = rules.player_board_graph
    for a, b, data in g.edges(data=True):
        if data["kind"] == "arrow":
            (x1, y1), (x2, y2) = pb.classes[a], pb.students[b]
            board.append(_arrow(x1, y1 - ch / 2, x2, y2 + r + 1, s.ink, f"{a} {b}"))
        else:
            (x1, y1), (x2, y2) = pb.students[a], pb.classes[b]
            board.append(
                el(
                    "line",
                    x1=x1,
                    y1=y1 - r,
                    x2=x2,
                    y2=y2 + ch / 2,
                    stroke=s.ink,
                    stroke_dasharray="2 2",
                    data_under=f"{a} {b}",
                )
            )
    for cid, (x, y) in pb.classes.items():
        row = rules.class_row[cid]
        board.append(
            el(
                "g",
                title(f"Class space {cid} (row {row})"),
                el(
                    "rect",
                    x=x - cw / 2,
                    y=y - ch / 2,
                    width=cw,
                    height=ch,
                    rx=4,
                    fill=s.colours.space,
                    stroke=s.ink,
                    stroke_width=1.2,
                ),
                s.small(x - cw / 2 + 3, y - ch / 2 + 9, cid, size=8),
                data_class_space=cid,
            )
        )
    for sid, (x, y) in pb.students.items():
        level = rules.student_level[sid]
        top = ", scores at the end" if sid in rules.topmost else ""
        board.append(
            el(
                "g",
                title(f"Student space {sid} (level {level}{top})"),
                el("circle", cx=x, cy=y, r=r, fill=s.colours.space, stroke=s.ink, stroke_width=1.2),
                # The notation names Student spaces (promote s0a s1a): each is labelled at its
                # left, where a Student standing on it leaves the label readable and no arrow
                # starts; a halo of the panel's colour keeps a crossing line from hiding it.
                text(
                    x - r - 2,
                    y + 3,
                    sid,
                    font_size=8,
                    fill=s.ink,
                    text_anchor="end",
                    stroke=s.colours.panel,
                    stroke_width=2.5,
                    paint_order="stroke",
                    data_student_label=sid,
                ),
                data_student_space=sid,
            )
        )
    gd = pb.graduation
    (gx, gy), (gw, gh) = gd.origin, gd.item
    board.append(s.small(gx, gy - 5, "Graduation slots", size=10))
    for i in range(rules.graduation_slots):
        board.append(
            el(
                "rect",
                x=gx + i * (gw + gd.gap),
                y=gy,
                width=gw,
                height=gh,
                rx=3,
                fill="none",
                stroke=s.ink,
                stroke_dasharray="3 2",
                data_graduation_slot=i,
            )
        )
    sx, sy = pb.supply
    for i, label in enumerate(_supply_rows(s)):
        board.append(s.small(sx, sy + i * 38, label, size=10))
    return "".join(board)


def _player_pieces(s: Scene, p: int) -> list[str]:
    rules, pb = s.rules, s.drawing.player_board
    st = s.state
    assert st is not None
    pl = st.players[p]
    cw, ch = pb.class_size
    r = pb.student_radius
    fill = s.player(p)
    deciding = " · to decide" if st.current_player == p else ""
    out = [
        el("rect", x=120, y=8, width=20, height=20, rx=4, fill=fill, stroke=s.ink),
        s.heading(146, 23, f"P{p} · {pl.turns} turns{deciding}", 13),
    ]
    for cid, tile_id in pl.classes.items():
        x, y = pb.classes[cid]
        tile = rules.class_tiles[tile_id]
        colour = s.discipline(tile.discipline)
        out.append(
            el(
                "g",
                title(f"{tile_id}: {tile.discipline} Class, Knowledge +{tile.knowledge}"),
                el(
                    "rect",
                    x=x - cw / 2,
                    y=y - ch / 2,
                    width=cw,
                    height=ch,
                    rx=4,
                    fill=colour,
                    stroke=s.ink,
                    stroke_width=1.2,
                ),
                text(
                    x,
                    y + 4,
                    tile_id,
                    # A long id is set smaller, to stay inside its space.
                    font_size=min(11.0, round(cw / (0.58 * len(tile_id)), 1)),
                    text_anchor="middle",
                    fill=contrast(colour),
                ),
                data_class=tile_id,
                data_space=cid,
            )
        )
    for cid, (x, y) in pb.classes.items():
        out.append(s.frame(("class", p, cid), x - cw / 2, y - ch / 2, cw, ch))
    for sid, d in pl.students.items():
        x, y = pb.students[sid]
        out.append(s.student(d, x, y, r - 1, f" on {sid}"))
    for sid, (x, y) in pb.students.items():
        out.append(s.ring(("student", p, sid), x, y, r + 4))
    gd = pb.graduation
    (gx, gy), (gw, gh) = gd.origin, gd.item
    for i, grad in enumerate(pl.graduations):
        x = gx + i * (gw + gd.gap)
        grad_tile = rules.graduation_tiles[grad.tile]
        colour = s.discipline(grad_tile.discipline)
        out.append(
            el(
                "g",
                title(f"{grad.tile}: level {grad_tile.level}, {grad_tile.prestige} Prestige"),
                el("rect", x=x, y=gy, width=gw, height=gh, rx=3, fill=colour, stroke=s.ink),
                text(
                    x + gw / 2,
                    gy + 12,
                    f"L{grad_tile.level}",
                    font_size=10,
                    text_anchor="middle",
                    fill=contrast(colour),
                ),
                s.student(grad.student, x + gw / 2, gy + gh - 13, 7, f" on {grad.tile}")
                if grad.student
                else "",
                data_graduated=grad.tile,
            )
        )
        out.append(s.frame(("graduated", p, grad.tile), x, gy, gw, gh))
    out += _supply(s, p)
    return out


def _supply(s: Scene, p: int) -> list[str]:
    rules, pb = s.rules, s.drawing.player_board
    st = s.state
    assert st is not None
    pl = st.players[p]
    sx, sy = pb.supply
    out: list[str] = []
    y = sy + 17
    x = sx
    for resource in ("gold", "salt", "inspiration"):
        value = getattr(pl, resource)
        out.append(
            el(
                "g",
                title(f"{resource}: {value}"),
                s.small(x + 4, y, str(value), size=13),
                data_resource=resource,
            )
        )
        out.append(s.frame(("resource", p, resource), x, y - 13, 24, 17))
        x += 40
    for row, (counts, what) in enumerate(((pl.books, "books"), (pl.prestige, "prestige"))):
        y = sy + (row + 1) * 38 + 18
        for i, d in enumerate(rules.disciplines):
            x = sx + 6 + i * 38
            draw = s.book if what == "books" else s.token
            out.append(draw(d, x, y - 4, 11, f": P{p} holds {counts[i]}"))
            out.append(s.small(x + 9, y, str(counts[i]), size=11))
            out.append(s.frame((what, p, d), x - 7, y - 13, 30, 17))
    y = sy + 3 * 38 + 17
    disc = f"track space {pl.favour_pos + 1}" if pl.favour_pos >= 0 else "disc in the box"
    out.append(s.small(sx + 4, y, f"{pl.favour_tiles} · {disc}", size=11))
    y = sy + 4 * 38 + 18
    for i, d in enumerate(rules.disciplines):
        x = sx + 8 + i * 38
        out.append(
            el(
                "g",
                title(f"{PIECE_NAMES[i]}s home: {pl.pieces[i]}"),
                shape(PIECE_SHAPES[i], x, y - 4, 12, s.player(p), s.ink),
                s.small(x + 9, y, f"{pl.pieces[i]}({school_knowledge(rules, pl, d)})", size=9),
                data_pieces_home=PIECE_SHAPES[i].replace("_", "-"),
            )
        )
    y = sy + 5 * 38 + 17
    for i, d in enumerate(rules.disciplines):
        x = sx + 4 + i * 38
        tiles = pl.skills[i]
        out.append(
            el(
                "g",
                title(f"{d} Skill section: {', '.join(tiles) or 'empty'}"),
                el(
                    "rect",
                    x=x,
                    y=y - 11,
                    width=30,
                    height=14,
                    rx=3,
                    fill=s.discipline(d),
                    stroke=s.ink,
                ),
                text(
                    x + 15,
                    y,
                    str(len(tiles)),
                    font_size=10,
                    text_anchor="middle",
                    fill=contrast(s.discipline(d)),
                ),
                data_skills=d,
            )
        )
        out.append(s.frame(("skills", p, d), x, y - 11, 30, 14))
    y = sy + 6 * 38 + 17
    if s.hand_hidden(p):
        count = len(pl.objectives)
        held = f"{count} card{'' if count == 1 else 's'} face down" if count else "none"
    else:
        held = " ".join(f"#{n}" for n in pl.objectives) or "none"
    done = " ".join(f"#{n}" for n in pl.completed)
    out.append(s.small(sx + 4, y, held + (f" · done {done}" if done else ""), size=10))
    for card in pl.completed:
        if ("objective", p, card) in s.marks:
            out.append(s.frame(("objective", p, card), sx, y - 12, 150, 16))
    return out


# ---- the Library -------------------------------------------------------------------------------


def library_size(s: Scene, side: str) -> tuple[int, int]:
    """The Library picture's size for ``side``."""
    lib = s.drawing.library
    shelves = s.rules.library_sides[side].shelves
    return lib.width, lib.origin[1] + len(shelves) * (lib.slot[1] + 3 * lib.gap) + 8


def library_panel(s: Scene, side: str) -> Panel:
    """The Library's ``side``, with the state's Books on its shelves."""
    w, h = library_size(s, side)
    board = s.once(("library", side), lambda: _library_board(s, side))
    pieces = "" if s.state is None else _library_pieces(s, side)
    return Panel("library", (0, 0, w, h), board, pieces)


def _library_board(s: Scene, side: str) -> str:
    lib = s.drawing.library
    w, h = library_size(s, side)
    (ox, oy), (sw, sh) = lib.origin, lib.slot
    shelves = s.rules.library_sides[side].shelves
    board = [s.backdrop(w, h), s.heading(12, 22, f"Library ({side.replace('_', '-')} side)", 14)]
    for i, shelf in enumerate(shelves):
        y = oy + i * (sh + 3 * lib.gap)
        second = f" / {shelf.second}" if shelf.second else ""
        board.append(s.small(12, y + sh / 2 + 4, f"Shelf {i + 1}: {shelf.points}{second}", size=11))
        for k in range(shelf.slots):
            board.append(
                el(
                    "rect",
                    x=ox + k * (sw + lib.gap),
                    y=y,
                    width=sw,
                    height=sh,
                    rx=2,
                    fill=s.colours.space,
                    stroke=s.ink,
                    stroke_opacity=0.6,
                    data_slot=f"{i}:{k}",
                )
            )
    return "".join(board)


def _library_pieces(s: Scene, side: str) -> str:
    lib = s.drawing.library
    (ox, oy), (sw, sh) = lib.origin, lib.slot
    assert s.state is not None
    pieces: list[str] = []
    for i in range(len(s.rules.library_sides[side].shelves)):
        y = oy + i * (sh + 3 * lib.gap)
        books = s.state.library[i]
        for k, d in enumerate(books):
            x = ox + k * (sw + lib.gap) + sw / 2
            pieces.append(s.book(d, x, y + sh / 2, sh * 0.6, f" on shelf {i + 1}"))
        last = max(len(books) - 1, 0)
        pieces.append(s.frame(("shelf", i), ox + last * (sw + lib.gap), y, sw, sh))
    return "".join(pieces)
