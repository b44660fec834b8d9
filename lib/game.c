/* SPDX-License-Identifier: MIT */
/*
 * The game's public calls for setup and queries: creation and options, the
 * figures and terrain placed before play, and what a caller may ask of the
 * game at any time. The actions are in act.c, the turns in turn.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "odds.h"
#include "ruleset.h"
#include "referee.h"

static int
ok(skirmish_game *g)
{
	g->err = SKIRMISH_OK;
	g->errmsg[0] = '\0';
	return SKIRMISH_OK;
}

static void *
default_alloc(void *ud, void *ptr, size_t old_size, size_t new_size)
{
	(void)ud;
	(void)old_size;
	if (new_size == 0) {
		free(ptr);
		return NULL;
	}
	return realloc(ptr, new_size);
}

/* Grows an array of elem-sized items to hold want; keeps *cap in step. */
static int
grow(skirmish_game *g, void **p, int *cap, size_t elem, int want)
{
	int ncap;
	void *np;

	if (want <= *cap)
		return 0;
	ncap = *cap ? *cap : 8;
	while (ncap < want)
		ncap *= 2;
	np = sk_alloc(g, *p, (size_t)*cap * elem, (size_t)ncap * elem);
	if (!np)
		return sk_error(g, SKIRMISH_E_NOMEM, "out of memory");
	*p = np;
	*cap = ncap;
	return 0;
}

/* ------------------------------------------------------------------ */
/* names                                                                */
/* ------------------------------------------------------------------ */

#if SK_REFEREE
/* The referee's first mode, for tests, fuzzers and CI that cannot reach
 * every game they make (doc/TESTING.md): SKIRMISH_REFEREE names it. Read,
 * never written: no state of the library's own. */
static int
referee_from_env(void)
{
	const char *v = getenv("SKIRMISH_REFEREE");

	if (!v)
		return SKIRMISH_REFEREE_OFF;
	if (strcmp(v, "rollback") == 0)
		return SKIRMISH_REFEREE_ROLLBACK;
	if (strcmp(v, "abort") == 0)
		return SKIRMISH_REFEREE_ABORT;
	return SKIRMISH_REFEREE_OFF;
}
#endif

SKIRMISH_EXPORT int
skirmish_referee_is_available(void)
{
	return SK_REFEREE ? 1 : 0;
}

SKIRMISH_EXPORT int
skirmish_game_set_referee(skirmish_game *g, int mode)
{
	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy(g, "skirmish_game_set_referee") < 0)
		return SKIRMISH_E_STATE;
	if (mode != SKIRMISH_REFEREE_OFF && mode != SKIRMISH_REFEREE_ROLLBACK &&
	    mode != SKIRMISH_REFEREE_ABORT)
		return sk_error(g, SKIRMISH_E_INVALID,
				"set_referee: mode %d is none of off (0), rollback (1), abort (2)",
				mode);
	if (!SK_REFEREE && mode != SKIRMISH_REFEREE_OFF)
		return sk_error(g, SKIRMISH_E_UNSUPPORTED,
				"set_referee: this build has no referee (-Dreferee=disabled)");
	g->referee = mode;
	return ok(g);
}

SKIRMISH_EXPORT int
skirmish_game_get_referee(const skirmish_game *g)
{
	return g ? g->referee : SKIRMISH_E_INVALID;
}

SKIRMISH_EXPORT int
skirmish_game_set_invariant(skirmish_game *g, skirmish_invariant_fn fn, void *data)
{
	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy(g, "skirmish_game_set_invariant") < 0)
		return SKIRMISH_E_STATE;
	if (!SK_REFEREE && fn)
		return sk_error(g, SKIRMISH_E_UNSUPPORTED,
				"set_invariant: this build has no referee (-Dreferee=disabled)");
	g->invariant = fn;
	g->invariant_data = fn ? data : NULL;
	return ok(g);
}

SKIRMISH_EXPORT const char *
skirmish_strerror(int status)
{
	switch (status) {
	case SKIRMISH_OK: return "SKIRMISH_OK: success";
	case SKIRMISH_E_INVALID: return "SKIRMISH_E_INVALID: invalid argument";
	case SKIRMISH_E_NOMEM: return "SKIRMISH_E_NOMEM: out of memory";
	case SKIRMISH_E_VERSION: return "SKIRMISH_E_VERSION: unknown struct version";
	case SKIRMISH_E_UNKNOWN_RULESET: return "SKIRMISH_E_UNKNOWN_RULESET: unknown ruleset";
	case SKIRMISH_E_NO_FIGURE: return "SKIRMISH_E_NO_FIGURE: no such figure";
	case SKIRMISH_E_NO_PLAYER: return "SKIRMISH_E_NO_PLAYER: no such player";
	case SKIRMISH_E_STATE: return "SKIRMISH_E_STATE: not allowed in this state of the game";
	case SKIRMISH_E_NOT_YOUR_TURN: return "SKIRMISH_E_NOT_YOUR_TURN: not this player's turn";
	case SKIRMISH_E_WRONG_PHASE: return "SKIRMISH_E_WRONG_PHASE: not allowed in this phase";
	case SKIRMISH_E_CANNOT_ACT: return "SKIRMISH_E_CANNOT_ACT: the figure cannot act";
	case SKIRMISH_E_OUT_OF_RANGE: return "SKIRMISH_E_OUT_OF_RANGE: out of range";
	case SKIRMISH_E_NO_SIGHT: return "SKIRMISH_E_NO_SIGHT: target not visible";
	case SKIRMISH_E_TOO_FAR: return "SKIRMISH_E_TOO_FAR: move longer than the allowance";
	case SKIRMISH_E_BLOCKED: return "SKIRMISH_E_BLOCKED: path blocked";
	case SKIRMISH_E_NO_WEAPON: return "SKIRMISH_E_NO_WEAPON: no weapon for that";
	case SKIRMISH_E_IN_MELEE: return "SKIRMISH_E_IN_MELEE: in melee";
	case SKIRMISH_E_NOT_IN_CONTACT: return "SKIRMISH_E_NOT_IN_CONTACT: not in base contact";
	case SKIRMISH_E_TARGET: return "SKIRMISH_E_TARGET: not a valid target";
	case SKIRMISH_E_DICE: return "SKIRMISH_E_DICE: the dice roller failed";
	case SKIRMISH_E_UNSUPPORTED: return "SKIRMISH_E_UNSUPPORTED: not part of this ruleset";
	case SKIRMISH_E_PENDING: return "SKIRMISH_E_PENDING: something must be done first";
	case SKIRMISH_E_FORMAT: return "SKIRMISH_E_FORMAT: malformed data";
	case SKIRMISH_E_LIMIT: return "SKIRMISH_E_LIMIT: a size limit was reached";
	case SKIRMISH_E_REFEREE: return "SKIRMISH_E_REFEREE: the referee found a broken invariant";
	default: return "unknown status";
	}
}

