#!/bin/sh
# SPDX-License-Identifier: MIT
# The ABI baseline of libskirmish (doc/ABI.md), with libabigail
# (Debian: abigail-tools).
#
#   tests/abi/check-abi.sh check BUILDDIR
#       compares the library built in BUILDDIR with every baseline
#       tests/abi/libskirmish-VERSION.abi of its SONAME; fails on an
#       incompatible change: abidiff's ABIDIFF_ABI_INCOMPATIBLE_CHANGE bit
#       (a symbol removed) or an error, and also a changed signature or
#       public type, which abidiff reports only as ABIDIFF_ABI_CHANGE;
#       passes additions (new functions, members at the end of a versioned
#       struct with every old member in place: tests/abi/abidiff-verdict.py
#       reads abidiff's report), and shows them.
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
	# every baseline of the library's SONAME: each is what a release
	# promised its callers (a baseline of an older SONAME, before an ABI
	# break, is no promise of this one)
	soname=$(readelf -d "$lib" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
	report=$(mktemp)
	trap 'rm -f "$report"' EXIT
	checked=0
	failed=0
	for baseline in $(ls tests/abi/libskirmish-*.abi | sort -V); do
		if ! grep -q "soname='$soname'" "$baseline"; then
			echo "($baseline is not of $soname: skipped)"
			continue
		fi
		echo "abidiff --leaf-changes-only $baseline $lib"
		set +e
		abidiff --leaf-changes-only --suppressions tests/abi/libskirmish.abignore \
			"$baseline" "$lib" > "$report"
		rc=$?
		set -e
		cat "$report"
		# abidiff(1): bit 1 error, 2 usage error, 4 ABI change, 8
		# incompatible; a changed signature or type is only bit 4, left
		# to people: the verdict reads the report and passes additions only
		if python3 tests/abi/abidiff-verdict.py "$baseline" "$report" "$rc"; then
			if [ $((rc & 4)) -ne 0 ]; then
				echo "ABI check against $baseline: only additions, listed above (status $rc)"
			else
				echo "ABI check against $baseline: no change"
			fi
		else
			echo "ABI check against $baseline FAILED (abidiff status $rc):" \
			     "a removed or changed interface, see above and doc/ABI.md" >&2
			failed=1
		fi
		checked=$((checked + 1))
	done
	if [ "$checked" -eq 0 ]; then
		echo "$0: no baseline of $soname in tests/abi/" >&2
		exit 1
	fi
	exit $failed
	;;
*)
	echo "usage: $0 check|update BUILDDIR" >&2
	exit 2
	;;
esac
