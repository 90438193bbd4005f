/* A thread the simulator did not start (made with the C library's own
 * pthread_create, taken from libc itself as a library with its own way to
 * make threads would) calls the library: the run stops with a message
 * naming the call. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <shmem.h>
#include <stdio.h>

static void *body(void *arg)
{
    (void)arg;
    shmem_quiet();
    return NULL;
}

int main(void)
{
    shmem_init();
    void *libc = dlopen("libc.so.6", RTLD_NOW | RTLD_NOLOAD);
    int (*create)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *) =
        (int (*)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *))dlsym(
            libc, "pthread_create");
    int (*join)(pthread_t, void **) = (int (*)(pthread_t, void **))dlsym(libc, "pthread_join");
    pthread_t t;
    create(&t, NULL, body, NULL);
    join(t, NULL);
    printf("not reached\n");
    shmem_finalize();
    return 0;
}
