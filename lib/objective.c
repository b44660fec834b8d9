/* SPDX-License-Identifier: MIT */
/*
 * Objectives: the town-fight scenarios of the Senso preface ("stealing
 * pigs, wives, barrel of rice wine, weapons, gunpowder"), in both rulesets.
 * The rules say nothing of how objectives work; rulings O1-O5 are ours
 * (doc/rules/objectives.md).
 *
 * O1 A marker is a 1" square counter; it blocks nothing.
 * O2 A figure in play (not a horse marker) that ends a move with its base
 *    in contact (G3) with a marker on the table picks it up; a figure may
 *    carry several. A carried marker goes where its carrier goes.
 * O3 A carried marker is dropped where its carrier is removed from play.
 * O4 A figure that ends a move carrying markers with its base touching
 *    (within 0.1") its player's exit edge leaves the table with them; that
 *    player wins at once.
 * O6 The fight a move causes is part of the move: a marker its dead drop
 *    (O3) that touches the mover is picked up as the move ends.
 * O7 A carrier leaves (O4) only when, after its move and its fight, it
 *    touches no enemy (G3, G13, G15).
 * O5 At the turn limit, when the scenario has markers, the player holding
 *    most of them (carried by its figures in play or carried off) wins; a
 *    tie falls back to G9 (most figures in play).
 * G16 The umpire never wins: it has no exit edge, its figures pick up
 *    nothing, and no count of objectives makes it the winner.
 */
#include <stdio.h>
#include <string.h>

#include "act.h"

static void
marker_rect(const struct sk_objective *o, sk_pt r[4])
{
	sk_pt c;

	c.x = o->x;
	c.y = o->y;
	sk_rect(c, MIL, MIL, 0, r);
}

static int
touches_edge(const skirmish_game *g, const struct sk_fig *f, int edge)
{
	sk_pt r[4];
	int32_t lo, hi, i;

	sk_fig_rect(f, r);
	lo = hi = edge == SKIRMISH_EDGE_SOUTH || edge == SKIRMISH_EDGE_NORTH ? r[0].y : r[0].x;
	for (i = 1; i < 4; i++) {
		int32_t v = edge == SKIRMISH_EDGE_SOUTH || edge == SKIRMISH_EDGE_NORTH ?
				    r[i].y : r[i].x;
		if (v < lo)
			lo = v;
		if (v > hi)
			hi = v;
	}
	switch (edge) {
	case SKIRMISH_EDGE_SOUTH:
	case SKIRMISH_EDGE_WEST:
		return lo <= SK_CONTACT_MILS;
	case SKIRMISH_EDGE_NORTH:
		return hi >= g->table_d - SK_CONTACT_MILS;
	case SKIRMISH_EDGE_EAST:
		return hi >= g->table_w - SK_CONTACT_MILS;
	default:
		return 0;
	}
}

/* O2, O4, O6, O7: after fig's move (and the fight it caused) */
void
sk_objectives_after_move(skirmish_game *g, int fig)
{
	const struct sk_fig *f = &g->figs[fig];
	sk_pt rf[4], ro[4];
	int32_t bf[4], bo[4];
	int i, carrying = 0, edge;

	/* G16: the umpire's figures never pick up an objective */
	if (!sk_fig_alive(g, fig) || f->player == g->st.umpire)
		return;
	/* O6: the fight this move caused is part of it: what its dead dropped
	 * lies on the table before the move ends */
	sk_objectives_update(g);
	sk_fig_rect(f, rf);
	sk_poly_box(rf, 4, bf);
	for (i = 0; i < g->st.nobj; i++) {
		struct sk_objective *o = &g->st.obj[i];
		skirmish_effect *e;

		if (o->state == SKIRMISH_OBJECTIVE_CARRIED && o->carrier == fig)
			carrying = 1;
		if (o->state != SKIRMISH_OBJECTIVE_ON_TABLE)
			continue;
		marker_rect(o, ro);
		/* boxes more than 0.1" apart on an axis (and a mil for the
		 * gap's rounding): so are the base and the marker */
		sk_poly_box(ro, 4, bo);
		if (bo[0] - bf[2] > SK_CONTACT_MILS + 1 || bf[0] - bo[2] > SK_CONTACT_MILS + 1 ||
		    bo[1] - bf[3] > SK_CONTACT_MILS + 1 || bf[1] - bo[3] > SK_CONTACT_MILS + 1)
			continue;
		if (sk_poly_gap(rf, 4, ro, 4) > SK_CONTACT_MILS)
			continue;
		o->state = SKIRMISH_OBJECTIVE_CARRIED; /* O2 */
		o->carrier = fig;
		e = sk_add_effect(g, SKIRMISH_EFFECT_OBJECTIVE_TAKEN, fig, "O2");
		e->other = i;
		carrying = 1;
	}
	edge = g->st.exit_edge[f->player];
	if (!carrying || edge == SKIRMISH_EDGE_NONE || !touches_edge(g, f, edge))
		return;
	/* O7: no leaving while engaged, after the move and its fight */
	if (sk_fig_enemy_contacts(g, fig, NULL, 0) > 0)
		return;
	for (i = 0; i < g->st.nobj; i++) { /* O4 */
		struct sk_objective *o = &g->st.obj[i];
		if (o->state == SKIRMISH_OBJECTIVE_CARRIED && o->carrier == fig) {
			o->state = SKIRMISH_OBJECTIVE_OFF_TABLE;
			o->player = (int8_t)f->player;
			o->carrier = -1;
			o->x = f->x;
			o->y = f->y;
		}
	}
	sk_fx_kill(g, fig, SKIRMISH_EFFECT_OBJECTIVE_OFF, "O4");
}

