/* SPDX-License-Identifier: MIT */
/*
 * Layer 2, the table (doc/DESIGN.md): the game object's own services
 * (object.c: errors, allocation), the figures and their bases (table.c),
 * the spatial index (grid.c), and the terrain with the queries on it:
 * paths, sight, cover, elevation, contact points (terrain.c). Beneath it
 * are only the data (core.h) and pure geometry (geom.h).
 */
#ifndef SKIRMISH_TABLE_H
#define SKIRMISH_TABLE_H

#include <string.h>

#include "core.h"

/* object.c: the error every call leaves (its code, returned), and the
 * game's allocator. A query on a const game that fails sets the error
 * too: the error is the one part of a game a const call may write
 * (doc/API.md, "Threads and callbacks"). */
int sk_error(const skirmish_game *g, int code, const char *fmt, ...) SK_PRINTF(3, 4);
void *sk_alloc(skirmish_game *g, void *ptr, size_t old_size, size_t new_size);

/* The one rule for callbacks (doc/API.md, "What a callback may call"):
 * the library runs the caller's code between sk_cb_enter and sk_cb_leave,
 * which mark the game busy and put back its error afterwards (what the
 * callback's own calls left is the callback's), nesting. A game lent to
 * a clone, copy, replay or playouts is marked the same way. */
struct sk_cb_frame {
	const char *busy;
	int busy_mem, err;
	char errmsg[sizeof(((skirmish_game *)0)->errmsg)];
};
void sk_cb_enter(const skirmish_game *g, struct sk_cb_frame *f, const char *what,
		 int mem);
void sk_cb_leave(const skirmish_game *g, const struct sk_cb_frame *f);
int sk_refuse(const skirmish_game *g, const char *call, const char *why);

/* At the entry of every public call that would change g (its state, its
 * callbacks, its memory): SKIRMISH_E_STATE while a callback of g runs. */
static inline int
sk_busy(const skirmish_game *g, const char *call)
{
	return g->busy ? sk_refuse(g, call, NULL) : 0;
}

/* At the entry of every query that reads g's arrays: SKIRMISH_E_STATE
 * while g's allocator runs (they may be moving). */
static inline int
sk_busy_mem(const skirmish_game *g, const char *call)
{
	return g->busy_mem ? sk_refuse(g, call, NULL) : 0;
}

/* At the entry of the calls that keep the whole game (save, clone, copy
 * from it, replay): SKIRMISH_E_STATE while an action is half done (the
 * dice roller runs) or the allocator runs. */
static inline int
sk_busy_whole(const skirmish_game *g, const char *call)
{
	if (g->busy_mem)
		return sk_refuse(g, call, NULL);
	if (g->in_action)
		return sk_refuse(g, call, "an action is half done, not a game to keep");
	return 0;
}
int sk_buf_reserve(skirmish_game *g, struct sk_buf *b, size_t elem, size_t want);
/* Grow an array to hold want elements, keeping its contents: by half
 * (sk_grow, sk_grow_int), or to exactly want (sk_grow_int_exact: a copy
 * takes its source's capacity and no more). 0 or SKIRMISH_E_NOMEM (set). */
int sk_grow(skirmish_game *g, void **p, size_t *cap, size_t elem, size_t want);
int sk_grow_int(skirmish_game *g, void **p, int *cap, size_t elem, int want);
int sk_grow_int_exact(skirmish_game *g, void **p, int *cap, size_t elem, int want);

/* A call that succeeds clears the error. */
static inline int
state_ok(skirmish_game *g)
{
	g->err = SKIRMISH_OK;
	g->errmsg[0] = '\0';
	return SKIRMISH_OK;
}

/* table.c: figures and their bases (G3, G5) */
const char *sk_fig_name(const skirmish_game *g, int id);
/* A figure's corners as sk_rect gives them: from the offsets it keeps
 * (core.h) while they are its base's, else taken afresh. */
static inline int
sk_fig_shaped(const struct sk_fig *f)
{
	/* w, d and bw, bd are each two int32_t side by side: one compare
	 * of eight bytes a pair (as SQLite and zstd read a word with
	 * memcpy, which the compiler makes one load) */
	uint64_t now, kept;

	memcpy(&now, &f->w, sizeof(now));
	memcpy(&kept, &f->bw, sizeof(kept));
	return now == kept && f->bfacing == f->facing;
}
static inline void
sk_fig_rect_at(const struct sk_fig *f, sk_pt c, sk_pt out[4])
{
	if (sk_fig_shaped(f))
		sk_rect_at(c, f->boff, out);
	else
		sk_rect(c, f->w, f->d, f->facing, out);
}
static inline void
sk_fig_rect(const struct sk_fig *f, sk_pt out[4])
{
	sk_pt c;

	c.x = f->x;
	c.y = f->y;
	sk_fig_rect_at(f, c, out);
}
/* Is f's base, where it stands, its own box square to the axes (with its
 * box)? Only from the offsets it keeps: 0 when they are not its base's. */
