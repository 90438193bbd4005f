/* scripts/bench/switch: context-switch cost of sim_coro against glibc's
 * swapcontext, both as a ping-pong between two contexts. */
#include "coro.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <ucontext.h>

#define ROUNDS 5000000L

static sim_coro_t main_c, peer_c;
static ucontext_t main_u, peer_u;

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void peer_sim(void)
{
    sim_coro_started(&peer_c);
    for (;;)
        sim_coro_switch(&peer_c, &main_c);
}

static void peer_glibc(void)
{
    for (;;)
        swapcontext(&peer_u, &main_u);
}

int main(void)
{
    static sim_stacks_t stacks;
    if (sim_stacks_create(&stacks, 1, 1, 64 * 1024, 1) || sim_coro_create(&peer_c, &stacks, 0, peer_sim))
        return 1;
    double t0 = now_s();
    for (long i = 0; i < ROUNDS; i++)
        sim_coro_switch(&main_c, &peer_c);
    double sim_ns = (now_s() - t0) * 1e9 / (2.0 * ROUNDS);

    static char stack[64 * 1024];
    getcontext(&peer_u);
    peer_u.uc_stack.ss_sp = stack;
    peer_u.uc_stack.ss_size = sizeof stack;
    makecontext(&peer_u, peer_glibc, 0);
    t0 = now_s();
    for (long i = 0; i < ROUNDS; i++)
        swapcontext(&main_u, &peer_u);
    double glibc_ns = (now_s() - t0) * 1e9 / (2.0 * ROUNDS);
    printf("context switch: sim_coro %.1f ns, swapcontext %.1f ns, ratio %.1fx (target >= 10x)\n",
           sim_ns, glibc_ns, glibc_ns / sim_ns);
    return 0;
}
