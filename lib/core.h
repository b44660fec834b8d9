/* SPDX-License-Identifier: MIT */
/*
 * The spine of lib/ (doc/DESIGN.md, "Layers"): the game's data, and only
 * its data. struct skirmish_game and every struct it holds are defined
 * here, so that a game is one flat object that copies, saves and hashes
 * without pointers between its parts; no function is declared here. Each
 * member is owned by one layer, named beside it, and only that layer and
 * the ones above it use it. Every file of lib/ reaches this header
 * through the header of its own layer (table.h and up); geometry
 * (geom.h) sits beneath it and knows no game.
 */
#ifndef SKIRMISH_CORE_H
#define SKIRMISH_CORE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "skirmish/skirmish.h"
#include "geom.h"

#if defined(__GNUC__)
#define SKIRMISH_EXPORT __attribute__((visibility("default")))
#define SK_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define SKIRMISH_EXPORT
#define SK_PRINTF(a, b)
#endif

#define SK_CONTACT_MILS 100      /* G3: contact tolerance 0.1" */
#define SK_MAX_FIGURES 10000000 /* figures a game may hold */
#define SK_MAX_TERRAIN 4096
#define SK_MAX_PATH (SKIRMISH_PATH_MAX + 1) /* a move's path with its start */
#define SK_MAX_SCRIPT 65536

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
	/* Derived, not state: the offsets of the base's corners from its
	 * centre (sk_rect_offsets) for a base of bw by bd at facing bfacing,
	 * and whether those corners are their own box square to the axes
	 * (sk_rect_square). Taken by sk_fig_reshape (table.c) where a figure
	 * is made, loaded or changed by an action; read by sk_fig_rect and
	 * the gaps (table.h) only while bw, bd and bfacing are the figure's
	 * w, d and facing, so that a base changed since is measured afresh.
	 * Never saved, hashed or compared: the state ends before bw
	 * (SK_FIG_STATE_BYTES). */
	int32_t bw, bd;
	int32_t boff[4];
	int16_t bfacing;
	uint8_t bsquare;
	uint8_t bpad;
};
/* the bytes of struct sk_fig that are the figure's state */
#define SK_FIG_STATE_BYTES offsetof(struct sk_fig, bw)

struct sk_terrain {
	uint32_t flags;
	int32_t height;               /* mils */
	int32_t move_penalty;         /* mils */
	int32_t minx, miny, maxx, maxy; /* bounding box */
	int32_t cx, cy;               /* the mean of the outline's points (sk_terrain_bbox) */
	int32_t npts;
	sk_pt p[SKIRMISH_POLYGON_MAX]; /* convex, counter-clockwise */
	char name[SKIRMISH_NAME_MAX];
	int32_t group;                /* G17: lowest id of the obstacle it touches into */
	int32_t next_hill;            /* the next hill, the next obstacle piece, in id */
	int32_t next_obstacle;        /* order, or -1 (sk_terrain_relink) */
};

