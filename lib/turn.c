/* SPDX-License-Identifier: MIT */
/*
 * The turn sequence (S2, A2, G9): the roll-off for the order of play, the
 * start of each player's turn, the next player, and the end of the game
 * when one side is left or the turn limit is reached.
 */
#include "act.h"

/* Has player p a figure in play? g->alive_hint remembers the last one
 * found (derived data: any value is safe), so that asking after every
 * action costs a scan only when that figure has gone. */
static int
player_alive(skirmish_game *g, int p)
{
	int h = g->alive_hint[p], i;

	if (h >= 0 && h < g->nfigs && g->figs[h].player == p && sk_fig_alive(g, h))
		return 1;
	for (i = 0; i < g->nfigs; i++)
		if (g->figs[i].player == p && sk_fig_alive(g, i)) {
			g->alive_hint[p] = i;
			return 1;
		}
	return 0;
}

int
sk_common_check_over(skirmish_game *g)
{
	int i, n = 0, last = -1;

	for (i = 0; i < g->st.nplayers; i++)
		if (i != g->st.umpire && player_alive(g, i)) {
			n++;
			last = i;
		}
	if (n > 1)
		return 0;
	/* the last clan standing wins; the umpire never wins (S2) */
	g->st.winner = n == 1 ? last : -1;
	return 1;
}

void
sk_game_over(skirmish_game *g, const char *rule)
{
	skirmish_effect *e;

	g->st.state = SKIRMISH_STATE_OVER;
	g->st.phase = SKIRMISH_PHASE_NONE;
	e = sk_add_effect(g, SKIRMISH_EFFECT_GAME_OVER, -1, rule);
	e->player = g->st.winner;
}

/* ------------------------------------------------------------------ */
/* turns                                                                */
/* ------------------------------------------------------------------ */

static int
player_has_figures(const skirmish_game *g, int p)
{
	int i;

	for (i = 0; i < g->nfigs; i++)
		if (g->figs[i].player == p && sk_fig_alive(g, i))
			return 1;
	return 0;
}

int
sk_is_last_in_order(const skirmish_game *g)
{
	int i;

	for (i = g->st.active + 1; i < g->st.nplayers; i++)
		if (player_has_figures(g, g->st.order[i]))
			return 0;
	return 1;
}

static int
begin_player_turn(skirmish_game *g)
{
	skirmish_effect *e;

	g->st.phase = g->rs->first_phase;
	e = sk_add_effect(g, SKIRMISH_EFFECT_TURN_STARTS, -1, g->rs->order_rule);
	e->player = g->st.order[g->st.active];
	e->value = g->st.turn;
	return g->rs->start_turn ? g->rs->start_turn(g) : 0;
}

int
sk_next_player(skirmish_game *g)
{
	int tries;

	for (tries = 0; tries <= g->st.nplayers; tries++) {
		g->st.active++;
		if (g->st.active >= g->st.nplayers) {
			g->st.active = 0;
			/* G9: the last game turn is the limit's, or SK_MAX_TURN
			 * without one; the counter is never raised past it */
			if (g->st.turn >= sk_last_turn(g)) {
				/* G9: at the turn limit the player with most figures wins */
				int best = -1, bestn = 0, tie = 0, p;
				for (p = 0; p < g->st.nplayers; p++) {
					int n = 0, i;
					if (p == g->st.umpire)
						continue;
					for (i = 0; i < g->nfigs; i++)
						if (g->figs[i].player == p && sk_fig_alive(g, i))
							n++;
					if (n > bestn) {
						bestn = n;
						best = p;
						tie = 0;
					} else if (n == bestn && n > 0) {
						tie = 1;
					}
				}
				g->st.winner = tie ? -1 : best;
				if (sk_objectives_turn_limit_winner(g, &p))
					g->st.winner = p; /* O5 */
				sk_game_over(g, "G9");
				return 0;
			}
			g->st.turn++;
		}
		if (player_has_figures(g, g->st.order[g->st.active]))
			return begin_player_turn(g);
	}
	return 0;
}

/* S2 / A2: players roll a die each, highest first; tied players roll again
 * among themselves. */
