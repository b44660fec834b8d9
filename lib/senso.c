/* SPDX-License-Identifier: MIT */
/*
 * Sensō, the one-page samurai skirmish rules (quoted clause by clause in
 * doc/rules/senso.md), as the rulings S1-S28 there and G1-G14 of
 * doc/rules/general.md read them.
 *
 * Rules that are data (weapon ranges, modifier tables, presets) are the
 * tables below; the procedures (the turn, a shot, a move, a fight) are one
 * function each. Every action validates everything first, then rolls, then
 * changes the game through sk_fig_mut() and the sk_fx_* helpers, so that
 * act.c can undo it whole (G6, G7).
 */
#include <stdio.h>
#include <string.h>

#include "ruleset.h"

/* ------------------------------------------------------------------ */
/* the rules as data                                                    */
/* ------------------------------------------------------------------ */

#define FOOT_MOVE (6 * MIL)          /* S9 */
#define MOUNTED_MOVE (12 * MIL)      /* S9 */
#define SWIM_CLIMB_MAX (2 * MIL)     /* S9: climbing or swimming, 2" a turn */
#define OBSTACLE_REACH (1 * MIL)     /* S9, S16: within 1" of an obstacle */
#define NIGHT_SIGHT (12 * MIL)       /* S12 */
#define MAX_TIED_ROUNDS 100          /* S24 */
#define MAX_SIDE 64                  /* figures of a side we keep by id */

/* S6: short and long range of each missile weapon. */
static const struct missile_rule {
	int weapon;
	int32_t short_range, long_range; /* mils */
	const char *rule;
} missile_rules[] = {
	{ SKIRMISH_MISSILE_BOW, 15 * MIL, 30 * MIL, "S6" },
	{ SKIRMISH_MISSILE_BLOWPIPE, 3 * MIL, 6 * MIL, "S6" },
	{ SKIRMISH_MISSILE_SHURIKEN, 2 * MIL, 4 * MIL, "S6" },
	{ SKIRMISH_MISSILE_ARQUEBUS, 12 * MIL, 24 * MIL, "S6" },
};

/* S6: the shooting modifiers, in the order of the rules' table. */
enum { SH_COVER, SH_MOUNTED, SH_ARQUEBUS, SH_SHORT, SH_UNARMOURED, SH_COUNT };
static const struct mod_rule {
	int source;
	int value;
	const char *rule;
	const char *label;               /* as the sentence says it */
} shoot_mods[SH_COUNT] = {
	[SH_COVER] = { SKIRMISH_MOD_COVER, +1, "S6", "in cover" },
	[SH_MOUNTED] = { SKIRMISH_MOD_MOUNTED_TARGET, -1, "S6", "mounted" },
	[SH_ARQUEBUS] = { SKIRMISH_MOD_ARQUEBUS, +1, "S6", "arquebus" },
	[SH_SHORT] = { SKIRMISH_MOD_SHORT_RANGE, -1, "S6", "short range" },
	[SH_UNARMOURED] = { SKIRMISH_MOD_UNARMOURED, -1, "S6", "unarmoured" },
};

/* S10: the situational melee modifiers. */
enum { ML_MARTIAL, ML_OUTNUMBERED, ML_FOOT_VS_MOUNTED, ML_DEFENDING_COVER, ML_COUNT };
static const struct mod_rule melee_mods[ML_COUNT] = {
	[ML_MARTIAL] = { SKIRMISH_MOD_MARTIAL_ARTS, +1, "S15", "martial arts" },
	[ML_OUTNUMBERED] = { SKIRMISH_MOD_OUTNUMBERED, +2, "S11", "outnumbered" },
	[ML_FOOT_VS_MOUNTED] = { SKIRMISH_MOD_FOOT_VS_MOUNTED, +1, "S10",
				 "on foot against mounted" },
	[ML_DEFENDING_COVER] = { SKIRMISH_MOD_DEFENDING_COVER, -1, "S10", "defending cover" },
};

/* S10, S13: what each melee weapon class is in Sensō. */
static const struct melee_rule {
	int senso;                       /* a Sensō weapon (S13) */
	int source;                      /* its line of the table, 0: none */
	int value;
	int counters_mounted;            /* naginata, yari: no +1 on foot (S10) */
} melee_rules[SKIRMISH_MELEE_COUNT] = {
	[SKIRMISH_MELEE_UNARMED] = { 1, SKIRMISH_MOD_UNARMED, 0, 0 },
	[SKIRMISH_MELEE_DAGGER] = { 1, SKIRMISH_MOD_LIGHT_WEAPON, +1, 0 },
	[SKIRMISH_MELEE_SHORT_SWORD] = { 1, SKIRMISH_MOD_LIGHT_WEAPON, +1, 0 },
	[SKIRMISH_MELEE_WOODEN] = { 1, SKIRMISH_MOD_LIGHT_WEAPON, +1, 0 },
	[SKIRMISH_MELEE_SWORD] = { 1, 0, 0, 0 },
	[SKIRMISH_MELEE_AXE] = { 1, 0, 0, 0 },
	[SKIRMISH_MELEE_NAGINATA] = { 1, 0, 0, 1 },
	[SKIRMISH_MELEE_YARI] = { 1, 0, 0, 1 },
	[SKIRMISH_MELEE_SPEAR] = { 0, 0, 0, 0 },
	[SKIRMISH_MELEE_LONG_SPEAR] = { 0, 0, 0, 0 },
};

/* S1: the rules' example skill levels, as the public header lists them. */
static const struct preset {
	const char *name;
	int dv, mounted, melee, missile, armour, martial;
} presets[SKIRMISH_PRESET_COUNT] = {
	[SKIRMISH_PRESET_FENCING_INSTRUCTOR] = { "fencing instructor", 4, 0,
		SKIRMISH_MELEE_SWORD, SKIRMISH_MISSILE_NONE, 0, 0 },
	[SKIRMISH_PRESET_NINJA] = { "ninja", 4, 0,
		SKIRMISH_MELEE_UNARMED, SKIRMISH_MISSILE_SHURIKEN, 0, 1 },
	[SKIRMISH_PRESET_SAMURAI] = { "samurai", 6, 0,
		SKIRMISH_MELEE_SWORD, SKIRMISH_MISSILE_BOW, 1, 0 },
	[SKIRMISH_PRESET_SAMURAI_VETERAN_MOUNTED] = { "mounted samurai veteran", 6, 1,
		SKIRMISH_MELEE_YARI, SKIRMISH_MISSILE_NONE, 1, 0 },
	[SKIRMISH_PRESET_MONK] = { "monk", 8, 0,
		SKIRMISH_MELEE_NAGINATA, SKIRMISH_MISSILE_NONE, 0, 0 },
	[SKIRMISH_PRESET_ASHIGARU_BOW] = { "ashigaru archer", 8, 0,
		SKIRMISH_MELEE_SHORT_SWORD, SKIRMISH_MISSILE_BOW, 1, 0 },
	[SKIRMISH_PRESET_ASHIGARU_ARQUEBUS] = { "ashigaru arquebusier", 10, 0,
		SKIRMISH_MELEE_SHORT_SWORD, SKIRMISH_MISSILE_ARQUEBUS, 1, 0 },
	[SKIRMISH_PRESET_ASHIGARU_YARI] = { "ashigaru yari", 10, 0,
		SKIRMISH_MELEE_YARI, SKIRMISH_MISSILE_NONE, 1, 0 },
	[SKIRMISH_PRESET_PEASANT] = { "peasant", 12, 0,
		SKIRMISH_MELEE_WOODEN, SKIRMISH_MISSILE_NONE, 0, 0 },
};

