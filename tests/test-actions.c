/* SPDX-License-Identifier: MIT */
/* The action framework (act.c, result.c): results, sentences, events,
 * the journal (G6, G7). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "test-common.h"
#include "test-stub.h"

/* a shooter (0) and its target (1), started, player 0 to act */
static skirmish_game *
duel(void)
{
	skirmish_game *g = stub_game(2);

	stub_archer(g, 0, "Kyuzo", 10, 10);
	tc_figure(g, 1, "Goro", 10, 20, NULL);
	tc_start(g);
	return g;
}

START_TEST(result_contents_of_a_shot)
{
	skirmish_game *g = stub_game(2);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	const skirmish_effect *e;

	stub_archer(g, 0, "Kyuzo", 10, 10);
	tc_figure(g, 1, "Goro", 10, 20, NULL);
	tc_rect(g, SKIRMISH_TERRAIN_COVER, 8, 19, 12, 21);
	tc_start(g);
	tc_dice(g, 2, 2, 4);
	ck_assert_ok(skirmish_shoot(g, 0, 1, &r));
	ck_assert_uint_eq(r.version, SKIRMISH_RESULT_VERSION);
	ck_assert_int_eq(r.action, SKIRMISH_ACTION_SHOOT);
	ck_assert_int_eq(r.figure, 0);
	ck_assert_int_eq(r.target, 1);
	ck_assert_int_eq(r.player, 0);
	ck_assert(r.distance == 9.0);
	ck_assert_int_eq(r.score[0], 2);
	ck_assert_int_eq(r.score[1], 5);          /* 4 + 1 for cover */
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_KILL); /* 2 + 5 - 5 = 2 */
	ck_assert_int_eq(r.ndice, 2);
	ck_assert_int_eq(r.nmodifiers, 1);
	ck_assert_int_eq(r.modifiers[0].figure, 1);
	ck_assert_int_eq(r.modifiers[0].side, 1);
	ck_assert_int_eq(r.modifiers[0].value, 1);
	ck_assert_int_eq(r.modifiers[0].source, SKIRMISH_MOD_COVER);
	ck_assert_str_eq(r.modifiers[0].rule, "T2");
	ck_assert_ptr_eq(tc_mod(&r, SKIRMISH_MOD_COVER, 1), &r.modifiers[0]);
	ck_assert_int_eq(r.neffects, 2);          /* killed, then game over */
	e = tc_effect(&r, SKIRMISH_EFFECT_KILLED, 1);
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(e->player, 1);
	ck_assert_int_eq(e->other, -1);
	ck_assert(e->x0 == 10.0 && e->y0 == 20.0);
	ck_assert_str_eq(e->rule, "T2");
	ck_assert_int_eq(tc_info(g, 1).removed, 1);
	ck_assert_ptr_nonnull(r.text);
	skirmish_game_free(g);
}
END_TEST

START_TEST(result_move_effect_and_sentence)
{
	skirmish_game *g = duel();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	double to[2] = { 13, 12 };
	const skirmish_effect *e;

	ck_assert_ok(skirmish_move(g, 0, to, 1, 90.0, &r));
	ck_assert_int_eq(r.action, SKIRMISH_ACTION_MOVE);
	ck_assert_int_eq(r.target, -1);
	ck_assert_int_eq(r.ndice, 0);
	ck_assert_int_eq(r.outcome, SKIRMISH_OUTCOME_NONE);
	e = tc_effect(&r, SKIRMISH_EFFECT_MOVED, 0);
	ck_assert_ptr_nonnull(e);
	ck_assert(e->x0 == 10 && e->y0 == 10 && e->facing0 == 0);
	ck_assert(e->x1 == 13 && e->y1 == 12 && e->facing1 == 90);
	ck_assert_str_eq(r.text, "Kyuzo moves from (10.0, 10.0) to (13.0, 12.0).");
	skirmish_game_free(g);
}
END_TEST

