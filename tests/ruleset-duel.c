/* SPDX-License-Identifier: MIT */
/*
 * The duel: a third ruleset, for the test suite only, added the way
 * doc/DESIGN.md ("Adding a ruleset") says a real one is: this one file,
 * written on layers 1 to 4 alone (it includes lib/ruleset.h and nothing
 * of layer 6), and one line in the table of lib/ruleset.c (given here by
 * the test build as SK_EXTRA_RULESETS). tests/test-duel.c plays it through
 * the same framework, undo, save and load, odds, legal actions, policies
 * and playouts as Senso and Sampson Ships.
 *
 * The rules, one page:
 *
 *  D1 Order. The players roll off for the order of play (G6); a player's
 *     turn is one phase, in which each of his figures may act once.
 *  D2 Figures. Foot only, on the bases of G2; a figure may carry a bow.
 *  D3 Move. A figure moves up to 6" along a path of G4; rough ground
 *     counts double. A charge (a move into contact) is a move.
 *  D4 Shoot. A figure with a bow shoots an enemy it sees (G5) within 12":
 *     one d6, 4 or more kills; the target in cover (G14) is -1 to the die.
 *  D5 Fight. A figure in contact (G3) with an enemy fights the enemy of
 *     lowest id it touches: each rolls a d6; the higher removes the other;
 *     a tie removes nobody.
 *  D6 The end. The last side with figures wins (G9); the turn limit is
 *     the framework's.
 */
#include "../lib/ruleset.h"

#define DUEL_ID 99
#define DUEL_MOVE (6 * MIL)
#define DUEL_RANGE (12 * MIL)

static int
duel_can_act(const skirmish_game *g, int fig)
{
	return !(g->figs[fig].flags & FIG_ACTED);
}

static int
check_can_act(skirmish_game *g, int fig, const char *rule)
{
	if (!duel_can_act(g, fig))
		return sk_error(g, SKIRMISH_E_CANNOT_ACT, "%s: %s has acted this turn", rule,
				sk_fig_name(g, fig));
	return 0;
}

static void
spend(skirmish_game *g, int fig)
{
	sk_fig_mut(g, fig)->flags |= FIG_ACTED;
}

static int
duel_add_figure(skirmish_game *g, struct sk_fig *f, const skirmish_figure_spec *s)
{
	if (s->mounted)
		return sk_error(g, SKIRMISH_E_INVALID, "D2: the duel is fought on foot");
	if (s->missile_weapon != SKIRMISH_MISSILE_NONE && s->missile_weapon != SKIRMISH_MISSILE_BOW)
		return sk_error(g, SKIRMISH_E_INVALID, "D2: the only missile weapon is the bow");
	f->move_left = DUEL_MOVE;
	return 0;
}

/* D1: a new player turn; each of his figures may act once. */
static int
duel_start_turn(skirmish_game *g)
{
	int i, p = g->st.order[g->st.active];

	for (i = 0; i < g->nfigs; i++)
		if (g->figs[i].player == p && (g->figs[i].flags & FIG_ACTED))
			sk_fig_mut(g, i)->flags &= ~(uint32_t)FIG_ACTED;
	return 0;
}

static int
duel_end_turn(skirmish_game *g)
{
	return sk_next_player(g);
}

static int
duel_allowance(const skirmish_game *g, int fig)
{
	(void)g;
	(void)fig;
	return DUEL_MOVE;
}

static int64_t
duel_path_cost(const skirmish_game *g, int fig, const sk_pt *path, int n)
{
	struct sk_path_info info;

	sk_path_info(g, fig, path, n, &info);
	return info.length + info.rough;
}

/* D3 */
static int
duel_move(skirmish_game *g, int fig, const sk_pt *path, int n, int facing)
{
	struct sk_path_info info;
	int rc = check_can_act(g, fig, "D3");

	if (rc < 0)
		return rc;
	rc = sk_path_check(g, fig, path, n, facing, &info);
	if (rc < 0)
		return rc;
	if (info.length + info.rough > DUEL_MOVE)
		return sk_error(g, SKIRMISH_E_TOO_FAR, "D3: %s moves at most 6\"",
				sk_fig_name(g, fig));
	sk_fx_move(g, fig, path[n - 1], facing, SKIRMISH_EFFECT_MOVED, "D3");
	spend(g, fig);
	return 0;
}

