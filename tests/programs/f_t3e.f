C     f_t3e: Cray T3E-era Fortran SHMEM: START_PES, a put to the next
C     PE, CALL BARRIER() (which completes it), a check.  Prints
C     "PE n ok" per PE.
      PROGRAM F_T3E
      INCLUDE 'mpp/shmem.fh'
      INTEGER*8 X, V
      COMMON /XBLK/ X
      INTEGER ME, N, MY_PE, NUM_PES
      CALL START_PES(0)
      ME = MY_PE()
      N = NUM_PES()
      V = ME + 1
      CALL SHMEM_PUT8(X, V, 1, MOD(ME + 1, N))
      CALL BARRIER()
      IF (X .EQ. MOD(ME + N - 1, N) + 1) THEN
        PRINT '(A,I0,A)', 'PE ', ME, ' ok'
      ELSE
        PRINT '(A,I0,A)', 'PE ', ME, ' wrong'
      END IF
      END