SKIRMISH_EXPORT int
skirmish_figure_spec_preset(skirmish_figure_spec *spec, int preset)
{
	const struct preset *p;

	if (!spec || preset < 0 || preset >= SKIRMISH_PRESET_COUNT)
		return SKIRMISH_E_INVALID;
	if (spec->version != SKIRMISH_FIGURE_SPEC_VERSION)
		return SKIRMISH_E_VERSION;
	p = &presets[preset];
	spec->dv = p->dv;
	spec->mounted = p->mounted;
	spec->melee_weapon = p->melee;
	spec->missile_weapon = p->missile;
	spec->armour = p->armour;
	spec->shield = 0;
	spec->martial_arts = p->martial;
	spec->unloaded = 0;
	return 0;
}

SKIRMISH_EXPORT const char *
skirmish_preset_name(int preset)
{
	if (preset < 0 || preset >= SKIRMISH_PRESET_COUNT)
		return NULL;
	return presets[preset].name;
}

static const struct missile_rule *
missile_rule(int weapon)
{
	size_t i;

	for (i = 0; i < sizeof(missile_rules) / sizeof(missile_rules[0]); i++)
		if (missile_rules[i].weapon == weapon)
			return &missile_rules[i];
	return NULL;
}

/* ------------------------------------------------------------------ */
/* figures (S1, S13)                                                    */
/* ------------------------------------------------------------------ */

static int
valid_dv(int dv)
{
	return dv == 4 || dv == 6 || dv == 8 || dv == 10 || dv == 12;
}

/* S9: 6" on foot, 12" mounted. */
static int
senso_allowance(const skirmish_game *g, int fig)
{
	return (g->figs[fig].flags & FIG_MOUNTED) ? MOUNTED_MOVE : FOOT_MOVE;
}

static const char *
piece_name(const skirmish_game *g, int t, const char *none)
{
	return g->terr[t].name[0] ? g->terr[t].name : none;
}

static int
senso_add_figure(skirmish_game *g, struct sk_fig *f, const skirmish_figure_spec *s)
{
	if (!valid_dv(s->dv))
		return sk_error(g, SKIRMISH_E_INVALID,
				"S1: a Die Value is d4, d6, d8, d10 or d12, not %d", s->dv);
	if (s->missile_weapon != SKIRMISH_MISSILE_NONE && !missile_rule(s->missile_weapon))
		return sk_error(g, SKIRMISH_E_INVALID,
				"S6: the Senso missile weapons are bow, blowpipe, shuriken and "
				"arquebus, not %s", skirmish_missile_weapon_name(s->missile_weapon));
	if (!melee_rules[s->melee_weapon].senso)
		return sk_error(g, SKIRMISH_E_INVALID,
				"S13: %s is a Sampson Ships weapon; a Senso spear is a yari",
				skirmish_melee_weapon_name(s->melee_weapon));
	if (s->shield)
		return sk_error(g, SKIRMISH_E_INVALID,
				"S13: Senso has no shields (figures are as they appear: armour or none)");
	if (s->unloaded && s->missile_weapon != SKIRMISH_MISSILE_ARQUEBUS)
		return sk_error(g, SKIRMISH_E_INVALID,
				"S13: only an arquebus can start unloaded (S8)");
	/* S16: set up on one side of an obstacle or the other, not on it */
	if (sk_fig_overlaps_flag(g, f, SKIRMISH_TERRAIN_OBSTACLE) >= 0)
		return sk_error(g, SKIRMISH_E_BLOCKED,
				"S16: %s would stand on %s; a figure stands on one side of an "
				"obstacle or the other", f->name,
				piece_name(g, sk_fig_overlaps_flag(g, f, SKIRMISH_TERRAIN_OBSTACLE),
					   "an obstacle"));
	f->move_left = (f->flags & FIG_MOUNTED) ? MOUNTED_MOVE : FOOT_MOVE;
	return 0;
}

/* ------------------------------------------------------------------ */
/* turns (S2, S3, S5)                                                   */
/* ------------------------------------------------------------------ */

static int
active_player(const skirmish_game *g)
{
	return g->st.order[g->st.active];
}

/* S3: a new player turn; each of its figures may take one action. */
static int
senso_start_turn(skirmish_game *g)
{
	int i, p = active_player(g);

	for (i = 0; i < g->nfigs; i++) {
		const struct sk_fig *f = &g->figs[i];
		int allow;

		if (f->player != p || !sk_fig_alive(g, i))
			continue;
		allow = senso_allowance(g, i);
		if ((f->flags & (FIG_ACTED | FIG_SHOT)) || f->move_left != allow) {
			struct sk_fig *m = sk_fig_mut(g, i);
			m->flags &= ~(uint32_t)(FIG_ACTED | FIG_SHOT);
			m->move_left = allow;
		}
	}
	return 0;
}

/* S5: one ring off each figure of `player` (-1: every player), then every
 * such figure still carrying two or more rings is removed from play. */
static void
remove_rings(skirmish_game *g, int player)
{
	int i;

	for (i = 0; i < g->nfigs; i++)
		if (sk_fig_alive(g, i) && (player < 0 || g->figs[i].player == player) &&
		    g->figs[i].rings > 0)
			sk_fx_rings(g, i, -1, "S5");
	for (i = 0; i < g->nfigs; i++)
		if (sk_fig_alive(g, i) && (player < 0 || g->figs[i].player == player) &&
		    g->figs[i].rings >= 2)
			sk_fx_kill(g, i, SKIRMISH_EFFECT_REMOVED, "S5");
}

static int
senso_end_turn(skirmish_game *g)
{
	if (g->opt.ring_removal == SKIRMISH_RINGS_GAME_TURN) {
		/* S5 option, S22: after the last player of the game turn */
		if (sk_is_last_in_order(g))
			remove_rings(g, -1);
	} else {
		remove_rings(g, active_player(g));
	}
	return sk_next_player(g);
}

/* S1: the better the figure, the lower its die: a D4 is worth 8 halves
 * more than its kit, a D12 nothing more */
static int
senso_worth_bonus(const skirmish_game *g, int fig)
{
	int dv = g->figs[fig].dv;

	return dv >= 4 && dv <= 12 ? 12 - dv : 0;
}

/* S6: no shot is longer than the weapon's long range */
static int32_t
senso_shot_reach(const skirmish_game *g, int fig)
{
	const struct missile_rule *mr = missile_rule(g->figs[fig].missile_weapon);

	return mr ? mr->long_range : 0;
}

/* S6: within the weapon's short range the shot takes -1 */
static int32_t
senso_short_reach(const skirmish_game *g, int fig)
{
	const struct missile_rule *mr = missile_rule(g->figs[fig].missile_weapon);

	return mr ? mr->short_range : 0;
}

/* S3: one action a turn, none while ringed. */
static int
senso_can_act(const skirmish_game *g, int fig)
{
	const struct sk_fig *f = &g->figs[fig];

	return f->rings == 0 && !(f->flags & FIG_ACTED);
}

