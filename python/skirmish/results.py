# SPDX-License-Identifier: MIT
"""Plain Python objects for what the library returns: results and what is
in them, figures, actions, odds, playout statistics and objectives.

Two of them are lazy, for fast loops: a ``Result`` reads the C result (and
formats its sentence) only when one of its attributes is first read, and
an ``Action`` from ``Game.legal_actions()`` keeps the C struct and makes its
Python attributes only when they are looked at."""
import fractions
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import (TYPE_CHECKING, Any, ClassVar, Dict, Iterable, Iterator, List,
                    Optional, Tuple, Union, overload)

from ._capi import _str, _type_name, c_double, c_facing, c_int, ffi, lib
from .enums import (ActionKind, EffectKind, MeleeWeapon, MissileWeapon,
                    MeleeTies, ModifierSource, ObjectiveState, Outcome, RingRemoval,
                    RollPurpose, Side, _enum_or_int, _member, label)
from .errors import _check_status

if TYPE_CHECKING:
    from .game import Game

Point = Tuple[float, float]


@dataclass
class Die:
    """One die rolled (G6): who rolled, its sides and value, and why.

    Fields:
      figure: the figure that rolled, or -1 (a player's roll).
      player: the player that rolled.
      sides: the die's sides (6 for a d6, 8 for a d8).
      value: what it showed, 1 to sides.
      purpose: why it was rolled (RollPurpose: a shot, a fight, ...).
      side: the side of a fight it was rolled for (0 the acting one, 1
        the other), or -1.
      round: the round of a fight (ties are rolled again), from 0."""
    figure: int
    player: int
    sides: int
    value: int
    purpose: RollPurpose
    side: int
    round: int


@dataclass
class Modifier:
    """One modifier applied to a score, with the rule that gives it.

    Fields:
      figure: the figure whose score it changes.
      side: the side of the fight (0 the acting one, 1 the other), or -1.
      value: what it adds to the score (negative: takes away).
      source: what gives it (ModifierSource; ``label`` names it).
      rule: the rule id that gives it ("S6", "A7", ...), or None."""
    figure: int
    side: int
    value: int
    source: ModifierSource
    rule: Optional[str]

    @property
    def label(self) -> Optional[str]:
        """The library's English name of the modifier's source."""
        return _str(lib.skirmish_modifier_name(int(self.source)))


@dataclass
class Effect:
    """One change to the game (a move, rings, a kill, ...).

    Fields:
      kind: what changed (EffectKind).
      figure: the figure changed, or -1.
      other: the other figure it concerns (the killer, the enemy of a
        melee, the friend a push back gives ground with), or -1.
      player: the player it concerns (a win, a turn), or -1.
      value: how much (rings, inches of a push back in thousandths, ...).
      x0, y0, facing0: where and how the figure stood before (inches,
        degrees).
      x1, y1, facing1: where and how it stands after.
      rule: the rule id behind it, or None."""
    kind: EffectKind
    figure: int
    other: int
    player: int
    value: int
    x0: float
    y0: float
    facing0: float
    x1: float
    y1: float
    facing1: float
    rule: Optional[str]


def _die(d: Any) -> Die:
    return Die(d.figure, d.player, d.sides, d.value,
               _enum_or_int(RollPurpose, d.purpose), d.side, d.round)


def _modifier(m: Any) -> Modifier:
    return Modifier(m.figure, m.side, m.value,
                    _enum_or_int(ModifierSource, m.source), _str(m.rule))


def _effect(e: Any) -> Effect:
    return Effect(_enum_or_int(EffectKind, e.kind), e.figure, e.other, e.player,
                  e.value, e.x0, e.y0, e.facing0, e.x1, e.y1, e.facing1,
                  _str(e.rule))


_RESULT_FIELDS = ("action", "figure", "target", "outcome", "player", "distance",
                  "score", "dice", "modifiers", "effects", "text")


