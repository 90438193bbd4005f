! f_coll: the Fortran active-set collectives other than reductions:
! SHMEM_BROADCAST4/8/32/64, SHMEM_COLLECT4/8/32/64 (a different count on
! each PE), SHMEM_FCOLLECT4/8/32/64, SHMEM_ALLTOALL32/64,
! SHMEM_ALLTOALLS32/64 and SHMEM_BARRIER over all PEs, and SHMEM_BARRIER
! over the odd PEs.  Every PE checks every element; PE 0 prints
! "OK <routine>", any PE "FAIL ...", each "PE n done".
program f_coll
  implicit none
  include 'shmem.fh'
  integer, parameter :: maxpe = 16, n = 5
  ! Saved (static) data is symmetric; locals of a main program are not.
  ! Two pSync arrays of each kind, alternated.
  integer, save :: bsync(SHMEM_BCAST_SYNC_SIZE, 2) = SHMEM_SYNC_VALUE
  integer, save :: csync(SHMEM_COLLECT_SYNC_SIZE, 2) = SHMEM_SYNC_VALUE
  integer, save :: async(SHMEM_ALLTOALL_SYNC_SIZE, 2) = SHMEM_SYNC_VALUE
  integer, save :: rsync(SHMEM_BARRIER_SYNC_SIZE) = SHMEM_SYNC_VALUE
  integer, save :: osync(SHMEM_BARRIER_SYNC_SIZE) = SHMEM_SYNC_VALUE
  integer(4), save :: s4(n * maxpe), d4(n * maxpe * 2)
  integer(8), save :: s8(n * maxpe), d8(n * maxpe * 2)
  integer :: me, npes, nbad, i, j, k, root, cnt, total
  logical :: ok
  integer, external :: shmem_my_pe, shmem_n_pes
  common /state/ me, npes, nbad

  call shmem_init()
  me = shmem_my_pe()
  npes = shmem_n_pes()
  nbad = 0

  ! Broadcast from the last PE (index npes-1): 4- and 8-byte elements.
  root = npes - 1
  call fill()
  call shmem_broadcast4(d4, s4, n, root, 0, 0, npes, bsync(1, 1))
  call shmem_broadcast8(d8, s8, n, root, 0, 0, npes, bsync(1, 2))
  ok = me == root .or. all([(d4(i) == val(root, i) .and. d8(i) == big(root, i), i = 1, n)])
  call report('SHMEM_BROADCAST4 and SHMEM_BROADCAST8', ok .and. (me == root .or. d4(n + 1) == -1))
  call fill()
  call shmem_broadcast32(d4, s4, n, 0, 0, 0, npes, bsync(1, 1))
  call shmem_broadcast64(d8, s8, n, 0, 0, 0, npes, bsync(1, 2))
  ok = me == 0 .or. all([(d4(i) == val(0, i) .and. d8(i) == big(0, i), i = 1, n)])
  call report('SHMEM_BROADCAST32 and SHMEM_BROADCAST64', ok)

  ! Collect: PE p contributes p+1 elements (p mod 3 + 1 for many PEs).
  call fill()
  cnt = mod(me, 3) + 1
  call shmem_collect4(d4, s4, cnt, 0, 0, npes, csync(1, 1))
  call shmem_collect8(d8, s8, cnt, 0, 0, npes, csync(1, 2))
  call check_collect('SHMEM_COLLECT4 and SHMEM_COLLECT8')
  call fill()
  call shmem_collect32(d4, s4, cnt, 0, 0, npes, csync(1, 1))
  call shmem_collect64(d8, s8, cnt, 0, 0, npes, csync(1, 2))
  call check_collect('SHMEM_COLLECT32 and SHMEM_COLLECT64')

  ! Fcollect: n elements from each PE, in PE order.
  call fill()
  call shmem_fcollect4(d4, s4, n, 0, 0, npes, csync(1, 1))
  call shmem_fcollect8(d8, s8, n, 0, 0, npes, csync(1, 2))
  call check_fcollect('SHMEM_FCOLLECT4 and SHMEM_FCOLLECT8')
  call fill()
  call shmem_fcollect32(d4, s4, n, 0, 0, npes, csync(1, 1))
  call shmem_fcollect64(d8, s8, n, 0, 0, npes, csync(1, 2))
  call check_fcollect('SHMEM_FCOLLECT32 and SHMEM_FCOLLECT64')

  ! Alltoall: block j of PE p's source goes to block p of PE j's dest.
  call fill()
  do j = 0, npes - 1
    do k = 1, 2
      s4(j * 2 + k) = me * 1000 + j * 10 + k
      s8(j * 2 + k) = big(me, j * 2 + k)
    end do
  end do
  call shmem_alltoall32(d4, s4, 2, 0, 0, npes, async(1, 1))
  call shmem_alltoall64(d8, s8, 2, 0, 0, npes, async(1, 2))
  ok = .true.
  do j = 0, npes - 1
    do k = 1, 2
      ok = ok .and. d4(j * 2 + k) == j * 1000 + me * 10 + k .and. d8(j * 2 + k) == big(j, me * 2 + k)
    end do
  end do
  call report('SHMEM_ALLTOALL32 and SHMEM_ALLTOALL64', ok)

  ! Alltoalls: one element per pair, source stride 3, dest stride 2.
  call fill()
  do j = 0, npes - 1
    s4(1 + j * 3) = me * 100 + j
    s8(1 + j * 3) = big(me, j)
  end do
  call shmem_alltoalls32(d4, s4, 2, 3, 1, 0, 0, npes, async(1, 1))
  call shmem_alltoalls64(d8, s8, 2, 3, 1, 0, 0, npes, async(1, 2))
  ok = .true.
  do j = 0, npes - 1
    ok = ok .and. d4(1 + j * 2) == j * 100 + me .and. d8(1 + j * 2) == big(j, me)
    ok = ok .and. d4(2 + j * 2) == -1 .and. d8(2 + j * 2) == -1
  end do
  call report('SHMEM_ALLTOALLS32 and SHMEM_ALLTOALLS64', ok)

  ! Barrier over all PEs, then over the odd PEs only (several times: a
  ! barrier's pSync may be reused back to back over the same PEs).
  call shmem_barrier(0, 0, npes, rsync)
  if (mod(me, 2) == 1) then
    do i = 1, 3
      call shmem_barrier(1, 1, npes / 2, osync)
    end do
  end if
  call report('SHMEM_BARRIER', .true.)
  print '(A,I0,A,I0,A)', 'PE ', me, ' done (', nbad, ' wrong)'

contains

  integer function val(p, i)
    integer, intent(in) :: p, i
    val = p * 100 + i
  end function

  integer(8) function big(p, i)
    integer, intent(in) :: p, i
    big = int(p, 8) * 2_8**40 + i
  end function

  subroutine fill()
    call shmem_barrier_all()
    do i = 1, size(s4)
      s4(i) = val(me, i)
      s8(i) = big(me, i)
    end do
    d4 = -1
    d8 = -1
    call shmem_barrier_all()
  end subroutine

  subroutine check_collect(name)
    character(*), intent(in) :: name
    integer :: p, at
    at = 0
    ok = .true.
    do p = 0, npes - 1
      do i = 1, mod(p, 3) + 1
        at = at + 1
        ok = ok .and. d4(at) == val(p, i) .and. d8(at) == big(p, i)
      end do
    end do
    total = at
    call report(name, ok .and. d4(total + 1) == -1 .and. d8(total + 1) == -1)
  end subroutine

  subroutine check_fcollect(name)
    character(*), intent(in) :: name
    integer :: p
    ok = .true.
    do p = 0, npes - 1
      do i = 1, n
        ok = ok .and. d4(p * n + i) == val(p, i) .and. d8(p * n + i) == big(p, i)
      end do
    end do
    call report(name, ok .and. d4(npes * n + 1) == -1)
  end subroutine
end program

include 'f_report.inc'