START_TEST(result_sentences_of_the_engine)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_game *g;

	g = stub_game_opts(&o);
	tc_figure(g, 0, "a", 10, 10, NULL);
	tc_figure(g, 1, "b", 20, 10, NULL);
	tc_dice(g, 2, 2, 5);
	ck_assert_ok(skirmish_game_start(g, &r));
	ck_assert_str_eq(r.text, "The game starts: player 0 rolls 2, player 1 rolls 5; "
			 "order of play: 1 0; turn 1: player 1 to play.");
	ck_assert_ok(skirmish_end_turn(g, &r));
	ck_assert_str_eq(r.text, "Player 1 ends its turn; turn 1: player 0 to play.");
	skirmish_game_free(g);
}
END_TEST

/* skirmish_game_describe() works as snprintf. */
START_TEST(result_describe_as_snprintf)
{
	skirmish_game *g = duel();
	skirmish_result r = SKIRMISH_RESULT_INIT, bad;
	char small[8], big[128];
	int n;

	ck_assert_ok(skirmish_end_turn(g, &r));
	n = skirmish_game_describe(g, &r, big, sizeof(big));
	ck_assert_int_eq(n, (int)strlen(r.text));
	ck_assert_str_eq(big, r.text);
	ck_assert_int_eq(skirmish_game_describe(g, &r, small, sizeof(small)), n);
	ck_assert_str_eq(small, "Player ");
	ck_assert_int_eq(skirmish_game_describe(g, &r, NULL, 0), n);
	bad = r;
	bad.version = 2;
	ck_assert_int_eq(skirmish_game_describe(g, &bad, big, sizeof(big)), SKIRMISH_E_VERSION);
	bad = r;
	bad.ndice = 1;
	bad.dice = NULL;
	ck_assert_int_eq(skirmish_game_describe(g, &bad, big, sizeof(big)), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_describe(g, &r, NULL, 4), SKIRMISH_E_INVALID);
	skirmish_game_free(g);
}
END_TEST

/* A caller's result given to describe may count rings anyhow: the
 * extremes of an int are written as the numbers they are (INT_MIN's
 * magnitude is no int: negating it was undefined). */
START_TEST(result_describe_ring_counts_at_the_extremes)
{
	skirmish_game *g = duel();
	skirmish_result r = SKIRMISH_RESULT_INIT, mine;
	skirmish_effect e[3];
	char want[64], text[512];
	int k;

	ck_assert_ok(skirmish_end_turn(g, &r));
	for (k = 0; k < 3; k++) {
		memset(&e[k], 0, sizeof(e[k]));
		e[k].kind = SKIRMISH_EFFECT_RINGS;
		e[k].figure = 0;
		e[k].other = -1;
		e[k].player = 0;
	}
	e[0].value = INT_MIN;
	e[1].value = INT_MAX;
	e[2].value = -3;
	mine = r;
	mine.effects = e;
	mine.neffects = 3;
	ck_assert_int_gt(skirmish_game_describe(g, &mine, text, sizeof(text)), 0);
	snprintf(want, sizeof(want), " loses %lld rings", -(long long)INT_MIN);
	ck_assert_msg(strstr(text, want) != NULL, "%s", text);
	snprintf(want, sizeof(want), " takes %d rings", INT_MAX);
	ck_assert_msg(strstr(text, want) != NULL, "%s", text);
	ck_assert_msg(strstr(text, " loses 3 rings") != NULL, "%s", text);
	skirmish_game_free(g);
}
END_TEST

/* The last successful result can be read again; a rejected action does not
 * replace it. */
