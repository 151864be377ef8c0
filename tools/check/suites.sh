# suites.sh — the registry of make check's test suites (bash, sourced by
# tools/check/check.sh, which counts their TAP; nothing here counts).
#
# One line per suite:   suite NAME [NEED...] -- COMMAND [ARG...]
#   NEED  kernel:FLAVOUR (built first) or guest (the initramfs, built first)
#   COMMAND prints TAP; the helpers below are evaluated when it runs.
# Flavours (guest/flavours/), demos (demos/demo-N.sh) and the selftest
# programs (the kselftest Makefile of fsid_mappings) are discovered, so a
# new one gets its suites without a line here. Expected suite names are
# listed in README ("What make check checks").
# shellcheck shell=bash disable=SC2154

# --- helpers the commands use ---------------------------------------------
# guest FLAVOUR ARGS...: tools/vm/run-guest.sh on that flavour's kernel.
guest() { "$top/tools/vm/run-guest.sh" -f "$1" -t "$TIMEOUT" "${@:2}"; }
# smoke FLAVOUR: the guest's smoke test, told what the kernel should be.
smoke() { guest "$1" --test "/tests/smoke.sh $(kernel_release "$1") $(flavour_has_fsid "$1")"; }
# in_guest FLAVOUR PROGRAM: one selftest program, with a fresh ext4 disk.
in_guest() { guest "$1" --scratch 64M --test "/tests/selftest.sh $2"; }
# compared PROGRAM SCRIPT: PROGRAM on every flavour (its log in
# $BUILD/check/PROGRAM-FLAVOUR.log), then SCRIPT compares the logs, each
# handed as FLAVOUR:FSID:LOG (FSID: yes if the kernel has fsid maps).
compared() {
	local f args=()
	for f in $(check_flavours); do
		echo "# $1 on $f: $logs/$1-$f.log" >&2
		in_guest "$f" "$1" >"$logs/$1-$f.log" 2>&1 </dev/null
		args+=("$f:$(flavour_has_fsid "$f"):$logs/$1-$f.log")
	done
	"$2" "${args[@]}"
}
# kselftests VARIABLE: the programs the kselftest Makefile of fsid_mappings
# lists in VARIABLE (TEST_GEN_PROGS: for kernels with fsid maps;
# TEST_GEN_PROGS_EXTENDED: for kernels without).
kselftests() {
	local dir=${TREE:-$BUILD/linux}/tools/testing/selftests/fsid_mappings
	[ -f "$dir/Makefile" ] || make -s --no-print-directory -C "$top" tree >/dev/null || return 1
	make -s --no-print-directory -C "$dir" --eval 'print-%: ; @echo $(notdir $($*))' "print-$1"
}
all_kernels=()
for f in $(check_flavours); do all_kernels+=("kernel:$f"); done

# The debug flavours (those with "# check: separate": guest/flavours/
# debug.config): the selftests for kernels with fsid maps, the demos, the
# fuzzer and the teardown check (fsid-teardown: it needs /proc/slabinfo),
# under the kernel's error detectors, whose findings are in the kernel log
# that check.sh scans per suite. make check-debug (CHECK_SET=debug) runs
# only these; make check runs them after the others (measured on the
# 2-core machine: the debug kernel costs about 8 minutes from scratch, the
# suites about 7, which keeps a cold CI run well inside its 90 minutes).
debug_suites() {
	local f t d
	for f in $(separate_flavours); do
		for t in $(kselftests TEST_GEN_PROGS); do
			# The enumeration (6560 cells a run) takes over 5 minutes
			# under KASAN; it runs on every other flavour.
			[ "$t" != fsid_matrix_test ] || continue
			suite "$f-selftest-${t%_test}" "kernel:$f" guest -- in_guest "$f" "$t"
		done
		for d in $(demos); do
			suite "$f-demo-$d" "kernel:$f" guest -- "$top/tools/tests/demo-live.sh" "$d" "$f" 0 "$top/demos/demo-$d.expected"
		done
		suite "$f-fuzz-maps" "kernel:$f" guest -- guest "$f" --test "fsid-fuzz -n 1000 -s 1"
		suite "$f-apparmor-owner" "kernel:$f" guest -- guest "$f" --test "fsid-apparmor /apparmor/owner.bin"
		# Namespaces with 340-extent maps are freed whole (slab counts).
		suite "$f-teardown" "kernel:$f" guest -- guest "$f" --test "fsid-teardown -n 64"
	done
}
if [ "${CHECK_SET:-}" = debug ]; then
	debug_suites
	return 0
