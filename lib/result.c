/* SPDX-License-Identifier: MIT */
/*
 * Results: every die, modifier and effect of an action, and the
 * English sentence that tells it.
 */
#include <stdio.h>
#include <string.h>

#include "result.h"

skirmish_result *
sk_cur(skirmish_game *g)
{
	return &g->res[g->cur].r;
}

int
sk_add_modifier(skirmish_game *g, int figure, int side, int value, int source,
		const char *rule)
{
	struct sk_buf *b = &g->res[g->cur].mods;
	skirmish_modifier *m;

	/* sk_buf_reserve returns at once while there is room */
	if (b->n >= b->cap && sk_buf_reserve(g, b, sizeof(*m), b->n + 1) < 0) {
		g->oom = 1;
		return SKIRMISH_E_NOMEM;
	}
	m = (skirmish_modifier *)b->p + b->n++;
	m->figure = figure;
	m->side = side;
	m->value = value;
	m->source = source;
	m->rule = rule;
	return 0;
}

skirmish_effect *
sk_add_effect(skirmish_game *g, int kind, int figure, const char *rule)
{
	struct sk_buf *b = &g->res[g->cur].effects;
	skirmish_effect *e;

	if (b->n >= b->cap && sk_buf_reserve(g, b, sizeof(*e), b->n + 1) < 0) {
		g->oom = 1;
		e = &g->scratch_effect;
	} else {
		e = (skirmish_effect *)b->p + b->n++;
	}
	memset(e, 0, sizeof(*e));
	e->kind = kind;
	e->figure = figure;
	e->other = -1;
	e->player = -1;
	e->rule = rule;
	if (figure >= 0 && figure < g->nfigs) {
		const struct sk_fig *f = &g->figs[figure];
		e->player = f->player;
		e->x0 = e->x1 = sk_to_inches(f->x);
		e->y0 = e->y1 = sk_to_inches(f->y);
		e->facing0 = e->facing1 = f->facing;
	}
	return e;
}

/* ------------------------------------------------------------------ */
/* names                                                                */
/* ------------------------------------------------------------------ */

#define NAME_TABLE(fn, table)                                             \
	SKIRMISH_EXPORT const char *fn(int v)                              \
	{                                                                 \
		if (v < 0 || v >= (int)(sizeof(table) / sizeof(table[0])))    \
			return NULL;                                          \
		return table[v];                                              \
	}

static const char *const melee_names[] = {
	"unarmed", "dagger", "short sword", "wooden weapon", "sword", "axe",
	"naginata", "yari", "spear", "long spear",
};
NAME_TABLE(skirmish_melee_weapon_name, melee_names)

static const char *const missile_names[] = {
	"none", "bow", "blowpipe", "shuriken", "arquebus", "long bow", "short bow",
	"sling", "peltast javelins", "javelin",
};
NAME_TABLE(skirmish_missile_weapon_name, missile_names)

static const char *const phase_names[] = { "none", "actions", "move", "missile", "melee" };
NAME_TABLE(skirmish_phase_name, phase_names)

static const char *const action_names[] = {
	"none", "start", "move", "shoot", "reload", "fight", "mount", "dismount",
	"turn", "end phase", "end turn", "charge",
};
NAME_TABLE(skirmish_action_name, action_names)

static const char *const outcome_names[] = {
	"none", "miss", "hit", "kill", "horse killed", "suppressed", "attacker wins",
	"defender wins", "pushed back", "stand-off",
};
NAME_TABLE(skirmish_outcome_name, outcome_names)

static const char *const modifier_names[] = {
	NULL, "target in cover", "target mounted", "arquebus", "short range",
	"unarmoured target", "unarmed", "martial arts", "dagger, short sword or wooden weapon",
	"outnumbered", "on foot against mounted", "defending cover", "weapon",
	"shield", "armour", "intervening obstacle", "uphill", "defending obstacle",
	"longer weapon", "moved into contact", "comrade assisting",
};
NAME_TABLE(skirmish_modifier_name, modifier_names)

static const char *const effect_names[] = {
	NULL, "moved", "turned", "rings", "killed", "removed", "horse killed",
	"dismounted", "mounted", "suppressed", "suppression ends", "pushed back",
	"reloaded", "unloaded", "melee joined", "melee left", "turn starts",
	"phase starts", "game over", "order", "objective taken", "objective dropped",
	"objective carried off", "fight", "assists", "push stopped",
};
NAME_TABLE(skirmish_effect_name, effect_names)