/* Sampson: a melee is a pair of enemies in base contact (A26, G13). */
struct sk_melee {
	int32_t rounds;               /* Melee phases the two have fought each other in */
	int32_t initiator;            /* the one that moved into contact, or -1 */
	uint8_t live;
	uint8_t fought;               /* fresh: the initiator's move made it this turn */
	int32_t a, b;                 /* the two figures */
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


/* Entries of the journal are of kind SK_ENTRY_FIG or SK_ENTRY_MELEE. A
 * history record (struct sk_undo) keeps its journal's entries, then one
 * SK_ENTRY_OBJ entry for each objective (id: its index) and SK_ENTRY_PTS
 * entries for the move's path past its first point (id: the index of the
 * first point held), SK_HIST_PTS points an entry. */
#define SK_HIST_PTS 8
enum sk_entry_kind {
	SK_ENTRY_FIG = 0,             /* old.fig: figure id as it was */
	SK_ENTRY_MELEE = 1,           /* old.melee: melee id as it was */
	SK_ENTRY_OBJ = 2,             /* history only: old.obj, objective id */
	SK_ENTRY_PTS = 3              /* history only: old.pts from point id */
};
struct sk_journal_entry {
	int kind;                     /* enum sk_entry_kind */
	int id;
	union {
		struct sk_fig fig;
		struct sk_melee melee;
		struct sk_objective obj;
		sk_pt pts[SK_HIST_PTS];
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

struct sk_str;

/* A ruleset: one table of procedures (doc/DESIGN.md), the one interface
 * that points up: layers 3 and 4 call the game's ruleset through g->rs,
 * and each ruleset of layer 5 defines one (ruleset.h). NULL entries are
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
	int shoot_phase;              /* the phase shots are taken in (A5); 0: first_phase */
	const char *order_rule;       /* rule id of the order of play and its turns (S2) */
	int melee_pairs;              /* melees are pairs of enemies (Sampson A26) */
	int off_obstacles;            /* no figure stands over an obstacle (Senso S16) */
	/* after loading a save of format 1 or 2 (H9); may be NULL */
	void (*after_legacy_load)(skirmish_game *g);
	int (*start_turn)(skirmish_game *g);      /* a player turn begins */
	int (*end_phase)(skirmish_game *g);
	int (*end_turn)(skirmish_game *g);        /* end-of-turn steps, then next player */
	/* actions: figure ids are valid, in play, and the active player's */
	int (*move)(skirmish_game *g, int fig, const sk_pt *path, int n, int facing);
	int (*shoot)(skirmish_game *g, int fig, int target);
	int (*reload)(skirmish_game *g, int fig);
	int (*fight)(skirmish_game *g, int fig, int target); /* target: -1 or the defender */
	int (*mount)(skirmish_game *g, int fig, int horse);
	int (*dismount)(skirmish_game *g, int fig);
	int (*turn)(skirmish_game *g, int fig, int facing);
	/* queries */
	int (*can_act)(const skirmish_game *g, int fig);
	int (*allowance)(const skirmish_game *g, int fig); /* full move, mils */
	/* the longest gap fig's shot may cross (mils), 0: none; NULL: any */
	int32_t (*shot_reach)(const skirmish_game *g, int fig);
	/* the gap within which fig's shot is at short range (mils), 0: no
	 * short range; NULL: none in this ruleset (skirmish_game_weapon_ranges) */
	int32_t (*short_reach)(const skirmish_game *g, int fig);
	/* what fig is worth beyond its kit, in halves (skirmish_game_value,
	 * playout.c); NULL: nothing */
	int (*worth_bonus)(const skirmish_game *g, int fig);
	/* What a path costs against the allowance (mils): its length, and
	 * what the terrain it meets adds; a path that meets no terrain piece
	 * costs its length alone, which the legal list's plain moves count
	 * on (legal.c move_fits). */
	int64_t (*path_cost)(const skirmish_game *g, int fig, const sk_pt *path, int n);
	/* Whether fig may move now and its move would then be decided by the
	 * geometry alone, when it is straight, keeps the facing, has no
	 * terrain near it and ends in no enemy's reach: legal exactly when it
	 * ends on the table, costs (path_cost) at most *budget (mils), goes
	 * somewhere, and its base swept along it overlaps no other base
	 * (G3, G4). 1 and *budget, or 0: ask the move itself. The legal
	 * list's shortcut (legal.c); NULL: none. */
	int (*plain_move)(const skirmish_game *g, int fig, int32_t *budget);
	/* Whether fig's turn on the spot to facing would be legal, given that
	 * its plain_move holds, no terrain and no enemy is near it, and no
	 * other base lies within reach of its base turning about its centre
	 * (legal.c): 1, or 0: ask the turn itself. NULL: none. */
	int (*plain_turn)(const skirmish_game *g, int fig, int facing);
	int (*can_see)(const skirmish_game *g, int a, int b);
	int (*in_cover)(const skirmish_game *g, int a, int b);
	/* game over after an action: 0 playing, 1 over (winner set) */
	int (*check_over)(skirmish_game *g);
	/* the main clause of a result's sentence; NULL or 0: the generic one */
	int (*describe)(const skirmish_game *g, const skirmish_result *r,
			struct sk_str *s);
};


/* Undo history (history.c): one record per action taken, holding what the
 * action journal held when it succeeded, and the action itself (resolved:
 * a charge is the MOVE it became, facings are whole degrees or -1). */
struct sk_act_rec {
	int kind;                     /* enum skirmish_action_kind */
	int figure, target;
	int facing;                   /* 0..359, or -1: keep */
	int npoints;
	sk_pt xy[SKIRMISH_PATH_MAX];
};

/* A record keeps only what is live: the action without its path past the
 * first point, and of the state before it the part before the objectives
 * (struct sk_state up to obj) and the exit edges; the objectives and the
 * path's other points follow its journal entries (history.c). */
struct sk_undo {
	int kind;                     /* the action, as struct sk_act_rec */
	int figure, target;
	int facing;
	int npoints;
	sk_pt xy0;                    /* the path's first point */
	int nfigs, nmelees;           /* counts before the action */
	int n;                        /* journal entries: hent[first..first+n) */
	int nextra;                   /* then objectives and path points */
	size_t first;
	int8_t exit_edge[SKIRMISH_MAX_PLAYERS + 1];
	unsigned char head[offsetof(struct sk_state, obj)]; /* the state's scalars */
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
	int need_fight;              /* it is the acting side's die of a fight round */
	/* what the run did */
	int outcome, value, side, score0, score1;
	int nmods;
	skirmish_modifier mods[SK_PROBE_MODS];
	int refused;                 /* sk_action_legal: the refusal, or 0 */
	/* skirmish_game_odds: every run of its walk starts from the one
	 * state, so a charge's end (sk_contact_point, sk_charge_stop, which
	 * read only the state) is found by the first run and kept */
	int walking;
	int charge_known, charge_fig, charge_target, charge_facing;
	sk_pt charge_to;
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
	int nobstacles;               /* pieces marked obstacle (G13, G14, S25) */
	int32_t first_hill, first_obstacle; /* the first of each kind, or -1 (sk_terrain_relink) */
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
	/* the last sk_play_reserve that held (journal.c): capfigs, capmelees,
	 * figures, table; buffers only grow, so a repeat skips the checks */
	int rsv_ok, rsv_figs, rsv_melees, rsv_n;
	int32_t rsv_w, rsv_d;
	skirmish_effect scratch_effect;
	struct sk_probe probe;
	/* the referee (referee.c, compiled in unless SK_REFEREE is 0): while
	 * referee is not SKIRMISH_REFEREE_OFF, after_action checks each action
	 * before it is committed (act.c); a negative return rolls it back */
	int (*after_action)(const skirmish_game *g);
	int referee;                  /* enum skirmish_referee_mode */
	skirmish_invariant_fn invariant; /* the caller's own, or NULL */
	void *invariant_data;
	int quiet;                    /* sk_action_legal: sk_error skips the message */
	/* callbacks (object.c, doc/API.md "What a callback may call"): while
	 * the caller's code runs inside a call on this game (one of its
	 * callbacks, or one of a game being made from it), busy names what
	 * runs and every call that would change the game is refused;
	 * busy_mem: the allocator runs, so the arrays may be moving and
	 * only the game's scalars may be read */
	const char *busy;
	int busy_mem;
	struct sk_buf cand;           /* candidate actions (legal.c), scratch */
	struct sk_buf near;           /* ints: an answer of the index (legal.c), scratch */

