/* cli/html: a run's report as one self-contained HTML page.
 *
 * Made from the report JSON (share/report.schema.json) and, when there is
 * one, the run's trace (Chrome trace-event JSON): the summary, each
 * finding with the source lines around its call site, per-PE statistics
 * and a timeline, an SVG with a row per PE, calls as bars, messages as
 * arrows from sender to receiver and findings and faults as markers,
 * zoomed with the wheel and panned by dragging.  No network, no external
 * script or style; the same inputs give the same bytes. */
#include "cli.h"
#include "json.h"
#include "util.h"

#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_TRACE_BYTES ((off_t)256 << 20) /* a larger trace is not drawn */
#define MAX_ROWS 128                        /* PEs drawn in the timeline */
#define MAX_CALLS 20000                     /* call bars drawn */
#define MAX_ARROWS 5000                     /* message arrows drawn */
#define PLOT_W 1000.0                       /* timeline units across */
#define ROW_H 18                            /* timeline row height, px */

typedef struct pe_stats {
    uint64_t calls, call_ns, sent, sent_bytes, recv, recv_bytes, findings;
} pe_stats_t;

/* A message: where and when it left and arrived (from the trace's send
 * and deliver slices, matched by id). */
typedef struct msg {
    int used;
    int from, to;
    double sent_ns, recv_ns;
    int has_sent, has_recv;
    uint64_t bytes;
    const char *kind;
} msg_t;

typedef struct page {
    FILE *f;
    const sim_json_t *rep;
    const sim_json_t *events; /* the trace's traceEvents, or NULL */
    const char *no_trace;     /* why there is no timeline, when events is NULL */
    int npes;
    double end_ns;
    pe_stats_t *pes;
    msg_t *msgs;
    size_t nmsgs, capmsgs;
} page_t;

/* ---- small helpers ---- */

static void esc(FILE *f, const char *s)
{
    for (; s && *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f);
        }
    }
}

static double num(const sim_json_t *v, const char *key, double dflt)
{
    const sim_json_t *m = sim_json_get(v, key);
    return m && m->type == SIM_JSON_NUMBER ? m->number : dflt;
}

static const char *str(const sim_json_t *v, const char *key, const char *dflt)
{
    const char *s = sim_json_str_of(v, key);
    return s ? s : dflt;
}

/* ns as the page shows a time: "12.345 us" (or ns, ms, s). */
static void time_text(char *buf, size_t len, double ns)
{
    if (ns < 1e3)
        snprintf(buf, len, "%.0f ns", ns);
    else if (ns < 1e6)
        snprintf(buf, len, "%.3f us", ns / 1e3);
    else if (ns < 1e9)
        snprintf(buf, len, "%.3f ms", ns / 1e6);
    else
        snprintf(buf, len, "%.3f s", ns / 1e9);
}

/* A colour for a routine, the same for the same name in every page. */
static unsigned hue_of(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h % 360;
}

static char *read_file(const char *path, off_t limit, const char **why)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        *why = strerror(errno);
        return NULL;
    }
    if (limit && st.st_size > limit) {
        *why = "too large to draw (open it in Perfetto)";
        return NULL;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        *why = strerror(errno);
        return NULL;
    }
    char *buf = sim_xmalloc((size_t)st.st_size + 1);
    size_t n = fread(buf, 1, (size_t)st.st_size, f);
    fclose(f);
    buf[n] = '\0';
    return buf;
}

/* ---- what the trace says ---- */

/* The message with trace id id (ids are numbered from 0 in send order),
 * or NULL for an id out of any trace this page can draw. */
