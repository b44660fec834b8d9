# SPDX-License-Identifier: MIT
"""The game: ``Game`` owns one ``skirmish_game``, and the C callbacks it
hands the library (the dice roller, the events, the playouts' progress)."""
import fractions
import operator
import weakref
from typing import (Any, Callable, Dict, Iterable, List, Optional, Sequence,
                    Tuple, Union)

from ._capi import (INT_MAX, INT_MIN, _str, _type_name, c_double, c_facing, c_int, c_seed,
                    c_text, ffi, lib)
from .enums import (Edge, MeleeTies, MeleeWeapon, MissileWeapon, ObjectiveState,
                    Outcome, Phase, Policy, Preset, RingRemoval, Ruleset, Shape,
                    Side, State, TerrainFlag, _enum_or_int, _member, _policy)
from .errors import _check_status, _raise, error_class
from .results import (Action, Die, Effect, Figure, GameOptions, LegalActions, Modifier,
                      Objective, Odds, OddsOutcome, PlayoutStats, Point, Result,
                      SearchCandidate, Sight, Threat, _die, _effect, _modifier, _path)

Roller = Callable[[int], int]
EventCallback = Callable[[Union[Die, Modifier, Effect, Result, None]], Any]
ProgressCallback = Callable[[int, int], Any]
PolicyName = Union[Policy, int, str]

# --------------------------------------------------------------------------
# Callbacks: one C function each, user data is a handle to a _Callbacks
# --------------------------------------------------------------------------


class _Callbacks:
    """What C calls back into. The Game keeps this object and its
    ffi.new_handle() alive for as long as the C game may call them; it holds
    no reference to the Game, so a Game is freed as soon as it is dropped."""

    def __init__(self) -> None:
        self.roll: Optional[Roller] = None
        self.event: Optional[EventCallback] = None
        self.error: Optional[BaseException] = None  # raised inside a callback


def _roller_error(cb: _Callbacks, exc: BaseException) -> int:
    if cb.error is None:
        cb.error = exc
    return 0                       # outside 1..sides: the action fails (G6)


@ffi.def_extern()
def _skirmish_py_roll(user_data: Any, sides: int) -> int:
    cb = ffi.from_handle(user_data)
    if cb.error is not None:       # the action fails anyway
        return 0
    try:
        v = cb.roll(sides)
    except BaseException as exc:   # noqa: B902 - raised again after the C call
        return _roller_error(cb, exc)
    if type(v) is not int:
        if isinstance(v, bool) or not hasattr(type(v), "__index__"):
            return _roller_error(cb, TypeError(
                "the dice roller %r returned %r for a d%d; it must return an "
                "integer" % (cb.roll, v, sides)))
        v = operator.index(v)
    if not INT_MIN <= v <= INT_MAX:
        return _roller_error(cb, ValueError(
            "the dice roller %r returned %d for a d%d (a die is 1 to %d)"
            % (cb.roll, v, sides, sides)))
    r: int = v
    return r


@ffi.def_extern()
def _skirmish_py_event(user_data: Any, ev: Any) -> None:
    cb = ffi.from_handle(user_data)
    if cb.event is None or cb.error is not None:
        return
    try:
        kind = ev.kind
        payload: Union[Die, Modifier, Effect, Result, None]
        if kind == lib.SKIRMISH_EVENT_DIE:
            payload = _die(ev.die)
        elif kind == lib.SKIRMISH_EVENT_MODIFIER:
            payload = _modifier(ev.modifier)
        elif kind == lib.SKIRMISH_EVENT_EFFECT:
            payload = _effect(ev.effect)
        elif kind == lib.SKIRMISH_EVENT_RESULT:
            payload = Result._from_c(ev.result)
        else:
            payload = None
        cb.event(payload)
    except BaseException as exc:   # noqa: B902 - raised again after the C call
        cb.error = exc


class _Progress:
    """What a batch of playouts calls back: the Python callable and the
    first exception it raised (raised again once the C call returns; the
    callable is not called again after it raised)."""

    def __init__(self, fn: ProgressCallback) -> None:
        self.fn = fn
        self.error: Optional[BaseException] = None


@ffi.def_extern()
def _skirmish_py_progress(user_data: Any, done: int, total: int) -> None:
    p = ffi.from_handle(user_data)
    if p.error is not None:
        return
    try:
        p.fn(done, total)
    except BaseException as exc:   # noqa: B902 - raised again after the C call
        p.error = exc


def _callable(value: Any, name: str) -> Any:
    if value is not None and not callable(value):
        raise TypeError("%s must be callable or None, not %s" % (name, _type_name(value)))
    return value


def _points_c(path: Iterable[Point], name: str = "path") -> Tuple[Any, int]:
    """Checked (x, y) points as a C double array (never NULL) and their number."""
    pts = _path(path, name)
    flat = [c for p in pts for c in p]
    return ffi.new("double[]", flat or [0.0]), len(pts)


# --------------------------------------------------------------------------
# The game
# --------------------------------------------------------------------------

_TERRAIN_WORDS = {
    "rough": TerrainFlag.ROUGH, "bad_going": TerrainFlag.ROUGH,
    "cover": TerrainFlag.COVER, "blocks_sight": TerrainFlag.BLOCKS_SIGHT,
    "obstacle": TerrainFlag.OBSTACLE, "water": TerrainFlag.WATER,
    "climb": TerrainFlag.CLIMB, "impassable": TerrainFlag.IMPASSABLE,
    "hill": TerrainFlag.HILL,
}

_LEGAL_CAPACITY = 64     # actions the legal-action buffer holds at first
# the stride of that buffer, which the library is told (an array of a
# versioned struct, doc/ABI.md): the header's skirmish_action, compiled in
_ACTION_SIZE = ffi.sizeof("skirmish_action")


def _search_options(game: "Game", iterations: int, milliseconds: float, seed: int,
                    threads: int, horizon: int, max_nodes: int,
                    exploration: float) -> Any:
    """A skirmish_search_options of these values (TypeError, ValueError as
    the arguments' own)."""
    o = ffi.new("skirmish_search_options *")
    game._check(lib.skirmish_search_options_init(o, lib.SKIRMISH_SEARCH_OPTIONS_VERSION))
    o.iterations = c_int(iterations, "iterations")
    o.milliseconds = c_double(milliseconds, "milliseconds")
    o.seed = c_seed(seed)
    o.threads = c_int(threads, "threads")
    o.horizon = c_int(horizon, "horizon")
    o.max_nodes = c_int(max_nodes, "max_nodes")
    o.exploration = c_double(exploration, "exploration")
    return o


def _candidates(cands: Any, n: int) -> List[SearchCandidate]:
    return [SearchCandidate(Action._from_c(ffi.addressof(cands[i], "action")),
                            int(cands[i].visits), float(cands[i].value),
                            float(cands[i].prior))
            for i in range(n)]


