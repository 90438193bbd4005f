/* t3e_legacy [exit|early]: Cray T3D/T3E-era SHMEM, as old codes wrote it
 * with <mpp/shmem.h>: start_pes, a put to the next PE, the UNICOS/mk
 * barrier() (which completes the put), a check; with "exit", PE 1 then
 * ends the job with globalexit(3) ("exit0": globalexit(0), while the
 * others wait in the barrier, which is no reason for start_pes's implicit
 * finalisation to meet them); with "early", a barrier() before
 * start_pes (one not-initialized finding, for barrier).  Prints "PE n:
 * x ok" per PE. */
#include <mpp/shmem.h>
#include <stdio.h>
#include <string.h>

long x;

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "early") == 0)
        barrier();
    start_pes(0);
    int me = _my_pe(), n = _num_pes();
    long v = me + 1;
    shmem_long_put(&x, &v, 1, (me + 1) % n);
    barrier();
    printf("PE %d: x %s\n", me, x == (me + n - 1) % n + 1 ? "ok" : "wrong");
    if (argc > 1 && strncmp(argv[1], "exit", 4) == 0 && me == 1)
        globalexit(strcmp(argv[1], "exit0") == 0 ? 0 : 3);
    barrier();
    return 0;
}
