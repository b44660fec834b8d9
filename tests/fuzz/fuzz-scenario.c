/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the console language of examples/scenario.c (not part of
 * the library; doc/console.md) on any text. Output goes to /dev/null;
 * `load` reads only files that exist; nothing is written (`html` is
 * refused).
 */
#include <string.h>

#include "fuzz-common.h"
#include "scenario.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *out;
	struct scn *s;
	char *text;

	if (!out)
		out = fopen("/dev/null", "w");
	if (!out || size > 65536)
		return 0;
	text = malloc(size + 1);
	FZ_CHECK(text != NULL, "malloc");
	memcpy(text, data, size);
	text[size] = '\0';
	s = scn_new(out);
	if (s) {
		scn_set_write_files(s, 0);
		scn_run_text(s, text, "fuzz");
		scn_free(s);
	}
	free(text);
	return 0;
}
