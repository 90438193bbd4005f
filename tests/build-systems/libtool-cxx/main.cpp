#include <shmem.h>
#include <cstdio>

int total_of_pes();

int main()
{
    shmem_init();
    int n = shmem_n_pes(), sum = total_of_pes();
    std::printf("PE %d of %d: total %d (%s)\n", shmem_my_pe(), n, sum,
                sum == n * (n + 1) / 2 ? "ok" : "wrong");
    shmem_finalize();
    return 0;
}