fi

# --- host-side suites -------------------------------------------------------
suite series-machinery -- "$top/tools/tests/series-machinery.sh"
suite series-roundtrip -- "$top/tools/tests/series-roundtrip.sh"
suite checkpatch -- "$top/tools/tests/checkpatch.sh"
suite kernel-doc -- "$top/tools/tests/kernel-doc.sh"
suite no-code-when-off kernel:vanilla kernel:fsid-off -- "$top/tools/tests/no-code-when-off.sh"
suite launcher-args guest -- "$top/tools/tests/launcher-args.sh" "$BUILD/guest-bin/fsid-unshare"
suite bench-args guest -- "$top/tools/tests/bench-args.sh" "$BUILD/guest-bin/fsid-bench"
suite call-trace kernel:vanilla kernel:fsid guest -- "$top/tools/tests/call-trace.sh"
# The benchmark's limits (issue 24; the cover letter quotes them): a small
# make bench (rows 0, 1, 6 and 340, 200 files, every call) on every flavour.
suite bench-guard "${all_kernels[@]}" guest -- "$top/tools/tests/bench-guard.sh" "$logs/bench"
suite excerpts -- "$top/tools/tests/excerpts.py"
suite doc-paths -- "$top/tools/tests/doc-paths.py"
suite walkthrough-structure -- "$top/tools/tests/walkthrough-structure.py" "$top/Documentation/walkthrough"
suite claims -- "$top/tools/tests/claims.py"
suite terms -- "$top/tools/tests/terms.py"
suite admin-guide -- "$top/tools/tests/admin-guide.sh"
suite docs -- "$top/tools/tests/docs.sh"
# The students' copy (make handout): no answer in it, and its checks pass.
suite handout -- "$top/tools/tests/handout.sh" # instructors
# Every page of make docs and make handout, and the slides, in Chromium.
suite pages -- "$top/tools/tests/pages.sh"
suite slides -- "$top/tools/tests/slides.sh"
# The syllabus: a path through every chapter, exercise, lab and demo.
suite course-path -- "$top/tools/tests/course-path.py" "$top"
# The slides' notes for the instructor: a time per slide, a lecture per session.
suite slide-notes -- "$top/tools/tests/slide-notes.py" "$top/Documentation/course/slides.md" "$top/Documentation/course/syllabus.md"

# --- guest suites, on every flavour -----------------------------------------
for f in $(check_flavours); do
	suite "smoke-$f" "kernel:$f" guest -- smoke "$f"
done
suite runner kernel:fsid guest -- "$top/tools/tests/runner.sh" "$(kernel_image fsid)" "$(initramfs)"
# The demos' launcher against a kernel without and one with fsid maps:
# what needs the kernel (a map refused, no fsid maps), the syntax being
# checked on the host.
for f in vanilla fsid; do
	suite "launcher-$f" "kernel:$f" guest -- guest "$f" --test "/tests/launcher.sh $(flavour_has_fsid "$f")"
done
# The delegation helpers (newfsuidmap, newfsgidmap, setuid root), run by
# unprivileged users: what grants give, each refusal and hostile grant
# files; on vanilla, their refusal of a kernel without fsid maps.
for f in vanilla fsid; do
	suite "delegation-$f" "kernel:$f" guest -- guest "$f" --test "/tests/delegation.sh $(flavour_has_fsid "$f")"
done