SKIRMISH_EXPORT const char *
skirmish_version(void)
{
	return SKIRMISH_VERSION_STRING;
}

SKIRMISH_EXPORT int
skirmish_version_number(void)
{
	return SKIRMISH_VERSION_NUMBER;
}

/* ------------------------------------------------------------------ */
/* options and lifecycle                                                */
/* ------------------------------------------------------------------ */

SKIRMISH_EXPORT int
skirmish_game_options_init(skirmish_game_options *o, unsigned int version)
{
	static const skirmish_game_options init = SKIRMISH_GAME_OPTIONS_INIT;

	if (!o)
		return SKIRMISH_E_INVALID;
	if (version != SKIRMISH_GAME_OPTIONS_VERSION)
		return SKIRMISH_E_VERSION;
	*o = init;
	return 0;
}

static int
new_error(char *buf, size_t size, int code, const char *msg)
{
	if (buf && size > 0)
		snprintf(buf, size, "%s", msg);
	return code;
}

SKIRMISH_EXPORT int
skirmish_game_new(skirmish_game **out, const skirmish_game_options *o,
		  char *ebuf, size_t esize)
{
	const struct sk_ruleset *rs;
	skirmish_alloc_fn af;
	skirmish_game *g;
	char msg[512], known[128];
	int32_t w, d;
	int i, id;

	if (out)
		*out = NULL;
	if (!out || !o)
		return new_error(ebuf, esize, SKIRMISH_E_INVALID,
				 "skirmish_game_new: out and options may not be NULL");
	if (o->version != SKIRMISH_GAME_OPTIONS_VERSION)
		return new_error(ebuf, esize, SKIRMISH_E_VERSION,
				 "skirmish_game_new: unknown options version");
	id = o->ruleset;
	sk_ruleset_names(known, sizeof(known));
	if (id == SKIRMISH_RULESET_NONE) {
		if (!o->ruleset_name)
			return new_error(ebuf, esize, SKIRMISH_E_UNKNOWN_RULESET,
					 "no ruleset given: set ruleset or ruleset_name");
		id = skirmish_ruleset_from_name(o->ruleset_name);
		if (id < 0) {
			snprintf(msg, sizeof(msg), "unknown ruleset \"%.64s\"; known rulesets: %s",
				 o->ruleset_name, known);
			return new_error(ebuf, esize, SKIRMISH_E_UNKNOWN_RULESET, msg);
		}
	}
	rs = sk_ruleset_find(id);
	if (!rs) {
		snprintf(msg, sizeof(msg), "unknown ruleset %d; known rulesets: %s", id, known);
		return new_error(ebuf, esize, SKIRMISH_E_UNKNOWN_RULESET, msg);
	}
	if (o->players < 2 || o->players > SKIRMISH_MAX_PLAYERS)
		return new_error(ebuf, esize, SKIRMISH_E_INVALID,
				 "players must be 2 to 8 (the umpire not counted)");
	if (sk_to_mils(o->table_width, &w) < 0 || sk_to_mils(o->table_depth, &d) < 0 ||
	    w < 2 * MIL || d < 2 * MIL)
		return new_error(ebuf, esize, SKIRMISH_E_INVALID,
				 "table size must be 2\" to 100,000\" each way");
	if (o->turn_limit < 0)
		return new_error(ebuf, esize, SKIRMISH_E_INVALID, "turn_limit may not be negative");
	if (o->ring_removal != SKIRMISH_RINGS_PLAYER_TURN &&
	    o->ring_removal != SKIRMISH_RINGS_GAME_TURN)
		return new_error(ebuf, esize, SKIRMISH_E_INVALID, "S5: unknown ring_removal option");
	if (o->melee_ties != SKIRMISH_TIES_REROLL && o->melee_ties != SKIRMISH_TIES_STANDOFF)
		return new_error(ebuf, esize, SKIRMISH_E_INVALID, "S10: unknown melee_ties option");
	if (o->die_sides != 0 && (o->die_sides < 2 || o->die_sides > 100))
		return new_error(ebuf, esize, SKIRMISH_E_INVALID, "A1: die_sides must be 2 to 100");
	if (o->player_order) {
		int seen[SKIRMISH_MAX_PLAYERS] = { 0 };
		for (i = 0; i < o->players; i++) {
			int p = o->player_order[i];
			if (p < 0 || p >= o->players || seen[p])
				return new_error(ebuf, esize, SKIRMISH_E_INVALID,
						 "player_order must list each player once (the umpire always goes last)");
			seen[p] = 1;
		}
	}

	af = o->alloc ? o->alloc : default_alloc;
	g = (skirmish_game *)af(o->alloc_data, NULL, 0, sizeof(*g));
	if (!g)
		return new_error(ebuf, esize, SKIRMISH_E_NOMEM, "out of memory");
	memset(g, 0, sizeof(*g));
	g->rs = rs;
#if SK_REFEREE
	g->after_action = sk_referee_hook;
	g->referee = referee_from_env();
#endif
	g->alloc = af;
	g->alloc_data = o->alloc_data;
	g->opt = *o;
	g->opt.ruleset = id;
	g->opt.ruleset_name = NULL;
	g->opt.player_order = NULL;
	g->opt.alloc = NULL;
	g->opt.alloc_data = NULL;
	g->opt.roll = NULL;
	g->opt.roll_data = NULL;
	g->opt.event = NULL;
	g->opt.event_data = NULL;
	g->table_w = w;
	g->table_d = d;
	g->die_sides = o->die_sides ? o->die_sides : 6;
	g->roll = o->roll;
	g->roll_data = o->roll_data;
	g->event = o->event;
	g->event_data = o->event_data;
	g->hist_limit = -1; /* undo history: unlimited (state.c) */
	g->first_hill = g->first_obstacle = -1; /* no terrain yet */
	g->st.state = SKIRMISH_STATE_SETUP;
	g->st.turn = 0;
	g->st.phase = SKIRMISH_PHASE_NONE;
	g->st.winner = -1;
	g->st.nplayers = o->players + (o->umpire ? 1 : 0);
	g->st.umpire = o->umpire ? o->players : -1;
	if (o->player_order) {
		g->player_order_given = 1;
		for (i = 0; i < o->players; i++)
			g->given_order[i] = o->player_order[i];
	}
	sk_rng_seed(g->st.rng, o->seed);
	if (rs->check_options && rs->check_options(g) < 0) {
		snprintf(msg, sizeof(msg), "%s", g->errmsg);
		i = g->err;
		af(o->alloc_data, g, sizeof(*g), 0);
		return new_error(ebuf, esize, i, msg);
	}
	*out = g;
	return SKIRMISH_OK;
}