void
sk_objectives_update(skirmish_game *g)
{
	int i;

	for (i = 0; i < g->st.nobj; i++) {
		struct sk_objective *o = &g->st.obj[i];
		const struct sk_fig *c;
		skirmish_effect *e;

		if (o->state != SKIRMISH_OBJECTIVE_CARRIED)
			continue;
		c = &g->figs[o->carrier];
		if (!(c->flags & FIG_REMOVED))
			continue;
		o->state = SKIRMISH_OBJECTIVE_ON_TABLE; /* O3 */
		o->x = c->x;
		o->y = c->y;
		e = sk_add_effect(g, SKIRMISH_EFFECT_OBJECTIVE_DROPPED, o->carrier, "O3");
		e->other = i;
		o->carrier = -1;
	}
}

int
sk_objectives_check_over(skirmish_game *g)
{
	int i;

	for (i = 0; i < g->st.nobj; i++)
		if (g->st.obj[i].state == SKIRMISH_OBJECTIVE_OFF_TABLE &&
		    g->st.obj[i].player >= 0 && g->st.obj[i].player < g->st.nplayers &&
		    g->st.obj[i].player != g->st.umpire && /* G16 */
		    g->st.exit_edge[g->st.obj[i].player] != SKIRMISH_EDGE_NONE) {
			g->st.winner = g->st.obj[i].player;
			return 1;
		}
	return 0;
}

int
sk_objective_holder(const skirmish_game *g, int i)
{
	const struct sk_objective *o = &g->st.obj[i];

	if (o->state == SKIRMISH_OBJECTIVE_CARRIED && o->carrier >= 0 && o->carrier < g->nfigs)
		return g->figs[o->carrier].player;
	return o->state == SKIRMISH_OBJECTIVE_OFF_TABLE ? o->player : -1;
}

int
sk_objectives_turn_limit_winner(const skirmish_game *g, int *winner)
{
	int held[SKIRMISH_MAX_PLAYERS + 1] = { 0 };
	int i, best = -1, bestn = 0, tie = 0;

	if (!g->st.nobj)
		return 0;
	for (i = 0; i < g->st.nobj; i++) {
		int p = sk_objective_holder(g, i);
		if (p >= 0 && p <= SKIRMISH_MAX_PLAYERS)
			held[p]++;
	}
	for (i = 0; i < g->st.nplayers; i++) {
		if (i == g->st.umpire)
			continue;       /* G16 */
		if (held[i] > bestn) {
			bestn = held[i];
			best = i;
			tie = 0;
		} else if (held[i] == bestn && bestn > 0) {
			tie = 1;
		}
	}
	if (best < 0 || tie)
		return 0;
	*winner = best;
	return 1;
}

