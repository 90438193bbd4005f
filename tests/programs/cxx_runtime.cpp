// tests/programs/cxx_runtime: the C++ run-time library's pieces act per PE.
// std::cout/std::cerr lines are the running PE's (a line written in two
// pieces around a barrier stays whole), a static constructor's state is
// each PE's own, and each PE's caught exception stays its own while the
// others throw and catch theirs: `throw;` inside a handler that blocked in
// a barrier rethrows the PE's own exception.
#include <shmem.h>

#include <iostream>
#include <stdexcept>
#include <string>

static int constructed;

struct counter {
    int v;
    counter() : v(41) { constructed++; }
};
static counter c;

int main()
{
    shmem_init();
    int me = shmem_my_pe();

    std::cout << "PE " << me << " begins a line";
    shmem_barrier_all();
    std::cout << " and ends it" << std::endl;
    std::cerr << "PE " << me << " writes to cerr" << std::endl;

    c.v += me;
    shmem_barrier_all();
    if (c.v != 41 + me || constructed != 1) {
        std::cout << "PE " << me << ": static object " << c.v << ", constructed " << constructed
                  << std::endl;
        return 1;
    }

    try {
        throw std::runtime_error("the error of PE " + std::to_string(me));
    } catch (const std::exception &) {
        shmem_barrier_all(); // every PE is inside its handler here
        try {
            throw;
        } catch (const std::runtime_error &again) {
            std::cout << "PE " << me << " rethrew '" << again.what() << "'" << std::endl;
        }
    }
    shmem_finalize();
    return 0;
}
