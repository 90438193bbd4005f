/* shmemx.h: extensions (Cray SHMEM shmemx_* names) implemented by shmemsim. */
#ifndef SHMEMX_H
#define SHMEMX_H

#include <shmem.h>

#endif