/* ------------------------------------------------------------------ */
/* sentences                                                            */
/* ------------------------------------------------------------------ */

/*
 * The sentence is written by a small appender instead of vsnprintf (six
 * calls of it, each run twice to size and to write, were six sevenths of
 * a shot with its sentence: doc/PERFORMANCE.md). It knows the
 * conversions the sentences use and writes what printf writes for them:
 * %s, %d, %+d, %.1f (exactly rounded, ties to even, as glibc does) and
 * %g of a whole number below a million (facings are whole degrees). A
 * %g of any other value, and a %.1f of a value past 2^53 or not finite,
 * which a caller's own result given to skirmish_game_describe can hold
 * but an action never makes, is left to snprintf.
 */
void
sk_str_put_slow(struct sk_str *s, const char *p, size_t n)
{
	if (s->len < s->size) {
		size_t room = s->size - 1 - s->len, k = n < room ? n : room;
		memcpy(s->buf + s->len, p, k);
		s->buf[s->len + k] = '\0';
	}
	s->len += n;
}

/*
 * A number: sign (0 for none), then q in decimal, with a point before its
 * last frac digits (none when frac is 0; "0.5" when q is 5 and frac 1).
 * Written backwards straight into the buffer when it has room, so that
 * the few characters a number is cost no call of memcpy.
 */
static void
str_number(struct sk_str *s, char sign, uint64_t q, int frac)
{
	static const uint64_t pow10[] = {
		UINT64_C(1), UINT64_C(10), UINT64_C(100), UINT64_C(1000),
		UINT64_C(10000), UINT64_C(100000), UINT64_C(1000000),
		UINT64_C(10000000), UINT64_C(100000000), UINT64_C(1000000000),
		UINT64_C(10000000000), UINT64_C(100000000000),
		UINT64_C(1000000000000), UINT64_C(10000000000000),
		UINT64_C(100000000000000), UINT64_C(1000000000000000),
		UINT64_C(10000000000000000), UINT64_C(100000000000000000),
		UINT64_C(1000000000000000000), UINT64_C(10000000000000000000),
	};
	char tmp[32], *end, *p;
	int nd = 1, i, room;
	size_t n;

	while (nd < 20 && q >= pow10[nd])
		nd++;
	if (nd <= frac)
		nd = frac + 1;
	n = (size_t)nd + (frac > 0) + (sign != 0);
	room = s->len + n < s->size;
	if (room) {
		end = s->buf + s->len + n;
		*end = '\0';
	} else {
		end = tmp + n;
	}
	p = end;
	for (i = 0; i < frac; i++) {
		*--p = (char)('0' + q % 10);
		q /= 10;
	}
	if (frac > 0)
		*--p = '.';
	do
		*--p = (char)('0' + q % 10);
	while (q /= 10);
	if (sign)
		*--p = sign;
	if (room)
		s->len += n;
	else
		sk_str_put_slow(s, tmp, n);
}

void
sk_str_int_slow(struct sk_str *s, int v, int plus)
{
	unsigned int u = v < 0 ? 0u - (unsigned int)v : (unsigned int)v;

	str_number(s, v < 0 ? '-' : plus ? '+' : 0, u, 0);
}

static void
str_fallback(struct sk_str *s, int general, double v)
{
	char tmp[400];
	int n = general ? snprintf(tmp, sizeof(tmp), "%g", v) :
			  snprintf(tmp, sizeof(tmp), "%.1f", v);

	if (n > 0)
		sk_str_put(s, tmp, (size_t)n < sizeof(tmp) ? (size_t)n : sizeof(tmp) - 1);
}

/* q tenths, with a minus sign when neg: %.1f of what was rounded */
static inline void
str_tenths_of(struct sk_str *s, int neg, uint64_t q)
{
	if (q < 10000 && s->len + 7 < s->size) {
		/* below 1000", what a distance on a table is: no call */
		char *o = s->buf + s->len;
		unsigned int w = (unsigned int)q / 10;
		if (neg)
			*o++ = '-';
		if (w >= 100)
			*o++ = (char)('0' + w / 100);
		if (w >= 10)
			*o++ = (char)('0' + w / 10 % 10);
		o[0] = (char)('0' + w % 10);
		o[1] = '.';
		o[2] = (char)('0' + (unsigned int)q % 10);
		s->len = (size_t)(o + 3 - s->buf);
		return;
	}
	str_number(s, neg ? '-' : 0, q, 1);
}

