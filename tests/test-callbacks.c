/* SPDX-License-Identifier: MIT */
/*
 * Callbacks (doc/API.md, "What a callback may call"): every public
 * function is called from inside each kind of callback (the event
 * callback, the progress callback, the dice roller, the allocator, and
 * the callbacks a replay of a game runs for it). What the table of
 * doc/API.md refuses returns SKIRMISH_E_STATE with a message and leaves
 * the game's state hash as it was; what it allows works. Then the call
 * that ran the callback ends as it would have without it: the same state
 * hash as a game whose callbacks call nothing, its own error, no leak.
 * Rollers that answer garbage and allocators that fail at each point in
 * turn while calling back in leave the game as it was.
 *
 * tests/check-refusals.py checks that the CALLS table below names every
 * function of the public header.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test-common.h"

/* ------------------------------------------------------------------ */
/* the kinds of callback, the kinds of call, and what doc/API.md allows */
/* ------------------------------------------------------------------ */

enum cb_kind { CB_EVENT, CB_PROGRESS, CB_ROLLER, CB_ALLOC, CB_LENT, CB_COUNT };
static const char *const cb_names[CB_COUNT] = {
	"the event callback", "the progress callback", "the dice roller", "the allocator",
	"a callback of a replay of the game",
};

enum call_class {
	NOGAME,    /* takes no game */
	SCALAR,    /* reads no array of the game */
	READ,      /* reads the game's arrays */
	KEEP,      /* reads the whole game to keep it: save, clone, copy from, replay */
	CHANGE,    /* changes the game, or borrows it to probe it; free */
	CLASS_COUNT
};

/* doc/API.md's table: nonzero where the call works */
static const int allowed[CB_COUNT][CLASS_COUNT] = {
	/*               NOGAME SCALAR READ KEEP CHANGE */
	[CB_EVENT]    = { 1, 1, 1, 1, 0 },
	[CB_PROGRESS] = { 1, 1, 1, 1, 0 },
	[CB_ROLLER]   = { 1, 1, 1, 0, 0 },
	[CB_ALLOC]    = { 1, 1, 0, 0, 0 },
	[CB_LENT]     = { 1, 1, 1, 1, 0 },
};

/* What every callback of these tests shares. */
struct ctx {
	skirmish_game *g;            /* the game whose callback runs */
	skirmish_game *other;        /* a game to copy from and into */
	int kind;                    /* enum cb_kind the table runs as */
	int running;                 /* the table is running: no second one inside */
	int tables;                  /* times the table ran */
	int calls;                   /* calls made from inside callbacks */
	int refused;                 /* of them, refused */
	unsigned char *save;         /* a game's save, to load from inside */
	skirmish_searcher *searcher; /* made for other, to search with from inside */
	size_t nsave;
	/* the allocator */
	long live;                   /* blocks allocated and not freed */
	long countdown;              /* > 0: the countdown-th allocation from now fails */
	int table_in_alloc;          /* run the table at that allocation */
	int table_in_free;           /* run the table at every free */
	/* the roller */
	const int *rolls;            /* NULL: 1..sides in turn */
	int nrolls, pos;
	int table_in_roll;
	/* the event callback */
	int events;
	int table_in_event;
};

static struct ctx C;

static int
nz(const void *p)
{
	return p ? 0 : -1;
}

/* A getter's answer: 0 when it is at least lowest, else the status it
 * returned (or SKIRMISH_E_INVALID for a value out of its range). */
static int
at_least(int v, int lowest)
{
	return v >= lowest ? 0 : v < 0 ? v : SKIRMISH_E_INVALID;
}

static int
new_and_free(void)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_game *g = NULL;
	int rc;

	o.ruleset = SKIRMISH_RULESET_SAMPSON;
	rc = skirmish_game_new(&g, &o, NULL, 0);
	skirmish_game_free(g);
	return rc;
}

/* A searcher made for g, and freed: skirmish_searcher_new's status. */
static int
searcher_and_free(skirmish_game *g, const skirmish_search_options *o)
{
	skirmish_searcher *s = NULL;
	int rc = skirmish_searcher_new(&s, g, o);

	skirmish_searcher_free(s);
	return rc;
}

static int
load_and_free(struct ctx *c)
{
	skirmish_game *g = NULL;
	int rc = skirmish_game_load(&g, c->save, c->nsave, NULL, NULL, 0);

	skirmish_game_free(g);
	return rc;
}

static int
clone_and_free(skirmish_game *src)
{
	skirmish_game *g = NULL;
	uint64_t a = 0, b = 1;
	int rc = skirmish_game_clone(src, &g);

	if (rc == 0) {
		/* the clone is the game as it stands */
		ck_assert_ok(skirmish_game_hash(g, &b));
		if (skirmish_game_hash(src, &a) == 0)
			ck_assert(a == b);
	}
	skirmish_game_free(g);
	return rc;
}

static int
replay_and_free(skirmish_game *src)
{
	skirmish_game *g = NULL;
	char err[256];
	int rc = skirmish_game_replay(&g, src, -1, err, sizeof(err));

	skirmish_game_free(g);
	return rc;
}

/* Frees the game: refused from inside its callbacks, so it is still there
 * to say so. */
static int
free_game(skirmish_game *g)
{
	skirmish_game_free(g);
	return skirmish_game_errcode(g);
}

static int
save_game(const skirmish_game *g)
{
	static unsigned char buf[1 << 16];
	size_t need = 0;

	return skirmish_game_save(g, buf, sizeof(buf), &need);
}

/*
 * Every function of the public header, with a call of it that works on the
 * games of these tests outside a callback (or fails only by the game's
 * state), and its class. X(name, tag, class, call): tag names the row
 * where a function has two (copy into and from).
 */
