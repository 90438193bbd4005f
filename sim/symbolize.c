/* sim/symbolize: program addresses as "function at file:line".
 *
 * Reads the module file's symbol table and DWARF line table with libdw
 * (elfutils), once per run, offline: the address of a PE's copy is turned
 * into the file's own address first, so every copy gives the same answer.
 * Falls back to "function+0xoff" without debug information, and to dladdr
 * for addresses outside the program (libraries), unless the library has
 * line information (one built with shmemsim-cc -g -shared, say): then its
 * file is read the same way. */
#include "loader.h"
#include "util.h"

#include <dlfcn.h>
#include <dwarf.h>
#include <elfutils/libdwfl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A module's symbol and line tables, opened on first use, and the last
 * answers of sim_loader_object (every checked transfer asks it, and
 * programs use the same few objects over and over: a reduction's source,
 * dest, pWrk and pSync in turn); the loader owns it. */
#define OBJ_CACHE 16
struct sim_symcache {
    Dwfl *dwfl;
    Dwfl_Module *mod;
    struct { size_t start, size; } obj[OBJ_CACHE]; /* size 0: empty */
    unsigned obj_next;    /* the entry the next answer replaces */
    struct symlib {       /* libraries' files, opened when an address is in one */
        char *path;
        Dwfl *dwfl;
        Dwfl_Module *mod;
    } libs[8];
    int nlibs;
};

static const Dwfl_Callbacks offline = {
    .find_elf = dwfl_build_id_find_elf,
    .find_debuginfo = dwfl_standard_find_debuginfo,
    .section_address = dwfl_offline_section_address,
};

static struct sim_symcache *cache_of(const sim_loader_t *l)
{
    sim_loader_t *ml = (sim_loader_t *)l; /* the cache is mutable state of a const view */
    if (!ml->sym) {
        ml->sym = calloc(1, sizeof *ml->sym);
        if (!ml->sym)
            abort();
        ml->sym->dwfl = dwfl_begin(&offline);
        ml->sym->mod = ml->sym->dwfl ? dwfl_report_offline(ml->sym->dwfl, "prog", l->path, -1)
                                     : NULL;
        if (ml->sym->dwfl)
            dwfl_report_end(ml->sym->dwfl, NULL, NULL);
    }
    return ml->sym;
}

static Dwfl_Module *module_for(const sim_loader_t *l)
{
    return l ? cache_of(l)->mod : NULL; /* no loader: a world with no program */
}

void sim_loader_symbols_free(sim_loader_t *l)
{
    if (!l->sym)
        return;
    if (l->sym->dwfl)
        dwfl_end(l->sym->dwfl);
    for (int i = 0; i < l->sym->nlibs; i++) {
        if (l->sym->libs[i].dwfl)
            dwfl_end(l->sym->libs[i].dwfl);
        free(l->sym->libs[i].path);
    }
    free(l->sym);
    l->sym = NULL;
}