/* D4 */
static int
duel_shoot(skirmish_game *g, int fig, int target)
{
	skirmish_result *r;
	int64_t gap;
	int rc = check_can_act(g, fig, "D4"), die, cover;

	if (rc < 0)
		return rc;
	if (g->figs[fig].missile_weapon != SKIRMISH_MISSILE_BOW)
		return sk_error(g, SKIRMISH_E_NO_WEAPON, "D4: %s has no bow", sk_fig_name(g, fig));
	if (!sk_is_enemy(g, fig, target))
		return sk_error(g, SKIRMISH_E_TARGET, "D4: %s is not an enemy in play",
				sk_fig_name(g, target));
	if (sk_sight_blocked(g, fig, target))
		return sk_error(g, SKIRMISH_E_NO_SIGHT, "G5: %s cannot see %s",
				sk_fig_name(g, fig), sk_fig_name(g, target));
	gap = sk_fig_gap(g, fig, target);
	if (gap > DUEL_RANGE)
		return sk_error(g, SKIRMISH_E_OUT_OF_RANGE, "D4: %s is beyond 12\"",
				sk_fig_name(g, target));
	r = sk_cur(g);
	r->distance = sk_to_inches(gap);
	rc = sk_roll(g, 6, fig, SKIRMISH_ROLL_SHOOT, 0, 0, &die);
	if (rc < 0)
		return rc;
	cover = sk_cover_from(g, fig, target);
	if (cover && sk_add_modifier(g, fig, 0, -1, SKIRMISH_MOD_COVER, "D4") < 0)
		return SKIRMISH_E_NOMEM;
	r->score[0] = die - (cover ? 1 : 0);
	spend(g, fig);
	if (r->score[0] >= 4) {
		r->outcome = SKIRMISH_OUTCOME_KILL;
		sk_fx_kill(g, target, SKIRMISH_EFFECT_KILLED, "D4");
	} else {
		r->outcome = SKIRMISH_OUTCOME_MISS;
	}
	return 0;
}

/* D5 */
static int
duel_fight(skirmish_game *g, int fig, int target)
{
	skirmish_result *r;
	int enemy, a, b, rc = check_can_act(g, fig, "D5");

	if (rc < 0)
		return rc;
	if (target >= 0)
		return sk_error(g, SKIRMISH_E_INVALID, "D5: a duel names no defender");
	if (sk_fig_enemy_contacts(g, fig, &enemy, 1) == 0)
		return sk_error(g, SKIRMISH_E_NOT_IN_CONTACT, "D5: %s touches no enemy",
				sk_fig_name(g, fig));
	r = sk_cur(g);
	r->target = enemy;
	rc = sk_roll(g, 6, fig, SKIRMISH_ROLL_MELEE, 0, 1, &a);
	if (rc < 0)
		return rc;
	rc = sk_roll(g, 6, enemy, SKIRMISH_ROLL_MELEE, 1, 1, &b);
	if (rc < 0)
		return rc;
	r->score[0] = a;
	r->score[1] = b;
	spend(g, fig);
	if (a == b) {
		r->outcome = SKIRMISH_OUTCOME_STANDOFF;
		return 0;
	}
	r->outcome = a > b ? SKIRMISH_OUTCOME_ATTACKER_WINS : SKIRMISH_OUTCOME_DEFENDER_WINS;
	sk_fx_kill(g, a > b ? enemy : fig, SKIRMISH_EFFECT_KILLED, "D5");
	return 0;
}

const struct sk_ruleset sk_ruleset_duel = {
	.id = DUEL_ID,
	.name = "duel",
	.add_figure = duel_add_figure,
	.first_phase = SKIRMISH_PHASE_ACTIONS,
	.order_rule = "D1",
	.start_turn = duel_start_turn,
	.end_turn = duel_end_turn,
	.move = duel_move,
	.shoot = duel_shoot,
	.fight = duel_fight,
	.can_act = duel_can_act,
	.allowance = duel_allowance,
	.path_cost = duel_path_cost,
};
