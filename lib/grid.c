/* SPDX-License-Identifier: MIT */
/*
 * The spatial index of the figures (doc/PERFORMANCE.md): derived data,
 * never saved or hashed, that narrows "which figures may be near this
 * box" from every figure to a few cells.
 */
#include "table.h"

/*
 * A uniform grid of 4" cells over the plane, hashed into buckets: each
 * figure is filed in the bucket of the cell of its centre; a query looks
 * at the cells within the largest base reach of the box and, in each
 * cell's bucket, at the figures of that cell. There are at most two
 * buckets for each figure slot (and at least 64), however large the table:
 * a dense army on a 100,000" table fills as few cells, of the same size,
 * as on a 1,200" one, so adding a figure or asking about one looks at a
 * constant number of figures at constant density. (Cells that grew with
 * the table, as before 0.3, held thousands of figures each when an army
 * stood on a small part of a large table: setting up was O(n^2).) The
 * grid holds the figures as the last committed action left them; during
 * an action the figures it has changed (its journal) and the ones it has
 * made are looked at as they stand instead.
 */
#define GRID_CELL (4 * MIL)

static int
grid_coord(int32_t v)
{
	return v < 0 ? 0 : (int)(v / GRID_CELL);
}

/* the bucket of cell (cx, cy): a multiplicative hash, in unsigned 32-bit
 * arithmetic (the same on every compiler; derived data only) */
static int
grid_bucket(const skirmish_game *g, int cx, int cy)
{
	uint32_t h = (uint32_t)cx * UINT32_C(0x9E3779B1) ^ (uint32_t)cy * UINT32_C(0x85EBCA77);

	h ^= h >> 15;
	return (int)(h & (uint32_t)(g->grid_buckets - 1));
}

int
sk_grid_bucket_of(const skirmish_game *g, int32_t x, int32_t y)
{
	return grid_bucket(g, grid_coord(x), grid_coord(y));
}

static void
grid_unlink(skirmish_game *g, int id)
{
	int c = g->grid_at[id];
	int32_t *p;

	if (c < 0)
		return;
	for (p = &g->grid_head[c]; *p >= 0; p = &g->grid_next[*p])
		if (*p == id) {
			*p = g->grid_next[id];
			break;
		}
	g->grid_at[id] = -1;
}

void
sk_grid_refile(skirmish_game *g, int id)
{
	const struct sk_fig *f;
	int c;

	if (!g->grid_ok || id < 0 || id >= g->capgrid_figs)
		return;
	if (id >= g->nfigs) {
		grid_unlink(g, id);
		return;
	}
	f = &g->figs[id];
	if (f->w + f->d > g->grid_reach)
		g->grid_reach = f->w + f->d;
	c = sk_grid_bucket_of(g, f->x, f->y);
	if (c == g->grid_at[id])
		return;
	grid_unlink(g, id);
	g->grid_next[id] = g->grid_head[c];
	g->grid_head[c] = id;
	g->grid_at[id] = c;
}

void
sk_grid_spot_of(const skirmish_game *g, int id, struct sk_grid_spot *s)
{
	int32_t i;

	s->cell = -1;
	s->prev = -1;
	if (!g->grid_ok || id < 0 || id >= g->capgrid_figs || g->grid_at[id] < 0)
		return;
	s->cell = g->grid_at[id];
	for (i = g->grid_head[s->cell]; i >= 0 && i != id; i = g->grid_next[i])
		s->prev = i;
}

void
sk_grid_put_back(skirmish_game *g, int id, const struct sk_grid_spot *s)
{
	if (!g->grid_ok || id < 0 || id >= g->capgrid_figs)
		return;
	grid_unlink(g, id);
	if (s->cell < 0)
		return;
	if (s->prev < 0) {
		g->grid_next[id] = g->grid_head[s->cell];
		g->grid_head[s->cell] = id;
	} else {
		g->grid_next[id] = g->grid_next[s->prev];
		g->grid_next[s->prev] = id;
	}
	g->grid_at[id] = s->cell;
}

/* a power of two, at least 2 * slots + 64 (slots are at most 10,000,000) */
static int
grid_buckets_for(int slots)
{
	int b = 64;

	while (b < 2 * slots + 64)
		b *= 2;
	return b;
}