# --- the demo scenarios (demos/) --------------------------------------------
# Each live on fsid, compared with demos/demo-N.expected; each that has a
# demos/demo-N-FLAVOUR.expected on FLAVOUR too (a kernel without fsid maps
# must stop it with fsid-unshare's status 121); and the committed casts,
# which must show the same text.
for d in $(demos); do
	suite "demo-$d" kernel:fsid guest -- "$top/tools/tests/demo-live.sh" "$d" fsid 0 "$top/demos/demo-$d.expected"
	for f in $(check_flavours); do
		[ -f "$top/demos/demo-$d-$f.expected" ] || continue
		status=0
		[ "$(flavour_has_fsid "$f")" = yes ] || status=121
		suite "demo-$d-$f" "kernel:$f" guest -- "$top/tools/tests/demo-live.sh" "$d" "$f" $status "$top/demos/demo-$d-$f.expected"
	done
done
suite casts -- "$top/tools/tests/casts.sh" $(demos)
# instructors: begin
# The walkthrough's exercises: their answers against the kernel.
suite exercises kernel:fsid guest -- "$top/tools/tests/exercises.sh" "$(kernel_image fsid)" "$(initramfs)"
suite exercises-attacks kernel:fsid guest -- "$top/tools/tests/exercises.sh" "$(kernel_image fsid)" "$(initramfs)" \
	"$top/Documentation/walkthrough/10-attacks.md"
# instructors: end
# The walkthrough's "make shell" blocks: what their comments say they print.
suite prose-commands kernel:fsid guest -- "$top/tools/tests/prose-commands.sh" "$(kernel_image fsid)" "$(initramfs)"
# instructors: begin
# The graded labs (Documentation/labs/): a hand-in made of the answer key,
# graded as make check-labs grades a student's, and a wrong one.
suite labs kernel:fsid kernel:vanilla guest -- "$top/tools/tests/labs.sh"
# instructors: end

# --- the kernel selftests in the guest --------------------------------------
# The fsid_mappings programs for kernels with fsid maps on fsid; those for
# kernels without on every flavour without them.
for t in $(kselftests TEST_GEN_PROGS); do
	suite "selftest-${t%_test}" kernel:fsid guest -- in_guest fsid "$t"
done
for f in $(check_flavours); do
	[ "$(flavour_has_fsid "$f")" = no ] || continue
	for t in $(kselftests TEST_GEN_PROGS_EXTENDED); do
		suite "selftest-${t%_test}-$f" "kernel:$f" guest -- in_guest "$f" "$t"
	done
done
# AppArmor's "owner" rules (guest/bin/fsid-apparmor.c, profiles from
# guest/apparmor/): on every flavour, so that the id-map answers of the
# series are those of a kernel without it; the fsid-map cells on fsid.
for f in $(check_flavours); do
	suite "apparmor-owner-$f" "kernel:$f" guest -- guest "$f" --test "fsid-apparmor /apparmor/owner.bin"
done
# The map files against hostile input (guest/bin/fsid-fuzz.c): a fixed
# seed, so that make check is the same run every time (make fuzz: others).
suite fuzz-maps kernel:fsid guest -- guest fsid --test "fsid-fuzz -n 1000 -s 1"
# The attack sequences on every flavour (id maps only where the kernel has
# no fsid maps): their answers must be the same everywhere, compared, not
# counted (fsid's own run, counted above, also compares them per test).
suite attack-answers "${all_kernels[@]}" guest -- compared fsid_attack_test "$top/tools/tests/attack-answers.sh"
# The security model by enumeration (fsid_matrix_test): its id-map runs must
# give the same answers on every kernel (its own suite, selftest-fsid_matrix,
# fails on any cell whose restriction the fsid maps shed).
suite matrix-answers "${all_kernels[@]}" guest -- compared fsid_matrix_test "$top/tools/tests/matrix-answers.sh"
# mount_setattr on every flavour: the series must not change its results,
# whatever they are (so its own results are compared, not counted).
suite mount_setattr "${all_kernels[@]}" guest -- compared mount_setattr_test "$top/tools/tests/same-results.sh"

# --- the debug flavours, last (see debug_suites above) ----------------------
debug_suites
