! f_misc: the rest of the Fortran SHMEM interface: setup and query
! (START_PES, MY_PE, NUM_PES, SHMEM_MY_PE, SHMEM_N_PES, SHMEM_INFO_*,
! SHMEM_PE_ACCESSIBLE, SHMEM_ADDR_ACCESSIBLE, SHMEM_PTR, SHMEMX_WTIME,
! SHMEM_FINALIZE), the cache routines, the Cray heap (SHPALLOC, SHPCLMOVE,
! SHPDEALLC, SHPDEALLOC) with Cray pointers, Cray's teams (SHMEMX_TEAM_*)
! and alltoallv (SHMEMX_ALLTOALLV, SHMEM_ALLTOALLV_PACKED).  PE 0 prints
! "OK <routines>", any PE "FAIL ...", each "PE n done".
program f_misc
  implicit none
  include 'shmem.fh'
  integer, save :: psync(SHMEM_ALLTOALL_SYNC_SIZE, 2) = SHMEM_SYNC_VALUE
  integer(4), save :: x, src(64), tgt(64)
  integer(8), save :: s_off(16), s_siz(16), t_off(16), t_siz(16), tlen, tsize
  integer :: me, npes, nbad, right, maj, mnr, err, i, j, k, st
  integer(8) :: team, team2
  integer(4) :: remote, heap(*)
  pointer (ptr, remote)
  pointer (hp, heap)

  character(len=SHMEM_MAX_NAME_LEN) :: name
  logical :: ok
  double precision :: t0, t1
  integer, external :: my_pe, num_pes, shmem_my_pe, shmem_n_pes
  integer, external :: shmemx_team_my_pe, shmemx_team_n_pes, shmemx_team_translate_pe
  ! SHMEM_PE_ACCESSIBLE, SHMEM_ADDR_ACCESSIBLE and SHMEM_PTR: typed by shmem.fh
  double precision, external :: shmemx_wtime
  common /state/ me, npes, nbad

  call start_pes(0)
  me = my_pe()
  npes = num_pes()
  nbad = 0
  right = mod(me + 1, npes)

  ! ---- setup and query ----
  call shmem_info_get_version(maj, mnr)
  call shmem_info_get_name(name)
  ok = me == shmem_my_pe() .and. npes == shmem_n_pes() .and. maj == 1 .and. mnr == 5
  ok = ok .and. name == SHMEM_VENDOR_STRING .and. shmem_pe_accessible(right)
  ok = ok .and. .not. shmem_pe_accessible(npes) .and. shmem_addr_accessible(x, right)
  ok = ok .and. .not. shmem_addr_accessible(maj, right)
  call report('START_PES, MY_PE, NUM_PES, SHMEM_INFO_*, SHMEM_*_ACCESSIBLE', ok)
  call shmem_clear_cache_inv()
  call shmem_set_cache_inv()
  call shmem_set_cache_line_inv(x)
  call shmem_clear_cache_line_inv(x)
  call shmem_udcflush()
  call shmem_udcflush_line(x)
  x = me * 11
  t0 = shmemx_wtime()
  call shmem_barrier_all()
  t1 = shmemx_wtime()
  ptr = shmem_ptr(x, right)
  call report('SHMEM_PTR and SHMEMX_WTIME', ptr /= 0 .and. remote == right * 11 .and. t1 > t0)

  ! ---- the Cray heap: lengths in 32-bit words ----
  call shpalloc(hp, 10, err, 0)
  ok = err == 0 .and. hp /= 0
  do i = 1, 10
    heap(i) = me * 1000 + i
  end do
  call shmem_barrier_all()
  call shmem_integer_get(src, heap, 10, right)
  ok = ok .and. all([(src(i) == right * 1000 + i, i = 1, 10)])

  call shpclmove(hp, 20, st, 0)
  ok = ok .and. (st == 0 .or. st == 1) .and. all([(heap(i) == me * 1000 + i, i = 1, 10)])
  call shpdeallc(hp, err, 0)
  ok = ok .and. err == 0
  call shpdeallc(hp, err, 0)
  ok = ok .and. err == -5
  call shpalloc(hp, 0, err, 0)
  ok = ok .and. err == -1
  call shpalloc(hp, 4, err, 0)
  call shpdealloc(hp, err, 0)
  call report('SHPALLOC, SHPCLMOVE, SHPDEALLC, SHPDEALLOC', ok .and. err == 0)

  ! ---- teams ----
  call shmemx_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (npes + 1) / 2, team)
  if (mod(me, 2) == 0) then
    ok = team /= SHMEM_TEAM_INVALID .and. shmemx_team_my_pe(team) == me / 2
    ok = ok .and. shmemx_team_n_pes(team) == (npes + 1) / 2
    ok = ok .and. shmemx_team_translate_pe(team, shmemx_team_n_pes(team) - 1, &
         SHMEM_TEAM_WORLD) == 2 * ((npes + 1) / 2 - 1)
    call shmemx_team_destroy(team)
    ok = ok .and. team == SHMEM_TEAM_INVALID
  else
    ok = team == SHMEM_TEAM_INVALID
  end if
  ! Color by me mod 3, the last PE in no team; keys in PE order.
  k = mod(me, 3)
  if (me == npes - 1 .and. npes > 1) k = SHMEM_COLOR_UNDEFINED
  call shmemx_team_split(SHMEM_TEAM_WORLD, k, me, team2)
  if (k >= 0) then
    j = 0
    do i = k, npes - 1 - merge(1, 0, npes > 1), 3
      j = j + 1
    end do
    ok = ok .and. shmemx_team_my_pe(team2) == me / 3 .and. shmemx_team_n_pes(team2) == j
    ok = ok .and. shmemx_team_translate_pe(team2, 0, SHMEM_TEAM_WORLD) == k
    call shmemx_team_destroy(team2)
  else
    ok = ok .and. team2 == SHMEM_TEAM_INVALID .and. shmemx_team_n_pes(team2) == -1
  end if
  ! Keys in reverse PE order: not a team shmemsim can make (a message
  ! says so), unless there is one PE.
  call shmemx_team_split(SHMEM_TEAM_WORLD, 0, -me, team2)
  ok = ok .and. (team2 == SHMEM_TEAM_INVALID .neqv. npes == 1)
  call report('SHMEMX_TEAM_SPLIT(_STRIDED), MY_PE, N_PES, TRANSLATE_PE, DESTROY', ok)

  ! ---- alltoallv: to PE j, (me + j) mod 3 + 1 integers, 16 bytes apart ----
  src = -1
  tgt = -1
  do j = 0, npes - 1
    s_off(j + 1) = j * 16
    s_siz(j + 1) = 4 * (mod(me + j, 3) + 1)
    t_off(j + 1) = j * 16
    do k = 1, mod(me + j, 3) + 1
      src(j * 4 + k) = me * 100 + j * 10 + k
    end do
  end do
  call shmem_barrier_all()
  call shmemx_alltoallv(tgt, t_off, t_siz, src, s_off, s_siz, 0, 0, npes, psync(1, 1))
  ok = .true.
  do i = 0, npes - 1
    ok = ok .and. t_siz(i + 1) == 4 * (mod(i + me, 3) + 1)
    do k = 1, mod(i + me, 3) + 1
      ok = ok .and. tgt(i * 4 + k) == i * 100 + me * 10 + k
    end do
  end do
  ! Packed: the same blocks, in arrival order; the sum tells all came.
  tgt = 0
  tlen = 4 * size(tgt)
  call shmem_barrier_all()
  call shmem_alltoallv_packed(tgt, tlen, tsize, src, s_off, s_siz, 0, 0, npes, psync(1, 2))
  j = 0
  k = 0
  do i = 0, npes - 1
    j = j + 4 * (mod(i + me, 3) + 1)
    k = k + sum([(i * 100 + me * 10 + st, st = 1, mod(i + me, 3) + 1)])
  end do
  ok = ok .and. tsize == j .and. sum(tgt) == k
  call report('SHMEMX_ALLTOALLV and SHMEM_ALLTOALLV_PACKED', ok)
  print '(A,I0,A,I0,A)', 'PE ', me, ' done (', nbad, ' wrong)'
  call shmem_finalize()
end program

include 'f_report.inc'
