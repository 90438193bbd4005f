/* Each PE prints the environment variables its arguments name, without
 * initialising SHMEM (so it needs no other PE): shmem_my_pe before
 * shmem_init is a not-initialized finding, which its scenarios turn off. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *v = getenv(argv[i]);
        printf("PE %d: %s=%s\n", shmem_my_pe(), argv[i], v ? v : "(unset)");
    }
    return 0;
}