static int
check_can_act(skirmish_game *g, int fig)
{
	const struct sk_fig *f = &g->figs[fig];

	if (f->rings)
		return sk_error(g, SKIRMISH_E_CANNOT_ACT,
				"S3: %s has %d ring%s and cannot do anything", f->name,
				f->rings, f->rings == 1 ? "" : "s");
	if (f->flags & FIG_ACTED)
		return sk_error(g, SKIRMISH_E_CANNOT_ACT,
				"S3: %s has already taken its action this turn (Move, Reload or Shoot)",
				f->name);
	return 0;
}

/* S3, S20: the action is taken; a move cannot be continued later. */
static void
spend_action(skirmish_game *g, int fig, uint32_t extra)
{
	struct sk_fig *f = sk_fig_mut(g, fig);

	f->flags |= FIG_ACTED | extra;
	f->move_left = 0;
}

/* ------------------------------------------------------------------ */
/* sight (G5, S12)                                                      */
/* ------------------------------------------------------------------ */

static int
senso_can_see(const skirmish_game *g, int a, int b)
{
	if (sk_sight_blocked(g, a, b))
		return 0;
	return !g->opt.night || sk_fig_gap(g, a, b) <= NIGHT_SIGHT;
}

/* ------------------------------------------------------------------ */
/* melee (S4, S10, S11, S14, S15, S18, S19)                             */
/* ------------------------------------------------------------------ */

struct side {
	int n;                           /* figures on the side */
	int rep;                         /* the one who rolls (S11, S18) */
	int ids[MAX_SIDE];
};

static void
side_add(const skirmish_game *g, struct side *s, int id)
{
	const struct sk_fig *f = &g->figs[id];

	if (s->n < MAX_SIDE)
		s->ids[s->n] = id;
	s->n++;
	/* S11, S18: the lowest DV rolls; between equal DVs, the first added */
	if (s->rep < 0 || f->dv < g->figs[s->rep].dv ||
	    (f->dv == g->figs[s->rep].dv && id < s->rep))
		s->rep = id;
}

/*
 * S11, S26, S27: the fight of the moving figure against player `foe`: the
 * figures of that player it touches (G3, G13), against the mover and those
 * of its friends that can act (no rings, action not taken: S3, S26) and
 * touch any of them.
 */
static void
fight_sides(const skirmish_game *g, int fig, int foe, struct side *a, struct side *b)
{
	int i, k, n, ids[SK_NEAR_MAX];
	int32_t minx, miny, maxx, maxy, margin = sk_engage_margin(g, fig);

	a->n = b->n = 0;
	a->rep = b->rep = -1;
	n = sk_near_fig(g, fig, margin, ids);
	SK_NEAR_EACH(g, n, ids, k, i)
		if (g->figs[i].player == foe && sk_engaged(g, fig, i))
			side_add(g, b, i);
	side_add(g, a, fig);
	/* friends touching those enemies: near the box of the enemies */
	minx = maxx = g->figs[fig].x;
	miny = maxy = g->figs[fig].y;
	for (k = 0; k < b->n && k < MAX_SIDE; k++) {
		const struct sk_fig *e = &g->figs[b->ids[k]];
		int32_t r = e->w + e->d;
		minx = e->x - r < minx ? e->x - r : minx;
		miny = e->y - r < miny ? e->y - r : miny;
		maxx = e->x + r > maxx ? e->x + r : maxx;
		maxy = e->y + r > maxy ? e->y + r : maxy;
	}
	n = b->n > MAX_SIDE ? -1 : sk_near(g, minx, miny, maxx, maxy, margin, ids);
	SK_NEAR_EACH(g, n, ids, k, i) {
		int j;
		if (i == fig || !sk_fig_alive(g, i) || g->figs[i].player != g->figs[fig].player ||
		    !senso_can_act(g, i))
			continue;
		for (j = 0; j < b->n && j < MAX_SIDE; j++)
			if (sk_engaged(g, i, b->ids[j])) {
				side_add(g, a, i);
				break;
			}
	}
}

static int
add_mod(skirmish_game *g, int fig, int side, const struct mod_rule *m)
{
	sk_add_modifier(g, fig, side, m->value, m->source, m->rule);
	return m->value;
}

/* S10, S15, S19: the modifiers of the figure rolling for a side; recorded
 * once, they hold for every round. */
static int
melee_total_mods(skirmish_game *g, int fig, int side, int opp, int outnumbered,
		 int defending_cover)
{
	const struct sk_fig *f = &g->figs[fig];
	const struct melee_rule *w = &melee_rules[f->melee_weapon];
	int total = 0;

	if (f->melee_weapon == SKIRMISH_MELEE_UNARMED && (f->flags & FIG_MARTIAL))
		total += add_mod(g, fig, side, &melee_mods[ML_MARTIAL]);
	else if (w->source) {
		sk_add_modifier(g, fig, side, w->value, w->source, "S10");
		total += w->value;
	}
	if (outnumbered)
		total += add_mod(g, fig, side, &melee_mods[ML_OUTNUMBERED]);
	if (!(f->flags & FIG_MOUNTED) && (g->figs[opp].flags & FIG_MOUNTED) &&
	    !w->counters_mounted)
		total += add_mod(g, fig, side, &melee_mods[ML_FOOT_VS_MOUNTED]);
	if (defending_cover)
		total += add_mod(g, fig, side, &melee_mods[ML_DEFENDING_COVER]);
	return total;
}

/* S9, S17, S28: a riderless horse marker of fig's, with fig's base and
 * facing, standing at c; the effect that says so (rule) names it.
 * Returns its id, or an error. */
static int
leave_horse(skirmish_game *g, int fig, sk_pt c, const char *rule)
{
	const struct sk_fig *f;
	struct sk_fig *h;
	skirmish_effect *e;
	int id = sk_fig_new(g);

	if (id < 0)
		return id;
	f = &g->figs[fig];
	h = sk_fig_mut(g, id);
	h->x = c.x;
	h->y = c.y;
	h->w = f->w;
	h->d = f->d;
	h->facing = f->facing;
	h->player = f->player;
	h->flags = FIG_HORSE;
	h->horse_of = fig;
	snprintf(h->name, sizeof(h->name), "%.15s's horse", f->name);
	e = sk_add_effect(g, SKIRMISH_EFFECT_DISMOUNTED, fig, rule);
	e->other = id;
	e->x1 = sk_to_inches(c.x);
	e->y1 = sk_to_inches(c.y);
	return id;
}

/* S7, S10, S28: fig is killed. A rider's horse stays where he fell: a
 * riderless marker on his base, which is a place a base may stand. */
static int
kill_figure(skirmish_game *g, int fig, const char *rule)
{
	int mounted = !!(g->figs[fig].flags & FIG_MOUNTED), rc;
	sk_pt c;

	c.x = g->figs[fig].x;
	c.y = g->figs[fig].y;
	sk_fx_kill(g, fig, SKIRMISH_EFFECT_KILLED, rule);
	if (!mounted)
		return 0;
	rc = leave_horse(g, fig, c, "S28");
	return rc < 0 ? rc : 0;
}

/* S10, S19, G13: the roller of the side moved against defends cover when
 * it stands in cover from the mover (S6), or touches the mover or the
 * acting side's roller across an obstacle. */
static int
defends_cover(const skirmish_game *g, int mover, int roller0, int roller1)
{
	return sk_cover_from(g, mover, roller1) || sk_contact_across(g, mover, roller1) >= 0 ||
	       (roller0 != mover && sk_contact_across(g, roller0, roller1) >= 0);
}

