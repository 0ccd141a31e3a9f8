/* The engine's C files in one unit, for the POPCNT build of the logic engine (setup.py builds
   it with -mpopcnt -msse4.2 as queens_sat._logic_popcnt): the same sources as the portable
   build, compiled again into objects of their own. */

#include "../board.c"
#include "../clock.c"
#include "../rules.c"
#include "../pigeonhole.c"
#include "../blocks.c"
#include "../witness.c"
#include "../probes.c"
#include "../engine.c"
