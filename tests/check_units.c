/*
 * tests/check_units.c — Check suite for sim/units and sim/netparams.
 *
 * Is:     table-driven tests of every accepted spelling and of many
 *         malformed ones for durations, sizes, rates and plain numbers,
 *         plus the network-parameter setters and JSON form built on them.
 * Is not: a test of scenario files (tests/check_scenario.c).
 */
#include <check.h>

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "netparams.h"
#include "units.h"

#define N_ELEMS(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* One good input and the value it must give. */
typedef struct good_u64 {
    const char *text;  /* input */
    uint64_t want;     /* expected value */
} good_u64_t;

/* One good input and the double it must give. */
typedef struct good_dbl {
    const char *text;  /* input */
    double want;       /* expected value (compared exactly) */
} good_dbl_t;

/* ------------------------------------------------------------ durations */

static const good_u64_t good_durations[] = {
    {"0", 0}, {"250", 250}, {"200ns", 200}, {"1us", 1000}, {"1.5us", 1500},
    {"2 ms", 2000000}, {"3s", 3000000000u}, {"0.5s", 500000000}, {"1.000us", 1000},
    {"7\xc2\xb5s", 7000}, {"0.000000001s", 1}, {"2  us", 2000}, {"0ns", 0},
    {"18446744073709551615", UINT64_MAX}, {"18446744073709551615ns", UINT64_MAX},
    {"18446744073s", UINT64_C(18446744073000000000)}, {"1.25ms", 1250000},
};

static const char *const bad_durations[] = {
    "", " ", "-1", "-1us", "+1us", "1 parsecs", "1us ", " 1us", "1.5ns", "1.", ".5us",
    "1e3", "abc", "1usx", "18446744073709551616", "18446744074s", "1\tus", "1US", "nan",
    "inf", "0x10", "1,5us", "1..5us", "1.5.5us", "us", "1 ", "1m", "1h", "1sec",
    "0.0000000001s", "1.5", "1ns1",
};

START_TEST(duration_good)
{
    uint64_t ns = 12345;
    const good_u64_t *g = &good_durations[_i];
    ck_assert_msg(sim_units_duration(g->text, &ns) == 0, "rejected '%s'", g->text);
    ck_assert_msg(ns == g->want, "'%s' gave %llu, want %llu", g->text,
                  (unsigned long long)ns, (unsigned long long)g->want);
}
END_TEST

START_TEST(duration_bad)
{
    uint64_t ns = 12345;
    ck_assert_msg(sim_units_duration(bad_durations[_i], &ns) == -1, "accepted '%s'",
                  bad_durations[_i]);
    ck_assert_msg(ns == 12345, "'%s' changed the output on failure", bad_durations[_i]);
}
END_TEST

START_TEST(duration_null)
{
    uint64_t ns = 1;
    ck_assert_int_eq(sim_units_duration(NULL, &ns), -1);
    ck_assert_uint_eq(ns, 1);
}
END_TEST

/* ---------------------------------------------------------------- sizes */

static const good_u64_t good_sizes[] = {
    {"0", 0}, {"64", 64}, {"64B", 64}, {"4KB", 4000}, {"4kB", 4000}, {"4KiB", 4096},
    {"1MB", 1000000}, {"1MiB", 1048576}, {"2GB", 2000000000}, {"2GiB", 2147483648u},
    {"1.5KiB", 1536}, {"0.5MiB", 524288}, {"1TB", UINT64_C(1000000000000)},
    {"1TiB", UINT64_C(1099511627776)}, {"4 KiB", 4096}, {"2.5KB", 2500},
    {"16777215TiB", UINT64_C(16777215) << 40},
};

static const char *const bad_sizes[] = {
    "", "-1", "-4KiB", "4kb", "4K", "4M", "4 KiB ", "1.1B", "0.1KiB", "16777216TiB",
    "17179869184GiB", "18446744073709551616", "1.5", "4Kib", "4KIB", "KiB", "4 ", "4e3",
    "0x100", "four", "4KiB/s", "4bytes",
};

START_TEST(size_good)
{
    uint64_t b = 12345;
    const good_u64_t *g = &good_sizes[_i];
    ck_assert_msg(sim_units_size(g->text, &b) == 0, "rejected '%s'", g->text);
    ck_assert_msg(b == g->want, "'%s' gave %llu, want %llu", g->text,
                  (unsigned long long)b, (unsigned long long)g->want);
}
END_TEST

