"""The enumerations, taken from the header's constants (so they follow it),
and the library's English labels of their members."""
import enum

from ._capi import _constants, _str, lib

def _enum(cls_name, prefix, exclude=(), base=enum.IntEnum):
    members = _constants(prefix, exclude)
    members = {k: v for k, v in members.items()
               if k not in ("COUNT", "MAX") and not k.endswith("_VERSION")}
    return base(cls_name, sorted(members.items(), key=lambda kv: kv[1]),
                module=__name__)


Ruleset = _enum("Ruleset", "SKIRMISH_RULESET_")
MeleeWeapon = _enum("MeleeWeapon", "SKIRMISH_MELEE_", ("SKIRMISH_MELEE_TIES",))
MissileWeapon = _enum("MissileWeapon", "SKIRMISH_MISSILE_")
Preset = _enum("Preset", "SKIRMISH_PRESET_")
Phase = _enum("Phase", "SKIRMISH_PHASE_")
State = _enum("State", "SKIRMISH_STATE_")
ActionKind = _enum("ActionKind", "SKIRMISH_ACTION_")
Outcome = _enum("Outcome", "SKIRMISH_OUTCOME_")
RollPurpose = _enum("RollPurpose", "SKIRMISH_ROLL_")
ModifierSource = _enum("ModifierSource", "SKIRMISH_MOD_")
EffectKind = _enum("EffectKind", "SKIRMISH_EFFECT_")
TerrainFlag = _enum("TerrainFlag", "SKIRMISH_TERRAIN_", base=enum.IntFlag)
Shape = _enum("Shape", "SKIRMISH_SHAPE_")
RingRemoval = _enum("RingRemoval", "SKIRMISH_RINGS_")
MeleeTies = _enum("MeleeTies", "SKIRMISH_TIES_")
Policy = _enum("Policy", "SKIRMISH_POLICY_")
Edge = _enum("Edge", "SKIRMISH_EDGE_")
ObjectiveState = _enum("ObjectiveState", "SKIRMISH_OBJECTIVE_")


class Side(enum.IntEnum):
    """Whom an odds outcome harms: the acting side, the other side, or
    nobody (skirmish_odds_outcome.side)."""
    NOBODY = -1
    ACTING = 0
    OTHER = 1


_LABELS = {
    MeleeWeapon: lib.skirmish_melee_weapon_name,
    MissileWeapon: lib.skirmish_missile_weapon_name,
    Preset: lib.skirmish_preset_name,
    Phase: lib.skirmish_phase_name,
    ActionKind: lib.skirmish_action_name,
    Outcome: lib.skirmish_outcome_name,
    ModifierSource: lib.skirmish_modifier_name,
    EffectKind: lib.skirmish_effect_name,
}


def label(member):
    """The library's English name of an enum member: label(MeleeWeapon.WOODEN)
    is "wooden weapon", label(Outcome.HORSE_KILLED) "horse killed"."""
    fn = _LABELS.get(type(member))
    name = _str(fn(int(member))) if fn else None
    return name if name else member.name.lower().replace("_", " ")


def _member(enum_cls, value, what):
    """An enum member from a member, an int or a name ("short sword",
    "short_sword", "SHORT_SWORD")."""
    if isinstance(value, str):
        key = value.strip().upper().replace(" ", "_").replace("-", "_")
        try:
            return enum_cls[key]
        except KeyError:
            names = ", ".join(m.name.lower() for m in enum_cls)
            raise ValueError("unknown %s %r (one of: %s)" % (what, value, names)) from None
    return enum_cls(int(value))


def _enum_or_int(cls, v):
    try:
        return cls(v)
    except ValueError:
        return v



def _policy(value):
    return _member(Policy, value, "policy")