/* %.1f: v = m * 2^e exactly, so v * 10 = 10m * 2^e, rounded in integers */
void
sk_str_tenths(struct sk_str *s, double v)
{
	uint64_t bits, m, q;
	int ex, sh;

	/* a distance on a table, its tenths clear of a half: v * 10 is
	 * within a rounding (2^-38 below 1000") of the exact value, so it
	 * rounds as that does; nearer a half, the exact way below */
	if (v > 0.0 && v < 1000.0) {
		double t = v * 10.0, f;

		q = (uint64_t)t;
		f = t - (double)q;
		if (f < 0.5 - 1e-9 || f > 0.5 + 1e-9) {
			str_tenths_of(s, 0, q + (f > 0.5));
			return;
		}
	}
	memcpy(&bits, &v, sizeof(bits));
	ex = (int)((bits >> 52) & 0x7ff);
	m = bits & ((UINT64_C(1) << 52) - 1);
	if (ex == 0x7ff || ex > 1075) {
		str_fallback(s, 0, v);
		return;
	}
	if (ex)
		m |= UINT64_C(1) << 52;
	else
		ex = 1;
	sh = 1075 - ex; /* v = m / 2^sh */
	m *= 10;        /* below 2^57 */
	if (sh == 0) {
		q = m;
	} else if (sh >= 58) {
		q = 0; /* 10m < 2^57: below a half */
	} else {
		uint64_t rem = m & ((UINT64_C(1) << sh) - 1), half = UINT64_C(1) << (sh - 1);
		q = m >> sh;
		if (rem > half || (rem == half && (q & 1)))
			q++;
	}
	str_tenths_of(s, bits >> 63 != 0, q);
}

/* The thousandths of inches v, rounded half away from zero; 0 when v is
 * no number a table holds. */
static int64_t
str_mils(double v, int *neg)
{
	double m = v < 0 ? -v * 1000.0 : v * 1000.0;

	*neg = v < 0;
	if (!(m < 9e15))
		return -1;
	return (int64_t)(m + 0.5);
}

static void
str_fixed(struct sk_str *s, int neg, uint64_t q, int places)
{
	if (places == 1)
		str_tenths_of(s, neg, q);
	else
		str_number(s, neg ? '-' : 0, q, places);
}

void
sk_str_half_up(struct sk_str *s, double v)
{
	int neg;
	int64_t m = str_mils(v, &neg);

	if (m < 0) {
		str_fallback(s, 0, v);
		return;
	}
	/* tenths from thousandths, half away from zero */
	m = (m + 50) / 100;
	str_fixed(s, neg && m > 0, (uint64_t)m, 1);
}

void
sk_str_asked(struct sk_str *s, double v)
{
	int neg;
	int64_t m = str_mils(v, &neg);

	if (m < 0)
		str_fallback(s, 0, v);
	else if (m % 100 == 0)
		str_fixed(s, neg && m > 0, (uint64_t)m / 100, 1);
	else
		str_fixed(s, neg, (uint64_t)m, 3);
}

/* %g */
static void
str_general(struct sk_str *s, double v)
{
	uint64_t bits;
	int64_t w;

	if (!(v > -1e6 && v < 1e6) || (double)(w = (int64_t)v) != v) {
		str_fallback(s, 1, v);
		return;
	}
	memcpy(&bits, &v, sizeof(bits));
	/* -0 has its sign too, as printf */
	str_number(s, bits >> 63 ? '-' : 0, (uint64_t)(w < 0 ? -w : w), 0);
}