static void
free_bufs(skirmish_game *g, struct sk_result_bufs *b)
{
	sk_alloc(g, b->dice.p, b->dice.cap * sizeof(skirmish_die), 0);
	sk_alloc(g, b->mods.p, b->mods.cap * sizeof(skirmish_modifier), 0);
	sk_alloc(g, b->effects.p, b->effects.cap * sizeof(skirmish_effect), 0);
	sk_alloc(g, b->text, b->text_cap, 0);
}

SKIRMISH_EXPORT void
skirmish_game_free(skirmish_game *g)
{
	if (!g)
		return;
	/* from inside a callback the game stays (the caller's code is still
	 * running inside a call on it): a later call frees it */
	if (g->busy) {
		(void)sk_refuse(g, "skirmish_game_free", "the game stays; free it after that "
				"call returns");
		return;
	}
	sk_alloc(g, g->figs, (size_t)g->capfigs * sizeof(struct sk_fig), 0);
	sk_alloc(g, g->terr, (size_t)g->capterr * sizeof(struct sk_terrain), 0);
	sk_alloc(g, g->melees, (size_t)g->capmelees * sizeof(struct sk_melee), 0);
	sk_alloc(g, g->script, (size_t)g->capscript * sizeof(int), 0);
	sk_alloc(g, g->journal, (size_t)g->capjournal * sizeof(struct sk_journal_entry), 0);
	sk_alloc(g, g->fig_mark, (size_t)g->capfig_mark * sizeof(uint32_t), 0);
	sk_grid_free(g);
	sk_alloc(g, g->melee_mark, (size_t)g->capmelee_mark * sizeof(uint32_t), 0);
	sk_alloc(g, g->cand.p, g->cand.cap * sizeof(struct sk_cand), 0);
	sk_alloc(g, g->near.p, g->near.cap * sizeof(int), 0);
	free_bufs(g, &g->res[0]);
	free_bufs(g, &g->res[1]);
	sk_state_free(g);
	g->busy = "the allocator";   /* its last block: nothing may be called now */
	g->busy_mem = 1;
	g->alloc(g->alloc_data, g, sizeof(*g), 0);
}

SKIRMISH_EXPORT int
skirmish_game_errcode(const skirmish_game *g)
{
	return g ? g->err : SKIRMISH_E_INVALID;
}

SKIRMISH_EXPORT const char *
skirmish_game_errmsg(const skirmish_game *g)
{
	if (!g)
		return "no game (NULL)";
	return g->errmsg;
}

SKIRMISH_EXPORT int
skirmish_game_ruleset(const skirmish_game *g)
{
	return g ? g->rs->id : SKIRMISH_E_INVALID;
}

/* The options a game plays by, rebuilt from where skirmish_game_new() put
 * them (g->opt keeps the scalars, the rest lives beside it): the values
 * in use, so that a loaded game tells what it was made with. Reads no
 * array of the game: a scalar query, allowed in every callback. */
SKIRMISH_EXPORT int
skirmish_game_get_options(const skirmish_game *g, skirmish_game_options *out)
{
	if (!g)
		return SKIRMISH_E_INVALID;
	if (!out)
		return sk_error(g, SKIRMISH_E_INVALID, "get_options: out may not be NULL");
	if (out->version != SKIRMISH_GAME_OPTIONS_VERSION)
		return sk_error(g, SKIRMISH_E_VERSION,
				"get_options: skirmish_game_options version %u (this library "
				"knows 1)", out->version);
	/* version 1: every member; a later version adds its own after these */
	out->ruleset = g->rs->id;
	out->ruleset_name = skirmish_ruleset_name(g->rs->id);
	out->players = g->opt.players;
	out->umpire = g->st.umpire >= 0;
	out->table_width = sk_to_inches(g->table_w);
	out->table_depth = sk_to_inches(g->table_d);
	out->night = g->opt.night != 0;
	out->turn_limit = g->opt.turn_limit;
	out->ring_removal = g->opt.ring_removal;
	out->melee_ties = g->opt.melee_ties;
	out->die_sides = g->die_sides;
	out->player_order = g->player_order_given ? g->given_order : NULL;
	out->seed = g->opt.seed;
	out->roll = g->roll;
	out->roll_data = g->roll_data;
	out->alloc = g->alloc == default_alloc ? NULL : g->alloc;
	out->alloc_data = g->alloc_data;
	out->event = g->event;
	out->event_data = g->event_data;
	return 0;
}

