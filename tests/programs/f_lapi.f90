! f_lapi: LAPI from Fortran (include 'lapif.h').  Each task sends to its
! right neighbour with LAPI_AMSENDV (an IOVECTOR of three buffers), whose
! header handler (a Fortran function) points LAPI at the target's vector
! and names a completion handler (a Fortran subroutine); twice: once
! passing the handler procedure itself, once an LAPI_ADDR_SET index.  Then
! LAPI_PUT, LAPI_GET, LAPI_RMW and LAPI_XFER, with counters, LAPI_WAITCNTR,
! LAPI_GETCNTR, LAPI_GFENCE; then LAPI_AMSEND (a Fortran header handler
! returning a buffer), LAPI_RMW64, LAPI_ADDRESS_INIT64, LAPI_SENV,
! LAPI_PROBE, LAPI_MSGPOLL, LAPI_FENCE, LAPI_NOPOLL_WAIT,
! LAPI_SETCNTR_WSTATUS, LAPI_PURGE_TOTASK and LAPI_RESUME_TOTASK.  Task 0
! prints "OK <what>", any task "FAIL ...", each "task n done".
module amv
  implicit none
  include 'lapif.h'
  ! The target side, touched by the handlers (task-private, static).
  integer(4), save :: b1(3), b2(5), b3(2)            ! where the data lands
  integer(8), save :: tinfo(3), tlen(3)              ! the target vector's arrays
  type(lapi_vec_t), save :: tvec                     ! the target vector
  integer(4), save :: from = -1, completed = -1, uhdr_seen = 0
  integer(8), save :: tvec_addr, compl_addr, from_addr
  integer(4), save :: abuf(4) = -1                   ! LAPI_AMSEND's data lands here
  integer(8), save :: abuf_addr, amsg_len = -1
end module

! Header handler of LAPI_AMSEND: msg_len points at a LAPI_RETURN_INFO_T,
! whose first field is the data length.
integer(8) function ahdr(hndl, uhdr, uhdr_len, msg_len, comp_h, uinfo)
  use amv
  implicit none
  integer :: hndl, uhdr(2), uhdr_len
  type(lapi_return_info_t) :: msg_len
  integer(8) :: comp_h, uinfo
  amsg_len = msg_len%msg_len + msg_len%src * 1000
  comp_h = 0
  ahdr = abuf_addr
end function

! Header handler of LAPI_AMSENDV: runs at the target when the message
! arrives; returns the address of the vector the data goes to.
integer(8) function vhdr(hndl, uhdr, uhdr_len, len_vec, comp_h, uinfo)
  use amv
  implicit none
  integer :: hndl, uhdr(2), uhdr_len
  integer(8) :: len_vec(3), comp_h, uinfo
  tlen = len_vec
  from = uhdr(1)
  uhdr_seen = uhdr(2) + uhdr_len
  comp_h = compl_addr
  uinfo = from_addr
  vhdr = tvec_addr
end function

! Completion handler: runs at the target after the data has landed;
! param is what the header handler put in uinfo (the address of from).
subroutine compl(hndl, param)
  use amv
  implicit none
  integer :: hndl, param
  completed = param + 1000 + b2(5)
end subroutine

