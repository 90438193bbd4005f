/* cli/child: runs shmemsim itself in child processes, a few at a time,
 * and reads what each run did.
 *
 * A run holds process-wide state (the loaded program copies, the world,
 * signal handlers), so test and explore give each run its own process:
 * fork, then exec /proc/self/exe.  A child's stdout, stderr and fd 3 are
 * anonymous memory files (memfd), read back once it has ended, so a child
 * never blocks on a full pipe and nothing touches the file system. */
#include "cli.h"
#include "json.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct slot {
    pid_t pid;      /* 0: free */
    int index;      /* which child */
    int fd[3];      /* memfds: stdout, stderr, report */
    double start;   /* wall clock when started */
} slot_t;

static double wall(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static char *slurp(int fd, size_t *len)
{
    struct stat st;
    size_t n = fstat(fd, &st) == 0 ? (size_t)st.st_size : 0;
    char *buf = malloc(n + 1);
    size_t got = 0;
    while (buf && got < n) {
        ssize_t r = pread(fd, buf + got, n - got, (off_t)got);
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    if (buf)
        buf[got] = '\0';
    if (len)
        *len = got;
    close(fd);
    return buf;
}

/* In the child: fds 0..3 in place, then shmemsim again. */
static _Noreturn void exec_child(const slot_t *s, char **argv)
{
    int null = open("/dev/null", O_RDONLY);
    if (null < 0 || dup2(null, 0) < 0 || dup2(s->fd[0], 1) < 0 || dup2(s->fd[1], 2) < 0 ||
        dup2(s->fd[2], 3) < 0)
        _exit(127);
    execv("/proc/self/exe", argv);
    dprintf(2, "shmemsim: cannot run /proc/self/exe: %s\n", strerror(errno));
    _exit(127);
}

static int start(slot_t *s, cli_child_t *c, int index)
{
    static const char *const names[3] = {"shmemsim-stdout", "shmemsim-stderr", "shmemsim-report"};
    for (int i = 0; i < 3; i++) {
        s->fd[i] = memfd_create(names[i], MFD_CLOEXEC);
        if (s->fd[i] < 0) {
            fprintf(stderr, "shmemsim: cannot make a memory file: %s\n", strerror(errno));
            while (i-- > 0)
                close(s->fd[i]);
            return -1;
        }
    }
    fflush(NULL);
    s->start = wall();
    s->pid = fork();
    if (s->pid < 0) {
        fprintf(stderr, "shmemsim: cannot fork: %s\n", strerror(errno));
        for (int i = 0; i < 3; i++)
            close(s->fd[i]);
        s->pid = 0;
        return -1;
    }
    if (s->pid == 0)
        exec_child(s, c->argv);
    s->index = index;
    return 0;
}

static void finish(slot_t *s, cli_child_t *c, int st)
{
    c->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    c->seconds = wall() - s->start;
    c->out = slurp(s->fd[0], &c->nout);
    c->err = slurp(s->fd[1], &c->nerr);
    c->report = slurp(s->fd[2], NULL);
    s->pid = 0;
}

int cli_children_run(cli_child_t *c, int n, int jobs, void (*done)(int i, void *ctx), void *ctx)
{
    slot_t *slots = calloc((size_t)jobs, sizeof *slots);
    int next = 0, running = 0, rc = 0;
    while (next < n || running > 0) {
        for (int j = 0; j < jobs && next < n && rc == 0; j++) {
            if (slots[j].pid == 0) {
                if (start(&slots[j], &c[next], next) != 0)
                    rc = -1;
                else
                    running++, next++;
            }
        }
        if (running == 0)
            break;
        int st;
        pid_t pid = waitpid(-1, &st, 0);
        if (pid < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        for (int j = 0; j < jobs; j++) {
            if (slots[j].pid == pid) {
                finish(&slots[j], &c[slots[j].index], st);
                running--;
                if (done)
                    done(slots[j].index, ctx);
                break;
            }
        }
    }
    free(slots);
    return rc;
}

void cli_child_free(cli_child_t *c)
{
    free(c->out);
    free(c->err);
    free(c->report);
    c->out = c->err = c->report = NULL;
}

/* ---- reading a run's report (share/report.schema.json) ---- */

static void read_findings(const sim_json_t *report, cli_outcome_t *o)
{
    const sim_json_t *list = sim_json_get(report, "findings"), *f;
    for (size_t i = 0; (f = sim_json_at(list, i)) != NULL; i++) {
        const char *id = sim_json_str_of(f, "id"), *site = sim_json_str_of(f, "site");
        const char *sev = sim_json_str_of(f, "severity");
        if (!id)
            continue;
        if (!o->first_error[0] && sev && strcmp(sev, "error") == 0 && strcmp(id, "deadlock") != 0)
            snprintf(o->first_error, sizeof o->first_error, "%s", id);
        size_t su = strlen(o->sites);
        snprintf(o->sites + su, sizeof o->sites - su, "%s%s@%s", su ? ";" : "", id,
                 site ? site : "");
        if (cli_outcome_has_finding(o, id))
            continue;
        size_t used = strlen(o->findings);
        snprintf(o->findings + used, sizeof o->findings - used, "%s%s", used ? "," : "", id);
    }
}

/* The PE that ended the job: the first that exited non-zero, or crashed,
 * or ran into the watchdog, as the outcome says. */
static void read_culprit(const sim_json_t *report, cli_outcome_t *o)
{
    const sim_json_t *pes = sim_json_get(report, "pes"), *p;
    for (size_t i = 0; (p = sim_json_at(pes, i)) != NULL; i++) {
        const sim_json_t *pe = sim_json_get(p, "pe"), *st = sim_json_get(p, "status");
        const char *end = sim_json_str_of(p, "end");
        if (!pe || pe->type != SIM_JSON_NUMBER || !end)
            continue;
        if (strcmp(o->name, "exit-nonzero") == 0 && strcmp(end, "exit") == 0 && st &&
            st->type == SIM_JSON_NUMBER && st->number != 0) {
            o->pe = (int)pe->number;
            o->pe_status = (int)st->number;
            return;
        }
        if (strcmp(o->name, "crash") == 0 &&
            (strcmp(end, "crash") == 0 || strcmp(end, "stack-overflow") == 0)) {
            const char *sig = sim_json_str_of(p, "signal");
            o->pe = (int)pe->number;
            snprintf(o->signal, sizeof o->signal, "%s",
                     strcmp(end, "stack-overflow") == 0 ? "stack overflow" : sig ? sig : "");
            return;
        }
        if (strcmp(o->name, "watchdog") == 0 && strcmp(end, "watchdog") == 0) {
            o->pe = (int)pe->number;
            return;
        }
    }
}

void cli_outcome(const cli_child_t *c, cli_outcome_t *o)
{
    memset(o, 0, sizeof *o);
    o->pe = -1;
    /* A child stopped from outside did not end on its own: killed. */
    const char *name = c->status == SIM_EXIT_INTERRUPTED ? NULL : sim_exit_name(c->status);
    o->name = name ? name : "killed";
    char err[200];
    sim_json_t *report = c->report && c->report[0] ? sim_json_parse(c->report, err, sizeof err) : NULL;
    if (report) {
        read_findings(report, o);
        read_culprit(report, o);
        sim_json_free(report);
    }
}

/* The ids of o other than the one naming its outcome (a deadlock raises
 * `deadlock` findings; the outcome says so already). */
static void other_findings(const cli_outcome_t *o, char *buf, size_t len)
{
    buf[0] = '\0';
    for (const char *p = o->findings; *p;) {
        size_t n = strcspn(p, ",");
        if (strlen(o->name) != n || strncmp(p, o->name, n) != 0)
            snprintf(buf + strlen(buf), len - strlen(buf), "%s%.*s", buf[0] ? "," : "",
                     (int)n, p);
        p += n + (p[n] == ',');
    }
}

const char *cli_outcome_text(const cli_outcome_t *o, char *buf, size_t len)
{
    char ids[sizeof o->findings];
    other_findings(o, ids, sizeof ids);
    if (strcmp(o->name, "exit-nonzero") == 0 && o->pe >= 0)
        snprintf(buf, len, "exit-nonzero (PE %d exited with status %d)", o->pe, o->pe_status);
    else if (strcmp(o->name, "crash") == 0 && o->pe >= 0)
        snprintf(buf, len, "crash (PE %d: %s)", o->pe, o->signal[0] ? o->signal : "?");
    else if (strcmp(o->name, "watchdog") == 0 && o->pe >= 0)
        snprintf(buf, len, "watchdog (PE %d)", o->pe);
    else if (ids[0])
        snprintf(buf, len, "%s [%s]", o->name, ids);
    else
        snprintf(buf, len, "%s", o->name);
    return buf;
}

int cli_outcome_has_finding(const cli_outcome_t *o, const char *id)
{
    size_t n = strlen(id);
    for (const char *p = o->findings; (p = strstr(p, id)) != NULL; p += n)
        if ((p == o->findings || p[-1] == ',') && (p[n] == ',' || p[n] == '\0'))
            return 1;
    return 0;
}