	/* undo history and scenario (history.c) */
	struct sk_act_rec act_rec;    /* the action under way, for the history */
	struct sk_undo *hist;         /* live records: [hist_first, nhist) */
	int hist_first, nhist, caphist;
	struct sk_journal_entry *hent; /* live entries: [hent_first, nhent) */
	size_t hent_first, nhent, caphent;
	int hist_limit;               /* records kept; -1: unlimited */
	/* H10: dice came from outside what a save holds (the roller, a script
	 * or a seed given after the start) or the history is 0.1's (H9): a
	 * replay need not reach this game, so the loader cannot prove it */
	int hist_unproved;
	struct sk_state setup_st;     /* the game as it was at start (replays) */
	struct sk_fig *setup_figs;
	int nsetup_figs, capsetup_figs;
	int *setup_script;
	int nsetup_script, capsetup_script;
	int setup_script_exclusive;

	/* spatial index (grid.c): figure ids by the cell of their centre;
	 * derived data, never saved or hashed; built when play starts (and
	 * after a copy), kept in step when an action is committed or undone */
	int grid_ok;
	int grid_buckets;             /* a power of two */
	int32_t grid_reach;           /* the largest w + d filed */
	int32_t *grid_head;           /* per bucket: first id, or -1 */
	int capgrid_head;
	int32_t *grid_next;           /* per figure: next id in its cell, or -1 */
	int32_t *grid_at;             /* per figure: its bucket, or -1 */
	int capgrid_figs;
	int grid_rsv_slots;           /* the last sk_grid_reserve that held */
	int alive_hint[SKIRMISH_MAX_PLAYERS + 1]; /* a figure of each player in play */

	int err;
	char errmsg[512];
};

/* the spatial index's bytes per figure (next and cell) */
#define SK_GRID_BYTES_PER_FIG (2 * sizeof(int32_t))
#define SK_NEAR_MAX 256

#endif