program f_lapi
  use amv
  implicit none
  type(lapi_info_t) :: info
  type(lapi_cntr_t), save :: tcntr, ocntr, ccntr
  type(lapi_vec_t), save :: ovec
  integer(4), save :: a1(3), a2(5), a3(2), uhdr(2), word = 0, putbuf(4), getbuf(4)
  integer(8), save :: oinfo(3), olen(3), tctab(64), wtab(64), btab(64), idx, haddr, got
  type(lapi_put_t), save :: xput
  integer :: hndl, ierr, me, n, right, left, round, i, v, old
  integer(8), external :: vhdr, ahdr
  integer(8), save :: big = 0, t64(64), prev8, in8(2)
  integer, save :: dests(1), stats(1)
  type(lapi_msg_info_t) :: minfo
  external compl
  logical :: ok
  character(len=LAPI_MAX_ERR_STRING) :: msg

  call lapi_init(hndl, info, ierr)
  call lapi_qenv(hndl, TASK_ID, me, ierr)
  call lapi_qenv(hndl, NUM_TASKS, n, ierr)
  right = mod(me + 1, n)
  left = mod(me + n - 1, n)

  ! Addresses the handlers hand back, and the table of target counters.
  call lapi_address(b1, tinfo(1), ierr)
  call lapi_address(b2, tinfo(2), ierr)
  call lapi_address(b3, tinfo(3), ierr)
  tvec%vec_type = LAPI_GEN_IOVECTOR
  tvec%num_vecs = 3
  call lapi_address(tinfo, tvec%info, ierr)
  call lapi_address(tlen, tvec%len, ierr)
  call lapi_address(tvec, tvec_addr, ierr)
  call lapi_address(compl, compl_addr, ierr)
  call lapi_address(from, from_addr, ierr)
  call lapi_setcntr(hndl, tcntr, 0, ierr)
  call lapi_setcntr(hndl, ocntr, 0, ierr)
  call lapi_setcntr(hndl, ccntr, 0, ierr)
  call lapi_address(tcntr, haddr, ierr)
  call lapi_address_init(hndl, haddr, tctab, ierr)
  call report('LAPI_INIT, LAPI_QENV, LAPI_ADDRESS, LAPI_ADDRESS_INIT', ierr == LAPI_SUCCESS)

  ! The handler registered at index 1: LAPI_ADDR_SET takes the procedure.
  call lapi_addr_set(hndl, vhdr, 1, ierr)
  call lapi_addr_get(hndl, got, 1, ierr)
  call lapi_address(vhdr, haddr, ierr)
  call report('LAPI_ADDR_SET and LAPI_ADDR_GET', ierr == LAPI_SUCCESS .and. got == haddr)

  ! ---- two rounds of LAPI_AMSENDV ----
  do round = 1, 2
    a1 = [(me * 100 + round * 10 + i, i = 1, 3)]
    a2 = [(me * 100 + round * 10 + i, i = 4, 8)]
    a3 = [(me * 100 + round * 10 + i, i = 9, 10)]
    call lapi_address(a1, oinfo(1), ierr)
    call lapi_address(a2, oinfo(2), ierr)
    call lapi_address(a3, oinfo(3), ierr)
    olen = [12_8, 20_8, 8_8]
    ovec%vec_type = LAPI_GEN_IOVECTOR
    ovec%num_vecs = 3
    call lapi_address(oinfo, ovec%info, ierr)
    call lapi_address(olen, ovec%len, ierr)
    uhdr = [me, 40]
    completed = -1
    call lapi_gfence(hndl, ierr)
    if (round == 1) then
      call lapi_amsendv(hndl, right, vhdr, uhdr, 8, ovec, tctab(right + 1), ocntr, ccntr, ierr)
    else
      idx = 1
      call lapi_amsendv(hndl, right, idx, uhdr, 8, ovec, tctab(right + 1), ocntr, ccntr, ierr)
    end if
    ok = ierr == LAPI_SUCCESS
    call lapi_waitcntr(hndl, ocntr, 1, v, ierr)
    call lapi_waitcntr(hndl, ccntr, 1, v, ierr)
    call lapi_waitcntr(hndl, tcntr, 1, LAPI_ADDR_NULL, ierr)
    ok = ok .and. ierr == LAPI_SUCCESS .and. from == left .and. uhdr_seen == 48
    ok = ok .and. all(tlen == [12_8, 20_8, 8_8])
    ok = ok .and. all(b1 == [(left * 100 + round * 10 + i, i = 1, 3)])
    ok = ok .and. all(b2 == [(left * 100 + round * 10 + i, i = 4, 8)])
    ok = ok .and. all(b3 == [(left * 100 + round * 10 + i, i = 9, 10)])
    ok = ok .and. completed == left + 1000 + left * 100 + round * 10 + 8
    if (round == 1) then
      call report('LAPI_AMSENDV with the header handler procedure', ok)
    else
      call report('LAPI_AMSENDV with an LAPI_ADDR_SET index', ok)
    end if
  end do

  ! ---- LAPI_PUT to the right, LAPI_GET from the left ----
  putbuf = [(me * 10 + i, i = 1, 4)]
  getbuf = -1
  call lapi_address(putbuf, haddr, ierr)
  call lapi_address_init(hndl, haddr, btab, ierr)
  call lapi_address(word, haddr, ierr)
  call lapi_address_init(hndl, haddr, wtab, ierr)
  call lapi_get(hndl, left, 16_8, btab(left + 1), getbuf, LAPI_ADDR_NULL, ocntr, ierr)
  call lapi_waitcntr(hndl, ocntr, 1, LAPI_ADDR_NULL, ierr)
  ok = all(getbuf == [(left * 10 + i, i = 1, 4)])
  call lapi_gfence(hndl, ierr)
  putbuf = -7
  call lapi_gfence(hndl, ierr)
  getbuf = [(me * 10 + i, i = 1, 4)]
  call lapi_put(hndl, right, 16_8, btab(right + 1), getbuf, tctab(right + 1), ocntr, &
       LAPI_ADDR_NULL, ierr)
  call lapi_waitcntr(hndl, ocntr, 1, LAPI_ADDR_NULL, ierr)
  call lapi_waitcntr(hndl, tcntr, 1, LAPI_ADDR_NULL, ierr)
  ok = ok .and. ierr == LAPI_SUCCESS .and. all(putbuf == [(left * 10 + i, i = 1, 4)])
  call report('LAPI_PUT and LAPI_GET', ok)

  ! ---- LAPI_RMW: everyone adds its number + 1 to task 0's word ----
  call lapi_rmw(hndl, FETCH_AND_ADD, 0, wtab(1), me + 1, old, ocntr, ierr)
  call lapi_waitcntr(hndl, ocntr, 1, LAPI_ADDR_NULL, ierr)
  call lapi_gfence(hndl, ierr)
  ok = ierr == LAPI_SUCCESS .and. old >= 0 .and. (me /= 0 .or. word == n * (n + 1) / 2)
  call report('LAPI_RMW', ok)

  ! ---- LAPI_XFER with a LAPI_PUT_T, and LAPI_GETCNTR ----
  xput%xfer_type = LAPI_PUT_XFER
  xput%flags = 0
  xput%tgt = right
  xput%tgt_addr = btab(right + 1)
  call lapi_address(a1, xput%org_addr, ierr)
  xput%len = 12
  xput%shdlr = 0
  xput%sinfo = 0
  xput%tgt_cntr = tctab(right + 1)
  call lapi_address(ocntr, xput%org_cntr, ierr)
  xput%cmpl_cntr = 0
  a1 = [(me + i, i = 1, 3)]
  call lapi_xfer(hndl, xput, ierr)
  call lapi_waitcntr(hndl, tcntr, 1, LAPI_ADDR_NULL, ierr)
  call lapi_waitcntr(hndl, ocntr, 1, LAPI_ADDR_NULL, ierr)
  call lapi_getcntr(hndl, tcntr, v, ierr)
  ok = ierr == LAPI_SUCCESS .and. v == 0 .and. all(putbuf(1:3) == [(left + i, i = 1, 3)])
  call lapi_msg_string(LAPI_ERR_TGT, msg, ierr)
  ok = ok .and. ierr == LAPI_SUCCESS .and. len_trim(msg) > 0 .and. msg(len(msg):) == ' '
  call report('LAPI_XFER, LAPI_GETCNTR, LAPI_MSG_STRING', ok)

  ! ---- errors come back in ierror ----
  call lapi_amsendv(hndl, n, vhdr, uhdr, 8, ovec, LAPI_ADDR_NULL, LAPI_ADDR_NULL, &
       LAPI_ADDR_NULL, ierr)
  ok = ierr == LAPI_ERR_TGT
  call lapi_amsendv(hndl, right, vhdr, uhdr, 8, LAPI_ADDR_NULL, LAPI_ADDR_NULL, &
       LAPI_ADDR_NULL, LAPI_ADDR_NULL, ierr)
  ok = ok .and. ierr == LAPI_ERR_ORG_VEC_NULL
  call lapi_amsendv(hndl, right, LAPI_ADDR_NULL, uhdr, 8, ovec, LAPI_ADDR_NULL, &
       LAPI_ADDR_NULL, LAPI_ADDR_NULL, ierr)
  ok = ok .and. ierr == LAPI_ERR_HDR_HNDLR_NULL
  call lapi_getcntr(hndl, LAPI_ADDR_NULL, v, ierr)
  call report('error codes in ierror', ok .and. ierr == LAPI_ERR_CNTR_NULL)

  ! ---- LAPI_AMSEND: 16 bytes into the right neighbour's abuf ----
  call lapi_address(abuf, abuf_addr, ierr)
  call lapi_gfence(hndl, ierr)
  putbuf = [(me * 3 + i, i = 1, 4)]
  call lapi_amsend(hndl, right, ahdr, uhdr, 8, putbuf, 16_8, tctab(right + 1), ocntr, &
       LAPI_ADDR_NULL, ierr)
  ok = ierr == LAPI_SUCCESS
  call lapi_waitcntr(hndl, tcntr, 1, LAPI_ADDR_NULL, ierr)
  call lapi_waitcntr(hndl, ocntr, 1, LAPI_ADDR_NULL, ierr)
  ok = ok .and. all(abuf == [(left * 3 + i, i = 1, 4)]) .and. amsg_len == 16 + left * 1000
  call report('LAPI_AMSEND', ok)

  ! ---- LAPI_RMW64 (COMPARE_AND_SWAP) on task 0's big word, through an
  ! LAPI_ADDRESS_INIT64 table: exactly one task wins ----
  call lapi_address(big, haddr, ierr)
  call lapi_address_init64(hndl, haddr, t64, ierr)
  in8 = [0_8, int(me + 1, 8) * 2_8**40]
  call lapi_rmw64(hndl, COMPARE_AND_SWAP, 0, t64(1), in8, prev8, ocntr, ierr)
  call lapi_waitcntr(hndl, ocntr, 1, LAPI_ADDR_NULL, ierr)
  ok = ierr == LAPI_SUCCESS .and. (prev8 == 1 .or. prev8 == 0)
  v = int(prev8)
  call lapi_gfence(hndl, ierr)
  ok = ok .and. (me /= 0 .or. (big >= 2_8**40 .and. mod(big, 2_8**40) == 0))
  call report('LAPI_RMW64 and LAPI_ADDRESS_INIT64', ok)

  ! ---- progress, environment, recovery ----
  call lapi_senv(hndl, ERROR_CHK, 1, ierr)
  ok = ierr == LAPI_SUCCESS
  call lapi_qenv(hndl, ERROR_CHK, v, ierr)
  ok = ok .and. v == 1
  call lapi_probe(hndl, ierr)
  ok = ok .and. ierr == LAPI_SUCCESS
  call lapi_msgpoll(hndl, 2, minfo, ierr)
  ok = ok .and. ierr == LAPI_SUCCESS
  call lapi_fence(hndl, ierr)
  ok = ok .and. ierr == LAPI_SUCCESS
  call lapi_setcntr(hndl, ccntr, 2, ierr)
  call lapi_nopoll_wait(hndl, ccntr, 2, v, ierr)
  ok = ok .and. ierr == LAPI_SUCCESS .and. v == 0
  dests(1) = right
  call lapi_setcntr_wstatus(hndl, ccntr, 1, dests, stats, ierr)
  ok = ok .and. ierr == LAPI_SUCCESS .and. stats(1) == LAPI_MSG_INITIAL
  call report('LAPI_SENV, PROBE, MSGPOLL, FENCE, NOPOLL_WAIT, SETCNTR_WSTATUS', ok)
  if (n > 1) then
    call lapi_purge_totask(hndl, right, ierr)
    ok = ierr == LAPI_SUCCESS
    call lapi_put(hndl, right, 4_8, btab(right + 1), getbuf, LAPI_ADDR_NULL, LAPI_ADDR_NULL, &
         LAPI_ADDR_NULL, ierr)
    ok = ok .and. ierr == LAPI_ERR_TGT_PURGED
    call lapi_resume_totask(hndl, right, ierr)
    ok = ok .and. ierr == LAPI_SUCCESS
  end if
  call report('LAPI_PURGE_TOTASK and LAPI_RESUME_TOTASK', ok)

  call lapi_gfence(hndl, ierr)
  print '(A,I0,A)', 'task ', me, ' done'
  call lapi_term(hndl, ierr)

contains

  subroutine report(what, good)
    character(*), intent(in) :: what
    logical, intent(in) :: good
    if (.not. good) then
      print '(A,A,A,I0,A,I0)', 'FAIL ', what, ' on task ', me, ' ierror ', ierr
    else if (me == 0) then
      print '(A,A)', 'OK ', what
    end if
    call lapi_gfence(hndl, ierr)
  end subroutine
end program
