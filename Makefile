# Makefile — orchestration of the fsid-mappings workbench: kernel trees,
# the kernel flavours, the guest initramfs, QEMU runs and the tests.
# The work is done by the scripts in tools/ (by role: series/, vm/,
# check/, bench/), demos/tools/ and Documentation/docs/; `make help` lists
# the targets. Flavours (guest/flavours/NAME.config), demos
# (demos/demo-N.sh) and selftest programs (the kselftest Makefile) are
# discovered, never listed here.

BUILD ?= $(CURDIR)/build
FLAVOUR ?= fsid
# make shell DISK=64M: a fresh, empty ext4 disk of that size as /dev/vda.
DISK ?=
TARBALL ?= /usr/src/linux-source-6.1.tar.xz
TREE ?= $(BUILD)/linux
VANILLA := $(BUILD)/vanilla/linux
SERIES := series
INITRD := $(BUILD)/initramfs.cpio
TIMEOUT ?= 300
# Seconds a demo pauses before each command when a person watches it.
DEMO_DELAY ?= 1
# make bench: files per row, and 1 for wall-clock time instead of instructions.
N ?= 2000
OP ?= fchown
WALL ?= 0
# make fuzz: iterations, and the seed to replay (empty: a new one).
ITER ?= 1000
SEED ?=
# make bisect-check: the first patch to build.
FROM ?= 1
# make check-labs: the folder of the labs' hand-in, and the labs to grade [all].
HANDIN ?= handin
LAB ?=
export BUILD TARBALL TREE VANILLA SERIES

# Debian packages the workbench needs (tools/deps.sh installs them as root).
# The docs' own (python3-docutils, chromium, fonts-dejavu-core) are installed
# by the docs scripts when they first run, so make demo-1 does not pull them.
PACKAGES := linux-source-6.1 qemu-system-x86 busybox-static asciinema pandoc \
	gcc libc6-dev make flex bison bc libelf-dev libssl-dev cpio ccache \
	e2fsprogs xz-utils git python3-ply python3-git gcc-multilib python3 apparmor \
	gdb iproute2 uidmap

