// Linux calls that Swift's Glibc module does not expose.
#include <fcntl.h>
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
