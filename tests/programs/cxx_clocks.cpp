// std::chrono's clocks and std::random_device in a PE: each PE sleeps
// 50 ms (virtual) between two readings of steady_clock, with a busy loop
// of real work beside it, and prints what steady_clock, system_clock and
// clock_gettime saw, then two draws of a random_device and 8 bytes of
// getrandom.  In virtual time
// the clocks agree and every run with one seed prints the same.
#include <shmem.h>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <random>
#include <sys/random.h>
#include <unistd.h>

static long long mono_ns()
{
    timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000 + t.tv_nsec;
}

int main()
{
    shmem_init();
    int me = shmem_my_pe();
    auto s0 = std::chrono::steady_clock::now();
    auto w0 = std::chrono::system_clock::now();
    long long m0 = mono_ns();
    usleep(50000);
    volatile double x = 0;
    for (long i = 0; i < 3000000; i++)
        x = x + (double)i;
    auto s1 = std::chrono::steady_clock::now();
    auto w1 = std::chrono::system_clock::now();
    long long m1 = mono_ns();
    long long ds = std::chrono::duration_cast<std::chrono::nanoseconds>(s1 - s0).count();
    long long dw = std::chrono::duration_cast<std::chrono::nanoseconds>(w1 - w0).count();
    std::random_device rd;
    unsigned r0 = rd(), r1 = rd();
    unsigned long long g = 0;
    if (getrandom(&g, sizeof g, 0) != (ssize_t)sizeof g)
        return 1;
    std::printf("PE %d: steady %lld ns, system %lld ns, clock_gettime %lld ns; random %u %u; "
                "getrandom %llx\n", me, ds, dw, m1 - m0, r0, r1, g);
    shmem_finalize();
    return 0;
}
