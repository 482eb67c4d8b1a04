// Linux calls that Swift's Glibc module does not expose.
#include <fcntl.h>
#include <poll.h>
#include <sys/inotify.h>
#include <stddef.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

/// Atomically swaps two paths (renameat2 with RENAME_EXCHANGE); returns 0, or -1 with errno set.
static inline int deck_exchange_paths(const char *first, const char *second) {
    return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
}

/// Flushes every file of the filesystem holding `fd` to disk (syncfs); returns 0, or -1 with errno set.
static inline int deck_sync_filesystem(int fd) {
    return (int)syscall(SYS_syncfs, fd);
}

/// glibc's memmem, declared only under _GNU_SOURCE, which Swift's Glibc module is not built with.
extern void *memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);

/// The first occurrence of `needle` in `haystack`, or NULL: glibc's memmem, which searches many bytes at a time.
static inline const void *deck_find_bytes(const void *haystack, size_t haystack_length, const void *needle,
                                          size_t needle_length) {
    return memmem(haystack, haystack_length, needle, needle_length);
}
