/* SPDX-License-Identifier: MIT */
/*
 * The action framework (G6, G7): every action validates, rolls and changes
 * the game through a journal, so that a failure at any point (an illegal
 * action found late, a roller that answers out of range, an allocation that
 * fails) puts the game back exactly as it was.
 */
#include <stdio.h>
#include <string.h>

#include "act.h"

static void
reset_cur(skirmish_game *g, int action, int fig, int target)
{
	struct sk_result_bufs *b = &g->res[g->cur];
	skirmish_result *r = &b->r;

	b->dice.n = b->mods.n = b->effects.n = 0;
	memset(r, 0, sizeof(*r));
	r->version = SKIRMISH_RESULT_VERSION;
	r->action = action;
	r->figure = fig;
	r->target = target;
	r->player = g->st.state == SKIRMISH_STATE_PLAYING ? g->st.order[g->st.active] : -1;
}

/* G7, G9: actions are taken while the game is being played. */
static int
playing(skirmish_game *g)
{
	if (g->st.state == SKIRMISH_STATE_SETUP)
		return sk_error(g, SKIRMISH_E_STATE,
				"G7: the game has not started (skirmish_game_start)");
	if (g->st.state == SKIRMISH_STATE_OVER)
		return sk_error(g, SKIRMISH_E_STATE, "G9: the game is over; no action follows");
	return 0;
}

/* "player 2", or "the umpire" (S2) */
static const char *
player_word(const skirmish_game *g, int p, char *buf, size_t size)
{
	if (p == g->st.umpire)
		return "the umpire";
	snprintf(buf, size, "player %d", p);
	return buf;
}

/* What every action checks before its ruleset sees it (G7). */
static int
act_begin(skirmish_game *g, int action, int fig, int target, const skirmish_result *out)
{
	char who[24], whose[24];

	/* every public action has asked sk_busy() before its arguments */
	if (out && out->version != SKIRMISH_RESULT_VERSION)
		return sk_error(g, SKIRMISH_E_VERSION, "unknown result version %u", out->version);
	if (action != SKIRMISH_ACTION_START && playing(g) < 0)
		return g->err;
	/* -1 means "no figure" only for the actions that take none: a move or
	 * a shot by figure -1 is no figure, not a figure the ruleset would
	 * read at figs[-1] */
	if (fig != -1 || (action != SKIRMISH_ACTION_START &&
			  action != SKIRMISH_ACTION_END_PHASE &&
			  action != SKIRMISH_ACTION_END_TURN)) {
		if (fig < 0 || fig >= g->nfigs)
			return sk_error(g, SKIRMISH_E_NO_FIGURE, "no figure %d", fig);
		if (g->figs[fig].flags & FIG_REMOVED)
			return sk_error(g, SKIRMISH_E_CANNOT_ACT, "G7: %s has been removed from play",
					g->figs[fig].name);
		if (g->figs[fig].flags & FIG_HORSE)
			return sk_error(g, SKIRMISH_E_CANNOT_ACT,
					"%s is a riderless horse, not a figure that acts",
					g->figs[fig].name);
		if (g->figs[fig].player != g->st.order[g->st.active])
			return sk_error(g, SKIRMISH_E_NOT_YOUR_TURN,
					"G7: %s belongs to %s; it is %s's turn", g->figs[fig].name,
					player_word(g, g->figs[fig].player, who, sizeof(who)),
					player_word(g, g->st.order[g->st.active], whose,
						    sizeof(whose)));
	}
	if ((target != -1 || action == SKIRMISH_ACTION_SHOOT || action == SKIRMISH_ACTION_MOUNT) &&
	    (target < 0 || target >= g->nfigs))
		return sk_error(g, SKIRMISH_E_NO_FIGURE, "no figure %d", target);
	if (sk_journal_reserve(g) < 0)
		return SKIRMISH_E_NOMEM;
	/* the index setup kept (game.c add_figure) is rebuilt at the end of
	 * the start, with room for the figures play may add */
	if (action == SKIRMISH_ACTION_START)
		g->grid_ok = 0;
	if (!g->grid_ok && g->st.state == SKIRMISH_STATE_PLAYING && sk_grid_build(g) < 0)
		return SKIRMISH_E_NOMEM;
	g->serial++;
	if (g->serial == 0) {
		memset(g->fig_mark, 0, (size_t)g->capfig_mark * sizeof(uint32_t));
		memset(g->melee_mark, 0, (size_t)g->capmelee_mark * sizeof(uint32_t));
		g->serial = 1;
	}
	sk_state_copy_live(&g->saved, &g->st);
	g->saved_nmelees = g->nmelees;
	g->saved_nfigs = g->nfigs;
	g->njournal = 0;
	g->oom = 0;
	g->in_action = 1;
	sk_dice_refresh(g);
	reset_cur(g, action, fig, target);
	return 0;
}

