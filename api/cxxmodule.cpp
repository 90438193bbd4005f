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
#include <cstdio>
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

pe_buf out_buf(false), err_buf(true);

struct install {
    install()
    {
        std::cout.rdbuf(&out_buf);
        std::cerr.rdbuf(&err_buf);
        std::clog.rdbuf(&err_buf);
    }
} installed;

} // namespace