def _result_fields(r: Any) -> Tuple[Any, ...]:
    """The Python values of a C skirmish_result, in _RESULT_FIELDS order."""
    return (_enum_or_int(ActionKind, r.action), r.figure, r.target,
            _enum_or_int(Outcome, r.outcome), r.player, r.distance,
            (r.score[0], r.score[1]),
            [_die(r.dice[i]) for i in range(r.ndice)],
            [_modifier(r.modifiers[i]) for i in range(r.nmodifiers)],
            [_effect(r.effects[i]) for i in range(r.neffects)],
            _str(r.text) or "")


class Result:
    """What an action did: every die, modifier and effect, and the sentence.

    Attributes: ``action`` (ActionKind), ``figure``, ``target``,
    ``outcome`` (Outcome), ``player``, ``distance`` (a shot's, inches),
    ``score`` (the two sides' totals), ``dice`` (list of Die),
    ``modifiers`` (list of Modifier), ``effects`` (list of Effect) and
    ``text`` (the English sentence); ``str(result)`` is the sentence.

    The Result of an action is read from the game when one of its
    attributes is first looked at (or, when it is kept, before the game
    next changes): an action whose result is dropped costs no Python
    objects and no sentence."""

    __slots__ = ("_game", "_fields", "__weakref__")

    def __init__(self, action: Union[ActionKind, int], figure: int, target: int,
                 outcome: Union[Outcome, int], player: int, distance: float,
                 score: Tuple[int, int], dice: Optional[List[Die]] = None,
                 modifiers: Optional[List[Modifier]] = None,
                 effects: Optional[List[Effect]] = None, text: str = "") -> None:
        self._game: Optional["Game"] = None
        self._fields: Optional[Tuple[Any, ...]] = (
            action, figure, target, outcome, player, distance, tuple(score),
            list(dice or []), list(modifiers or []), list(effects or []), text)

    @classmethod
    def _from_c(cls, r: Any) -> "Result":
        self = cls.__new__(cls)
        self._game = None
        self._fields = _result_fields(r)
        return self

    @classmethod
    def _pending(cls, game: "Game") -> "Result":
        """The result of the game's last action, read when needed."""
        self = cls.__new__(cls)
        self._game = game
        self._fields = None
        return self

    def _load(self) -> Tuple[Any, ...]:
        f = self._fields
        if f is None:
            game = self._game
            assert game is not None
            f = self._fields = _result_fields(game._last_result_c())
            self._game = None
        return f

    @property
    def action(self) -> ActionKind:
        """The kind of action taken."""
        v: ActionKind = self._load()[0]
        return v

    @property
    def figure(self) -> int:
        """The acting figure, or -1."""
        v: int = self._load()[1]
        return v

    @property
    def target(self) -> int:
        """The target (a shot's, a charge's, a horse), or -1."""
        v: int = self._load()[2]
        return v

    @property
    def outcome(self) -> Outcome:
        """What the action came to."""
        v: Outcome = self._load()[3]
        return v

    @property
    def player(self) -> int:
        """The active player when it was taken."""
        v: int = self._load()[4]
        return v

    @property
    def distance(self) -> float:
        """A shot's edge-to-edge distance in inches; else 0."""
        v: float = self._load()[5]
        return v

    @property
    def score(self) -> Tuple[int, int]:
        """The final totals of side 0 and side 1."""
        v: Tuple[int, int] = self._load()[6]
        return v

    @property
    def dice(self) -> List[Die]:
        """Every die rolled, in order."""
        v: List[Die] = self._load()[7]
        return v

    @property
    def modifiers(self) -> List[Modifier]:
        """Every modifier applied to a score."""
        v: List[Modifier] = self._load()[8]
        return v

    @property
    def effects(self) -> List[Effect]:
        """Every change the action made, in order."""
        v: List[Effect] = self._load()[9]
        return v

    @property
    def text(self) -> str:
        """The English sentence."""
        v: str = self._load()[10]
        return v

    def __str__(self) -> str:
        return self.text

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Result):
            return NotImplemented
        return self._load() == other._load()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return "Result(%s)" % ", ".join(
            "%s=%r" % kv for kv in zip(_RESULT_FIELDS, self._load()))