/* S4, S10, S11, S27, S29: fig (side 0) fights the figures of player foe in
 * contact with it (side 1), now; the friends drafted onto its side have
 * acted. The lowest total wins; the loser's side
 * loses the figure that rolled for it. Equal totals roll again, or are a
 * stand-off (option). */
static int
resolve_fight(skirmish_game *g, int fig, int foe)
{
	struct side s[2];
	skirmish_result *r = sk_cur(g);
	skirmish_effect *e;
	int mods[2], tot[2], roll[2], round, k, loser, cover, rc;

	fight_sides(g, fig, foe, &s[0], &s[1]);
	if (s[1].n == 0)
		return 0;
	/* S29: a friend drafted onto the acting side has taken its action */
	for (k = 0; k < s[0].n && k < MAX_SIDE; k++)
		if (s[0].ids[k] != fig)
			spend_action(g, s[0].ids[k], 0);
	/* S27: where this fight's modifiers begin in the result */
	e = sk_add_effect(g, SKIRMISH_EFFECT_FIGHT, s[0].rep, s[1].n > 1 || s[0].n > 1 ? "S11" : "S10");
	e->other = s[1].rep;
	e->player = foe;
	e->value = g->res[g->cur].mods.n > INT32_MAX ? INT32_MAX : (int)g->res[g->cur].mods.n;
	/* S11, S18: the smaller side is outnumbered */
	cover = defends_cover(g, fig, s[0].rep, s[1].rep);
	mods[0] = melee_total_mods(g, s[0].rep, 0, s[1].rep, s[0].n < s[1].n, 0);
	mods[1] = melee_total_mods(g, s[1].rep, 1, s[0].rep, s[1].n < s[0].n, cover);
	r->target = s[1].rep;
	for (round = 0;; round++) {
		if (round >= MAX_TIED_ROUNDS)
			return sk_error(g, SKIRMISH_E_DICE,
					"S24: %d tied rounds in a row; the dice roller is not random",
					MAX_TIED_ROUNDS);
		for (k = 0; k < 2; k++) {
			rc = sk_roll(g, g->figs[s[k].rep].dv, s[k].rep, SKIRMISH_ROLL_MELEE, k,
				     round, &roll[k]);
			if (rc < 0)
				return rc;
			tot[k] = roll[k] + mods[k];
		}
		r->score[0] = tot[0];
		r->score[1] = tot[1];
		if (tot[0] != tot[1])
			break;
		if (g->opt.melee_ties == SKIRMISH_TIES_STANDOFF) {
			r->outcome = SKIRMISH_OUTCOME_STANDOFF;
			return 0;
		}
	}
	k = tot[0] < tot[1] ? 0 : 1;    /* the winning side */
	r->outcome = k == 0 ? SKIRMISH_OUTCOME_ATTACKER_WINS : SKIRMISH_OUTCOME_DEFENDER_WINS;
	loser = s[!k].rep;
	return kill_figure(g, loser, s[0].n > 1 || s[1].n > 1 ? "S11" : "S10");
}

/*
 * S4, S14, S27: fig fights every enemy player whose figures it touches, one
 * fight per player, in the order of play after fig's player (the umpire is
 * a player); the fights stop when fig is killed. The result's target,
 * scores and outcome are those of the last fight.
 */
static int
resolve_charge(skirmish_game *g, int fig)
{
	int n = g->st.nplayers, me = g->figs[fig].player, at = 0, k, rc;
	int touched[SKIRMISH_MAX_PLAYERS + 1], ids[SK_NEAR_MAX], i, j, nn;

	memset(touched, 0, sizeof(touched));
	nn = sk_near_fig(g, fig, sk_engage_margin(g, fig), ids);
	SK_NEAR_EACH(g, nn, ids, j, i)
		if (sk_engaged(g, fig, i) && g->figs[i].player <= SKIRMISH_MAX_PLAYERS)
			touched[g->figs[i].player] = 1;
	for (k = 0; k < n; k++)
		if (g->st.order[k] == me)
			at = k;
	for (k = 1; k < n; k++) {
		int foe = g->st.order[(at + k) % n];
		if (foe < 0 || foe > SKIRMISH_MAX_PLAYERS || !touched[foe])
			continue;
		if (!sk_fig_alive(g, fig))
			break;          /* S27: the mover was killed */
		rc = resolve_fight(g, fig, foe);
		if (rc < 0)
			return rc;
	}
	return 0;
}

/* S14: a figure in contact with an enemy at the start of its action (after
 * a stand-off, or an enemy that did not fight) fights as its action. */
static int
senso_fight(skirmish_game *g, int fig, int target)
{
	int rc = check_can_act(g, fig);

	if (rc < 0)
		return rc;
	if (target >= 0)
		return sk_error(g, SKIRMISH_E_INVALID,
				"S14: a Senso fight is against every enemy in contact (one fight "
				"per enemy player, S27); it names no defender");
	if (sk_fig_enemy_contacts(g, fig, NULL, 0) == 0)
		return sk_error(g, SKIRMISH_E_NOT_IN_CONTACT,
				"S10: %s is in base contact with no enemy", g->figs[fig].name);
	spend_action(g, fig, 0);
	return resolve_charge(g, fig);
}

/* ------------------------------------------------------------------ */
/* movement (S4, S9, S16, S17)                                          */
/* ------------------------------------------------------------------ */

/* S9: each inch of path in rough ground costs 2". */
static int64_t
senso_path_cost(const skirmish_game *g, int fig, const sk_pt *path, int n)
{
	struct sk_path_info pi;

	sk_path_info(g, fig, path, n, &pi);
	return pi.length + pi.rough;
}

/*
 * S9, S16, S25: crossing an obstacle is the whole move. The centre's path
 * goes into exactly one obstacle, once; the base starts within 1" of where
 * the path goes in and ends within 1" of where it comes out on the far side
 * (and never on it, check_not_on_obstacle); and the path runs straight to
 * the obstacle, over it and on from it, so that no part of the move walks
 * along it (0.1" of slack for the rounding of waypoints to the mil).
 */
