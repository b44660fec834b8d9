# SPDX-License-Identifier: MIT
"""The enumerations of the C header, as Python enums, and the library's
English labels of their members.

The members are written out (so that type checkers know them) with their
values from the header; the binding's tests check that every constant of
the header has its member and no member lacks its constant."""
import enum
from typing import Any, Callable, Dict, Type, TypeVar, Union

from ._capi import _str, lib

E = TypeVar("E", bound=enum.IntEnum)


class _Named(enum.IntEnum):
    """An IntEnum that prints as its name on every Python: str() and an
    empty format() give "Outcome.KILL", as before 3.11 (3.11's IntEnum
    prints its number); a format with a spec ("{:d}") formats the number."""

    def __str__(self) -> str:
        return "%s.%s" % (type(self).__name__, self.name)

    def __format__(self, spec: str) -> str:
        return str(self) if not spec else format(int(self), spec)


class _NamedFlag(enum.IntFlag):
    """An IntFlag that prints its members' names: "TerrainFlag.COVER|ROUGH",
    "TerrainFlag(0)" for none."""

    def __str__(self) -> str:
        cls = type(self)
        names = [m.name for m in cls if m.value and m.name and (self.value & m.value) == m.value
                 and bin(m.value).count("1") == 1]
        rest = self.value & ~sum(m.value for m in cls if m.name in names)
        if rest:
            names.append(str(rest))
        return "%s.%s" % (cls.__name__, "|".join(names)) if names else "%s(0)" % cls.__name__

    def __format__(self, spec: str) -> str:
        return str(self) if not spec else format(int(self), spec)


class Ruleset(_Named):
    """The rulesets (enum skirmish_ruleset)."""
    NONE = lib.SKIRMISH_RULESET_NONE
    SENSO = lib.SKIRMISH_RULESET_SENSO
    SAMPSON = lib.SKIRMISH_RULESET_SAMPSON


class MeleeWeapon(_Named):
    """Melee weapons (enum skirmish_melee_weapon)."""
    UNARMED = lib.SKIRMISH_MELEE_UNARMED
    DAGGER = lib.SKIRMISH_MELEE_DAGGER
    SHORT_SWORD = lib.SKIRMISH_MELEE_SHORT_SWORD
    WOODEN = lib.SKIRMISH_MELEE_WOODEN
    SWORD = lib.SKIRMISH_MELEE_SWORD
    AXE = lib.SKIRMISH_MELEE_AXE
    NAGINATA = lib.SKIRMISH_MELEE_NAGINATA
    YARI = lib.SKIRMISH_MELEE_YARI
    SPEAR = lib.SKIRMISH_MELEE_SPEAR
    LONG_SPEAR = lib.SKIRMISH_MELEE_LONG_SPEAR


class MissileWeapon(_Named):
    """Missile weapons (enum skirmish_missile_weapon)."""
    NONE = lib.SKIRMISH_MISSILE_NONE
    BOW = lib.SKIRMISH_MISSILE_BOW
    BLOWPIPE = lib.SKIRMISH_MISSILE_BLOWPIPE
    SHURIKEN = lib.SKIRMISH_MISSILE_SHURIKEN
    ARQUEBUS = lib.SKIRMISH_MISSILE_ARQUEBUS
    LONG_BOW = lib.SKIRMISH_MISSILE_LONG_BOW
    SHORT_BOW = lib.SKIRMISH_MISSILE_SHORT_BOW
    SLING = lib.SKIRMISH_MISSILE_SLING
    PELTAST = lib.SKIRMISH_MISSILE_PELTAST
    JAVELIN = lib.SKIRMISH_MISSILE_JAVELIN


class Preset(_Named):
    """The example figures of the rules (enum skirmish_preset, Senso S1)."""
    FENCING_INSTRUCTOR = lib.SKIRMISH_PRESET_FENCING_INSTRUCTOR
    NINJA = lib.SKIRMISH_PRESET_NINJA
    SAMURAI = lib.SKIRMISH_PRESET_SAMURAI
    SAMURAI_VETERAN_MOUNTED = lib.SKIRMISH_PRESET_SAMURAI_VETERAN_MOUNTED
    MONK = lib.SKIRMISH_PRESET_MONK
    ASHIGARU_BOW = lib.SKIRMISH_PRESET_ASHIGARU_BOW
    ASHIGARU_ARQUEBUS = lib.SKIRMISH_PRESET_ASHIGARU_ARQUEBUS
    ASHIGARU_YARI = lib.SKIRMISH_PRESET_ASHIGARU_YARI
    PEASANT = lib.SKIRMISH_PRESET_PEASANT