@dataclass(frozen=True)
class _ResultRecord:
    """The fields of a Result, for dataclasses (asdict, fields, replace)."""
    action: ActionKind
    figure: int
    target: int
    outcome: Outcome
    player: int
    distance: float
    score: Tuple[int, int]
    dice: List[Die]
    modifiers: List[Modifier]
    effects: List[Effect]
    text: str


# A Result is a dataclass to dataclasses.asdict(), fields() and replace()
# (which read its fields through its properties, so it stays lazy), with
# the fields of _ResultRecord, in the same order as its constructor's.
assert tuple(_ResultRecord.__dataclass_fields__) == _RESULT_FIELDS
setattr(Result, "__dataclass_fields__", _ResultRecord.__dataclass_fields__)
setattr(Result, "__dataclass_params__", getattr(_ResultRecord, "__dataclass_params__"))


@dataclass(frozen=True, repr=False)
class Figure:
    """A figure as read from the game (skirmish_figure_info): a frozen,
    hashable record (dataclasses.asdict() works); Game.figure(id) reads it
    again after the game changes.

    Fields:
      id: the figure's id (what the game's calls take).
      player: its player.
      name: its name, or None.
      x, y: the centre of its base, inches.
      facing: degrees, 0 towards +x, counter-clockwise.
      base_width, base_depth: its base, inches (depth along the facing).
      mounted: it rides a horse.
      dv: its defence value, the die it rolls (Senso S1; Sampson: its class).
      melee_weapon, missile_weapon: MeleeWeapon, MissileWeapon.
      armour, shield, martial_arts: what it has (Senso S1, Sampson A1).
      loaded: its missile weapon is loaded (an arquebus, S8).
      is_horse: a riderless horse marker (S9).
      removed: out of play (killed, off the table).
      rings: its rings (Senso S4).
      suppressed: suppressed this turn (Senso S5).
      in_melee: in base contact with an enemy.
      melee_id: its melee (Sampson pairs), or -1.
      acted: it has taken its action this turn.
      shot: it has shot this turn.
      can_act: it may still act this turn.
      move_left: inches of movement left this turn (Sampson A3).
      elevation: the height of the ground it stands on (a hill)."""

    _BOOLS: ClassVar[Tuple[str, ...]] = (
        "mounted", "armour", "shield", "martial_arts", "loaded", "is_horse", "removed",
        "suppressed", "in_melee", "acted", "shot", "can_act")

    # the members of skirmish_figure_info (a later library may add more,
    # which this binding leaves out)
    id: int
    player: int
    name: Optional[str]
    x: float
    y: float
    facing: float
    base_width: float
    base_depth: float
    mounted: bool
    dv: int
    melee_weapon: MeleeWeapon
    missile_weapon: MissileWeapon
    armour: bool
    shield: bool
    martial_arts: bool
    loaded: bool
    is_horse: bool
    removed: bool
    rings: int
    suppressed: bool
    in_melee: bool
    melee_id: int
    acted: bool
    shot: bool
    can_act: bool
    move_left: float
    elevation: float

    @classmethod
    def _from_c(cls, info: Any) -> "Figure":
        fields: Dict[str, Any] = {}
        known = cls.__dataclass_fields__
        for name, _ in ffi.typeof(info[0]).fields:
            if name not in known:
                continue
            v = getattr(info, name)
            if name == "name":
                v = _str(v)
            elif name in cls._BOOLS:
                v = bool(v)
            elif name == "melee_weapon":
                v = _enum_or_int(MeleeWeapon, v)
            elif name == "missile_weapon":
                v = _enum_or_int(MissileWeapon, v)
            fields[name] = v
        return cls(**fields)

    def __repr__(self) -> str:
        keys = ("id", "name", "player", "x", "y", "dv", "rings", "removed")
        return "Figure(%s)" % ", ".join("%s=%r" % (k, getattr(self, k)) for k in keys)


