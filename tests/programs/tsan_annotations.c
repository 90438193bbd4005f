/* Code built with the thread sanitizer may mark its own synchronisation
 * with the annotation interface: a thread writes a word and releases an
 * object; the main thread, later in virtual time, acquires it and reads
 * the word.  Nothing else orders the two (the sleep is no edge), so with
 * argv[1] "bare" (no annotations) the read is a data-race; annotated, it
 * is clean.  Prints "PE n read 42". */
#include <pthread.h>
#include <sanitizer/tsan_interface.h>
#include <shmem.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int word;
static char sync_obj;
static int bare;

static void *writer(void *arg)
{
    (void)arg;
    word = 42;
    if (!bare)
        __tsan_release(&sync_obj);
    return NULL;
}

int main(int argc, char **argv)
{
    bare = argc > 1 && strcmp(argv[1], "bare") == 0;
    int provided;
    shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
    usleep(100);
    if (!bare)
        __tsan_acquire(&sync_obj);
    printf("PE %d read %d\n", shmem_my_pe(), word);
    pthread_join(t, NULL);
    shmem_finalize();
    return 0;
}
