#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
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


# The loop of bench/python_loop.py written in C, to measure the Python loop
# against: list the legal actions, pick one at random, act; a game that is
# over starts again from a copy of the start. The picks are given (picks[i]
# modulo the number of actions), so that both loops play the same games.
# Not part of the package's API.
BENCH_CDEF = """
long _skirmish_py_bench_loop(const skirmish_game *start, long nactions,
                             const uint32_t *picks);
"""

# Game.legal_actions(): a listed move that keeps its figure's facing
# (facing < 0) is given that facing, which is what the history records
# when it is taken, so that the listed action and the one read back from
# the history are equal. In C: a loop over the listing in Python would cost
# half the listing's time.
FACING_CDEF = """
void _skirmish_py_keep_facing(const skirmish_game *game, skirmish_action *actions, int n);
"""
FACING_SOURCE = r"""
static void
_skirmish_py_keep_facing(const skirmish_game *game, skirmish_action *actions, int n)
{
	skirmish_figure_info info = SKIRMISH_FIGURE_INFO_INIT;
	int i, known = -1;

	for (i = 0; i < n; i++) {
		skirmish_action *a = &actions[i];
		if (a->kind != SKIRMISH_ACTION_MOVE || a->facing >= 0)
			continue;
		if (a->figure != known) {
			if (skirmish_game_figure(game, a->figure, &info) < 0)
				continue;
			known = a->figure;
		}
		a->facing = info.facing;
	}
}
"""

BENCH_SOURCE = r"""
#include <stdlib.h>

/* Actions taken (nactions), or a negative status. */
static long
_skirmish_py_bench_loop(const skirmish_game *start, long nactions, const uint32_t *picks)
{
	skirmish_game *g = NULL;
	skirmish_action *buf = NULL;
	int cap = 64, count = 0, rc;
	long done = 0;

	rc = skirmish_game_clone(start, &g);
	if (rc < 0)
		return rc;
	buf = calloc((size_t)cap, sizeof(*buf));
	if (!buf) {
		skirmish_game_free(g);
		return SKIRMISH_E_NOMEM;
	}
	while (done < nactions) {
		if (skirmish_game_state(g) == SKIRMISH_STATE_OVER &&
		    (rc = skirmish_game_copy(g, start)) < 0)
			break;
		rc = SKIRMISH_LEGAL_ACTIONS(g, -1, buf, cap, &count);
		if (rc >= 0 && count > cap) {
			skirmish_action *p = realloc(buf, (size_t)count * sizeof(*buf));
			if (!p) {
				rc = SKIRMISH_E_NOMEM;
				break;
			}
			buf = p;
			cap = count;
			rc = SKIRMISH_LEGAL_ACTIONS(g, -1, buf, cap, &count);
		}
		if (rc < 0 || count == 0)
			break;
		rc = skirmish_game_act(g, &buf[picks[done] % (uint32_t)count], NULL);
		if (rc < 0)
			break;
		done++;
	}
	free(buf);
	skirmish_game_free(g);
	return rc < 0 ? rc : done;
}
"""


def make_ffi(cdef_text):
    ffi = cffi.FFI()
    ffi.cdef(cdef_text)
    ffi.cdef(EXTERN_PYTHON)
    ffi.cdef(BENCH_CDEF)
    ffi.cdef(FACING_CDEF)
    ffi.set_source(MODULE, "#include <skirmish/skirmish.h>\n" + BENCH_SOURCE + FACING_SOURCE)
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
