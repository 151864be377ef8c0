# Makefile — orchestration of the fsid-mappings workbench: kernel trees,
# the three kernel flavours, the guest initramfs, QEMU runs and the tests.
# The work is done by the scripts in tools/; `make help` lists the targets.

BUILD ?= $(CURDIR)/build
FLAVOUR ?= fsid
FLAVOURS := vanilla fsid-off fsid
TARBALL ?= /usr/src/linux-source-6.1.tar.xz
TREE := $(BUILD)/linux
VANILLA := $(BUILD)/vanilla/linux
SERIES := series
INITRD := $(BUILD)/initramfs.cpio
TIMEOUT ?= 300
# Seconds a demo pauses before each command when a person watches it.
DEMO_DELAY ?= 1
# make bench: files per row, and 1 for wall-clock time instead of instructions.
N ?= 2000
WALL ?= 0
# make bisect-check: the first patch to build.
FROM ?= 1
export BUILD TARBALL TREE VANILLA SERIES

# Debian packages the workbench needs (tools/deps.sh installs them as root).
# The docs' own (python3-docutils, chromium, fonts-dejavu-core) are installed
# by the docs scripts when they first run, so make demo-1 does not pull them.
PACKAGES := linux-source-6.1 qemu-system-x86 busybox-static asciinema pandoc \
	gcc libc6-dev make flex bison bc libelf-dev libssl-dev cpio ccache \
	e2fsprogs xz-utils git python3-ply python3-git gcc-multilib python3

kernel_image = $(BUILD)/kernel/$(1)/arch/x86/boot/bzImage

