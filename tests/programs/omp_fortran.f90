! OpenMP in Fortran: a parallel do with a reduction over values each
! worker gets from the right neighbour with shmem_integer_get.
program omp_fortran
  use omp_lib
  implicit none
  include 'shmem.fh'
  integer, save :: src(64)
  integer :: i, me, npes, right, total, v, nthreads
  integer :: shmem_my_pe, shmem_n_pes
  call shmem_init()
  me = shmem_my_pe()
  npes = shmem_n_pes()
  right = mod(me + 1, npes)
  do i = 1, 64
    src(i) = 100 * me + i
  end do
  call shmem_barrier_all()
  total = 0
  nthreads = 0
!$omp parallel do reduction(+:total) private(v)
  do i = 1, 64
    call shmem_integer_get(v, src(i), 1, right)
    total = total + v
  end do
!$omp end parallel do
!$omp parallel
!$omp master
  nthreads = omp_get_num_threads()
!$omp end master
!$omp end parallel
  call shmem_barrier_all()
  if (total == 6400 * right + 2080 .and. nthreads == 4) then
    print '(a,i0,a)', 'PE ', me, ': parallel do right'
  else
    print '(a,i0,a,i0,a,i0)', 'PE ', me, ': WRONG ', total, ' threads ', nthreads
  end if
  call shmem_finalize()
end program
