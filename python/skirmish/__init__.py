# SPDX-License-Identifier: MIT
"""libskirmish for Python: Sensō and Sampson Ships, exactly.

A thin, Pythonic layer over the cffi extension ``_skirmish_cffi`` (built by
meson from the public C header). The C API is the authority; this module
only changes its shape:

- ``Game`` owns one ``skirmish_game``; options are keyword arguments.
- Every action returns a ``Result``: plain Python objects for the dice, the
  modifiers (with their rule ids), the effects and the English sentence.
- A negative status becomes an exception: ``SkirmishError`` carries the
  code and the game's message; there is one subclass per code
  (``NoSightError``, ``OutOfRangeError``, ...).
- The dice roller may be any Python callable ``roll(sides) -> int``.

    >>> import skirmish
    >>> with skirmish.Game("senso", seed=1) as g:
    ...     a = g.add_figure(0, 10, 10, preset="samurai", name="Taro")
    ...     b = g.add_figure(1, 30, 10, preset="peasant", name="Gonbei")
    ...     _ = g.start()
    ...     g.distance(a, b)
    19.0
"""
from ._capi import __version__, _str, version
from ._capi import ffi as ffi, lib as lib  # the C calls, for what the package lacks
from .enums import (ActionKind, Edge, EffectKind, MeleeTies, MeleeWeapon,
                    MissileWeapon, ModifierSource, ObjectiveState, Outcome,
                    Phase, Policy, Preset, RingRemoval, RollPurpose, Ruleset,
                    Shape, Side, State, TerrainFlag, _enum_or_int, _member,
                    _policy, label)
from . import errors as _errors
from .errors import *  # noqa: F401,F403  SkirmishError, one class per SKIRMISH_E_* code
from .errors import SkirmishError, error_class
from .results import (Action, Die, Effect, Figure, GameOptions, LegalActions,
                      Modifier, Objective, Odds, OddsOutcome, PlayoutStats, Result,
                      SearchCandidate, Sight, Threat)
from .game import Game, Searcher

__all__ = [
    "Game", "Searcher", "GameOptions", "Figure", "Result", "Die", "Modifier", "Effect", "Action",
    "Odds", "OddsOutcome", "version",
    "Ruleset", "MeleeWeapon", "MissileWeapon", "Preset", "Phase", "State",
    "ActionKind", "Outcome", "RollPurpose", "ModifierSource", "EffectKind",
    "TerrainFlag", "Shape", "RingRemoval", "MeleeTies", "label",
    "Policy", "Edge", "ObjectiveState", "Objective", "Side", "PlayoutStats",
    "SearchCandidate",
    "LegalActions", "Sight", "Threat", "error_class", "__version__",
]

# SkirmishError and one exception class per SKIRMISH_E_* code, written out
# in errors.py (so that type checkers see skirmish.NotYourTurnError)
__all__ += _errors.__all__

# The public classes are the package's: their module is "skirmish", where
# they are found (reprs, tracebacks, pickling), not the module defining them.
_obj: object
_name: str
for _name in __all__:
    _obj = globals()[_name]
    if isinstance(_obj, type):
        _obj.__module__ = __name__
del _name, _obj
