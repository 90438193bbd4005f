/* sim/loader: checks the module file, loads one memfd copy per PE with
 * dlopen, and answers "which copy holds this address". */
#include "loader.h"
#include "util.h"

#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

extern char **environ;

typedef struct file_info {
    char *bytes;        /* whole file */
    size_t size;
    size_t vlo, vhi;    /* page-rounded extent of the PT_LOAD segments */
    int nload;          /* PT_LOAD count */
    int bss_spills;     /* a segment's zero fill extends past its last file page */
    size_t rw_lo, rw_hi; /* extent (vaddr) of the writable segments, exact bytes */
    size_t rw_prog;      /* from here to rw_hi, what the program itself may write */
    size_t plt_lo, plt_hi; /* extent (vaddr) of the .plt* call stubs; empty if none */
} file_info_t;

/* The writable sections the dynamic linker fills at load (RTLD_NOW binds
 * every symbol then) and nothing writes after: the same in every PE. */
static int linker_only(const char *name)
{
    static const char *const names[] = {".init_array", ".fini_array", ".preinit_array",
                                        ".data.rel.ro", ".dynamic", ".got", ".got.plt"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(name, names[i]) == 0)
            return 1;
    return 0;
}

/* A C++ object of vague linkage (a function-local static of an inline
 * function, a template's static member, an inline variable) is a
 * STB_GNU_UNIQUE symbol, which the dynamic linker binds to one definition
 * in the whole process: every PE's copy would use the first copy's, as
 * if the PEs shared it.  In the bytes the copies are made from, each such
 * symbol of the dynamic table is made weak, so that each copy (loaded
 * RTLD_LOCAL) binds to its own. */
static void unique_to_weak(file_info_t *fi)
{
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)fi->bytes;
    if (eh->e_shoff == 0 || eh->e_shentsize != sizeof(Elf64_Shdr) ||
        eh->e_shoff + (size_t)eh->e_shnum * sizeof(Elf64_Shdr) > fi->size)
        return;
    const Elf64_Shdr *sh = (const Elf64_Shdr *)(fi->bytes + eh->e_shoff);
    for (int i = 0; i < eh->e_shnum; i++) {
        if (sh[i].sh_type != SHT_DYNSYM || sh[i].sh_entsize != sizeof(Elf64_Sym) ||
            sh[i].sh_offset > fi->size || sh[i].sh_size > fi->size - sh[i].sh_offset)
            continue;
        Elf64_Sym *sym = (Elf64_Sym *)(fi->bytes + sh[i].sh_offset);
        for (size_t k = 0; k < sh[i].sh_size / sizeof *sym; k++)
            if (ELF64_ST_BIND(sym[k].st_info) == STB_GNU_UNIQUE)
                sym[k].st_info = ELF64_ST_INFO(STB_WEAK, ELF64_ST_TYPE(sym[k].st_info));
    }
}

/* Sets fi->rw_prog: the lowest address of a writable section that is not
 * linker_only, or rw_lo when the section headers do not say; and
 * fi->plt_lo/plt_hi: the extent of the call stubs (.plt, .plt.sec,
 * .plt.got), code that belongs to no function of the program. */
static void find_sections(file_info_t *fi)
{
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)fi->bytes;
    fi->rw_prog = fi->rw_lo;
    if (eh->e_shoff == 0 || eh->e_shstrndx >= eh->e_shnum ||
        eh->e_shoff + (size_t)eh->e_shnum * sizeof(Elf64_Shdr) > fi->size)
        return;
    const Elf64_Shdr *sh = (const Elf64_Shdr *)(fi->bytes + eh->e_shoff);
    const Elf64_Shdr *names = &sh[eh->e_shstrndx];
    if (names->sh_offset + names->sh_size > fi->size)
        return;
    size_t lo = fi->rw_hi, plt_lo = SIZE_MAX, plt_hi = 0;
    for (int i = 0; i < eh->e_shnum; i++) {
        if (!(sh[i].sh_flags & SHF_ALLOC) || sh[i].sh_size == 0)
            continue;
        if (sh[i].sh_name >= names->sh_size ||
            memchr(fi->bytes + names->sh_offset + sh[i].sh_name, 0,
                   names->sh_size - sh[i].sh_name) == NULL)
            return; /* a name we cannot read: swap everything, no stubs known */
        const char *name = fi->bytes + names->sh_offset + sh[i].sh_name;
        if ((sh[i].sh_flags & SHF_EXECINSTR) && strncmp(name, ".plt", 4) == 0) {
            if (sh[i].sh_addr < plt_lo)
                plt_lo = sh[i].sh_addr;
            if (sh[i].sh_addr + sh[i].sh_size > plt_hi)
                plt_hi = sh[i].sh_addr + sh[i].sh_size;
        }
        if (!(sh[i].sh_flags & SHF_WRITE) || sh[i].sh_addr < fi->rw_lo ||
            sh[i].sh_addr >= fi->rw_hi)
            continue;
        if (!linker_only(name) && sh[i].sh_addr < lo)
            lo = sh[i].sh_addr;
    }
    fi->rw_prog = lo;
    if (plt_lo < plt_hi) {
        fi->plt_lo = plt_lo;
        fi->plt_hi = plt_hi;
    }
}

