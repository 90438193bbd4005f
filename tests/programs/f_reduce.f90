! f_reduce: every SHMEM_<TYPE>_<OP>_TO_ALL of the Fortran interface over
! all PEs, checked on every PE against the same reduction done serially.
! nreduce = 40 is more than a pWrk chunk (21 elements), so the protocol
! runs in chunks.  PE 0 prints "OK <routine>" for each routine; any PE
! prints "FAIL ..." on a wrong element; each ends with "PE n done".
! INT4 SUM is also run over the even PEs only (a strided active set).
module vals
  implicit none
  integer, parameter :: nr = 40
contains
  integer function iv(p, i)  ! 1..3: products of 8 PEs fit INTEGER*2
    integer, intent(in) :: p, i
    iv = mod(p + i, 3) + 1
  end function
  integer function bv(p, i)  ! bit patterns for AND, OR, XOR
    integer, intent(in) :: p, i
    bv = iand(p * 37 + i * 11 + 5, 255)
  end function
  real(8) function rv(p, i)  ! 0.5, 1, 1.5: sums and products exact
    integer, intent(in) :: p, i
    rv = (mod(p + i, 3) + 1) * 0.5d0
  end function
  real(8) function mv(p, i)  ! -1.5 .. 1.5 for MIN and MAX
    integer, intent(in) :: p, i
    mv = (mod(p * 5 + i, 7) - 3) * 0.5d0
  end function
  complex(8) function cv(p, i)
    integer, intent(in) :: p, i
    cv = cmplx(mod(p + i, 2) + 1, mod(p * 3 + i, 3) - 1, kind=8)
  end function
end module

program f_reduce
  use vals
  implicit none
  include 'shmem.fh'
  integer :: me, npes, nbad
  integer, external :: shmem_my_pe, shmem_n_pes
  common /state/ me, npes, nbad

  call shmem_init()
  me = shmem_my_pe()
  npes = shmem_n_pes()
  nbad = 0
  call test_int2()
  call test_int4()
  call test_int8()
  call test_real4()
  call test_real8()
  call test_real16()
  call test_comp4()
  call test_comp8()
  call test_strided()
  print '(A,I0,A,I0,A)', 'PE ', me, ' done (', nbad, ' wrong)'
end program

include 'f_report.inc'

! The serial result of op (1 SUM, 2 PROD, 3 MAX, 4 MIN, 5 AND, 6 OR, 7 XOR)
! over PEs 0..n-1 of integer element i.
integer(8) function iref(op, n, i)
  use vals
  implicit none
  integer, intent(in) :: op, n, i
  integer :: p
  select case (op)
  case (1)
    iref = 0
    do p = 0, n - 1
      iref = iref + iv(p, i)
    end do
  case (2)
    iref = 1
    do p = 0, n - 1
      iref = iref * iv(p, i)
    end do
  case (3)
    iref = mv(0, i) * 2
    do p = 1, n - 1
      iref = max(iref, int(mv(p, i) * 2, 8))
    end do
  case (4)
    iref = mv(0, i) * 2
    do p = 1, n - 1
      iref = min(iref, int(mv(p, i) * 2, 8))
    end do
  case default
    iref = bv(0, i)
    do p = 1, n - 1
      if (op == 5) iref = iand(iref, int(bv(p, i), 8))
      if (op == 6) iref = ior(iref, int(bv(p, i), 8))
      if (op == 7) iref = ieor(iref, int(bv(p, i), 8))
    end do
  end select
end function

! The source element of PE p for op (integer families).
integer function isrc(op, p, i)
  use vals
  implicit none
  integer, intent(in) :: op, p, i
  if (op <= 2) then
    isrc = iv(p, i)
  else if (op <= 4) then
    isrc = int(mv(p, i) * 2)
  else
    isrc = bv(p, i)
  end if
end function

real(8) function rref(op, n, i)
  use vals
  implicit none
  integer, intent(in) :: op, n, i
  integer :: p
  rref = merge(0d0, 1d0, op == 1)
  if (op >= 3) rref = mv(0, i)
  do p = merge(0, 1, op <= 2), n - 1
    select case (op)
    case (1)
      rref = rref + rv(p, i)
    case (2)
      rref = rref * rv(p, i)
    case (3)
      rref = max(rref, mv(p, i))
    case (4)
      rref = min(rref, mv(p, i))
    end select
  end do
