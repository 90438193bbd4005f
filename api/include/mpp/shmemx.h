/* mpp/shmemx.h: the legacy include path; the same interface as <shmemx.h>. */
#include <shmemx.h>
