"""A game viewer: one self-contained HTML page stepping through a recorded game, of any game.

``viewer_html()`` replays a record and writes a page holding, for every position of the
game, the picture of the whole table (the game's drawing hook, ``Game.svg``, the last action's
marks included), the running score sheet (``Game.score_text``) and what the last action did
(``Game.describe_events``); beside it the list of actions. The arrow keys step back and forth
(Home and End jump to either end, Page Up and Page Down by ten); a click on an action jumps
there; the address keeps the move (``#42``).

The page needs nothing from the network: its style, its script and every frame are in it. A
frame keeps only what changed: each picture is taken apart (``core.svg.layers``) into its
frame (the board layers, written once for as long as they stay the same) and its pieces
layers; a pieces layer is a list of elements (a piece, a mark), and each distinct element is
written once in the page, each distinct layer once as the list of its elements' numbers. A
frame names, panel by panel, the layers it shows. An action moves a piece or two, so a game
of 400 actions weighs about 0.6 MB, where a whole picture per position would weigh 75 MB.

Examples:
    >>> import sankore_rules as sr
    >>> state = sr.new_game(players=2, seed=5)
    >>> record = sr.load_record(sr.save_record(sr.legal_actions(state)[:1], players=2, seed=5))
    >>> page = viewer_html(record)
    >>> page.startswith("<!doctype html>") and "draft" in page
    True
"""

from __future__ import annotations

import json
import re
from html import escape
from typing import Any

from sankore_rules import api
from sankore_rules.core.actions import parse_notation
from sankore_rules.core.game import Game
from sankore_rules.core.registry import game_of
from sankore_rules.core.svg import layers
from sankore_rules.interfaces.records import Record, replay

__all__ = ["viewer_html"]


def _states(record: Record, rules: Any, check_rules: bool) -> list[Any]:
    """The game's positions: the setup, then the state after each action."""
    # One checked replay first: a record that does not replay fails as replay() says why.
    replay(record, rules=rules, check_rules=check_rules)
    states = [record.start(rules, check_rules=check_rules)]
    for text in record.actions:
        states.append(api.apply(states[-1], text))
    return states


#: An SVG tag: its closing slash (``</g>``) and its self-closing one (``<circle/>``).
_TAG = re.compile(r"<(/?)[a-zA-Z][^>]*?(/?)>")


def _elements(layer: str) -> list[str]:
    """The top-level elements of a pieces layer's content, in order.

    Examples:
        >>> _elements('<circle r="1"/><g><text>5</text></g>')
        ['<circle r="1"/>', '<g><text>5</text></g>']
    """
    found: list[str] = []
    depth = start = 0
    for tag in _TAG.finditer(layer):
        closing, empty = tag.groups()
        if closing:
            depth -= 1
        elif not empty:
            depth += 1
        if depth == 0:
            found.append(layer[start : tag.end()])
            start = tag.end()
    if layer[start:].strip():  # text outside any element: keep the layer whole
        return [layer]
    return found


def _described(game: Game[Any, Any], state: Any, player: int | None, action: str) -> list[str]:
    """What the action that led to ``state`` did: the game's words, or at least which it was.

    A decision whose result the game does not tell as events (a draft pick, a bid) still
    says who took which action.
    """
    return game.describe_events(state) or [f"P{player} took {action}."]


