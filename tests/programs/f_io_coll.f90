! f_io_coll: every PE prints a value that a function of the PRINT's
! output list computes after a barrier.  Correct on a machine, where
! each PE has its own I/O units; here the PEs share them, so the first
! PE inside the statement waits in the barrier for the others, which
! wait for its statement to end: a deadlock whose report says why.
program f_io_coll
  implicit none
  include 'shmem.fh'
  integer :: me
  integer, external :: shmem_my_pe

  call shmem_init()
  me = shmem_my_pe()
  print *, 'PE', me, 'value', synced(me) ! STMT(io-coll)
  call shmem_finalize()

contains

  integer function synced(x)
    integer, intent(in) :: x
    call shmem_barrier_all()
    synced = x
  end function
end program f_io_coll