static int read_file(const char *path, file_info_t *fi, char *err, size_t n)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        snprintf(err, n, "cannot open program '%s': %s", path, strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(err, n, "program '%s' is not a regular file", path);
        close(fd);
        return -1;
    }
    fi->size = (size_t)st.st_size;
    fi->bytes = sim_xmalloc(fi->size + 1);
    size_t got = 0;
    while (got < fi->size) {
        ssize_t r = read(fd, fi->bytes + got, fi->size - got);
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    close(fd);
    if (got != fi->size) {
        snprintf(err, n, "cannot read program '%s'", path);
        return -1;
    }
    return 0;
}

static int not_module(const char *path, const char *why, char *err, size_t n)
{
    snprintf(err, n, "'%s' %s; build it with shmemsim-cc", path, why);
    return -1;
}

/* A position-independent executable says so in its dynamic section
 * (DF_1_PIE).  Modules have an interpreter too (so that ./prog runs, see
 * api/module.c), so PT_INTERP alone does not tell them apart. */
static int is_pie(const file_info_t *fi, const Elf64_Phdr *dyn)
{
    if (dyn->p_offset > fi->size || dyn->p_filesz > fi->size - dyn->p_offset)
        return 0;
    const Elf64_Dyn *d = (const Elf64_Dyn *)(fi->bytes + dyn->p_offset);
    size_t nd = dyn->p_filesz / sizeof *d;
    for (size_t i = 0; i < nd && d[i].d_tag != DT_NULL; i++)
        if (d[i].d_tag == DT_FLAGS_1 && (d[i].d_un.d_val & DF_1_PIE))
            return 1;
    return 0;
}

/* Checks that the file is an x86-64 ELF shared object, not a
 * position-independent executable, and measures its segments. */
