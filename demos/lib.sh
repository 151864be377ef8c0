# lib.sh — the narration helpers that the demo scripts share (busybox ash;
# sourced by demos/demo-N.sh in the guest as /demos/lib.sh).
#
# A demo is a transcript a learner can read: a title, then steps; each
# step first says what is about to happen and why (say), then runs its
# commands (run, fails, start), each printed as "$ COMMAND" before its
# output. Output holds ids, modes and names only, so two runs print the
# same text and make check can compare it with demos/demo-N.expected.
#
#   title TEXT          the demo's first line: "# TEXT"
#   step TEXT           a numbered step: "# --- N. TEXT"
#   say TEXT            one line of narration: "# TEXT"
#   run COMMAND         print and run COMMAND (eval, stderr shown too); the
#                       demo stops if it fails
#   fails COMMAND       the same for a command that must fail: its exit
#                       status is printed, and the demo stops if it succeeds
#   start VAR COMMAND   print "$ COMMAND &" (COMMAND is fsid-unshare), run
#                       it in the background and set VAR to the pid of the
#                       container it starts (its --pid-file); the demo
#                       stops with fsid-unshare's exit status if it fails
#   run_as USER COMMAND, fails_as USER COMMAND
#                       run and fails for a user of the guest other than
#                       root: the prompt is "USER$ ", and COMMAND runs in
#                       that user's shell (su -s /bin/sh USER -c), with the
#                       containers' pid variables A, B and C exported to it
#   start_as USER VAR COMMAND
#                       start for a user: COMMAND (one string, fsid-unshare
#                       first) runs in the background in USER's shell
#   finish              the last line, "# NAME: done", and exit 0
#
# Environment: DEMO_DELAY  seconds to pause before each step and each
#                          command, for a person watching [0]
#              DEMO_COLOR  0 for plain text [1: narration and commands in
#                          colour; make check strips the escapes]
# Exit status of a demo: 0 it ran to the end; otherwise the status of the
# command that went wrong (1 for a command that should have failed).

demo_name=${0##*/}
demo_name=${demo_name%.sh}
demo_step=0
if [ "${DEMO_COLOR:-1}" = 1 ]; then
	demo_c_say=$(printf '\033[36m') demo_c_cmd=$(printf '\033[1m') demo_c_off=$(printf '\033[0m')
else
	demo_c_say='' demo_c_cmd='' demo_c_off=''
fi

title() { printf '%s# %s%s\n' "$demo_c_say" "$*" "$demo_c_off"; }
say() { printf '%s# %s%s\n' "$demo_c_say" "$*" "$demo_c_off"; }
step() {
	[ "${DEMO_DELAY:-0}" = 0 ] || sleep "$DEMO_DELAY"
	demo_step=$((demo_step + 1))
	printf '\n%s# --- %d. %s%s\n' "$demo_c_say" "$demo_step" "$*" "$demo_c_off"
}

# demo_show COMMAND: the prompt line, after the pause ("USER$ " when
# $demo_user is set).
demo_show() {
	[ "${DEMO_DELAY:-0}" = 0 ] || sleep "$DEMO_DELAY"
	printf '%s%s$ %s%s\n' "$demo_c_cmd" "${demo_user:-}" "$*" "$demo_c_off"
}
# demo_stop STATUS WHY: end the demo early.
demo_stop() {
	say "$demo_name: stopped: $2"
	exit "$1"
}

run() {
	demo_show "$1"
	eval "$1" 2>&1
	demo_rc=$?
	[ $demo_rc -eq 0 ] || demo_stop $demo_rc "that command failed with exit status $demo_rc"
}

fails() {
	demo_show "$1"
	eval "$1" 2>&1
	demo_rc=$?
	[ $demo_rc -ne 0 ] || demo_stop 1 "that command should have failed, and it succeeded"
	printf '(exit status %d)\n' $demo_rc
}

start() {
	demo_var=$1
	shift
	demo_show "$* &"
	# COMMAND is fsid-unshare: it is run with --pid-file added after its
	# name (not shown), and writes the container's pid there once the
	# container runs its command.
	demo_cmd=$1
	shift
	demo_pidfile=/tmp/.demo-$demo_var.pid
	rm -f "$demo_pidfile"
	"$demo_cmd" --pid-file "$demo_pidfile" "$@" 2>&1 &
	demo_wait_pid $!
}

# demo_wait_pid PARENT: wait for $demo_pidfile, written once the container
# of fsid-unshare (PARENT, or the shell that runs it) runs its command,
# and set $demo_var to the pid in it; stop the demo if PARENT exits first.
demo_wait_pid() {
	demo_parent=$1
	demo_tries=0
	while [ ! -s "$demo_pidfile" ]; do
		if ! kill -0 $demo_parent 2>/dev/null; then
			wait $demo_parent
			demo_rc=$?
			demo_stop $demo_rc "fsid-unshare exited with status $demo_rc"
		fi
		demo_tries=$((demo_tries + 1))
		[ $demo_tries -lt 100 ] || demo_stop 1 "the container did not start within 10 s"
		sleep 0.1
	done
	read -r demo_pid <"$demo_pidfile"
	rm -f "$demo_pidfile"
	eval "$demo_var=\$demo_pid"
}

# demo_as USER COMMAND: COMMAND in USER's shell, with the pid variables.
demo_as() {
	export A B C
	su -s /bin/sh "$1" -c "$2" 2>&1
}

run_as() {
	demo_user=$1
	demo_show "$2"
	demo_user=
	demo_as "$1" "$2"
	demo_rc=$?
	[ $demo_rc -eq 0 ] || demo_stop $demo_rc "that command failed with exit status $demo_rc"
}

fails_as() {
	demo_user=$1
	demo_show "$2"
	demo_user=
	demo_as "$1" "$2"
	demo_rc=$?
	[ $demo_rc -ne 0 ] || demo_stop 1 "that command should have failed, and it succeeded"
	printf '(exit status %d)\n' $demo_rc
}

start_as() {
	demo_var=$2
	demo_user=$1
	demo_show "$3 &"
	demo_user=
	demo_pidfile=/tmp/.demo-$demo_var.pid
	rm -f "$demo_pidfile"
	demo_as "$1" "${3%% *} --pid-file $demo_pidfile ${3#* }" &
	demo_wait_pid $!
}

finish() {
	printf '\n'
	say "$demo_name: done"
	exit 0
}
