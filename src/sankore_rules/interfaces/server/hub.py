"""The matches a server process plays: created, claimed, acted on, pushed, and bots run.

The [`Hub`][sankore_rules.interfaces.server.hub.Hub] is the server without HTTP: each method
takes plain values and returns JSON-ready data or raises
[`Refusal`][sankore_rules.interfaces.server.hub.Refusal] with an HTTP status and words.

The database is the truth (see ``storage.py``); a match's state is a cache, rebuilt by
replaying its actions, and brought up to date from the database before use whenever another
writer may have moved it (the storage tells: PostgreSQL announces every action to every
process, SQLite counts other connections' commits), so several server processes can share one
database and a process alone on its database never reads back what it wrote. An action is
checked against the version it answers, then against the rules (the library's own reasons),
then appended under that version, and only once it is committed does the caller get its
answer, the match's subscribers their ``{"version": V}``, and the bots their turn.

A server that runs for weeks meets failures; the hub keeps going through each:

- a match that cannot be replayed (a damaged row, a ruleset the server no longer has) is
  *fenced*: it is answered with a 409 and the reason in words, and every other match is served
  (see [`replay`][sankore_rules.interfaces.server.replay.replay], which ``serve --check`` uses too);
- a bot whose worker fails is asked again, up to ``bot_attempts`` times, and then its seat plays
  a random legal action, which the match's view says in words (``note`` on the seat);
- the bots search in a pool of their own (``bots.BotPools``), apart from the quick bots and the
  pictures, and each client may keep only so many bot matches going
  ([`ClientLimits`][sankore_rules.interfaces.server.hub.ClientLimits]);
- pushes are driven by events (an action accepted here, or announced by the storage), so idle
  WebSockets cost nothing.
"""

from __future__ import annotations

import asyncio
import gc
import hashlib
import hmac
import logging
import re
import secrets
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any, NoReturn

from attrs import define, field, frozen

from sankore_rules import api
from sankore_rules.core.errors import StateError
from sankore_rules.core.registry import find_game, game_of, games
from sankore_rules.interfaces.records import save_record
from sankore_rules.interfaces.server.bots import BOTS, BotBudget, BotPools, Workers, random_move
from sankore_rules.interfaces.server.replay import Unplayable, replay, ruleset_pin, start_state
from sankore_rules.interfaces.server.storage import Storage, StorageDown, StoredMatch
from sankore_rules.interfaces.server.throttled import ThrottledLog
from sankore_rules.interfaces.server.views import canonical, match_view, seat_picture

__all__ = ["SEAT_KINDS", "ClientLimits", "Hub", "Live", "Refusal"]

#: The kinds a seat can be given when a match is created.
SEAT_KINDS = ("human", *BOTS)
#: A match id as the server makes them (and the only shape it looks up).
_MATCH_ID = re.compile(r"[A-Za-z0-9_-]{1,64}\Z")
#: A seat number in a path: an ASCII decimal without leading zeros, short enough to convert.
_SEAT = re.compile(r"(0|[1-9][0-9]{0,5})\Z")
#: How many matches a process keeps replayed in memory.
CACHED_MATCHES = 2000
#: How long a bot waits for the database to come back before it looks again.
STORAGE_RETRY_SECONDS = 1.0
_CREATE_KEYS = {"game", "players", "options", "seats", "seed", "position"}

log = logging.getLogger("sankore_rules.server")


@frozen
class ClientLimits:
    """What one client (one address) may hold of a server process at once.

    Attributes:
        bot_matches: live matches with no human seat (bots against bots) it created.
        searches: MCTS decisions of the matches it created running at once; the others wait
            their turn, so that one client's matches never fill the searching bots' pool. Each
            decision takes the server's MCTS budget, which no client can raise.
        sockets: open WebSockets.
    """

    bot_matches: int = 2
    searches: int = 1
    sockets: int = 64