START_TEST(size_bad)
{
    uint64_t b = 12345;
    ck_assert_msg(sim_units_size(bad_sizes[_i], &b) == -1, "accepted '%s'", bad_sizes[_i]);
    ck_assert_msg(b == 12345, "'%s' changed the output on failure", bad_sizes[_i]);
}
END_TEST

/* ---------------------------------------------------------------- rates */

static const good_dbl_t good_rates[] = {
    {"10GB/s", 1e10}, {"100MB/s", 1e8}, {"1.5GiB/s", 1610612736.0}, {"1e9", 1e9},
    {"1E9", 1e9}, {"2.5e3 KB/s", 2.5e6}, {"1B/s", 1.0}, {"1e-3", 0.001},
    {"1", 1.0}, {"64KiB/s", 65536.0}, {"1TB/s", 1e12}, {"1e+2MB/s", 1e8},
    {"12.5 GB/s", 1.25e10}, {"3kB/s", 3000.0}, {"1MiB/s", 1048576.0},
};

static const char *const bad_rates[] = {
    "", "0", "0GB/s", "0.0", "-1GB/s", "10GB", "10 GB / s", "1e", "1e+", "inf", "nan",
    "1e400", "1e-400", "GB/s", "10Gb/s", "10gb/s", " 1e9", "1e9 ", "1.e9", ".5", "1x",
    "1e9B", "0x10", "10GB/sec", "1,5GB/s",
};

START_TEST(rate_good)
{
    double r = -1.0;
    const good_dbl_t *g = &good_rates[_i];
    ck_assert_msg(sim_units_rate(g->text, &r) == 0, "rejected '%s'", g->text);
    ck_assert_msg(r == g->want, "'%s' gave %.17g, want %.17g", g->text, r, g->want);
}
END_TEST

START_TEST(rate_bad)
{
    double r = -1.0;
    ck_assert_msg(sim_units_rate(bad_rates[_i], &r) == -1, "accepted '%s'", bad_rates[_i]);
    ck_assert_msg(r == -1.0, "'%s' changed the output on failure", bad_rates[_i]);
}
END_TEST

START_TEST(number_values)
{
    double v = -1.0;
    ck_assert_int_eq(sim_units_number("0", &v), 0);
    ck_assert(v == 0.0);
    ck_assert_int_eq(sim_units_number("0.25", &v), 0);
    ck_assert(v == 0.25);
    ck_assert_int_eq(sim_units_number("2.5e1", &v), 0);
    ck_assert(v == 25.0);
    ck_assert_int_eq(sim_units_number("1e-3", &v), 0);
    ck_assert(v == 0.001);
    v = 7.0;
    ck_assert_int_eq(sim_units_number("-0.5", &v), -1);
    ck_assert_int_eq(sim_units_number("", &v), -1);
    ck_assert_int_eq(sim_units_number("1x", &v), -1);
    ck_assert_int_eq(sim_units_number("1GB/s", &v), -1);
    ck_assert_int_eq(sim_units_number(".5", &v), -1);
    ck_assert_int_eq(sim_units_number("1e999", &v), -1);
    ck_assert(v == 7.0);
}
END_TEST

/* ------------------------------------------------------------ netparams */

START_TEST(netparams_defaults)
{
    sim_net_params_t p;
    memset(&p, 0xab, sizeof p);
    sim_netparams_default(&p);
    ck_assert_uint_eq(p.latency_ns, 1000);
    ck_assert(p.bandwidth == 10e9);
    ck_assert_uint_eq(p.overhead_ns, 100);
    ck_assert_uint_eq(p.gap_ns, 5);
    ck_assert_uint_eq(p.jitter_ns, 200);
    ck_assert_int_eq(p.ordering, SIM_ORDER_ADAPTIVE);
    ck_assert_uint_eq(p.packet_bytes, 2048);
    ck_assert_uint_eq(p.call_ns, 20);
}
END_TEST