void
sk_str_printf(struct sk_str *s, const char *fmt, ...)
{
	va_list ap;
	const char *p = fmt, *a;
	char *buf = s->buf;
	/* the text goes in up to lim characters, the rest only counted */
	size_t len = s->len, lim = s->size ? s->size - 1 : 0;
	char c;

	va_start(ap, fmt);
	for (;;) {
		while ((c = *p++) != '%' && c) {
			if (len < lim)
				buf[len] = c;
			len++;
		}
		if (!c)
			break;
		if (*p == 's') {
			a = va_arg(ap, const char *);
			if (!a)
				a = "(null)";
			for (; *a; a++, len++)
				if (len < lim)
					buf[len] = *a;
			p++;
			continue;
		}
		s->len = len;
		if (*p == 'd') {
			sk_str_int(s, va_arg(ap, int), 0);
		} else if (p[0] == '+' && p[1] == 'd') {
			sk_str_int(s, va_arg(ap, int), 1);
			p++;
		} else if (p[0] == '.' && p[1] == '1' && p[2] == 'f') {
			sk_str_tenths(s, va_arg(ap, double));
			p += 2;
		} else if (*p == 'g') {
			str_general(s, va_arg(ap, double));
		} else if (*p == '%') {
			sk_str_put(s, "%", 1);
		} else {
			break; /* not one the appender knows: a test catches it */
		}
		len = s->len;
		p++;
	}
	va_end(ap);
	s->len = len;
	if (s->size)
		buf[len < lim ? len : lim] = '\0';
}

const char *
sk_a(const char *word)
{
	return word && strchr("aeiouAEIOU", word[0]) && word[0] ? "an" : "a";
}

static const char *
fname(const skirmish_game *g, int id)
{
	return sk_fig_name(g, id);
}

/* W1: "x0, y0) to (x1, y1)" of a move: where it went is where the player
 * asked it to go, so it is said to the thousandth when it is not a whole
 * tenth (sk_str_asked); where it came from likewise. */
void
sk_describe_move_points(const skirmish_effect *e, struct sk_str *s)
{
	sk_str_asked(s, e->x0);
	SK_STR_LIT(s, ", ");
	sk_str_asked(s, e->y0);
	SK_STR_LIT(s, ") to (");
	sk_str_asked(s, e->x1);
	SK_STR_LIT(s, ", ");
	sk_str_asked(s, e->y1);
	SK_STR_LIT(s, ")");
}

/* W1: "Gaius's base", "the table's edge", ...: what stopped a push */
static void
describe_stop(const skirmish_game *g, const skirmish_effect *st, struct sk_str *s)
{
	int w = st->other;
	const char *piece = w >= 0 && w < g->nterr && g->terr[w].name[0] ? g->terr[w].name : NULL;

	switch (st->value) {
	case SKIRMISH_STOP_BASE:
		sk_str_printf(s, "%s's base", w >= 0 ? fname(g, w) : "another");
		break;
	case SKIRMISH_STOP_HOLDS:
		sk_str_printf(s, "%s, who holds its ground in base contact with an enemy",
			      w >= 0 ? fname(g, w) : "a friend");
		break;
	case SKIRMISH_STOP_IMPASSABLE:
		sk_str_printf(s, "impassable ground%s%s%s", piece ? " (" : "", piece ? piece : "",
			      piece ? ")" : "");
		break;
	case SKIRMISH_STOP_OBSTACLE:
		sk_str_printf(s, "an obstacle%s%s%s, never pushed over", piece ? " (" : "",
			      piece ? piece : "", piece ? ")" : "");
		break;
	case SKIRMISH_STOP_TABLE_EDGE:
		SK_STR_LIT(s, "the table's edge");
		break;
	default:
		SK_STR_LIT(s, "something in the way");
		break;
	}
}

/*
 * Sampson A9, A21, A27, A30-A32, W1: the push of effect i. The pushed
 * figure says how far it went (rounded half away from zero), whether it
 * turned when it gave no ground, and why it went less far than the
 * difference of the scores: the friends behind it (A27), or what stopped
 * it (the SKIRMISH_EFFECT_PUSH_STOPPED after it). A friend of the file
 * says it gave ground only when it moved.
 */
