/* SPDX-License-Identifier: MIT */
/*
 * Fields (doc/TESTING.md): every public function that reads a caller's
 * struct checks every field it reads, and the error it returns for a bad
 * one is the one its documentation gives. The PLANTS table below has a row
 * per (function, struct, field, bad value): each row builds a valid call
 * on a fresh game, plants ONE bad value into ONE field, and asserts the
 * documented error, a message and an unchanged state hash (G7). The same
 * call without the plant must not return that error, so that a row shows
 * the field, and nothing else, is refused.
 *
 * tests/check-fields.py checks that each function of doc/API.md's table
 * "What a callback may call" that takes a pointer to a skirmish_* struct
 * has a row here naming each such struct.
 */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test-common.h"

/* ------------------------------------------------------------------ */
/* the fixture: a valid struct for every call                           */
/* ------------------------------------------------------------------ */

/* When a row runs: a game in setup, a game being played, a call that
 * makes a game (its *out stays NULL, its error buffer says why), or a
 * call that fills a caller's struct and takes no game (the fixture, the
 * struct included, stays byte for byte as it was). */
enum when { SETUP, PLAY, NOGAME, INIT };

#define FX_MAX 64

struct fx {
	skirmish_game *g;            /* Senso, figures 0 (player 0) and 1, objective 0 */
	skirmish_game *made;         /* what skirmish_game_new() or load() made */
	char err[256];               /* their error */
	int order[2];
	skirmish_game_options opts;  /* valid options of a new game */
	skirmish_game_options named; /* the same, the ruleset given by name */
	skirmish_figure_spec spec;   /* a valid new figure (setup) */
	skirmish_terrain_spec rect, circle, poly; /* valid new pieces (setup) */
	double pts[8];
	skirmish_action shoot;       /* 0 shoots 1 (play) */
	skirmish_action move;        /* 0 moves 1" (play) */
	skirmish_action out_action;  /* an out-struct whose version is read */
	skirmish_result res;         /* an out-struct whose version is read */
	skirmish_figure_info info;
	skirmish_sight sight;
	skirmish_threat threats[2];
	skirmish_odds odds;
	skirmish_playout_options po;
	skirmish_playout_stats ps;
	skirmish_search_options so;
	skirmish_search_candidate cand[FX_MAX];
	skirmish_searcher *searcher; /* made for the game (play), with so */
	skirmish_searcher *made_searcher; /* what a row's skirmish_searcher_new made */
	skirmish_action legal[FX_MAX];
	/* a result of this game to describe (play): 0's shot at 1, taken
	 * on a clone, its arrays copied, with an objective and a fight
	 * effect added */
	skirmish_result got;
	skirmish_die dice[FX_MAX];
	skirmish_modifier mods[FX_MAX];
	skirmish_effect effs[FX_MAX];
	int obj_effect, fight_effect; /* their indices in effs */
	unsigned char save[1 << 14];
	size_t nsave;
	char buf[512];
	uint64_t rng;
	int count;
	/* the parameters a row may plant instead of a field: valid until then */
	int max;                     /* FX_MAX */
	unsigned int vplus;          /* 0: an init call asks for its own version */
	int preset;                  /* a preset of skirmish_figure_spec_preset() */
	size_t size;                 /* sizeof(skirmish_action) */
	size_t csize;                /* sizeof(skirmish_search_candidate) */
	skirmish_game_options *p_opts;
	skirmish_figure_spec *p_spec;
	skirmish_terrain_spec *p_rect;
	skirmish_action *p_shoot, *p_out_action, *p_legal;
	skirmish_odds *p_odds;
	skirmish_figure_info *p_info;
	skirmish_sight *p_sight;
	skirmish_threat *p_threats;
	skirmish_result *p_res, *p_got;
	skirmish_playout_options *p_po;
	skirmish_playout_stats *p_ps;
	skirmish_search_options *p_so;
	skirmish_search_candidate *p_cand;
	int *p_count;
	char *p_buf;
};

static void
fx_result(struct fx *f)
{
	skirmish_game *c = NULL;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_effect *e;

	ck_assert_ok(skirmish_game_clone(f->g, &c));
	ck_assert_ok(skirmish_shoot(c, 0, 1, &r));
	ck_assert(r.ndice > 0 && r.ndice < FX_MAX);
	ck_assert(r.nmodifiers > 0 && r.nmodifiers < FX_MAX);
	ck_assert(r.neffects > 0 && r.neffects + 2 < FX_MAX);
	memcpy(f->dice, r.dice, (size_t)r.ndice * sizeof(*r.dice));
	memcpy(f->mods, r.modifiers, (size_t)r.nmodifiers * sizeof(*r.modifiers));
	memcpy(f->effs, r.effects, (size_t)r.neffects * sizeof(*r.effects));
	f->got = r;
	f->got.dice = f->dice;
	f->got.modifiers = f->mods;
	f->got.effects = f->effs;
	f->got.text = NULL;
	f->obj_effect = f->got.neffects++;
	e = &f->effs[f->obj_effect];
	memset(e, 0, sizeof(*e));
	e->kind = SKIRMISH_EFFECT_OBJECTIVE_TAKEN;
	e->figure = 0;
	e->other = 0;
	e->rule = "O1";
	f->fight_effect = f->got.neffects++;
	e = &f->effs[f->fight_effect];
	memset(e, 0, sizeof(*e));
	e->kind = SKIRMISH_EFFECT_FIGHT;
	e->figure = 0;
	e->other = 1;
	e->player = 1;
	e->value = 0;
	e->rule = "S27";
	skirmish_game_free(c);
	/* the fixture's result is one describe takes */
	ck_assert_int_gt(skirmish_game_describe(f->g, &f->got, f->buf, sizeof(f->buf)), 0);
}

static void
fx_make(struct fx *f, int when)
{
	static const skirmish_game_options opts = SKIRMISH_GAME_OPTIONS_INIT;
	static const skirmish_figure_spec spec = SKIRMISH_FIGURE_SPEC_INIT;
	static const skirmish_terrain_spec ter = SKIRMISH_TERRAIN_SPEC_INIT;
	static const skirmish_action act = SKIRMISH_ACTION_INIT;
	static const skirmish_result res = SKIRMISH_RESULT_INIT;
	static const skirmish_figure_info info = SKIRMISH_FIGURE_INFO_INIT;
	static const skirmish_sight sight = SKIRMISH_SIGHT_INIT;
	static const skirmish_threat threat = SKIRMISH_THREAT_INIT;
	static const skirmish_odds odds = SKIRMISH_ODDS_INIT;
	static const skirmish_playout_options po = SKIRMISH_PLAYOUT_OPTIONS_INIT;
	static const skirmish_playout_stats ps = SKIRMISH_PLAYOUT_STATS_INIT;
	static const skirmish_search_options so = SKIRMISH_SEARCH_OPTIONS_INIT;
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;

	memset(f, 0, sizeof(*f));
	f->g = tc_game(SKIRMISH_RULESET_SENSO, 2);
	ck_assert_ok(skirmish_figure_spec_preset(&s, SKIRMISH_PRESET_SAMURAI));
	tc_figure(f->g, 0, "Kenji", 10, 10, &s);
	ck_assert_ok(skirmish_figure_spec_preset(&s, SKIRMISH_PRESET_PEASANT));
	tc_figure(f->g, 1, "Jiro", 16, 10, &s);
	ck_assert_ok(skirmish_game_add_objective(f->g, "pig", 40, 30, NULL));

	f->order[0] = 1;
	f->order[1] = 0;
	f->opts = opts;
	f->opts.ruleset = SKIRMISH_RULESET_SENSO;
	f->opts.player_order = f->order;
	f->named = f->opts;
	f->named.ruleset = SKIRMISH_RULESET_NONE;
	f->named.ruleset_name = "senso";
	f->spec = spec;
	ck_assert_ok(skirmish_figure_spec_preset(&f->spec, SKIRMISH_PRESET_ASHIGARU_YARI));
	f->spec.player = 1;
	f->spec.name = "Taro";
	f->spec.x = 30;
	f->spec.y = 30;
	f->rect = ter;
	f->rect.shape = SKIRMISH_SHAPE_RECT;
	f->rect.flags = SKIRMISH_TERRAIN_ROUGH | SKIRMISH_TERRAIN_HILL;
	f->rect.height = 1;
	f->rect.name = "paddy";
	f->rect.x = 50;
	f->rect.y = 20;
	f->rect.width = 4;
	f->rect.depth = 6;
	f->rect.angle = 30;
	f->circle = ter;
	f->circle.shape = SKIRMISH_SHAPE_CIRCLE;
	f->circle.flags = SKIRMISH_TERRAIN_COVER;
	f->circle.x = 60;
	f->circle.y = 40;
	f->circle.radius = 3;
	f->poly = ter;
	f->poly.shape = SKIRMISH_SHAPE_POLYGON;
	f->poly.flags = SKIRMISH_TERRAIN_BLOCKS_SIGHT;
	f->pts[0] = 2, f->pts[1] = 40, f->pts[2] = 8, f->pts[3] = 40;
	f->pts[4] = 8, f->pts[5] = 46, f->pts[6] = 2, f->pts[7] = 46;
	f->poly.npoints = 4;
	f->poly.points = f->pts;
	f->shoot = act;
	f->shoot.kind = SKIRMISH_ACTION_SHOOT;
	f->shoot.figure = 0;
	f->shoot.target = 1;
	f->move = act;
	f->move.kind = SKIRMISH_ACTION_MOVE;
	f->move.figure = 0;
	f->move.npoints = 1;
	f->move.xy[0] = 10;
	f->move.xy[1] = 11;
	f->move.facing = 90;
	f->out_action = act;
	f->res = res;
	f->info = info;
	f->sight = sight;
	f->threats[0] = f->threats[1] = threat;
	f->odds = odds;
	f->po = po;
	f->po.games = 2;
	f->po.max_actions = 50;
	f->ps = ps;
	f->so = so;
	f->so.iterations = 16;
	f->so.max_nodes = 64;
	f->rng = 7;
	f->max = FX_MAX;
	f->preset = SKIRMISH_PRESET_NINJA;
	f->size = sizeof(skirmish_action);
	f->csize = sizeof(skirmish_search_candidate);
	f->p_opts = &f->opts;
	f->p_spec = &f->spec;
	f->p_rect = &f->rect;
	f->p_shoot = &f->shoot;
	f->p_out_action = &f->out_action;
	f->p_legal = f->legal;
	f->p_odds = &f->odds;
	f->p_info = &f->info;
	f->p_sight = &f->sight;
	f->p_threats = f->threats;
	f->p_res = &f->res;
	f->p_got = &f->got;
	f->p_po = &f->po;
	f->p_ps = &f->ps;
	f->p_so = &f->so;
	f->p_cand = f->cand;
	f->p_count = &f->count;
	f->p_buf = f->buf;
	ck_assert_ok(skirmish_game_save(f->g, f->save, sizeof(f->save), &f->nsave));
	if (when == PLAY) {
		tc_start(f->g);
		fx_result(f);
		ck_assert_ok(skirmish_searcher_new(&f->searcher, f->g, &f->so));
	}
}

