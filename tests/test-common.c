/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "test-common.h"

skirmish_game *
tc_game_opts(const skirmish_game_options *o)
{
	skirmish_game *g = NULL;
	char msg[256];
	int rc = skirmish_game_new(&g, o, msg, sizeof(msg));

	ck_assert_msg(rc == 0, "skirmish_game_new: %s", msg);
	return g;
}

skirmish_game *
tc_game(int ruleset, int players)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	static const int order[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };

	o.ruleset = ruleset;
	o.players = players;
	o.player_order = order;
	o.seed = 42;
	return tc_game_opts(&o);
}

int
tc_figure(skirmish_game *g, int player, const char *name, double x, double y,
	  const skirmish_figure_spec *spec)
{
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	int id = -1, rc;

	if (spec)
		s = *spec;
	s.player = player;
	s.name = name;
	s.x = x;
	s.y = y;
	rc = skirmish_game_add_figure(g, &s, &id);
	ck_assert_msg(rc == 0, "add_figure %s: %s", name, skirmish_game_errmsg(g));
	return id;
}

int
tc_piece(skirmish_game *g, unsigned int flags, double x, double y, double width, double depth,
	 double angle)
{
	skirmish_terrain_spec t = SKIRMISH_TERRAIN_SPEC_INIT;
	int id = -1, rc;

	t.shape = SKIRMISH_SHAPE_RECT;
	t.flags = flags;
	t.x = x;
	t.y = y;
	t.width = width; /* across the angle (0: along y) */
	t.depth = depth; /* along it (0: along x) */
	t.angle = angle;
	rc = skirmish_game_add_terrain(g, &t, &id);
	ck_assert_msg(rc == 0, "add_terrain: %s", skirmish_game_errmsg(g));
	return id;
}

int
tc_rect(skirmish_game *g, unsigned int flags, double x0, double y0, double x1, double y1)
{
	return tc_piece(g, flags, (x0 + x1) / 2, (y0 + y1) / 2, y1 - y0, x1 - x0, 0);
}

void
tc_start(skirmish_game *g)
{
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int rc = skirmish_game_start(g, &r);

	ck_assert_msg(rc == 0, "start: %s", skirmish_game_errmsg(g));
}

void
tc_dice(skirmish_game *g, int n, ...)
{
	int v[64], i;
	va_list ap;

	ck_assert(n >= 0 && n <= 64);
	va_start(ap, n);
	for (i = 0; i < n; i++)
		v[i] = va_arg(ap, int);
	va_end(ap);
	ck_assert_ok(skirmish_game_script_dice(g, v, n, 1));
}

#if defined(__GNUC__) || defined(__clang__)
static void app(char **buf, size_t *len, size_t *cap, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
#endif

static void
app(char **buf, size_t *len, size_t *cap, const char *fmt, ...)
{
	va_list ap;
	int n;

	for (;;) {
		va_start(ap, fmt);
		n = vsnprintf(*buf + *len, *cap - *len, fmt, ap);
		va_end(ap);
		if (n >= 0 && (size_t)n < *cap - *len) {
			*len += (size_t)n;
			return;
		}
		*cap *= 2;
		*buf = realloc(*buf, *cap);
		ck_assert(*buf != NULL);
	}
}

char *
tc_snapshot(const skirmish_game *g)
{
	size_t len = 0, cap = 1024;
	char *buf = malloc(cap);
	int i, n = skirmish_game_figure_count(g), order[9], no;

	ck_assert(buf != NULL);
	buf[0] = '\0';
	no = skirmish_game_player_order(g, order, 9);
	app(&buf, &len, &cap, "state %d turn %d active %d phase %d winner %d script %d order",
	    skirmish_game_state(g), skirmish_game_turn(g), skirmish_game_active_player(g),
	    skirmish_game_phase(g), skirmish_game_winner(g), skirmish_game_script_remaining(g));
	for (i = 0; i < no && i < 9; i++)
		app(&buf, &len, &cap, " %d", order[i]);
	app(&buf, &len, &cap, "\n");
	for (i = 0; i < n; i++) {
		skirmish_figure_info f = tc_info(g, i);
		app(&buf, &len, &cap,
		    "%d %s p%d (%.3f,%.3f) f%.0f b%.3fx%.3f m%d dv%d w%d/%d a%d s%d l%d h%d r%d "
		    "rings%d sup%d melee%d/%d acted%d shot%d can%d left%.3f\n",
		    f.id, f.name, f.player, f.x, f.y, f.facing, f.base_width, f.base_depth,
		    f.mounted, f.dv, f.melee_weapon, f.missile_weapon, f.armour, f.shield,
		    f.loaded, f.is_horse, f.removed, f.rings, f.suppressed, f.in_melee,
		    f.melee_id, f.acted, f.shot, f.can_act, f.move_left);
	}
	return buf;
}

skirmish_figure_info
tc_info(const skirmish_game *g, int id)
{
	skirmish_figure_info f = SKIRMISH_FIGURE_INFO_INIT;

	ck_assert_ok(skirmish_game_figure(g, id, &f));
	return f;
}

const skirmish_modifier *
tc_mod(const skirmish_result *r, int source, int side)
{
	int i;

	for (i = 0; i < r->nmodifiers; i++)
		if (r->modifiers[i].source == source && (side < 0 || r->modifiers[i].side == side))
			return &r->modifiers[i];
	return NULL;
}

const skirmish_effect *
tc_effect(const skirmish_result *r, int kind, int figure)
{
	int i;

	for (i = 0; i < r->neffects; i++)
		if (r->effects[i].kind == kind && (figure < 0 || r->effects[i].figure == figure))
			return &r->effects[i];
	return NULL;
}

const skirmish_modifier *
tc_mod_in(const skirmish_modifier *m, int n, int source)
{
	int i;

	for (i = 0; i < n; i++)
		if (m[i].source == source)
			return &m[i];
	return NULL;
}

uint64_t
tc_hash(const skirmish_game *g)
{
	uint64_t h = 0;

	ck_assert_msg(skirmish_game_hash(g, &h) == 0, "hash: %s", skirmish_game_errmsg(g));
	return h;
}

long
tc_loops(long n)
{
	static long divisor; /* 0: not read yet */

	if (divisor == 0) {
		const char *env = getenv("SKIRMISH_TEST_LOOPS");
		char *end = NULL;
		long d = env ? strtol(env, &end, 10) : 1;
		divisor = env && end != env && *end == '\0' && d >= 2 && d <= 100 ? d : 1;
	}
	return n / divisor > 0 ? n / divisor : 1;
}

uint64_t
tc_state_hash(const skirmish_game *g)
{
	uint64_t h = tc_hash(g);

	h ^= (uint64_t)(uint32_t)skirmish_game_history_length(g) * UINT64_C(0x9E3779B97F4A7C15);
	h ^= (uint64_t)(uint32_t)skirmish_game_history_limit(g) * UINT64_C(0xBF58476D1CE4E5B9);
	return h;
}
