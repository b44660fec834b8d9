"""The exceptions: one subclass of SkirmishError per SKIRMISH_E_* code."""
from ._capi import _constants, _str, lib

__all__ = ["SkirmishError"]

class SkirmishError(Exception):
    """A libskirmish call failed. ``code`` is the SKIRMISH_E_* status,
    ``name`` its name, ``message`` the game's message (why)."""

    code = None

    def __init__(self, code, message=None):
        self.code = code
        self.name = _str(lib.skirmish_strerror(code)).split(":")[0]
        self.message = message or _str(lib.skirmish_strerror(code))
        super().__init__("%s (%s)" % (self.message, self.name))


_ERROR_NAMES = {
    "INVALID": "InvalidError", "NOMEM": "NoMemoryError",
    "VERSION": "VersionError", "UNKNOWN_RULESET": "UnknownRulesetError",
    "NO_FIGURE": "NoFigureError", "NO_PLAYER": "NoPlayerError",
    "STATE": "StateError", "NOT_YOUR_TURN": "NotYourTurnError",
    "WRONG_PHASE": "WrongPhaseError", "CANNOT_ACT": "CannotActError",
    "OUT_OF_RANGE": "OutOfRangeError", "NO_SIGHT": "NoSightError",
    "TOO_FAR": "TooFarError", "BLOCKED": "BlockedError",
    "NO_WEAPON": "NoWeaponError", "IN_MELEE": "InMeleeError",
    "NOT_IN_CONTACT": "NotInContactError", "TARGET": "TargetError",
    "DICE": "DiceError", "UNSUPPORTED": "UnsupportedError",
    "PENDING": "PendingError", "FORMAT": "FormatError", "LIMIT": "LimitError",
}

_ERRORS = {}
for _name, _code in _constants("SKIRMISH_E_").items():
    _cls_name = _ERROR_NAMES.get(
        _name, "".join(w.capitalize() for w in _name.split("_")) + "Error")
    _cls = type(_cls_name, (SkirmishError,),
                {"__doc__": _str(lib.skirmish_strerror(_code)), "code": _code,
                 "__module__": __name__})
    _ERRORS[_code] = _cls
    globals()[_cls_name] = _cls
    __all__.append(_cls_name)
del _name, _code, _cls_name, _cls


def error_class(code):
    """The exception class of a SKIRMISH_E_* code."""
    return _ERRORS.get(code, SkirmishError)


def _raise(code, message=None):
    raise error_class(code)(code, message)


def _check_status(rc):
    if rc < 0:
        _raise(rc)
    return rc

