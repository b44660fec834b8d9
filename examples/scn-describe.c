/*
 * How the console and the demo describe results, figures and the game
 * for people.
 */
#define _POSIX_C_SOURCE 200809L

#include <string.h>

#include "scn-private.h"

/* ------------------------------------------------------------------ */
/* printing                                                            */
/* ------------------------------------------------------------------ */

static const char *const purpose_names[] = { "order", "shoot", "save", "horse", "melee" };

void
scn_print_result(struct scn *s, const skirmish_result *r)
{
	int i;

	fprintf(s->out, "%s\n", r->text ? r->text : "(no description)");
	if (!s->verbose)
		return;
	if (r->ndice) {
		fprintf(s->out, "    dice:");
		for (i = 0; i < r->ndice; i++) {
			const skirmish_die *d = &r->dice[i];
			skirmish_figure_info fi = SKIRMISH_FIGURE_INFO_INIT;
			const char *who = "";

			if (d->figure >= 0 && s->game &&
			    skirmish_game_figure(s->game, d->figure, &fi) == 0)
				who = fi.name;
			fprintf(s->out, "%s ", i ? "," : "");
			if (*who)
				fprintf(s->out, "%s ", who);
			else
				fprintf(s->out, "%s ", scn_player_name(s, d->player));
			fprintf(s->out, "d%d=%d", d->sides, d->value);
			if (d->purpose >= 0 && d->purpose < 5)
				fprintf(s->out, " (%s%s)", purpose_names[d->purpose],
					d->round > 0 ? ", again" : "");
		}
		fputc('\n', s->out);
	}
	if (r->nmodifiers) {
		fprintf(s->out, "    modifiers:");
		for (i = 0; i < r->nmodifiers; i++) {
			const skirmish_modifier *m = &r->modifiers[i];
			skirmish_figure_info fi = SKIRMISH_FIGURE_INFO_INIT;
			const char *mn = skirmish_modifier_name(m->source);

			fprintf(s->out, "%s %+d %s", i ? "," : "", m->value,
				mn ? mn : "?");
			if (m->figure >= 0 && s->game &&
			    skirmish_game_figure(s->game, m->figure, &fi) == 0)
				fprintf(s->out, " for %s", fi.name);
			if (m->rule)
				fprintf(s->out, " [%s]", m->rule);
		}
		fputc('\n', s->out);
	}
}

static void
put_equipment(struct scn *s, const skirmish_figure_info *fi)
{
	const char *m = skirmish_melee_weapon_name(fi->melee_weapon);
	const char *x = skirmish_missile_weapon_name(fi->missile_weapon);

	if (fi->dv)
		fprintf(s->out, ", d%d", fi->dv);
	fprintf(s->out, ", %s", m ? m : "?");
	if (fi->missile_weapon && x)
		fprintf(s->out, ", %s%s", x, fi->loaded ? "" : " (unloaded)");
	if (fi->armour)
		fprintf(s->out, ", armour");
	if (fi->shield)
		fprintf(s->out, ", shield");
	if (fi->martial_arts)
		fprintf(s->out, ", martial arts");
	if (fi->mounted)
		fprintf(s->out, ", mounted");
}

void
scn_print_figure(struct scn *s, int id)
{
	skirmish_figure_info fi = SKIRMISH_FIGURE_INFO_INIT;

	if (!s->game || skirmish_game_figure(s->game, id, &fi) < 0)
		return;
	fprintf(s->out, "#%d %s (%s) at (%.2f, %.2f) facing %g", id, fi.name,
		scn_player_name(s, fi.player), fi.x, fi.y, fi.facing);
	if (fi.is_horse) {
		fprintf(s->out, ", riderless horse%s\n", fi.removed ? ", removed" : "");
		return;
	}
	put_equipment(s, &fi);
	if (fi.removed) {
		fprintf(s->out, "; removed\n");
		return;
	}
	if (fi.rings)
		fprintf(s->out, "; %d ring%s", fi.rings, fi.rings == 1 ? "" : "s");
	if (fi.suppressed)
		fprintf(s->out, "; suppressed");
	if (fi.in_melee)
		fprintf(s->out, "; in melee");
	if (fi.elevation > 0)
		fprintf(s->out, "; on a hill %.1f\" high", fi.elevation);
	/* the allowance is its side's, in its side's turn (S9, A3) */
	if (skirmish_game_state(s->game) == SKIRMISH_STATE_PLAYING &&
	    fi.player == skirmish_game_active_player(s->game)) {
		if (fi.can_act)
			fprintf(s->out, "; can act, %.2f\" of move left", fi.move_left);
		else
			fprintf(s->out, "; cannot act");
	}
	fputc('\n', s->out);
}

void
scn_after_action(struct scn *s, const skirmish_result *r)
{
	scn_print_result(s, r);
	if (s->hook)
		s->hook(s->hook_data, s->game, r);
}

/* ------------------------------------------------------------------ */
/* the game                                                            */
/* ------------------------------------------------------------------ */

void
scn_print_status(struct scn *s)
{
	skirmish_game *g = s->game;
	int st, w;

	if (!g) {
		fprintf(s->out, "setting up a %s game for %d players%s (no figures yet)\n",
			s->ruleset, s->opt.players, s->opt.umpire ? " and an umpire" : "");
		return;
	}
	st = skirmish_game_state(g);
	fprintf(s->out, "%s: ", skirmish_ruleset_name(skirmish_game_ruleset(g)));
	if (st == SKIRMISH_STATE_SETUP) {
		fprintf(s->out, "setup, %d figures, %d terrain pieces\n",
			skirmish_game_figure_count(g), skirmish_game_terrain_count(g));
	} else if (st == SKIRMISH_STATE_PLAYING) {
		fprintf(s->out, "turn %d, %s to play, %s phase\n", skirmish_game_turn(g),
			scn_player_name(s, skirmish_game_active_player(g)),
			skirmish_phase_name(skirmish_game_phase(g)));
	} else {
		w = skirmish_game_winner(g);
		if (w >= 0)
			fprintf(s->out, "the game is over after turn %d: %s wins\n",
				skirmish_game_turn(g), scn_player_name(s, w));
		else
			fprintf(s->out, "the game is over after turn %d without a winner\n",
				skirmish_game_turn(g));
	}
}