SKIRMISH_EXPORT int
skirmish_game_set_roller(skirmish_game *g, skirmish_roll_fn roll, void *ud)
{
	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy(g, "skirmish_game_set_roller") < 0)
		return SKIRMISH_E_STATE;
	g->roll = roll;
	g->roll_data = ud;
	sk_dice_refresh(g);
	return ok(g);
}

SKIRMISH_EXPORT int
skirmish_game_set_event_callback(skirmish_game *g, skirmish_event_fn ev, void *ud)
{
	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy(g, "skirmish_game_set_event_callback") < 0)
		return SKIRMISH_E_STATE;
	g->event = ev;
	g->event_data = ud;
	return ok(g);
}

SKIRMISH_EXPORT int
skirmish_game_set_seed(skirmish_game *g, uint64_t seed)
{
	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy(g, "skirmish_game_set_seed") < 0)
		return SKIRMISH_E_STATE;
	sk_rng_seed(g->st.rng, seed);
	if (started(g))
		g->hist_unproved = 1;   /* H10: a replay keeps the scenario's */
	return ok(g);
}

SKIRMISH_EXPORT int
skirmish_game_script_dice(skirmish_game *g, const int *values, int n, int exclusive)
{
	int i;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy(g, "skirmish_game_script_dice") < 0)
		return SKIRMISH_E_STATE;
	if (n < 0 || n > SK_MAX_SCRIPT || (n > 0 && !values))
		return sk_error(g, SKIRMISH_E_INVALID,
				"script_dice: n must be 0..%d with values", SK_MAX_SCRIPT);
	for (i = 0; i < n; i++)
		if (values[i] < 1 || values[i] > 1000)
			return sk_error(g, SKIRMISH_E_INVALID,
					"G6: scripted die %d is %d (dice show 1 or more)", i, values[i]);
	if (grow(g, (void **)&g->script, &g->capscript, sizeof(int), n) < 0)
		return SKIRMISH_E_NOMEM;
	if (n)
		memcpy(g->script, values, (size_t)n * sizeof(int));
	g->nscript = n;
	g->st.script_pos = 0;
	if (started(g))
		g->hist_unproved = 1;   /* H10: a replay keeps the scenario's */
	g->script_exclusive = exclusive ? 1 : 0;
	sk_dice_refresh(g);
	return ok(g);
}

SKIRMISH_EXPORT int
skirmish_game_script_remaining(const skirmish_game *g)
{
	if (!g)
		return SKIRMISH_E_INVALID;
	return g->nscript - g->st.script_pos;
}

/* ------------------------------------------------------------------ */
/* figures                                                              */
/* ------------------------------------------------------------------ */

SKIRMISH_EXPORT int
skirmish_figure_spec_init(skirmish_figure_spec *s, unsigned int version)
{
	static const skirmish_figure_spec init = SKIRMISH_FIGURE_SPEC_INIT;

	if (!s)
		return SKIRMISH_E_INVALID;
	if (version != SKIRMISH_FIGURE_SPEC_VERSION)
		return SKIRMISH_E_VERSION;
	*s = init;
	return 0;
}

static int
check_fig(const skirmish_game *g, int id)
{
	return id >= 0 && id < g->nfigs;
}

static int
no_figure(const skirmish_game *g, int id)
{
	return sk_error(g, SKIRMISH_E_NO_FIGURE, "no figure %d (figures are 0..%d)", id,
			g->nfigs - 1);
}

#define SETUP_INDEX_MIN 64         /* figures before setup uses the index */

