#!/usr/bin/env bash
# kernel-tree.sh — the kernel source trees the flavours are built from.
#
# usage: tools/series/kernel-tree.sh [--reset | --check-exported]
#
# Makes (or brings up to date) two trees from Debian's linux-source-6.1:
#   $TREE     a git repository: tag "base" is the tarball as one commit,
#             branch "fsid" is base plus series/ applied with `git am` in the
#             order of series/series, tag "applied" marks the last patch.
#             This is the developer's tree (make tree): edit, commit, then
#             `make export` writes the commits back to series/.
#   $VANILLA  a git worktree of $TREE at "base": the kernel without the series.
#
# It does nothing when the trees already match the tarball and series/.
# When series/ changed, it re-applies the series from base, but only if
# $TREE has no commits or changes of its own (those would be lost): then it
# stops and says so. --reset drops them deliberately (make tree-reset).
# --check-exported only checks: it fails when $TREE holds commits or changes
# that series/ does not (make distclean asks before deleting the tree).
#
# Environment (defaults in brackets):
#   TARBALL  the kernel source tarball [/usr/src/linux-source-6.1.tar.xz]
#   SERIES   the series directory [series]
#   TREE     the developer tree [build/linux]
#   VANILLA  the vanilla worktree [build/vanilla/linux]
#
# Exit status: 0 trees ready; 1 a patch does not apply (the message names
# it, the installed version and the version series/BASE records); 2 usage
# or missing input; 3 a tree is in a state this script will not touch.
set -euo pipefail

TARBALL=${TARBALL:-/usr/src/linux-source-6.1.tar.xz}
SERIES=${SERIES:-series}
TREE=${TREE:-build/linux}
VANILLA=${VANILLA:-build/vanilla/linux}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/series-lib.sh"

die() { code=$1; shift; printf 'kernel-tree: %s\n' "$@" >&2; exit "$code"; }

reset=no
case "${1:-}" in
"") ;;
--reset) reset=yes ;;
--check-exported)
	[ -d "$TREE/.git" ] || exit 0
	[ "$(git -C "$TREE" rev-parse HEAD)" = "$(git -C "$TREE" rev-parse -q --verify 'refs/tags/applied^{commit}' || true)" ] ||
		die 3 "$TREE has commits that are not in series/: export them (make export) or drop them (make tree-reset) first"
	git -C "$TREE" diff --quiet HEAD ||
		die 3 "$TREE has uncommitted changes: commit and export them (make export) or drop them (make tree-reset) first"
	exit 0
	;;
*) echo "usage: $0 [--reset | --check-exported]" >&2; exit 2 ;;
esac
[ -f "$TARBALL" ] || die 2 "no kernel tarball at $TARBALL (Debian package linux-source-6.1)"
[ -d "$SERIES" ] || die 2 "no series directory at $SERIES"

tarball_id=$(stat -c '%s %Y' "$TARBALL")
if [ "$TARBALL" = /usr/src/linux-source-6.1.tar.xz ] &&
	debver=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null); then
	origin="Debian linux-source-6.1 $debver"
else
	origin=$(basename "$TARBALL")
fi

# --- base: the tarball as one commit -----------------------------------
make_base() {
	local tmp=$TREE.tmp
	rm -rf "$tmp"
	mkdir -p "$tmp"
	echo "kernel-tree: extracting $TARBALL into $TREE" >&2
	tar -xf "$TARBALL" -C "$tmp" --strip-components=1
	# Debian's packaging repository ignores everything at the top level
	# (/* then !/debian/). That only makes sense there: drop the stanza so
	# that files a patch adds can be `git add`ed without -f.
	if [ -f "$tmp/.gitignore" ]; then
		sed -i '/^# Debian packaging: ignore everything at the top level/,/^!\/debian\/$/d' "$tmp/.gitignore"
		sed -i '${/^#$/d}' "$tmp/.gitignore"
	fi
	local upstream
	upstream=$(makefile_version "$tmp/Makefile") ||
		die 2 "$TARBALL has no kernel Makefile with VERSION/PATCHLEVEL/SUBLEVEL"
	(
		cd "$tmp"
		git init -q -b fsid
		git add -A -f
		# Fixed identity and date: the same tarball gives the same base commit.
		GIT_AUTHOR_DATE='2000-01-01T00:00:00Z' GIT_COMMITTER_DATE='2000-01-01T00:00:00Z' \
			git -c user.name='fsid workbench' -c user.email=workbench@fsid.invalid \
			commit -q --no-verify -m "Linux $upstream: $origin" \
			-m "The kernel source tarball, unmodified but for Debian's top-level .gitignore stanza."
		git tag base
		git config fsid.tarball "$tarball_id"
		git config fsid.upstream "$upstream"
		git config fsid.origin "$origin"
	)
	mv "$tmp" "$TREE"
}