class Phase(_Named):
    """The phases of a player turn (enum skirmish_phase)."""
    NONE = lib.SKIRMISH_PHASE_NONE
    ACTIONS = lib.SKIRMISH_PHASE_ACTIONS
    MOVE = lib.SKIRMISH_PHASE_MOVE
    MISSILE = lib.SKIRMISH_PHASE_MISSILE
    MELEE = lib.SKIRMISH_PHASE_MELEE


class State(_Named):
    """The state of a game: setup, playing, over (enum skirmish_game_state)."""
    SETUP = lib.SKIRMISH_STATE_SETUP
    PLAYING = lib.SKIRMISH_STATE_PLAYING
    OVER = lib.SKIRMISH_STATE_OVER


class ActionKind(_Named):
    """The kinds of action (enum skirmish_action_kind)."""
    NONE = lib.SKIRMISH_ACTION_NONE
    START = lib.SKIRMISH_ACTION_START
    MOVE = lib.SKIRMISH_ACTION_MOVE
    SHOOT = lib.SKIRMISH_ACTION_SHOOT
    RELOAD = lib.SKIRMISH_ACTION_RELOAD
    FIGHT = lib.SKIRMISH_ACTION_FIGHT
    MOUNT = lib.SKIRMISH_ACTION_MOUNT
    DISMOUNT = lib.SKIRMISH_ACTION_DISMOUNT
    TURN = lib.SKIRMISH_ACTION_TURN
    END_PHASE = lib.SKIRMISH_ACTION_END_PHASE
    END_TURN = lib.SKIRMISH_ACTION_END_TURN
    CHARGE = lib.SKIRMISH_ACTION_CHARGE


class Outcome(_Named):
    """What an action came to (enum skirmish_outcome)."""
    NONE = lib.SKIRMISH_OUTCOME_NONE
    MISS = lib.SKIRMISH_OUTCOME_MISS
    HIT = lib.SKIRMISH_OUTCOME_HIT
    KILL = lib.SKIRMISH_OUTCOME_KILL
    HORSE_KILLED = lib.SKIRMISH_OUTCOME_HORSE_KILLED
    SUPPRESSED = lib.SKIRMISH_OUTCOME_SUPPRESSED
    ATTACKER_WINS = lib.SKIRMISH_OUTCOME_ATTACKER_WINS
    DEFENDER_WINS = lib.SKIRMISH_OUTCOME_DEFENDER_WINS
    PUSHED_BACK = lib.SKIRMISH_OUTCOME_PUSHED_BACK
    STANDOFF = lib.SKIRMISH_OUTCOME_STANDOFF


class RollPurpose(_Named):
    """Why a die was rolled (enum skirmish_roll_purpose)."""
    ORDER = lib.SKIRMISH_ROLL_ORDER
    SHOOT = lib.SKIRMISH_ROLL_SHOOT
    SAVE = lib.SKIRMISH_ROLL_SAVE
    HORSE = lib.SKIRMISH_ROLL_HORSE
    MELEE = lib.SKIRMISH_ROLL_MELEE


class ModifierSource(_Named):
    """What gives a modifier to a score (enum skirmish_modifier_source)."""
    COVER = lib.SKIRMISH_MOD_COVER
    MOUNTED_TARGET = lib.SKIRMISH_MOD_MOUNTED_TARGET
    ARQUEBUS = lib.SKIRMISH_MOD_ARQUEBUS
    SHORT_RANGE = lib.SKIRMISH_MOD_SHORT_RANGE
    UNARMOURED = lib.SKIRMISH_MOD_UNARMOURED
    UNARMED = lib.SKIRMISH_MOD_UNARMED
    MARTIAL_ARTS = lib.SKIRMISH_MOD_MARTIAL_ARTS
    LIGHT_WEAPON = lib.SKIRMISH_MOD_LIGHT_WEAPON
    OUTNUMBERED = lib.SKIRMISH_MOD_OUTNUMBERED
    FOOT_VS_MOUNTED = lib.SKIRMISH_MOD_FOOT_VS_MOUNTED
    DEFENDING_COVER = lib.SKIRMISH_MOD_DEFENDING_COVER
    WEAPON = lib.SKIRMISH_MOD_WEAPON
    SHIELD = lib.SKIRMISH_MOD_SHIELD
    ARMOUR = lib.SKIRMISH_MOD_ARMOUR
    OBSTACLE = lib.SKIRMISH_MOD_OBSTACLE
    UPHILL = lib.SKIRMISH_MOD_UPHILL
    DEFENDING_OBSTACLE = lib.SKIRMISH_MOD_DEFENDING_OBSTACLE
    LONGER_WEAPON = lib.SKIRMISH_MOD_LONGER_WEAPON
    MOVED_INTO_CONTACT = lib.SKIRMISH_MOD_MOVED_INTO_CONTACT
    COMRADE = lib.SKIRMISH_MOD_COMRADE


