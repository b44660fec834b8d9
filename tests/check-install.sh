#!/bin/bash
# SPDX-License-Identifier: MIT
# Install test (doc/ABI.md): `meson install` into a scratch root, then
# check the installed tree as a packager would:
#   - the headers, skirmish.pc and the CMake package config under the
#     configured directories;
#   - a program built with nothing but `pkg-config --cflags --libs
#     skirmish` runs, and so does a host whose planted breach of an
#     invariant the referee turns into an error code (referee-host.c);
#   - the shared library: its SONAME, the symlinks from the SONAME and the
#     development name (libskirmish.so) to the real file, only skirmish_
#     symbols exported;
#   - a CMake project with find_package(skirmish) builds and runs, when
#     cmake is installed;
#   - the static library, when installed: a program linked with it runs
#     without libskirmish.so, and it defines no global symbol but the
#     exported ones (check-archive.py);
#   - the tools, when installed: each runs (--version), and its man page
#     is installed and reads with `man`;
#   - the API reference, when installed: its index and no file outside
#     the doc directory.
#
# usage: check-install.sh BUILD_DIR CC SOURCE_DIR
set -euo pipefail

build=$1
cc=${2:-cc}
src=$3
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
# a command that fails without saying why still names its line
trap 'echo "check-install: line $LINENO: \`$BASH_COMMAND\` failed" >&2' ERR
dest=$root/dest

fail() {
	echo "check-install: $*" >&2
	exit 1
}

if ! out=$(meson install -C "$build" --destdir "$dest" --no-rebuild 2>&1); then
	echo "$out" >&2
	fail "meson install failed"
fi

