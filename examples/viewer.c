/* SPDX-License-Identifier: MIT */
/*
 * The turn viewer (see viewer.h). Each turn is kept as an HTML fragment,
 * its picture and its story, written to memory as the game goes (the
 * picture must show the table as it was then); the page puts them one
 * after another, all hidden but one, and a little script steps between
 * them.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "viewer.h"

struct viewer {
	char **turn;                /* the finished turns' fragments */
	int nturns, cap;
	char *story;                /* the turn being recorded: its story so far */
	size_t story_len;
	FILE *out;                  /* open_memstream on story */
	int player;                 /* whose actions the story is telling */
	int failed;
};

/* Opens a new story in memory, when none is open. */
static FILE *
story(struct viewer *v)
{
	if (!v->out) {
		v->story = NULL;
		v->story_len = 0;
		v->out = open_memstream(&v->story, &v->story_len);
		if (!v->out)
			v->failed = 1;
		v->player = -2;
	}
	return v->out;
}

struct viewer *
viewer_new(void)
{
	return calloc(1, sizeof(struct viewer));
}

void
viewer_free(struct viewer *v)
{
	int i;

	if (!v)
		return;
	if (v->out)
		fclose(v->out);
	free(v->story);
	for (i = 0; i < v->nturns; i++)
		free(v->turn[i]);
	free(v->turn);
	free(v);
}

int
viewer_turns(const struct viewer *v)
{
	return v->nturns;
}

int
viewer_failed(const struct viewer *v)
{
	return v->failed;
}

void
viewer_add(struct viewer *v, const struct scn *s, const skirmish_result *r)
{
	char buf[SCN_TEXT_MAX];
	FILE *f = story(v);

	if (!f)
		return;
	if (r->player != v->player) {
		if (v->player != -2)
			fputs("</ol>\n", f);
		fputs("<h3>", f);
		svg_put_text(f, r->action == SKIRMISH_ACTION_START ? "The start"
			 : scn_player_name(s, r->player));
		fputs("</h3>\n<ol>\n", f);
		v->player = r->player;
	}
	scn_describe_result(s, r, buf, sizeof(buf));
	fputs("<li tabindex=\"0\"><span class=\"said\">", f);
	svg_put_text(f, buf);
	fputs("</span>", f);
	if (r->ndice || r->nmodifiers) {
		fputs("<span class=\"more\" title=\"dice and modifiers\">dice</span>"
		      "<div class=\"detail\">", f);
		if (r->ndice) {
			scn_describe_dice(s, r, buf, sizeof(buf));
			fputs("<div>dice: ", f);
			svg_put_text(f, buf);
			fputs("</div>", f);
		}
		if (r->nmodifiers) {
			scn_describe_modifiers(s, r, buf, sizeof(buf));
			fputs("<div>modifiers: ", f);
			svg_put_text(f, buf);
			fputs("</div>", f);
		}
		fputs("</div>", f);
	}
	fputs("</li>\n", f);
}

/* A turn's section: its picture now, then its story (text: the story's
 * HTML, its last list still open when open_list). */
static void
put_section(FILE *out, const struct scn *s, const struct svg_log *log, const char *title,
	    int turn, const char *result, const char *text, int open_list, int *failed)
{
	fprintf(out, "<section class=\"turn\" data-turn=\"%d\" hidden>\n<div class=\"picture\">\n",
		turn);
	if (svg_put(out, s, log, title, turn, result) < 0)
		*failed = 1;
	fprintf(out, "</div>\n<div class=\"story\">\n<h2>Turn %d</h2>\n", turn);
	if (result) {
		fputs("<p class=\"result\">", out);
		svg_put_text(out, result);
		fputs("</p>\n", out);
	}
	fputs(text ? text : "", out);
	if (open_list)
		fputs("</ol>\n", out);
	fputs("</div>\n</section>\n", out);
}

void
viewer_end_turn(struct viewer *v, const struct scn *s, const struct svg_log *log,
		const char *title, int turn, const char *result)
{
	char *frag = NULL, **grown;
	size_t len = 0;
	FILE *f = story(v), *out;
	int open_list = v->player != -2;

	if (!f)
		return;
	if (fclose(f) != 0)
		v->failed = 1;
	v->out = NULL;
	out = open_memstream(&frag, &len);
	if (!out) {
		v->failed = 1;
		free(v->story);
		v->story = NULL;
		return;
	}
	put_section(out, s, log, title, turn, result, v->story, open_list, &v->failed);
	free(v->story);
	v->story = NULL;
	if (fclose(out) != 0 || !frag) {
		v->failed = 1;
		free(frag);
		return;
	}
	if (v->nturns == v->cap) {
		int cap = v->cap ? 2 * v->cap : 16;

		grown = realloc(v->turn, (size_t)cap * sizeof(*grown));
		if (!grown) {
			v->failed = 1;
			free(frag);
			return;
		}
		v->turn = grown;
		v->cap = cap;
	}
	v->turn[v->nturns++] = frag;
}