def _path(points: Iterable[Any], name: str = "path") -> List[Point]:
    if isinstance(points, (str, bytes)):
        raise TypeError("%s must be (x, y) points, not %s" % (name, _type_name(points)))
    out = []
    try:
        items = list(points)
    except TypeError:
        raise TypeError("%s must be (x, y) points, not %s"
                        % (name, _type_name(points))) from None
    for i, p in enumerate(items):
        try:
            x, y = p
        except (TypeError, ValueError):
            raise TypeError("%s[%d] must be an (x, y) pair, not %r" % (name, i, p)) from None
        out.append((c_double(x, "%s[%d] x" % (name, i)), c_double(y, "%s[%d] y" % (name, i))))
    if len(out) > lib.SKIRMISH_PATH_MAX:
        raise ValueError("%s has at most %d points, not %d"
                         % (name, lib.SKIRMISH_PATH_MAX, len(out)))
    return out


_UNREAD = object()   # an Action from C whose Python members are not made yet


class Action:
    """An action as data (skirmish_action): what act(), odds(), check()
    and is_legal() take, what legal_actions(), policy_action() and the
    history give.

    Action(kind, figure=-1, target=-1, facing=None, path=()) checks its
    arguments (TypeError or ValueError naming the one refused); the class
    methods move(), charge(), shoot(), ... make each kind. Actions compare
    equal when their members are equal; they are frozen (replace() makes a
    changed copy) and hashable. A listed move that keeps its figure's
    facing names that facing, as the history records it, so that a listed
    action equals the same action read back from the history.

    Members: ``kind`` (ActionKind), ``figure`` (the acting figure, or -1),
    ``target`` (the enemy of a shot or charge, the horse to mount, or -1),
    ``facing`` (degrees at the end of a move, charge or turn; None keeps
    it), ``path`` (a move's (x, y) points, the last the destination)."""

    __slots__ = ("_kind", "_figure", "_target", "_facing", "_path", "_c")

    def __init__(self, kind: Union[ActionKind, int, str], figure: int = -1,
                 target: int = -1, facing: Optional[float] = None,
                 path: Iterable[Point] = ()) -> None:
        self._kind: Any = _member(ActionKind, kind, "kind")
        self._figure = c_int(figure, "figure")
        self._target = c_int(target, "target")
        self._facing: Optional[float] = None if facing is None else c_double(facing, "facing")
        self._path: List[Point] = _path(path)
        self._c: Any = None

    @classmethod
    def _from_c(cls, a: Any) -> "Action":
        """An Action owning a copy of the C struct a (a pointer or a
        struct), its Python members made when first read."""
        self = cls.__new__(cls)
        c = ffi.new("skirmish_action *")
        c[0] = a[0] if ffi.typeof(a).kind == "pointer" else a
        self._c = c
        self._kind = _UNREAD
        return self

    def _read(self) -> None:
        a = self._c
        self._kind = _enum_or_int(ActionKind, a.kind)
        self._figure = a.figure
        self._target = a.target
        self._facing = None if a.facing < 0 else a.facing
        self._path = [(a.xy[2 * i], a.xy[2 * i + 1]) for i in range(a.npoints)]

    def _members(self) -> Tuple[Any, int, int, Optional[float], List[Point]]:
        if self._kind is _UNREAD:
            self._read()
        return self._kind, self._figure, self._target, self._facing, self._path

    @property
    def kind(self) -> ActionKind:
        """What is done (ActionKind)."""
        k: ActionKind = self._members()[0]
        return k


    @property
    def figure(self) -> int:
        """The acting figure, or -1."""
        return self._members()[1]


    @property
    def target(self) -> int:
        """SHOOT, CHARGE: the enemy; MOUNT: the horse; else -1."""
        return self._members()[2]


    @property
    def facing(self) -> Optional[float]:
        """MOVE, CHARGE, TURN: the facing at the end, degrees; None keeps it."""
        return self._members()[3]


    @property
    def path(self) -> List[Point]:
        """MOVE: the (x, y) points, the last one the destination. A copy:
        assign a new path to change it."""
        return list(self._members()[4])


    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self._members() == other._members()

    def __hash__(self) -> int:
        kind, figure, target, facing, path = self._members()
        return hash((int(kind), figure, target, facing, tuple(path)))

    def replace(self, **changes: Any) -> "Action":
        """A copy with some members changed (an Action is frozen, and
        hashable: a dict key, a set member): a.replace(target=3)."""
        kind, figure, target, facing, path = self._members()
        members = {"kind": kind, "figure": figure, "target": target, "facing": facing,
                   "path": path}
        unknown = set(changes) - set(members)
        if unknown:
            raise TypeError("Action has no member %s" % ", ".join(sorted(unknown)))
        members.update(changes)
        return Action(**members)

    def __repr__(self) -> str:
        kind, figure, target, facing, path = self._members()
        return "Action(kind=%r, figure=%r, target=%r, facing=%r, path=%r)" % (
            kind, figure, target, facing, path)

    def __copy__(self) -> "Action":
        kind, figure, target, facing, path = self._members()
        return Action(kind, figure, target, facing, path)

    @classmethod
    def move(cls, figure: int, *path: Point, facing: Optional[float] = None) -> "Action":
        """A move along (x, y) points, the last one the destination."""
        return cls(ActionKind.MOVE, figure, path=path, facing=facing)

    @classmethod
    def charge(cls, figure: int, target: int, facing: Optional[float] = None) -> "Action":
        """A charge straight at an enemy, until the bases touch."""
        return cls(ActionKind.CHARGE, figure, target, facing=facing)

    @classmethod
    def shoot(cls, figure: int, target: int) -> "Action":
        """A shot at a target."""
        return cls(ActionKind.SHOOT, figure, target)

    @classmethod
    def reload(cls, figure: int) -> "Action":
        """Senso S8: reloads an arquebus."""
        return cls(ActionKind.RELOAD, figure)

    @classmethod
    def fight(cls, figure: int) -> "Action":
        """A figure in contact fights (Sampson: its melee, A7)."""
        return cls(ActionKind.FIGHT, figure)

    @classmethod
    def mount(cls, figure: int, horse: int) -> "Action":
        """Senso S9: mounts a riderless horse in contact."""
        return cls(ActionKind.MOUNT, figure, horse)

    @classmethod
    def dismount(cls, figure: int) -> "Action":
        """Senso S9: dismounts."""
        return cls(ActionKind.DISMOUNT, figure)

    @classmethod
    def turn(cls, figure: int, facing: float) -> "Action":
        """Sampson A3: turns on the spot."""
        return cls(ActionKind.TURN, figure, facing=facing)

    @classmethod
    def start(cls) -> "Action":
        """The start of the game (ends setup)."""
        return cls(ActionKind.START)

    @classmethod
    def end_phase(cls) -> "Action":
        """Ends the active player's phase."""
        return cls(ActionKind.END_PHASE)

    @classmethod
    def end_turn(cls) -> "Action":
        """Ends the active player's turn."""
        return cls(ActionKind.END_TURN)

    def _to_c(self) -> Any:
        """The C struct (made once; changing a member makes it again)."""
        c = self._c
        if c is None:
            c = ffi.new("skirmish_action *")
            _check_status(lib.skirmish_action_init(c, lib.SKIRMISH_ACTION_VERSION))
            c.kind = int(self._kind)
            c.figure = self._figure
            c.target = self._target
            c.facing = c_facing(self._facing)
            c.npoints = len(self._path)
            for i, (x, y) in enumerate(self._path):
                c.xy[2 * i] = x
                c.xy[2 * i + 1] = y
            self._c = c
        return c


