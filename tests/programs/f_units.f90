! f_units: every PE asks whether unit 9 is open (it is not), opens it on a
! file of its own in the directory argv(1) names, writes its number and
! keeps it open past a barrier, while the others do the same; then each
! PE reads back its own file on the same unit, and PE 0 reads every
! PE's file on unit 10.  The GNU extensions that name a unit (FLUSH,
! FNUM, FTELL, FSEEK, FGETC) reach the PE's own file too, and ISATTY and
! TTYNAM the PE's own unit 11, which only PE 1 opens, on a terminal
! (/dev/ptmx; "PE 1 has no terminal" when it cannot).  On a machine each
! PE has its own units.  Prints "PE n units ok" per PE.
program f_units
  implicit none
  include 'shmem.fh'
  integer :: me, npes, p, v, bad, st
  logical :: op, tty
  character(len=64) :: tname
  character :: c
  character(len=256) :: dir, name
  integer, external :: shmem_my_pe, shmem_n_pes

  call shmem_init()
  me = shmem_my_pe()
  npes = shmem_n_pes()
  call get_command_argument(1, dir)
  bad = 0
  inquire (unit=9, opened=op)
  if (op) bad = bad + 1
  write (name, '(A,A,I0)') trim(dir), '/out.', me
  open (unit=9, file=name, status='replace', action='readwrite')
  write (9, *) 1000 + me
  call shmem_barrier_all()
  call flush(9)
  if (fnum(9) < 3) bad = bad + 1
  if (ftell(9) <= 0) bad = bad + 1
  call fseek(9, 0, 0, st)
  if (st /= 0) bad = bad + 1
  call fgetc(9, c, st)
  if (st /= 0 .or. c /= ' ') bad = bad + 1
  rewind (9)
  read (9, *) v
  if (v /= 1000 + me) bad = bad + 1
  close (9)
  tty = .false.
  if (me == 1) then
    open (unit=11, file='/dev/ptmx', status='old', action='readwrite', iostat=st)
    tty = st == 0
    if (.not. tty) print '(A)', 'PE 1 has no terminal'
  end if
  call shmem_barrier_all()
  if (isatty(11) .neqv. tty) bad = bad + 1
  tname = ttynam(11)
  if ((len_trim(tname) > 0) .neqv. tty) bad = bad + 1
  call ttynam(11, tname)
  if ((len_trim(tname) > 0) .neqv. tty) bad = bad + 1
  call shmem_barrier_all()
  if (tty) close (11)
  if (me == 0) then
    do p = 0, npes - 1
      write (name, '(A,A,I0)') trim(dir), '/out.', p
      open (unit=10, file=name, status='old')
      read (10, *) v
      close (10)
      if (v /= 1000 + p) bad = bad + 1
    end do
  end if
  if (bad == 0) then
    print '(A,I0,A)', 'PE ', me, ' units ok'
  else
    print '(A,I0,A,I0)', 'PE ', me, ' units bad ', bad
  end if
  call shmem_finalize()
end program f_units