static void
describe_push(const skirmish_game *g, const skirmish_result *r, int i, struct sk_str *s)
{
	const skirmish_effect *e = &r->effects[i], *st = NULL;
	const char *n = e->figure >= 0 ? fname(g, e->figure) : "";
	int k, turned = e->facing1 != e->facing0;

	if (e->other >= 0) {
		if (e->value > 0) {
			/* "; %s gives ground %.1f\" with %s" */
			SK_STR_LIT(s, "; ");
			sk_str_cat(s, n);
			SK_STR_LIT(s, " gives ground ");
			sk_str_half_up(s, e->value / 1000.0);
			SK_STR_LIT(s, "\" with ");
			sk_str_cat(s, fname(g, e->other));
		}
		return;
	}
	for (k = i + 1; k < r->neffects; k++)
		if (r->effects[k].kind == SKIRMISH_EFFECT_PUSH_STOPPED &&
		    r->effects[k].figure == e->figure) {
			st = &r->effects[k];
			break;
		}
	SK_STR_LIT(s, "; ");
	sk_str_cat(s, n);
	if (e->value > 0) {
		/* "; %s is pushed back %.1f\" to (%.1f, %.1f)" */
		SK_STR_LIT(s, " is pushed back ");
		sk_str_half_up(s, e->value / 1000.0);
		SK_STR_LIT(s, "\" to (");
		sk_str_half_up(s, e->x1);
		SK_STR_LIT(s, ", ");
		sk_str_half_up(s, e->y1);
		SK_STR_LIT(s, ")");
		if (st) {
			SK_STR_LIT(s, ", stopped short by ");
			describe_stop(g, st, s);
		}
		if (!turned)
			SK_STR_LIT(s, ", 1\" less for each friend behind it, and does not turn");
		return;
	}
	SK_STR_LIT(s, " gives no ground: ");
	if (st) {
		SK_STR_LIT(s, "stopped by ");
		describe_stop(g, st, s);
	} else {
		SK_STR_LIT(s, "the friends behind it absorb the push");
	}
	if (turned)
		SK_STR_LIT(s, "; it turns about");
	else
		SK_STR_LIT(s, "; it does not turn");
}

