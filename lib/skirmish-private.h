/*
 * Internal interface of libskirmish. Nothing here is API.
 *
 * Units inside: positions and lengths are whole thousandths of an inch
 * ("mils", int32_t); facings are whole degrees 0..359. See doc/DESIGN.md.
 */
#ifndef SKIRMISH_PRIVATE_H
#define SKIRMISH_PRIVATE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "skirmish/skirmish.h"

#if defined(__GNUC__)
#define SKIRMISH_EXPORT __attribute__((visibility("default")))
#define SK_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define SKIRMISH_EXPORT
#define SK_PRINTF(a, b)
#endif

#define MIL 1000                 /* mils per inch */
#define SK_COORD_MAX 100000000  /* |coordinate| limit, mils (100,000") */
#define SK_CONTACT_MILS 100      /* G3: contact tolerance 0.1" */
#define SK_MAX_FIGURES 10000000 /* figures a game may hold */
#define SK_MAX_TERRAIN 4096
#define SK_MAX_PATH (SKIRMISH_PATH_MAX + 1) /* a move's path with its start */
#define SK_MAX_SCRIPT 65536

typedef struct sk_pt {
	int32_t x, y;
} sk_pt;

/* struct sk_fig flags */
enum {
	FIG_MOUNTED = 1u << 0,
	FIG_ARMOUR = 1u << 1,
	FIG_SHIELD = 1u << 2,
	FIG_MARTIAL = 1u << 3,
	FIG_LOADED = 1u << 4,
	FIG_REMOVED = 1u << 5,
	FIG_HORSE = 1u << 6,          /* a riderless horse marker (S9) */
	FIG_ACTED = 1u << 7,          /* Senso: used its action; Sampson: moved or turned */
	FIG_SHOT = 1u << 8,           /* shot this turn */
	FIG_MOVED_CONTACT = 1u << 9,  /* Sampson: moved into contact this turn (A7) */
	FIG_SUPPRESSED = 1u << 10,    /* Sampson A6 */
	FIG_SUPPRESS_NEW = 1u << 11,  /* suppressed during an enemy turn, not yet served */
	FIG_FOUGHT = 1u << 12,        /* Sampson: its melee was fought this phase */
	FIG_CHARGED = 1u << 13        /* Sampson: joined its melee by its own move (A7 obstacle) */
};

/* One figure: flat, no pointers, so that a game copies with memcpy. */
struct sk_fig {
	int32_t x, y;                 /* base centre */
	int32_t w, d;                 /* base width (across), depth (along facing) */
	int32_t move_left;            /* allowance left this turn */
	uint32_t flags;
	uint32_t stamp;               /* Sampson: when it joined its melee */
	int32_t melee;                /* Sampson: melee id or -1 */
	int32_t horse_of;             /* horse marker: the figure that left it */
	int16_t facing;               /* degrees 0..359 */
	uint8_t player;
	uint8_t dv;                   /* Senso DV */
	uint8_t melee_weapon;
	uint8_t missile_weapon;
	uint8_t rings;
	uint8_t melee_side;           /* Sampson: 0 or 1 within its melee */
	char name[SKIRMISH_NAME_MAX];
};

struct sk_terrain {
	uint32_t flags;
	int32_t height;               /* mils */
	int32_t move_penalty;         /* mils */
	int32_t minx, miny, maxx, maxy; /* bounding box */
	int32_t npts;
	sk_pt p[SKIRMISH_POLYGON_MAX]; /* convex, counter-clockwise */
	char name[SKIRMISH_NAME_MAX];
};

/* Sampson: one melee, two sides (A7, A8). Members are the figures whose
 * melee field names it; the main protagonist of a side is its member with
 * the lowest stamp. */
struct sk_melee {
	int32_t rounds;               /* rounds fought so far */
	int32_t initiator;            /* figure that made the contact, or -1 */
	uint8_t live;
	uint8_t fought;               /* fought in this Melee phase */
};

/* An objective marker (objective.c, rulings O1-O5). */
struct sk_objective {
	int32_t x, y;                 /* where it lies when on the table */
	int32_t carrier;              /* figure, or -1 */
	int8_t state;                 /* enum skirmish_objective_state */
	int8_t player;                /* scored by, when off the table */
	char name[SKIRMISH_NAME_MAX];
};

