/* mpp/shmem.h: the legacy include path, as Cray's: the interface of
 * <shmem.h> with Cray's extensions of <shmemx.h> (programs written for
 * Cray SHMEM call shmemx_ routines with only this header included). */
#include <shmem.h>
#include <shmemx.h>
