/* SPDX-License-Identifier: MIT */
/*
 * Runs a fuzz target on files, without libFuzzer: every file named on the
 * command line, and every file in each directory named. This is how the
 * seed corpora and the inputs that once crashed (tests/fuzz/NAME-corpus/)
 * run as ordinary tests with any compiler (tests/fuzz/meson.build).
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz-common.h"

static int
run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	size_t n = 0, cap = 0, got;

	if (!f) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return 1;
	}
	do {
		if (n == cap) {
			uint8_t *p;
			cap = cap ? 2 * cap : 4096;
			p = realloc(buf, cap);
			if (!p) {
				fclose(f);
				free(buf);
				return 1;
			}
			buf = p;
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
	} while (got > 0);
	fclose(f);
	LLVMFuzzerTestOneInput(buf, n);
	free(buf);
	return 0;
}

static int
cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int
run_dir(const char *dir, int *count)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, i;
	int bad = 0;

	if (!d) {
		fprintf(stderr, "%s: %s\n", dir, strerror(errno));
		return 1;
	}
	while ((e = readdir(d)) != NULL) {
		char **p;
		if (e->d_name[0] == '.')
			continue;
		p = realloc(names, (n + 1) * sizeof(*names));
		if (!p)
			break;
		names = p;
		names[n] = malloc(strlen(dir) + strlen(e->d_name) + 2);
		if (!names[n])
			break;
		sprintf(names[n], "%s/%s", dir, e->d_name);
		n++;
	}
	closedir(d);
	qsort(names, n, sizeof(*names), cmp);
	for (i = 0; i < n; i++) {
		bad |= run_file(names[i]);
		free(names[i]);
		(*count)++;
	}
	free(names);
	return bad;
}

int
main(int argc, char **argv)
{
	int i, bad = 0, count = 0;

	for (i = 1; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
			bad |= run_dir(argv[i], &count);
		} else {
			bad |= run_file(argv[i]);
			count++;
		}
	}
	printf("%d inputs run\n", count);
	if (count == 0) {
		fprintf(stderr, "no input\n");
		return 1;
	}
	return bad;
}
