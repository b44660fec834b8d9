"""Plain Python objects for what the library returns: results and what is
in them, figures, actions, odds, playout statistics and objectives."""
import fractions
from dataclasses import dataclass, field
from typing import List, Optional, Tuple

from ._capi import _str, ffi, lib
from .enums import (ActionKind, EffectKind, MeleeWeapon, MissileWeapon,
                    ModifierSource, ObjectiveState, Outcome, RollPurpose, Side,
                    _enum_or_int, label)
from .errors import _check_status

@dataclass
class Die:
    """One die rolled (G6): who rolled, its sides and value, and why."""
    figure: int
    player: int
    sides: int
    value: int
    purpose: RollPurpose
    side: int
    round: int


@dataclass
class Modifier:
    """One modifier applied to a score, with the rule that gives it."""
    figure: int
    side: int
    value: int
    source: ModifierSource
    rule: str

    @property
    def label(self):
        return _str(lib.skirmish_modifier_name(int(self.source)))


@dataclass
class Effect:
    """One change to the game (a move, rings, a kill, ...)."""
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


@dataclass
class Result:
    """What an action did: every die, modifier and effect, and the sentence."""
    action: ActionKind
    figure: int
    target: int
    outcome: Outcome
    player: int
    distance: float
    score: Tuple[int, int]
    dice: List[Die] = field(default_factory=list)
    modifiers: List[Modifier] = field(default_factory=list)
    effects: List[Effect] = field(default_factory=list)
    text: str = ""

    def __str__(self):
        return self.text



def _die(d):
    return Die(d.figure, d.player, d.sides, d.value,
               _enum_or_int(RollPurpose, d.purpose), d.side, d.round)


def _modifier(m):
    return Modifier(m.figure, m.side, m.value,
                    _enum_or_int(ModifierSource, m.source), _str(m.rule))


def _effect(e):
    return Effect(_enum_or_int(EffectKind, e.kind), e.figure, e.other, e.player,
                  e.value, e.x0, e.y0, e.facing0, e.x1, e.y1, e.facing1,
                  _str(e.rule))


def _result(r):
    return Result(
        action=_enum_or_int(ActionKind, r.action), figure=r.figure,
        target=r.target, outcome=_enum_or_int(Outcome, r.outcome),
        player=r.player, distance=r.distance,
        score=(r.score[0], r.score[1]),
        dice=[_die(r.dice[i]) for i in range(r.ndice)],
        modifiers=[_modifier(r.modifiers[i]) for i in range(r.nmodifiers)],
        effects=[_effect(r.effects[i]) for i in range(r.neffects)],
        text=_str(r.text) or "")


class Figure:
    """A figure as read from the game: a plain object whose attributes are
    the members of ``skirmish_figure_info`` (id, player, name, x, y, facing,
    dv, melee_weapon, missile_weapon, rings, removed, can_act, ...)."""

    _BOOLS = ("mounted", "armour", "shield", "martial_arts", "loaded",
              "is_horse", "removed", "suppressed", "in_melee", "acted", "shot",
              "can_act")

    def __init__(self, **fields):
        self.__dict__.update(fields)

    @classmethod
    def _from_c(cls, info):
        fields = {}
        for name, _ in ffi.typeof(info[0]).fields:
            if name == "version":
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

    def __eq__(self, other):
        return isinstance(other, Figure) and self.__dict__ == other.__dict__

    def __repr__(self):
        keys = ("id", "name", "player", "x", "y", "dv", "rings", "removed")
        return "Figure(%s)" % ", ".join(
            "%s=%r" % (k, self.__dict__[k]) for k in keys if k in self.__dict__)


@dataclass
class Action:
    """An action as data (skirmish_action): for act(), odds(), check()."""
    kind: ActionKind
    figure: int = -1
    target: int = -1
    facing: Optional[float] = None
    path: List[Tuple[float, float]] = field(default_factory=list)

    @classmethod
    def move(cls, figure, *path, facing=None):
        return cls(ActionKind.MOVE, figure, path=[tuple(p) for p in path],
                   facing=facing)

    @classmethod
    def charge(cls, figure, target, facing=None):
        return cls(ActionKind.CHARGE, figure, target, facing=facing)

    @classmethod
    def shoot(cls, figure, target):
        return cls(ActionKind.SHOOT, figure, target)

    @classmethod
    def reload(cls, figure):
        return cls(ActionKind.RELOAD, figure)

    @classmethod
    def fight(cls, figure):
        return cls(ActionKind.FIGHT, figure)

    @classmethod
    def mount(cls, figure, horse):
        return cls(ActionKind.MOUNT, figure, horse)

    @classmethod
    def dismount(cls, figure):
        return cls(ActionKind.DISMOUNT, figure)

    @classmethod
    def turn(cls, figure, facing):
        return cls(ActionKind.TURN, figure, facing=facing)

    @classmethod
    def start(cls):
        return cls(ActionKind.START)

    @classmethod
    def end_phase(cls):
        return cls(ActionKind.END_PHASE)

    @classmethod
    def end_turn(cls):
        return cls(ActionKind.END_TURN)

    def _to_c(self):
        a = ffi.new("skirmish_action *")
        _check_status(lib.skirmish_action_init(a, lib.SKIRMISH_ACTION_VERSION))
        a.kind = int(self.kind)
        a.figure = self.figure
        a.target = self.target
        a.facing = lib.SKIRMISH_FACING_KEEP if self.facing is None else self.facing
        if len(self.path) > lib.SKIRMISH_PATH_MAX:
            raise ValueError("a path has at most %d points" % lib.SKIRMISH_PATH_MAX)
        a.npoints = len(self.path)
        for i, (x, y) in enumerate(self.path):
            a.xy[2 * i] = x
            a.xy[2 * i + 1] = y
        return a

    @classmethod
    def _from_c(cls, a):
        kind = _enum_or_int(ActionKind, a.kind)
        path = [(a.xy[2 * i], a.xy[2 * i + 1]) for i in range(a.npoints)]
        facing = None if a.facing < 0 else a.facing
        return cls(kind, a.figure, a.target, facing, path)


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

    def __float__(self):
        return self.probability

    @property
    def label(self):
        return label(self.outcome) if isinstance(self.outcome, Outcome) else str(self.outcome)

    def __str__(self):
        who = {Side.ACTING: ", acting side", Side.OTHER: ", other side"}.get(self.side, "")
        extra = ' %.3g"' % (self.value / 1000.0) if self.value else ""
        return "%s%s%s: %s (%.4f)" % (self.label, extra, who, self.fraction,
                                       self.probability)


@dataclass
class Odds:
    """The exact chances of each outcome of an action (skirmish_game_odds)."""
    outcomes: List[OddsOutcome]
    modifiers: List[Modifier]
    sequences: int
    rerolls: bool

    def as_dict(self):
        """{outcome: Fraction} (outcomes with a value, such as Sampson
        push-backs of several lengths, are summed)."""
        out = {}
        for o in self.outcomes:
            out[o.outcome] = out.get(o.outcome, 0) + o.fraction
        return out

    def __iter__(self):
        return iter(self.outcomes)

    def __len__(self):
        return len(self.outcomes)

    def chance(self, outcome=None, side=None):
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
    games stopped at max_actions."""
    games: int
    wins: List[int]
    draws: int
    unfinished: int
    actions: int
    average_actions: float
    average_turns: float

    def win_rate(self, player):
        return self.wins[player] / self.games if self.games else 0.0

    @property
    def draw_rate(self):
        return self.draws / self.games if self.games else 0.0

    @property
    def unfinished_rate(self):
        return self.unfinished / self.games if self.games else 0.0


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


