"""The game: ``Game`` owns one ``skirmish_game``, and the C callbacks it
hands the library (the dice roller, the events, the playouts' progress)."""
import fractions

from ._capi import _str, ffi, lib
from .enums import (Edge, MeleeTies, MeleeWeapon, MissileWeapon, ObjectiveState,
                    Outcome, Phase, Policy, Preset, RingRemoval, Shape, Side,
                    State, TerrainFlag, _enum_or_int, _member, _policy)
from .errors import SkirmishError, _check_status, _raise, error_class
from .results import (Action, Figure, Objective, Odds, OddsOutcome,
                      PlayoutStats, _die, _effect, _modifier, _result)

# --------------------------------------------------------------------------
# Callbacks: one C function each, user data is a handle to a _Callbacks
# --------------------------------------------------------------------------

class _Callbacks:
    """What C calls back into. The Game keeps this object and its
    ffi.new_handle() alive for as long as the C game may call them; it holds
    no reference to the Game, so a Game is freed as soon as it is dropped."""

    def __init__(self):
        self.roll = None
        self.event = None
        self.error = None         # an exception raised inside a callback


@ffi.def_extern()
def _skirmish_py_roll(user_data, sides):
    cb = ffi.from_handle(user_data)
    try:
        v = cb.roll(sides)
        return int(v)
    except BaseException as exc:   # noqa: B902 - re-raised after the C call
        if cb.error is None:
            cb.error = exc
        return 0                   # outside 1..sides: the action fails (G6)


@ffi.def_extern()
def _skirmish_py_event(user_data, ev):
    cb = ffi.from_handle(user_data)
    if cb.event is None or cb.error is not None:
        return
    try:
        kind = ev.kind
        if kind == lib.SKIRMISH_EVENT_DIE:
            payload = _die(ev.die)
        elif kind == lib.SKIRMISH_EVENT_MODIFIER:
            payload = _modifier(ev.modifier)
        elif kind == lib.SKIRMISH_EVENT_EFFECT:
            payload = _effect(ev.effect)
        elif kind == lib.SKIRMISH_EVENT_RESULT:
            payload = _result(ev.result)
        else:
            payload = None
        cb.event(payload)
    except BaseException as exc:   # noqa: B902
        cb.error = exc


class _Progress:
    """What a batch of playouts calls back: the Python callable and the
    first exception it raised (re-raised once the C call returns; the
    callable is not called again after it raised)."""

    def __init__(self, fn):
        self.fn = fn
        self.error = None


@ffi.def_extern()
def _skirmish_py_progress(user_data, done, total):
    p = ffi.from_handle(user_data)
    if p.error is not None:
        return
    try:
        p.fn(done, total)
    except BaseException as exc:   # noqa: B902 - re-raised after the C call
        p.error = exc



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