class EffectKind(_Named):
    """The kinds of change an action makes (enum skirmish_effect_kind)."""
    MOVED = lib.SKIRMISH_EFFECT_MOVED
    TURNED = lib.SKIRMISH_EFFECT_TURNED
    RINGS = lib.SKIRMISH_EFFECT_RINGS
    KILLED = lib.SKIRMISH_EFFECT_KILLED
    REMOVED = lib.SKIRMISH_EFFECT_REMOVED
    HORSE_KILLED = lib.SKIRMISH_EFFECT_HORSE_KILLED
    DISMOUNTED = lib.SKIRMISH_EFFECT_DISMOUNTED
    MOUNTED = lib.SKIRMISH_EFFECT_MOUNTED
    SUPPRESSED = lib.SKIRMISH_EFFECT_SUPPRESSED
    SUPPRESSION_ENDS = lib.SKIRMISH_EFFECT_SUPPRESSION_ENDS
    PUSHED_BACK = lib.SKIRMISH_EFFECT_PUSHED_BACK
    RELOADED = lib.SKIRMISH_EFFECT_RELOADED
    UNLOADED = lib.SKIRMISH_EFFECT_UNLOADED
    MELEE_JOINED = lib.SKIRMISH_EFFECT_MELEE_JOINED
    MELEE_LEFT = lib.SKIRMISH_EFFECT_MELEE_LEFT
    TURN_STARTS = lib.SKIRMISH_EFFECT_TURN_STARTS
    PHASE_STARTS = lib.SKIRMISH_EFFECT_PHASE_STARTS
    GAME_OVER = lib.SKIRMISH_EFFECT_GAME_OVER
    ORDER = lib.SKIRMISH_EFFECT_ORDER
    OBJECTIVE_TAKEN = lib.SKIRMISH_EFFECT_OBJECTIVE_TAKEN
    OBJECTIVE_DROPPED = lib.SKIRMISH_EFFECT_OBJECTIVE_DROPPED
    OBJECTIVE_OFF = lib.SKIRMISH_EFFECT_OBJECTIVE_OFF
    FIGHT = lib.SKIRMISH_EFFECT_FIGHT
    ASSISTS = lib.SKIRMISH_EFFECT_ASSISTS
    PUSH_STOPPED = lib.SKIRMISH_EFFECT_PUSH_STOPPED


class TerrainFlag(_NamedFlag):
    """What a terrain piece is: rough, cover, an obstacle, ... (flags)."""
    ROUGH = lib.SKIRMISH_TERRAIN_ROUGH
    COVER = lib.SKIRMISH_TERRAIN_COVER
    BLOCKS_SIGHT = lib.SKIRMISH_TERRAIN_BLOCKS_SIGHT
    OBSTACLE = lib.SKIRMISH_TERRAIN_OBSTACLE
    WATER = lib.SKIRMISH_TERRAIN_WATER
    CLIMB = lib.SKIRMISH_TERRAIN_CLIMB
    IMPASSABLE = lib.SKIRMISH_TERRAIN_IMPASSABLE
    HILL = lib.SKIRMISH_TERRAIN_HILL


class Shape(_Named):
    """The outline of a terrain piece (enum skirmish_shape)."""
    RECT = lib.SKIRMISH_SHAPE_RECT
    POLYGON = lib.SKIRMISH_SHAPE_POLYGON
    CIRCLE = lib.SKIRMISH_SHAPE_CIRCLE


class RingRemoval(_Named):
    """When rings come off (enum skirmish_ring_removal)."""
    PLAYER_TURN = lib.SKIRMISH_RINGS_PLAYER_TURN
    GAME_TURN = lib.SKIRMISH_RINGS_GAME_TURN


class MeleeTies(_Named):
    """How a tied melee is settled (enum skirmish_melee_ties)."""
    REROLL = lib.SKIRMISH_TIES_REROLL
    STANDOFF = lib.SKIRMISH_TIES_STANDOFF


class Policy(_Named):
    """The built-in policies of bots and playouts (enum skirmish_policy)."""
    RANDOM = lib.SKIRMISH_POLICY_RANDOM
    GREEDY = lib.SKIRMISH_POLICY_GREEDY
    ROLLOUT = lib.SKIRMISH_POLICY_ROLLOUT