SKIRMISH_EXPORT int
skirmish_game_add_figure(skirmish_game *g, const skirmish_figure_spec *s, int *out_id)
{
	struct sk_fig f;
	int32_t v;
	int other, rc;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy(g, "skirmish_game_add_figure") < 0)
		return SKIRMISH_E_STATE;
	if (!s)
		return sk_error(g, SKIRMISH_E_INVALID, "add_figure: spec is NULL");
	if (s->version != SKIRMISH_FIGURE_SPEC_VERSION)
		return sk_error(g, SKIRMISH_E_VERSION, "add_figure: unknown spec version %u",
				s->version);
	if (g->st.state != SKIRMISH_STATE_SETUP)
		return sk_error(g, SKIRMISH_E_STATE, "figures are added before the game starts");
	if (g->nfigs >= SK_MAX_FIGURES)
		return sk_error(g, SKIRMISH_E_LIMIT, "at most %d figures", SK_MAX_FIGURES);
	if (s->player < 0 || s->player >= g->st.nplayers)
		return sk_error(g, SKIRMISH_E_NO_PLAYER, "no player %d (players are 0..%d)",
				s->player, g->st.nplayers - 1);
	memset(&f, 0, sizeof(f));
	f.player = (uint8_t)s->player;
	f.melee = -1;
	f.horse_of = -1;
	if (sk_to_mils(s->x, &f.x) < 0 || sk_to_mils(s->y, &f.y) < 0 ||
	    f.x < 0 || f.y < 0 || f.x > g->table_w || f.y > g->table_d)
		return sk_error(g, SKIRMISH_E_INVALID,
				"G1: the figure's centre must be on the table");
	if (!(s->facing == s->facing) || s->facing > 1e6 || s->facing < -1e6)
		return sk_error(g, SKIRMISH_E_INVALID, "facing must be a number of degrees");
	f.facing = (int16_t)sk_deg_norm((int)(s->facing >= 0 ? s->facing + 0.5 : s->facing - 0.5));
	if (s->mounted)
		f.flags |= FIG_MOUNTED;
	/* G2: 1" square on foot, 1" x 2" mounted with the long side along the
	 * facing; a width or depth of 0 is that default, each on its own */
	f.w = MIL;
	f.d = s->mounted ? 2 * MIL : MIL;
	if (s->base_width != 0.0) {
		if (sk_to_mils(s->base_width, &v) < 0 || v < 100 || v > 20 * MIL)
			return sk_error(g, SKIRMISH_E_INVALID, "G2: base width must be 0.1\" to 20\"");
		f.w = v;
	}
	if (s->base_depth != 0.0) {
		if (sk_to_mils(s->base_depth, &v) < 0 || v < 100 || v > 20 * MIL)
			return sk_error(g, SKIRMISH_E_INVALID, "G2: base depth must be 0.1\" to 20\"");
		f.d = v;
	}
	if (s->armour)
		f.flags |= FIG_ARMOUR;
	if (s->shield)
		f.flags |= FIG_SHIELD;
	if (s->martial_arts)
		f.flags |= FIG_MARTIAL;
	if (s->melee_weapon < 0 || s->melee_weapon >= SKIRMISH_MELEE_COUNT)
		return sk_error(g, SKIRMISH_E_INVALID, "unknown melee weapon %d", s->melee_weapon);
	if (s->missile_weapon < 0 || s->missile_weapon >= SKIRMISH_MISSILE_COUNT)
		return sk_error(g, SKIRMISH_E_INVALID, "unknown missile weapon %d", s->missile_weapon);
	f.melee_weapon = (uint8_t)s->melee_weapon;
	f.missile_weapon = (uint8_t)s->missile_weapon;
	if (s->missile_weapon && !s->unloaded)
		f.flags |= FIG_LOADED;
	if (s->dv < 0 || s->dv > 100)
		return sk_error(g, SKIRMISH_E_INVALID, "S1: DV %d", s->dv);
	f.dv = (uint8_t)s->dv;
	if (s->name && s->name[0]) {
		size_t n = strlen(s->name);
		if (n >= SKIRMISH_NAME_MAX)
			return sk_error(g, SKIRMISH_E_INVALID, "a name has at most %d bytes",
					SKIRMISH_NAME_MAX - 1);
		memcpy(f.name, s->name, n + 1);
	} else {
		snprintf(f.name, sizeof(f.name), "#%d", g->nfigs);
	}
	rc = g->rs->add_figure ? g->rs->add_figure(g, &f, s) : 0;
	if (rc < 0)
		return rc;
	if (grow(g, (void **)&g->figs, &g->capfigs, sizeof(struct sk_fig), g->nfigs + 1) < 0)
		return SKIRMISH_E_NOMEM;
	/* a big army is checked against the spatial index, kept from here
	 * on and rebuilt as the array doubles, so that setting up n figures
	 * costs n steps rather than n^2; without memory for it, a scan */
	if (g->nfigs >= SETUP_INDEX_MIN && (!g->grid_ok || g->capgrid_figs < g->capfigs))
		(void)sk_grid_build(g);
	sk_fig_reshape(&f);
	other = sk_base_in_way(g, &f, -1, -1);
	if (other >= 0)
		return sk_error(g, SKIRMISH_E_BLOCKED, "G3: %s's base would overlap %s's",
				f.name, g->figs[other].name);
	if (sk_fig_overlaps_flag(g, &f, SKIRMISH_TERRAIN_IMPASSABLE) >= 0)
		return sk_error(g, SKIRMISH_E_BLOCKED, "G4: %s would stand on impassable terrain",
				f.name);
	g->figs[g->nfigs] = f;
	if (out_id)
		*out_id = g->nfigs;
	g->nfigs++;
	if (g->grid_ok)
		sk_grid_refile(g, g->nfigs - 1);
	return ok(g);
}

SKIRMISH_EXPORT int
skirmish_game_figure_count(const skirmish_game *g)
{
	return g ? g->nfigs : SKIRMISH_E_INVALID;
}

SKIRMISH_EXPORT int
skirmish_game_figure(const skirmish_game *g, int id, skirmish_figure_info *o)
{
	const struct sk_fig *f;
	sk_pt c;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy_mem(g, "skirmish_game_figure") < 0)
		return SKIRMISH_E_STATE;
	if (!o)
		return sk_error(g, SKIRMISH_E_INVALID, "figure: out may not be NULL");
	if (o->version != SKIRMISH_FIGURE_INFO_VERSION)
		return sk_error(g, SKIRMISH_E_VERSION, "figure: unknown info version %u",
				o->version);
	if (!check_fig(g, id))
		return no_figure(g, id);
	f = &g->figs[id];
	o->id = id;
	o->player = f->player;
	o->name = f->name;
	o->x = sk_to_inches(f->x);
	o->y = sk_to_inches(f->y);
	o->facing = f->facing;
	o->base_width = sk_to_inches(f->w);
	o->base_depth = sk_to_inches(f->d);
	o->mounted = !!(f->flags & FIG_MOUNTED);
	o->dv = f->dv;
	o->melee_weapon = f->melee_weapon;
	o->missile_weapon = f->missile_weapon;
	o->armour = !!(f->flags & FIG_ARMOUR);
	o->shield = !!(f->flags & FIG_SHIELD);
	o->martial_arts = !!(f->flags & FIG_MARTIAL);
	o->loaded = !!(f->flags & FIG_LOADED);
	o->is_horse = !!(f->flags & FIG_HORSE);
	o->removed = !!(f->flags & FIG_REMOVED);
	o->rings = f->rings;
	o->suppressed = !!(f->flags & FIG_SUPPRESSED);
	o->melee_id = f->melee;
	o->in_melee = 0;
	if (sk_fig_alive(g, id)) {
		int dummy;
		o->in_melee = sk_fig_enemy_contacts(g, id, &dummy, 0) > 0;
	}
	o->acted = !!(f->flags & FIG_ACTED);
	o->shot = !!(f->flags & FIG_SHOT);
	o->can_act = g->st.state == SKIRMISH_STATE_PLAYING && sk_fig_alive(g, id) &&
		     g->st.order[g->st.active] == f->player &&
		     (!g->rs->can_act || g->rs->can_act(g, id));
	o->move_left = sk_to_inches(f->move_left);
	c.x = f->x;
	c.y = f->y;
	o->elevation = sk_to_inches(sk_elevation(g, c));
	return 0;
}

