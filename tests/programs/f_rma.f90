! f_rma: Fortran puts and gets around a ring (each PE writes to its right
! neighbour and reads from its left one): the typed routines (CHARACTER,
! COMPLEX, DOUBLE, INTEGER, LOGICAL, REAL), the sized ones (4, 8, 32, 64,
! 128), PUTMEM/GETMEM, their _NBI forms (completed by SHMEM_QUIET), the
! strided IPUT/IGET forms, the deprecated SHMEM_PUT (8-byte words), and
! Cray's SHMEMX_*_PUT_SIGNAL with a wait on the signal.  PE 0 prints
! "OK <routines>", any PE "FAIL ...", each "PE n done".
program f_rma
  implicit none
  include 'shmem.fh'
  integer, parameter :: n = 6
  ! Symmetric (saved) buffers: s* sources, d* destinations.
  character(len=n), save :: sc, dc
  complex(4), save :: sz(n), dz(n)
  real(8), save :: sd(n), dd(n)
  integer(4), save :: si(n), di(n)
  logical, save :: sl(n), dl(n)
  real(4), save :: sr(n), dr(n)
  integer(8), save :: s8(n), d8(n)
  integer(8), save :: s16(2 * n), d16(2 * n)   ! 128-bit elements as pairs
  integer(2), save :: s2(n), d2(n)
  integer(8), save :: sig = 0
  integer :: me, npes, nbad, right, left, i
  logical :: ok
  integer, external :: shmem_my_pe, shmem_n_pes
  common /state/ me, npes, nbad

  call shmem_init()
  me = shmem_my_pe()
  npes = shmem_n_pes()
  nbad = 0
  right = mod(me + 1, npes)
  left = mod(me + npes - 1, npes)

  ! ---- typed puts, then typed gets of the same data back ----
  call fill()
  call shmem_character_put(dc, sc, n, right)
  call shmem_complex_put(dz, sz, n, right)
  call shmem_double_put(dd, sd, n, right)
  call shmem_integer_put(di, si, n, right)
  call shmem_logical_put(dl, sl, n, right)
  call shmem_real_put(dr, sr, n, right)
  call shmem_barrier_all()
  call report('SHMEM_<TYPE>_PUT', typed_ok(left))
  call clear()
  call shmem_character_get(dc, sc, n, left)
  call shmem_complex_get(dz, sz, n, left)
  call shmem_double_get(dd, sd, n, left)
  call shmem_integer_get(di, si, n, left)
  call shmem_logical_get(dl, sl, n, left)
  call shmem_real_get(dr, sr, n, left)
  call report('SHMEM_<TYPE>_GET', typed_ok(left))

  ! ---- non-blocking forms ----
  call clear()
  call shmem_character_put_nbi(dc, sc, n, right)
  call shmem_complex_put_nbi(dz, sz, n, right)
  call shmem_double_put_nbi(dd, sd, n, right)
  call shmem_integer_put_nbi(di, si, n, right)
  call shmem_logical_put_nbi(dl, sl, n, right)
  call shmem_real_put_nbi(dr, sr, n, right)
  call shmem_quiet()
  call shmem_barrier_all()
  call report('SHMEM_<TYPE>_PUT_NBI', typed_ok(left))
  call clear()
  call shmem_character_get_nbi(dc, sc, n, left)
  call shmem_complex_get_nbi(dz, sz, n, left)
  call shmem_double_get_nbi(dd, sd, n, left)
  call shmem_integer_get_nbi(di, si, n, left)
  call shmem_logical_get_nbi(dl, sl, n, left)
  call shmem_real_get_nbi(dr, sr, n, left)
  call shmem_quiet()
  call report('SHMEM_<TYPE>_GET_NBI', typed_ok(left))

  ! ---- sized routines: 4/32 move 4-byte, 8/64 8-byte, 128 16-byte ----
  call clear()
  call shmem_put4(di, si, n, right)
  call shmem_put8(d8, s8, n / 2, right)
  call shmem_put64(d8(n / 2 + 1), s8(n / 2 + 1), n - n / 2, right)
  call shmem_put32(dr, sr, n, right)
  call shmem_put128(d16, s16, n, right)
  call shmem_barrier_all()
  call report('SHMEM_PUT4/8/32/64/128', sized_ok(left))
  call clear()
  call shmem_get4(di, si, n, left)
  call shmem_get8(d8, s8, n / 2, left)
  call shmem_get64(d8(n / 2 + 1), s8(n / 2 + 1), n - n / 2, left)
  call shmem_get32(dr, sr, n, left)
  call shmem_get128(d16, s16, n, left)
  call report('SHMEM_GET4/8/32/64/128', sized_ok(left))
  call clear()
  call shmem_put4_nbi(di, si, n, right)
  call shmem_put8_nbi(d8, s8, n / 2, right)
  call shmem_put64_nbi(d8(n / 2 + 1), s8(n / 2 + 1), n - n / 2, right)
  call shmem_put32_nbi(dr, sr, n, right)
  call shmem_put128_nbi(d16, s16, n, right)
  call shmem_quiet()
  call shmem_barrier_all()
  call report('SHMEM_PUT4/8/32/64/128_NBI', sized_ok(left))
  call clear()
  call shmem_get4_nbi(di, si, n, left)
  call shmem_get8_nbi(d8, s8, n / 2, left)
  call shmem_get64_nbi(d8(n / 2 + 1), s8(n / 2 + 1), n - n / 2, left)
  call shmem_get32_nbi(dr, sr, n, left)
  call shmem_get128_nbi(d16, s16, n, left)
  call shmem_quiet()
  call report('SHMEM_GET4/8/32/64/128_NBI', sized_ok(left))

  ! ---- bytes, and SHMEM_PUT's 8-byte words ----
  call clear()
  call shmem_putmem(di, si, 4 * n, right)
  call shmem_put(d8, s8, n, right)
  call shmem_barrier_all()
  call report('SHMEM_PUTMEM and SHMEM_PUT', ints_ok(left) .and. longs_ok(left))
  call clear()
  call shmem_get(d8, s8, n, left)
  call report('SHMEM_GET', longs_ok(left))
  call clear()
  call shmem_getmem(di, si, 4 * n, left)
  call shmem_putmem_nbi(d8, s8, 8 * n, right)
  call shmem_quiet()
  call shmem_barrier_all()
  call report('SHMEM_GETMEM and SHMEM_PUTMEM_NBI', ints_ok(left) .and. longs_ok(left))
  call clear()
  call shmem_getmem_nbi(d8, s8, 8 * n, left)
  call shmem_quiet()
  call report('SHMEM_GETMEM_NBI', longs_ok(left))

  ! ---- strided: every other element of the source into every third
  ! element of the target (elements 1, 4 of the target; n = 6) ----
  call clear()
  call shmem_integer_iput(di, si, 3, 2, 2, right)
  call shmem_iput64(d8, s8, 3, 2, 2, right)
  call shmem_iput4(dr, sr, 3, 2, 2, right)
  call shmem_iput8(dd, sd, 3, 2, 2, right)
  call shmem_iput32(di(2), si(2), 3, 2, 2, right)
  call shmem_iput128(d16, s16, 3, 2, 2, right)
  call shmem_double_iput(dd(2), sd(2), 3, 2, 2, right)
  call shmem_iputmem(dc, sc, 3, 2, 2, right)
  call shmem_barrier_all()
  call report('SHMEM_*IPUT*', strided_ok(left))
  call clear()
  call shmem_integer_iget(di, si, 3, 2, 2, left)
  call shmem_iget64(d8, s8, 3, 2, 2, left)
  call shmem_iget4(dr, sr, 3, 2, 2, left)
  call shmem_iget8(dd, sd, 3, 2, 2, left)
  call shmem_iget32(di(2), si(2), 3, 2, 2, left)
  call shmem_iget128(d16, s16, 3, 2, 2, left)
  call shmem_double_iget(dd(2), sd(2), 3, 2, 2, left)
  call shmem_igetmem(dc, sc, 3, 2, 2, left)
  call report('SHMEM_*IGET*', strided_ok(left))
  call clear()
  call shmem_character_iput(dc, sc, 3, 2, 2, right)
  call shmem_complex_iput(dz, sz, 3, 2, 2, right)
  call shmem_logical_iput(dl, sl, 3, 2, 2, right)
  call shmem_real_iput(dr, sr, 3, 2, 2, right)
  call shmem_barrier_all()
  call report('SHMEM_CHARACTER/COMPLEX/LOGICAL/REAL_IPUT', strided_typed_ok(left))
  call clear()
  call shmem_character_iget(dc, sc, 3, 2, 2, left)
  call shmem_complex_iget(dz, sz, 3, 2, 2, left)
  call shmem_logical_iget(dl, sl, 3, 2, 2, left)
  call shmem_real_iget(dr, sr, 3, 2, 2, left)
  call report('SHMEM_CHARACTER/COMPLEX/LOGICAL/REAL_IGET', strided_typed_ok(left))

  ! ---- put with signal: the data is there once the signal is ----
  call clear()
  call signal_round(1)
  call report('SHMEMX_<TYPE>_PUT_SIGNAL', typed_ok(left))
  call clear()
  call signal_round(2)
  call report('SHMEMX_PUT<SIZE>_SIGNAL', sized_ok(left) .and. &
       all([(d2(i) == ival(left) + i, i = 1, n)]))
  print '(A,I0,A,I0,A)', 'PE ', me, ' done (', nbad, ' wrong)'

