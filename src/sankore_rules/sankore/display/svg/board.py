"""The main board's panels: the four areas, the queues, the Graduation tiles, the Favour track.

Each function draws one panel from a ``Scene``: what
the ruleset sets out (spaces, paths, printed numbers) in the board layer, what the state puts
there (pieces, Books, tokens, tiles, camels, discs, and rings round what the last action
touched) in the pieces layer. Positions come from ``drawing.toml``; which place joins which,
and which Madrasa line a Wall watches, from the ruleset's graphs.
"""

from __future__ import annotations

from collections.abc import Callable

from sankore_rules.core.svg import Panel, contrast, el, star, text, title
from sankore_rules.sankore.board import graduation_column
from sankore_rules.sankore.display.svg.scene import Scene
from sankore_rules.sankore.rules.common import shared_knowledge
from sankore_rules.sankore.state import State
from sankore_rules.sankore.tables import Effect, EffectKind

__all__ = ["PANELS", "board_panel", "effect_label"]

_ROW_ORDER = ("top", "middle", "bottom")


def _box(s: Scene, name: str) -> tuple[int, int, int, int]:
    x, y, w, h = s.drawing.board.panels[name]
    return (x, y, w, h)


def _players(s: Scene) -> int:
    """The player count whose queues are drawn: the state's, else the largest the game has."""
    if s.state is not None:
        return s.state.player_count
    return max(s.rules.queue_layouts)


# ---- Astronomy ---------------------------------------------------------------------------------


def _port_space(s: Scene, node: str, i: int) -> tuple[float, float, float]:
    """The centre and radius of the ``i``-th space of the Port City ``node``."""
    a = s.drawing.astronomy
    x, y = a.places[node]
    w, h = a.port_size
    count = len(s.rules.astro_nodes[node].spaces)
    step = w / count
    r = min(h / 2 - 3, step / 2 - 3)
    return x - w / 2 + step * (i + 0.5), y, r


def _astronomy_board(s: Scene) -> str:
    rules, a = s.rules, s.drawing.astronomy
    box = _box(s, "astronomy")
    r = a.place_radius
    board = [s.backdrop(box[2], box[3]), s.heading(12, 22, "Astronomy")]
    for letter, line in a.lines.items():
        board.append(
            el(
                "polyline",
                title(f"region {letter}'s dotted line"),
                points=" ".join(f"{x},{y}" for x, y in line),
                fill="none",
                stroke=s.ink,
                stroke_width=1.5,
                stroke_dasharray="2 4",
                stroke_opacity=0.6,
                data_line=letter,
            )
        )
    labels = []
    for u, v, data in rules.route_graph.edges(data=True):
        (x1, y1), (x2, y2) = a.places[u], a.places[v]
        board.append(
            el(
                "line",
                title(f"{u} to {v}: Knowledge {data['knowledge']}"),
                x1=x1,
                y1=y1,
                x2=x2,
                y2=y2,
                stroke=s.ink,
                stroke_width=2,
                stroke_dasharray="7 5" if data.get("dotted") else None,
                data_path=f"{u} {v}",
                data_knowledge=data["knowledge"],
                data_dotted="yes" if data.get("dotted") else "no",
            )
        )
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        labels.append(el("circle", cx=mx, cy=my, r=7, fill=s.colours.panel, stroke=s.ink))
        labels.append(s.small(mx, my + 3.5, str(data["knowledge"]), "middle"))
    board += labels
    for letter, (rx, ry) in a.regions.items():
        board.append(s.small(rx, ry + 8, f"Region {letter}", size=11))
        board.append(s.region_slots(rx, ry + 24, tile=True))
    for node in rules.astro_nodes.values():
        x, y = a.places[node.id]
        if node.kind == "start":
            board.append(
                el(
                    "g",
                    title(f"{node.id.capitalize()}: every camel's start"),
                    el(
                        "circle",
                        cx=x,
                        cy=y,
                        r=r * 1.7,
                        fill=s.colours.space,
                        stroke=s.ink,
                        stroke_width=2,
                    ),
                    s.small(x, y + 4, node.id.capitalize(), "middle", size=10),
                    data_place=node.id,
                )
            )
        elif node.kind == "oasis":
            side = "beyond the dotted line" if node.zone == "outer" else "Timbuktu's side"
            note = (
                f"{node.id}: an Oasis of region {node.region}, {side}; "
                f"tie-break number {node.number}"
            )
            board.append(s.space_circle(node.id, x, y, r, str(node.number), note))
            board.append(s.small(x, y + r + 11, node.id.removeprefix("oasis-"), "middle", 9))
        else:
            w, h = a.port_size
            spaces = []
            for i, space in enumerate(node.spaces):
                sx, sy, sr = _port_space(s, node.id, i)
                what = "a Prestige token drawn at setup" if space.token else ""
                reward = ", ".join(effect_label(e) for e in space.reward)
                gives = " and ".join(g for g in (what, reward) if g)
                note = (
                    f"{node.name} space {i + 1} ({node.id}:{i}): {gives}; tie-break {space.number}"
                )
                spaces.append(s.space_circle(f"{node.id}:{i}", sx, sy, sr, str(space.number), note))
            board.append(
                el(
                    "g",
                    title(f"{node.name}, a Port City of region {node.region}: {node.gold} Gold"),
                    el(
                        "rect",
                        x=x - w / 2,
                        y=y - h / 2,
                        width=w,
                        height=h,
                        rx=6,
                        fill=s.colours.board,
                        stroke=s.ink,
                        stroke_width=1.5,
                    ),
                    s.small(x, y - h / 2 - 4, f"{node.name} · {node.gold} Gold", "middle", 11),
                    *spaces,
                    data_place=node.id,
                )
            )
    return "".join(board)


