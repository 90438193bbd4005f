/* Switch cost: "threads T N" runs T threads in one PE, "pes N" runs the
 * PE's main program; each context calls sched_yield N times, so every call
 * hands the CPU to the next context due. */
#include <pthread.h>
#include <sched.h>
#include <shmem.h>
#include <stdlib.h>
#include <string.h>

static long rounds;

static void *spin(void *arg)
{
    (void)arg;
    for (long i = 0; i < rounds; i++)
        sched_yield();
    return NULL;
}

int main(int argc, char **argv)
{
    shmem_init();
    if (argc > 3 && !strcmp(argv[1], "threads")) {
        int n = atoi(argv[2]);
        rounds = atol(argv[3]);
        pthread_t t[64];
        for (int i = 0; i < n && i < 64; i++)
            pthread_create(&t[i], NULL, spin, NULL);
        for (int i = 0; i < n && i < 64; i++)
            pthread_join(t[i], NULL);
    } else if (argc > 2) {
        rounds = atol(argv[2]);
        spin(NULL);
    }
    shmem_finalize();
    return 0;
}
