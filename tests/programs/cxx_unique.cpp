// cxx_unique: C++ objects of vague linkage are each PE's own.  A template's
// static member, a function-local static of an inline function and an
// inline variable are STB_GNU_UNIQUE symbols, which a process binds to one
// definition: each PE stores its number in all three, and after a barrier
// reads them back.  Prints "PE n: own m m m" (m = n when they are its own).
#include <shmem.h>

#include <cstdio>

template <class T> struct Tally {
    static T count;
};
template <class T> T Tally<T>::count = -1;

inline int &registry()
{
    static int slot = -1;
    return slot;
}

inline int current = -1;

int main()
{
    shmem_init();
    int me = shmem_my_pe();
    Tally<int>::count = me;
    registry() = me;
    current = me;
    shmem_barrier_all();
    std::printf("PE %d: own %d %d %d\n", me, Tally<int>::count, registry(), current);
    shmem_finalize();
    return 0;
}
