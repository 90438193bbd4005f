# shmemsim — plain Makefile.
#   make              bin/shmemsim, bin/shmemsim-cc, bin/shmemsim-fc, lib/libshmemsim.so
#   make check        unit suites and program tests
#   make check-asan   the same, built with -fsanitize=address,undefined
#   make bench        benchmarks (ratios and figures, not pass/fail)
#   make demo         the seed examples and a fault scenario
#   make fuzz         the scenario loader under libFuzzer (needs clang;
#                     FUZZ_SECONDS=60)
#   make install PREFIX=/usr/local   (make uninstall PREFIX=... removes it)
CC      ?= gcc
ifeq ($(origin FC),default)
FC      := gfortran
endif
VERSION := 0.1.0
PREFIX  ?= /usr/local
O       ?= .
SAN     ?=
OPT     ?= -O2
PKGS    := check yaml-0.1
CFLAGS  := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -g $(OPT) -fPIC -MMD -MP $(SAN)
# What each folder may include, so the layering holds by construction: the
# engine (sim/) sees only itself, the command line (cli/) the engine, the
# API layers (api/) the engine and the public headers, the tests all.
# sim/ is a quote-only path (-iquote), so its sched.h never shadows the
# system <sched.h>.
INC_sim   :=
INC_cli   := -iquote sim
INC_api   := -iquote sim -Iapi/include -iquote api/shmem -iquote api/lapi
INC_tests := $(INC_api) -iquote cli
LDSAN   := $(SAN)
BUILD   := $(O)/build

