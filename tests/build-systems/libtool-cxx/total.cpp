// A C++ library built by libtool (the CXX tag links it with -nostdlib
// and the objects it learnt from the compiler's own link line).  It has
// no variables: a shared library's would be shared by every PE.
#include <shmem.h>
#include <string>

int total_of_pes()
{
    long *mine = static_cast<long *>(shmem_malloc(2 * sizeof(long)));
    mine[0] = shmem_my_pe() + 1;
    std::string word("PEs");
    shmem_barrier_all();
    shmem_long_sum_reduce(SHMEM_TEAM_WORLD, &mine[1], &mine[0], 1);
    int sum = static_cast<int>(mine[1]) + static_cast<int>(word.size()) - 3;
    shmem_free(mine);
    return sum;
}