static int check_elf(const char *path, file_info_t *fi, char *err, size_t n)
{
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)fi->bytes;
    if (fi->size >= 2 && memcmp(fi->bytes, "#!", 2) == 0 &&
        memmem(fi->bytes, fi->size < 4096 ? fi->size : 4096, "libtool", 7)) {
        /* (The program module is in .libs/, beside uninstalled shared
         * libraries the script finds for it.) */
        snprintf(err, n, "'%s' is a libtool wrapper script: run it as it is, with the PE count "
                 "in SHMEMSIM_NPES and other options in SHMEMSIM_ARGS (SHMEMSIM_NPES=4 %s), "
                 "or configure with --disable-shared, so that the program is built itself",
                 path, path);
        return -1;
    }
    if (fi->size < sizeof *eh || memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0)
        return not_module(path, "is not an ELF file (a script or source file?)", err, n);
    if (eh->e_ident[EI_CLASS] != ELFCLASS64 || eh->e_machine != EM_X86_64)
        return not_module(path, "is not an x86-64 ELF object", err, n);
    if (eh->e_type == ET_REL) {
        snprintf(err, n, "'%s' is an object file (compiled with -c), not a program: link it "
                 "first, with shmemsim-cc -o prog %s (and the program's other objects)", path,
                 path);
        return -1;
    }
    if (eh->e_type != ET_DYN)
        return not_module(path, "is a plain executable, not a shmemsim program module", err, n);
    if (eh->e_phoff + (size_t)eh->e_phnum * sizeof(Elf64_Phdr) > fi->size)
        return not_module(path, "has a truncated program header table", err, n);
    const Elf64_Phdr *ph = (const Elf64_Phdr *)(fi->bytes + eh->e_phoff);
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    fi->vlo = SIZE_MAX;
    fi->vhi = 0;
    fi->nload = 0;
    for (int i = 0; i < eh->e_phnum; i++) {
        if (ph[i].p_type == PT_DYNAMIC && is_pie(fi, &ph[i]))
            return not_module(path, "is an executable, not a shmemsim program module", err, n);
        if (ph[i].p_type != PT_LOAD)
            continue;
        fi->nload++;
        if (ph[i].p_flags & PF_W) {
            if (fi->rw_hi == 0 || ph[i].p_vaddr < fi->rw_lo)
                fi->rw_lo = ph[i].p_vaddr;
            if (ph[i].p_vaddr + ph[i].p_memsz > fi->rw_hi)
                fi->rw_hi = ph[i].p_vaddr + ph[i].p_memsz;
        }
        size_t file_end = (ph[i].p_vaddr + ph[i].p_filesz + page - 1) & ~(page - 1);
        if (ph[i].p_vaddr + ph[i].p_memsz > file_end)
            fi->bss_spills = 1;
        size_t lo = ph[i].p_vaddr & ~(page - 1);
        size_t hi = (ph[i].p_vaddr + ph[i].p_memsz + page - 1) & ~(page - 1);
        if (lo < fi->vlo)
            fi->vlo = lo;
        if (hi > fi->vhi)
            fi->vhi = hi;
    }
    if (fi->nload == 0)
        return not_module(path, "has no loadable segments", err, n);
    find_sections(fi);
    unique_to_weak(fi);
    return 0;
}

/* The copy strategy keeps every memfd open until all copies are loaded
 * (dlopen recognises objects by name, and fd numbers would repeat). */
static void raise_fd_limit(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
}

static const char *helper_syms[16];
static int nhelper_syms;

void sim_loader_helper_symbol(const char *name)
{
    if (nhelper_syms < (int)(sizeof helper_syms / sizeof helper_syms[0]))
        helper_syms[nhelper_syms++] = name;
}

/* Whether the module names a registered routine (its dynamic string table
 * holds the names it imports, each ended by a NUL). */
static int wants_helpers(const file_info_t *fi)
{
    for (int i = 0; i < nhelper_syms; i++) {
        size_t len = strlen(helper_syms[i]) + 1;
        for (const char *p = fi->bytes; (p = memmem(p, fi->size - (size_t)(p - fi->bytes),
                                                   helper_syms[i], len)) != NULL; p++)
            if (p == fi->bytes || p[-1] == '\0')
                return 1;
    }
    return 0;
}

static long map_limit(void)
{
    FILE *f = fopen("/proc/sys/vm/max_map_count", "r");
    long v = 65530;
    if (f) {
        if (fscanf(f, "%ld", &v) != 1)
            v = 65530;
        fclose(f);
    }
    return v;
}

/* Memory mappings the program copies need (one per segment per copy under
 * the copy strategy), plus room for the rest of the process.  Stacks are
 * one mapping, cut by as many guard zones as the remaining budget allows
 * (sim/coro). */
static long mappings_needed(const sim_loader_t *l, sim_load_mode_t mode)
{
    return (mode == SIM_LOAD_COPY ? (long)l->ncopies * (long)l->maps_per_copy : 0) + 128;
}


long sim_loader_spare_maps(const sim_loader_t *l)
{
    long spare = map_limit() - mappings_needed(l, l->mode);
    return spare > 0 ? spare : 0;
}

size_t sim_loader_stacks(const sim_loader_t *l)
{
    return (size_t)l->ncopies * (l->helpers ? 2 : 1);
}

static int check_capacity(const sim_loader_t *l, char *err, size_t n)
{
    long limit = map_limit();
    long need = mappings_needed(l, l->mode);
    struct rlimit rl;
    if (need > limit) {
        snprintf(err, n, "%d PEs need about %ld memory mappings (a program copy per PE) but "
                 "vm.max_map_count is %ld; use --privatize=swap, fewer PEs, or raise it "
                 "(sysctl -w vm.max_map_count=%ld)", l->ncopies, need, limit, need * 2);
        return -1;
    }
    if (l->mode == SIM_LOAD_SWAP)
        return 0;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
        (rlim_t)l->ncopies + 64 > rl.rlim_cur) {
        snprintf(err, n, "%d PEs need %d open files while loading but the limit is %lu "
                 "(ulimit -n)", l->ncopies, l->ncopies + 64, (unsigned long)rl.rlim_cur);
        return -1;
    }
    return 0;
}

