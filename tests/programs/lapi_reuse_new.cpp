// lapi_reuse.c built as C++: its blocks come from operator new[] and go to
// delete[], which the race detector must see as it sees malloc and free.
#include "lapi_reuse.c"
