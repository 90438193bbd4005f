/* omp_race.c's corrected twin: the worker waits for the flag. */
#define FIXED
#include "omp_race.c"