static msg_t *msg_of(page_t *p, double id)
{
    if (id < 0 || id >= 1e8)
        return NULL;
    size_t i = (size_t)id;
    if (i >= p->capmsgs) {
        size_t cap = p->capmsgs ? p->capmsgs : 256;
        while (cap <= i)
            cap *= 2;
        p->msgs = sim_xrealloc(p->msgs, cap * sizeof *p->msgs);
        memset(p->msgs + p->capmsgs, 0, (cap - p->capmsgs) * sizeof *p->msgs);
        p->capmsgs = cap;
    }
    if (i >= p->nmsgs)
        p->nmsgs = i + 1;
    msg_t *m = &p->msgs[i];
    if (!m->used) {
        m->used = 1;
        m->from = m->to = -1;
    }
    return m;
}

/* Per-PE statistics and the messages, from the trace's slices. */
static void gather(page_t *p)
{
    const sim_json_t *e;
    for (size_t i = 0; p->events && (e = sim_json_at(p->events, i)) != NULL; i++) {
        const char *cat = str(e, "cat", ""), *ph = str(e, "ph", ""), *name = str(e, "name", "");
        int tid = (int)num(e, "tid", -1);
        double ts = num(e, "ts", 0) * 1e3, dur = num(e, "dur", 0) * 1e3;
        if (tid < 0 || tid >= p->npes)
            continue;
        if (strcmp(cat, "api") == 0 && strcmp(ph, "X") == 0) {
            p->pes[tid].calls++;
            p->pes[tid].call_ns += (uint64_t)(dur + 0.5);
        } else if (strcmp(cat, "net") == 0 && strcmp(ph, "X") == 0) {
            const sim_json_t *a = sim_json_get(e, "args");
            msg_t *m = msg_of(p, num(a, "id", -1));
            if (!m)
                continue;
            m->from = (int)num(a, "from", -1);
            m->to = (int)num(a, "to", -1);
            m->bytes = (uint64_t)num(a, "bytes", 0);
            if (strncmp(name, "send ", 5) == 0) {
                m->sent_ns = ts;
                m->has_sent = 1;
                m->kind = name + 5;
                p->pes[tid].sent++;
                p->pes[tid].sent_bytes += m->bytes;
            } else if (strncmp(name, "deliver ", 8) == 0) {
                m->recv_ns = ts;
                m->has_recv = 1;
                m->kind = name + 8;
                p->pes[tid].recv++;
                p->pes[tid].recv_bytes += m->bytes;
            }
        }
    }
}

/* ---- the page ---- */

static const char style[] =
    "body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222;max-width:1200px}"
    "h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.8em;border-bottom:1px solid #ccc}"
    "table{border-collapse:collapse}td,th{padding:2px 10px;text-align:left;border-bottom:1px solid #eee}"
    "th{background:#f4f4f4}td.n{text-align:right;font-variant-numeric:tabular-nums}"
    ".outcome{font-weight:bold;padding:1px 8px;border-radius:4px;color:#fff}"
    ".o-ok{background:#2a7}.o-bad{background:#c33}"
    ".finding{border-left:4px solid #c33;padding:4px 12px;margin:12px 0;background:#fdf6f6}"
    ".finding.warning{border-color:#d90;background:#fffaf0}"
    ".finding h3{margin:0;font-size:1em}.site{color:#555}"
    "pre.src{background:#f7f7f7;padding:6px;overflow:auto;font-size:12px}"
    "pre.src mark{background:#ffe08a;display:block}"
    "#tl{border:1px solid #ccc;background:#fff;cursor:grab;user-select:none;width:100%}"
    ".lane{fill:#fafafa}.lane.odd{fill:#f0f0f0}.call{stroke:none}"
    ".msg{stroke:#336;stroke-width:1;vector-effect:non-scaling-stroke;opacity:.6}"
    ".mark{stroke:#fff;stroke-width:.5;vector-effect:non-scaling-stroke}"
    ".note{color:#666}button{margin-right:4px}";

