/* One race per case, and its corrected twin: races CASE bad|good.
 *
 * Each bad case has two conflicting accesses that no synchronisation
 * orders, on lines marked A(case) and B(case); the race detector must name
 * both lines on the first run.  The good twin adds the synchronisation and
 * must raise nothing under any seed.  Every case runs on 3 PEs. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <wchar.h>

static long x, y, flag, halo[2], dest[4], src[4], counter;
static long data[8] = {1, 2, 3, 4, 5, 6, 7, 8};
static unsigned char bytes[8];
static uint64_t sig;
static long lock;
static long psync[SHMEM_BCAST_SYNC_SIZE], psync2[SHMEM_BCAST_SYNC_SIZE];
static int me, bad;

#define SYNC()                                                                          \
    do {                                                                                \
        if (!bad)                                                                       \
            shmem_barrier_all();                                                        \
    } while (0)

static void put_put(void)
{
    if (me == 0)
        shmem_long_p(&x, 1, 2); /* A(put-put) */
    SYNC();
    if (me == 1)
        shmem_long_p(&x, 2, 2); /* B(put-put) */
}

static void put_load(void)
{
    if (me == 0)
        shmem_long_p(&x, 1, 1); /* A(put-load) */
    SYNC();
    if (me == 1)
        printf("x=%ld\n", x); /* B(put-load) */
}

static void put_store(void)
{
    if (me == 0)
        shmem_long_p(&x, 1, 1); /* A(put-store) */
    SYNC();
    if (me == 1)
        x = 5; /* B(put-store) */
}

static void get_store(void)
{
    if (me == 0)
        printf("got %ld\n", shmem_long_g(&y, 1)); /* A(get-store) */
    SYNC();
    if (me == 1)
        y = 7; /* B(get-store) */
}

static void store_get(void)
{
    if (me == 1)
        y = 7; /* A(store-get) */
    SYNC();
    if (me == 0)
        printf("got %ld\n", shmem_long_g(&y, 1)); /* B(store-get) */
}

/* A store of one word that a get of the whole array meets: the finding
 * names the bytes both touch (8), not the rest of the array. */
static void store_getmem(void)
{
    long got[8];
    if (me == 1)
        data[2] = 7; /* A(store-getmem) */
    SYNC();
    if (me == 0) {
        usleep(20); /* (after the store: the get meets it) */
        shmem_getmem(got, data, sizeof data, 1); /* B(store-getmem) */
    }
}

static void nbi_source(void)
{
    long buf[4] = {1, 2, 3, 4};
    if (me == 0) {
        shmem_long_put_nbi(data, buf, 4, 1); /* A(nbi-source) */
        if (!bad)
            shmem_quiet();
        buf[2] = 9; /* B(nbi-source) */
        shmem_quiet();
    }
    shmem_barrier_all();
}

static void nbi_get_dest(void)
{
    long got[4] = {0};
    if (me == 0) {
        shmem_long_get_nbi(got, data, 4, 1); /* A(nbi-get-dest) */
        if (!bad)
            shmem_quiet();
        printf("got %ld\n", got[1]); /* B(nbi-get-dest) */
        shmem_quiet();
    }
    shmem_barrier_all();
}

static void amo_put(void)
{
    if (me == 0)
        shmem_long_atomic_add(&x, 1, 2); /* A(amo-put) */
    SYNC();
    if (me == 1)
        shmem_long_p(&x, 7, 2); /* B(amo-put) */
}

static void amo_store(void)
{
    if (me == 0)
        shmem_long_atomic_inc(&x, 1); /* A(amo-store) */
    SYNC();
    if (me == 1)
        x = 3; /* B(amo-store) */
}

static void amo_sizes(void)
{
    /* Atomics of one type are atomic together; of two sizes they are not. */
    if (me == 0)
        shmem_int_atomic_add((int *)&counter, 1, 2); /* A(amo-sizes) */
    if (me == 1) {
        if (bad)
            shmem_long_atomic_add(&counter, 1, 2); /* B(amo-sizes) */
        else
            shmem_int_atomic_add((int *)&counter, 1, 2);
    }
}

static void amo_types(void)
{
    /* An int and a float are two datatypes, though of one size. */
    static int word;
    if (me == 0)
        shmem_int_atomic_set(&word, 1, 2); /* A(amo-types) */
    if (me == 1) {
        if (bad)
            shmem_float_atomic_set((float *)&word, 2.0f, 2); /* B(amo-types) */
        else
            shmem_int_atomic_set(&word, 2, 2);
    }
}

static void amo_domains(void)
{
    /* Contexts of teams split from SHMEM_TEAM_SHARED are an atomicity
     * domain apart from those of SHMEM_TEAM_WORLD. */
    shmem_ctx_t world, other;
    if (shmem_team_create_ctx(SHMEM_TEAM_WORLD, 0, &world) != 0)
        world = SHMEM_CTX_DEFAULT;
    if (shmem_team_create_ctx(bad ? SHMEM_TEAM_SHARED : SHMEM_TEAM_WORLD, 0, &other) != 0)
        other = SHMEM_CTX_DEFAULT;
    if (me == 0)
        shmem_ctx_long_atomic_add(world, &counter, 1, 2); /* A(amo-domains) */
    if (me == 1) {
        int pe = bad ? shmem_team_translate_pe(SHMEM_TEAM_WORLD, 2, SHMEM_TEAM_SHARED) : 2;
        shmem_ctx_long_atomic_add(other, &counter, 1, pe); /* B(amo-domains) */
    }
    shmem_ctx_quiet(world);
    shmem_ctx_quiet(other);
    shmem_barrier_all();
    shmem_ctx_destroy(world);
    shmem_ctx_destroy(other);
}

static void fetch_nbi(void)
{
    /* The fetch buffer of a non-blocking fetching atomic is written when
     * the value comes back: it is not to be read before shmem_quiet. */
    if (me == 0) {
        long got = -1;
        shmem_long_atomic_fetch_nbi(&got, &x, 1); /* A(fetch-nbi) */
        if (!bad)
            shmem_quiet();
        printf("got %ld\n", got); /* B(fetch-nbi) */
        shmem_quiet();
    }
}

