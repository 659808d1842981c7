// Allowed: render/ is where GL lives.
#include <epoxy/gl.h>