static inline int
sk_fig_square_box(const struct sk_fig *f, int32_t box[4])
{
	sk_pt c;

	if (!f->bsquare || !sk_fig_shaped(f))
		return 0;
	c.x = f->x;
	c.y = f->y;
	sk_rect_box_at(c, f->boff, box);
	return 1;
}
/* Take f's corner offsets for its base and facing as they are now (a
 * figure made, loaded, or changed by an action). */
void sk_fig_reshape(struct sk_fig *f);
/* in play, not a horse marker */
static inline int
sk_fig_alive(const skirmish_game *g, int id)
{
	return id >= 0 && id < g->nfigs &&
	       !(g->figs[id].flags & (FIG_REMOVED | FIG_HORSE));
}
static inline int
sk_is_enemy(const skirmish_game *g, int a, int b)
{
	return a != b && sk_fig_alive(g, a) && sk_fig_alive(g, b) &&
	       g->figs[a].player != g->figs[b].player;
}
int sk_fig_enemy_contacts(const skirmish_game *g, int id, int *out, int max);
int64_t sk_fig_gap(const skirmish_game *g, int a, int b);
/* sk_fig_gap(g, a, b) <= limit (0 <= limit < 2^26), without the full gap
 * when the bases are clearly apart or clearly within it */
int sk_fig_within(const skirmish_game *g, int a, int b, int64_t limit);
int sk_in_contact(const skirmish_game *g, int a, int b);
/* The lowest id of a figure in play, neither skip_a nor skip_b (-1 for
 * none), whose base overlaps that of f as it stands (G3), or -1; through
 * the spatial index when it can. */
int sk_base_in_way(const skirmish_game *g, const struct sk_fig *f, int skip_a, int skip_b);

/* grid.c: the spatial index. sk_grid_build files every figure (and
 * allocates when the arrays are too small): 0 or SKIRMISH_E_NOMEM. */
int sk_grid_build(skirmish_game *g);
int sk_grid_reserve(skirmish_game *g, int slots);
/* the bucket a figure centred at (x, y) is filed in */
int sk_grid_bucket_of(const skirmish_game *g, int32_t x, int32_t y);
void sk_grid_refile(skirmish_game *g, int id);   /* after id moved */
/* A figure moved for a moment (skirmish_game_threats): where it sits in
 * the index, so that sk_grid_put_back files it there again, the order of
 * its cell's chain included, once it stands where it stood */
struct sk_grid_spot {
	int cell;                     /* its bucket, or -1 */
	int32_t prev;                 /* the id before it in the chain, or -1 */
};
void sk_grid_spot_of(const skirmish_game *g, int id, struct sk_grid_spot *s);
void sk_grid_put_back(skirmish_game *g, int id, const struct sk_grid_spot *s);
void sk_grid_free(skirmish_game *g);
void sk_grid_copy(skirmish_game *dst, const skirmish_game *src);
/* Figures whose base may lie within margin of the box, as they stand now
 * (during an action too), in increasing id order, into ids (SK_NEAR_MAX):
 * their number, or -1 when the index cannot say (then look at every
 * figure). Callers filter exactly; this only narrows. */
/* at most this many figures, sk_near looks at each instead of the grid */
#define SK_NEAR_SCAN_FIGS 64
int sk_near(const skirmish_game *g, int32_t minx, int32_t miny, int32_t maxx,
	    int32_t maxy, int32_t margin, int *ids);
int sk_near_fig(const skirmish_game *g, int id, int32_t margin, int *ids);
/* sk_near into ids of cap: -1 only when more than cap figures may be near
 * (a cap of the figures in the game never is) */
int sk_near_cap(const skirmish_game *g, int32_t minx, int32_t miny, int32_t maxx,
		int32_t maxy, int32_t margin, int *ids, int cap);
/* loop over the result of sk_near: every figure when it said -1 */
#define SK_NEAR_EACH(g, n, ids, k, i) \
	for ((k) = 0; (n) < 0 ? (k) < (g)->nfigs : (k) < (n); (k)++) \
		if (((i) = (n) < 0 ? (k) : (ids)[(k)]), 1)

