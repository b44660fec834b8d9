/* The main() of every Check suite: runs make_suite(). CK_RUN_CASE=name runs
 * one test; CK_FORK=no runs without fork (valgrind, gdb). */
#include <stdlib.h>

#include "test-common.h"

int
main(void)
{
	SRunner *sr = srunner_create(make_suite());
	int failed;

	srunner_run_all(sr, CK_ENV);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