static const char *basename_of(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* An address inside a wrapper the compiler inlined and that is marked
 * artificial (as <shmemx.h>'s aliases are) is reported where the wrapper
 * was called, not at its line in the header. */
static void artificial_call_site(Dwfl_Module *m, Dwarf_Addr addr, const char **file, int *lineno)
{
    Dwarf_Addr bias;
    Dwarf_Die *cu = dwfl_module_addrdie(m, addr, &bias);
    Dwarf_Die *scopes = NULL;
    int n = cu ? dwarf_getscopes(cu, addr - bias, &scopes) : 0;
    for (int i = 0; i < n && dwarf_tag(&scopes[i]) == DW_TAG_inlined_subroutine; i++) {
        Dwarf_Attribute a;
        Dwarf_Die origin;
        Dwarf_Word cf, cl;
        Dwarf_Files *files;
        size_t nfiles;
        if (!dwarf_formref_die(dwarf_attr(&scopes[i], DW_AT_abstract_origin, &a), &origin) ||
            !dwarf_hasattr(&origin, DW_AT_artificial) ||
            dwarf_formudata(dwarf_attr(&scopes[i], DW_AT_call_file, &a), &cf) != 0 ||
            dwarf_formudata(dwarf_attr(&scopes[i], DW_AT_call_line, &a), &cl) != 0 ||
            dwarf_getsrcfiles(cu, &files, &nfiles) != 0 || cf >= nfiles)
            break;
        const char *f = dwarf_filesrc(files, cf, NULL, NULL);
        if (!f)
            break;
        *file = f;
        *lineno = (int)cl;
    }
    free(scopes);
}

/* A C++ name as the program spells it ("count(bool)" for _ZL5countb),
 * by the C++ run-time library's demangler when the module has one (a C
 * module does not: its names are not mangled); name itself otherwise. */
static const char *demangled(const sim_loader_t *l, const char *name, char *buf, size_t len)
{
    typedef char *(*demangle_fn)(const char *, char *, size_t *, int *);
    static demangle_fn fn;
    static const void *looked_in;
    if (!name || name[0] != '_' || name[1] != 'Z')
        return name;
    const void *h = l && l->ncopies > 0 ? l->img[0].handle : NULL;
    if (looked_in != h) {
        void *sym = h ? dlsym((void *)h, "__cxa_demangle") : NULL;
        fn = (demangle_fn)(uintptr_t)sym;
        looked_in = h;
    }
    int status = -1;
    char *d = fn ? fn(name, NULL, NULL, &status) : NULL;
    if (!d || status != 0) {
        free(d);
        return name;
    }
    snprintf(buf, len, "%s", d);
    free(d);
    return buf;
}

/* The file of the library at path, opened on first use (the last of the
 * few kept is reused when there are more). */
static Dwfl_Module *library_module(const sim_loader_t *l, const char *path)
{
    struct sim_symcache *c = cache_of(l);
    for (int i = 0; i < c->nlibs; i++)
        if (strcmp(c->libs[i].path, path) == 0)
            return c->libs[i].mod;
    int n = (int)(sizeof c->libs / sizeof c->libs[0]);
    struct symlib *s = &c->libs[c->nlibs < n ? c->nlibs++ : n - 1];
    if (s->dwfl)
        dwfl_end(s->dwfl);
    free(s->path);
    s->path = sim_xstrdup(path);
    s->dwfl = dwfl_begin(&offline);
    s->mod = s->dwfl ? dwfl_report_offline(s->dwfl, "lib", path, -1) : NULL;
    if (s->dwfl)
        dwfl_report_end(s->dwfl, NULL, NULL);
    return s->mod;
}

/* Module-relative symbolization; 0 on success; with lines only when
 * need_line (else -1 without them). */
static int module_dwarf(const sim_loader_t *l, Dwfl_Module *m, size_t file_vaddr,
                        int is_return, int need_line, char *buf, size_t len)
{
    if (!m)
        return -1;
    Dwarf_Addr low;
    dwfl_module_info(m, NULL, &low, NULL, NULL, NULL, NULL, NULL);
    Dwarf_Addr addr = low + file_vaddr - (is_return ? 1 : 0);
    GElf_Sym sym;
    GElf_Off off = 0;
    const char *fn = dwfl_module_addrinfo(m, addr, &off, &sym, NULL, NULL, NULL);
    Dwfl_Line *line = dwfl_module_getsrc(m, addr);
    int lineno = 0;
    const char *file = line ? dwfl_lineinfo(line, NULL, &lineno, NULL, NULL, NULL) : NULL;
    if (need_line && !file)
        return -1;
    if (file)
        artificial_call_site(m, addr, &file, &lineno);
    char plain[256];
    fn = demangled(l, fn, plain, sizeof plain);
    if (fn && file)
        snprintf(buf, len, "%s at %s:%d", fn, basename_of(file), lineno);
    else if (fn)
        snprintf(buf, len, "%s+0x%lx", fn, (unsigned long)off + (is_return ? 1 : 0));
    else
        return -1;
    return 0;
}

static int from_dwarf(const sim_loader_t *l, size_t file_vaddr, int is_return,
                      char *buf, size_t len)
{
    return module_dwarf(l, module_for(l), file_vaddr, is_return, 0, buf, len);
}

int sim_loader_source(const sim_loader_t *l, const void *addr, char *path, size_t len, int *line)
{
    size_t off;
    Dwfl_Module *m = addr && l && sim_loader_find(l, addr, &off) >= 0 ? module_for(l) : NULL;
    if (!m)
        return -1;
    Dwarf_Addr low;
    dwfl_module_info(m, NULL, &low, NULL, NULL, NULL, NULL, NULL);
    Dwarf_Addr a = low + off + l->vaddr_lo - 1; /* the call, just before the return address */
    Dwfl_Line *dl = dwfl_module_getsrc(m, a);
    int lineno = 0;
    const char *file = dl ? dwfl_lineinfo(dl, NULL, &lineno, NULL, NULL, NULL) : NULL;
    if (!file || lineno <= 0)
        return -1;
    artificial_call_site(m, a, &file, &lineno);
    snprintf(path, len, "%s", file);
    *line = lineno;
    return 0;
}

/* The symbol covering file_vaddr (its name, the offset into it), or NULL. */
static const char *symbol_at(const sim_loader_t *l, size_t file_vaddr, GElf_Sym *sym,
                             GElf_Off *off)
{
    Dwfl_Module *m = module_for(l);
    if (!m)
        return NULL;
    Dwarf_Addr low;
    dwfl_module_info(m, NULL, &low, NULL, NULL, NULL, NULL, NULL);
    *off = 0;
    return dwfl_module_addrinfo(m, low + file_vaddr, off, sym, NULL, NULL, NULL);
}

int sim_loader_data_name(const sim_loader_t *l, size_t file_vaddr, char *buf, size_t len)
{
    GElf_Sym sym;
    GElf_Off off;
    const char *name = symbol_at(l, file_vaddr, &sym, &off);
    if (!name || off >= (sym.st_size ? sym.st_size : 1))
        return -1;
    char plain[256];
    name = demangled(l, name, plain, sizeof plain);
    /* A function's static variable is "name.N" in the symbol table. */
    int n = (int)strlen(name);
    const char *dot = strrchr(name, '.');
    if (dot && dot[1] && strspn(dot + 1, "0123456789") == strlen(dot + 1))
        n = (int)(dot - name);
    if (off)
        snprintf(buf, len, "&%.*s+%lu", n, name, (unsigned long)off);
    else
        snprintf(buf, len, "&%.*s", n, name);
    return 0;
}

int sim_loader_object(const sim_loader_t *l, size_t file_vaddr, size_t *start, size_t *size)
{
    struct sim_symcache *c = cache_of(l);
    for (unsigned i = 0; i < OBJ_CACHE; i++)
        if (file_vaddr - c->obj[i].start < c->obj[i].size) {
            *start = c->obj[i].start;
            *size = c->obj[i].size;
            return 0;
        }
    GElf_Sym sym;
    GElf_Off off;
    const char *name = symbol_at(l, file_vaddr, &sym, &off);
    if (!name || sym.st_size == 0 || off >= sym.st_size)
        return -1;
    *start = file_vaddr - off;
    *size = sym.st_size;
    c->obj[c->obj_next].start = *start;
    c->obj[c->obj_next].size = *size;
    c->obj_next = (c->obj_next + 1) % OBJ_CACHE;
    return 0;
}

int sim_loader_symbol(const sim_loader_t *l, const char *name, size_t *off, size_t *size)
{
    Dwfl_Module *m = module_for(l);
    if (!m)
        return -1;
    Dwarf_Addr low;
    dwfl_module_info(m, NULL, &low, NULL, NULL, NULL, NULL, NULL);
    int n = dwfl_module_getsymtab(m);
    for (int i = 1; i < n; i++) {
        GElf_Sym sym;
        GElf_Addr addr;
        const char *s = dwfl_module_getsym_info(m, i, &sym, &addr, NULL, NULL, NULL);
        if (!s || strcmp(s, name) != 0 || sym.st_shndx == SHN_UNDEF ||
            GELF_ST_TYPE(sym.st_info) != STT_OBJECT)
            continue;
        if (addr - low < l->vaddr_lo || addr - low >= l->vaddr_lo + l->span)
            continue;
        *off = (size_t)(addr - low) - l->vaddr_lo;
        *size = (size_t)sym.st_size;
        return 0;
    }
    return -1;
}

/* is_return: addr is a return address, so the call is just before it. */
static const char *symbolize(const sim_loader_t *l, const void *addr, int is_return, char *buf,
                             size_t len)
{
    size_t off;
    if (!addr) {
        snprintf(buf, len, "?");
        return buf;
    }
    if (l && sim_loader_find(l, addr, &off) >= 0) {
        if (from_dwarf(l, off + l->vaddr_lo, is_return, buf, len) == 0)
            return buf;
        snprintf(buf, len, "%s+0x%lx", basename_of(l->path), (unsigned long)(off + l->vaddr_lo));
        return buf;
    }
    Dl_info info, self;
    int in_lib = dladdr(addr, &info);
    /* A library's own lines (not the simulator's: its messages name its
     * functions as they always have). */
    if (in_lib && l && info.dli_fname && info.dli_fbase &&
        !(dladdr((const void *)(uintptr_t)symbolize, &self) && self.dli_fbase == info.dli_fbase) &&
        module_dwarf(l, library_module(l, info.dli_fname),
                     (size_t)((const char *)addr - (const char *)info.dli_fbase), is_return, 1,
                     buf, len) == 0)
        return buf;
    if (in_lib && info.dli_sname)
        snprintf(buf, len, "%s+0x%lx", info.dli_sname,
                 (unsigned long)((const char *)addr - (const char *)info.dli_saddr));
    else
        snprintf(buf, len, "code outside the program");
    return buf;
}

const char *sim_loader_symbolize(const sim_loader_t *l, const void *addr, char *buf, size_t len)
{
    return symbolize(l, addr, 1, buf, len);
}

const char *sim_loader_symbolize_pc(const sim_loader_t *l, const void *pc, char *buf, size_t len)
{
    return symbolize(l, pc, 0, buf, len);
}