end function

real(8) function rsrc(op, p, i)
  use vals
  implicit none
  integer, intent(in) :: op, p, i
  rsrc = merge(rv(p, i), mv(p, i), op <= 2)
end function

subroutine test_int2()
  use vals
  implicit none
  include 'shmem.fh'
  integer(2), save :: src(nr), tgt(nr), wrk(max(nr / 2 + 1, SHMEM_REDUCE_MIN_WRKDATA_SIZE))
  integer, save :: psync(SHMEM_REDUCE_SYNC_SIZE) = SHMEM_SYNC_VALUE
  character(*), parameter :: names(7) = ['SHMEM_INT2_SUM_TO_ALL ', 'SHMEM_INT2_PROD_TO_ALL', &
       'SHMEM_INT2_MAX_TO_ALL ', 'SHMEM_INT2_MIN_TO_ALL ', 'SHMEM_INT2_AND_TO_ALL ', &
       'SHMEM_INT2_OR_TO_ALL  ', 'SHMEM_INT2_XOR_TO_ALL ']
  integer :: me, npes, nbad, op, i
  integer, external :: isrc
  integer(8), external :: iref
  common /state/ me, npes, nbad
  do op = 1, 7
    do i = 1, nr
      src(i) = int(isrc(op, me, i), 2)
    end do
    tgt = -99
    call shmem_barrier_all()
    select case (op)
    case (1); call shmem_int2_sum_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    case (2); call shmem_int2_prod_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    case (3); call shmem_int2_max_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    case (4); call shmem_int2_min_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    case (5); call shmem_int2_and_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    case (6); call shmem_int2_or_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    case (7); call shmem_int2_xor_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    end select
    call report(trim(names(op)), all([(int(tgt(i), 8) == iref(op, npes, i), i = 1, nr)]))
  end do
end subroutine

subroutine test_int4()
  use vals
  implicit none
  include 'shmem.fh'
  integer(4), save :: src(nr), tgt(nr), wrk(max(nr / 2 + 1, SHMEM_REDUCE_MIN_WRKDATA_SIZE))
  integer, save :: psync(SHMEM_REDUCE_SYNC_SIZE) = SHMEM_SYNC_VALUE
  character(*), parameter :: names(7) = ['SHMEM_INT4_SUM_TO_ALL ', 'SHMEM_INT4_PROD_TO_ALL', &
       'SHMEM_INT4_MAX_TO_ALL ', 'SHMEM_INT4_MIN_TO_ALL ', 'SHMEM_INT4_AND_TO_ALL ', &
       'SHMEM_INT4_OR_TO_ALL  ', 'SHMEM_INT4_XOR_TO_ALL ']
  integer :: me, npes, nbad, op, i
  integer, external :: isrc
  integer(8), external :: iref
  common /state/ me, npes, nbad
  do op = 1, 7
    do i = 1, nr
      src(i) = isrc(op, me, i)
    end do
    tgt = -99
    call shmem_barrier_all()
    select case (op)
    case (1); call shmem_int4_sum_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    case (2); call shmem_int4_prod_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    case (3); call shmem_int4_max_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    case (4); call shmem_int4_min_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    case (5); call shmem_int4_and_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    case (6); call shmem_int4_or_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    case (7); call shmem_int4_xor_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    end select
    call report(trim(names(op)), all([(int(tgt(i), 8) == iref(op, npes, i), i = 1, nr)]))
  end do
end subroutine

subroutine test_int8()
  use vals
  implicit none
  include 'shmem.fh'
  integer(8), save :: src(nr), tgt(nr), wrk(max(nr / 2 + 1, SHMEM_REDUCE_MIN_WRKDATA_SIZE))
  integer, save :: psync(SHMEM_REDUCE_SYNC_SIZE) = SHMEM_SYNC_VALUE
  character(*), parameter :: names(7) = ['SHMEM_INT8_SUM_TO_ALL ', 'SHMEM_INT8_PROD_TO_ALL', &
       'SHMEM_INT8_MAX_TO_ALL ', 'SHMEM_INT8_MIN_TO_ALL ', 'SHMEM_INT8_AND_TO_ALL ', &
       'SHMEM_INT8_OR_TO_ALL  ', 'SHMEM_INT8_XOR_TO_ALL ']
  integer :: me, npes, nbad, op, i
  integer, external :: isrc
  integer(8), external :: iref
  common /state/ me, npes, nbad
  do op = 1, 7
    do i = 1, nr
      ! Large values: the upper half of the 8-byte words takes part too.
      src(i) = isrc(op, me, i)
      if (op >= 5) src(i) = src(i) + ishft(int(isrc(op, me, i), 8), 40)
    end do
    tgt = -99
    call shmem_barrier_all()
    select case (op)
    case (1); call shmem_int8_sum_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    case (2); call shmem_int8_prod_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    case (3); call shmem_int8_max_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    case (4); call shmem_int8_min_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    case (5); call shmem_int8_and_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    case (6); call shmem_int8_or_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    case (7); call shmem_int8_xor_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    end select
    call report(trim(names(op)), all([(tgt(i) == iref(op, npes, i) + &
         merge(ishft(iref(op, npes, i), 40), 0_8, op >= 5), i = 1, nr)]))
  end do