static void summary(page_t *p)
{
    const sim_json_t *r = p->rep, *c = sim_json_get(r, "counts");
    const char *outcome = str(r, "outcome", "?");
    char t[64];
    time_text(t, sizeof t, p->end_ns);
    fputs("<h1>shmemsim report: ", p->f);
    esc(p->f, str(r, "program", "?"));
    fputs("</h1>\n<table id=\"summary\">\n<tr><th>outcome</th><td><span class=\"outcome ", p->f);
    fputs(strcmp(outcome, "ok") == 0 ? "o-ok" : "o-bad", p->f);
    fputs("\">", p->f);
    esc(p->f, outcome);
    fprintf(p->f, "</span> (exit status %.0f)</td></tr>\n", num(r, "exit_status", -1));
    if (sim_json_str_of(r, "scenario")) {
        fputs("<tr><th>scenario</th><td>", p->f);
        esc(p->f, sim_json_str_of(r, "scenario"));
        fputs("</td></tr>\n", p->f);
    }
    fprintf(p->f, "<tr><th>PEs</th><td>%d</td></tr>\n<tr><th>seed</th><td>%.0f</td></tr>\n"
            "<tr><th>virtual time at the end</th><td>%s</td></tr>\n", p->npes, num(r, "seed", 0), t);
    fprintf(p->f, "<tr><th>events, messages, bytes</th><td>%.0f, %.0f, %.0f</td></tr>\n"
            "<tr><th>context switches</th><td>%.0f</td></tr>\n", num(c, "events", 0),
            num(c, "messages", 0), num(c, "bytes", 0), num(c, "context_switches", 0));
    const sim_json_t *net = sim_json_get(r, "network");
    fputs("<tr><th>network</th><td>", p->f);
    for (size_t i = 0; net && i < net->n; i++) {
        const sim_json_t *v = &net->items[i];
        fprintf(p->f, "%s", i ? ", " : "");
        esc(p->f, net->keys[i]);
        if (v->type == SIM_JSON_STRING) {
            fputc(' ', p->f);
            esc(p->f, v->string);
        } else {
            fprintf(p->f, " %.17g", v->number);
        }
    }
    fputs("</td></tr>\n</table>\n", p->f);
}

/* Lines line-3 .. line+3 of path, the call's own line marked. */
static void excerpt(page_t *p, const char *path, int line)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fputs("<p class=\"note\">(the source file ", p->f);
        esc(p->f, path);
        fputs(" cannot be read here)</p>\n", p->f);
        return;
    }
    char buf[4096];
    fputs("<pre class=\"src\">", p->f);
    for (int n = 1; fgets(buf, sizeof buf, f) && n <= line + 3; n++) {
        if (n < line - 3)
            continue;
        buf[strcspn(buf, "\n")] = '\0';
        fprintf(p->f, "%s%5d  ", n == line ? "<mark>" : "", n);
        esc(p->f, buf);
        fputs(n == line ? "</mark>" : "\n", p->f);
    }
    fputs("</pre>\n", p->f);
    fclose(f);
}

static void findings(page_t *p)
{
    const sim_json_t *list = sim_json_get(p->rep, "findings"), *x;
    fprintf(p->f, "<h2>Findings (%zu)</h2>\n", list ? list->n : 0);
    if (!list || list->n == 0)
        fputs("<p>None: no rule the simulator checks was broken.</p>\n", p->f);
    for (size_t i = 0; (x = sim_json_at(list, i)) != NULL; i++) {
        const char *sev = str(x, "severity", "error");
        int pe = (int)num(x, "pe", -1);
        char t[64];
        time_text(t, sizeof t, num(x, "time_ns", 0));
        if (pe >= 0 && pe < p->npes)
            p->pes[pe].findings += (uint64_t)num(x, "count", 1);
        fprintf(p->f, "<article class=\"finding %s\" id=\"finding-%zu\">\n<h3>%s [", sev, i + 1, sev);
        esc(p->f, str(x, "id", "?"));
        fprintf(p->f, "] PE %d at t=%s in ", pe, t);
        esc(p->f, str(x, "call", "?"));
        fputs("</h3>\n<div class=\"site\">called from ", p->f);
        esc(p->f, str(x, "site", "?"));
        if (num(x, "count", 1) > 1)
            fprintf(p->f, " (%.0f times)", num(x, "count", 1));
        fputs("</div>\n<p>", p->f);
        esc(p->f, str(x, "text", ""));
        fputs("</p>\n", p->f);
        if (sim_json_str_of(x, "file"))
            excerpt(p, sim_json_str_of(x, "file"), (int)num(x, "line", 0));
        fputs("</article>\n", p->f);
    }
}

