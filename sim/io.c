/* sim/io: fopencookie streams that tag lines and forward them. */
#include "io.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct sim_io_stream {
    FILE *f;          /* the stream the program writes to */
    int pe;           /* owner */
    int which;        /* 0 stdout, 1 stderr */
    int at_bol;       /* next byte starts a line (tag it) */
    int closed;       /* the PE closed it: writes fail with EBADF */
} sim_io_stream_t;

static FILE *real_stream(int which)
{
    return which ? stderr : stdout;
}

/* The last byte forwarded to the real stdout/stderr was not a newline. */
static int mid_line[2];

static ssize_t cookie_write(void *cookie, const char *buf, size_t n)
{
    sim_io_stream_t *s = cookie;
    if (s->closed) {
        errno = EBADF;
        return -1;
    }
    FILE *out = real_stream(s->which);
    size_t i = 0;
    while (i < n) {
        if (s->at_bol && sim_w->cfg.tag_output)
            fprintf(out, "[PE %d] ", s->pe);
        const char *nl = memchr(buf + i, '\n', n - i);
        size_t len = nl ? (size_t)(nl - (buf + i)) + 1 : n - i;
        fwrite(buf + i, 1, len, out);
        s->at_bol = nl != NULL;
        mid_line[s->which] = nl == NULL;
        i += len;
    }
    if (s->which)
        fflush(out);
    return (ssize_t)n;
}

FILE *sim_io_stream(sim_pe_t *pe, int which)
{
    if (pe->owner)
        pe = pe->owner; /* a helper writes to its PE's streams */
    if (pe->io[which])
        return pe->io[which]->f;
    sim_io_stream_t *s = sim_xcalloc(1, sizeof *s);
    s->pe = pe->id;
    s->which = which;
    s->at_bol = 1;
    cookie_io_functions_t fns = {.write = cookie_write};
    s->f = fopencookie(s, "w", fns);
    SIM_ASSERT(s->f != NULL);
    setvbuf(s->f, NULL, _IOLBF, BUFSIZ);
    pe->io[which] = s;
    return s->f;
}

int sim_io_closed(sim_pe_t *pe, int which)
{
    if (pe->owner)
        pe = pe->owner;
    return pe->io[which] && pe->io[which]->closed;
}

void sim_io_close_stream(sim_pe_t *pe, int which)
{
    FILE *f = sim_io_stream(pe, which);
    fflush(f);
    if (pe->owner)
        pe = pe->owner;
    pe->io[which]->closed = 1;
}

void sim_io_flush_pe(sim_pe_t *pe)
{
    for (int w = 0; w < 2; w++)
        if (pe->io[w])
            fflush(pe->io[w]->f);
}

void sim_io_flush_all(void)
{
    if (sim_w)
        for (int i = 0; i < sim_w->npes; i++)
            sim_io_flush_pe(&sim_w->pes[i]);
    fflush(stdout);
    fflush(stderr);
}

/* fflush of f when no thread holds it. */
static void flush_if_free(FILE *f)
{
    if (ftrylockfile(f) == 0) {
        fflush_unlocked(f);
        funlockfile(f);
    }
}

void sim_io_flush_all_unlocked(void)
{
    if (sim_w)
        for (int i = 0; i < sim_w->npes; i++)
            for (int w = 0; w < 2; w++)
                if (sim_w->pes[i].io[w])
                    flush_if_free(sim_w->pes[i].io[w]->f);
    flush_if_free(stdout);
    flush_if_free(stderr);
}

void sim_io_close_all(void)
{
    for (int i = 0; i < sim_w->npes; i++) {
        sim_pe_t *pe = &sim_w->pes[i];
        for (int w = 0; w < 2; w++) {
            if (!pe->io[w])
                continue;
            fclose(pe->io[w]->f);
            free(pe->io[w]);
            pe->io[w] = NULL;
        }
    }
    fflush(stdout);
    fflush(stderr);
}

static int same_file(int a, int b)
{
    struct stat sa, sb;
    return fstat(a, &sa) == 0 && fstat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

void sim_io_break_line(void)
{
    sim_io_flush_all();
    if (mid_line[1] || (mid_line[0] && same_file(1, 2))) {
        fputc('\n', mid_line[1] ? stderr : stdout);
        fflush(mid_line[1] ? stderr : stdout);
        mid_line[0] = mid_line[1] = 0;
    }
}
