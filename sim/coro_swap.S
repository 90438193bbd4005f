/* sim/coro_swap.S: the context switch (x86-64 System V).
 *
 * void sim_coro_swap(void **save_sp, void *new_sp)
 * Pushes the callee-saved registers and the FP control state on the current
 * stack, stores the stack pointer in *save_sp, loads new_sp and pops the
 * same frame from there.  The frame layout is mirrored by coro.c when it
 * builds the first frame of a new context. */
    .text
    .globl  sim_coro_swap
    .type   sim_coro_swap, @function
sim_coro_swap:
    pushq   %rbp
    pushq   %rbx
    pushq   %r12
    pushq   %r13
    pushq   %r14
    pushq   %r15
    subq    $8, %rsp
    stmxcsr (%rsp)
    fnstcw  4(%rsp)
    movq    %rsp, (%rdi)
    movq    %rsi, %rsp
    ldmxcsr (%rsp)
    fldcw   4(%rsp)
    addq    $8, %rsp
    popq    %r15
    popq    %r14
    popq    %r13
    popq    %r12
    popq    %rbx
    popq    %rbp
    ret
    .size   sim_coro_swap, .-sim_coro_swap
    .section .note.GNU-stack,"",@progbits
