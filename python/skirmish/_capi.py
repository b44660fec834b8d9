"""The C boundary: the cffi extension's ``ffi`` and ``lib``, and the few
helpers every other module uses to read C values."""
from _skirmish_cffi import ffi, lib

def _str(p):
    return ffi.string(p).decode("utf-8", "replace") if p != ffi.NULL else None


def version():
    """The library's run-time version string, e.g. "0.1.0"."""
    return _str(lib.skirmish_version())


def _constants(prefix, exclude=()):
    out = {}
    for name in dir(lib):
        if name.startswith(prefix) and not any(name.startswith(e) for e in exclude):
            value = getattr(lib, name)
            if isinstance(value, int):
                out[name[len(prefix):]] = value
    return out

