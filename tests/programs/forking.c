/* fork in a PE: the child is a plain process, not a PE.  argv[1]:
 *   exit    the child prints a line and exits with 3
 *   exec    the child execs /bin/echo
 *   shmem   the child calls shmem_barrier_all (it must end with 127)
 * PE 0 forks and waits for the child; every PE then meets in a barrier and
 * prints its line, so nothing of the simulation is repeated. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe();
    const char *how = argc > 1 ? argv[1] : "exit";
    printf("PE %d before\n", me);
    if (me == 0) {
        fflush(stdout);
        pid_t pid = fork();
        if (pid == 0) {
            if (!strcmp(how, "exec")) {
                execl("/bin/echo", "echo", "child ran echo", (char *)NULL);
                _exit(126);
            }
            if (!strcmp(how, "shmem"))
                shmem_barrier_all();
            printf("child of PE 0 says hello\n");
            exit(3);
        }
        int st = 0;
        waitpid(pid, &st, 0);
        printf("PE 0 child status %d\n", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
    }
    shmem_barrier_all();
    printf("PE %d after\n", me);
    shmem_finalize();
    return 0;
}