/* Everything a game's scalar state holds; copied whole by the journal. */
struct sk_state {
	int state;                    /* enum skirmish_game_state */
	int turn;                     /* game turn from 1 */
	int active;                   /* index into order[] */
	int phase;
	int winner;
	int nplayers;                 /* with the umpire */
	int umpire;                   /* id or -1 */
	int order[SKIRMISH_MAX_PLAYERS + 1];
	uint32_t stamp;               /* counter for melee stamps */
	uint64_t rng[4];              /* xoshiro256** */
	int script_pos;
	int nobj;
	struct sk_objective obj[SKIRMISH_MAX_OBJECTIVES];
	int8_t exit_edge[SKIRMISH_MAX_PLAYERS + 1];
};

/* Objectives are placed only in setup, so obj[nobj..] never changes once
 * play starts (and is never read, saved or hashed): an action saves and
 * restores only the live part (act.c, state.c undo), a few cache lines
 * instead of the whole struct. */
static inline void
sk_state_copy_live(struct sk_state *dst, const struct sk_state *src)
{
	int n = src->nobj < SKIRMISH_MAX_OBJECTIVES ? src->nobj : SKIRMISH_MAX_OBJECTIVES;

	memcpy(dst, src, offsetof(struct sk_state, obj));
	if (n > 0)
		memcpy(dst->obj, src->obj, (size_t)n * sizeof(src->obj[0]));
	memcpy(dst->exit_edge, src->exit_edge, sizeof(dst->exit_edge));
}

struct sk_journal_entry {
	int kind;                     /* 0 figure, 1 melee */
	int id;
	union {
		struct sk_fig fig;
		struct sk_melee melee;
	} old;
};

/* A growable array, allocated through the game's allocator. */
struct sk_buf {
	void *p;
	size_t n, cap;                /* elements */
};

struct sk_result_bufs {
	struct sk_buf dice, mods, effects;
	char *text;
	size_t text_cap;
	int text_stale;               /* r.text not written yet (act.c, lazy) */
	skirmish_result r;
};

struct sk_ruleset;

/* Undo history (state.c): one record per action taken, holding what the
 * action journal held when it succeeded, and the action itself (resolved:
 * a charge is the MOVE it became, facings are whole degrees or -1). */
struct sk_act_rec {
	int kind;                     /* enum skirmish_action_kind */
	int figure, target;
	int facing;                   /* 0..359, or -1: keep */
	int npoints;
	sk_pt xy[SKIRMISH_PATH_MAX];
};

struct sk_undo {
	struct sk_act_rec act;
	struct sk_state saved;        /* scalar state before the action */
	int nfigs, nmelees;           /* counts before the action */
	size_t first;                 /* its entries: hent[first..first+n) */
	int n;
};

/* Probing (odds.c): an action run with dice given by the prober and always
 * rolled back, to enumerate outcomes or to test legality. */
#define SK_E_PROBE (-1000)           /* internal: a die beyond the given ones */
#define SK_PROBE_MAX 64
#define SK_PROBE_MODS 32
struct sk_probe {
	int active;
	int n, pos;
	int vals[SK_PROBE_MAX];
	int need_sides, need_round;  /* the die asked for beyond vals */
	/* what the run did */
	int outcome, value, side, score0, score1;
	int nmods;
	skirmish_modifier mods[SK_PROBE_MODS];
};

struct skirmish_game {
	const struct sk_ruleset *rs;
	skirmish_game_options opt;    /* copy; pointer members cleared */
	int player_order_given;
	int given_order[SKIRMISH_MAX_PLAYERS + 1];
	int32_t table_w, table_d;     /* mils */
	int die_sides;                /* Sampson A1 */

	struct sk_state st;

	struct sk_fig *figs;
	int nfigs, capfigs;
	struct sk_terrain *terr;
	int nterr, capterr;
	struct sk_melee *melees;
	int nmelees, capmelees;
	int fig_slots, melee_slots;   /* the most play may reach (turn.c sk_grow_for_play) */

	int *script;
	int nscript, capscript;
	int script_exclusive;