class Game:
    """One game of a ruleset.

    Game(ruleset="senso", players=2, *, umpire=False, table_width=72,
         table_depth=48, night=False, turn_limit=0, ring_removal="player_turn",
         melee_ties="reroll", die_sides=6, player_order=None, seed=0,
         roll=None, on_event=None)

    ``roll`` is a callable ``roll(sides) -> int`` used for every die (None:
    the built-in generator, seeded with ``seed``). ``on_event`` is called
    with each Die, Modifier, Effect and finally the Result of every action.
    A Game is a context manager; close() frees it (also done when it is
    garbage collected).
    """

    def __init__(self, ruleset="senso", players=2, *, umpire=False,
                 table_width=72.0, table_depth=48.0, night=False, turn_limit=0,
                 ring_removal=RingRemoval.PLAYER_TURN,
                 melee_ties=MeleeTies.REROLL, die_sides=0, player_order=None,
                 seed=0, roll=None, on_event=None):
        self._g = ffi.NULL
        self._cb = _Callbacks()
        self._cb.roll = roll
        self._cb.event = on_event
        self._handle = ffi.new_handle(self._cb)
        self._rng = ffi.new("uint64_t *", seed)

        opt = ffi.new("skirmish_game_options *")
        _check_status(lib.skirmish_game_options_init(
            opt, lib.SKIRMISH_GAME_OPTIONS_VERSION))
        keep = []
        if isinstance(ruleset, str):
            name = ffi.new("char[]", ruleset.encode("utf-8"))
            keep.append(name)
            opt.ruleset = lib.SKIRMISH_RULESET_NONE
            opt.ruleset_name = name
        else:
            opt.ruleset = int(ruleset)
        opt.players = players
        opt.umpire = 1 if umpire else 0
        opt.table_width = table_width
        opt.table_depth = table_depth
        opt.night = 1 if night else 0
        opt.turn_limit = turn_limit
        opt.ring_removal = _member(RingRemoval, ring_removal, "ring removal")
        opt.melee_ties = _member(MeleeTies, melee_ties, "melee ties option")
        opt.die_sides = die_sides
        if player_order is not None:
            order = ffi.new("int[]", list(player_order))
            keep.append(order)
            opt.player_order = order
        opt.seed = seed
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

    @classmethod
    def _wrap(cls, ptr, roll=None, on_event=None, rng_state=0):
        """A Game object for a C game made by the library (clone, replay,
        load); the Python callbacks are (re)pointed at its own handle."""
        self = cls.__new__(cls)
        self._g = ptr
        self._cb = _Callbacks()
        self._handle = ffi.new_handle(self._cb)
        self._rng = ffi.new("uint64_t *", rng_state)
        if roll is not None:
            self.set_roller(roll)
        if on_event is not None:
            self.set_event_callback(on_event)
        return self

    # ---- life cycle -------------------------------------------------------

    def close(self):
        """Frees the C game; the Game can no longer be used."""
        if self._g != ffi.NULL:
            lib.skirmish_game_free(self._g)
            self._g = ffi.NULL

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    @property
    def closed(self):
        return self._g == ffi.NULL

    def _game(self):
        if self._g == ffi.NULL:
            raise ValueError("the game is closed")
        return self._g

    def _check(self, rc):
        """Raises the exception of a negative status (or of a callback)."""
        err, self._cb.error = self._cb.error, None
        if rc < 0:
            exc = error_class(rc)(rc, _str(lib.skirmish_game_errmsg(self._g)))
            if err is not None:
                raise exc from err
            raise exc
        if err is not None:
            raise err
        return rc

    def _act(self, fn, *args):
        g = self._game()
        r = ffi.new("skirmish_result *")
        lib.skirmish_result_init(r, lib.SKIRMISH_RESULT_VERSION)
        self._check(fn(g, *args, r))
        return _result(r)

    # ---- options and dice -------------------------------------------------

    @property
    def ruleset(self):
        """The ruleset's name: "senso" or "sampson"."""
        return _str(lib.skirmish_ruleset_name(lib.skirmish_game_ruleset(self._game())))

    def set_roller(self, roll):
        """Use ``roll(sides) -> int`` for every die; None: the built-in
        generator."""
        g = self._game()
        self._cb.roll = roll
        if roll is None:
            self._check(lib.skirmish_game_set_roller(g, ffi.NULL, ffi.NULL))
        else:
            self._check(lib.skirmish_game_set_roller(g, lib._skirmish_py_roll,
                                                     self._handle))

    def set_event_callback(self, on_event):
        g = self._game()
        self._cb.event = on_event
        if on_event is None:
            self._check(lib.skirmish_game_set_event_callback(g, ffi.NULL, ffi.NULL))
        else:
            self._check(lib.skirmish_game_set_event_callback(
                g, lib._skirmish_py_event, self._handle))

    def set_seed(self, seed):
        """Reseeds the built-in generator."""
        self._check(lib.skirmish_game_set_seed(self._game(), seed))

    def script_dice(self, *values, exclusive=True):
        """The next dice come from these values, in order. With
        ``exclusive``, a die asked for after they run out fails the action
        (DiceError). No values: clears the script."""
        if len(values) == 1 and not isinstance(values[0], int):
            values = tuple(values[0])
        arr = ffi.new("int[]", list(values) or [0])
        self._check(lib.skirmish_game_script_dice(
            self._game(), arr, len(values), 1 if exclusive else 0))

    @property
    def script_remaining(self):
        return lib.skirmish_game_script_remaining(self._game())

    # ---- setup -------------------------------------------------------------

    def add_figure(self, player=0, x=0.0, y=0.0, facing=0.0, *, name=None,
                   preset=None, dv=None, melee_weapon=None, missile_weapon=None,
                   mounted=None, armour=None, shield=False, martial_arts=None,
                   unloaded=False, base_width=0.0, base_depth=0.0):
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
        spec.player = player
        keep = None
        if name:
            keep = ffi.new("char[]", name.encode("utf-8"))
            spec.name = keep
        spec.x, spec.y, spec.facing = x, y, facing
        spec.base_width, spec.base_depth = base_width, base_depth
        if dv is not None:
            spec.dv = dv
        if melee_weapon is not None:
            spec.melee_weapon = _member(MeleeWeapon, melee_weapon, "melee weapon")
        if missile_weapon is not None:
            spec.missile_weapon = _member(MissileWeapon, missile_weapon, "missile weapon")
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
        out = ffi.new("int *")
        self._check(lib.skirmish_game_add_figure(g, spec, out))
        del keep
        return out[0]

    def add_terrain(self, shape="rect", *, name=None, flags=0, x=0.0, y=0.0,
                    width=0.0, depth=0.0, angle=0.0, radius=0.0, points=None,
                    height=0.0, move_penalty=0.0, **kinds):
        """Adds a terrain piece and returns its id.

        shape: "rect" (x, y, width, depth, angle), "circle" (x, y, radius)
        or "polygon" (points: [(x, y), ...], convex). What it is: ``flags``
        (TerrainFlag) and/or keywords rough=, cover=, blocks_sight=,
        obstacle=, water=, climb=, impassable=, hill= (with height=)."""
        g = self._game()
        spec = ffi.new("skirmish_terrain_spec *")
        self._check(lib.skirmish_terrain_spec_init(spec, lib.SKIRMISH_TERRAIN_SPEC_VERSION))
        spec.shape = _member(Shape, shape, "shape")
        f = int(flags)
        for word, on in kinds.items():
            if word not in _TERRAIN_WORDS:
                raise TypeError("add_terrain() got an unexpected keyword %r" % word)
            if on:
                f |= _TERRAIN_WORDS[word]
        spec.flags = f
        keep = []
        if name:
            keep.append(ffi.new("char[]", name.encode("utf-8")))
            spec.name = keep[-1]
        spec.height, spec.move_penalty = height, move_penalty
        spec.x, spec.y = x, y
        spec.width, spec.depth, spec.angle = width, depth, angle
        spec.radius = radius
        if points is not None:
            flat = [c for p in points for c in p]
            keep.append(ffi.new("double[]", flat or [0.0]))
            spec.points = keep[-1]
            spec.npoints = len(flat) // 2
        out = ffi.new("int *")
        self._check(lib.skirmish_game_add_terrain(g, spec, out))
        return out[0]

    def terrain(self, terrain_id):
        """(flags, name, height, [(x, y), ...]) of a terrain piece."""
        g = self._game()
        flags = ffi.new("unsigned int *")
        name = ffi.new("const char **")
        height = ffi.new("double *")
        xy = ffi.new("double[]", 2 * lib.SKIRMISH_POLYGON_MAX)
        n = ffi.new("int *")
        self._check(lib.skirmish_game_terrain(g, terrain_id, flags, name, height,
                                              xy, lib.SKIRMISH_POLYGON_MAX, n))
        pts = [(xy[2 * i], xy[2 * i + 1]) for i in range(min(n[0], lib.SKIRMISH_POLYGON_MAX))]
        return TerrainFlag(flags[0]), _str(name[0]), height[0], pts

    @property
    def terrain_count(self):
        return self._check(lib.skirmish_game_terrain_count(self._game()))

    # ---- objectives (rulings O1-O5, doc/rules/objectives.md) ---------------

    def add_objective(self, x, y, name=None):
        """Places an objective marker, a 1" counter centred at (x, y)
        (setup only), and returns its id. A figure picks it up by ending a
        move in contact with it (O2) and drops it where it falls (O3)."""
        keep = ffi.new("char[]", name.encode("utf-8")) if name else ffi.NULL
        out = ffi.new("int *")
        self._check(lib.skirmish_game_add_objective(self._game(), keep, x, y, out))
        return out[0]

    def set_exit_edge(self, player, edge):
        """O4: a figure of ``player`` carrying an objective off this edge
        ("north", "south", "east", "west", an Edge; None or "none" clears
        it) wins the game. Setup only."""
        edge = Edge.NONE if edge is None else _member(Edge, edge, "edge")
        self._check(lib.skirmish_game_set_exit_edge(self._game(), player, edge))

    @property
    def objective_count(self):
        return self._check(lib.skirmish_game_objective_count(self._game()))

    def objective(self, objective_id):
        """An Objective: state, carrier, scoring player, position, name."""
        state, carrier, player = ffi.new("int *"), ffi.new("int *"), ffi.new("int *")
        x, y = ffi.new("double *"), ffi.new("double *")
        name = ffi.new("const char **")
        self._check(lib.skirmish_game_objective(self._game(), objective_id, state,
                                                carrier, player, x, y, name))
        return Objective(objective_id, _str(name[0]),
                         _enum_or_int(ObjectiveState, state[0]),
                         None if carrier[0] < 0 else carrier[0],
                         None if player[0] < 0 else player[0], x[0], y[0])

    def objectives(self):
        """Every objective, by id."""
        return [self.objective(i) for i in range(self.objective_count)]

    # ---- turns ---------------------------------------------------------

    def start(self):
        """Ends setup, decides the order of play and starts turn 1."""
        r = ffi.new("skirmish_result *")
        lib.skirmish_result_init(r, lib.SKIRMISH_RESULT_VERSION)
        self._check(lib.skirmish_game_start(self._game(), r))
        return _result(r)

    @property
    def state(self):
        return State(lib.skirmish_game_state(self._game()))

    @property
    def turn_number(self):
        """The game turn, from 1."""
        return lib.skirmish_game_turn(self._game())

    @property
    def active_player(self):
        """Whose turn it is (-1 unless playing)."""
        return lib.skirmish_game_active_player(self._game())

    whose_turn = active_player

    @property
    def phase(self):
        return _enum_or_int(Phase, lib.skirmish_game_phase(self._game()))

    @property
    def player_count(self):
        return lib.skirmish_game_player_count(self._game())

    @property
    def umpire(self):
        """The umpire's player id, or None."""
        u = lib.skirmish_game_umpire(self._game())
        return None if u < 0 else u

    @property
    def player_order(self):
        out = ffi.new("int[]", lib.SKIRMISH_MAX_PLAYERS + 1)
        n = self._check(lib.skirmish_game_player_order(
            self._game(), out, lib.SKIRMISH_MAX_PLAYERS + 1))
        return [out[i] for i in range(n)]

    @property
    def winner(self):
        """The winning player, or None (still playing, or no single winner)."""
        w = lib.skirmish_game_winner(self._game())
        return None if w < 0 else w

    @property
    def over(self):
        return self.state == State.OVER

    # ---- figures -------------------------------------------------------

    @property
    def figure_count(self):
        return lib.skirmish_game_figure_count(self._game())

    def figure(self, figure_id):
        """A Figure (removed ones too)."""
        info = ffi.new("skirmish_figure_info *")
        info.version = lib.SKIRMISH_FIGURE_INFO_VERSION
        self._check(lib.skirmish_game_figure(self._game(), figure_id, info))
        return Figure._from_c(info)

    def figures(self, player=None, include_removed=False):
        """The figures (in play unless include_removed), of one player or
        all."""
        out = []
        for i in range(self.figure_count):
            f = self.figure(i)
            if (include_removed or not f.removed) and (player is None or f.player == player):
                out.append(f)
        return out

    def player_figures(self, player):
        """How many figures a player still has in play."""
        return self._check(lib.skirmish_game_player_figures(self._game(), player))

    def contacts(self, figure_id):
        """Ids of the enemies in base contact with a figure."""
        g = self._game()
        count = ffi.new("int *")
        self._check(lib.skirmish_game_figure_contacts(g, figure_id, ffi.NULL, 0, count))
        ids = ffi.new("int[]", max(count[0], 1))
        self._check(lib.skirmish_game_figure_contacts(g, figure_id, ids, count[0], count))
        return [ids[i] for i in range(count[0])]

    # ---- geometry -------------------------------------------------------

    def distance(self, a, b):
        """Edge-to-edge distance between two bases, inches (G1)."""
        out = ffi.new("double *")
        self._check(lib.skirmish_game_distance(self._game(), a, b, out))
        return out[0]

    def can_see(self, a, b):
        out = ffi.new("int *")
        self._check(lib.skirmish_game_can_see(self._game(), a, b, out))
        return bool(out[0])

    def in_cover(self, a, b):
        out = ffi.new("int *")
        self._check(lib.skirmish_game_in_cover(self._game(), a, b, out))
        return bool(out[0])

    def path_cost(self, figure_id, *path):
        flat = [c for p in path for c in p]
        xy = ffi.new("double[]", flat or [0.0])
        out = ffi.new("double *")
        self._check(lib.skirmish_game_path_cost(self._game(), figure_id, xy,
                                                len(flat) // 2, out))
        return out[0]

    # ---- actions -------------------------------------------------------

    @staticmethod
    def _facing(facing):
        return lib.SKIRMISH_FACING_KEEP if facing is None else facing

    def move(self, figure_id, *path, facing=None):
        """Moves along a path of (x, y) points, the last one the
        destination (G4). A move ending in contact with an enemy is a
        charge (Senso S4)."""
        flat = [c for p in path for c in p]
        xy = ffi.new("double[]", flat or [0.0])
        return self._act(lib.skirmish_move, figure_id, xy, len(flat) // 2,
                         self._facing(facing))

    def charge(self, figure_id, target, facing=None):
        return self._act(lib.skirmish_charge, figure_id, target, self._facing(facing))

    def shoot(self, figure_id, target):
        return self._act(lib.skirmish_shoot, figure_id, target)

    def reload(self, figure_id):
        return self._act(lib.skirmish_reload, figure_id)

    def fight(self, figure_id):
        return self._act(lib.skirmish_fight, figure_id)

    def mount(self, figure_id, horse):
        return self._act(lib.skirmish_mount, figure_id, horse)

    def dismount(self, figure_id):
        return self._act(lib.skirmish_dismount, figure_id)

    def turn(self, figure_id, facing):
        """Sampson A3: turns on the spot."""
        return self._act(lib.skirmish_turn, figure_id, facing)

    def end_phase(self):
        return self._act(lib.skirmish_end_phase)

    def end_turn(self):
        return self._act(lib.skirmish_end_turn)

    def act(self, action):
        """Carries out an Action (skirmish_game_act)."""
        return self._act(lib.skirmish_game_act, action._to_c())

    def last_result(self):
        r = ffi.new("skirmish_result *")
        lib.skirmish_result_init(r, lib.SKIRMISH_RESULT_VERSION)
        self._check(lib.skirmish_game_last_result(self._game(), r))
        return _result(r)

    # ---- decision support (when the library has it) ----------------------

    def check(self, action):
        """Raises the error the action would meet now; None when legal."""
        self._check(lib.skirmish_game_check_action(self._game(), action._to_c()))

    def is_legal(self, action):
        try:
            self.check(action)
        except SkirmishError:
            return False
        return True

    def legal_actions(self, figure_id=-1):
        """Every legal action of a figure, or of the active player (-1)."""
        g = self._game()
        count = ffi.new("int *")
        self._check(lib.skirmish_game_legal_actions(g, figure_id, ffi.NULL, 0, count))
        n = count[0]
        arr = ffi.new("skirmish_action[]", max(n, 1))
        for i in range(n):
            arr[i].version = lib.SKIRMISH_ACTION_VERSION
        self._check(lib.skirmish_game_legal_actions(g, figure_id, arr, n, count))
        return [Action._from_c(arr[i]) for i in range(min(n, count[0]))]

    def odds(self, action):
        """The exact chances of each outcome of an action that is legal now
        (no die is rolled, nothing changes)."""
        o = ffi.new("skirmish_odds *")
        self._check(lib.skirmish_odds_init(o, lib.SKIRMISH_ODDS_VERSION))
        self._check(lib.skirmish_game_odds(self._game(), action._to_c(), o))
        outcomes = [OddsOutcome(_enum_or_int(Outcome, oc.outcome), oc.value,
                                _enum_or_int(Side, oc.side),
                                fractions.Fraction(int(oc.numerator), int(oc.denominator)),
                                oc.probability)
                    for oc in (o.outcomes[i] for i in range(o.noutcomes))]
        mods = [_modifier(o.modifiers[i]) for i in range(o.nmodifiers)]
        return Odds(outcomes, mods, o.sequences, bool(o.rerolls))

    # ---- bots and batch playouts -------------------------------------------

    @property
    def policy_rng_state(self):
        """The state of the generator policy_action() draws its random
        choices from (kept by this object; it starts as the game's seed).
        Set it to reseed the choices."""
        return int(self._rng[0])

    @policy_rng_state.setter
    def policy_rng_state(self, value):
        self._rng[0] = value

    def policy_action(self, policy=Policy.GREEDY):
        """The Action a built-in policy ("random" or "greedy") would take
        now, for the active player. Changes nothing but this object's
        policy_rng_state; act on it with act()."""
        a = ffi.new("skirmish_action *")
        self._check(lib.skirmish_action_init(a, lib.SKIRMISH_ACTION_VERSION))
        self._check(lib.skirmish_game_policy_action(self._game(), _policy(policy),
                                                    self._rng, a))
        return Action._from_c(a)

    def playouts(self, games=100, *, seed=0, max_actions=0, policy=Policy.RANDOM,
                 progress=None):
        """Plays ``games`` games to the end from the present state, in C,
        on copies (this game is not changed; one still in setup is started
        on each copy, so the order of play is rolled for every game), and
        returns PlayoutStats.

        policy: one policy for every player ("random", "greedy", a Policy),
        or one per player id (a list, or a dict {player: policy}; players
        left out play at random). Every copy rolls the built-in dice, not
        this game's roller; the same arguments give the same statistics.
        max_actions: per game, after which it counts as unfinished (0:
        the library's default). progress: a callable ``progress(done,
        total)`` called after each game; if it raises, it is not called
        again and its exception is raised when the batch is over."""
        opt = ffi.new("skirmish_playout_options *")
        self._check(lib.skirmish_playout_options_init(opt, lib.SKIRMISH_PLAYOUT_OPTIONS_VERSION))
        opt.games = games
        opt.seed = seed
        opt.max_actions = max_actions
        if isinstance(policy, dict):
            for player, p in policy.items():
                if not 0 <= player <= lib.SKIRMISH_MAX_PLAYERS:
                    raise ValueError("no player %r" % (player,))
                opt.policy[player] = _policy(p)
        elif isinstance(policy, (list, tuple)):
            if len(policy) > lib.SKIRMISH_MAX_PLAYERS + 1:
                raise ValueError("at most %d policies" % (lib.SKIRMISH_MAX_PLAYERS + 1))
            for player, p in enumerate(policy):
                opt.policy[player] = _policy(p)
        else:
            for player in range(lib.SKIRMISH_MAX_PLAYERS + 1):
                opt.policy[player] = _policy(policy)
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
        return PlayoutStats(st.games, [st.wins[i] for i in range(self.player_count)],
                            st.draws, st.unfinished, st.actions,
                            st.average_actions, st.average_turns)

    # ---- state services: clone, undo, hash, save and load, replay ----------

    def clone(self):
        """An independent copy of the game (same dice state, history and
        Python callbacks)."""
        out = ffi.new("skirmish_game **")
        self._check(lib.skirmish_game_clone(self._game(), out))
        return Game._wrap(out[0], self._cb.roll, self._cb.event, self._rng[0])

    __copy__ = clone

    def __deepcopy__(self, memo):
        return self.clone()

    def copy_from(self, other):
        """Makes this game equal to ``other`` (keeping this game's own
        callbacks); cheap when both are the same size (search loops)."""
        self._check(lib.skirmish_game_copy(self._game(), other._game()))
        self._rng[0] = other._rng[0]

    def undo(self):
        """Takes back the last action (StateError when there is none)."""
        self._check(lib.skirmish_game_undo(self._game()))

    @property
    def history_limit(self):
        return lib.skirmish_game_history_limit(self._game())

    @history_limit.setter
    def history_limit(self, limit):
        self._check(lib.skirmish_game_set_history_limit(self._game(), limit))

    @property
    def history_length(self):
        """Number of actions recorded (what undo() can take back)."""
        return self._check(lib.skirmish_game_history_length(self._game()))

    def history_action(self, index):
        """The index-th recorded action (0 the oldest kept; negative counts
        from the end) as an Action that act() takes again: a charge is
        recorded as the move it became, the start as ActionKind.START."""
        if index < 0:
            index += self.history_length
        a = ffi.new("skirmish_action *")
        a.version = lib.SKIRMISH_ACTION_VERSION
        self._check(lib.skirmish_game_history_action(self._game(), index, a))
        return Action._from_c(a)

    @property
    def history(self):
        """The recorded actions, oldest first, as Action objects."""
        return [self.history_action(i) for i in range(self.history_length)]

    def hash(self):
        """A 64-bit hash of the observable state (equal states, equal hashes)."""
        out = ffi.new("uint64_t *")
        self._check(lib.skirmish_game_hash(self._game(), out))
        return int(out[0])

    def save(self):
        """The whole game as bytes (doc/FORMAT.md)."""
        g = self._game()
        needed = ffi.new("size_t *")
        rc = lib.skirmish_game_save(g, ffi.NULL, 0, needed)
        if rc < 0 and rc != lib.SKIRMISH_E_LIMIT:   # size 0 may be "too small"
            self._check(rc)
        buf = ffi.new("char[]", max(needed[0], 1))
        self._check(lib.skirmish_game_save(g, buf, needed[0], needed))
        return ffi.buffer(buf, needed[0])[:]

    @classmethod
    def load(cls, data, *, roll=None, on_event=None):
        """A game from save() bytes; FormatError (with the section and
        offset) when the data is malformed. Callbacks are never part of the
        data: give them here."""
        data = bytes(data)
        opt = ffi.new("skirmish_game_options *")
        _check_status(lib.skirmish_game_options_init(opt, lib.SKIRMISH_GAME_OPTIONS_VERSION))
        out = ffi.new("skirmish_game **")
        msg = ffi.new("char[512]")
        rc = lib.skirmish_game_load(out, data, len(data), opt, msg, 512)
        if rc < 0:
            _raise(rc, _str(msg) or None)
        return cls._wrap(out[0], roll, on_event)

    def replay(self, nactions=-1):
        """A new game: this game's scenario with the first ``nactions``
        recorded actions (all when negative) taken again."""
        out = ffi.new("skirmish_game **")
        msg = ffi.new("char[512]")
        rc = lib.skirmish_game_replay(out, self._game(), nactions, msg, 512)
        if rc < 0:
            _raise(rc, _str(msg) or None)
        return Game._wrap(out[0], self._cb.roll, self._cb.event)

    def __repr__(self):
        if self.closed:
            return "<skirmish.Game closed>"
        return "<skirmish.Game %s, %s, turn %d, player %d>" % (
            self.ruleset, self.state.name.lower(), self.turn_number, self.active_player)