#define CALLS(X)                                                                          \
	X(skirmish_strerror, strerror, NOGAME, nz(skirmish_strerror(SKIRMISH_E_STATE)))   \
	X(skirmish_version, version, NOGAME, nz(skirmish_version()))                      \
	X(skirmish_referee_is_available, referee_is_available, NOGAME,                   \
	  at_least(skirmish_referee_is_available(), 0))                                   \
	X(skirmish_version_number, version_number, NOGAME,                               \
	  at_least(skirmish_version_number(), 1))                                         \
	X(skirmish_ruleset_count, ruleset_count, NOGAME, at_least(skirmish_ruleset_count(), 1)) \
	X(skirmish_ruleset_id, ruleset_id, NOGAME, at_least(skirmish_ruleset_id(0), 1))  \
	X(skirmish_ruleset_name, ruleset_name, NOGAME, nz(skirmish_ruleset_name(1)))      \
	X(skirmish_ruleset_from_name, ruleset_from_name, NOGAME,                         \
	  at_least(skirmish_ruleset_from_name("senso"), 1))                               \
	X(skirmish_melee_weapon_name, melee_weapon_name, NOGAME,                         \
	  nz(skirmish_melee_weapon_name(1)))                                              \
	X(skirmish_missile_weapon_name, missile_weapon_name, NOGAME,                     \
	  nz(skirmish_missile_weapon_name(1)))                                            \
	X(skirmish_phase_name, phase_name, NOGAME, nz(skirmish_phase_name(1)))            \
	X(skirmish_outcome_name, outcome_name, NOGAME, nz(skirmish_outcome_name(1)))      \
	X(skirmish_action_name, action_name, NOGAME, nz(skirmish_action_name(1)))         \
	X(skirmish_effect_name, effect_name, NOGAME, nz(skirmish_effect_name(1)))         \
	X(skirmish_modifier_name, modifier_name, NOGAME, nz(skirmish_modifier_name(1)))   \
	X(skirmish_preset_name, preset_name, NOGAME, nz(skirmish_preset_name(0)))         \
	X(skirmish_game_options_init, options_init, NOGAME,                              \
	  skirmish_game_options_init(&opts, SKIRMISH_GAME_OPTIONS_VERSION))               \
	X(skirmish_figure_spec_init, figure_spec_init, NOGAME,                           \
	  skirmish_figure_spec_init(&spec, SKIRMISH_FIGURE_SPEC_VERSION))                 \
	X(skirmish_figure_spec_preset, figure_spec_preset, NOGAME,                       \
	  skirmish_figure_spec_preset(&spec, SKIRMISH_PRESET_NINJA))                      \
	X(skirmish_terrain_spec_init, terrain_spec_init, NOGAME,                         \
	  skirmish_terrain_spec_init(&tspec, SKIRMISH_TERRAIN_SPEC_VERSION))              \
	X(skirmish_result_init, result_init, NOGAME,                                     \
	  skirmish_result_init(&res, SKIRMISH_RESULT_VERSION))                            \
	X(skirmish_action_init, action_init, NOGAME,                                     \
	  skirmish_action_init(&act, SKIRMISH_ACTION_VERSION))                            \
	X(skirmish_odds_init, odds_init, NOGAME, skirmish_odds_init(&odds, SKIRMISH_ODDS_VERSION)) \
	X(skirmish_playout_options_init, playout_options_init, NOGAME,                   \
	  skirmish_playout_options_init(&po, SKIRMISH_PLAYOUT_OPTIONS_VERSION))           \
	X(skirmish_playout_stats_init, playout_stats_init, NOGAME,                       \
	  skirmish_playout_stats_init(&ps, SKIRMISH_PLAYOUT_STATS_VERSION))               \
	X(skirmish_search_options_init, search_options_init, NOGAME,                     \
	  skirmish_search_options_init(&so, SKIRMISH_SEARCH_OPTIONS_VERSION))             \
	X(skirmish_game_new, game_new, NOGAME, new_and_free())                           \
	X(skirmish_game_load, game_load, NOGAME, load_and_free(c))                       \
	X(skirmish_game_errcode, errcode, SCALAR, (skirmish_game_errcode(g), 0))         \
	X(skirmish_game_errmsg, errmsg, SCALAR, nz(skirmish_game_errmsg(g)))              \
	X(skirmish_game_ruleset, ruleset, SCALAR, at_least(skirmish_game_ruleset(g), 1)) \
	X(skirmish_game_get_options, get_options, SCALAR,                                \
	  skirmish_game_get_options(g, &opts))                                            \
	X(skirmish_game_state, state, SCALAR, at_least(skirmish_game_state(g), 0))       \
	X(skirmish_game_turn, turn, SCALAR, at_least(skirmish_game_turn(g), 0))          \
	X(skirmish_game_active_player, active_player, SCALAR,                            \
	  at_least(skirmish_game_active_player(g), -1))                                   \
	X(skirmish_game_phase, phase, SCALAR, at_least(skirmish_game_phase(g), 0))       \
	X(skirmish_game_player_count, player_count, SCALAR,                              \
	  at_least(skirmish_game_player_count(g), 2))                                     \
	X(skirmish_game_umpire, umpire, SCALAR, at_least(skirmish_game_umpire(g), -1))   \
	X(skirmish_game_player_order, player_order, SCALAR,                              \
	  at_least(skirmish_game_player_order(g, ids, 9), 0))                             \
	X(skirmish_game_winner, winner, SCALAR, at_least(skirmish_game_winner(g), -1))   \
	X(skirmish_game_figure_count, figure_count, SCALAR,                              \
	  at_least(skirmish_game_figure_count(g), 2))                                     \
	X(skirmish_game_terrain_count, terrain_count, SCALAR,                            \
	  at_least(skirmish_game_terrain_count(g), 1))                                    \
	X(skirmish_game_objective_count, objective_count, SCALAR,                        \
	  at_least(skirmish_game_objective_count(g), 1))                                  \
	X(skirmish_game_script_remaining, script_remaining, SCALAR,                      \
	  at_least(skirmish_game_script_remaining(g), 0))                                 \
	X(skirmish_game_history_length, history_length, SCALAR,                          \
	  at_least(skirmish_game_history_length(g), 0))                                   \
	X(skirmish_game_history_limit, history_limit, SCALAR,                            \
	  at_least(skirmish_game_history_limit(g), -1))                                   \
	X(skirmish_game_figure, figure, READ, skirmish_game_figure(g, 0, &info))         \
	X(skirmish_game_figure_contacts, figure_contacts, READ,                          \
	  skirmish_game_figure_contacts(g, 0, ids, 9, &n))                                \
	X(skirmish_game_player_figures, player_figures, READ,                            \
	  at_least(skirmish_game_player_figures(g, 0), 0))                                \
	X(skirmish_game_terrain, terrain, READ,                                          \
	  skirmish_game_terrain(g, 0, &flags, &name, &d, xy, 32, &n))                     \
	X(skirmish_game_terrain_obstacle, terrain_obstacle, READ,                        \
	  at_least(skirmish_game_terrain_obstacle(g, 0), 0))                              \
	X(skirmish_game_objective, objective, READ,                                      \
	  skirmish_game_objective(g, 0, &n, &n, &n, &d, &d, &name))                       \
	X(skirmish_game_distance, distance, READ, skirmish_game_distance(g, 0, 1, &d))   \
	X(skirmish_game_can_see, can_see, READ, skirmish_game_can_see(g, 0, 1, &n))      \
	X(skirmish_game_in_cover, in_cover, READ, skirmish_game_in_cover(g, 0, 1, &n))   \
	X(skirmish_game_path_cost, path_cost, READ,                                      \
	  skirmish_game_path_cost(g, 0, xy, 1, &d))                                       \
	X(skirmish_game_sight, sight, READ, skirmish_game_sight(g, 0, 1, &sight))        \
	X(skirmish_game_weapon_ranges, weapon_ranges, READ,                              \
	  skirmish_game_weapon_ranges(g, 0, &d, &d))                                      \
	X(skirmish_game_last_result, last_result, READ, skirmish_game_last_result(g, &res)) \
	X(skirmish_game_describe, describe, READ,                                        \
	  at_least(skirmish_game_describe(g, &empty, text, sizeof(text)), 0))             \
	X(skirmish_game_history_action, history_action, READ,                            \
	  skirmish_game_history_action(g, 0, &act))                                       \
	X(skirmish_game_hash, hash, READ, skirmish_game_hash(g, &h))                     \
	X(skirmish_game_value, value, READ, skirmish_game_value(g, 0, &d))               \
	X(skirmish_game_save, save, KEEP, save_game(g))                                  \
	X(skirmish_game_clone, clone, KEEP, clone_and_free(g))                           \
	X(skirmish_game_copy, copy_from, KEEP, skirmish_game_copy(c->other, g))          \
	X(skirmish_game_replay, replay, KEEP, replay_and_free(g))                        \
	X(skirmish_game_set_roller, set_roller, CHANGE, skirmish_game_set_roller(g, NULL, NULL)) \
	X(skirmish_game_set_event_callback, set_event_callback, CHANGE,                  \
	  skirmish_game_set_event_callback(g, NULL, NULL))                                \
	X(skirmish_game_set_seed, set_seed, CHANGE, skirmish_game_set_seed(g, 99))       \
	X(skirmish_game_get_referee, get_referee, SCALAR,                                \
	  at_least(skirmish_game_get_referee(g), 0))                                      \
	X(skirmish_game_set_referee, set_referee, CHANGE,                                \
	  skirmish_game_set_referee(g, SKIRMISH_REFEREE_OFF))                             \
	X(skirmish_game_set_invariant, set_invariant, CHANGE,                            \
	  skirmish_game_set_invariant(g, NULL, NULL))                                     \
	X(skirmish_game_script_dice, script_dice, CHANGE,                                \
	  skirmish_game_script_dice(g, ids, 1, 0))                                        \
	X(skirmish_game_add_figure, add_figure, CHANGE,                                  \
	  skirmish_game_add_figure(g, &far, NULL))                                        \
	X(skirmish_game_add_terrain, add_terrain, CHANGE,                                \
	  skirmish_game_add_terrain(g, &hill, NULL))                                      \
	X(skirmish_game_add_objective, add_objective, CHANGE,                            \
	  skirmish_game_add_objective(g, "pig", 30, 40, NULL))                            \
	X(skirmish_game_set_exit_edge, set_exit_edge, CHANGE,                            \
	  skirmish_game_set_exit_edge(g, 0, SKIRMISH_EDGE_NORTH))                         \
	X(skirmish_game_get_exit_edge, get_exit_edge, SCALAR,                            \
	  skirmish_game_get_exit_edge(g, 0, &n))                                          \
	X(skirmish_game_start, start, CHANGE, skirmish_game_start(g, NULL))              \
	X(skirmish_move, move, CHANGE, skirmish_move(g, 0, xy, 1, SKIRMISH_FACING_KEEP, NULL)) \
	X(skirmish_charge, charge, CHANGE,                                               \
	  skirmish_charge(g, 0, 1, SKIRMISH_FACING_KEEP, NULL))                           \
	X(skirmish_shoot, shoot, CHANGE, skirmish_shoot(g, 0, 1, NULL))                  \
	X(skirmish_reload, reload, CHANGE, skirmish_reload(g, 0, NULL))                  \
	X(skirmish_fight, fight, CHANGE, skirmish_fight(g, 0, NULL))                     \
	X(skirmish_fight_against, fight_against, CHANGE,                                 \
	  skirmish_fight_against(g, 0, -1, NULL))                                         \
	X(skirmish_mount, mount, CHANGE, skirmish_mount(g, 0, 1, NULL))                  \
	X(skirmish_dismount, dismount, CHANGE, skirmish_dismount(g, 0, NULL))            \
	X(skirmish_turn, turn_to, CHANGE, skirmish_turn(g, 0, 90.0, NULL))               \
	X(skirmish_end_phase, end_phase, CHANGE, skirmish_end_phase(g, NULL))            \
	X(skirmish_end_turn, end_turn, CHANGE, skirmish_end_turn(g, NULL))               \
	X(skirmish_game_act, act, CHANGE, skirmish_game_act(g, &end_turn, NULL))         \
	X(skirmish_game_undo, undo, CHANGE, skirmish_game_undo(g))                       \
	X(skirmish_game_set_history_limit, set_history_limit, CHANGE,                    \
	  skirmish_game_set_history_limit(g, 0))                                          \
	X(skirmish_game_copy, copy_into, CHANGE, skirmish_game_copy(g, c->other))        \
	X(skirmish_game_odds, odds, CHANGE, skirmish_game_odds(g, &shot, &odds))         \
	X(skirmish_game_check_action, check_action, CHANGE,                              \
	  skirmish_game_check_action(g, &shot))                                           \
	X(skirmish_game_reach, reach, CHANGE,                                            \
	  skirmish_game_reach(g, 0, 10, 10, 1, 2, 2, cells, &n))                          \
	X(skirmish_game_threats, threats, CHANGE,                                        \
	  skirmish_game_threats(g, 0, 10, 10, threats, 2, &n))                            \
	X(skirmish_game_legal_actions, legal_actions, CHANGE,                            \
	  skirmish_game_legal_actions(g, -1, list, 64, &n))                               \
	X(skirmish_game_legal_actions_sized, legal_actions_sized, CHANGE,                \
	  SKIRMISH_LEGAL_ACTIONS(g, -1, list, 64, &n))                                     \
	X(skirmish_game_policy_action, policy_action, CHANGE,                            \
	  skirmish_game_policy_action(g, SKIRMISH_POLICY_RANDOM, &rng, &act))             \
	X(skirmish_game_playouts, playouts, CHANGE, skirmish_game_playouts(g, &one, &ps)) \
	X(skirmish_game_search, search, CHANGE,                                          \
	  SKIRMISH_GAME_SEARCH(g, &so, &act, NULL, 0, NULL))                              \
	X(skirmish_searcher_new, searcher_new, CHANGE, searcher_and_free(g, &so))         \
	X(skirmish_searcher_search, searcher_search, CHANGE,                             \
	  skirmish_searcher_search(c->searcher, g, &act, NULL, 0, 0, NULL))               \
	X(skirmish_searcher_descents, searcher_descents, NOGAME,                         \
	  skirmish_searcher_descents(c->searcher, NULL, NULL))                            \
	X(skirmish_searcher_free, searcher_free, NOGAME, searcher_and_free(c->other, &so)) \
	X(skirmish_game_free, free, CHANGE, free_game(g))

