/* PE 0 puts 1 then 2 into the same word of PE 1; without a fence (argv[1]
 * == "1" adds one) the network may deliver them in either order.  PE 1
 * prints the word; with argv[2] == "extra", a line only when it is stale,
 * then "done" whatever it is. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

long word;

int main(int argc, char **argv)
{
    shmem_init();
    int fence = argc > 1 && atoi(argv[1]);
    if (shmem_my_pe() == 0) {
        long a = 1, b = 2;
        shmem_putmem(&word, &a, sizeof a, 1);
        if (fence)
            shmem_fence();
        shmem_putmem(&word, &b, sizeof b, 1);
    }
    shmem_barrier_all();
    int extra = argc > 2 && argv[2][0] == 'e';
    if (shmem_my_pe() == 1 && !extra)
        printf("word=%ld\n", word);
    if (shmem_my_pe() == 1 && extra) {
        if (word != 2)
            printf("stale word=%ld\n", word);
        printf("done\n");
    }
    shmem_finalize();
    return 0;
}
