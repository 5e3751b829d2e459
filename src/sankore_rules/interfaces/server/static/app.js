// The browser client of the match server: a lobby, and a match page for a seat or a spectator.
// Plain JavaScript module, no build step: it speaks the JSON protocol of docs/server.md and
// names no game (the games and their options come from GET /api/games).
//
// The board is the seat's clickable picture (docs/pictures.md): every element standing for
// legal actions carries data-actions (their notations) and a <title> with their words. A click
// (or Enter on it, reached by Tab) plays its one action, or opens a menu of its actions' words.

const $ = (id) => document.getElementById(id);
const SEAT_KINDS = ["human", "bot:random", "bot:greedy", "bot:mcts"];

let games = [];
let current = null; // { id, seat, token, version, socket }
let zoom = null; // the board's width in pixels; null: fit the box

// ---- talking to the server --------------------------------------------------------------------

async function call(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = response.headers.get("content-type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  return { status: response.status, data };
}

// Each browser tab keeps the tokens of the seats it claimed (never in the address).
function saved(matchId) {
  const text = sessionStorage.getItem(`sankore-seat:${matchId}`);
  return text ? JSON.parse(text) : null;
}

// ---- the lobby ----------------------------------------------------------------------------------

function fillPlayers() {
  const game = games.find((g) => g.name === $("game").value);
  const players = $("players");
  players.replaceChildren(
    ...game.players.map((n) => new Option(String(n), String(n), false, n === game.default_players)),
  );
  const options = $("options");
  options.replaceChildren(options.querySelector("legend") || document.createElement("legend"));
  options.querySelector("legend").textContent = "Options";
  for (const option of game.options) {
    const label = document.createElement("label");
    label.title = option.doc;
    label.append(`${option.name} `);
    let input;
    if (option.choices.length) {
      input = document.createElement("select");
      for (const choice of option.choices) {
        const text = choice === null ? "(none)" : String(choice);
        input.append(new Option(text, JSON.stringify(choice), false, choice === option.default));
      }
    } else {
      input = document.createElement("input");
      input.placeholder = option.default === null ? "(none)" : String(option.default);
      input.size = 6;
    }
    input.dataset.option = option.name;
    label.append(input);
    options.append(label);
  }
  fillSeats();
}

function fillSeats() {
  const count = Math.max(1, Number($("players").value) === 1 ? 1 : Number($("players").value));
  const seats = $("seats");
  seats.replaceChildren(seats.querySelector("legend"));
  for (let i = 0; i < count; i++) {
    const label = document.createElement("label");
    label.append(`Seat ${i} `);
    const select = document.createElement("select");
    select.dataset.seat = String(i);
    for (const kind of SEAT_KINDS) select.append(new Option(kind, kind, false, kind === "human"));
    label.append(select);
    seats.append(label);
  }
}

function optionValues() {
  const out = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    if (input.tagName === "SELECT") {
      const value = JSON.parse(input.value);
      if (value !== null) out[input.dataset.option] = value;
    } else if (input.value.trim() !== "") {
      const number = Number(input.value);
      out[input.dataset.option] = Number.isNaN(number) ? input.value.trim() : number;
    }
  }
  return out;
}

async function createMatch(event) {
  event.preventDefault();
  const body = {
    game: $("game").value,
    players: Number($("players").value),
    options: optionValues(),
    seats: [...$("seats").querySelectorAll("select")].map((s) => s.value),
  };
  const { status, data } = await call("POST", "/api/matches", body);
  if (status !== 201) {
    $("lobby-error").textContent = data.error || `refused (${status})`;
    return;
  }
  location.hash = `#/match/${data.match}`;
}

// ---- a match ------------------------------------------------------------------------------------

async function openMatch(matchId) {
  if (current && current.socket) current.socket.close();
  const mine = saved(matchId);
  current = { id: matchId, seat: mine ? mine.seat : null, token: mine ? mine.token : null };
  $("match-id").textContent = matchId;
  $("reasons").replaceChildren();
  $("picture").replaceChildren();
  await refresh();
  listen();
}