SKIRMISH_EXPORT int
skirmish_game_figure_contacts(const skirmish_game *g, int id, int *ids, int max,
			      int *count)
{
	int n;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy_mem(g, "skirmish_game_figure_contacts") < 0)
		return SKIRMISH_E_STATE;
	if (max < 0 || (max > 0 && !ids))
		return sk_error(g, SKIRMISH_E_INVALID, "figure_contacts: ids and max disagree");
	if (!check_fig(g, id))
		return no_figure(g, id);
	n = sk_fig_alive(g, id) ? sk_fig_enemy_contacts(g, id, ids, max) : 0;
	if (count)
		*count = n;
	return 0;
}

SKIRMISH_EXPORT int
skirmish_game_player_figures(const skirmish_game *g, int player)
{
	int i, n = 0;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy_mem(g, "skirmish_game_player_figures") < 0)
		return SKIRMISH_E_STATE;
	if (player < 0 || player >= g->st.nplayers)
		return sk_error(g, SKIRMISH_E_NO_PLAYER, "no player %d (players are 0..%d)",
				player, g->st.nplayers - 1);
	for (i = 0; i < g->nfigs; i++)
		if (g->figs[i].player == player && sk_fig_alive(g, i))
			n++;
	return n;
}

/* ------------------------------------------------------------------ */
/* terrain                                                              */
/* ------------------------------------------------------------------ */

SKIRMISH_EXPORT int
skirmish_terrain_spec_init(skirmish_terrain_spec *s, unsigned int version)
{
	static const skirmish_terrain_spec init = SKIRMISH_TERRAIN_SPEC_INIT;

	if (!s)
		return SKIRMISH_E_INVALID;
	if (version != SKIRMISH_TERRAIN_SPEC_VERSION)
		return SKIRMISH_E_VERSION;
	*s = init;
	return 0;
}

SKIRMISH_EXPORT int
skirmish_game_add_terrain(skirmish_game *g, const skirmish_terrain_spec *s, int *out_id)
{
	struct sk_terrain t;
	int32_t v;
	int i;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy(g, "skirmish_game_add_terrain") < 0)
		return SKIRMISH_E_STATE;
	if (!s)
		return sk_error(g, SKIRMISH_E_INVALID, "add_terrain: spec is NULL");
	if (s->version != SKIRMISH_TERRAIN_SPEC_VERSION)
		return sk_error(g, SKIRMISH_E_VERSION, "add_terrain: unknown spec version %u",
				s->version);
	if (g->st.state != SKIRMISH_STATE_SETUP)
		return sk_error(g, SKIRMISH_E_STATE, "terrain is placed before the game starts");
	if (g->nterr >= SK_MAX_TERRAIN)
		return sk_error(g, SKIRMISH_E_LIMIT, "at most %d terrain pieces", SK_MAX_TERRAIN);
	if (s->flags & ~0xffu)
		return sk_error(g, SKIRMISH_E_INVALID, "unknown terrain flags 0x%x", s->flags);
	memset(&t, 0, sizeof(t));
	t.flags = s->flags;
	if (sk_to_mils(s->height, &t.height) < 0 || t.height < 0)
		return sk_error(g, SKIRMISH_E_INVALID, "a hill's height must be 0\" or more");
	if (sk_to_mils(s->move_penalty, &t.move_penalty) < 0 || t.move_penalty < 0)
		return sk_error(g, SKIRMISH_E_INVALID, "move_penalty must be 0\" or more");
	switch (s->shape) {
	case SKIRMISH_SHAPE_RECT: {
		sk_pt c;
		int32_t w, d;
		double a = s->angle;
		if (sk_to_mils(s->x, &c.x) < 0 || sk_to_mils(s->y, &c.y) < 0 ||
		    sk_to_mils(s->width, &w) < 0 || sk_to_mils(s->depth, &d) < 0 ||
		    w < 10 || d < 10 || !(a == a) || a > 1e6 || a < -1e6)
			return sk_error(g, SKIRMISH_E_INVALID,
					"a rectangle needs a centre, a size of 0.01\" or more and an angle");
		/* sk_rect: depth along the angle, width across */
		sk_rect(c, w, d, (int)(a >= 0 ? a + 0.5 : a - 0.5), t.p);
		t.npts = 4;
		break;
	}
	case SKIRMISH_SHAPE_CIRCLE: {
		sk_pt c;
		int32_t r;
		if (sk_to_mils(s->x, &c.x) < 0 || sk_to_mils(s->y, &c.y) < 0 ||
		    sk_to_mils(s->radius, &r) < 0 || r < 10)
			return sk_error(g, SKIRMISH_E_INVALID,
					"a circle needs a centre and a radius of 0.01\" or more");
		for (i = 0; i < 32; i++) {
			int32_t dx, dy;
			/* 32 points, every 11.25 degrees, rounded to whole degrees */
			sk_dir((i * 1125 + 50) / 100, r, &dx, &dy);
			t.p[i].x = c.x + dx;
			t.p[i].y = c.y + dy;
		}
		t.npts = 32;
		break;
	}
	case SKIRMISH_SHAPE_POLYGON: {
		sk_pt in[SKIRMISH_POLYGON_MAX], hull[2 * SKIRMISH_POLYGON_MAX];
		int n;
		if (s->npoints < 3 || s->npoints > SKIRMISH_POLYGON_MAX || !s->points)
			return sk_error(g, SKIRMISH_E_INVALID,
					"a polygon needs 3 to %d points", SKIRMISH_POLYGON_MAX);
		for (i = 0; i < s->npoints; i++)
			if (sk_to_mils(s->points[2 * i], &in[i].x) < 0 ||
			    sk_to_mils(s->points[2 * i + 1], &in[i].y) < 0)
				return sk_error(g, SKIRMISH_E_INVALID, "polygon point %d is not a position", i);
		n = sk_hull(in, s->npoints, hull);
		if (n != s->npoints)
			return sk_error(g, SKIRMISH_E_INVALID,
					"the polygon must be convex, without repeated or collinear points");
		memcpy(t.p, hull, (size_t)n * sizeof(sk_pt));
		t.npts = n;
		break;
	}
	default:
		return sk_error(g, SKIRMISH_E_INVALID, "unknown terrain shape %d", s->shape);
	}
	if (sk_poly_area2(t.p, t.npts) <= 0)
		return sk_error(g, SKIRMISH_E_INVALID, "the terrain piece has no area");
	sk_terrain_bbox(&t);
	/* every point of the outline is a position, as a saved game has it
	 * (FORMAT.md): a centre near the limit with a large size is not */
	if (t.minx < -SK_COORD_MAX || t.maxx > SK_COORD_MAX || t.miny < -SK_COORD_MAX ||
	    t.maxy > SK_COORD_MAX)
		return sk_error(g, SKIRMISH_E_INVALID,
				"the terrain piece reaches beyond 100,000\" from the origin");
	if (s->name) {
		size_t n = strlen(s->name);
		if (n >= SKIRMISH_NAME_MAX)
			return sk_error(g, SKIRMISH_E_INVALID, "a name has at most %d bytes",
					SKIRMISH_NAME_MAX - 1);
		memcpy(t.name, s->name, n + 1);
	}
	(void)v;
	/* G4: no impassable piece is placed under a figure already set up, as
	 * no figure is set up on one; S16: where figures never stand on an
	 * obstacle, none is placed over one (the figures' own check is the
	 * ruleset's) */
	if ((t.flags & SKIRMISH_TERRAIN_IMPASSABLE) ||
	    ((t.flags & SKIRMISH_TERRAIN_OBSTACLE) && g->rs->off_obstacles)) {
		int k;
		for (k = 0; k < g->nfigs; k++) {
			sk_pt r[4];
			if (g->figs[k].flags & FIG_REMOVED)
				continue;
			sk_fig_rect(&g->figs[k], r);
			if (!sk_poly_overlap(r, 4, t.p, t.npts))
				continue;
			if (t.flags & SKIRMISH_TERRAIN_IMPASSABLE)
				return sk_error(g, SKIRMISH_E_BLOCKED,
						"G4: the impassable piece would stand under %s",
						g->figs[k].name);
			return sk_error(g, SKIRMISH_E_BLOCKED,
					"S16: the obstacle would stand under %s; a figure "
					"stands on one side of an obstacle or the other",
					g->figs[k].name);
		}
	}
	if (grow(g, (void **)&g->terr, &g->capterr, sizeof(t), g->nterr + 1) < 0)
		return SKIRMISH_E_NOMEM;
	g->terr[g->nterr] = t;
	if (out_id)
		*out_id = g->nterr;
	g->nterr++;
	if (t.flags & SKIRMISH_TERRAIN_OBSTACLE)
		g->nobstacles++;
	sk_group_obstacle(g, g->nterr - 1);   /* G17 */
	sk_terrain_relink(g);
	return ok(g);
}