class Edge(_Named):
    """A table edge (enum skirmish_edge), for an objective's exit."""
    NONE = lib.SKIRMISH_EDGE_NONE
    SOUTH = lib.SKIRMISH_EDGE_SOUTH
    NORTH = lib.SKIRMISH_EDGE_NORTH
    WEST = lib.SKIRMISH_EDGE_WEST
    EAST = lib.SKIRMISH_EDGE_EAST


class ObjectiveState(_Named):
    """Where an objective marker is (enum skirmish_objective_state)."""
    ON_TABLE = lib.SKIRMISH_OBJECTIVE_ON_TABLE
    CARRIED = lib.SKIRMISH_OBJECTIVE_CARRIED
    OFF_TABLE = lib.SKIRMISH_OBJECTIVE_OFF_TABLE


class Side(_Named):
    """Whom an odds outcome harms: the acting side, the other side, or
    nobody (skirmish_odds_outcome.side)."""
    NOBODY = -1
    ACTING = 0
    OTHER = 1


#: enum class -> (prefix of its header constants, names of other
#: constants under that prefix); COUNT, MAX and *VERSION are never members
PREFIXES: Dict[Type[enum.Enum], Any] = {
    Ruleset: ("SKIRMISH_RULESET_", ()),
    MeleeWeapon: ("SKIRMISH_MELEE_", ("TIES",)),
    MissileWeapon: ("SKIRMISH_MISSILE_", ()),
    Preset: ("SKIRMISH_PRESET_", ()),
    Phase: ("SKIRMISH_PHASE_", ()),
    State: ("SKIRMISH_STATE_", ()),
    ActionKind: ("SKIRMISH_ACTION_", ()),
    Outcome: ("SKIRMISH_OUTCOME_", ()),
    RollPurpose: ("SKIRMISH_ROLL_", ()),
    ModifierSource: ("SKIRMISH_MOD_", ()),
    EffectKind: ("SKIRMISH_EFFECT_", ()),
    TerrainFlag: ("SKIRMISH_TERRAIN_", ()),
    Shape: ("SKIRMISH_SHAPE_", ()),
    RingRemoval: ("SKIRMISH_RINGS_", ()),
    MeleeTies: ("SKIRMISH_TIES_", ()),
    Policy: ("SKIRMISH_POLICY_", ()),
    Edge: ("SKIRMISH_EDGE_", ()),
    ObjectiveState: ("SKIRMISH_OBJECTIVE_", ()),
}

_LABELS: Dict[Type[enum.Enum], Callable[[int], Any]] = {
    MeleeWeapon: lib.skirmish_melee_weapon_name,
    MissileWeapon: lib.skirmish_missile_weapon_name,
    Preset: lib.skirmish_preset_name,
    Phase: lib.skirmish_phase_name,
    ActionKind: lib.skirmish_action_name,
    Outcome: lib.skirmish_outcome_name,
    ModifierSource: lib.skirmish_modifier_name,
    EffectKind: lib.skirmish_effect_name,
}


def label(member: enum.IntEnum) -> str:
    """The library's English name of an enum member: label(MeleeWeapon.WOODEN)
    is "wooden weapon", label(Outcome.HORSE_KILLED) "horse killed"."""
    fn = _LABELS.get(type(member))
    name = _str(fn(int(member))) if fn else None
    return name if name else str(member.name).lower().replace("_", " ")


def _member(enum_cls: Type[E], value: Union[E, int, str], what: str) -> E:
    """An enum member from a member, an int or a name ("short sword",
    "short_sword", "SHORT_SWORD"); ValueError names ``what`` and the
    choices, TypeError the type refused."""
    if isinstance(value, str):
        key = value.strip().upper().replace(" ", "_").replace("-", "_")
        try:
            return enum_cls[key]
        except KeyError:
            names = ", ".join(m.name.lower() for m in enum_cls)
            raise ValueError("unknown %s %r (one of: %s)" % (what, value, names)) from None
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("%s must be a %s, its name or its value, not %s"
                        % (what, enum_cls.__name__, type(value).__name__))
    try:
        return enum_cls(value)
    except ValueError:
        names = ", ".join(m.name.lower() for m in enum_cls)
        raise ValueError("unknown %s %r (one of: %s)" % (what, value, names)) from None


def _enum_or_int(cls: Type[E], v: int) -> Any:
    """The member of value v, or v itself when this binding does not know
    it (a later library)."""
    try:
        return cls(v)
    except ValueError:
        return v


def _policy(value: Union["Policy", int, str]) -> "Policy":
    return _member(Policy, value, "policy")