#define X_ENUM(name, tag, cls, call) CALL_##tag,
enum { CALLS(X_ENUM) N_CALLS };
#define X_NAME(name, tag, cls, call) #name,
static const char *const call_names[N_CALLS] = { CALLS(X_NAME) };
#define X_CLASS(name, tag, cls, call) cls,
static const int call_class[N_CALLS] = { CALLS(X_CLASS) };

/* Makes the i-th call of the table on c->g. */
static int
call_one(struct ctx *c, int i)
{
	static const skirmish_result empty = SKIRMISH_RESULT_INIT;
	skirmish_game *g = c->g;
	skirmish_game_options opts = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_figure_spec spec = SKIRMISH_FIGURE_SPEC_INIT, far = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_terrain_spec tspec = SKIRMISH_TERRAIN_SPEC_INIT, hill = SKIRMISH_TERRAIN_SPEC_INIT;
	skirmish_result res = SKIRMISH_RESULT_INIT;
	skirmish_sight sight = SKIRMISH_SIGHT_INIT;
	unsigned char cells[4];
	skirmish_threat threats[2] = { SKIRMISH_THREAT_INIT, SKIRMISH_THREAT_INIT };
	skirmish_action act = SKIRMISH_ACTION_INIT, shot = SKIRMISH_ACTION_INIT;
	skirmish_action end_turn = SKIRMISH_ACTION_INIT, list[64];
	skirmish_figure_info info = SKIRMISH_FIGURE_INFO_INIT;
	skirmish_playout_options po = SKIRMISH_PLAYOUT_OPTIONS_INIT;
	skirmish_playout_options one = SKIRMISH_PLAYOUT_OPTIONS_INIT;
	skirmish_playout_stats ps = SKIRMISH_PLAYOUT_STATS_INIT;
	skirmish_search_options so = SKIRMISH_SEARCH_OPTIONS_INIT;
	skirmish_odds odds;
	unsigned int flags;
	const char *name;
	char text[512];
	double d, xy[64] = { 12, 12 };
	int ids[16] = { 3 }, n;
	uint64_t h, rng = 5;

	far.player = 1;
	far.x = 60;
	far.y = 40;
	hill.shape = SKIRMISH_SHAPE_CIRCLE;
	hill.flags = SKIRMISH_TERRAIN_HILL;
	hill.height = 1;
	hill.x = 60;
	hill.y = 10;
	hill.radius = 2;
	shot.kind = SKIRMISH_ACTION_SHOOT;
	shot.figure = 0;
	shot.target = 1;
	end_turn.kind = SKIRMISH_ACTION_END_TURN;
	one.games = 1;
	so.iterations = 8;
	one.max_actions = 4;
	skirmish_odds_init(&odds, SKIRMISH_ODDS_VERSION);
	(void)po;
	(void)tspec;
	(void)spec;
	(void)opts;
	(void)h;
	(void)flags;
	(void)name;
	c->calls++;
#define X_CASE(fname, tag, cls, call) case CALL_##tag: return (call);
	switch (i) {
	CALLS(X_CASE)
	default:
		return SKIRMISH_E_INVALID;
	}
}