static void
rollback(skirmish_game *g)
{
	int i;

	for (i = g->njournal - 1; i >= 0; i--) {
		struct sk_journal_entry *e = &g->journal[i];
		if (e->kind == SK_ENTRY_FIG) {
			if (e->id < g->saved_nfigs)
				g->figs[e->id] = e->old.fig;
		} else if (e->id < g->saved_nmelees) {
			g->melees[e->id] = e->old.melee;
		}
	}
	sk_state_copy_live(&g->st, &g->saved);
	g->nmelees = g->saved_nmelees;
	g->nfigs = g->saved_nfigs;
	g->njournal = 0;
	g->in_action = 0;
}

/* The spatial index follows what the action changed (geometry.c): the
 * figures of its journal, and ids from first to the count before (new
 * ones, or, after a rollback, ones that are gone). */
static void
refile(skirmish_game *g, int njournal, int first, int was)
{
	int i;

	for (i = 0; i < njournal; i++)
		if (g->journal[i].kind == SK_ENTRY_FIG)
			sk_grid_refile(g, g->journal[i].id);
	for (i = first; i < was; i++)
		sk_grid_refile(g, i);
}

/* An action is committed: the figures it changed (its journal) and made
 * (from first to the count) keep their corners' offsets for what their
 * bases now are (table.c), and the spatial index follows them; a figure
 * whose centre and base are as they were stays where it is filed. */
static void
commit_figs(skirmish_game *g, int first)
{
	int i;

	for (i = 0; i < g->njournal; i++) {
		const struct sk_journal_entry *e = &g->journal[i];
		struct sk_fig *f;

		if (e->kind != SK_ENTRY_FIG)
			continue;
		if (e->id >= g->nfigs) {
			sk_grid_refile(g, e->id);
			continue;
		}
		f = &g->figs[e->id];
		if (!sk_fig_shaped(f))
			sk_fig_reshape(f);
		if (g->grid_ok && (f->x != e->old.fig.x || f->y != e->old.fig.y ||
				   f->w != e->old.fig.w || f->d != e->old.fig.d))
			sk_grid_refile(g, e->id);
	}
	for (i = first; i < g->nfigs; i++) {
		sk_fig_reshape(&g->figs[i]);
		if (g->grid_ok)
			sk_grid_refile(g, i);
	}
}

/* An action whose effects the index already follows is undone whole: the
 * index follows back. */
static void
rollback_refiled(skirmish_game *g)
{
	int nj = g->njournal, was = g->nfigs;

	rollback(g);
	if (!g->grid_ok)
		return;
	if (g->st.state == SKIRMISH_STATE_SETUP)
		g->grid_ok = 0; /* the start's index: setup's is rebuilt as it needs */
	else
		refile(g, nj, g->nfigs, was);
}

