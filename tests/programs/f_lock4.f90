! A lock of default INTEGER kind (4 bytes), as the specification's
! synopsis declares it: each PE adds 1 to PE 0's total ten times, each a
! get, an increment and a put, under the lock.  Every update survives only
! when the lock excludes the others: the total is 10 * npes.
program f_lock4
  implicit none
  include 'shmem.fh'
  integer, save :: lk = 0
  integer, save :: total = 0
  integer :: me, npes, i, v
  integer :: shmem_my_pe, shmem_n_pes
  call shmem_init()
  me = shmem_my_pe()
  npes = shmem_n_pes()
  call shmem_barrier_all()
  do i = 1, 10
    call shmem_set_lock(lk)
    call shmem_integer_get(v, total, 1, 0)
    call shmem_integer_put(total, v + 1, 1, 0)
    call shmem_quiet()
    call shmem_clear_lock(lk)
  end do
  call shmem_barrier_all()
  if (me == 0) write (*, '(a, i0, a, i0)') 'total ', total, ' of ', 10 * npes
  call shmem_finalize()
end program