static void coll_dest(void)
{
    /* A reduction's dest is the call's on each PE until that PE returns;
     * PE 0's return says nothing of PE 1's. */
    static long sum, one = 1;
    shmem_long_sum_reduce(SHMEM_TEAM_WORLD, &sum, &one, 1); /* A(coll-dest) */
    SYNC();
    if (me == 0)
        shmem_long_p(&sum, 0, 1); /* B(coll-dest) */
}

static void missing_fence(void)
{
    if (me == 0) {
        long v[4] = {11, 12, 13, 14};
        shmem_long_put(data, v, 4, 1); /* A(missing-fence) */
        if (!bad)
            shmem_fence();
        shmem_long_p(&flag, 1, 1);
    } else if (me == 1) {
        shmem_long_wait_until(&flag, SHMEM_CMP_EQ, 1);
        printf("data %ld\n", data[2]); /* B(missing-fence) */
    }
    shmem_barrier_all();
}

static void coll_reuse(void)
{
    /* Two broadcasts into one destination: PE 1 reads the first result
     * while the root may already be sending the second. */
    for (int i = 0; i < 4; i++)
        src[i] = 10 + i;
    shmem_barrier_all();
    shmem_broadcast64(dest, src, 4, 0, 0, 0, 3, psync);
    if (me == 1)
        printf("dest %ld\n", dest[1]); /* B(coll-reuse) */
    SYNC();
    for (int i = 0; i < 4; i++)
        src[i] = 20 + i; /* (the same data again would change nothing) */
    shmem_broadcast64(dest, src, 4, 0, 0, 0, 3, psync2); /* A(coll-reuse) */
    shmem_barrier_all();
}

static void ptr_store(void)
{
    long *p = shmem_ptr(&x, 1);
    if (me == 0 && p)
        *p = 4; /* A(ptr-store) */
    SYNC();
    if (me == 2)
        shmem_long_p(&x, 8, 1); /* B(ptr-store) */
}

static void signal_read(void)
{
    if (me == 0) {
        long v = 42;
        shmem_long_put_signal(&y, &v, 1, &sig, 1, SHMEM_SIGNAL_SET, 1); /* A(signal-read) */
    } else if (me == 1) {
        if (!bad)
            shmem_signal_wait_until(&sig, SHMEM_CMP_EQ, 1);
        printf("y %ld\n", y); /* B(signal-read) */
        if (bad)
            shmem_signal_wait_until(&sig, SHMEM_CMP_EQ, 1);
    }
    shmem_barrier_all();
}

/* A wait whose comparison holds for the signal's value before the put
 * (GE 0) returns at once and orders nothing. */
static void signal_held(void)
{
    if (me == 0) {
        long v = 42;
        shmem_long_put_signal(&y, &v, 1, &sig, 1, SHMEM_SIGNAL_SET, 1); /* A(signal-held) */
    } else if (me == 1) {
        shmem_signal_wait_until(&sig, bad ? SHMEM_CMP_GE : SHMEM_CMP_EQ, bad ? 0 : 1);
        printf("y %ld\n", y); /* B(signal-held) */
    }
    shmem_barrier_all();
}

static void lock_unprotected(void)
{
    if (me == 0) {
        shmem_set_lock(&lock);
        shmem_long_p(&counter, shmem_long_g(&counter, 2) + 1, 2); /* A(lock-unprotected) */
        shmem_clear_lock(&lock);
    } else if (me == 1) {
        if (!bad)
            shmem_set_lock(&lock);
        shmem_long_p(&counter, 100, 2); /* B(lock-unprotected) */
        if (!bad)
            shmem_clear_lock(&lock);
    }
    shmem_barrier_all();
}

static void contexts(void)
{
    shmem_ctx_t ctx;
    if (shmem_ctx_create(0, &ctx) != 0)
        ctx = SHMEM_CTX_DEFAULT;
    if (me == 0) {
        long v[2] = {5, 6};
        shmem_ctx_long_put(ctx, data, v, 2, 1); /* A(contexts) */
        if (bad)
            shmem_fence(); /* orders the default context only */
        else
            shmem_ctx_quiet(ctx);
        shmem_long_p(&flag, 2, 1);
    } else if (me == 1) {
        shmem_long_wait_until(&flag, SHMEM_CMP_EQ, 2);
        printf("data %ld\n", data[1]); /* B(contexts) */
    }
    shmem_barrier_all();
    if (ctx != SHMEM_CTX_DEFAULT)
        shmem_ctx_destroy(ctx);
}

static void histogram(void)
{
    /* Get, add, put: two PEs lose each other's update. */
    if (me < 2) {
        if (bad) {
            long v = shmem_long_g(&counter, 2); /* A(histogram) */
            shmem_long_p(&counter, v + 1, 2);   /* B(histogram) */
        } else {
            shmem_long_atomic_inc(&counter, 2);
        }
    }
    shmem_barrier_all();
}

static void stencil(void)
{
    /* Halo exchange: each PE puts its value into its right neighbour's
     * halo, a barrier, then reads its own halo; without the second
     * barrier the next step's put may land before the read. */
    int n = shmem_n_pes(), right = (me + 1) % n;
    for (int step = 0; step < 2; step++) {
        shmem_long_p(&halo[0], me * 10 + step, right); /* A(stencil) */
        shmem_barrier_all();
        long h = halo[0]; /* B(stencil) */
        if (h < 0)
            printf("?\n");
        SYNC();
    }
}

static void strided(void)
{
    /* PE 0 writes the even elements of PE 2's data, PE 1 the odd ones
     * (bad: PE 1 writes the even ones too). */
    long v[4] = {me, me, me, me};
    if (me == 0)
        shmem_long_iput(data, v, 2, 1, 4, 2); /* A(strided) */
    if (me == 1)
        shmem_long_iput(data + (bad ? 2 : 1), v, 2, 1, bad ? 3 : 4, 2); /* B(strided) */
    shmem_barrier_all();
}

