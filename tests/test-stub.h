/* SPDX-License-Identifier: MIT */
/*
 * A minimal ruleset for the engine's own suites: it is written against the
 * internal interface (lib/skirmish-private.h) like lib/senso.c and
 * lib/sampson.c, so that the framework (act.c), turns, dice, geometry and
 * terrain are tested without depending on either real ruleset.
 *
 *  - move: 6" allowance (rough counts double), validated by sk_path_check(),
 *    one action per turn per figure;
 *  - shoot: needs a missile weapon, an enemy in sight; rolls a d6 for the
 *    shooter then a d6 for the target (so a bad second die must undo the
 *    first); total <= 2 kills, 3 puts a ring, more misses; a +1 modifier
 *    when the target is in cover;
 *  - dismount: makes a horse marker and a melee; fails afterwards when the
 *    figure's DV is 99 (to test that new slots are undone);
 *  - end_turn: sk_next_player(); no phases (end_phase is unsupported).
 *
 * Include after test-common.h. Every function is static inline so that a
 * suite that uses only part of it compiles without warnings.
 */
#ifndef SKIRMISH_TEST_STUB_H
#define SKIRMISH_TEST_STUB_H

#include "../lib/skirmish-private.h"

static inline int
stub_start_turn(skirmish_game *g)
{
	int i, p = g->st.order[g->st.active];

	for (i = 0; i < g->nfigs; i++)
		if (g->figs[i].player == p && sk_fig_alive(g, i) &&
		    (g->figs[i].flags & FIG_ACTED || g->figs[i].move_left != 6 * MIL)) {
			struct sk_fig *f = sk_fig_mut(g, i);
			f->flags &= ~(uint32_t)FIG_ACTED;
			f->move_left = 6 * MIL;
		}
	return 0;
}

static inline int
stub_end_turn(skirmish_game *g)
{
	return sk_next_player(g);
}

static inline int
stub_can_act(const skirmish_game *g, int fig)
{
	return !(g->figs[fig].flags & FIG_ACTED) && g->figs[fig].rings == 0;
}

static inline int64_t
stub_path_cost(const skirmish_game *g, int fig, const sk_pt *path, int n)
{
	struct sk_path_info info;

	sk_path_info(g, fig, path, n, &info);
	return info.length + info.rough;
}

static inline int
stub_move(skirmish_game *g, int fig, const sk_pt *path, int n, int facing)
{
	struct sk_path_info info;
	struct sk_fig *f;
	int rc;

	if (!stub_can_act(g, fig))
		return sk_error(g, SKIRMISH_E_CANNOT_ACT, "T1: %s has acted", sk_fig_name(g, fig));
	rc = sk_path_check(g, fig, path, n, facing, &info);
	if (rc < 0)
		return rc;
	if (info.length + info.rough > 6 * MIL)
		return sk_error(g, SKIRMISH_E_TOO_FAR, "T1: a move is at most 6\"");
	sk_fx_move(g, fig, path[n - 1], facing, SKIRMISH_EFFECT_MOVED, "T1");
	f = sk_fig_mut(g, fig);
	f->flags |= FIG_ACTED;
	f->move_left = (int32_t)(6 * MIL - info.length - info.rough);
	return 0;
}