	/* the action under way */
	int in_action;
	struct sk_state saved;
	int saved_nmelees;
	int saved_nfigs;
	struct sk_journal_entry *journal;
	int njournal, capjournal;
	struct sk_result_bufs res[2]; /* [cur] is being built, [!cur] the last */
	int cur;
	/* sk_dice_refresh: every die comes from the built-in generator now (no
	 * roller, probe or script in the way), so sk_roll tests one flag */
	int dice_fast;

	skirmish_alloc_fn alloc;
	void *alloc_data;
	skirmish_roll_fn roll;
	void *roll_data;
	skirmish_event_fn event;
	void *event_data;

	uint32_t *fig_mark;           /* journal: serial of the last action */
	int capfig_mark;
	uint32_t *melee_mark;
	int capmelee_mark;
	uint32_t serial;
	int oom;                      /* a result buffer could not grow */
	/* the last sk_play_reserve that held (act.c): capfigs, capmelees,
	 * figures, table; buffers only grow, so a repeat skips the checks */
	int rsv_ok, rsv_figs, rsv_melees, rsv_n;
	int32_t rsv_w, rsv_d;
	skirmish_effect scratch_effect;
	struct sk_probe probe;
	int quiet;                    /* sk_action_legal: sk_error skips the message */
	int in_event;                 /* inside the event callback: no actions */
	struct sk_buf cand;           /* candidate actions (odds.c), scratch */

	/* undo history and scenario (state.c) */
	struct sk_act_rec act_rec;    /* the action under way, for the history */
	struct sk_undo *hist;         /* live records: [hist_first, nhist) */
	int hist_first, nhist, caphist;
	struct sk_journal_entry *hent; /* live entries: [hent_first, nhent) */
	size_t hent_first, nhent, caphent;
	int hist_limit;               /* records kept; -1: unlimited */
	struct sk_state setup_st;     /* the game as it was at start (replays) */
	struct sk_fig *setup_figs;
	int nsetup_figs, capsetup_figs;
	int *setup_script;
	int nsetup_script, capsetup_script;
	int setup_script_exclusive;

	/* spatial index (geometry.c): figure ids by the cell of their centre;
	 * derived data, never saved or hashed; built when play starts (and
	 * after a copy), kept in step when an action is committed or undone */
	int grid_ok;
	int grid_cols, grid_rows;
	int32_t grid_cell;            /* mils */
	int32_t grid_reach;           /* the largest w + d filed */
	int32_t *grid_head;           /* per cell: first id, or -1 */
	int capgrid_head;
	int32_t *grid_next;           /* per figure: next id in its cell, or -1 */
	int32_t *grid_at;             /* per figure: its cell, or -1 */
	int capgrid_figs;
	int grid_rsv_slots;           /* the last sk_grid_reserve that held, */
	int32_t grid_rsv_w, grid_rsv_d; /* so a repeat skips grid_shape */
	int alive_hint[SKIRMISH_MAX_PLAYERS + 1]; /* a figure of each player in play */

	int err;
	char errmsg[512];
};

/* the spatial index's bytes per figure (next and cell) */
#define SK_GRID_BYTES_PER_FIG (2 * sizeof(int32_t))
#define SK_NEAR_MAX 256

/* Text built like snprintf: len counts what was needed. */
struct sk_str {
	char *buf;
	size_t size, len;
};
void sk_str_printf(struct sk_str *s, const char *fmt, ...) SK_PRINTF(2, 3);

/* A ruleset: one table of procedures (doc/DESIGN.md). NULL entries are
 * actions the ruleset does not have (SKIRMISH_E_UNSUPPORTED). Each action
 * has validated nothing but the ids; it validates fully before its first
 * die or change, may change state only through sk_fig_mut() and
 * sk_melee_mut(), and returns 0 or sets the error. */