static void byte_puts(void)
{
    /* Every PE puts its own byte of PE 0's array (bad: two bytes, the
     * second its neighbour's). */
    unsigned char b[2] = {(unsigned char)me, (unsigned char)me};
    shmem_putmem(&bytes[me], b, bad ? 2 : 1, 0); /* A(byte-puts) B(byte-puts) */
    shmem_barrier_all();
}

static void atomic_flag(void)
{
    if (me == 0) {
        shmem_long_p(&y, 11, 1); /* A(atomic-flag) */
        if (!bad)
            shmem_quiet();
        shmem_long_atomic_set(&flag, 3, 1);
    } else if (me == 1) {
        while (shmem_long_atomic_fetch(&flag, 1) != 3)
            ;
        printf("y %ld\n", y); /* B(atomic-flag) */
    }
    shmem_barrier_all();
}

static void sync_all(void)
{
    if (me == 1)
        y = 9; /* A(sync-all) */
    if (!bad)
        shmem_sync_all();
    if (me == 0)
        printf("y %ld\n", shmem_long_g(&y, 1)); /* B(sync-all) */
    shmem_barrier_all();
}

static void test_loop(void)
{
    if (me == 0) {
        shmem_long_p(&x, 21, 1); /* A(test-loop) */
        if (!bad)
            shmem_fence();
        shmem_long_p(&flag, 4, 1);
    } else if (me == 1) {
        while (!shmem_long_test(&flag, SHMEM_CMP_EQ, 4))
            ;
        printf("x %ld\n", x); /* B(test-loop) */
    }
    shmem_barrier_all();
}

static void signal_add(void)
{
    /* Two PEs each put a word and add one to PE 2's signal; PE 2 reads
     * both words once the signal is 2 (bad: once it is 1). */
    if (me < 2) {
        long v = 100 + me;
        shmem_long_put_signal(&data[me], &v, 1, &sig, 1, SHMEM_SIGNAL_ADD, 2); /* A(signal-add) */
    } else {
        shmem_signal_wait_until(&sig, SHMEM_CMP_GE, bad ? 1 : 2);
        printf("%ld %ld\n", data[0], data[1]); /* B(signal-add) */
    }
    shmem_barrier_all();
}

static void fenced_count(void)
{
    /* Every PE puts a word to PE 0, fences, and adds one to PE 0's
     * counter; PE 0 reads the words once the counter says all arrived.
     * The adds chain: the last one PE 0 sees shows all applied, and each
     * fence orders its put before its add (bad: no fence). */
    long v = 200 + me;
    shmem_long_put(&data[me], &v, 1, 0); /* A(fenced-count) */
    if (!bad)
        shmem_fence();
    shmem_long_atomic_add(&flag, 1, 0);
    if (me == 0) {
        shmem_long_wait_until(&flag, SHMEM_CMP_EQ, shmem_n_pes());
        printf("%ld %ld %ld\n", data[0], data[1], data[2]); /* B(fenced-count) */
    }
    shmem_barrier_all();
}

static void fence_chain(void)
{
    /* Three puts in three fence epochs, then the flag: the wait that sees
     * the flag learns every earlier epoch's put applied, the first one
     * three groups back (bad: no fences, nothing orders the puts before
     * the flag). */
    if (me == 0) {
        for (int i = 1; i <= 3; i++) {
            long v = 10 * i;
            shmem_long_put(&data[i], &v, 1, 1); /* A(fence-chain) */
            if (!bad)
                shmem_fence();
        }
        shmem_long_atomic_set(&flag, 1, 1);
    } else if (me == 1) {
        shmem_long_wait_until(&flag, SHMEM_CMP_EQ, 1);
        printf("%ld %ld %ld\n", data[1], data[2], data[3]); /* B(fence-chain) */
    }
    shmem_barrier_all();
}

/* The C library's copies are the program's accesses too (sizes the
 * compiler cannot see, so the calls stay calls). */
static volatile size_t dest_bytes = sizeof dest;

static void memset_put(void)
{
    if (me == 0)
        shmem_long_put(dest, data, 4, 1); /* A(memset-put) */
    SYNC();
    if (me == 1)
        memset(dest, 0, dest_bytes); /* B(memset-put) */
}

static void memcpy_put(void)
{
    long copy[4];
    if (me == 0)
        shmem_long_put(dest, data, 4, 1); /* A(memcpy-put) */
    SYNC();
    if (me == 1) {
        memcpy(copy, dest, dest_bytes); /* B(memcpy-put) */
        printf("copy[3]=%ld\n", copy[3]);
    }
}

/* PE 0 and PE 1 both put into PE 2's dest with a signal; PE 2 waits for
 * PE 1's only.  Good: both put the same data, so whichever lands first
 * PE 2 reads it (PE 0's signal adds 0 and tells nothing); bad: PE 0's
 * data differ, and the two puts race. */
static void same_data(void)
{
    long v[4] = {1, 2, 3, 4};
    if (me == 0) {
        if (bad)
            v[3] = 5;
        shmem_long_put_signal(dest, v, 4, &sig, 0, SHMEM_SIGNAL_ADD, 2); /* A(same-data) */
    } else if (me == 1) {
        shmem_long_put_signal(dest, v, 4, &sig, 1, SHMEM_SIGNAL_ADD, 2); /* B(same-data) */
    } else {
        shmem_signal_wait_until(&sig, SHMEM_CMP_EQ, 1);
        printf("dest[2]=%ld\n", dest[2]);
    }
}

/* PE 0 puts to PE 1's y the value y holds already, then another value,
 * with no fence between: the network may deliver them in either order,
 * whichever the run happens to use (bad); a fence orders them (good). */
static void silent_put(void)
{
    y = 9;
    shmem_barrier_all();
    if (me == 0) {
        shmem_long_p(&y, 9, 1); /* A(silent-put) */
        if (!bad)
            shmem_fence();
        shmem_long_p(&y, 5, 1); /* B(silent-put) */
    }
}