SKIRMISH_EXPORT int
skirmish_game_terrain_count(const skirmish_game *g)
{
	return g ? g->nterr : SKIRMISH_E_INVALID;
}

SKIRMISH_EXPORT int
skirmish_game_terrain(const skirmish_game *g, int id, unsigned int *flags,
		      const char **name, double *height, double *xy, int max, int *npoints)
{
	const struct sk_terrain *t;
	int i;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy_mem(g, "skirmish_game_terrain") < 0)
		return SKIRMISH_E_STATE;
	if (max < 0 || (max > 0 && !xy))
		return sk_error(g, SKIRMISH_E_INVALID, "terrain: xy and max disagree");
	if (id < 0 || id >= g->nterr)
		return sk_error(g, SKIRMISH_E_INVALID, "no terrain piece %d", id);
	t = &g->terr[id];
	if (flags)
		*flags = t->flags;
	if (name)
		*name = t->name;
	if (height)
		*height = sk_to_inches(t->height);
	for (i = 0; i < t->npts && i < max; i++) {
		xy[2 * i] = sk_to_inches(t->p[i].x);
		xy[2 * i + 1] = sk_to_inches(t->p[i].y);
	}
	if (npoints)
		*npoints = t->npts;
	return 0;
}

/* G17: the group sk_group_obstacle gave the piece */
SKIRMISH_EXPORT int
skirmish_game_terrain_obstacle(const skirmish_game *g, int id)
{
	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy_mem(g, "skirmish_game_terrain_obstacle") < 0)
		return SKIRMISH_E_STATE;
	if (id < 0 || id >= g->nterr)
		return sk_error(g, SKIRMISH_E_INVALID, "no terrain piece %d", id);
	return g->terr[id].group;
}

/* ------------------------------------------------------------------ */
/* geometry queries                                                     */
/* ------------------------------------------------------------------ */

static int
query_pair(const skirmish_game *g, const char *call, int a, int b, const void *out)
{
	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy_mem(g, call) < 0)
		return SKIRMISH_E_STATE;
	if (!out)
		return sk_error(g, SKIRMISH_E_INVALID, "%s: out may not be NULL", call);
	if (!check_fig(g, a))
		return no_figure(g, a);
	if (!check_fig(g, b))
		return no_figure(g, b);
	return 0;
}

SKIRMISH_EXPORT int
skirmish_game_distance(const skirmish_game *g, int a, int b, double *out)
{
	int rc = query_pair(g, "skirmish_game_distance", a, b, out);

	if (rc < 0)
		return rc;
	*out = sk_to_inches(sk_fig_gap(g, a, b));
	return 0;
}

SKIRMISH_EXPORT int
skirmish_game_can_see(const skirmish_game *g, int a, int b, int *out)
{
	int rc = query_pair(g, "skirmish_game_can_see", a, b, out);

	if (rc < 0)
		return rc;
	*out = g->rs->can_see ? g->rs->can_see(g, a, b) : !sk_sight_blocked(g, a, b);
	return 0;
}

SKIRMISH_EXPORT int
skirmish_game_in_cover(const skirmish_game *g, int a, int b, int *out)
{
	int rc = query_pair(g, "skirmish_game_in_cover", a, b, out);

	if (rc < 0)
		return rc;
	*out = g->rs->in_cover ? g->rs->in_cover(g, a, b) : sk_cover_from(g, a, b);
	return 0;
}

