/* pthread_race: two threads of every PE add to a global counter, the way
 * argv[1] says: "plain" (nothing orders them: a race), "mutex" (each
 * addition under one mutex), "atomic" (atomic additions), "flag" (thread 1
 * adds, then sets a flag with a release store; thread 2 waits for it with
 * acquire loads before adding), "join" (thread 2 is created after thread 1
 * is joined).  Prints the total from the main program after the joins. */
#include <pthread.h>
#include <shmem.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

long counter;
atomic_int flag;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static const char *how = "plain";

static void *work(void *arg)
{
    long id = (long)arg;
    if (!strcmp(how, "flag") && id == 2)
        while (!atomic_load_explicit(&flag, memory_order_acquire))
            sched_yield();
    for (int i = 0; i < 100; i++) {
        if (!strcmp(how, "mutex"))
            pthread_mutex_lock(&lock);
        if (!strcmp(how, "atomic"))
            __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED);
        else
            counter++;
        if (!strcmp(how, "mutex"))
            pthread_mutex_unlock(&lock);
    }
    if (!strcmp(how, "flag") && id == 1)
        atomic_store_explicit(&flag, 1, memory_order_release);
    return NULL;
}

int main(int argc, char **argv)
{
    int provided;
    shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
    if (argc > 1)
        how = argv[1];
    pthread_t t1, t2;
    pthread_create(&t1, NULL, work, (void *)1L);
    if (!strcmp(how, "join"))
        pthread_join(t1, NULL);
    pthread_create(&t2, NULL, work, (void *)2L);
    if (strcmp(how, "join"))
        pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("PE %d: %ld\n", shmem_my_pe(), counter);
    shmem_finalize();
    return 0;
}