static char text[32];

static void strcpy_put(void)
{
    /* Library string routines write for the program: a strcpy into a
     * symmetric buffer a put is landing in is a race like a loop's. */
    static const char greeting[] = "hello from PE 0";
    if (me == 0)
        shmem_putmem(text, greeting, sizeof greeting, 1); /* A(strcpy-put) */
    SYNC();
    if (me == 1) {
        char word[8];
        snprintf(word, sizeof word, "hi %d", me); /* (a length the compiler cannot know) */
        strcpy(text, word); /* B(strcpy-put) */
    }
}

static void snprintf_get(void)
{
    if (me == 0)
        shmem_getmem(bytes, text, sizeof bytes, 1); /* A(snprintf-get) */
    SYNC();
    if (me == 1)
        snprintf(text, sizeof text, "PE %d wrote this", me); /* B(snprintf-get) */
}

static void sscanf_put(void)
{
    /* sscanf's outputs are its writes: PE 1 parses into y (and a word of
     * text, past a field it skips and a %n that takes a pointer too) while
     * PE 0's put to y may land. */
    char word[8];
    int pos = 0;
    if (me == 0)
        shmem_long_p(&y, 3, 1); /* A(sscanf-put) */
    SYNC();
    int k = 0;
    if (me == 1)
        k = sscanf("12 skip 34 done", "%ld%n %*s %ld %7s", &x, &pos, &y, word); /* B(sscanf-put) */
    if (me == 1 && k != 3)
        printf("?\n");
}

static void fscanf_put(void)
{
    /* The same through a stream: fscanf's output is PE 1's write. */
    static char digits[] = "56";
    if (me == 0)
        shmem_long_p(&y, 3, 1); /* A(fscanf-put) */
    SYNC();
    if (me == 1) {
        FILE *f = fmemopen(digits, sizeof digits - 1, "r");
        if (!f || fscanf(f, "%ld", &y) != 1) /* B(fscanf-put) */
            printf("?\n");
        if (f)
            fclose(f);
    }
}

static void swscanf_put(void)
{
    /* The wide family: swscanf's outputs are its writes too (here past a
     * wide string it stores and a skipped field). */
    wchar_t word[8];
    if (me == 0)
        shmem_long_p(&y, 3, 1); /* A(swscanf-put) */
    SYNC();
    int k = 0;
    if (me == 1)
        k = swscanf(L"ab \u00e9t\u00e9 78", L"%7ls %*ls %ld", word, &y); /* B(swscanf-put) */
    if (me == 1 && k != 2)
        printf("?\n");
}

/* Input the C library writes into symmetric memory is the program's
 * write: a line, a record, a read(2) landing where a put may land. */
static void fgets_put(void)
{
    static char lines[] = "first line\nsecond\n";
    static const char greeting[] = "hello from PE 0";
    if (me == 0)
        shmem_putmem(text, greeting, sizeof greeting, 1); /* A(fgets-put) */
    SYNC();
    if (me == 1) {
        FILE *f = fmemopen(lines, sizeof lines - 1, "r");
        if (!f || !fgets(text, sizeof text, f)) /* B(fgets-put) */
            printf("?\n");
        if (f)
            fclose(f);
    }
}

/* The wide routines are the program's accesses too. */
static wchar_t wtext[16];

static void wcscpy_put(void)
{
    static const wchar_t greeting[] = L"hi from PE 0";
    if (me == 0)
        shmem_putmem(wtext, greeting, sizeof greeting, 1); /* A(wcscpy-put) */
    SYNC();
    if (me == 1) {
        wchar_t word[8];
        swprintf(word, 8, L"hi %d", me);
        wcscpy(wtext, word); /* B(wcscpy-put) */
    }
}

static void fgetws_put(void)
{
    static const wchar_t greeting[] = L"hi from PE 0";
    if (me == 0)
        shmem_putmem(wtext, greeting, sizeof greeting, 1); /* A(fgetws-put) */
    SYNC();
    if (me == 1) {
        /* A stream of its own (wide streams cannot be memory streams, and
         * the one written is byte-oriented by then). */
        FILE *w = tmpfile(), *f = NULL;
        if (w && fputs("first line\nsecond\n", w) >= 0 && fflush(w) == 0)
            f = fdopen(dup(fileno(w)), "r");
        if (!f || fseek(f, 0, SEEK_SET) != 0 || !fgetws(wtext, 16, f)) /* B(fgetws-put) */
            printf("?\n");
        if (f)
            fclose(f);
        if (w)
            fclose(w);
    }
}

static void getline_put(void)
{
    /* getline into a symmetric buffer big enough for the line (so it is
     * not reallocated): the line is PE 1's write. */
    static char lines[] = "a line\n";
    static const char greeting[] = "hello from PE 0";
    if (me == 0)
        shmem_putmem(text, greeting, sizeof greeting, 1); /* A(getline-put) */
    SYNC();
    if (me == 1) {
        char *line = text;
        size_t cap = sizeof text;
        FILE *f = fmemopen(lines, sizeof lines - 1, "r");
        if (!f || getline(&line, &cap, f) < 0 || line != text) /* B(getline-put) */
            printf("?\n");
        if (f)
            fclose(f);
    }
}

static void fread_put(void)
{
    static long record[1] = {42};
    if (me == 0)
        shmem_long_p(&y, 3, 1); /* A(fread-put) */
    SYNC();
    if (me == 1) {
        FILE *f = fmemopen(record, sizeof record, "rb");
        if (!f || fread(&y, sizeof y, 1, f) != 1) /* B(fread-put) */
            printf("?\n");
        if (f)
            fclose(f);
    }
}

static void read_put(void)
{
    if (me == 0)
        shmem_long_p(&y, 3, 1); /* A(read-put) */
    SYNC();
    int fd[2];
    long v = 9;
    if (me == 1 && pipe(fd) == 0) {
        if (write(fd[1], &v, sizeof v) != sizeof v || read(fd[0], &y, sizeof y) != sizeof y) /* B(read-put) */
            printf("?\n");
        close(fd[0]);
        close(fd[1]);
    }
}

