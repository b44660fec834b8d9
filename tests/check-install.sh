#!/bin/bash
# Install test (doc/ABI.md): `meson install` into a scratch root, then build
# and run a program with nothing but `pkg-config --cflags --libs skirmish`,
# and check that the installed library exports only skirmish_ symbols and
# has its SONAME.
#
# usage: check-install.sh BUILD_DIR CC
set -euo pipefail

build=$1
cc=${2:-cc}
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT

meson install -C "$build" --destdir "$root/dest" --no-rebuild --quiet >/dev/null

pc=$(find "$root/dest" -name skirmish.pc | head -n 1)
if [ -z "$pc" ]; then
	echo "check-install: no skirmish.pc installed" >&2
	exit 1
fi
export PKG_CONFIG_PATH=$(dirname "$pc")
export PKG_CONFIG_SYSROOT_DIR="$root/dest"
export PKG_CONFIG_LIBDIR=$PKG_CONFIG_PATH

cat > "$root/use.c" <<'C'
#include <stdio.h>
#include <string.h>
#include <skirmish/skirmish.h>

int
main(void)
{
	skirmish_game_options o = SKIRMISH_GAME_OPTIONS_INIT;
	skirmish_figure_spec s = SKIRMISH_FIGURE_SPEC_INIT;
	skirmish_result r = SKIRMISH_RESULT_INIT;
	static const int order[2] = { 0, 1 };
	skirmish_game *g;
	char msg[256];
	int a, b;

	if (strcmp(skirmish_version(), SKIRMISH_VERSION_STRING) != 0)
		return 1;
	o.ruleset_name = "senso";
	o.player_order = order;
	if (skirmish_game_new(&g, &o, msg, sizeof(msg)) != 0) {
		fprintf(stderr, "%s\n", msg);
		return 2;
	}
	skirmish_figure_spec_preset(&s, SKIRMISH_PRESET_SAMURAI);
	s.x = 10;
	s.y = 10;
	s.name = "Kenji";
	if (skirmish_game_add_figure(g, &s, &a) != 0)
		return 3;
	s.player = 1;
	s.x = 30;
	s.name = "Goro";
	if (skirmish_game_add_figure(g, &s, &b) != 0)
		return 4;
	if (skirmish_game_start(g, &r) != 0)
		return 5;
	if (skirmish_end_turn(g, &r) != 0) {
		fprintf(stderr, "end turn: %s\n", skirmish_game_errmsg(g));
		return 6;
	}
	if (r.action != SKIRMISH_ACTION_END_TURN || !r.text || skirmish_game_active_player(g) != 1)
		return 7;
	printf("%s\n", r.text);
	skirmish_game_free(g);
	return 0;
}
C

flags=$(pkg-config --cflags --libs skirmish)
# shellcheck disable=SC2086
"$cc" -std=c99 -Wall -Werror -o "$root/use" "$root/use.c" $flags
libdir=$(pkg-config --variable=libdir skirmish)
case $libdir in
"$root/dest"*) ;;               # pkgconf applies the sysroot to variables
*) libdir="$root/dest$libdir" ;;
esac
LD_LIBRARY_PATH="$libdir" "$root/use"

so=$(ls "$libdir"/libskirmish.so.*.*.* | head -n 1)
soname=$(readelf -d "$so" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
if [ -z "$soname" ] || [ ! -e "$libdir/$soname" ]; then
	echo "check-install: SONAME '$soname' missing or not installed" >&2
	exit 1
fi
bad=$(nm -D --defined-only "$so" | awk '$2 != "A" { sub(/@.*/, "", $3); print $3 }' |
	grep -v '^skirmish_' || true)
count=$(nm -D --defined-only "$so" | grep -c ' skirmish_' || true)
if [ -n "$bad" ] || [ "$count" -lt 10 ]; then
	echo "check-install: exported symbols without the skirmish_ prefix:" $bad >&2
	exit 1
fi
echo "check-install: $soname, $count skirmish_ symbols, built with: $flags"
