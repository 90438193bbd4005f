/* Each PE parses its own argv with getopt, across a blocking call: the
 * parser state must be per PE. */
#include <shmem.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    shmem_init();
    int c, count = 0;
    while ((c = getopt(argc, argv, "ab:")) != -1) {
        shmem_barrier_all(); /* every PE yields in the middle of parsing */
        count += c == 'a' || c == 'b';
    }
    printf("PE %d options %d rest %d\n", shmem_my_pe(), count, argc - optind);
    shmem_finalize();
    return 0;
}