struct sk_ruleset {
	int id;
	const char *name;
	/* setup */
	int (*check_options)(skirmish_game *g);
	int (*add_figure)(skirmish_game *g, struct sk_fig *f,
			  const skirmish_figure_spec *spec);
	/* turns */
	int first_phase;
	int (*start_turn)(skirmish_game *g);      /* a player turn begins */
	int (*end_phase)(skirmish_game *g);
	int (*end_turn)(skirmish_game *g);        /* end-of-turn steps, then next player */
	/* actions: figure ids are valid, in play, and the active player's */
	int (*move)(skirmish_game *g, int fig, const sk_pt *path, int n, int facing);
	int (*shoot)(skirmish_game *g, int fig, int target);
	int (*reload)(skirmish_game *g, int fig);
	int (*fight)(skirmish_game *g, int fig);
	int (*mount)(skirmish_game *g, int fig, int horse);
	int (*dismount)(skirmish_game *g, int fig);
	int (*turn)(skirmish_game *g, int fig, int facing);
	/* queries */
	int (*can_act)(const skirmish_game *g, int fig);
	int (*allowance)(const skirmish_game *g, int fig); /* full move, mils */
	int64_t (*path_cost)(const skirmish_game *g, int fig, const sk_pt *path, int n);
	int (*can_see)(const skirmish_game *g, int a, int b);
	int (*in_cover)(const skirmish_game *g, int a, int b);
	/* game over after an action: 0 playing, 1 over (winner set) */
	int (*check_over)(skirmish_game *g);
	/* the main clause of a result's sentence; NULL or 0: the generic one */
	int (*describe)(const skirmish_game *g, const skirmish_result *r,
			struct sk_str *s);
};

extern const struct sk_ruleset sk_ruleset_senso;
extern const struct sk_ruleset sk_ruleset_sampson;
/* ruleset.c: the ruleset of that id, or NULL; the names of all of them,
 * quoted and separated by commas */
const struct sk_ruleset *sk_ruleset_find(int id);
void sk_ruleset_names(char *buf, size_t size);

/* error.c / game.c */
int sk_error(skirmish_game *g, int code, const char *fmt, ...) SK_PRINTF(3, 4);

/* alloc */
void *sk_alloc(skirmish_game *g, void *ptr, size_t old_size, size_t new_size);
int sk_buf_reserve(skirmish_game *g, struct sk_buf *b, size_t elem, size_t want);

/* dice.c */
void sk_rng_seed(uint64_t s[4], uint64_t seed);
uint64_t sk_rng_next(uint64_t s[4]);
uint32_t sk_rng_bounded(uint64_t s[4], uint32_t range); /* 0..range-1, unbiased */
/* Rolls one die (G6): script, then roller, then built-in generator; records
 * it in the result. Returns 0 or SKIRMISH_E_DICE (error set). The common
 * case (the built-in generator, nothing scripted or probed, room in the
 * result's buffer) is inline here; every other roll, the same steps in the
 * same order, is sk_roll_slow (dice.c). */
int sk_roll_slow(skirmish_game *g, int sides, int figure, int purpose, int side,
		 int round, int *value);

/* Sets g->dice_fast: is the next die the built-in generator's? Every die
 * is rolled inside an action, and act_begin calls this, as do
 * sk_roll_slow (the script may have run out), the setters of the roller
 * and the script, and the probe; a stale "no" only takes the slow path. */
static inline void
sk_dice_refresh(skirmish_game *g)
{
	g->dice_fast = !g->roll && !g->probe.active && g->st.script_pos >= g->nscript &&
		       !(g->script_exclusive && g->nscript > 0);
}

static inline int
sk_roll(skirmish_game *g, int sides, int figure, int purpose, int side,
	int round, int *value)
{
	struct sk_buf *b = &g->res[g->cur].dice;
	skirmish_die *d;
	uint64_t *s = g->st.rng, r, t, m;
	uint32_t low, range = (uint32_t)sides;

	if (__builtin_expect(g->dice_fast && (unsigned)(sides - 2) <= 998u &&
			     b->n < b->cap, 1)) {
		d = (skirmish_die *)b->p + b->n++;
		d->figure = figure;
		d->player = (unsigned)figure < (unsigned)g->nfigs ? g->figs[figure].player : -1;
		d->sides = sides;
		d->purpose = purpose;
		d->side = side;
		d->round = round;
		/* xoshiro256** and Lemire's bounded draw, as dice.c has them */
		for (;;) {
			r = s[1] * 5;
			r = ((r << 7) | (r >> 57)) * 9;
			t = s[1] << 17;
			s[2] ^= s[0];
			s[3] ^= s[1];
			s[1] ^= s[2];
			s[0] ^= s[3];
			s[2] ^= t;
			s[3] = (s[3] << 45) | (s[3] >> 19);
			m = (uint64_t)(uint32_t)(r >> 32) * range;
			low = (uint32_t)m;
			if (low >= range || low >= (uint32_t)(-range) % range)
				break;
		}
		d->value = (int)(m >> 32) + 1;
		*value = d->value;
		return 0;
	}
	return sk_roll_slow(g, sides, figure, purpose, side, round, value);
}

