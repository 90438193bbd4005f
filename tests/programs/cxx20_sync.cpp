// cxx20_sync: the C++ library's own synchronisation inside a PE, each
// between threads of the PE (under THREAD_MULTIPLE):
//   a function-local static whose constructor blocks in a SHMEM get while
//   a second thread reaches it (its guard makes the second wait, and orders
//   the initialisation before both uses: no race);
//   std::call_once from threads; std::async and a std::promise;
//   C++20 std::latch, std::barrier, std::counting_semaphore and
//   std::atomic wait/notify, whose waits are futex calls.
// Prints "PE n: cxx sync ok", or what failed.
#include <shmem.h>

#include <atomic>
#include <barrier>
#include <cstdio>
#include <future>
#include <latch>
#include <mutex>
#include <semaphore>
#include <thread>

static long source = 7;
static int me, npes;

struct Config {
    long value;
    Config() : value(shmem_long_g(&source, (me + 1) % npes)) {} // blocks in the get
};

static const Config &config()
{
    static Config c; // initialised once, by whichever thread comes first
    return c;
}

int main()
{
    int provided;
    shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
    me = shmem_my_pe();
    npes = shmem_n_pes();
    int failed = 0;

    long seen[2] = {0, 0};
    std::thread a([&] { seen[0] = config().value; }), b([&] { seen[1] = config().value; });
    a.join();
    b.join();
    if (seen[0] != 7 || seen[1] != 7) {
        std::printf("PE %d: static %ld %ld\n", me, seen[0], seen[1]);
        failed = 1;
    }

    static std::once_flag once;
    int calls = 0;
    std::thread c([&] { std::call_once(once, [&] { calls++; }); });
    std::thread d([&] { std::call_once(once, [&] { calls++; }); });
    c.join();
    d.join();
    auto sum = std::async(std::launch::async, [] { return shmem_long_g(&source, 0) * 2; });
    std::promise<int> promise;
    std::future<int> later = promise.get_future();
    std::thread e([&] { promise.set_value(me + 40); });
    if (calls != 1 || sum.get() != 14 || later.get() != me + 40) {
        std::printf("PE %d: once %d, async or promise wrong\n", me, calls);
        failed = 1;
    }
    e.join();

    std::latch arrived(2);
    std::barrier phase(2);
    std::counting_semaphore<2> tokens(0);
    std::atomic<int> stage{0};
    long got = 0;
    std::thread f([&] {
        got = shmem_long_g(&source, (me + 1) % npes);
        arrived.count_down();
        phase.arrive_and_wait();
        tokens.release(2);
        stage.store(1);
        stage.notify_one();
    });
    arrived.count_down();
    arrived.wait();
    phase.arrive_and_wait();
    tokens.acquire();
    tokens.acquire();
    stage.wait(0);
    f.join();
    if (got != 7 || stage.load() != 1) {
        std::printf("PE %d: latch, barrier, semaphore or wait wrong\n", me);
        failed = 1;
    }
    if (!failed)
        std::printf("PE %d: cxx sync ok\n", me);
    shmem_finalize();
    return failed;
}