static void
fx_free(struct fx *f)
{
	skirmish_searcher_free(f->searcher);
	skirmish_searcher_free(f->made_searcher);
	skirmish_game_free(f->made);
	skirmish_game_free(f->g);
}

/* ------------------------------------------------------------------ */
/* the table                                                            */
/* ------------------------------------------------------------------ */

/* Short names for the rows. */
#define G f->g
#define NEW(o) skirmish_game_new(&f->made, (o), f->err, sizeof(f->err))
#define LOAD(cb) skirmish_game_load(&f->made, f->save, f->nsave, (cb), f->err, sizeof(f->err))
#define DESCRIBE(r) skirmish_game_describe(G, (r), f->buf, sizeof(f->buf))
#define SEARCH(o, c, size, max) skirmish_game_search(G, (o), &f->out_action, (c), (size), \
						     (max), &f->count)
#define CAND_SIZE sizeof(skirmish_search_candidate)
#define SEARCHER_NEW(o) skirmish_searcher_new(&f->made_searcher, G, (o))
#define SEARCHER_SEARCH(c, size, max) skirmish_searcher_search(f->searcher, G, &f->out_action, \
							       (c), (size), (max), &f->count)
#define E_INVALID SKIRMISH_E_INVALID
#define E_VERSION SKIRMISH_E_VERSION
#define E_NO_FIGURE SKIRMISH_E_NO_FIGURE
#define E_NO_PLAYER SKIRMISH_E_NO_PLAYER
#define E_RULESET SKIRMISH_E_UNKNOWN_RULESET

/*
 * X(function, struct, field, error, when, plant, call): call is a valid
 * call of function on the fixture f; plant puts one bad value into one
 * field of the struct (or, for a parameter that says how to read it, such
 * as a count, a size or a NULL out, that parameter is the "field").
 */
