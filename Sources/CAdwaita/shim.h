// GTK 4 and libadwaita 1.2, for gestured-settings only: the daemon never links them.
#include <adwaita.h>
#include <gdk/x11/gdkx.h>