def viewer_html(record: Record, *, rules: Any = None, check_rules: bool = True) -> str:
    """The page stepping through ``record``'s game, as HTML text.

    Args:
        record: the game, of any registered game.
        rules: the ruleset to replay it by; the game's bundled one by default.
        check_rules: refuse a record made with another ruleset (as ``replay()`` does).

    Raises:
        RecordError: for a setup the game does not have, or another ruleset's record.
        ReplayError: at the first action that does not replay, or for a recorded result the
            game does not reach.
        NotSupported: the game has no SVG drawing.
    """
    states = _states(record, rules, check_rules)
    game = game_of(states[0])
    ruleset = api.rules_of(states[0])
    pictures: dict[str, int] = {}
    parts: dict[str, list[int]] = {}
    numbers: dict[str, int] = {}
    elements: dict[str, int] = {}
    scores: dict[str, int] = {}
    frames = []
    movers = [game.current_player(state) for state in states[:-1]]
    for i, state in enumerate(states):
        drawn = layers(game.svg(ruleset, state))
        for part in drawn.pieces:
            if part not in parts:
                parts[part] = [elements.setdefault(e, len(elements)) for e in _elements(part)]
                numbers[part] = len(numbers)
        sheet = _score_sheet(game, ruleset, state)
        frames.append(
            {
                "picture": pictures.setdefault(drawn.frame, len(pictures)),
                "pieces": [numbers[p] for p in drawn.pieces],
                "scores": scores.setdefault(sheet, len(scores)),
                "events": []
                if i == 0
                else _described(game, state, movers[i - 1], record.actions[i - 1]),
            }
        )
    first, *others = pictures
    data = {
        # The first picture is in the page itself; the script swaps in another when a frame's
        # board layers differ from the one shown.
        "pictures": [None, *others],
        "elements": list(elements),
        "parts": list(parts.values()),
        "scores": list(scores),
        "frames": frames,
        "actions": [
            {
                "player": player,
                "text": text,
                "words": game.describe(ruleset, before, parse_notation(text)),
            }
            for player, text, before in zip(movers, record.actions, states, strict=False)
        ],
    }
    return _page(game, record, first, data)


def _score_sheet(game: Game[Any, Any], rules: Any, state: Any) -> str:
    """The score sheet as the game writes it, under a caption saying whether it is final."""
    final = game.is_terminal(state)
    caption = "Final scores" if final else "Score if the game ended now"
    sheet = game.score_text(rules, state, final=final)
    return f"<h2>{caption}</h2><pre>{escape(sheet, quote=False)}</pre>"


def _page(game: Game[Any, Any], record: Record, picture: str, data: dict[str, Any]) -> str:
    result = ""
    if record.scores is not None:
        totals = ", ".join(f"P{p} {s}" for p, s in enumerate(record.scores))
        winners = ", ".join(f"P{p}" for p in record.winners or ())
        result = f"; result {totals}, won by {winners}"
    players = f"{record.players} player" + ("" if record.players == 1 else "s")
    about = f"{players}, seed {record.seed}, {len(record.actions)} actions{result}"
    items = "".join(
        f'<li value="{i + 1}"><button type="button" data-move="{i + 1}" '
        f'title="{escape(str(a["text"]))}">'
        f"P{a['player']}: {escape(str(a['words']))} <code>{escape(str(a['text']))}</code>"
        "</button></li>"
        for i, a in enumerate(data["actions"])
    )
    # "</" may not appear inside a script element.
    frames = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    return _TEMPLATE.format(
        title=escape(f"{game.title} game: {about}"),
        game=escape(game.title),
        about=escape(about),
        last=len(record.actions),
        picture=picture,
        items=items,
        frames=frames,
        style=_STYLE,
        script=_SCRIPT,
    )


_STYLE = """
body { margin: 0; font-family: sans-serif; background: #f6f1e4; color: #3d2b1f; }
header { position: sticky; top: 0; z-index: 1; background: #efe3c6; padding: 8px 16px;
  border-bottom: 1px solid #3d2b1f; }
header h1 { font-size: 18px; margin: 0 0 4px; }
header p { margin: 0 0 6px; font-size: 13px; }
nav { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
nav button { font-size: 15px; min-width: 40px; }
nav input[type=range] { flex: 1; min-width: 200px; }
#where { font-variant-numeric: tabular-nums; min-width: 16em; }
main { display: flex; gap: 16px; padding: 12px 16px; align-items: flex-start; }
#picture { flex: 1; min-width: 0; }
#picture svg { width: 100%; height: auto; }
aside { width: 340px; flex: none; position: sticky; top: 96px; max-height: calc(100vh - 110px);
  overflow: auto; font-size: 13px; }
aside h2 { font-size: 15px; margin: 12px 0 4px; }
#actions { max-height: 40vh; overflow: auto; margin: 0; padding-left: 3.2em; }
#actions button { border: none; background: none; padding: 1px 4px; cursor: pointer;
  font: inherit; text-align: left; color: inherit; }
#actions li.now button { background: #e4007c; color: #fff; border-radius: 3px; }
table { border-collapse: collapse; font-size: 12px; }
caption { text-align: left; font-weight: bold; padding-bottom: 4px; }
td, th { border: 1px solid #c8b88f; padding: 2px 5px; text-align: right; white-space: nowrap; }
#scores pre { white-space: pre; overflow-x: auto; }
#events { padding-left: 1.2em; margin: 0; }
kbd { border: 1px solid #999; border-radius: 3px; padding: 0 3px; font-size: 11px; }
"""

