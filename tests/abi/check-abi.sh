#!/bin/sh
# The ABI baseline of libskirmish (doc/ABI.md), with libabigail
# (Debian: abigail-tools).
#
#   tests/abi/check-abi.sh check BUILDDIR
#       compares the library built in BUILDDIR with the newest baseline
#       tests/abi/libskirmish-VERSION.abi; fails on an incompatible change:
#       abidiff's ABIDIFF_ABI_INCOMPATIBLE_CHANGE bit (a symbol removed) or
#       an error, and also a changed signature or public type, which
#       abidiff reports only as ABIDIFF_ABI_CHANGE; passes additions (new
#       functions, enumerators at the end, members at the end of a
#       versioned struct: tests/abi/libskirmish.abignore), and shows them.
#   tests/abi/check-abi.sh update BUILDDIR
#       writes the baseline of the project's version from BUILDDIR (at a
#       release; build it with debug information, e.g. debugoptimized).
#
# Run from the top of the source tree.
set -eu

mode=${1:-}
build=${2:-}
if [ -z "$mode" ] || [ -z "$build" ]; then
	echo "usage: $0 check|update BUILDDIR" >&2
	exit 2
fi
lib="$build/lib/libskirmish.so"
if [ ! -e "$lib" ]; then
	echo "$0: no $lib (build the shared library first)" >&2
	exit 2
fi
headers=include/skirmish

case "$mode" in
update)
	version=$(sed -n "s/^[[:space:]]*version: '\([0-9.]*\)',$/\1/p" meson.build | head -n 1)
	[ -n "$version" ] || { echo "$0: no version in meson.build" >&2; exit 2; }
	out="tests/abi/libskirmish-$version.abi"
	abidw --no-corpus-path --no-comp-dir-path --no-show-locs \
		--exported-interfaces-only --drop-private-types \
		--headers-dir "$headers" "$lib" > "$out.tmp"
	mv "$out.tmp" "$out"
	echo "wrote $out ($(wc -c < "$out") bytes)"
	;;
check)
	baseline=$(ls tests/abi/libskirmish-*.abi | sort -V | tail -n 1)
	report=$(mktemp)
	trap 'rm -f "$report"' EXIT
	echo "abidiff $baseline $lib"
	set +e
	abidiff --suppressions tests/abi/libskirmish.abignore "$baseline" "$lib" > "$report"
	rc=$?
	set -e
	cat "$report"
	# abidiff(1): bit 1 error, 2 usage error, 4 ABI change, 8 incompatible
	if [ $((rc & 11)) -ne 0 ]; then
		echo "ABI check FAILED (abidiff status $rc): an incompatible change" \
		     "or an error; see doc/ABI.md" >&2
		exit 1
	fi
	if [ $((rc & 4)) -ne 0 ]; then
		# abidiff leaves a changed signature or type to people (status 4
		# without 8); the policy of doc/ABI.md allows none but those the
		# suppressions describe, so only additions pass.
		if grep 'changes summary:' "$report" |
		   grep -q '[1-9][0-9]* \(Removed\|Changed\)'; then
			echo "ABI check FAILED (abidiff status $rc): an exported function" \
			     "or variable was removed or changed; see doc/ABI.md" >&2
			exit 1
		fi
		echo "ABI check: only additions, listed above (status $rc)"
	else
		echo "ABI check: no change"
	fi
	;;
*)
	echo "usage: $0 check|update BUILDDIR" >&2
	exit 2
	;;
esac