def _astronomy_pieces(s: Scene, st: State) -> str:
    rules, a = s.rules, s.drawing.astronomy
    r = a.place_radius
    pieces: list[str] = []
    for letter, (rx, ry) in a.regions.items():
        pieces.append(s.region_boxes(rules.disciplines[0], letter, rx, ry + 24, tile=True))
    for sid, d in st.port_tokens.items():
        node, i = rules.port_spaces[sid]
        sx, sy, sr = _port_space(s, node, i)
        pieces.append(s.token(d, sx, sy, sr * 1.3, f" on {sid}"))
    for sid, owner in st.spaces.items():
        if rules.area_spaces[sid].area != rules.disciplines[0]:
            continue
        if sid in rules.port_spaces:
            sx, sy, sr = _port_space(s, *rules.port_spaces[sid])
        else:
            (sx, sy), sr = a.places[sid], r
        pieces.append(s.piece(0, owner, sx, sy, sr * 1.35, sid))
    for sid in rules.area_spaces:
        if rules.area_spaces[sid].area == rules.disciplines[0]:
            sx, sy, sr = (
                _port_space(s, *rules.port_spaces[sid])
                if sid in rules.port_spaces
                else (*a.places[sid], r)
            )
            pieces.append(s.ring(("space", sid), sx, sy, sr + 4))
    here: dict[str, list[int]] = {}
    for p, player in enumerate(st.players):
        here.setdefault(player.camel, []).append(p)
    for node_id, who in here.items():
        x, y = a.places[node_id]
        lift = a.port_size[1] / 2 if rules.astro_nodes[node_id].kind == "port" else r * 1.2
        for k, p in enumerate(who):
            cx = x + (k - (len(who) - 1) / 2) * 18
            cy = y - lift - 11
            pieces.append(s.camel(p, cx, cy, 17, node_id))
            pieces.append(s.ring(("camel", p), cx, cy, 12))
    for node_id in rules.astro_nodes:
        x, y = a.places[node_id]
        if ("place", node_id) in s.marks and rules.astro_nodes[node_id].kind != "port":
            pieces.append(s.ring(("place", node_id), x, y, r * 1.8 + 4))
        elif ("place", node_id) in s.marks:
            w, h = a.port_size
            pieces.append(s.frame(("place", node_id), x - w / 2, y - h / 2, w, h))
    return "".join(pieces)


# ---- Theology ----------------------------------------------------------------------------------