# the configured directories, as meson resolved them (libdir is multiarch
# on Debian: lib/x86_64-linux-gnu)
dirs=$(meson introspect "$build" --buildoptions | python3 -c '
import json, sys
o = {x["name"]: x["value"] for x in json.load(sys.stdin)}
p = o["prefix"]
for k in ("libdir", "includedir", "bindir", "mandir", "datadir"):
    v = o[k]
    print(k + "=" + (v if v.startswith("/") else p + "/" + v))
print("kind=" + o["default_library"])
print("prefix=" + p)
')
eval "$dirs"
lib=$dest$libdir

for h in skirmish.h version.h; do
	[ -f "$dest$includedir/skirmish/$h" ] || fail "no $includedir/skirmish/$h"
done
pc=$lib/pkgconfig/skirmish.pc
[ -f "$pc" ] || fail "no skirmish.pc in $libdir/pkgconfig"

export PKG_CONFIG_PATH=$lib/pkgconfig
export PKG_CONFIG_SYSROOT_DIR=$dest
export PKG_CONFIG_LIBDIR=$PKG_CONFIG_PATH
cflags=$(pkg-config --cflags skirmish)
[ "$(pkg-config --modversion skirmish)" = "$(sed -n 's/^#define SKIRMISH_VERSION_STRING "\(.*\)"/\1/p' \
	"$dest$includedir/skirmish/version.h")" ] || fail "skirmish.pc and version.h differ"

summary=()
if [ "$kind" != static ]; then
	flags=$(pkg-config --cflags --libs skirmish)
	# shellcheck disable=SC2086
	"$cc" -std=c99 -Wall -Werror -o "$root/use" "$src/tests/consumer.c" $flags
	LD_LIBRARY_PATH=$lib "$root/use" >/dev/null || fail "the program linked with the .so failed"
	# a host program never aborted by the library (tests/referee-host.c):
	# the referee off by default, and on, a planted breach is an error
	# code and the host plays on
	# shellcheck disable=SC2086
	"$cc" -std=c99 -Wall -Werror -o "$root/host" "$src/tests/referee-host.c" $flags
	out=$(env -u SKIRMISH_REFEREE LD_LIBRARY_PATH=$lib "$root/host") ||
		fail "the host program linked with the .so failed: $out"
	summary+=("${out#referee-host: }")

	so=$(find "$lib" -maxdepth 1 -type f -name 'libskirmish.so.*.*.*' | head -n 1)
	[ -n "$so" ] || fail "no libskirmish.so.X.Y.Z in $libdir"
	soname=$(readelf -d "$so" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
	[ -n "$soname" ] || fail "$so has no SONAME"
	for link in "$soname" libskirmish.so; do
		[ -L "$lib/$link" ] || fail "$libdir/$link is not a symlink"
		[ "$(readlink -f "$lib/$link")" = "$(readlink -f "$so")" ] ||
			fail "$libdir/$link does not lead to $(basename "$so")"
	done
	bad=$(nm -D --defined-only "$so" | awk '$2 != "A" { sub(/@.*/, "", $3); print $3 }' |
		grep -v '^skirmish_' || true)
	count=$(nm -D --defined-only "$so" | grep -c ' skirmish_' || true)
	if [ -n "$bad" ] || [ "$count" -lt 10 ]; then
		fail "exported symbols without the skirmish_ prefix:" $bad
	fi
	summary+=("$soname ($count skirmish_ symbols)")
fi

if [ "$kind" != shared ]; then
	a=$lib/libskirmish.a
	[ -f "$a" ] || fail "no libskirmish.a in $libdir"
	# shellcheck disable=SC2086
	"$cc" -std=c99 -Wall -Werror -o "$root/use-static" "$src/tests/consumer.c" $cflags \
		"$a" $(pkg-config --static --libs-only-l skirmish | sed 's/-lskirmish//')
	if readelf -d "$root/use-static" | grep -q 'libskirmish'; then
		fail "the program linked with libskirmish.a needs libskirmish.so"
	fi
	"$root/use-static" >/dev/null || fail "the program linked with libskirmish.a failed"
	python3 "$src/tests/check-archive.py" "$src/lib/libskirmish.sym" "$a" >/dev/null
	summary+=("libskirmish.a")
fi

# the CMake package config: a CMake project finds the library with
# find_package(skirmish VERSION) and links skirmish::skirmish (and
# skirmish::skirmish_static when the archive is installed); a version of
# another major is refused
cmakedir=$lib/cmake/skirmish
[ -f "$cmakedir/skirmishConfig.cmake" ] || fail "no skirmishConfig.cmake in $libdir/cmake/skirmish"
[ -f "$cmakedir/skirmishConfigVersion.cmake" ] ||
	fail "no skirmishConfigVersion.cmake in $libdir/cmake/skirmish"
if command -v cmake >/dev/null; then
	version=$(pkg-config --modversion skirmish)
	cm=(cmake -S "$src/tests/cmake" -DCMAKE_PREFIX_PATH="$dest$prefix"
	    -DCMAKE_C_COMPILER="$cc" -DCONSUMER="$src/tests/consumer.c")
	if ! out=$("${cm[@]}" -B "$root/cmake" -DSKIRMISH_VERSION="$version" 2>&1) ||
		! out=$(cmake --build "$root/cmake" 2>&1); then
		echo "$out" >&2
		fail "a CMake project does not build with find_package(skirmish $version)"
	fi
	cmake_built=
	for exe in use use-static; do
		[ -e "$root/cmake/$exe" ] || continue
		LD_LIBRARY_PATH=$lib "$root/cmake/$exe" >/dev/null ||
			fail "the CMake project's $exe failed"
		cmake_built+=" $exe"
	done
	[ "$kind" = static ] || [ -e "$root/cmake/use" ] || fail "the CMake project built no use"
	if [ "$kind" != static ] && ! readelf -d "$root/cmake/use" | grep -q "NEEDED.*libskirmish.so"; then
		fail "the CMake project's use does not link libskirmish.so"
	fi
	[ "$kind" = shared ] || [ -e "$root/cmake/use-static" ] ||
		fail "no skirmish::skirmish_static with libskirmish.a installed"
	major=${version%%.*}
	if "${cm[@]}" -B "$root/cmake-next" -DSKIRMISH_VERSION=$((major + 1)).0 >/dev/null 2>&1; then
		fail "find_package(skirmish $((major + 1)).0) accepted $version"
	fi
	summary+=("CMake skirmish::skirmish (${cmake_built# })")
fi

tools=0
for t in skirmish-console skirmish-demo; do
	exe=$dest$bindir/$t
	[ -e "$exe" ] || continue
	tools=$((tools + 1))
	out=$(LD_LIBRARY_PATH=$lib "$exe" --version)
	[[ $out == "$t (libskirmish) "* ]] || fail "$bindir/$t --version printed: $out"
	page=$dest$mandir/man1/$t.1
	[ -f "$page" ] || fail "$t is installed without $mandir/man1/$t.1"
	if command -v man >/dev/null; then
		out=$(MANPATH=$dest$mandir MANWIDTH=80 man "$t" 2>/dev/null || true)
		[[ $out == *NAME*"$t - "* ]] || fail "man $t does not read"
	fi
	summary+=("$t + man page")
done
if [ "$tools" = 1 ]; then
	fail "only one of skirmish-console and skirmish-demo is installed"
fi

html=$(find "$dest$datadir/doc" -path '*/html/index.html' 2>/dev/null | head -n 1 || true)
if [ -n "$html" ]; then
	grep -q 'skirmish_game_new' "$(dirname "$html")"/*.html ||
		fail "the API reference does not document skirmish_game_new"
	summary+=("API reference in ${html#"$dest"}")
fi

# nothing outside the prefix (FHS: a package owns only its directories)
stray=$(cd "$dest" && find . -type f | sed 's|^\.||' | grep -v "^$prefix/" || true)
[ -z "$stray" ] || fail "installed outside the prefix: $stray"

echo "check-install: $(IFS=,; echo "${summary[*]}" | sed 's/,/, /g'); built with: $cflags"