START_TEST(result_last_result)
{
	skirmish_game *g = stub_game(2);
	skirmish_result r = SKIRMISH_RESULT_INIT, last = SKIRMISH_RESULT_INIT;
	double far[2] = { 10, 40 };

	stub_archer(g, 0, "Kyuzo", 10, 10);
	tc_figure(g, 1, "Goro", 10, 20, NULL);
	ck_assert_int_eq(skirmish_game_last_result(g, &last), SKIRMISH_E_STATE);
	tc_start(g);
	tc_dice(g, 2, 6, 6);
	ck_assert_ok(skirmish_shoot(g, 0, 1, &r));
	ck_assert_ok(skirmish_game_last_result(g, &last));
	ck_assert_int_eq(memcmp(&r, &last, sizeof(r)), 0);
	ck_assert_rejected(g, skirmish_move(g, 0, far, 1, -1, NULL), SKIRMISH_E_CANNOT_ACT);
	ck_assert_ok(skirmish_game_last_result(g, &last));
	ck_assert_int_eq(last.action, SKIRMISH_ACTION_SHOOT);
	ck_assert_str_eq(last.text, r.text);
	/* a NULL result is allowed for any action */
	ck_assert_ok(skirmish_end_turn(g, NULL));
	ck_assert_ok(skirmish_game_last_result(g, &last));
	ck_assert_int_eq(last.action, SKIRMISH_ACTION_END_TURN);
	skirmish_game_free(g);
}
END_TEST

struct ev_log {
	int kinds[32];
	const void *ptrs[32];
	int n;
	skirmish_game *g;
	int nested_rc;
};

static void
on_event(void *ud, const skirmish_event *ev)
{
	struct ev_log *l = ud;

	if (l->n < 32) {
		l->kinds[l->n] = ev->kind;
		l->ptrs[l->n] = ev->kind == SKIRMISH_EVENT_DIE ? (const void *)ev->die
			      : ev->kind == SKIRMISH_EVENT_MODIFIER ? (const void *)ev->modifier
			      : ev->kind == SKIRMISH_EVENT_EFFECT ? (const void *)ev->effect
			      : (const void *)ev->result;
	}
	l->n++;
}

/* Events: every die, then every modifier, then every effect, in the
 * result's order, then the whole result; nothing for a rejected action. */
START_TEST(events_in_order)
{
	skirmish_game *g = stub_game(2);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	struct ev_log log;
	int i;

	memset(&log, 0, sizeof(log));
	stub_archer(g, 0, "Kyuzo", 10, 10);
	tc_figure(g, 1, "Goro", 10, 20, NULL);
	tc_figure(g, 1, "Heihachi", 30, 20, NULL);
	tc_rect(g, SKIRMISH_TERRAIN_COVER, 8, 19, 12, 21);
	tc_start(g);
	ck_assert_ok(skirmish_game_set_event_callback(g, on_event, &log));
	tc_dice(g, 2, 1, 1);
	ck_assert_ok(skirmish_shoot(g, 0, 1, &r));
	ck_assert_int_eq(r.ndice + r.nmodifiers + r.neffects + 1, log.n);
	ck_assert_int_eq(log.n, 5);
	ck_assert_int_eq(log.kinds[0], SKIRMISH_EVENT_DIE);
	ck_assert_ptr_eq(log.ptrs[0], &r.dice[0]);
	ck_assert_int_eq(log.kinds[1], SKIRMISH_EVENT_DIE);
	ck_assert_ptr_eq(log.ptrs[1], &r.dice[1]);
	ck_assert_int_eq(log.kinds[2], SKIRMISH_EVENT_MODIFIER);
	ck_assert_ptr_eq(log.ptrs[2], &r.modifiers[0]);
	ck_assert_int_eq(log.kinds[3], SKIRMISH_EVENT_EFFECT);
	ck_assert_ptr_eq(log.ptrs[3], &r.effects[0]);
	ck_assert_int_eq(log.kinds[4], SKIRMISH_EVENT_RESULT);
	/* rejected: no event */
	ck_assert_rejected(g, skirmish_shoot(g, 0, 2, &r), SKIRMISH_E_CANNOT_ACT);
	ck_assert_int_eq(log.n, 5);
	/* the callback can be removed */
	ck_assert_ok(skirmish_game_set_event_callback(g, NULL, NULL));
	ck_assert_ok(skirmish_end_turn(g, &r));
	ck_assert_int_eq(log.n, 5);
	for (i = 0; i < 4; i++)
		ck_assert_int_ne(log.kinds[i], SKIRMISH_EVENT_RESULT);
	skirmish_game_free(g);
}
END_TEST