/* Calls every function of the table from inside a callback of c->g, as
 * c->kind, and checks each against doc/API.md's table. */
static void
run_table(struct ctx *c)
{
	skirmish_game *g = c->g;
	int i, can_hash;

	if (c->running || !g)
		return;
	c->running = 1;
	can_hash = allowed[c->kind][READ];
	for (i = 0; i < N_CALLS; i++) {
		int ok = allowed[c->kind][call_class[i]];
		uint64_t before = can_hash ? tc_state_hash(g) : 0;
		int rc = call_one(c, i);

		if (ok) {
			ck_assert_msg(rc >= 0, "%s from inside %s: %d (%s)", call_names[i],
				      cb_names[c->kind], rc, skirmish_game_errmsg(g));
		} else {
			ck_assert_msg(rc == SKIRMISH_E_STATE, "%s from inside %s returned %d, "
				      "not SKIRMISH_E_STATE", call_names[i], cb_names[c->kind], rc);
			ck_assert_int_eq(skirmish_game_errcode(g), SKIRMISH_E_STATE);
			ck_assert_msg(strstr(skirmish_game_errmsg(g), "refused while") != NULL,
				      "%s from inside %s: %s", call_names[i], cb_names[c->kind],
				      skirmish_game_errmsg(g));
			c->refused++;
		}
		if (can_hash)
			ck_assert_msg(tc_state_hash(g) == before, "%s from inside %s changed the "
				      "game", call_names[i], cb_names[c->kind]);
	}
	c->tables++;
	c->running = 0;
}

