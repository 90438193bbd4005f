! OpenMP in Fortran: a parallel do with a reduction over values each
! worker gets from the right neighbour with shmem_integer_get; nested
! regions and the omp_lib queries through gfortran's bindings.
program omp_fortran
  use omp_lib
  implicit none
  include 'shmem.fh'
  integer, save :: src(64)
  integer :: i, me, npes, right, total, v, nthreads, inner, kind, chunk
  logical :: queries
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
  ! Nested: 2 outer threads of 3 inner ones once max-active-levels is 2.
  call omp_set_max_active_levels(2)
  inner = 0
!$omp parallel num_threads(2) reduction(+:inner)
!$omp parallel num_threads(3) reduction(+:inner)
  if (omp_get_level() == 2 .and. omp_get_active_level() == 2 .and. &
      omp_get_team_size(1) == 2 .and. omp_get_ancestor_thread_num(0) == 0) inner = inner + 1
!$omp end parallel
!$omp end parallel
  call omp_set_schedule(omp_sched_dynamic, 5)
  call omp_get_schedule(kind, chunk)
  call omp_set_dynamic(.false.)
  queries = inner == 6 .and. omp_get_max_active_levels() == 2 .and. kind == omp_sched_dynamic &
      .and. chunk == 5 .and. .not. omp_get_dynamic() .and. omp_get_num_places() == 0 &
      .and. omp_get_num_teams() == 1 .and. .not. omp_in_final() &
      .and. omp_get_proc_bind() == omp_proc_bind_false
  call shmem_barrier_all()
  if (total == 6400 * right + 2080 .and. nthreads == 4 .and. queries) then
    print '(a,i0,a)', 'PE ', me, ': parallel do right'
  else
    print '(a,i0,a,i0,a,i0,a,l1)', 'PE ', me, ': WRONG ', total, ' threads ', nthreads, &
        ' queries ', queries
  end if
  call shmem_finalize()
end program
