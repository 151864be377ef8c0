#!/usr/bin/env bash
# kernel-build.sh — configure and build one kernel flavour.
#
# usage: tools/vm/kernel-build.sh FLAVOUR
#
# FLAVOUR is a file guest/flavours/FLAVOUR.config (tools/lib.sh): its tree
# ("# tree: vanilla" is $VANILLA, without the series; "# tree: series" is
# $TREE, with it) is configured with guest/kernel.config and that file.
#
# The config is `make tinyconfig` with the fragments merged over it and
# `make olddefconfig`; every line of the fragments must survive into
# .config, or the build stops and names the line. A .config that comes out
# unchanged keeps its old time stamp, so nothing is rebuilt for nothing.
# A build with nothing to do returns at once: after a build the script
# writes $BUILD/kernel/FLAVOUR/.fsid-stamp, a digest of what the kernel is
# made of (the tree's HEAD, its uncommitted changes and untracked files,
# the fragments, this script, the bzImage's time stamp); while the digest
# is the same, kbuild is not even asked.
# The kernel is built out of tree in $BUILD/kernel/FLAVOUR (O=, see below), with
# LOCALVERSION=-FLAVOUR so that `uname -r` names the flavour, fixed build
# user, host and time stamp, and ccache when it is installed (its base
# directory is $BUILD, so clones in other folders share its cache).
#
# Environment: BUILD [build], TREE [$BUILD/linux], VANILLA [$BUILD/vanilla/linux],
# JOBS [nproc], LINK [yes; no: make no $BUILD/kernel/FLAVOUR link].
# Exit status: 0 built; 1 the kernel build failed; 2 usage; 4 the config
# lost a line of a fragment.
set -euo pipefail

. "$(dirname "$0")/../lib.sh"
TREE=${TREE:-$BUILD/linux}
VANILLA=${VANILLA:-$BUILD/vanilla/linux}
JOBS=${JOBS:-$(nproc)}

die() { code=$1; shift; printf 'kernel-build: %s\n' "$@" >&2; exit "$code"; }
known=$(flavours | paste -sd' ')
[ $# -eq 1 ] || die 2 "usage: $0 FLAVOUR ($known)"
flavour=$1
is_flavour "$flavour" || die 2 "unknown flavour '$flavour' (guest/flavours/ has: $known)"
case "$(flavour_tree "$flavour")" in
vanilla) src=$VANILLA ;;
series) src=$TREE ;;
*) die 2 "$(flavour_config "$flavour") has no line '# tree: vanilla' or '# tree: series'" ;;
esac
[ -f "$src/Makefile" ] || die 2 "no kernel tree at $src: run make tree first"
src=$(realpath "$src")
# O= is SRC/../kernel/FLAVOUR, so that the path from the object directory
# to the source is ../../linux for every flavour (the trees are
# $BUILD/linux and $BUILD/vanilla/linux): ccache, which rewrites absolute
# paths below $BUILD into relative ones, then shares the objects that the
# flavours have in common. $BUILD/kernel/FLAVOUR links there when it differs.
out=$(dirname "$src")/kernel/$flavour
mkdir -p "$out" "$BUILD/kernel"
out=$(realpath "$out")
link=$BUILD/kernel/$flavour
if [ "${LINK:-yes}" = yes ] && [ "$(realpath -m "$link")" != "$out" ]; then
	[ ! -e "$link" ] || [ -L "$link" ] || die 2 "$link is in the way: remove it"
	ln -sfn "$(realpath --relative-to="$BUILD/kernel" "$out")" "$link"
fi
fragments=("$top/guest/kernel.config" "$(flavour_config "$flavour")")

kmake=(make -s -C "$src" O="$out")

# --- nothing to do? -----------------------------------------------------
# digest: what this flavour's kernel is made of, as one line.
digest() {
	{
		echo "$flavour"
		git -C "$src" rev-parse HEAD 2>/dev/null || echo "no git tree at $src"
		git -C "$src" diff HEAD --binary 2>/dev/null
		git -C "$src" ls-files -o --exclude-standard 2>/dev/null
		cat "${fragments[@]}" "$0"
		stat -c %Y "$(bzimage_in "$out")" 2>/dev/null
	} | sha256sum | cut -d' ' -f1
}
stamp=$out/.fsid-stamp
if [ -f "$stamp" ] && [ -f "$(bzimage_in "$out")" ] && [ "$(cat "$stamp")" = "$(digest)" ]; then
	echo "kernel-build: $flavour is up to date ($(cat "$out/include/config/kernel.release"))" >&2
	exit 0
fi
rm -f "$stamp"

# --- config -------------------------------------------------------------
[ ! -f "$out/.config" ] || cp -p "$out/.config" "$out/.config.prev"
"${kmake[@]}" tinyconfig >/dev/null
"$src/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" "${fragments[@]}" >"$out/merge_config.log" 2>&1 ||
	die 4 "merge_config.sh failed; see $out/merge_config.log"
"${kmake[@]}" olddefconfig >/dev/null
# Every fragment line must be in the final .config. "# CONFIG_X is not set"
# also holds when CONFIG_X does not exist in this tree; CONFIG_USER_NS_FSID=y
# may be missing only while the series does not define it yet.
has_fsid_symbol=no
grep -rqx --include='Kconfig*' 'config USER_NS_FSID' "$src/init" "$src/kernel" "$src/fs" 2>/dev/null &&
	has_fsid_symbol=yes
lost=0
for f in "${fragments[@]}"; do
	while IFS= read -r line; do
		case "$line" in
		CONFIG_*=*)
			grep -qxF -- "$line" "$out/.config" && continue
			if [ "$line" = CONFIG_USER_NS_FSID=y ] && [ $has_fsid_symbol = no ]; then
				echo "kernel-build: note: the series does not define CONFIG_USER_NS_FSID yet; $flavour is built without it" >&2
				continue
			fi
			;;
		"# CONFIG_"*" is not set")
			sym=${line#\# }
			sym=${sym%% *}
			grep -q "^$sym=" "$out/.config" || continue
			;;
		*) continue ;;
		esac
		echo "kernel-build: $(basename "$f"): '$line' did not survive olddefconfig (a dependency is missing)" >&2
		lost=$((lost + 1))
	done <"$f"
done
[ $lost -eq 0 ] || die 4 "$lost fragment line(s) lost in $out/.config"
if [ -f "$out/.config.prev" ] && cmp -s "$out/.config" "$out/.config.prev"; then
	mv "$out/.config.prev" "$out/.config"
else
	rm -f "$out/.config.prev"
fi

# --- build --------------------------------------------------------------
vars=(LOCALVERSION="-$flavour" KBUILD_BUILD_USER=fsid KBUILD_BUILD_HOST=workbench
	KBUILD_BUILD_TIMESTAMP='Thu Jan  1 00:00:00 UTC 2026')
if command -v ccache >/dev/null; then
	vars+=(CC="ccache gcc")
	export CCACHE_BASEDIR
	CCACHE_BASEDIR=$(realpath "$BUILD")
	export CCACHE_NOHASHDIR=1
fi
echo "kernel-build: building $flavour in $out" >&2
start=$(date +%s)
"${kmake[@]}" -j"$JOBS" "${vars[@]}" bzImage || die 1 "the $flavour kernel did not build"
digest >"$stamp"
echo "kernel-build: $flavour: $(cat "$out/include/config/kernel.release"), $(( $(date +%s) - start )) s" >&2