class LegalActions(Sequence):  # type: ignore[type-arg]
    """The legal actions of a moment of a game, as a read-only sequence of
    Action (what Game.legal_actions() returns).

    The actions stay C structs in one array until one is looked at:
    ``len()``, indexing and ``random.choice()`` make no Python object but
    the Action picked. The array is the game's own buffer until the game
    lists actions again; then this sequence keeps a copy, so it stays
    valid for as long as it is kept."""

    __slots__ = ("_arr", "_n", "__weakref__")

    def __init__(self, arr: Any, n: int) -> None:
        self._arr = arr
        self._n = n

    def _detach(self) -> None:
        """Copies the actions out of the game's buffer (it is to be reused)."""
        n = self._n
        copy = ffi.new("skirmish_action[]", max(n, 1))
        ffi.memmove(copy, self._arr, n * ffi.sizeof("skirmish_action"))
        self._arr = copy

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, i: int) -> Action: ...

    @overload
    def __getitem__(self, i: slice) -> List[Action]: ...

    def __getitem__(self, i: Union[int, slice]) -> Union[Action, List[Action]]:
        if type(i) is not int:
            if isinstance(i, slice):
                return [self[k] for k in range(*i.indices(self._n))]
            i = c_int(i, "index")
        n = self._n
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("legal action index out of range")
        a = Action.__new__(Action)
        c = ffi.new("skirmish_action *")
        c[0] = self._arr[i]
        a._c = c
        a._kind = _UNREAD
        return a

    def __iter__(self) -> Iterator[Action]:
        for i in range(self._n):
            yield self[i]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (LegalActions, list, tuple)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        # a listing of a whole side runs to a hundred actions: the count,
        # and the first few
        shown = [repr(self[i]) for i in range(min(self._n, 3))]
        more = ", ... %d more" % (self._n - 3) if self._n > 3 else ""
        return "LegalActions(%d actions: [%s%s])" % (self._n, ", ".join(shown), more)


