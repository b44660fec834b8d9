# SPDX-License-Identifier: MIT
"""The C boundary: the cffi extension's ``ffi`` and ``lib``, the check that
they agree with this package, and the conversions of Python arguments to C
values (each names the argument it refuses)."""
import math
import operator
from typing import Any, Dict, List, Optional, Sequence, Tuple

from _skirmish_cffi import ffi as ffi, lib as lib

#: The version of these Python sources; the extension and the C library
#: they load must be of the same release (_check_versions).
__version__ = "0.3.0"

INT_MIN = -(1 << 31)
INT_MAX = (1 << 31) - 1
UINT64_MAX = (1 << 64) - 1


def _str(p: Any) -> Optional[str]:
    """A C string as str (None for NULL); bytes that are not UTF-8 are
    replaced, never an exception."""
    if p == ffi.NULL:
        return None
    s: str = ffi.string(p).decode("utf-8", "replace")
    return s


def version() -> str:
    """The C library's run-time version string, e.g. "0.3.0"."""
    return _str(lib.skirmish_version()) or ""


def _constants(prefix: str, exclude: Sequence[str] = ()) -> Dict[str, int]:
    """The header's integer constants whose names start with prefix."""
    out = {}
    for name in dir(lib):
        if name.startswith(prefix) and not any(name.startswith(e) for e in exclude):
            value = getattr(lib, name)
            if isinstance(value, int):
                out[name[len(prefix):]] = value
    return out


def _split_version(number: int) -> Tuple[int, int, int]:
    return number // 10000, number // 100 % 100, number % 100


def _check_versions(package: str, header: str, header_number: int,
                    runtime: str, runtime_number: int, where: str) -> None:
    """Raises ImportError unless the three agree: these Python sources
    (package), the libskirmish header the extension was compiled against
    (header) and the C library it loaded (runtime). The library may be a
    later micro release of the same major.minor (the ABI only grows
    within one), never an older one."""
    if header != package:
        raise ImportError(
            "skirmish %s: the extension %s was built from libskirmish %s; "
            "rebuild or reinstall the binding" % (package, where, header))
    hmaj, hmin, hmic = _split_version(header_number)
    rmaj, rmin, rmic = _split_version(runtime_number)
    if (rmaj, rmin) != (hmaj, hmin) or rmic < hmic:
        raise ImportError(
            "skirmish %s: the extension %s was built against libskirmish %s "
            "but loaded libskirmish %s; install the matching library (or set "
            "LD_LIBRARY_PATH to it)" % (package, where, header, runtime))


def _check_loaded() -> None:
    import _skirmish_cffi
    _check_versions(__version__, _str(lib.SKIRMISH_VERSION_STRING) or "",
                    int(lib.SKIRMISH_VERSION_NUMBER), version(),
                    int(lib.skirmish_version_number()),
                    getattr(_skirmish_cffi, "__file__", "_skirmish_cffi"))


_check_loaded()


# --------------------------------------------------------------------------
# Arguments: Python values to C values, or TypeError/ValueError naming them
# --------------------------------------------------------------------------

def _type_name(value: object) -> str:
    return "None" if value is None else type(value).__name__


def c_int(value: object, name: str, lo: int = INT_MIN, hi: int = INT_MAX) -> int:
    """An integer argument (anything with __index__, not a float nor a
    bool: True is no figure or player id), in lo..hi."""
    if type(value) is int:
        v = value
    elif isinstance(value, bool):
        raise TypeError("%s must be an integer, not bool" % name)
    else:
        try:
            v = operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            raise TypeError("%s must be an integer, not %s"
                            % (name, _type_name(value))) from None
    if not lo <= v <= hi:
        # "at least" only when below the least; above C's int is out of
        # bounds too, and the message says both
        if v < lo and hi == INT_MAX:
            raise ValueError("%s must be at least %d, not %d" % (name, lo, v))
        raise ValueError("%s must be %d to %d, not %d" % (name, lo, hi, v))
    return v


def c_seed(value: object, name: str = "seed") -> int:
    """A 64-bit unsigned seed or generator state."""
    return c_int(value, name, 0, UINT64_MAX)


def c_double(value: object, name: str, finite: bool = True) -> float:
    """A real-number argument (int, float, Fraction, numpy scalar; not a
    str or bool); finite unless told."""
    if type(value) is float:
        v = value
    elif isinstance(value, (str, bytes, bool)) or value is None:
        raise TypeError("%s must be a number, not %s" % (name, _type_name(value)))
    else:
        try:
            v = float(value)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            raise TypeError("%s must be a number, not %s"
                            % (name, _type_name(value))) from None
    if finite and not math.isfinite(v):
        raise ValueError("%s must be finite, not %r" % (name, v))
    return v


def c_facing(value: object, name: str = "facing") -> float:
    """A facing in degrees, or None: keep it (SKIRMISH_FACING_KEEP)."""
    if value is None:
        return float(lib.SKIRMISH_FACING_KEEP)
    return c_double(value, name)


def c_text(value: object, name: str, keep: List[Any]) -> Any:
    """A str argument as a C string kept alive by ``keep`` (None: NULL)."""
    if value is None:
        return ffi.NULL
    if not isinstance(value, str):
        raise TypeError("%s must be a str, not %s" % (name, _type_name(value)))
    data = value.encode("utf-8")
    if b"\0" in data:
        raise ValueError("%s must not contain a NUL character" % name)
    p = ffi.new("char[]", data)
    keep.append(p)
    return p