void
sk_describe_effects(const skirmish_game *g, const skirmish_result *r, struct sk_str *s)
{
	int i;

	for (i = 0; i < r->neffects; i++) {
		const skirmish_effect *e = &r->effects[i];
		const char *n = e->figure >= 0 ? fname(g, e->figure) : "";

		switch (e->kind) {
		case SKIRMISH_EFFECT_RINGS:
			/* "; %s takes %d ring%s", "; %s loses %d ring%s" */
			if (e->value == 0)
				break;
			SK_STR_LIT(s, "; ");
			sk_str_cat(s, n);
			if (e->value > 0)
				SK_STR_LIT(s, " takes ");
			else
				SK_STR_LIT(s, " loses ");
			/* the count's magnitude, as unsigned: a caller's INT_MIN
			 * has none in an int */
			str_number(s, 0, e->value > 0 ? (uint64_t)e->value :
					 (uint64_t)(0u - (unsigned int)e->value), 0);
			if (e->value == 1 || e->value == -1)
				SK_STR_LIT(s, " ring");
			else
				SK_STR_LIT(s, " rings");
			break;
		case SKIRMISH_EFFECT_KILLED:
			SK_STR_LIT(s, "; ");
			sk_str_cat(s, n);
			SK_STR_LIT(s, " is killed");
			break;
		case SKIRMISH_EFFECT_REMOVED:
			sk_str_printf(s, "; %s is removed from play", n);
			break;
		case SKIRMISH_EFFECT_HORSE_KILLED:
			SK_STR_LIT(s, "; ");
			sk_str_cat(s, n);
			SK_STR_LIT(s, "'s horse is killed");
			break;
		case SKIRMISH_EFFECT_DISMOUNTED:
			if (e->other >= 0 && e->figure >= 0 &&
			    (g->figs[e->figure].flags & FIG_REMOVED))
				/* S28: a dead rider's horse stays */
				sk_str_printf(s, "; %s stays, riderless", fname(g, e->other));
			else
				sk_str_printf(s, "; %s is dismounted", n);
			break;
		case SKIRMISH_EFFECT_MOUNTED:
			sk_str_printf(s, "; %s mounts", n);
			break;
		case SKIRMISH_EFFECT_SUPPRESSED:
			SK_STR_LIT(s, "; ");
			sk_str_cat(s, n);
			SK_STR_LIT(s, " is suppressed");
			break;
		case SKIRMISH_EFFECT_SUPPRESSION_ENDS:
			sk_str_printf(s, "; %s is no longer suppressed", n);
			break;
		case SKIRMISH_EFFECT_PUSHED_BACK:
			describe_push(g, r, i, s);
			break;
		case SKIRMISH_EFFECT_PUSH_STOPPED:
			/* said with the push it stopped (describe_push) */
			break;
		case SKIRMISH_EFFECT_TURNED:
			if (r->action != SKIRMISH_ACTION_TURN)
				sk_str_printf(s, "; %s turns to face %g", n, e->facing1);
			break;
		case SKIRMISH_EFFECT_RELOADED:
			if (r->action != SKIRMISH_ACTION_RELOAD)
				sk_str_printf(s, "; %s's weapon is ready", n);
			break;
		case SKIRMISH_EFFECT_MELEE_JOINED:
			sk_str_printf(s, "; %s is in melee with %s", n, fname(g, e->other));
			break;
		case SKIRMISH_EFFECT_MELEE_LEFT:
			if (e->other >= 0) {
				SK_STR_LIT(s, "; "); /* "; %s and %s are no longer in contact" */
				sk_str_cat(s, n);
				SK_STR_LIT(s, " and ");
				sk_str_cat(s, fname(g, e->other));
				SK_STR_LIT(s, " are no longer in contact");
			}
			else
				sk_str_printf(s, "; %s leaves the melee", n);
			break;
		case SKIRMISH_EFFECT_TURN_STARTS:
			if (e->player >= 0 && e->player == g->st.umpire)
				sk_str_printf(s, "; turn %d: the umpire to play", e->value);
			else
				sk_str_printf(s, "; turn %d: player %d to play", e->value, e->player);
			break;
		case SKIRMISH_EFFECT_PHASE_STARTS:
			sk_str_printf(s, "; %s phase", skirmish_phase_name(e->value));
			break;
		case SKIRMISH_EFFECT_OBJECTIVE_TAKEN:
			sk_str_printf(s, "; %s picks up %s", n, g->st.obj[e->other].name);
			break;
		case SKIRMISH_EFFECT_OBJECTIVE_DROPPED:
			sk_str_printf(s, "; %s drops %s", n, g->st.obj[e->other].name);
			break;
		case SKIRMISH_EFFECT_OBJECTIVE_OFF:
			sk_str_printf(s, "; %s leaves the table with what it carries", n);
			break;
		case SKIRMISH_EFFECT_GAME_OVER:
			/* "; the game is over: player %d wins", in pieces: the
			 * sentence of every action that ends a game */
			if (e->player >= 0) {
				SK_STR_LIT(s, "; the game is over: player ");
				sk_str_int(s, e->player, 0);
				SK_STR_LIT(s, " wins");
			} else {
				SK_STR_LIT(s, "; the game is over without a winner");
			}
			break;
		default:
			break;
		}
	}
}

static void
generic_main(const skirmish_game *g, const skirmish_result *r, struct sk_str *s)
{
	int i;

	switch (r->action) {
	case SKIRMISH_ACTION_START:
		sk_str_printf(s, "The game starts");
		for (i = 0; i < r->ndice; i++)
			sk_str_printf(s, "%s player %d rolls %d", i ? "," : ":",
				      r->dice[i].player, r->dice[i].value);
		sk_str_printf(s, "; order of play:");
		for (i = 0; i < r->neffects; i++)
			if (r->effects[i].kind == SKIRMISH_EFFECT_ORDER)
				sk_str_printf(s, " %d", r->effects[i].player);
		break;
	case SKIRMISH_ACTION_MOVE:
		for (i = 0; i < r->neffects; i++)
			if (r->effects[i].kind == SKIRMISH_EFFECT_MOVED &&
			    r->effects[i].figure == r->figure) {
				const skirmish_effect *e = &r->effects[i];
				sk_str_printf(s, "%s moves from (", fname(g, r->figure));
				sk_describe_move_points(e, s);
				break;
			}
		if (i == r->neffects)
			sk_str_printf(s, "%s moves", fname(g, r->figure));
		break;
	case SKIRMISH_ACTION_RELOAD:
		sk_str_printf(s, "%s reloads", fname(g, r->figure));
		break;
	case SKIRMISH_ACTION_MOUNT:
		sk_str_printf(s, "%s mounts %s", fname(g, r->figure), fname(g, r->target));
		break;
	case SKIRMISH_ACTION_DISMOUNT:
		sk_str_printf(s, "%s dismounts", fname(g, r->figure));
		break;
	case SKIRMISH_ACTION_TURN:
		for (i = 0; i < r->neffects; i++)
			if (r->effects[i].kind == SKIRMISH_EFFECT_TURNED)
				sk_str_printf(s, "%s turns on the spot from %g to %g degrees",
					      fname(g, r->figure), r->effects[i].facing0,
					      r->effects[i].facing1);
		break;
	case SKIRMISH_ACTION_END_PHASE:
		if (r->player >= 0 && r->player == g->st.umpire)
			sk_str_printf(s, "The umpire ends the phase");
		else
			sk_str_printf(s, "Player %d ends the phase", r->player);
		break;
	case SKIRMISH_ACTION_END_TURN:
		if (r->player >= 0 && r->player == g->st.umpire)
			sk_str_printf(s, "The umpire ends its turn");
		else
			sk_str_printf(s, "Player %d ends its turn", r->player);
		break;
	default:
		sk_str_printf(s, "%s", skirmish_action_name(r->action) ?
				       skirmish_action_name(r->action) : "?");
		break;
	}
}

