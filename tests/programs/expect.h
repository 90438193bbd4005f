/* tests/programs/expect.h: EXPECT(cond) for the checking programs.  A
 * false condition is counted in the program's `errors` and printed with
 * the PE (`me`) and the line, so the test names what failed. */
#ifndef EXPECT_H
#define EXPECT_H

#include <stdio.h>

#define EXPECT(cond)                                                            \
    do {                                                                        \
        if (!(cond)) {                                                          \
            errors++;                                                           \
            printf("PE %d: line %d: %s failed\n", me, __LINE__, #cond);         \
        }                                                                       \
    } while (0)

#endif