/* ------------------------------------------------------------------ */
/* the callbacks                                                        */
/* ------------------------------------------------------------------ */

static void
on_event(void *ud, const skirmish_event *e)
{
	struct ctx *c = ud;

	ck_assert_ptr_eq(c, &C);
	ck_assert(e != NULL);
	if (c->running)   /* a replay made from inside: its own events */
		return;
	c->events++;
	/* what it was given is there to read, the result's sentence too */
	switch (e->kind) {
	case SKIRMISH_EVENT_DIE:
		ck_assert_int_ge(e->die->value, 1);
		ck_assert_int_le(e->die->value, e->die->sides);
		break;
	case SKIRMISH_EVENT_MODIFIER:
		ck_assert_ptr_nonnull(e->modifier->rule);
		break;
	case SKIRMISH_EVENT_EFFECT:
		ck_assert_ptr_nonnull(skirmish_effect_name(e->effect->kind));
		break;
	default: {
		char text[512];
		ck_assert_int_eq(e->kind, SKIRMISH_EVENT_RESULT);
		ck_assert_ptr_nonnull(e->result->text);
		if (c->g)
			ck_assert_int_gt(skirmish_game_describe(c->g, e->result, text,
								sizeof(text)), 0);
		break;
	}
	}
	if (c->table_in_event)
		run_table(c);
}

static int
roll(void *ud, int sides)
{
	struct ctx *c = ud;

	if (c->table_in_roll)
		run_table(c);
	if (c->rolls) {
		ck_assert_int_lt(c->pos, c->nrolls);
		return c->rolls[c->pos++];
	}
	return 1 + (c->pos++ % sides);
}

static void
progress(void *ud, int done, int total)
{
	struct ctx *c = ud;

	ck_assert_int_le(done, total);
	run_table(c);
}

static void *
alloc(void *ud, void *ptr, size_t old_size, size_t new_size)
{
	struct ctx *c = ud;
	void *p;

	(void)old_size;
	if (new_size == 0) {
		if (c->table_in_free)
			run_table(c);
		if (ptr)
			c->live--;
		free(ptr);
		return NULL;
	}
	if (c->countdown > 0 && --c->countdown == 0) {
		if (c->table_in_alloc)
			run_table(c);
		return NULL;
	}
	p = realloc(ptr, new_size);
	if (p && !ptr)
		c->live++;
	return p;
}

/* ------------------------------------------------------------------ */
/* the games                                                            */
/* ------------------------------------------------------------------ */

static const int order[2] = { 0, 1 };

/* A Senso game: two archers 10" apart, a piece of cover, an objective;
 * the test's allocator, no other callback; started unless told not to. */
static skirmish_game *
make_game(int start)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_game *g;

	o.ruleset = SKIRMISH_RULESET_SENSO;
	o.player_order = order;
	o.seed = 11;
	o.alloc = alloc;
	o.alloc_data = &C;
	g = tc_game_opts(&o);
	skirmish_figure_spec_preset(&s, SKIRMISH_PRESET_SAMURAI);
	tc_figure(g, 0, "Kenji", 10, 10, &s);
	tc_figure(g, 1, "Taro", 10, 20, &s);
	tc_rect(g, SKIRMISH_TERRAIN_COVER, 30, 30, 34, 34);
	ck_assert_ok(skirmish_game_add_objective(g, "wine", 50, 30, NULL));
	if (start)
		tc_start(g);
	return g;
}

static void
ctx_begin(int kind)
{
	skirmish_game *g;
	size_t need = 0;

	memset(&C, 0, sizeof(C));
	C.kind = kind;
	C.other = make_game(1);
	{
		skirmish_search_options so = SKIRMISH_SEARCH_OPTIONS_INIT;
		so.iterations = 8;
		ck_assert_ok(skirmish_searcher_new(&C.searcher, C.other, &so));
	}
	g = make_game(1);
	ck_assert_int_eq(skirmish_game_save(g, NULL, 0, &need), SKIRMISH_E_LIMIT);
	C.save = malloc(need);
	ck_assert_ptr_nonnull(C.save);
	ck_assert_ok(skirmish_game_save(g, C.save, need, &C.nsave));
	skirmish_game_free(g);
}

static void
ctx_end(void)
{
	skirmish_searcher_free(C.searcher);
	C.searcher = NULL;
	skirmish_game_free(C.other);
	free(C.save);
	C.other = NULL;
	C.save = NULL;
	/* every block the games took is back */
	ck_assert_int_eq(C.live, 0);
}

/* ------------------------------------------------------------------ */
/* each callback calls every function                                   */
/* ------------------------------------------------------------------ */