/* Output the C library reads from symmetric memory is the program's
 * read: printing a buffer a put may still be landing in. */
static void printf_put(void)
{
    static const char greeting[] = "hello from PE 0";
    if (me == 0)
        shmem_putmem(text, greeting, sizeof greeting, 1); /* A(printf-put) */
    SYNC();
    if (me == 1)
        printf("%*d %.*s %s\n", 3, me, 2, "abc", text); /* B(printf-put) */
}

static void puts_put(void)
{
    static const char greeting[] = "hello from PE 0";
    if (me == 0)
        shmem_putmem(text, greeting, sizeof greeting, 1); /* A(puts-put) */
    SYNC();
    if (me == 1)
        puts(text); /* B(puts-put) */
}

static void fwrite_put(void)
{
    static const unsigned char ones[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    if (me == 0)
        shmem_putmem(bytes, ones, sizeof ones, 1); /* A(fwrite-put) */
    SYNC();
    if (me == 1) {
        FILE *f = fopen("/dev/null", "w");
        if (!f || fwrite(bytes, 1, sizeof bytes, f) != sizeof bytes) /* B(fwrite-put) */
            printf("?\n");
        if (f)
            fclose(f);
    }
}

static void memcmp_put(void)
{
    static const long want[4] = {1, 2, 3, 4};
    if (me == 0)
        shmem_long_put(dest, data, 4, 1); /* A(memcmp-put) */
    SYNC();
    if (me == 1)
        printf("same: %d\n", memcmp(dest, want, sizeof want) == 0); /* B(memcmp-put) */
}

/* Two PEs read y from PE 0 at different times; PE 0 overwrites it once
 * the later reader says it is done (bad), or once both have (good).  The
 * earlier read is the race: the detector keeps every read no later read
 * is ordered after, not only the last. */
static void shared_read(void)
{
    static long done;
    if (me == 1) {
        printf("y=%ld\n", shmem_long_g(&y, 0)); /* A(shared-read) */
        if (!bad)
            shmem_long_atomic_add(&done, 1, 0);
    }
    if (me == 2) {
        usleep(20);
        printf("y=%ld\n", shmem_long_g(&y, 0));
        shmem_long_atomic_add(&done, 1, 0);
    }
    if (me == 0) {
        shmem_long_wait_until(&done, SHMEM_CMP_EQ, bad ? 1 : 2);
        y = 7; /* B(shared-read) */
    }
}

/* PE 0 reads its own y with a get (the value, 0, is what its return slot
 * held: a silent write there), PE 2 then puts to it: the get's access to
 * y is a read, and the twin orders the put after it with an atomic flag. */
static void self_get(void)
{
    static long done;
    if (me == 0) {
        printf("y=%ld\n", shmem_long_g(&y, 0)); /* A(self-get) */
        if (!bad)
            shmem_long_atomic_add(&done, 1, 2);
    }
    if (me == 2) {
        if (!bad)
            shmem_long_wait_until(&done, SHMEM_CMP_EQ, 1);
        else
            usleep(20);
        shmem_long_p(&y, 9, 0); /* B(self-get) */
    }
}

/* PE 0 puts x at PE 1 and reads it back with a get: a fence between them
 * (bad) orders puts only, the get may be served first; a quiet (good)
 * completes the put. */
static void fence_get(void)
{
    if (me == 0) {
        shmem_long_p(&x, 5, 1); /* A(fence-get) */
        if (bad)
            shmem_fence();
        else
            shmem_quiet();
        printf("x=%ld\n", shmem_long_g(&x, 1)); /* B(fence-get) */
    }
}

/* A loop over a whole symmetric array (four shadow pages) while a put
 * lands in its third page, before the loop gets there (sweep-store) or
 * after it has passed (sweep-load): the loop's accesses after its first
 * on a page are recorded without a check of their own, and must still
 * meet the put. */
static long wide[2048];

static void sweep_store(void)
{
    if (me == 0)
        shmem_long_p(&wide[1100], 1, 1); /* A(sweep-store) */
    SYNC();
    if (me == 1)
        for (int i = 0; i < 2048; i++)
            wide[i] = i; /* B(sweep-store) */
}

static void sweep_load(void)
{
    if (me == 0) {
        (void)shmem_long_g(&y, 2); /* a round trip first: the loop is done before the put lands */
        shmem_long_p(&wide[1100], 1, 1); /* A(sweep-load) */
    }
    SYNC();
    if (me == 1) {
        long sum = 0;
        for (int i = 0; i < 2048; i++)
            sum += wide[i]; /* B(sweep-load) */
        if (sum == -1)
            printf("?\n");
    }
}

/* PE 2 reaches a barrier late: the others leave it a round before PE 2
 * does, and PE 0 is already in the next one (main's last) when PE 2
 * leaves.  What PE 0 did between the two is not PE 2's to know. */
static void barrier_overlap(void)
{
    if (me == 2)
        usleep(20);
    shmem_barrier_all();
    if (me == 0)
        x = 1; /* A(barrier-overlap) */
    SYNC();
    if (me == 2)
        (void)shmem_long_g(&x, 0); /* B(barrier-overlap) */
}

/* Two puts of ints leave PE 1's page with a cell per 4-byte word; a
 * store of one byte there needs a cell per byte, made from the words
 * without losing what they knew. */
static int ints[64];

static void word_byte(void)
{
    static const int vals[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    if (me == 0) {
        shmem_int_put(ints, vals, 16, 1); /* A(word-byte) */
        shmem_int_put(ints + 32, vals, 16, 1);
    }
    SYNC();
    if (me == 1) {
        usleep(20); /* the puts have landed: the store meets their cells */
        ((volatile char *)ints)[5] = 1; /* B(word-byte) */
    }
}

/* qsort's moves are its writes (its comparisons are the program's own
 * loads): PE 1 sorts the array a put to it may still be landing in. */
static int order_cmp(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

static void qsort_put(void)
{
    static const long mixed[4] = {9, 3, 7, 1};
    if (me == 0)
        shmem_long_put(dest, mixed, 4, 1); /* A(qsort-put) */
    SYNC();
    if (me == 1)
        qsort(dest, 4, sizeof dest[0], order_cmp); /* B(qsort-put) */
}

/* A search reads what it looked at: strchr over the text a put is
 * writing. */
static void strchr_put(void)
{
    static const char line[] = "key=value";
    if (me == 0)
        shmem_putmem(text, line, sizeof line, 1); /* A(strchr-put) */
    SYNC();
    if (me == 1) {
        const char *eq = strchr(text, '='); /* B(strchr-put) */
        printf("found: %d\n", eq != NULL);
    }
}

/* bzero is memset by its BSD name. */
static void bzero_put(void)
{
    if (me == 0)
        shmem_long_put(dest, data, 4, 1); /* A(bzero-put) */
    SYNC();
    if (me == 1)
        bzero(dest, sizeof dest); /* B(bzero-put) */
}

/* strtok reads the string up to its token's end and writes a terminator
 * over the delimiter there. */
static void strtok_put(void)
{
    static const char pair[] = "left,right";
    if (me == 0)
        shmem_putmem(text, pair, sizeof pair, 1); /* A(strtok-put) */
    SYNC();
    if (me == 1) {
        char *save;
        const char *first = strtok_r(text, ",", &save); /* B(strtok-put) */
        printf("token: %d\n", first != NULL);
    }
}

/* A loop over a page of cells that hold PE 1's own earlier stores (two
 * loops in two epochs: the cells differ where the second began) reaches
 * the element PE 0's put landed in: that read is checked, not taken as
 * one more step of the loop. */
static long strip[64];

static void cell_sweep(void)
{
    if (me == 1)
        for (int i = 0; i < 32; i++)
            strip[i] = i;
    shmem_barrier_all();
    if (me == 1)
        for (int i = 32; i < 64; i++)
            strip[i] = i;
    shmem_barrier_all();
    if (me == 0)
        shmem_long_p(&strip[40], 1, 1); /* A(cell-sweep) */
    SYNC();
    if (me == 1) {
        usleep(20); /* the put has landed */
        long sum = 0;
        for (int i = 0; i < 64; i++)
            sum += ((volatile long *)strip)[i]; /* B(cell-sweep) */
        if (sum == -1)
            printf("?\n");
    }
}

/* A load that keeps behind another loop's load (a stencil's a[i] behind
 * its a[i+1]) takes no look of its own while it stays within what the
 * leader read; here the leader stops at element 1000 and the load behind
 * goes on alone, past the element PE 0's put lands in. */
static long trail[2048];

static void trail_past(void)
{
    if (me == 0)
        shmem_long_p(&trail[1500], 1, 1); /* A(trail-past) */
    SYNC();
    if (me == 1) {
        const volatile long *t = trail;
        long sum = 0;
        for (int i = 0; i < 2047; i++) {
            if (i < 1000)
                sum += t[i + 1];
            sum += t[i]; /* B(trail-past) */
        }
        if (sum == -1)
            printf("?\n");
    }
}

/* A store that ends where a loop's run of stores began is not inside
 * that run. */
static long strip2[64];

static void before_sweep(void)
{
    if (me == 0)
        shmem_long_p(&strip2[0], 1, 1); /* A(before-sweep) */
    SYNC();
    if (me == 1) {
        usleep(20); /* the put has landed */
        for (int i = 1; i < 64; i++)
            ((volatile long *)strip2)[i] = i;
        ((volatile long *)strip2)[0] = 5; /* B(before-sweep) */
    }
}

/* A flag through shmem_ptr: PE 0 stores the data, then the flag, into PE
 * 1's memory; a C11 release store and acquire load of the flag order them
 * as on one node, plain ones do not. */
static void ptr_atomic(void)
{
    long *py = shmem_ptr(&y, 1), *pf = shmem_ptr(&flag, 1);
    if (!py || !pf)
        return; /* every PE sees the same: no pointer, no case */
    if (me == 0) {
        *py = 12; /* A(ptr-atomic) */
        if (bad)
            *(volatile long *)pf = 1;
        else
            __atomic_store_n(pf, 1, __ATOMIC_RELEASE);
    } else if (me == 1) {
        if (bad)
            while (*(volatile long *)&flag == 0)
                ;
        else
            while (__atomic_load_n(&flag, __ATOMIC_ACQUIRE) == 0)
                ;
        printf("y %ld\n", y); /* B(ptr-atomic) */
    }
}

/* A slot taken with a fetching atomic, then filled by a put: seeing the
 * counter move says nothing of the put that follows the increment. */
static void slot_counter(void)
{
    if (me == 0) {
        long pos = shmem_long_atomic_fetch_inc(&counter, 1);
        shmem_long_p(&dest[pos & 3], 7, 1); /* A(slot-counter) */
    } else if (me == 1) {
        while (shmem_long_atomic_fetch(&counter, 1) == 0)
            ;
        if (!bad)
            shmem_long_wait_until(&dest[0], SHMEM_CMP_NE, 0);
        printf("slot %ld\n", dest[0]); /* B(slot-counter) */
    }
}

/* A get into a buffer that already holds what it fetches writes nothing
 * new there: it is still a read of the source on PE 1, and it still
 * races with PE 1's store. */
static void get_same(void)
{
    if (me == 0)
        shmem_long_get(&x, &y, 1, 1); /* A(get-same) */
    SYNC();
    if (me == 1) {
        usleep(20); /* the get is done */
        y = 7; /* B(get-same) */
    }
}

/* The same get, non-blocking, then a put to its source: a fence does not
 * order a get before a put (only a quiet completes it). */
static void get_fence_put(void)
{
    if (me == 0) {
        shmem_long_get_nbi(&x, &y, 1, 1); /* A(get-fence-put) */
        usleep(20); /* its reply is in, but nothing says so */
        if (bad)
            shmem_fence();
        else
            shmem_quiet();
        shmem_long_p(&y, 5, 1); /* B(get-fence-put) */
    }
}

/* A put a PE addresses to itself, then a get of the same bytes: no
 * exception to the rule that only a quiet orders them. */
static void self_put_get(void)
{
    if (me == 0) {
        shmem_long_p(&y, 7, 0); /* A(self-put-get) */
        if (!bad)
            shmem_quiet();
        long v = shmem_long_g(&y, 0); /* B(self-put-get) */
        if (!bad && v != 7) {
            printf("got %ld\n", v);
            exit(1);
        }
    }
}

/* A word atomics update, read once while one is still on its way (a
 * counter printed before its increments are in).  The twin polls it: a
 * poll reads it again, and is no race. */
static void amo_read_once(void)
{
    if (me == 0) {
        usleep(5);
        shmem_long_atomic_add(&counter, 1, 1); /* A(amo-read-once) */
        shmem_long_atomic_add(&counter, 1, 1);
    }
    if (me == 1) {
        if (bad)
            y = counter; /* B(amo-read-once) */
        else
            while (*(volatile long *)&counter == 0)
                ;
    }
}

/* A plain store, then an atomic by every PE on the same word: the
 * others' atomics race with the store even when the storing PE's own
 * atomic lands first (atomics of one type are exempt with each other,
 * not with the store they follow).  The twin puts a barrier between. */
static void store_then_amo(void)
{
    if (me == 0)
        counter = 7; /* A(store-then-amo) */
    if (!bad)
        shmem_barrier_all();
    shmem_long_atomic_inc(&counter, 0); /* B(store-then-amo) */
    shmem_barrier_all();
}

/* A word an atomic set before a barrier, read once after it while the
 * next atomic is already on its way: the first atomic's value is old
 * news, and the read is no poll.  The twin has a barrier after the read. */
static void amo_after_read(void)
{
    if (me == 1)
        shmem_long_atomic_xor(&counter, 0xff, 0);
    shmem_barrier_all();
    if (me == 0)
        y = counter; /* B(amo-after-read) */
    if (!bad)
        shmem_barrier_all();
    if (me == 1)
        shmem_long_atomic_fetch_xor(&counter, 0xff00, 0); /* A(amo-after-read) */
    shmem_barrier_all();
}

/* A blocking put returns once its source may be reused: reading the
 * target's word back through shmem_ptr right after it races with its
 * delivery.  The twin quiets first. */
static void ptr_readback(void)
{
    if (me == 0) {
        shmem_long_p(&x, 9, 1); /* A(ptr-readback) */
        if (!bad)
            shmem_quiet();
        const long *p = shmem_ptr(&x, 1);
        if (p)
            y = *p; /* B(ptr-readback) */
    }
    shmem_barrier_all();
}

/* shmem_sync_all where the put needs completing: it orders the PEs, not
 * the put's delivery.  The twin passes shmem_barrier_all. */
static void sync_not_quiet(void)
{
    int n = shmem_n_pes();
    shmem_long_p(&x, 30 + me, (me + 1) % n); /* A(sync-not-quiet) */
    if (bad)
        shmem_sync_all();
    else
        shmem_barrier_all();
    y = x; /* B(sync-not-quiet) */
    shmem_barrier_all();
}

/* Every other PE puts its slot and adds one to PE 0's signal; PE 0
 * waits for the count of them all (bad: for one), then reads every slot. */
static void signal_count(void)
{
    int n = shmem_n_pes();
    if (me > 0) {
        long v = 40 + me;
        shmem_long_put_signal(&data[me], &v, 1, &sig, 1, SHMEM_SIGNAL_ADD, 0); /* A(signal-count) */
    } else {
        shmem_signal_wait_until(&sig, SHMEM_CMP_GE, bad ? 1 : (uint64_t)(n - 1));
        for (int p = 1; p < n; p++)
            y += data[p]; /* B(signal-count) */
    }
    shmem_barrier_all();
}

/* Stores through shmem_ptr are delivered like puts: a flag set with an
 * atomic after them says nothing of them unless a fence (or a quiet)
 * comes between, which the twin has. */
static void ptr_flag(void)
{
    long *py = shmem_ptr(&y, 1);
    if (!py)
        return; /* every PE sees the same: no pointer, no case */
    if (me == 0) {
        *py = 13; /* A(ptr-flag) */
        if (!bad)
            shmem_fence();
        shmem_long_atomic_set(&flag, 1, 1);
    } else if (me == 1) {
        shmem_long_wait_until(&flag, SHMEM_CMP_EQ, 1);
        printf("y %ld\n", y); /* B(ptr-flag) */
    }
}

/* A put, then a store through shmem_ptr to the same bytes: only a fence
 * between orders the put's delivery before the store, which lands at
 * once (the twin's value must be the store's). */
static void put_ptr_store(void)
{
    long *py = shmem_ptr(&y, 1);
    if (!py)
        return;
    if (me == 0) {
        shmem_long_p(&y, 1, 1); /* A(put-ptr-store) */
        if (!bad)
            shmem_fence();
        *py = 2; /* B(put-ptr-store) */
    }
    shmem_barrier_all();
    if (me == 1 && !bad && y != 2) {
        printf("y %ld: the fenced put landed after the store\n", y);
        exit(1);
    }
}

/* A put, then a flag stored with a C11 atomic through shmem_ptr, which
 * the owner polls with atomic loads: a fence between orders the put's
 * delivery before the flag's store (the twin); without it the put may
 * land after the owner read. */
static void put_c11_flag(void)
{
    long *pflag = shmem_ptr(&flag, 1);
    if (!pflag)
        return;
    if (me == 0) {
        shmem_long_p(&y, 7, 1); /* A(put-c11-flag) */
        if (!bad)
            shmem_fence();
        __atomic_store_n(pflag, 1, __ATOMIC_RELEASE);
    } else if (me == 1) {
        while (__atomic_load_n(&flag, __ATOMIC_ACQUIRE) != 1)
            ;
        printf("y %ld\n", y); /* B(put-c11-flag) */
    }
}

/* A put, then a flag set with an atomic, which the owner polls with a
 * non-blocking fetch completed by shmem_quiet: the value the quiet makes
 * known orders the put before the read as a blocking fetch's would, once
 * a fence orders the put before the flag (the twin). */
static void put_fetch_nbi_flag(void)
{
    if (me == 0) {
        shmem_long_p(&y, 7, 1); /* A(put-fetch-nbi-flag) */
        if (!bad)
            shmem_fence();
        shmem_long_atomic_set(&flag, 1, 1);
    } else if (me == 1) {
        long f = 0;
        while (f != 1) {
            shmem_long_atomic_fetch_nbi(&f, &flag, 1);
            shmem_quiet();
        }
        printf("y %ld\n", y); /* B(put-fetch-nbi-flag) */
    }
}

/* Data to PE 1, shmem_fence, then a flag to PE 2, which then gets the
 * data: a fence orders operations to one PE only; the twin completes the
 * put with shmem_quiet. */
static void fence_other_pe(void)
{
    if (me == 0) {
        shmem_long_p(&y, 7, 1); /* A(fence-other-pe) */
        if (bad)
            shmem_fence();
        else
            shmem_quiet();
        shmem_long_atomic_set(&flag, 1, 2);
    } else if (me == 2) {
        shmem_long_wait_until(&flag, SHMEM_CMP_EQ, 1);
        printf("y %ld\n", shmem_long_g(&y, 1)); /* B(fence-other-pe) */
    }
}

/* The same race on two PEs: one finding, counted twice. */
static void get_each(void)
{
    long got = 0;
    if (me != 0)
        x = me; /* A(get-each) */
    SYNC();
    if (me == 0)
        for (int pe = 1; pe < 3; pe++)
            got += shmem_long_g(&x, pe); /* B(get-each) */
    if (me == 0 && !bad && got != 3) {
        printf("got %ld\n", got);
        exit(1);
    }
}

static const struct {
    const char *name;
    void (*fn)(void);
} cases[] = {
    {"fenced-count", fenced_count}, {"fence-chain", fence_chain},
    {"put-put", put_put},         {"put-load", put_load},
    {"put-store", put_store},     {"get-store", get_store},
    {"store-get", store_get},     {"store-getmem", store_getmem}, {"nbi-source", nbi_source},
    {"nbi-get-dest", nbi_get_dest}, {"amo-put", amo_put},
    {"amo-store", amo_store},     {"amo-sizes", amo_sizes},
    {"missing-fence", missing_fence}, {"coll-reuse", coll_reuse},
    {"ptr-store", ptr_store},     {"signal-read", signal_read},
    {"signal-held", signal_held},
    {"lock-unprotected", lock_unprotected}, {"contexts", contexts},
    {"histogram", histogram},     {"stencil", stencil},
    {"strided", strided},         {"byte-puts", byte_puts},
    {"atomic-flag", atomic_flag}, {"sync-all", sync_all},
    {"test-loop", test_loop},     {"signal-add", signal_add},
    {"memset-put", memset_put},   {"memcpy-put", memcpy_put},
    {"shared-read", shared_read},  {"fence-get", fence_get},
    {"amo-types", amo_types},     {"amo-domains", amo_domains},
    {"fetch-nbi", fetch_nbi},     {"coll-dest", coll_dest},
    {"strcpy-put", strcpy_put},   {"snprintf-get", snprintf_get},
    {"memcmp-put", memcmp_put},   {"same-data", same_data},
    {"silent-put", silent_put},   {"sweep-store", sweep_store},
    {"sweep-load", sweep_load},   {"sscanf-put", sscanf_put},
    {"fscanf-put", fscanf_put},   {"swscanf-put", swscanf_put},   {"fgets-put", fgets_put},
    {"fread-put", fread_put},     {"read-put", read_put},
    {"printf-put", printf_put},   {"puts-put", puts_put},
    {"fwrite-put", fwrite_put},   {"getline-put", getline_put},
    {"barrier-overlap", barrier_overlap}, {"wcscpy-put", wcscpy_put},
    {"fgetws-put", fgetws_put},   {"word-byte", word_byte},
    {"cell-sweep", cell_sweep},   {"before-sweep", before_sweep},
    {"trail-past", trail_past},
    {"qsort-put", qsort_put},     {"strchr-put", strchr_put},
    {"bzero-put", bzero_put},     {"strtok-put", strtok_put},
    {"ptr-atomic", ptr_atomic},   {"slot-counter", slot_counter},
    {"get-same", get_same},       {"self-get", self_get},       {"get-fence-put", get_fence_put},
    {"amo-read-once", amo_read_once},
    {"store-then-amo", store_then_amo}, {"amo-after-read", amo_after_read},
    {"ptr-readback", ptr_readback}, {"sync-not-quiet", sync_not_quiet},
    {"signal-count", signal_count}, {"ptr-flag", ptr_flag},
    {"put-ptr-store", put_ptr_store}, {"get-each", get_each},
    {"put-c11-flag", put_c11_flag}, {"put-fetch-nbi-flag", put_fetch_nbi_flag},
    {"fence-other-pe", fence_other_pe},
    {"self-put-get", self_put_get},
};

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: races CASE bad|good\n");
        return 2;
    }
    for (int i = 0; i < SHMEM_BCAST_SYNC_SIZE; i++)
        psync[i] = psync2[i] = SHMEM_SYNC_VALUE;
    shmem_init();
    me = shmem_my_pe();
    bad = strcmp(argv[2], "bad") == 0;
    shmem_barrier_all();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        if (strcmp(cases[i].name, argv[1]) == 0) {
            cases[i].fn();
            shmem_barrier_all();
            shmem_finalize();
            return 0;
        }
    fprintf(stderr, "races: no case %s\n", argv[1]);
    return 2;
}
