/* SPDX-License-Identifier: MIT */
/* The main() of every Check suite: runs make_suite(). CK_RUN_CASE=name runs
 * one test; CK_FORK=no runs without fork (valgrind, gdb). */
#define _POSIX_C_SOURCE 200112L
#include <stdlib.h>

#include "test-common.h"

int
main(void)
{
	SRunner *sr;

	/* Check's own default is 4 s a test; a slow or loaded machine must not
	 * turn a slow test into a failure (meson's timeout still holds). A
	 * value set outside (the valgrind setup) wins. */
	setenv("CK_DEFAULT_TIMEOUT", "60", 0);
	sr = srunner_create(make_suite());
	int failed;

	srunner_run_all(sr, CK_ENV);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