/* A probed action (odds.c) is always rolled back; it keeps what it did. */
static int
probe_end(skirmish_game *g, int rc)
{
	struct sk_result_bufs *b = &g->res[g->cur];
	const skirmish_result *r = &b->r;
	const skirmish_effect *e = (const skirmish_effect *)b->effects.p;
	struct sk_probe *p = &g->probe;
	size_t i;

	if (rc >= 0 && g->oom)
		rc = SKIRMISH_E_NOMEM;
	if (rc >= 0) {
		p->outcome = r->outcome;
		p->score0 = r->score[0];
		p->score1 = r->score[1];
		p->value = 0;
		p->side = -1;
		for (i = 0; i < b->effects.n; i++) {
			int k = e[i].kind;
			if (k == SKIRMISH_EFFECT_PUSHED_BACK)
				p->value = e[i].value;
			if ((k == SKIRMISH_EFFECT_PUSHED_BACK || k == SKIRMISH_EFFECT_KILLED ||
			     k == SKIRMISH_EFFECT_HORSE_KILLED) && p->side < 0 &&
			    e[i].figure >= 0 && r->figure >= 0)
				p->side = g->figs[e[i].figure].player ==
						  g->figs[r->figure].player ? 0 : 1;
		}
	}
	if (rc >= 0 || rc == SK_E_PROBE) {
		const skirmish_modifier *m = (const skirmish_modifier *)b->mods.p;
		p->nmods = 0;
		for (i = 0; i < b->mods.n && p->nmods < SK_PROBE_MODS; i++)
			p->mods[p->nmods++] = m[i];
	}
	rollback(g);
	return rc;
}

static int
act_end(skirmish_game *g, int rc, skirmish_result *out)
{
	struct sk_result_bufs *b;
	skirmish_result *r;
	int i;

	if (g->probe.active)
		return probe_end(g, rc);
	if (rc >= 0 && g->oom)
		rc = sk_error(g, SKIRMISH_E_NOMEM, "out of memory");
	if (rc >= 0 && g->st.nobj)
		sk_objectives_update(g);
	if (rc >= 0 && g->st.state == SKIRMISH_STATE_PLAYING) {
		int over = sk_objectives_check_over(g) ||
			   (g->rs->check_over ? g->rs->check_over(g) : sk_common_check_over(g));
		if (over)
			sk_game_over(g, "G9");
		if (g->oom)
			rc = sk_error(g, SKIRMISH_E_NOMEM, "out of memory");
	}
	b = &g->res[g->cur];
	r = &b->r;
	if (rc >= 0) {
		r->ndice = (int)b->dice.n;
		r->dice = (const skirmish_die *)b->dice.p;
		r->nmodifiers = (int)b->mods.n;
		r->modifiers = (const skirmish_modifier *)b->mods.p;
		r->neffects = (int)b->effects.n;
		r->effects = (const skirmish_effect *)b->effects.p;
		r->text = NULL;
		b->text_stale = 1;
		/* the sentence only when someone reads it now; otherwise
		 * skirmish_game_last_result() writes it (it is still a good part
		 * of a cheap action: doc/PERFORMANCE.md) */
		if (out || g->event)
			rc = sk_result_text(g, b);
	}
	if (rc < 0) {
		rollback(g);
		return rc;
	}
	/* the spatial index follows what the action changed (geometry.c) */
	commit_figs(g, g->saved_nfigs);
	if (!g->grid_ok && g->st.state == SKIRMISH_STATE_PLAYING)
		sk_grid_build(g); /* the start: reserved, so it cannot fail */
	/* the referee, when it is on, reads the action before it is committed;
	 * an action that broke a rule is undone whole (doc/TESTING.md). A
	 * hook, so that this layer calls nothing above it; off, it costs this
	 * branch. */
	if (g->referee != SKIRMISH_REFEREE_OFF && g->after_action) {
		int broke = g->after_action(g);
		if (broke < 0)
			rc = broke;
	}
	if (rc >= 0) {
		int pushed = sk_hist_push(g); /* the undo history (state.c) */
		if (pushed < 0)
			rc = pushed;
	}
	if (rc < 0) {
		rollback_refiled(g);
		return rc;
	}
	g->in_action = 0;
	g->njournal = 0;
	g->cur = !g->cur;
	g->err = SKIRMISH_OK;
	g->errmsg[0] = '\0';
	if (out)
		*out = *r;
	if (g->event) {
		/* the callback may change nothing of the game (sk_busy), its
		 * own callback included; the one it was called through serves
		 * the whole action all the same */
		skirmish_event_fn fn = g->event;
		void *data = g->event_data;
		struct sk_cb_frame f;
		skirmish_event ev;

		sk_cb_enter(g, &f, "the event callback", 0);
		memset(&ev, 0, sizeof(ev));
		for (i = 0; i < r->ndice; i++) {
			ev.kind = SKIRMISH_EVENT_DIE;
			ev.die = &r->dice[i];
			fn(data, &ev);
		}
		ev.die = NULL;
		for (i = 0; i < r->nmodifiers; i++) {
			ev.kind = SKIRMISH_EVENT_MODIFIER;
			ev.modifier = &r->modifiers[i];
			fn(data, &ev);
		}
		ev.modifier = NULL;
		for (i = 0; i < r->neffects; i++) {
			ev.kind = SKIRMISH_EVENT_EFFECT;
			ev.effect = &r->effects[i];
			fn(data, &ev);
		}
		ev.effect = NULL;
		ev.kind = SKIRMISH_EVENT_RESULT;
		ev.result = r;
		fn(data, &ev);
		sk_cb_leave(g, &f);
	}
	return SKIRMISH_OK;
}