#define PLANTS(X)                                                                          \
	/* the init calls: the version asked for, and NULL */                                     \
	X(skirmish_game_options_init, skirmish_game_options, (version), E_VERSION, INIT,          \
	  f->vplus = 1, skirmish_game_options_init(&f->opts, SKIRMISH_GAME_OPTIONS_VERSION + f->vplus))\
	X(skirmish_game_options_init, skirmish_game_options, (version), E_VERSION, INIT,          \
	  f->vplus = 1000, skirmish_game_options_init(&f->opts, SKIRMISH_GAME_OPTIONS_VERSION + f->vplus))\
	X(skirmish_game_options_init, skirmish_game_options, (pointer), E_INVALID, INIT,          \
	  f->p_opts = NULL, skirmish_game_options_init(f->p_opts, SKIRMISH_GAME_OPTIONS_VERSION)) \
	X(skirmish_figure_spec_init, skirmish_figure_spec, (version), E_VERSION, INIT,            \
	  f->vplus = 1, skirmish_figure_spec_init(&f->spec, SKIRMISH_FIGURE_SPEC_VERSION + f->vplus))\
	X(skirmish_figure_spec_init, skirmish_figure_spec, (version), E_VERSION, INIT,            \
	  f->vplus = 1000, skirmish_figure_spec_init(&f->spec, SKIRMISH_FIGURE_SPEC_VERSION + f->vplus))\
	X(skirmish_figure_spec_init, skirmish_figure_spec, (pointer), E_INVALID, INIT,            \
	  f->p_spec = NULL, skirmish_figure_spec_init(f->p_spec, SKIRMISH_FIGURE_SPEC_VERSION))   \
	X(skirmish_terrain_spec_init, skirmish_terrain_spec, (version), E_VERSION, INIT,          \
	  f->vplus = 1, skirmish_terrain_spec_init(&f->rect, SKIRMISH_TERRAIN_SPEC_VERSION + f->vplus))\
	X(skirmish_terrain_spec_init, skirmish_terrain_spec, (version), E_VERSION, INIT,          \
	  f->vplus = 1000, skirmish_terrain_spec_init(&f->rect, SKIRMISH_TERRAIN_SPEC_VERSION + f->vplus))\
	X(skirmish_terrain_spec_init, skirmish_terrain_spec, (pointer), E_INVALID, INIT,          \
	  f->p_rect = NULL, skirmish_terrain_spec_init(f->p_rect, SKIRMISH_TERRAIN_SPEC_VERSION)) \
	X(skirmish_result_init, skirmish_result, (version), E_VERSION, INIT,                      \
	  f->vplus = 1, skirmish_result_init(&f->res, SKIRMISH_RESULT_VERSION + f->vplus))        \
	X(skirmish_result_init, skirmish_result, (version), E_VERSION, INIT,                      \
	  f->vplus = 1000, skirmish_result_init(&f->res, SKIRMISH_RESULT_VERSION + f->vplus))     \
	X(skirmish_result_init, skirmish_result, (pointer), E_INVALID, INIT,                      \
	  f->p_res = NULL, skirmish_result_init(f->p_res, SKIRMISH_RESULT_VERSION))               \
	X(skirmish_action_init, skirmish_action, (version), E_VERSION, INIT,                      \
	  f->vplus = 1, skirmish_action_init(&f->shoot, SKIRMISH_ACTION_VERSION + f->vplus))      \
	X(skirmish_action_init, skirmish_action, (version), E_VERSION, INIT,                      \
	  f->vplus = 1000, skirmish_action_init(&f->shoot, SKIRMISH_ACTION_VERSION + f->vplus))   \
	X(skirmish_action_init, skirmish_action, (pointer), E_INVALID, INIT,                      \
	  f->p_shoot = NULL, skirmish_action_init(f->p_shoot, SKIRMISH_ACTION_VERSION))           \
	X(skirmish_odds_init, skirmish_odds, (version), E_VERSION, INIT,                          \
	  f->vplus = 1, skirmish_odds_init(&f->odds, SKIRMISH_ODDS_VERSION + f->vplus))           \
	X(skirmish_odds_init, skirmish_odds, (version), E_VERSION, INIT,                          \
	  f->vplus = 1000, skirmish_odds_init(&f->odds, SKIRMISH_ODDS_VERSION + f->vplus))        \
	X(skirmish_odds_init, skirmish_odds, (pointer), E_INVALID, INIT,                          \
	  f->p_odds = NULL, skirmish_odds_init(f->p_odds, SKIRMISH_ODDS_VERSION))                 \
	X(skirmish_playout_options_init, skirmish_playout_options, (version), E_VERSION, INIT,    \
	  f->vplus = 1, skirmish_playout_options_init(&f->po, SKIRMISH_PLAYOUT_OPTIONS_VERSION + f->vplus))\
	X(skirmish_playout_options_init, skirmish_playout_options, (version), E_VERSION, INIT,    \
	  f->vplus = 1000, skirmish_playout_options_init(&f->po, SKIRMISH_PLAYOUT_OPTIONS_VERSION + f->vplus))\
	X(skirmish_playout_options_init, skirmish_playout_options, (pointer), E_INVALID, INIT,    \
	  f->p_po = NULL, skirmish_playout_options_init(f->p_po, SKIRMISH_PLAYOUT_OPTIONS_VERSION))\
	X(skirmish_playout_stats_init, skirmish_playout_stats, (version), E_VERSION, INIT,        \
	  f->vplus = 1, skirmish_playout_stats_init(&f->ps, SKIRMISH_PLAYOUT_STATS_VERSION + f->vplus))\
	X(skirmish_playout_stats_init, skirmish_playout_stats, (version), E_VERSION, INIT,        \
	  f->vplus = 1000, skirmish_playout_stats_init(&f->ps, SKIRMISH_PLAYOUT_STATS_VERSION + f->vplus))\
	X(skirmish_playout_stats_init, skirmish_playout_stats, (pointer), E_INVALID, INIT,        \
	  f->p_ps = NULL, skirmish_playout_stats_init(f->p_ps, SKIRMISH_PLAYOUT_STATS_VERSION))   \
	X(skirmish_search_options_init, skirmish_search_options, (version), E_VERSION, INIT,      \
	  f->vplus = 1, skirmish_search_options_init(&f->so, SKIRMISH_SEARCH_OPTIONS_VERSION + f->vplus))\
	X(skirmish_search_options_init, skirmish_search_options, (version), E_VERSION, INIT,      \
	  f->vplus = 1000, skirmish_search_options_init(&f->so, SKIRMISH_SEARCH_OPTIONS_VERSION + f->vplus))\
	X(skirmish_search_options_init, skirmish_search_options, (pointer), E_INVALID, INIT,      \
	  f->p_so = NULL, skirmish_search_options_init(f->p_so, SKIRMISH_SEARCH_OPTIONS_VERSION)) \
	/* skirmish_figure_spec_preset: skirmish_figure_spec */                                   \
	X(skirmish_figure_spec_preset, skirmish_figure_spec, version, E_VERSION, INIT,            \
	  f->spec.version = 0, skirmish_figure_spec_preset(&f->spec, f->preset))                  \
	X(skirmish_figure_spec_preset, skirmish_figure_spec, version, E_VERSION, INIT,            \
	  f->spec.version = SKIRMISH_FIGURE_SPEC_VERSION + 1, skirmish_figure_spec_preset(&f->spec, f->preset))\
	X(skirmish_figure_spec_preset, skirmish_figure_spec, (preset), E_INVALID, INIT,           \
	  f->preset = -1, skirmish_figure_spec_preset(&f->spec, f->preset))                       \
	X(skirmish_figure_spec_preset, skirmish_figure_spec, (preset), E_INVALID, INIT,           \
	  f->preset = -2, skirmish_figure_spec_preset(&f->spec, f->preset))                       \
	X(skirmish_figure_spec_preset, skirmish_figure_spec, (preset), E_INVALID, INIT,           \
	  f->preset = SKIRMISH_PRESET_COUNT, skirmish_figure_spec_preset(&f->spec, f->preset))    \
	X(skirmish_figure_spec_preset, skirmish_figure_spec, (preset), E_INVALID, INIT,           \
	  f->preset = INT_MAX, skirmish_figure_spec_preset(&f->spec, f->preset))                  \
	X(skirmish_figure_spec_preset, skirmish_figure_spec, (spec), E_INVALID, INIT,             \
	  f->p_spec = NULL, skirmish_figure_spec_preset(f->p_spec, f->preset))                    \
	/* skirmish_game_new: skirmish_game_options */                                      \
	X(skirmish_game_new, skirmish_game_options, version, E_VERSION, NOGAME,             \
	  f->opts.version = 0, NEW(&f->opts))                                               \
	X(skirmish_game_new, skirmish_game_options, version, E_VERSION, NOGAME,             \
	  f->opts.version = SKIRMISH_GAME_OPTIONS_VERSION + 1, NEW(&f->opts))               \
	X(skirmish_game_new, skirmish_game_options, version, E_VERSION, NOGAME,             \
	  f->opts.version = UINT_MAX, NEW(&f->opts))                                        \
	X(skirmish_game_new, skirmish_game_options, ruleset, E_RULESET, NOGAME,             \
	  f->opts.ruleset = 99, NEW(&f->opts))                                              \
	X(skirmish_game_new, skirmish_game_options, ruleset, E_RULESET, NOGAME,             \
	  f->opts.ruleset = -2, NEW(&f->opts))                                              \
	X(skirmish_game_new, skirmish_game_options, ruleset, E_RULESET, NOGAME,             \
	  f->opts.ruleset = INT_MAX, NEW(&f->opts))                                         \
	X(skirmish_game_new, skirmish_game_options, ruleset_name, E_RULESET, NOGAME,        \
	  f->named.ruleset_name = "chess", NEW(&f->named))                                  \
	X(skirmish_game_new, skirmish_game_options, ruleset_name, E_RULESET, NOGAME,        \
	  f->named.ruleset_name = NULL, NEW(&f->named))                                     \
	X(skirmish_game_new, skirmish_game_options, players, E_INVALID, NOGAME,             \
	  f->opts.players = 1, NEW(&f->opts))                                               \
	X(skirmish_game_new, skirmish_game_options, players, E_INVALID, NOGAME,             \
	  f->opts.players = SKIRMISH_MAX_PLAYERS + 1, NEW(&f->opts))                        \
	X(skirmish_game_new, skirmish_game_options, players, E_INVALID, NOGAME,             \
	  f->opts.players = -2, NEW(&f->opts))                                              \
	X(skirmish_game_new, skirmish_game_options, players, E_INVALID, NOGAME,             \
	  f->opts.players = INT_MAX, NEW(&f->opts))                                         \
	X(skirmish_game_new, skirmish_game_options, table_width, E_INVALID, NOGAME,         \
	  f->opts.table_width = NAN, NEW(&f->opts))                                         \
	X(skirmish_game_new, skirmish_game_options, table_width, E_INVALID, NOGAME,         \
	  f->opts.table_width = INFINITY, NEW(&f->opts))                                    \
	X(skirmish_game_new, skirmish_game_options, table_width, E_INVALID, NOGAME,         \
	  f->opts.table_width = 1.5, NEW(&f->opts))                                         \
	X(skirmish_game_new, skirmish_game_options, table_width, E_INVALID, NOGAME,         \
	  f->opts.table_width = 100001, NEW(&f->opts))                                      \
	X(skirmish_game_new, skirmish_game_options, table_depth, E_INVALID, NOGAME,         \
	  f->opts.table_depth = -INFINITY, NEW(&f->opts))                                   \
	X(skirmish_game_new, skirmish_game_options, table_depth, E_INVALID, NOGAME,         \
	  f->opts.table_depth = NAN, NEW(&f->opts))                                         \
	X(skirmish_game_new, skirmish_game_options, turn_limit, E_INVALID, NOGAME,          \
	  f->opts.turn_limit = -1, NEW(&f->opts))                                           \
	X(skirmish_game_new, skirmish_game_options, turn_limit, E_INVALID, NOGAME,          \
	  f->opts.turn_limit = INT_MIN, NEW(&f->opts))                                      \
	X(skirmish_game_new, skirmish_game_options, ring_removal, E_INVALID, NOGAME,        \
	  f->opts.ring_removal = 2, NEW(&f->opts))                                          \
	X(skirmish_game_new, skirmish_game_options, ring_removal, E_INVALID, NOGAME,        \
	  f->opts.ring_removal = -1, NEW(&f->opts))                                         \
	X(skirmish_game_new, skirmish_game_options, melee_ties, E_INVALID, NOGAME,          \
	  f->opts.melee_ties = 2, NEW(&f->opts))                                            \
	X(skirmish_game_new, skirmish_game_options, melee_ties, E_INVALID, NOGAME,          \
	  f->opts.melee_ties = INT_MIN, NEW(&f->opts))                                      \
	X(skirmish_game_new, skirmish_game_options, die_sides, E_INVALID, NOGAME,           \
	  f->opts.die_sides = 1, NEW(&f->opts))                                             \
	X(skirmish_game_new, skirmish_game_options, die_sides, E_INVALID, NOGAME,           \
	  f->opts.die_sides = -6, NEW(&f->opts))                                            \
	X(skirmish_game_new, skirmish_game_options, die_sides, E_INVALID, NOGAME,           \
	  f->opts.die_sides = 101, NEW(&f->opts))                                           \
	X(skirmish_game_new, skirmish_game_options, player_order, E_INVALID, NOGAME,        \
	  f->order[0] = 2, NEW(&f->opts))                                                   \
	X(skirmish_game_new, skirmish_game_options, player_order, E_INVALID, NOGAME,        \
	  f->order[1] = -2, NEW(&f->opts))                                                  \
	X(skirmish_game_new, skirmish_game_options, player_order, E_INVALID, NOGAME,        \
	  f->order[1] = INT_MAX, NEW(&f->opts))                                             \
	X(skirmish_game_new, skirmish_game_options, player_order, E_INVALID, NOGAME,        \
	  f->order[1] = 1, NEW(&f->opts))                                                   \
	X(skirmish_game_new, skirmish_game_options, (options), E_INVALID, NOGAME,           \
	  f->p_opts = NULL, NEW(f->p_opts))               \
	/* skirmish_game_load: its callbacks */                                             \
	X(skirmish_game_load, skirmish_game_options, version, E_VERSION, NOGAME,            \
	  f->opts.version = 0, LOAD(&f->opts))                                              \
	X(skirmish_game_load, skirmish_game_options, version, E_VERSION, NOGAME,            \
	  f->opts.version = SKIRMISH_GAME_OPTIONS_VERSION + 1, LOAD(&f->opts))              \
	/* skirmish_game_add_figure: skirmish_figure_spec */                                \
	X(skirmish_game_add_figure, skirmish_figure_spec, version, E_VERSION, SETUP,        \
	  f->spec.version = 0, skirmish_game_add_figure(G, &f->spec, NULL))                 \
	X(skirmish_game_add_figure, skirmish_figure_spec, version, E_VERSION, SETUP,        \
	  f->spec.version = SKIRMISH_FIGURE_SPEC_VERSION + 1,                               \
	  skirmish_game_add_figure(G, &f->spec, NULL))                                      \
	X(skirmish_game_add_figure, skirmish_figure_spec, player, E_NO_PLAYER, SETUP,       \
	  f->spec.player = -1, skirmish_game_add_figure(G, &f->spec, NULL))                 \
	X(skirmish_game_add_figure, skirmish_figure_spec, player, E_NO_PLAYER, SETUP,       \
	  f->spec.player = -2, skirmish_game_add_figure(G, &f->spec, NULL))                 \
	X(skirmish_game_add_figure, skirmish_figure_spec, player, E_NO_PLAYER, SETUP,       \
	  f->spec.player = 2, skirmish_game_add_figure(G, &f->spec, NULL))                  \
	X(skirmish_game_add_figure, skirmish_figure_spec, player, E_NO_PLAYER, SETUP,       \
	  f->spec.player = INT_MAX, skirmish_game_add_figure(G, &f->spec, NULL))            \
	X(skirmish_game_add_figure, skirmish_figure_spec, name, E_INVALID, SETUP,           \
	  f->spec.name = "a name of twenty-four by", skirmish_game_add_figure(G, &f->spec, NULL)) \
	X(skirmish_game_add_figure, skirmish_figure_spec, x, E_INVALID, SETUP,              \
	  f->spec.x = NAN, skirmish_game_add_figure(G, &f->spec, NULL))                     \
	X(skirmish_game_add_figure, skirmish_figure_spec, x, E_INVALID, SETUP,              \
	  f->spec.x = INFINITY, skirmish_game_add_figure(G, &f->spec, NULL))                \
	X(skirmish_game_add_figure, skirmish_figure_spec, x, E_INVALID, SETUP,              \
	  f->spec.x = -1, skirmish_game_add_figure(G, &f->spec, NULL))                      \
	X(skirmish_game_add_figure, skirmish_figure_spec, x, E_INVALID, SETUP,              \
	  f->spec.x = 73, skirmish_game_add_figure(G, &f->spec, NULL))                      \
	X(skirmish_game_add_figure, skirmish_figure_spec, y, E_INVALID, SETUP,              \
	  f->spec.y = NAN, skirmish_game_add_figure(G, &f->spec, NULL))                     \
	X(skirmish_game_add_figure, skirmish_figure_spec, y, E_INVALID, SETUP,              \
	  f->spec.y = -INFINITY, skirmish_game_add_figure(G, &f->spec, NULL))               \
	X(skirmish_game_add_figure, skirmish_figure_spec, y, E_INVALID, SETUP,              \
	  f->spec.y = 1e300, skirmish_game_add_figure(G, &f->spec, NULL))                   \
	X(skirmish_game_add_figure, skirmish_figure_spec, facing, E_INVALID, SETUP,         \
	  f->spec.facing = NAN, skirmish_game_add_figure(G, &f->spec, NULL))                \
	X(skirmish_game_add_figure, skirmish_figure_spec, facing, E_INVALID, SETUP,         \
	  f->spec.facing = INFINITY, skirmish_game_add_figure(G, &f->spec, NULL))           \
	X(skirmish_game_add_figure, skirmish_figure_spec, facing, E_INVALID, SETUP,         \
	  f->spec.facing = -INFINITY, skirmish_game_add_figure(G, &f->spec, NULL))          \
	X(skirmish_game_add_figure, skirmish_figure_spec, base_width, E_INVALID, SETUP,     \
	  f->spec.base_width = NAN, skirmish_game_add_figure(G, &f->spec, NULL))            \
	X(skirmish_game_add_figure, skirmish_figure_spec, base_width, E_INVALID, SETUP,     \
	  f->spec.base_width = -1, skirmish_game_add_figure(G, &f->spec, NULL))             \
	X(skirmish_game_add_figure, skirmish_figure_spec, base_width, E_INVALID, SETUP,     \
	  f->spec.base_width = INFINITY, skirmish_game_add_figure(G, &f->spec, NULL))       \
	X(skirmish_game_add_figure, skirmish_figure_spec, base_depth, E_INVALID, SETUP,     \
	  f->spec.base_depth = NAN, skirmish_game_add_figure(G, &f->spec, NULL))            \
	X(skirmish_game_add_figure, skirmish_figure_spec, base_depth, E_INVALID, SETUP,     \
	  f->spec.base_depth = 21, skirmish_game_add_figure(G, &f->spec, NULL))             \
	X(skirmish_game_add_figure, skirmish_figure_spec, dv, E_INVALID, SETUP,             \
	  f->spec.dv = -2, skirmish_game_add_figure(G, &f->spec, NULL))                     \
	X(skirmish_game_add_figure, skirmish_figure_spec, dv, E_INVALID, SETUP,             \
	  f->spec.dv = 7, skirmish_game_add_figure(G, &f->spec, NULL))                      \
	X(skirmish_game_add_figure, skirmish_figure_spec, dv, E_INVALID, SETUP,             \
	  f->spec.dv = INT_MAX, skirmish_game_add_figure(G, &f->spec, NULL))                \
	X(skirmish_game_add_figure, skirmish_figure_spec, melee_weapon, E_INVALID, SETUP,   \
	  f->spec.melee_weapon = -1, skirmish_game_add_figure(G, &f->spec, NULL))           \
	X(skirmish_game_add_figure, skirmish_figure_spec, melee_weapon, E_INVALID, SETUP,   \
	  f->spec.melee_weapon = SKIRMISH_MELEE_COUNT, skirmish_game_add_figure(G, &f->spec, NULL)) \
	X(skirmish_game_add_figure, skirmish_figure_spec, melee_weapon, E_INVALID, SETUP,   \
	  f->spec.melee_weapon = INT_MAX, skirmish_game_add_figure(G, &f->spec, NULL))      \
	X(skirmish_game_add_figure, skirmish_figure_spec, missile_weapon, E_INVALID, SETUP, \
	  f->spec.missile_weapon = -2, skirmish_game_add_figure(G, &f->spec, NULL))         \
	X(skirmish_game_add_figure, skirmish_figure_spec, missile_weapon, E_INVALID, SETUP, \
	  f->spec.missile_weapon = SKIRMISH_MISSILE_COUNT,                                  \
	  skirmish_game_add_figure(G, &f->spec, NULL))                                      \
	X(skirmish_game_add_figure, skirmish_figure_spec, (spec), E_INVALID, SETUP,         \
	  f->p_spec = NULL, skirmish_game_add_figure(G, f->p_spec, NULL))                                 \
	/* skirmish_game_add_terrain: skirmish_terrain_spec */                              \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, version, E_VERSION, SETUP,      \
	  f->rect.version = 0, skirmish_game_add_terrain(G, &f->rect, NULL))                \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, version, E_VERSION, SETUP,      \
	  f->rect.version = SKIRMISH_TERRAIN_SPEC_VERSION + 1,                              \
	  skirmish_game_add_terrain(G, &f->rect, NULL))                                     \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, shape, E_INVALID, SETUP,        \
	  f->rect.shape = -1, skirmish_game_add_terrain(G, &f->rect, NULL))                 \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, shape, E_INVALID, SETUP,        \
	  f->rect.shape = 3, skirmish_game_add_terrain(G, &f->rect, NULL))                  \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, shape, E_INVALID, SETUP,        \
	  f->rect.shape = INT_MAX, skirmish_game_add_terrain(G, &f->rect, NULL))            \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, name, E_INVALID, SETUP,         \
	  f->rect.name = "a name of twenty-four by", skirmish_game_add_terrain(G, &f->rect, NULL)) \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, flags, E_INVALID, SETUP,        \
	  f->rect.flags = 1u << 8, skirmish_game_add_terrain(G, &f->rect, NULL))            \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, flags, E_INVALID, SETUP,        \
	  f->rect.flags = UINT_MAX, skirmish_game_add_terrain(G, &f->rect, NULL))           \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, height, E_INVALID, SETUP,       \
	  f->rect.height = NAN, skirmish_game_add_terrain(G, &f->rect, NULL))               \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, height, E_INVALID, SETUP,       \
	  f->rect.height = -1, skirmish_game_add_terrain(G, &f->rect, NULL))                \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, height, E_INVALID, SETUP,       \
	  f->rect.height = INFINITY, skirmish_game_add_terrain(G, &f->rect, NULL))          \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, move_penalty, E_INVALID, SETUP, \
	  f->rect.move_penalty = NAN, skirmish_game_add_terrain(G, &f->rect, NULL))         \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, move_penalty, E_INVALID, SETUP, \
	  f->rect.move_penalty = -0.5, skirmish_game_add_terrain(G, &f->rect, NULL))        \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, x, E_INVALID, SETUP,            \
	  f->rect.x = NAN, skirmish_game_add_terrain(G, &f->rect, NULL))                    \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, x, E_INVALID, SETUP,            \
	  f->rect.x = 1e9, skirmish_game_add_terrain(G, &f->rect, NULL))                    \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, y, E_INVALID, SETUP,            \
	  f->rect.y = -INFINITY, skirmish_game_add_terrain(G, &f->rect, NULL))              \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, y, E_INVALID, SETUP,            \
	  f->circle.y = NAN, skirmish_game_add_terrain(G, &f->circle, NULL))                \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, width, E_INVALID, SETUP,        \
	  f->rect.width = 0, skirmish_game_add_terrain(G, &f->rect, NULL))                  \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, width, E_INVALID, SETUP,        \
	  f->rect.width = -4, skirmish_game_add_terrain(G, &f->rect, NULL))                 \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, width, E_INVALID, SETUP,        \
	  f->rect.width = NAN, skirmish_game_add_terrain(G, &f->rect, NULL))                \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, width, E_INVALID, SETUP,        \
	  f->rect.width = 199999, skirmish_game_add_terrain(G, &f->rect, NULL))             \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, depth, E_INVALID, SETUP,        \
	  f->rect.depth = INFINITY, skirmish_game_add_terrain(G, &f->rect, NULL))           \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, angle, E_INVALID, SETUP,        \
	  f->rect.angle = NAN, skirmish_game_add_terrain(G, &f->rect, NULL))                \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, angle, E_INVALID, SETUP,        \
	  f->rect.angle = -INFINITY, skirmish_game_add_terrain(G, &f->rect, NULL))          \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, radius, E_INVALID, SETUP,       \
	  f->circle.radius = 0, skirmish_game_add_terrain(G, &f->circle, NULL))             \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, radius, E_INVALID, SETUP,       \
	  f->circle.radius = NAN, skirmish_game_add_terrain(G, &f->circle, NULL))           \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, radius, E_INVALID, SETUP,       \
	  f->circle.radius = 1e12, skirmish_game_add_terrain(G, &f->circle, NULL))          \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, npoints, E_INVALID, SETUP,      \
	  f->poly.npoints = 2, skirmish_game_add_terrain(G, &f->poly, NULL))                \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, npoints, E_INVALID, SETUP,      \
	  f->poly.npoints = -2, skirmish_game_add_terrain(G, &f->poly, NULL))               \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, npoints, E_INVALID, SETUP,      \
	  f->poly.npoints = SKIRMISH_POLYGON_MAX + 1, skirmish_game_add_terrain(G, &f->poly, NULL)) \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, npoints, E_INVALID, SETUP,      \
	  f->poly.npoints = INT_MAX, skirmish_game_add_terrain(G, &f->poly, NULL))          \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, points, E_INVALID, SETUP,       \
	  f->poly.points = NULL, skirmish_game_add_terrain(G, &f->poly, NULL))              \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, points, E_INVALID, SETUP,       \
	  f->pts[3] = NAN, skirmish_game_add_terrain(G, &f->poly, NULL))                    \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, points, E_INVALID, SETUP,       \
	  f->pts[4] = 2, skirmish_game_add_terrain(G, &f->poly, NULL))                      \
	X(skirmish_game_add_terrain, skirmish_terrain_spec, (spec), E_INVALID, SETUP,       \
	  f->p_rect = NULL, skirmish_game_add_terrain(G, f->p_rect, NULL))                                \
	/* skirmish_game_start: skirmish_result out */                                      \
	X(skirmish_game_start, skirmish_result, version, E_VERSION, SETUP,                  \
	  f->res.version = 0, skirmish_game_start(G, &f->res))                              \
	X(skirmish_game_start, skirmish_result, version, E_VERSION, SETUP,                  \
	  f->res.version = SKIRMISH_RESULT_VERSION + 1, skirmish_game_start(G, &f->res))    \
	/* the actions: skirmish_result out */                                              \
	X(skirmish_move, skirmish_result, version, E_VERSION, PLAY,                         \
	  f->res.version = 0, skirmish_move(G, 0, f->move.xy, 1, -1, &f->res))              \
	X(skirmish_charge, skirmish_result, version, E_VERSION, PLAY,                       \
	  f->res.version = 0, skirmish_charge(G, 0, 1, -1, &f->res))                        \
	X(skirmish_shoot, skirmish_result, version, E_VERSION, PLAY,                        \
	  f->res.version = 0, skirmish_shoot(G, 0, 1, &f->res))                             \
	X(skirmish_shoot, skirmish_result, version, E_VERSION, PLAY,                        \
	  f->res.version = UINT_MAX, skirmish_shoot(G, 0, 1, &f->res))                      \
	X(skirmish_reload, skirmish_result, version, E_VERSION, PLAY,                       \
	  f->res.version = 0, skirmish_reload(G, 0, &f->res))                               \
	X(skirmish_fight, skirmish_result, version, E_VERSION, PLAY,                        \
	  f->res.version = 0, skirmish_fight(G, 0, &f->res))                                \
	X(skirmish_fight_against, skirmish_result, version, E_VERSION, PLAY,                \
	  f->res.version = 0, skirmish_fight_against(G, 0, -1, &f->res))                    \
	X(skirmish_mount, skirmish_result, version, E_VERSION, PLAY,                        \
	  f->res.version = 0, skirmish_mount(G, 0, 1, &f->res))                             \
	X(skirmish_dismount, skirmish_result, version, E_VERSION, PLAY,                     \
	  f->res.version = 0, skirmish_dismount(G, 0, &f->res))                             \
	X(skirmish_turn, skirmish_result, version, E_VERSION, PLAY,                         \
	  f->res.version = 0, skirmish_turn(G, 0, 90, &f->res))                             \
	X(skirmish_end_phase, skirmish_result, version, E_VERSION, PLAY,                    \
	  f->res.version = 0, skirmish_end_phase(G, &f->res))                               \
	X(skirmish_end_turn, skirmish_result, version, E_VERSION, PLAY,                     \
	  f->res.version = 0, skirmish_end_turn(G, &f->res))                                \
	/* skirmish_game_act: skirmish_action and skirmish_result */                        \
	X(skirmish_game_act, skirmish_action, version, E_VERSION, PLAY,                     \
	  f->shoot.version = 0, skirmish_game_act(G, &f->shoot, NULL))                      \
	X(skirmish_game_act, skirmish_action, version, E_VERSION, PLAY,                     \
	  f->shoot.version = SKIRMISH_ACTION_VERSION + 1, skirmish_game_act(G, &f->shoot, NULL)) \
	X(skirmish_game_act, skirmish_action, kind, E_INVALID, PLAY,                        \
	  f->shoot.kind = SKIRMISH_ACTION_NONE, skirmish_game_act(G, &f->shoot, NULL))      \
	X(skirmish_game_act, skirmish_action, kind, E_INVALID, PLAY,                        \
	  f->shoot.kind = -2, skirmish_game_act(G, &f->shoot, NULL))                        \
	X(skirmish_game_act, skirmish_action, kind, E_INVALID, PLAY,                        \
	  f->shoot.kind = SKIRMISH_ACTION_CHARGE + 1, skirmish_game_act(G, &f->shoot, NULL)) \
	X(skirmish_game_act, skirmish_action, kind, E_INVALID, PLAY,                        \
	  f->shoot.kind = INT_MAX, skirmish_game_act(G, &f->shoot, NULL))                   \
	X(skirmish_game_act, skirmish_action, figure, E_NO_FIGURE, PLAY,                    \
	  f->shoot.figure = -1, skirmish_game_act(G, &f->shoot, NULL))                      \
	X(skirmish_game_act, skirmish_action, figure, E_NO_FIGURE, PLAY,                    \
	  f->shoot.figure = -2, skirmish_game_act(G, &f->shoot, NULL))                      \
	X(skirmish_game_act, skirmish_action, figure, E_NO_FIGURE, PLAY,                    \
	  f->shoot.figure = 2, skirmish_game_act(G, &f->shoot, NULL))                       \
	X(skirmish_game_act, skirmish_action, figure, E_NO_FIGURE, PLAY,                    \
	  f->shoot.figure = INT_MAX, skirmish_game_act(G, &f->shoot, NULL))                 \
	X(skirmish_game_act, skirmish_action, figure, E_NO_FIGURE, PLAY,                    \
	  f->move.figure = INT_MIN, skirmish_game_act(G, &f->move, NULL))                   \
	X(skirmish_game_act, skirmish_action, target, E_NO_FIGURE, PLAY,                    \
	  f->shoot.target = -1, skirmish_game_act(G, &f->shoot, NULL))                      \
	X(skirmish_game_act, skirmish_action, target, E_NO_FIGURE, PLAY,                    \
	  f->shoot.target = -2, skirmish_game_act(G, &f->shoot, NULL))                      \
	X(skirmish_game_act, skirmish_action, target, E_NO_FIGURE, PLAY,                    \
	  f->shoot.target = 2, skirmish_game_act(G, &f->shoot, NULL))                       \
	X(skirmish_game_act, skirmish_action, target, E_NO_FIGURE, PLAY,                    \
	  f->shoot.target = INT_MAX, skirmish_game_act(G, &f->shoot, NULL))                 \
	X(skirmish_game_act, skirmish_action, npoints, E_INVALID, PLAY,                     \
	  f->move.npoints = 0, skirmish_game_act(G, &f->move, NULL))                        \
	X(skirmish_game_act, skirmish_action, npoints, E_INVALID, PLAY,                     \
	  f->move.npoints = -2, skirmish_game_act(G, &f->move, NULL))                       \
	X(skirmish_game_act, skirmish_action, npoints, E_INVALID, PLAY,                     \
	  f->move.npoints = SKIRMISH_PATH_MAX + 1, skirmish_game_act(G, &f->move, NULL))    \
	X(skirmish_game_act, skirmish_action, npoints, E_INVALID, PLAY,                     \
	  f->move.npoints = INT_MAX, skirmish_game_act(G, &f->move, NULL))                  \
	X(skirmish_game_act, skirmish_action, xy, E_INVALID, PLAY,                          \
	  f->move.xy[0] = NAN, skirmish_game_act(G, &f->move, NULL))                        \
	X(skirmish_game_act, skirmish_action, xy, E_INVALID, PLAY,                          \
	  f->move.xy[1] = INFINITY, skirmish_game_act(G, &f->move, NULL))                   \
	X(skirmish_game_act, skirmish_action, xy, E_INVALID, PLAY,                          \
	  f->move.xy[1] = 1e12, skirmish_game_act(G, &f->move, NULL))                       \
	X(skirmish_game_act, skirmish_action, facing, E_INVALID, PLAY,                      \
	  f->move.facing = NAN, skirmish_game_act(G, &f->move, NULL))                       \
	X(skirmish_game_act, skirmish_action, facing, E_INVALID, PLAY,                      \
	  f->move.facing = INFINITY, skirmish_game_act(G, &f->move, NULL))                  \
	X(skirmish_game_act, skirmish_action, (action), E_INVALID, PLAY,                    \
	  f->p_shoot = NULL, skirmish_game_act(G, f->p_shoot, NULL))                                        \
	X(skirmish_game_act, skirmish_result, version, E_VERSION, PLAY,                     \
	  f->res.version = 0, skirmish_game_act(G, &f->shoot, &f->res))                     \
	X(skirmish_game_act, skirmish_result, version, E_VERSION, PLAY,                     \
	  f->res.version = 0, skirmish_game_act(G, &f->move, &f->res))                      \
	/* skirmish_game_odds: skirmish_action and skirmish_odds */                         \
	X(skirmish_game_odds, skirmish_action, version, E_VERSION, PLAY,                    \
	  f->shoot.version = 0, skirmish_game_odds(G, &f->shoot, &f->odds))                 \
	X(skirmish_game_odds, skirmish_action, kind, E_INVALID, PLAY,                       \
	  f->shoot.kind = 99, skirmish_game_odds(G, &f->shoot, &f->odds))                   \
	X(skirmish_game_odds, skirmish_action, figure, E_NO_FIGURE, PLAY,                   \
	  f->shoot.figure = -2, skirmish_game_odds(G, &f->shoot, &f->odds))                 \
	X(skirmish_game_odds, skirmish_action, figure, E_NO_FIGURE, PLAY,                   \
	  f->shoot.figure = INT_MAX, skirmish_game_odds(G, &f->shoot, &f->odds))            \
	X(skirmish_game_odds, skirmish_action, target, E_NO_FIGURE, PLAY,                   \
	  f->shoot.target = 2, skirmish_game_odds(G, &f->shoot, &f->odds))                  \
	X(skirmish_game_odds, skirmish_action, target, E_NO_FIGURE, PLAY,                   \
	  f->shoot.target = INT_MIN, skirmish_game_odds(G, &f->shoot, &f->odds))            \
	X(skirmish_game_odds, skirmish_action, npoints, E_INVALID, PLAY,                    \
	  f->move.npoints = SKIRMISH_PATH_MAX + 1, skirmish_game_odds(G, &f->move, &f->odds)) \
	X(skirmish_game_odds, skirmish_action, xy, E_INVALID, PLAY,                         \
	  f->move.xy[0] = -INFINITY, skirmish_game_odds(G, &f->move, &f->odds))             \
	X(skirmish_game_odds, skirmish_action, facing, E_INVALID, PLAY,                     \
	  f->move.facing = NAN, skirmish_game_odds(G, &f->move, &f->odds))                  \
	X(skirmish_game_odds, skirmish_odds, version, E_VERSION, PLAY,                      \
	  f->odds.version = 0, skirmish_game_odds(G, &f->shoot, &f->odds))                  \
	X(skirmish_game_odds, skirmish_odds, version, E_VERSION, PLAY,                      \
	  f->odds.version = SKIRMISH_ODDS_VERSION + 1, skirmish_game_odds(G, &f->shoot, &f->odds)) \
	X(skirmish_game_odds, skirmish_odds, (out), E_INVALID, PLAY,                        \
	  f->p_odds = NULL, skirmish_game_odds(G, &f->shoot, f->p_odds))                                  \
	/* skirmish_game_check_action: skirmish_action */                                   \
	X(skirmish_game_check_action, skirmish_action, version, E_VERSION, PLAY,            \
	  f->shoot.version = 0, skirmish_game_check_action(G, &f->shoot))                   \
	X(skirmish_game_check_action, skirmish_action, kind, E_INVALID, PLAY,               \
	  f->shoot.kind = -1, skirmish_game_check_action(G, &f->shoot))                     \
	X(skirmish_game_check_action, skirmish_action, figure, E_NO_FIGURE, PLAY,           \
	  f->shoot.figure = 2, skirmish_game_check_action(G, &f->shoot))                    \
	X(skirmish_game_check_action, skirmish_action, figure, E_NO_FIGURE, PLAY,           \
	  f->move.figure = -2, skirmish_game_check_action(G, &f->move))                     \
	X(skirmish_game_check_action, skirmish_action, target, E_NO_FIGURE, PLAY,           \
	  f->shoot.target = INT_MAX, skirmish_game_check_action(G, &f->shoot))              \
	X(skirmish_game_check_action, skirmish_action, npoints, E_INVALID, PLAY,            \
	  f->move.npoints = 0, skirmish_game_check_action(G, &f->move))                     \
	X(skirmish_game_check_action, skirmish_action, xy, E_INVALID, PLAY,                 \
	  f->move.xy[1] = NAN, skirmish_game_check_action(G, &f->move))                     \
	X(skirmish_game_check_action, skirmish_action, facing, E_INVALID, PLAY,             \
	  f->move.facing = INFINITY, skirmish_game_check_action(G, &f->move))               \
	/* out-structs whose version is read */                                             \
	X(skirmish_game_figure, skirmish_figure_info, version, E_VERSION, PLAY,             \
	  f->info.version = 0, skirmish_game_figure(G, 0, &f->info))                        \
	X(skirmish_game_figure, skirmish_figure_info, version, E_VERSION, PLAY,             \
	  f->info.version = SKIRMISH_FIGURE_INFO_VERSION + 1, skirmish_game_figure(G, 0, &f->info)) \
	X(skirmish_game_figure, skirmish_figure_info, (out), E_INVALID, PLAY,               \
	  f->p_info = NULL, skirmish_game_figure(G, 0, f->p_info))                                        \
	X(skirmish_game_sight, skirmish_sight, version, E_VERSION, PLAY,                    \
	  f->sight.version = 0, skirmish_game_sight(G, 0, 1, &f->sight))                    \
	X(skirmish_game_sight, skirmish_sight, version, E_VERSION, PLAY,                    \
	  f->sight.version = SKIRMISH_SIGHT_VERSION + 1, skirmish_game_sight(G, 0, 1, &f->sight)) \
	X(skirmish_game_sight, skirmish_sight, (out), E_INVALID, PLAY,                      \
	  f->p_sight = NULL, skirmish_game_sight(G, 0, 1, f->p_sight))                                      \
	X(skirmish_game_get_options, skirmish_game_options, version, E_VERSION, SETUP,      \
	  f->opts.version = 0, skirmish_game_get_options(G, &f->opts))                      \
	X(skirmish_game_get_options, skirmish_game_options, version, E_VERSION, PLAY,       \
	  f->opts.version = SKIRMISH_GAME_OPTIONS_VERSION + 1,                              \
	  skirmish_game_get_options(G, &f->opts))                                           \
	X(skirmish_game_get_options, skirmish_game_options, version, E_VERSION, PLAY,       \
	  f->opts.version = UINT_MAX, skirmish_game_get_options(G, &f->opts))               \
	X(skirmish_game_get_options, skirmish_game_options, (out), E_INVALID, PLAY,         \
	  f->p_opts = NULL, skirmish_game_get_options(G, f->p_opts))                        \
	X(skirmish_game_threats, skirmish_threat, version, E_VERSION, PLAY,                 \
	  f->threats[0].version = 0, skirmish_game_threats(G, 0, 20, 10, f->threats, 2, &f->count)) \
	X(skirmish_game_threats, skirmish_threat, version, E_VERSION, PLAY,                 \
	  f->threats[0].version = SKIRMISH_THREAT_VERSION + 1,                              \
	  skirmish_game_threats(G, 0, 20, 10, f->threats, 2, &f->count))                    \
	X(skirmish_game_threats, skirmish_threat, (out), E_INVALID, PLAY,                   \
	  f->p_threats = NULL, skirmish_game_threats(G, 0, 20, 10, f->p_threats, 2, &f->count)) \
	X(skirmish_game_threats, skirmish_threat, (max), E_INVALID, PLAY,                   \
	  f->max = -1, skirmish_game_threats(G, 0, 20, 10, f->threats, f->max, &f->count))  \
	X(skirmish_game_threats, skirmish_threat, (count), E_INVALID, PLAY,                 \
	  f->p_count = NULL, skirmish_game_threats(G, 0, 20, 10, f->threats, 2, f->p_count)) \
	X(skirmish_game_last_result, skirmish_result, version, E_VERSION, PLAY,             \
	  f->res.version = 0, skirmish_game_last_result(G, &f->res))                        \
	X(skirmish_game_last_result, skirmish_result, version, E_VERSION, PLAY,             \
	  f->res.version = SKIRMISH_RESULT_VERSION + 1, skirmish_game_last_result(G, &f->res)) \
	X(skirmish_game_last_result, skirmish_result, (out), E_INVALID, PLAY,               \
	  f->p_res = NULL, skirmish_game_last_result(G, f->p_res))                                      \
	X(skirmish_game_history_action, skirmish_action, version, E_VERSION, PLAY,          \
	  f->out_action.version = 0, skirmish_game_history_action(G, 0, &f->out_action))    \
	X(skirmish_game_history_action, skirmish_action, version, E_VERSION, PLAY,          \
	  f->out_action.version = SKIRMISH_ACTION_VERSION + 1,                              \
	  skirmish_game_history_action(G, 0, &f->out_action))                              \
	X(skirmish_game_history_action, skirmish_action, (out), E_INVALID, PLAY,            \
	  f->p_out_action = NULL, skirmish_game_history_action(G, 0, f->p_out_action))                                \
	X(skirmish_game_policy_action, skirmish_action, version, E_VERSION, PLAY,           \
	  f->out_action.version = 0,                                                        \
	  skirmish_game_policy_action(G, SKIRMISH_POLICY_ROLLOUT, &f->rng, &f->out_action)) \
	X(skirmish_game_policy_action, skirmish_action, version, E_VERSION, PLAY,           \
	  f->out_action.version = UINT_MAX,                                                 \
	  skirmish_game_policy_action(G, SKIRMISH_POLICY_ROLLOUT, &f->rng, &f->out_action)) \
	X(skirmish_game_policy_action, skirmish_action, (out), E_INVALID, PLAY,             \
	  f->p_out_action = NULL,                                                   \
	  skirmish_game_policy_action(G, SKIRMISH_POLICY_ROLLOUT, &f->rng, f->p_out_action))  \
	X(skirmish_game_legal_actions, skirmish_action, (count), E_INVALID, PLAY,           \
	  f->p_count = NULL, skirmish_game_legal_actions(G, -1, f->legal, FX_MAX, f->p_count))              \
	X(skirmish_game_legal_actions, skirmish_action, (max), E_INVALID, PLAY,             \
	  f->max = -1, skirmish_game_legal_actions(G, -1, f->legal, f->max, &f->count))             \
	X(skirmish_game_legal_actions, skirmish_action, (max), E_INVALID, PLAY,             \
	  f->max = INT_MIN, skirmish_game_legal_actions(G, -1, f->legal, f->max, &f->count))        \
	X(skirmish_game_legal_actions, skirmish_action, (out), E_INVALID, PLAY,             \
	  f->p_legal = NULL, skirmish_game_legal_actions(G, -1, f->p_legal, FX_MAX, &f->count))             \
	X(skirmish_game_legal_actions_sized, skirmish_action, (action_size), E_INVALID, PLAY, \
	  f->size = sizeof(skirmish_action) - 1,                                            \
	  skirmish_game_legal_actions_sized(G, -1, f->legal, f->size, FX_MAX, &f->count)) \
	X(skirmish_game_legal_actions_sized, skirmish_action, (action_size), E_INVALID, PLAY, \
	  f->size = 0, skirmish_game_legal_actions_sized(G, -1, f->legal, f->size, FX_MAX, &f->count)) \
	X(skirmish_game_legal_actions_sized, skirmish_action, (count), E_INVALID, PLAY,     \
	  f->p_count = NULL, skirmish_game_legal_actions_sized(G, -1, f->legal, f->size, FX_MAX, \
							       f->p_count))                         \
	/* skirmish_game_playouts: skirmish_playout_options, skirmish_playout_stats */      \
	X(skirmish_game_playouts, skirmish_playout_options, version, E_VERSION, PLAY,       \
	  f->po.version = 0, skirmish_game_playouts(G, &f->po, &f->ps))                     \
	X(skirmish_game_playouts, skirmish_playout_options, version, E_VERSION, PLAY,       \
	  f->po.version = SKIRMISH_PLAYOUT_OPTIONS_VERSION + 1,                             \
	  skirmish_game_playouts(G, &f->po, &f->ps))                                        \
	X(skirmish_game_playouts, skirmish_playout_options, games, E_INVALID, PLAY,         \
	  f->po.games = 0, skirmish_game_playouts(G, &f->po, &f->ps))                       \
	X(skirmish_game_playouts, skirmish_playout_options, games, E_INVALID, PLAY,         \
	  f->po.games = -2, skirmish_game_playouts(G, &f->po, &f->ps))                      \
	X(skirmish_game_playouts, skirmish_playout_options, games, E_INVALID, PLAY,         \
	  f->po.games = 100000001, skirmish_game_playouts(G, &f->po, &f->ps))               \
	X(skirmish_game_playouts, skirmish_playout_options, games, E_INVALID, PLAY,         \
	  f->po.games = INT_MAX, skirmish_game_playouts(G, &f->po, &f->ps))                 \
	X(skirmish_game_playouts, skirmish_playout_options, max_actions, E_INVALID, PLAY,   \
	  f->po.max_actions = -1, skirmish_game_playouts(G, &f->po, &f->ps))                \
	X(skirmish_game_playouts, skirmish_playout_options, max_actions, E_INVALID, PLAY,   \
	  f->po.max_actions = INT_MIN, skirmish_game_playouts(G, &f->po, &f->ps))           \
	X(skirmish_game_playouts, skirmish_playout_options, policy, E_INVALID, PLAY,        \
	  f->po.policy[0] = -1, skirmish_game_playouts(G, &f->po, &f->ps))                  \
	X(skirmish_game_playouts, skirmish_playout_options, policy, E_INVALID, PLAY,        \
	  f->po.policy[1] = SKIRMISH_POLICY_ROLLOUT + 1, skirmish_game_playouts(G, &f->po, &f->ps)) \
	X(skirmish_game_playouts, skirmish_playout_options, policy, E_INVALID, PLAY,        \
	  f->po.policy[SKIRMISH_MAX_PLAYERS] = INT_MAX, skirmish_game_playouts(G, &f->po, &f->ps)) \
	X(skirmish_game_playouts, skirmish_playout_options, horizon, E_INVALID, PLAY,       \
	  f->po.horizon = -1, skirmish_game_playouts(G, &f->po, &f->ps))                    \
	X(skirmish_game_playouts, skirmish_playout_options, horizon, E_INVALID, PLAY,       \
	  f->po.horizon = INT_MIN, skirmish_game_playouts(G, &f->po, &f->ps))               \
	X(skirmish_game_playouts, skirmish_playout_options, (options), E_INVALID, PLAY,     \
	  f->p_po = NULL, skirmish_game_playouts(G, f->p_po, &f->ps))                                 \
	X(skirmish_game_playouts, skirmish_playout_stats, version, E_VERSION, PLAY,         \
	  f->ps.version = 0, skirmish_game_playouts(G, &f->po, &f->ps))                     \
	X(skirmish_game_playouts, skirmish_playout_stats, version, E_VERSION, PLAY,         \
	  f->ps.version = SKIRMISH_PLAYOUT_STATS_VERSION + 1,                               \
	  skirmish_game_playouts(G, &f->po, &f->ps))                                        \
	X(skirmish_game_playouts, skirmish_playout_stats, (out), E_INVALID, PLAY,           \
	  f->p_ps = NULL, skirmish_game_playouts(G, &f->po, f->p_ps))                                 \
	/* skirmish_game_search: skirmish_search_options, candidates, skirmish_action out */ \
	X(skirmish_game_search, skirmish_search_options, version, E_VERSION, PLAY,          \
	  f->so.version = 0, SEARCH(&f->so, NULL, 0, 0))                                    \
	X(skirmish_game_search, skirmish_search_options, version, E_VERSION, PLAY,          \
	  f->so.version = SKIRMISH_SEARCH_OPTIONS_VERSION + 1, SEARCH(&f->so, NULL, 0, 0))  \
	X(skirmish_game_search, skirmish_search_options, iterations, E_INVALID, PLAY,       \
	  f->so.iterations = -1, SEARCH(&f->so, NULL, 0, 0))                                \
	X(skirmish_game_search, skirmish_search_options, iterations, E_INVALID, PLAY,       \
	  f->so.iterations = 0, SEARCH(&f->so, NULL, 0, 0))                                 \
	X(skirmish_game_search, skirmish_search_options, iterations, E_INVALID, PLAY,       \
	  f->so.iterations = LONG_MIN, SEARCH(&f->so, NULL, 0, 0))                          \
	X(skirmish_game_search, skirmish_search_options, milliseconds, E_INVALID, PLAY,     \
	  f->so.milliseconds = NAN, SEARCH(&f->so, NULL, 0, 0))                             \
	X(skirmish_game_search, skirmish_search_options, milliseconds, E_INVALID, PLAY,     \
	  f->so.milliseconds = -1, SEARCH(&f->so, NULL, 0, 0))                              \
	X(skirmish_game_search, skirmish_search_options, milliseconds, E_INVALID, PLAY,     \
	  f->so.milliseconds = INFINITY, SEARCH(&f->so, NULL, 0, 0))                        \
	X(skirmish_game_search, skirmish_search_options, threads, E_INVALID, PLAY,          \
	  f->so.threads = 0, SEARCH(&f->so, NULL, 0, 0))                                    \
	X(skirmish_game_search, skirmish_search_options, threads, E_INVALID, PLAY,          \
	  f->so.threads = -2, SEARCH(&f->so, NULL, 0, 0))                                   \
	X(skirmish_game_search, skirmish_search_options, threads, E_INVALID, PLAY,          \
	  f->so.threads = 65, SEARCH(&f->so, NULL, 0, 0))                                   \
	X(skirmish_game_search, skirmish_search_options, threads, E_INVALID, PLAY,          \
	  f->so.threads = INT_MAX, SEARCH(&f->so, NULL, 0, 0))                              \
	X(skirmish_game_search, skirmish_search_options, horizon, E_INVALID, PLAY,          \
	  f->so.horizon = -1, SEARCH(&f->so, NULL, 0, 0))                                   \
	X(skirmish_game_search, skirmish_search_options, horizon, E_INVALID, PLAY,          \
	  f->so.horizon = 1001, SEARCH(&f->so, NULL, 0, 0))                                 \
	X(skirmish_game_search, skirmish_search_options, max_nodes, E_INVALID, PLAY,        \
	  f->so.max_nodes = -1, SEARCH(&f->so, NULL, 0, 0))                                 \
	X(skirmish_game_search, skirmish_search_options, max_nodes, E_INVALID, PLAY,        \
	  f->so.max_nodes = LONG_MAX, SEARCH(&f->so, NULL, 0, 0))                           \
	X(skirmish_game_search, skirmish_search_options, exploration, E_INVALID, PLAY,      \
	  f->so.exploration = NAN, SEARCH(&f->so, NULL, 0, 0))                              \
	X(skirmish_game_search, skirmish_search_options, exploration, E_INVALID, PLAY,      \
	  f->so.exploration = -0.5, SEARCH(&f->so, NULL, 0, 0))                             \
	X(skirmish_game_search, skirmish_search_options, exploration, E_INVALID, PLAY,      \
	  f->so.exploration = INFINITY, SEARCH(&f->so, NULL, 0, 0))                         \
	X(skirmish_game_search, skirmish_search_options, (options), E_INVALID, PLAY,        \
	  f->p_so = NULL, SEARCH(f->p_so, NULL, 0, 0))                                                \
	X(skirmish_game_search, skirmish_action, (out), E_INVALID, PLAY,                    \
	  f->p_out_action = NULL,                                                   \
	  skirmish_game_search(G, &f->so, f->p_out_action, NULL, 0, 0, NULL))                 \
	X(skirmish_game_search, skirmish_search_candidate, (candidate_size), E_INVALID, PLAY, \
	  f->csize = CAND_SIZE - 1, SEARCH(&f->so, f->cand, f->csize, FX_MAX))                          \
	X(skirmish_game_search, skirmish_search_candidate, (candidate_size), E_INVALID, PLAY, \
	  f->csize = 0, SEARCH(&f->so, f->cand, f->csize, FX_MAX))                                      \
	X(skirmish_game_search, skirmish_search_candidate, (max), E_INVALID, PLAY,          \
	  f->max = -1, SEARCH(&f->so, f->cand, CAND_SIZE, f->max))                                  \
	X(skirmish_game_search, skirmish_search_candidate, (candidates), E_INVALID, PLAY,   \
	  f->p_cand = NULL, SEARCH(&f->so, f->p_cand, CAND_SIZE, FX_MAX))                                 \
	/* skirmish_searcher_new: skirmish_search_options */                                \
	X(skirmish_searcher_new, skirmish_search_options, version, E_VERSION, PLAY,         \
	  f->so.version = 0, SEARCHER_NEW(&f->so))                                          \
	X(skirmish_searcher_new, skirmish_search_options, iterations, E_INVALID, PLAY,      \
	  f->so.iterations = -1, SEARCHER_NEW(&f->so))                                      \
	X(skirmish_searcher_new, skirmish_search_options, threads, E_INVALID, PLAY,         \
	  f->so.threads = 0, SEARCHER_NEW(&f->so))                                          \
	X(skirmish_searcher_new, skirmish_search_options, max_nodes, E_INVALID, PLAY,       \
	  f->so.max_nodes = LONG_MAX, SEARCHER_NEW(&f->so))                                 \
	X(skirmish_searcher_new, skirmish_search_options, (options), E_INVALID, PLAY,       \
	  f->p_so = NULL, SEARCHER_NEW(f->p_so))                                            \
	/* skirmish_searcher_search: candidates, skirmish_action out */                     \
	X(skirmish_searcher_search, skirmish_action, (out), E_INVALID, PLAY,                \
	  f->p_out_action = NULL,                                                           \
	  skirmish_searcher_search(f->searcher, G, f->p_out_action, NULL, 0, 0, NULL))      \
	X(skirmish_searcher_search, skirmish_search_candidate, (candidate_size), E_INVALID, PLAY, \
	  f->csize = CAND_SIZE - 1, SEARCHER_SEARCH(f->cand, f->csize, FX_MAX))             \
	X(skirmish_searcher_search, skirmish_search_candidate, (max), E_INVALID, PLAY,      \
	  f->max = -1, SEARCHER_SEARCH(f->cand, CAND_SIZE, f->max))                         \
	X(skirmish_searcher_search, skirmish_search_candidate, (candidates), E_INVALID, PLAY, \
	  f->p_cand = NULL, SEARCHER_SEARCH(f->p_cand, CAND_SIZE, FX_MAX))                  \
	/* skirmish_game_describe: a caller's skirmish_result */                            \
	X(skirmish_game_describe, skirmish_result, version, E_VERSION, PLAY,                \
	  f->got.version = 0, DESCRIBE(&f->got))                                            \
	X(skirmish_game_describe, skirmish_result, version, E_VERSION, PLAY,                \
	  f->got.version = SKIRMISH_RESULT_VERSION + 1, DESCRIBE(&f->got))                  \
	X(skirmish_game_describe, skirmish_result, figure, E_INVALID, PLAY,                 \
	  f->got.figure = -1, DESCRIBE(&f->got))                                            \
	X(skirmish_game_describe, skirmish_result, figure, E_INVALID, PLAY,                 \
	  f->got.figure = -2, DESCRIBE(&f->got))                                            \
	X(skirmish_game_describe, skirmish_result, figure, E_INVALID, PLAY,                 \
	  f->got.figure = 2, DESCRIBE(&f->got))                                             \
	X(skirmish_game_describe, skirmish_result, figure, E_INVALID, PLAY,                 \
	  f->got.figure = INT_MAX, DESCRIBE(&f->got))                                       \
	X(skirmish_game_describe, skirmish_result, target, E_INVALID, PLAY,                 \
	  f->got.target = -2, DESCRIBE(&f->got))                                            \
	X(skirmish_game_describe, skirmish_result, target, E_INVALID, PLAY,                 \
	  f->got.target = 2, DESCRIBE(&f->got))                                             \
	X(skirmish_game_describe, skirmish_result, target, E_INVALID, PLAY,                 \
	  f->got.target = INT_MIN, DESCRIBE(&f->got))                                       \
	X(skirmish_game_describe, skirmish_result, ndice, E_INVALID, PLAY,                  \
	  f->got.ndice = -1, DESCRIBE(&f->got))                                             \
	X(skirmish_game_describe, skirmish_result, ndice, E_INVALID, PLAY,                  \
	  f->got.ndice = INT_MIN, DESCRIBE(&f->got))                                        \
	X(skirmish_game_describe, skirmish_result, dice, E_INVALID, PLAY,                   \
	  f->got.dice = NULL, DESCRIBE(&f->got))                                            \
	X(skirmish_game_describe, skirmish_result, nmodifiers, E_INVALID, PLAY,             \
	  f->got.nmodifiers = -1, DESCRIBE(&f->got))                                        \
	X(skirmish_game_describe, skirmish_result, modifiers, E_INVALID, PLAY,              \
	  f->got.modifiers = NULL, DESCRIBE(&f->got))                                       \
	X(skirmish_game_describe, skirmish_result, neffects, E_INVALID, PLAY,               \
	  f->got.neffects = -2, DESCRIBE(&f->got))                                          \
	X(skirmish_game_describe, skirmish_result, effects, E_INVALID, PLAY,                \
	  f->got.effects = NULL, DESCRIBE(&f->got))                                         \
	X(skirmish_game_describe, skirmish_result, dice[0].figure, E_INVALID, PLAY,         \
	  f->dice[0].figure = 2, DESCRIBE(&f->got))                                         \
	X(skirmish_game_describe, skirmish_result, dice[0].figure, E_INVALID, PLAY,         \
	  f->dice[0].figure = -2, DESCRIBE(&f->got))                                        \
	X(skirmish_game_describe, skirmish_result, dice[0].side, E_INVALID, PLAY,           \
	  f->dice[0].side = 2, DESCRIBE(&f->got))                                           \
	X(skirmish_game_describe, skirmish_result, dice[0].side, E_INVALID, PLAY,           \
	  f->dice[0].side = -1, DESCRIBE(&f->got))                                          \
	X(skirmish_game_describe, skirmish_result, modifiers[0].figure, E_INVALID, PLAY,    \
	  f->mods[0].figure = INT_MAX, DESCRIBE(&f->got))                                   \
	X(skirmish_game_describe, skirmish_result, modifiers[0].figure, E_INVALID, PLAY,    \
	  f->mods[0].figure = -2, DESCRIBE(&f->got))                                        \
	X(skirmish_game_describe, skirmish_result, modifiers[0].side, E_INVALID, PLAY,      \
	  f->mods[0].side = INT_MIN, DESCRIBE(&f->got))                                     \
	X(skirmish_game_describe, skirmish_result, effects[0].figure, E_INVALID, PLAY,      \
	  f->effs[0].figure = 2, DESCRIBE(&f->got))                                         \
	X(skirmish_game_describe, skirmish_result, effects[0].figure, E_INVALID, PLAY,      \
	  f->effs[0].figure = -2, DESCRIBE(&f->got))                                        \
	X(skirmish_game_describe, skirmish_result, effects[0].other, E_INVALID, PLAY,       \
	  f->effs[0].other = INT_MAX, DESCRIBE(&f->got))                                    \
	X(skirmish_game_describe, skirmish_result, effects[].other, E_INVALID, PLAY,        \
	  f->effs[f->obj_effect].other = -1, DESCRIBE(&f->got))                             \
	X(skirmish_game_describe, skirmish_result, effects[].other, E_INVALID, PLAY,        \
	  f->effs[f->obj_effect].other = 1, DESCRIBE(&f->got))                              \
	X(skirmish_game_describe, skirmish_result, effects[].other, E_INVALID, PLAY,        \
	  f->effs[f->obj_effect].other = SKIRMISH_MAX_OBJECTIVES, DESCRIBE(&f->got))        \
	X(skirmish_game_describe, skirmish_result, effects[].value, E_INVALID, PLAY,        \
	  f->effs[f->fight_effect].value = -1, DESCRIBE(&f->got))                           \
	X(skirmish_game_describe, skirmish_result, effects[].value, E_INVALID, PLAY,        \
	  f->effs[f->fight_effect].value = f->got.nmodifiers + 1, DESCRIBE(&f->got))        \
	X(skirmish_game_describe, skirmish_result, effects[].value, E_INVALID, PLAY,        \
	  f->effs[f->fight_effect].value = INT_MAX, DESCRIBE(&f->got))                      \
	X(skirmish_game_describe, skirmish_result, (buf), E_INVALID, PLAY,                  \
	  f->p_buf = NULL, skirmish_game_describe(G, &f->got, f->p_buf, 8))                             \
	X(skirmish_game_describe, skirmish_result, (result), E_INVALID, PLAY,               \
	  f->p_got = NULL, DESCRIBE(f->p_got))