int
sk_grid_reserve(skirmish_game *g, int slots)
{
	int buckets;
	void *p;

	/* the arrays only grow (sk_grid_free resets this): a repeat of the
	 * last reservation that held, as every copy of a game makes, holds */
	if (g->grid_rsv_slots == slots && g->capgrid_figs > 0)
		return 0;
	buckets = grid_buckets_for(slots);
	if (g->capgrid_head < buckets) {
		p = sk_alloc(g, g->grid_head, (size_t)g->capgrid_head * sizeof(int32_t),
			     (size_t)buckets * sizeof(int32_t));
		if (!p)
			return sk_error(g, SKIRMISH_E_NOMEM, "out of memory");
		g->grid_head = p;
		g->capgrid_head = buckets;
	}
	if (g->capgrid_figs < slots) {
		p = sk_alloc(g, g->grid_next, (size_t)g->capgrid_figs * sizeof(int32_t),
			     (size_t)slots * sizeof(int32_t));
		if (!p)
			return sk_error(g, SKIRMISH_E_NOMEM, "out of memory");
		g->grid_next = p;
		p = sk_alloc(g, g->grid_at, (size_t)g->capgrid_figs * sizeof(int32_t),
			     (size_t)slots * sizeof(int32_t));
		if (!p) {
			/* keep the two arrays the same size */
			p = sk_alloc(g, g->grid_next, (size_t)slots * sizeof(int32_t),
				     (size_t)g->capgrid_figs * sizeof(int32_t));
			if (p || g->capgrid_figs == 0)
				g->grid_next = p;
			return sk_error(g, SKIRMISH_E_NOMEM, "out of memory");
		}
		g->grid_at = p;
		g->capgrid_figs = slots;
	}
	g->grid_rsv_slots = slots;
	return 0;
}

int
sk_grid_build(skirmish_game *g)
{
	int slots = g->capfigs > g->nfigs ? g->capfigs : g->nfigs, i;

	g->grid_ok = 0;
	if (sk_grid_reserve(g, slots) < 0)
		return SKIRMISH_E_NOMEM;
	g->grid_buckets = grid_buckets_for(slots);
	g->grid_reach = 0;
	for (i = 0; i < g->grid_buckets; i++)
		g->grid_head[i] = -1;
	for (i = 0; i < g->capgrid_figs; i++) {
		g->grid_next[i] = -1;
		g->grid_at[i] = -1;
	}
	g->grid_ok = 1;
	for (i = g->nfigs - 1; i >= 0; i--)
		sk_grid_refile(g, i);
	return 0;
}

/* The index of src into dst after a copy, when dst has room; else dst's
 * next action builds it. Allocates nothing. */
void
sk_grid_copy(skirmish_game *dst, const skirmish_game *src)
{
	int cells = src->grid_buckets, i, end;

	dst->grid_ok = 0;
	if (!src->grid_ok || dst->capgrid_head < cells || dst->capgrid_figs < src->nfigs ||
	    src->capgrid_figs < src->nfigs)
		return;
	memcpy(dst->grid_head, src->grid_head, (size_t)cells * sizeof(int32_t));
	memcpy(dst->grid_next, src->grid_next, (size_t)src->nfigs * sizeof(int32_t));
	memcpy(dst->grid_at, src->grid_at, (size_t)src->nfigs * sizeof(int32_t));
	/* slots past the figures are in no cell (a horse marker's, later);
	 * no figure has an id at or past fig_slots (act.c sk_fig_new) */
	end = dst->fig_slots < dst->capgrid_figs ? dst->fig_slots : dst->capgrid_figs;
	for (i = src->nfigs; i < end; i++) {
		dst->grid_next[i] = -1;
		dst->grid_at[i] = -1;
	}
	dst->grid_buckets = src->grid_buckets;
	dst->grid_reach = src->grid_reach;
	dst->grid_ok = 1;
}

void
sk_grid_free(skirmish_game *g)
{
	sk_alloc(g, g->grid_head, (size_t)g->capgrid_head * sizeof(int32_t), 0);
	sk_alloc(g, g->grid_next, (size_t)g->capgrid_figs * sizeof(int32_t), 0);
	sk_alloc(g, g->grid_at, (size_t)g->capgrid_figs * sizeof(int32_t), 0);
	g->grid_head = g->grid_next = g->grid_at = NULL;
	g->capgrid_head = g->capgrid_figs = 0;
	g->grid_rsv_slots = 0;
	g->grid_ok = 0;
}

/* changed by the action under way: not where the grid has it */
static int
grid_stale(const skirmish_game *g, int id)
{
	return g->in_action && (id >= g->saved_nfigs || g->fig_mark[id] == g->serial);
}

static inline int
near_add(const skirmish_game *g, int id, int32_t minx, int32_t miny, int32_t maxx,
	 int32_t maxy, int *ids, int n, int cap)
{
	const struct sk_fig *f = &g->figs[id];
	int32_t r = f->w + f->d;

	if (f->x + r < minx || f->x - r > maxx || f->y + r < miny || f->y - r > maxy)
		return n;
	if (n >= cap)
		return -1;
	ids[n] = id;
	return n + 1;
}

/* Every figure near_add would take, in id order: the index's answer for
 * a small game or a box of more cells than figures (near_add's test, in
 * one loop the compiler keeps tight). */
static int
near_scan(const skirmish_game *g, int32_t minx, int32_t miny, int32_t maxx, int32_t maxy,
	  int *ids, int cap)
{
	const struct sk_fig *f = g->figs;
	int i, n = 0;

	for (i = 0; i < g->nfigs; i++, f++) {
		int32_t r = f->w + f->d;

		if (f->x + r < minx || f->x - r > maxx || f->y + r < miny || f->y - r > maxy)
			continue;
		if (n >= cap)
			return -1;
		ids[n++] = i;
	}
	return n;
}

/* ids[0..n) into increasing order: insertion for a few (most answers),
 * a heap sort for many, so that a large answer costs n log n, not n^2 */