int
sk_describe(const skirmish_game *g, const skirmish_result *r, char *buf, size_t size)
{
	struct sk_str s;

	s.buf = buf;
	s.size = size;
	s.len = 0;
	if (buf && size)
		buf[0] = '\0';
	if (!g->rs->describe || !g->rs->describe(g, r, &s)) {
		s.len = 0;
		if (buf && size)
			buf[0] = '\0';
		generic_main(g, r, &s);
		sk_describe_effects(g, r, &s);
	}
	SK_STR_LIT(&s, ".");
	if (buf && size)
		buf[s.len < size ? s.len : size - 1] = '\0';
	return (int)s.len;
}

SKIRMISH_EXPORT int
skirmish_result_init(skirmish_result *r, unsigned int version)
{
	static const skirmish_result init = SKIRMISH_RESULT_INIT;

	if (!r)
		return SKIRMISH_E_INVALID;
	if (version != SKIRMISH_RESULT_VERSION)
		return SKIRMISH_E_VERSION;
	*r = init;
	return 0;
}

int
sk_result_text(skirmish_game *g, struct sk_result_bufs *b)
{
	size_t need;
	int n;

	/* one pass into the buffer; a second only when it had to grow */
	b->r.text = NULL;
	n = sk_describe(g, &b->r, b->text, b->text_cap);
	need = n > 0 ? (size_t)n + 1 : 1;
	if (need > b->text_cap) {
		char *p = sk_alloc(g, b->text, b->text_cap, need + 63);
		if (!p)
			return sk_error(g, SKIRMISH_E_NOMEM, "out of memory");
		b->text = p;
		b->text_cap = need + 63;
		sk_describe(g, &b->r, b->text, b->text_cap);
	}
	b->r.text = b->text;
	b->text_stale = 0;
	return 0;
}

SKIRMISH_EXPORT int
skirmish_game_last_result(const skirmish_game *g, skirmish_result *out)
{
	const skirmish_result *r;

	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy_mem(g, "skirmish_game_last_result") < 0)
		return SKIRMISH_E_STATE;
	if (!out)
		return sk_error(g, SKIRMISH_E_INVALID, "last_result: out may not be NULL");
	if (out->version != SKIRMISH_RESULT_VERSION)
		return sk_error(g, SKIRMISH_E_VERSION, "last_result: unknown result version %u",
				out->version);
	r = &g->res[!g->cur].r;
	if (r->version != SKIRMISH_RESULT_VERSION)
		return sk_error(g, SKIRMISH_E_STATE, "last_result: no action has a result to "
				"give (none yet, or undo, copy or load forgot it)");
	/* the sentence was left for later (act.c); the game is as the action
	 * left it (undo, copy and load forget the last result) */
	if (g->res[!g->cur].text_stale &&
	    sk_result_text((skirmish_game *)g, (struct sk_result_bufs *)&g->res[!g->cur]) < 0)
		return SKIRMISH_E_NOMEM;
	*out = *r;
	return 0;
}

/* -1 or a figure of g */
static int
fig_or_none(const skirmish_game *g, int id)
{
	return id == -1 || (id >= 0 && id < g->nfigs);
}