static int load_copy(sim_loader_t *l, const file_info_t *fi, int pe, int *fd_out,
                     char *err, size_t n)
{
    char name[64];
    snprintf(name, sizeof name, "shmemsim-pe%d", pe);
    int fd = memfd_create(name, MFD_CLOEXEC);
    if (fd < 0 || write(fd, fi->bytes, fi->size) != (ssize_t)fi->size) {
        snprintf(err, n, "cannot make the copy of '%s' for PE %d: %s", l->path, pe, strerror(errno));
        return -1;
    }
    *fd_out = fd;
    /* Named by process id, not /proc/self: a debugger reads the names of
     * loaded objects from the link map and opens them itself, and in the
     * debugger's process /proc/self/fd/N is one of its own files (gdb
     * would block reading its own event pipe). */
    char fdpath[64];
    snprintf(fdpath, sizeof fdpath, "/proc/%ld/fd/%d", (long)getpid(), fd);
    sim_image_t *img = &l->img[pe];
    img->pe = pe;
    img->handle = dlopen(fdpath, RTLD_NOW | RTLD_LOCAL);
    if (!img->handle) {
        snprintf(err, n, "cannot load '%s' for PE %d: %s", l->path, pe, dlerror());
        return -1;
    }
    if (!dlsym(img->handle, "__shmemsim_module"))
        return not_module(l->path, "is a shared library but not a shmemsim program module", err, n);
    /* (a module built for a Cray T3E program's start: shmemsim-cc --cray) */
    img->main_fn = (int (*)(int, char **, char **))dlsym(img->handle, "__shmemsim_main");
    if (!img->main_fn)
        img->main_fn = (int (*)(int, char **, char **))dlsym(img->handle, "main");
    if (!img->main_fn) {
        snprintf(err, n, "program '%s' has no main function", l->path);
        return -1;
    }
    struct link_map *lm = NULL;
    dlinfo(img->handle, RTLD_DI_LINKMAP, &lm);
    img->lo = (char *)lm->l_addr + fi->vlo;
    return 0;
}

static int by_lo(const void *a, const void *b)
{
    const sim_image_t *x = *(sim_image_t *const *)a, *y = *(sim_image_t *const *)b;
    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* Whether a debugger traces this process.  It reopens a copy by its name
 * whenever it next reads the file (gdb, for .eh_frame at the first
 * breakpoint), so the copies stay open for it while the run lasts. */
static int traced(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[128];
    long pid = 0;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "TracerPid: %ld", &pid) == 1)
            break;
    if (f)
        fclose(f);
    return pid != 0;
}

static int load_all(sim_loader_t *l, const file_info_t *fi, char *err, size_t n)
{
    int *fds = sim_xmalloc((size_t)l->ncopies * sizeof *fds);
    int rc = 0, opened = 0;
    for (int pe = 0; pe < l->ncopies && rc == 0; pe++) {
        fds[pe] = -1;
        rc = load_copy(l, fi, pe, &fds[pe], err, n);
        opened = pe + 1;
    }
    int keep = rc == 0 && traced();
    for (int i = 0; i < opened; i++)
        if (fds[i] >= 0 && !keep)
            close(fds[i]);
    free(fds);
    return rc;
}

/* Swap strategy: one copy, whose pristine writable bytes seed every PE's
 * store. */