/* The event callback, at every event of a start, a shot and an end of
 * turn: refused calls change nothing, and the game ends as a game whose
 * event callback calls nothing. */
START_TEST(event_callback_calls_every_function)
{
	skirmish_game *g, *ref;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int events_ref;

	ctx_begin(CB_EVENT);
	g = make_game(0);
	ref = make_game(0);
	ck_assert_ok(skirmish_game_set_event_callback(ref, on_event, &C));
	ck_assert_ok(skirmish_game_start(ref, NULL));
	tc_dice(ref, 2, 3, 4);
	ck_assert_ok(skirmish_shoot(ref, 0, 1, NULL));
	ck_assert_ok(skirmish_end_turn(ref, NULL));
	events_ref = C.events;
	ck_assert_int_gt(events_ref, 4);
	C.events = 0;

	C.g = g;
	C.table_in_event = 1;
	ck_assert_ok(skirmish_game_set_event_callback(g, on_event, &C));
	ck_assert_ok(skirmish_game_start(g, &r));
	tc_dice(g, 2, 3, 4);
	ck_assert_ok(skirmish_shoot(g, 0, 1, &r));
	/* the call reports its own outcome, not the callback's refusals */
	ck_assert_int_eq(skirmish_game_errcode(g), 0);
	ck_assert_str_eq(skirmish_game_errmsg(g), "");
	ck_assert_ok(skirmish_end_turn(g, &r));
	/* every event came, though the callback tried to unset itself */
	ck_assert_int_eq(C.events, events_ref);
	ck_assert_int_eq(C.tables, events_ref);
	ck_assert(tc_hash(g) == tc_hash(ref));
	ck_assert_int_eq(skirmish_game_history_length(g), skirmish_game_history_length(ref));
	skirmish_game_free(g);
	skirmish_game_free(ref);
	ctx_end();
}
END_TEST

/* The dice roller, at every die of a roll-off, a shot and a fight: the
 * game is half way through an action; the same end as without. */
START_TEST(dice_roller_calls_every_function)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_game *g[2];
	int k, rc[2];

	ctx_begin(CB_ROLLER);
	o.ruleset = SKIRMISH_RULESET_SENSO;
	o.seed = 3;
	o.alloc = alloc;
	o.alloc_data = &C;
	o.roll = roll;
	o.roll_data = &C;
	skirmish_figure_spec_preset(&s, SKIRMISH_PRESET_SAMURAI);
	for (k = 0; k < 2; k++) {
		g[k] = tc_game_opts(&o);   /* no order given: a roll-off */
		tc_figure(g[k], 0, "Kenji", 10, 10, &s);
		tc_figure(g[k], 1, "Taro", 10, 15, &s);
		tc_rect(g[k], SKIRMISH_TERRAIN_COVER, 30, 30, 34, 34);
		ck_assert_ok(skirmish_game_add_objective(g[k], "wine", 50, 30, NULL));
		C.pos = 0;
		C.g = g[k];
		ck_assert_ok(skirmish_game_start(g[k], NULL));
		/* from here the roller calls in (the roll-off in setup:
		 * dice_roller_in_setup_refuses_changes) */
		C.table_in_roll = k;
		if (skirmish_game_active_player(g[k]) == 1)
			ck_assert_ok(skirmish_end_turn(g[k], NULL));
		ck_assert_ok(skirmish_shoot(g[k], 0, 1, NULL));
		ck_assert_int_eq(skirmish_game_errcode(g[k]), 0);
		ck_assert_ok(skirmish_end_turn(g[k], NULL));
		/* Taro charges: into contact, a fight with more dice */
		rc[k] = skirmish_charge(g[k], 1, 0, SKIRMISH_FACING_KEEP, NULL);
		C.table_in_roll = 0;
	}
	ck_assert_msg(rc[0] == rc[1], "%d %d", rc[0], rc[1]);
	ck_assert_int_gt(C.tables, 1);
	ck_assert(tc_hash(g[0]) == tc_hash(g[1]));
	skirmish_game_free(g[0]);
	skirmish_game_free(g[1]);
	ctx_end();
}
END_TEST

/* The progress callback, after each game of the playouts. */
START_TEST(progress_callback_calls_every_function)
{
	skirmish_playout_options po = SKIRMISH_PLAYOUT_OPTIONS_INIT;
	skirmish_playout_stats a, b;
	skirmish_game *g;
	uint64_t h;

	ctx_begin(CB_PROGRESS);
	g = make_game(1);
	h = tc_hash(g);
	skirmish_playout_stats_init(&a, SKIRMISH_PLAYOUT_STATS_VERSION);
	skirmish_playout_stats_init(&b, SKIRMISH_PLAYOUT_STATS_VERSION);
	po.games = 3;
	po.seed = 8;
	po.max_actions = 40;
	ck_assert_ok(skirmish_game_playouts(g, &po, &a));
	C.g = g;
	po.progress = progress;
	po.progress_data = &C;
	ck_assert_ok(skirmish_game_playouts(g, &po, &b));
	ck_assert_int_eq(C.tables, 3);
	ck_assert_int_eq(skirmish_game_errcode(g), 0);
	ck_assert(tc_hash(g) == h);
	ck_assert_int_eq(a.games, b.games);
	ck_assert_int_eq(a.actions, b.actions);
	ck_assert_int_eq(a.wins[0], b.wins[0]);
	skirmish_game_free(g);
	ctx_end();
}
END_TEST

/* A replay runs the game's callbacks for the game it makes: the game it
 * is made from is lent meanwhile, and may be read but not changed. */
START_TEST(replay_callbacks_call_every_function)
{
	skirmish_game *g, *out = NULL;
	char err[256];

	ctx_begin(CB_LENT);
	g = make_game(0);
	ck_assert_ok(skirmish_game_set_event_callback(g, on_event, &C));
	tc_dice(g, 2, 3, 4);   /* before the start: the replay has them too */
	ck_assert_ok(skirmish_game_start(g, NULL));
	ck_assert_ok(skirmish_shoot(g, 0, 1, NULL));
	C.g = g;
	C.table_in_event = 1;
	C.events = 0;
	ck_assert_ok(skirmish_game_replay(&out, g, -1, err, sizeof(err)));
	ck_assert_int_gt(C.tables, 0);
	ck_assert(tc_hash(out) == tc_hash(g));
	skirmish_game_free(out);
	skirmish_game_free(g);
	ctx_end();
}
END_TEST

