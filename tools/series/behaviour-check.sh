#!/usr/bin/env bash
# behaviour-check.sh — the series behaves as its messages say at the
# points where it changes behaviour, not only at its end.
#
# usage: tools/series/behaviour-check.sh [POINTS]     (make behaviour-check)
#   POINTS  the points file [tools/series/behaviour-points]: the patches
#           after which to stop, and the selftests that apply there
#
# For each point, checks out that commit of $TREE in a worktree of its own,
# $BUILD/behaviour/linux (the developer tree is not touched), builds the
# fsid flavour there with tools/vm/kernel-build.sh (objects in
# $BUILD/behaviour/kernel/fsid, shared with the other builds through
# ccache), boots it with the guest initramfs of the whole series, runs
# each selftest program the point names (each in its own boot, with a
# fresh ext4 disk, as make check does) and checks the test results the
# point asks for. The selftest programs are those of the whole series, so
# that one binary checks a behaviour before and after the patch that
# brings it. Logs: $BUILD/behaviour/POINT-PROGRAM.log. Output is TAP, one
# line per point and program.
#
# Environment: BUILD [build], TREE [$BUILD/linux], TIMEOUT [600, seconds
# per guest boot].
# Exit status: 0 every point behaved; 1 a point did not, or its kernel did
# not build; 2 usage, no tree or initramfs, or a point names a patch that
# is not in the series.
set -uo pipefail
set -f	# the points' test names are patterns, not file names
top=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-build}
TREE=${TREE:-$BUILD/linux}
TIMEOUT=${TIMEOUT:-600}
. "$top/tools/lib.sh"
. "$top/tools/series/series-lib.sh"
points=${1:-$top/tools/series/behaviour-points}
[ $# -le 1 ] || { echo "usage: $0 [POINTS]" >&2; exit 2; }
die() { echo "behaviour-check: $*" >&2; exit 2; }
[ -f "$points" ] || die "no points file '$points'"
[ -d "$TREE/.git" ] || die "no tree at $TREE: run make tree"
[ -f "$(initramfs)" ] || die "no initramfs $(initramfs): run make guest"

# The points: "NUMBER<TAB>SUBJECT" in $tmp/points; each point's lines
# (its own, and the must-pass ones of the points before it) in
# $tmp/N.specs as "PROGRAM GLOB".
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The commits, resolved once: the tree may change while this runs.
git -C "$TREE" rev-list --reverse base..applied >"$tmp/commits"
while read -r c; do git -C "$TREE" log -1 --format=%s "$c"; done <"$tmp/commits" |
	nl -ba -w1 -s"$(printf '\t')" >"$tmp/series"
np=0
: >"$tmp/specs"
while IFS= read -r line; do
	case "$line" in
	'#'* | '') continue ;;
	'point '*)
		subject=${line#point }
		num=$(awk -F'\t' -v s="$subject" '$2 == s { print $1 }' "$tmp/series")
		[ -n "$num" ] || die "no patch with the subject '$subject' in the series"
		if [ $np -gt 0 ]; then
			# The next point inherits what must pass, not what must fail.
			cp "$tmp/specs" "$tmp/$np.specs"
			grep -v ' !' "$tmp/$np.specs" >"$tmp/specs" || true
		fi
		np=$((np + 1))
		printf '%s\t%s\n' "$num" "$subject" >>"$tmp/points"
		;;
	[[:space:]]*)
		[ $np -gt 0 ] || die "a program line before the first point: $line"
		read -r prog globs <<<"$line"
		[ -n "$globs" ] || die "no test named for $prog: $line"
		for g in $globs; do echo "$prog $g"; done >>"$tmp/specs"
		;;
	*) die "not a point or an indented program line: $line" ;;
	esac
done <"$points"
[ $np -gt 0 ] || die "no point in $points"
cp "$tmp/specs" "$tmp/$np.specs"

wt=$BUILD/behaviour/linux
worktree_at_base "$TREE" "$wt" || exit 2
img=$(bzimage_in "$BUILD/behaviour/kernel/fsid")

# verdict SPECS LOGDIR: one TAP line per program of SPECS.
n=0 bad=0
verdict() {
	local prog results fails=() g want hits name status
	for prog in $(cut -d' ' -f1 "$1" | sort -u); do
		n=$((n + 1))
		results=$2/$prog.results
		fails=()
		while read -r _ g; do
			want=ok
			case "$g" in '!'*) want=notok; g=${g#!} ;; esac
			hits=0
			while read -r status name; do
				# shellcheck disable=SC2053
				[[ $name == $g ]] || continue
				hits=$((hits + 1))
				[ "$status" = "$want" ] || fails+=("$name: $status, must be $want")
			done <"$results"
			[ $hits -gt 0 ] || fails+=("no test of $prog matches $g")
		done < <(grep "^$prog " "$1")
		if [ ${#fails[@]} -eq 0 ]; then
			echo "ok $n - $point_label: $prog"
		else
			echo "not ok $n - $point_label: $prog"
			printf '#   %s\n' "${fails[@]}" | head -n 30
			bad=$((bad + 1))
		fi
	done
}

i=0
echo "# points: $np; kernels built in $BUILD/behaviour/kernel/fsid"
while IFS=$'\t' read -r num subject; do
	i=$((i + 1))
	point_label="patch $num ($subject)"
	start=$SECONDS
	c=$(sed -n "${num}p" "$tmp/commits")
	git -C "$wt" checkout -q --detach "$c" || exit 2
	blog=$BUILD/behaviour/$num-build.log
	echo "# patch $num: building ($blog)"
	if ! TREE=$wt LINK=no "$top/tools/vm/kernel-build.sh" fsid >"$blog" 2>&1 </dev/null; then
		n=$((n + 1)) bad=$((bad + 1))
		echo "not ok $n - $point_label: the fsid kernel does not build (see $blog)"
		continue
	fi
	dir=$BUILD/behaviour/$num
	mkdir -p "$dir"
	for prog in $(cut -d' ' -f1 "$tmp/$i.specs" | sort -u); do
		log=$dir/$prog.log
		"$top/tools/vm/run-guest.sh" -k "$img" -t "$TIMEOUT" --scratch 64M \
			--test "/tests/selftest.sh $prog" >"$log" 2>&1 </dev/null
		# The harness's TAP, "ok N NAME" or "not ok N NAME", as "ok NAME"
		# or "notok NAME"; a skipped test has not passed. The serial
		# console ends lines with CR LF.
		tr -d '\r' <"$log" | sed -n -E 's/^ok [0-9]+ ([^ ]+)$/ok \1/p; s/^ok [0-9]+ ([^ ]+) # SKIP.*/notok \1/p;
			s/^not ok [0-9]+ ([^ ]+).*/notok \1/p' >"$dir/$prog.results"
	done
	verdict "$tmp/$i.specs" "$dir"
	echo "# patch $num: $((SECONDS - start)) s"
done <"$tmp/points"
echo "1..$n"
[ $bad -eq 0 ]
