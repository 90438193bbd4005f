/* OpenMP loops the compiler hands to the run-time library in other
 * shapes: unsigned long long induction variables (counting up and down,
 * dynamic and guided), taskloop with grainsize and num_tasks, doacross
 * loops (ordered(n) with depend(sink/source), over one and two loops,
 * static and dynamic), taskwait depend, and the entry points older GCCs
 * emitted for combined parallel loops and sections (called here as those
 * compilers did); each result is checked against the closed form or the
 * sequential loop. */
#include <omp.h>
#include <shmem.h>
#include <stdio.h>
#include <string.h>

static unsigned long long big = 1000;

#define DN 40
#define DM 12
static long chain[DN], grid[DN][DM];

/* What GCC 4.x made of "parallel for schedule(static, 3)" and "parallel
 * sections": the caller starts the team, runs the body, ends it. */
void GOMP_parallel_loop_static_start(void (*)(void *), void *, unsigned, long, long, long, long);
void GOMP_parallel_sections_start(void (*)(void *), void *, unsigned, unsigned);
void GOMP_parallel_end(void);
int GOMP_loop_static_next(long *, long *);
void GOMP_loop_end_nowait(void);
unsigned GOMP_sections_next(void);
void GOMP_sections_end_nowait(void);

static long legacy_sum, legacy_sections;

static void legacy_loop_body(void *arg)
{
    (void)arg;
    long lo, hi, mine = 0;
    while (GOMP_loop_static_next(&lo, &hi))
        for (long i = lo; i < hi; i++)
            mine += i;
#pragma omp atomic
    legacy_sum += mine;
    GOMP_loop_end_nowait();
}

static void legacy_sections_body(void *arg)
{
    (void)arg;
    for (unsigned k; (k = GOMP_sections_next()) != 0;) {
#pragma omp atomic
        legacy_sections += k;
    }
    GOMP_sections_end_nowait();
}

int main(void)
{
    shmem_init();
    int bad = 0;
    long s = 0, down = 0;
#pragma omp parallel
    {
#pragma omp for nowait schedule(guided) reduction(+ : s)
        for (unsigned long long k = 0; k < big; k++)
            s += (long)k;
#pragma omp for schedule(dynamic, 7) reduction(+ : down)
        for (unsigned long long k = big; k >= 3; k -= 3)
            down += 1;
    }
    bad += s != 499500 || down != 333;
    long t = 0;
    int b[100] = {0};
#pragma omp parallel
#pragma omp single
    {
#pragma omp taskloop grainsize(10)
        for (int i = 0; i < 100; i++) {
#pragma omp atomic
            t += i;
        }
#pragma omp taskloop num_tasks(7)
        for (int i = 99; i >= 0; i--)
            b[i] = i + 1;
    }
    long bs = 0;
    for (int i = 0; i < 100; i++)
        bs += b[i];
    bad += t != 4950 || bs != 5050;

    /* Doacross: each iteration waits for the ones it depends on. */
    long want = chain[0] = 1;
    for (int i = 1; i < DN; i++)
        want = want * 3 % 1000003 + i;
#pragma omp parallel for ordered(1) schedule(static, 1)
    for (int i = 1; i < DN; i++) {
#pragma omp ordered depend(sink : i - 1)
        chain[i] = chain[i - 1] * 3 % 1000003 + i;
#pragma omp ordered depend(source)
    }
    bad += chain[DN - 1] != want;
    long g[DN][DM];
    for (int i = 0; i < DN; i++)
        for (int j = 0; j < DM; j++)
            g[i][j] = grid[i][j] = i == 0 ? j : j == 0 ? i : 0;
    for (int i = 1; i < DN; i++)
        for (int j = 1; j < DM; j++)
            g[i][j] = (g[i - 1][j] + g[i][j - 1]) % 1000003;
#pragma omp parallel for ordered(2) schedule(dynamic)
    for (int i = 1; i < DN; i++)
        for (int j = 1; j < DM; j++) {
#pragma omp ordered depend(sink : i - 1, j) depend(sink : i, j - 1)
            grid[i][j] = (grid[i - 1][j] + grid[i][j - 1]) % 1000003;
#pragma omp ordered depend(source)
        }
    bad += memcmp(g, grid, sizeof g) != 0;

    /* taskwait depend: the named sibling is done. */
    long dep = 0;
#pragma omp parallel
#pragma omp single
    {
#pragma omp task depend(out : dep) shared(dep)
        dep = 42;
#pragma omp taskwait depend(in : dep)
        bad += dep != 42;
    }

    GOMP_parallel_loop_static_start(legacy_loop_body, NULL, 3, 0, 100, 1, 3);
    legacy_loop_body(NULL);
    GOMP_parallel_end();
    GOMP_parallel_sections_start(legacy_sections_body, NULL, 3, 4);
    legacy_sections_body(NULL);
    GOMP_parallel_end();
    bad += legacy_sum != 4950 || legacy_sections != 10;
    printf("PE %d: loops %s\n", shmem_my_pe(), bad ? "WRONG" : "right");
    shmem_finalize();
    return bad;
}