/* The allocator, at the allocation that fails, for calls that allocate:
 * refused calls on the game it serves, the call itself fails with
 * SKIRMISH_E_NOMEM and changes nothing, or succeeds as it would have;
 * then at every free of the game. */
enum { OP_ADD, OP_START, OP_SHOOT, OP_LEGAL, OP_ODDS, OP_CLONE, OP_COPY, OP_PLAYOUTS,
       OP_COUNT };

static skirmish_game *copy_dst;

static int
run_op(skirmish_game *g, int op)
{
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_action a = SKIRMISH_ACTION_INIT, list[64];
	skirmish_playout_options po = SKIRMISH_PLAYOUT_OPTIONS_INIT;
	skirmish_playout_stats ps;
	skirmish_odds odds;
	skirmish_game *out = NULL;
	int n, rc;

	a.kind = SKIRMISH_ACTION_SHOOT;
	a.figure = 0;
	a.target = 1;
	switch (op) {
	case OP_ADD:
		s.player = 1;
		s.dv = 6;
		s.x = s.y = 40;
		return skirmish_game_add_figure(g, &s, NULL);
	case OP_START:
		return skirmish_game_start(g, NULL);
	case OP_SHOOT:   /* its dice scripted before */
		return skirmish_shoot(g, 0, 1, NULL);
	case OP_LEGAL:
		return skirmish_game_legal_actions(g, -1, list, 64, &n);
	case OP_ODDS:
		skirmish_odds_init(&odds, SKIRMISH_ODDS_VERSION);
		return skirmish_game_odds(g, &a, &odds);
	case OP_CLONE:
		rc = skirmish_game_clone(g, &out);
		skirmish_game_free(out);
		return rc;
	case OP_COPY:   /* into a new game, which grows (copy_dst) */
		return skirmish_game_copy(copy_dst, g);
	default:
		po.games = 2;
		po.max_actions = 10;
		skirmish_playout_stats_init(&ps, SKIRMISH_PLAYOUT_STATS_VERSION);
		return skirmish_game_playouts(g, &po, &ps);
	}
}

START_TEST(allocator_fails_at_each_point_calling_every_function)
{
	long failures = 0;
	int op, k;

	ctx_begin(CB_ALLOC);
	for (op = 0; op < OP_COUNT; op++) {
		for (k = 1; k < 400; k++) {
			skirmish_game *g = make_game(op != OP_ADD && op != OP_START);
			skirmish_game *ref = make_game(op != OP_ADD && op != OP_START);
			uint64_t before;
			int rc, want;

			if (op == OP_SHOOT) {
				tc_dice(g, 2, 3, 4);
				tc_dice(ref, 2, 3, 4);
			}
			if (op == OP_COPY) {
				skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
				o.ruleset = SKIRMISH_RULESET_SAMPSON;
				o.alloc = alloc;
				o.alloc_data = &C;
				copy_dst = tc_game_opts(&o);
			}
			before = tc_state_hash(g);
			want = op == OP_COPY ? 0 : run_op(ref, op); /* copy changes no source */

			ck_assert_msg(want == 0, "op %d: %s", op, skirmish_game_errmsg(ref));
			/* the copy's target is the one allocating; it is marked too */
			C.g = g;
			C.countdown = k;
			C.table_in_alloc = op != OP_PLAYOUTS; /* playouts: lent, tested above */
			rc = run_op(g, op);
			C.table_in_alloc = 0;
			if (C.countdown > 0) {  /* no allocation failed: done */
				C.countdown = 0;
				ck_assert_ok(rc);
				ck_assert(tc_state_hash(g) == tc_state_hash(ref));
				if (op == OP_COPY)
					ck_assert(tc_state_hash(copy_dst) == tc_state_hash(g));
				skirmish_game_free(copy_dst);
				copy_dst = NULL;
				skirmish_game_free(g);
				skirmish_game_free(ref);
				break;
			}
			failures++;
			ck_assert_msg(rc == SKIRMISH_E_NOMEM || rc == 0,
				      "op %d, allocation %d: %d (%s)", op, k, rc,
				      skirmish_game_errmsg(g));
			if (rc == SKIRMISH_E_NOMEM)
				ck_assert_msg(tc_state_hash(g) == before,
					      "op %d, allocation %d: changed the game", op, k);
			/* the game works on as the reference does */
			if (op == OP_ADD || op == OP_START)
				ck_assert_ok(skirmish_game_state(g) == SKIRMISH_STATE_SETUP ?
					     run_op(g, op) : 0);
			skirmish_game_free(copy_dst);
			copy_dst = NULL;
			skirmish_game_free(g);
			skirmish_game_free(ref);
		}
		ck_assert_int_lt(k, 400);
		/* each call but these allocates on these games, so it failed (a
		 * shot's history record fits the room the start's made) */
		if (op != OP_ADD && op != OP_ODDS && op != OP_SHOOT)
			ck_assert_msg(k > 1, "op %d allocated nothing", op);
	}
	ck_assert_int_gt(failures, OP_COUNT);
	ck_assert_int_gt(C.tables, OP_COUNT);
	/* every free of a game calls in too */
	{
		skirmish_game *g = make_game(1);
		int before = C.tables;
		C.g = g;
		C.table_in_free = 1;
		skirmish_game_free(g);
		C.table_in_free = 0;
		C.g = NULL;
		ck_assert_int_gt(C.tables, before);
	}
	ctx_end();
}
END_TEST

/* ------------------------------------------------------------------ */
/* rollers that answer garbage, callbacks that call back in             */
/* ------------------------------------------------------------------ */

