# umod: the Linux 2.6 loadable-module system, rebuilt in user space.
#
#   make                      build umod into build/
#   make demo                 build and run the article's hellop example
#   make check                build and run every test
#   make htmldocs             Documentation/ as HTML in build/htmldocs/
#   make bench                run the benchmarks
#   make fuzz FUZZ_SECONDS=N  run every libFuzzer target for N seconds (clang)
#   make install prefix=...   install (scripts/Makefile.install: DESTDIR, bindir, ...)
#   make deb                  Debian packages in build/deb/
#   make -C <umod> M=<dir> modules|clean
#                             the kernel's external-module workflow (Kbuild)

srctree := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
UMOD_RELEASE := $(shell cat $(srctree)/VERSION)

# ---- the target architecture ---------------------------------------------------
# ARCH names it as Linux does (x86_64 or x86, arm64 or aarch64); it defaults
# to the machine's. SRCARCH is its directory under arch/. A build for
# another architecture than the machine's (make ARCH=arm64
# CROSS_COMPILE=aarch64-linux-gnu-) goes to build-$(SRCARCH)/, so build/
# stays native, and runs what it built through EMULATOR (qemu-user).
include $(srctree)/scripts/Makefile.arch

ifneq ($(M),)
# ---- external modules: everything lives in scripts/Makefile.modules -------
include $(srctree)/scripts/Makefile.modules
else
# ---- umod itself ------------------------------------------------------------

CFLAGS ?= -O2 -g

# SANITIZE=address,undefined builds everything with those sanitizers
ifneq ($(SANITIZE),)
SAN_FLAGS := -fsanitize=$(SANITIZE) -fno-omit-frame-pointer -fno-sanitize-recover=all
endif

# a missing declaration is an error: an undeclared function returns int,
# and a pointer it returns would be cut to 32 bits
BUILD_CFLAGS := -std=gnu11 -Wall -Wextra -Wno-unused-parameter -Wshadow \
	-Wmissing-prototypes -Wstrict-prototypes -D_GNU_SOURCE -pthread \
	-Werror=implicit-function-declaration -Werror=int-conversion \
	-fPIC -fvisibility=hidden -I$(srctree)/include -I$(objtree)/include -I$(srctree) \
	-MMD -MP $(SAN_FLAGS) $(CFLAGS)
BUILD_LDFLAGS := -pthread $(SAN_FLAGS) $(LDFLAGS)
# what libumod itself links against (compressed modules, signatures)
LIB_LIBS := -llzma -lzstd -lurcu-memb

# libumod: the host (kernel/, mm/, fs/, drivers/, arch/, lib/), kmod's half
# (libkmod/), the helpers both use (util/)
LIB_SRCS := $(wildcard $(srctree)/kernel/*.c $(srctree)/kernel/*/*.c) \
	$(wildcard $(srctree)/mm/*.c $(srctree)/fs/*.c $(srctree)/fs/*/*.c) \
	$(wildcard $(srctree)/drivers/*/*.c $(srctree)/drivers/*/*/*.c $(srctree)/boards/*.c) \
	$(wildcard $(srctree)/arch/$(SRCARCH)/kernel/*.c) \
	$(wildcard $(srctree)/libkmod/*.c) $(wildcard $(srctree)/lib/*.c) \
	$(wildcard $(srctree)/lib/*/*.c) $(wildcard $(srctree)/util/*.c) \
	$(wildcard $(srctree)/block/*.c) $(wildcard $(srctree)/net/*/*.c)