if [ ! -d "$TREE/.git" ]; then
	[ ! -e "$TREE" ] || die 3 "$TREE exists but is not a git tree; move it away"
	mkdir -p "$(dirname "$TREE")"
	make_base
fi
have_id=$(git -C "$TREE" config fsid.tarball || true)
[ "$have_id" = "$tarball_id" ] ||
	die 3 "$TREE was made from another kernel tarball than $TARBALL ($(git -C "$TREE" config fsid.origin || echo unknown))." \
		"Export any work (make export), then remove build/ (make distclean) to rebuild from the installed one."
upstream=$(git -C "$TREE" config fsid.upstream)

# --- vanilla: a worktree at base ----------------------------------------
if [ ! -e "$VANILLA/.git" ]; then
	[ ! -e "$VANILLA" ] || die 3 "$VANILLA exists but is not a git worktree; move it away"
	echo "kernel-tree: checking out the vanilla tree $VANILLA" >&2
	worktree_at_base "$TREE" "$VANILLA"
fi
[ "$(git -C "$VANILLA" rev-parse HEAD)" = "$(git -C "$TREE" rev-parse base)" ] ||
	die 3 "$VANILLA is not at tag base; it must stay the unpatched kernel (git -C $VANILLA checkout --detach base)"

# --- the series ---------------------------------------------------------
want=$(series_hash "$SERIES")
have=$(git -C "$TREE" config fsid.series || true)
if [ "$reset" = no ] && [ "$want" = "$have" ]; then
	exit 0
fi
head=$(git -C "$TREE" rev-parse HEAD)
applied=$(git -C "$TREE" rev-parse -q --verify 'refs/tags/applied^{commit}' || true)
if [ "$reset" = no ] && [ -n "$applied" ]; then
	[ "$head" = "$applied" ] ||
		die 3 "series/ changed, but $TREE has commits that are not in series/." \
			"Write them back first (make export) or drop them (make tree-reset)."
	git -C "$TREE" diff --quiet HEAD ||
		die 3 "series/ changed, but $TREE has uncommitted changes." \
			"Commit and export them (make export) or drop them (make tree-reset)."
fi

git -C "$TREE" am --abort >/dev/null 2>&1 || true
git -C "$TREE" checkout -q -f -B fsid base
git -C "$TREE" clean -q -f -d
recorded=$(series_base_version "$SERIES")
n=0
while read -r p; do
	n=$((n + 1))
	if ! git -C "$TREE" -c user.name='fsid workbench' -c user.email=workbench@fsid.invalid \
		am -q --committer-date-is-author-date "$(realpath "$SERIES/$p")" >&2; then
		git -C "$TREE" am --abort >/dev/null 2>&1 || true
		git -C "$TREE" config --unset fsid.series || true
		if [ "$recorded" != "$upstream" ]; then
			die 1 "patch $n, $p, does not apply to Linux $upstream ($origin)." \
				"The series was last applied to Linux ${recorded:-?} (series/BASE): it needs porting to $upstream." \
				"Rebase it as CONTRIBUTING.md describes (make tree, fix the patch there, make export)."
		fi
		die 1 "patch $n, $p, does not apply to Linux $upstream, the version series/BASE records." \
			"series/ is inconsistent: was a patch edited by hand? Regenerate it with make export."
	fi
done < <(series_list "$SERIES")
git -C "$TREE" tag -f applied >/dev/null
git -C "$TREE" config fsid.series "$want"
if [ -n "$recorded" ] && [ "$recorded" != "$upstream" ]; then
	echo "kernel-tree: note: the series was last applied to Linux $recorded; it applies to $upstream too (make export records that)" >&2
fi
echo "kernel-tree: $TREE: $n patch(es) of $SERIES applied on Linux $upstream ($origin)" >&2
