/* usage_exit: PE 1 exits with status 1 at once; PE 0 prints its usage
 * message a microsecond later (the launcher has not stopped the job yet);
 * PE 2 would print a millisecond later, after the job is stopped.  Run on
 * 3 PEs without arguments. */
#include <shmem.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe();
    if (argc < 2) {
        if (me == 0) {
            usleep(1);
            fprintf(stderr, "usage: %s COUNT\n", argv[0]);
        } else if (me == 2) {
            usleep(1000);
            printf("PE 2 still running\n");
        }
        return 1;
    }
    shmem_finalize();
    return 0;
}