end subroutine

subroutine test_real4()
  use vals
  implicit none
  include 'shmem.fh'
  real(4), save :: src(nr), tgt(nr), wrk(max(nr / 2 + 1, SHMEM_REDUCE_MIN_WRKDATA_SIZE))
  integer, save :: psync(SHMEM_REDUCE_SYNC_SIZE) = SHMEM_SYNC_VALUE
  character(*), parameter :: names(4) = ['SHMEM_REAL4_SUM_TO_ALL ', &
       'SHMEM_REAL4_PROD_TO_ALL', 'SHMEM_REAL4_MAX_TO_ALL ', 'SHMEM_REAL4_MIN_TO_ALL ']
  integer :: me, npes, nbad, op, i
  real(8), external :: rsrc, rref
  common /state/ me, npes, nbad
  do op = 1, 4
    do i = 1, nr
      src(i) = real(rsrc(op, me, i), 4)
    end do
    tgt = -99
    call shmem_barrier_all()
    select case (op)
    case (1); call shmem_real4_sum_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    case (2); call shmem_real4_prod_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    case (3); call shmem_real4_max_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    case (4); call shmem_real4_min_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    end select
    call report(trim(names(op)), all([(real(tgt(i), 8) == rref(op, npes, i), i = 1, nr)]))
  end do
end subroutine

subroutine test_real8()
  use vals
  implicit none
  include 'shmem.fh'
  real(8), save :: src(nr), tgt(nr), wrk(max(nr / 2 + 1, SHMEM_REDUCE_MIN_WRKDATA_SIZE))
  integer, save :: psync(SHMEM_REDUCE_SYNC_SIZE) = SHMEM_SYNC_VALUE
  character(*), parameter :: names(4) = ['SHMEM_REAL8_SUM_TO_ALL ', &
       'SHMEM_REAL8_PROD_TO_ALL', 'SHMEM_REAL8_MAX_TO_ALL ', 'SHMEM_REAL8_MIN_TO_ALL ']
  integer :: me, npes, nbad, op, i
  real(8), external :: rsrc, rref
  common /state/ me, npes, nbad
  do op = 1, 4
    do i = 1, nr
      src(i) = rsrc(op, me, i)
    end do
    tgt = -99
    call shmem_barrier_all()
    select case (op)
    case (1); call shmem_real8_sum_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    case (2); call shmem_real8_prod_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    case (3); call shmem_real8_max_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    case (4); call shmem_real8_min_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    end select
    call report(trim(names(op)), all([(tgt(i) == rref(op, npes, i), i = 1, nr)]))
  end do
end subroutine

subroutine test_real16()
  use vals
  implicit none
  include 'shmem.fh'
  real(16), save :: src(nr), tgt(nr), wrk(max(nr / 2 + 1, SHMEM_REDUCE_MIN_WRKDATA_SIZE))
  integer, save :: psync(SHMEM_REDUCE_SYNC_SIZE) = SHMEM_SYNC_VALUE
  character(*), parameter :: names(4) = ['SHMEM_REAL16_SUM_TO_ALL ', &
       'SHMEM_REAL16_PROD_TO_ALL', 'SHMEM_REAL16_MAX_TO_ALL ', 'SHMEM_REAL16_MIN_TO_ALL ']
  integer :: me, npes, nbad, op, i
  real(8), external :: rsrc, rref
  common /state/ me, npes, nbad
  do op = 1, 4
    do i = 1, nr
      ! A part beyond double precision checks that all 16 bytes travel.
      src(i) = real(rsrc(op, me, i), 16) + merge(1e-25_16, 0.0_16, op == 3 .and. me == 0)
    end do
    tgt = -99
    call shmem_barrier_all()
    select case (op)
    case (1); call shmem_real16_sum_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    case (2); call shmem_real16_prod_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    case (3); call shmem_real16_max_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    case (4); call shmem_real16_min_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
    end select
    if (op == 3) then
      call report(trim(names(op)), all([(tgt(i) == real(rref(op, npes, i), 16) + &
           merge(1e-25_16, 0.0_16, rsrc(op, 0, i) == rref(op, npes, i)), i = 1, nr)]))
    else
      call report(trim(names(op)), all([(tgt(i) == real(rref(op, npes, i), 16), i = 1, nr)]))
    end if
  end do
