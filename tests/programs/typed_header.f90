! typed_header: a program written for Cray's full mpp/shmem.fh, which
! declared the type of every SHMEM function: under IMPLICIT NONE it
! calls them all undeclared.  Built with shmemsim-fc --typed-header.
! Each PE takes a ticket from PE 0 with the untyped, 4- and 8-byte
! fetch-and-increments, swaps an 8-byte real with its right neighbour,
! and prints what it got; PE 0 prints the counters once all are done.
program typed_header
  implicit none
  include 'mpp/shmem.fh'
  integer :: me, npes, right, t
  integer :: num_pes, my_pe  ! the legacy names are the program's to type
  integer, save :: count
  integer(kind=4), save :: count4
  integer(kind=8), save :: count8
  real(kind=8), save :: cell
  real(kind=8) :: old
  double precision :: t0
  call shmem_init()
  me = shmem_my_pe()
  npes = shmem_n_pes()
  right = mod(me + 1, npes)
  t0 = shmemx_wtime()
  count = 0
  count4 = 0
  count8 = 0
  cell = dble(me)
  call shmem_barrier_all()
  t = shmem_finc(count, 0) + shmem_int4_finc(count4, 0) + int(shmem_int8_finc(count8, 0))
  old = shmem_real8_swap(cell, dble(100 + me), right)
  call shmem_barrier_all()
  if (t < 0 .or. t > 3 * (npes - 1) .or. old /= dble(right)) then
    print '(a,i0,a)', 'PE ', me, ': wrong'
  else
    print '(a,i0,a,i0,a,i0,a,l1)', 'PE ', me, ' of ', num_pes(), ': swapped in ', &
        int(cell), ', time passed ', shmemx_wtime() > t0
  end if
  if (my_pe() == 0) print '(a,3(1x,i0))', 'counters', count, count4, count8
  call shmem_finalize()
end program typed_header