SKIRMISH_EXPORT int
skirmish_game_start(skirmish_game *g, skirmish_result *out)
{
	int rc;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy(g, "skirmish_game_start") < 0)
		return SKIRMISH_E_STATE;
	if (g->st.state != SKIRMISH_STATE_SETUP)
		return sk_error(g, SKIRMISH_E_STATE, "the game has already started");
	if (sk_grow_for_play(g) < 0 || sk_setup_keep(g) < 0 || sk_play_reserve(g) < 0)
		return SKIRMISH_E_NOMEM;
	rc = act_begin(g, SKIRMISH_ACTION_START, -1, -1, out);
	if (rc < 0)
		return rc;
	sk_hist_note(g, SKIRMISH_ACTION_START, -1, -1, -1, NULL, 0);
	return act_end(g, sk_do_start(g), out);
}

/* ------------------------------------------------------------------ */
/* actions                                                              */
/* ------------------------------------------------------------------ */

static int
unsupported(skirmish_game *g, const char *what)
{
	return sk_error(g, SKIRMISH_E_UNSUPPORTED, "%s is not part of the %s rules", what,
			g->rs->name);
}

static int
facing_arg(skirmish_game *g, double facing, int keep, int *out)
{
	if (!(facing == facing) || facing > 1e6)
		return sk_error(g, SKIRMISH_E_INVALID, "facing must be a number of degrees");
	if (facing < 0) {
		*out = keep;
		return 0;
	}
	*out = sk_deg_norm((int)(facing + 0.5));
	return 0;
}

SKIRMISH_EXPORT int
skirmish_move(skirmish_game *g, int fig, const double *xy, int n, double facing,
	      skirmish_result *out)
{
	sk_pt path[SK_MAX_PATH];
	int rc, i, fa = 0;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy(g, "skirmish_move") < 0)
		return SKIRMISH_E_STATE;
	if (!xy || n < 1 || n > SK_MAX_PATH - 1)
		return sk_error(g, SKIRMISH_E_INVALID, "G4: a path has 1 to %d points",
				SK_MAX_PATH - 1);
	/* the arguments first; the path's start is the figure's place */
	for (i = 0; i < n; i++)
		if (sk_to_mils(xy[2 * i], &path[i + 1].x) < 0 ||
		    sk_to_mils(xy[2 * i + 1], &path[i + 1].y) < 0)
			return sk_error(g, SKIRMISH_E_INVALID, "G4: path point %d is not a position", i);
	if (facing_arg(g, facing, -1, &fa) < 0)
		return SKIRMISH_E_INVALID;
	rc = act_begin(g, SKIRMISH_ACTION_MOVE, fig, -1, out);
	if (rc < 0)
		return rc;
	path[0].x = g->figs[fig].x;
	path[0].y = g->figs[fig].y;
	if (fa < 0)
		fa = g->figs[fig].facing;
	sk_hist_note(g, SKIRMISH_ACTION_MOVE, fig, -1, fa, path + 1, n);
	if (!g->rs->move)
		rc = unsupported(g, "moving");
	else
		rc = g->rs->move(g, fig, path, n + 1, fa);
	if (rc >= 0 && g->st.nobj)
		sk_objectives_after_move(g, fig);
	return act_end(g, rc, out);
}