/* Events given at creation; the start's events too. */
START_TEST(events_from_options)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	static const int order[2] = { 1, 0 };
	struct ev_log log;
	skirmish_game *g;

	memset(&log, 0, sizeof(log));
	o.event = on_event;
	o.event_data = &log;
	o.player_order = order;
	g = stub_game_opts(&o);
	tc_figure(g, 0, "a", 10, 10, NULL);
	tc_figure(g, 1, "b", 20, 10, NULL);
	tc_start(g);
	/* ORDER, ORDER, TURN_STARTS, then the result */
	ck_assert_int_eq(log.n, 4);
	ck_assert_int_eq(((const skirmish_effect *)log.ptrs[0])->kind, SKIRMISH_EFFECT_ORDER);
	ck_assert_int_eq(((const skirmish_effect *)log.ptrs[2])->kind, SKIRMISH_EFFECT_TURN_STARTS);
	ck_assert_int_eq(log.kinds[3], SKIRMISH_EVENT_RESULT);
	skirmish_game_free(g);
}
END_TEST

/* G7: a failure after the ruleset has changed figures, made a new figure
 * slot and a melee puts everything back, slots included. */
START_TEST(g7_failed_action_undoes_new_slots)
{
	skirmish_game *g = stub_game(2);
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	int nmelees;

	s.mounted = 1;
	s.dv = 99;
	tc_figure(g, 0, "refuser", 10, 10, &s);
	s.dv = 6;
	tc_figure(g, 0, "rider", 10, 20, &s);
	tc_figure(g, 1, "foe", 30, 30, NULL);
	tc_start(g);
	nmelees = g->nmelees;
	ck_assert_rejected(g, skirmish_dismount(g, 0, &r), SKIRMISH_E_CANNOT_ACT);
	ck_assert(strstr(skirmish_game_errmsg(g), "T3: refused after the changes") != NULL);
	ck_assert_int_eq(skirmish_game_figure_count(g), 3);
	ck_assert_int_eq(g->nmelees, nmelees);
	ck_assert_int_eq(tc_info(g, 0).mounted, 1);
	ck_assert_int_eq(tc_info(g, 0).melee_id, -1);
	/* the same with success: a horse marker appears */
	ck_assert_ok(skirmish_dismount(g, 1, &r));
	ck_assert_int_eq(skirmish_game_figure_count(g), 4);
	ck_assert_int_eq(tc_info(g, 3).is_horse, 1);
	ck_assert_int_eq(tc_effect(&r, SKIRMISH_EFFECT_DISMOUNTED, 1)->other, 3);
	/* a horse marker is not a figure that acts */
	ck_assert_rejected(g, skirmish_dismount(g, 3, &r), SKIRMISH_E_CANNOT_ACT);
	ck_assert(strstr(skirmish_game_errmsg(g), "riderless horse") != NULL);
	skirmish_game_free(g);
}
END_TEST