def _theology_spaces(s: Scene) -> dict[str, tuple[float, float]]:
    """The centre of every Theology space, laid out in its city's rows."""
    th = s.drawing.theology
    h = th.city_size[1]
    centres: dict[str, tuple[float, float]] = {}
    by_city: dict[str, dict[str, list[str]]] = {}
    for space in s.rules.theology_spaces.values():
        by_city.setdefault(space.city, {}).setdefault(space.row, []).append(space.id)
    row_height = (h - 24) / len(_ROW_ORDER)
    for city, rows in by_city.items():
        cx, cy = th.cities[city]
        for j, row in enumerate(_ROW_ORDER):
            ids = rows.get(row, [])
            y = cy - h / 2 + 24 + row_height * (j + 0.5)
            for i, sid in enumerate(ids):
                x = cx + (i - (len(ids) - 1) / 2) * (2 * th.space_radius + 8)
                centres[sid] = (x, y)
    return centres


def _theology_board(s: Scene) -> str:
    rules, th = s.rules, s.drawing.theology
    box = _box(s, "theology")
    r = th.space_radius
    w, h = th.city_size
    board = [s.backdrop(box[2], box[3]), s.heading(12, 22, "Theology")]
    for letter, (rx, ry) in th.regions.items():
        board.append(s.small(rx, ry + 8, f"Region {letter}", size=11))
        board.append(s.region_slots(rx, ry + 24, tile=True))
    for city, (cx, cy) in th.cities.items():
        board.append(
            el(
                "g",
                title(city),
                el(
                    "rect",
                    x=cx - w / 2,
                    y=cy - h / 2,
                    width=w,
                    height=h,
                    rx=8,
                    fill=s.colours.board,
                    stroke=s.ink,
                    stroke_width=1.5,
                ),
                s.small(cx, cy - h / 2 + 15, city, "middle", 11),
                data_city=city,
            )
        )
    rows = rules.tables.theology.rows
    centres = _theology_spaces(s)
    for sid, (x, y) in centres.items():
        space = rules.theology_spaces[sid]
        cost = getattr(rows, space.row)
        gives = []
        if space.activate:
            gives.append(f"activates the {space.activate} Skill section")
        if space.skill:
            gives.append(f"a {space.skill.icon} Skill tile for the {space.skill.section} section")
        if space.madrasa_student:
            gives.append(f"sends a {space.madrasa_student} Student to the Madrasa")
        note = (
            f"{sid}: {space.row} row of {space.city}, Knowledge {space.knowledge}, "
            f"{cost.salt} Salt" + (", Supported Class" if cost.supported else "")
        )
        board.append(s.space_circle(sid, x, y, r, str(space.knowledge), "; ".join([note, *gives])))
    return "".join(board)


def _theology_pieces(s: Scene, st: State) -> str:
    rules, th = s.rules, s.drawing.theology
    r = th.space_radius
    centres = _theology_spaces(s)
    pieces: list[str] = []
    area = rules.disciplines[1]
    for letter, (rx, ry) in th.regions.items():
        pieces.append(s.region_boxes(area, letter, rx, ry + 24, tile=True))
    for sid, d in st.theology_books.items():
        x, y = centres[sid]
        pieces.append(s.book(d, x + r * 0.75, y + r * 0.55, 9, f" on {sid}"))
    for sid, owner in st.spaces.items():
        if sid in centres:
            x, y = centres[sid]
            pieces.append(s.piece(1, owner, x, y, r * 1.3, sid))
    for sid, (x, y) in centres.items():
        pieces.append(s.ring(("space", sid), x, y, r + 4))
    return "".join(pieces)


# ---- Mathematics: the Madrasa ------------------------------------------------------------------


