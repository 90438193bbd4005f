C     cray_seed001_values: seed 001's Fortran example (cray_seed001.f)
C     with FOO set on each PE to a value of its own, in the same Cray
C     style (built with shmemsim-fc --cray).  The maximum over the even
C     PEs is the value of the last even PE; each even PE checks it.
      INCLUDE "mpp/shmem.fh"

      INTEGER PSYNC(SHMEM_REDUCE_SYNC_SIZE)
      DATA PSYNC /SHMEM_REDUCE_SYNC_SIZE*SHMEM_SYNC_VALUE/
      PARAMETER (NR=1)
      REAL FOO, FOOMAX, PWRK(MAX(NR/2+1,SHMEM_REDUCE_MIN_WRKDATA_SIZE))
      COMMON /COM/ FOO, FOOMAX, PWRK
      INTRINSIC MY_PE

      FOO = 3.25 * MY_PE() - 2.0
      IF ( MOD(MY_PE(),2) .EQ. 0) THEN
        CALL SHMEM_REAL8_MAX_TO_ALL(FOOMAX, FOO, NR, 0, 1, N$PES/2,
     &  PWRK, PSYNC)
        PRINT *, 'Result on PE ', MY_PE(), ' is ', FOOMAX
        IF (FOOMAX .EQ. 3.25 * (2 * (N$PES/2) - 2) - 2.0) THEN
          PRINT *, 'OK on PE ', MY_PE()
        ELSE
          PRINT *, 'FAIL on PE ', MY_PE()
        ENDIF
      ENDIF
      END