/* What the framework checks before any ruleset sees the action (G7). */
START_TEST(g7_framework_checks)
{
	skirmish_game *g = duel();
	skirmish_result r = SKIRMISH_RESULT_INIT;

	ck_assert_rejected(g, skirmish_shoot(g, 1, 0, &r), SKIRMISH_E_NOT_YOUR_TURN);
	ck_assert(strstr(skirmish_game_errmsg(g), "Goro belongs to player 1; it is player 0's turn")
		  != NULL);
	ck_assert_rejected(g, skirmish_shoot(g, 2, 0, &r), SKIRMISH_E_NO_FIGURE);
	ck_assert_rejected(g, skirmish_shoot(g, -1, 0, &r), SKIRMISH_E_NO_FIGURE);
	ck_assert_rejected(g, skirmish_shoot(g, 0, 2, &r), SKIRMISH_E_NO_FIGURE);
	/* -1 is no figure: the ruleset never sees it (it would read figs[-1]) */
	ck_assert_rejected(g, skirmish_shoot(g, 0, -1, &r), SKIRMISH_E_NO_FIGURE);
	ck_assert_rejected(g, skirmish_mount(g, 0, -1, &r), SKIRMISH_E_NO_FIGURE);
	ck_assert_rejected(g, skirmish_dismount(g, -1, &r), SKIRMISH_E_NO_FIGURE);
	ck_assert_rejected(g, skirmish_turn(g, -1, 90, &r), SKIRMISH_E_NO_FIGURE);
	ck_assert_rejected(g, skirmish_reload(g, -1, &r), SKIRMISH_E_NO_FIGURE);
	ck_assert_rejected(g, skirmish_fight(g, -1, &r), SKIRMISH_E_NO_FIGURE);
	ck_assert_rejected(g, skirmish_shoot(g, 0, 0, &r), SKIRMISH_E_TARGET);
	ck_assert_rejected(g, skirmish_reload(g, 0, &r), SKIRMISH_E_UNSUPPORTED);
	ck_assert_rejected(g, skirmish_fight(g, 0, &r), SKIRMISH_E_UNSUPPORTED);
	ck_assert_rejected(g, skirmish_mount(g, 0, 1, &r), SKIRMISH_E_UNSUPPORTED);
	ck_assert_rejected(g, skirmish_turn(g, 0, 90, &r), SKIRMISH_E_UNSUPPORTED);
	tc_dice(g, 2, 1, 1);
	ck_assert_ok(skirmish_shoot(g, 0, 1, &r));
	skirmish_game_free(g);
}
END_TEST

/* A removed figure cannot act, and is no target. */
START_TEST(g7_removed_figure)
{
	skirmish_game *g = stub_game(2);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	double to[2] = { 10, 25 };

	stub_archer(g, 0, "a", 10, 10);
	stub_archer(g, 0, "b", 20, 10);
	tc_figure(g, 1, "c", 10, 20, NULL);
	tc_figure(g, 1, "d", 20, 20, NULL);
	tc_start(g);
	tc_dice(g, 2, 1, 1);
	ck_assert_ok(skirmish_shoot(g, 0, 2, &r));
	ck_assert_rejected(g, skirmish_shoot(g, 1, 2, &r), SKIRMISH_E_TARGET);
	ck_assert_ok(skirmish_end_turn(g, &r));
	ck_assert_rejected(g, skirmish_move(g, 2, to, 1, -1, &r), SKIRMISH_E_CANNOT_ACT);
	ck_assert(strstr(skirmish_game_errmsg(g), "removed from play") != NULL);
	skirmish_game_free(g);
}
END_TEST

/* Actions as data run the same checks and the same code. */
START_TEST(actions_as_data)
{
	skirmish_game *g = duel();
	skirmish_result r = SKIRMISH_RESULT_INIT;
	skirmish_action a;

	ck_assert_ok(skirmish_action_init(&a, SKIRMISH_ACTION_VERSION));
	ck_assert_int_eq(skirmish_action_init(&a, 0), SKIRMISH_E_VERSION);
	ck_assert_int_eq(a.figure, -1);
	a.kind = SKIRMISH_ACTION_MOVE;
	a.figure = 0;
	a.npoints = 0;
	ck_assert_rejected(g, skirmish_game_act(g, &a, &r), SKIRMISH_E_INVALID);
	a.npoints = SKIRMISH_PATH_MAX + 1;
	ck_assert_rejected(g, skirmish_game_act(g, &a, &r), SKIRMISH_E_INVALID);
	a.kind = 99;
	ck_assert_rejected(g, skirmish_game_act(g, &a, &r), SKIRMISH_E_INVALID);
	a.kind = SKIRMISH_ACTION_START;
	ck_assert_rejected(g, skirmish_game_act(g, &a, &r), SKIRMISH_E_STATE);
	a.version = 2;
	ck_assert_rejected(g, skirmish_game_act(g, &a, &r), SKIRMISH_E_VERSION);
	ck_assert_rejected(g, skirmish_game_act(g, NULL, &r), SKIRMISH_E_INVALID);
	a.version = SKIRMISH_ACTION_VERSION;
	a.kind = SKIRMISH_ACTION_MOVE;
	a.npoints = 1;
	a.xy[0] = 12;
	a.xy[1] = 10;
	a.facing = SKIRMISH_FACING_KEEP;
	ck_assert_ok(skirmish_game_act(g, &a, &r));
	ck_assert_int_eq(r.action, SKIRMISH_ACTION_MOVE);
	ck_assert(tc_info(g, 0).x == 12.0);
	a.kind = SKIRMISH_ACTION_END_TURN;
	ck_assert_ok(skirmish_game_act(g, &a, &r));
	ck_assert_int_eq(skirmish_game_active_player(g), 1);
	skirmish_game_free(g);
}
END_TEST