static void pe_table(page_t *p)
{
    const sim_json_t *list = sim_json_get(p->rep, "pes"), *x;
    fputs("<h2>PEs</h2>\n<table id=\"pes\">\n<tr><th>PE</th><th>how it ended</th>", p->f);
    if (p->events)
        fputs("<th>calls</th><th>time in calls</th><th>sent</th><th>bytes sent</th>"
              "<th>received</th><th>bytes received</th>", p->f);
    fputs("<th>findings</th></tr>\n", p->f);
    for (size_t i = 0; (x = sim_json_at(list, i)) != NULL; i++) {
        int pe = (int)num(x, "pe", (double)i);
        const pe_stats_t *s = pe >= 0 && pe < p->npes ? &p->pes[pe] : NULL;
        fprintf(p->f, "<tr><td class=\"n\">%d</td><td>", pe);
        esc(p->f, str(x, "end", "?"));
        if (sim_json_get(x, "status"))
            fprintf(p->f, " %.0f", num(x, "status", 0));
        if (sim_json_str_of(x, "signal")) {
            fputc(' ', p->f);
            esc(p->f, sim_json_str_of(x, "signal"));
        }
        if (sim_json_str_of(x, "blocked_in")) {
            fputs(" in ", p->f);
            esc(p->f, sim_json_str_of(x, "blocked_in"));
        }
        fputs("</td>", p->f);
        if (p->events && s) {
            char t[64];
            time_text(t, sizeof t, (double)s->call_ns);
            fprintf(p->f, "<td class=\"n\">%" PRIu64 "</td><td class=\"n\">%s</td>"
                    "<td class=\"n\">%" PRIu64 "</td><td class=\"n\">%" PRIu64 "</td>"
                    "<td class=\"n\">%" PRIu64 "</td><td class=\"n\">%" PRIu64 "</td>",
                    s->calls, t, s->sent, s->sent_bytes, s->recv, s->recv_bytes);
        }
        fprintf(p->f, "<td class=\"n\">%" PRIu64 "</td></tr>\n", s ? s->findings : 0);
    }
    fputs("</table>\n", p->f);
}

static double x_of(const page_t *p, double ns)
{
    return p->end_ns > 0 ? ns / p->end_ns * PLOT_W : 0;
}