/* G5 and S12 with the reason: the ruleset's can_see decides whether a
 * sees b; when terrain blocks the line (sk_sight_blocker) that is the
 * reason, and a ruleset that refuses a clear line refuses it by the
 * night, its only other reason (S12). */
SKIRMISH_EXPORT int
skirmish_game_sight(const skirmish_game *g, int a, int b, skirmish_sight *out)
{
	int rc = query_pair(g, "skirmish_game_sight", a, b, out);

	if (rc < 0)
		return rc;
	if (out->version != SKIRMISH_SIGHT_VERSION)
		return sk_error(g, SKIRMISH_E_VERSION,
				"skirmish_game_sight: skirmish_sight version %u (this library knows 1)",
				out->version);
	out->visible = g->rs->can_see ? g->rs->can_see(g, a, b) : !sk_sight_blocked(g, a, b);
	out->terrain = sk_sight_blocker(g, a, b);
	out->reason = out->visible ? SKIRMISH_SIGHT_SEEN
		      : out->terrain >= 0 ? SKIRMISH_SIGHT_TERRAIN : SKIRMISH_SIGHT_NIGHT;
	if (out->visible)
		out->terrain = -1;
	out->cover = g->rs->in_cover ? g->rs->in_cover(g, a, b) : sk_cover_from(g, a, b);
	out->distance = sk_to_inches(sk_fig_gap(g, a, b));
	return 0;
}

/* S6, A5: the ranges a front end draws are the ruleset's, read from the
 * same tables its shots are checked by (shot_reach, short_reach). */
SKIRMISH_EXPORT int
skirmish_game_weapon_ranges(const skirmish_game *g, int id, double *short_range,
			    double *long_range)
{
	int32_t lr, sr;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy_mem(g, "skirmish_game_weapon_ranges") < 0)
		return SKIRMISH_E_STATE;
	if (!short_range || !long_range)
		return sk_error(g, SKIRMISH_E_INVALID,
				"skirmish_game_weapon_ranges: out may not be NULL");
	if (!check_fig(g, id))
		return no_figure(g, id);
	lr = g->figs[id].missile_weapon == SKIRMISH_MISSILE_NONE ? 0
	     : g->rs->shot_reach ? g->rs->shot_reach(g, id) : 0;
	sr = lr && g->rs->short_reach ? g->rs->short_reach(g, id) : 0;
	*long_range = sk_to_inches(lr);
	*short_range = sk_to_inches(sr);
	return 0;
}

static int
read_path(const skirmish_game *g, int id, const double *xy, int n, sk_pt *path)
{
	int i;

	if (n < 1 || n > SK_MAX_PATH - 1 || !xy)
		return -1;
	path[0].x = g->figs[id].x;
	path[0].y = g->figs[id].y;
	for (i = 0; i < n; i++)
		if (sk_to_mils(xy[2 * i], &path[i + 1].x) < 0 ||
		    sk_to_mils(xy[2 * i + 1], &path[i + 1].y) < 0)
			return -1;
	return 0;
}

SKIRMISH_EXPORT int
skirmish_game_path_cost(const skirmish_game *g, int id, const double *xy, int n,
			double *out)
{
	sk_pt path[SK_MAX_PATH];
	struct sk_path_info info;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy_mem(g, "skirmish_game_path_cost") < 0)
		return SKIRMISH_E_STATE;
	if (!out)
		return sk_error(g, SKIRMISH_E_INVALID, "path_cost: out may not be NULL");
	if (!check_fig(g, id))
		return no_figure(g, id);
	if (read_path(g, id, xy, n, path) < 0)
		return sk_error(g, SKIRMISH_E_INVALID,
				"G4: a path has 1 to %d points, each a position", SK_MAX_PATH - 1);
	if (g->rs->path_cost) {
		*out = sk_to_inches(g->rs->path_cost(g, id, path, n + 1));
	} else {
		sk_path_info(g, id, path, n + 1, &info);
		*out = sk_to_inches(info.length);
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* turns                                                                */
/* ------------------------------------------------------------------ */

SKIRMISH_EXPORT int
skirmish_game_state(const skirmish_game *g)
{
	return g ? g->st.state : SKIRMISH_E_INVALID;
}

SKIRMISH_EXPORT int
skirmish_game_turn(const skirmish_game *g)
{
	return g ? g->st.turn : SKIRMISH_E_INVALID;
}

SKIRMISH_EXPORT int
skirmish_game_active_player(const skirmish_game *g)
{
	if (!g)
		return SKIRMISH_E_INVALID;
	return g->st.state == SKIRMISH_STATE_PLAYING ? g->st.order[g->st.active] : -1;
}

SKIRMISH_EXPORT int
skirmish_game_phase(const skirmish_game *g)
{
	return g ? g->st.phase : SKIRMISH_E_INVALID;
}

SKIRMISH_EXPORT int
skirmish_game_player_count(const skirmish_game *g)
{
	return g ? g->st.nplayers : SKIRMISH_E_INVALID;
}

SKIRMISH_EXPORT int
skirmish_game_umpire(const skirmish_game *g)
{
	return g ? g->st.umpire : SKIRMISH_E_INVALID;
}

SKIRMISH_EXPORT int
skirmish_game_player_order(const skirmish_game *g, int *out, int max)
{
	int i;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (max < 0 || (max > 0 && !out))
		return sk_error(g, SKIRMISH_E_INVALID, "player_order: out and max disagree");
	if (g->st.state == SKIRMISH_STATE_SETUP)
		return 0;
	for (i = 0; i < g->st.nplayers && i < max; i++)
		out[i] = g->st.order[i];
	return g->st.nplayers;
}

SKIRMISH_EXPORT int
skirmish_game_winner(const skirmish_game *g)
{
	if (!g)
		return SKIRMISH_E_INVALID;
	return g->st.state == SKIRMISH_STATE_OVER ? g->st.winner : -1;
}