/* Every value of the public enumerations has a name. */
START_TEST(names_of_enumerations)
{
	int i;

	for (i = SKIRMISH_ACTION_NONE; i <= SKIRMISH_ACTION_CHARGE; i++)
		ck_assert_msg(skirmish_action_name(i) != NULL, "action %d", i);
	ck_assert_str_eq(skirmish_action_name(SKIRMISH_ACTION_CHARGE), "charge");
	ck_assert_ptr_null(skirmish_action_name(SKIRMISH_ACTION_CHARGE + 1));
	for (i = SKIRMISH_OUTCOME_NONE; i <= SKIRMISH_OUTCOME_STANDOFF; i++)
		ck_assert_ptr_nonnull(skirmish_outcome_name(i));
	ck_assert_ptr_null(skirmish_outcome_name(SKIRMISH_OUTCOME_STANDOFF + 1));
	for (i = SKIRMISH_MOD_COVER; i <= SKIRMISH_MOD_COMRADE; i++)
		ck_assert_ptr_nonnull(skirmish_modifier_name(i));
	ck_assert_ptr_null(skirmish_modifier_name(0));
	for (i = SKIRMISH_EFFECT_MOVED; i <= SKIRMISH_EFFECT_ORDER; i++)
		ck_assert_ptr_nonnull(skirmish_effect_name(i));
	ck_assert_ptr_null(skirmish_effect_name(0));
	for (i = 0; i < SKIRMISH_MELEE_COUNT; i++)
		ck_assert_ptr_nonnull(skirmish_melee_weapon_name(i));
	ck_assert_ptr_null(skirmish_melee_weapon_name(SKIRMISH_MELEE_COUNT));
	for (i = 0; i < SKIRMISH_MISSILE_COUNT; i++)
		ck_assert_ptr_nonnull(skirmish_missile_weapon_name(i));
	ck_assert_ptr_null(skirmish_missile_weapon_name(-1));
	ck_assert_str_eq(skirmish_melee_weapon_name(SKIRMISH_MELEE_SHORT_SWORD), "short sword");
}
END_TEST

/* Every name table answers each value it knows and NULL outside. */
START_TEST(names_of_every_enumeration)
{
	static const struct {
		const char *(*fn)(int);
		int count;
	} t[] = {
		{ skirmish_melee_weapon_name, SKIRMISH_MELEE_COUNT },
		{ skirmish_missile_weapon_name, SKIRMISH_MISSILE_COUNT },
		{ skirmish_action_name, SKIRMISH_ACTION_CHARGE + 1 },
		{ skirmish_outcome_name, SKIRMISH_OUTCOME_STANDOFF + 1 },
		{ skirmish_phase_name, SKIRMISH_PHASE_MELEE + 1 },
		{ skirmish_preset_name, SKIRMISH_PRESET_COUNT },
	};
	unsigned k;
	int v;

	for (k = 0; k < sizeof(t) / sizeof(t[0]); k++) {
		for (v = 0; v < t[k].count; v++)
			ck_assert_msg(t[k].fn(v) != NULL && t[k].fn(v)[0], "table %u value %d", k, v);
		ck_assert_ptr_null(t[k].fn(-1));
		ck_assert_ptr_null(t[k].fn(t[k].count));
	}
	/* modifier sources and effect kinds count from 1 */
	for (v = SKIRMISH_MOD_COVER; v <= SKIRMISH_MOD_COMRADE; v++)
		ck_assert_ptr_nonnull(skirmish_modifier_name(v));
	ck_assert_ptr_null(skirmish_modifier_name(0));
	ck_assert_ptr_null(skirmish_modifier_name(SKIRMISH_MOD_COMRADE + 1));
	for (v = SKIRMISH_EFFECT_MOVED; v <= SKIRMISH_EFFECT_PUSH_STOPPED; v++)
		ck_assert_ptr_nonnull(skirmish_effect_name(v));
	ck_assert_ptr_null(skirmish_effect_name(0));
	ck_assert_ptr_null(skirmish_effect_name(SKIRMISH_EFFECT_PUSH_STOPPED + 1));
	ck_assert_ptr_null(skirmish_effect_name(-5));
}
END_TEST