static void timeline(page_t *p)
{
    fputs("<h2>Timeline</h2>\n", p->f);
    if (!p->events) {
        fputs("<p class=\"note\">No timeline: ", p->f);
        esc(p->f, p->no_trace);
        fputs(".</p>\n", p->f);
        return;
    }
    int rows = p->npes < MAX_ROWS ? p->npes : MAX_ROWS;
    int h = rows * ROW_H + 24;
    fprintf(p->f, "<p class=\"note\">Calls are bars, messages arrows from sender to receiver, "
            "findings red and faults orange marks; hover for details.  Wheel: zoom; drag: pan; "
            "double-click: the whole run.%s</p>\n",
            rows < p->npes ? "  Only the first 128 PEs are drawn." : "");
    fputs("<div><button id=\"zin\">+</button><button id=\"zout\">&minus;</button>"
          "<button id=\"zall\">whole run</button> <span id=\"span\"></span></div>\n", p->f);
    fprintf(p->f, "<svg id=\"tl\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1070 %d\" "
            "height=\"%d\" data-end-ns=\"%.0f\">\n<defs><marker id=\"arrow\" viewBox=\"0 0 6 6\" "
            "refX=\"6\" refY=\"3\" markerWidth=\"6\" markerHeight=\"6\" orient=\"auto\">"
            "<path d=\"M0,0L6,3L0,6z\" fill=\"#336\"/></marker>"
            "<clipPath id=\"clip\"><rect x=\"60\" y=\"0\" width=\"1000\" height=\"%d\"/></clipPath>"
            "</defs>\n<g id=\"lanes\">", h, h, p->end_ns, h);
    for (int r = 0; r < rows; r++)
        fprintf(p->f, "<rect class=\"lane%s\" x=\"60\" y=\"%d\" width=\"1000\" height=\"%d\"/>"
                "<text x=\"4\" y=\"%d\" font-size=\"11\">PE %d</text>", r % 2 ? " odd" : "",
                r * ROW_H, ROW_H, r * ROW_H + 13, r);
    fprintf(p->f, "</g>\n<g id=\"axis\" transform=\"translate(0,%d)\"></g>\n"
            "<g clip-path=\"url(#clip)\"><g id=\"plot\" transform=\"translate(60,0)\">\n",
            rows * ROW_H);
    /* calls */
    const sim_json_t *e;
    size_t ncalls = 0, narrows = 0, nmarks = 0;
    fputs("<g id=\"calls\">", p->f);
    for (size_t i = 0; (e = sim_json_at(p->events, i)) != NULL && ncalls < MAX_CALLS; i++) {
        int tid = (int)num(e, "tid", -1);
        if (tid < 0 || tid >= rows || strcmp(str(e, "cat", ""), "api") != 0 ||
            strcmp(str(e, "ph", ""), "X") != 0)
            continue;
        double ts = num(e, "ts", 0) * 1e3, dur = num(e, "dur", 0) * 1e3;
        const char *name = str(e, "name", "?");
        char a[64], b[64];
        time_text(a, sizeof a, ts);
        time_text(b, sizeof b, ts + dur);
        fprintf(p->f, "<rect class=\"call\" x=\"%.4f\" y=\"%d\" width=\"%.4f\" height=\"%d\" "
                "fill=\"hsl(%u,55%%,62%%)\"><title>PE %d ", x_of(p, ts), tid * ROW_H + 3,
                x_of(p, dur), ROW_H - 6, hue_of(name), tid);
        esc(p->f, name);
        const sim_json_t *args = sim_json_get(e, "args");
        if (sim_json_str_of(args, "site")) {
            fputs(" at ", p->f);
            esc(p->f, sim_json_str_of(args, "site"));
        }
        fprintf(p->f, " from %s to %s", a, b);
        if (sim_json_str_of(args, "state")) {
            fputs(" (", p->f);
            esc(p->f, sim_json_str_of(args, "state"));
            fputc(')', p->f);
        }
        fputs("</title></rect>\n", p->f);
        ncalls++;
    }
    fputs("</g>\n<g id=\"msgs\">", p->f);
    for (size_t i = 0; i < p->nmsgs && narrows < MAX_ARROWS; i++) {
        const msg_t *m = &p->msgs[i];
        if (!m->used || !m->has_sent || !m->has_recv || m->from < 0 || m->from >= rows || m->to < 0 ||
            m->to >= rows)
            continue;
        char a[64];
        time_text(a, sizeof a, m->recv_ns - m->sent_ns);
        fprintf(p->f, "<line class=\"msg\" x1=\"%.4f\" y1=\"%d\" x2=\"%.4f\" y2=\"%d\" "
                "marker-end=\"url(#arrow)\"><title>", x_of(p, m->sent_ns), m->from * ROW_H + 9,
                x_of(p, m->recv_ns), m->to * ROW_H + 9);
        esc(p->f, m->kind ? m->kind : "message");
        fprintf(p->f, " PE %d to PE %d, %" PRIu64 " bytes, %s in flight</title></line>\n", m->from,
                m->to, m->bytes, a);
        narrows++;
    }
    fputs("</g>\n<g id=\"marks\">", p->f);
    for (size_t i = 0; (e = sim_json_at(p->events, i)) != NULL; i++) {
        const char *cat = str(e, "cat", "");
        int tid = (int)num(e, "tid", -1);
        int finding = strcmp(cat, "finding") == 0;
        if (tid < 0 || tid >= rows || strcmp(str(e, "ph", ""), "i") != 0 ||
            (!finding && strcmp(cat, "fault") != 0))
            continue;
        double x = x_of(p, num(e, "ts", 0) * 1e3);
        fprintf(p->f, "<rect class=\"mark\" x=\"%.4f\" y=\"%d\" width=\"1.5\" height=\"%d\" "
                "fill=\"%s\"><title>", x - 0.75, tid * ROW_H, ROW_H, finding ? "#d00" : "#e80");
        esc(p->f, str(e, "name", ""));
        const sim_json_t *a = sim_json_get(e, "args");
        for (size_t k = 0; a && k < a->n; k++)
            if (a->items[k].type == SIM_JSON_STRING) {
                fputs(": ", p->f);
                esc(p->f, a->items[k].string);
            }
        fputs("</title></rect>\n", p->f);
        nmarks++;
    }
    fprintf(p->f, "</g>\n</g></g>\n</svg>\n<p class=\"note\" id=\"counts\" data-calls=\"%zu\" "
            "data-arrows=\"%zu\" data-marks=\"%zu\">%zu call%s, %zu message%s and %zu mark%s drawn%s."
            "</p>\n", ncalls, narrows, nmarks, ncalls, ncalls == 1 ? "" : "s", narrows,
            narrows == 1 ? "" : "s", nmarks, nmarks == 1 ? "" : "s",
            ncalls == MAX_CALLS || narrows == MAX_ARROWS ? " (the first ones only: the run has "
                                                           "more; open the trace in Perfetto)" : "");
}