static int load_swap(sim_loader_t *l, const file_info_t *fi, char *err, size_t n)
{
    int fd = -1;
    int rc = load_copy(l, fi, 0, &fd, err, n);
    if (fd >= 0 && (rc != 0 || !traced()))
        close(fd);
    if (rc)
        return rc;
    for (int pe = 1; pe < l->ncopies; pe++) {
        l->img[pe] = l->img[0];
        l->img[pe].pe = pe;
    }
    l->rw_off = fi->rw_lo - fi->vlo;
    l->rw_len = fi->rw_hi > fi->rw_lo ? fi->rw_hi - fi->rw_lo : 0;
    l->swap_skip = fi->rw_prog - fi->rw_lo;
    size_t total = l->rw_len * (size_t)l->ncopies;
    l->stores = total ? mmap(NULL, total, PROT_READ | PROT_WRITE,
                             MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0) : NULL;
    if (l->stores == MAP_FAILED) {
        snprintf(err, n, "cannot allocate %zu bytes for %d PEs' program data", total, l->ncopies);
        l->stores = NULL;
        return -1;
    }
    for (int pe = 0; pe < l->ncopies; pe++)
        memcpy(l->stores + (size_t)pe * l->rw_len, l->img[0].lo + l->rw_off, l->rw_len);
    l->owner = 0;
    return 0;
}

int sim_loader_open(const char *path, int ncopies, int auto_mode, sim_load_mode_t mode,
                    sim_loader_t **out, char *err, size_t errlen)
{
    file_info_t fi = {0};
    sim_loader_t *l = sim_xcalloc(1, sizeof *l);
    l->path = sim_xstrdup(path);
    l->ncopies = ncopies;
    l->mode = mode;
    int rc = read_file(path, &fi, err, errlen);
    if (rc == 0)
        rc = check_elf(path, &fi, err, errlen);
    if (rc == 0) {
        l->vaddr_lo = fi.vlo;
        l->span = fi.vhi - fi.vlo;
        l->data_off = fi.rw_lo - fi.vlo;
        l->data_len = fi.rw_hi > fi.rw_lo ? fi.rw_hi - fi.rw_lo : 0;
        l->stub_off = fi.plt_lo > fi.vlo ? fi.plt_lo - fi.vlo : 0;
        l->stub_len = fi.plt_hi > fi.plt_lo ? fi.plt_hi - fi.plt_lo : 0;
        /* One mapping per segment; glibc adds one for a .bss that spills
         * past the last file page, so count it when it may. */
        l->maps_per_copy = (size_t)fi.nload + (fi.bss_spills ? 1 : 0);
        l->helpers = wants_helpers(&fi);
        raise_fd_limit();
        if (auto_mode) {
            struct rlimit rl;
            int files_fit = getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY ||
                            (rlim_t)ncopies + 64 <= rl.rlim_cur;
            /* Copies only while every stack still gets its own guard.
             * A large job of a program with little writable data swaps:
             * the dynamic linker's cost per copy grows with the copies
             * loaded (hundreds of ms from a thousand PEs), while a swap
             * of a few KiB costs less than the switch itself. */
            int fits = mappings_needed(l, SIM_LOAD_COPY) + 2 * (long)sim_loader_stacks(l) <= map_limit() &&
                       files_fit;
            int small = ncopies > SIM_AUTO_SWAP_PES && l->data_len <= SIM_AUTO_SWAP_BYTES;
            l->mode = fits && !small ? SIM_LOAD_COPY : SIM_LOAD_SWAP;
        }
        rc = check_capacity(l, err, errlen);
    }
    if (rc == 0) {
        l->img = sim_xcalloc((size_t)ncopies, sizeof *l->img);
        rc = l->mode == SIM_LOAD_COPY ? load_all(l, &fi, err, errlen)
                                      : load_swap(l, &fi, err, errlen);
    }
    l->data_off = fi.rw_lo - fi.vlo;
    l->data_len = fi.rw_hi > fi.rw_lo ? fi.rw_hi - fi.rw_lo : 0;
    free(fi.bytes);
    if (rc != 0) {
        sim_loader_close(l);
        return -1;
    }
    sim_image_t **order = sim_xmalloc((size_t)ncopies * sizeof *order);
    for (int i = 0; i < ncopies; i++)
        order[i] = &l->img[i];
    if (l->mode == SIM_LOAD_COPY)
        qsort(order, (size_t)ncopies, sizeof *order, by_lo);
    /* Flat arrays: a look-up's halving steps read one array, not a copy
     * each. */
    l->order_lo = sim_xmalloc((size_t)ncopies * sizeof *l->order_lo);
    l->order_pe = sim_xmalloc((size_t)ncopies * sizeof *l->order_pe);
    for (int i = 0; i < ncopies; i++) {
        l->order_lo[i] = order[i]->lo;
        l->order_pe[i] = order[i]->pe;
    }
    free(order);
    *out = l;
    return 0;
}

