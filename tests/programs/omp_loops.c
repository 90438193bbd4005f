/* OpenMP loops the compiler hands to the run-time library in other
 * shapes: unsigned long long induction variables (counting up and down,
 * dynamic and guided), taskloop with grainsize and num_tasks; each result
 * is checked. */
#include <omp.h>
#include <shmem.h>
#include <stdio.h>

static unsigned long long big = 1000;

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
    printf("PE %d: loops %s\n", shmem_my_pe(), bad ? "WRONG" : "right");
    shmem_finalize();
    return bad;
}