/* Zoom and pan: the plot group is scaled along x only; the axis is redrawn
 * at every change.  Also records on <body> what it finds laid out with a
 * size and the transform one zoom step gives, then shows the whole run
 * (what the tests read in a browser). */
static const char script[] =
    "(function(){\n"
    "var svg=document.getElementById('tl');if(!svg){document.body.dataset.ready='1';return;}\n"
    "var plot=document.getElementById('plot'),axis=document.getElementById('axis');\n"
    "var end=+svg.dataset.endNs,t0=0,t1=1000,NS='http://www.w3.org/2000/svg';\n"
    "function fmt(ns){return ns<1e3?ns.toFixed(0)+' ns':ns<1e6?(ns/1e3).toPrecision(4)+' us':"
    "ns<1e9?(ns/1e6).toPrecision(4)+' ms':(ns/1e9).toPrecision(4)+' s';}\n"
    "function draw(){var k=1000/(t1-t0);plot.setAttribute('transform','translate('+(60-t0*k)+',0) "
    "scale('+k+',1)');\n"
    " while(axis.firstChild)axis.removeChild(axis.firstChild);\n"
    " var span=(t1-t0)/1000*end,step=Math.pow(10,Math.floor(Math.log10(span/5||1)));\n"
    " if(span/step>10)step*=2;if(span/step>10)step*=2.5;\n"
    " for(var ns=Math.ceil(t0/1000*end/step)*step;ns<=t1/1000*end;ns+=step){\n"
    "  var x=60+(ns/end*1000-t0)*k,t=document.createElementNS(NS,'text');\n"
    "  t.setAttribute('x',x);t.setAttribute('y',16);t.setAttribute('font-size','10');"
    "t.textContent=fmt(ns);axis.appendChild(t);\n"
    "  var l=document.createElementNS(NS,'line');l.setAttribute('x1',x);l.setAttribute('x2',x);"
    "l.setAttribute('y1',0);l.setAttribute('y2',5);l.setAttribute('stroke','#888');"
    "axis.appendChild(l);}\n"
    " document.getElementById('span').textContent=fmt(t0/1000*end)+' to '+fmt(t1/1000*end);}\n"
    "function zoom(f,c){var w=(t1-t0)*f;if(w<1e-3)w=1e-3;if(w>1000)w=1000;var a=c-(c-t0)*w/(t1-t0);"
    "t0=Math.max(0,Math.min(a,1000-w));t1=t0+w;draw();}\n"
    "function unit(e){var r=svg.getBoundingClientRect();var x=(e.clientX-r.left)/r.width*1070-60;"
    "return t0+Math.max(0,Math.min(1000,x))/1000*(t1-t0);}\n"
    "svg.addEventListener('wheel',function(e){e.preventDefault();"
    "zoom(e.deltaY<0?0.8:1.25,unit(e));},{passive:false});\n"
    "var drag=null;svg.addEventListener('mousedown',function(e){drag={x:e.clientX,a:t0,b:t1};});\n"
    "window.addEventListener('mouseup',function(){drag=null;});\n"
    "window.addEventListener('mousemove',function(e){if(!drag)return;var r=svg.getBoundingClientRect();"
    "var d=(e.clientX-drag.x)/r.width*1070/1000*(drag.b-drag.a);var w=drag.b-drag.a;"
    "t0=Math.max(0,Math.min(drag.a-d,1000-w));t1=t0+w;draw();});\n"
    "svg.addEventListener('dblclick',function(){t0=0;t1=1000;draw();});\n"
    "document.getElementById('zin').onclick=function(){zoom(0.5,(t0+t1)/2);};\n"
    "document.getElementById('zout').onclick=function(){zoom(2,(t0+t1)/2);};\n"
    "document.getElementById('zall').onclick=function(){t0=0;t1=1000;draw();};\n"
    "draw();\n"
    "function shown(sel){var n=0;document.querySelectorAll(sel).forEach(function(el){"
    "var b=el.getBoundingClientRect();if(b.width>0||b.height>0)n++;});return n;}\n"
    "var d=document.body.dataset;d.drawnCalls=shown('#calls rect');d.drawnArrows=shown('#msgs line');"
    "d.drawnMarks=shown('#marks rect');d.axisTicks=axis.querySelectorAll('text').length;"
    "zoom(0.5,500);d.zoomed=plot.getAttribute('transform');t0=0;t1=1000;draw();d.ready='1';\n"
    "})();\n";

