// Each sd-bus function the streams call, forwarded to libsystemd.so.0 loaded on first use.
// If libsystemd cannot be loaded, the int functions return -ENOSYS and the unref functions
// NULL, as sd-bus itself reports a failure, so callers need no second error path.
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include "CSystemd.h"

static void *library;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) { library = dlopen("libsystemd.so.0", RTLD_NOW | RTLD_LOCAL); }

static void *resolve(const char *name) {
    pthread_once(&once, load);
    return library ? dlsym(library, name) : NULL;
}

#define FORWARD(ret, fail, name, params, args)                          \
    ret name params {                                                   \
        static ret (*fn) params;                                        \
        if (!fn) fn = (ret (*) params)resolve(#name);                   \
        return fn ? fn args : fail;                                     \
    }

FORWARD(int, -ENOSYS, sd_bus_new, (sd_bus **ret), (ret))
FORWARD(int, -ENOSYS, sd_bus_set_fd, (sd_bus *bus, int input_fd, int output_fd), (bus, input_fd, output_fd))
FORWARD(int, -ENOSYS, sd_bus_set_server, (sd_bus *bus, int b, sd_id128_t bus_id), (bus, b, bus_id))
FORWARD(int, -ENOSYS, sd_bus_start, (sd_bus *bus), (bus))
FORWARD(sd_bus *, NULL, sd_bus_close_unref, (sd_bus *bus), (bus))
FORWARD(int, -ENOSYS, sd_bus_is_open, (sd_bus *bus), (bus))
FORWARD(int, -ENOSYS, sd_bus_is_ready, (sd_bus *bus), (bus))
FORWARD(int, -ENOSYS, sd_bus_send, (sd_bus *bus, sd_bus_message *m, uint64_t *cookie), (bus, m, cookie))
FORWARD(int, -ENOSYS, sd_bus_get_events, (sd_bus *bus), (bus))
FORWARD(int, -ENOSYS, sd_bus_get_timeout, (sd_bus *bus, uint64_t *timeout_usec), (bus, timeout_usec))
FORWARD(int, -ENOSYS, sd_bus_process, (sd_bus *bus, sd_bus_message **r), (bus, r))
FORWARD(int, -ENOSYS, sd_bus_get_n_queued_write, (sd_bus *bus, uint64_t *ret), (bus, ret))
FORWARD(int, -ENOSYS, sd_bus_message_new_signal,
        (sd_bus *bus, sd_bus_message **m, const char *path, const char *interface, const char *member),
        (bus, m, path, interface, member))
FORWARD(sd_bus_message *, NULL, sd_bus_message_unref, (sd_bus_message *m), (m))
FORWARD(int, -ENOSYS, sd_bus_message_append_basic, (sd_bus_message *m, char type, const void *p), (m, type, p))
FORWARD(int, -ENOSYS, sd_bus_message_open_container, (sd_bus_message *m, char type, const char *contents),
        (m, type, contents))
FORWARD(int, -ENOSYS, sd_bus_message_close_container, (sd_bus_message *m), (m))
FORWARD(int, -ENOSYS, sd_bus_message_get_type, (sd_bus_message *m, uint8_t *type), (m, type))
FORWARD(int, -ENOSYS, sd_bus_message_get_expect_reply, (sd_bus_message *m), (m))
FORWARD(const char *, NULL, sd_bus_message_get_path, (sd_bus_message *m), (m))
FORWARD(const char *, NULL, sd_bus_message_get_interface, (sd_bus_message *m), (m))
FORWARD(const char *, NULL, sd_bus_message_get_member, (sd_bus_message *m), (m))
FORWARD(int, -ENOSYS, sd_bus_message_read_basic, (sd_bus_message *m, char type, void *p), (m, type, p))
FORWARD(int, -ENOSYS, sd_bus_message_new_method_return, (sd_bus_message *call, sd_bus_message **m), (call, m))
FORWARD(int, -ENOSYS, sd_bus_message_new_method_error, (sd_bus_message *call, sd_bus_message **m, const sd_bus_error *e),
        (call, m, e))
