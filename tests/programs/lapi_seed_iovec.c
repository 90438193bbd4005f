/* The first example of the LAPI_Amsendv page (seed 002), a LAPI_GEN_IOVECTOR
 * active message, completed into a whole program.  The lines of the
 * example are kept as printed (hdr_hdl_list is its spelling of
 * hdr_hndlr_list); what it elides with "." is filled in: set-up, the
 * handler table exchange, data, counters and checks.
 *
 * Every task sends NUM_VECS ints, one vector element each, to its buddy
 * (the next task), whose header handler scatters them into data_buffer and
 * names a completion handler.  Each task checks what it received, that the
 * completion handler ran before its target counter moved, and that its
 * three counters fired exactly once.  Prints "task N ok" or the errors. */
#include <lapi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NUM_VECS 5
#define MAX_TASKS 1024 /* the page sizes the table with NUM_TASKS, which
                          * lapi.h defines as a query code, not a count */
#define hdr_hdl_list hdr_hndlr_list

int data_buffer[NUM_VECS];     /* where the buddy's vector lands */
lapi_vec_t *vec;               /* the target vector the handler returns */
lapi_cntr_t tgt_counter;       /* bumped here when a message has completed */
int compl_ran;                 /* completion handlers run so far */
int compl_saw_cntr = -1;       /* the target counter as the handler saw it */
lapi_handle_t hndl;

void compl_hndlr(lapi_handle_t *handle, void *user_info)
{
    (void)user_info;
    LAPI_Getcntr(*handle, &tgt_counter, &compl_saw_cntr);
    compl_ran++;
}

/* header handler routine to execute on target task */
lapi_vec_t *hdr_hndlr(lapi_handle_t *handle, void *uhdr, uint *uhdr_len,
                      ulong *len_vec[ ], compl_hndlr_t **completion_handler,
                      void **user_info)
{
     int i;
     (void)handle; (void)uhdr; (void)uhdr_len; (void)len_vec;
     /* set completion handler pointer and other info */
     *completion_handler = compl_hndlr;
     *user_info = NULL;

     /* set up the vector to return to LAPI                                */
     /* for a LAPI_GEN_IOVECTOR: num_vecs, vec_type, and len must all have */
     /* the same values as the origin vector.  The info array should       */
     /* contain the buffer addresses for LAPI to write the data            */
     vec = malloc(sizeof *vec);
     vec->num_vecs = NUM_VECS;
     vec->vec_type = LAPI_GEN_IOVECTOR;
     vec->len      = (unsigned long *)malloc(NUM_VECS*sizeof(unsigned long));
     vec->info     = (void **) malloc(NUM_VECS*sizeof(void *));
     for( i=0; i < NUM_VECS; i++ ) {
         vec->info[i] = (void *) &data_buffer[i];
         vec->len[i]  = (unsigned long)(sizeof(int));
     }

     return vec;
}

/* The handler's vector is the target's to free once its counter fired. */
static void free_target_vec(void)
{
     if (vec) {
         free(vec->len);
         free(vec->info);
         free(vec);
     }
}

int main(void)
{
     void        *hdr_hndlr_list[MAX_TASKS]; /* table of remote header handlers */
     void        *cntr_list[MAX_TASKS];      /* every task's tgt_counter        */
     lapi_vec_t  *vec;                       /* data for data transfer          */
     lapi_info_t info;
     lapi_cntr_t org_counter, cmpl_counter;
     lapi_cntr_t *tgt_cntr, *org_cntr = &org_counter, *cmpl_cntr = &cmpl_counter;
     int me, ntasks, i, errors = 0, v;
     int src[NUM_VECS];

     memset(&info, 0, sizeof info);
     if (LAPI_Init(&hndl, &info) != LAPI_SUCCESS)
         return 2;
     LAPI_Qenv(hndl, TASK_ID, &me);
     LAPI_Qenv(hndl, NUM_TASKS, &ntasks);
     uint tgt = (uint)((me + 1) % ntasks), buddy = tgt;
     int left = (me + ntasks - 1) % ntasks;
     LAPI_Setcntr(hndl, &tgt_counter, 0);
     LAPI_Setcntr(hndl, org_cntr, 0);
     LAPI_Setcntr(hndl, cmpl_cntr, 0);
     LAPI_Address_init(hndl, (void *)hdr_hndlr, hdr_hndlr_list);
     LAPI_Address_init(hndl, &tgt_counter, cntr_list);
     tgt_cntr = cntr_list[buddy];
     for (i = 0; i < NUM_VECS; i++)
         src[i] = me * 100 + i;

     vec = malloc(sizeof *vec);
     vec->num_vecs = NUM_VECS;
     vec->vec_type = LAPI_GEN_IOVECTOR;
     vec->len      = (unsigned long *) malloc(NUM_VECS*sizeof(unsigned long));
     vec->info     = (void **) malloc(NUM_VECS*sizeof(void *));

     /* each vec->info[i] gets a base address                                   */
     /* each vec->len[i] gets the number of bytes to transfer from vec->info[i] */
     for (i = 0; i < NUM_VECS; i++) {
         vec->info[i] = &src[i];
         vec->len[i] = sizeof(int);
     }

     LAPI_Amsendv(hndl, tgt, (void *) hdr_hdl_list[buddy], NULL, 0, vec,
                  tgt_cntr, org_cntr, cmpl_cntr);

     /* data will be copied as follows:                    */
     /* len[0] bytes of data starting from address info[0] */
     /* len[1] bytes of data starting from address info[1] */
     /* len[NUM_VECS-1] bytes of data starting from address info[NUM_VECS-1] */

     LAPI_Waitcntr(hndl, org_cntr, 1, NULL);
     LAPI_Waitcntr(hndl, cmpl_cntr, 1, NULL);
     LAPI_Waitcntr(hndl, &tgt_counter, 1, &v);
     for (i = 0; i < NUM_VECS; i++)
         if (data_buffer[i] != left * 100 + i) {
             printf("task %d: data_buffer[%d] = %d, expected %d\n", me, i, data_buffer[i],
                    left * 100 + i);
             errors++;
         }
     if (compl_ran != 1 || compl_saw_cntr != 0) {
         printf("task %d: completion handler ran %d times, saw counter %d\n", me, compl_ran,
                compl_saw_cntr);
         errors++;
     }
     LAPI_Gfence(hndl);
     LAPI_Getcntr(hndl, org_cntr, &v);
     errors += v != 0;
     LAPI_Getcntr(hndl, cmpl_cntr, &v);
     errors += v != 0;
     LAPI_Getcntr(hndl, &tgt_counter, &v);
     errors += v != 0;
     LAPI_Term(hndl);
     free(vec->len);
     free(vec->info);
     free(vec);
     free_target_vec();
     if (errors == 0)
         printf("task %d ok\n", me);
     return errors != 0;
}