/* ---- shared libraries built with shmemsim-cc ----
 *
 * Only the program module is copied per PE.  A shared library it links
 * against is loaded once, by the dynamic linker, for the whole job, so
 * its globals are one copy that every PE shares: not what a PE would see
 * on a cluster, where each is a process.  A library built with
 * shmemsim-cc -shared carries the module marker, which tells it from the
 * system's libraries (whose per-process state the simulator swaps). */

/* The data objects of the ELF file bytes[0, size) into objs ("name (N
 * bytes), ..."); whether it defines the module marker. */
static int scan_elf_data(const char *bytes, size_t size, char *objs, size_t len)
{
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)bytes;
    int marker = 0;
    objs[0] = '\0';
    if (size < sizeof *eh || memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 ||
        eh->e_ident[EI_CLASS] != ELFCLASS64 || eh->e_shoff == 0 ||
        eh->e_shoff + (size_t)eh->e_shnum * sizeof(Elf64_Shdr) > size || eh->e_shstrndx >= eh->e_shnum)
        return 0;
    const Elf64_Shdr *sh = (const Elf64_Shdr *)(bytes + eh->e_shoff);
    const char *shstr = bytes + sh[eh->e_shstrndx].sh_offset;
    /* the full symbol table when there is one (it has the statics too) */
    int symtab = -1;
    for (int i = 0; i < eh->e_shnum; i++)
        if (sh[i].sh_type == SHT_SYMTAB || (sh[i].sh_type == SHT_DYNSYM && symtab < 0))
            symtab = i;
    if (symtab < 0 || sh[symtab].sh_link >= eh->e_shnum ||
        sh[symtab].sh_offset + sh[symtab].sh_size > size)
        return 0;
    const Elf64_Sym *sym = (const Elf64_Sym *)(bytes + sh[symtab].sh_offset);
    const char *str = bytes + sh[sh[symtab].sh_link].sh_offset;
    size_t nsym = sh[symtab].sh_size / sizeof *sym, strsize = sh[sh[symtab].sh_link].sh_size;
    for (size_t i = 0; i < nsym; i++) {
        if (sym[i].st_name >= strsize)
            continue;
        const char *name = str + sym[i].st_name;
        if (strcmp(name, "__shmemsim_module") == 0)
            marker = 1;
        if (ELF64_ST_TYPE(sym[i].st_info) != STT_OBJECT || sym[i].st_size == 0 ||
            sym[i].st_shndx == SHN_UNDEF || sym[i].st_shndx >= eh->e_shnum)
            continue;
        const Elf64_Shdr *s = &sh[sym[i].st_shndx];
        const char *sname = shstr + s->sh_name;
        /* the program's own variables: .data and .bss, not the C
         * run-time's bookkeeping (__dso_handle, completed.0, ...), the
         * C++ compiler's tables (vtables, typeinfo: constants the loader
         * relocates, in .data.rel.ro; the exception personality's
         * reference, DW.ref.*), <iostream>'s initialiser object,
         * nor the wrapper's own objects (__shmemsim_*) */
        if (!(s->sh_flags & SHF_WRITE) || (strncmp(sname, ".data", 5) != 0 &&
                                           strncmp(sname, ".bss", 4) != 0) ||
            strncmp(sname, ".data.rel.ro", 12) == 0 || strncmp(name, "__", 2) == 0 ||
            strncmp(name, "completed.", 10) == 0 || strncmp(name, "_ZTV", 4) == 0 ||
            strncmp(name, "_ZTI", 4) == 0 || strncmp(name, "_ZTS", 4) == 0 ||
            strncmp(name, "_ZTT", 4) == 0 || strcmp(name, "_ZStL8__ioinit") == 0 ||
            strncmp(name, "DW.ref.", 7) == 0 ||
            strstr(name, "__shmemsim_"))
            continue;
        sim_append(objs, len, "%s%s (%llu bytes)", objs[0] ? ", " : "", name,
                   (unsigned long long)sym[i].st_size);
    }
    return marker;
}

typedef struct shared_scan {
    const sim_loader_t *l;
    void (*fn)(const char *path, const char *objects, void *arg);
    void *arg;
} shared_scan_t;

/* A program copy's name, /proc/PID/fd/N (load_copy). */
static int is_copy_name(const char *name)
{
    char rest[8];
    long pid;
    int fd;
    return sscanf(name, "/proc/%ld/fd/%d%1s", &pid, &fd, rest) == 2;
}

