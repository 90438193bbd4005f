/* A thread of PE 1 crashes: with no argument by a null pointer, with
 * "deep" by recursing past its stack.  The report names the thread. */
#include <pthread.h>
#include <shmem.h>
#include <string.h>

static int deep(int n)
{
    volatile char b[1024];
    b[0] = (char)n;
    return n > 0 ? deep(n - 1) + b[0] : 0;
}

static void *body(void *arg)
{
    if (arg)
        return (void *)(long)deep(1 << 20);
    volatile int *p = NULL;
    return (void *)(long)*p;
}

int main(int argc, char **argv)
{
    shmem_init();
    if (shmem_my_pe() == 1) {
        pthread_t t;
        pthread_create(&t, NULL, body, argc > 1 && !strcmp(argv[1], "deep") ? (void *)1 : NULL);
        pthread_join(t, NULL);
    }
    shmem_finalize();
    return 0;
}
