#include <gif_lib.h>
#include <stddef.h>
