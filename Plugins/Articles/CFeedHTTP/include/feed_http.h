// One blocking HTTP GET through the system's libcurl (libcurl.so.4, loaded with dlopen on first
// use, so the plugin needs no curl headers to build and still loads where libcurl is missing).
// libcurl waits in poll(2) with a timeout: a thread waiting on a slow server costs no CPU
// (Foundation's URLSession on Linux wakes thousands of times a second while it waits).
#ifndef FEED_HTTP_H
#define FEED_HTTP_H

#include <stddef.h>

typedef struct {
    long status;
    char *body;
    size_t body_length;
    char *etag;
    char *last_modified;
    char error[256];
} feed_http_response;

/// Whether libcurl could be loaded.
int feed_http_available(void);

/// Fetches `url`, conditionally with `etag` / `last_modified` (either may be NULL), giving up
/// after `timeout_ms`, and stopping within about a second once `*cancelled` is non-zero.
/// Returns 0 when the server answered (any status: `response` holds it), 1 when it did not
/// (`response->error` says why; 2 when cancelled), -1 when libcurl is not available.
/// `feed_http_free` releases what `response` holds in every case.
int feed_http_get(const char *url, const char *etag, const char *last_modified, long timeout_ms,
                  const volatile int *cancelled, feed_http_response *response);

void feed_http_free(feed_http_response *response);

#endif