static int each_object(struct dl_phdr_info *info, size_t size, void *arg)
{
    (void)size;
    const shared_scan_t *sc = arg;
    const char *name = info->dlpi_name;
    /* the executable itself, and the program's own copies */
    if (!name || !name[0] || is_copy_name(name) ||
        strcmp(name, sc->l->path) == 0)
        return 0;
    file_info_t fi = {0};
    char err[8], objs[512];
    if (read_file(name, &fi, err, sizeof err) != 0) {
        free(fi.bytes);
        return 0;
    }
    if (scan_elf_data(fi.bytes, fi.size, objs, sizeof objs) && objs[0])
        sc->fn(name, objs, sc->arg);
    free(fi.bytes);
    return 0;
}

void sim_loader_shared_data(const sim_loader_t *l,
                            void (*fn)(const char *path, const char *objects, void *arg), void *arg)
{
    shared_scan_t sc = {l, fn, arg};
    dl_iterate_phdr(each_object, &sc);
}

void sim_loader_close(sim_loader_t *l)
{
    if (!l)
        return;
    /* Copies stay mapped: PE output or atexit state may still point into
     * them, and the process is about to end anyway. */
    sim_loader_symbols_free(l);
    free(l->img);
    free(l->order_lo);
    free(l->order_pe);
    free(l->path);
    free(l);
}

/* Swap strategy: the live image is the owner's; a store is its PE's. */
static int find_swapped(const sim_loader_t *l, const char *a, size_t *off)
{
    if (a >= l->img[0].lo && a < l->img[0].lo + l->span) {
        *off = (size_t)(a - l->img[0].lo);
        return l->owner;
    }
    size_t total = l->rw_len * (size_t)l->ncopies;
    if (l->stores && a >= l->stores && a < l->stores + total) {
        size_t rel = (size_t)(a - l->stores);
        *off = l->rw_off + rel % l->rw_len;
        return (int)(rel / l->rw_len);
    }
    return -1;
}

int sim_loader_find(const sim_loader_t *l, const void *addr, size_t *off)
{
    if (!l)
        return -1;
    const char *a = addr;
    if (l->mode == SIM_LOAD_SWAP)
        return find_swapped(l, a, off);
    size_t lo = 0, hi = (size_t)l->ncopies;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (a < l->order_lo[mid])
            hi = mid;
        else if (a >= l->order_lo[mid] + l->span)
            lo = mid + 1;
        else {
            *off = (size_t)(a - l->order_lo[mid]);
            return l->order_pe[mid];
        }
    }
    return -1;
}

int sim_loader_in_stub(const sim_loader_t *l, const void *pc)
{
    size_t off;
    return sim_loader_find(l, pc, &off) >= 0 && off - l->stub_off < l->stub_len;
}

void *sim_loader_home(const sim_loader_t *l, int pe, const void *addr)
{
    size_t off;
    if (!l || l->mode != SIM_LOAD_SWAP || sim_loader_find(l, addr, &off) != pe)
        return (void *)addr;
    return sim_loader_addr(l, pe, off);
}

void *sim_loader_live(const sim_loader_t *l, int pe, const void *home)
{
    const char *h = home;
    if (!l || l->mode != SIM_LOAD_SWAP || pe != l->owner || !l->stores)
        return (void *)home;
    const char *mine = l->stores + (size_t)pe * l->rw_len;
    if (h >= mine && h < mine + l->rw_len)
        return l->img[0].lo + l->rw_off + (size_t)(h - mine);
    return (void *)home;
}

void sim_loader_activate(sim_loader_t *l, int pe)
{
    if (!l || l->mode != SIM_LOAD_SWAP || pe == l->owner || l->rw_len == 0)
        return;
    size_t skip = l->swap_skip, n = l->rw_len - skip;
    char *live = l->img[0].lo + l->rw_off + skip;
    memcpy(l->stores + (size_t)l->owner * l->rw_len + skip, live, n);
    memcpy(live, l->stores + (size_t)pe * l->rw_len + skip, n);
    l->owner = pe;
}

int sim_image_run_main(sim_image_t *img, int argc, char **argv)
{
    return img->main_fn(argc, argv, environ);
}