START_TEST(netparams_set_each_key)
{
    sim_net_params_t p;
    char err[256] = "";
    sim_netparams_default(&p);
    ck_assert_int_eq(sim_netparams_set(&p, "latency", "2us", err, sizeof err), 0);
    ck_assert_int_eq(sim_netparams_set(&p, "bandwidth", "1.5GiB/s", err, sizeof err), 0);
    ck_assert_int_eq(sim_netparams_set(&p, "overhead", "150ns", err, sizeof err), 0);
    ck_assert_int_eq(sim_netparams_set(&p, "gap", "10", err, sizeof err), 0);
    ck_assert_int_eq(sim_netparams_set(&p, "jitter", "0", err, sizeof err), 0);
    ck_assert_int_eq(sim_netparams_set(&p, "ordering", "fifo", err, sizeof err), 0);
    ck_assert_int_eq(sim_netparams_set(&p, "packet", "4KiB", err, sizeof err), 0);
    ck_assert_int_eq(sim_netparams_set(&p, "call", "1.5us", err, sizeof err), 0);
    ck_assert_str_eq(err, "");
    ck_assert_uint_eq(p.latency_ns, 2000);
    ck_assert(p.bandwidth == 1610612736.0);
    ck_assert_uint_eq(p.overhead_ns, 150);
    ck_assert_uint_eq(p.gap_ns, 10);
    ck_assert_uint_eq(p.jitter_ns, 0);
    ck_assert_int_eq(p.ordering, SIM_ORDER_FIFO);
    ck_assert_uint_eq(p.packet_bytes, 4096);
    ck_assert_uint_eq(p.call_ns, 1500);
    ck_assert_int_eq(sim_netparams_set(&p, "ordering", "adaptive", err, sizeof err), 0);
    ck_assert_int_eq(p.ordering, SIM_ORDER_ADAPTIVE);
}
END_TEST

/* Field by field: the struct has padding, so memcmp would be wrong. */
static void assert_same_net(const sim_net_params_t *a, const sim_net_params_t *b)
{
    ck_assert_uint_eq(a->latency_ns, b->latency_ns);
    ck_assert(a->bandwidth == b->bandwidth);
    ck_assert_uint_eq(a->overhead_ns, b->overhead_ns);
    ck_assert_uint_eq(a->gap_ns, b->gap_ns);
    ck_assert_uint_eq(a->jitter_ns, b->jitter_ns);
    ck_assert_int_eq(a->ordering, b->ordering);
    ck_assert_uint_eq(a->packet_bytes, b->packet_bytes);
    ck_assert_uint_eq(a->call_ns, b->call_ns);
}

START_TEST(netparams_errors)
{
    sim_net_params_t p, before;
    char err[256];
    sim_netparams_default(&p);
    before = p;
    ck_assert_int_eq(sim_netparams_set(&p, "latncy", "1us", err, sizeof err), -1);
    ck_assert_str_eq(err, "unknown network key 'latncy' (known: latency, bandwidth, overhead, "
                          "gap, jitter, ordering, packet, call)");
    ck_assert_int_eq(sim_netparams_set(&p, "latency", "1 parsec", err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "bad duration '1 parsec' for latency"));
    ck_assert_int_eq(sim_netparams_set(&p, "bandwidth", "10GB", err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "bad rate '10GB' for bandwidth"));
    ck_assert_int_eq(sim_netparams_set(&p, "bandwidth", "0", err, sizeof err), -1);
    ck_assert_int_eq(sim_netparams_set(&p, "ordering", "random", err, sizeof err), -1);
    ck_assert_str_eq(err, "bad ordering 'random' (known: adaptive, fifo)");
    ck_assert_int_eq(sim_netparams_set(&p, "packet", "0", err, sizeof err), -1);
    ck_assert_str_eq(err, "packet must be at least 1 byte, got '0'");
    ck_assert_int_eq(sim_netparams_set(&p, "packet", "2k", err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "bad size '2k' for packet"));
    ck_assert_int_eq(sim_netparams_set(&p, "gap", "3601s", err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "too large"));
    ck_assert_int_eq(sim_netparams_set(&p, "gap", "3600s", err, sizeof err), 0);
    p.gap_ns = before.gap_ns;
    ck_assert_int_eq(sim_netparams_set(&p, "jitter", NULL, NULL, 0), -1);
    ck_assert_int_eq(sim_netparams_set(&p, NULL, "1us", NULL, 0), -1);
    assert_same_net(&p, &before);
}
END_TEST

START_TEST(netparams_is_key)
{
    ck_assert_int_eq(sim_netparams_is_key("latency"), 1);
    ck_assert_int_eq(sim_netparams_is_key("call"), 1);
    ck_assert_int_eq(sim_netparams_is_key("Latency"), 0);
    ck_assert_int_eq(sim_netparams_is_key(""), 0);
    ck_assert_int_eq(sim_netparams_is_key(NULL), 0);
}
END_TEST

