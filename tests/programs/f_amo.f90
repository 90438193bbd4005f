! f_amo: the Fortran atomics (SHMEM_INT4_*, SHMEM_INT8_*: ADD, INC, FADD,
! FINC, CSWAP, FETCH, SET, SWAP; SHMEM_REAL4/8_FETCH, SET, SWAP;
! SHMEM_SWAP), the waits (SHMEM_INT4/INT8_WAIT(_UNTIL), SHMEM_WAIT(_UNTIL))
! and the locks (SHMEM_SET_LOCK, SHMEM_TEST_LOCK, SHMEM_CLEAR_LOCK on an
! INTEGER*8).  PE 0 prints "OK <routines>", any PE "FAIL ...", each
! "PE n done".
program f_amo
  implicit none
  include 'shmem.fh'
  integer, parameter :: maxpe = 64
  integer(4), save :: c4, t4, x4, y4, z4, wins, f4, g4, seen(maxpe)
  integer(8), save :: c8, t8, x8, y8, z8, f8, g8, lock, count
  real(4), save :: r4
  real(8), save :: r8
  integer :: me, npes, nbad, right, left, p, i
  integer(4) :: o4, a4, b4
  integer(8) :: o8, a8, b8, want8
  real(4) :: q4
  real(8) :: q8
  logical :: ok
  integer, external :: shmem_my_pe, shmem_n_pes, shmem_int4_fadd, shmem_int4_finc
  integer, external :: shmem_int4_cswap, shmem_int4_fetch, shmem_int4_swap, shmem_swap
  integer, external :: shmem_finc, shmem_fadd, shmem_cswap
  integer, external :: shmem_test_lock
  integer(8), external :: shmem_int8_fadd, shmem_int8_finc, shmem_int8_cswap
  integer(8), external :: shmem_int8_fetch, shmem_int8_swap
  real(4), external :: shmem_real4_fetch, shmem_real4_swap
  real(8), external :: shmem_real8_fetch, shmem_real8_swap
  common /state/ me, npes, nbad

  call shmem_init()
  me = shmem_my_pe()
  npes = shmem_n_pes()
  nbad = 0
  right = mod(me + 1, npes)
  left = mod(me + npes - 1, npes)
  c4 = 0; c8 = 0; t4 = 0; t8 = 0; x4 = -1; x8 = -1; y4 = -1; y8 = -1
  z4 = 0; z8 = 0; wins = 0; seen = -1; f4 = 0; g4 = 0; f8 = 0; g8 = 0
  lock = 0; count = 0; r4 = -1; r8 = -1
  call shmem_barrier_all()

  ! ADD, INC, FADD, FINC into PE 0's counters; FINC tickets are distinct.
  call shmem_int4_add(c4, me + 1, 0)
  call shmem_int4_inc(c4, 0)
  o4 = shmem_int4_fadd(c4, 10, 0)
  a4 = shmem_int4_finc(t4, 0)
  call shmem_int8_add(c8, int(me + 1, 8) * 2_8**35, 0)
  call shmem_int8_inc(c8, 0)
  o8 = shmem_int8_fadd(c8, 10_8, 0)
  a8 = shmem_int8_finc(t8, 0)
  call shmem_integer_put(seen(a4 + 1), me, 1, 0)
  call shmem_barrier_all()
  ok = .true.
  if (me == 0) then
    ok = c4 == npes * (npes + 1) / 2 + 11 * npes .and. t4 == npes .and. t8 == npes
    ok = ok .and. c8 == int(npes, 8) * (npes + 1) / 2 * 2_8**35 + 11 * npes
    do p = 0, npes - 1
      ok = ok .and. count_of(p) == 1
    end do
  end if
  ok = ok .and. o4 >= 0 .and. o8 >= 0 .and. a8 >= 0 .and. a8 < npes
  call report('SHMEM_INT4/INT8_ADD, INC, FADD, FINC', ok)

  ! SET and FETCH on the right neighbour; SWAP returns the old value.
  call shmem_int4_set(x4, me * 3, right)
  call shmem_int8_set(x8, me * 2_8**40, right)
  o4 = shmem_int4_swap(y4, me + 100, right)
  o8 = shmem_int8_swap(y8, me + 2_8**36, right)
  call shmem_barrier_all()
  a4 = shmem_int4_fetch(x4, right)
  a8 = shmem_int8_fetch(x8, right)
  ok = a4 == me * 3 .and. a8 == me * 2_8**40 .and. o4 == -1 .and. o8 == -1
  ok = ok .and. x4 == left * 3 .and. y4 == left + 100 .and. y8 == left + 2_8**36
  call report('SHMEM_INT4/INT8_SET, FETCH, SWAP', ok)

  ! CSWAP: one PE wins PE 0's word.
  o4 = shmem_int4_cswap(z4, 0, me + 1, 0)
  o8 = shmem_int8_cswap(z8, 0_8, me + 2_8**33, 0)
  if (o4 == 0) call shmem_int4_add(wins, 1, 0)
  if (o8 == 0) call shmem_int4_add(wins, 100, 0)
  call shmem_barrier_all()
  ok = (o4 == 0 .or. (o4 >= 1 .and. o4 <= npes)) .and. (o8 == 0 .or. o8 >= 2_8**33)
  if (me == 0) ok = ok .and. wins == 101 .and. z4 >= 1 .and. z8 >= 2_8**33
  call report('SHMEM_INT4/INT8_CSWAP', ok)

  ! Reals: SET, FETCH, SWAP; and SHMEM_SWAP on a default INTEGER.
  call shmem_real4_set(r4, me + 0.5, right)
  call shmem_barrier_all()
  q4 = shmem_real4_fetch(r4, right)
  q8 = shmem_real8_swap(r8, me + 0.25d0, right)
  call shmem_barrier_all()
  ok = q4 == me + 0.5 .and. r4 == left + 0.5 .and. q8 == -1 .and. r8 == left + 0.25d0
  call shmem_barrier_all()
  call shmem_real8_set(r8, me * 2d0, right)
  q4 = shmem_real4_swap(r4, -2.5, right)
  call shmem_barrier_all()
  q8 = shmem_real8_fetch(r8, right)
  ok = ok .and. q8 == me * 2d0 .and. q4 == me + 0.5 .and. r4 == -2.5
  b4 = shmem_swap(g4, me + 7, right)
  call shmem_barrier_all()
  ok = ok .and. b4 == 0 .and. g4 == left + 7
  call report('SHMEM_REAL4/REAL8_SET, FETCH, SWAP and SHMEM_SWAP', ok)

  ! Cray's untyped FINC, FADD and CSWAP on a default INTEGER: every PE
  ! counts itself on PE 0's g4, then PE 0 swaps it back to 0.
  call shmem_barrier_all()
  g4 = 0
  call shmem_barrier_all()
  a4 = shmem_finc(g4, 0)
  b4 = shmem_fadd(g4, 10, 0)
  call shmem_barrier_all()
  ok = a4 >= 0 .and. a4 < 11 * npes .and. b4 >= 1 .and. b4 < 11 * npes
  if (me == 0) then
    ok = ok .and. g4 == 11 * npes
    o4 = shmem_cswap(g4, 11 * npes, 0, 0)
    ok = ok .and. o4 == 11 * npes .and. g4 == 0
  end if
  call report('SHMEM_FINC, SHMEM_FADD and SHMEM_CSWAP (untyped)', ok)

  ! Waits: each PE sets its right neighbour's flag (fenced, so the values
  ! land in order) and waits on its own.
  g4 = 0
  call shmem_barrier_all()
  call shmem_int4_set(f4, 5, right)
  call shmem_fence()
  call shmem_int4_wait(f4, 0)
  call shmem_int4_set(f4, 9, right)
  call shmem_int4_wait_until(f4, SHMEM_CMP_GE, 9)
  call shmem_int8_set(f8, 2_8**40, right)
  call shmem_fence()
  call shmem_int8_wait(f8, 0_8)
  call shmem_int8_set(f8, -3_8, right)
  call shmem_int8_wait_until(f8, SHMEM_CMP_LT, 0_8)
  call shmem_int4_set(g4, 1, right)
  call shmem_fence()
  call shmem_wait(g4, 0)
  call shmem_int4_set(g4, 3, right)
  call shmem_wait_until(g4, SHMEM_CMP_EQ, 3)
  call report('SHMEM_INT4/INT8_WAIT(_UNTIL), SHMEM_WAIT(_UNTIL)', &
       f4 == 9 .and. f8 == -3 .and. g4 == 3)

  ! Locks: a read-increment-write of PE 0's count under the lock, twice
  ! per PE (once taken with SHMEM_TEST_LOCK).
  do i = 1, 2
    if (i == 1) then
      call shmem_set_lock(lock)
    else
      do while (shmem_test_lock(lock) /= 0)
      end do
    end if
    call shmem_get64(b8, count, 1, 0)
    b8 = b8 + 1
    call shmem_put64(count, b8, 1, 0)
    call shmem_quiet()
    call shmem_clear_lock(lock)
  end do
  call shmem_barrier_all()
  want8 = 2 * npes
  call report('SHMEM_SET_LOCK, SHMEM_TEST_LOCK, SHMEM_CLEAR_LOCK', me /= 0 .or. count == want8)
  print '(A,I0,A,I0,A)', 'PE ', me, ' done (', nbad, ' wrong)'

contains

  integer function count_of(v)
    integer, intent(in) :: v
    integer :: k
    count_of = 0
    do k = 1, npes
      if (seen(k) == v) count_of = count_of + 1
    end do
  end function
end program

include 'f_report.inc'