class Game:
    """One game of a ruleset.

    Game(ruleset="senso", players=2, *, umpire=False, table_width=72,
         table_depth=48, night=False, turn_limit=0, ring_removal="player_turn",
         melee_ties="reroll", die_sides=6, player_order=None, seed=0,
         roll=None, on_event=None)

    ``roll`` is a callable ``roll(sides) -> int`` used for every die (None:
    the built-in generator, seeded with ``seed``); an exception it raises
    is raised again from the call that rolled, and so is a TypeError when
    it returns anything but an integer. ``on_event`` is called with each
    Die, Modifier, Effect and finally the Result of every action. Wrong
    argument types raise TypeError, wrong values ValueError, each naming
    the argument; what the rules refuse raises a SkirmishError subclass.
    A Game is a context manager; close() frees it (also done when it is
    garbage collected).
    """

    def __init__(self, ruleset: Union[str, Ruleset, int] = "senso", players: int = 2, *,
                 umpire: bool = False, table_width: float = 72.0,
                 table_depth: float = 48.0, night: bool = False, turn_limit: int = 0,
                 ring_removal: Union[RingRemoval, int, str] = RingRemoval.PLAYER_TURN,
                 melee_ties: Union[MeleeTies, int, str] = MeleeTies.REROLL,
                 die_sides: int = 0, player_order: Optional[Sequence[int]] = None,
                 seed: int = 0, roll: Optional[Roller] = None,
                 on_event: Optional[EventCallback] = None) -> None:
        self._g: Any = ffi.NULL
        self._setup(seed)
        self._cb.roll = _callable(roll, "roll")
        self._cb.event = _callable(on_event, "on_event")

        opt = ffi.new("skirmish_game_options *")
        _check_status(lib.skirmish_game_options_init(
            opt, lib.SKIRMISH_GAME_OPTIONS_VERSION))
        keep: List[Any] = []
        if isinstance(ruleset, str):
            opt.ruleset = lib.SKIRMISH_RULESET_NONE
            opt.ruleset_name = c_text(ruleset, "ruleset", keep)
        else:
            opt.ruleset = _member(Ruleset, ruleset, "ruleset")
        opt.players = c_int(players, "players")
        opt.umpire = 1 if umpire else 0
        opt.table_width = c_double(table_width, "table_width")
        opt.table_depth = c_double(table_depth, "table_depth")
        opt.night = 1 if night else 0
        opt.turn_limit = c_int(turn_limit, "turn_limit", 0)
        opt.ring_removal = _member(RingRemoval, ring_removal, "ring_removal")
        opt.melee_ties = _member(MeleeTies, melee_ties, "melee_ties")
        opt.die_sides = c_int(die_sides, "die_sides", 0)
        if player_order is not None:
            if isinstance(player_order, (str, bytes)) or not hasattr(player_order, "__iter__"):
                raise TypeError("player_order must be a sequence of player ids, not %s"
                                % _type_name(player_order))
            order = [c_int(p, "player_order[%d]" % i) for i, p in enumerate(player_order)]
            keep.append(ffi.new("int[]", order or [0]))
            opt.player_order = keep[-1]
        opt.seed = c_seed(seed)
        if roll is not None:
            opt.roll = lib._skirmish_py_roll
            opt.roll_data = self._handle
        if on_event is not None:
            opt.event = lib._skirmish_py_event
            opt.event_data = self._handle

        out = ffi.new("skirmish_game **")
        msg = ffi.new("char[512]")
        rc = lib.skirmish_game_new(out, opt, msg, 512)
        if rc < 0:
            _raise(rc, _str(msg) or None)
        self._g = out[0]

    def _setup(self, rng_state: int) -> None:
        """The Python side of a game: callbacks, buffers reused by every
        call, the pending result and the listed legal actions."""
        self._cb = _Callbacks()
        self._handle = ffi.new_handle(self._cb)
        self._rng = ffi.new("uint64_t *", c_seed(rng_state))
        self._res = ffi.new("skirmish_result *")
        self._res.version = lib.SKIRMISH_RESULT_VERSION
        self._count = ffi.new("int *")
        self._legal = ffi.new("skirmish_action[]", _LEGAL_CAPACITY)
        self._legal_cap = _LEGAL_CAPACITY
        self._legal_view: Optional["weakref.ref[LegalActions]"] = None
        self._pending: Optional["weakref.ref[Result]"] = None

    @classmethod
    def _wrap(cls, ptr: Any, roll: Optional[Roller] = None,
              on_event: Optional[EventCallback] = None, rng_state: int = 0) -> "Game":
        """A Game object for a C game made by the library (clone, replay,
        load); the Python callbacks are (re)pointed at its own handle."""
        self = cls.__new__(cls)
        self._g = ptr
        self._setup(rng_state)
        if roll is not None:
            self.set_roller(roll)
        if on_event is not None:
            self.set_event_callback(on_event)
        return self

    # ---- life cycle -------------------------------------------------------

    def close(self) -> None:
        """Frees the C game; the Game can no longer be used (a Result
        still kept is read first)."""
        if getattr(self, "_g", ffi.NULL) != ffi.NULL:
            self._settle()
            lib.skirmish_game_free(self._g)
            self._g = ffi.NULL

    def __enter__(self) -> "Game":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass

    @property
    def closed(self) -> bool:
        """True once close() has freed the C game."""
        return bool(self._g == ffi.NULL)

    def _game(self) -> Any:
        if self._g == ffi.NULL:
            raise ValueError("the game is closed")
        return self._g

    def _fail(self, rc: int) -> None:
        """Raises what a call went wrong with: a callback's own exception
        first, then the library's status."""
        err, self._cb.error = self._cb.error, None
        if err is not None:
            raise err
        if rc < 0:
            self._game()        # a closed game: ValueError, not InvalidError
            raise error_class(rc)(rc, _str(lib.skirmish_game_errmsg(self._g)))

    def _player(self, player: object, what: str) -> int:
        """A player id of this game (the umpire included), or
        NoPlayerError; TypeError for what is no integer (True included)."""
        p = c_int(player, what)
        n = lib.skirmish_game_player_count(self._game())
        if not 0 <= p < n:
            _raise(lib.SKIRMISH_E_NO_PLAYER,
                   "%s: no player %d (the game has %d, 0 to %d)" % (what, p, n, n - 1))
        return p

    def _check(self, rc: int) -> int:
        """rc, or the exception of a negative status (or of a callback)."""
        if rc < 0 or self._cb.error is not None:
            self._fail(rc)
        return rc

    def _settle(self) -> None:
        """Reads the result of the last action into the Result object
        given for it, if that is still kept, before the game changes."""
        p = self._pending
        if p is not None:
            self._pending = None
            r = p()
            if r is not None:
                r._load()

    def _last_result_c(self) -> Any:
        """The C result of the last action (valid until the game changes)."""
        self._check(lib.skirmish_game_last_result(self._game(), self._res))
        return self._res

    def _act(self, fn: Any, *args: Any) -> Result:
        if self._pending is not None:
            self._settle()
        rc = fn(self._g, *args, ffi.NULL)
        if rc < 0 or self._cb.error is not None:
            self._fail(rc)
        r = Result._pending(self)
        self._pending = weakref.ref(r)
        return r

    # ---- options and dice -------------------------------------------------

    @property
    def ruleset(self) -> str:
        """The ruleset's name: "senso" or "sampson"."""
        return _str(lib.skirmish_ruleset_name(lib.skirmish_game_ruleset(self._game()))) or ""

    @property
    def options(self) -> GameOptions:
        """What the game was made with (skirmish_game_get_options): a
        GameOptions whose fields are Game()'s keywords; for a loaded game,
        those of the game saved."""
        o = ffi.new("skirmish_game_options *")
        o.version = lib.SKIRMISH_GAME_OPTIONS_VERSION
        self._check(lib.skirmish_game_get_options(self._game(), o))
        order = (None if o.player_order == ffi.NULL
                 else tuple(o.player_order[i] for i in range(o.players)))
        return GameOptions(ruleset=_str(o.ruleset_name) or "", players=o.players,
                           umpire=bool(o.umpire), table_width=o.table_width,
                           table_depth=o.table_depth, night=bool(o.night),
                           turn_limit=o.turn_limit,
                           ring_removal=RingRemoval(o.ring_removal),
                           melee_ties=MeleeTies(o.melee_ties), die_sides=o.die_sides,
                           player_order=order, seed=int(o.seed))

    def set_roller(self, roll: Optional[Roller]) -> None:
        """Use ``roll(sides) -> int`` for every die; None: the built-in
        generator."""
        g = self._game()
        self._cb.roll = _callable(roll, "roll")
        if roll is None:
            self._check(lib.skirmish_game_set_roller(g, ffi.NULL, ffi.NULL))
        else:
            self._check(lib.skirmish_game_set_roller(g, lib._skirmish_py_roll,
                                                     self._handle))

    def set_event_callback(self, on_event: Optional[EventCallback]) -> None:
        """Call ``on_event(payload)`` with each Die, Modifier, Effect and
        Result of every action; None: no more events."""
        g = self._game()
        self._cb.event = _callable(on_event, "on_event")
        if on_event is None:
            self._check(lib.skirmish_game_set_event_callback(g, ffi.NULL, ffi.NULL))
        else:
            self._check(lib.skirmish_game_set_event_callback(
                g, lib._skirmish_py_event, self._handle))

    def set_seed(self, seed: int) -> None:
        """Reseeds the built-in generator."""
        self._check(lib.skirmish_game_set_seed(self._game(), c_seed(seed)))

    def script_dice(self, *values: Union[int, Iterable[int]], exclusive: bool = True) -> None:
        """The next dice come from these values, in order. With
        ``exclusive``, a die asked for after they run out fails the action
        (DiceError). No values: clears the script."""
        items: Iterable[Any] = values
        if len(values) == 1 and not isinstance(values[0], int):
            items = values[0]
        ints = [c_int(v, "values[%d]" % i) for i, v in enumerate(items)]
        arr = ffi.new("int[]", ints or [0])
        self._check(lib.skirmish_game_script_dice(
            self._game(), arr, len(ints), 1 if exclusive else 0))

    @property
    def script_remaining(self) -> int:
        """How many scripted dice are still to come."""
        n: int = lib.skirmish_game_script_remaining(self._game())
        return n

    # ---- setup -------------------------------------------------------------

    def add_figure(self, player: int = 0, x: float = 0.0, y: float = 0.0,
                   facing: float = 0.0, *, name: Optional[str] = None,
                   preset: Union[Preset, int, str, None] = None, dv: Optional[int] = None,
                   melee_weapon: Union[MeleeWeapon, int, str, None] = None,
                   missile_weapon: Union[MissileWeapon, int, str, None] = None,
                   mounted: Optional[bool] = None, armour: Optional[bool] = None,
                   shield: bool = False, martial_arts: Optional[bool] = None,
                   unloaded: bool = False, base_width: float = 0.0,
                   base_depth: float = 0.0) -> int:
        """Adds a figure and returns its id. ``preset`` ("samurai",
        "ashigaru_bow", Preset.NINJA, ...) fills DV and equipment first;
        the other keywords then override it. Weapons may be given by name
        ("short sword", "bow")."""
        g = self._game()
        spec = ffi.new("skirmish_figure_spec *")
        self._check(lib.skirmish_figure_spec_init(spec, lib.SKIRMISH_FIGURE_SPEC_VERSION))
        if preset is not None:
            self._check(lib.skirmish_figure_spec_preset(
                spec, _member(Preset, preset, "preset")))
        spec.player = c_int(player, "player")
        keep: List[Any] = []
        if name is not None:
            spec.name = c_text(name, "name", keep)
        spec.x, spec.y = c_double(x, "x"), c_double(y, "y")
        spec.facing = c_double(facing, "facing")
        spec.base_width = c_double(base_width, "base_width")
        spec.base_depth = c_double(base_depth, "base_depth")
        if dv is not None:
            spec.dv = c_int(dv, "dv")
        if melee_weapon is not None:
            spec.melee_weapon = _member(MeleeWeapon, melee_weapon, "melee_weapon")
        if missile_weapon is not None:
            spec.missile_weapon = _member(MissileWeapon, missile_weapon, "missile_weapon")
        if mounted is not None:
            spec.mounted = 1 if mounted else 0
        if armour is not None:
            spec.armour = 1 if armour else 0
        if shield:
            spec.shield = 1
        if martial_arts is not None:
            spec.martial_arts = 1 if martial_arts else 0
        if unloaded:
            spec.unloaded = 1
        out = self._count
        self._check(lib.skirmish_game_add_figure(g, spec, out))
        del keep
        fid: int = out[0]
        return fid

    def add_terrain(self, shape: Union[Shape, int, str] = "rect", *,
                    name: Optional[str] = None, flags: Union[TerrainFlag, int] = 0,
                    x: float = 0.0, y: float = 0.0, width: float = 0.0,
                    depth: float = 0.0, angle: float = 0.0, radius: float = 0.0,
                    points: Optional[Iterable[Point]] = None, height: float = 0.0,
                    move_penalty: float = 0.0, **kinds: bool) -> int:
        """Adds a terrain piece and returns its id.

        shape: "rect" (x, y, width, depth, angle), "circle" (x, y, radius)
        or "polygon" (points: [(x, y), ...], convex). What it is: ``flags``
        (TerrainFlag) and/or keywords rough=, cover=, blocks_sight=,
        obstacle=, water=, climb=, impassable=, hill= (with height=)."""
        g = self._game()
        spec = ffi.new("skirmish_terrain_spec *")
        self._check(lib.skirmish_terrain_spec_init(spec, lib.SKIRMISH_TERRAIN_SPEC_VERSION))
        spec.shape = _member(Shape, shape, "shape")
        f = c_int(flags, "flags", 0)
        for word, on in kinds.items():
            if word not in _TERRAIN_WORDS:
                raise TypeError("add_terrain() got an unexpected keyword argument %r" % word)
            if on:
                f |= _TERRAIN_WORDS[word]
        spec.flags = f
        keep: List[Any] = []
        if name is not None:
            spec.name = c_text(name, "name", keep)
        spec.height = c_double(height, "height")
        spec.move_penalty = c_double(move_penalty, "move_penalty")
        spec.x, spec.y = c_double(x, "x"), c_double(y, "y")
        spec.width, spec.depth = c_double(width, "width"), c_double(depth, "depth")
        spec.angle = c_double(angle, "angle")
        spec.radius = c_double(radius, "radius")
        if points is not None:
            xy, n = _points_c(points, "points")
            if n > lib.SKIRMISH_POLYGON_MAX:
                raise ValueError("points has at most %d points, not %d"
                                 % (lib.SKIRMISH_POLYGON_MAX, n))
            keep.append(xy)
            spec.points = xy
            spec.npoints = n
        out = self._count
        self._check(lib.skirmish_game_add_terrain(g, spec, out))
        tid: int = out[0]
        return tid

    def terrain(self, terrain_id: int) -> Tuple[TerrainFlag, Optional[str], float, List[Point]]:
        """(flags, name, height, [(x, y), ...]) of a terrain piece."""
        g = self._game()
        flags = ffi.new("unsigned int *")
        name = ffi.new("const char **")
        height = ffi.new("double *")
        xy = ffi.new("double[]", 2 * lib.SKIRMISH_POLYGON_MAX)
        n = self._count
        self._check(lib.skirmish_game_terrain(g, c_int(terrain_id, "terrain_id"), flags,
                                              name, height, xy, lib.SKIRMISH_POLYGON_MAX, n))
        pts = [(xy[2 * i], xy[2 * i + 1]) for i in range(min(n[0], lib.SKIRMISH_POLYGON_MAX))]
        return TerrainFlag(flags[0]), _str(name[0]), height[0], pts

    def terrain_obstacle(self, terrain_id: int) -> int:
        """The obstacle a terrain piece is part of, named by its lowest piece
        id (G17: obstacle pieces that touch or overlap are one obstacle);
        the piece's own id when it touches no lower obstacle piece or is no
        obstacle."""
        return self._check(lib.skirmish_game_terrain_obstacle(
            self._game(), c_int(terrain_id, "terrain_id")))

    @property
    def terrain_count(self) -> int:
        """How many terrain pieces the table has."""
        return self._check(lib.skirmish_game_terrain_count(self._game()))

    # ---- objectives (rulings O1-O5, doc/rules/objectives.md) ---------------

    def add_objective(self, x: float, y: float, name: Optional[str] = None) -> int:
        """Places an objective marker, a 1" counter centred at (x, y)
        (setup only), and returns its id. A figure picks it up by ending a
        move in contact with it (O2) and drops it where it falls (O3)."""
        keep: List[Any] = []
        cname = c_text(name, "name", keep)
        out = self._count
        self._check(lib.skirmish_game_add_objective(self._game(), cname, c_double(x, "x"),
                                                    c_double(y, "y"), out))
        oid: int = out[0]
        return oid

    def set_exit_edge(self, player: int, edge: Union[Edge, int, str, None]) -> None:
        """O4: a figure of ``player`` carrying an objective off this edge
        ("north", "south", "east", "west", an Edge; None or "none" clears
        it) wins the game. Setup only."""
        e = Edge.NONE if edge is None else _member(Edge, edge, "edge")
        self._check(lib.skirmish_game_set_exit_edge(self._game(), c_int(player, "player"), e))

    def exit_edge(self, player: int) -> Edge:
        """The edge ``player`` wins by carrying an objective off (O4), as
        set_exit_edge() left it; Edge.NONE when none (the umpire's always).
        NoPlayerError for a player the game does not have."""
        edge = self._count
        self._check(lib.skirmish_game_get_exit_edge(self._game(), self._player(player, "player"),
                                                    edge))
        return Edge(edge[0])

    @property
    def objective_count(self) -> int:
        """How many objective markers the game has."""
        return self._check(lib.skirmish_game_objective_count(self._game()))

    def objective(self, objective_id: int) -> Objective:
        """An Objective: state, carrier, scoring player, position, name."""
        state, carrier, player = ffi.new("int *"), ffi.new("int *"), ffi.new("int *")
        x, y = ffi.new("double *"), ffi.new("double *")
        name = ffi.new("const char **")
        self._check(lib.skirmish_game_objective(self._game(),
                                                c_int(objective_id, "objective_id"),
                                                state, carrier, player, x, y, name))
        return Objective(objective_id, _str(name[0]),
                         _enum_or_int(ObjectiveState, state[0]),
                         None if carrier[0] < 0 else carrier[0],
                         None if player[0] < 0 else player[0], x[0], y[0])

    def objectives(self) -> List[Objective]:
        """Every objective, by id."""
        return [self.objective(i) for i in range(self.objective_count)]

    # ---- turns ---------------------------------------------------------

    def start(self) -> Result:
        """Ends setup, decides the order of play and starts turn 1."""
        return self._act(lib.skirmish_game_start)

    @property
    def state(self) -> State:
        """SETUP, PLAYING or OVER."""
        return State(lib.skirmish_game_state(self._game()))

    @property
    def turn_number(self) -> int:
        """The game turn, from 1."""
        n: int = lib.skirmish_game_turn(self._game())
        return n

    @property
    def active_player(self) -> int:
        """Whose turn it is (-1 unless playing)."""
        p: int = lib.skirmish_game_active_player(self._game())
        return p

    whose_turn = active_player

    @property
    def phase(self) -> Phase:
        """The active player's phase."""
        p: Phase = _enum_or_int(Phase, lib.skirmish_game_phase(self._game()))
        return p

    @property
    def player_count(self) -> int:
        """How many players (the umpire not counted)."""
        n: int = lib.skirmish_game_player_count(self._game())
        return n

    @property
    def umpire(self) -> Optional[int]:
        """The umpire's player id, or None."""
        u: int = lib.skirmish_game_umpire(self._game())
        return None if u < 0 else u

    @property
    def player_order(self) -> List[int]:
        """The order of play of this game turn."""
        out = ffi.new("int[]", lib.SKIRMISH_MAX_PLAYERS + 1)
        n = self._check(lib.skirmish_game_player_order(
            self._game(), out, lib.SKIRMISH_MAX_PLAYERS + 1))
        return [out[i] for i in range(n)]

    @property
    def winner(self) -> Optional[int]:
        """The winning player, or None (still playing, or no single winner)."""
        w: int = lib.skirmish_game_winner(self._game())
        return None if w < 0 else w

    @property
    def over(self) -> bool:
        """True once the game is over."""
        return bool(lib.skirmish_game_state(self._game()) == lib.SKIRMISH_STATE_OVER)

    # ---- figures -------------------------------------------------------

    @property
    def figure_count(self) -> int:
        """How many figures (removed ones and horse markers too)."""
        n: int = lib.skirmish_game_figure_count(self._game())
        return n

    def figure(self, figure_id: int) -> Figure:
        """A Figure (removed ones too)."""
        info = ffi.new("skirmish_figure_info *")
        info.version = lib.SKIRMISH_FIGURE_INFO_VERSION
        self._check(lib.skirmish_game_figure(self._game(), c_int(figure_id, "figure_id"), info))
        return Figure._from_c(info)

    def figures(self, player: Optional[int] = None,
                include_removed: bool = False) -> List[Figure]:
        """The figures (in play unless include_removed), of one player or
        all."""
        if player is not None:
            c_int(player, "player")
        out = []
        for i in range(self.figure_count):
            f = self.figure(i)
            if (include_removed or not f.removed) and (player is None or f.player == player):
                out.append(f)
        return out

    def player_figures(self, player: int) -> int:
        """How many figures a player still has in play."""
        return self._check(lib.skirmish_game_player_figures(self._game(),
                                                            c_int(player, "player")))

    def contacts(self, figure_id: int) -> List[int]:
        """Ids of the enemies in base contact with a figure."""
        g = self._game()
        fid = c_int(figure_id, "figure_id")
        count = self._count
        self._check(lib.skirmish_game_figure_contacts(g, fid, ffi.NULL, 0, count))
        ids = ffi.new("int[]", max(count[0], 1))
        self._check(lib.skirmish_game_figure_contacts(g, fid, ids, count[0], count))
        return [ids[i] for i in range(count[0])]

    # ---- geometry -------------------------------------------------------

    def distance(self, a: int, b: int) -> float:
        """Edge-to-edge distance between two bases, inches (G1)."""
        out = ffi.new("double *")
        self._check(lib.skirmish_game_distance(self._game(), c_int(a, "a"), c_int(b, "b"), out))
        d: float = out[0]
        return d

    def can_see(self, a: int, b: int) -> bool:
        """Whether figure a can see figure b."""
        out = self._count
        self._check(lib.skirmish_game_can_see(self._game(), c_int(a, "a"), c_int(b, "b"), out))
        return bool(out[0])

    def in_cover(self, a: int, b: int) -> bool:
        """Whether figure b is in cover from figure a."""
        out = self._count
        self._check(lib.skirmish_game_in_cover(self._game(), c_int(a, "a"), c_int(b, "b"), out))
        return bool(out[0])

    def sight(self, a: int, b: int) -> Sight:
        """What figure a sees of figure b, and why not (G5, S12)."""
        out = ffi.new("skirmish_sight *")
        out.version = lib.SKIRMISH_SIGHT_VERSION
        self._check(lib.skirmish_game_sight(self._game(), c_int(a, "a"), c_int(b, "b"), out))
        reason = {0: "seen", 1: "terrain", 2: "night"}[out.reason]
        return Sight(bool(out.visible), reason, out.terrain if out.terrain >= 0 else None,
                     bool(out.cover), float(out.distance))

    def reach(self, figure_id: int, x0: float, y0: float, step: float, cols: int,
              rows: int) -> List[Point]:
        """The points of a grid (x0 + i * step, y0 + j * step) that a
        straight move of the figure can reach now, each as
        check_action() says of that move."""
        cols_c, rows_c = c_int(cols, "cols"), c_int(rows, "rows")
        if cols_c < 1 or rows_c < 1 or cols_c * rows_c > 1000000:
            raise ValueError("reach: 1 to 1,000,000 cells")
        cells = ffi.new("unsigned char[]", cols_c * rows_c)
        self._check(lib.skirmish_game_reach(self._game(), c_int(figure_id, "figure_id"),
                                            c_double(x0, "x0"), c_double(y0, "y0"),
                                            c_double(step, "step"), cols_c, rows_c, cells,
                                            ffi.NULL))
        return [(x0 + i * step, y0 + j * step) for j in range(rows_c) for i in range(cols_c)
                if cells[j * cols_c + i]]

    def threats(self, figure_id: int, x: float, y: float) -> List[Threat]:
        """The enemies that could shoot or charge the figure in their next
        turn if it stood at (x, y), facing as now: by enemy id, then kind
        ("shoot" before "charge"). Each is checked as the action itself
        would check it; nothing changes and no die is rolled."""
        fig, xc, yc = c_int(figure_id, "figure_id"), c_double(x, "x"), c_double(y, "y")
        count = self._count
        size = 16
        while True:
            out = ffi.new("skirmish_threat[]", size)
            out[0].version = lib.SKIRMISH_THREAT_VERSION
            self._check(lib.skirmish_game_threats(self._game(), fig, xc, yc, out, size, count))
            n = count[0]
            if n <= size:
                break
            size = n
        kinds = {lib.SKIRMISH_THREAT_SHOOT: "shoot", lib.SKIRMISH_THREAT_CHARGE: "charge"}
        return [Threat(int(t.figure), kinds.get(t.kind, str(t.kind)), float(t.distance),
                       bool(t.cover), bool(t.short_range)) for t in out[0:n]]

    def weapon_ranges(self, figure_id: int) -> Tuple[float, float]:
        """A figure's missile weapon's (short, long) range, inches, from
        its ruleset's table (S6; Sampson A5 has one range: short is 0)."""
        out = ffi.new("double[2]")
        self._check(lib.skirmish_game_weapon_ranges(self._game(), c_int(figure_id, "figure_id"),
                                                    out, out + 1))
        return float(out[0]), float(out[1])

    def path_cost(self, figure_id: int, *path: Point) -> float:
        """The movement a path would cost a figure, inches."""
        xy, n = _points_c(path)
        out = ffi.new("double *")
        self._check(lib.skirmish_game_path_cost(self._game(), c_int(figure_id, "figure_id"),
                                                xy, n, out))
        d: float = out[0]
        return d

    # ---- actions -------------------------------------------------------

    def move(self, figure_id: int, *path: Point, facing: Optional[float] = None) -> Result:
        """Moves along a path of (x, y) points, the last one the
        destination (G4). A move ending in contact with an enemy is a
        charge (Senso S4)."""
        xy, n = _points_c(path)
        return self._act(lib.skirmish_move, c_int(figure_id, "figure_id"), xy, n,
                         c_facing(facing))

    def charge(self, figure_id: int, target: int, facing: Optional[float] = None) -> Result:
        """Moves straight at an enemy until the bases touch (a move)."""
        return self._act(lib.skirmish_charge, c_int(figure_id, "figure_id"),
                         c_int(target, "target"), c_facing(facing))

    def shoot(self, figure_id: int, target: int) -> Result:
        """Shoots at a target."""
        return self._act(lib.skirmish_shoot, c_int(figure_id, "figure_id"),
                         c_int(target, "target"))

    def reload(self, figure_id: int) -> Result:
        """Senso S8: reloads an arquebus that started unloaded."""
        return self._act(lib.skirmish_reload, c_int(figure_id, "figure_id"))

    def fight(self, figure_id: int, defender: Optional[int] = None) -> Result:
        """Fights. Senso (S14, S27): a figure in contact fights as its
        action, every enemy it touches, one fight per enemy player.
        Sampson (A26): in the Melee phase the figure fights one enemy it
        touches, ``defender``, which must be named when it touches several
        enemies that have not fought this phase; friends of either that
        touch the other assist."""
        if defender is None:
            return self._act(lib.skirmish_fight, c_int(figure_id, "figure_id"))
        return self._act(lib.skirmish_fight_against, c_int(figure_id, "figure_id"),
                         c_int(defender, "defender"))

    def mount(self, figure_id: int, horse: int) -> Result:
        """Senso S9: mounts a riderless horse in contact (its marker id)."""
        return self._act(lib.skirmish_mount, c_int(figure_id, "figure_id"),
                         c_int(horse, "horse"))

    def dismount(self, figure_id: int) -> Result:
        """Senso S9: dismounts, leaving the horse as a marker."""
        return self._act(lib.skirmish_dismount, c_int(figure_id, "figure_id"))

    def turn(self, figure_id: int, facing: float) -> Result:
        """Sampson A3: turns on the spot."""
        return self._act(lib.skirmish_turn, c_int(figure_id, "figure_id"),
                         c_double(facing, "facing"))

    def end_phase(self) -> Result:
        """Ends the active player's phase."""
        return self._act(lib.skirmish_end_phase)

    def end_turn(self) -> Result:
        """Ends the active player's turn."""
        return self._act(lib.skirmish_end_turn)

    def act(self, action: Action) -> Result:
        """Carries out an Action (skirmish_game_act)."""
        if not isinstance(action, Action):
            raise TypeError("action must be an Action, not %s" % _type_name(action))
        c = action._c
        if c is None:
            c = action._to_c()
        if self._pending is not None:
            self._settle()
        rc = lib.skirmish_game_act(self._g, c, ffi.NULL)
        if rc < 0 or self._cb.error is not None:
            self._fail(rc)
        r = Result._pending(self)
        self._pending = weakref.ref(r)
        return r

    def last_result(self) -> Result:
        """The result of the last action, again."""
        return Result._from_c(self._last_result_c())

    # ---- decision support ----------------------------------------------------

    @staticmethod
    def _action_c(action: Action) -> Any:
        if not isinstance(action, Action):
            raise TypeError("action must be an Action, not %s" % _type_name(action))
        return action._to_c()

    def check(self, action: Action) -> None:
        """Raises the error the action would meet now; None when legal."""
        self._check(lib.skirmish_game_check_action(self._game(), self._action_c(action)))

    def is_legal(self, action: Action) -> bool:
        """Whether act(action) would be accepted now."""
        rc = lib.skirmish_game_check_action(self._game(), self._action_c(action))
        return bool(rc >= 0)

    def legal_actions(self, figure_id: int = -1) -> LegalActions:
        """Every legal action of a figure, or of the active player (-1), as
        a sequence of Action (LegalActions: the actions stay C structs
        until one is looked at)."""
        fid = figure_id if type(figure_id) is int else c_int(figure_id, "figure_id")
        v = self._legal_view
        if v is not None:
            self._legal_view = None
            old = v()
            if old is not None:
                old._detach()
        count = self._count
        rc = lib.skirmish_game_legal_actions_sized(self._g, fid, self._legal, _ACTION_SIZE,
                                                   self._legal_cap, count)
        if rc < 0:
            self._fail(rc)
        n = count[0]
        if n > self._legal_cap:
            self._legal_cap = max(n, 2 * self._legal_cap)
            self._legal = ffi.new("skirmish_action[]", self._legal_cap)
            self._check(lib.skirmish_game_legal_actions_sized(self._g, fid, self._legal,
                                                              _ACTION_SIZE,
                                                              self._legal_cap, count))
            n = count[0]
        # a move that keeps its facing names it, as the history will
        lib._skirmish_py_keep_facing(self._g, self._legal, n)
        seq = LegalActions(self._legal, n)
        self._legal_view = weakref.ref(seq)
        return seq

    def odds(self, action: Action) -> Odds:
        """The exact chances of each outcome of an action that is legal now
        (no die is rolled, nothing changes)."""
        c = self._action_c(action)
        o = ffi.new("skirmish_odds *")
        self._check(lib.skirmish_odds_init(o, lib.SKIRMISH_ODDS_VERSION))
        self._check(lib.skirmish_game_odds(self._game(), c, o))
        outcomes = [OddsOutcome(_enum_or_int(Outcome, oc.outcome), oc.value,
                                _enum_or_int(Side, oc.side),
                                fractions.Fraction(int(oc.numerator), int(oc.denominator)),
                                oc.probability)
                    for oc in (o.outcomes[i] for i in range(o.noutcomes))]
        mods = [_modifier(o.modifiers[i]) for i in range(o.nmodifiers)]
        return Odds(outcomes, mods, o.sequences, bool(o.rerolls))

    # ---- bots and batch playouts -------------------------------------------

    @property
    def policy_rng_state(self) -> int:
        """The state of the generator policy_action() draws its random
        choices from (kept by this object; it starts as the game's seed).
        Set it to reseed the choices."""
        return int(self._rng[0])

    @policy_rng_state.setter
    def policy_rng_state(self, value: int) -> None:
        self._rng[0] = c_seed(value, "policy_rng_state")

    def policy_action(self, policy: PolicyName = Policy.GREEDY) -> Action:
        """The Action a built-in policy ("random", "greedy" or "rollout")
        would take now, for the active player. Changes nothing but this
        object's policy_rng_state; act on it with act()."""
        p = _policy(policy)
        a = ffi.new("skirmish_action *")
        self._check(lib.skirmish_action_init(a, lib.SKIRMISH_ACTION_VERSION))
        self._check(lib.skirmish_game_policy_action(self._game(), p, self._rng, a))
        return Action._from_c(a)

    def search(self, iterations: int = 1000, *, milliseconds: float = 0.0,
               seed: int = 0, threads: int = 1, horizon: int = 2,
               max_nodes: int = 0, exploration: float = 0.0
               ) -> Tuple[Action, List[SearchCandidate]]:
        """The action the library's Monte Carlo tree search would take now
        for the active player (skirmish_game_search), and what it thinks of
        every candidate, as (action, candidates). The same seed, iterations
        and threads give the same answer; a budget of milliseconds is not
        reproducible. Changes nothing of the game."""
        o = _search_options(self, iterations, milliseconds, seed, threads, horizon,
                            max_nodes, exploration)
        a = ffi.new("skirmish_action *")
        self._check(lib.skirmish_action_init(a, lib.SKIRMISH_ACTION_VERSION))
        count = ffi.new("int *")
        self._check(lib.skirmish_game_search(self._game(), o, a, ffi.NULL, 0, 0, count))
        cands = ffi.new("skirmish_search_candidate[]", max(count[0], 1))
        self._check(lib.skirmish_game_search(self._game(), o, a, cands,
                                             ffi.sizeof("skirmish_search_candidate"),
                                             count[0], count))
        return Action._from_c(a), _candidates(cands, count[0])

    def searcher(self, iterations: int = 1000, *, milliseconds: float = 0.0,
                 seed: int = 0, threads: int = 1, horizon: int = 2,
                 max_nodes: int = 0, exploration: float = 0.0) -> "Searcher":
        """A Searcher for this game's positions (skirmish_searcher_new): the
        search of search() with these options, keeping its trees from one
        decision to the next. max_nodes 0: twice search()'s default."""
        return Searcher(self, iterations, milliseconds=milliseconds, seed=seed,
                        threads=threads, horizon=horizon, max_nodes=max_nodes,
                        exploration=exploration)

    def value(self, player: int) -> float:
        """What the game is worth to a player, in [0, 1]
        (skirmish_game_value): 1 to the winner of a game over and 0 to the
        others, shared equally when it ended without a single winner, else
        the player's share of the worth still standing (its figures by
        their equipment and DV, 2 for each objective it holds). The same
        for the same state everywhere; all players' values add up to 1.
        NoPlayerError for a player the game does not have."""
        out = ffi.new("double *")
        self._check(lib.skirmish_game_value(self._game(), self._player(player, "player"), out))
        return float(out[0])

    def playouts(self, games: int = 100, *, seed: int = 0, max_actions: int = 0,
                 policy: Union[PolicyName, Sequence[PolicyName],
                               Dict[int, PolicyName]] = Policy.RANDOM,
                 progress: Optional[ProgressCallback] = None,
                 horizon: int = 0) -> PlayoutStats:
        """Plays ``games`` games to the end (or to the horizon) from the
        present state, in C, on copies (this game is not changed; one still
        in setup is started on each copy, so the order of play is rolled
        for every game), and returns PlayoutStats.

        policy: one policy for every player ("random", "greedy",
        "rollout", a Policy), or one per player id (a list, or a dict
        {player: policy}; players left out play at random). Every copy
        rolls the built-in dice, not this game's roller; the same arguments
        give the same statistics. max_actions: per game, after which it
        counts as unfinished (0: the library's default). horizon: game
        turns each game plays from the present one, then it stops and is
        counted in horizon_stopped and valued (0: to the end). progress: a
        callable ``progress(done, total)`` called after each game; if it
        raises, it is not called again and its exception is raised when
        the batch is over.

        games: 1 to 100,000,000 (else ValueError); a policy for a player
        the game does not have is a NoPlayerError."""
        opt = ffi.new("skirmish_playout_options *")
        self._check(lib.skirmish_playout_options_init(opt, lib.SKIRMISH_PLAYOUT_OPTIONS_VERSION))
        opt.games = c_int(games, "games", 1, 100000000)
        opt.seed = c_seed(seed)
        opt.max_actions = c_int(max_actions, "max_actions", 0)
        opt.horizon = c_int(horizon, "horizon", 0)
        _callable(progress, "progress")
        if isinstance(policy, dict):
            for player, p in policy.items():
                opt.policy[self._player(player, "policy player")] = _policy(p)
        elif isinstance(policy, (list, tuple)):
            n = lib.skirmish_game_player_count(self._game())
            if len(policy) > n:
                _raise(lib.SKIRMISH_E_NO_PLAYER, "policy: %d policies for %d players"
                       % (len(policy), n))
            for player, p in enumerate(policy):
                opt.policy[player] = _policy(p)
        else:
            one = _policy(policy)  # type: ignore[arg-type]
            for player in range(lib.SKIRMISH_MAX_PLAYERS + 1):
                opt.policy[player] = one
        # The callable and its handle are locals: they live until the C
        # call has returned, which is as long as C may call them.
        prog = handle = None
        if progress is not None:
            prog = _Progress(progress)
            handle = ffi.new_handle(prog)
            opt.progress = lib._skirmish_py_progress
            opt.progress_data = handle
        st = ffi.new("skirmish_playout_stats *")
        self._check(lib.skirmish_playout_stats_init(st, lib.SKIRMISH_PLAYOUT_STATS_VERSION))
        rc = lib.skirmish_game_playouts(self._game(), opt, st)
        del handle
        if prog is not None and prog.error is not None:
            self._cb.error = prog.error
        self._check(rc)
        n = self.player_count
        return PlayoutStats(st.games, [st.wins[i] for i in range(n)],
                            st.draws, st.unfinished, st.actions,
                            st.average_actions, st.average_turns,
                            st.horizon_stopped, [st.value[i] for i in range(n)])

    # ---- state services: clone, undo, hash, save and load, replay ----------

    def clone(self) -> "Game":
        """An independent copy of the game (same dice state, history and
        Python callbacks)."""
        out = ffi.new("skirmish_game **")
        self._check(lib.skirmish_game_clone(self._game(), out))
        return Game._wrap(out[0], self._cb.roll, self._cb.event, self.policy_rng_state)

    __copy__ = clone

    def __deepcopy__(self, memo: Any) -> "Game":
        return self.clone()

    def copy_from(self, other: "Game") -> None:
        """Makes this game equal to ``other`` (keeping this game's own
        callbacks); cheap when both are the same size (search loops). A
        game whose history limit is 0 keeps it and takes none of
        ``other``'s history, so the copy costs the same however long that
        history is (a worker for rollouts)."""
        if not isinstance(other, Game):
            raise TypeError("other must be a Game, not %s" % _type_name(other))
        self._settle()
        self._check(lib.skirmish_game_copy(self._game(), other._game()))
        self._rng[0] = other._rng[0]

    def undo(self) -> None:
        """Takes back the last action (StateError when there is none)."""
        self._settle()
        self._check(lib.skirmish_game_undo(self._game()))

    @property
    def history_limit(self) -> int:
        """How many actions undo() can take back (0: no limit)."""
        n: int = lib.skirmish_game_history_limit(self._game())
        return n

    @history_limit.setter
    def history_limit(self, limit: int) -> None:
        self._check(lib.skirmish_game_set_history_limit(self._game(),
                                                        c_int(limit, "history_limit")))

    @property
    def history_length(self) -> int:
        """Number of actions recorded (what undo() can take back)."""
        return self._check(lib.skirmish_game_history_length(self._game()))

    def history_action(self, index: int) -> Action:
        """The index-th recorded action (0 the oldest kept; negative counts
        from the end) as an Action that act() takes again: a charge is
        recorded as the move it became, the start as ActionKind.START.
        IndexError when the history holds no such action."""
        index = c_int(index, "index")
        n = self.history_length
        if not -n <= index < n:
            raise IndexError("history index %d out of range (the history holds %d)" % (index, n))
        if index < 0:
            index += n
        a = ffi.new("skirmish_action *")
        a.version = lib.SKIRMISH_ACTION_VERSION
        self._check(lib.skirmish_game_history_action(self._game(), index, a))
        return Action._from_c(a)

    @property
    def history(self) -> List[Action]:
        """The recorded actions, oldest first, as Action objects."""
        return [self.history_action(i) for i in range(self.history_length)]

    def hash(self) -> int:
        """A 64-bit hash of the observable state (equal states, equal hashes)."""
        out = ffi.new("uint64_t *")
        self._check(lib.skirmish_game_hash(self._game(), out))
        return int(out[0])

    def save(self) -> bytes:
        """The whole game as bytes (doc/FORMAT.md)."""
        g = self._game()
        needed = ffi.new("size_t *")
        rc = lib.skirmish_game_save(g, ffi.NULL, 0, needed)
        if rc < 0 and rc != lib.SKIRMISH_E_LIMIT:   # size 0 may be "too small"
            self._check(rc)
        buf = ffi.new("char[]", max(needed[0], 1))
        self._check(lib.skirmish_game_save(g, buf, needed[0], needed))
        data: bytes = ffi.buffer(buf, needed[0])[:]
        return data

    @classmethod
    def load(cls, data: Union[bytes, bytearray, memoryview], *,
             roll: Optional[Roller] = None,
             on_event: Optional[EventCallback] = None) -> "Game":
        """A game from save() bytes; FormatError (with the section and
        offset) when the data is malformed. Callbacks are never part of the
        data: give them here."""
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise TypeError("data must be bytes, not %s" % _type_name(data))
        data = bytes(data)
        _callable(roll, "roll")
        _callable(on_event, "on_event")
        opt = ffi.new("skirmish_game_options *")
        _check_status(lib.skirmish_game_options_init(opt, lib.SKIRMISH_GAME_OPTIONS_VERSION))
        out = ffi.new("skirmish_game **")
        msg = ffi.new("char[512]")
        rc = lib.skirmish_game_load(out, data, len(data), opt, msg, 512)
        if rc < 0:
            _raise(rc, _str(msg) or None)
        return cls._wrap(out[0], roll, on_event)

    def replay(self, nactions: int = -1) -> "Game":
        """A new game: this game's scenario with the first ``nactions``
        recorded actions (all when negative) taken again."""
        out = ffi.new("skirmish_game **")
        msg = ffi.new("char[512]")
        rc = lib.skirmish_game_replay(out, self._game(), c_int(nactions, "nactions"), msg, 512)
        if rc < 0:
            _raise(rc, _str(msg) or None)
        return Game._wrap(out[0], self._cb.roll, self._cb.event)

    def __repr__(self) -> str:
        if self.closed:
            return "<skirmish.Game closed>"
        return "<skirmish.Game %s, %s, turn %d, player %d>" % (
            self.ruleset, self.state.name.lower(), self.turn_number, self.active_player)


