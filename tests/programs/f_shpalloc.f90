! f_shpalloc: the Cray heap from Fortran with a length that differs by PE
! (PE p asks for 2 * (10 + p) words), as a program whose local grid does
! not divide evenly would: a heap-size-mismatch finding that names
! SHPALLOC and the length the program passed.
program f_shpalloc
  implicit none
  include 'mpp/shmem.fh'
  real(kind=8) :: buf(1)
  pointer (pbuf, buf)
  integer :: err, me, nwords
  integer, external :: my_pe
  call start_pes(0)
  me = my_pe()
  nwords = 2 * (10 + me)
  call shpalloc(pbuf, nwords, err, 0)
  call shmem_barrier_all()
  call shpdeallc(pbuf, err, 0)
end program f_shpalloc