static int
check_crossing(skirmish_game *g, int fig, const sk_pt *path, int n, int facing)
{
	const struct sk_fig *f = &g->figs[fig];
	struct sk_crossings c;
	const char *name;
	int64_t gap, total = 0, before, over, after;
	int s;

	sk_path_crossings(g, path, n, &c);
	if (c.first < 0)
		return 0;
	name = piece_name(g, c.first, "the obstacle");
	if (c.other >= 0)
		return sk_error(g, SKIRMISH_E_BLOCKED,
				"S25: a move crosses one obstacle; this one goes over %s and %s",
				name, piece_name(g, c.other, "another obstacle"));
	if (c.entries > 1)
		return sk_error(g, SKIRMISH_E_BLOCKED,
				"S25: a move crosses an obstacle once; this one goes over %s "
				"and back", name);
	for (s = 0; s + 1 < n; s++)
		total += sk_seg_len(path[s], path[s + 1]);
	/* what the path walks beyond the straight line, before, over, after */
	before = c.in_along - sk_seg_len(path[0], c.in);
	over = c.out_along - c.in_along - sk_seg_len(c.in, c.out);
	after = total - c.out_along - sk_seg_len(c.out, path[n - 1]);
	if (before > SK_CONTACT_MILS)
		return sk_error(g, SKIRMISH_E_TOO_FAR,
				"S25: crossing %s takes the whole move; this path goes %.1f\" to "
				"where it crosses, %.1f\" in a straight line: it walks along "
				"before it crosses", name, sk_to_inches(c.in_along),
				sk_to_inches(sk_seg_len(path[0], c.in)));
	if (over > SK_CONTACT_MILS)
		return sk_error(g, SKIRMISH_E_TOO_FAR,
				"S25: crossing %s takes the whole move; this path walks %.1f\" "
				"along the top of it instead of going straight over", name,
				sk_to_inches(c.out_along - c.in_along));
	if (after > SK_CONTACT_MILS)
		return sk_error(g, SKIRMISH_E_TOO_FAR,
				"S25: crossing %s takes the whole move; this path goes on %.1f\" "
				"after it has crossed, %.1f\" in a straight line", name,
				sk_to_inches(total - c.out_along),
				sk_to_inches(sk_seg_len(c.out, path[n - 1])));
	gap = sk_base_point_gap(f, path[0], f->facing, c.in);
	if (gap > OBSTACLE_REACH)
		return sk_error(g, SKIRMISH_E_TOO_FAR,
				"S25: crossing %s takes the whole move; %s must start within 1\" "
				"of where the path crosses it, not %.1f\" away", name, f->name,
				sk_to_inches(gap));
	gap = sk_base_point_gap(f, path[n - 1], facing, c.out);
	if (gap > OBSTACLE_REACH)
		return sk_error(g, SKIRMISH_E_TOO_FAR,
				"S25: a move over %s must end within 1\" of where it comes out "
				"on the far side; %s would end %.1f\" from it", name, f->name,
				sk_to_inches(gap));
	return 0;
}

/* S16: a figure stands on one side of a wall or the other, never on it. */
static int
check_not_on_obstacle(skirmish_game *g, int fig, sk_pt end, int facing)
{
	struct sk_fig probe = g->figs[fig];
	int ob;

	probe.x = end.x;
	probe.y = end.y;
	probe.facing = (int16_t)facing;
	ob = sk_fig_overlaps_flag(g, &probe, SKIRMISH_TERRAIN_OBSTACLE);
	if (ob >= 0)
		return sk_error(g, SKIRMISH_E_BLOCKED,
				"S16: %s would end standing on %s; a move crosses an obstacle "
				"or stops short of it", probe.name,
				g->terr[ob].name[0] ? g->terr[ob].name : "an obstacle");
	return 0;
}

static int
senso_move(skirmish_game *g, int fig, const sk_pt *path, int n, int facing)
{
	struct sk_path_info pi;
	int64_t cost;
	int allow, rc;

	rc = check_can_act(g, fig);
	if (rc < 0)
		return rc;
	rc = sk_path_check(g, fig, path, n, facing, &pi);
	if (rc < 0)
		return rc;
	allow = senso_allowance(g, fig);
	cost = pi.length + pi.rough;
	if (cost > allow && pi.rough > 0)
		return sk_error(g, SKIRMISH_E_TOO_FAR,
				"S9: the move costs %.3f\" (%.3f\" long, its %.3f\" in rough ground "
				"counting double); %s may move %d\"", sk_to_inches(cost),
				sk_to_inches(pi.length), sk_to_inches(pi.rough), g->figs[fig].name,
				allow / MIL);
	if (cost > allow)
		return sk_error(g, SKIRMISH_E_TOO_FAR,
				"S9: the move is %.3f\" long; %s may move %d\"", sk_to_inches(cost),
				g->figs[fig].name, allow / MIL);
	/* S9, S30: rough inches count double against the 2" too */
	if ((pi.water || pi.climb) && pi.rough > 0 && cost > SWIM_CLIMB_MAX)
		return sk_error(g, SKIRMISH_E_TOO_FAR,
				"S30: a move that %s is at most 2\" long, its rough inches "
				"counting double; this one costs %.3f\" (%.3f\" long, %.3f\" of "
				"it rough)", pi.water ? "swims" : "climbs", sk_to_inches(cost),
				sk_to_inches(pi.length), sk_to_inches(pi.rough));
	if ((pi.water || pi.climb) && pi.length > SWIM_CLIMB_MAX)
		return sk_error(g, SKIRMISH_E_TOO_FAR,
				"S9: a move that %s is at most 2\" long, not %.3f\"",
				pi.water ? "swims" : "climbs", sk_to_inches(pi.length));
	rc = check_crossing(g, fig, path, n, facing);
	if (rc < 0)
		return rc;
	rc = check_not_on_obstacle(g, fig, path[n - 1], facing);
	if (rc < 0)
		return rc;
	sk_fx_move(g, fig, path[n - 1], facing, SKIRMISH_EFFECT_MOVED, "S9");
	spend_action(g, fig, 0);
	/* S4: a move that ends in contact with an enemy is a charge */
	if (sk_fig_enemy_contacts(g, fig, NULL, 0) > 0)
		return resolve_charge(g, fig);
	return 0;
}

/* The refusals of senso_move before its path check are check_can_act's
 * (S3); past them, with no terrain near (no rough ground, water, climb,
 * obstacle or impassable piece: S9, S16, S25, S30) and no enemy to touch
 * at the end (S4: no charge), a move is refused only by G3/G4 and the
 * allowance (S9): the legal list's shortcut (core.h plain_move). */
static int
senso_plain_move(const skirmish_game *g, int fig, int32_t *budget)
{
	const struct sk_fig *f = &g->figs[fig];

	if (f->rings || (f->flags & FIG_ACTED))
		return 0;
	*budget = senso_allowance(g, fig);
	return 1;
}

/* S17, S28: a horse marker standing at c, facing, w x d, may stand there as
 * any base may: on the table (G10), over no other base but `skip` (G3), no
 * impassable ground (G4) and no obstacle (S16). */
static int
horse_spot_free(const skirmish_game *g, sk_pt c, int32_t w, int32_t d, int facing, int skip)
{
	struct sk_fig probe;

	memset(&probe, 0, sizeof(probe));
	probe.x = c.x;
	probe.y = c.y;
	probe.w = w;
	probe.d = d;
	probe.facing = (int16_t)sk_deg_norm(facing);
	return sk_place_free(g, &probe, skip, -1) &&
	       sk_fig_overlaps_flag(g, &probe, SKIRMISH_TERRAIN_OBSTACLE) < 0;
}

/* S7, S9, S17: the rider is now on foot, on a square base at its centre. */
static void
set_on_foot(skirmish_game *g, int fig)
{
	struct sk_fig *f = sk_fig_mut(g, fig);
	/* S17: a 1" square, or a smaller one when the scenario gave the
	 * mounted base a side under 1": the foot base then lies inside the
	 * mounted one, so it touches nothing that did not (G3) */
	int32_t side = f->w < f->d ? f->w : f->d;

	if (side > MIL)
		side = MIL;
	f->flags &= ~(uint32_t)FIG_MOUNTED;
	/* S9: on foot, at most the foot allowance is left this turn */
	if (f->move_left > FOOT_MOVE)
		f->move_left = FOOT_MOVE;
	f->w = side;
	f->d = side;
	/* ... except by the rounding of corners to the mil: a side flush with
	 * the mounted base's may stick out by a mil where that base touched
	 * another, or impassable ground (G4) or an obstacle (S16). Then the
	 * square shrinks a mil at a time; two mils inside the mounted base's
	 * sides, it lies inside whatever the rounding. */
	while (f->w > 100 && (sk_base_in_way(g, f, fig, -1) >= 0 ||
			      sk_fig_overlaps_flag(g, f, SKIRMISH_TERRAIN_IMPASSABLE) >= 0 ||
			      sk_fig_overlaps_flag(g, f, SKIRMISH_TERRAIN_OBSTACLE) >= 0)) {
		f->w--;
		f->d--;
	}
}