_SCRIPT = """
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("frames").textContent);
  const last = data.frames.length - 1;
  const holder = document.getElementById("picture");
  const initial = holder.innerHTML;
  let shown = 0;
  let slots = Array.from(holder.querySelectorAll('[data-layer="pieces"]'));
  const items = Array.from(document.querySelectorAll("#actions li"));
  const range = document.getElementById("move");
  const where = document.getElementById("where");
  let now = -1;
  function show(i) {
    i = Math.max(0, Math.min(last, i));
    const frame = data.frames[i];
    if (frame.picture !== shown) {
      holder.innerHTML = frame.picture === 0 ? initial : data.pictures[frame.picture];
      slots = Array.from(holder.querySelectorAll('[data-layer="pieces"]'));
      shown = frame.picture;
    }
    frame.pieces.forEach(function (part, k) {
      if (slots[k].dataset.part !== String(part)) {
        slots[k].innerHTML = data.parts[part].map(function (e) {
          return data.elements[e];
        }).join("");
        slots[k].dataset.part = String(part);
      }
    });
    document.getElementById("scores").innerHTML = data.scores[frame.scores];
    const events = document.getElementById("events");
    events.replaceChildren();
    frame.events.forEach(function (words) {
      const li = document.createElement("li");
      li.textContent = words;
      events.appendChild(li);
    });
    if (now > 0) { items[now - 1].classList.remove("now"); }
    if (i > 0) {
      items[i - 1].classList.add("now");
      items[i - 1].scrollIntoView({block: "nearest"});
    }
    const action = i > 0 ? data.actions[i - 1] : null;
    where.textContent = "move " + i + " of " + last +
      (action ? " \\u00b7 P" + action.player + ": " + action.text : " \\u00b7 the setup");
    range.value = String(i);
    document.body.dataset.move = String(i);
    now = i;
    if (location.hash !== "#" + i) { history.replaceState(null, "", "#" + i); }
  }
  const steps = {ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1,
                 PageDown: 10, PageUp: -10};
  document.addEventListener("keydown", function (event) {
    if (event.target === range || event.altKey || event.ctrlKey || event.metaKey) { return; }
    if (event.key in steps) { show(now + steps[event.key]); }
    else if (event.key === "Home") { show(0); }
    else if (event.key === "End") { show(last); }
    else { return; }
    event.preventDefault();
  });
  document.getElementById("first").onclick = function () { show(0); };
  document.getElementById("back").onclick = function () { show(now - 1); };
  document.getElementById("forward").onclick = function () { show(now + 1); };
  document.getElementById("end").onclick = function () { show(last); };
  range.oninput = function () { show(Number(range.value)); };
  document.getElementById("actions").onclick = function (event) {
    const button = event.target.closest("button[data-move]");
    if (button) { show(Number(button.dataset.move)); }
  };
  const start = Number(location.hash.slice(1));
  show(Number.isInteger(start) ? start : 0);
})();
"""

_TEMPLATE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>{style}</style>
</head>
<body>
<header>
<h1>{game}</h1>
<p>{about}</p>
<nav aria-label="moves">
<button type="button" id="first" title="the setup (Home)">|◀</button>
<button type="button" id="back" title="one move back (Left arrow)">◀</button>
<button type="button" id="forward" title="one move forward (Right arrow)">▶</button>
<button type="button" id="end" title="the last move (End)">▶|</button>
<input type="range" id="move" min="0" max="{last}" value="0" aria-label="move">
<span id="where"></span>
<span>keys: <kbd>Left</kbd> <kbd>Right</kbd> one move, <kbd>Home</kbd> <kbd>End</kbd>,
<kbd>PgUp</kbd> <kbd>PgDn</kbd> ten</span>
</nav>
</header>
<main>
<div id="picture">{picture}</div>
<aside>
<div id="scores"></div>
<h2>What the last action did</h2>
<ul id="events"></ul>
<h2>Actions</h2>
<ol id="actions">{items}</ol>
</aside>
</main>
<script type="application/json" id="frames">{frames}</script>
<script>{script}</script>
</body>
</html>
"""