static void
near_sift(int *ids, int i, int n)
{
	int c, v;

	for (;;) {
		c = 2 * i + 1;
		if (c >= n)
			return;
		if (c + 1 < n && ids[c + 1] > ids[c])
			c++;
		if (ids[i] >= ids[c])
			return;
		v = ids[i];
		ids[i] = ids[c];
		ids[c] = v;
		i = c;
	}
}

static void
near_sort(int *ids, int n)
{
	int i, j, v;

	if (n <= 32) {
		for (i = 1; i < n; i++) {
			v = ids[i];
			for (j = i; j > 0 && ids[j - 1] > v; j--)
				ids[j] = ids[j - 1];
			ids[j] = v;
		}
		return;
	}
	for (i = n / 2 - 1; i >= 0; i--)
		near_sift(ids, i, n);
	for (i = n - 1; i > 0; i--) {
		v = ids[0];
		ids[0] = ids[i];
		ids[i] = v;
		near_sift(ids, 0, i);
	}
}

int
sk_near_cap(const skirmish_game *g, int32_t minx, int32_t miny, int32_t maxx, int32_t maxy,
	    int32_t margin, int *ids, int cap)
{
	int64_t reach;
	int cx0, cx1, cy0, cy1, cx, cy, n = 0, i, j;
	const struct sk_fig *f;

	if (!g->grid_ok || g->capgrid_figs < g->nfigs)
		return -1;
	minx -= margin;
	miny -= margin;
	maxx += margin;
	maxy += margin;
	/* A small game: the figures as they stand, each tested as the grid's
	 * are, in id order, cost less than the cells of even a base's
	 * neighbours (the same figures: those the cells hold that pass
	 * near_add, the changed and the new ones where they are now) */
	if (g->nfigs <= SK_NEAR_SCAN_FIGS)
		return near_scan(g, minx, miny, maxx, maxy, ids, cap);
	reach = g->grid_reach;
	/* no figure's centre is past SK_COORD_MAX (a coordinate's cell
	 * fits an int); near_add takes only a figure whose centre is within
	 * its own w + d, at most reach, of the box: its cell is one of these
	 * (a cell more on each side, as before, was four cells in nine more
	 * to look at for a base's neighbours) */
	cx0 = grid_coord((int32_t)(minx - reach < 0 ? 0 : minx - reach));
	cy0 = grid_coord((int32_t)(miny - reach < 0 ? 0 : miny - reach));
	cx1 = grid_coord(maxx + reach > SK_COORD_MAX ? SK_COORD_MAX
						    : (int32_t)(maxx + reach));
	cy1 = grid_coord(maxy + reach > SK_COORD_MAX ? SK_COORD_MAX
						    : (int32_t)(maxy + reach));
	/* A box of more cells than there are figures: each figure tested,
	 * in id order, costs less than the cells (and is the same answer),
	 * so that a query of any size costs at most the smaller of its cells
	 * and the figures (a bow's reach is 289 cells of 4", past the 256
	 * this gave up at before) */
	if ((int64_t)(cx1 - cx0 + 1) * (cy1 - cy0 + 1) > (int64_t)g->nfigs)
		return near_scan(g, minx, miny, maxx, maxy, ids, cap);
	for (cy = cy0; cy <= cy1; cy++)
		for (cx = cx0; cx <= cx1; cx++)
			for (i = g->grid_head[grid_bucket(g, cx, cy)]; i >= 0; i = g->grid_next[i]) {
				if (i >= g->nfigs || grid_stale(g, i))
					continue;
				/* a bucket holds other cells too */
				f = &g->figs[i];
				if (grid_coord(f->x) != cx || grid_coord(f->y) != cy)
					continue;
				n = near_add(g, i, minx, miny, maxx, maxy, ids, n, cap);
				if (n < 0)
					return -1;
			}
	if (g->in_action) {
		for (j = 0; j < g->njournal; j++) {
			const struct sk_journal_entry *e = &g->journal[j];
			if (e->kind != SK_ENTRY_FIG || e->id >= g->nfigs)
				continue;
			n = near_add(g, e->id, minx, miny, maxx, maxy, ids, n, cap);
			if (n < 0)
				return -1;
		}
		for (i = g->saved_nfigs; i < g->nfigs; i++) {
			n = near_add(g, i, minx, miny, maxx, maxy, ids, n, cap);
			if (n < 0)
				return -1;
		}
	}
	/* in id order, as a scan would see them */
	near_sort(ids, n);
	return n;
}

int
sk_near(const skirmish_game *g, int32_t minx, int32_t miny, int32_t maxx, int32_t maxy,
	int32_t margin, int *ids)
{
	return sk_near_cap(g, minx, miny, maxx, maxy, margin, ids, SK_NEAR_MAX);
}

int
sk_near_fig(const skirmish_game *g, int id, int32_t margin, int *ids)
{
	const struct sk_fig *f = &g->figs[id];
	int32_t r = f->w + f->d;

	return sk_near_cap(g, f->x - r, f->y - r, f->x + r, f->y + r, margin, ids, SK_NEAR_MAX);
}
