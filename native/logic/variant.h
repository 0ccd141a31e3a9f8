/* The logic engine's C comes in variants for the CPU (native/common/cpu.h): setup.py compiles
   every file below once per variant, with -DQS_VARIANT=<level>, and links the copies side by
   side into one module. Each function the files of one variant share is renamed here to its
   variant's name (ql_probe -> ql_probe_portable, ql_probe_popcnt), so the code keeps the
   plain names. The files compiled once (kernels.c, pace.c) see no renaming. */

#ifndef QL_VARIANT_H
#define QL_VARIANT_H

#include "cpu.h"

#if defined(QS_VARIANT)
#define ql_geo_init QS_VARIANT_NAME(ql_geo_init)
#define ql_geo_free QS_VARIANT_NAME(ql_geo_free)
#define ql_place QS_VARIANT_NAME(ql_place)
#define ql_put QS_VARIANT_NAME(ql_put)
#define ql_apply QS_VARIANT_NAME(ql_apply)
#define ql_state_start QS_VARIANT_NAME(ql_state_start)
#define ql_spread QS_VARIANT_NAME(ql_spread)
#define ql_spread_reaches QS_VARIANT_NAME(ql_spread_reaches)
#define ql_fits QS_VARIANT_NAME(ql_fits)
#define ql_queen_eliminates QS_VARIANT_NAME(ql_queen_eliminates)
#define ql_single_candidate QS_VARIANT_NAME(ql_single_candidate)
#define ql_confinement QS_VARIANT_NAME(ql_confinement)
#define ql_would_empty_unit QS_VARIANT_NAME(ql_would_empty_unit)
#define ql_pigeonhole QS_VARIANT_NAME(ql_pigeonhole)
#define ql_blocks QS_VARIANT_NAME(ql_blocks)
#define ql_witnesses_init QS_VARIANT_NAME(ql_witnesses_init)
#define ql_witnesses_free QS_VARIANT_NAME(ql_witnesses_free)
#define ql_witness_add QS_VARIANT_NAME(ql_witness_add)
#define ql_witness_covers QS_VARIANT_NAME(ql_witness_covers)
#define ql_witness_avoids QS_VARIANT_NAME(ql_witness_avoids)
#define ql_witness_search QS_VARIANT_NAME(ql_witness_search)
#define ql_saturate QS_VARIANT_NAME(ql_saturate)
#define ql_probe QS_VARIANT_NAME(ql_probe)
#define ql_frames_free QS_VARIANT_NAME(ql_frames_free)
#define ql_engine_new QS_VARIANT_NAME(ql_engine_new)
#define ql_engine_free QS_VARIANT_NAME(ql_engine_free)
#define ql_engine_run QS_VARIANT_NAME(ql_engine_run)
#endif

#endif