#define COUNT_ROW(fn, type, field, code, when, plant, call) +1
enum { NPLANTS = 0 PLANTS(COUNT_ROW) };

/* Runs row i: with the plant (the call must be refused as documented) or
 * without it (the call must not return that error). */
static void
run_row(int i, int planted)
{
	static struct fx fx, before;
	struct fx *f = &fx;
	int row = 0;

#define RUN_ROW(fn_, type_, field_, code_, when_, plant_, call_)                           \
	if (row++ == i) {                                                                   \
		fx_make(f, when_);                                                          \
		(void)#fn_, (void)#type_;                                                   \
		if (!planted) {                                                             \
			int rc_ = (call_);                                                  \
			ck_assert_msg(rc_ != (code_), "%s without a plant in %s.%s returned %d (%s)", \
				      #fn_, #type_, #field_, rc_, skirmish_game_errmsg(G)); \
		} else if ((when_) == INIT) {                                               \
			int rc_;                                                            \
			plant_;                                                             \
			memcpy(&before, f, sizeof(before));                                 \
			rc_ = (call_);                                                      \
			ck_assert_msg(rc_ == (code_), "%s with %s returned %d, expected %d", \
				      #fn_, #plant_, rc_, (code_));                         \
			ck_assert_msg(memcmp(&before, f, sizeof(before)) == 0,              \
				      "%s with %s wrote the caller's struct", #fn_, #plant_); \
		} else if ((when_) == NOGAME) {                                             \
			int rc_;                                                            \
			plant_;                                                             \
			rc_ = (call_);                                                      \
			ck_assert_msg(rc_ == (code_), "%s with %s: %s returned %d (%s), expected %d", \
				      #fn_, #plant_, #call_, rc_, f->err, (code_));        \
			ck_assert_ptr_null(f->made);                                        \
			ck_assert(strlen(f->err) > 0);                                      \
		} else {                                                                    \
			plant_;                                                             \
			ck_assert_rejected(G, (call_), (code_));                            \
		}                                                                           \
		fx_free(f);                                                                 \
		return;                                                                     \
	}
	PLANTS(RUN_ROW)
#undef RUN_ROW
	ck_abort_msg("no row %d", i);
}

START_TEST(each_planted_field_is_refused_as_documented)
{
	run_row(_i, 1);
}
END_TEST

START_TEST(each_row_without_its_plant_is_not_refused_so)
{
	run_row(_i, 0);
}
END_TEST

/* The table is read: it has rows (a macro that expanded to nothing would
 * pass every loop above by running none). */
START_TEST(the_table_has_rows)
{
	ck_assert_int_gt(NPLANTS, 100);
}
END_TEST

Suite *
make_suite(void)
{
	Suite *s = suite_create("fields");
	TCase *tc;

	tc = tcase_create("each_planted_field_is_refused_as_documented");
	tcase_add_loop_test(tc, each_planted_field_is_refused_as_documented, 0, NPLANTS);
	suite_add_tcase(s, tc);
	tc = tcase_create("each_row_without_its_plant_is_not_refused_so");
	tcase_add_loop_test(tc, each_row_without_its_plant_is_not_refused_so, 0, NPLANTS);
	suite_add_tcase(s, tc);
	ADD_TEST(s, the_table_has_rows);
	return s;
}