/* result recording (result.c) */
int sk_add_modifier(skirmish_game *g, int figure, int side, int value,
		    int source, const char *rule);
skirmish_effect *sk_add_effect(skirmish_game *g, int kind, int figure,
			       const char *rule);
skirmish_result *sk_cur(skirmish_game *g);
int sk_describe(const skirmish_game *g, const skirmish_result *r, char *buf,
		size_t size);
/* Writes the sentence of a result whose text was left for later (act.c:
 * nobody asked for it when the action was taken); 0 or SKIRMISH_E_NOMEM. */
int sk_result_text(skirmish_game *g, struct sk_result_bufs *b);

/* state changes under the action journal */
struct sk_fig *sk_fig_mut(skirmish_game *g, int id);
struct sk_melee *sk_melee_mut(skirmish_game *g, int id);
int sk_melee_new(skirmish_game *g);      /* returns id or negative error */
/* A new figure slot during an action (a horse marker, S9): reuses a removed
 * horse marker's slot, else appends (capacity for one per mounted figure is
 * reserved at start). Returns its id (zeroed, melee -1) or an error. */
int sk_fig_new(skirmish_game *g);

/* common effects: change state and record the effect */
void sk_fx_move(skirmish_game *g, int id, sk_pt to, int facing, int kind,
		const char *rule);
void sk_fx_turn(skirmish_game *g, int id, int facing, const char *rule);
void sk_fx_rings(skirmish_game *g, int id, int delta, const char *rule);
void sk_fx_kill(skirmish_game *g, int id, int kind, const char *rule);

/* geometry.c (G1-G5) */
int sk_deg_norm(int deg);
int sk_to_mils(double inches, int32_t *out);       /* rounds; range-checked */
double sk_to_inches(int64_t mils);
void sk_rect(sk_pt c, int32_t w, int32_t d, int facing, sk_pt out[4]);
void sk_fig_rect(const struct sk_fig *f, sk_pt out[4]);
void sk_poly_box(const sk_pt *p, int n, int32_t box[4]); /* min x, min y, max x, max y */
int64_t sk_poly_area2(const sk_pt *p, int n);       /* twice the area; > 0: counter-clockwise */
int sk_poly_overlap(const sk_pt *a, int na, const sk_pt *b, int nb);
int64_t sk_poly_gap(const sk_pt *a, int na, const sk_pt *b, int nb);
/* a swept along v overlaps b (as the hull of a and a + v would) */
int sk_swept_overlap(const sk_pt *a, int na, sk_pt v, const sk_pt *b, int nb);
/* sk_poly_gap(a, b) <= limit (0 <= limit < 2^26), without the full gap when
 * the polygons are clearly apart or clearly within it */
int sk_poly_within(const sk_pt *a, int na, const sk_pt *b, int nb, int64_t limit);
int sk_point_in_poly(sk_pt q, const sk_pt *p, int n);  /* inside or on edge */
int sk_seg_poly_clip(sk_pt a, sk_pt b, const sk_pt *p, int n, double *t0,
		     double *t1);
int sk_hull(const sk_pt *in, int n, sk_pt *out); /* out: room for 2n points */
int64_t sk_seg_len(sk_pt a, sk_pt b);
int sk_atan2_deg(int64_t dy, int64_t dx);          /* whole degrees 0..359 */
void sk_dir(int deg, int64_t len, int32_t *dx, int32_t *dy);
int64_t sk_fig_gap(const skirmish_game *g, int a, int b);
/* sk_fig_gap(g, a, b) <= limit (0 <= limit < 2^26), without the full gap
 * when the bases are clearly apart or clearly within it */
