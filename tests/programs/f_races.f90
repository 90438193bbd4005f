! f_races: races in a Fortran program, and their corrected twins:
! f_races CASE bad|good on 3 PEs.  PE 0 puts into PE 1's memory while PE 1
! touches the same bytes: in its own code, or through the run-time
! library's READ and WRITE (PRINT) of the variable, or its MATMUL, CSHIFT,
! PACK, MAXLOC, FINDLOC and EOSHIFT of it, or its LEN_TRIM, INDEX,
! concatenation and ADJUSTR of a string (of either kind); or PE 0 stores through
! SHMEM_PTR and sets a flag.  The bad case skips
! the barrier between the two accesses (marked A(case) and B(case)); the
! good twin keeps it.
program f_races
  implicit none
  include 'shmem.fh'
  integer(8), save :: x = 0, arr(4) = 0, grid(3, 3) = 0
  integer(8), save :: ma(40, 40) = 1, mb(40, 40) = 1, mc(40, 40) = 0
  real(8), save :: ra(40, 40) = 1
  real(8) :: rrow(40) = 2
  integer(8) :: row(40) = 2
  character(len=8), save :: word = ' '
  character(kind=4, len=8), save :: wword = 4_' '
  character(kind=4, len=8) :: whello = 4_'hello   '
  integer(8) :: vals(4) = (/ 1, 2, 3, 4 /), v
  integer :: loc(2)
  character(len=8) :: hello = 'hello   '
  character(len=16) :: cs, bad_arg
  character(len=32) :: line
  character(len=8) :: digits = '42', bye = 'bye'
  integer(8) :: remote(4)
  pointer (premote, remote)
  integer(8), save :: flag = 0
  integer :: me, n
  logical :: bad
  integer, external :: shmem_my_pe

  call get_command_argument(1, cs)
  call get_command_argument(2, bad_arg)
  bad = bad_arg == 'bad'
  call shmem_init()
  me = shmem_my_pe()
  call shmem_barrier_all()
  select case (trim(cs))
  case ('put-load')
    if (me == 0) call shmem_put64(x, vals(1), 1, 1) ! A(put-load)
    if (.not. bad) call shmem_barrier_all()
    if (me == 1) then
      v = x ! B(put-load)
      if (v < 0) print *, '?'
    end if
  case ('print-put')
    if (me == 0) call shmem_put64(arr(1), vals(1), 4, 1) ! A(print-put)
    if (.not. bad) call shmem_barrier_all()
    if (me == 1) print '(4I3)', arr ! B(print-put)
  case ('write-section')
    if (me == 0) call shmem_put64(grid(2, 2), vals(1), 1, 1) ! A(write-section)
    if (.not. bad) call shmem_barrier_all()
    if (me == 1) write (line, '(3I3)') grid(2, :) ! B(write-section)
  case ('read-put')
    if (me == 0) call shmem_put64(x, vals(1), 1, 1) ! A(read-put)
    if (.not. bad) call shmem_barrier_all()
    if (me == 1) read (digits, *) x ! B(read-put)
  case ('read-chars')
    if (me == 0) call shmem_character_put(word, hello, 8, 1) ! A(read-chars)
    if (.not. bad) call shmem_barrier_all()
    if (me == 1) read (bye, '(A)') word ! B(read-chars)
  case ('matmul-put')
    ! 40 x 40: past gfortran's inline limit, so the library multiplies
    if (me == 0) call shmem_put64(mb(1, 7), row, 40, 1) ! A(matmul-put)
    if (.not. bad) call shmem_barrier_all()
    if (me == 1) mc = matmul(ma, mb) ! B(matmul-put)
  case ('cshift-put')
    ! the library's intrinsics read their array argument
    if (me == 0) call shmem_put64(mb(1, 7), row, 40, 1) ! A(cshift-put)
    if (.not. bad) call shmem_barrier_all()
    if (me == 1) mc = cshift(mb, 3, 2) ! B(cshift-put)
  case ('pack-put')
    if (me == 0) call shmem_put64(mb(1, 7), row, 40, 1) ! A(pack-put)
    if (.not. bad) call shmem_barrier_all()
    if (me == 1) v = size(pack(mb, .true.)) ! B(pack-put)
  case ('maxloc-put')
    if (me == 0) call shmem_put64(mb(1, 7), row, 40, 1) ! A(maxloc-put)
    if (.not. bad) call shmem_barrier_all()
    if (me == 1) loc = maxloc(mb) ! B(maxloc-put)
  case ('findloc-put')
    if (me == 0) call shmem_put64(mb(1, 7), row, 40, 1) ! A(findloc-put)
    if (.not. bad) call shmem_barrier_all()
    if (me == 1) loc = findloc(mb, 2_8) ! B(findloc-put)
    if (me == 1 .and. .not. bad .and. any(loc /= (/ 1, 7 /))) stop 3
  case ('findloc-real')
    ! a real value sought, with a mask: both must reach the library whole
    if (me == 0) call shmem_double_put(ra(1, 7), rrow, 40, 1) ! A(findloc-real)
    if (.not. bad) call shmem_barrier_all()
    if (me == 1) loc = findloc(ra, 2.0d0, mask=ma > 0) ! B(findloc-real)
    if (me == 1 .and. .not. bad .and. any(loc /= (/ 1, 7 /))) stop 3
  case ('eoshift-dest')
    ! ...and write their result, here straight into the symmetric array
    if (me == 0) call shmem_put64(mc(1, 7), row, 40, 1) ! A(eoshift-dest)
    if (.not. bad) call shmem_barrier_all()
    if (me == 1) mc = eoshift(ma, 1, dim=2) ! B(eoshift-dest)
  case ('len-trim-put')
    ! the library's CHARACTER intrinsics read the string
    if (me == 0) call shmem_character_put(word, hello, 8, 1) ! A(len-trim-put)
    if (.not. bad) call shmem_barrier_all()
    if (me == 1) n = len_trim(word) ! B(len-trim-put)
    if (me == 1 .and. .not. bad .and. n /= 5) stop 3
  case ('index-put')
    if (me == 0) call shmem_character_put(word, hello, 8, 1) ! A(index-put)
    if (.not. bad) call shmem_barrier_all()
    if (me == 1) n = index(word, 'lo') ! B(index-put)
    if (me == 1 .and. .not. bad .and. n /= 4) stop 3
  case ('concat-put')
    if (me == 0) call shmem_character_put(word, hello, 8, 1) ! A(concat-put)
    if (.not. bad) call shmem_barrier_all()
    if (me == 1) line = word // bye ! B(concat-put)
    if (me == 1 .and. .not. bad .and. line(1:11) /= 'hello   bye') stop 3
  case ('adjustr-dest')
    ! ...and write what they fill, here the symmetric string itself
    if (me == 0) call shmem_character_put(word, hello, 8, 1) ! A(adjustr-dest)
    if (.not. bad) call shmem_barrier_all()
    if (me == 1) word = adjustr(bye) ! B(adjustr-dest)
  case ('len-trim-put4')
    ! ...of either kind of character
    if (me == 0) call shmem_put32(wword, whello, 8, 1) ! A(len-trim-put4)
    if (.not. bad) call shmem_barrier_all()
    if (me == 1) n = len_trim(wword) ! B(len-trim-put4)
    if (me == 1 .and. .not. bad .and. n /= 5) stop 3
  case ('index-put4')
    if (me == 0) call shmem_put32(wword, whello, 8, 1) ! A(index-put4)
    if (.not. bad) call shmem_barrier_all()
    if (me == 1) n = index(wword, 4_'lo') ! B(index-put4)
    if (me == 1 .and. .not. bad .and. n /= 4) stop 3
  case ('ptr-flag')
    ! a store through SHMEM_PTR is delivered like a put: the flag after
    ! it orders it only with SHMEM_FENCE between
    premote = shmem_ptr(arr, 1)
    if (me == 0) then
      remote(2) = 7 ! A(ptr-flag)
      if (.not. bad) call shmem_fence()
      call shmem_int8_set(flag, 1_8, 1)
    else if (me == 1) then
      call shmem_int8_wait_until(flag, SHMEM_CMP_EQ, 1_8)
      v = arr(2) ! B(ptr-flag)
      if (.not. bad .and. v /= 7) stop 3
    end if
  case default
    print *, 'f_races: no case ', trim(cs)
    stop 2
  end select
  call shmem_barrier_all()
  call shmem_finalize()
end program f_races
