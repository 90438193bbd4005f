! f_stop: how a Fortran PE ends.  Argument 1 picks what PE 1 (PE 0 on one
! PE) does after a barrier, while the others go on to a normal end:
!   stop       STOP                 (status 0: the others finish)
!   stop3      STOP 3               (status 3: the job is terminated)
!   errorstop  ERROR STOP 5
!   runtime    a run-time error: OPEN of a file that does not exist
!   abort      CALL ABORT           (a crash, SIGABRT)
!   globalexit CALL SHMEM_GLOBAL_EXIT(4)
!   end        nothing special
program f_stop
  implicit none
  integer :: me, npes, who
  character(len=16) :: mode
  integer, external :: shmem_my_pe, shmem_n_pes

  call shmem_init()
  me = shmem_my_pe()
  npes = shmem_n_pes()
  call get_command_argument(1, mode)
  who = min(1, npes - 1)
  call shmem_barrier_all()
  if (me == who) then
    print '(A,I0,A,A)', 'PE ', me, ' will ', trim(mode)
    select case (mode)
    case ('stop')
      stop
    case ('stop3')
      stop 3
    case ('errorstop')
      error stop 5
    case ('runtime')
      open (unit=9, file='/nonexistent/shmemsim/f_stop', status='old')
    case ('abort')
      call abort()
    case ('globalexit')
      call shmem_global_exit(4)
    end select
  end if
  print '(A,I0,A)', 'PE ', me, ' reached the end'
end program