/* The actions a figure takes: their sentences read the actor's record
 * (Senso's "Kenji (d6, bow)", Sampson's weapon), so a result of one of
 * them names a figure, never -1. */
static int
has_actor(int action)
{
	switch (action) {
	case SKIRMISH_ACTION_MOVE:
	case SKIRMISH_ACTION_SHOOT:
	case SKIRMISH_ACTION_RELOAD:
	case SKIRMISH_ACTION_FIGHT:
	case SKIRMISH_ACTION_MOUNT:
	case SKIRMISH_ACTION_DISMOUNT:
	case SKIRMISH_ACTION_TURN:
		return 1;
	default:
		return 0;
	}
}

/* Every index a caller's result gives the sentence to read: the actor and
 * the target, each die's and modifier's figure and side, each effect's
 * figures (or objective), and a fight's first modifier. 0, or the error. */
static int
check_result(const skirmish_game *g, const skirmish_result *r)
{
	int i;

	if (!fig_or_none(g, r->figure) || !fig_or_none(g, r->target))
		return sk_error(g, SKIRMISH_E_INVALID, "describe: the result's figure %d and "
				"target %d are not -1 or figures of the game (%d)", r->figure,
				r->target, g->nfigs);
	if (r->figure == -1 && has_actor(r->action))
		return sk_error(g, SKIRMISH_E_INVALID, "describe: a result of %s names its "
				"figure, not -1", skirmish_action_name(r->action));
	for (i = 0; i < r->ndice; i++)
		if (!fig_or_none(g, r->dice[i].figure) || (r->dice[i].side & ~1))
			return sk_error(g, SKIRMISH_E_INVALID, "describe: die %d has figure %d and "
					"side %d", i, r->dice[i].figure, r->dice[i].side);
	for (i = 0; i < r->nmodifiers; i++)
		if (!fig_or_none(g, r->modifiers[i].figure) || (r->modifiers[i].side & ~1))
			return sk_error(g, SKIRMISH_E_INVALID, "describe: modifier %d has figure %d "
					"and side %d", i, r->modifiers[i].figure,
					r->modifiers[i].side);
	for (i = 0; i < r->neffects; i++) {
		const skirmish_effect *e = &r->effects[i];
		int obj = e->kind == SKIRMISH_EFFECT_OBJECTIVE_TAKEN ||
			  e->kind == SKIRMISH_EFFECT_OBJECTIVE_DROPPED;
		int other_ok = obj ? e->other >= 0 && e->other < g->st.nobj &&
				     e->other < SKIRMISH_MAX_OBJECTIVES : fig_or_none(g, e->other);

		if (!fig_or_none(g, e->figure) || !other_ok)
			return sk_error(g, SKIRMISH_E_INVALID, "describe: effect %d has figure %d "
					"and %s %d", i, e->figure, obj ? "objective" : "other",
					e->other);
		if (e->kind == SKIRMISH_EFFECT_FIGHT && (e->value < 0 || e->value > r->nmodifiers))
			return sk_error(g, SKIRMISH_E_INVALID, "describe: effect %d, a fight, "
					"begins at modifier %d of %d", i, e->value, r->nmodifiers);
	}
	return 0;
}

SKIRMISH_EXPORT int
skirmish_game_describe(const skirmish_game *g, const skirmish_result *r, char *buf,
		       size_t size)
{
	if (!g)
		return SKIRMISH_E_INVALID;
	if (sk_busy_mem(g, "skirmish_game_describe") < 0)
		return SKIRMISH_E_STATE;
	if (!r || (size > 0 && !buf))
		return sk_error(g, SKIRMISH_E_INVALID, "describe: result and buf may not be NULL");
	if (r->version != SKIRMISH_RESULT_VERSION)
		return sk_error(g, SKIRMISH_E_VERSION, "describe: unknown result version %u",
				r->version);
	if (r->ndice < 0 || r->nmodifiers < 0 || r->neffects < 0 ||
	    (r->ndice && !r->dice) || (r->nmodifiers && !r->modifiers) ||
	    (r->neffects && !r->effects))
		return sk_error(g, SKIRMISH_E_INVALID,
				"describe: the result's counts and arrays disagree");
	if (check_result(g, r) < 0)
		return SKIRMISH_E_INVALID;
	return sk_describe(g, r, buf, size);
}