class Searcher:
    """A computer side that keeps its search's trees from one decision to
    the next (skirmish_searcher_new, skirmish_searcher_search).

    Searcher(game, iterations=1000, *, milliseconds=0.0, seed=0, threads=1,
             horizon=2, max_nodes=0, exploration=0.0)

    Made for a game (its memory is reserved for that game's size), it
    searches any position of it as Game.search() does with these options,
    and when its trees hold the position asked (after the action it chose
    and the answers to it) it goes on from the tree below it, so that each
    decision adds its budget to what the ones before found. The same seed,
    options and positions asked in the same order give the same answers.
    A context manager; close() frees it (also done when it is collected).
    """

    def __init__(self, game: Game, iterations: int = 1000, *, milliseconds: float = 0.0,
                 seed: int = 0, threads: int = 1, horizon: int = 2,
                 max_nodes: int = 0, exploration: float = 0.0) -> None:
        if not isinstance(game, Game):
            raise TypeError("game must be a skirmish.Game, not %s" % _type_name(game))
        o = _search_options(game, iterations, milliseconds, seed, threads, horizon,
                            max_nodes, exploration)
        out = ffi.new("skirmish_searcher **")
        game._check(lib.skirmish_searcher_new(out, game._game(), o))
        self._s: Any = ffi.gc(out[0], lib.skirmish_searcher_free)

    def close(self) -> None:
        """Frees the searcher now; later calls raise ValueError."""
        if self._s != ffi.NULL:
            ffi.release(self._s)
            self._s = ffi.NULL

    def __enter__(self) -> "Searcher":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _searcher(self) -> Any:
        if self._s == ffi.NULL:
            raise ValueError("the searcher is closed")
        return self._s

    def search(self, game: Game) -> Tuple[Action, List[SearchCandidate]]:
        """The action the search would take now in game's position, and
        every candidate's visits (the kept ones included), mean value and
        prior, as (action, candidates). Changes nothing of the game; its
        refusals are Game.search()'s."""
        if not isinstance(game, Game):
            raise TypeError("game must be a skirmish.Game, not %s" % _type_name(game))
        s = self._searcher()
        a = ffi.new("skirmish_action *")
        game._check(lib.skirmish_action_init(a, lib.SKIRMISH_ACTION_VERSION))
        count = ffi.new("int *")
        # every candidate a position of this size can list: the bound the
        # library reserves its trees' root edges by (cand_bound, lib/search.c);
        # a second call to ask the count would search again
        n = lib.skirmish_game_figure_count(game._game())
        t = lib.skirmish_game_terrain_count(game._game())
        o = lib.skirmish_game_objective_count(game._game())
        cap = max(64, n * (3 * n + 18 + t + o) + 2)
        cands = ffi.new("skirmish_search_candidate[]", cap)
        game._check(lib.skirmish_searcher_search(s, game._game(), a, cands,
                                                 ffi.sizeof("skirmish_search_candidate"),
                                                 cap, count))
        return Action._from_c(a), _candidates(cands, min(count[0], cap))

    @property
    def descents(self) -> Tuple[int, int]:
        """(made, kept): the descents the last search made, and the visits
        of its candidates it had kept from the searches before."""
        made = ffi.new("long *")
        kept = ffi.new("long *")
        lib.skirmish_searcher_descents(self._searcher(), made, kept)
        return int(made[0]), int(kept[0])
