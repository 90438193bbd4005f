! The clocks and the generator of gfortran's run-time library, which a
! PE calls from a shared library: SYSTEM_CLOCK counts virtual time,
! DATE_AND_TIME tells the simulated date, CPU_TIME the PE's virtual time,
! and RANDOM_SEED with no argument seeds from the run's seed.  Each PE
! sleeps its own number of microseconds first (through C's usleep).
program f_clock
  use, intrinsic :: iso_c_binding
  implicit none
  include 'shmem.fh'
  interface
    integer(c_int) function usleep(us) bind(c)
      import :: c_int
      integer(c_int), value :: us
    end function
  end interface
  integer :: shmem_my_pe, me, rc
  integer(8) :: count8, rate8
  integer(4) :: count4, rate4
  character(len=8) :: date
  character(len=10) :: time
  real :: cpu, x
  call shmem_init()
  me = shmem_my_pe()
  rc = usleep(int(1000 * (me + 1), c_int))
  call system_clock(count8, rate8)
  call system_clock(count4, rate4)
  call date_and_time(date, time)
  call cpu_time(cpu)
  call random_seed()
  call random_number(x)
  write (*, '(a,i0,a,i0,a,i0,a,i0,a,i0,5a,f8.6,a,f10.8)') 'PE ', me, ': clock ', count8, '/', &
      rate8, ' ', count4, '/', rate4, ', date ', date, ' ', time, ', cpu ', cpu, ', random ', x
  call shmem_finalize()
end program