contains

  elemental integer function ival(p)
    integer, intent(in) :: p
    ival = p * 10 + 1
  end function

  integer(8) function bval(p)
    integer, intent(in) :: p
    bval = int(p, 8) * 2_8**33 + 7
  end function

  ! Each PE's sources hold values of its own (element i differs by i).
  subroutine fill()
    do i = 1, n
      sc(i:i) = achar(iachar('a') + mod(me + i, 26))
      sz(i) = cmplx(me, i)
      sd(i) = me + i / 4d0
      si(i) = ival(me) + i
      sl(i) = mod(me + i, 2) == 0
      sr(i) = me - i / 2.0
      s8(i) = bval(me) + i
      s2(i) = int(ival(me) + i, 2)
    end do
    do i = 1, 2 * n
      s16(i) = bval(me) * 3 + i
    end do
  end subroutine

  subroutine clear()
    call shmem_barrier_all()
    dc = repeat('.', n)
    dz = (-1, -1)
    dd = -1
    di = -1
    dl = .false.
    dr = -1
    d8 = -1
    d16 = -1
    d2 = -1
    sig = 0
    call shmem_barrier_all()
  end subroutine

  logical function ints_ok(p)
    integer, intent(in) :: p
    ints_ok = all([(di(i) == ival(p) + i, i = 1, n)])
  end function

  logical function longs_ok(p)
    integer, intent(in) :: p
    longs_ok = all([(d8(i) == bval(p) + i, i = 1, n)])
  end function

  ! The destinations hold PE p's sources (re-derived, not read from p).
  logical function typed_ok(p)
    integer, intent(in) :: p
    typed_ok = .true.
    do i = 1, n
      typed_ok = typed_ok .and. dc(i:i) == achar(iachar('a') + mod(p + i, 26))
      typed_ok = typed_ok .and. dz(i) == cmplx(p, i) .and. dd(i) == p + i / 4d0
      typed_ok = typed_ok .and. di(i) == ival(p) + i .and. (dl(i) .eqv. mod(p + i, 2) == 0)
      typed_ok = typed_ok .and. dr(i) == p - i / 2.0
    end do
  end function

  logical function sized_ok(p)
    integer, intent(in) :: p
    sized_ok = .true.
    do i = 1, n
      sized_ok = sized_ok .and. di(i) == ival(p) + i .and. d8(i) == bval(p) + i
      sized_ok = sized_ok .and. dr(i) == p - i / 2.0
    end do
    do i = 1, 2 * n
      sized_ok = sized_ok .and. d16(i) == bval(p) * 3 + i
    end do
  end function

  ! Target elements 1 and 4 hold source elements 1 and 3; the rest is
  ! untouched (di, dd: elements 2 and 5 from the second strided call).
  logical function strided_ok(p)
    integer, intent(in) :: p
    strided_ok = di(1) == ival(p) + 1 .and. di(4) == ival(p) + 3 .and. &
         di(2) == ival(p) + 2 .and. di(5) == ival(p) + 4 .and. &
         di(3) == -1 .and. di(6) == -1 .and. &
         d8(1) == bval(p) + 1 .and. d8(4) == bval(p) + 3 .and. d8(2) == -1 .and. &
         dr(1) == p - 0.5 .and. dr(4) == p - 1.5 .and. dr(2) == -1 .and. &
         dd(1) == p + 0.25d0 .and. dd(4) == p + 0.75d0 .and. &
         dd(2) == p + 0.5d0 .and. dd(5) == p + 1d0 .and. dd(3) == -1 .and. &
         d16(1) == bval(p) * 3 + 1 .and. d16(2) == bval(p) * 3 + 2 .and. &
         d16(7) == bval(p) * 3 + 5 .and. d16(8) == bval(p) * 3 + 6 .and. d16(3) == -1 .and. &
         dc(1:1) == achar(iachar('a') + mod(p + 1, 26)) .and. &
         dc(4:4) == achar(iachar('a') + mod(p + 3, 26)) .and. dc(2:3) == '..'
  end function

  logical function strided_typed_ok(p)
    integer, intent(in) :: p
    strided_typed_ok = dc(1:1) == achar(iachar('a') + mod(p + 1, 26)) .and. &
         dc(4:4) == achar(iachar('a') + mod(p + 3, 26)) .and. dc(5:6) == '..' .and. &
         dz(1) == cmplx(p, 1) .and. dz(4) == cmplx(p, 3) .and. dz(2) == (-1, -1) .and. &
         (dl(1) .eqv. mod(p + 1, 2) == 0) .and. (dl(4) .eqv. mod(p + 3, 2) == 0) .and. &
         dr(1) == p - 0.5 .and. dr(4) == p - 1.5 .and. dr(3) == -1
  end function

  ! Sends everything with put-with-signal (typed: kind 1, sized: 2), each
  ! call setting the signal to its number after a fence (so they land in
  ! order), and waits for the left neighbour's last signal: its data must
  ! be there by then.
  subroutine signal_round(kind)
    integer, intent(in) :: kind
    integer(8) :: last
    if (kind == 1) then
      call shmemx_character_put_signal(dc, sc, n, sig, 1_8, right)
      call shmem_fence()
      call shmemx_complex_put_signal(dz, sz, n, sig, 2_8, right)
      call shmem_fence()
      call shmemx_double_put_signal(dd, sd, n, sig, 3_8, right)
      call shmem_fence()
      call shmemx_integer_put_signal(di, si, n, sig, 4_8, right)
      call shmem_fence()
      call shmemx_logical_put_signal(dl, sl, n, sig, 5_8, right)
      call shmem_fence()
      call shmemx_real_put_signal(dr, sr, n, sig, 6_8, right)
      last = 6
    else
      call shmemx_put4_signal(di, si, n, sig, 1_8, right)
      call shmem_fence()
      call shmemx_put8_signal(d8, s8, n / 2, sig, 2_8, right)
      call shmem_fence()
      call shmemx_put64_signal(d8(n / 2 + 1), s8(n / 2 + 1), n - n / 2, sig, 3_8, right)
      call shmem_fence()
      call shmemx_put32_signal(dr, sr, n, sig, 4_8, right)
      call shmem_fence()
      call shmemx_put128_signal(d16, s16, n, sig, 5_8, right)
      call shmem_fence()
      call shmemx_put16_signal(d2, s2, n, sig, 6_8, right)
      call shmem_fence()
      call shmemx_putmem_signal(d8, s8, 8 * n, sig, 7_8, right)
      call shmem_fence()
      call shmemx_put_signal(d8, s8, n, sig, 8_8, right)
      last = 8
    end if
    call shmem_int8_wait_until(sig, SHMEM_CMP_EQ, last)
  end subroutine
end program

include 'f_report.inc'