# The command line (cli/) goes into bin/shmemsim only.
CLI_SRC := $(wildcard cli/*.c)
CLI_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(CLI_SRC))
SIM_SRC := $(wildcard sim/*.c)
API_SRC := $(wildcard api/shmem/*.c api/lapi/*.c api/fortran/*.c api/omp/*.c)
LIB_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(SIM_SRC) $(API_SRC)) $(BUILD)/sim/coro_swap.o
TEST_SRC := $(wildcard tests/check_*.c) tests/testutil.c tests/jsonschema.c tests/simworld.c
TEST_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(TEST_SRC))

LIB      := $(O)/lib/libshmemsim.so
MODULE_O := $(O)/lib/shmemsim_module.o $(O)/lib/shmemsim_module_cray.o
BIN      := $(O)/bin/shmemsim
CCWRAP   := $(O)/bin/shmemsim-cc
FCWRAP   := $(O)/bin/shmemsim-fc
CXXWRAP  := $(O)/bin/shmemsim-c++ $(O)/bin/shmemsim-cxx
CXXMODULE_O := $(O)/lib/shmemsim_cxxmodule.o
FMODULE_O := $(O)/lib/shmemsim_fmodule.o $(O)/lib/shmemsim_fmodule_cray.o
# An out-of-tree build (O=...) gets its own copy of the headers so that its
# shmemsim-cc finds them next to its bin/.
HEADERS  := $(if $(filter .,$(O)),,$(O)/api/include/shmem.h)

.PHONY: all check check-asan bench demo fuzz install uninstall clean
NOTSAN   := $(O)/lib/notsan/libtsan.so
# The names other implementations give their SHMEM library.
SHMEM_LIBS := sma oshmem openshmem shmem
ALIASES  := $(patsubst %,$(O)/lib/shmem-aliases/lib%.so,$(SHMEM_LIBS))
# Man pages: shmemsim(1)'s options and findings come from the program
# itself, shmemsim-scenario(5) is scenarios/README.md (scripts/mkman.sh,
# scripts/md2man.awk).
MANDIR   := $(BUILD)/man
MAN1     := $(patsubst share/man/%.1.in,$(MANDIR)/man1/%.1,$(wildcard share/man/*.1.in))
MAN5     := $(MANDIR)/man5/shmemsim-scenario.5
all: $(BIN) $(CCWRAP) $(FCWRAP) $(CXXWRAP) $(LIB) $(MODULE_O) $(FMODULE_O) $(CXXMODULE_O) \
     $(HEADERS) $(NOTSAN) $(ALIASES) $(MAN1) $(MAN5)

$(MANDIR)/man1/%.1: share/man/%.1.in scripts/mkman.sh $(BIN)
	@mkdir -p $(dir $@)
	sh scripts/mkman.sh $< $(BIN) > $@.new && mv $@.new $@

$(MAN5): scenarios/README.md scripts/md2man.awk Makefile
	@mkdir -p $(dir $@)
	awk -v title=SHMEMSIM-SCENARIO -v section=5 -v version=$(VERSION) -v skip='The library' \
	    -v name='shmemsim-scenario - the YAML scenario files of shmemsim' \
	    -f scripts/md2man.awk $< > $@.new && mv $@.new $@

# PE modules are compiled with -fsanitize=thread, whose link step asks for
# libtsan; this stub answers instead, so the module's __tsan_ calls bind to
# the simulator's race detector (sim/tsan.c).
$(NOTSAN):
	@mkdir -p $(dir $@)
	printf '/* shmemsim: the simulator provides the __tsan_ entry points */\nINPUT(-lc)\n' > $@

# A build file that links the SHMEM library by another implementation's
# name (-lsma, -loshmem, ...) gets shmemsim's: these are linker scripts,
# in a directory of their own that only the wrappers search.
$(ALIASES):
	@mkdir -p $(dir $@)
	printf '/* shmemsim: this SHMEM library is shmemsim */\nINPUT(-lshmemsim)\n' > $@

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(INC_$(firstword $(subst /, ,$<))) \
	    $(if $(filter tests/%,$<),$(shell pkg-config --cflags check)) -c $< -o $@

$(BUILD)/sim/coro_swap.o: sim/coro_swap.S
	@mkdir -p $(dir $@)
	$(CC) -c $< -o $@

# The profiling interface: pshmem_NAME for every shmem_NAME routine, a
# second name for the same code (linker-script assignments), declared in
# api/include/pshmem.h with the shmem_ routine's own type.  Both are made
# from the routines the objects define, so no list is kept by hand.
PSHMEM_LD := $(BUILD)/pshmem.ld
# Routines whose name C++ overloads (generic names that are C routines too).
PSHMEM_C_ONLY := (wait_until|swap|signal_add|signal_set|sync|put|get|iput|iget|broadcast|collect|fcollect)
$(PSHMEM_LD): $(filter $(BUILD)/api/shmem/%,$(LIB_OBJ))
	@mkdir -p $(dir $@)
	nm -g --defined-only $^ | awk '$$2 == "T" && $$3 ~ /^shmem_/ { print $$3 }' | \
	    LC_ALL=C sort -u > $@.names
	awk '{ print "p" $$1 " = " $$1 ";" }' $@.names > $@
	{ printf '%s\n' '/* pshmem.h: the OpenSHMEM profiling interface (generated by the Makefile' \
	    ' * from the routines libshmemsim defines; do not edit).  pshmem_NAME is' \
	    ' * shmem_NAME under a second name, so a tool that defines its own' \
	    ' * shmem_NAME can call the library through pshmem_NAME. */' \
	    '#ifndef PSHMEM_H' '#define PSHMEM_H' '#include <mpp/shmem.h> /* shmem.h, and the Cray names */' '#ifdef __cplusplus' \
	    'extern "C" {' '#endif'; \
	  awk '!/complex|^shmem_$(PSHMEM_C_ONLY)$$/ { print "extern __typeof__(" $$1 ") p" $$1 ";" }' $@.names; \
	  echo '#ifndef __cplusplus /* complex: C only; the generic names that are C routines too: overloaded in C++ */'; \
	  awk '/complex|^shmem_$(PSHMEM_C_ONLY)$$/ { print "extern __typeof__(" $$1 ") p" $$1 ";" }' $@.names; \
	  echo '#endif'; \
	  printf '%s\n' '#ifdef __cplusplus' '}' '#endif' '#endif'; } > $@.h
	cmp -s $@.h api/include/pshmem.h || cp $@.h api/include/pshmem.h

$(LIB): $(LIB_OBJ) $(PSHMEM_LD) api/exports.map
	@mkdir -p $(dir $@)
	$(CC) -shared -Wl,-soname,libshmemsim.so -Wl,--version-script=api/exports.map $(LDSAN) \
	    -o $@ $(LIB_OBJ) $(PSHMEM_LD) $(shell pkg-config --libs yaml-0.1 libdw) -ldl

$(O)/lib/shmemsim_module.o: api/module.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -fPIC -O2 -c $< -o $@

$(O)/lib/shmemsim_module_cray.o: api/module.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -DSHMEMSIM_CRAY -fPIC -O2 -c $< -o $@

$(CXXMODULE_O): api/cxxmodule.cpp
	@mkdir -p $(dir $@)
	$(CXX) -std=c++11 -Wall -Wextra -Werror -fPIC -O2 -c $< -o $@

$(O)/lib/shmemsim_fmodule.o: api/fmodule.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -D_GNU_SOURCE -fPIC -O2 -c $< -o $@

$(O)/lib/shmemsim_fmodule_cray.o: api/fmodule.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -D_GNU_SOURCE -DSHMEMSIM_CRAY -fPIC -O2 -c $< -o $@

$(BIN): $(CLI_OBJ) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(LDSAN) -o $@ $(CLI_OBJ) -L$(O)/lib -lshmemsim -Wl,-rpath,'$$ORIGIN/../lib'

# The wrappers default to the compilers shmemsim was built with, never to
# $CC or $FC at run time (build systems set those to the wrappers).
WRAPSED := sed -e 's|@CC@|$(CC)|' -e 's|@FC@|$(FC)|' -e 's|@CXX@|$(CXX)|' \
              -e 's|@VERSION@|$(VERSION)|'

# shmemsim-cc wraps exactly the calls sim/interpose.c and sim/pthread.c
# define __wrap_NAME for, read from their objects.  Rewritten only when it
# changes, so an edit that keeps the list does not relink every test program.
WRAP_OBJ := $(BUILD)/sim/interpose.o $(BUILD)/sim/pthread.o
$(CCWRAP): scripts/shmemsim-cc Makefile $(WRAP_OBJ)
	@mkdir -p $(dir $@)
	$(WRAPSED) -e "s|@WRAPS@|$$(nm -g --defined-only $(WRAP_OBJ) | \
	    awk '$$3 ~ /^__wrap_/ { sub(/^__wrap_/, "", $$3); print $$3 }' | LC_ALL=C sort | \
	    tr '\n' ' ' | sed 's/ $$//')|" $< > $@.new && chmod +x $@.new
	if cmp -s $@.new $@; then rm $@.new; else mv $@.new $@; fi

# shmemsim-fc wraps exactly the entry points api/fmodule.c defines
# __wrap_NAME for, read from its object likewise.
$(FCWRAP): scripts/shmemsim-fc Makefile $(firstword $(FMODULE_O))
	@mkdir -p $(dir $@)
	$(WRAPSED) -e "s|@FWRAPS@|$$(nm -g --defined-only $(firstword $(FMODULE_O)) | \
	    awk '$$3 ~ /^__wrap_/ { sub(/^__wrap_/, "", $$3); print $$3 }' | LC_ALL=C sort | \
	    tr '\n' ' ' | sed 's/ $$//')|" $< > $@.new && chmod +x $@.new
	if cmp -s $@.new $@; then rm $@.new; else mv $@.new $@; fi

# shmemsim-c++ adds the wraps its module object defines __wrap_NAME for.
$(O)/bin/shmemsim-c++: scripts/shmemsim-c++ Makefile $(CXXMODULE_O)
	@mkdir -p $(dir $@)
	$(WRAPSED) -e "s|@CXXWRAPS@|$$(nm -g --defined-only $(CXXMODULE_O) | \
	    awk '$$3 ~ /^__wrap_/ { sub(/^__wrap_/, "", $$3); print $$3 }' | LC_ALL=C sort | \
	    tr '\n' ' ' | sed 's/ $$//')|" $< > $@ && chmod +x $@

$(O)/bin/shmemsim-cxx: $(O)/bin/shmemsim-c++
	ln -sf shmemsim-c++ $@

ifneq ($(HEADERS),)
$(HEADERS): $(wildcard api/include/*.h api/include/*/*.h api/include/*.fh api/include/*/*.fh)
	@mkdir -p $(O)/api/include
	cp -r api/include/. $(O)/api/include/
endif

# ---- tests ----
PROG_SRC := $(wildcard tests/programs/*.c)
# What building a test program uses (not the phony all, which would
# rebuild every program on every make check); the library and the CLI
# only need to exist (order-only), a module does not embed them.
TOOLCHAIN := $(CCWRAP) $(FCWRAP) $(CXXWRAP) $(MODULE_O) $(FMODULE_O) $(CXXMODULE_O) \
             $(HEADERS) $(NOTSAN) \
             $(wildcard api/include/*.h api/include/*/*.h api/include/*.fh)
PROGS    := $(patsubst tests/programs/%.c,$(BUILD)/tests/programs/%,$(PROG_SRC))
# Fortran test programs: free form (.f90) and fixed form (.f); cray_*.f are
# legacy Cray source (cray_seed001.f is the seed page's example as printed).
FPROG_SRC := $(wildcard tests/programs/*.f90 tests/programs/*.f)
PROGS    += $(patsubst tests/programs/%,$(BUILD)/tests/programs/%,$(basename $(FPROG_SRC)))
# C++ test programs, built by the C++ wrapper.
PROGS    += $(patsubst tests/programs/%.cpp,$(BUILD)/tests/programs/%,$(wildcard tests/programs/*.cpp))
# conform built without the race detector's instrumentation too: the
# fallback checks (fingerprints) must agree with the detector.
PROGS    += $(BUILD)/tests/programs/conform_noinst
CHECK_BIN := $(BUILD)/tests/check_all

$(BUILD)/tests/programs/conform_noinst: tests/programs/conform.c $(TOOLCHAIN) | $(LIB) $(BIN)
	@mkdir -p $(dir $@)
	$(CCWRAP) --no-race-instrumentation -g -O1 -o $@ $<

$(BUILD)/tests/programs/%: tests/programs/%.c $(TOOLCHAIN) | $(LIB) $(BIN)
	@mkdir -p $(dir $@)
	$(CCWRAP) -g -O1 -o $@ $<

# t3d_*.c: Cray T3D/T3E C source, which never calls start_pes.
$(BUILD)/tests/programs/t3d_%: tests/programs/t3d_%.c $(TOOLCHAIN) | $(LIB) $(BIN)
	@mkdir -p $(dir $@)
	$(CCWRAP) --cray -g -O1 -o $@ $<

# Threads inside PEs: OpenMP and POSIX threads programs.
$(BUILD)/tests/programs/omp_%: tests/programs/omp_%.c $(TOOLCHAIN) | $(LIB) $(BIN)
	@mkdir -p $(dir $@)
	$(CCWRAP) -g -O1 -fopenmp -o $@ $<

$(BUILD)/tests/programs/omp_race_fixed: tests/programs/omp_race.c
$(BUILD)/tests/programs/pthread_%: tests/programs/pthread_%.c $(TOOLCHAIN) | $(LIB) $(BIN)
	@mkdir -p $(dir $@)
	$(CCWRAP) -g -O1 -pthread -o $@ $<

$(BUILD)/tests/programs/omp_%: tests/programs/omp_%.f90 tests/programs/f_report.inc $(TOOLCHAIN) | $(LIB) $(BIN)
	@mkdir -p $@.mod
	$(FCWRAP) -g -O1 -fopenmp -J $@.mod -o $@ $<

$(BUILD)/tests/programs/%: tests/programs/%.cpp $(TOOLCHAIN) | $(LIB) $(BIN)
	@mkdir -p $(dir $@)
	$(O)/bin/shmemsim-c++ -g -O1 -o $@ $<
# cxx20_*.cpp: C++20 (its synchronisation library).
$(BUILD)/tests/programs/cxx20_%: tests/programs/cxx20_%.cpp $(TOOLCHAIN) | $(LIB) $(BIN)
	@mkdir -p $(dir $@)
	$(O)/bin/shmemsim-c++ -std=c++20 -g -O1 -o $@ $<
# (a C program built as C++)
$(BUILD)/tests/programs/lapi_reuse_new: tests/programs/lapi_reuse.c

$(BUILD)/tests/programs/%: tests/programs/%.f90 tests/programs/f_report.inc $(TOOLCHAIN) | $(LIB) $(BIN)
	@mkdir -p $@.mod
	$(FCWRAP) -g -O1 -J $@.mod -o $@ $<

$(BUILD)/tests/programs/%: tests/programs/%.f $(TOOLCHAIN) | $(LIB) $(BIN)
	@mkdir -p $(dir $@)
	$(FCWRAP) -g -O1 -o $@ $<

$(BUILD)/tests/programs/cray_%: tests/programs/cray_%.f $(TOOLCHAIN) | $(LIB) $(BIN)
	@mkdir -p $(dir $@)
	$(FCWRAP) --cray -g -O1 -o $@ $<

# typed_*.f90: calls the SHMEM functions undeclared, as Cray's full header allowed.
$(BUILD)/tests/programs/typed_%: tests/programs/typed_%.f90 $(TOOLCHAIN) | $(LIB) $(BIN)
	@mkdir -p $@.mod
	$(FCWRAP) --typed-header -g -O1 -J $@.mod -o $@ $<

# The tests reach the engine's world through its exported accessor.
$(TEST_OBJ): CFLAGS += -DSIM_OUTSIDE_LIBRARY

$(CHECK_BIN): $(TEST_OBJ) $(LIB)
	$(CC) $(LDSAN) -o $@ $(TEST_OBJ) -L$(O)/lib -lshmemsim -Wl,-rpath,'$$ORIGIN/../../lib' \
	    $(shell pkg-config --libs $(PKGS))

# The scenario loader's fuzz target, run over its seed corpus by `check`
# (without libFuzzer) and fuzzed by `make fuzz` (with clang's).
FUZZ_RUN := $(BUILD)/tests/fuzz/corpus_run
FUZZ_OBJ := $(BUILD)/tests/fuzz/fuzz_scenario.o $(BUILD)/tests/fuzz/corpus_main.o
FUZZ_LIB_SRC := sim/scenario.c sim/scenario_read.c sim/scenario_fault.c sim/scenario_expect.c sim/scenario_write.c sim/netparams.c sim/units.c sim/op.c sim/outcome.c
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

# The benchmarks' sources are compiled (not run) by `check`, so an
# interface change cannot leave `make bench` broken unnoticed.
BENCH_SRC := $(wildcard scripts/bench/*.c)
$(BUILD)/bench-compiled: $(BENCH_SRC) $(TOOLCHAIN) | $(LIB) $(BIN)
	@mkdir -p $(BUILD)/bench-objs
	$(CC) -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -Isim -c -o $(BUILD)/bench-objs/switch.o scripts/bench/switch.c
	$(CC) -std=c11 -Wall -Wextra -Werror -c -o $(BUILD)/bench-objs/measure.o scripts/bench/measure.c
	for p in $(filter-out %/switch.c %/measure.c,$(BENCH_SRC)); do \
	    $(CCWRAP) -Wall -Werror -c -o $(BUILD)/bench-objs/$$(basename $$p .c).o $$p || exit 1; done
	touch $@

check: all $(PROGS) $(CHECK_BIN) $(FUZZ_RUN) $(BUILD)/bench-compiled
	$(FUZZ_RUN) tests/fuzz/corpus
	SHMEMSIM_OUT=$(O) sh scripts/check-suites.sh $(CHECK_BIN)
	$(BIN) test --program-dir $(BUILD)/tests/programs scenarios/*.yaml

check-asan:
	SHMEMSIM_SANITIZED=1 CK_TIMEOUT_MULTIPLIER=4 $(MAKE) O=build/asan OPT=-O1 SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined" check

# ---- benchmarks and demo ----
bench: all
	sh scripts/bench.sh

demo: all
	sh scripts/demo.sh

# Open MPI's, Sandia OpenSHMEM's and OSSS-UCX's pkg-config names.
PC_ALIASES := oshmem oshmem-c sandia-openshmem osss-ucx

install: all
	install -d $(PREFIX)/bin $(PREFIX)/lib $(PREFIX)/include/shmemsim/mpp $(PREFIX)/lib/pkgconfig
	install -m 755 $(BIN) $(PREFIX)/bin/shmemsim
	install -m 755 $(CCWRAP) $(PREFIX)/bin/shmemsim-cc
	install -m 755 $(FCWRAP) $(PREFIX)/bin/shmemsim-fc
	install -m 755 $(O)/bin/shmemsim-c++ $(PREFIX)/bin/shmemsim-c++
	ln -sf shmemsim-c++ $(PREFIX)/bin/shmemsim-cxx
	install -m 644 $(CXXMODULE_O) $(PREFIX)/lib/
	install -m 644 $(FMODULE_O) $(PREFIX)/lib/
	install -m 644 api/include/*.fh $(PREFIX)/include/shmemsim/
	install -m 644 api/include/mpp/*.fh $(PREFIX)/include/shmemsim/mpp/
	install -d $(PREFIX)/include/shmemsim/typed
	install -m 644 api/include/typed/*.fh $(PREFIX)/include/shmemsim/typed/
	install -m 755 $(LIB) $(PREFIX)/lib/libshmemsim.so
	install -d $(PREFIX)/lib/notsan
	install -m 644 $(NOTSAN) $(PREFIX)/lib/notsan/libtsan.so
	install -d $(PREFIX)/lib/shmem-aliases
	install -m 644 $(ALIASES) $(PREFIX)/lib/shmem-aliases/
	install -m 644 $(MODULE_O) $(PREFIX)/lib/
	install -m 644 api/include/*.h $(PREFIX)/include/shmemsim/
	install -m 644 api/include/mpp/*.h $(PREFIX)/include/shmemsim/mpp/
	install -d $(PREFIX)/share/man/man1 $(PREFIX)/share/man/man5 $(PREFIX)/share/shmemsim/examples
	install -m 644 $(MAN1) $(PREFIX)/share/man/man1/
	install -m 644 $(MAN5) $(PREFIX)/share/man/man5/
	for p in shmemsim-c++ shmemsim-cxx; do \
	    echo '.so man1/shmemsim-cc.1' > $(PREFIX)/share/man/man1/$$p.1; done
	install -m 644 share/report.schema.json $(PREFIX)/share/shmemsim/
	install -m 644 examples/* $(PREFIX)/share/shmemsim/examples/
	# The .pc carries the installed wrapper's own flags (without race
	# instrumentation), so a pkg-config build makes a runnable PE module:
	# the link flags are --showme:link's after --showme:compile's.
	c=$$($(PREFIX)/bin/shmemsim-cc --showme:compile); l=$$($(PREFIX)/bin/shmemsim-cc --showme:link); \
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' \
	    -e "s|@CFLAGS@|$$($(PREFIX)/bin/shmemsim-cc --no-race-instrumentation --showme:compile | tr -d "'")|" \
	    -e "s|@LIBS@|$$(printf '%s' "$${l#"$$c"}" | tr -d "'")|" \
	    scripts/shmemsim.pc.in > $(PREFIX)/lib/pkgconfig/shmemsim.pc
	# The names other implementations' .pc files have, which build files
	# look for.
	for n in $(PC_ALIASES); do \
	    printf 'Name: %s\nDescription: shmemsim under the name of %s\nVersion: %s\nRequires: shmemsim\n' \
	        $$n $$n $(VERSION) > $(PREFIX)/lib/pkgconfig/$$n.pc; done

# Removes exactly what install put there.
uninstall:
	rm -f $(PREFIX)/bin/shmemsim $(PREFIX)/bin/shmemsim-cc $(PREFIX)/bin/shmemsim-fc \
	    $(PREFIX)/bin/shmemsim-c++ $(PREFIX)/bin/shmemsim-cxx
	rm -f $(PREFIX)/lib/libshmemsim.so $(addprefix $(PREFIX)/lib/,$(notdir $(MODULE_O))) \
	    $(PREFIX)/lib/shmemsim_cxxmodule.o \
	    $(addprefix $(PREFIX)/lib/,$(notdir $(FMODULE_O))) $(PREFIX)/lib/notsan/libtsan.so \
	    $(addprefix $(PREFIX)/lib/shmem-aliases/,$(notdir $(ALIASES))) \
	    $(PREFIX)/lib/pkgconfig/shmemsim.pc $(PC_ALIASES:%=$(PREFIX)/lib/pkgconfig/%.pc)
	rm -rf $(PREFIX)/include/shmemsim $(PREFIX)/share/shmemsim
	rm -f $(addprefix $(PREFIX)/share/man/man1/,$(notdir $(MAN1)) shmemsim-c++.1 shmemsim-cxx.1) \
	    $(PREFIX)/share/man/man5/$(notdir $(MAN5))
	-rmdir $(PREFIX)/lib/notsan $(PREFIX)/lib/shmem-aliases 2>/dev/null

clean:
	rm -rf build bin lib

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