SKIRMISH_EXPORT int
skirmish_game_add_objective(skirmish_game *g, const char *name, double x, double y,
			    int *out_id)
{
	struct sk_objective *o;
	int32_t mx, my;
	size_t n = name ? strlen(name) : 0;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy(g, "skirmish_game_add_objective") < 0)
		return SKIRMISH_E_STATE;
	if (g->st.state != SKIRMISH_STATE_SETUP)
		return sk_error(g, SKIRMISH_E_STATE, "objectives are placed before the game starts");
	if (g->st.nobj >= SKIRMISH_MAX_OBJECTIVES)
		return sk_error(g, SKIRMISH_E_LIMIT, "at most %d objectives",
				SKIRMISH_MAX_OBJECTIVES);
	if (sk_to_mils(x, &mx) < 0 || sk_to_mils(y, &my) < 0 || mx < 0 || my < 0 ||
	    mx > g->table_w || my > g->table_d)
		return sk_error(g, SKIRMISH_E_INVALID, "O1: an objective lies on the table");
	if (n >= SKIRMISH_NAME_MAX)
		return sk_error(g, SKIRMISH_E_INVALID, "a name has at most %d bytes",
				SKIRMISH_NAME_MAX - 1);
	o = &g->st.obj[g->st.nobj];
	memset(o, 0, sizeof(*o));
	o->x = mx;
	o->y = my;
	o->carrier = -1;
	o->player = -1;
	o->state = SKIRMISH_OBJECTIVE_ON_TABLE;
	if (n)
		memcpy(o->name, name, n + 1);
	else
		snprintf(o->name, sizeof(o->name), "objective %d", g->st.nobj);
	if (out_id)
		*out_id = g->st.nobj;
	g->st.nobj++;
	g->err = SKIRMISH_OK;
	g->errmsg[0] = '\0';
	return 0;
}

SKIRMISH_EXPORT int
skirmish_game_set_exit_edge(skirmish_game *g, int player, int edge)
{
	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy(g, "skirmish_game_set_exit_edge") < 0)
		return SKIRMISH_E_STATE;
	if (g->st.state != SKIRMISH_STATE_SETUP)
		return sk_error(g, SKIRMISH_E_STATE, "exit edges are set before the game starts");
	if (player < 0 || player >= g->st.nplayers)
		return sk_error(g, SKIRMISH_E_NO_PLAYER, "no player %d", player);
	if (edge < SKIRMISH_EDGE_NONE || edge > SKIRMISH_EDGE_EAST)
		return sk_error(g, SKIRMISH_E_INVALID, "unknown table edge %d", edge);
	if (player == g->st.umpire && edge != SKIRMISH_EDGE_NONE)
		return sk_error(g, SKIRMISH_E_INVALID,
				"G16: the umpire never wins; it has no exit edge to carry an "
				"objective off");
	g->st.exit_edge[player] = (int8_t)edge;
	g->err = SKIRMISH_OK;
	g->errmsg[0] = '\0';
	return 0;
}

SKIRMISH_EXPORT int
skirmish_game_get_exit_edge(const skirmish_game *g, int player, int *edge)
{
	if (!g)
		return SKIRMISH_E_INVALID;
	if (!edge)
		return sk_error(g, SKIRMISH_E_INVALID, "get_exit_edge: edge may not be NULL");
	if (player < 0 || player >= g->st.nplayers)
		return sk_error(g, SKIRMISH_E_NO_PLAYER, "no player %d (players are 0..%d)",
				player, g->st.nplayers - 1);
	*edge = g->st.exit_edge[player];
	return 0;
}

SKIRMISH_EXPORT int
skirmish_game_objective_count(const skirmish_game *g)
{
	return g ? g->st.nobj : SKIRMISH_E_INVALID;
}

SKIRMISH_EXPORT int
skirmish_game_objective(const skirmish_game *g, int id, int *state, int *carrier,
			int *player, double *x, double *y, const char **name)
{
	const struct sk_objective *o;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy_mem(g, "skirmish_game_objective") < 0)
		return SKIRMISH_E_STATE;
	if (id < 0 || id >= g->st.nobj)
		return sk_error(g, SKIRMISH_E_INVALID, "no objective %d (the game has %d)", id,
				g->st.nobj);
	o = &g->st.obj[id];
	if (state)
		*state = o->state;
	if (carrier)
		*carrier = o->carrier;
	if (player)
		*player = sk_objective_holder(g, id);
	if (x)
		*x = sk_to_inches(o->state == SKIRMISH_OBJECTIVE_CARRIED ? g->figs[o->carrier].x : o->x);
	if (y)
		*y = sk_to_inches(o->state == SKIRMISH_OBJECTIVE_CARRIED ? g->figs[o->carrier].y : o->y);
	if (name)
		*name = o->name;
	return 0;
}
