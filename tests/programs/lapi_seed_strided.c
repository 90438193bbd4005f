/* The second example of the LAPI_Amsendv page (seed 002), a
 * LAPI_GEN_STRIDED_XFER active message, completed into a whole program.
 * The example's lines are kept as printed, including its assignments of
 * integers to the void * slots of info (hence the pragma); what it elides
 * with "." is filled in.
 *
 * Every task sends NUM_VECS blocks of block_size bytes, taken every 8
 * bytes of its source, to its buddy (the next task), whose header handler
 * scatters them every 12 bytes of its buffer.  The target checks every
 * byte: the blocks where they belong, the gaps between them untouched.
 * uhdr carries the sender's number.  Prints "task N ok" or the errors. */
#pragma GCC diagnostic ignored "-Wint-conversion"
#include <lapi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NUM_VECS 6
#define MAX_TASKS 1024
#define SRC_STRIDE 8
#define DST_STRIDE 12

char buffer[NUM_VECS * DST_STRIDE];   /* where the buddy's blocks land */
char *buffer_address = buffer;
int block_size = 5;
int stride = DST_STRIDE;
lapi_vec_t *vec;                      /* the target vector the handler returns */
void *vec_info[3];
lapi_cntr_t tgt_counter;
long long sender = -1;                /* from uhdr */

/* header handler routine to execute on target task */
lapi_vec_t *hdr_hndlr(lapi_handle_t *handle, void *uhdr, uint *uhdr_len,
                      ulong *len_vec[ ], compl_hndlr_t **completion_handler,
                      void **user_info)
{
     (void)handle; (void)len_vec; (void)user_info;
     int data_size;             /* stride     */
     (void)data_size;
     if (*uhdr_len == sizeof sender)
         memcpy(&sender, uhdr, sizeof sender);
     *completion_handler = NULL;
     vec = malloc(sizeof *vec);
     vec->info = vec_info;

     vec->num_vecs = NUM_VECS;     /* NUM_VECS = number of vectors to transfer */
                                   /* must match that of the origin vector     */
     vec->vec_type = LAPI_GEN_STRIDED_XFER;           /* same as origin vector */

     /* see comments in origin vector setup for a description of how data      */
     /* will be copied based on these settings.                                */
     vec->info[0]  = buffer_address; /* starting address for data copy         */
     vec->info[1]  = block_size;     /* bytes of data to copy                  */
     vec->info[2]  = stride;         /* distance from copy block to copy block */

     return vec;
}

static void free_target_vec(void)
{
      free(vec);
}

int main(void)
{
      void *hdr_hdl_list[MAX_TASKS], *cntr_list[MAX_TASKS];
      lapi_handle_t hndl;
      lapi_info_t info;
      lapi_cntr_t org_counter, cmpl_counter;
      lapi_cntr_t *tgt_cntr, *org_cntr = &org_counter, *cmpl_cntr = &cmpl_counter;
      int me, ntasks, errors = 0;
      char src[NUM_VECS * SRC_STRIDE];

      memset(&info, 0, sizeof info);
      if (LAPI_Init(&hndl, &info) != LAPI_SUCCESS)
          return 2;
      LAPI_Qenv(hndl, TASK_ID, &me);
      LAPI_Qenv(hndl, NUM_TASKS, &ntasks);
      uint tgt = (uint)((me + 1) % ntasks), buddy = tgt;
      int left = (me + ntasks - 1) % ntasks;
      memset(buffer, '.', sizeof buffer);
      for (size_t i = 0; i < sizeof src; i++)
          src[i] = (char)(me * 31 + (int)i);
      LAPI_Address_init(hndl, (void *)hdr_hndlr, hdr_hdl_list);
      LAPI_Address_init(hndl, &tgt_counter, cntr_list);
      tgt_cntr = cntr_list[buddy];
      long long me_ll = me;
      void *uhdr = &me_ll;
      uint uhdr_len = sizeof me_ll;
      void *org_info[3];

      lapi_vec_t *vec;                                   /* data for data transfer */
      vec = malloc(sizeof *vec);
      vec->info = org_info;
      int block_size = 5, stride = SRC_STRIDE;
      char *buffer_address = src;

      vec->num_vecs = NUM_VECS;        /* NUM_VECS = number of vectors to transfer */
                                       /* must match that of the target vector     */
      vec->vec_type = LAPI_GEN_STRIDED_XFER;          /* same as target vector     */

      vec->info[0]  = buffer_address;    /* starting address for data copy         */
      vec->info[1]  = block_size;        /* bytes of data to copy                  */
      vec->info[2]  = stride;            /* distance from copy block to copy block */
      /* data will be copied as follows:                                           */
      /* block_size bytes will be copied from buffer_address                       */
      /* block_size bytes will be copied from buffer_address+stride                */
      /* block_size bytes will be copied from buffer_address+(2*stride)            */
      /* block_size bytes will be copied from buffer_address+(3*stride)            */
      /* block_size bytes will be copied from buffer_address+((NUM_VECS-1)*stride) */

      /* if uhdr isn't used, uhdr should be NULL and uhdr_len should be 0          */
      /* tgt_cntr, org_cntr and cmpl_cntr can all be NULL                          */
      LAPI_Amsendv(hndl, tgt, (void *) hdr_hdl_list[buddy], uhdr, uhdr_len,
                   vec, tgt_cntr, org_cntr, cmpl_cntr);

      LAPI_Waitcntr(hndl, org_cntr, 1, NULL);
      LAPI_Waitcntr(hndl, cmpl_cntr, 1, NULL);
      LAPI_Waitcntr(hndl, &tgt_counter, 1, NULL);
      for (int b = 0; b < NUM_VECS; b++)
          for (int k = 0; k < DST_STRIDE; k++) {
              char want = k < block_size ? (char)(left * 31 + b * SRC_STRIDE + k) : '.';
              if (buffer[b * DST_STRIDE + k] != want) {
                  printf("task %d: buffer[%d] = %d, expected %d\n", me, b * DST_STRIDE + k,
                         buffer[b * DST_STRIDE + k], want);
                  errors++;
              }
          }
      if (sender != left) {
          printf("task %d: uhdr said %lld, expected %d\n", me, sender, left);
          errors++;
      }
      LAPI_Gfence(hndl);
      LAPI_Term(hndl);
      free(vec);
      free_target_vec();
      if (errors == 0)
          printf("task %d ok\n", me);
      return errors != 0;
}
