/* tests/fuzz/corpus_main: runs files (or every file of directories)
 * through the fuzz target once each, for `make check` without libFuzzer.
 * Exit 0 when every input was handled; a failing input aborts. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return -1;
    }
    char *buf = NULL;
    size_t len = 0, cap = 0, got;
    do {
        if (len == cap && !(buf = realloc(buf, cap = cap ? 2 * cap : 4096)))
            abort();
        got = fread(buf + len, 1, cap - len, f);
        len += got;
    } while (got > 0);
    fclose(f);
    LLVMFuzzerTestOneInput((const uint8_t *)buf, len);
    free(buf);
    return 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
    int n = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            perror(argv[i]);
            return 1;
        }
        if (!S_ISDIR(st.st_mode)) {
            if (run_file(argv[i]) != 0)
                return 1;
            n++;
            continue;
        }
        DIR *d = opendir(argv[i]);
        if (!d)
            return perror(argv[i]), 1;
        char **names = NULL;
        size_t k = 0;
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (e->d_name[0] == '.')
                continue;
            if (!(names = realloc(names, (k + 1) * sizeof *names)))
                abort();
            size_t len = strlen(argv[i]) + strlen(e->d_name) + 2;
            names[k] = malloc(len);
            snprintf(names[k++], len, "%s/%s", argv[i], e->d_name);
        }
        closedir(d);
        qsort(names, k, sizeof *names, by_name);
        for (size_t j = 0; j < k; j++) {
            if (run_file(names[j]) != 0)
                return 1;
            n++;
            free(names[j]);
        }
        free(names);
    }
    printf("fuzz corpus: %d inputs handled\n", n);
    return n > 0 ? 0 : 1;
}
