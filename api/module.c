/* api/module.c: linked into every program module by shmemsim-cc.  The
 * loader refuses modules without this marker, so a library or an
 * executable built some other way is reported instead of half-running. */
const int __shmemsim_module = 1;
