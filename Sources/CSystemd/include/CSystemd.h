// sd-bus from libsystemd: the D-Bus implementation the gesture streams use (GestureStream only).
//
// The declarations are libsystemd's own; the definitions (lazy.c) load libsystemd.so.0 with
// dlopen on the first call, so that a daemon with no stream turned on never maps libsystemd and
// the libraries it pulls in (liblzma, libzstd, liblz4, libcap, libgcrypt).
#include <systemd/sd-bus.h>
#include <systemd/sd-id128.h>