def _wall_boxes(s: Scene) -> dict[str, tuple[float, float, float, float]]:
    """Every Wall space's box (x, y, width, height), the corner's included."""
    m, rules = s.drawing.mathematics, s.rules
    t = rules.tables.mathematics
    gx, gy = m.grid
    c = m.cell
    depth, gap = 24, 6
    right, bottom = gx + t.columns * c, gy + t.rows * c
    boxes: dict[str, tuple[float, float, float, float]] = {}
    for wall in t.wall:
        drawn = m.sides[wall.side]
        along = wall.line * c + 4
        if drawn == "top":
            boxes[wall.id] = (gx + along, gy - gap - depth, c - 8, depth)
        elif drawn == "bottom":
            boxes[wall.id] = (gx + along, bottom + gap, c - 8, depth)
        elif drawn == "left":
            boxes[wall.id] = (gx - gap - depth, gy + along, depth, c - 8)
        else:
            boxes[wall.id] = (right + gap, gy + along, depth, c - 8)
    # The corner lines up with row 0 and column 0 (AMB-24): it sits where they meet.
    boxes[rules.corner_id] = (gx - gap - depth, gy - gap - depth, depth, depth)
    return boxes


def _mathematics_board(s: Scene) -> str:
    rules, m = s.rules, s.drawing.mathematics
    t = rules.tables.mathematics
    box = _box(s, "mathematics")
    gx, gy = m.grid
    c = m.cell
    order = {cell: i + 1 for i, cell in enumerate(rules.numbered_cells)}
    board = [s.backdrop(box[2], box[3]), s.heading(12, 22, "Mathematics · the Madrasa")]
    for cell in range(rules.madrasa_cells):
        x, y = gx + (cell % t.columns) * c, gy + (cell // t.columns) * c
        name = rules.cell_name(cell)
        fills = f"filled {order[cell]}th" if cell in order else "starts with a tile"
        board.append(
            el(
                "g",
                title(f"{name}: {fills}"),
                el(
                    "rect",
                    x=x,
                    y=y,
                    width=c,
                    height=c,
                    fill=s.colours.space,
                    stroke=s.ink,
                    stroke_width=1.2,
                ),
                s.small(x + c / 2, y + c / 2 + 6, str(order[cell]), "middle", 16)
                if cell in order
                else "",
                s.small(x + 3, y + 10, name, size=8),
                data_cell=name,
            )
        )
    walls = _wall_boxes(s)
    for wall, (wx, wy, w, h) in walls.items():
        space = rules.area_spaces[wall]
        lines = _wall_lines(s, wall)
        note = f"{wall}: Knowledge {space.number}; lines up with {lines}"
        board.append(
            el(
                "g",
                title(note),
                el(
                    "rect",
                    x=wx,
                    y=wy,
                    width=w,
                    height=h,
                    rx=3,
                    fill=s.colours.board,
                    stroke=s.ink,
                    stroke_width=1.2,
                ),
                s.small(wx + w / 2, wy + h / 2 + 4, str(space.number), "middle", 11),
                data_space=wall,
                data_lines=lines,
            )
        )
    right, bottom = gx + t.columns * c, gy + t.rows * c
    gold = s.colours.disciplines[rules.disciplines[3]]
    for row, count in enumerate(t.row_gold):
        for k in range(count):
            board.append(
                el(
                    "circle",
                    cx=right + 40 + k * 10,
                    cy=gy + row * c + c / 2,
                    r=4,
                    fill=gold,
                    stroke=s.ink,
                    data_gold=f"row {row}",
                )
            )
    for col, count in enumerate(t.column_gold):
        for k in range(count):
            board.append(
                el(
                    "circle",
                    cx=gx + col * c + c / 2 - 5 + k * 10,
                    cy=bottom + 40,
                    r=4,
                    fill=gold,
                    stroke=s.ink,
                    data_gold=f"column {col}",
                )
            )
    for letter, (rx, ry) in m.regions.items():
        board.append(s.small(rx, ry + 8, f"Side {letter}", size=11))
        board.append(s.region_slots(rx, ry + 24, tile=False))
    sx, sy, bw = _students_row(s)
    disciplines = t.madrasa_students.disciplines
    for i, d in enumerate(disciplines):
        bx = sx + i * (bw + 6)
        board.append(
            el(
                "g",
                title(f"the Madrasa's space for {d} Students"),
                el(
                    "rect",
                    x=bx,
                    y=sy,
                    width=bw,
                    height=64,
                    rx=5,
                    fill=s.colours.space,
                    stroke=s.discipline(d),
                    stroke_width=3,
                ),
                s.small(bx + bw / 2, sy + 13, d.capitalize(), "middle", 10),
                data_madrasa_students=d,
            )
        )
    return "".join(board)


def _mathematics_pieces(s: Scene, st: State) -> str:
    rules, m = s.rules, s.drawing.mathematics
    t = rules.tables.mathematics
    gx, gy = m.grid
    c = m.cell
    walls = _wall_boxes(s)
    sx, sy, bw = _students_row(s)
    pieces: list[str] = []
    for letter, (rx, ry) in m.regions.items():
        pieces.append(s.region_boxes(rules.disciplines[2], letter, rx, ry + 24, tile=False))
    for cell, placed in enumerate(st.madrasa):
        x, y = gx + (cell % t.columns) * c, gy + (cell // t.columns) * c
        if placed is not None:
            pieces.append(s.sankore_tile(placed.tile, x + c / 2, y + c / 2, c - 10, placed.star))
        pieces.append(s.frame(("cell", cell), x, y, c, c))
    for wall, (wx, wy, w, h) in walls.items():
        owner = st.spaces.get(wall)
        if owner is not None:
            pieces.append(s.piece(2, owner, wx + w / 2, wy + h / 2, min(w, h) * 0.9, wall))
        pieces.append(s.frame(("space", wall), wx, wy, w, h))
    for i, d in enumerate(t.madrasa_students.disciplines):
        bx = sx + i * (bw + 6)
        here = [p for p, sd in st.madrasa_students if sd == d]
        for k, p in enumerate(here):
            cx, cy = bx + 10 + (k % 6) * (bw - 20) / 5, sy + 28 + (k // 6) * 16
            pieces.append(s.student(d, cx, cy, 6.5, f" of P{p} in the Madrasa"))
            pieces.append(
                el(
                    "circle",
                    cx=cx,
                    cy=cy,
                    r=8.5,
                    fill="none",
                    stroke=s.player(p),
                    stroke_width=2.5,
                    data_player=p,
                )
            )
        pieces.append(s.frame(("madrasa_students", d), bx, sy, bw, 64))
    return "".join(pieces)


def _students_row(s: Scene) -> tuple[float, float, float]:
    """Where the Madrasa's spaces for Students start, and how wide each is."""
    sx, sy = s.drawing.mathematics.students
    count = len(s.rules.tables.mathematics.madrasa_students.disciplines)
    width = s.drawing.board.panels["mathematics"][2]
    return sx, sy, (width - 2 * sx - 6 * (count - 1)) / count


def _wall_lines(s: Scene, wall: str) -> str:
    """The Madrasa rows and columns a Wall space lines up with, from the Madrasa graph."""
    rules = s.rules
    cells = {c for kind, c in rules.madrasa_graph.neighbors(("wall", wall)) if kind == "cell"}
    lines = [f"row {r}" for r, row in enumerate(rules.row_cells) if set(row) <= cells]
    lines += [f"column {c}" for c, col in enumerate(rules.column_cells) if set(col) <= cells]
    return ", ".join(lines)


# ---- Law ---------------------------------------------------------------------------------------


def _law_spaces(s: Scene) -> dict[str, tuple[float, float]]:
    law = s.drawing.law
    by_region: dict[str, dict[str, list[str]]] = {}
    for space in s.rules.law_spaces.values():
        by_region.setdefault(space.region, {}).setdefault(space.row, []).append(space.id)
    centres: dict[str, tuple[float, float]] = {}
    r = law.space_radius
    for region, rows in by_region.items():
        x0, y0 = law.regions[region]
        for j, row in enumerate(_ROW_ORDER):
            ids = rows.get(row, [])
            y = y0 + 112 + j * (2 * r + 18)
            for i, sid in enumerate(ids):
                centres[sid] = (
                    x0 + law.column_width / 2 + (i - (len(ids) - 1) / 2) * (2 * r + 8),
                    y,
                )
    return centres


def _law_board(s: Scene) -> str:
    rules, law = s.rules, s.drawing.law
    box = _box(s, "law")
    r, cw = law.space_radius, law.column_width
    board = [s.backdrop(box[2], box[3]), s.heading(12, 22, "Law")]
    for letter, (rx, ry) in law.regions.items():
        board.append(s.small(rx, ry + 8, f"Region {letter}", size=11))
        board.append(s.region_slots(rx + 56, ry + 4, tile=True))
        board.append(
            el(
                "g",
                title(f"region {letter}'s Overflow space"),
                el(
                    "rect",
                    x=rx,
                    y=ry + 22,
                    width=cw - 8,
                    height=50,
                    rx=5,
                    fill=s.colours.board,
                    stroke=s.ink,
                    stroke_dasharray="4 2",
                ),
                s.small(rx + 4, ry + 33, "Overflow", size=9),
                data_overflow=letter,
            )
        )
    rows = rules.tables.law.rows
    centres = _law_spaces(s)
    for sid, (x, y) in centres.items():
        space = rules.law_spaces[sid]
        cost = getattr(rows, space.row)
        costs = ", ".join(
            f"{getattr(cost, k)} {k.capitalize()}"
            for k in ("gold", "salt", "books")
            if getattr(cost, k)
        )
        note = (
            f"{sid}: {space.row} row, Knowledge {space.knowledge}, {costs}"
            + (", Supported Class" if cost.supported else "")
            + f"; a {space.skill} Skill tile"
        )
        board.append(s.space_circle(sid, x, y, r, str(space.knowledge), note))
    return "".join(board)


def _law_pieces(s: Scene, st: State) -> str:
    rules, law = s.rules, s.drawing.law
    r, cw = law.space_radius, law.column_width
    centres = _law_spaces(s)
    pieces: list[str] = []
    area = rules.disciplines[3]
    for letter, (rx, ry) in law.regions.items():
        pieces.append(s.region_boxes(area, letter, rx + 56, ry + 4, tile=True))
        books = st.overflow_books.get(letter, ())
        prestige = st.overflow_prestige.get(letter, ())
        k = 0
        for what, counts in (("book", books), ("token", prestige)):
            for d, n in zip(rules.disciplines, counts, strict=False):
                if not n:
                    continue
                ix, iy = rx + 10 + (k % 4) * 30, ry + 48 + (k // 4) * 16
                draw = s.book if what == "book" else s.token
                pieces.append(draw(d, ix, iy, 9, f" on region {letter}'s Overflow"))
                pieces.append(s.small(ix + 7, iy + 4, f"×{n}", size=9))
                k += 1
        pieces.append(s.frame(("overflow", letter), rx, ry + 22, cw - 8, 50))
    for sid, owner in st.spaces.items():
        if sid in centres:
            x, y = centres[sid]
            pieces.append(s.piece(3, owner, x, y, r * 1.3, sid))
    for sid, (x, y) in centres.items():
        pieces.append(s.ring(("space", sid), x, y, r + 4))
    return "".join(pieces)


# ---- the Student queues ------------------------------------------------------------------------

_QUEUE_ICONS = (
    ("prestige_majority", "P", "a Prestige majority scoring"),
    ("book_majority", "B", "a Book majority scoring"),
    ("favour", "F", "a free Exchange a Favour"),
    ("sankore", "S", "a Sankoré tile"),
)


def _queue_space(s: Scene, a: int, i: int) -> tuple[float, float, float, float]:
    q = s.drawing.queues
    (ox, oy), (w, h) = q.origin, q.item
    return ox + i * (w + q.gap), oy + a * (h + 16 + q.gap) + 16, w, h


def _queues_board(s: Scene) -> str:
    rules = s.rules
    box = _box(s, "queues")
    layout = rules.queue_layouts[_players(s)].spaces
    board = [
        s.backdrop(box[2], box[3]),
        s.heading(12, 22, f"Student queues ({_players(s)} players)"),
    ]
    for a, area in enumerate(rules.disciplines):
        x0, y0, _, _ = _queue_space(s, a, 0)
        board.append(s.small(x0, y0 - 4, area.capitalize(), size=11))
        for i, space in enumerate(layout):
            x, y, w, h = _queue_space(s, a, i)
            icons = [(mark, words) for name, mark, words in _QUEUE_ICONS if getattr(space, name)]
            gives = (
                "; taking its Student gives " + " and ".join(w for _, w in icons) if icons else ""
            )
            board.append(
                el(
                    "g",
                    title(f"{area} queue space {i}: Knowledge {space.knowledge} once empty{gives}"),
                    el(
                        "rect",
                        x=x,
                        y=y,
                        width=w,
                        height=h,
                        rx=4,
                        fill=s.colours.space,
                        stroke=s.ink,
                        stroke_width=1.2,
                    ),
                    s.small(x + w - 3, y + h - 3, str(space.knowledge), "end", 11),
                    s.small(x + 3, y + 10, "".join(m for m, _ in icons), size=9),
                    data_queue=f"{area}:{i}",
                )
            )
    return "".join(board)


def _queues_pieces(s: Scene, st: State) -> str:
    rules = s.rules
    layout = rules.queue_layouts[_players(s)].spaces
    pieces: list[str] = []
    for a, area in enumerate(rules.disciplines):
        for i, student in enumerate(st.queues[a]):
            x, y, w, h = _queue_space(s, a, i)
            if student is not None:
                pieces.append(
                    s.student(
                        student, x + w / 2, y + h / 2, min(w, h) * 0.3, f" in the {area} queue"
                    )
                )
            token = st.queue_tokens.get(f"{area}:{i}")
            if token is not None:
                pieces.append(s.token(token, x + w - 6, y + 6, 10, f" beside {area}:{i}"))
            pieces.append(s.frame(("queue", area, i), x, y, w, h))
        x, y, w, h = _queue_space(s, a, len(layout))
        shared = shared_knowledge(rules, st, area)
        pieces.append(s.small(x + 2, y + h / 2 + 4, f"+{shared}", size=12))
    return "".join(pieces)


# ---- Graduation tiles --------------------------------------------------------------------------


def _graduation_board(s: Scene) -> str:
    rules, g = s.rules, s.drawing.graduation
    box = _box(s, "graduation")
    (ox, oy), (w, h) = g.origin, g.item
    board = [s.backdrop(box[2], box[3]), s.heading(12, 22, "Graduation tiles")]
    for col, d in enumerate(rules.disciplines):
        x = ox + col * (w + g.gap)
        board.append(s.small(x + w / 2, oy - 6, d.capitalize(), "middle", 11))
        for tile in graduation_column(rules, d):
            y = oy + (tile.level - 1) * (h + g.gap)
            board.append(
                el(
                    "rect",
                    title(f"{tile.id}: level {tile.level}"),
                    x=x,
                    y=y,
                    width=w,
                    height=h,
                    rx=4,
                    fill="none",
                    stroke=s.ink,
                    stroke_dasharray="4 3",
                    data_slot=tile.id,
                )
            )
    return "".join(board)


def _graduation_pieces(s: Scene, st: State) -> str:
    rules, g = s.rules, s.drawing.graduation
    (ox, oy), (w, h) = g.origin, g.item
    pieces: list[str] = []
    on_board = set(st.graduation)
    for col, d in enumerate(rules.disciplines):
        x = ox + col * (w + g.gap)
        for tile in graduation_column(rules, d):
            y = oy + (tile.level - 1) * (h + g.gap)
            if tile.id in on_board:
                pieces.append(_graduation_tile(s, tile.id, x, y, w, h))
            pieces.append(s.frame(("graduation", tile.id), x, y, w, h))
    return "".join(pieces)


def _graduation_tile(s: Scene, tile_id: str, x: float, y: float, w: float, h: float) -> str:
    tile = s.rules.graduation_tiles[tile_id]
    fill = s.discipline(tile.discipline)
    icons = "".join(
        star(x + w - 10 - k * 14, y + h - 11, 12, contrast(fill)) for k in range(tile.prestige)
    )
    return el(
        "g",
        title(f"Graduation tile {tile_id}: level {tile.level}, {tile.prestige} Prestige"),
        el("rect", x=x, y=y, width=w, height=h, rx=4, fill=fill, stroke=s.ink, stroke_width=1.2),
        text(x + 6, y + 16, f"level {tile.level}", font_size=11, fill=contrast(fill)),
        icons,
        data_tile=tile_id,
    )


# ---- the Favour track --------------------------------------------------------------------------


def effect_label(effect: Effect) -> str:
    """A few words for an effect, short enough for a space of the board (``+2 Gold``)."""
    kind = effect.kind
    n = effect.amount
    if kind is EffectKind.GAIN_RESOURCE:
        return f"+{n} " + "/".join(r.capitalize() for r in effect.resources)
    if kind is EffectKind.GAIN_BOOK:
        return f"+{n} Book" + ("s" if n > 1 else "")
    if kind is EffectKind.GAIN_PRESTIGE:
        return f"+{n} Prestige"
    if kind is EffectKind.ADVANCE_FAVOUR:
        return f"Favour +{n}"
    if kind is EffectKind.SKILL_TILE:
        return f"Skill: {effect.icon}"
    words = {
        EffectKind.ENROL_ANY: "Enrol",
        EffectKind.ESTABLISH_FREE: "Establish",
        EffectKind.GRADUATE_FREE: "Graduate",
        EffectKind.FREE_WALL: "free Wall",
    }
    return words.get(kind, str(kind).replace("_", " "))


def _favour_track_board(s: Scene) -> str:
    rules, f = s.rules, s.drawing.favour_track
    box = _box(s, "favour_track")
    (ox, oy), (w, h) = f.origin, f.item
    board = [s.backdrop(box[2], box[3]), s.heading(12, 24, "Favour"), s.heading(12, 42, "track")]
    for i, reward in enumerate(rules.favour_rewards):
        x = ox + i * (w + f.gap)
        label = ", ".join(effect_label(e) for e in reward)
        board.append(
            el(
                "g",
                title(f"Favour track space {i + 1}: {label}"),
                el(
                    "rect",
                    x=x,
                    y=oy,
                    width=w,
                    height=h,
                    rx=5,
                    fill=s.colours.space,
                    stroke=s.ink,
                    stroke_width=1.2,
                ),
                s.small(x + 4, oy + 12, str(i + 1), size=10),
                s.small(x + w / 2, oy + h - 8, label, "middle", 10),
                data_favour=i,
            )
        )
    return "".join(board)


def _favour_track_pieces(s: Scene, st: State) -> str:
    rules, f = s.rules, s.drawing.favour_track
    (ox, oy), (w, h) = f.origin, f.item
    pieces: list[str] = []
    for i in range(len(rules.favour_rewards)):
        pieces.append(s.frame(("favour_space", i), ox + i * (w + f.gap), oy, w, h))
    stack: dict[int, int] = {}
    for p, player in enumerate(st.players):
        if player.favour_pos < 0:
            continue  # the Scholar's disc is in the box (SOLO-SET-7)
        k = stack.get(player.favour_pos, 0)
        stack[player.favour_pos] = k + 1
        cx = ox + player.favour_pos * (w + f.gap) + 24 + k * 17
        cy = oy + 26
        pieces.append(s.disc(p, cx, cy, 16, f"disc on Favour track space {player.favour_pos + 1}"))
        pieces.append(s.ring(("favour", p), cx, cy, 11))
    return "".join(pieces)


#: Each panel of the main board, in ``BOARD_PANELS`` order, with the function drawing its board
#: layer from the ruleset and the one drawing its pieces from a state.
PANELS: dict[str, tuple[Callable[[Scene], str], Callable[[Scene, State], str]]] = {
    "astronomy": (_astronomy_board, _astronomy_pieces),
    "theology": (_theology_board, _theology_pieces),
    "mathematics": (_mathematics_board, _mathematics_pieces),
    "law": (_law_board, _law_pieces),
    "queues": (_queues_board, _queues_pieces),
    "graduation": (_graduation_board, _graduation_pieces),
    "favour_track": (_favour_track_board, _favour_track_pieces),
}


def board_panel(s: Scene, name: str) -> Panel:
    """The main board's panel ``name``.

    Its board layer is drawn once per ruleset (and player count), its pieces from the state.
    """
    board, pieces = PANELS[name]
    key = (name, _players(s)) if name == "queues" else (name,)
    return Panel(
        name,
        _box(s, name),
        s.once(key, lambda: board(s)),
        "" if s.state is None else pieces(s, s.state),
    )