int sk_fig_within(const skirmish_game *g, int a, int b, int64_t limit);
int sk_in_contact(const skirmish_game *g, int a, int b);
/* The lowest id of a figure in play, neither skip_a nor skip_b (-1 for
 * none), whose base overlaps that of f as it stands (G3), or -1; through
 * the spatial index when it can. */
int sk_base_in_way(const skirmish_game *g, const struct sk_fig *f, int skip_a, int skip_b);
/* May a base like f's stand where f says: its centre on the table (G10),
 * over no base but skip_a's and skip_b's (G3) and no impassable ground
 * (G4)? */
int sk_place_free(const skirmish_game *g, const struct sk_fig *f, int skip_a, int skip_b);
int sk_is_enemy(const skirmish_game *g, int a, int b);
int sk_fig_alive(const skirmish_game *g, int id);  /* in play, not a horse marker */
int sk_fig_enemy_contacts(const skirmish_game *g, int id, int *out, int max);
/* The spatial index (geometry.c). sk_grid_build files every figure (and
 * allocates when the arrays are too small): 0 or SKIRMISH_E_NOMEM. */
int sk_grid_build(skirmish_game *g);
int sk_grid_reserve(skirmish_game *g, int slots, int32_t table_w, int32_t table_d);
void sk_grid_refile(skirmish_game *g, int id);   /* after id moved */
void sk_grid_free(skirmish_game *g);
void sk_grid_copy(skirmish_game *dst, const skirmish_game *src);
/* Figures whose base may lie within margin of the box, as they stand now
 * (during an action too), in increasing id order, into ids (SK_NEAR_MAX):
 * their number, or -1 when the index cannot say (then look at every
 * figure). Callers filter exactly; this only narrows. */
int sk_near(const skirmish_game *g, int32_t minx, int32_t miny, int32_t maxx,
	    int32_t maxy, int32_t margin, int *ids);
int sk_near_fig(const skirmish_game *g, int id, int32_t margin, int *ids);
/* loop over the result of sk_near: every figure when it said -1 */
#define SK_NEAR_EACH(g, n, ids, k, i) \
	for ((k) = 0; (n) < 0 ? (k) < (g)->nfigs : (k) < (n); (k)++) \
		if (((i) = (n) < 0 ? (k) : (ids)[(k)]), 1)

/* terrain.c */
void sk_terrain_bbox(struct sk_terrain *t);        /* minx..maxy from the outline */
struct sk_path_info {
	int64_t length;               /* mils */
	int64_t rough;                /* mils of centre path in rough ground */
	int enters_rough;             /* any point in rough / bad going */
	int water, climb;             /* touches water / climbing terrain */
	int obstacle;                 /* crosses an obstacle: id or -1 */
	int32_t penalty;              /* largest move_penalty entered */
};
/* Validates a path for figure id (G4): on the table, no base passed through
 * or overlapped at the end (with end facing), no impassable terrain; fills
 * info. Returns 0 or an error (set). */
int sk_path_check(skirmish_game *g, int id, const sk_pt *path, int n, int facing,
		  struct sk_path_info *info);
int sk_path_info(const skirmish_game *g, int id, const sk_pt *path, int n,
		 struct sk_path_info *info);
int sk_sight_blocked(const skirmish_game *g, int a, int b);
int sk_cover_from(const skirmish_game *g, int shooter, int target); /* S6 cover */
int sk_obstacle_between(const skirmish_game *g, int a, int b);     /* id or -1 */
int32_t sk_elevation(const skirmish_game *g, sk_pt p);
int sk_fig_overlaps_flag(const skirmish_game *g, const struct sk_fig *f,
			 uint32_t flag);
int sk_contact_point(const skirmish_game *g, int id, int target, int facing,
		     sk_pt *out);

/* turns (act.c) */
/* Ends the active player's turn: next player with figures in play; a new
 * game turn after the last; the turn limit; the ruleset's start_turn. */