START_TEST(garbage_rolls_fail_the_action_and_change_nothing)
{
	static const int garbage[] = { 0, -1, 7, 100, INT_MAX, INT_MIN, -7 };
	size_t i;

	ctx_begin(CB_ROLLER);
	for (i = 0; i < sizeof(garbage) / sizeof(garbage[0]); i++) {
		skirmish_game *g = make_game(1);
		skirmish_result r = SKIRMISH_RESULT_INIT;
		int k;

		C.g = g;
		C.rolls = &garbage[i];
		C.nrolls = 1;
		C.pos = 0;
		C.table_in_roll = (int)(i & 1);  /* and calling back in, every other time */
		ck_assert_ok(skirmish_game_set_roller(g, roll, &C));
		ck_assert_rejected(g, skirmish_shoot(g, 0, 1, &r), SKIRMISH_E_DICE);
		ck_assert(strstr(skirmish_game_errmsg(g), "G6") != NULL);
		ck_assert_int_eq(r.ndice, 0);
		/* and the game plays on with a roller that answers */
		C.rolls = NULL;
		C.table_in_roll = 0;
		for (k = 0; k < 3; k++)
			(void)skirmish_end_turn(g, NULL);
		ck_assert_int_ge(skirmish_game_turn(g), 2);
		skirmish_game_free(g);
	}
	ctx_end();
}
END_TEST

/* The defect that crashed: the event callback unsets itself (and sets
 * the roller, undoes, acts, frees the game) from inside; each is refused,
 * and every event of the action still comes. */
static void
meddling_event(void *ud, const skirmish_event *e)
{
	struct ctx *c = ud;
	skirmish_game *g = c->g;

	(void)e;
	c->events++;
	ck_assert_rejected(g, skirmish_game_set_event_callback(g, NULL, NULL), SKIRMISH_E_STATE);
	ck_assert_rejected(g, skirmish_game_set_roller(g, NULL, NULL), SKIRMISH_E_STATE);
	ck_assert_rejected(g, skirmish_game_set_seed(g, 1), SKIRMISH_E_STATE);
	ck_assert_rejected(g, skirmish_game_set_history_limit(g, 0), SKIRMISH_E_STATE);
	ck_assert_rejected(g, skirmish_game_undo(g), SKIRMISH_E_STATE);
	ck_assert_rejected(g, skirmish_end_turn(g, NULL), SKIRMISH_E_STATE);
	ck_assert_rejected(g, skirmish_game_copy(g, c->other), SKIRMISH_E_STATE);
	skirmish_game_free(g);
	ck_assert_int_eq(skirmish_game_errcode(g), SKIRMISH_E_STATE);
}

START_TEST(event_callback_that_unsets_itself)
{
	skirmish_game *g;
	skirmish_result r = SKIRMISH_RESULT_INIT;

	ctx_begin(CB_EVENT);
	g = make_game(1);
	C.g = g;
	ck_assert_ok(skirmish_game_set_event_callback(g, meddling_event, &C));
	tc_dice(g, 2, 3, 4);
	ck_assert_ok(skirmish_shoot(g, 0, 1, &r));
	ck_assert_int_eq(C.events, r.ndice + r.nmodifiers + r.neffects + 1);
	ck_assert_int_eq(skirmish_game_errcode(g), 0);
	/* the callback is still set, and the game plays on */
	ck_assert_ok(skirmish_end_turn(g, &r));
	ck_assert_int_gt(C.events, 2);
	ck_assert_ok(skirmish_game_set_event_callback(g, NULL, NULL));
	skirmish_game_free(g);
	ctx_end();
}
END_TEST

/* The roller and the allocator refuse the same changes outside the
 * table's generic calls, as bad input with the state hash compared. */
static int
meddling_roll(void *ud, int sides)
{
	struct ctx *c = ud;
	skirmish_game *g = c->g;
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;

	s.x = s.y = 40;
	ck_assert_rejected(g, skirmish_game_set_roller(g, NULL, NULL), SKIRMISH_E_STATE);
	ck_assert_rejected(g, skirmish_game_add_figure(g, &s, NULL), SKIRMISH_E_STATE);
	ck_assert_rejected(g, skirmish_game_script_dice(g, &sides, 1, 0), SKIRMISH_E_STATE);
	ck_assert_rejected(g, skirmish_game_set_seed(g, 5), SKIRMISH_E_STATE);
	ck_assert_rejected(g, skirmish_game_save(g, NULL, 0, NULL), SKIRMISH_E_STATE);
	return 1 + (c->pos++ % sides);   /* no endless ties */
}

START_TEST(dice_roller_in_setup_refuses_changes)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_game *g;

	ctx_begin(CB_ROLLER);
	o.ruleset = SKIRMISH_RULESET_SAMPSON;
	o.roll = meddling_roll;
	o.roll_data = &C;
	g = tc_game_opts(&o);
	tc_figure(g, 0, "a", 10, 10, NULL);
	tc_figure(g, 1, "b", 10, 20, NULL);
	C.g = g;
	/* the roll-off runs the roller while the game is still in setup */
	ck_assert_ok(skirmish_game_start(g, NULL));
	ck_assert_int_eq(skirmish_game_figure_count(g), 2);
	skirmish_game_free(g);
	ctx_end();
}
END_TEST

Suite *
make_suite(void)
{
	Suite *s = suite_create("callbacks");

	ADD_TEST(s, event_callback_calls_every_function);
	ADD_TEST(s, dice_roller_calls_every_function);
	ADD_TEST(s, progress_callback_calls_every_function);
	ADD_TEST(s, replay_callbacks_call_every_function);
	ADD_TEST(s, allocator_fails_at_each_point_calling_every_function);
	ADD_TEST(s, garbage_rolls_fail_the_action_and_change_nothing);
	ADD_TEST(s, event_callback_that_unsets_itself);
	ADD_TEST(s, dice_roller_in_setup_refuses_changes);
	return s;
}
