! f_private: COMMON blocks, SAVEd variables and DATA-initialised variables
! belong to each PE, as on a cluster, and are symmetric: usable as put
! targets.  Each PE changes its own copies, then puts into its right
! neighbour's (a value computed from its own), and prints what it holds,
! with left its left neighbour:
!   PE n: common <10n+1> save <1+101*left> data <7+1001*left> sub <1+2n>
program f_private
  implicit none
  include 'shmem.fh'
  integer :: blk(2), me, npes, right, left, tsave, tdata
  common /blk/ blk
  integer, save :: saved = 1
  integer :: dataval
  data dataval /7/
  integer, external :: shmem_my_pe, shmem_n_pes, counter

  call shmem_init()
  me = shmem_my_pe()
  npes = shmem_n_pes()
  right = mod(me + 1, npes)
  left = mod(me + npes - 1, npes)
  ! Own copies first: if they were shared, the sums below would mix PEs.
  blk(1) = blk(1) + 10 * me + 1
  saved = saved + me
  dataval = dataval + me
  ! The values to send are read before the neighbour may overwrite them.
  tsave = saved + 100 * me
  tdata = dataval + 1000 * me
  call shmem_barrier_all()
  ! Then into the neighbour's copies.
  call shmem_integer_put(blk(2), me, 1, right)
  call shmem_integer_put(saved, tsave, 1, right)
  call shmem_integer_put(dataval, tdata, 1, right)
  call shmem_barrier_all()
  print '(A,I0,A,I0,A,I0,A,I0,A,I0)', 'PE ', me, ': common ', blk(1), ' save ', &
       saved, ' data ', dataval, ' sub ', counter(me)
  if (blk(2) /= left) print '(A,I0)', 'FAIL common block put on PE ', me
end program

! A SAVEd counter in a subroutine: starts at 1 on every PE.
integer function counter(me)
  implicit none
  integer, intent(in) :: me
  integer, save :: calls = 1
  calls = calls + 2 * me
  counter = calls
end function