int sk_next_player(skirmish_game *g);
int sk_is_last_in_order(const skirmish_game *g);
int sk_common_check_over(skirmish_game *g);
void sk_game_over(skirmish_game *g, const char *rule);
int sk_do_start(skirmish_game *g);
int sk_grow_for_play(skirmish_game *g);
int sk_journal_reserve(skirmish_game *g);
/* Reserves what actions use (journal, result buffers): start, clone and
 * copy call it, so that actions allocate nothing; 0 or SKIRMISH_E_NOMEM. */
int sk_play_reserve(skirmish_game *g);
void sk_describe_effects(const skirmish_game *g, const skirmish_result *r,
			 struct sk_str *s);

/* legal actions (odds.c) */
#define SK_DIRECTION_MOVE (-2)        /* a candidate move: facing is the direction */
/* A candidate action, small (a skirmish_action is 288 bytes and a turn has
 * hundreds of candidates): sk_cand_action makes the action of it. */
struct sk_cand {
	int kind, figure, target;
	int facing;                   /* TURN: the facing; a direction move: the direction */
	int npoints;                  /* 0; 1: a move to x, y; SK_DIRECTION_MOVE */
	int32_t x, y;                 /* mils */
};
void sk_cand_action(const struct sk_cand *c, skirmish_action *a);
int sk_action_legal(skirmish_game *g, const skirmish_action *a);
int sk_candidates(skirmish_game *g, int figure);  /* into g->cand, struct sk_cand */
int sk_candidate_resolve(skirmish_game *g, skirmish_action *a); /* 1: legal; <0: error */
/* The candidates of the last sk_candidates(), for the policies: how many,
 * the action of the i-th (a direction move unresolved), and dropping the
 * i-th (the last takes its place). */
size_t sk_cand_count(const skirmish_game *g);
void sk_cand_get(const skirmish_game *g, size_t i, skirmish_action *a);
void sk_cand_drop(skirmish_game *g, size_t i);

/* playout.c: the gap from fig's base, were it centred at c, to the nearest
 * enemy (INT64_MAX for none); through the spatial index in a big game */
int64_t sk_nearest_enemy_gap(const skirmish_game *g, int fig, sk_pt c);

/* objectives (objective.c) */
void sk_objectives_after_move(skirmish_game *g, int fig);
void sk_objectives_update(skirmish_game *g);
int sk_objectives_check_over(skirmish_game *g);      /* O4: 1 when won */
int sk_objectives_turn_limit_winner(const skirmish_game *g, int *winner); /* O5 */

/* state.c: history, scenario, clone, save */
/* Notes the action under way (act.c, after act_begin). */
void sk_hist_note(skirmish_game *g, int kind, int fig, int target, int facing,
		  const sk_pt *xy, int npoints);
/* Moves the journal of a successful action into the history; 0 or
 * SKIRMISH_E_NOMEM (error set, nothing recorded). */
int sk_hist_push(skirmish_game *g);
/* Keeps the setup state for replays (skirmish_game_start). */
int sk_setup_keep(skirmish_game *g);
void sk_state_free(skirmish_game *g);


/* shared by the state services (history.c, clone.c, save.c, load.c) */

static inline int
state_ok(skirmish_game *g)
{
	g->err = SKIRMISH_OK;
	g->errmsg[0] = '\0';
	return SKIRMISH_OK;
}

/* ------------------------------------------------------------------ */
/* the undo history (H1-H3)                                             */
/* ------------------------------------------------------------------ */

static inline int
hist_live(const skirmish_game *g)
{
	return g->nhist - g->hist_first;
}

/* The last result described an action that is no more (undo, copy, load). */
static inline void
forget_last_result(skirmish_game *g)
{
	g->res[!g->cur].r.version = 0;
}

static inline int
started(const skirmish_game *g)
{
	return g->st.state != SKIRMISH_STATE_SETUP;
}
void sk_rec_to_action(const struct sk_act_rec *r, skirmish_action *a);
int sk_grow(skirmish_game *g, void **p, size_t *cap, size_t elem, size_t want);
int sk_grow_int(skirmish_game *g, void **p, int *cap, size_t elem, int want);
int sk_grow_int_exact(skirmish_game *g, void **p, int *cap, size_t elem, int want);

/* strings */
const char *sk_fig_name(const skirmish_game *g, int id);

#endif
