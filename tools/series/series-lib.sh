# series-lib.sh — shell functions shared by the scripts that read series/.
# Sourced, not run: by tools/series/kernel-tree.sh, series-export.sh,
# bisect-check.sh and behaviour-check.sh.
#
# series/series lists the patch files in order, one per line; blank lines
# and lines starting with # are comments. series/BASE records the upstream
# version the series was last applied to, as a line "upstream: X.Y.Z".

# series_list DIR: the patch file names of DIR/series, in order.
series_list() {
	[ -f "$1/series" ] || return 0
	sed -e 's/[[:space:]]*#.*//' -e '/^[[:space:]]*$/d' "$1/series"
}

# series_hash DIR: one hash over the order and content of the patches.
series_hash() {
	local p
	series_list "$1" | while read -r p; do
		printf '%s\n' "$p"
		cat "$1/$p"
	done | sha256sum | cut -d' ' -f1
}

# series_base_version DIR: the upstream version recorded in DIR/BASE.
series_base_version() {
	[ -f "$1/BASE" ] || return 0
	sed -n 's/^upstream:[[:space:]]*//p' "$1/BASE"
}

# makefile_version FILE: "VERSION.PATCHLEVEL.SUBLEVEL" of a kernel Makefile.
makefile_version() {
	awk -F' *= *' '$1=="VERSION"{v=$2} $1=="PATCHLEVEL"{p=$2} $1=="SUBLEVEL"{s=$2}
		END{if (v=="" || p=="" || s=="") exit 1; print v "." p "." s}' "$1"
}

# worktree_at_base TREE DIR: make DIR a detached git worktree of TREE at
# tag base, unless DIR is a worktree already (one that an earlier run
# left stays, at the commit it was left at). Returns git's status.
worktree_at_base() {
	[ ! -e "$2/.git" ] || return 0
	git -C "$1" worktree prune
	mkdir -p "$(dirname "$2")"
	git -C "$1" worktree add -q --detach "$(realpath -m "$2")" base
}
