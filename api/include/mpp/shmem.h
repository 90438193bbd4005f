/* mpp/shmem.h: the legacy include path; the same interface as <shmem.h>. */
#include <shmem.h>