/* S9, S17, S28: dismounting leaves the horse in contact: beside the rider on
 * its left, else its right, behind, ahead (the first spot where a base may
 * stand). */
static int
senso_dismount(skirmish_game *g, int fig)
{
	static const struct {
		int turn;                /* degrees from the facing */
		int along;               /* 1: offset along the horse's length */
	} spots[] = { { 90, 0 }, { 270, 0 }, { 180, 1 }, { 0, 1 } };
	const struct sk_fig *f = &g->figs[fig];
	sk_pt c;
	size_t i;
	int rc, id;

	rc = check_can_act(g, fig);
	if (rc < 0)
		return rc;
	if (!(f->flags & FIG_MOUNTED))
		return sk_error(g, SKIRMISH_E_CANNOT_ACT, "S9: %s is not mounted", f->name);
	for (i = 0; i < sizeof(spots) / sizeof(spots[0]); i++) {
		/* half the foot base + half the horse, and 0.01" between them */
		int64_t off = MIL / 2 + (spots[i].along ? f->d : f->w) / 2 + 10;
		int32_t dx, dy;

		sk_dir(f->facing + spots[i].turn, off, &dx, &dy);
		c.x = f->x + dx;
		c.y = f->y + dy;
		if (horse_spot_free(g, c, f->w, f->d, f->facing, fig))
			break;
	}
	if (i == sizeof(spots) / sizeof(spots[0]))
		return sk_error(g, SKIRMISH_E_BLOCKED,
				"S17/S28: there is no room beside %s to leave the horse (on the "
				"table, off other bases, impassable ground and obstacles)", f->name);
	id = leave_horse(g, fig, c, "S9");
	if (id < 0)
		return id;
	set_on_foot(g, fig);
	spend_action(g, fig, 0);
	return 0;
}

/* S9, S17: mounting needs a riderless horse in contact; the rider takes
 * the horse's base where it stands. It is not a move: no fight follows. */
static int
senso_mount(skirmish_game *g, int fig, int horse)
{
	const struct sk_fig *f = &g->figs[fig], *h = &g->figs[horse];
	struct sk_fig *m;
	skirmish_effect *e;
	sk_pt c;
	int rc;

	rc = check_can_act(g, fig);
	if (rc < 0)
		return rc;
	if (f->flags & FIG_MOUNTED)
		return sk_error(g, SKIRMISH_E_CANNOT_ACT, "S9: %s is already mounted", f->name);
	if (!(h->flags & FIG_HORSE) || (h->flags & FIG_REMOVED))
		return sk_error(g, SKIRMISH_E_TARGET, "S9: %s is not a riderless horse",
				h->name);
	if (!sk_in_contact(g, fig, horse))
		return sk_error(g, SKIRMISH_E_NOT_IN_CONTACT,
				"S9: %s must be in base contact with %s to mount it", f->name,
				h->name);
	c.x = h->x;
	c.y = h->y;
	e = sk_add_effect(g, SKIRMISH_EFFECT_MOUNTED, fig, "S9");
	e->other = horse;
	e->x1 = sk_to_inches(c.x);
	e->y1 = sk_to_inches(c.y);
	e->facing1 = h->facing;
	m = sk_fig_mut(g, fig);
	m->x = c.x;
	m->y = c.y;
	m->facing = h->facing;
	m->w = h->w;
	m->d = h->d;
	m->flags |= FIG_MOUNTED;
	sk_fig_mut(g, horse)->flags |= FIG_REMOVED;
	spend_action(g, fig, 0);
	return 0;
}

/* ------------------------------------------------------------------ */
/* shooting and reloading (S6, S7, S8, S12, S21)                        */
/* ------------------------------------------------------------------ */

/* S7: a kill or hit on a mounted target: odd, the horse instead. */
static int
horse_or_rider(skirmish_game *g, int shooter, int *horse)
{
	int v, rc;

	rc = sk_roll(g, g->figs[shooter].dv, shooter, SKIRMISH_ROLL_HORSE, 0, 0, &v);
	if (rc < 0)
		return rc;
	*horse = v % 2 == 1;
	return 0;
}

static int
senso_shoot(skirmish_game *g, int fig, int target)
{
	const struct sk_fig *f = &g->figs[fig], *t;
	const struct missile_rule *mr;
	skirmish_result *r = sk_cur(g);
	int on[SH_COUNT], total, v, rc, i, horse = 0;
	int64_t gap;

	rc = check_can_act(g, fig);
	if (rc < 0)
		return rc;
	mr = missile_rule(f->missile_weapon);
	if (!mr)
		return sk_error(g, SKIRMISH_E_NO_WEAPON, "S6: %s has no missile weapon",
				f->name);
	if (!(f->flags & FIG_LOADED))
		return sk_error(g, SKIRMISH_E_NO_WEAPON,
				"S8: %s's arquebus is not loaded (Reload first)", f->name);
	if (!sk_is_enemy(g, fig, target))
		return sk_error(g, SKIRMISH_E_TARGET, "S6: %s is not an enemy figure in play",
				g->figs[target].name);
	t = &g->figs[target];
	/* G5, S6: the sight and the cover, in one pass over the terrain */
	if (sk_shot_terrain(g, fig, target, &on[SH_COVER]) >= 0)
		return sk_error(g, SKIRMISH_E_NO_SIGHT, "G5: %s cannot see %s", f->name,
				t->name);
	gap = sk_fig_gap(g, fig, target);
	if (g->opt.night && gap > NIGHT_SIGHT)
		return sk_error(g, SKIRMISH_E_NO_SIGHT,
				"S12: at night %s sees only 12\"; %s is %.3f\" away", f->name,
				t->name, sk_to_inches(gap));
	if (gap > mr->long_range)
		return sk_error(g, SKIRMISH_E_OUT_OF_RANGE,
				"S6: %s is %.3f\" away; %s %s reaches %d\"", t->name,
				sk_to_inches(gap), sk_a(skirmish_missile_weapon_name(mr->weapon)),
				skirmish_missile_weapon_name(mr->weapon), mr->long_range / MIL);

	on[SH_MOUNTED] = !!(t->flags & FIG_MOUNTED);
	on[SH_ARQUEBUS] = mr->weapon == SKIRMISH_MISSILE_ARQUEBUS;
	on[SH_SHORT] = gap <= mr->short_range;
	/* S6: an arquebus always treats its target as unarmoured */
	on[SH_UNARMOURED] = !(t->flags & FIG_ARMOUR) || on[SH_ARQUEBUS];

	r->target = target;
	r->distance = sk_to_inches(gap);
	rc = sk_roll(g, f->dv, fig, SKIRMISH_ROLL_SHOOT, 0, 0, &v);
	if (rc < 0)
		return rc;
	total = v;
	for (i = 0; i < SH_COUNT; i++)
		if (on[i])
			total += add_mod(g, fig, 0, &shoot_mods[i]);
	r->score[0] = total;
	r->outcome = total <= 0 ? SKIRMISH_OUTCOME_KILL :
		     total == 1 ? SKIRMISH_OUTCOME_HIT : SKIRMISH_OUTCOME_MISS;
	if (r->outcome != SKIRMISH_OUTCOME_MISS && on[SH_MOUNTED]) {
		rc = horse_or_rider(g, fig, &horse);
		if (rc < 0)
			return rc;
	}
	spend_action(g, fig, FIG_SHOT);
	if (horse) {
		r->outcome = SKIRMISH_OUTCOME_HORSE_KILLED;
		sk_add_effect(g, SKIRMISH_EFFECT_HORSE_KILLED, target, "S7");
		sk_add_effect(g, SKIRMISH_EFFECT_DISMOUNTED, target, "S7");
		set_on_foot(g, target);
		sk_fx_rings(g, target, 1, "S7");
	} else if (r->outcome == SKIRMISH_OUTCOME_KILL) {
		rc = kill_figure(g, target, on[SH_MOUNTED] ? "S7" : "S6");
		if (rc < 0)
			return rc;
	} else if (r->outcome == SKIRMISH_OUTCOME_HIT) {
		sk_fx_rings(g, target, 1, on[SH_MOUNTED] ? "S7" : "S6");
	}
	/* S8: the firer takes two rings; the turns it then spends ringed are
	 * its reload, so the arquebus stays loaded */
	if (on[SH_ARQUEBUS])
		sk_fx_rings(g, fig, 2, "S8");
	return 0;
}

