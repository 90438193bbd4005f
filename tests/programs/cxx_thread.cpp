// std::thread, std::mutex and std::condition_variable inside a PE: the
// C++ library's threads are the PE's threads, deterministic and seeded.
//   cxx_thread work     4 threads per PE put into the right neighbour
//                       under THREAD_MULTIPLE, a mutex-protected sum, a
//                       condition-variable hand-off, a sleep_for and a
//                       wait_for that times out, in virtual time; prints
//                       "PE n: threads ok SUM"
//   cxx_thread race     two threads add to a plain global: a data-race
//   cxx_thread atomic   the same with std::atomic: clean
#include <shmem.h>

#include <shmemx.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

static long slots[4];
static long hits;
static std::atomic<long> atomic_hits;

static void count(bool atomic)
{
    for (int i = 0; i < 100; i++) {
        if (atomic)
            atomic_hits++;
        else
            hits++; // RACE(cxx)
    }
}

int main(int argc, char **argv)
{
    int provided;
    shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
    int me = shmem_my_pe(), n = shmem_n_pes(), right = (me + 1) % n, left = (me + n - 1) % n;
    const char *mode = argc > 1 ? argv[1] : "work";
    if (!strcmp(mode, "race") || !strcmp(mode, "atomic")) {
        bool atomic = !strcmp(mode, "atomic");
        std::thread a(count, atomic), b(count, atomic);
        a.join();
        b.join();
        std::printf("PE %d: %ld\n", me, atomic ? atomic_hits.load() : hits);
        shmem_finalize();
        return 0;
    }
    std::mutex m;
    std::condition_variable cv;
    long sum = 0;
    int ready = 0;
    long handed = 0;
    bool gave_up = false;
    double t0 = shmemx_wtime();
    std::vector<std::thread> team;
    for (int t = 0; t < 4; t++)
        team.emplace_back([&, t] {
            shmem_long_p(&slots[t], 100 * me + t, right);
            {
                std::lock_guard<std::mutex> g(m);
                sum += t + 1;
            }
            if (t == 0) { // the producer
                std::lock_guard<std::mutex> g(m);
                handed = 42;
                ready = 1;
                cv.notify_all();
            } else if (t == 2) { // sleeps in virtual time, inside the C++ library
                std::this_thread::sleep_for(std::chrono::milliseconds(3));
            } else if (t == 1) { // a steady-clock wait for what never comes
                std::condition_variable never;
                std::unique_lock<std::mutex> g(m);
                auto from = std::chrono::steady_clock::now();
                gave_up = !never.wait_for(g, std::chrono::milliseconds(2), [] { return false; }) &&
                          std::chrono::steady_clock::now() - from >= std::chrono::milliseconds(2);
            } else if (t == 3) { // the consumer
                std::unique_lock<std::mutex> g(m);
                cv.wait(g, [&] { return ready == 1; });
                sum += handed;
            }
            shmem_quiet();
        });
    for (auto &th : team)
        th.join();
    shmem_barrier_all();
    bool ok = sum == 1 + 2 + 3 + 4 + 42 && shmemx_wtime() - t0 >= 0.003 && gave_up;
    for (int t = 0; t < 4; t++)
        ok = ok && slots[t] == 100 * left + t;
    std::printf("PE %d: threads %s %ld (provided %d)\n", me, ok ? "ok" : "WRONG", sum,
                provided == SHMEM_THREAD_MULTIPLE);
    shmem_finalize();
    return ok ? 0 : 1;
}