end subroutine

subroutine test_comp4()
  use vals
  implicit none
  include 'shmem.fh'
  complex(4), save :: src(nr), tgt(nr), wrk(max(nr / 2 + 1, SHMEM_REDUCE_MIN_WRKDATA_SIZE))
  integer, save :: psync(SHMEM_REDUCE_SYNC_SIZE) = SHMEM_SYNC_VALUE
  integer :: me, npes, nbad, i, p
  complex(8) :: s(nr), q(nr)
  common /state/ me, npes, nbad
  s = 0
  q = 1
  do i = 1, nr
    src(i) = cmplx(cv(me, i), kind=4)
    do p = 0, npes - 1
      s(i) = s(i) + cv(p, i)
      q(i) = q(i) * cv(p, i)
    end do
  end do
  tgt = -99
  call shmem_barrier_all()
  call shmem_comp4_sum_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
  call report('SHMEM_COMP4_SUM_TO_ALL', all(cmplx(tgt, kind=8) == s))
  call shmem_comp4_prod_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
  call report('SHMEM_COMP4_PROD_TO_ALL', all(cmplx(tgt, kind=8) == q))
end subroutine

subroutine test_comp8()
  use vals
  implicit none
  include 'shmem.fh'
  complex(8), save :: src(nr), tgt(nr), wrk(max(nr / 2 + 1, SHMEM_REDUCE_MIN_WRKDATA_SIZE))
  integer, save :: psync(SHMEM_REDUCE_SYNC_SIZE) = SHMEM_SYNC_VALUE
  integer :: me, npes, nbad, i, p
  complex(8) :: s(nr), q(nr)
  common /state/ me, npes, nbad
  s = 0
  q = 1
  do i = 1, nr
    src(i) = cv(me, i)
    do p = 0, npes - 1
      s(i) = s(i) + cv(p, i)
      q(i) = q(i) * cv(p, i)
    end do
  end do
  tgt = -99
  call shmem_barrier_all()
  call shmem_comp8_sum_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
  call report('SHMEM_COMP8_SUM_TO_ALL', all(tgt == s))
  call shmem_comp8_prod_to_all(tgt, src, nr, 0, 0, npes, wrk, psync)
  call report('SHMEM_COMP8_PROD_TO_ALL', all(tgt == q))
end subroutine

! INT4 SUM over the even PEs (PE_start 0, logPE_stride 1): the odd PEs
! keep their target.
subroutine test_strided()
  use vals
  implicit none
  include 'shmem.fh'
  integer(4), save :: src(nr), tgt(nr), wrk(max(nr / 2 + 1, SHMEM_REDUCE_MIN_WRKDATA_SIZE))
  integer, save :: psync(SHMEM_REDUCE_SYNC_SIZE) = SHMEM_SYNC_VALUE
  integer :: me, npes, nbad, i, p, neven
  integer(4) :: want(nr)
  common /state/ me, npes, nbad
  neven = (npes + 1) / 2
  want = -99
  do i = 1, nr
    src(i) = iv(me, i)
    if (mod(me, 2) == 0) then
      want(i) = 0
      do p = 0, npes - 1, 2
        want(i) = want(i) + iv(p, i)
      end do
    end if
  end do
  tgt = -99
  call shmem_barrier_all()
  if (mod(me, 2) == 0) call shmem_int4_sum_to_all(tgt, src, nr, 0, 1, neven, wrk, psync)
  call report('SHMEM_INT4_SUM_TO_ALL over the even PEs', all(tgt == want))
end subroutine
