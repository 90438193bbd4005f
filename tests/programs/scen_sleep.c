/* PE 0 puts a value into PE 1; PE 1 does not wait for it but sleeps 10 us,
 * "long enough" for a put, and reads it.  Sleeping is not synchronization:
 * when PE 0 is late, PE 1 reads the old value, says so and exits 3. */
#include <shmem.h>
#include <stdio.h>
#include <unistd.h>

long value;

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    if (me == 0)
        shmem_long_p(&value, 42, 1);
    if (me == 1) {
        usleep(10);
        if (value != 42) {
            printf("PE 1 read %ld, not 42: sleeping is not synchronization\n", value);
            return 3;
        }
        printf("PE 1 read 42\n");
    }
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
