/* t3d_start: Cray T3D/T3E C source as it was written, with no start_pes
 * (the job launch set SHMEM up), built with shmemsim-cc --cray: a put to
 * the next PE, barrier(), a check.  Prints "PE n of N: x ok" per PE. */
#include <mpp/shmem.h>
#include <stdio.h>

long x;

int main(void)
{
    int me = _my_pe(), n = _num_pes();
    long v = 100 + me;
    shmem_long_put(&x, &v, 1, (me + 1) % n);
    barrier();
    printf("PE %d of %d: x %s\n", me, n, x == 100 + (me + n - 1) % n ? "ok" : "wrong");
    return 0;
}
