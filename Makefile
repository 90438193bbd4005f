# shmemsim — plain Makefile.
#   make              bin/shmemsim, bin/shmemsim-cc, bin/shmemsim-fc, lib/libshmemsim.so
#   make check        unit suites and program tests
#   make check-asan   the same, built with -fsanitize=address,undefined
#   make bench        benchmarks (ratios and figures, not pass/fail)
#   make demo         the seed examples and a fault scenario
#   make fuzz         the scenario loader under libFuzzer (needs clang;
#                     FUZZ_SECONDS=60)
#   make install PREFIX=/usr/local
CC      ?= gcc
PREFIX  ?= /usr/local
O       ?= .
SAN     ?=
OPT     ?= -O2
PKGS    := check yaml-0.1
CFLAGS  := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -g $(OPT) -fPIC -MMD -MP -Iapi/lapi \
           -Isim -Iapi/include -Iapi/shmem $(SAN)
LDSAN   := $(SAN)
BUILD   := $(O)/build

# The command line (main.c and cli_*.c) goes into bin/shmemsim only.
CLI_SRC := sim/main.c $(wildcard sim/cli_*.c)
CLI_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(CLI_SRC))
SIM_SRC := $(filter-out $(CLI_SRC),$(wildcard sim/*.c))
API_SRC := $(wildcard api/shmem/*.c api/lapi/*.c api/fortran/*.c)
LIB_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(SIM_SRC) $(API_SRC)) $(BUILD)/sim/coro_swap.o
TEST_SRC := $(wildcard tests/check_*.c) tests/testutil.c tests/jsonschema.c
TEST_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(TEST_SRC))

LIB      := $(O)/lib/libshmemsim.so
MODULE_O := $(O)/lib/shmemsim_module.o
BIN      := $(O)/bin/shmemsim
CCWRAP   := $(O)/bin/shmemsim-cc
FCWRAP   := $(O)/bin/shmemsim-fc
FMODULE_O := $(O)/lib/shmemsim_fmodule.o $(O)/lib/shmemsim_fmodule_cray.o
# An out-of-tree build (O=...) gets its own copy of the headers so that its
# shmemsim-cc finds them next to its bin/.
HEADERS  := $(if $(filter .,$(O)),,$(O)/api/include/shmem.h)

.PHONY: all check check-asan bench demo fuzz install clean
NOTSAN   := $(O)/lib/notsan/libtsan.so
all: $(BIN) $(CCWRAP) $(FCWRAP) $(LIB) $(MODULE_O) $(FMODULE_O) $(HEADERS) $(NOTSAN)

# PE modules are compiled with -fsanitize=thread, whose link step asks for
# libtsan; this stub answers instead, so the module's __tsan_ calls bind to
# the simulator's race detector (sim/tsan.c).
$(NOTSAN):
	@mkdir -p $(dir $@)
	printf '/* shmemsim: the simulator provides the __tsan_ entry points */\nINPUT(-lc)\n' > $@

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(if $(filter tests/%,$<),$(shell pkg-config --cflags check)) -c $< -o $@

$(BUILD)/sim/coro_swap.o: sim/coro_swap.S
	@mkdir -p $(dir $@)
	$(CC) -c $< -o $@

$(LIB): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) -shared -Wl,-soname,libshmemsim.so $(LDSAN) -o $@ $^ $(shell pkg-config --libs yaml-0.1 libdw) -ldl

$(MODULE_O): api/module.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -fPIC -O2 -c $< -o $@

$(O)/lib/shmemsim_fmodule.o: api/fmodule.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -D_GNU_SOURCE -fPIC -O2 -c $< -o $@

$(O)/lib/shmemsim_fmodule_cray.o: api/fmodule.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -D_GNU_SOURCE -DSHMEMSIM_CRAY -fPIC -O2 -c $< -o $@

$(BIN): $(CLI_OBJ) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(LDSAN) -o $@ $(CLI_OBJ) -L$(O)/lib -lshmemsim -Wl,-rpath,'$$ORIGIN/../lib'

$(CCWRAP): scripts/shmemsim-cc
	@mkdir -p $(dir $@)
	cp $< $@ && chmod +x $@

$(FCWRAP): scripts/shmemsim-fc
	@mkdir -p $(dir $@)
	cp $< $@ && chmod +x $@

ifneq ($(HEADERS),)
$(HEADERS): $(wildcard api/include/*.h api/include/*/*.h api/include/*.fh api/include/*/*.fh)
	@mkdir -p $(O)/api/include
	cp -r api/include/. $(O)/api/include/
endif

# ---- tests ----
PROG_SRC := $(wildcard tests/programs/*.c)
PROGS    := $(patsubst tests/programs/%.c,$(BUILD)/tests/programs/%,$(PROG_SRC))
# Fortran test programs: free form (.f90) and fixed form (.f); cray_*.f are
# legacy Cray source (cray_seed001.f is the seed page's example as printed).
FPROG_SRC := $(wildcard tests/programs/*.f90 tests/programs/*.f)
PROGS    += $(patsubst tests/programs/%,$(BUILD)/tests/programs/%,$(basename $(FPROG_SRC)))
# conform built without the race detector's instrumentation too: the
# fallback checks (fingerprints) must agree with the detector.
PROGS    += $(BUILD)/tests/programs/conform_noinst
CHECK_BIN := $(BUILD)/tests/check_all

$(BUILD)/tests/programs/conform_noinst: tests/programs/conform.c all
	@mkdir -p $(dir $@)
	$(CCWRAP) --no-race-instrumentation -g -O1 -o $@ $<

$(BUILD)/tests/programs/%: tests/programs/%.c all
	@mkdir -p $(dir $@)
	$(CCWRAP) -g -O1 -o $@ $<

$(BUILD)/tests/programs/%: tests/programs/%.f90 tests/programs/f_report.inc all
	@mkdir -p $@.mod
	$(FCWRAP) -g -O1 -J $@.mod -o $@ $<

$(BUILD)/tests/programs/%: tests/programs/%.f all
	@mkdir -p $(dir $@)
	$(FCWRAP) -g -O1 -o $@ $<

$(BUILD)/tests/programs/cray_%: tests/programs/cray_%.f all
	@mkdir -p $(dir $@)
	$(FCWRAP) --cray -g -O1 -o $@ $<

$(CHECK_BIN): $(TEST_OBJ) $(LIB)
	$(CC) $(LDSAN) -o $@ $(TEST_OBJ) -L$(O)/lib -lshmemsim -Wl,-rpath,'$$ORIGIN/../../lib' \
	    $(shell pkg-config --libs $(PKGS))

# The scenario loader's fuzz target, run over its seed corpus by `check`
# (without libFuzzer) and fuzzed by `make fuzz` (with clang's).
FUZZ_RUN := $(BUILD)/tests/fuzz/corpus_run
FUZZ_OBJ := $(BUILD)/tests/fuzz/fuzz_scenario.o $(BUILD)/tests/fuzz/corpus_main.o
FUZZ_LIB_SRC := sim/scenario.c sim/scenario_write.c sim/netparams.c sim/units.c
FUZZ_SECONDS ?= 60

$(FUZZ_RUN): $(FUZZ_OBJ) $(LIB)
	$(CC) $(LDSAN) -o $@ $(FUZZ_OBJ) -L$(O)/lib -lshmemsim -Wl,-rpath,'$$ORIGIN/../../../lib' \
	    $(shell pkg-config --libs yaml-0.1)

fuzz:
	@command -v clang >/dev/null 2>&1 || { echo "make fuzz needs clang (apt-get install clang)" >&2; exit 2; }
	@mkdir -p $(BUILD)/fuzz/corpus
	clang -std=c11 -D_GNU_SOURCE -g -O1 -Isim -fsanitize=fuzzer,address,undefined \
	    -o $(BUILD)/fuzz/fuzz_scenario tests/fuzz/fuzz_scenario.c $(FUZZ_LIB_SRC) \
	    $(shell pkg-config --libs yaml-0.1) -lm
	$(BUILD)/fuzz/fuzz_scenario -max_total_time=$(FUZZ_SECONDS) $(BUILD)/fuzz/corpus tests/fuzz/corpus

check: all $(PROGS) $(CHECK_BIN) $(FUZZ_RUN)
	$(FUZZ_RUN) tests/fuzz/corpus
	SHMEMSIM_OUT=$(O) $(CHECK_BIN)
	$(BIN) test --program-dir $(BUILD)/tests/programs scenarios/*.yaml

check-asan:
	$(MAKE) O=build/asan OPT=-O1 SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined" check

# ---- benchmarks and demo ----
bench: all
	sh scripts/bench.sh

demo: all
	sh scripts/demo.sh

install: all
	install -d $(PREFIX)/bin $(PREFIX)/lib $(PREFIX)/include/shmemsim/mpp $(PREFIX)/lib/pkgconfig
	install -m 755 $(BIN) $(PREFIX)/bin/shmemsim
	install -m 755 scripts/shmemsim-cc $(PREFIX)/bin/shmemsim-cc
	install -m 755 scripts/shmemsim-fc $(PREFIX)/bin/shmemsim-fc
	install -m 644 $(FMODULE_O) $(PREFIX)/lib/
	install -m 644 api/include/*.fh $(PREFIX)/include/shmemsim/
	install -m 644 api/include/mpp/*.fh $(PREFIX)/include/shmemsim/mpp/
	install -m 755 $(LIB) $(PREFIX)/lib/libshmemsim.so
	install -d $(PREFIX)/lib/notsan
	install -m 644 $(NOTSAN) $(PREFIX)/lib/notsan/libtsan.so
	install -m 644 $(MODULE_O) $(PREFIX)/lib/shmemsim_module.o
	install -m 644 api/include/*.h $(PREFIX)/include/shmemsim/
	install -m 644 api/include/mpp/*.h $(PREFIX)/include/shmemsim/mpp/
	sed 's|@PREFIX@|$(PREFIX)|' scripts/shmemsim.pc.in > $(PREFIX)/lib/pkgconfig/shmemsim.pc

clean:
	rm -rf build bin lib

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
