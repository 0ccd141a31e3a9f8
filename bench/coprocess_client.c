/* A lock-step co-process client in C, for bench/coprocess.py and bench/throughput.py: one
 * line of FILE to the command's standard input, wait for one line back, then the next.
 * Python and Node clients spend tens of microseconds a round trip themselves, so beside
 * `cat` they measure the client; this one measures the pipes and the co-process.
 *
 *     cc -O2 -o client bench/coprocess_client.c && ./client FILE COMMAND [ARG...]
 *
 * Prints {"candidates": N, "seconds": S} (timed from the first answer on) and the answers'
 * "status" counts ({"statuses": {...}}), as bench/coprocess_client.js does. */
#define _GNU_SOURCE /* memmem */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_STATUSES 16

static char names[MAX_STATUSES][32];
static long counts[MAX_STATUSES];
static int kinds;

static void count_status(const char *answer, size_t len) {
    const char *key = memmem(answer, len, "\"status\"", 8), *stop = answer + len;
    char name[32] = "counted";
    if (key != NULL) {
        const char *start = key + 8;
        while (start < stop && (*start == ' ' || *start == ':')) start++;
        if (start < stop && *start == '"') start++;
        const char *end = memchr(start, '"', stop - start);
        size_t size = end ? (size_t)(end - start) : 0;
        if (size >= sizeof name) size = sizeof name - 1;
        memcpy(name, start, size);
        name[size] = 0;
    }
    for (int i = 0; i < kinds; i++)
        if (strcmp(names[i], name) == 0) { counts[i]++; return; }
    if (kinds < MAX_STATUSES) { strcpy(names[kinds], name); counts[kinds++] = 1; }
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: %s FILE COMMAND [ARG...]\n", argv[0]); return 2; }
    FILE *input = fopen(argv[1], "r");
    if (input == NULL) { perror(argv[1]); return 2; }
    int to_child[2], from_child[2];
    if (pipe(to_child) || pipe(from_child)) { perror("pipe"); return 2; }
    pid_t pid = fork();
    if (pid == 0) {
        dup2(to_child[0], 0);
        dup2(from_child[1], 1);
        close(to_child[1]);
        close(from_child[0]);
        execvp(argv[2], argv + 2);
        perror(argv[2]);
        _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    char *line = NULL, *answer = malloc(1 << 20);
    size_t cap = 0, answer_cap = 1 << 20;
    ssize_t len;
    long done = 0;
    struct timespec start = {0, 0}, end;
    while ((len = getline(&line, &cap, input)) > 0) {
        if (done == 1) clock_gettime(CLOCK_MONOTONIC, &start); /* start-up is paid once, not per line */
        for (ssize_t sent = 0; sent < len;) {
            ssize_t w = write(to_child[1], line + sent, len - sent);
            if (w <= 0) { fprintf(stderr, "the co-process stopped reading\n"); return 3; }
            sent += w;
        }
        size_t have = 0;
        for (;;) { /* one answer line; the co-process writes nothing before it is asked */
            if (have == answer_cap) answer = realloc(answer, answer_cap *= 2);
            ssize_t r = read(from_child[0], answer + have, answer_cap - have);
            if (r <= 0) { fprintf(stderr, "the co-process ended before answering\n"); return 3; }
            have += r;
            if (memchr(answer + have - r, '\n', r)) break;
        }
        count_status(answer, have);
        done++;
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    close(to_child[1]);
    waitpid(pid, NULL, 0);
    double seconds = (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9;
    printf("{\"candidates\": %ld, \"seconds\": %.6f, \"statuses\": {", done, seconds);
    for (int i = 0; i < kinds; i++) printf("%s\"%s\": %ld", i ? ", " : "", names[i], counts[i]);
    printf("}}\n");
    return 0;
}