static int
roll_off(skirmish_game *g, int *players, int n, int round)
{
	int rolls[SKIRMISH_MAX_PLAYERS + 1];
	int i, j, rc;

	for (i = 0; i < n; i++) {
		skirmish_die *d;
		rc = sk_roll(g, 6, -1, SKIRMISH_ROLL_ORDER, 0, round, &rolls[i]);
		if (rc < 0)
			return rc;
		d = (skirmish_die *)g->res[g->cur].dice.p + g->res[g->cur].dice.n - 1;
		d->player = players[i];
	}
	/* stable sort, highest first */
	for (i = 1; i < n; i++) {
		int p = players[i], r = rolls[i];
		for (j = i; j > 0 && rolls[j - 1] < r; j--) {
			players[j] = players[j - 1];
			rolls[j] = rolls[j - 1];
		}
		players[j] = p;
		rolls[j] = r;
	}
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && rolls[j] == rolls[i]; j++)
			;
		if (j - i > 1) {
			if (round > 1000)
				return sk_error(g, SKIRMISH_E_DICE, "G6: the roll-off never ended");
			rc = roll_off(g, players + i, j - i, round + 1);
			if (rc < 0)
				return rc;
		}
	}
	return 0;
}

int
sk_do_start(skirmish_game *g)
{
	int players[SKIRMISH_MAX_PLAYERS + 1];
	int n = g->opt.players, i, rc;

	if (g->st.state != SKIRMISH_STATE_SETUP)
		return sk_error(g, SKIRMISH_E_STATE, "the game has already started");
	if (g->player_order_given) {
		for (i = 0; i < n; i++)
			players[i] = g->given_order[i];
	} else {
		for (i = 0; i < n; i++)
			players[i] = i;
		rc = roll_off(g, players, n, 0);
		if (rc < 0)
			return rc;
	}
	if (g->st.umpire >= 0)
		players[n++] = g->st.umpire; /* S2: the umpire always goes last */
	for (i = 0; i < n; i++) {
		skirmish_effect *e = sk_add_effect(g, SKIRMISH_EFFECT_ORDER, -1,
						   g->rs->order_rule);
		g->st.order[i] = players[i];
		e->player = players[i];
		e->value = i + 1;
	}
	g->st.state = SKIRMISH_STATE_PLAYING;
	g->st.turn = 1;
	g->st.active = 0;
	if (!player_has_figures(g, g->st.order[0]))
		return sk_next_player(g);
	return begin_player_turn(g);
}

/* The melees play may reach with nfigs figures: one a figure where they
 * are groups (the figures plus one), and for pairs of enemies in contact
 * (Sampson A26) three a figure: bases that do not overlap touch like the
 * faces of a map, whose edges are fewer than three for each vertex. */
int
sk_melee_slots(const skirmish_game *g, int nfigs)
{
	if (g->rs && g->rs->melee_pairs)
		return nfigs > (INT32_MAX - 8) / 3 ? INT32_MAX : 3 * nfigs + 8;
	return nfigs + 1;
}

int
sk_grow_for_play(skirmish_game *g)
{
	int want = sk_melee_slots(g, g->nfigs), i, horses = 0;
	void *p;

	for (i = 0; i < g->nfigs; i++)
		if (g->figs[i].flags & FIG_MOUNTED)
			horses++;
	if (g->capfigs < g->nfigs + horses) {
		p = sk_alloc(g, g->figs, (size_t)g->capfigs * sizeof(struct sk_fig),
			     (size_t)(g->nfigs + horses) * sizeof(struct sk_fig));
		if (!p)
			return sk_error(g, SKIRMISH_E_NOMEM, "out of memory");
		g->figs = p;
		g->capfigs = g->nfigs + horses;
	}

	if (g->capmelees < want) {
		p = sk_alloc(g, g->melees, (size_t)g->capmelees * sizeof(struct sk_melee),
			     (size_t)want * sizeof(struct sk_melee));
		if (!p)
			return sk_error(g, SKIRMISH_E_NOMEM, "out of memory");
		g->melees = p;
		g->capmelees = want;
	}
	/* the limits of play, whatever the arrays' sizes (a copy's may differ) */
	g->fig_slots = g->nfigs + horses;
	g->melee_slots = want;
	return 0;
}