TOOL_SRCS := $(wildcard $(srctree)/tools/*.c) $(wildcard $(srctree)/daemon/*.c)
MODPOST_SRCS := $(filter-out %/host_symvers.c,$(wildcard $(srctree)/scripts/mod/*.c))
GENDWARF_SRCS := $(wildcard $(srctree)/scripts/gendwarfksyms/*.c)

obj = $(patsubst $(srctree)/%.c,$(objtree)/obj/%.o,$(1))
LIB_OBJS := $(call obj,$(LIB_SRCS))
# the built-in boards: boards/*.dts compiled by dtc, their blobs in a generated table
BOARD_DTBS := $(patsubst $(srctree)/boards/%.dts,$(objtree)/gen/boards/%.dtb,\
	$(wildcard $(srctree)/boards/*.dts))
BOARDS_OBJ := $(objtree)/gen/boards.o
LIB_OBJS += $(BOARDS_OBJ)
TOOL_OBJS := $(call obj,$(TOOL_SRCS))
MODPOST_OBJS := $(call obj,$(MODPOST_SRCS))
GENDWARF_OBJS := $(call obj,$(GENDWARF_SRCS))
# the CRC engine without its command-line front end, for modpost and tests
GENDWARF_LIB_OBJS := $(filter-out %/main.o,$(GENDWARF_OBJS))
DWARF_LIBS := -ldw -lelf -lz

GEN := $(objtree)/gen
HOSTCRC_OBJ := $(GEN)/host_crcs.o		# the host's modversions table
LIBUMOD_A := $(objtree)/lib/libumod.a
LIBUMOD_SO := $(objtree)/lib/libumod.so.0
UMOD_BIN := $(objtree)/bin/umod
MODPOST := $(objtree)/bin/modpost
GENDWARFKSYMS := $(objtree)/bin/gendwarfksyms
GENERATED := $(objtree)/include/generated/utsrelease.h \
	$(objtree)/include/generated/host_vermagic.h \
	$(objtree)/include/generated/input-event-codes.h

Q := $(if $(V),,@)
# one progress line per step ("  CC      kernel/module/main.c"); none with make -s
silent := $(findstring s,$(firstword -$(MAKEFLAGS)))
say = $(if $(Q),$(if $(silent),@:,@echo "  $(1)"))

# a change of compiler or flags (SANITIZE=...) rebuilds everything
FLAGS_STAMP := $(objtree)/.build-flags
BUILD_ID := $(CC) $(MODCC) $(BUILD_CFLAGS) $(BUILD_LDFLAGS)
$(shell mkdir -p $(objtree) && (echo '$(BUILD_ID)' | cmp -s - $(FLAGS_STAMP) || \
	echo '$(BUILD_ID)' > $(FLAGS_STAMP)))

# keep objects between runs: they are not throwaway intermediates
.SECONDARY:

.PHONY: all deps demo check check-includes check-unit check-e2e check-kernel-tree check-headers check-kabi genuine-survey examples test-modules bench bench-plot install clean
all: $(UMOD_BIN) $(MODPOST) $(GENDWARFKSYMS) $(LIBUMOD_A) $(LIBUMOD_SO) \
	$(objtree)/Module.symvers

deps: $(objtree)/.deps-ok
$(objtree)/.deps-ok: $(srctree)/scripts/deps.sh
	$(Q)$(srctree)/scripts/deps.sh $(if $(EMULATOR),--arch $(SRCARCH))
	$(Q)mkdir -p $(@D) && touch $@

# ---- generated headers: the release, and the host's own version magic ------
# The host's magic is VERMAGIC_STRING as the *module* compiler expands it,
# so a host built with another compiler (clang for fuzzing) still accepts
# the modules this tree builds.
$(objtree)/include/generated/utsrelease.h: $(srctree)/VERSION
	$(Q)mkdir -p $(@D)
	$(Q)echo '#define UTS_RELEASE "$(UMOD_RELEASE)"' > $@

$(objtree)/include/generated/host_vermagic.h: $(srctree)/include/linux/vermagic.h \
		$(objtree)/include/generated/utsrelease.h
	$(Q)printf '#include <linux/vermagic.h>\nVERMAGIC_STRING\n' | \
		$(MODCC) -E -P -nostdinc -I$(srctree)/include -I$(objtree)/include -x c - | \
		sed -n '$$s/^/#define UMOD_HOST_VERMAGIC /p' > $@.tmp
	$(Q)mv $@.tmp $@

# The input event codes (KEY_A, EV_KEY, ...: several hundred numbers of the
# uapi) are 6.1's own header as the system's linux-libc-dev installs it,
# copied for the modules' freestanding include path (linux/input.h).
INPUT_EVENT_CODES ?= /usr/include/linux/input-event-codes.h
$(objtree)/include/generated/input-event-codes.h: $(INPUT_EVENT_CODES)
	$(Q)mkdir -p $(@D)
	$(Q)cp $< $@

# ---- the library, the tools ---------------------------------------------------
$(objtree)/obj/%.o: $(srctree)/%.c $(FLAGS_STAMP) | $(GENERATED)
	@mkdir -p $(@D)
	$(call say,CC      $(patsubst $(srctree)/%,%,$<))
	$(Q)$(CC) $(BUILD_CFLAGS) -c -o $@ $<

$(LIBUMOD_A): $(LIB_OBJS) $(HOSTCRC_OBJ)
	@mkdir -p $(@D)
	$(call say,AR      $(patsubst $(objtree)/%,build/%,$@))
	$(Q)rm -f $@ && $(AR) rcs $@ $^

$(LIBUMOD_SO): $(LIB_OBJS) $(HOSTCRC_OBJ) $(srctree)/include/umod/libumod.sym $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(call say,LD      $(patsubst $(objtree)/%,build/%,$@))
	$(Q)$(CC) -shared -Wl,-soname,libumod.so.0 -Wl,--version-script=$(srctree)/include/umod/libumod.sym \
		-Wl,-z,now -Wl,-z,relro $(BUILD_LDFLAGS) -o $@ $(LIB_OBJS) $(HOSTCRC_OBJ) $(LIB_LIBS)
	$(Q)ln -sf libumod.so.0 $(objtree)/lib/libumod.so

# the daemon's --sysfs mount
FUSE_CFLAGS := $(shell pkg-config --cflags fuse3 2>/dev/null)
FUSE_LIBS := $(shell pkg-config --libs fuse3 2>/dev/null || echo -lfuse3)
$(objtree)/obj/daemon/fuse.o $(objtree)/obj/daemon/tree.o: BUILD_CFLAGS += $(FUSE_CFLAGS)

$(UMOD_BIN): $(TOOL_OBJS) $(LIBUMOD_A) $(srctree)/include/umod/model.dynlist
	@mkdir -p $(@D)
	$(call say,LD      build/bin/umod)
	$(Q)$(CC) $(BUILD_LDFLAGS) -Wl,--dynamic-list=$(srctree)/include/umod/model.dynlist \
		-o $@ $(TOOL_OBJS) $(LIBUMOD_A) $(LIB_LIBS) $(FUSE_LIBS)

$(MODPOST): $(MODPOST_OBJS) $(GENDWARF_LIB_OBJS) $(LIBUMOD_A)
	@mkdir -p $(@D)
	$(call say,LD      build/bin/modpost)
	$(Q)$(CC) $(BUILD_LDFLAGS) -o $@ $(MODPOST_OBJS) $(GENDWARF_LIB_OBJS) $(LIBUMOD_A) \
		$(LIB_LIBS) $(DWARF_LIBS)

$(GENDWARFKSYMS): $(GENDWARF_OBJS)
	@mkdir -p $(@D)
	$(call say,LD      build/bin/gendwarfksyms)
	$(Q)$(CC) $(BUILD_LDFLAGS) -o $@ $(GENDWARF_OBJS) $(DWARF_LIBS)

# ---- modversions of the host's own exports ---------------------------------------
# A host export's CRC is that of its declaration in include/linux/, as a
# module sees it: a generated translation unit includes every header and
# references every export, the module compiler builds it with the module
# flags, gendwarfksyms hashes the declarations' DWARF. The table goes into
# libumod; host-symvers linked without it (the bootstrap) lists the names.
include $(srctree)/scripts/Makefile.modflags
HOST_SYMVERS_OBJ := $(call obj,$(srctree)/scripts/mod/host_symvers.c)
HOST_SYMVERS_BOOT := $(GEN)/host-symvers-bootstrap
HOST_SYMVERS := $(GEN)/host-symvers

$(GEN)/host_crcs_empty.c: $(srctree)/scripts/host_crcs.sh
	@mkdir -p $(@D)
	$(Q)$(srctree)/scripts/host_crcs.sh < /dev/null > $@

$(HOST_SYMVERS_BOOT): $(HOST_SYMVERS_OBJ) $(LIB_OBJS) $(GEN)/host_crcs_empty.o
	$(Q)$(CC) $(BUILD_LDFLAGS) -o $@ $^ $(LIB_LIBS)

$(HOST_SYMVERS): $(HOST_SYMVERS_OBJ) $(LIBUMOD_A)
	$(Q)$(CC) $(BUILD_LDFLAGS) -o $@ $^ $(LIB_LIBS)

$(GEN)/host_exports.txt: $(HOST_SYMVERS_BOOT)
	$(Q)$(EMULATOR) $(HOST_SYMVERS_BOOT) | cut -f2 > $@.tmp && mv $@.tmp $@

$(GEN)/host_abi.c: $(GEN)/host_exports.txt $(srctree)/scripts/host_abi.sh \
		$(wildcard $(srctree)/include/linux/*.h $(srctree)/include/linux/*/*.h \
			$(srctree)/include/asm/*.h $(srctree)/include/kunit/*.h $(srctree)/include/media/*.h \
			$(srctree)/include/crypto/*.h $(srctree)/include/umod/kabi/*.h)
	$(Q)$(srctree)/scripts/host_abi.sh $(srctree)/include < $< > $@.tmp && mv $@.tmp $@

$(GEN)/host_abi.o: $(GEN)/host_abi.c | $(GENERATED)
	$(call say,CC      build/gen/host_abi.c)
	$(Q)$(MODCC) $(MOD_CFLAGS_BASE) -Wno-unused-variable -c -o $@ $<

# every export needs a declaration modules can see: one without a DIE fails
$(GEN)/host_crcs.txt: $(GEN)/host_abi.o $(GEN)/host_exports.txt $(GENDWARFKSYMS)
	$(call say,GENDWARFKSYMS build/gen/host_crcs.txt)
	$(Q)$(EMULATOR) $(GENDWARFKSYMS) $< < $(GEN)/host_exports.txt > $@.tmp && mv $@.tmp $@

$(GEN)/host_crcs.c: $(GEN)/host_crcs.txt $(srctree)/scripts/host_crcs.sh
	$(Q)$(srctree)/scripts/host_crcs.sh < $< > $@.tmp && mv $@.tmp $@

# the stamp too: a generated source that stays the same (boards.c,
# host_crcs_empty.c) must still be compiled again with SANITIZE=... or without
$(GEN)/%.o: $(GEN)/%.c $(FLAGS_STAMP)
	$(Q)$(CC) $(BUILD_CFLAGS) -c -o $@ $<

$(GEN)/boards/%.dtb: $(srctree)/boards/%.dts
	@mkdir -p $(@D)
	$(call say,DTC     $(patsubst $(srctree)/%,%,$<))
	$(Q)dtc -q -I dts -O dtb -o $@ $<

$(GEN)/boards.c: $(BOARD_DTBS) $(srctree)/scripts/boards_c.sh
	$(Q)$(srctree)/scripts/boards_c.sh $(BOARD_DTBS) > $@.tmp && mv $@.tmp $@

# the host's exports with their CRCs, for modpost
$(objtree)/Module.symvers: $(HOST_SYMVERS)
	$(Q)$(EMULATOR) $(HOST_SYMVERS) > $@.tmp && mv $@.tmp $@

-include $(LIB_OBJS:.o=.d) $(TOOL_OBJS:.o=.d) $(MODPOST_OBJS:.o=.d) $(GENDWARF_OBJS:.o=.d) \
	$(HOST_SYMVERS_OBJ:.o=.d)

# ---- the article's example ------------------------------------------------------
# Natively built where they are; for another arch from a copy of their
# sources under $(objtree), so that the native .ko files stay as they are.
ifeq ($(objtree),$(srctree)/build)
EXAMPLES_DIR := $(srctree)/examples
TEST_MODULES_DIR := $(srctree)/tests/modules
copy_sources = :
else
EXAMPLES_DIR := $(objtree)/examples
TEST_MODULES_DIR := $(objtree)/tests/modules
copy_sources = mkdir -p $(2) && cd $(1) && cp -p $$(ls *.c *.h Kbuild Makefile *.symvers 2>/dev/null | \
	grep -v -e '\.mod\.c$$' -e '^Module\.symvers$$') $(2)/
endif

examples: all
	$(Q)$(call copy_sources,$(srctree)/examples,$(EXAMPLES_DIR))
	$(Q)$(MAKE) --no-print-directory -C $(srctree) M=$(EXAMPLES_DIR) modules

# modules the C-driven tests load (tests/unit, tests/fault)
test-modules: all
	$(Q)$(call copy_sources,$(srctree)/tests/modules,$(TEST_MODULES_DIR))
	$(Q)$(MAKE) --no-print-directory -C $(srctree) M=$(TEST_MODULES_DIR) modules

demo: deps
	$(Q)$(MAKE) --no-print-directory examples
	@echo '$$ build/bin/umod run examples/hellop.ko howmany=2 whom=universe'
	$(Q)$(UMOD_BIN) run $(srctree)/examples/hellop.ko howmany=2 whom=universe

# ---- tests ----------------------------------------------------------------------
include $(srctree)/tests/unit/Makefile.inc
include $(srctree)/fuzz/Makefile.inc
include $(srctree)/tests/fault/Makefile.inc
include $(srctree)/tests/tsan/Makefile.inc

ifneq ($(EMULATOR),)
# another arch under qemu-user: its unit tests and its e2e subset
# (tests/e2e/arch-$(SRCARCH).list; Documentation/arch/arm64.rst)
check: deps
	$(Q)$(MAKE) --no-print-directory examples
	$(Q)$(MAKE) --no-print-directory check-unit
	$(Q)$(MAKE) --no-print-directory check-e2e
else
check: deps
	$(Q)$(MAKE) --no-print-directory check-includes
	$(Q)$(MAKE) --no-print-directory examples
	$(Q)$(MAKE) --no-print-directory check-unit
	$(Q)$(MAKE) --no-print-directory check-e2e
	$(Q)$(MAKE) --no-print-directory check-fuzz
	$(Q)$(MAKE) --no-print-directory check-fault
	$(Q)$(MAKE) --no-print-directory check-tsan
	$(Q)$(MAKE) --no-print-directory check-kernel-tree
	$(Q)$(MAKE) --no-print-directory check-headers
	$(Q)$(MAKE) --no-print-directory check-kabi
	$(Q)$(MAKE) --no-print-directory check-install
	$(Q)$(MAKE) --no-print-directory check-docs
endif

# DESIGN.md's include rules, and that they catch a planted violation
check-includes:
	$(Q)$(srctree)/scripts/check-includes.sh --self-test

# umod's headers against Debian's 6.1 headers (downloads ~12 MB once)
check-headers: all
	$(Q)MODCC="$(MODCC)" MOD_CFLAGS="$(MOD_CFLAGS_BASE)" AUDIT=$(objtree)/headers-audit.txt \
		$(srctree)/scripts/check-headers.sh $(srctree) $(objtree)

# umod's kernel structures against the BTF of Debian's 6.1 vmlinux, as
# tests/kabi/structs lists them (the kernel package: ~70 MB, downloaded once)
check-kabi: $(GENERATED) $(objtree)/Module.symvers
	$(Q)MODCC="$(MODCC)" MOD_CFLAGS="$(MOD_CFLAGS_BASE)" \
		$(srctree)/scripts/check-kabi.sh $(srctree) $(objtree)

# umod against kmod on Debian's own kernel modules (downloads ~70 MB once)
check-kernel-tree: all
	$(Q)$(srctree)/scripts/check-kernel-tree.sh $(srctree)

# which of Debian's own modules would load into a host of that kernel
genuine-survey: all $(objtree)/Module.symvers
	$(Q)$(srctree)/scripts/genuine-survey.sh $(srctree) $(objtree)

check-e2e: examples test-modules
	$(Q)UMOD_TOP=$(srctree) UMOD_CFLAGS="$(SAN_FLAGS)" $(E2E_ARCH_ENV) $(srctree)/tests/e2e/run.sh

# for another arch: its binaries, its modules, qemu-user, its list of cases
E2E_ARCH_ENV := $(if $(EMULATOR),UMOD_OBJTREE=$(objtree) UMOD_EMULATOR="$(EMULATOR)" \
	UMOD_EXAMPLES=$(EXAMPLES_DIR) UMOD_TEST_MODULES=$(TEST_MODULES_DIR) \
	UMOD_ARCH=$(ARCH) \
	UMOD_CASES=$(srctree)/tests/e2e/arch-$(SRCARCH).list)

bench: deps all
	$(Q)$(MAKE) --no-print-directory -C $(srctree)/bench UMOD_TOP=$(srctree) \
		CC="$(CC)" LIBS="$(LIB_LIBS)"

# the scale curves of the last `make bench` as PNGs, when gnuplot is there
bench-plot:
	$(Q)if ! command -v gnuplot >/dev/null 2>&1; then \
		echo "bench-plot: skipped, gnuplot is not installed"; \
	elif [ ! -s $(objtree)/bench/scale.dat ]; then \
		echo "bench-plot: no $(objtree)/bench/scale.dat: run make bench first"; \
	else \
		gnuplot -e "dat='$(objtree)/bench/scale.dat'; dir='$(objtree)/bench'" \
			$(srctree)/bench/plot.gp && echo "bench-plot: $(objtree)/bench/scale-*.png"; \
	fi

include $(srctree)/scripts/Makefile.install
include $(srctree)/Documentation/Makefile.inc

clean:
	rm -rf $(objtree)
ifeq ($(objtree),$(srctree)/build)
	$(MAKE) --no-print-directory -C $(srctree) M=$(srctree)/examples clean
	$(MAKE) --no-print-directory -C $(srctree) M=$(srctree)/tests/modules clean
endif
endif