# The project's C programs: tools/NAME.c becomes the static $(BUILD)/guest-bin/NAME.
CFLAGS := -std=gnu11 -Wall -Wextra -Werror -O2
GUEST_BINS := $(patsubst tools/%.c,$(BUILD)/guest-bin/%,$(wildcard tools/*.c))
GUEST_FILES := $(shell find guest/init guest/rootfs guest/tests -type f) $(wildcard demos/*.sh) tools/mkinitramfs.sh

# The kernel selftests the guest runs, built statically from the kernel tree
# (the series' own tools/testing/selftests/fsid_mappings, and mount_setattr).
KSELFTESTS := $(TREE)/tools/testing/selftests
FSID_SELFTESTS := fsid_maps_test fsid_creds_test fsid_vfs_test fsid_proc_test fsid_absent_test fsid_attack_test
# 32-bit programs, for the compat stat paths (gcc-multilib).
FSID_SELFTESTS_32 := fsid_compat_stat_test compat_stat_idmap_test
SELFTESTS := $(addprefix $(BUILD)/selftests/,$(FSID_SELFTESTS) $(FSID_SELFTESTS_32) mount_setattr_test)
SELFTEST_CFLAGS := -std=gnu11 -Wall -Werror -O2 -static -pthread

.PHONY: help deps tree tree-reset kernel kernels guest shell run check \
	demo demo-1 demo-2 demo-3 casts play-1 play-2 play-3 docs bench bisect-check checkpatch export clean distclean
.DEFAULT_GOAL := help

help: ## this list
	@echo "make TARGET [FLAVOUR=vanilla|fsid-off|fsid] — the fsid-mappings workbench"
	@awk -F':.*## ' '/^[a-z0-9 -]+:.*## / { printf "  %-20s %s\n", $$1, $$2 }' $(MAKEFILE_LIST)

deps: ## install the Debian packages the workbench needs (as root; else print the command)
	@tools/deps.sh $(PACKAGES)

tree: deps ## the kernel git tree with series/ applied as commits, in build/linux
	@tools/kernel-tree.sh
	@echo "kernel tree: $(TREE) (branch fsid: tag base + the series; edit, commit, then make export)"

tree-reset: deps ## re-apply series/ to build/linux, DROPPING its unexported commits
	@tools/kernel-tree.sh --reset

kernel: tree ## build one flavour: make kernel FLAVOUR=vanilla|fsid-off|fsid
	@tools/kernel-build.sh $(FLAVOUR)

kernels: tree ## build all three flavours
	@for f in $(FLAVOURS); do tools/kernel-build.sh $$f || exit 1; done

$(BUILD)/guest-bin/%: tools/%.c
	@mkdir -p $(@D)
	gcc $(CFLAGS) -static -o $@ $<

# The sources come with the kernel tree (and are never make's to delete).
$(KSELFTESTS)/%: | tree ;
.PRECIOUS: $(KSELFTESTS)/%

$(BUILD)/selftests/%: $(KSELFTESTS)/fsid_mappings/%.c $(KSELFTESTS)/fsid_mappings/fsid_mappings.h
	@mkdir -p $(@D)
	gcc $(SELFTEST_CFLAGS) -o $@ $<

$(addprefix $(BUILD)/selftests/,$(FSID_SELFTESTS_32)): SELFTEST_CFLAGS += -m32
$(addprefix $(BUILD)/selftests/,$(FSID_SELFTESTS_32)): $(KSELFTESTS)/fsid_mappings/compat_stat.h

$(BUILD)/selftests/mount_setattr_test: $(KSELFTESTS)/mount_setattr/mount_setattr_test.c
	@mkdir -p $(@D)
	gcc $(SELFTEST_CFLAGS) -o $@ $<

$(INITRD): $(GUEST_FILES) $(GUEST_BINS) $(SELFTESTS) | tree
	@tools/mkinitramfs.sh $@ $(BUILD)/selftests=/selftests

guest: deps $(INITRD) ## the guest initramfs: busybox, /init, the tests, the C programs

shell: kernel guest ## an interactive root shell in the guest (FLAVOUR=...)
	@tools/run-guest.sh -k $(call kernel_image,$(FLAVOUR)) -i $(INITRD) --shell

run: kernel guest ## run one command in the guest: make run CMD='...' [FLAVOUR=...]
	@test -n "$(CMD)" || { echo "make run: say CMD='command to run in the guest'" >&2; exit 2; }
	@tools/run-guest.sh -k $(call kernel_image,$(FLAVOUR)) -i $(INITRD) -t $(TIMEOUT) --test '$(subst ','\'',$(CMD))'

check: kernels guest ## build what is missing and run every test; ends with "N passed, N failed" (T=GLOB: only those suites)
	@tools/check.sh $(T)

demo: demo-1 demo-2 demo-3 ## replay the three demo scenarios

demo-1 demo-2 demo-3: tree guest ## replay one demo scenario in a QEMU guest on the fsid kernel (DEMO_DELAY=0: no pauses)
	@tools/kernel-build.sh fsid
	@DEMO_DELAY=$(DEMO_DELAY) tools/demo-run.sh $(@:demo-%=%)

casts: tree guest ## record the three demos with asciinema into demos/casts/ (each must match its expected file)
	@tools/kernel-build.sh fsid
	@tools/cast-record.sh 1 2 3

play-1 play-2 play-3: ## play a recorded demo in this terminal (asciinema play)
	@tools/deps.sh asciinema
	@asciinema play demos/casts/demo-$(@:play-%=%).cast

bench: kernels guest ## the fstat()/stat/create/fchown/setresuid table on the three kernels, in instructions (N=FILES [2000]; WALL=1: wall clock, noisy)
	@N=$(N) WALL=$(WALL) tools/bench.sh

docs: ## render the walkthrough, the admin-guide page and the notes to HTML in build/docs/ (pandoc; asciinema-player from npm)
	@tools/docs-build.sh

bisect-check: tree ## build every patch of the series with CONFIG_USER_NS_FSID=y and =n (slow: not in make check; FROM=N: from patch N on)
	@FROM=$(FROM) tools/bisect-check.sh

checkpatch: tree ## scripts/checkpatch.pl --strict on every patch of series/, full reports
	@tools/tests/checkpatch.sh -v

export: ## write the commits of build/linux back to series/ (git format-patch)
	@tools/series-export.sh

clean: ## remove the build outputs (kernels, initramfs, test logs); keep the kernel trees
	rm -rf $(BUILD)/kernel $(BUILD)/guest-bin $(BUILD)/check $(INITRD) $(BUILD)/gen_init_cpio

distclean: ## remove all of build/, refusing while build/linux has unexported work
	@tools/kernel-tree.sh --check-exported
	rm -rf $(BUILD)
