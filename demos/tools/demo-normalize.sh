#!/bin/sh
# demo-normalize.sh — the text of a demo's run, as demos/demo-N.expected
# holds it: what demos/tools/demo-run.sh printed (live, or played back from a
# cast with asciinema cat), without the console's carriage returns and
# the colour escapes, from the demo's title line ("# demo-N: ...") to the
# guest's end marker ("=== guest: command exited with status N ===").
# Everything else the console shows (kernel messages before the demo, the
# reboot line after it) is dropped.
#
# usage: demos/tools/demo-normalize.sh <RAW >TEXT
# Exit status: 0; 1 no title line or no end marker was found (the text up
# to where it stops is still printed, so a diff shows what went wrong).
tr -d '\r' | sed 's/\x1b\[[0-9;]*[A-Za-z]//g' | awk '
	!on && /^# demo-[0-9]+: / { on = 1 }
	on { print }
	on && /^=== guest: command exited with status [0-9]+ ===$/ { done = 1; exit }
	END { exit !done }'