static const char style[] =
	"body{font-family:sans-serif;margin:0;color:#222;background:#faf8f2}"
	"header{padding:8px 16px;background:#fff;border-bottom:1px solid #ddd}"
	"header h1{font-size:18px;margin:4px 0}"
	"header p{font-size:13px;margin:4px 0;max-width:1100px;color:#444}"
	"nav{padding:6px 16px;display:flex;gap:8px;align-items:center;font-size:14px}"
	"nav button{font-size:14px;padding:3px 10px}"
	"section.turn{display:flex;gap:16px;padding:0 16px 16px;align-items:flex-start}"
	"section.turn[hidden]{display:none}"
	".picture svg{max-width:100%;height:auto;background:#fff}"
	".story{flex:1;min-width:320px;font-size:14px}"
	".story h2{font-size:16px;margin:4px 0}.story h3{font-size:14px;margin:10px 0 4px}"
	".story ol{margin:0;padding-left:22px}.story li{margin:3px 0;cursor:default}"
	".story .more{font-size:10px;margin-left:6px;padding:0 3px;cursor:pointer;color:#8a6d00;"
	"border:1px solid #e0c060;border-radius:3px;background:#fffbea}"
	".story .detail{display:none;font-size:12px;color:#555;background:#fff;"
	"border-left:3px solid #f9a825;padding:2px 6px;margin:2px 0}"
	".story li:hover .detail,.story li.open .detail{display:block}"
	".result{font-weight:bold;background:#fff3c4;border:1px solid #f9a825;padding:6px}"
	"kbd{border:1px solid #bbb;border-radius:3px;padding:0 4px;background:#fff}";

static const char script[] =
	"(function(){\n"
	"var turns=document.querySelectorAll('section.turn'),cur=0;\n"
	"function show(i){\n"
	"  if(!turns.length)return;\n"
	"  cur=Math.max(0,Math.min(turns.length-1,i));\n"
	"  for(var k=0;k<turns.length;k++)turns[k].hidden=k!==cur;\n"
	"  document.getElementById('at').textContent=turns[cur].getAttribute('data-turn');\n"
	"  document.getElementById('prev').disabled=cur===0;\n"
	"  document.getElementById('next').disabled=cur===turns.length-1;\n"
	"}\n"
	"document.getElementById('count').textContent=turns.length;\n"
	"document.getElementById('first').onclick=function(){show(0);};\n"
	"document.getElementById('prev').onclick=function(){show(cur-1);};\n"
	"document.getElementById('next').onclick=function(){show(cur+1);};\n"
	"document.getElementById('last').onclick=function(){show(turns.length-1);};\n"
	"document.addEventListener('keydown',function(e){\n"
	"  var to={ArrowRight:cur+1,ArrowDown:cur+1,PageDown:cur+1,ArrowLeft:cur-1,ArrowUp:cur-1,"
	"PageUp:cur-1,Home:0,End:turns.length-1}[e.key];\n"
	"  if(to===undefined)return;\n"
	"  e.preventDefault();show(to);\n"
	"});\n"
	"document.addEventListener('click',function(e){\n"
	"  var li=e.target.closest&&e.target.closest('.story li');\n"
	"  if(li)li.classList.toggle('open');\n"
	"});\n"
	"show(0);\n"
	"})();\n";

int
viewer_write(const struct viewer *v, const char *path, const char *title, const char *key)
{
	return viewer_write_now(v, path, title, key, NULL, NULL, NULL, 0, NULL);
}

int
viewer_write_now(const struct viewer *v, const char *path, const char *title, const char *key,
		 const struct scn *s, const struct svg_log *log, const char *ptitle, int turn,
		 const char *result)
{
	FILE *f = fopen(path, "w");
	int i, failed = 0;

	if (!f)
		return -1;
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>", f);
	svg_put_text(f, title);
	fprintf(f, "</title>\n<style>%s</style>\n</head>\n<body>\n<header>\n<h1>", style);
	svg_put_text(f, title);
	fputs("</h1>\n<p>", f);
	svg_put_text(f, key ? key : "");
	fputs("</p>\n<p>Step through the turns with the buttons or the arrow keys "
	      "(<kbd>&larr;</kbd> <kbd>&rarr;</kbd>, <kbd>Home</kbd>, <kbd>End</kbd>); "
	      "point at or click a sentence for its dice and modifiers.</p>\n</header>\n"
	      "<nav><button id=\"first\">&laquo; first</button>"
	      "<button id=\"prev\">&larr; previous</button>"
	      "<span>turn <b id=\"at\">1</b> of <b id=\"count\"></b></span>"
	      "<button id=\"next\">next &rarr;</button>"
	      "<button id=\"last\">last &raquo;</button></nav>\n<main>\n", f);
	for (i = 0; i < v->nturns; i++)
		fputs(v->turn[i], f);
	/* the turn being played, as far as it has gone */
	if (s && turn > 0) {
		if (v->out && fflush(v->out) != 0)
			failed = 1;
		put_section(f, s, log, ptitle, turn, result, v->out ? v->story : NULL,
			    v->out && v->player != -2, &failed);
	}
	fprintf(f, "</main>\n<script>\n%s</script>\n</body>\n</html>\n", script);
	if (fclose(f) != 0 || failed)
		return -1;
	return 0;
}