SKIRMISH_EXPORT int
skirmish_charge(skirmish_game *g, int fig, int target, double facing,
		skirmish_result *out)
{
	sk_pt to;
	double xy[2];
	int fa = -1, walk;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy(g, "skirmish_charge") < 0)
		return SKIRMISH_E_STATE;
	if (playing(g) < 0)
		return g->err;
	if (fig < 0 || fig >= g->nfigs || target < 0 || target >= g->nfigs)
		return sk_error(g, SKIRMISH_E_NO_FIGURE, "no figure %d", fig < 0 || fig >= g->nfigs ? fig : target);
	if (!sk_is_enemy(g, fig, target))
		return sk_error(g, SKIRMISH_E_TARGET, "G7: %s is not an enemy of %s in play",
				g->figs[target].name, g->figs[fig].name);
	if (facing_arg(g, facing, -1, &fa) < 0)
		return SKIRMISH_E_INVALID;
	if (fa < 0) /* face the enemy charged */
		fa = sk_atan2_deg((int64_t)g->figs[target].y - g->figs[fig].y,
				  (int64_t)g->figs[target].x - g->figs[fig].x);
	/* a run of an odds walk reads where its first run found the charge
	 * ends (core.h struct sk_probe) */
	walk = g->probe.walking && !g->in_action;
	if (walk && g->probe.charge_known && g->probe.charge_fig == fig &&
	    g->probe.charge_target == target && g->probe.charge_facing == fa) {
		to = g->probe.charge_to;
	} else {
		if (sk_contact_point(g, fig, target, fa, &to) < 0)
			return sk_error(g, SKIRMISH_E_INVALID, "the two figures stand on one spot");
		/* S31: the first contact, across an obstacle too, ends the charge */
		sk_charge_stop(g, fig, target, fa, &to);
		if (walk) {
			g->probe.charge_known = 1;
			g->probe.charge_fig = fig;
			g->probe.charge_target = target;
			g->probe.charge_facing = fa;
			g->probe.charge_to = to;
		}
	}
	xy[0] = sk_to_inches(to.x);
	xy[1] = sk_to_inches(to.y);
	return skirmish_move(g, fig, xy, 1, fa, out);
}

