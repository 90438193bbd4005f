/* A long computation over a private array, built without optimisation as
 * a debug build would be: it makes no simulator call for seconds, but its
 * accesses move on through memory, so the watchdog must leave it alone.
 * argv[1]: millions of elements (default 12); argv[2] "forever": passes
 * until the run is stopped.  Prints "PE n: sum S". */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    shmem_init();
    size_t n = (size_t)(argc > 1 ? atoi(argv[1]) : 12) << 20;
    double *a = malloc(n * sizeof *a), sum = 0;
    int passes = argc > 2 && argv[2][0] == 'f' ? -1 : 3; /* "forever": until stopped */
    if (passes < 0)
        fprintf(stderr, "PE %d computing\n", shmem_my_pe());
    for (int pass = 1; passes < 0 || pass <= passes; pass++)
        for (size_t i = 0; i < n; i++) {
            a[i] = (double)(i % 7) * pass;
            sum += a[i];
        }
    printf("PE %d: sum %.0f\n", shmem_my_pe(), sum);
    free(a);
    shmem_finalize();
    return 0;
}