@dataclass
class Sight:
    """What one figure sees of another (skirmish_game_sight): ``visible``;
    when not, ``reason`` says why ("terrain": ``terrain`` is the blocking
    piece's id; "night": further than 12" at night, S12); ``cover`` and
    the edge-to-edge ``distance`` (inches) as in_cover() and distance()."""
    visible: bool
    reason: str
    terrain: Optional[int]
    cover: bool
    distance: float


@dataclass(frozen=True)
class GameOptions:
    """What a game was made with (skirmish_game_get_options), as the game
    uses it: a game opened with Game.load() tells its own. The fields are
    the keywords of Game(), so ``Game(**dataclasses.asdict(options))``
    makes the same game again (without the callbacks, which are not
    here). ``die_sides`` is the die rolled (6 for the 0 given);
    ``player_order`` the order given, or None when it is rolled off at the
    start (None also after the start: Game.player_order says the order
    rolled); ``seed`` the seed the game was made with (set_seed() does not
    change it)."""
    ruleset: str
    players: int
    umpire: bool
    table_width: float
    table_depth: float
    night: bool
    turn_limit: int
    ring_removal: RingRemoval
    melee_ties: MeleeTies
    die_sides: int
    player_order: Optional[Tuple[int, ...]]
    seed: int


@dataclass
class Threat:
    """One enemy that could get at a figure standing at a point
    (skirmish_game_threats): ``figure`` the enemy's id, ``kind`` "shoot"
    or "charge", the edge-to-edge ``distance`` (inches, G1) and, for a
    shot, whether the point is in ``cover`` from it and within its
    weapon's ``short_range`` (Senso S6)."""
    figure: int
    kind: str
    distance: float
    cover: bool
    short_range: bool