/* terrain.c (G4, S5, S6) */
void sk_terrain_bbox(struct sk_terrain *t);        /* minx..maxy, cx, cy from the outline */
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
int sk_sight_blocker(const skirmish_game *g, int a, int b);
int sk_cover_from(const skirmish_game *g, int shooter, int target); /* S6 cover */
/* sk_sight_blocker(g, shooter, target), and when it is -1, sk_cover_from
 * in *cover (else 0): one pass over the terrain for a shot */
int sk_shot_terrain(const skirmish_game *g, int shooter, int target, int *cover);
int sk_obstacle_between(const skirmish_game *g, int a, int b);     /* id or -1 */
/* The pieces of a kind, hills and obstacles, chained in id order, so that
 * what asks for one kind walks only that kind: called whenever pieces are
 * added (the chains live in the pieces and the game, and are copied with
 * them) */
void sk_terrain_relink(skirmish_game *g);
int32_t sk_elevation(const skirmish_game *g, sk_pt p);
/* Does piece t's box meet the box minx..maxy (touching does)? */
static inline int
sk_terrain_box_hits(const struct sk_terrain *t, int32_t minx, int32_t miny, int32_t maxx,
		    int32_t maxy)
{
	return !(t->maxx < minx || t->minx > maxx || t->maxy < miny || t->miny > maxy);
}
/* A17, A18: the two protagonists of a fight, at a and b, in one walk of
 * each kind of piece: height[k], sk_elevation of a (k 0) and of b (k 1);
 * obstacle[0], sk_obstacle_between a and b (when want[0]), obstacle[1],
 * between b and a (when want[1]), else -1 */
void sk_fight_terrain(const skirmish_game *g, sk_pt a, sk_pt b, int32_t height[2],
		      const int want[2], int obstacle[2]);
int sk_fig_overlaps_flag(const skirmish_game *g, const struct sk_fig *f,
			 uint32_t flag);
int sk_contact_point(const skirmish_game *g, int id, int target, int facing,
		     sk_pt *out);

/* contact for melee, and obstacles where figures meet them (contact.c) */
/* G13: bases as far apart as this may still touch across an obstacle */
#define SK_ENGAGE_MILS (2 * SK_CONTACT_MILS + MIL)
int sk_contact_across(const skirmish_game *g, int a, int b); /* G13: piece or -1 */
int sk_fig_contact_across(const skirmish_game *g, const struct sk_fig *a,
			  const struct sk_fig *b);
/* S31: a charge at target stops lining the obstacle it would cross */
int sk_charge_stop(const skirmish_game *g, int fig, int target, int facing, sk_pt *to);
int sk_engaged(const skirmish_game *g, int a, int b);        /* G3 + G13, enemies */
/* G15: obstacle t's thickness where segment a-b crosses it (t0..t1 of it
 * inside): its shortest chord there square to a side */
int64_t sk_obstacle_thickness(const struct sk_terrain *t, sk_pt a, sk_pt b, double t0,
			      double t1);
/* does segment a-b meet piece t (the part inside: t0 to t1 of it)? */
int sk_seg_in_terrain(const struct sk_terrain *t, sk_pt a, sk_pt b, double *t0, double *t1);
/* G17: piece id joins the obstacle of every earlier piece it touches */
void sk_group_obstacle(skirmish_game *g, int id);
int32_t sk_engage_margin(const skirmish_game *g, int id);
/* G14: the shooter lines piece t, and t is not its target's */
int sk_shooter_lines(const skirmish_game *g, int shooter, int target, int t);
/* A5, G14: the obstacle between shooter and target that counts, or -1 */
int sk_obstacle_for_shot(const skirmish_game *g, int shooter, int target);
/* S25: the obstacles a path's centre goes into */
struct sk_crossings {
	int count;                    /* times the path goes into an obstacle */
	int first;                    /* the first piece it goes into, or -1 */
	int entries;                  /* times it goes into `first` */
	int other;                    /* another piece it goes into, or -1 */
	sk_pt in, out;                /* where the centre goes into and out of `first` */
	int64_t in_along, out_along;  /* path length from the start to in and out */
};
void sk_path_crossings(const skirmish_game *g, const sk_pt *path, int n,
		       struct sk_crossings *out);
int64_t sk_base_point_gap(const struct sk_fig *f, sk_pt c, int facing, sk_pt q);
/* May a base like f's stand where f says: its centre on the table (G10),
 * over no base but skip_a's and skip_b's (G3) and no impassable ground
 * (G4)? */
int sk_place_free(const skirmish_game *g, const struct sk_fig *f, int skip_a, int skip_b);

#endif
