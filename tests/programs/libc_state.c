/* The C library state each PE must have to itself.  Every PE seeds rand,
 * random and the drand48 family identically, then draws across barriers
 * (so the PEs' draws interleave) and prints what it drew; strtok and the
 * environment are used across barriers too, and PE 0 alone switches its
 * locale to C.UTF-8 (multibyte characters) while the others keep "C"; the
 * odd PEs set TZ to JST-9, the even ones to EST5, and each prints the
 * hour its localtime gives for time 0 after a barrier; each finds its
 * executable and its status under /proc/<its getpid>/, as programs do
 * (the process they run in).  argv[1] "fclose" or "close":
 * PE 1 closes its stdout, and every other PE's output must still come. */
#include <locale.h>
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe();
    const char *mode = argc > 1 ? argv[1] : "";
    for (int i = 0; i < me; i++)
        (void)rand(); /* draws before seeding change nothing after it */
    srand(42);
    srandom(7);
    srand48(1234);
    long r[4], q[4], d[4];
    for (int i = 0; i < 4; i++) {
        r[i] = rand();
        q[i] = random();
        d[i] = lrand48();
        shmem_barrier_all();
    }
    printf("PE %d rand %ld %ld %ld %ld\n", me, r[0], r[1], r[2], r[3]);
    printf("PE %d random %ld %ld %ld %ld\n", me, q[0], q[1], q[2], q[3]);
    printf("PE %d lrand48 %ld %ld %ld %ld\n", me, d[0], d[1], d[2], d[3]);
    char text[64];
    snprintf(text, sizeof text, "a%d,b%d,c%d", me, me, me);
    char *tok = strtok(text, ",");
    int ntok = 0, good = 1;
    while (tok) {
        char want[16];
        snprintf(want, sizeof want, "%c%d", "abc"[ntok], me);
        good &= strcmp(tok, want) == 0;
        ntok++;
        shmem_barrier_all(); /* the other PEs tokenize in between */
        tok = strtok(NULL, ",");
    }
    while (ntok < 3 && ntok++ >= 0)
        shmem_barrier_all(); /* keep the barrier count equal */
    char val[16];
    snprintf(val, sizeof val, "pe-%d", me);
    setenv("SHMEMSIM_TEST_VAR", val, 1);
    shmem_barrier_all();
    const char *got = getenv("SHMEMSIM_TEST_VAR");
    printf("PE %d strtok %s env %s\n", me, good && ntok == 3 ? "ok" : "WRONG", got ? got : "(unset)");
    setenv("TZ", me % 2 ? "JST-9" : "EST5", 1);
    tzset();
    shmem_barrier_all(); /* the others set theirs in between */
    time_t epoch = 0;
    struct tm at;
    localtime_r(&epoch, &at);
    printf("PE %d tz hour %d\n", me, at.tm_hour);
    if (me == 0 && !setlocale(LC_ALL, "C.UTF-8"))
        printf("PE 0 cannot set C.UTF-8\n");
    shmem_barrier_all();
    printf("PE %d locale %s mb_cur_max %d\n", me, setlocale(LC_CTYPE, NULL), (int)MB_CUR_MAX);
    char proc[64], exe[4096], self[4096];
    snprintf(proc, sizeof proc, "/proc/%d/exe", (int)getpid());
    ssize_t n = readlink(proc, exe, sizeof exe - 1), m = readlink("/proc/self/exe", self, sizeof self - 1);
    int same = n > 0 && n == m && memcmp(exe, self, (size_t)n) == 0;
    snprintf(proc, sizeof proc, "/proc/%d/status", (int)getpid());
    FILE *st = fopen(proc, "r");
    printf("PE %d proc exe %s status %s\n", me, same ? "ok" : "WRONG", st ? "ok" : "WRONG");
    if (st)
        fclose(st);
    if (me == 1 && !strcmp(mode, "fclose")) {
        printf("PE 1 before close\n");
        fclose(stdout);
        printf("PE 1 after close\n");
    }
    if (me == 1 && !strcmp(mode, "close")) {
        printf("PE 1 before close\n");
        fflush(stdout);
        close(1);
        printf("PE 1 after close\n");
        fflush(stdout);
    }
    shmem_barrier_all();
    printf("PE %d after\n", me);
    shmem_finalize();
    return 0;
}