class Refusal(Exception):
    """A request the server refuses: an HTTP status, words, and maybe the library's reasons.

    Attributes:
        status: the HTTP status (400, 403, 404, 409, 422...).
        error: what is wrong, in words.
        reasons: the library's reasons (``code`` and ``words``) for a refused action.
        version: the match's current version, on a 409.
    """

    def __init__(
        self,
        status: int,
        error: str,
        reasons: list[dict[str, str]] | None = None,
        version: int | None = None,
    ) -> None:
        super().__init__(error)
        self.status = status
        self.error = error
        self.reasons = reasons
        self.version = version

    def body(self) -> dict[str, Any]:
        """The JSON body of the refusal."""
        out: dict[str, Any] = {"error": self.error}
        if self.reasons is not None:
            out["reasons"] = self.reasons
        if self.version is not None:
            out["version"] = self.version
        return out


def token_hash(token: str) -> str:
    """What the database keeps of a token: its SHA-256, never the token itself."""
    return hashlib.sha256(token.encode()).hexdigest()


@define
class Live:
    """A match as this process holds it: its stored form and the state its actions reach."""

    stored: StoredMatch
    state: Any
    actions: list[str]
    tokens: dict[int, str]
    lock: asyncio.Lock = field(factory=asyncio.Lock)
    views: dict[tuple[int, int | None], bytes] = field(factory=dict)
    pushed: int = 0
    #: The storage's ``outside_writes`` when the state was last read from the database.
    synced: int = -1
    #: What happened to a seat that everyone should know, in words (a bot's fallback), by seat.
    notes: dict[int, str] = field(factory=dict)

    @property
    def version(self) -> int:
        """How many actions were accepted."""
        return len(self.actions)

    @property
    def seats(self) -> tuple[str, ...]:
        """Each seat's kind."""
        return self.stored.seats

    def kind(self, seat: int | None) -> str:
        """The kind of ``seat``; a seat the rules play themselves counts as no bot's."""
        return self.seats[seat] if seat is not None and 0 <= seat < len(self.seats) else "human"

    def seat_list(self) -> list[dict[str, Any]]:
        """Each seat's kind and whether it is claimed: what everyone may know of the seats."""
        seats: list[dict[str, Any]] = []
        for seat, kind in enumerate(self.seats):
            entry: dict[str, Any] = {
                "kind": kind,
                "claimed": kind == "human" and seat in self.tokens,
            }
            if seat in self.notes:
                entry["note"] = self.notes[seat]
            seats.append(entry)
        return seats