static inline int
stub_shoot(skirmish_game *g, int fig, int target)
{
	skirmish_result *r;
	int a, b, total, rc, cover;

	if (!stub_can_act(g, fig))
		return sk_error(g, SKIRMISH_E_CANNOT_ACT, "T2: %s has acted", sk_fig_name(g, fig));
	if (!g->figs[fig].missile_weapon)
		return sk_error(g, SKIRMISH_E_NO_WEAPON, "T2: %s has no missile weapon",
				sk_fig_name(g, fig));
	if (!sk_is_enemy(g, fig, target))
		return sk_error(g, SKIRMISH_E_TARGET, "T2: %s is not an enemy in play",
				sk_fig_name(g, target));
	if (sk_sight_blocked(g, fig, target))
		return sk_error(g, SKIRMISH_E_NO_SIGHT, "G5: %s cannot see %s",
				sk_fig_name(g, fig), sk_fig_name(g, target));
	r = sk_cur(g);
	r->distance = sk_to_inches(sk_fig_gap(g, fig, target));
	rc = sk_roll(g, 6, fig, SKIRMISH_ROLL_SHOOT, 0, 0, &a);
	if (rc < 0)
		return rc;
	rc = sk_roll(g, 6, target, SKIRMISH_ROLL_SAVE, 1, 0, &b);
	if (rc < 0)
		return rc;
	cover = sk_cover_from(g, fig, target);
	if (cover)
		sk_add_modifier(g, target, 1, 1, SKIRMISH_MOD_COVER, "T2");
	total = a + b + cover - 5;
	r->score[0] = a;
	r->score[1] = b + cover;
	sk_fig_mut(g, fig)->flags |= FIG_ACTED | FIG_SHOT;
	if (total <= 2) {
		r->outcome = SKIRMISH_OUTCOME_KILL;
		sk_fx_kill(g, target, SKIRMISH_EFFECT_KILLED, "T2");
	} else if (total == 3) {
		r->outcome = SKIRMISH_OUTCOME_HIT;
		sk_fx_rings(g, target, 1, "T2");
	} else {
		r->outcome = SKIRMISH_OUTCOME_MISS;
	}
	return 0;
}

/* Makes a new figure slot (a horse marker) and a melee, then fails when the
 * figure's DV is 99: what the framework must undo, new slots included. */
static inline int
stub_dismount(skirmish_game *g, int fig)
{
	struct sk_fig *h;
	int id = sk_fig_new(g), m;

	if (id < 0)
		return id;
	h = sk_fig_mut(g, id);
	*h = g->figs[fig];
	h->flags = FIG_HORSE;
	h->horse_of = (int16_t)fig;
	h->x += MIL;
	m = sk_melee_new(g);
	if (m < 0)
		return m;
	sk_fig_mut(g, fig)->flags &= ~(uint32_t)FIG_MOUNTED;
	sk_fig_mut(g, fig)->melee = (int16_t)m;
	sk_add_effect(g, SKIRMISH_EFFECT_DISMOUNTED, fig, "T3")->other = id;
	if (g->figs[fig].dv == 99)
		return sk_error(g, SKIRMISH_E_CANNOT_ACT, "T3: refused after the changes");
	return 0;
}

static inline const struct sk_ruleset *
stub_ruleset(void)
{
	static const struct sk_ruleset stub = {
		.id = SKIRMISH_RULESET_SENSO,
		.name = "stub",
		.first_phase = SKIRMISH_PHASE_ACTIONS,
		.start_turn = stub_start_turn,
		.end_turn = stub_end_turn,
		.move = stub_move,
		.shoot = stub_shoot,
		.dismount = stub_dismount,
		.can_act = stub_can_act,
		.path_cost = stub_path_cost,
	};

	return &stub;
}

/* Creates a game with the stub ruleset (a Senso game whose table is
 * swapped before anything is added). */
static inline skirmish_game *
stub_game_opts(skirmish_game_options *o)
{
	skirmish_game *g;

	o->ruleset = SKIRMISH_RULESET_SENSO;
	g = tc_game_opts(o);
	g->rs = stub_ruleset();
	return g;
}

static inline skirmish_game *
stub_game(int players)
{
	static const int order[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;

	o.players = players;
	o.player_order = order;
	o.seed = 42;
	return stub_game_opts(&o);
}

/* A foot figure with a bow (the stub's shooter). */
static inline int
stub_archer(skirmish_game *g, int player, const char *name, double x, double y)
{
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;

	s.missile_weapon = SKIRMISH_MISSILE_BOW;
	s.dv = 6;
	return tc_figure(g, player, name, x, y, &s);
}

#endif