/* describe checks the result it is given before reading it. */
START_TEST(describe_refuses_a_malformed_result)
{
	skirmish_game *g = tc_game(SKIRMISH_RULESET_SENSO, 2);
	skirmish_result r = SKIRMISH_RESULT_INIT;
	char buf[16];

	ck_assert_int_eq(skirmish_result_init(NULL, SKIRMISH_RESULT_VERSION), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_result_init(&r, 99), SKIRMISH_E_VERSION);
	ck_assert_int_eq(skirmish_game_describe(NULL, &r, buf, sizeof(buf)), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_describe(g, NULL, buf, sizeof(buf)), SKIRMISH_E_INVALID);
	ck_assert_int_eq(skirmish_game_describe(g, &r, NULL, 5), SKIRMISH_E_INVALID);
	r.ndice = -1;
	ck_assert_int_eq(skirmish_game_describe(g, &r, buf, sizeof(buf)), SKIRMISH_E_INVALID);
	r.ndice = 2; /* and no array */
	ck_assert_int_eq(skirmish_game_describe(g, &r, buf, sizeof(buf)), SKIRMISH_E_INVALID);
	r.ndice = 0;
	r.nmodifiers = 1;
	ck_assert_int_eq(skirmish_game_describe(g, &r, buf, sizeof(buf)), SKIRMISH_E_INVALID);
	r.nmodifiers = 0;
	r.neffects = 3;
	ck_assert_int_eq(skirmish_game_describe(g, &r, buf, sizeof(buf)), SKIRMISH_E_INVALID);
	r.neffects = 0;
	r.version = 7;
	ck_assert_int_eq(skirmish_game_describe(g, &r, buf, sizeof(buf)), SKIRMISH_E_VERSION);
	r.version = SKIRMISH_RESULT_VERSION;
	/* like snprintf: the length it needs, the text cut to the buffer */
	r.action = SKIRMISH_ACTION_END_TURN;
	r.player = 1;
	ck_assert_int_eq(skirmish_game_describe(g, &r, buf, sizeof(buf)),
			 (int)strlen("Player 1 ends its turn."));
	ck_assert_str_eq(buf, "Player 1 ends i");
	ck_assert_int_eq(skirmish_game_describe(g, &r, NULL, 0), (int)strlen("Player 1 ends its turn."));
	skirmish_game_free(g);
}
END_TEST

Suite *
make_suite(void)
{
	Suite *s = suite_create("actions");

	ADD_TEST(s, result_contents_of_a_shot);
	ADD_TEST(s, names_of_every_enumeration);
	ADD_TEST(s, describe_refuses_a_malformed_result);
	ADD_TEST(s, result_move_effect_and_sentence);
	ADD_TEST(s, result_sentences_of_the_engine);
	ADD_TEST(s, result_describe_as_snprintf);
	ADD_TEST(s, result_describe_ring_counts_at_the_extremes);
	ADD_TEST(s, result_last_result);
	ADD_TEST(s, events_in_order);
	ADD_TEST(s, events_from_options);
	ADD_TEST(s, g7_failed_action_undoes_new_slots);
	ADD_TEST(s, g7_framework_checks);
	ADD_TEST(s, g7_removed_figure);
	ADD_TEST(s, actions_as_data);
	ADD_TEST(s, names_of_enumerations);
	return s;
}