# The registries (tools/lib.sh reads the same files).
FLAVOURS := $(sort $(patsubst guest/flavours/%.config,%,$(wildcard guest/flavours/*.config)))
# Those make check and make bench use: all but "# check: separate" and
# "# check: own" ones.
CHECK_FLAVOURS := $(sort $(patsubst guest/flavours/%.config,%,$(shell grep -Lx -e '\# check: separate' -e '\# check: own' guest/flavours/*.config)))
DEMOS := $(patsubst demos/demo-%.sh,%,$(wildcard demos/demo-[0-9]*.sh))

# The guest's C programs: guest/bin/NAME.c becomes the static $(BUILD)/guest-bin/NAME.
CFLAGS := -std=gnu11 -Wall -Wextra -Werror -O2
GUEST_BINS := $(patsubst guest/bin/%.c,$(BUILD)/guest-bin/%,$(wildcard guest/bin/*.c))
GUEST_FILES := $(shell find guest/init guest/rootfs guest/tests -type f) $(wildcard demos/*.sh) tools/vm/mkinitramfs.sh

# The kernel selftests the guest runs, built statically from the kernel
# tree: the series' tools/testing/selftests/fsid_mappings with its own
# kselftest Makefile (its programs are the ones it lists), and
# mount_setattr. gcc-multilib builds the 32-bit ones.
KSELFTESTS := $(TREE)/tools/testing/selftests
FSID_SELFTESTS_STAMP := $(BUILD)/selftests/.fsid_mappings
SELFTEST_CFLAGS := -std=gnu11 -Wall -Werror -O2 -static -pthread

.PHONY: help deps tree tree-reset kernel kernels guest shell run check demo casts \
	docs handout slides bench call-trace fuzz check-debug check-kcsan sparse check-labs bisect-check behaviour-check checkpatch export clean distclean \
	$(addprefix demo-,$(DEMOS)) $(addprefix play-,$(DEMOS))
.DEFAULT_GOAL := help

help: ## this list
	@echo "make TARGET [FLAVOUR=$(subst $() $(),|,$(FLAVOURS))] — the fsid-mappings workbench"
	@awk -F':.*## ' '/^[a-z0-9 -]+:.*## / { printf "  %-20s %s\n", $$1, $$2 }' $(MAKEFILE_LIST)
	@printf '  %-20s %s\n' demo-N "replay demo N ($(DEMOS)) in a QEMU guest on the fsid kernel (DEMO_DELAY=0: no pauses)" \
		play-N "play demo N's recorded cast in this terminal (asciinema play)"

deps: ## install the Debian packages the workbench needs (as root; else print the command)
	@tools/deps.sh $(PACKAGES)

tree: deps ## the kernel git tree with series/ applied as commits, in build/linux
	@tools/series/kernel-tree.sh
	@echo "kernel tree: $(TREE) (branch fsid: tag base + the series; edit, commit, then make export)"

tree-reset: deps ## re-apply series/ to build/linux, DROPPING its unexported commits
	@tools/series/kernel-tree.sh --reset

kernel: tree ## build one flavour: make kernel FLAVOUR=NAME (a file guest/flavours/NAME.config)
	@tools/vm/kernel-build.sh $(FLAVOUR)

kernels: tree ## build every flavour of guest/flavours/
	@for f in $(FLAVOURS); do tools/vm/kernel-build.sh $$f || exit 1; done

$(BUILD)/guest-bin/%: guest/bin/%.c
	@mkdir -p $(@D)
	gcc $(CFLAGS) -static -o $@ $<

# The selftest programs: the kselftest Makefile of fsid_mappings builds
# every program it lists (kselftest's lib.mk: only what is out of date),
# with the environment's CFLAGS before its own.
$(FSID_SELFTESTS_STAMP): $(wildcard $(KSELFTESTS)/fsid_mappings/*) | tree
	@mkdir -p $(@D)
	CFLAGS="$(SELFTEST_CFLAGS)" $(MAKE) -s --no-print-directory -C $(KSELFTESTS)/fsid_mappings OUTPUT=$(abspath $(@D)) all
	@touch $@

# The sources come with the kernel tree (and are never make's to delete).
$(KSELFTESTS)/%: | tree ;
.PRECIOUS: $(KSELFTESTS)/%

$(BUILD)/selftests/mount_setattr_test: $(KSELFTESTS)/mount_setattr/mount_setattr_test.c
	@mkdir -p $(@D)
	gcc $(SELFTEST_CFLAGS) -o $@ $<

# The AppArmor profiles that fsid-apparmor loads in the guest, compiled for
# the policy features of Debian's 6.1 kernel (the apparmor package's file).
AA_POLICY := $(BUILD)/apparmor/owner.bin
$(AA_POLICY): guest/apparmor/owner.profile
	@mkdir -p $(@D)
	apparmor_parser -Q -S -M /usr/share/apparmor-features/features $< >$@.tmp
	@mv $@.tmp $@

$(INITRD): $(GUEST_FILES) $(GUEST_BINS) $(FSID_SELFTESTS_STAMP) $(BUILD)/selftests/mount_setattr_test $(AA_POLICY) | tree
	@tools/vm/mkinitramfs.sh $@ $(BUILD)/selftests=/selftests $(BUILD)/apparmor=/apparmor

guest: deps $(INITRD) ## the guest initramfs: busybox, /init, the tests, the C programs

shell: kernel guest ## an interactive root shell in the guest (FLAVOUR=...; DISK=64M: a fresh ext4 disk as /dev/vda)
	@tools/vm/run-guest.sh -f $(FLAVOUR) $(if $(DISK),--scratch $(DISK)) --shell

run: kernel guest ## run one command in the guest: make run CMD='...' [FLAVOUR=...] [DISK=64M]
	@test -n "$(CMD)" || { echo "make run: say CMD='command to run in the guest'" >&2; exit 2; }
	@tools/vm/run-guest.sh -f $(FLAVOUR) $(if $(DISK),--scratch $(DISK)) -t $(TIMEOUT) --test '$(subst ','\'',$(CMD))'

check: deps ## run every test, building only the kernels and the guest they need; ends with "N passed, N failed" (T="GLOB ...": only the suites matching one of them; LIST=1: list them)
	@tools/check/check.sh $(if $(LIST),--list) $(T)

check-debug: deps ## make check's selftests, demos and fuzzer on the debug flavour (KASAN, UBSAN, lockdep, KFENCE): any kernel report fails (slow; T=, LIST=1 as for check)
	@CHECK_SET=debug tools/check/check.sh $(if $(LIST),--list) $(T)

check-kcsan: tree guest ## the fsid selftests (the race test among them) on two CPUs under KCSAN, the kcsan flavour, built if missing: each must pass, and no data race may be reported in the series' code (slow: not in make check; P="PROGRAM ...": only those)
	@tools/vm/kernel-build.sh kcsan
	@tools/tests/kcsan.sh $(P)

sparse: tree ## a W=1 build with sparse (C=2) of the C files the series touches, against vanilla's: any warning vanilla does not give fails (builds the vanilla and fsid kernels if missing; not in make check)
	@tools/deps.sh sparse
	@tools/vm/kernel-build.sh vanilla
	@tools/vm/kernel-build.sh fsid
	@tools/tests/sparse.sh

check-labs: tree guest ## grade your hand-in of the graded labs (Documentation/labs/) without showing an answer: HANDIN=DIR [handin], LAB="1 2 3 4" [all]; Lab 3 builds a kernel with your patch (slow)
	@tools/vm/kernel-build.sh fsid
	@$(if $(filter 4,$(or $(LAB),4)),tools/vm/kernel-build.sh vanilla)
	@HANDIN='$(HANDIN)' tools/labs/check-labs.sh $(LAB)

demo: $(addprefix demo-,$(DEMOS)) ## replay every demo scenario

$(addprefix demo-,$(DEMOS)): tree guest
	@tools/vm/kernel-build.sh fsid
	@DEMO_DELAY=$(DEMO_DELAY) demos/tools/demo-run.sh $(@:demo-%=%)

casts: tree guest ## record every demo with asciinema into demos/casts/ (each must match its expected file)
	@tools/vm/kernel-build.sh fsid
	@demos/tools/cast-record.sh

$(addprefix play-,$(DEMOS)):
	@tools/deps.sh asciinema
	@asciinema play demos/casts/demo-$(@:play-%=%).cast

# Any other demo-N or play-N: say which demos there are.
demo-% play-%:
	@echo "make: no demo '$*': demos/ has demo-N.sh for N in $(DEMOS)" >&2; exit 2

bench: tree guest ## the fstat()/stat/create/fchown/setresuid/setresuid-change table on every flavour, in instructions (N=FILES [2000]; WALL=1: wall clock, noisy)
	@for f in $(CHECK_FLAVOURS); do tools/vm/kernel-build.sh $$f || exit 1; done
	@N=$(N) WALL=$(WALL) tools/bench/bench.sh

call-trace: tree guest ## one call of OP (fchown, setresuid, setresuid-change [fchown]) instruction by instruction, per function: vanilla, fsid, fsid with fsid maps, side by side in build/bench/trace-OP.md
	@for f in vanilla fsid; do tools/vm/kernel-build.sh $$f || exit 1; done
	@mkdir -p $(BUILD)/bench
	@tools/bench/call-trace.sh vanilla unset $(OP) >$(BUILD)/bench/trace-$(OP)-vanilla.txt
	@tools/bench/call-trace.sh fsid unset $(OP) >$(BUILD)/bench/trace-$(OP)-fsid-unset.txt
	@tools/bench/call-trace.sh fsid set $(OP) >$(BUILD)/bench/trace-$(OP)-fsid-set.txt
	@tools/bench/trace-table.py vanilla=$(BUILD)/bench/trace-$(OP)-vanilla.txt \
		"fsid, unset"=$(BUILD)/bench/trace-$(OP)-fsid-unset.txt \
		"fsid, set"=$(BUILD)/bench/trace-$(OP)-fsid-set.txt | tee $(BUILD)/bench/trace-$(OP).md

fuzz: kernel guest ## fsid-fuzz in the guest: random map text and ids against invariants (ITER=N [1000]; SEED=S replays a run)
	@tools/vm/run-guest.sh -f $(FLAVOUR) -t $(TIMEOUT) --test 'fsid-fuzz -n $(ITER)$(if $(SEED), -s $(SEED))'

docs: ## render the walkthrough, the two kernel documentation pages and the notes to HTML in build/docs/ (pandoc; asciinema-player from npm)
	@Documentation/docs/docs-build.sh

# instructors: begin
handout: ## the students' copy: the workbench without the answers, as build/handout/fsid-workbench-student.tar.gz, and its docs in build/handout/
	@Documentation/docs/handout.sh
# instructors: end

slides: ## the lecture slides (Documentation/course/slides.md): a reveal.js deck that plays every demo's cast, offline, in build/slides/ (pandoc; reveal.js and asciinema-player from npm)
	@Documentation/docs/slides-build.sh

bisect-check: tree ## build every patch of the series with CONFIG_USER_NS_FSID=y and =n (slow: not in make check; FROM=N: from patch N on)
	@FROM=$(FROM) tools/series/bisect-check.sh

behaviour-check: tree guest ## boot the series where it changes behaviour and run the selftests that apply there (tools/series/behaviour-points; slow: not in make check)
	@tools/series/behaviour-check.sh

checkpatch: tree ## scripts/checkpatch.pl --strict on every patch of series/, full reports
	@tools/tests/checkpatch.sh -v

export: ## write the commits of build/linux back to series/ (git format-patch)
	@tools/series/series-export.sh

clean: ## remove the build outputs (kernels, initramfs, test logs); keep the kernel trees
	rm -rf $(BUILD)/kernel $(BUILD)/guest-bin $(BUILD)/check $(INITRD) $(BUILD)/gen_init_cpio

distclean: ## remove all of build/, refusing while build/linux has unexported work
	@tools/series/kernel-tree.sh --check-exported
	rm -rf $(BUILD)
