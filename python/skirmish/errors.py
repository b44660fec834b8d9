# SPDX-License-Identifier: MIT
"""The exceptions: SkirmishError, and one subclass per SKIRMISH_E_* code
(the binding's tests check that every code of the header has its class)."""
from typing import Dict, NoReturn, Optional, Type

from ._capi import _str, lib

__all__ = [
    "SkirmishError",
    "InvalidError",
    "NoMemoryError",
    "VersionError",
    "UnknownRulesetError",
    "NoFigureError",
    "NoPlayerError",
    "StateError",
    "NotYourTurnError",
    "WrongPhaseError",
    "CannotActError",
    "OutOfRangeError",
    "NoSightError",
    "TooFarError",
    "BlockedError",
    "NoWeaponError",
    "InMeleeError",
    "NotInContactError",
    "TargetError",
    "DiceError",
    "UnsupportedError",
    "PendingError",
    "FormatError",
    "LimitError",
    "RefereeError",
]


class SkirmishError(Exception):
    """A libskirmish call failed. ``code`` is the SKIRMISH_E_* status,
    ``name`` its name, ``message`` the game's message (why)."""

    code: int = 0

    def __init__(self, code: int, message: Optional[str] = None) -> None:
        self.code = code
        text = _str(lib.skirmish_strerror(code)) or "error %d" % code
        self.name = text.split(":")[0]
        self.message = message or text
        super().__init__("%s (%s)" % (self.message, self.name))


class InvalidError(SkirmishError):
    """Invalid argument (SKIRMISH_E_INVALID)."""
    code = lib.SKIRMISH_E_INVALID


class NoMemoryError(SkirmishError):
    """Out of memory (SKIRMISH_E_NOMEM)."""
    code = lib.SKIRMISH_E_NOMEM


class VersionError(SkirmishError):
    """Unknown struct version (SKIRMISH_E_VERSION)."""
    code = lib.SKIRMISH_E_VERSION


class UnknownRulesetError(SkirmishError):
    """Unknown ruleset (SKIRMISH_E_UNKNOWN_RULESET)."""
    code = lib.SKIRMISH_E_UNKNOWN_RULESET


class NoFigureError(SkirmishError):
    """No such figure (SKIRMISH_E_NO_FIGURE)."""
    code = lib.SKIRMISH_E_NO_FIGURE


class NoPlayerError(SkirmishError):
    """No such player (SKIRMISH_E_NO_PLAYER)."""
    code = lib.SKIRMISH_E_NO_PLAYER


class StateError(SkirmishError):
    """Not allowed in this state of the game (SKIRMISH_E_STATE)."""
    code = lib.SKIRMISH_E_STATE


class NotYourTurnError(SkirmishError):
    """Not this player's turn (SKIRMISH_E_NOT_YOUR_TURN)."""
    code = lib.SKIRMISH_E_NOT_YOUR_TURN


class WrongPhaseError(SkirmishError):
    """Not allowed in this phase (SKIRMISH_E_WRONG_PHASE)."""
    code = lib.SKIRMISH_E_WRONG_PHASE


class CannotActError(SkirmishError):
    """The figure cannot act (SKIRMISH_E_CANNOT_ACT)."""
    code = lib.SKIRMISH_E_CANNOT_ACT


class OutOfRangeError(SkirmishError):
    """Out of range (SKIRMISH_E_OUT_OF_RANGE)."""
    code = lib.SKIRMISH_E_OUT_OF_RANGE


class NoSightError(SkirmishError):
    """Target not visible (SKIRMISH_E_NO_SIGHT)."""
    code = lib.SKIRMISH_E_NO_SIGHT


class TooFarError(SkirmishError):
    """Move longer than the allowance (SKIRMISH_E_TOO_FAR)."""
    code = lib.SKIRMISH_E_TOO_FAR


class BlockedError(SkirmishError):
    """Path blocked (SKIRMISH_E_BLOCKED)."""
    code = lib.SKIRMISH_E_BLOCKED


class NoWeaponError(SkirmishError):
    """No weapon for that (SKIRMISH_E_NO_WEAPON)."""
    code = lib.SKIRMISH_E_NO_WEAPON


class InMeleeError(SkirmishError):
    """In melee (SKIRMISH_E_IN_MELEE)."""
    code = lib.SKIRMISH_E_IN_MELEE


class NotInContactError(SkirmishError):
    """Not in base contact (SKIRMISH_E_NOT_IN_CONTACT)."""
    code = lib.SKIRMISH_E_NOT_IN_CONTACT


class TargetError(SkirmishError):
    """Not a valid target (SKIRMISH_E_TARGET)."""
    code = lib.SKIRMISH_E_TARGET


class DiceError(SkirmishError):
    """The dice roller failed (SKIRMISH_E_DICE)."""
    code = lib.SKIRMISH_E_DICE


class UnsupportedError(SkirmishError):
    """Not part of this ruleset (SKIRMISH_E_UNSUPPORTED)."""
    code = lib.SKIRMISH_E_UNSUPPORTED


class PendingError(SkirmishError):
    """Something must be done first (SKIRMISH_E_PENDING)."""
    code = lib.SKIRMISH_E_PENDING


class FormatError(SkirmishError):
    """Malformed data (SKIRMISH_E_FORMAT)."""
    code = lib.SKIRMISH_E_FORMAT


class LimitError(SkirmishError):
    """A size limit was reached (SKIRMISH_E_LIMIT)."""
    code = lib.SKIRMISH_E_LIMIT


class RefereeError(SkirmishError):
    """The referee found a broken invariant; the action was rolled back
    (SKIRMISH_E_REFEREE)."""
    code = lib.SKIRMISH_E_REFEREE


_ERRORS: Dict[int, Type[SkirmishError]] = {}
for _name in __all__[1:]:
    _cls = globals()[_name]
    _ERRORS[_cls.code] = _cls
del _name, _cls


def error_class(code: int) -> Type[SkirmishError]:
    """The exception class of a SKIRMISH_E_* code (SkirmishError for a
    code this binding does not know)."""
    return _ERRORS.get(code, SkirmishError)


def _raise(code: int, message: Optional[str] = None) -> NoReturn:
    raise error_class(code)(code, message)


def _check_status(rc: int) -> int:
    """rc, or the exception of a negative status."""
    if rc < 0:
        _raise(rc)
    return rc
