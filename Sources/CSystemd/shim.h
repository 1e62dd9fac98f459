// sd-bus from libsystemd: the D-Bus implementation the gesture streams use (GestureStream only).
#include <systemd/sd-bus.h>
#include <systemd/sd-id128.h>