@dataclass
class OddsOutcome:
    """One outcome of an action and its exact chance.

    ``fraction`` is the exact probability (fractions.Fraction, from the C
    numerator and denominator), ``probability`` the same as a float;
    ``float(outcome)`` is that float too. ``side`` says who is killed or
    pushed back (Side.ACTING, Side.OTHER or Side.NOBODY); ``value`` is a
    Sampson push-back's length in thousandths of an inch (else 0)."""
    outcome: Outcome
    value: int
    side: Side
    fraction: fractions.Fraction
    probability: float

    def __float__(self) -> float:
        return self.probability

    @property
    def label(self) -> str:
        """The library's English name of the outcome."""
        return label(self.outcome) if isinstance(self.outcome, Outcome) else str(self.outcome)

    def __str__(self) -> str:
        who = {Side.ACTING: ", acting side", Side.OTHER: ", other side"}.get(self.side, "")
        extra = ' %.3g"' % (self.value / 1000.0) if self.value else ""
        return "%s%s%s: %s (%.4f)" % (self.label, extra, who, self.fraction,
                                       self.probability)


@dataclass
class Odds:
    """The exact chances of each outcome of an action (skirmish_game_odds):
    iterate over it for the OddsOutcome, or ask chance()."""
    outcomes: List[OddsOutcome]
    modifiers: List[Modifier]
    sequences: int
    rerolls: bool

    def as_dict(self) -> Dict[Outcome, fractions.Fraction]:
        """{outcome: Fraction} (outcomes with a value, such as Sampson
        push-backs of several lengths, are summed)."""
        out: Dict[Outcome, fractions.Fraction] = {}
        for o in self.outcomes:
            out[o.outcome] = out.get(o.outcome, fractions.Fraction(0)) + o.fraction
        return out

    def __iter__(self) -> Iterator[OddsOutcome]:
        return iter(self.outcomes)

    def __len__(self) -> int:
        return len(self.outcomes)

    def chance(self, outcome: Optional[Outcome] = None,
               side: Optional[Side] = None) -> fractions.Fraction:
        """The exact chance (Fraction) of the outcomes that match: one
        outcome (any side), outcomes harming one side, or both."""
        total = fractions.Fraction(0)
        for o in self.outcomes:
            if (outcome is None or o.outcome == outcome) and (side is None or o.side == side):
                total += o.fraction
        return total


@dataclass
class PlayoutStats:
    """What a batch of playouts gave (skirmish_playout_stats).

    ``wins`` has one count per player id (the umpire included when there is
    one); ``draws`` are games over without a single winner, ``unfinished``
    games stopped at max_actions, ``horizon_stopped`` games stopped at the
    horizon. ``values`` has, per player id, the sum over all games of
    Game.value() where each game ended or stopped (mean_value() divides
    it by the games)."""
    games: int
    wins: List[int]
    draws: int
    unfinished: int
    actions: int
    average_actions: float
    average_turns: float
    horizon_stopped: int = 0
    values: List[float] = field(default_factory=list)

    def win_rate(self, player: int) -> float:
        """The share of the games won by a player."""
        return self.wins[player] / self.games if self.games else 0.0

    @property
    def draw_rate(self) -> float:
        """The share of the games drawn."""
        return self.draws / self.games if self.games else 0.0

    @property
    def unfinished_rate(self) -> float:
        """The share of the games stopped at max_actions."""
        return self.unfinished / self.games if self.games else 0.0

    def mean_value(self, player: int) -> float:
        """A player's mean value (Game.value()) where the games ended or
        stopped at the horizon."""
        return self.values[player] / self.games if self.games else 0.0


@dataclass
class SearchCandidate:
    """What the search (Game.search()) found of one candidate action: the
    descents that tried it, its mean value to the player to move, in
    [0, 1], and the search's first estimate of it (its prior, in [0, 1])."""
    action: "Action"
    visits: int
    value: float
    prior: float


@dataclass
class Objective:
    """An objective marker (rulings O1-O5): where it is, who carries it
    (a figure id, or None), who scored it by carrying it off (a player, or
    None)."""
    id: int
    name: Optional[str]
    state: ObjectiveState
    carrier: Optional[int]
    player: Optional[int]
    x: float
    y: float
