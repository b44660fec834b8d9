#!/usr/bin/env python3
"""Write the C source of the _skirmish_cffi extension (cffi API mode).

meson runs this at build time with the cdef that gen_cdef.py generated from
the public header; meson then compiles the C file it writes, with the
Python headers and libskirmish, into the extension module.

Usage: build_cffi.py CDEF OUT.c
"""
import sys

import cffi

MODULE = "_skirmish_cffi"

# Python callbacks (ffi.def_extern in skirmish/__init__.py). Their user data
# is an ffi.new_handle() kept alive while C may call back: the Game object's
# for the roller and events, a local of Game.playouts() for the progress.
EXTERN_PYTHON = """
extern "Python" int _skirmish_py_roll(void *user_data, int sides);
extern "Python" void _skirmish_py_event(void *user_data,
                                        const struct skirmish_event *event);
extern "Python" void _skirmish_py_progress(void *user_data, int done, int total);
"""


def make_ffi(cdef_text):
    ffi = cffi.FFI()
    ffi.cdef(cdef_text)
    ffi.cdef(EXTERN_PYTHON)
    ffi.set_source(MODULE, "#include <skirmish/skirmish.h>\n")
    return ffi


def main(argv):
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        ffi = make_ffi(f.read())
    ffi.emit_c_code(argv[2])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