START_TEST(netparams_kv)
{
    sim_net_params_t p;
    char err[256];
    sim_netparams_default(&p);
    ck_assert_int_eq(sim_netparams_set_kv(&p, "latency=1ms", err, sizeof err), 0);
    ck_assert_uint_eq(p.latency_ns, 1000000);
    ck_assert_int_eq(sim_netparams_set_kv(&p, "bandwidth=1e9", err, sizeof err), 0);
    ck_assert(p.bandwidth == 1e9);
    ck_assert_int_eq(sim_netparams_set_kv(&p, "latency", err, sizeof err), -1);
    ck_assert_str_eq(err, "expected KEY=VALUE for --net, got 'latency'");
    ck_assert_int_eq(sim_netparams_set_kv(&p, "=1us", err, sizeof err), -1);
    ck_assert_int_eq(sim_netparams_set_kv(&p, "latency=", err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "bad duration '' for latency"));
    ck_assert_int_eq(sim_netparams_set_kv(&p, "jitter=1us=2", err, sizeof err), -1);
    ck_assert_int_eq(sim_netparams_set_kv(&p, "nope=3", err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "unknown network key 'nope'"));
    ck_assert_uint_eq(p.latency_ns, 1000000);
}
END_TEST

START_TEST(netparams_json)
{
    sim_net_params_t p;
    char buf[SIM_NETPARAMS_JSON_MAX], small[16];
    sim_netparams_default(&p);
    sim_netparams_json(&p, buf, sizeof buf);
    ck_assert_str_eq(buf, "{\"latency_ns\":1000,\"bandwidth\":10000000000,\"overhead_ns\":100,"
                          "\"gap_ns\":5,\"jitter_ns\":200,\"ordering\":\"adaptive\","
                          "\"packet_bytes\":2048,\"call_ns\":20}");
    p.ordering = SIM_ORDER_FIFO;
    p.bandwidth = 1.5;
    p.latency_ns = UINT64_MAX;
    sim_netparams_json(&p, buf, sizeof buf);
    ck_assert_str_eq(buf, "{\"latency_ns\":18446744073709551615,\"bandwidth\":1.5,"
                          "\"overhead_ns\":100,\"gap_ns\":5,\"jitter_ns\":200,"
                          "\"ordering\":\"fifo\",\"packet_bytes\":2048,\"call_ns\":20}");
    sim_netparams_json(&p, small, sizeof small);
    ck_assert_uint_eq(strlen(small), sizeof small - 1);
    ck_assert_int_eq(strncmp(small, buf, sizeof small - 1), 0);
    p.bandwidth = NAN;
    sim_netparams_json(&p, buf, sizeof buf);
    ck_assert_ptr_nonnull(strstr(buf, "\"bandwidth\":null,"));
}
END_TEST

Suite *units_suite(void)
{
    Suite *s = suite_create("units");
    TCase *tc = tcase_create("duration");
    tcase_add_loop_test(tc, duration_good, 0, N_ELEMS(good_durations));
    tcase_add_loop_test(tc, duration_bad, 0, N_ELEMS(bad_durations));
    tcase_add_test(tc, duration_null);
    suite_add_tcase(s, tc);
    tc = tcase_create("size");
    tcase_add_loop_test(tc, size_good, 0, N_ELEMS(good_sizes));
    tcase_add_loop_test(tc, size_bad, 0, N_ELEMS(bad_sizes));
    suite_add_tcase(s, tc);
    tc = tcase_create("rate");
    tcase_add_loop_test(tc, rate_good, 0, N_ELEMS(good_rates));
    tcase_add_loop_test(tc, rate_bad, 0, N_ELEMS(bad_rates));
    tcase_add_test(tc, number_values);
    suite_add_tcase(s, tc);
    tc = tcase_create("netparams");
    tcase_add_test(tc, netparams_defaults);
    tcase_add_test(tc, netparams_set_each_key);
    tcase_add_test(tc, netparams_errors);
    tcase_add_test(tc, netparams_is_key);
    tcase_add_test(tc, netparams_kv);
    tcase_add_test(tc, netparams_json);
    suite_add_tcase(s, tc);
    return s;
}