/* S8: an arquebus that starts the scenario unloaded spends an action. */
static int
senso_reload(skirmish_game *g, int fig)
{
	const struct sk_fig *f = &g->figs[fig];
	int rc = check_can_act(g, fig);

	if (rc < 0)
		return rc;
	if (f->missile_weapon != SKIRMISH_MISSILE_ARQUEBUS)
		return sk_error(g, SKIRMISH_E_NO_WEAPON,
				"S8: only an arquebus is reloaded; %s has %s", f->name,
				f->missile_weapon ? skirmish_missile_weapon_name(f->missile_weapon)
						  : "no missile weapon");
	if (f->flags & FIG_LOADED)
		return sk_error(g, SKIRMISH_E_NO_WEAPON, "S8: %s's arquebus is already loaded",
				f->name);
	sk_add_effect(g, SKIRMISH_EFFECT_RELOADED, fig, "S8");
	sk_fig_mut(g, fig)->flags |= FIG_LOADED;
	spend_action(g, fig, 0);
	return 0;
}

/* ------------------------------------------------------------------ */
/* sentences                                                            */
/* ------------------------------------------------------------------ */

static const char *
mod_label(int source)
{
	size_t i;

	for (i = 0; i < SH_COUNT; i++)
		if (shoot_mods[i].source == source)
			return shoot_mods[i].label;
	for (i = 0; i < ML_COUNT; i++)
		if (melee_mods[i].source == source)
			return melee_mods[i].label;
	if (source == SKIRMISH_MOD_LIGHT_WEAPON)
		return "light weapon";
	return skirmish_modifier_name(source);
}

/* "Kenji (d6, bow)" */
static void
label(const skirmish_game *g, int id, int missile, struct sk_str *s)
{
	const struct sk_fig *f = &g->figs[id];
	const char *w;
	char *o;

	if (missile)
		w = skirmish_missile_weapon_name(f->missile_weapon);
	else if (f->melee_weapon == SKIRMISH_MELEE_UNARMED && (f->flags & FIG_MARTIAL))
		w = "martial arts";
	else
		w = skirmish_melee_weapon_name(f->melee_weapon);
	/* "%s (d%d, %s)", without a format to read (sk_str_put); a name is
	 * under SKIRMISH_NAME_MAX, a weapon's (from result.c's tables, or
	 * "martial arts") under 24 */
	if (w && f->dv < 10 && (o = sk_str_room(s, SKIRMISH_NAME_MAX + 32))) {
		o = sk_raw_cat(o, f->name);
		o = SK_RAW_LIT(o, " (d");
		*o++ = (char)('0' + f->dv);
		o = SK_RAW_LIT(o, ", ");
		o = sk_raw_cat(o, w);
		*o++ = ')';
		sk_str_done(s, o);
		return;
	}
	sk_str_cat(s, f->name);
	SK_STR_LIT(s, " (d");
	sk_str_int(s, f->dv, 0);
	SK_STR_LIT(s, ", ");
	sk_str_cat(s, w ? w : "?");
	SK_STR_LIT(s, ")");
}

/* lit then %d: a digit after one check of the room (a macro, so that the
 * literal's length is known where it is copied) */
#define LIT_INT(s, lit, v)                                                       \
	do {                                                                     \
		char *o_;                                                        \
		if ((v) >= 0 && (v) < 10 && (o_ = sk_str_room((s), sizeof(lit)))) { \
			o_ = SK_RAW_LIT(o_, lit);                                \
			*o_++ = (char)('0' + (v));                               \
			sk_str_done((s), o_);                                    \
		} else {                                                         \
			SK_STR_LIT((s), lit);                                    \
			sk_str_int((s), (v), 0);                                 \
		}                                                                \
	} while (0)

/* "rolls 3, -1 unarmoured = 2" for the modifiers of one figure, those of
 * modifiers[lo..hi) */
static int
roll_clause(const skirmish_result *r, int fig, int side, int v, int lo, int hi,
	    struct sk_str *s)
{
	int i, total = v;
	char *o;

	LIT_INT(s, "rolls ", v);
	for (i = lo; i < hi && i < r->nmodifiers; i++) {
		const skirmish_modifier *m = &r->modifiers[i];
		if (m->figure != fig || m->side != side)
			continue;
		/* ", %+d %s": a digit with its sign after one check of the room */
		if (m->value > -10 && m->value < 10 && (o = sk_str_room(s, 5))) {
			o = SK_RAW_LIT(o, ", ");
			*o++ = m->value < 0 ? '-' : '+';
			*o++ = (char)('0' + (m->value < 0 ? -m->value : m->value));
			*o++ = ' ';
			sk_str_done(s, o);
		} else {
			SK_STR_LIT(s, ", ");
			sk_str_int(s, m->value, 1);
			SK_STR_LIT(s, " ");
		}
		sk_str_cat(s, mod_label(m->source));
		total += m->value;
	}
	LIT_INT(s, " = ", total);
	return total;
}

static void
describe_shot(const skirmish_game *g, const skirmish_result *r, struct sk_str *s)
{
	int i, first = -1, t = r->score[0];
	char *o;

	label(g, r->figure, 1, s);
	/* " shoots %s at %.1f\": ", the name under SKIRMISH_NAME_MAX */
	if ((o = sk_str_room(s, SKIRMISH_NAME_MAX + 16))) {
		o = SK_RAW_LIT(o, " shoots ");
		o = sk_raw_cat(o, sk_fig_name(g, r->target));
		o = SK_RAW_LIT(o, " at ");
		sk_str_done(s, o);
	} else {
		SK_STR_LIT(s, " shoots ");
		sk_str_cat(s, sk_fig_name(g, r->target));
		SK_STR_LIT(s, " at ");
	}
	sk_str_tenths(s, r->distance);
	SK_STR_LIT(s, "\": ");
	for (i = 0; i < r->ndice; i++)
		if (r->dice[i].purpose == SKIRMISH_ROLL_SHOOT && first < 0)
			first = r->dice[i].value;
	roll_clause(r, r->figure, 0, first, 0, r->nmodifiers, s);
	SK_STR_LIT(s, ": ");
	if (t <= 0)
		SK_STR_LIT(s, "kill");
	else if (t == 1)
		SK_STR_LIT(s, "hit");
	else
		SK_STR_LIT(s, "miss");
	for (i = 0; i < r->ndice; i++)
		if (r->dice[i].purpose == SKIRMISH_ROLL_HORSE)
			sk_str_printf(s, "; rolls %d again: %s", r->dice[i].value,
				      r->dice[i].value % 2 ? "odd, the horse is killed instead"
							   : "even, the rider takes it");
}