class Hub:
    """Every match of one server process, over one storage.

    Args:
        storage: where matches are kept.
        allow_seeds: whether a creation may name its seed (tests, reproducible demos); off by
            default, since whoever knows the seed knows every hidden card.
        allow_positions: whether a creation may give its starting position (a state's JSON:
            tutorials, puzzles, tests); off by default for the same reason.
        bot_processes: the worker processes of the searching (MCTS) bots (0: no pools at
            all, bots and pictures run on a thread, for tests of the hub alone).
        picture_processes: the worker processes that draw pictures.
        budget: the MCTS bot's budget per decision.
        bot_attempts: how many times a bot is asked for a decision before its seat plays a
            random legal action instead.
        limits: what one client may hold at once.
        worker_timeout: the seconds a worker process's call (a picture, a bot's decision beyond
            its budget) may take before the process counts as hung and is replaced.
    """

    def __init__(
        self,
        storage: Storage,
        *,
        allow_seeds: bool = False,
        allow_positions: bool = False,
        bot_processes: int = 2,
        picture_processes: int = 1,
        budget: BotBudget | None = None,
        bot_attempts: int = 3,
        limits: ClientLimits | None = None,
        worker_timeout: float = 30.0,
    ) -> None:
        if bot_attempts < 1:
            raise ValueError("a bot needs at least one attempt")
        self.storage = storage
        self.allow_seeds = allow_seeds
        self.allow_positions = allow_positions
        self.bot_processes = bot_processes
        self.picture_processes = picture_processes if bot_processes > 0 else 0
        self.budget = budget or BotBudget()
        self.bot_attempts = bot_attempts
        self.limits = limits or ClientLimits()
        self._live: OrderedDict[str, Live] = OrderedDict()
        #: The matches that cannot be replayed, with why (so a request does not replay them).
        self._fenced: OrderedDict[str, str] = OrderedDict()
        self._subscribers: dict[str, set[asyncio.Queue[int]]] = {}
        #: Open WebSockets by client.
        self._sockets: dict[str, int] = {}
        #: The client that created each match of bots alone under way, by match.
        self._bot_matches: dict[str, str] = {}
        #: Who created each recent match, by match: whose searches its bots' are.
        self._owners: OrderedDict[str, str] = OrderedDict()
        self._bots: dict[str, asyncio.Task[None]] = {}
        # The worker processes start at their first use.
        self._deciders = BotPools(
            bot_processes, self.budget, self.limits.searches, timeout=worker_timeout
        )
        self._pictures = Workers("pictures", self.picture_processes, timeout=worker_timeout)
        self._news: set[asyncio.Task[None]] = set()
        self._quiet = ThrottledLog(log)

    # ---- life ---------------------------------------------------------------------------------

    async def start(self) -> None:
        """Open the storage, start the bots' pool, and resume the bots of unfinished matches."""
        await self.storage.open()
        self.storage.on_heard(self._on_heard)
        for game in games():
            # Load each ruleset now, not in the first request that needs it.
            api.load_rules(game=game.name)
        # What is loaded by now lives as long as the process: keep it out of the collector's
        # full passes, whose pauses would otherwise grow with it (and show in the p99).
        gc.freeze()
        self.storage.on_gap(self._on_gap)
        for match_id in await self.storage.playing():
            try:
                self._kick(await self.live(match_id))
            except Refusal:
                continue  # fenced: the log says why, and so does every answer about it

    async def stop(self) -> None:
        """Stop the bots and the worker processes, and close the storage."""
        tasks = [*self._bots.values(), *self._news]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._deciders.shutdown()
        self._pictures.shutdown()
        await self.storage.close()

    # ---- the games and new matches ----------------------------------------------------------

    @staticmethod
    def games() -> list[dict[str, Any]]:
        """Every registered game with its player counts and setup options."""
        return [
            {
                "name": game.name,
                "title": game.title,
                "players": list(game.player_counts),
                "default_players": game.default_players,
                "options": [
                    {
                        "name": o.name,
                        "doc": o.doc,
                        "default": o.default,
                        "choices": list(o.choices),
                    }
                    for o in game.options
                ],
            }
            for game in games()
        ]

    async def create(self, body: object, client: str | None = None) -> dict[str, Any]:
        """Create a match from a request body; its id and seat count.

        Args:
            body: the request's JSON.
            client: who asks (an address), held to the ``limits``; None for no limit.

        Raises:
            Refusal: 400 for a body the server cannot use, with what is wrong; 429 when the
                client holds as many bot matches as it may.
        """
        if not isinstance(body, dict):
            raise Refusal(400, "the body must be a JSON object")
        unknown = sorted(set(body) - _CREATE_KEYS)
        if unknown:
            raise Refusal(400, f"unknown fields {unknown}; a match takes {sorted(_CREATE_KEYS)}")
        setup, state = self._setup(body)
        agents = game_of(state).agents(state)
        seats = body.get("seats", ["human"] * len(agents))
        if not isinstance(seats, list) or len(seats) != len(agents):
            raise Refusal(400, f"seats must be a list of {len(agents)} seat kinds")
        for kind in seats:
            if kind not in SEAT_KINDS:
                raise Refusal(400, f"a seat is one of {list(SEAT_KINDS)}, not {kind!r}")
        # Seats are the deciding seats in order; a seat the rules play (the Scholar) has none.
        bots_only = "human" not in seats
        if client is not None and bots_only:
            held = sum(owner == client for owner in self._bot_matches.values())
            if held >= self.limits.bot_matches:
                raise Refusal(
                    429,
                    f"a client may have {self.limits.bot_matches} matches of bots alone under "
                    "way at once: wait for one to end",
                )
        match_id = secrets.token_urlsafe(9)
        await self.storage.create(match_id, setup, seats, ruleset_pin(state))
        if client is not None:
            if bots_only:
                self._bot_matches[match_id] = client
            self._owners[match_id] = client
            while len(self._owners) > 100_000:
                self._owners.popitem(last=False)
        live = await self.live(match_id)
        self._kick(live)
        return {"match": match_id, "seats": len(seats)}

    def _setup(self, body: dict[str, Any]) -> tuple[dict[str, Any], Any]:
        """The setup to store for a creation request, and the state it starts from."""
        name = body.get("game", games()[0].name)
        try:
            game = find_game(name)
        except ValueError as exc:
            raise Refusal(400, str(exc)) from None
        if "position" in body:
            if not self.allow_positions:
                raise Refusal(400, "this server does not start matches from a given position")
            if set(body) & {"players", "options", "seed"}:
                raise Refusal(400, "a position holds its players, options and seed already")
            text = body["position"]
            try:
                state = api.from_json(text)
            except StateError as exc:
                raise Refusal(400, f"not a usable position: {exc}") from None
            if game_of(state) is not game:
                raise Refusal(400, f"the position is not a state of {game.name}")
            return {"game": game.name, "position": text}, state
        players = body.get("players", game.default_players)
        options = body.get("options", {})
        if not isinstance(options, dict):
            raise Refusal(400, "options must be a JSON object")
        known = {o.name for o in game.options}
        for key in options:
            if key not in known:
                raise Refusal(400, f"{game.name} has no option {key!r}; it has {sorted(known)}")
        if "seed" in body:
            if not self.allow_seeds:
                raise Refusal(400, "this server draws every seed itself: leave seed out")
            seed = body["seed"]
            if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**128:
                raise Refusal(400, "seed must be an integer from 0 to 2**128 - 1")
        else:
            seed = secrets.randbits(128)
        if isinstance(players, bool) or not isinstance(players, int):
            raise Refusal(400, f"players must be one of {list(game.player_counts)}")
        setup = {"game": game.name, "players": players, "seed": seed, "options": options}
        try:
            return setup, start_state(setup)
        except (ValueError, TypeError) as exc:
            raise Refusal(400, str(exc)) from None

    # ---- the cache ----------------------------------------------------------------------------

    async def live(self, match_id: str) -> Live:
        """The match, its state brought up to date with the database.

        Raises:
            Refusal: 404 when there is no such match.
        """
        live = self._live.get(match_id) if _MATCH_ID.match(match_id) else None
        if live is None:
            fenced = self._fenced.get(match_id)
            if fenced is not None:
                raise Refusal(409, fenced)
            writes = await self.storage.outside_writes()
            try:
                stored = await self.storage.load(match_id) if _MATCH_ID.match(match_id) else None
            except (ValueError, TypeError) as exc:
                # A row whose JSON is damaged.
                self._fence(match_id, f"match {match_id}: its row cannot be read: {exc}")
            if stored is None:
                raise Refusal(404, f"no match {match_id[:64]!r}")
            try:
                state = replay(stored)
            except Unplayable as unplayable:
                self._fence(match_id, unplayable.words)
            # Another request may have loaded it meanwhile: keep one copy, and its lock.
            live = self._live.setdefault(
                match_id,
                Live(
                    stored,
                    state,
                    list(stored.actions),
                    dict(stored.tokens),
                    synced=writes,
                    notes=dict(stored.notes),
                ),
            )
            while len(self._live) > CACHED_MATCHES:
                self._live.popitem(last=False)
        else:
            self._live.move_to_end(match_id)
            await self._refresh(live)
        return live

    def _fence(self, match_id: str, words: str) -> NoReturn:
        """Answer ``match_id`` with a 409 and ``words`` from now on, and refuse this request.

        Raises:
            Refusal: always, 409 with ``words``.
        """
        self._quiet.error(f"fenced {match_id}", "%s", words)
        self._fenced[match_id] = words
        while len(self._fenced) > CACHED_MATCHES:
            self._fenced.popitem(last=False)
        raise Refusal(409, words)

    async def _refresh(self, live: Live) -> None:
        """Catch up with the database when another writer may have moved the match."""
        writes = await self.storage.outside_writes()
        if live.synced != writes or self.storage.heard(live.stored.id) > live.version:
            await self._catch_up(live)
            live.synced = writes

    async def _catch_up(self, live: Live) -> None:
        """Replay the actions accepted since the cached version (by this process or another).

        Requests run concurrently: another may have replayed some of them meanwhile.
        """
        start = live.version
        actions = await self.storage.since(live.stored.id, start)
        for text in actions[live.version - start :]:
            try:
                live.state = api.apply(live.state, text)
            except Exception as exc:  # another writer's damaged row
                self._live.pop(live.stored.id, None)
                self._fence(
                    live.stored.id,
                    f"match {live.stored.id}: its action {live.version + 1} ({text[:40]!r}) "
                    f"cannot be replayed: {type(exc).__name__}: {exc}",
                )
            live.actions.append(text)

    # ---- credentials --------------------------------------------------------------------------

    async def claim(self, match_id: str, seat: object) -> dict[str, str]:
        """Claim a human seat: its token, given once.

        Raises:
            Refusal: 404 for no such seat, 409 for a seat claimed already or played by a bot.
        """
        live = await self.live(match_id)
        index = _seat_number(seat, len(live.seats))
        if live.seats[index] != "human":
            raise Refusal(409, f"seat {index} is played by {live.seats[index]}")
        token = secrets.token_urlsafe(32)
        if not await self.storage.claim(match_id, index, token_hash(token)):
            raise Refusal(409, f"seat {index} is claimed already")
        live.tokens[index] = token_hash(token)
        live.views.clear()
        await self._push(live)
        return {"token": token}

    async def seat_of(self, live: Live, token: str | None) -> int | None:
        """The seat a token is for; None for no token (a spectator).

        Raises:
            Refusal: 403 for a token that is no seat's of this match.
        """
        if token is None:
            return None
        hashed = token_hash(token)
        for attempt in range(2):
            seat = _seat_of_hash(live.tokens, hashed)
            if seat is not None:
                return seat
            if attempt == 0:
                # Claimed through another server process since this one loaded the match.
                live.tokens = await self.storage.tokens(live.stored.id)
        raise Refusal(403, "this token is no seat's of this match")

    def known_seat(self, match_id: str, token: str) -> int | None:
        """The seat ``token`` is for, if this process holds the match and knows the token.

        None when it does not; it reads no database: the rate limit asks it of every request.
        """
        live = self._live.get(match_id)
        return None if live is None else _seat_of_hash(live.tokens, token_hash(token))

    # ---- reading ------------------------------------------------------------------------------

    async def view(self, match_id: str, token: str | None) -> bytes:
        """The match as the token's seat (or a spectator) may see it, as JSON bytes."""
        live = await self.live(match_id)
        return self._view(live, await self.seat_of(live, token))

    @staticmethod
    def _view(live: Live, seat: int | None) -> bytes:
        key = (live.version, seat)
        body = live.views.get(key)
        if body is None:
            if len(live.views) > 16:
                live.views.clear()
            body = canonical(match_view(live.state, live.version, seat, live.seat_list()))
            live.views[key] = body
        return body

    async def picture(self, match_id: str, token: str | None, clickable: bool = False) -> str:
        """The SVG of the match as the token's seat (or a spectator, without one) may see it.

        ``clickable``: the seat to decide gets its legal actions on the picture's places. It
        is drawn in worker processes of its own when there are some (never behind a bot's
        search): a drawing takes milliseconds, which the event loop should spend answering.
        """
        live = await self.live(match_id)
        seat = await self.seat_of(live, token)
        if self.picture_processes == 0:
            return seat_picture(live.state, seat, clickable)
        # The live state itself (its events ring the last action), not one read from JSON.
        return await self._pictures.run(seat_picture, live.state, seat, clickable)

    async def record(self, match_id: str) -> bytes:
        """The game record of a finished match.

        Raises:
            Refusal: 409 while the game is not over.
        """
        live = await self.live(match_id)
        state = live.state
        if not api.is_terminal(state):
            raise Refusal(409, "the game is not over: its record is given at the end")
        setup = live.stored.setup
        if "position" in setup:
            # A record starts from a setup; a match from a position is its position and moves.
            return canonical({"position": setup["position"], "actions": live.actions})
        text = save_record(
            live.actions,
            players=setup["players"],
            seed=setup["seed"],
            game=setup["game"],
            final=state,
            **setup["options"],
        )
        return text.encode()

    # ---- acting -------------------------------------------------------------------------------

    async def act(self, match_id: str, token: str | None, body: object) -> bytes:
        """Take an action for the token's seat; the seat's new view as JSON bytes.

        Raises:
            Refusal: 400 for a malformed body, 403 without the seat's token or out of turn,
                409 for a stale version or a finished game, 422 with the library's reasons
                for an illegal action.
        """
        if not isinstance(body, dict) or set(body) != {"action", "version"}:
            raise Refusal(400, 'the body must be {"action": notation, "version": V}')
        text, version = body["action"], body["version"]
        if not isinstance(text, str) or len(text) > 200:
            raise Refusal(400, "action must be a notation string of at most 200 characters")
        if isinstance(version, bool) or not isinstance(version, int):
            raise Refusal(400, "version must be an integer")
        live = await self.live(match_id)
        seat = await self.seat_of(live, token)
        if seat is None:
            raise Refusal(403, "an action needs its seat's token: Authorization: Bearer T")
        await self._accept(live, seat, text, version)
        return self._view(live, seat)

    async def _accept(self, live: Live, seat: int, text: str, version: int) -> None:
        """Check, commit, then announce one action of ``seat`` answering ``version``."""
        async with live.lock:
            await self._refresh(live)
            state = live.state
            game = game_of(state)
            if version != live.version:
                raise Refusal(409, f"the match is at version {live.version}", version=live.version)
            if game.is_terminal(state):
                raise Refusal(409, "the game is over", version=live.version)
            if game.current_player(state) != seat:
                raise Refusal(403, f"it is not seat {seat}'s decision")
            # The library's own reasons, as sr.explain gives them for this text.
            reasons = api.explain(state, text, player=seat)
            if reasons:
                bad = reasons[0].code == "bad_notation"
                error = "not an action" if bad else "the rules refuse this action"
                raise Refusal(422, error, [{"code": r.code, "words": r.words} for r in reasons])
            action = api.parse_action(state, text)
            after = api.apply(state, action, player=seat)
            notation = str(action)
            done = game.is_terminal(after)
            if not await self.storage.append(live.stored.id, version, seat, notation, done):
                # Another process answered this version first.
                await self._catch_up(live)
                raise Refusal(409, f"the match is at version {live.version}", version=live.version)
            if live.version == version:
                # (A request that read the database meanwhile may have replayed it already.)
                live.state = after
                live.actions.append(notation)
        if done:
            self._bot_matches.pop(live.stored.id, None)
            self._owners.pop(live.stored.id, None)
        await self._push(live)
        self._kick(live)

    # ---- pushes ---------------------------------------------------------------------------------

    def subscribe(self, match_id: str, client: str | None = None) -> asyncio.Queue[int]:
        """A queue that receives the match's version after every accepted action.

        Args:
            match_id: the match.
            client: who subscribes (an address), held to ``limits.sockets``; None for no limit.

        Raises:
            Refusal: 429 when the client has as many WebSockets open as it may.
        """
        if client is not None:
            held = self._sockets.get(client, 0)
            if held >= self.limits.sockets:
                raise Refusal(429, f"a client may have {self.limits.sockets} WebSockets open")
            self._sockets[client] = held + 1
        queue: asyncio.Queue[int] = asyncio.Queue(maxsize=64)
        self._subscribers.setdefault(match_id, set()).add(queue)
        return queue

    def unsubscribe(
        self, match_id: str, queue: asyncio.Queue[int], client: str | None = None
    ) -> None:
        """Stop pushing to ``queue`` (of ``client``, as subscribed)."""
        queues = self._subscribers.get(match_id)
        if queues is not None and queue in queues:
            queues.discard(queue)
            if not queues:
                del self._subscribers[match_id]
            if client is not None:
                held = self._sockets.get(client, 0) - 1
                if held > 0:
                    self._sockets[client] = held
                else:
                    self._sockets.pop(client, None)

    async def _push(self, live: Live) -> None:
        live.pushed = live.version
        for queue in self._subscribers.get(live.stored.id, ()):
            if queue.full():
                # A reader that does not keep up gets the latest version, not every one.
                queue.get_nowait()
            queue.put_nowait(live.version)

    def _on_heard(self, match_id: str, version: int) -> None:
        """Another process accepted an action: push it now to this process's subscribers."""
        live = self._live.get(match_id)
        if match_id in self._subscribers and (live is None or version > live.pushed):
            self._later(self._push_news(match_id))

    def _on_gap(self) -> None:
        """Announcements may have been lost: look once at every match someone listens to."""
        for match_id in list(self._subscribers):
            self._later(self._push_news(match_id))

    def _later(self, work: Any) -> None:
        """Run ``work`` (a coroutine) as a task the hub holds until it ends."""
        task = asyncio.create_task(work)
        self._news.add(task)
        task.add_done_callback(self._news.discard)

    async def _push_news(self, match_id: str) -> None:
        try:
            live = await self.live(match_id)
        except Refusal:
            return
        except StorageDown as down:
            self._quiet.warning("news", "cannot read news of other processes: %s", down)
            return
        if live.version > live.pushed:
            await self._push(live)

    # ---- bots -----------------------------------------------------------------------------------

    def _kick(self, live: Live) -> None:
        """Start the match's bot task when a bot must decide and none is running."""
        match_id = live.stored.id
        seat = game_of(live.state).current_player(live.state)
        if seat is None or live.kind(seat) == "human" or match_id in self._bots:
            return
        task = asyncio.create_task(self._play_bots(match_id))
        self._bots[match_id] = task
        task.add_done_callback(lambda _: self._bots.pop(match_id, None))

    async def _play_bots(self, match_id: str) -> None:
        """Let the bots play while one of them must decide.

        A decision that fails (a worker that died through every retry of the pool, an error, a
        move the rules refuse) is asked for again; after ``bot_attempts`` failures the seat plays
        a random legal action, and the seat's ``note`` in the match's view says so.
        """
        failures: list[str] = []
        while True:
            try:
                live = await self.live(match_id)
            except Refusal:
                return  # fenced: said when it was fenced
            except StorageDown as down:
                self._quiet.warning("bots wait", "the bots wait for the database: %s", down)
                await asyncio.sleep(STORAGE_RETRY_SECONDS)
                continue
            state = live.state
            seat = game_of(state).current_player(state)
            kind = live.kind(seat)
            if seat is None or kind == "human":
                return
            version = live.version
            fallback = len(failures) >= self.bot_attempts
            if fallback:
                move = random_move(state, secrets.randbits(64))
                live.notes[seat] = (
                    f"the {kind} bot failed {len(failures)} times at version {version} "
                    f"(last: {failures[-1]}); this seat played a random legal action instead"
                )
                live.views.clear()
                log.error("match %s, seat %d: %s", match_id, seat, live.notes[seat])
            else:
                try:
                    # A match whose creator is not known (made before a restart) is its own.
                    owner = self._owners.get(match_id, f"match {match_id}")
                    move = await self._deciders.decide(owner, kind, state, seat)
                except Exception as exc:  # whatever it is, the seat must move
                    failures.append(f"{type(exc).__name__}: {str(exc)[:160]}")
                    self._quiet.error(
                        f"bot {match_id}",
                        "bot %s of match %s failed: %s",
                        kind,
                        match_id,
                        failures[-1],
                    )
                    continue
            try:
                await self._accept(live, seat, move, version)
            except Refusal as refusal:
                if refusal.status == 409:
                    continue  # the match moved meanwhile: look again
                if fallback:
                    log.error(
                        "match %s: a random legal action was refused: %s", match_id, refusal.error
                    )
                    return
                failures.append(f"its move {move[:40]!r} was refused: {refusal.error}")
                continue
            except StorageDown as down:
                self._quiet.warning("bots wait", "the bots wait for the database: %s", down)
                await asyncio.sleep(STORAGE_RETRY_SECONDS)
                continue
            failures = []
            if fallback:
                await self._keep_notes(live)

    async def _keep_notes(self, live: Live) -> None:
        """Store the match's notes, so that its view says them after a restart too."""
        try:
            await self.storage.write_notes(live.stored.id, live.notes)
        except StorageDown as down:
            # The note stays in memory; the move, committed, is what matters.
            self._quiet.warning("notes", "a seat's note was not stored: %s", down)


def _seat_number(seat: object, seats: int) -> int:
    """A seat number from a path, checked against the match's seats.

    Only plain ASCII decimals without leading zeros name a seat: ``str.isdigit`` also takes
    ``²`` and other scripts' digits, and ``00`` would be a second name of seat 0.
    """
    text = str(seat)
    if not _SEAT.match(text) or not int(text) < seats:
        raise Refusal(404, f"no seat {text[:8]!r}: seats are 0 to {seats - 1}")
    return int(text)


def _seat_of_hash(tokens: Mapping[int, str], hashed: str) -> int | None:
    """The seat whose token hash is ``hashed``, compared in constant time; None: no seat's."""
    for seat, known in tokens.items():
        if hmac.compare_digest(known, hashed):
            return seat
    return None