#define SIMPLE_ACTION(fn, action, member, what, ...)                            \
	do {                                                                    \
		int rc_;                                                        \
		if (!g)                                                         \
			return SKIRMISH_E_INVALID;                              \
		if (sk_busy(g, "skirmish_" #fn) < 0)                            \
			return SKIRMISH_E_STATE;                                \
		rc_ = act_begin(g, action, fig, target, out);                   \
		if (rc_ < 0)                                                    \
			return rc_;                                             \
		sk_hist_note(g, action, fig, target, -1, NULL, 0);              \
		rc_ = g->rs->member ? g->rs->member(__VA_ARGS__) : unsupported(g, what); \
		return act_end(g, rc_, out);                                    \
	} while (0)

SKIRMISH_EXPORT int
skirmish_shoot(skirmish_game *g, int fig, int target, skirmish_result *out)
{
	SIMPLE_ACTION(shoot, SKIRMISH_ACTION_SHOOT, shoot, "shooting", g, fig, target);
}

SKIRMISH_EXPORT int
skirmish_reload(skirmish_game *g, int fig, skirmish_result *out)
{
	int target = -1;
	SIMPLE_ACTION(reload, SKIRMISH_ACTION_RELOAD, reload, "reloading", g, fig);
}

SKIRMISH_EXPORT int
skirmish_fight_against(skirmish_game *g, int fig, int target, skirmish_result *out)
{
	SIMPLE_ACTION(fight, SKIRMISH_ACTION_FIGHT, fight, "fighting as an action", g, fig,
		      target);
}

SKIRMISH_EXPORT int
skirmish_fight(skirmish_game *g, int fig, skirmish_result *out)
{
	return skirmish_fight_against(g, fig, -1, out);
}

SKIRMISH_EXPORT int
skirmish_mount(skirmish_game *g, int fig, int horse, skirmish_result *out)
{
	int target = horse;
	SIMPLE_ACTION(mount, SKIRMISH_ACTION_MOUNT, mount, "mounting", g, fig, horse);
}

SKIRMISH_EXPORT int
skirmish_dismount(skirmish_game *g, int fig, skirmish_result *out)
{
	int target = -1;
	SIMPLE_ACTION(dismount, SKIRMISH_ACTION_DISMOUNT, dismount, "dismounting", g, fig);
}

SKIRMISH_EXPORT int
skirmish_turn(skirmish_game *g, int fig, double facing, skirmish_result *out)
{
	int rc, fa;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy(g, "skirmish_turn") < 0)
		return SKIRMISH_E_STATE;
	if (!(facing == facing) || facing < 0 || facing > 1e6)
		return sk_error(g, SKIRMISH_E_INVALID, "A3: turn to a facing of 0 or more degrees");
	fa = sk_deg_norm((int)(facing + 0.5));
	rc = act_begin(g, SKIRMISH_ACTION_TURN, fig, -1, out);
	if (rc < 0)
		return rc;
	sk_hist_note(g, SKIRMISH_ACTION_TURN, fig, -1, fa, NULL, 0);
	rc = g->rs->turn ? g->rs->turn(g, fig, fa) : unsupported(g, "turning on the spot");
	return act_end(g, rc, out);
}

SKIRMISH_EXPORT int
skirmish_end_phase(skirmish_game *g, skirmish_result *out)
{
	int fig = -1, target = -1;
	SIMPLE_ACTION(end_phase, SKIRMISH_ACTION_END_PHASE, end_phase, "ending a phase", g);
}

SKIRMISH_EXPORT int
skirmish_end_turn(skirmish_game *g, skirmish_result *out)
{
	int fig = -1, target = -1;
	SIMPLE_ACTION(end_turn, SKIRMISH_ACTION_END_TURN, end_turn, "ending a turn", g);
}

SKIRMISH_EXPORT int
skirmish_action_init(skirmish_action *a, unsigned int version)
{
	static const skirmish_action init = SKIRMISH_ACTION_INIT;

	if (!a)
		return SKIRMISH_E_INVALID;
	if (version != SKIRMISH_ACTION_VERSION)
		return SKIRMISH_E_VERSION;
	*a = init;
	return 0;
}

SKIRMISH_EXPORT int
skirmish_game_act(skirmish_game *g, const skirmish_action *a, skirmish_result *out)
{
	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy(g, "skirmish_game_act") < 0)
		return SKIRMISH_E_STATE;
	if (!a)
		return sk_error(g, SKIRMISH_E_INVALID, "act: action is NULL");
	if (a->version != SKIRMISH_ACTION_VERSION)
		return sk_error(g, SKIRMISH_E_VERSION, "act: unknown action version %u",
				a->version);
	switch (a->kind) {
	case SKIRMISH_ACTION_START:
		return skirmish_game_start(g, out);
	case SKIRMISH_ACTION_MOVE:
		if (a->npoints < 1 || a->npoints > SKIRMISH_PATH_MAX)
			return sk_error(g, SKIRMISH_E_INVALID, "G4: a path has 1 to %d points",
					SKIRMISH_PATH_MAX);
		return skirmish_move(g, a->figure, a->xy, a->npoints, a->facing, out);
	case SKIRMISH_ACTION_CHARGE:
		return skirmish_charge(g, a->figure, a->target, a->facing, out);
	case SKIRMISH_ACTION_SHOOT:
		return skirmish_shoot(g, a->figure, a->target, out);
	case SKIRMISH_ACTION_RELOAD:
		return skirmish_reload(g, a->figure, out);
	case SKIRMISH_ACTION_FIGHT:
		return skirmish_fight_against(g, a->figure, a->target, out);
	case SKIRMISH_ACTION_MOUNT:
		return skirmish_mount(g, a->figure, a->target, out);
	case SKIRMISH_ACTION_DISMOUNT:
		return skirmish_dismount(g, a->figure, out);
	case SKIRMISH_ACTION_TURN:
		return skirmish_turn(g, a->figure, a->facing, out);
	case SKIRMISH_ACTION_END_PHASE:
		return skirmish_end_phase(g, out);
	case SKIRMISH_ACTION_END_TURN:
		return skirmish_end_turn(g, out);
	default:
		return sk_error(g, SKIRMISH_E_INVALID, "act: unknown action kind %d", a->kind);
	}
}