/* One fight of a result: its dice are dice[d0..d1), its modifiers
 * modifiers[m0..m1); outcome: its outcome when known, else 0 (from the
 * dice). "and fights Jiro (d8, sword): Kenji rolls 3 = 3; Jiro rolls 5, +1
 * light weapon = 6; Kenji wins" */
static void
describe_fight(const skirmish_game *g, const skirmish_result *r, int d0, int d1, int m0,
	       int m1, int outcome, int first, struct sk_str *s)
{
	int i, rep[2] = { -1, -1 }, last = -1, tot[2] = { 0, 0 };

	for (i = d0; i < d1; i++)
		if (r->dice[i].purpose == SKIRMISH_ROLL_MELEE && r->dice[i].round == 0 &&
		    (r->dice[i].side == 0 || r->dice[i].side == 1))
			rep[r->dice[i].side] = r->dice[i].figure;
	if (rep[0] < 0 || rep[1] < 0)
		return;
	if (!first)
		sk_str_printf(s, "; then fights ");
	else
		sk_str_printf(s, r->action == SKIRMISH_ACTION_MOVE ? " and fights " : " fights ");
	label(g, rep[1], 0, s);
	sk_str_printf(s, ":");
	if (rep[0] != r->figure) {
		sk_str_printf(s, " ");
		label(g, rep[0], 0, s);
		sk_str_printf(s, " rolls for his side;");
	}
	for (i = d0; i < d1; i++) {
		const skirmish_die *d = &r->dice[i];
		if (d->purpose != SKIRMISH_ROLL_MELEE || (d->side != 0 && d->side != 1))
			continue;
		if (d->round != last) {
			if (d->round > 0)
				sk_str_printf(s, "; a tie, round %d:", d->round + 1);
			last = d->round;
		} else {
			sk_str_printf(s, ";");
		}
		sk_str_printf(s, " %s ", sk_fig_name(g, d->figure));
		tot[d->side] = roll_clause(r, d->figure, d->side, d->value, m0, m1, s);
	}
	if (!outcome)
		outcome = tot[0] < tot[1] ? SKIRMISH_OUTCOME_ATTACKER_WINS :
			  tot[0] > tot[1] ? SKIRMISH_OUTCOME_DEFENDER_WINS :
					    SKIRMISH_OUTCOME_STANDOFF;
	switch (outcome) {
	case SKIRMISH_OUTCOME_ATTACKER_WINS:
		sk_str_printf(s, "; %s wins", sk_fig_name(g, rep[0]));
		break;
	case SKIRMISH_OUTCOME_DEFENDER_WINS:
		sk_str_printf(s, "; %s wins", sk_fig_name(g, rep[1]));
		break;
	case SKIRMISH_OUTCOME_STANDOFF:
		sk_str_printf(s, "; a tie: a stand-off, nobody dies");
		break;
	default:
		break;
	}
}

/* The first die of the k-th fight (S27: each begins with the acting
 * side's first-round die), or ndice. */
static int
fight_start(const skirmish_result *r, int k)
{
	int i;

	for (i = 0; i < r->ndice; i++)
		if (r->dice[i].purpose == SKIRMISH_ROLL_MELEE && r->dice[i].round == 0 &&
		    r->dice[i].side == 0 && k-- == 0)
			return i;
	return r->ndice;
}

/* S4, S27: every fight of the action, in the order fought. */
static void
describe_melee(const skirmish_game *g, const skirmish_result *r, struct sk_str *s)
{
	int i, k = 0, nfights = 0, m0 = 0;

	for (i = 0; i < r->neffects; i++)
		if (r->effects[i].kind == SKIRMISH_EFFECT_FIGHT)
			nfights++;
	if (nfights <= 1) {
		describe_fight(g, r, 0, r->ndice, 0, r->nmodifiers, r->outcome, 1, s);
		return;
	}
	for (i = 0; i < r->neffects; i++) {
		int j, m1 = r->nmodifiers;
		if (r->effects[i].kind != SKIRMISH_EFFECT_FIGHT)
			continue;
		m0 = r->effects[i].value;
		for (j = i + 1; j < r->neffects; j++)
			if (r->effects[j].kind == SKIRMISH_EFFECT_FIGHT) {
				m1 = r->effects[j].value;
				break;
			}
		describe_fight(g, r, fight_start(r, k), fight_start(r, k + 1), m0, m1,
			       k + 1 == nfights ? r->outcome : 0, k == 0, s);
		k++;
	}
}

static int
senso_describe(const skirmish_game *g, const skirmish_result *r, struct sk_str *s)
{
	const skirmish_effect *e = NULL;
	int i;

	switch (r->action) {
	case SKIRMISH_ACTION_SHOOT:
		describe_shot(g, r, s);
		break;
	case SKIRMISH_ACTION_MOVE:
		for (i = 0; i < r->neffects && !e; i++)
			if (r->effects[i].kind == SKIRMISH_EFFECT_MOVED &&
			    r->effects[i].figure == r->figure)
				e = &r->effects[i];
		if (!e)
			return 0;
		sk_str_printf(s, "%s moves from (", sk_fig_name(g, r->figure));
		sk_describe_move_points(e, s); /* W1 */
		describe_melee(g, r, s);
		break;
	case SKIRMISH_ACTION_FIGHT:
		label(g, r->figure, 0, s);
		describe_melee(g, r, s);
		break;
	case SKIRMISH_ACTION_RELOAD:
		sk_str_printf(s, "%s reloads the arquebus", sk_fig_name(g, r->figure));
		break;
	case SKIRMISH_ACTION_MOUNT:
		/* the effects would only say it again */
		sk_str_printf(s, "%s mounts %s", sk_fig_name(g, r->figure),
			      sk_fig_name(g, r->target));
		return 1;
	case SKIRMISH_ACTION_DISMOUNT:
		sk_str_printf(s, "%s dismounts and leaves %s beside him",
			      sk_fig_name(g, r->figure),
			      r->neffects ? sk_fig_name(g, r->effects[0].other) : "the horse");
		return 1;
	default:
		return 0;
	}
	sk_describe_effects(g, r, s);
	return 1;
}

const struct sk_ruleset sk_ruleset_senso = {
	.id = SKIRMISH_RULESET_SENSO,
	.name = "senso",
	.off_obstacles = 1,
	.add_figure = senso_add_figure,
	.first_phase = SKIRMISH_PHASE_ACTIONS,
	.order_rule = "S2",
	.start_turn = senso_start_turn,
	.end_turn = senso_end_turn,
	.move = senso_move,
	.shoot = senso_shoot,
	.reload = senso_reload,
	.fight = senso_fight,
	.mount = senso_mount,
	.dismount = senso_dismount,
	.can_act = senso_can_act,
	.allowance = senso_allowance,
	.shot_reach = senso_shot_reach,
	.short_reach = senso_short_reach,
	.worth_bonus = senso_worth_bonus,
	.path_cost = senso_path_cost,
	.plain_move = senso_plain_move,
	.can_see = senso_can_see,
	.describe = senso_describe,
};
