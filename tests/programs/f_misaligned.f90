! f_misaligned: a pSync that follows one 4-byte INTEGER in a COMMON block
! is only 4-byte aligned; the collective refuses it with psync-misaligned
! (argument "bad").  With pSync first in its COMMON block ("good") the same
! barrier runs.
program f_misaligned
  implicit none
  include 'shmem.fh'
  integer :: first, psync(SHMEM_BARRIER_SYNC_SIZE)
  common /bad/ first, psync
  integer :: psync2(SHMEM_BARRIER_SYNC_SIZE), last
  common /good/ psync2, last
  character(len=8) :: mode
  integer, external :: shmem_n_pes

  call shmem_init()
  call get_command_argument(1, mode)
  if (mode == 'bad') then
    call shmem_barrier(0, 0, shmem_n_pes(), psync)
  else
    call shmem_barrier(0, 0, shmem_n_pes(), psync2)
  end if
  print '(A)', 'after the barrier'
end program