function listen() {
  const here = current;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/matches/${here.id}/events`);
  here.socket = socket;
  socket.onmessage = (message) => {
    const { version } = JSON.parse(message.data);
    if (current === here && version !== here.version) refresh();
  };
  // A dropped connection is opened again, so that the page never stops following the match.
  socket.onclose = () => {
    if (current === here) setTimeout(() => current === here && listen(), 1000);
  };
}

async function claim(seat) {
  const { status, data } = await call("POST", `/api/matches/${current.id}/seats/${seat}`);
  if (status !== 200) {
    showReasons([{ code: String(status), words: data.error }]);
    return;
  }
  sessionStorage.setItem(`sankore-seat:${current.id}`, JSON.stringify({ seat, token: data.token }));
  current.seat = seat;
  current.token = data.token;
  await refresh();
}

let refreshing = Promise.resolve();

function refresh() {
  // One refresh at a time, in order: a push arriving during a fetch waits for it.
  refreshing = refreshing.then(load, load);
  return refreshing;
}

async function load() {
  const here = current;
  const { status, data } = await call("GET", `/api/matches/${here.id}`, undefined, here.token);
  if (status !== 200) {
    $("status").textContent = data.error || `refused (${status})`;
    return;
  }
  if (current === here) await show(data);
}

async function show(view) {
  const here = current;
  // An answer may arrive after a newer view (a bot moved meanwhile): never step back.
  if (here.version !== undefined && view.version < here.version) return;
  // The same view again (a push racing the answer to our own action): nothing to redraw, and
  // a menu the player just opened stays open.
  const key = `${view.version}:${view.seat}`;
  if (here.shown === key) return;
  here.shown = key;
  here.version = view.version;
  $("who").textContent = view.seat === null ? "spectator" : `seat ${view.seat}`;
  const seats = view.seats.map((seat, i) => {
    const item = document.createElement("li");
    item.append(`Seat ${i}: ${seat.kind}${seat.claimed ? " (taken)" : ""}`);
    if (seat.note) {
      // What everyone should know of the seat: a bot that failed and played at random.
      const note = document.createElement("span");
      note.className = "note";
      note.textContent = seat.note;
      item.append(" — ", note);
    }
    if (seat.kind === "human" && !seat.claimed && here.token === null) {
      const button = document.createElement("button");
      button.textContent = `Claim seat ${i}`;
      button.dataset.claim = String(i);
      button.onclick = () => claim(i);
      item.append(" ", button);
    }
    return item;
  });
  $("seat-list").replaceChildren(...seats);
  const decision = view.decision;
  $("status").textContent = view.terminal
    ? `Game over (version ${view.version})`
    : `Version ${view.version}: seat ${decision.player} to decide: ${decision.prompt}` +
      (decision.player === view.seat ? " (you)" : "");
  $("status").dataset.version = String(view.version);
  $("legal").replaceChildren(...view.legal.map((notation) => choice(notation, null)));
  $("how").hidden = view.legal.length === 0;
  closeMenu();
  $("notation-form").hidden = view.seat === null || view.terminal;
  $("observation").textContent = JSON.stringify(view.observation, null, 1);
  const scores = $("scores");
  scores.hidden = !view.terminal;
  if (view.terminal && view.scores) {
    const lines = view.scores.totals.map(
      (total, seat) =>
        `Seat ${seat}: ${total}${view.scores.winners.includes(seat) ? " (winner)" : ""}`,
    );
    scores.textContent = `Final scores: ${lines.join(", ")}`;
    scores.dataset.totals = JSON.stringify(view.scores.totals);
  }
  const path = `/api/matches/${here.id}/picture${here.token ? "?clickable=1" : ""}`;
  const picture = await call("GET", path, undefined, here.token);
  if (picture.status === 200 && current === here && here.version === view.version) {
    // The server's own SVG drawing as this seat (or, without a token, a spectator) sees it;
    // for the seat to decide, with its legal actions on it.
    $("picture").innerHTML = picture.data;
    $("picture").dataset.version = String(view.version);
    fitBoard();
    const words = wordsOf($("picture"));
    $("legal").replaceChildren(...view.legal.map((notation) => choice(notation, words.get(notation))));
    $("my-board").hidden = !here.token || !myPanel();
  }
}

// A button for one action: its words when the picture gave them, its notation beside them.
function choice(notation, words) {
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.action = notation;
  if (words) {
    const code = document.createElement("code");
    code.textContent = notation;
    button.append(words, code);
  } else {
    button.textContent = notation;
  }
  button.onclick = () => act(notation);
  return button;
}

// ---- the board ----------------------------------------------------------------------------------

// Each element of the picture that stands for actions: its notations, and its actions' words.
function placeOf(element) {
  const place = element instanceof Element ? element.closest("#picture [data-actions]") : null;
  if (!place) return null;
  const actions = JSON.parse(place.dataset.actions);
  const title = place.querySelector("title");
  const said = title ? title.textContent.split("; ") : [];
  const words = actions.map((action, i) => (said.length === actions.length ? said[i] : action));
  return { place, actions, words };
}

// The words of every action the picture carries, by notation.
function wordsOf(root) {
  const words = new Map();
  for (const element of root.querySelectorAll("[data-actions]")) {
    const found = placeOf(element);
    found.actions.forEach((action, i) => words.set(action, found.words[i]));
  }
  return words;
}

function choose(found) {
  if (found.actions.length === 1) {
    act(found.actions[0]);
    return;
  }
  openMenu(found);
}

function openMenu(found) {
  const menu = $("menu");
  const buttons = found.actions.map((action, i) => {
    const button = document.createElement("button");
    button.type = "button";
    button.setAttribute("role", "menuitem");
    button.dataset.action = action;
    button.textContent = found.words[i];
    button.title = action;
    button.onclick = () => {
      closeMenu();
      act(action);
    };
    return button;
  });
  const cancel = document.createElement("button");
  cancel.type = "button";
  cancel.textContent = "Cancel";
  cancel.onclick = closeMenu;
  menu.replaceChildren(...buttons, cancel);
  // Beside the place clicked, inside the board's box.
  const box = $("board").getBoundingClientRect();
  const at = found.place.getBoundingClientRect();
  menu.style.left = `${Math.max(0, Math.min(at.right - box.left + 4, box.width - 260))}px`;
  menu.style.top = `${Math.max(0, at.top - box.top)}px`;
  menu.hidden = false;
  menu.returnTo = found.place;
  buttons[0].focus();
}

function closeMenu() {
  const menu = $("menu");
  if (menu.hidden) return;
  menu.hidden = true;
  menu.replaceChildren();
  if (menu.returnTo && menu.returnTo.isConnected) menu.returnTo.focus();
}

function hint(event) {
  const found = placeOf(event.target);
  $("hint").textContent = found ? found.words.join(" · ") : "";
}

function fitBoard() {
  const svg = $("picture").querySelector("svg");
  if (!svg) return;
  svg.style.maxWidth = zoom === null ? "100%" : "none";
  svg.style.width = zoom === null ? "100%" : `${zoom}px`;
}

function zoomBy(factor) {
  const svg = $("picture").querySelector("svg");
  if (!svg) return;
  zoom = Math.round(Math.min(4000, Math.max(300, svg.getBoundingClientRect().width * factor)));
  fitBoard();
}

// The seat's own panel of the picture (its player board).
function myPanel() {
  return current && current.seat !== null
    ? $("picture").querySelector(`[data-panel="player-${current.seat}"]`)
    : null;
}

function showMyBoard() {
  const panel = myPanel();
  if (panel) panel.scrollIntoView({ block: "nearest", inline: "nearest" });
}

function showReasons(reasons) {
  $("reasons").replaceChildren(
    ...reasons.map((reason) => {
      const item = document.createElement("li");
      item.dataset.code = reason.code;
      item.textContent = reason.words;
      return item;
    }),
  );
}

async function act(notation) {
  const here = current;
  const body = { action: notation, version: here.version };
  const { status, data } = await call("POST", `/api/matches/${here.id}/actions`, body, here.token);
  if (status === 200) {
    showReasons([]);
    $("notation").value = "";
    refreshing = refreshing.then(() => show(data));
    return;
  }
  if (status === 422) showReasons(data.reasons);
  else showReasons([{ code: String(status), words: data.error }]);
  if (status === 409) refresh();
}

// ---- the page -----------------------------------------------------------------------------------

async function route() {
  const found = location.hash.match(/^#\/match\/([A-Za-z0-9_-]+)$/);
  $("lobby").hidden = Boolean(found);
  $("match").hidden = !found;
  if (found) {
    await openMatch(found[1]);
  } else {
    if (current && current.socket) current.socket.close();
    current = null;
    $("who").textContent = "";
  }
}

async function start() {
  const { data } = await call("GET", "/api/games");
  games = data;
  $("game").replaceChildren(...games.map((g) => new Option(g.title, g.name)));
  $("game").onchange = fillPlayers;
  $("players").onchange = fillSeats;
  fillPlayers();
  $("create").onsubmit = createMatch;
  $("join").onsubmit = (event) => {
    event.preventDefault();
    location.hash = `#/match/${$("join-id").value.trim()}`;
  };
  $("notation-form").onsubmit = (event) => {
    event.preventDefault();
    act($("notation").value.trim());
  };
  const picture = $("picture");
  picture.onclick = (event) => {
    const found = placeOf(event.target);
    if (found) choose(found);
  };
  picture.onkeydown = (event) => {
    const found = placeOf(event.target);
    if (found && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      choose(found);
    }
  };
  picture.onmouseover = hint;
  picture.addEventListener("focusin", hint);
  $("menu").onkeydown = (event) => {
    if (event.key === "Escape") closeMenu();
  };
  $("zoom-in").onclick = () => zoomBy(1.25);
  $("zoom-out").onclick = () => zoomBy(0.8);
  $("zoom-fit").onclick = () => {
    zoom = null;
    fitBoard();
  };
  $("my-board").onclick = showMyBoard;
  window.onhashchange = route;
  await route();
  document.body.dataset.ready = "true";
}

start();
