// api/cxxmodule: linked into every C++ PE module by shmemsim-c++.
//
// std::cout, std::cerr and std::clog write through the C++ run-time
// library, which is shared by all PEs and calls the C library directly, so
// the per-PE redirections of the module never see them.  Here each of them
// gets a stream buffer that hands its bytes to the module's own fwrite on
// stdout or stderr, which the module redirects to the running PE's line
// stream: lines get the PE's tag and never mix with another PE's.  One
// buffer serves every PE (only one runs at a time), so nothing is kept
// between calls: a partial line waits in the PE's line stream, not here.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <streambuf>

namespace {

class pe_buf : public std::streambuf {
public:
    explicit pe_buf(bool err) : err_(err) {}

protected:
    int_type overflow(int_type c) override
    {
        if (traits_type::eq_int_type(c, traits_type::eof()))
            return traits_type::not_eof(c);
        char ch = traits_type::to_char_type(c);
        return std::fwrite(&ch, 1, 1, file()) == 1 ? c : traits_type::eof();
    }

    std::streamsize xsputn(const char *s, std::streamsize n) override
    {
        return static_cast<std::streamsize>(std::fwrite(s, 1, static_cast<size_t>(n), file()));
    }

    int sync() override { return std::fflush(file()) == 0 ? 0 : -1; }

private:
    // Read at each call: stdout and stderr are the C library's, not ours.
    FILE *file() const { return err_ ? stderr : stdout; }
    bool err_;
};

// (Named __shmemsim_*: a shared library built with shmemsim-c++ holds
// them too, and the loader's check of a library's own variables passes
// over them.)
pe_buf __shmemsim_out_buf(false), __shmemsim_err_buf(true);

struct install {
    install()
    {
        std::cout.rdbuf(&__shmemsim_out_buf);
        std::cerr.rdbuf(&__shmemsim_err_buf);
        std::clog.rdbuf(&__shmemsim_err_buf);
    }
} __shmemsim_installed;

} // namespace

// A block the program gets from operator new may be one an earlier
// transfer used and the program deleted: what was done to it before is
// not the new block's history (the allocator orders the delete before the
// new that hands it out again).  shmemsim-c++ links the module with
// --wrap for each of these, so the program's operator new, its own or the
// run-time library's, still does the allocating.  (Forgotten here, at the
// allocation, where the size is known, rather than at delete, which gets no
// size and may not be handing the block to malloc.)
extern "C" {
void sim_hb_forget_private(const void *addr, std::size_t n);
int sim_hb_private_shadowed(void);

void *__real__Znwm(std::size_t);
void *__real__Znam(std::size_t);
void *__real__ZnwmRKSt9nothrow_t(std::size_t, const void *);
void *__real__ZnamRKSt9nothrow_t(std::size_t, const void *);
void *__real__ZnwmSt11align_val_t(std::size_t, std::size_t);
void *__real__ZnamSt11align_val_t(std::size_t, std::size_t);
void *__real__ZnwmSt11align_val_tRKSt9nothrow_t(std::size_t, std::size_t, const void *);
void *__real__ZnamSt11align_val_tRKSt9nothrow_t(std::size_t, std::size_t, const void *);
}

namespace {

void *fresh(void *p, std::size_t n)
{
    if (p && n && sim_hb_private_shadowed())
        sim_hb_forget_private(p, n);
    return p;
}

} // namespace

// (The aligned forms take std::align_val_t, a size_t underneath; the
// nothrow forms a reference, a pointer underneath.)
extern "C" {
void *__wrap__Znwm(std::size_t n) { return fresh(__real__Znwm(n), n); }
void *__wrap__Znam(std::size_t n) { return fresh(__real__Znam(n), n); }
void *__wrap__ZnwmRKSt9nothrow_t(std::size_t n, const void *t)
{
    return fresh(__real__ZnwmRKSt9nothrow_t(n, t), n);
}
void *__wrap__ZnamRKSt9nothrow_t(std::size_t n, const void *t)
{
    return fresh(__real__ZnamRKSt9nothrow_t(n, t), n);
}
void *__wrap__ZnwmSt11align_val_t(std::size_t n, std::size_t a)
{
    return fresh(__real__ZnwmSt11align_val_t(n, a), n);
}
void *__wrap__ZnamSt11align_val_t(std::size_t n, std::size_t a)
{
    return fresh(__real__ZnamSt11align_val_t(n, a), n);
}
void *__wrap__ZnwmSt11align_val_tRKSt9nothrow_t(std::size_t n, std::size_t a, const void *t)
{
    return fresh(__real__ZnwmSt11align_val_tRKSt9nothrow_t(n, a, t), n);
}
void *__wrap__ZnamSt11align_val_tRKSt9nothrow_t(std::size_t n, std::size_t a, const void *t)
{
    return fresh(__real__ZnamSt11align_val_tRKSt9nothrow_t(n, a, t), n);
}
}

// std::chrono's clocks read the time inside the C++ run-time library, which
// is shared and never meets the module's wrapped clock_gettime, and
// std::random_device draws the machine's entropy: both would make no two
// runs alike.  shmemsim-c++ wraps them too: the clocks read the PE's
// virtual time through the module's clock_gettime, random_device draws
// from the run's seed.  (A time_point is one 64-bit count, returned as
// one; libstdc++'s system_clock counts nanoseconds, as its steady_clock.)
extern "C" {
uint64_t sim_pe_entropy(void);

static long long clock_ns(clockid_t id)
{
    timespec t;
    clock_gettime(id, &t);
    return (long long)t.tv_sec * 1000000000 + t.tv_nsec;
}

long long __wrap__ZNSt6chrono3_V212steady_clock3nowEv(void)
{
    return clock_ns(CLOCK_MONOTONIC);
}
long long __wrap__ZNSt6chrono3_V212system_clock3nowEv(void)
{
    return clock_ns(CLOCK_REALTIME);
}
long long __wrap__ZNSt6chrono12system_clock3nowEv(void)
{
    return clock_ns(CLOCK_REALTIME);
}
unsigned __wrap__ZNSt13random_device9_M_getvalEv(void *self)
{
    (void)self;
    return (unsigned)sim_pe_entropy();
}
}