/* Whether the trace is of the run the report describes: what the
 * trace says of its run (a trace written before it said so passes)
 * against the report.  If not, err says what differs. */
static int same_run(const sim_json_t *rep, const sim_json_t *trace, const char *report_path,
                    const char *trace_path, char *err, size_t errlen)
{
    const sim_json_t *run = sim_json_get(trace, "otherData");
    if (!run)
        return 1;
    const sim_json_t *counts = sim_json_get(rep, "counts");
    const char *keys[] = {"npes", "seed", "end_time_ns", "events", "messages"};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        double mine = num(i < 3 ? rep : counts, keys[i], -1), theirs = num(run, keys[i], -1);
        if (mine != theirs) {
            snprintf(err, errlen, "the trace %s is not of the run %s describes (%s %.0f there, "
                     "%.0f here): give the trace written by the same run as the report",
                     trace_path, report_path, keys[i], theirs, mine);
            return 0;
        }
    }
    return 1;
}

int cli_html_write(const char *out, const char *report_path, const char *trace_path, char *err,
                   size_t errlen)
{
    const char *why = NULL;
    char *rtext = read_file(report_path, 0, &why);
    if (!rtext) {
        snprintf(err, errlen, "cannot read the report %s: %s", report_path, why);
        return -1;
    }
    char perr[256];
    sim_json_t *rep = sim_json_parse(rtext, perr, sizeof perr);
    free(rtext);
    if (!rep || strcmp(str(rep, "schema", ""), "shmemsim-report-1") != 0) {
        snprintf(err, errlen, "%s is not a shmemsim report%s%s", report_path, rep ? "" : ": ",
                 rep ? "" : perr);
        sim_json_free(rep);
        return -1;
    }
    page_t p = {.rep = rep, .npes = (int)num(rep, "npes", 0), .end_ns = num(rep, "end_time_ns", 0)};
    if (p.npes < 1)
        p.npes = 1;
    p.pes = sim_xcalloc((size_t)p.npes, sizeof *p.pes);
    sim_json_t *trace = NULL;
    char tmsg[300] = "the run wrote no trace (give --trace FILE to keep one)";
    if (trace_path && strcmp(trace_path, "-") != 0) {
        char *ttext = read_file(trace_path, MAX_TRACE_BYTES, &why);
        trace = ttext ? sim_json_parse(ttext, perr, sizeof perr) : NULL;
        free(ttext);
        if (!trace)
            snprintf(tmsg, sizeof tmsg, "the trace %s %s", trace_path, ttext ? perr : why);
    } else if (trace_path) {
        snprintf(tmsg, sizeof tmsg, "the trace went to standard output");
    }
    if (trace && !same_run(rep, trace, report_path, trace_path, err, errlen)) {
        sim_json_free(rep);
        sim_json_free(trace);
        free(p.pes);
        return -1;
    }
    p.events = trace ? sim_json_get(trace, "traceEvents") : NULL;
    p.no_trace = tmsg;
    p.f = fopen(out, "w");
    if (!p.f) {
        snprintf(err, errlen, "cannot write %s: %s", out, strerror(errno));
        sim_json_free(rep);
        sim_json_free(trace);
        free(p.pes);
        return -1;
    }
    gather(&p);
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>shmemsim: ",
          p.f);
    esc(p.f, str(rep, "program", "?"));
    fprintf(p.f, "</title>\n<style>%s</style>\n</head>\n<body>\n", style);
    summary(&p);
    findings(&p);
    pe_table(&p);
    timeline(&p);
    fprintf(p.f, "<script>\n%s</script>\n</body>\n</html>\n", script);
    int bad = ferror(p.f);
    if (fclose(p.f) != 0 || bad) {
        snprintf(err, errlen, "cannot write %s", out);
        bad = 1;
    }
    sim_json_free(rep);
    sim_json_free(trace);
    free(p.pes);
    free(p.msgs);
    return bad ? -1 : 0;
}

int cli_report(int argc, char **argv)
{
    cli_opts_t o;
    int status = 0, first = cli_parse(CLI_REPORT, argc, argv, &o, &status);
    if (first < 0)
        return status;
    if (argc - first != 1) {
        cli_opts_free(&o);
        return cli_usage_error("report takes one report file (RUN.json), got %d", argc - first);
    }
    const char *in = argv[first];
    char *out = NULL;
    if (o.html) {
        out = sim_xstrdup(o.html);
    } else {
        size_t n = strlen(in);
        if (n > 5 && strcmp(in + n - 5, ".json") == 0)
            n -= 5;
        out = sim_xmalloc(n + 6);
        memcpy(out, in, n);
        memcpy(out + n, ".html", 6);
    }
    char err[600];
    status = 0;
    if (cli_html_write(out, in, o.cfg.trace_path, err, sizeof err) != 0) {
        fprintf(stderr, "shmemsim: %s\n", err);
        status = SIM_EXIT_USAGE;
    } else {
        printf("%s\n", out);
    }
    free(out);
    cli_opts_free(&o);
    return status;
}
