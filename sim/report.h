/* sim/report: the --report JSON (schema shmemsim-report-1, described in
 * share/report.schema.json). */
#ifndef SIM_REPORT_H
#define SIM_REPORT_H

/* Scheduler context, after the run: writes the report of the run that
 * ended with exit status `status` to path; -1 (with a message on stderr)
 * when the file cannot be written. */
int sim_report_write(const char *path, int status);

#endif
