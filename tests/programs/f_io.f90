! f_io: Fortran output from several PEs.  Each PE writes lines with PRINT,
! formatted WRITE, a non-advancing WRITE finished after a barrier, an
! internal WRITE, WRITE to unit 0 (stderr), and a PRINT whose output list
! calls a routine that waits for the network (SHMEM_INT4_FETCH from the
! next PE), so the PE is suspended in the middle of the statement while
! the other PEs run theirs.  Every line names its PE and its number, so a
! test can check that lines arrive whole, attributed to the right PE.
program f_io
  implicit none
  include 'shmem.fh'
  integer, save :: token
  integer :: me, npes, i
  character(len=32) :: buf
  integer, external :: shmem_my_pe, shmem_n_pes

  call shmem_init()
  me = shmem_my_pe()
  npes = shmem_n_pes()
  token = 1000 + me
  call shmem_barrier_all()
  do i = 1, 3
    print '(A,I0,A,I0)', 'print from PE ', me, ' line ', i
  end do
  write (*, '(A,I0,A,F6.2)') 'write from PE ', me, ' value ', me * 1.5
  write (*, '(A,I0,A)', advance='no') 'half a line from PE ', me, ','
  call shmem_barrier_all()
  write (*, '(A,I0)') ' finished by PE ', me
  write (buf, '(A,I0)') 'internal ', me * 7
  print '(A,I0,A,A)', 'PE ', me, ' built: ', trim(buf)
  write (0, '(A,I0)') 'stderr from PE ', me
  print '(A,I0,A,I0)', 'PE ', me, ' fetched ', fetch_next()
  call shmem_barrier_all()
  print '(A,I0,A)', 'PE ', me, ' done'

contains

  integer function fetch_next()
    integer, external :: shmem_int4_fetch
    fetch_next = shmem_int4_fetch(token, mod(me + 1, npes))
  end function
end program
