// Thread-local variables of a PE's main program are the PE's own, under
// either privatization: each PE stores its number, waits for the others,
// and reads it back.  A thread_local object's destructor runs when its
// thread ends (a std::thread's at its end, the main program's at the PE's
// exit), in that context, while the object is still there.  Each PE
// prints "PE n: own n", "PE n: thread object <n>" and "PE n: main object
// <n>" (the last two from the destructors).  argv[1] "main": no
// std::thread (a sanitizer build of the simulator cannot simulate one).
#include <shmem.h>
#include <cstdio>
#include <string>
#include <thread>

static thread_local int own = -1;

struct Tagged {
    std::string text = std::string(40, '.'); // on the heap: a freed copy shows
    std::string who;
    int pe = -1;
    ~Tagged() { std::printf("PE %d: %s object <%s>\n", pe, who.c_str(), text.c_str() + 40); }
};
static thread_local Tagged tagged;

int main(int argc, char **argv)
{
    bool threads = !(argc > 1 && std::string(argv[1]) == "main");
    int provided;
    shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
    int me = shmem_my_pe();
    own = me;
    if (threads) {
        std::thread t([me] {
            tagged.who = "thread";
            tagged.pe = me;
            tagged.text += std::to_string(me);
        });
        t.join();
    }
    tagged.who = "main";
    tagged.pe = me;
    tagged.text += std::to_string(me);
    shmem_barrier_all();
    std::printf("PE %d: own %d\n", me, own);
    shmem_finalize();
    return 0;
}
