/* OpenMP task reductions, each task also calling SHMEM: taskloop
 * reduction (long and unsigned long long loops, + and *, and an empty
 * loop), taskgroup task_reduction with in_reduction tasks (a taskgroup
 * inside another, a task naming items of both), an orphaned taskgroup
 * outside any parallel region, and reductions with the task modifier on
 * parallel, for (the compiler's schedule and a dynamic one), sections and
 * scope, and for's lastprivate(conditional:), which asks the library for
 * scratch memory.  Every result is checked against the closed form;
 * OMP_NUM_THREADS may be anything. */
#include <omp.h>
#include <shmem.h>
#include <stdio.h>

static long hits;      /* symmetric: one atomic per task body */
static long inner;     /* symmetric, reduced into by tasks of the inner group */
static long outer;     /* a reduction item in program data */

#define CHECK(what, got, want)                                                         \
    do {                                                                               \
        if ((got) != (want)) {                                                         \
            printf("FAIL %s: %lld, want %lld\n", what, (long long)(got), (long long)(want)); \
            bad++;                                                                     \
        }                                                                              \
    } while (0)

int main(void)
{
    int provided, bad = 0;
    shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
    int me = shmem_my_pe(), npes = shmem_n_pes(), right = (me + 1) % npes;
    long sum = 0, none = 7;
    double prod = 1;
    unsigned long long usum = 0;
#pragma omp parallel
#pragma omp single
    {
#pragma omp taskloop reduction(+ : sum) reduction(* : prod) grainsize(9)
        for (int i = 0; i < 100; i++) {
            sum += i;
            if (i % 10 == 0)
                prod *= 2;
            shmem_long_atomic_inc(&hits, right);
        }
#pragma omp taskloop reduction(+ : usum) num_tasks(5)
        for (unsigned long long k = 1000; k > 10; k -= 3)
            usum += k;
#pragma omp taskloop reduction(+ : none)
        for (int i = 0; i < 0; i++)
            none += 1000;
#pragma omp taskgroup task_reduction(+ : outer)
        {
            for (int i = 1; i <= 10; i++) {
#pragma omp task in_reduction(+ : outer)
                {
                    outer += i;
                    shmem_long_atomic_inc(&hits, right);
                }
            }
#pragma omp taskgroup task_reduction(+ : inner)
            for (int i = 0; i < 6; i++) {
#pragma omp task in_reduction(+ : inner, outer)
                {
                    inner += 2;
                    outer += 100;
                }
            }
        }
    }
    long orphan = 0;
#pragma omp taskgroup task_reduction(+ : orphan)
    {
#pragma omp task in_reduction(+ : orphan)
        orphan += 5;
#pragma omp task in_reduction(+ : orphan)
        orphan += 6;
    }
    long par = 0, loop = 0, dyn = 0, sect = 0, scoped = 0;
    int nthreads = 0, last = -1;
#pragma omp parallel reduction(task, + : par)
    {
#pragma omp single
        nthreads = omp_get_num_threads();
#pragma omp task in_reduction(+ : par)
        {
            par += 1;
            shmem_long_atomic_inc(&hits, right);
        }
#pragma omp for reduction(task, + : loop)
        for (int i = 0; i < 30; i++) {
#pragma omp task in_reduction(+ : loop)
            loop += i;
        }
#pragma omp for reduction(task, + : dyn) schedule(dynamic, 4)
        for (long i = 0; i < 40; i++) {
#pragma omp task in_reduction(+ : dyn)
            dyn += 2 * i;
        }
#pragma omp sections reduction(task, + : sect)
        {
#pragma omp section
            {
#pragma omp task in_reduction(+ : sect)
                sect += 10;
            }
#pragma omp section
            sect += 1;
        }
#pragma omp scope reduction(task, + : scoped)
        {
#pragma omp task in_reduction(+ : scoped)
            scoped += 1;
        }
#pragma omp for lastprivate(conditional : last)
        for (int i = 0; i < 50; i++)
            if (i % 7 == 3)
                last = i;
    }
    CHECK("parallel reduction(task)", par, nthreads);
    CHECK("for reduction(task)", loop, 435);
    CHECK("dynamic for reduction(task)", dyn, 1560);
    CHECK("sections reduction(task)", sect, 11);
    CHECK("scope reduction(task)", scoped, nthreads);
    CHECK("lastprivate(conditional)", last, 45);
    CHECK("taskloop sum", sum, 4950);
    CHECK("taskloop product", (long)prod, 1024);
    CHECK("unsigned taskloop sum", usum, 167145ULL);
    CHECK("empty taskloop", none, 7);
    CHECK("task_reduction", outer, 55 + 600);
    CHECK("inner task_reduction", inner, 12);
    CHECK("orphaned taskgroup", orphan, 11);
    shmem_barrier_all();
    CHECK("tasks' atomics", hits, 110 + nthreads);
    printf("PE %d: task reductions %s\n", me, bad ? "WRONG" : "right");
    shmem_finalize();
    return bad != 0;
}
